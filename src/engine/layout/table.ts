// CSS 2.1 §17.5.2 table width algorithms: §17.5.2.1 fixed table layout and §17.5.2.2
// automatic table layout (as browsers do it: columns start at their min-content width, grow
// towards max-content, then share what is left in proportion to max-content).
import type { TableBox } from '../boxes/table';
import type { Intrinsic } from './intrinsic';
import { floorToUnit, resolve, resolveAuto, safe } from './used';

export interface UsedTableWidths {
  /** the width of the table's grid (sum of the column widths), pt */
  readonly gridWidth: number;
  /** border-box width of each column, pt */
  readonly columns: number[];
}

export interface TableWidthOptions {
  /** the horizontal border-spacing inside the table's content box (separated borders: n + 1 gaps), pt */
  readonly spacing?: number;
  /** the table's min-width and max-width as widths of the grid (the frame and spacing taken off), pt */
  readonly minGrid?: number;
  readonly maxGrid?: number;
}

/** `available`: the width the grid may take (containing block minus the table's margins, borders, padding and spacing). */
export function tableColumnWidths(box: TableBox, intrinsic: Intrinsic, availableWidth: number, options: TableWidthOptions = {}): UsedTableWidths {
  const n = box.columnCount;
  if (n === 0) return { gridWidth: 0, columns: [] };
  let available = availableWidth;
  const cols = intrinsic.columns(box);
  // CSS 2.1 §17.6.2: in the collapsing model half of the outer border lies outside the border box
  const k = box.style.borderCollapse === 'collapse' ? 0.5 : 1;
  const frame = (box.style.borderWidth.left + box.style.borderWidth.right) * k + resolve(box.style.padding.left, available) + resolve(box.style.padding.right, available);
  const spacing = options.spacing ?? 0;
  let specified = resolveAuto(box.width, available + frame + spacing);
  if (specified !== undefined && box.style.boxSizing === 'border-box') specified -= frame;
  if (specified !== undefined) specified -= spacing;
  // CSS 2.1 §10.4: max-width, then min-width (a table is never narrower than its columns' minimum)
  if (options.maxGrid !== undefined) {
    if (specified !== undefined) specified = Math.min(specified, options.maxGrid);
    else available = Math.min(available, Math.max(0, options.maxGrid));
  }
  if (options.minGrid !== undefined && specified !== undefined) specified = Math.max(specified, options.minGrid);
  // HTML tables treat width as the border box in quirks; keep content box (standards mode)
  const minSum = cols.reduce((a, c) => a + c.min, 0);
  const maxSum = cols.reduce((a, c) => a + Math.max(c.max, c.fixed ?? 0), 0);

  if (box.style.tableLayout === 'fixed' && specified !== undefined) {
    const total = Math.max(specified, 0);
    const widths = cols.map((c) => (c.fixed ?? (c.pct !== undefined ? percentWidth(c.pct, total) : undefined)));
    const used = widths.reduce<number>((a, w) => a + (w ?? 0), 0);
    const free = widths.filter((w) => w === undefined).length;
    const share = free ? Math.max(0, total - used) / free : 0;
    const out = widths.map((w) => safe(w ?? share));
    return { gridWidth: out.reduce((a, b) => a + b, 0), columns: out };
  }

  let target = specified !== undefined ? Math.max(specified, minSum) : Math.max(minSum, Math.min(available, maxSum));
  // percentage columns make an auto table as wide as they need (capped by the containing block)
  if (specified === undefined) {
    const pctSum = cols.reduce((a, c) => a + (c.pct ?? 0), 0);
    if (pctSum > 0) target = Math.max(minSum, Math.min(available, Math.max(target, cols.reduce((a, c) => a + (c.pct ? 0 : c.max), 0) / Math.max(0.01, 1 - Math.min(pctSum, 99) / 100))));
  }
  if (options.minGrid !== undefined) target = Math.max(target, options.minGrid);
  const out = cols.map((c) => {
    if (c.pct !== undefined) return Math.max(c.min, percentWidth(c.pct, target));
    if (c.fixed !== undefined) return Math.max(c.min, c.fixed);
    return c.min;
  });
  let rest = target - out.reduce((a, b) => a + b, 0);
  const auto = cols.map((c, i) => (c.pct === undefined && c.fixed === undefined ? i : -1)).filter((i) => i >= 0);
  if (rest > 0 && auto.length) {
    // grow auto columns from min towards max
    const want = auto.reduce((a, i) => a + (cols[i]!.max - out[i]!), 0);
    if (want > 0) {
      const k = Math.min(1, rest / want);
      for (const i of auto) { const g = (cols[i]!.max - out[i]!) * k; out[i]! += g; rest -= g; }
    }
  }
  if (rest > 1e-9) {
    // share the rest: auto columns by max-content, else fixed columns, else every column
    let pool = auto.length ? auto : cols.map((c, i) => (c.pct === undefined ? i : -1)).filter((i) => i >= 0);
    if (!pool.length) pool = cols.map((_, i) => i);
    const weight = pool.reduce((a, i) => a + out[i]!, 0);
    for (const i of pool) out[i]! += weight > 0 ? (rest * out[i]!) / weight : rest / pool.length;
  } else if (rest < -1e-9) {
    // over-constrained (percentages/fixed over the target): shrink what is above min
    const over = out.reduce((a, w, i) => a + Math.max(0, w - cols[i]!.min), 0);
    const k = over > 0 ? Math.min(1, -rest / over) : 0;
    for (let i = 0; i < out.length; i++) out[i]! -= Math.max(0, out[i]! - cols[i]!.min) * k;
  }
  const columns = out.map((w) => Math.max(0, safe(w)));
  return { gridWidth: columns.reduce((a, b) => a + b, 0), columns };
}

/**
 * A percentage column's width: the percentage of the grid width truncated to the layout unit, as
 * Chromium resolves it (LayoutUnit(percent * size / 100)); the auto columns take what the
 * truncation leaves, so an auto column whose content just fits keeps its one line.
 */
const percentWidth = (pct: number, grid: number): number => floorToUnit((pct * grid) / 100);
