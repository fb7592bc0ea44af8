// CSS 2.1 §17 tables on the layout stage: §17.4 the table wrapper box and its captions,
// §17.5.2 column widths (the algorithms of layout/table.ts), §17.5.3 row heights from the
// laid-out cells, §17.5.4 vertical alignment in cells, §17.6.1 the separated borders model
// (border-spacing) and §17.6.2 the collapsing border model with its conflict resolution.
// CSS Fragmentation 3 for tables across pages: rows are placed one after another; a row that
// would cross a page end moves to the next page whole when it fits a page and splits otherwise
// (its cells' lines flow on); a header or footer group no taller than a quarter of the page
// area repeats on every page the table spans (as Chromium repeats them).
//
// Repeated headers and footers use a *table flow* (TableFlow): the body rows are laid out in a
// flow whose pages are the page areas minus the repeated header at each continuation page's
// top and the footer at each page's bottom; their fragments are then mapped into the
// document's flow, and the header and footer fragments are cloned onto every page.
import type { TableBox, TableCellBox } from '../boxes/table';
import type { BlockBox } from '../boxes/types';
import type { ComputedStyle, RGBA } from '../cascade/computed';
import {
  EMPTY_STRUT, NO_BREAKS, strutSize, strutWith, withoutBreaks,
  type BlockInput, type BlockResult, type Fragmentainer, type LayoutContext,
} from './context';
import { Floats } from './float';
import { contentStart, NO_SIDES, translate, type BorderSegment, type BoxFragment, type Fragment, type Sides } from './fragments';
import { cellPadding } from './intrinsic';
import { tableColumnWidths } from './table';
import { tableGrid, type CellSlot, type EdgeBorder, type TableGrid } from './table-grid';
import { avoidsBreakInside, generatedTextBaseline, isKeyword, legacyAlignShift, lengthOr, marginPt, resolve, resolveAuto, resolveNone, safe, topBorderEdge } from './used';

export function layoutTable(box: TableBox, input: BlockInput, ctx: LayoutContext): BlockResult {
  const s = box.style;
  const marginTop = marginPt(s.margin.top, input.cbWidth);
  const marginBottom = marginPt(s.margin.bottom, input.cbWidth);
  let top = topBorderEdge(input, marginTop, ctx.pages);
  if (s.clear !== 'none') top = Math.max(top, input.floats.clearance(s.clear));
  const grid = tableGrid(box);
  const t = new TableLayout(box, grid, input, ctx);
  let placed = t.run(top, false);
  // CSS Fragmentation 3 §4.4: the table box starts where its first row starts: when that row
  // moves to the next page, the table box (its top border, padding and spacing) moves with it.
  // The captions above it stay where they are when they and the table box's top border, padding
  // and spacing fit there, as Chromium 156 prints them; otherwise they move with it.
  if (placed.firstRowMoved) placed = placed.gridAt !== undefined ? t.run(top, true, placed.gridAt) : t.run(ctx.pages.pageEnd(top), true);
  return {
    fragment: placed.fragment, marginStrut: strutWith(EMPTY_STRUT, marginBottom), bottom: placed.bottom,
    // CSS 2.1 §10.8.1: an inline-table's baseline is its first row's
    firstBaseline: placed.baseline ?? generatedTextBaseline(box.element, placed.fragment), lastBaseline: placed.baseline,
  };
}

// ---------------------------------------------------------------------------------------
// The table flow: page areas minus the repeated header and footer.

/**
 * A Fragmentainer over the table's body: page k of the table flow is the part of page k of the
 * document between the repeated header (on continuation pages) and the repeated footer. With no
 * header and no footer it is the document's own pagination. `real()` maps a table-flow position
 * into the document's flow.
 */
class TableFlow implements Fragmentainer {
  readonly paginates: boolean;
  readonly fragmented: boolean;
  /** per page: table-flow start V, document-flow content start A and content end B, page end E */
  private readonly v: number[] = [];
  private readonly a: number[] = [];
  private readonly b: number[] = [];
  private readonly e: number[] = [];

  /** `from`: a position on the table flow's first page (the header's top: a body starting at that page's end has none of it) */
  constructor(private readonly doc: Fragmentainer, start: number, readonly head: number, readonly foot: number, from = start) {
    this.paginates = doc.paginates;
    this.fragmented = doc.fragmented;
    const end = doc.paginates ? Math.max(start, doc.pageEnd(Math.min(from, start))) : Infinity;
    this.v.push(start); this.a.push(start); this.e.push(end); this.b.push(Math.max(start, end - foot));
  }

  /** the document's kind of break (a table inside columns breaks between columns) */
  get breaks(): 'column' | undefined { return this.doc.breaks; }

  /** whether table-flow positions differ from document positions */
  get shifts(): boolean { return this.paginates && (this.head > 0 || this.foot > 0); }

  private extend(): void {
    const k = this.v.length - 1;
    const s = this.e[k]!;
    const e = this.doc.pageEnd(s);
    const a = s + this.head;
    this.v.push(this.v[k]! + (this.b[k]! - this.a[k]!));
    this.a.push(a); this.e.push(e); this.b.push(Math.max(a + 1, e - this.foot));
  }

  private ensure(k: number): void {
    while (this.v.length <= k) this.extend();
  }

  /** the table-flow page holding position p */
  index(p: number): number {
    if (!this.paginates || !Number.isFinite(p)) return Math.max(0, this.v.length - 1);
    while (this.v[this.v.length - 1]! + (this.b[this.v.length - 1]! - this.a[this.v.length - 1]!) <= p) this.extend();
    let lo = 0; let hi = this.v.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (this.v[mid]! <= p) lo = mid; else hi = mid - 1; }
    return lo;
  }

  pageEnd(p: number): number {
    if (!this.paginates) return Infinity;
    const k = this.index(p);
    return this.v[k]! + (this.b[k]! - this.a[k]!);
  }
  pageStart(p: number): number { return this.paginates ? this.v[this.index(p)]! : -Infinity; }
  atPageStart(p: number): boolean {
    if (!this.paginates) return false;
    const k = this.index(p);
    return Math.abs(p - this.v[k]!) < 0.01 && (k > 0 || this.doc.atPageStart(this.a[0]!));
  }
  forcedBreak(p: number): number { return this.pageEnd(p); }
  pageHeight(p: number): number {
    if (!this.paginates) return Infinity;
    const k = this.index(p);
    return this.b[k]! - this.a[k]!;
  }

  /** the document-flow position of table-flow position p (a top edge) */
  real(p: number): number {
    if (!this.shifts) return p;
    const k = this.index(p);
    return this.a[k]! + (p - this.v[k]!);
  }
  /** the document-flow position of table-flow position p as a bottom edge: a page's end stays on that page */
  realEnd(p: number): number {
    if (!this.shifts) return p;
    const k = this.index(p);
    if (k > 0 && Math.abs(p - this.v[k]!) < 1e-6) return this.b[k - 1]!;
    return this.a[k]! + (p - this.v[k]!);
  }
  /** the document page k starts at (k ≥ 1) and where its table content ends */
  /** the table-flow position where page k starts */
  startOf(k: number): number { this.ensure(k); return this.v[k]!; }
  docPageStart(k: number): number { this.ensure(k); return this.e[k - 1]!; }
  contentEnd(k: number): number { this.ensure(k); return this.b[k]!; }

  /** [top, bottom) of the table flow cut at its page ends, in document coordinates */
  pieces(top: number, bottom: number): { top: number; bottom: number; page: number }[] {
    if (!this.paginates) return [{ top, bottom, page: 0 }];
    const out: { top: number; bottom: number; page: number }[] = [];
    let p = top;
    for (let guard = 0; guard < 10000; guard++) {
      const end = Math.min(bottom, this.pageEnd(p));
      out.push({ top: this.real(p), bottom: this.realEnd(end), page: this.index(p) });
      if (end >= bottom - 1e-6) break;
      p = end;
    }
    return out;
  }

  /** Moves a fragment laid out in the table flow into the document's flow. */
  remap(f: Fragment): void {
    switch (f.kind) {
      case 'box': {
        const top = this.real(f.y);
        const bottom = this.realEnd(f.y + f.height);
        for (const c of f.children) this.remap(c);
        f.y = top; f.height = Math.max(0, bottom - top);
        return;
      }
      case 'line': translate(f, 0, this.real(f.y) - f.y); return;
      case 'text': f.baseline += this.realEnd(f.baseline) - f.baseline; return;
      case 'inline-box': case 'image': f.y = this.real(f.y); return;
    }
  }
}

