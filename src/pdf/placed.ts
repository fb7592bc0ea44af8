// Placed pages: a definition whose every node is absolutely positioned (what paint emits) goes
// straight to pdfmake's Renderer as the page items its LayoutBuilder would have made of it.
// pdfmake's preprocessing, measuring and layout (a style stack walked ~20 times per text run)
// decide nothing for such a definition. The items are built as pdfmake 0.3.11 builds them
// (TextInlines.measure, Line.addInline, ElementWriter.addLine/addVector/addImage/addSVG,
// DocMeasure.measureImage/measureSVG), in the same order; their text is drawn by drawText.
// pdfmake's own modules, by plain specifiers: the copies its index loads (and the bundle links)
import LayoutBuilderModule from 'pdfmake/js/LayoutBuilder.js';
import RendererModule from 'pdfmake/js/Renderer.js';
import SVGMeasureModule from 'pdfmake/js/SVGMeasure.js';
import TextDecoratorModule from 'pdfmake/js/TextDecorator.js';

type Obj = Record<string, unknown>;
interface KitFont { ascender: number; lineHeight(size: number): number; widthOfString(text: string, size: number, features?: unknown): number }
interface KitGradient { stop(offset: number, color: readonly number[], opacity: number): KitGradient; setTransform(...m: number[]): KitGradient }
interface MakeDocument {
  provideFont(family: string, bold: boolean, italics: boolean): KitFont;
  provideImage(name: unknown): { width: number; height: number; orientation?: number };
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

/** The page items pdfmake's LayoutBuilder makes of placed sections (see the top of the file). */
export function placedPages(sections: readonly Section[], doc: MakeDocument, defaultStyle: Obj): Page[] {
  const svgMeasure = new SVGMeasure();
  return sections.map((s) => {
    const { width, height } = s.pageSize;
    const page: Page = { items: [], pageSize: { width, height, orientation: width > height ? 'landscape' : 'portrait' }, pageMargins: {}, customProperties: {} };
    for (const node of s.section) {
      const at = node.absolutePosition as { x?: number; y?: number };
      const x = at.x || 0; const y = at.y || 0;
      if (node.text !== undefined) page.items.push({ type: 'line', item: textLine(node, x, y, doc, defaultStyle) });
      else if (node.image) page.items.push({ type: 'image', item: sized(node, x, y, doc.provideImage(node.image)) });
      else if (node.svg) {
        const item = sized(node, x, y, svgMeasure.measureSVG(node.svg as string));
        item.font = isValue(node.font) ? node.font : defaultStyle.font;
        item.svg = svgMeasure.writeDimensions(node.svg as string, { width: item._width as number, height: item._height as number });
        page.items.push({ type: 'svg', item });
      } else if (Array.isArray(node.canvas)) {
        for (const v of node.canvas as Obj[]) {
          offsetVector(v, x, y);
          if (v.gradient) v.color = shading(doc, v.gradient as Shading);
          page.items.push({ type: 'vector', item: v });
        }
      } else if (node.clip || node.matrix) page.items.push({ type: 'beginClip', item: node.clip ?? node });
      else if (node.end) page.items.push({ type: 'endClip', item: node });
    }
    return page;
  });
}

/** a text node's runs, each with its style resolved (TextInlines.measure with noWrap and preserveLeadingSpaces) */
function textRuns(node: Obj, doc: MakeDocument, defaultStyle: Obj): Obj[] {
  const style = (run: Obj, key: string, fallback: unknown): unknown =>
    isValue(run[key]) ? run[key] : isValue(node[key]) ? node[key] : isValue(defaultStyle[key]) ? defaultStyle[key] : fallback;
  const runs = Array.isArray(node.text) ? node.text as unknown[] : [node.text];
  return runs.map((r, i) => {
    const run: Obj = typeof r === 'object' && r !== null ? r as Obj : { text: r };
    const text = typeof run.text === 'string' ? run.text.replace(/\t/g, '    ') : isValue(run.text) ? String(run.text) : '';
    const font = doc.provideFont(style(run, 'font', 'Roboto') as string, style(run, 'bold', false) as boolean, style(run, 'italics', false) as boolean);
    const fontSize = style(run, 'fontSize', 12) as number;
    const characterSpacing = style(run, 'characterSpacing', 0) as number;
    const fontFeatures = style(run, 'fontFeatures', null);
    const widthOf = (t: string) => font.widthOfString(t, fontSize, fontFeatures ?? undefined) + (characterSpacing || 0) * (t.length - 1);
    // one object shape for every inline (a spread of the run made each a slow dictionary)
    const inline: Obj = {
      text, font, fontSize, characterSpacing, fontFeatures, alignment: 'left',
      color: style(run, 'color', 'black'), opacity: style(run, 'opacity', 1),
      decoration: style(run, 'decoration', null), decorationColor: style(run, 'decorationColor', null), decorationStyle: style(run, 'decorationStyle', null),
      decorationThickness: style(run, 'decorationThickness', null), background: style(run, 'background', null),
      link: style(run, 'link', null), linkToPage: style(run, 'linkToPage', null), linkToDestination: style(run, 'linkToDestination', null),
      sup: false, sub: false, leadingCut: 0, trailingCut: 0,
      x: 0, width: 0,
      height: font.lineHeight(fontSize) * (style(run, 'lineHeight', 1) as number),
    };
    // the width places the next run and sizes links and decorations; pdfkit measures the run it draws itself
    if (i < runs.length - 1 || inline.link || inline.linkToPage || inline.linkToDestination || inline.decoration || inline.background) inline.width = widthOf(text);
    // leading white space hangs left of the position unless preserved (TextInlines.measure)
    const leading = style(run, 'preserveLeadingSpaces', false) ? null : /^\s+/.exec(text);
    if (leading) inline.leadingCut = widthOf(leading[0]);
    return inline;
  });
}

/** a text node as the line drawText draws */
function textLine(node: Obj, x: number, y: number, doc: MakeDocument, defaultStyle: Obj): PlacedText {
  return { placedText: textRuns(node, doc, defaultStyle) as unknown as PlacedRun[], x, y, id: node.id as string | undefined };
}

interface PlacedRun {
  text: string; font: KitFont & EmbeddedFont; fontSize: number; characterSpacing: number; fontFeatures: unknown; color: string; opacity: unknown; width: number; height: number
  link: string | null; linkToDestination: string | null; linkToPage: number | null; decoration: unknown; background: unknown; leadingCut: number; x: number
}
/** a text node with its runs: drawText draws it */
export interface PlacedText { readonly placedText: readonly PlacedRun[]; readonly x: number; readonly y: number; readonly id?: string }
interface EmbeddedFont { id: string; ref(): unknown; encode(text: string, features?: unknown): [string[], { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }[]] }
interface Kit {
  page: { height: number; fonts: Record<string, unknown>; content: { uncompressedLength: number } };
  opacity(o: number): unknown; fillColor(c: unknown): unknown; resolveColor(c: unknown, fallback: string): unknown; addContent(s: string): unknown;
  link(x: number, y: number, w: number, h: number, url: string): unknown; goTo(x: number, y: number, w: number, h: number, name: string): unknown;
  addNamedDestination(name: string, ...args: unknown[]): unknown;
  ref(data: object): { end(): void }; annotate(x: number, y: number, w: number, h: number, options: object): unknown;
}

const num = (n: number) => Math.round(n * 1e6) / 1e6;
/** per document: the fill opacity and colour its content stream last set, valid while nothing else was written since */
const drawn = new WeakMap<object, { content: object; length: number; opacity: unknown; color: unknown }>();

/**
 * Draws placed text as pdfmake's Renderer.renderLine and pdfkit's text() draw it: the same
 * operators at the same coordinates (computed the same way, so readers group words as before),
 * without what a run changes nothing with: the fill opacity and colour when the page's content
 * already set them, and the empty path fill pdfmake writes with each colour.
 */
export function drawText(kit: Kit, line: PlacedText): void {
  const runs = line.placedText;
  let height = 0; let ascender = 0;
  for (const r of runs) { height = Math.max(height, r.height || 0); ascender = Math.max(ascender, r.font.ascender / 1000 * r.fontSize); }
  const descent = height - ascender;
  // Line.addInline's x of each run; TextDecorator reads the line's inlines and its heights
  let offset = 0;
  for (const r of runs) { r.x = offset - (runs[0]!.leadingCut || 0); offset += r.width; }
  const decorated = runs.some((r) => r.decoration || r.background);
  const asLine = { inlines: runs, getHeight: () => height, getAscenderHeight: () => ascender };
  if (decorated) new TextDecorator(kit).drawBackground(asLine, line.x, line.y);
  runs.forEach((r, i) => {
    const content = kit.page.content;
    let state = drawn.get(kit);
    if (!state || state.content !== content || state.length !== content.uncompressedLength) drawn.set(kit, state = { content, length: -1, opacity: undefined, color: undefined });
    const opacity = isNumber(r.opacity) ? r.opacity : 1;
    if (state.opacity !== opacity) kit.opacity(opacity);
    const color = kit.resolveColor(r.color, 'black');
    if (state.color !== color) kit.fillColor(color);
    const x = line.x + r.x;
    const dy = r.font.ascender / 1000 * r.fontSize;
    const top = line.y + (height - dy - descent);
    const text = r.text.replace(/\n/g, '');
    if (text) {
      const width = r.width + r.characterSpacing * (text.length - 1);
      if (r.link) kit.link(x, top, width, r.font.lineHeight(r.fontSize), r.link);
      if (r.linkToDestination) kit.goTo(x, top, width, r.font.lineHeight(r.fontSize), r.linkToDestination);
      if (line.id && i === 0) kit.addNamedDestination(line.id, 'XYZ', x, top, null);
      if (kit.page.fonts[r.font.id] == null) kit.page.fonts[r.font.id] = r.font.ref();
      kit.addContent(textObject(text === r.text ? r : { ...r, text }, x, kit.page.height - top - dy, kit.page.height));
    }
    if (r.linkToPage) {
      kit.ref({ Type: 'Action', S: 'GoTo', D: [r.linkToPage, 0, 0] }).end();
      kit.annotate(x, top, r.width, r.height, { Subtype: 'Link', Dest: [r.linkToPage - 1, 'XYZ', null, null, null] });
    }
    Object.assign(state, { length: content.uncompressedLength, opacity, color });
  });
  if (decorated) new TextDecorator(kit).drawDecorations(asLine, line.x, line.y);
}

/** q … Q of one run as pdfkit's _fragment writes it: the page flipped back, BT, Tm, Tf, Tc, the TJ arrays, ET */
function textObject(r: PlacedRun, x: number, y: number, pageHeight: number): string {
  return `q\n1 0 0 -1 0 ${num(pageHeight)} cm\nBT\n1 0 0 1 ${num(x)} ${num(y)} Tm\n/${r.font.id} ${num(r.fontSize)} Tf\n${r.characterSpacing ? `${num(r.characterSpacing)} Tc\n` : ''}${glyphRuns(r, x, y)}ET\nQ`;
}

// A run's TJ arrays depend on its face and text alone when no glyph is offset: kept per face
// of the document (pdfkit's EmbeddedFont, whose subset numbers the glyphs), so a repeated word
// is encoded once per document. They go with the document.
const arrays = new WeakMap<object, Map<string, string>>();

/** the TJ arrays of a run (a glyph with an offset at its own Tm, as _fragment writes it) */
function glyphRuns(r: PlacedRun, x: number, y: number): string {
  let known = r.fontFeatures ? undefined : arrays.get(r.font);
  const hit = known?.get(r.text);
  if (hit !== undefined) return hit;
  const [encoded, positions] = r.font.encode(r.text, r.fontFeatures ?? undefined);
  const scale = r.fontSize / 1000;
  let out = '';
  const commands: string[] = [];
  let last = 0;
  let offsets = false;
  let hadOffset = false;
  const segment = (cur: number) => {
    if (last < cur) commands.push(`<${encoded.slice(last, cur).join('')}> ${num(-(positions[cur - 1]!.xAdvance - positions[cur - 1]!.advanceWidth))}`);
    last = cur;
  };
  const flush = (i: number) => {
    segment(i);
    if (commands.length) { out += `[${commands.join(' ')}] TJ\n`; commands.length = 0; }
  };
  for (let i = 0; i < positions.length; i++) {
    const pos = positions[i]!;
    if (pos.xOffset || pos.yOffset) {
      flush(i);
      out += `1 0 0 1 ${num(x + pos.xOffset * scale)} ${num(y + pos.yOffset * scale)} Tm\n`;
      flush(i + 1);
      hadOffset = offsets = true;
    } else {
      if (hadOffset) { out += `1 0 0 1 ${num(x)} ${num(y)} Tm\n`; hadOffset = false; }
      if (pos.xAdvance - pos.advanceWidth !== 0) segment(i + 1);
    }
    x += pos.xAdvance * scale;
  }
  flush(positions.length);
  if (!offsets && !r.fontFeatures) {
    if (!known) arrays.set(r.font, known = new Map());
    known.set(r.text, out);
  }
  return out;
}

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
