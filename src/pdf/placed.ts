// Placed pages: a definition whose every node is absolutely positioned (what paint emits) goes
// straight to pdfmake's Renderer as the page items its LayoutBuilder would have made of it.
// pdfmake's preprocessing, measuring and layout (a style stack walked ~20 times per text run)
// decide nothing for such a definition. The items are built as pdfmake 0.3.11 builds them
// (TextInlines.measure, Line.addInline, ElementWriter.addLine/addVector/addImage/addSVG,
// DocMeasure.measureImage/measureSVG), in the same order; their text is drawn by drawText.
// This is also the second wall (issue #5): each node is checked as it is met (SVG sanitized
// again, images only from data: URLs, fonts only from the table), so whatever the engine lets
// through, pdfmake reads no file and opens no URL.
import { checkPngData, sanitizeSvg, svgRootSize } from '../engine/resources';
import { BoundedLru } from '../lru';
import { includeInOrder, shaped, shapeKey, showText, type DocumentFont } from './glyphs';
// pdfmake's own modules, by plain specifiers: the copies its index loads (and the bundle links)
import LayoutBuilderModule from 'pdfmake/js/LayoutBuilder.js';
import RendererModule from 'pdfmake/js/Renderer.js';
import SVGMeasureModule from 'pdfmake/js/SVGMeasure.js';
import TextDecoratorModule from 'pdfmake/js/TextDecorator.js';

type Obj = Record<string, unknown>;
interface KitFont { ascender: number; lineHeight(size: number): number }
interface KitGradient { stop(offset: number, color: readonly number[], opacity: number): KitGradient; setTransform(...m: number[]): KitGradient }
interface MakeDocument {
  provideFont(family: string, bold: boolean, italics: boolean): KitFont;
  provideImage(name: unknown): { width: number; height: number; orientation?: number };
  /** the font table (family → faces) and the images dictionary pdfmake was given */
  readonly fonts: Record<string, unknown>;
  readonly images: Record<string, string>;
  linearGradient(x1: number, y1: number, x2: number, y2: number): KitGradient;
  radialGradient(x1: number, y1: number, r1: number, x2: number, y2: number, r2: number): KitGradient;
}
interface Page { pageSize: { width: number; height: number; orientation: string }; pageMargins: Obj; items: { type: string; item: unknown }[]; customProperties: Obj }
interface Section { section: Obj[]; pageSize: { width: number; height: number }; pageMargins?: unknown }

/** pdfmake's LayoutBuilder and Renderer, whose layoutDocument and renderLine patches.ts wraps */
export const LayoutBuilder = LayoutBuilderModule as { prototype: Obj };
export const Renderer = RendererModule as { prototype: Obj };
const TextDecorator = TextDecoratorModule as new (kit: Kit) => { drawBackground(line: object, x: number, y: number): void; drawDecorations(line: object, x: number, y: number): void };
const SVGMeasure = SVGMeasureModule as new () => { measureSVG(svg: string): { width?: number; height?: number }; writeDimensions(svg: string, d: { width: number; height: number }): string };

const isValue = (v: unknown) => v !== undefined && v !== null;
const isNumber = (v: unknown): v is number => typeof v === 'number' || v instanceof Number;

/** The sections of a definition whose nodes are all absolutely positioned, else undefined. */
export function placedSections(content: unknown): readonly Section[] | undefined {
  if (!Array.isArray(content) || content.length === 0) return undefined;
  for (const s of content as Partial<Section>[]) {
    if (!Array.isArray(s?.section) || typeof s.pageSize?.width !== 'number' || typeof s.pageSize.height !== 'number') return undefined;
    for (const n of s.section) if (!n || typeof n !== 'object' || !n.absolutePosition) return undefined;
  }
  return content as Section[];
}

/**
 * The page items pdfmake's LayoutBuilder makes of placed sections (see the top of the file),
 * except that consecutive text nodes and consecutive plain shapes become one item each, which
 * drawPlaced writes as one block of operators.
 */
