// Placed pages: paint's definition, whose every node is absolutely positioned, drawn page by page
// into pdfmake 0.3.11's PDFDocument (pdfkit with pdfmake's font and image providers): images,
// SVG and other vectors by pdfmake's Renderer as its ElementWriter would place them (renderImage,
// renderSVG, renderVector), text, plain shapes and groups (clip, transform, opacity) here with
// fewer operators. pdfmake's Printer, preprocessing, measuring and layout never run.
// This is also the second wall (issue #5): each node is checked as it is met (SVG sanitized
// again, images only from data: URLs, fonts only from the table), so whatever the engine lets
// through, pdfmake reads no file and opens no URL.
import { checkPngData, sanitizeSvg, svgColor, svgRootSize } from '../engine/resources';
import { BoundedLru } from '../lru';
import { includeInOrder, shaped, shapeKey, showText, type DocumentFont } from './glyphs';
// pdfmake's own modules, by plain specifiers (the bundle links these copies)
import RendererModule from 'pdfmake/js/Renderer.js';

type Obj = Record<string, unknown>;
interface KitGradient { stop(offset: number, color: readonly number[], opacity: number): KitGradient; setTransform(...m: number[]): KitGradient }
interface MakeDocument extends Kit {
  addPage(options: { size: [number, number] }): unknown;
  provideFont(family: string, bold: boolean, italics: boolean): PlacedFont;
  provideImage(name: unknown): { width: number; height: number };
  /** the font table (family → faces) and the images dictionary pdfmake was given */
  readonly fonts: Record<string, unknown>;
  readonly images: Record<string, string>;
  linearGradient(x1: number, y1: number, x2: number, y2: number): KitGradient;
  radialGradient(x1: number, y1: number, r1: number, x2: number, y2: number, r2: number): KitGradient;
}
export interface PlacedSection { section: Obj[]; pageSize: { width: number; height: number } }

/** pdfmake's Renderer: what it draws of a page item (a vector, image or SVG) */
const Renderer = RendererModule as new (kit: MakeDocument) => Record<'renderVector' | 'renderImage' | 'renderSVG', (item: Obj) => void>;

const isNumber = (v: unknown): v is number => typeof v === 'number';

/** The sections of a definition whose nodes are all absolutely positioned, else undefined. */
export function placedSections(content: unknown): readonly PlacedSection[] | undefined {
  if (!Array.isArray(content) || content.length === 0) return undefined;
  for (const s of content as Partial<PlacedSection>[]) {
    if (!Array.isArray(s?.section) || typeof s.pageSize?.width !== 'number' || typeof s.pageSize.height !== 'number') return undefined;
    for (const n of s.section) if (!n || typeof n !== 'object' || !n.absolutePosition) return undefined;
  }
  return content as PlacedSection[];
}

/** Draws placed sections into the document, a page each; `fallback` is the family a node naming a family the font table lacks is drawn in. */
export function drawPages(doc: MakeDocument, sections: readonly PlacedSection[], fallback: string): void {
  const renderer = new Renderer(doc);
  for (const page of placedPages(sections, doc, fallback)) {
    doc.addPage({ size: [page.pageSize.width, page.pageSize.height] });
    for (const { kind, placed } of page.items) {
      switch (kind) {
        case 'text': drawTexts(doc, placed as PlacedText[]); break;
        case 'shapes': drawShapes(doc, placed as Obj[]); break;
        case 'group': drawGroup(doc, placed[0] as Obj); break;
        case 'vector': renderer.renderVector(placed[0] as Obj); break;
        case 'image': renderer.renderImage(placed[0] as Obj); break;
        case 'svg': renderer.renderSVG(placed[0] as Obj); break;
        case 'link': drawLink(doc, placed[0] as Obj); break;
      }
    }
  }
}

/**
 * The page items of placed sections: consecutive text nodes and consecutive plain shapes
 * become one item each, drawn as one block of operators.
 */
