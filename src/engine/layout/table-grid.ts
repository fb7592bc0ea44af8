// CSS 2.1 §17.5 the table grid: cell slots with their row and column spans (rowspans clamped to
// their row group, CSS 2.1 §17.2.1) and, in the collapsing border model, the winning border of
// every edge (§17.6.2.1). The grid depends on the table box only: it is made once per table and
// shared by the width measures (layout/intrinsic.ts, layout/table.ts) and the layout.
import type { TableBox, TableCellBox, TableRowBox } from '../boxes/table';
import type { BlockBox } from '../boxes/types';
import type { BorderStyle, ComputedStyle, RGBA } from '../cascade/computed';
import type { Sides } from './fragments';

const grids = new WeakMap<TableBox, TableGrid>();

/** The grid of a table (made once per table box). */
export function tableGrid(box: TableBox): TableGrid {
  let g = grids.get(box);
  if (!g) { g = new TableGrid(box); grids.set(box, g); }
  return g;
}

// The grid: cell slots (CSS 2.1 §17.5) and, in the collapsing model, the winning border of
// every edge (§17.6.2.1).

export interface CellSlot {
  readonly cell: TableCellBox;
  readonly row: number;
  /** one past the last row the cell spans (clamped to its row group: CSS 2.1 §17.2.1) */
  readonly rowEnd: number;
  readonly col: number;
  readonly colEnd: number;
  /** the block container laid out for the cell (TableLayout.cellBox), made when first asked */
  box: BlockBox | undefined;
  /** the table content width the box's percentage padding resolved against (TableLayout.cellBox) */
  boxBase: number;
  /** TableGrid.cellHalves, made when first asked (the column widths and the cell's box both ask) */
  halves: Sides | undefined;
}

/** A resolved border on one edge of the grid; width 0 when no border is drawn there. */
export interface EdgeBorder {
  readonly width: number;
  readonly style: BorderStyle;
  readonly color: RGBA;
  /** CSS 2.1 §17.6.2.1 rule 4: cell 4 > row 3 > row group 2 > column 1 > table 0 */
  readonly origin: number;
}

export const NO_EDGE: EdgeBorder = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 }, origin: -1 };

/** CSS 2.1 §17.6.2.1 rule 3: the style priority of equally wide borders. */
const STYLE_RANK: Record<BorderStyle, number> = {
  hidden: 10, double: 9, solid: 8, dashed: 7, dotted: 6, ridge: 5, outset: 4, groove: 3, inset: 2, none: 0,
};

/** Whether border `b` wins over `a` (CSS 2.1 §17.6.2.1); on a tie the one considered first (further left or up) stays. */
function beats(b: EdgeBorder, a: EdgeBorder): boolean {
  if (a.style === 'hidden') return false;
  if (b.style === 'hidden') return true;
  if (b.width !== a.width) return b.width > a.width;
  if (STYLE_RANK[b.style] !== STYLE_RANK[a.style]) return STYLE_RANK[b.style] > STYLE_RANK[a.style];
  return b.origin > a.origin;
}

type Side = 'top' | 'right' | 'bottom' | 'left';
const sideOf = (style: ComputedStyle, side: Side, origin: number): EdgeBorder => {
  const st = style.borderStyle[side];
  return { width: st === 'none' ? 0 : style.borderWidth[side], style: st, color: style.borderColor[side], origin };
};
const SIDE_INDEX: Record<Side, number> = { top: 0, right: 1, bottom: 2, left: 3 };
/** the winner of two candidate borders (CSS 2.1 §17.6.2.1; `a` was considered first) */
const pick = (a: EdgeBorder, b: EdgeBorder): EdgeBorder => (beats(b, a) ? b : a);