// ---------------------------------------------------------------------------------------
// Table layout

interface CellLayout {
  readonly slot: CellSlot;
  readonly fragment: BoxFragment;
  /** the cell's top edge (its first row's top) */
  readonly top: number;
  /** the height the content needs (border box), before the row stretches it */
  readonly natural: number;
  /** the first baseline below the cell's top (CSS 2.1 §17.5.3), after vertical alignment */
  baseline: number;
}

interface RowLayout {
  readonly index: number;
  top: number;
  height: number;
  /** the height its own cells need (rows spanned down into from above may be taller) */
  readonly own: number;
  /** the same before a collapsed row is cut to no height: its share of a rowspan cell's height (spannedRowHeights) */
  readonly uncollapsed: number;
  /** the row's baseline below its top: the largest among its baseline-aligned cells */
  readonly baseline: number | undefined;
  readonly cells: CellLayout[];
  /** whether the row was moved to the next page */
  readonly moved: boolean;
}

interface Placed {
  readonly fragment: BoxFragment;
  readonly bottom: number;
  readonly baseline: number | undefined;
  readonly firstRowMoved: boolean;
  /** where the table box starts when its first row moves and the captions above it stay (the next page's top) */
  readonly gridAt: number | undefined;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const TRANSPARENT: RGBA = { r: 0, g: 0, b: 0, a: 0 };
const NO_BORDER_STYLE: ComputedStyle['borderStyle'] = { top: 'none', right: 'none', bottom: 'none', left: 'none' };

class TableLayout {
  private readonly collapse: boolean;
  private readonly hs: number;
  private readonly vs: number;
  /** the table's used border and padding (collapsing model: half the outer collapsed borders, no padding) */
  private readonly border: Sides;
  private readonly padding: Sides;
  /** each column's left edge relative to the first column's, and its width */
  private colX: number[] = [];
  private colW: number[] = [];
  /** the collapsed border segments drawn so far (table flow coordinates until the table's fragment takes them) */
  private segments: Mutable<BorderSegment>[] = [];
  /** separated borders with spacing between the cells */
  private readonly spaced: boolean;
  private readonly partStyles = new Map<ComputedStyle, ComputedStyle>();
  /** per row: the minimum height its share of a rowspan cell's height gives it */
  private rowMin: number[] = [];
  /** the row group and row fragments made (their children are table parts too) */
  private readonly parts = new Set<BoxFragment>();
  /** the table's content-box width (widths()): what cells' percentage paddings resolve against */
  private contentWidth = 0;
  /** the last horizontal edge drawn below a row: the next row does not draw it again as its top */
  private lastBottom: { line: number; y: number } | undefined;

  constructor(private readonly box: TableBox, private readonly grid: TableGrid, private readonly input: BlockInput, private readonly ctx: LayoutContext) {
    const s = box.style;
    this.collapse = s.borderCollapse === 'collapse';
    this.hs = this.collapse ? 0 : s.borderSpacing.horizontal;
    this.vs = this.collapse ? 0 : s.borderSpacing.vertical;
    this.spaced = this.hs > 0 || this.vs > 0;
    const cb = input.cbWidth;
    this.border = this.collapse ? grid.tableHalves() : { ...s.borderWidth };
    this.padding = this.collapse ? NO_SIDES : {
      top: Math.max(0, resolve(s.padding.top, cb)), right: Math.max(0, resolve(s.padding.right, cb)),
      bottom: Math.max(0, resolve(s.padding.bottom, cb)), left: Math.max(0, resolve(s.padding.left, cb)),
    };
  }

  // ---- CSS 2.1 §17.5.2 widths, §10.3.3 margins, §9.4.1 beside floats ----------------

  /** The table's border-box width and its left margin in `bandWidth`, with the column widths. */
  private widths(bandWidth: number): { width: number; marginLeft: number; marginRight: number } {
    const s = this.box.style;
    const cb = this.input.cbWidth;
    const n = this.box.columnCount;
    // (auto margins of a floated or inline-level table are zero: CSS 2.1 §10.3.5, §10.3.9)
    const inFlow = s.float === 'none' && s.display === 'table';
    const ml = s.margin.left === 'auto' ? (inFlow ? undefined : 0) : resolve(s.margin.left, cb);
    const mr = s.margin.right === 'auto' ? (inFlow ? undefined : 0) : resolve(s.margin.right, cb);
    const frame = this.border.left + this.border.right + this.padding.left + this.padding.right;
    const spacing = n > 0 ? this.hs * (n + 1) : 0;
    let columns: number[];
    const forced = this.input.borderBoxWidth;
    const available = Math.max(0, (forced ?? bandWidth - (ml ?? 0) - (mr ?? 0)) - frame - spacing);
    // min-width and max-width of the table's border box (content box under box-sizing: content-box), as grid widths
    const toGrid = (w: number | undefined) => (w === undefined ? undefined : Math.max(0, w - spacing - (s.boxSizing === 'border-box' ? frame : 0)));
    const maxGrid = toGrid(resolveNone(s.maxWidth, cb));
    const minW = resolveAuto(s.minWidth, cb);
    let minGrid = minW === undefined ? undefined : toGrid(minW);
    // CSS 2.1 §17.4: the wrapper holds the captions; a caption's min-content width (its margin
    // box) is a minimum of the table's border box, as Chromium 156 widens the table for it
    const captionMin = this.ctx.intrinsic.captionsMin(this.box);
    if (captionMin > 0) minGrid = Math.max(minGrid ?? 0, captionMin - spacing - frame);
    // CSS 2.1 §10.2: a percentage width is of the containing block, also where floats narrow the
    // space the table is placed in (a `width: 100%` table does not fit beside a float: it moves below it)
    // and whatever the table's margins (a `width: 50%; margin-right: 30px` table is half the containing
    // block wide, as Chromium 156 lays it out: §10.3.3 the end margin gives way when over-constrained)
    const percentBasis = Math.max(0, (forced ?? cb) - frame - spacing);
    const used = tableColumnWidths(this.box, this.ctx.intrinsic, available, { spacing, frame, maxGrid, minGrid, percentBasis });
    columns = used.columns;
    let grid = used.gridWidth;
    // a width decided by the parent (a stretched flex item) or a specified width wider than the
    // columns want: the columns share the rest in proportion to their widths
    if (forced !== undefined && grid < available - 0.01 && n > 0) {
      const k = grid > 0 ? available / grid : 0;
      columns = columns.map((w) => (k > 0 ? w * k : available / n));
      grid = available;
    }
    this.contentWidth = Math.max(0, (forced ?? grid + spacing + frame) - frame);
    // CSS 2.1 §17.5.5: a collapsed column gives up its width and the border-spacing before it
    // once the widths are shared; the table narrows by them, as Chromium 156 lays it out
    const collapsed = this.box.collapsedColumns;
    let removed = 0;
    if (collapsed.includes(true)) columns = columns.map((w, c) => { if (!collapsed[c]) return w; removed += w + this.hs; return 0; });
    this.colW = columns;
    // CSS 2.1 §17.5: the columns are ordered by the table's direction (the first on the right in rtl)
    this.colX = [];
    let x = this.hs;
    for (let c = 0; c < n; c++) {
      if (collapsed[c]) { this.colX.push(Math.max(0, x - this.hs)); continue; }
      this.colX.push(x); x += columns[c]! + this.hs;
    }
    if (this.box.style.direction === 'rtl') this.colX = this.colX.map((cx, c) => x - cx - columns[c]!);
    const width = forced ?? grid + spacing + frame - removed;
    // §10.3.3 auto margins centre; the HTML align attribute does the same for its in-flow table
    // (align=left|right floats the table: the float is then placed by its own margin box)
    const align = inFlow ? this.box.element.attrs.align?.toLowerCase() : undefined;
    let left: number;
    // §10.3.3 in an rtl containing block a table wider than its band keeps its right margin (auto
    // margins are 0) and overflows to the left, as Blink lays it out
    const rtlOverflow = this.input.cbDirection === 'rtl' && inFlow && forced === undefined && align !== 'center' && width + (ml ?? 0) + (mr ?? 0) > bandWidth;
    if (rtlOverflow) left = bandWidth - width - (mr ?? 0);
    else if ((ml === undefined && mr === undefined) || align === 'center') left = Math.max(0, (bandWidth - width) / 2);
    else if (ml === undefined || align === 'right') left = Math.max(0, bandWidth - width - (mr ?? 0));
    // §10.3.3 over-constrained: the end margin gives way (the left one in an rtl containing block)
    else if (this.input.cbDirection === 'rtl' && inFlow && mr !== undefined && forced === undefined) left = Math.max(0, bandWidth - width - mr) + legacyAlignShift(bandWidth - width - ml - mr, this.input.cbTextAlign, 'rtl');
    else left = ml + (inFlow && mr !== undefined && forced === undefined ? legacyAlignShift(bandWidth - width - ml - mr, this.input.cbTextAlign) : 0);
    return { width: safe(width), marginLeft: safe(left), marginRight: ml !== undefined && mr !== undefined ? mr : Math.max(0, bandWidth - width - left) };
  }