export function placedPages(sections: readonly Section[], doc: MakeDocument, defaultStyle: Obj): Page[] {
  const svgMeasure = new SVGMeasure();
  const fonts = new Map<string, KitFont & EmbeddedFont>();
  // a family the table lacks is drawn in the default font (pdfmake would throw mid-render)
  const family = (name: unknown) => (typeof name === 'string' && doc.fonts[name] ? name : defaultStyle.font as string);
  // per family: its four faces by weight and slant (runs name them with booleans), other keys by their text
  const faces = new Map<string, (KitFont & EmbeddedFont | undefined)[]>();
  const font = (name: string, bold: boolean, italics: boolean) => {
    if (typeof bold === 'boolean' && typeof italics === 'boolean') {
      let four = faces.get(name);
      if (!four) faces.set(name, four = [undefined, undefined, undefined, undefined]);
      const slot = (bold ? 2 : 0) + (italics ? 1 : 0);
      return four[slot] ??= fontByKey(name, bold, italics);
    }
    return fontByKey(name, bold, italics);
  };
  const fontByKey = (name: string, bold: boolean, italics: boolean) => {
    const key = `${name}|${bold}|${italics}`;
    let f = fonts.get(key);
    if (!f) fonts.set(key, f = doc.provideFont(family(name), bold, italics) as KitFont & EmbeddedFont);
    return f;
  };
  // an inline data: image gets a name in the images dictionary, one per distinct URI: pdfmake
  // embeds an inline image once per node (a logo on every page), a named one once
  const imageNames = new Map<string, string>();
  const imageName = (uri: string) => {
    let name = imageNames.get(uri);
    if (name === undefined) {
      name = `platen-image-${imageNames.size + 1}`;
      while (name in doc.images) name += '+';
      doc.images[name] = safePng(uri);
      imageNames.set(uri, name);
    }
    return name;
  };
  // the texts drawn in each font: their glyphs enter its subset in glyph-id order (includeInOrder)
  const texts = new Map<EmbeddedFont, Set<string>>();
  const pages = sections.map((s) => {
    const { width, height } = s.pageSize;
    const page: Page = { items: [], pageSize: { width, height, orientation: width > height ? 'landscape' : 'portrait' }, pageMargins: {}, customProperties: {} };
    let batch: Placed | undefined;
    const add = (kind: Placed['kind'], entry: PlacedText | Obj) => {
      if (batch?.kind !== kind) page.items.push({ type: 'line', item: batch = { kind, placed: [] } });
      batch.placed.push(entry);
    };
    for (const node of s.section) {
      const at = node.absolutePosition as { x?: number; y?: number };
      const x = at.x || 0; const y = at.y || 0;
      if (node.text !== undefined) {
        const runs = textRuns(node, font, defaultStyle);
        for (const r of runs) {
          const t = drawnText(r);
          if (!t) continue;
          let set = texts.get(r.font);
          if (!set) texts.set(r.font, set = new Set());
          set.add(shapeKey(t, r.features));
        }
        add('text', { runs, x, y, id: node.id as string | undefined });
        continue;
      }
      if (Array.isArray(node.canvas)) {
        for (const v of node.canvas as Obj[]) {
          offsetVector(v, x, y);
          if (v.gradient) v.color = shading(doc, v.gradient as Shading);
          if (plainShape(v)) add('shapes', v);
          else { page.items.push({ type: 'vector', item: v }); batch = undefined; }
        }
        continue;
      }
      batch = undefined;
      if (node.image) {
        if (typeof node.image === 'string' && node.image.startsWith('data:')) node.image = imageName(node.image);
        page.items.push({ type: 'image', item: sized(node, x, y, doc.provideImage(node.image)) });
      } else if (typeof node.svg === 'string') {
        node.svg = safeSvg(node.svg);
        node.options = { imageCallback: safeImageLink, warningCallback: ignoreWarning, documentCallback: undefined };
        const item = sized(node, x, y, svgMeasure.measureSVG(node.svg as string));
        item.font = family(node.font);
        item.svg = svgMeasure.writeDimensions(node.svg as string, { width: item._width as number, height: item._height as number });
        page.items.push({ type: 'svg', item });
      } else if (node.clip || node.matrix || typeof node.opacity === 'number') page.items.push({ type: 'beginClip', item: node.clip ?? node });
      else if (node.end) page.items.push({ type: 'endClip', item: node });
    }
    return page;
  });
  for (const [f, set] of texts) includeInOrder(f, set);
  return pages;
}

