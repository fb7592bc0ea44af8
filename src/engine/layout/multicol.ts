// CSS Multi-column Layout 1: a multi-column container's content flows through a sequence of
// column boxes (fragmentainers) of equal width.
//
// §3.4 the used column count and width; §6 column-fill (balance: the shortest column height
// in which the content fits; auto: columns filled one after another); §7.1 column-span: all
// (a spanning child splits the content into column sets above and below it); §4 column-gap and
// column-rule (drawn in the middle of each gap between two columns that hold content); §8
// columns continue on the next page in a new row of columns when a page ends (the last row
// balanced, as Blink prints).
//
// As in Blink's flow thread, the content is laid out once as one anonymous block of the
// column width in a *virtual* flow in which the columns follow each other: column k covers
// [start(k), start(k) + height(k)). The ColumnFlow below is that flow's Fragmentainer, so
// lines, monolithic boxes, `break-inside: avoid` and orphans/widows break between columns with
// the same pagination struts as between pages. Each fragment is then moved to its column;
// a box that spans columns is cut into one fragment per column (box-decoration-break: slice).
import { anonymousStyle } from '../boxes/build';
import type { BlockBox, BlockLevelBox } from '../boxes/types';
import type { ComputedStyle } from '../cascade/computed';
import { EMPTY_STRUT, strutSize, type FloatContext, type FlowResult, type Fragmentainer, type LayoutContext, type MarginStrut, type PendingAbsolute } from './context';
import { NO_SIDES, type BorderSegment, type BoxFragment, type Fragment, type LinkTarget } from './fragments';
import { resolve } from './used';

/** Whether a block container is a multi-column container (CSS Multi-column 1 §2). */
export function isMulticol(style: ComputedStyle): boolean {
  return style.columnCount !== 'auto' || style.columnWidth !== 'auto';
}

/** The content box of a multi-column container and where its content goes. */
export interface ColumnsInput {
  readonly x: number;
  readonly width: number;
  readonly y: number;
  /** the container's used content height, when definite (columns are then no taller: §6) */
  readonly cbHeight: number | undefined;
  readonly floats: FloatContext;
  readonly absolutes: PendingAbsolute[];
  readonly link: LinkTarget | undefined;
  readonly pageName: string;
}

/** CSS Multi-column 1 §3.4: the used column count and width from the available width W. */
export function usedColumns(style: ComputedStyle, available: number): { count: number; width: number; gap: number } {
  const gap = style.columnGap === 'normal' ? style.fontSize : Math.max(0, resolve(style.columnGap, available));
  const W = Math.max(0, available);
  const cw = style.columnWidth;
  const cc = style.columnCount;
  let count: number;
  if (cw === 'auto') count = cc === 'auto' ? 1 : cc;
  else {
    const fit = Math.max(1, Math.floor((W + gap) / (Math.max(cw, 0.01) + gap)));
    count = cc === 'auto' ? fit : Math.min(cc, fit);
  }
  const width = Math.max(0, (W - (count - 1) * gap) / count);
  return { count, width, gap };
}

/** Lays out the children of a multi-column container (`style`) into columns inside its content box. */
export function layoutColumns(style: ComputedStyle, children: readonly BlockLevelBox[], input: ColumnsInput, ctx: LayoutContext): FlowResult {
  const fragments: Fragment[] = [];
  let y = input.y;
  let strut: MarginStrut = EMPTY_STRUT;
  let firstBaseline: number | undefined;
  let lastBaseline: number | undefined;
  const threadStyle = flowThreadStyle(style);
  let run: BlockLevelBox[] = [];
  const flush = () => {
    if (run.length === 0) return;
    y += strutSize(strut); strut = EMPTY_STRUT;
    const remaining = input.cbHeight === undefined ? undefined : Math.max(0, input.y + input.cbHeight - y);
    const set = layoutColumnSet(style, { kind: 'block', style: threadStyle, element: undefined, children: run }, { ...input, y, cbHeight: remaining }, ctx);
    fragments.push(...set.fragments);
    if (set.firstBaseline !== undefined && firstBaseline === undefined) firstBaseline = set.firstBaseline;
    if (set.lastBaseline !== undefined) lastBaseline = set.lastBaseline;
    y = set.bottom;
    run = [];
  };
  for (const child of children) {
    // §7.1 a spanning element: the column set above ends, the element takes the container's width
    if (child.kind !== 'absolute' && child.kind !== 'inlines' && child.style.columnSpan === 'all' && child.style.float === 'none') {
      flush();
      const r = ctx.layoutBlockLevel(child, {
        cbX: input.x, cbWidth: input.width, cbHeight: input.cbHeight, y, marginStrut: strut,
        floats: input.floats, absolutes: input.absolutes, link: input.link, pageName: input.pageName, cbDirection: style.direction, cbTextAlign: style.textAlign,
      }, ctx);
      if (r.fragment) fragments.push(r.fragment);
      if (r.firstBaseline !== undefined && firstBaseline === undefined) firstBaseline = r.firstBaseline;
      if (r.lastBaseline !== undefined) lastBaseline = r.lastBaseline;
      y = r.bottom; strut = r.marginStrut;
      continue;
    }
    run.push(child);
  }
  flush();
  return { fragments, bottom: y, strut, firstBaseline, lastBaseline };
}