  private get rtl(): boolean { return this.box.style.direction === 'rtl'; }

  /** The left and right edges of columns [from, to) in the grid (the columns run right to left in rtl). */
  private spanLeft(from: number, to: number): number {
    return this.rtl ? this.colX[to - 1]! : this.colX[from]!;
  }
  private spanRight(from: number, to: number): number {
    return this.rtl ? this.colX[from]! + this.colW[from]! : this.colX[to - 1]! + this.colW[to - 1]!;
  }
  /** The x of grid line c (before column c; the grid's end after the last column). */
  private lineX(c: number): number {
    const C = this.grid.columns;
    if (this.rtl) return c < C ? this.colX[c]! + this.colW[c]! : this.colX[C - 1]!;
    return c < C ? this.colX[c]! : this.colX[C - 1]! + this.colW[C - 1]!;
  }

  /** Where the table goes beside the floats of its block formatting context: it moves down until it fits (CSS 2.1 §9.4.1). */
  private horizontal(top: number): { y: number; x: number; width: number } {
    const { input } = this;
    const minX = input.cbX; const maxX = input.cbX + input.cbWidth;
    const candidates = [top];
    for (const side of ['left', 'right', 'both'] as const) { const y = input.floats.clearance(side); if (y > top) candidates.push(y); }
    candidates.sort((a, b) => a - b);
    // CSS 2.1 §9.5: the table's border box, not its margins, must not overlap the floats' margin boxes:
    // a specified margin reaches under a float (auto margins share the space beside the floats)
    const s = this.box.style;
    const ml = s.margin.left === 'auto' ? 0 : resolve(s.margin.left, input.cbWidth);
    const mr = s.margin.right === 'auto' ? 0 : resolve(s.margin.right, input.cbWidth);
    for (let i = 0; i < candidates.length; i++) {
      const y = candidates[i]!;
      const band = input.floats.space(y, 1, minX, maxX);
      const left = Math.max(minX + ml, band.left);
      const right = Math.min(maxX - mr, band.right);
      const w = this.widths(right - left + ml + mr);
      const fits = band.left <= minX + 0.01 && band.right >= maxX - 0.01 || w.marginLeft + w.width + w.marginRight <= right - left + ml + mr + 0.01;
      if (fits || i === candidates.length - 1) return { y, x: left - ml + w.marginLeft, width: w.width };
    }
    return { y: top, x: minX, width: 0 };
  }

  // ---- the whole table at `top` ---------------------------------------------------

