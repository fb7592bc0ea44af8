// CSS 2.1 §9.4.1 block formatting: block-level boxes stacked vertically with §8.3.1 margin
// collapsing, §10.3.3 used widths; borders, padding and backgrounds drawn by a one-cell pdfmake
// table; CSS Lists 3 markers; CSS Fragmentation 3 break-before/after/inside.
import type { BlockBox, BlockLevelBox, ListItemBox } from '../boxes/types';
import { assertNever } from '../boxes/types';
import type { ComputedStyle } from '../cascade/computed';
import { collapseMargins, establishesBfc, usedBlockBox, type UsedBlockBox } from '../layout/used';
import { backgroundImageNode } from './background';
import type { PaintContext } from './context';
import { paintFlex } from './flex';
import { GRID_LAYOUT, hexColor, margin, setMarginTop, type CanvasNode, type CanvasShape, type ColumnsNode, type PdfNode, type TableNode } from './nodes';
import { estimateHeight, paintAbsolute, paintInFlowAbsolute } from './position';
import { paintReplaced } from './replaced';
import { paintTable } from './table';
import { paintInlines, type AtomicPainter } from './text';

/** A painted block-level box: its node (horizontal margins applied) and its vertical margins, not yet collapsed. */
export interface Painted {
  readonly node: PdfNode | undefined;
  readonly marginTop: number;
  readonly marginBottom: number;
}


export function paintBlockLevel(box: BlockLevelBox, cbWidth: number, ctx: PaintContext): Painted {
  switch (box.kind) {
    case 'block': return paintBlock(box, cbWidth, ctx);
    case 'list-item': return paintBlock(box, cbWidth, ctx);
    case 'inlines': return { node: paintInlines(box, cbWidth, ctx, paintAtomic), marginTop: 0, marginBottom: 0 };
    case 'flex': return paintFlex(box, cbWidth, ctx);
    case 'table': return paintTable(box, cbWidth, ctx);
    case 'block-replaced': {
      const u = usedBlockBox({ ...box.style, width: 'auto', boxSizing: 'content-box' }, cbWidth);
      const p = paintReplaced(box.replaced, cbWidth, ctx, ctx.cbHeight);
      if (!p.node) return { node: undefined, marginTop: u.marginTop, marginBottom: u.marginBottom };
      const auto = box.style.margin.left === 'auto' && box.style.margin.right === 'auto';
      const left = auto ? Math.max(0, (cbWidth - p.size.width) / 2) : u.marginLeft;
      return { node: { stack: [p.node], margin: margin(left, 0, 0, 0) }, marginTop: u.marginTop, marginBottom: u.marginBottom };
    }
    case 'absolute':
      if (box.anchor === 'flow') return paintInFlowAbsolute(box, cbWidth, ctx, paintBlockLevel);
      return { node: paintAbsolute(box, ctx, paintBlockLevel), marginTop: 0, marginBottom: 0 };
    default: return assertNever(box);
  }
}

/** Paints atomic inlines and floats as shrink-to-fit blocks. */
export const paintAtomic: AtomicPainter = (box, cbWidth, shrink, ctx) => {
  const sizes = ctx.intrinsic.block(box);
  const outer = shrink ? Math.min(cbWidth, Math.max(sizes.min, sizes.max)) : cbWidth;
  const p = paintBlockLevel(box, outer + 0.01, ctx);
  if (p.node && (p.marginTop || p.marginBottom)) {
    setMarginTop(p.node, p.marginTop);
    const mg = p.node.margin ?? [0, 0, 0, 0];
    p.node.margin = margin(mg[0], mg[1], mg[2], mg[3] + p.marginBottom);
  }
  return { node: p.node, width: outer + 0.01 };
};

/** Stacks painted children, collapsing adjoining margins (CSS 2.1 §8.3.1). */
export interface StackedChildren {
  readonly items: PdfNode[];
  /** the margin that adjoins the container's top (collapses with it when allowed) */
  readonly leadingMargin: number;
  /** the margin after the last child (collapses with the container's bottom when allowed) */
  readonly trailingMargin: number;
  readonly empty: boolean;
}