/** The anonymous block that carries a multi-column container's content (Blink's flow thread). */
function flowThreadStyle(style: ComputedStyle): ComputedStyle {
  return {
    ...anonymousStyle(style),
    columnCount: 'auto', columnWidth: 'auto', columnSpan: 'none', columnFill: 'balance',
    columnRule: { width: 0, style: 'none', color: style.columnRule.color },
    textDecorationLine: style.textDecorationLine,
  };
}

// ---------------------------------------------------------------------------------------
// One column set: rows of `count` columns (one row per page the set reaches)

interface Row {
  /** the row's top in the real flow */
  readonly top: number;
  /** its column height */
  readonly height: number;
}

/**
 * The virtual flow of a column set as a Fragmentainer: column k of the sequence covers
 * [start(k), start(k) + height(k)), in row ⌊k / count⌋; the last row's columns repeat beyond
 * `count` (overflow columns, to the right of the container: §8.2).
 */
class ColumnFlow implements Fragmentainer {
  readonly paginates = true;
  readonly fragmented = true;
  readonly breaks = 'column';
  private readonly starts: number[] = [];

  constructor(readonly origin: number, readonly rows: readonly Row[], readonly count: number) {}

  /** the row of column k */
  row(k: number): Row { return this.rows[Math.min(Math.floor(k / this.count), this.rows.length - 1)]!; }
  /** the index of column k within its row (overflow columns continue past `count`) */
  slot(k: number): number { const r = Math.floor(k / this.count); return r >= this.rows.length - 1 ? k - (this.rows.length - 1) * this.count : k % this.count; }
  height(k: number): number { return Math.max(1, this.row(k).height); }

  start(k: number): number {
    while (this.starts.length <= k) {
      const n = this.starts.length;
      this.starts.push(n === 0 ? this.origin : this.starts[n - 1]! + this.height(n - 1));
    }
    return this.starts[k]!;
  }

  /** the column holding virtual position y */
  column(y: number): number {
    if (y < this.origin) return 0;
    let k = 0;
    // columns are few; a page of content has at most `count` of them per row
    while (this.start(k + 1) <= y) k++;
    return k;
  }

  pageEnd(y: number): number { return this.start(this.column(y) + 1); }
  pageStart(y: number): number { return this.start(this.column(y)); }
  atPageStart(y: number): boolean { return Math.abs(y - this.pageStart(y + 0.01)) < 0.01; }
  forcedBreak(y: number, occupied = false): number { return this.atPageStart(y) && !occupied ? y : this.pageEnd(y); }
  pageHeight(y: number): number { return this.height(this.column(y)); }

  /** where column k really is: its slot in its row, and what to add to a virtual y in it */
  shift(k: number): { slot: number; dy: number } {
    return { slot: this.slot(k), dy: this.row(k).top - this.start(k) };
  }
}

interface SetResult { readonly fragments: Fragment[]; readonly bottom: number; readonly firstBaseline: number | undefined; readonly lastBaseline: number | undefined }