  /** `gridAt`: the table box starts there, below the captions above it (they stay on the page before). */
  run(wrapperTop: number, restarted: boolean, gridAt?: number): Placed {
    const { box, ctx, grid } = this;
    const s = box.style;
    const { y: top, x, width } = this.horizontal(wrapperTop);
    this.segments = [];
    this.lastBottom = undefined;
    const children: Fragment[] = [];
    let y = top;

    // CSS 2.1 §17.4.1 captions above or below the table box by their own caption-side, as wide as
    // the table (never narrower than their longest word)
    const captions = (side: 'top' | 'bottom') => {
      for (const cap of box.captions) {
        if ((cap.style.captionSide === 'bottom') !== (side === 'bottom')) continue;
        const capWidth = Math.min(Math.max(width, this.input.cbWidth - (x - this.input.cbX)), Math.max(width, ctx.intrinsic.block(cap).min));
        const floats = new Floats();
        const r = ctx.layoutBlockLevel(cap, { cbX: x, cbWidth: capWidth, cbHeight: undefined, y, marginStrut: EMPTY_STRUT, floats, absolutes: this.input.absolutes, link: this.input.link }, ctx);
        if (r.fragment) children.push(r.fragment);
        children.push(...floats.rootFragments);
        y = Math.max(r.bottom + strutSize(r.marginStrut), floats.bottom());
      }
    };
    captions('top');
    const captionsAbove = children.length > 0;
    // the table box after captions that stay on the page before
    if (gridAt !== undefined) y = Math.max(y, gridAt);
    const tableTop = y;
    const contentTop = tableTop + this.border.top + this.padding.top;
    const R = grid.rows.length;
    const rowsOut: Fragment[] = [];
    let bottom = contentTop;
    let baseline: number | undefined;
    let firstRowMoved = false;

    const startsOnLaterPage = (rowTop: number) => ctx.pages.paginates && !ctx.pages.atPageStart(tableTop) && rowTop >= ctx.pages.pageEnd(tableTop) - 0.01;
    if (R > 0 && box.columnCount > 0) {
      if (!restarted) this.spannedRowHeights(x + this.border.left + this.padding.left);
      const headerRows = box.headerRows;
      let footerRows = 0;
      while (footerRows < R - headerRows && grid.rows[R - 1 - footerRows]!.group === 'footer') footerRows++;
      const bodyFrom = headerRows; const bodyTo = R - footerRows;
      const repeat = ctx.pages.paginates && (headerRows > 0 || footerRows > 0) && bodyTo > bodyFrom;
      const firstTop = contentTop + this.vs;
      const gridX = x + this.border.left + this.padding.left;
      if (!repeat) {
        const rows = this.placeRows(0, R, firstTop, ctx.pages, ctx, gridX);
        // (a first row pushed past the page end by the table's top border, padding or spacing moved too)
        if (rows.length && (rows[0]!.moved || startsOnLaterPage(rows[0]!.top)) && !restarted && !ctx.pages.atPageStart(wrapperTop)) firstRowMoved = true;
        rowsOut.push(...this.rowFragments(rows, gridX));
        const pagesOf = new TableFlow(ctx.pages, firstTop, 0, 0);
        for (const r of rows) this.rowSegments(r, gridX, pagesOf.pieces(r.top, r.top + r.height), ctx.pages);
        const last = rows[rows.length - 1]!;
        bottom = last.top + last.height + this.vs;
        baseline = rowBaseline(rows[0]!);
      } else {
        // the header group: monolithic, at the table's top
        const measure = withoutBreaks(ctx);
        const head = this.placeRows(0, headerRows, firstTop, NO_BREAKS, measure, gridX);
        const headBottom = head.length ? head[head.length - 1]!.top + head[head.length - 1]!.height : firstTop - this.vs;
        const foot = this.placeRows(bodyTo, R, 0, NO_BREAKS, measure, gridX);
        const footRows = foot.length ? foot[foot.length - 1]!.top + foot[foot.length - 1]!.height : 0;
        // a continuation page repeats the header at its top: the table's top border and the
        // border-spacing above the first row stay on the first page (as Chromium 156 prints);
        // in the collapsing model the header's top edge comes along
        const headOffset = this.collapse ? this.border.top : 0;
        const headH = head.length ? headOffset + (headBottom - firstTop) + this.vs : 0;
        const footH = foot.length ? this.vs + footRows + (this.collapse ? this.border.bottom : this.vs) : 0;
        const bodyStart = head.length ? headBottom + this.vs : firstTop;
        // CSS Fragmentation 3 §3.2 leaves repeating to the UA: Chromium repeats a header or footer
        // group only when it takes at most a quarter of the page area, each group on its own
        const quarter = ctx.pages.pageHeight(bodyStart) / 4 + 0.01;
        const headRepeats = head.length > 0 && headH <= quarter;
        const footRepeats = foot.length > 0 && footH <= quarter;
        const flow = new TableFlow(ctx.pages, bodyStart, headRepeats ? headH : 0, footRepeats ? footH : 0, head.length ? head[0]!.top : bodyStart);
        const flowCtx: LayoutContext = { ...ctx, pages: flow };
        // (a header crossing the end of the page the table box starts on: captions above that
        // moved to the next page by themselves took the table box with them)
        if (head.length && !restarted && !ctx.pages.atPageStart(wrapperTop) && !ctx.pages.atPageStart(tableTop) && headBottom > ctx.pages.pageEnd(tableTop) + 0.01) firstRowMoved = true;
        const body = this.placeRows(bodyFrom, bodyTo, bodyStart, flow, flowCtx, gridX);
        // no body row on the header's page: the header stays there (and repeats on the next page)
        // after a caption; without one the table moves, as Chromium 156 prints it
        if (flow.index(body[0]!.top) > 0 && !captionsAbove && !restarted && !ctx.pages.atPageStart(wrapperTop)) firstRowMoved = true;
        const headFrags = this.rowFragments(head, gridX);
        const bodyFrags = this.rowFragments(body, gridX);
        const footFrags = this.rowFragments(foot, gridX);
        if (flow.shifts) {
          this.splitAtPages(bodyFrags, flow);
          for (const f of bodyFrags) flow.remap(f);
        }
        for (const r of head) this.rowSegments(r, gridX, [{ top: r.top, bottom: r.top + r.height }], ctx.pages);
        // per page of the table flow: the last row on it and where it ends
        const pageEnds: { row: number; bottom: number }[] = [];
        for (const r of body) {
          const pieces = flow.pieces(r.top, r.top + r.height);
          this.rowSegments(r, gridX, pieces, ctx.pages);
          for (const p of pieces) pageEnds[p.page] = { row: r.index, bottom: p.bottom };
        }
        const last = body[body.length - 1]!;
        const bodyEnd = flow.realEnd(last.top + last.height);
        // the header on every continuation page, the footer at the bottom of every page but the
        // last; in tree order page by page (header, the page's rows, footer), as Chromium paints them
        const lastPage = headRepeats || footRepeats ? flow.index(last.top + last.height - 1e-6) : 0;
        const headTop = head.length ? head[0]!.top : 0;
        const footTop = foot.length ? foot[0]!.top : 0;
        rowsOut.push(...headFrags);
        let next = 0;
        for (let k = 0; k <= lastPage; k++) {
          if (k > 0 && headRepeats) {
            const dy = flow.docPageStart(k) + headOffset - headTop;
            for (const f of headFrags) { const c = cloneFragment(f); translate(c, 0, dy); rowsOut.push(c); }
            for (const r of head) this.rowSegments(r, gridX, [{ top: r.top + dy, bottom: r.top + r.height + dy }], ctx.pages);
          }
          const end = k < lastPage ? flow.docPageStart(k + 1) - 0.01 : Infinity;
          while (next < bodyFrags.length && (bodyFrags[next]!.kind !== 'box' || (bodyFrags[next] as BoxFragment).y < end)) rowsOut.push(bodyFrags[next++]!);
          if (k < lastPage && footRepeats) {
            // the repeated footer follows the page's last row, as Chromium places it (the space left
            // below a row that moved on stays empty)
            const dy = (pageEnds[k]?.bottom ?? flow.contentEnd(k)) + this.vs - footTop;
            for (const f of footFrags) { const c = cloneFragment(f); translate(c, 0, dy); rowsOut.push(c); }
            for (const r of foot) this.rowSegments(r, gridX, [{ top: r.top + dy, bottom: r.top + r.height + dy }], ctx.pages);
          }
        }
        let end = bodyEnd;
        if (foot.length) {
          const dy = bodyEnd + this.vs - footTop;
          for (const f of footFrags) { translate(f, 0, dy); rowsOut.push(f); }
          for (const r of foot) this.rowSegments(r, gridX, [{ top: r.top + dy, bottom: r.top + r.height + dy }], ctx.pages);
          end = footTop + dy + footRows;
        }
        bottom = end + this.vs;
        baseline = rowBaseline(head[0] ?? body[0]!);
      }
    }
    bottom += this.padding.bottom + this.border.bottom;
    // CSS 2.1 §17.5.3: a specified table height is a minimum (the rows took the extra; a table without rows keeps it)
    const specified = this.tableHeight();
    if (specified !== undefined && (R === 0 || box.columnCount === 0)) bottom = Math.max(bottom, tableTop + specified);
    // in the collapsing model the grid draws every border, the table's outer ones included
    const style: ComputedStyle = this.collapse ? { ...s, borderStyle: NO_BORDER_STYLE } : s;
    const tableChildren: Fragment[] = [...children, ...rowsOut];
    if (this.segments.length) {
      const segs = this.segments;
      for (const g of segs) { g.x1 -= x; g.x2 -= x; g.y1 -= tableTop; g.y2 -= tableTop; }
      // last in tree order: the collapsed borders paint over every cell and row background
      tableChildren.push({
        kind: 'box', style: { ...style, backgroundColor: TRANSPARENT, backgroundImage: 'none', position: 'static', float: 'none' }, element: undefined,
        x, y: tableTop, width: 0, height: 0, border: NO_SIDES, padding: NO_SIDES, children: [], collapsedBorders: segs,
      });
    }
    const fragment: BoxFragment = {
      kind: 'box', style, element: box.element, x, y: tableTop, width, height: bottom - tableTop,
      border: this.border, padding: this.padding, children: tableChildren,
    };
    y = bottom;
    const captionsBelow: Fragment[] = [];
    const before = children.length;
    captions('bottom');
    captionsBelow.push(...children.splice(before));
    tableChildren.push(...captionsBelow);
    // the captions above stay when they and the table box's top border, padding and spacing fit on their page
    const nextGrid = captionsAbove && firstRowMoved && ctx.pages.paginates
      && tableTop + this.border.top + this.padding.top + this.vs <= ctx.pages.pageEnd(Math.max(wrapperTop, tableTop - 0.01)) + 0.01
      ? ctx.pages.pageEnd(Math.max(wrapperTop, tableTop - 0.01)) : undefined;
    return { fragment, bottom: y, baseline, firstRowMoved, gridAt: nextGrid };
  }

  // ---- rows (CSS 2.1 §17.5.3) -------------------------------------------------------