/** Images may only be data: URLs: never a path or a URL pdfmake would try to open. */
export function checkImages(images: Record<string, unknown>): void {
  for (const [name, src] of Object.entries(images)) {
    if (typeof src !== 'string' || !/^data:image\/(png|jpeg);base64,/i.test(src)) throw new Error(`image "${name}" is not a PNG or JPEG data: URL`);
    images[name] = safePng(src);
  }
}

/**
 * A PNG data: URL whose data would inflate past its header's promise becomes a blank pixel.
 * The check inflates the image, so its answer is kept per URL (a logo is checked once per
 * worker, not once per document), in a small LRU bounded by the URLs' length.
 */
function safePng(src: string): string {
  if (!/^data:image\/png;base64,/i.test(src)) return src;
  let ok = checkedPngs.get(src);
  if (ok === undefined) {
    const bytes = Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');
    ok = checkPngData(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)) === undefined;
    checkedPngs.set(src, ok, src.length);
  }
  return ok ? src : BLANK_PNG;
}
/** PNG data: URLs checked, and whether they passed; bounded by the URLs' length in characters */
const checkedPngs = new BoundedLru<string, boolean>(8 * 1024 * 1024);

const BLANK_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII='; // 1×1, transparent

/**
 * SVG sanitized again (idempotent on what the engine already cleaned: no <use> bombs, entity
 * tricks or external references reach svg-to-pdfkit whoever built the node); what cannot be
 * cleaned becomes an empty picture of its size. svg-to-pdfkit opens <image href> through
 * pdfkit's openImage, which reads a path from disk: its image callback lets only PNG/JPEG
 * data: URIs through.
 */
function safeSvg(svg: string): string {
  const clean = sanitizeSvg(svg);
  if (clean !== undefined) return clean;
  const size = svgRootSize(/<svg\b[^>]*>/i.exec(svg)?.[0] ?? '<svg>');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"/>`;
}
const safeImageLink = (link: string): string => (/^data:image\/(png|jpeg);base64,/i.test(link.trim()) ? link.replace(/\s+/g, '') : BLANK_PNG);
const ignoreWarning = (): void => undefined;

/** a text node's runs, each with its style resolved (TextInlines.measure with noWrap and preserveLeadingSpaces) */
function textRuns(node: Obj, font: (family: string, bold: boolean, italics: boolean) => KitFont & EmbeddedFont, defaultStyle: Obj): PlacedRun[] {
  const list = Array.isArray(node.text) ? node.text as unknown[] : [node.text];
  const preserve = (node.preserveLeadingSpaces ?? defaultStyle.preserveLeadingSpaces) as boolean | undefined;
  const runs: PlacedRun[] = [];
  for (let i = 0; i < list.length; i++) runs.push(textRun(list[i], i === list.length - 1, node, font, defaultStyle, preserve));
  return runs;
}

/** a run's style property: the run's own, else its node's, else the definition's default */
const styleOf = (run: Obj, node: Obj, defaultStyle: Obj, key: string): unknown => run[key] ?? node[key] ?? defaultStyle[key];