function layoutColumnSet(style: ComputedStyle, thread: BlockBox, input: ColumnsInput, ctx: LayoutContext): SetResult {
  const { count, width, gap } = usedColumns(style, input.width);
  const top = input.y;
  const layoutThread = (flow: Fragmentainer, c: LayoutContext, absolutes: PendingAbsolute[]) => c.layoutIndependent(thread, {
    x: input.x, y: top, cbWidth: width, cbHeight: undefined, borderBoxWidth: width, absolutes, link: input.link,
  }, { ...c, pages: flow });
  const measureCtx: LayoutContext = { ...ctx, pages: ctx.pages };
  const extentAt = (flow: ColumnFlow): number => {
    const r = layoutThread(flow, measureCtx, []);
    return r.fragment ? contentBottom(r.fragment) : top;
  };
  const fits = (flow: ColumnFlow, lastColumn: number) => extentAt(flow) <= flow.start(lastColumn + 1) + 0.01;

  // the room on the first page (Infinity when the context does not paginate)
  const outer = ctx.pages;
  const pageRoom = outer.paginates ? Math.max(0, outer.pageEnd(top + 0.01) - top) : Infinity;
  const constrained = input.cbHeight;
  const firstRoom = Math.min(pageRoom, constrained ?? Infinity);

  // the content in one column, unbroken: the tallest the balanced columns can be; the shortest
  // is the total over the count, and no less than the tallest piece that does not break (Blink's
  // initial column height)
  const unbroken = layoutThread(new ColumnFlow(top, [{ top, height: 1e7 }], 1), measureCtx, []).fragment;
  const total = Math.max(1, (unbroken ? contentBottom(unbroken) : top) - top);
  const tallest = unbroken ? tallestUnbreakable(unbroken) : 0;
  const least = Math.max(total / count, tallest);

  let rows: Row[];
  const balance = style.columnFill !== 'auto' || constrained === undefined && !outer.paginates;
  if (!balance && Number.isFinite(firstRoom)) {
    // §6 column-fill: auto: each column as tall as the room, filled in turn
    rows = fillRows(top, firstRoom, constrained, outer);
  } else if (least <= firstRoom && fits(new ColumnFlow(top, [{ top, height: Math.min(firstRoom, total) }], count), count - 1)) {
    // §6 balance: the shortest column height at which the content fits in one row
    const h = shortest((h) => fits(new ColumnFlow(top, [{ top, height: h }], count), count - 1), least, Math.min(firstRoom, total));
    rows = [{ top, height: h }];
  } else {
    // the content needs more than the room on this page: full rows on each page, the last balanced
    rows = fillRows(top, firstRoom, constrained, outer);
    const filled = new ColumnFlow(top, rows, count);
    const extent = extentAt(filled);
    const lastRow = Math.min(rows.length - 1, Math.floor(filled.column(Math.max(top, extent - 0.01)) / count));
    rows = rows.slice(0, lastRow + 1);
    if (constrained === undefined && balance && lastRow > 0) {
      const fixed = rows.slice(0, lastRow);
      const last = rows[lastRow]!;
      const ok = (h: number) => fits(new ColumnFlow(top, [...fixed, { top: last.top, height: h }], count), (lastRow + 1) * count - 1);
      if (ok(last.height)) rows = [...fixed, { top: last.top, height: shortest(ok, Math.min(tallest, last.height), last.height) }];
    }
  }

  const flow = new ColumnFlow(top, rows, count);
  // absolutely positioned boxes whose containing block is outside the columns: their static
  // positions move with the column they are in, as the fragments do
  const escaping: PendingAbsolute[] = [];
  const r = layoutThread(flow, ctx, escaping);
  for (const a of escaping) {
    const s = flow.shift(flow.column(a.staticY + 0.01));
    input.absolutes.push({ ...a, staticX: a.staticX + s.slot * (width + gap), staticY: a.staticY + s.dy });
  }
  const out: Fragment[] = [];
  let used = 0;
  if (r.fragment) {
    for (const c of r.fragment.children) {
      for (const [k, piece] of split(c, flow, width + gap)) { out.push(piece); used = Math.max(used, k); }
    }
  }
  const rule = columnRules(style, { x: input.x, width, gap, flow, used });
  if (rule) out.unshift(rule);
  const last = rows[rows.length - 1]!;
  const bottom = constrained !== undefined && rows.length === 1 ? top + constrained : last.top + last.height;
  const k0 = r.firstBaseline !== undefined ? flow.column(r.firstBaseline - 0.01) : 0;
  const kN = r.lastBaseline !== undefined ? flow.column(r.lastBaseline - 0.01) : 0;
  return {
    fragments: out, bottom,
    firstBaseline: r.firstBaseline !== undefined ? r.firstBaseline + flow.shift(k0).dy : undefined,
    lastBaseline: r.lastBaseline !== undefined ? r.lastBaseline + flow.shift(kN).dy : undefined,
  };
}