export function stackChildren(children: readonly BlockLevelBox[], width: number, ctx: PaintContext, collapseTop: boolean, firstId?: string): StackedChildren {
  // at most one node per child: the list is made to size and cut to what was painted (a list
  // grown by push reserves 16 more slots, in every stack of the document definition)
  const items = new Array<PdfNode>(children.length);
  let n = 0;
  let pending = 0;
  let leading = 0;
  let atTop = true;
  const parentPage = ctx.pageName;
  let prevPage: string | undefined;
  let afterBreak = false;
  for (const child of children) {
    // CSS Paged Media 3 §7.1: boxes on differently named pages are separated by a page break
    const page = child.kind !== 'inlines' && child.kind !== 'absolute' && child.style.page !== 'auto' ? child.style.page : parentPage;
    ctx.pageName = page;
    const p = child.kind === 'inlines' && firstId !== undefined && atTop
      ? { node: paintInlines(child, width, ctx, paintAtomic, firstId), marginTop: 0, marginBottom: 0 }
      : paintBlockLevel(child, width, ctx);
    ctx.pageName = parentPage;
    if (!p.node) { pending = collapseMargins(pending, collapseMargins(p.marginTop, p.marginBottom)); continue; }
    if (isDetached(p.node)) { items[n++] = p.node; continue; } // out of flow: no margins, no room taken
    if (prevPage !== undefined && prevPage !== page && !p.node.pageBreak) p.node.pageBreak = 'before';
    prevPage = page;
    // CSS Fragmentation 3 §5.2: margins before a forced break are truncated; the one after it is kept
    const forced = p.node.pageBreak === 'before' || afterBreak;
    const m = forced ? p.marginTop : collapseMargins(pending, p.marginTop);
    if (atTop && collapseTop) leading = m;
    else setMarginTop(p.node, m);
    atTop = false;
    items[n++] = p.node;
    pending = p.marginBottom;
    afterBreak = p.node.pageBreak === 'after';
  }
  items.length = n;
  if (atTop) return { items, leadingMargin: pending, trailingMargin: 0, empty: true };
  return { items, leadingMargin: leading, trailingMargin: pending, empty: false };
}

/**
 * CSS Multi-column 1: the children shared into `count` columns of balanced (estimated) height.
 * pdfmake columns do not flow into each other, so the split is made here, between children.
 */
function multicol(children: readonly BlockLevelBox[], count: number, s: ComputedStyle, width: number, ctx: PaintContext): StackedChildren {
  const gap = s.columnGap === 'normal' ? s.fontSize : s.columnGap.pt + (s.columnGap.pct * width) / 100;
  const colWidth = Math.max(1, (width - gap * (count - 1)) / count);
  const heights = children.map((c) => estimateHeight(c, ctx, colWidth));
  const total = heights.reduce((a, b) => a + b, 0);
  const groups: BlockLevelBox[][] = [[]];
  let acc = 0;
  children.forEach((c, i) => {
    if (acc >= (total * groups.length) / count - 0.01 && groups.length < count && groups[groups.length - 1]!.length) groups.push([]);
    groups[groups.length - 1]!.push(c);
    acc += heights[i]!;
  });
  const cols = groups.map((g) => {
    const st = stackChildren(g, colWidth, ctx, false);
    if (st.leadingMargin && st.items[0]) setMarginTop(st.items[0], st.leadingMargin);
    return { width: colWidth, stack: st.items.length ? st.items : [{ text: [] } as PdfNode] };
  });
  return { items: [{ columns: cols, columnGap: gap }], leadingMargin: 0, trailingMargin: 0, empty: false };
}

/** Marks the last text of a heading: the paginator keeps it off the bottom of a page. */
function markKeep(items: PdfNode[]): void {
  const last = items[items.length - 1];
  if (!last) return;
  if ('text' in last && last.headlineLevel) last.headlineLevel.keep = true;
  else if ('stack' in last) markKeep(last.stack);
}

