// Engine test helpers: hand-built styled trees (the cascade's output shape) for layout/paint
// tests, and rendering a docDefinition to a parsed PDF.
import type { ComputedStyle, Display } from '../../src/engine/cascade/computed';
import type { CascadeResult, PageStyle, StyledElement, StyledNode } from '../../src/engine/cascade/styled';
import type { EngineResult } from '../../src/engine';
import { layoutStyled } from '../../src/engine/pipeline';
import { toPdf } from '../../src/pdf';
import { measureText } from '../../src/render/measure';
import { parsePdf, type ParsedPdf } from './pdf';

const zero = { pt: 0, pct: 0 };
const black = { r: 0, g: 0, b: 0, a: 1 };
const clear = { r: 0, g: 0, b: 0, a: 0 };
const side = <T>(v: T) => ({ top: v, right: v, bottom: v, left: v });

/** CSS initial values (the cascade's initialStyle()), with a 12pt Liberation Sans base. */
export function baseStyle(): ComputedStyle {
  return {
    display: 'inline', position: 'static', float: 'none', clear: 'none',
    top: 'auto', right: 'auto', bottom: 'auto', left: 'auto', zIndex: 'auto', visibility: 'visible', overflow: 'visible', opacity: 1,
    boxSizing: 'content-box', width: 'auto', height: 'auto', minWidth: 'auto', minHeight: 'auto', maxWidth: 'none', maxHeight: 'none',
    margin: side(zero), padding: side(zero), borderWidth: side(0), borderStyle: side('none'), borderColor: side(black),
    borderRadius: { topLeft: zero, topRight: zero, bottomRight: zero, bottomLeft: zero }, boxShadow: 'none',
    backgroundColor: clear, backgroundImage: 'none', backgroundSize: 'auto', backgroundPosition: '0% 0%', backgroundRepeat: 'repeat',
    color: black, fontFamily: ['sans-serif'], fontSize: 12, fontWeight: 400, fontStyle: 'normal', fontVariantCaps: 'normal',
    lineHeight: { kind: 'normal' }, textAlign: 'start', textIndent: zero, textTransform: 'none',
    textDecorationLine: { underline: false, overline: false, lineThrough: false }, textDecorationColor: black, textDecorationStyle: 'solid',
    letterSpacing: 0, wordSpacing: 0, whiteSpace: 'normal', overflowWrap: 'normal', wordBreak: 'normal', hyphens: 'manual',
    verticalAlign: 'baseline', direction: 'ltr',
    listStyleType: 'disc', listStylePosition: 'outside', listStyleImage: 'none', counterReset: [], counterIncrement: [], content: 'normal',
    borderCollapse: 'separate', borderSpacing: { horizontal: 0, vertical: 0 }, tableLayout: 'auto', captionSide: 'top', emptyCells: 'show',
    breakBefore: 'auto', breakAfter: 'auto', breakInside: 'auto', orphans: 2, widows: 2, page: 'auto', footnoteDisplay: 'block', footnotePolicy: 'auto',
    flexDirection: 'row', flexWrap: 'nowrap', flexGrow: 0, flexShrink: 1, flexBasis: 'auto', justifyContent: 'normal',
    alignItems: 'normal', alignSelf: 'auto', alignContent: 'normal', order: 0, rowGap: 'normal', columnGap: 'normal', columnCount: 'auto',
    columnWidth: 'auto', columnFill: 'balance', columnSpan: 'none', columnRule: { width: 0, style: 'none', color: black },
    gridTemplateColumns: 'none', gridTemplateRows: 'none', gridTemplateAreas: 'none', gridAutoColumns: [{ min: 'auto', max: 'auto' }], gridAutoRows: [{ min: 'auto', max: 'auto' }],
    gridAutoFlow: { column: false, dense: false }, gridRowStart: { kind: 'auto' }, gridRowEnd: { kind: 'auto' }, gridColumnStart: { kind: 'auto' }, gridColumnEnd: { kind: 'auto' },
    justifyItems: 'normal', justifySelf: 'auto',
    objectFit: 'fill',
  };
}