function textRun(r: unknown, last: boolean, node: Obj, font: (family: string, bold: boolean, italics: boolean) => KitFont & EmbeddedFont, defaultStyle: Obj, preserve: boolean | undefined): PlacedRun {
  const run: Obj = typeof r === 'object' && r !== null ? r as Obj : { text: r };
  let text = typeof run.text === 'string' ? run.text : isValue(run.text) ? String(run.text) : '';
  if (text.includes('\t')) text = text.replace(/\t/g, '    ');
  const f = font((styleOf(run, node, defaultStyle, 'font') ?? 'Roboto') as string, (styleOf(run, node, defaultStyle, 'bold') ?? false) as boolean, (styleOf(run, node, defaultStyle, 'italics') ?? false) as boolean);
  const fontSize = (styleOf(run, node, defaultStyle, 'fontSize') ?? 12) as number;
  const characterSpacing = (styleOf(run, node, defaultStyle, 'characterSpacing') ?? 0) as number;
  const features = styleOf(run, node, defaultStyle, 'features') as readonly string[] | undefined;
  // one object shape for every run (TextDecorator reads the pdfmake inline's fields)
  const inline: PlacedRun = {
    text, font: f, fontSize, characterSpacing, features,
    color: (styleOf(run, node, defaultStyle, 'color') ?? 'black') as string, opacity: styleOf(run, node, defaultStyle, 'opacity') ?? 1,
    decoration: styleOf(run, node, defaultStyle, 'decoration') ?? null, decorationColor: styleOf(run, node, defaultStyle, 'decorationColor') ?? null,
    decorationStyle: styleOf(run, node, defaultStyle, 'decorationStyle') ?? null, decorationThickness: styleOf(run, node, defaultStyle, 'decorationThickness') ?? null,
    background: styleOf(run, node, defaultStyle, 'background') ?? null,
    link: (styleOf(run, node, defaultStyle, 'link') ?? null) as string | null, linkToPage: (styleOf(run, node, defaultStyle, 'linkToPage') ?? null) as number | null,
    linkToDestination: (styleOf(run, node, defaultStyle, 'linkToDestination') ?? null) as string | null,
    leadingCut: 0, x: 0, width: 0,
    height: f.lineHeight(fontSize) * ((styleOf(run, node, defaultStyle, 'lineHeight') ?? 1) as number),
  };
  // the width places the next run and sizes links and decorations; the glyphs' own advances place the run's glyphs
  if (!last || inline.link || inline.linkToPage || inline.linkToDestination || inline.decoration || inline.background) inline.width = widthOf(inline, text);
  // leading white space hangs left of the position unless preserved (TextInlines.measure)
  if (!(run.preserveLeadingSpaces ?? preserve) && /^\s/.test(text)) inline.leadingCut = widthOf(inline, /^\s+/.exec(text)![0]);
  return inline;
}

/** pdfkit's widthOfString: the shaped advance of `t` in the run's font at its size */
const widthOf = (r: PlacedRun, t: string) => shaped(r.font.font, shapeKey(t, r.features)).width * (r.fontSize / 1000) + (r.characterSpacing || 0) * (t.length - 1);

/** a run's text as drawn: line feeds are not drawn */
const drawnText = (r: { readonly text: string }) => (r.text.includes('\n') ? r.text.replace(/\n/g, '') : r.text);

interface PlacedRun {
  text: string; font: KitFont & EmbeddedFont; fontSize: number; characterSpacing: number; features: readonly string[] | undefined; color: string; opacity: unknown; width: number; height: number
  link: string | null; linkToDestination: string | null; linkToPage: number | null; decoration: unknown; decorationColor: unknown; decorationStyle: unknown; decorationThickness: unknown
  background: unknown; leadingCut: number; x: number
}
/** a text node with its runs */
interface PlacedText { readonly runs: PlacedRun[]; readonly x: number; readonly y: number; readonly id?: string }
/** consecutive text nodes or plain shapes of a page: drawPlaced writes them */
export interface Placed { readonly kind: 'text' | 'shapes'; readonly placed: (PlacedText | Obj)[] }
interface EmbeddedFont extends DocumentFont { id: string; ref(): unknown }
interface Kit {
  page: { height: number; fonts: Record<string, unknown>; content: { uncompressedLength: number } };
  save(): unknown; restore(): unknown;
  opacity(o: number): unknown; fillOpacity(o: number): unknown; strokeOpacity(o: number): unknown; fillColor(c: unknown): unknown; strokeColor(c: unknown): unknown
  _normalizeColor(c: string): number[] | null; _fillColor?: unknown; addContent(s: string): unknown;
  link(x: number, y: number, w: number, h: number, url: string): unknown; goTo(x: number, y: number, w: number, h: number, name: string): unknown;
  addNamedDestination(name: string, ...args: unknown[]): unknown;
  ref(data: object): { end(): void }; annotate(x: number, y: number, w: number, h: number, options: object): unknown;
}