  /** Rows [from, to) one after another from `top` in `pages`, each moved to the next page when it crosses a page end and fits a page. */
  private placeRows(from: number, to: number, top: number, pages: Fragmentainer, rowCtx: LayoutContext, gridX: number): RowLayout[] {
    const out: RowLayout[] = [];
    const placed = new Map<CellSlot, CellLayout>();
    let y = top;
    let shown = false;
    for (let r = from; r < to; r++) {
      // CSS Fragmentation 3 §5.2: the vertical border-spacing between two rows is truncated at a
      // page end (the next row starts at the page's top), as Chromium 156 prints it; a collapsed
      // row (CSS 2.1 §17.5.5) has none before it
      const collapsed = this.collapsedRow(r);
      if (shown && !collapsed) y = pages.paginates && y + this.vs > pages.pageEnd(y) ? pages.pageEnd(y) : y + this.vs;
      if (!collapsed) shown = true;
      // CSS Fragmentation 3 §3.1: a forced break between rows (break-before on a row, break-after on the one above)
      if (pages.paginates && r > from && (forces(this.grid.rows[r]!.style.breakBefore) || forces(this.grid.rows[r - 1]!.style.breakAfter))) y = pages.forcedBreak(y);
      let row = this.layoutRow(r, y, placed, rowCtx, gridX, false);
      // (a row made tall by a cell spanning down from above stays: only its own cells decide)
      // A row crossing a page end breaks inside, its cells' lines flowing on, as Blink prints;
      // it moves to the next page whole when it avoids breaks inside or when a cell's content
      // would start on the next page anyway. A cell spanning down from it crosses the page end
      // with its content, not with the rows it spans: when its content breaks, the row breaks
      // inside (Chromium 156 moves the row for it; rows below that it spans follow on their own).
      const reach = row.cells.reduce((h, c) => Math.max(h, c.natural), row.own);
      if (pages.paginates && !pages.atPageStart(y) && y + reach > pages.pageEnd(y) + 0.01 && (avoidsBreakInside(this.grid.rows[r]!.style, pages) || startsPastEnd(row, pages.pageEnd(y)))) {
        const next = pages.pageEnd(y);
        const again = this.layoutRow(r, next, placed, rowCtx, gridX, true);
        if (next + again.height <= pages.pageEnd(next) + 0.01) row = again;
      }
      for (const c of row.cells) placed.set(c.slot, c);
      this.finishCells(r, row, placed, pages);
      out.push(row);
      y = row.top + row.height;
    }
    return out;
  }

  /** Lays out the cells starting in row r at y and finds the row's height. */
  /**
   * Rows spanned by a rowspan cell taller than they are share the extra height in proportion to
   * their heights (equally when they have none), as browsers distribute it: measured once without
   * page breaks, the shares become the rows' minimum heights.
   */
  private spannedRowHeights(gridX: number): void {
    const { grid } = this;
    const R = grid.rows.length;
    const spans = grid.cells.filter((c) => c.rowEnd - c.row > 1);
    const tableHeight = this.tableHeight();
    const groups = this.rowGroups();
    if (!spans.length && tableHeight === undefined && !groups.some((g) => g.fixed !== undefined)) return;
    const measure = withoutBreaks(this.ctx);
    const own = new Map<number, number>();
    const placed = new Map<CellSlot, CellLayout>();
    const ownHeight = (r: number) => {
      let h = own.get(r);
      if (h === undefined) {
        const row = this.layoutRow(r, 0, placed, measure, gridX, false, []);
        for (const c of row.cells) placed.set(c.slot, c);
        h = row.uncollapsed; own.set(r, h);
      }
      return h;
    };
    const heights = new Array<number>(R).fill(0);
    // narrower spans first (CSS Tables 3 §3.8.3 distributes cells spanning fewer rows first)
    spans.sort((a, b) => (a.rowEnd - a.row) - (b.rowEnd - b.row));
    for (const s of spans) for (let r = s.row; r < s.rowEnd; r++) heights[r] = Math.max(heights[r]!, ownHeight(r));
    for (const s of spans) {
      const cl = placed.get(s);
      if (!cl) continue;
      let sum = this.vs * (s.rowEnd - s.row - 1);
      for (let r = s.row; r < s.rowEnd; r++) sum += heights[r]!;
      const extra = cl.natural - sum;
      if (extra > 0.01) this.distributeToRows(extra, s.row, s.rowEnd, heights, undefined);
    }
    const pct = grid.rows.map((row, r) => {
      let p = percentHeight(row.style.height);
      for (const slot of grid.startsAt[r]!) if (slot.rowEnd === r + 1) p = Math.max(p, percentHeight(slot.cell.style.height));
      return p;
    });
    // a row group of a given height taller than its rows gives them the rest (Blink's
    // DistributeSectionFixedBlockSizeToRows)
    for (const g of groups) {
      if (g.fixed === undefined) continue;
      let size = this.vs * (g.end - g.start - 1);
      for (let r = g.start; r < g.end; r++) { heights[r] = Math.max(heights[r]!, ownHeight(r)); size += heights[r]!; }
      if (g.fixed - size > 0.01) this.distributeToRows(g.fixed - size, g.start, g.end, heights, pct);
    }
    // CSS 2.1 §17.5.3: a table taller than its rows: the rows share the rest, as Blink
    // distributes it to the table's row groups (distributeToGroups)
    // A percentage height of a row, or of a cell in it that spans no other row, is of the
    // table's content height: the row gets it first (its content may make it taller), and the
    // rest goes to the rows without one when there are any (Blink's TablesNG row sizing, as
    // Chromium 156 prints it); with no table height the percentages are ignored (fixedHeight)
    if (tableHeight !== undefined) {
      const content = tableHeight - this.border.top - this.border.bottom - this.padding.top - this.padding.bottom;
      let sum = 0;
      for (let r = 0; r < R; r++) { heights[r] = Math.max(heights[r]!, ownHeight(r), (pct[r]! * Math.max(0, content)) / 100); sum += heights[r]!; }
      const extra = content - this.vs * (R + 1) - sum;
      if (extra > 0.01) this.distributeToGroups(extra, groups, heights, pct);
    }
    this.rowMin = heights;
  }

  /** The table's row groups as runs of rows, each with its given height (a length), pt. */
  private rowGroups(): { readonly start: number; end: number; readonly body: boolean; readonly fixed: number | undefined }[] {
    const rows = this.grid.rows;
    const out: { start: number; end: number; body: boolean; fixed: number | undefined }[] = [];
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      const last = out[out.length - 1];
      if (last && row.rowGroup === rows[last.start]!.rowGroup && row.group === rows[last.start]!.group) { last.end = r + 1; continue; }
      const h = row.rowGroup ? row.rowGroup.style.height : 'auto';
      out.push({ start: r, end: r + 1, body: row.group === 'body', fixed: h !== 'auto' && !isKeyword(h) && !h.pct ? Math.max(0, h.pt) : undefined });
    }
    return out;
  }

  /**
   * A table taller than its rows, as Blink's TablesNG shares the rest (DistributeTableBlockSizeToSections):
   * the row groups grow in proportion to their heights: the body groups only when there are any,
   * and of those the ones without a given height when there are any; inside a group, the rows
   * neither empty nor constrained (by a length or percentage height of the row or of a cell
   * spanning no other row) grow in proportion to their heights; without such rows the empty rows
   * share it equally (the unconstrained ones when there are any), else the constrained ones in
   * proportion to their heights.
   */
  private distributeToGroups(extra: number, groups: readonly { readonly start: number; readonly end: number; readonly body: boolean; readonly fixed: number | undefined }[], heights: number[], pct: readonly number[]): void {
    const body = groups.some((g) => g.body);
    const pool = groups.filter((g) => !body || g.body);
    const auto = pool.filter((g) => g.fixed === undefined);
    const growing = auto.length ? auto : pool;
    const sizeOf = (g: { readonly start: number; readonly end: number }) => {
      let size = this.vs * (g.end - g.start - 1);
      for (let r = g.start; r < g.end; r++) size += heights[r]!;
      return size;
    };
    const sizes = growing.map(sizeOf);
    const total = sizes.reduce((a, b) => a + b, 0);
    growing.forEach((g, i) => this.distributeToRows(total > 0 ? (extra * sizes[i]!) / total : extra / growing.length, g.start, g.end, heights, pct));
  }