/** A node pdfmake positions on its own (absolutePosition / relativePosition, possibly wrapped). */
export function isDetached(node: PdfNode): boolean {
  if (node.absolutePosition || node.relativePosition) return true;
  return 'stack' in node && node.stack.length === 1 && !node.margin?.some((m) => m !== 0) && isDetached(node.stack[0]!);
}

const hasBox = (u: UsedBlockBox) => u.border.top + u.border.right + u.border.bottom + u.border.left + u.padding.top + u.padding.right + u.padding.bottom + u.padding.left > 0;

/** A block box (or list item): children stacked, then borders/padding/background around them. */
export function paintBlock(box: BlockBox | ListItemBox, cbWidth: number, ctx: PaintContext, overrideWidth?: number): Painted {
  const s = box.style;
  const u = usedBlockBox(s, overrideWidth ?? cbWidth, undefined, ctx.cbHeight);
  const bfc = establishesBfc(s) || box.element?.tag === 'html' || box.element?.tag === 'body' && false;
  const collapseTop = !bfc && u.border.top === 0 && u.padding.top === 0;
  const collapseBottom = !bfc && u.border.bottom === 0 && u.padding.bottom === 0 && u.height === undefined && u.minHeight === 0;
  const id = box.element?.attrs.id;
  const anchor = id && ctx.anchors.has(id) && !ctx.placedIds.has(id) ? id : undefined;
  const outerHeight = ctx.cbHeight;
  ctx.cbHeight = u.height;
  const columns = typeof s.columnCount === 'number' && s.columnCount > 1 && box.children.length > 1 ? s.columnCount : 0;
  const inner = columns ? multicol(box.children, columns, s, u.contentWidth, ctx) : stackChildren(box.children, u.contentWidth, ctx, collapseTop, anchor);
  ctx.cbHeight = outerHeight;
  const items = inner.items;
  let mt = u.marginTop; let mb = u.marginBottom;
  if (collapseTop) mt = collapseMargins(mt, inner.leadingMargin);
  if (inner.empty && !hasBox(u) && u.height === undefined && u.minHeight === 0 && s.backgroundColor.a === 0 && box.kind !== 'list-item') {
    // CSS 2.1 §8.3.1: an empty block's margins collapse through it
    return { node: pageBreakNode(s), marginTop: collapseMargins(mt, inner.leadingMargin), marginBottom: mb };
  }
  if (collapseBottom) mb = collapseMargins(mb, inner.trailingMargin);
  else if (inner.trailingMargin && items.length) {
    const last = items[items.length - 1]!;
    const mg = last.margin ?? [0, 0, 0, 0];
    last.margin = margin(mg[0], mg[1], mg[2], mg[3] + inner.trailingMargin);
  }

  if (/^h[1-6]$/.test(box.element?.tag ?? '') || s.breakAfter === 'avoid' || s.breakAfter === 'avoid-page') markKeep(items);
  let content: PdfNode[] = items;
  if (box.kind === 'list-item' && box.marker) content = [listMarkerColumns(box, items, ctx)];
  if (inner.empty && s.backgroundImage !== 'none' && u.height !== undefined) {
    // a box drawn only by its background image (a logo, a barcode): the image fills it
    const img = backgroundImageNode(s, { width: u.contentWidth, height: u.height }, ctx);
    if (img) content = [img];
  } else if (s.backgroundImage !== 'none' && content.length) {
    // behind content: a detached image over the padding box (its height estimated when auto)
    const h = (u.height ?? Math.max(u.minHeight, estimateHeight(box, ctx, u.contentWidth) - u.border.top - u.border.bottom - u.padding.top - u.padding.bottom)) + u.padding.top + u.padding.bottom;
    const img = backgroundImageNode(s, { width: u.contentWidth + u.padding.left + u.padding.right, height: h }, ctx);
    if (img) {
      const mg = img.margin ?? [0, 0, 0, 0];
      img.margin = undefined;
      content = [{ stack: [img], relativePosition: { x: mg[0] - u.padding.left, y: mg[1] - u.padding.top } }, ...content];
    }
  }

  const decorated = hasBox(u) || s.backgroundColor.a > 0 || u.height !== undefined || u.minHeight > 0 || (s.backgroundImage !== 'none' && content.length > 0);
  let node: PdfNode;
  if (decorated && content.length === 0) node = emptyBoxCanvas(s, u, ctx.page.pageArea.height);
  else if (decorated) node = boxTable(s, u, content, ctx);
  else {
    node = { stack: content.length ? content : [{ text: [] }] };
    // a negative right margin lets a box wider than its containing block overflow it, as in CSS
    node.margin = margin(u.marginLeft, 0, cbWidth - u.marginLeft - u.contentWidth, 0);
  }
  if (anchor && !ctx.placedIds.has(anchor)) {
    // the anchor had no text of its own to carry the id: give it to an empty text at the top
    (node as { stack?: PdfNode[] }).stack?.unshift({ text: [{ text: '' }], id: anchor });
    ctx.placedIds.add(anchor);
  }
  applyBreaks(node, s, s.breakInside === 'auto' ? undefined : estimateHeight(box, ctx, u.contentWidth), ctx);
  return { node, marginTop: mt, marginBottom: mb };
}