const num = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * What a page's content stream last set, valid while nothing else wrote to it since (pdfmake's
 * images, SVG and clips write through pdfkit): fill and stroke colour and opacity, line width,
 * dash, join and cap. An operator is written only when it changes one of them.
 */
interface GraphicsState { content: object; length: number; fill: unknown; stroke: unknown; ca: unknown; CA: unknown; w: unknown; d: unknown; j: unknown; J: unknown }
const drawn = new WeakMap<object, GraphicsState>();
function stateOf(kit: Kit): GraphicsState {
  const content = kit.page.content;
  let st = drawn.get(kit);
  if (!st || st.content !== content || st.length !== content.uncompressedLength) drawn.set(kit, st = forget({ content } as GraphicsState));
  return st;
}
/** the state unknown: every operator is written again */
const forget = (st: GraphicsState) => Object.assign(st, { length: -1, fill: undefined, stroke: undefined, ca: undefined, CA: undefined, w: undefined, d: undefined, j: undefined, J: undefined });

/** Draws a batch of placedPages: text nodes (drawTexts) or plain shapes (drawShapes). */
export function drawPlaced(kit: Kit, batch: Placed): void {
  const st = stateOf(kit);
  if (batch.kind === 'text') drawTexts(kit, st, batch.placed as PlacedText[]);
  else drawShapes(kit, st, batch.placed as Obj[]);
  st.length = kit.page.content.uncompressedLength;
}

/**
 * Text nodes as pdfmake's Renderer.renderLine and pdfkit's text() draw them: the glyphs at the
 * same coordinates (computed the same way), in one text object (BT … ET) per batch in the
 * page's unflipped space, with the font, character spacing, colour and opacity set only when
 * they change. A decorated line gets its own text object, between TextDecorator's background
 * and its lines.
 */
