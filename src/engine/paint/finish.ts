// Last pass over the painted content: pdfmake must never receive a node it cannot handle
// (NaN or negative sizes).
import type { PaintContext } from './context';
import type { Fragmentation, Margin, PdfNode } from './nodes';

/** What pdfmake's pageBreakBefore callback is given about a node. */
interface NodeInfo {
  readonly headlineLevel?: Fragmentation;
  readonly pageNumbers: number[];
  readonly startPosition?: { readonly pageInnerHeight: number; readonly verticalRatio: number };
}
interface PageBreakHelpers { getFollowingNodesOnPage(): unknown[] }
/**
 * pdfmake's callback, with the nodes it can say yes to: `asks` sees the node itself (its
 * headlineLevel), and the pdf layer neither describes nor asks about the others
 * (src/pdf/page-breaks.ts).
 */
type PageBreakCallback = ((node: NodeInfo, helpers: PageBreakHelpers) => boolean) & { readonly asks: (node: { readonly headlineLevel?: unknown }) => boolean };

/**
 * Headings kept with what follows (CSS Fragmentation 3 §3.2, the UA sheet's break-after: avoid
 * on h1-h6), through pdfmake's pageBreakBefore callback: a heading near the bottom of a page
 * with nothing after it there moves to the next page. Each such break makes pdfmake lay the
 * document out again, so they are budgeted (fewer for long documents). Orphans and widows,
 * the other facts on the text nodes, are decided by the pdf layer while pdfmake places each
 * paragraph (src/pdf/fragmentation.ts), in the one layout.
 */
export function pageBreakBefore(options: { readonly textNodes: number; readonly keepNodes: number }): PageBreakCallback | undefined {
  let budget = options.textNodes < 300 ? 6 : options.textNodes < 2000 ? 2 : 0;
  // no heading to keep or no budget, no callback: pdfmake would still describe every node of
  // the document to it after each layout (3% of a 100-page render) for a callback that can only say no
  if (budget <= 0 || options.keepNodes === 0) return undefined;
  const callback = (node: NodeInfo, helpers: PageBreakHelpers): boolean => {
    const f = node.headlineLevel;
    const pos = node.startPosition;
    if (!isKept(f) || !pos || budget <= 0) return false;
    const remaining = pos.pageInnerHeight * (1 - pos.verticalRatio);
    if (pos.verticalRatio < 0.6 || remaining > f.lineHeight * 4 || pos.verticalRatio <= 0.01) return false;
    if (helpers.getFollowingNodesOnPage().length > 2) return false;
    budget--;
    return true;
  };
  return Object.assign(callback, { asks: asksAbout });
}

/** The callback's `asks`: one function for every document, so pdfmake's loop over the nodes calls one target (V8 compiled it again for each document's own). */
const asksAbout = (node: { readonly headlineLevel?: unknown }): boolean => isKept(node.headlineLevel);

/** A heading kept with what follows: the only node the callback can move (its `asks`). */
const isKept = (f: unknown): f is Fragmentation => typeof f === 'object' && f !== null && (f as Fragmentation).keep === true;

/** The finished content, its number of text nodes (the document's size, for the callback's budget), and of those the headings kept with what follows. */
export function finishDocument(content: PdfNode[], _ctx: PaintContext): { content: PdfNode[]; textNodes: number; keepNodes: number } {
  const count = { textNodes: 0, keepNodes: 0 };
  for (const n of content) clean(n, count);
  dropTrailingBreak(content);
  const state = { fresh: true };
  for (const n of content) dropRedundantBreaks(n, state);
  return { content, textNodes: count.textNodes, keepNodes: count.keepNodes };
}

/**
 * pdfmake starts a page for every break it meets; CSS Fragmentation 3 §3.1 has one break
 * between two boxes whatever the number of break properties asking for it, and none before
 * the first box. Walks the flow in order, dropping breaks at the top of a fresh page.
 */
function dropRedundantBreaks(node: PdfNode, state: { fresh: boolean }): void {
  if (node.absolutePosition || node.relativePosition) { state.fresh = false; return; } // it draws on this page
  if (node.pageBreak === 'before') {
    if (state.fresh) delete node.pageBreak;
    else state.fresh = true;
  }
  if ('stack' in node) for (const c of node.stack) dropRedundantBreaks(c, state);
  else if (!('text' in node) || node.text.some((r) => r.text.trim() !== '')) state.fresh = false;
  if (node.pageBreak === 'after') {
    if (state.fresh) delete node.pageBreak;
    else state.fresh = true;
  }
}

/** A forced break after the last box would make an empty last page; CSS Fragmentation 3 §3.1 has none. */
function dropTrailingBreak(list: PdfNode[]): void {
  const last = list[list.length - 1];
  if (!last) return;
  if (last.pageBreak === 'after') delete last.pageBreak;
  if ('stack' in last) dropTrailingBreak(last.stack);
}

const fin = (n: number, d = 0) => (Number.isFinite(n) ? n : d);

/** The margin with non-finite sides as 0 (the same array when every side is finite). */
function finiteMargin(m: Margin): Margin {
  return Number.isFinite(m[0]) && Number.isFinite(m[1]) && Number.isFinite(m[2]) && Number.isFinite(m[3]) ? m : [fin(m[0]), fin(m[1]), fin(m[2]), fin(m[3])];
}

/** Makes a node safe for pdfmake (and counts the text nodes, and the headings kept with what follows). */
function clean(node: PdfNode, count: { textNodes: number; keepNodes: number }): void {
  const m = node.margin;
  if (m) { const safe = finiteMargin(m); if (safe !== m) node.margin = safe; }
  // every text node counts towards the document's size, table cells too (they carry no facts)
  if ('text' in node) { count.textNodes++; if (node.headlineLevel?.keep) count.keepNodes++; }
  else if ('stack' in node) { for (const c of node.stack) clean(c, count); }
  else if ('columns' in node) node.columns.forEach((c) => { c.width = typeof c.width === 'number' ? Math.max(0, fin(c.width)) : c.width; for (const n of c.stack) clean(n, count); });
  else if ('table' in node) {
    const widths = node.table.widths;
    if (!widths.every((w) => w >= 0 && Number.isFinite(w) && !Object.is(w, -0))) node.table.widths = widths.map((w) => Math.max(0, fin(w)));
    for (const row of node.table.body) {
      for (const cell of row) {
        if (!('stack' in cell)) continue;
        const cm = cell.margin;
        if (cm) { const safe = finiteMargin(cm); if (safe !== cm) cell.margin = safe; }
        for (const c of cell.stack) clean(c, count);
      }
    }
  } else if ('image' in node || 'svg' in node) { node.width = Math.max(0.1, fin(node.width, 1)); node.height = Math.max(0.1, fin(node.height, 1)); }
  if (node.absolutePosition) node.absolutePosition = { x: fin(node.absolutePosition.x), y: fin(node.absolutePosition.y) };
  if (node.relativePosition) node.relativePosition = { x: fin(node.relativePosition.x), y: fin(node.relativePosition.y) };
}