function pageBreakNode(s: ComputedStyle): PdfNode | undefined {
  if (isPageBreak(s.breakBefore) || isPageBreak(s.breakAfter)) {
    const n: PdfNode = { text: [] };
    applyBreaks(n, s);
    return n;
  }
  return undefined;
}

const isPageBreak = (v: ComputedStyle['breakBefore']) => v === 'page' || v === 'always' || v === 'left' || v === 'right' || v === 'recto' || v === 'verso';

/**
 * CSS Fragmentation 3 §3: forced breaks → pdfmake pageBreak; break-inside: avoid → unbreakable,
 * only for a box that fits on a page (`height`: its estimated height), as a browser would
 * break it anyway.
 */
export function applyBreaks(node: PdfNode, s: ComputedStyle, height?: number, ctx?: PaintContext): void {
  if (isPageBreak(s.breakBefore)) node.pageBreak = 'before';
  else if (isPageBreak(s.breakAfter)) node.pageBreak = 'after';
  if ((s.breakInside === 'avoid' || s.breakInside === 'avoid-page') && height !== undefined && ctx && height < ctx.page.pageArea.height * 0.9) node.unbreakable = true;
}

/**
 * An empty box (an <hr>, a spacer with a border) drawn as a canvas: pdfmake draws no line
 * above a table row without content.
 */
function emptyBoxCanvas(s: ComputedStyle, u: UsedBlockBox, pageHeight = Infinity): CanvasNode {
  const full = u.border;
  const w = u.contentWidth + u.padding.left + u.padding.right + full.left + full.right;
  const fullH = Math.max(u.height ?? 0, u.minHeight) + u.padding.top + u.padding.bottom + full.top + full.bottom;
  // pdfmake cannot place a canvas taller than a page area: it fails the whole document
  // (issue #5). Such a box is drawn one page area tall (borders at most a quarter of it);
  // the rest of its height is empty space.
  const fits = fullH + Math.max(full.left, full.right) / 2 <= pageHeight;
  const cap = (n: number) => (fits ? n : Math.min(n, pageHeight / 4));
  const b = { top: cap(full.top), right: cap(full.right), bottom: cap(full.bottom), left: cap(full.left) };
  const h = fits ? fullH : Math.max(0, pageHeight - Math.max(b.left, b.right) / 2 - 1);
  const shapes: CanvasShape[] = [];
  if (s.backgroundColor.a > 0) shapes.push({ type: 'rect', x: 0, y: 0, w, h, color: hexColor(s.backgroundColor), ...(s.backgroundColor.a < 1 ? { fillOpacity: s.backgroundColor.a } : {}) });
  const dash = (st: ComputedStyle['borderStyle']['top'], lw: number) => (st === 'dashed' ? { dash: { length: Math.max(2, lw * 3) } } : st === 'dotted' ? { dash: { length: Math.max(1, lw) } } : {});
  const line = (x1: number, y1: number, x2: number, y2: number, lw: number, c: ComputedStyle['borderColor']['top'], st: ComputedStyle['borderStyle']['top']) => {
    if (lw > 0) shapes.push({ type: 'line', x1, y1, x2, y2, lineWidth: lw, lineColor: hexColor(c), ...dash(st, lw) });
  };
  line(0, b.top / 2, w, b.top / 2, b.top, s.borderColor.top, s.borderStyle.top);
  line(0, h - b.bottom / 2, w, h - b.bottom / 2, b.bottom, s.borderColor.bottom, s.borderStyle.bottom);
  line(b.left / 2, 0, b.left / 2, h, b.left, s.borderColor.left, s.borderStyle.left);
  line(w - b.right / 2, 0, w - b.right / 2, h, b.right, s.borderColor.right, s.borderStyle.right);
  // a zero-size canvas still takes its height through the bottom margin
  return { canvas: shapes, margin: margin(u.marginLeft, 0, 0, Math.max(0, fullH - canvasExtent(shapes))) };
}