  /**
   * Extra height for rows start..end-1 (Blink's DistributeExcessBlockSizeToRows): a row group's
   * share of a table's extra height or of its own given height (`pct`: the rows' percentage
   * heights), or a rowspan cell's height beyond its rows (`pct` undefined). The rows neither
   * empty nor constrained (by a length or percentage height of the row or of a cell spanning no
   * other row) take it in proportion to their heights; without such rows the empty rows share a
   * group's equally (the unconstrained ones when there are any) and a rowspan's goes to the last
   * when every row is empty; else the rows that are not empty grow in proportion. A rowspan's
   * goes first to the rows after its first where another rowspan cell starts, equally.
   */
  private distributeToRows(extra: number, start: number, end: number, heights: number[], pct: readonly number[] | undefined): void {
    const { grid } = this;
    // (percentages constrain a row only where they resolve: against a group's height, not a rowspan's)
    const given = (h: ComputedStyle['height']) => specified(h) && (pct !== undefined || percentHeight(h) === 0);
    const constrained = (r: number) => (pct?.[r] ?? 0) > 0 || given(grid.rows[r]!.style.height)
      || grid.startsAt[r]!.some((slot) => slot.rowEnd === r + 1 && given(slot.cell.style.height));
    const starting: number[] = []; const free: number[] = []; const empty: number[] = []; const emptyFree: number[] = []; const filled: number[] = [];
    for (let r = start; r < end; r++) {
      if (!pct && r > start && grid.startsAt[r]!.some((slot) => slot.rowEnd - slot.row > 1)) starting.push(r);
      if (heights[r]! > 0) { filled.push(r); if (!constrained(r)) free.push(r); } else { empty.push(r); if (!constrained(r)) emptyFree.push(r); }
    }
    const equally = (list: readonly number[]) => { for (const r of list) heights[r]! += extra / list.length; };
    const byHeight = (list: readonly number[]) => {
      const sum = list.reduce((a, r) => a + heights[r]!, 0);
      for (const r of list) heights[r]! += (extra * heights[r]!) / sum;
    };
    if (starting.length) equally(starting);
    else if (free.length) byHeight(free);
    else if (!pct && empty.length === end - start) heights[end - 1]! += extra;
    else if (pct && empty.length) equally(emptyFree.length ? emptyFree : empty);
    else if (filled.length) byHeight(filled);
  }

  /** the table's specified height as a border-box height, when it has one */
  private tableHeight(): number | undefined {
    // a stretched grid or flex item (CSS Box Alignment 3 §6: `normal` stretches a table's box in a grid area or a flex line) takes that height as its specified height
    if (this.input.borderBoxHeight !== undefined) return this.input.borderBoxHeight;
    const s = this.box.style;
    const sh = lengthOr(s.height, 'auto');
    if (sh === 'auto' || (sh.pct && this.input.cbHeight === undefined)) return undefined;
    const h = resolve(sh, this.input.cbHeight ?? 0);
    return s.boxSizing === 'border-box' ? h : h + this.border.top + this.border.bottom + this.padding.top + this.padding.bottom;
  }

  /** CSS 2.1 §17.5.5: a row with visibility: collapse (a collapsed row group's rows inherit it) takes no height. */
  private collapsedRow(r: number): boolean {
    return this.grid.rows[r]!.style.visibility === 'collapse';
  }

  private layoutRow(r: number, y: number, placed: Map<CellSlot, CellLayout>, rowCtx: LayoutContext, gridX: number, moved: boolean, absolutes = this.input.absolutes): RowLayout {
    const { grid } = this;
    const rowBox = grid.rows[r]!;
    const cells: CellLayout[] = [];
    let height = Math.max(fixedHeight(rowBox.style.height), this.rowMin[r] ?? 0);
    let above = -Infinity; let below = 0;
    for (const slot of grid.startsAt[r]!) {
      const x = gridX + this.spanLeft(slot.col, slot.colEnd);
      const width = this.spanRight(slot.col, slot.colEnd) - this.spanLeft(slot.col, slot.colEnd);
      const content = this.cellBox(slot);
      const res = rowCtx.layoutIndependent(content, { x, y, cbWidth: width, cbHeight: undefined, borderBoxWidth: width, absolutes, link: this.input.link }, rowCtx);
      const fragment: BoxFragment = res.fragment ?? { kind: 'box', style: content.style, element: slot.cell.element, x, y, width, height: 0, border: NO_SIDES, padding: NO_SIDES, children: [] };
      // a fixed table's column may be narrower than the cell's padding and borders: the cell is as
      // wide as its columns and its padding overflows (as in Blink), so the page does not widen
      if (fragment.width > width) fragment.width = width;
      const natural = Math.max(fragment.height, this.specifiedHeight(slot));
      // §17.5.3: a cell without lines has its baseline at the bottom of its content box
      const base = res.firstBaseline !== undefined ? res.firstBaseline - y : fragment.height - fragment.border.bottom - fragment.padding.bottom;
      const cl: CellLayout = { slot, fragment, top: y, natural, baseline: base };
      cells.push(cl);
      if (alignsBaseline(slot.cell.style)) {
        above = Math.max(above, base);
        if (slot.rowEnd === r + 1) below = Math.max(below, natural - base);
      }
      if (slot.rowEnd === r + 1) height = Math.max(height, natural);
    }
    if (above > -Infinity) height = Math.max(height, above + below);
    // (a collapsed row's cells are laid out for their columns' widths, then cut to no height)
    if (this.collapsedRow(r)) return { index: r, top: y, height: 0, own: 0, uncollapsed: height, baseline: undefined, cells, moved };
    const own = height;
    // cells spanning down into this row from above end here: the row is tall enough for them
    for (const slot of grid.endsAt[r]!) {
      const cl = placed.get(slot);
      if (cl && slot.row < r) height = Math.max(height, cl.top + cl.natural - y);
    }
    return { index: r, top: y, height, own, uncollapsed: own, baseline: above > -Infinity ? above : undefined, cells, moved };
  }

  /** The cells whose last row is r get their height and their vertical alignment (CSS 2.1 §17.5.4). */
  private finishCells(r: number, row: RowLayout, placed: Map<CellSlot, CellLayout>, pages: Fragmentainer): void {
    const bottom = row.top + row.height;
    for (const slot of this.grid.endsAt[r]!) {
      const cl = placed.get(slot);
      if (!cl) continue;
      const f = cl.fragment;
      const height = bottom - cl.top;
      const content = f.height;
      const va = slot.cell.style.verticalAlign;
      let shift = 0;
      if (va === 'middle') shift = (height - content) / 2;
      else if (va === 'bottom') shift = height - content;
      // Blink aligns cells on the row's baseline only outside a fragmentation context (the
      // baseline may fall in another fragmentainer): printed, a baseline-aligned cell keeps its
      // content at its top, in a row as tall as the alignment makes it; inside a monolithic box
      // (an inline-block, a repeated header) the cells align
      else if (va !== 'top' && !pages.fragmented) {
        const startRow = slot.row === r ? row : undefined;
        const rowBase = startRow ? startRow.baseline : this.baselineOfRow(slot.row, placed);
        if (rowBase !== undefined) shift = rowBase - cl.baseline;
      }
      // content that crosses a page end stays where it flowed
      const onePage = !pages.paginates || pages.pageStart(cl.top) === pages.pageStart(bottom - 0.01);
      const shifted = shift > 0.01 && onePage ? shift : 0;
      // CSS 2.1 §10.1: a positioned cell is the containing block of its absolutely positioned
      // children as its final padding box, the row's height: they follow their insets, not the content
      const pad = content - f.border.top - f.border.bottom;
      const grown = height - f.border.top - f.border.bottom;
      for (const c of f.children) {
        const dy = c.kind === 'box' && c.positioned && !c.fixed ? insetShift(c.style, pad, grown, shifted) : shifted;
        if (dy) translate(c, 0, dy);
      }
      cl.baseline += shifted;
      f.height = height;
    }
  }

  private baselineOfRow(r: number, placed: Map<CellSlot, CellLayout>): number | undefined {
    let b: number | undefined;
    for (const slot of this.grid.startsAt[r]!) {
      const cl = placed.get(slot);
      if (cl && alignsBaseline(slot.cell.style)) b = Math.max(b ?? -Infinity, cl.baseline);
    }
    return b;
  }

  /**
   * A cell's specified height as a border-box height (CSS 2.1 §17.5.3: a minimum). Its used
   * padding and borders are added under box-sizing: content-box; in the collapsing model those
   * borders are half of each collapsed edge (CSS 2.1 §17.6.2), as Chromium 156 sizes the row.
   * In quirks mode the specified height is the border-box height (Blink's table cell quirk).
   */
  private specifiedHeight(slot: CellSlot): number {
    const s = slot.cell.style;
    const h = fixedHeight(s.height);
    if (h === 0) return 0;
    if (s.boxSizing === 'border-box' || this.ctx.quirksMode === true) return h;
    const used = this.cellBox(slot).style;
    return h + used.padding.top.pt + used.padding.bottom.pt + used.borderWidth.top + used.borderWidth.bottom;
  }