const INHERITED: (keyof ComputedStyle)[] = ['color', 'fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'fontVariantCaps', 'lineHeight',
  'textAlign', 'textIndent', 'textTransform', 'letterSpacing', 'wordSpacing', 'whiteSpace', 'overflowWrap', 'wordBreak', 'hyphens',
  'direction', 'listStyleType', 'listStylePosition', 'listStyleImage', 'borderCollapse', 'borderSpacing', 'captionSide', 'emptyCells',
  'orphans', 'widows', 'visibility'];

const DISPLAY: Record<string, Display> = {
  html: 'block', body: 'block', div: 'block', p: 'block', h1: 'block', h2: 'block', ul: 'block', ol: 'block', li: 'list-item',
  table: 'table', thead: 'table-header-group', tbody: 'table-row-group', tfoot: 'table-footer-group', tr: 'table-row', td: 'table-cell',
  th: 'table-cell', caption: 'table-caption', col: 'table-column', colgroup: 'table-column-group', section: 'block', pre: 'block',
};

export type Child = (parent: ComputedStyle) => StyledNode;
export type StyleSpec = Partial<ComputedStyle>;

/** An element: tag, style overrides (on top of inheritance and the tag's display), attributes, children. */
export function h(tag: string, spec: StyleSpec = {}, attrs: Record<string, string> = {}, ...children: (Child | string)[]): Child {
  return (parent) => {
    const inherited: Partial<ComputedStyle> = {};
    for (const k of INHERITED) (inherited as Record<string, unknown>)[k] = parent[k];
    const style: ComputedStyle = { ...baseStyle(), ...inherited, display: DISPLAY[tag] ?? 'inline', ...spec };
    const kids: StyledNode[] = children.map((c) => (typeof c === 'string' ? { kind: 'text', text: c, style } : c(style)));
    const el: StyledElement = { kind: 'element', tag, attrs, style, children: kids, loc: { line: 1, column: 1 } };
    return el;
  };
}

/** A cascade result: <html><body>children</body></html> with body margin 0 unless given. */
export function doc(options: { page?: Partial<PageStyle>; body?: StyleSpec; html?: StyleSpec } = {}, ...children: (Child | string)[]): CascadeResult {
  const root = h('html', options.html ?? {}, {}, h('body', options.body ?? {}, {}, ...children))(baseStyle()) as StyledElement;
  return { root, page: { margin: {}, ...(options.page ?? {}) }, fontFaces: [] };
}

export const pt = (n: number) => ({ pt: n, pct: 0 });
export const pct = (n: number) => ({ pt: 0, pct: n });
export const sides = <T>(v: T) => side(v);

/** Lays out a hand-built tree as the renderer does (text measured as the PDF writer draws it). */
export function layout(result: CascadeResult): EngineResult {
  return layoutStyled(result, { measureText });
}

export async function render(result: EngineResult): Promise<ParsedPdf> {
  const bytes = await toPdf(result.docDefinition, result.fonts);
  return parsePdf(bytes);
}

export async function renderBytes(result: EngineResult): Promise<Buffer> {
  return toPdf(result.docDefinition, result.fonts);
}

export interface PlacedText { page: number; str: string; x: number; y: number; fontSize: number; width: number }

/** Every text item of a PDF with its position: x from the left, y of the baseline from the top (pt). */
export async function placedText(bytes: Uint8Array): Promise<PlacedText[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const d = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const out: PlacedText[] = [];
  for (let i = 1; i <= d.numPages; i++) {
    const page = await d.getPage(i);
    const height = page.view[3]! - page.view[1]!;
    const content = await page.getTextContent();
    for (const it of content.items) {
      if (!('str' in it) || !it.str.trim()) continue;
      const t = it.transform as number[];
      out.push({ page: i, str: it.str, x: t[4]!, y: height - t[5]!, fontSize: Math.hypot(t[2]!, t[3]!), width: it.width });
    }
  }
  await d.destroy();
  return out;
}

/** Link annotations per page: {url | dest, rect}. */
export async function links(bytes: Uint8Array): Promise<{ page: number; url?: string; dest?: unknown }[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const d = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const out: { page: number; url?: string; dest?: unknown }[] = [];
  for (let i = 1; i <= d.numPages; i++) {
    const page = await d.getPage(i);
    for (const a of await page.getAnnotations()) {
      if (a.subtype === 'Link') out.push({ page: i, ...(a.url ? { url: a.url as string } : {}), ...(a.dest ? { dest: a.dest } : {}) });
    }
  }
  await d.destroy();
  return out;
}