function drawTexts(kit: Kit, st: GraphicsState, lines: readonly PlacedText[]): void {
  const outer = { ...st };
  let out = '';
  let open = false;
  let font = ''; let tc = 0;
  // the font and size `font` was written for: a run in the same ones writes no Tf
  let fontOf: EmbeddedFont | undefined; let sizeOf = 0;
  const begin = () => { out += `q\n1 0 0 -1 0 ${num(kit.page.height)} cm\nBT\n`; open = true; font = ''; fontOf = undefined; tc = 0; };
  const flush = () => { if (out) { kit.addContent(out.slice(0, -1)); out = ''; } };
  const end = () => { if (open) { out += 'ET\nQ\n'; open = false; Object.assign(st, outer); } };
  for (const line of lines) {
    const runs = line.runs;
    let height = 0; let ascender = 0;
    for (const r of runs) { height = Math.max(height, r.height || 0); ascender = Math.max(ascender, r.font.ascender / 1000 * r.fontSize); }
    const descent = height - ascender;
    // Line.addInline's x of each run; TextDecorator reads the line's inlines and its heights
    let offset = 0;
    for (const r of runs) { r.x = offset - (runs[0]!.leadingCut || 0); offset += r.width; }
    let decorated = false;
    for (const r of runs) if (r.decoration || r.background) decorated = true;
    const asLine = decorated ? { inlines: runs, getHeight: () => height, getAscenderHeight: () => ascender } : undefined;
    if (asLine) { end(); flush(); new TextDecorator(kit).drawBackground(asLine, line.x, line.y); forget(st); Object.assign(outer, st); }
    for (let i = 0; i < runs.length; i++) {
      const r = runs[i]!;
      const x = line.x + r.x;
      const dy = r.font.ascender / 1000 * r.fontSize;
      const top = line.y + (height - dy - descent);
      const text = drawnText(r);
      if (text) {
        const width = r.width + r.characterSpacing * (text.length - 1);
        if (r.link) kit.link(x, top, width, r.font.lineHeight(r.fontSize), r.link);
        if (r.linkToDestination) kit.goTo(x, top, width, r.font.lineHeight(r.fontSize), r.linkToDestination);
        if (line.id && i === 0) kit.addNamedDestination(line.id, 'XYZ', x, top, null);
        if (kit.page.fonts[r.font.id] == null) kit.page.fonts[r.font.id] = r.font.ref();
        if (!open) begin();
        const opacity = isNumber(r.opacity) ? r.opacity : 1;
        const color = colourOf(kit, r.color);
        if (st.ca !== opacity || st.CA !== opacity) { flush(); kit.opacity(opacity); st.ca = st.CA = opacity; }
        if (st.fill !== color) { out += color.fill; kit._fillColor = [color.name, undefined]; st.fill = color; }
        if (r.font !== fontOf || r.fontSize !== sizeOf) {
          const f = `/${r.font.id} ${num(r.fontSize)}`;
          if (f !== font) { out += `${f} Tf\n`; font = f; }
          fontOf = r.font; sizeOf = r.fontSize;
        }
        if (r.characterSpacing !== tc) { tc = r.characterSpacing || 0; out += `${num(tc)} Tc\n`; }
        const y = kit.page.height - top - dy;
        out += `1 0 0 1 ${num(x)} ${num(y)} Tm\n${showText(r.font, shapeKey(text, r.features), r.fontSize, x, y)}`;
      }
      if (r.linkToPage) {
        kit.ref({ Type: 'Action', S: 'GoTo', D: [r.linkToPage, 0, 0] }).end();
        kit.annotate(x, top, r.width, r.height, { Subtype: 'Link', Dest: [r.linkToPage - 1, 'XYZ', null, null, null] });
      }
    }
    if (asLine) { end(); flush(); new TextDecorator(kit).drawDecorations(asLine, line.x, line.y); forget(st); Object.assign(outer, st); }
  }
  end();
  flush();
}

/** canvas shapes drawPlaced writes itself: lines and square-cornered rectangles in plain colours, nothing pdfmake's renderVector would do more with */
const PLAIN_KEYS = new Set(['type', 'x', 'y', 'w', 'h', 'x1', 'y1', 'x2', 'y2', 'color', 'lineColor', 'lineWidth', 'fillOpacity', 'strokeOpacity', 'dash', 'lineCap', 'lineJoin']);
function plainShape(v: Obj): boolean {
  if (v.type !== 'line' && v.type !== 'rect') return false;
  for (const k in v) if (!PLAIN_KEYS.has(k) && v[k] !== undefined) return false;
  return (v.color === undefined || typeof v.color === 'string') && (v.lineColor === undefined || typeof v.lineColor === 'string');
}

/**
 * Plain shapes as pdfmake's renderVector draws them (its line width, dash, join and cap
 * defaults, fill and stroke), each state operator written only when it changes.
 */