/** Rows of full-height columns: the room left on this page, then each following page's area (or the container's height). */
function fillRows(top: number, firstRoom: number, constrained: number | undefined, outer: Fragmentainer): Row[] {
  const rows: Row[] = [{ top, height: Math.max(1, firstRoom) }];
  if (constrained !== undefined && constrained <= firstRoom + 0.01) return rows;
  if (!outer.paginates) return rows;
  let left = constrained === undefined ? Infinity : constrained - firstRoom;
  // enough rows for any content: a column set ends at most where its content ends (trimmed by the caller)
  for (let i = 0; i < 200 && left > 0.01; i++) {
    const prev = rows[rows.length - 1]!;
    const t = outer.pageEnd(prev.top + 0.01);
    const h = Math.min(outer.pageHeight(t), left);
    rows.push({ top: t, height: Math.max(1, h) });
    left -= h;
  }
  return rows;
}

/** The smallest h in [lo, hi] for which `ok(h)` holds (ok(hi) holds), to 0.01pt. */
function shortest(ok: (h: number) => boolean, lo: number, hi: number): number {
  lo = Math.max(1, Math.min(lo, hi));
  if (ok(lo)) return lo;
  while (hi - lo > 0.01) {
    const mid = (lo + hi) / 2;
    if (ok(mid)) hi = mid; else lo = mid;
  }
  return hi;
}

/** The bottom of the in-flow content of a fragment (its last line or box, trailing margins excluded). */
function contentBottom(f: BoxFragment): number {
  let bottom = f.y;
  for (const c of f.children) {
    switch (c.kind) {
      case 'box': case 'line': bottom = Math.max(bottom, c.y + c.height); break;
      default: break;
    }
  }
  return bottom;
}

/** The tallest line, image or box that avoids column breaks inside it: no column can be shorter without breaking it. */
function tallestUnbreakable(f: BoxFragment): number {
  let tallest = 0;
  for (const c of f.children) {
    switch (c.kind) {
      case 'line': case 'image': tallest = Math.max(tallest, c.height); break;
      case 'box': {
        const b = c.style.breakInside;
        tallest = Math.max(tallest, b === 'avoid' || b === 'avoid-column' ? c.height : tallestUnbreakable(c));
        break;
      }
      default: break;
    }
  }
  return tallest;
}

/**
 * Moves a fragment of the virtual flow into its column(s): leaves and lines go whole to the
 * column they start in; a box is cut at column ends, one fragment per column it spans.
 * Returns the pieces by column index.
 */
function split(f: Fragment, flow: ColumnFlow, step: number): [number, Fragment][] {
  const move = (g: Fragment, k: number): [number, Fragment] => {
    const s = flow.shift(k);
    translateOwn(g, s.slot * step, s.dy, true);
    return [k, g];
  };
  switch (f.kind) {
    case 'line': return [move(f, flow.column(f.y + 0.01))];
    case 'text': return [move(f, flow.column(f.baseline - 0.01))];
    case 'inline-box': case 'image': return [move(f, flow.column(f.y + 0.01))];
    case 'box': {
      const [k0, k1] = boxColumns(f, flow);
      if (k0 === k1 && !f.children.some((c) => crosses(c, flow, k0))) return [move(f, k0)];
      const byColumn = new Map<number, Fragment[]>();
      for (const c of f.children) {
        for (const [k, piece] of split(c, flow, step)) {
          const list = byColumn.get(k) ?? [];
          list.push(piece);
          byColumn.set(k, list);
        }
      }
      const ks = [...byColumn.keys()];
      const first = Math.min(k0, ...ks); const last = Math.max(k1, ...ks);
      const out: [number, Fragment][] = [];
      for (let k = first; k <= last; k++) {
        const kids = byColumn.get(k) ?? [];
        if (k < k0 || k > k1) { if (kids.length === 0) continue; }
        const colTop = flow.start(k); const colEnd = flow.start(k + 1);
        const t = k <= k0 ? f.y : Math.max(f.y, colTop);
        const b = k >= k1 ? Math.max(t, f.y + f.height) : Math.max(t, Math.min(f.y + f.height, colEnd));
        const s = flow.shift(k);
        const piece: BoxFragment = {
          ...f, x: f.x + s.slot * step, y: t + s.dy, height: k < k0 || k > k1 ? 0 : b - t, children: kids,
          continuesFrom: k > k0 || f.continuesFrom, continuesTo: k < k1 || f.continuesTo,
          collapsedBorders: k === k0 ? f.collapsedBorders : undefined,
        };
        out.push([k, piece]);
      }
      return out;
    }
    default: return [];
  }
}