export class TableGrid {
  readonly rows: readonly TableRowBox[];
  readonly columns: number;
  readonly cells: CellSlot[] = [];
  /** the cells starting in each row, in tree order */
  readonly startsAt: CellSlot[][];
  /** the cells whose last row is each row */
  readonly endsAt: CellSlot[][];
  /** slot → index in `cells`, -1 when empty (row-major, R × C) */
  private readonly slots: Int32Array;
  /** per row: whether it is the first / last row of its row group */
  private readonly groupStart: boolean[];
  private readonly groupEnd: boolean[];
  /** collapsed borders: horizontal edges (R + 1) × C and vertical edges R × (C + 1) */
  h: EdgeBorder[] = [];
  v: EdgeBorder[] = [];
  /** the candidate borders of each style met, by side and origin (a table's cells share a few styles) */
  private readonly candidates = new Map<ComputedStyle, EdgeBorder[]>();

  constructor(readonly box: TableBox) {
    const rows = box.rows;
    const R = rows.length; const C = box.columnCount;
    this.rows = rows; this.columns = C;
    this.startsAt = rows.map(() => []);
    this.endsAt = rows.map(() => []);
    this.groupStart = rows.map((r, i) => i === 0 || rows[i - 1]!.rowGroup !== r.rowGroup || rows[i - 1]!.group !== r.group);
    this.groupEnd = rows.map((_, i) => i === R - 1 || this.groupStart[i + 1]!);
    this.slots = new Int32Array(R * C).fill(-1);
    // the end of row r's row group (rowspans stop there), found once per group
    let end = 0;
    for (let r = 0; r < R; r++) {
      if (end <= r) { end = r + 1; while (end < R && !this.groupStart[end]) end++; }
      for (const cell of rows[r]!.cells) {
        if (cell.col >= C) continue;
        const slot: CellSlot = { cell, row: r, rowEnd: Math.min(end, r + cell.rowSpan), col: cell.col, colEnd: Math.min(C, cell.col + cell.colSpan), box: undefined, boxBase: 0, halves: undefined };
        const id = this.cells.length;
        this.cells.push(slot);
        this.startsAt[r]!.push(slot);
        this.endsAt[slot.rowEnd - 1]!.push(slot);
        for (let rr = r; rr < slot.rowEnd; rr++) for (let c = slot.col; c < slot.colEnd; c++) if (this.slots[rr * C + c] === -1) this.slots[rr * C + c] = id;
      }
    }
    if (box.style.borderCollapse === 'collapse') this.resolveCollapsed();
  }

  private slot(r: number, c: number): number {
    return r < 0 || r >= this.rows.length || c < 0 || c >= this.columns ? -1 : this.slots[r * this.columns + c]!;
  }

  /** The border of `style` on `side` as a candidate of `origin` (made once per style, side and origin). */
  private candidate(style: ComputedStyle, side: Side, origin: number): EdgeBorder {
    let list = this.candidates.get(style);
    if (!list) { list = []; this.candidates.set(style, list); }
    const k = SIDE_INDEX[side] * 5 + origin;
    return list[k] ??= sideOf(style, side, origin);
  }