function drawShapes(kit: Kit, st: GraphicsState, shapes: readonly Obj[]): void {
  let out = '';
  const flush = () => { if (out) { kit.addContent(out.slice(0, -1)); out = ''; } };
  for (const v of shapes) {
    const w = num((v.lineWidth as number) || 1);
    if (st.w !== w) { out += `${w} w\n`; st.w = w; }
    const dash = v.dash as { length: number; space?: number; phase?: number } | undefined;
    const d = dash ? `[${num(dash.length)} ${num(dash.space || dash.length)}] ${num(dash.phase || 0)} d` : '[] 0 d';
    if (st.d !== d) { out += `${d}\n`; st.d = d; }
    const j = JOINS[(v.lineJoin as string | undefined) ?? 'miter'] ?? 0;
    if (st.j !== j) { out += `${j} j\n`; st.j = j; }
    const cap = CAPS[(v.lineCap as string | undefined) ?? 'butt'] ?? 0;
    if (st.J !== cap) { out += `${cap} J\n`; st.J = cap; }
    const fill = v.color !== undefined && v.color !== null;
    const stroke = !fill || (v.lineColor !== undefined && v.lineColor !== null);
    if (fill) {
      const color = colourOf(kit, v.color); const ca = isNumber(v.fillOpacity) ? v.fillOpacity : 1;
      if (st.fill !== color) { out += color.fill; kit._fillColor = [color.name, undefined]; st.fill = color; }
      if (st.ca !== ca) { flush(); kit.fillOpacity(ca); st.ca = ca; }
    }
    if (stroke) {
      const color = colourOf(kit, v.lineColor); const CA = isNumber(v.strokeOpacity) ? v.strokeOpacity : 1;
      if (st.stroke !== color) { out += color.stroke; st.stroke = color; }
      if (st.CA !== CA) { flush(); kit.strokeOpacity(CA); st.CA = CA; }
    }
    out += v.type === 'rect'
      ? `${num(v.x as number)} ${num(v.y as number)} ${num(v.w as number)} ${num(v.h as number)} re\n`
      : `${num(v.x1 as number)} ${num(v.y1 as number)} m\n${num(v.x2 as number)} ${num(v.y2 as number)} l\n`;
    out += fill && stroke ? 'B\n' : fill ? 'f\n' : 'S\n';
  }
  flush();
}
/**
 * A colour as pdfmake's resolveColor and pdfkit's fillColor/strokeColor write it (a colour
 * pdfkit cannot read is black), its operators kept per colour: every run and shape names one.
 */
interface Colour { readonly name: string; readonly fill: string; readonly stroke: string }
const colours = new Map<string, Colour>();
function colourOf(kit: Kit, c: unknown): Colour {
  const key = typeof c === 'string' && c ? c : 'black';
  let hit = colours.get(key);
  if (!hit) {
    let name = key; let rgb = kit._normalizeColor(key);
    if (!rgb) { name = 'black'; rgb = kit._normalizeColor(name)!; }
    const space = rgb.length === 4 ? 'DeviceCMYK' : 'DeviceRGB';
    hit = colours.get(name) ?? { name, fill: `/${space} cs\n${rgb.join(' ')} scn\n`, stroke: `/${space} CS\n${rgb.join(' ')} SCN\n` };
    if (colours.size >= 4096) colours.clear();
    colours.set(key, hit);
  }
  return hit;
}

const JOINS: Record<string, number> = { miter: 0, round: 1, bevel: 2 };
const CAPS: Record<string, number> = { butt: 0, round: 1, square: 2 };

/** an image or SVG node with the size DocMeasure gives it, at its position (ElementWriter.addImage) */
function sized(node: Obj, x: number, y: number, natural: { width?: number; height?: number; orientation?: number }): Obj {
  const dims = natural.orientation !== undefined && natural.orientation > 4 ? { width: natural.height!, height: natural.width! } : { width: natural.width!, height: natural.height! };
  const cover = node.cover as { width: number; height: number } | undefined;
  if (cover) { node._width = cover.width; node._height = cover.height; } else {
    const w = isNumber(node.width) ? node.width : undefined;
    const h = isNumber(node.height) ? node.height : undefined;
    const ratio = dims.width / dims.height;
    node._width = w || (h ? h * ratio : dims.width);
    node._height = h || (w ? w / ratio : dims.height);
  }
  node.x = x + ((node.x as number) || 0);
  node.y = y;
  return node;
}