  /**
   * The block container laid out for a cell: the cell's style with the used padding (CSS or the
   * HTML cellpadding), no margins, the width and height the table decides, and in the collapsing
   * model half of each collapsed border (drawn by the grid, not by the cell).
   */
  private cellBox(slot: CellSlot): BlockBox {
    const s = slot.cell.style;
    const p = s.padding;
    const percent = p.top.pct !== 0 || p.right.pct !== 0 || p.bottom.pct !== 0 || p.left.pct !== 0;
    if (slot.box && (!percent || slot.boxBase === this.contentWidth)) return slot.box;
    const halves = this.collapse ? this.grid.cellHalves(slot) : undefined;
    // CSS 2.1 §17.5.1: with border-spacing, a row's and a row group's background show in its cells only
    let background: RGBA | undefined;
    if (this.spaced && s.backgroundColor.a <= 0) {
      const row = this.grid.rows[slot.row]!;
      const bg = row.style.backgroundColor.a > 0 ? row.style.backgroundColor : row.rowGroup?.style.backgroundColor;
      if (bg && bg.a > 0) background = bg;
    }
    // CSS 2.1 §17.6.1.1 empty-cells: hide: no background and no borders around a cell without content
    const hide = !this.collapse && s.emptyCells === 'hide' && isEmptyCell(slot.cell);
    // a percentage padding resolves against the table's content width less the border-spacing
    // at both ends (a vertical one: at one end), as Chromium 156 resolves them
    const base = percent ? { inline: Math.max(0, this.contentWidth - 2 * this.hs), block: Math.max(0, this.contentWidth - this.hs) } : undefined;
    const style = cellStyle(s, { pad: cellPadding(s, this.box.cellPadding, base), halves, background, hide });
    const content = slot.cell.content;
    const out: BlockBox = { kind: 'block', style, element: slot.cell.element ?? content.element, children: content.children };
    slot.box = out; slot.boxBase = this.contentWidth;
    return out;
  }

  // ---- fragments --------------------------------------------------------------------

  /** A row's or row group's style as its fragment paints it: with border-spacing its background colour goes to its cells (cellBox). */
  private partStyle(style: ComputedStyle): ComputedStyle {
    if (!this.spaced || style.backgroundColor.a <= 0) return style;
    let copy = this.partStyles.get(style);
    if (!copy) { copy = { ...style, backgroundColor: TRANSPARENT }; this.partStyles.set(style, copy); }
    return copy;
  }

  /** Row group, row and cell fragments of placed rows, in tree order. */
  private rowFragments(rows: readonly RowLayout[], gridX: number): Fragment[] {
    const out: Fragment[] = [];
    const C = this.grid.columns;
    const x = gridX + (C > 0 ? this.spanLeft(0, C) : 0);
    const width = C > 0 ? this.spanRight(0, C) - this.spanLeft(0, C) : 0;
    let group: BoxFragment | undefined;
    for (const row of rows) {
      const rowBox = this.grid.rows[row.index]!;
      const fragment: BoxFragment = {
        kind: 'box', style: this.partStyle(rowBox.style), element: rowBox.element, x, y: row.top, width, height: row.height,
        border: NO_SIDES, padding: NO_SIDES, children: row.cells.map((c) => c.fragment),
      };
      this.parts.add(fragment);
      const g = rowBox.rowGroup;
      if (!g) { group = undefined; out.push(fragment); continue; }
      if (!group || group.element !== g.element) {
        group = { kind: 'box', style: this.partStyle(g.style), element: g.element, x, y: row.top, width, height: 0, border: NO_SIDES, padding: NO_SIDES, children: [] };
        this.parts.add(group);
        out.push(group);
      }
      group.children.push(fragment);
      group.height = row.top + row.height - group.y;
    }
    return out;
  }

  /** CSS 2.1 §17.6.2 the collapsed borders around one placed row: its top edge, its vertical edges per page piece, its bottom edge. */
  private rowSegments(row: RowLayout, gridX: number, pieces: readonly { top: number; bottom: number }[], pages: Fragmentainer): void {
    if (!this.collapse || !pieces.length) return;
    const { grid } = this;
    const C = grid.columns; const r = row.index;
    // the edge above was drawn already as the bottom of the row before, when that row ends here
    const prev = this.lastBottom;
    if (!prev || prev.line !== r || Math.abs(prev.y - pieces[0]!.top) > 1e-6) this.hEdges(r, r, pieces[0]!.top, false, gridX, pages);
    for (const p of pieces) {
      for (let c = 0; c <= C; c++) {
        const e = grid.vEdge(r, c);
        if (e.width > 0 && p.bottom > p.top) { const x = gridX + this.lineX(c); this.push(x, p.top, x, p.bottom, e); }
      }
    }
    const bottom = pieces[pieces.length - 1]!.bottom;
    this.hEdges(r, r + 1, bottom, true, gridX, pages);
    this.lastBottom = { line: r + 1, y: bottom };
  }

  /** The collapsed edges of horizontal grid line `line` at y, for row r's columns. */
  private hEdges(r: number, line: number, y: number, isBottom: boolean, gridX: number, pages: Fragmentainer): void {
    const { grid } = this;
    const C = grid.columns;
    for (let c = 0; c < C; c++) {
      const e = grid.hEdge(line, c);
      if (e.width <= 0) continue;
      // an edge at a page's end is drawn inside that page
      const yy = isBottom && pages.paginates && pages.atPageStart(y) ? y - e.width / 2 : y;
      // the corners belong to the horizontal edges: they reach over half the widest vertical edge at each end
      const x1 = gridX + this.lineX(c) - (c === 0 ? grid.vEdge(r, 0).width / 2 : 0);
      const x2 = gridX + this.lineX(c + 1) + (c === C - 1 ? grid.vEdge(r, C).width / 2 : 0);
      this.push(x1, yy, x2, yy, e);
    }
  }

  /**
   * Table parts (row groups, rows, cells) of the table flow that continue on a later page are cut
   * into one fragment per page, so that none covers the repeated header or footer between: the
   * first keeps the content (a row group's rows: each on its page's piece), the others carry the
   * background and the side borders (box-decoration-break: slice, so the cut edges have no border).
   */
  private splitAtPages(list: Fragment[], flow: TableFlow): void {
    for (let i = 0; i < list.length; i++) {
      const f = list[i]!;
      if (f.kind !== 'box') continue;
      if (this.parts.has(f)) this.splitAtPages(f.children, flow);
      const first = flow.index(f.y); const last = flow.index(f.y + f.height - 1e-6);
      if (last <= first) continue;
      const end = f.y + f.height;
      const out: BoxFragment[] = [{ ...f, height: flow.startOf(first + 1) - f.y, border: { ...f.border, bottom: 0 } }];
      for (let j = first + 1; j <= last; j++) {
        const top = flow.startOf(j);
        const bottom = j === last ? end : flow.startOf(j + 1);
        out.push({ ...f, y: top, height: bottom - top, children: [], border: { ...f.border, top: 0, bottom: j === last ? f.border.bottom : 0 } });
      }
      if (this.parts.has(f)) {
        // a row group's rows go with the piece on their page (painted after that page's repeated header)
        const kept: Fragment[] = [];
        for (const c of f.children) {
          const j = c.kind === 'box' && this.parts.has(c) ? flow.index(c.y) : first;
          (j > first && j <= last ? out[j - first]!.children : kept).push(c);
        }
        out[0] = { ...out[0]!, children: kept };
      }
      list.splice(i, 1, ...out);
      i += out.length - 1;
    }
  }