/**
 * The first and last column a box lies in. A box of no height at the end of a column stays in
 * that column: nothing of it reaches past the end (an empty paragraph whose margins end the
 * content of a column set sits exactly there, and Chromium prints it in the last column, not
 * in an overflow column to the right that would widen the document).
 */
function boxColumns(f: BoxFragment, flow: ColumnFlow): [number, number] {
  if (f.height <= 0.02) {
    const k = flow.column(f.y - 0.01);
    return [k, k];
  }
  const k0 = flow.column(f.y + 0.01);
  return [k0, Math.max(k0, flow.column(f.y + f.height - 0.01))];
}

/** whether a fragment (or something in it) lies outside column k */
function crosses(f: Fragment, flow: ColumnFlow, k: number): boolean {
  switch (f.kind) {
    case 'line': return flow.column(f.y + 0.01) !== k;
    case 'text': return flow.column(f.baseline - 0.01) !== k;
    case 'inline-box': case 'image': return flow.column(f.y + 0.01) !== k;
    case 'box': {
      const [k0, k1] = boxColumns(f, flow);
      return k0 !== k || k1 !== k || f.children.some((c) => crosses(c, flow, k));
    }
    default: return false;
  }
}

/** Moves a fragment by (dx, dy); a box's children too unless they are placed separately. */
function translateOwn(f: Fragment, dx: number, dy: number, deep: boolean): void {
  switch (f.kind) {
    case 'box':
      f.x += dx; f.y += dy;
      if (deep) for (const c of f.children) translateOwn(c, dx, dy, true);
      return;
    case 'line':
      f.x += dx; f.y += dy; f.baseline += dy;
      for (const c of f.children) translateOwn(c, dx, dy, true);
      return;
    case 'text': f.x += dx; f.baseline += dy; return;
    case 'inline-box': case 'image': f.x += dx; f.y += dy; return;
  }
}

/**
 * §4.2 column rules: in the middle of each gap between two columns of a row that both hold
 * content, as tall as the row's columns; an empty box whose segments paint over the
 * container's background and under its content.
 */
function columnRules(style: ComputedStyle, o: { x: number; width: number; gap: number; flow: ColumnFlow; used: number }): BoxFragment | undefined {
  const rule = style.columnRule;
  if (rule.width <= 0 || rule.style === 'none' || rule.style === 'hidden' || rule.color.a <= 0) return undefined;
  const origin = { x: o.x, y: o.flow.origin };
  const segments: BorderSegment[] = [];
  for (let k = 1; k <= o.used; k++) {
    const slot = o.flow.slot(k);
    if (slot === 0) continue;
    const row = o.flow.row(k);
    const x = slot * (o.width + o.gap) - o.gap / 2;
    segments.push({ x1: x, y1: row.top - origin.y, x2: x, y2: row.top + row.height - origin.y, width: rule.width, style: rule.style, color: rule.color });
  }
  if (segments.length === 0) return undefined;
  return {
    kind: 'box', style: { ...flowThreadStyle(style), borderStyle: { top: 'none', right: 'none', bottom: 'none', left: 'none' } }, element: undefined,
    x: origin.x, y: origin.y, width: 0, height: 0, border: NO_SIDES, padding: NO_SIDES, children: [], collapsedBorders: segments,
  };
}