function offsetVector(v: Obj, x: number, y: number): void {
  switch (v.type) {
    case 'ellipse': case 'rect': (v.x as number) += x; (v.y as number) += y; break;
    case 'line': (v.x1 as number) += x; (v.x2 as number) += x; (v.y1 as number) += y; (v.y2 as number) += y; break;
    case 'polyline': for (const p of v.points as { x: number; y: number }[]) { p.x += x; p.y += y; } break;
  }
}

/** a vector's gradient fill as paint describes it (paint/gradient.ts GradientPaint) */
type Shading =
  | { kind: 'linear'; x1: number; y1: number; x2: number; y2: number; stops: readonly (readonly [number, readonly number[], number])[] }
  | { kind: 'radial'; cx: number; cy: number; r: number; sy: number; stops: readonly (readonly [number, readonly number[], number])[] };

/**
 * A pdfkit gradient (an axial or radial PDF shading; stops with an opacity below 1 get pdfkit's
 * soft mask), which renderVector fills with as its colour. A radial one is a circle about the
 * origin scaled along y and moved to its centre.
 */
function shading(doc: MakeDocument, s: Shading): KitGradient {
  const g = s.kind === 'linear' ? doc.linearGradient(s.x1, s.y1, s.x2, s.y2) : doc.radialGradient(0, 0, 0, 0, 0, s.r);
  for (const [offset, color, opacity] of s.stops) g.stop(offset, color, opacity);
  if (s.kind === 'radial') g.setTransform(1, 0, 0, s.sy, s.cx, s.cy);
  return g;
}

/** What the pages' content streams are while a transparency group's Form XObject is written. */
interface GroupedKit extends Kit {
  page: Kit['page'] & { resources: unknown; xobjects: Record<string, unknown> };
}

/** An open opacity group: the content stream it interrupts, and the Form XObject it writes. */
export interface OpacityGroup {
  readonly pageContent: Kit['page']['content'];
  readonly form: { end(): void };
  readonly opacity: number;
}

/** beyond any page, within every reader's limits (ISO 32000-1 Annex C: ±32767 for reals in PDF 1.4) */
const GROUP_EXTENT = 30000;
const groupNames = new WeakMap<object, number>();

/**
 * CSS Color 4 §3.2 `opacity` as a PDF transparency group (ISO 32000-1 §11.6.6): what is drawn
 * until endOpacityGroup goes into a Form XObject with a Group dictionary (pdfkit 0.19.1 writes
 * every operator through page.content, which is the form meanwhile), and the form is then
 * painted once under an ExtGState with ca and CA at the opacity. A group starts with alpha 1
 * and is composited as a whole, so overlapping descendants show through each other as in
 * Chromium; ca/CA on each primitive would darken where they overlap, and would not reach what
 * svg-to-pdfkit draws with its own opacities. The form shares the page's resource dictionary:
 * fonts, images and graphics states met inside it are registered there.
 */
export function beginOpacityGroup(kit: Kit, opacity: number): OpacityGroup {
  const k = kit as GroupedKit;
  const form = kit.ref({
    Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: [-GROUP_EXTENT, -GROUP_EXTENT, GROUP_EXTENT, GROUP_EXTENT],
    Group: { Type: 'Group', S: 'Transparency' }, Resources: k.page.resources,
  }) as { end(): void; uncompressedLength: number };
  const group: OpacityGroup = { pageContent: k.page.content, form, opacity };
  k.page.content = form;
  return group;
}

/** Ends an opacity group: the form is painted where the group began, with the group's opacity. */
export function endOpacityGroup(kit: Kit, group: OpacityGroup): void {
  const k = kit as GroupedKit;
  k.page.content = group.pageContent;
  group.form.end();
  const n = (groupNames.get(kit) ?? 0) + 1;
  groupNames.set(kit, n);
  const name = `Group${n}`;
  k.page.xobjects[name] = group.form;
  kit.save();
  kit.opacity(group.opacity);
  kit.addContent(`/${name} Do`);
  kit.restore();
}