  /** Adds a segment of edge border `e`, joined to the previous one when it continues it in the same line and style. */
  private push(x1: number, y1: number, x2: number, y2: number, e: EdgeBorder): void {
    const last = this.segments[this.segments.length - 1];
    if (last && last.width === e.width && last.style === e.style && sameColor(last.color, e.color)) {
      if (last.y1 === last.y2 && y1 === y2 && Math.abs(last.y1 - y1) < 1e-6 && Math.abs(last.x2 - x1) < 1e-6 && x2 >= last.x2) {
        last.x2 = x2; return;
      }
    }
    this.segments.push({ x1, y1, x2, y2, width: e.width, style: e.style, color: e.color });
  }
}

// ---------------------------------------------------------------------------------------

/** What a cell's used style takes besides its computed style (TableLayout.cellBox). */
interface CellStyleInput {
  readonly pad: Sides;
  /** half of each collapsed border (the collapsing model) */
  readonly halves: Sides | undefined;
  /** the row's or row group's background, shown in the cell (separated borders with spacing) */
  readonly background: RGBA | undefined;
  /** empty-cells: hide on an empty cell */
  readonly hide: boolean;
}

interface CellStyleVariant extends CellStyleInput { readonly style: ComputedStyle }

/**
 * The used styles of cells, per computed style: the cells of a long table share a handful of
 * computed styles and of used paddings and borders, so each used style is made once and shared
 * (styles are never mutated), not copied per cell.
 */
const cellStyles = new WeakMap<ComputedStyle, CellStyleVariant[]>();
/** variants kept per computed style (a table whose cells all differ makes them per cell) */
const MAX_CELL_VARIANTS = 32;

const sameSides = (a: Sides | undefined, b: Sides | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.top === b.top && a.right === b.right && a.bottom === b.bottom && a.left === b.left);

/** A cell's style with the used padding (CSS or the HTML cellpadding), no margins, the sizes the table decides, and the input's borders and background. */
function cellStyle(s: ComputedStyle, o: CellStyleInput): ComputedStyle {
  let variants = cellStyles.get(s);
  if (!variants) { variants = []; cellStyles.set(s, variants); }
  for (const v of variants) {
    if (v.hide === o.hide && v.background === o.background && sameSides(v.pad, o.pad) && sameSides(v.halves, o.halves)) return v.style;
  }
  const { pad, halves } = o;
  const pt = (n: number) => ({ pt: n, pct: 0 });
  let style: ComputedStyle = {
    ...s,
    margin: { top: pt(0), right: pt(0), bottom: pt(0), left: pt(0) },
    padding: { top: pt(pad.top), right: pt(pad.right), bottom: pt(pad.bottom), left: pt(pad.left) },
    width: 'auto', minWidth: 'auto', maxWidth: 'none', height: 'auto', minHeight: 'auto', maxHeight: 'none', float: 'none',
    ...(halves ? { borderWidth: { ...halves }, borderStyle: NO_BORDER_STYLE } : {}),
  };
  if (o.background) style = { ...style, backgroundColor: o.background };
  if (o.hide) style = { ...style, backgroundColor: TRANSPARENT, backgroundImage: 'none', borderStyle: NO_BORDER_STYLE };
  if (variants.length < MAX_CELL_VARIANTS) variants.push({ ...o, style });
  return style;
}

const sameColor = (a: RGBA, b: RGBA) => a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;


/** The percentage of a percentage height (of a row or a cell: spannedRowHeights), else 0. */
function percentHeight(h: ComputedStyle['height']): number {
  return h === 'auto' || isKeyword(h) || h.pt !== 0 ? 0 : Math.max(0, h.pct);
}

/** Whether a row's or cell's height is a length or percentage (the row is constrained). */
const specified = (h: ComputedStyle['height']): boolean => h !== 'auto' && !isKeyword(h);

/** A length height in pt (percentages of rows and cells have no definite base here: 0). */
function fixedHeight(h: ComputedStyle['height']): number {
  return h === 'auto' || isKeyword(h) || h.pct ? 0 : Math.max(0, h.pt);
}

const forces = (v: ComputedStyle['breakBefore']) => v === 'page' || v === 'always' || v === 'left' || v === 'right' || v === 'recto' || v === 'verso';

/** CSS 2.1 §17.5.4: every vertical-align value other than top, middle and bottom aligns cells on the row's baseline. */
/** How far an absolutely positioned box moves when its containing block's padding box grows from `from` to `to` high. */
function insetShift(style: ComputedStyle, from: number, to: number, contentShift: number): number {
  if (style.top !== 'auto') return resolve(style.top, to) - resolve(style.top, from);
  if (style.bottom !== 'auto') return (to - resolve(style.bottom, to)) - (from - resolve(style.bottom, from));
  return contentShift;
}

const alignsBaseline = (s: ComputedStyle) => s.verticalAlign !== 'top' && s.verticalAlign !== 'middle' && s.verticalAlign !== 'bottom';

/**
 * CSS 2.1 §17.5.3 the row's baseline: its baseline-aligned cells', else the bottom content edge of
 * its lowest cell (the cells of the row stretched to its height), as Chromium 156 aligns an
 * inline-table whose cells are all vertical-align: middle (the HTML default) on it.
 */
function rowBaseline(row: RowLayout): number | undefined {
  if (row.baseline !== undefined) return row.top + row.baseline;
  let b: number | undefined;
  for (const c of row.cells) {
    const f = c.fragment;
    b = Math.max(b ?? -Infinity, f.y + f.height - f.border.bottom - f.padding.bottom);
  }
  return b;
}

function isEmptyCell(cell: TableCellBox): boolean {
  const empty = (children: BlockBox['children']): boolean => children.every((c) => {
    if (c.kind === 'inlines') return c.children.every((i) => i.kind === 'text' && !/[^ \t\n\r\f]/.test(i.text));
    if (c.kind === 'block') return empty(c.children);
    return false;
  });
  return empty(cell.content.children);
}

/** A copy of a fragment tree (styles, elements, fonts and images shared), for repeated table headers and footers. */
function cloneFragment(f: Fragment): Fragment {
  switch (f.kind) {
    case 'box': return { ...f, children: f.children.map(cloneFragment) };
    case 'line': return { ...f, children: f.children.map((c) => cloneFragment(c) as typeof c) };
    case 'text': case 'inline-box': case 'image': return { ...f };
  }
}

/** whether a box's fragment holds a float (in its own formatting context) */
function holdsFloat(f: BoxFragment): boolean {
  return f.children.some((c) => c.kind === 'box' && (c.float === true || (!c.positioned && holdsFloat(c))));
}

/**
 * The flow y of the baseline of the first in-flow line box inside a fragment (in nested tables too,
 * not in floats), or of the bottom of its first image: where its content's first line ends. A cell whose
 * baseline is synthesized (a table whose rows align no cell on the baseline has its lowest
 * cell's bottom as its baseline) still starts with this line.
 */
function firstLineBaseline(f: BoxFragment): number | undefined {
  for (const c of f.children) {
    if (c.kind === 'line') return c.baseline;
    if (c.kind === 'image') return c.y + c.height;
    if (c.kind !== 'box' || c.float || c.style.position === 'absolute' || c.style.position === 'fixed') continue;
    const b = firstLineBaseline(c);
    if (b !== undefined) return b;
  }
  return undefined;
}

/**
 * Whether the row's content starts past the page end `end`: every cell's first line (or, without
 * lines, its content's end) is there, or one cell's first line or box is (its padding or its
 * orphans pushed it). A break before a cell's first content is a break before the cell (CSS
 * Fragmentation 3 §4.1: no break point lies between a box's content edge and its first child),
 * and the cells of a row start together, so it is a break before the row, as Chromium 156 prints.
 * Floats are not in-flow content: a cell that holds floats and no line does not start past the end
 * (its floats go to the next page by themselves, the row breaks inside).
 */
function startsPastEnd(row: RowLayout, end: number): boolean {
  return row.cells.every((c) => {
    const first = firstLineBaseline(c.fragment);
    return first !== undefined ? first > end + 0.01 : !holdsFloat(c.fragment) && c.top + c.baseline > end + 0.01;
  })
    || row.cells.some((c) => { const s = contentStart(c.fragment); return s !== undefined && s >= end - 0.01; });
}