function placedPages(sections: readonly PlacedSection[], doc: MakeDocument, fallback: string): { pageSize: PlacedSection['pageSize']; items: Placed[] }[] {
  // a family the table lacks is drawn in the fallback family (pdfmake would throw mid-render)
  const family = (name: unknown) => (typeof name === 'string' && doc.fonts[name] ? name : fallback);
  const fonts = new Map<string, PlacedFont>();
  // the last face asked for, answered without a key: consecutive runs mostly share one
  let last: { name: string; bold: boolean; italics: boolean; font: PlacedFont } | undefined;
  const font = (name: string, bold: boolean, italics: boolean) => {
    if (last && last.name === name && last.bold === bold && last.italics === italics) return last.font;
    const key = `${name}|${bold}|${italics}`;
    let f = fonts.get(key);
    if (!f) fonts.set(key, f = doc.provideFont(family(name), bold, italics));
    last = { name, bold, italics, font: f };
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
  const texts = new Map<PlacedFont, Set<string>>();
  const pages = sections.map((s) => {
    const items: Placed[] = [];
    let batch: Placed | undefined;
    // the groups open at this node: an end closes the last one (drawGroup ends an opacity group so)
    const open: Obj[] = [];
    // text nodes and plain shapes join the item before them if it is of their kind
    const add = (kind: Placed['kind'], entry: PlacedText | Obj) => {
      if (batch?.kind !== kind || (kind !== 'text' && kind !== 'shapes')) items.push(batch = { kind, placed: [] });
      batch.placed.push(entry);
    };
    // (indexed loops: this runs once per page, mostly before V8 optimizes it, and an unoptimized
    // for-of allocates a result object per item)
    const nodes = s.section;
    for (let n = 0; n < nodes.length; n++) {
      const node = nodes[n]!;
      const at = node.absolutePosition as { x?: number; y?: number };
      const x = at.x || 0; const y = at.y || 0;
      if (node.text !== undefined) {
        const runs = textRuns(node.text as Obj[], font);
        for (let i = 0; i < runs.length; i++) {
          const r = runs[i]!;
          const t = drawnText(r);
          if (!t) continue;
          let set = texts.get(r.font);
          if (!set) texts.set(r.font, set = new Set());
          set.add(shapeKey(t, r.features));
        }
        add('text', { runs, x, y });
      } else if (Array.isArray(node.canvas)) {
        for (const v of node.canvas as Obj[]) {
          offsetVector(v, x, y);
          if (v.gradient) v.color = shading(doc, v.gradient as Shading);
          add(plainShape(v) ? 'shapes' : 'vector', v);
        }
      } else if (node.link || typeof node.destination === 'string') add('link', { ...node, x, y });
      else if (node.clip || node.matrix || isNumber(node.opacity)) { add('group', node); open.push(node); }
      else if (node.end) add('group', { end: open.pop() });
      else if (node.image) {
        if (typeof node.image === 'string' && node.image.startsWith('data:')) node.image = imageName(node.image);
        // (opened and registered under its name here, where pdfkit's image() looks it up; a corrupt one rejects before any drawing)
        doc.provideImage(node.image);
        add('image', sized(node, x, y));
      } else if (typeof node.svg === 'string') {
        node.svg = safeSvg(node.svg);
        node.options = { imageCallback: safeImageLink, warningCallback: ignoreWarning, colorCallback: cssColor, documentCallback: undefined };
        const item = sized(node, x, y);
        item.font = family(node.font);
        add('svg', item);
      }
    }
    return { items, pageSize: s.pageSize };
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
/** svg-to-pdfkit's colour, else the CSS Color 4 reading of what it could not parse (hsl(), #rgba, ...) */
const cssColor = (parsed: unknown, raw: string): unknown => parsed ?? svgColor(raw);

/**
 * A text node's runs (paint's TextRunNode, every field written but the optional ones), each
 * placed after the one before it (its width); a tab is drawn as four spaces.
 */
function textRuns(list: readonly Obj[], font: (family: string, bold: boolean, italics: boolean) => PlacedFont): PlacedRun[] {
  const runs: PlacedRun[] = new Array(list.length);
  let x = 0;
  for (let i = 0; i < list.length; i++) {
    const r = list[i]!;
    const raw = r.text as string;
    const text = raw.includes('\t') ? raw.replace(/\t/g, '    ') : raw;
    const f = font(r.font as string, r.bold as boolean, r.italics as boolean);
    const run: PlacedRun = {
      text, font: f, fontSize: r.fontSize as number, characterSpacing: (r.characterSpacing as number | undefined) ?? 0,
      features: r.features as readonly string[] | undefined, color: r.color as string, opacity: (r.opacity as number | undefined) ?? 1, x,
    };
    if (i < list.length - 1) x += shaped(f.font, shapeKey(text, run.features)).width * (run.fontSize / 1000) + run.characterSpacing * (spaced(text) - 1);
    runs[i] = run;
  }
  return runs;
}

/** the characters of a text that take character spacing: not its soft hyphens (glyphs.ts showText) */
const spaced = (text: string): number => (text.includes('\u00ad') ? text.replaceAll('\u00ad', '').length : text.length);

/** a run's text as drawn: line feeds are not drawn */
const drawnText = (r: { readonly text: string }) => (r.text.includes('\n') ? r.text.replace(/\n/g, '') : r.text);

interface PlacedRun { text: string; font: PlacedFont; fontSize: number; characterSpacing: number; features: readonly string[] | undefined; color: string; opacity: number; x: number }
/** a text node with its runs, on the baseline at y */
interface PlacedText { readonly runs: PlacedRun[]; readonly x: number; readonly y: number }
/** a page item: consecutive text nodes or plain shapes, one start or end of a group, or one vector, image or SVG (pdfmake's Renderer draws these three) */
interface Placed { readonly kind: 'text' | 'shapes' | 'group' | 'vector' | 'image' | 'svg' | 'link'; readonly placed: (PlacedText | Obj)[] }
/** pdfkit's EmbeddedFont of the document, as placed text uses it */
interface PlacedFont extends DocumentFont { id: string; ref(): unknown }
interface Kit {
  /** pdfkit's current transformation matrix (the page's y-down flip and the transforms since) */
  _ctm: number[];
  page: { height: number; fonts: Record<string, unknown>; content: { uncompressedLength: number } };
  opacity(o: number): unknown; fillOpacity(o: number): unknown; strokeOpacity(o: number): unknown
  _normalizeColor(c: string): number[] | null; _fillColor?: unknown; addContent(s: string): unknown;
  link(x: number, y: number, w: number, h: number, url: string): unknown; goTo(x: number, y: number, w: number, h: number, name: string): unknown;
  addNamedDestination(name: string, ...args: unknown[]): unknown;
  ref(data: object): { end(): void };
  save(): Kit; restore(): Kit; transform(...m: number[]): Kit; clip(rule?: string): Kit;
  rect(x: number, y: number, w: number, h: number): Kit; roundedRect(x: number, y: number, w: number, h: number, r: number): Kit; path(d: string): Kit;
}

const num = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * What a page's content stream last set, valid while nothing else wrote to it since (pdfmake's
 * images, SVG and vectors write through pdfkit): fill and stroke colour and opacity, line width,
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

/**
 * What follows up to the group's end is drawn under a matrix, clipped to a rectangle (rounded
 * by r) or to an SVG path (even-odd: a path with a hole), or into an opacity group; the end
 * restores the state before it, or paints the opacity group.
 */
function drawGroup(kit: Kit, node: Obj): void {
  const end = node.end as Obj | undefined;
  if (end?.formed) return endOpacityGroup(kit, end.formed as OpacityGroup);
  if ('end' in node) { kit.restore(); return; }
  if (isNumber(node.opacity)) { node.formed = beginOpacityGroup(kit, node.opacity); return; }
  kit.save();
  const c = node.clip as { x: number; y: number; width: number; height: number; r?: number; path?: string; evenOdd?: boolean } | undefined;
  if (!c) kit.transform(...node.matrix as number[]);
  else if (c.path) kit.path(c.path).clip(c.evenOdd ? 'even-odd' : undefined);
  else if (c.r) kit.roundedRect(c.x, c.y, c.width, c.height, c.r).clip();
  else { kit.addContent(`${c.x} ${c.y} ${c.width} ${c.height} re`); kit.clip(); }
}

/**
 * Text nodes: their glyphs at their runs' places on the baseline, in one text object (BT … ET)
 * per batch in the page's unflipped space, with the font, character spacing, colour and
 * opacity set only when they change.
 */
function drawTexts(kit: Kit, lines: readonly PlacedText[]): void {
  const st = stateOf(kit);
  const outer = { ...st };
  let out = '';
  let font = ''; let tc = 0;
  // the font and size `font` was written for: a run in the same ones writes no Tf
  let fontOf: PlacedFont | undefined; let sizeOf = 0;
  const flush = () => { if (out) { kit.addContent(out.slice(0, -1)); out = ''; } };
  let open = false;
  for (const line of lines) {
    for (const r of line.runs) {
      const text = drawnText(r);
      if (!text) continue;
      if (kit.page.fonts[r.font.id] == null) kit.page.fonts[r.font.id] = r.font.ref();
      if (!open) { out += `q\n1 0 0 -1 0 ${num(kit.page.height)} cm\nBT\n`; open = true; }
      const color = colourOf(kit, r.color);
      if (st.ca !== r.opacity || st.CA !== r.opacity) { flush(); kit.opacity(r.opacity); st.ca = st.CA = r.opacity; }
      if (st.fill !== color) { out += color.fill; kit._fillColor = [color.name, undefined]; st.fill = color; }
      if (r.font !== fontOf || r.fontSize !== sizeOf) {
        const f = `/${r.font.id} ${num(r.fontSize)}`;
        if (f !== font) { out += `${f} Tf\n`; font = f; }
        fontOf = r.font; sizeOf = r.fontSize;
      }
      if (r.characterSpacing !== tc) { tc = r.characterSpacing; out += `${num(tc)} Tc\n`; }
      const x = line.x + r.x; const y = kit.page.height - line.y;
      out += `1 0 0 1 ${num(x)} ${num(y)} Tm\n${showText(r.font, shapeKey(text, r.features), r.fontSize, x, y, r.characterSpacing)}`;
    }
  }
  if (open) { out += 'ET\nQ\n'; Object.assign(st, outer); }
  flush();
  st.length = kit.page.content.uncompressedLength;
}

/** A link's area (to a URL or a named destination), or a named destination (XYZ at its left and top: pdfkit turns the top into the page's y-up space). */
function drawLink(kit: Kit, node: Obj): void {
  const x = node.x as number; const y = node.y as number;
  if (typeof node.destination === 'string') { kit.addNamedDestination(node.destination, 'XYZ', x, y, null); return; }
  const to = node.link as { url?: string; destination?: string };
  if (to.url !== undefined) kit.link(x, y, node.width as number, node.height as number, to.url);
  else kit.goTo(x, y, node.width as number, node.height as number, to.destination!);
}

/** canvas shapes drawShapes writes itself: lines and square-cornered rectangles in plain colours, nothing pdfmake's renderVector would do more with */
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
function drawShapes(kit: Kit, shapes: readonly Obj[]): void {
  const st = stateOf(kit);
  let out = '';
  const flush = () => { if (out) { kit.addContent(out.slice(0, -1)); out = ''; } };
  const set = (key: 'w' | 'd' | 'j' | 'J', value: unknown, op: string) => { if (st[key] !== value) { out += `${value} ${op}\n`; st[key] = value; } };
  for (const v of shapes) {
    const dash = v.dash as { length: number; space?: number; phase?: number } | undefined;
    set('w', num((v.lineWidth as number) || 1), 'w');
    set('d', dash ? `[${num(dash.length)} ${num(dash.space || dash.length)}] ${num(dash.phase || 0)}` : '[] 0', 'd');
    set('j', JOINS[(v.lineJoin as string | undefined) ?? 'miter'] ?? 0, 'j');
    set('J', CAPS[(v.lineCap as string | undefined) ?? 'butt'] ?? 0, 'J');
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
    const n = (k: string) => num(v[k] as number);
    out += v.type === 'rect' ? `${n('x')} ${n('y')} ${n('w')} ${n('h')} re\n` : `${n('x1')} ${n('y1')} m\n${n('x2')} ${n('y2')} l\n`;
    out += fill && stroke ? 'B\n' : fill ? 'f\n' : 'S\n';
  }
  flush();
  st.length = kit.page.content.uncompressedLength;
}
const JOINS: Record<string, number> = { miter: 0, round: 1, bevel: 2 };
const CAPS: Record<string, number> = { butt: 0, round: 1, square: 2 };

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

/** an image or SVG node at its position with its size (paint's; an SVG's root says the same: svgAtSize), as ElementWriter.addImage places it */
function sized(node: Obj, x: number, y: number): Obj {
  const cover = node.cover as { width: number; height: number } | undefined;
  node._width = cover?.width ?? node.width;
  node._height = cover?.height ?? node.height;
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
type Shading = { stops: readonly (readonly [number, readonly number[], number])[] } & (
  | { kind: 'linear'; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'radial'; cx: number; cy: number; r: number; sy: number });

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
interface OpacityGroup {
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
function beginOpacityGroup(kit: Kit, opacity: number): OpacityGroup {
  const k = kit as GroupedKit;
  const form = kit.ref({
    Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: [-GROUP_EXTENT, -GROUP_EXTENT, GROUP_EXTENT, GROUP_EXTENT],
    Group: { Type: 'Group', S: 'Transparency' }, Resources: k.page.resources,
  }) as { end(): void; uncompressedLength: number };
  const group: OpacityGroup = { pageContent: k.page.content, form, opacity };
  k.page.content = form;
  // the form is painted in the page's default space (endOpacityGroup) and starts with the
  // matrix in force here: a pattern (a gradient) inside it, whose matrix pdfkit makes for the
  // page's default space, then lands where it is drawn
  kit.addContent(`${kit._ctm.map(num).join(' ')} cm`);
  return group;
}

/** Ends an opacity group: the form is painted where the group began, with the group's opacity. */
function endOpacityGroup(kit: Kit, group: OpacityGroup): void {
  const k = kit as GroupedKit;
  k.page.content = group.pageContent;
  group.form.end();
  const n = (groupNames.get(kit) ?? 0) + 1;
  groupNames.set(kit, n);
  const name = `Group${n}`;
  k.page.xobjects[name] = group.form;
  const [a, b, c, d, e, f] = kit._ctm as [number, number, number, number, number, number];
  const det = a * d - b * c;
  kit.save();
  kit.opacity(group.opacity);
  kit.addContent(`${[d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det].map(num).join(' ')} cm /${name} Do`);
  kit.restore();
}