const canvasExtent = (shapes: CanvasShape[]) => shapes.reduce((m, sh) => Math.max(m, sh.type === 'rect' ? sh.y + sh.h : Math.max(sh.y1, sh.y2) + sh.lineWidth / 2), 0);

/** A one-cell table that draws a block's borders, padding and background. */
export function boxTable(s: ComputedStyle, u: UsedBlockBox, content: PdfNode[], _ctx: PaintContext): TableNode {
  const b = u.border;
  const bc = s.borderColor; const bs = s.borderStyle;
  const bg = s.backgroundColor;
  const minInner = Math.max(u.height ?? 0, u.minHeight);
  const cell = { stack: content.length ? content : [{ text: [] }], margin: margin(u.padding.left, u.padding.top, u.padding.right, u.padding.bottom) };
  const node: TableNode = {
    table: {
      widths: [u.contentWidth + u.padding.left + u.padding.right], body: [[cell]],
      lines: {
        h: [b.top, b.bottom], v: [b.left, b.right], hStyle: [bs.top, bs.bottom], vStyle: [bs.left, bs.right],
        colorH: [hexColor(bc.top), hexColor(bc.bottom)], colorV: [hexColor(bc.left), hexColor(bc.right)],
        fills: bg.a > 0 ? [[{ color: hexColor(bg), opacity: bg.a }]] : [],
      },
    },
    layout: GRID_LAYOUT,
    margin: margin(u.marginLeft, 0, 0, 0),
  };
  if (minInner > 0) node.table.heights = [minInner + u.padding.top + u.padding.bottom];
  return node;
}

/** An outside ::marker: a column right-aligned against the content, in the list's padding. */
function listMarkerColumns(box: ListItemBox, items: PdfNode[], ctx: PaintContext): ColumnsNode {
  const s = box.style;
  const f = ctx.faces.of(s);
  const bullet = box.marker === '\u2022' || box.marker === '\u25e6' || box.marker === '\u25aa';
  const gap = bullet ? s.fontSize * 0.55 : s.fontSize * 0.25;
  const markerWidth = ctx.faces.width(box.marker, s) * 1.02 + 1 + gap;
  const col = Math.max(markerWidth, s.fontSize * 1.5);
  const marker: PdfNode = {
    text: [{ text: box.marker, font: f.font, bold: f.bold || undefined, italics: f.italics || undefined, fontSize: s.fontSize, color: hexColor(s.color), lineHeight: ctx.faces.pdfmakeLineHeight(s), noWrap: true }],
    alignment: 'right', margin: margin(0, 0, gap, 0),
  };
  const firstMargin = items[0]?.margin?.[1] ?? 0;
  if (firstMargin) marker.margin = margin(0, firstMargin, gap, 0);
  return { columns: [{ width: col, stack: [marker] }, { width: '*', stack: items }], columnGap: 0, margin: margin(-col, 0, 0, 0) };
}
