// Engine test helpers: hand-built styled trees (the cascade's output shape) for layout/paint
// tests, and rendering a docDefinition to a parsed PDF.
import { expect } from 'chai';
import { layoutHtml } from '../../src/engine';
import { initialStyle } from '../../src/engine/cascade';
import type { ComputedStyle, Display } from '../../src/engine/cascade/computed';
import type { CascadeResult, PageStyle, StyledElement, StyledNode } from '../../src/engine/cascade/styled';
import type { EngineResult } from '../../src/engine';
import { layoutStyled } from '../../src/engine/pipeline';
import { toPdf } from '../../src/pdf';
import { glyphInk, measureText } from '../../src/render/measure';
import { parsePdf, type ParsedPdf } from './pdf';

const side = <T>(v: T) => ({ top: v, right: v, bottom: v, left: v });

/** CSS initial values (the cascade's initialStyle()), with a 12pt Liberation Sans base. */
export function baseStyle(): ComputedStyle {
  return { ...initialStyle(), fontFamily: ['sans-serif'] };
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

/** Lays out a hand-built tree as the renderer does (text measured as the PDF writer draws it, the glyphs' ink known to paint's clips). */
export function layout(result: CascadeResult): EngineResult {
  return layoutStyled(result, { measureText, glyphInk });
}

export async function render(result: EngineResult): Promise<ParsedPdf> {
  const bytes = await toPdf(result.docDefinition, result.fonts);
  return parsePdf(bytes);
}

export async function renderBytes(result: EngineResult): Promise<Buffer> {
  return toPdf(result.docDefinition, result.fonts);
}

/** The PDF of an HTML document under `css`, which must lay out without diagnostics. */
export async function pdfOfHtml(html: string, css: string): Promise<Buffer> {
  const r = layoutHtml(html, css, { measureText, glyphInk });
  expect(r.diagnostics.map((d) => d.message)).to.deep.equal([]);
  return renderBytes(r);
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
export async function links(bytes: Uint8Array): Promise<{ page: number; url?: string; dest?: unknown; rect: number[] }[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const d = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const out: { page: number; url?: string; dest?: unknown; rect: number[] }[] = [];
  for (let i = 1; i <= d.numPages; i++) {
    const page = await d.getPage(i);
    for (const a of await page.getAnnotations()) {
      if (a.subtype === 'Link') out.push({ page: i, ...(a.url ? { url: a.url as string } : {}), ...(a.dest ? { dest: a.dest } : {}), rect: a.rect as number[] });
    }
  }
  await d.destroy();
  return out;
}