  /** CSS 2.1 §17.6.2.1: the winner of every edge among cell, row, row group and table borders. */
  private resolveCollapsed(): void {
    const R = this.rows.length; const C = this.columns;
    const table = this.box.style;
    const h: EdgeBorder[] = new Array<EdgeBorder>((R + 1) * C);
    for (let r = 0; r <= R; r++) {
      for (let c = 0; c < C; c++) {
        const above = this.slot(r - 1, c); const below = this.slot(r, c);
        if (above >= 0 && above === below) { h[r * C + c] = NO_EDGE; continue; }
        let best = NO_EDGE;
        if (above >= 0) best = pick(best, this.candidate(this.cells[above]!.cell.style, 'bottom', 4));
        if (below >= 0) best = pick(best, this.candidate(this.cells[below]!.cell.style, 'top', 4));
        if (r > 0) best = pick(best, this.candidate(this.rows[r - 1]!.style, 'bottom', 3));
        if (r < R) best = pick(best, this.candidate(this.rows[r]!.style, 'top', 3));
        const gAbove = r > 0 && this.groupEnd[r - 1] ? this.rows[r - 1]!.rowGroup : undefined;
        const gBelow = r < R && this.groupStart[r] ? this.rows[r]!.rowGroup : undefined;
        if (gAbove) best = pick(best, this.candidate(gAbove.style, 'bottom', 2));
        if (gBelow) best = pick(best, this.candidate(gBelow.style, 'top', 2));
        if (r === 0) best = pick(best, this.candidate(table, 'top', 0));
        if (r === R) best = pick(best, this.candidate(table, 'bottom', 0));
        h[r * C + c] = best.style === 'hidden' ? NO_EDGE : best;
      }
    }
    const v: EdgeBorder[] = new Array<EdgeBorder>(R * (C + 1));
    for (let r = 0; r < R; r++) {
      const row = this.rows[r]!;
      for (let c = 0; c <= C; c++) {
        const left = this.slot(r, c - 1); const right = this.slot(r, c);
        if (left >= 0 && left === right) { v[r * (C + 1) + c] = NO_EDGE; continue; }
        let best = NO_EDGE;
        if (left >= 0) best = pick(best, this.candidate(this.cells[left]!.cell.style, 'right', 4));
        if (right >= 0) best = pick(best, this.candidate(this.cells[right]!.cell.style, 'left', 4));
        if (c === 0) {
          best = pick(best, this.candidate(row.style, 'left', 3));
          if (row.rowGroup) best = pick(best, this.candidate(row.rowGroup.style, 'left', 2));
          best = pick(best, this.candidate(table, 'left', 0));
        }
        if (c === C) {
          best = pick(best, this.candidate(row.style, 'right', 3));
          if (row.rowGroup) best = pick(best, this.candidate(row.rowGroup.style, 'right', 2));
          best = pick(best, this.candidate(table, 'right', 0));
        }
        v[r * (C + 1) + c] = best.style === 'hidden' ? NO_EDGE : best;
      }
    }
    this.h = h; this.v = v;
  }

  hEdge(line: number, c: number): EdgeBorder { return this.h[line * this.columns + c] ?? NO_EDGE; }
  vEdge(r: number, line: number): EdgeBorder { return this.v[r * (this.columns + 1) + line] ?? NO_EDGE; }

  /** Half of the collapsed borders around a cell: its used border widths (CSS 2.1 §17.6.2). */
  cellHalves(s: CellSlot): Sides {
    return s.halves ??= this.halvesOf(s);
  }

  private halvesOf(s: CellSlot): Sides {
    let top = 0; let bottom = 0; let left = 0; let right = 0;
    for (let c = s.col; c < s.colEnd; c++) { top = Math.max(top, this.hEdge(s.row, c).width); bottom = Math.max(bottom, this.hEdge(s.rowEnd, c).width); }
    for (let r = s.row; r < s.rowEnd; r++) { left = Math.max(left, this.vEdge(r, s.col).width); right = Math.max(right, this.vEdge(r, s.colEnd).width); }
    return { top: top / 2, right: right / 2, bottom: bottom / 2, left: left / 2 };
  }

  /**
   * Half of the collapsed outer borders: the table's used border widths (CSS 2.1 §17.6.2). The
   * left and right ones are the widest outer edge of any row, as Chromium 156 takes them.
   */
  tableHalves(): Sides {
    const R = this.rows.length; const C = this.columns;
    if (R === 0 || C === 0) { const b = this.box.style.borderWidth; return { top: b.top / 2, right: b.right / 2, bottom: b.bottom / 2, left: b.left / 2 }; }
    let top = 0; let bottom = 0; let left = 0; let right = 0;
    for (let c = 0; c < C; c++) { top = Math.max(top, this.hEdge(0, c).width); bottom = Math.max(bottom, this.hEdge(R, c).width); }
    for (let r = 0; r < R; r++) { left = Math.max(left, this.vEdge(r, 0).width); right = Math.max(right, this.vEdge(r, C).width); }
    return { top: top / 2, right: right / 2, bottom: bottom / 2, left: left / 2 };
  }
}

