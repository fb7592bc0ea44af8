// CSS 2.1 §17.5.2 table width algorithms: §17.5.2.1 fixed table layout and §17.5.2.2
// automatic table layout (as browsers do it: columns start at their min-content width, grow
// towards max-content, then share what is left in proportion to max-content).
import type { TableBox } from '../boxes/table';
import { lengthOr } from '../cascade/computed';
import { cellFrame, type Intrinsic } from './intrinsic';
import { tableGrid } from './table-grid';
import { floorToUnit, resolveAuto, safe } from './used';

export interface UsedTableWidths {
  /** the width of the table's grid (sum of the column widths), pt */
  readonly gridWidth: number;
  /** border-box width of each column, pt */
  readonly columns: number[];
}

export interface TableWidthOptions {
  /** the horizontal border-spacing inside the table's content box (separated borders: n + 1 gaps), pt */
  readonly spacing?: number;
  /**
   * the table's used left and right borders and padding, pt (collapsing model: half of the widest
   * outer collapsed edges, TableGrid.tableHalves)
   */
  readonly frame: number;
  /** the table's min-width and max-width as widths of the grid (the frame and spacing taken off), pt */
  readonly minGrid?: number;
  readonly maxGrid?: number;
  /** what a percentage `width` resolves against, measured as `availableWidth` is (default: `availableWidth`): the containing block's, where floats narrow the available width */
  readonly percentBasis?: number;
}

/** `available`: the width the grid may take (containing block minus the table's margins, borders, padding and spacing). */
export function tableColumnWidths(box: TableBox, intrinsic: Intrinsic, availableWidth: number, options: TableWidthOptions): UsedTableWidths {
  const n = box.columnCount;
  let available = availableWidth;
  const cols = intrinsic.columns(box);
  const frame = options.frame;
  const spacing = options.spacing ?? 0;
  let specified = resolveAuto(box.width, (options.percentBasis ?? available) + frame + spacing);
  if (specified !== undefined && box.style.boxSizing === 'border-box') specified -= frame;
  if (specified !== undefined) specified -= spacing;
  // CSS 2.1 §10.4: max-width, then min-width (a table is never narrower than its columns' minimum)
  if (options.maxGrid !== undefined) {
    if (specified !== undefined) specified = Math.min(specified, options.maxGrid);
    else available = Math.min(available, Math.max(0, options.maxGrid));
  }
  if (options.minGrid !== undefined && specified !== undefined) specified = Math.max(specified, options.minGrid);
  // a table without columns is as wide as specified (its min-width: a caption's), else empty
  if (n === 0) return { gridWidth: safe(Math.max(0, specified ?? 0, options.minGrid ?? 0)), columns: [] };
  // HTML tables treat width as the border box in quirks; keep content box (standards mode)
  const minSum = cols.reduce((a, c) => a + c.min, 0);
  const maxSum = cols.reduce((a, c) => a + Math.max(c.max, c.fixed ?? 0), 0);

  // CSS 2.1 §17.5.2.1: fixed layout for a table whose width is not auto
  if (box.style.tableLayout === 'fixed' && specified !== undefined) {
    const fixed = fixedColumns(box, options.spacing === undefined || n < 2 ? 0 : options.spacing / (n + 1));
    const fixedSum = fixed.reduce((a, c) => a + (c.pct === undefined ? c.fixed ?? 0 : 0), 0);
    const out = fixedColumnWidths(fixed, Math.max(specified, fixedSum, 0)).map(safe);
    return { gridWidth: out.reduce((a, b) => a + b, 0), columns: out };
  }

  let target = specified !== undefined ? Math.max(specified, minSum) : Math.max(minSum, Math.min(available, maxSum));
  // percentage columns make an auto table as wide as they need (capped by the containing block)
  if (specified === undefined) {
    const pctSum = cols.reduce((a, c) => a + (c.pct ?? 0), 0);
    // (and a percentage column's max-content is its percentage of the table: Blink's estimate)
    const pctMax = cols.reduce((a, c) => (c.pct ? Math.max(a, (c.max * 100) / c.pct) : a), 0);
    if (pctSum > 0) target = Math.max(minSum, Math.min(available, Math.max(target, pctMax, cols.reduce((a, c) => a + (c.pct ? 0 : c.max), 0) / Math.max(0.01, 1 - Math.min(pctSum, 99) / 100))));
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
    // CSS Tables 3 §3.9.3 above the max-content guess, as Blink shares it (kAboveMax): auto
    // columns grow in proportion to their max-content; without any, fixed columns in proportion
    // to their widths (in an auto-width table too); else percentage columns in proportion to
    // their percentages (a column held at its minimum above its share included)
    const fixed = cols.map((c, i) => (c.pct === undefined && c.fixed !== undefined ? i : -1)).filter((i) => i >= 0);
    const pct = cols.map((c, i) => (c.pct !== undefined ? i : -1)).filter((i) => i >= 0);
    const pctSum = pct.reduce((a, i) => a + cols[i]!.pct!, 0);
    if (!auto.length && !fixed.length && pctSum > 0) {
      for (const i of pct) out[i]! += (rest * cols[i]!.pct!) / pctSum;
    } else {
      let pool = auto.length ? auto : fixed;
      if (!pool.length) pool = cols.map((_, i) => i);
      const weight = pool.reduce((a, i) => a + out[i]!, 0);
      for (const i of pool) out[i]! += weight > 0 ? (rest * out[i]!) / weight : rest / pool.length;
    }
  } else if (rest < -1e-9) {
    // CSS Tables 3 §3.9.3 (as Blink sizes the guesses): below the specified guess every column
    // starts at its minimum; when percentage columns fit at their share, length columns grow
    // from min towards their width, else percentage columns grow from min towards their share
    const pctGuess = cols.reduce((a, c, i) => a + (c.pct !== undefined ? out[i]! : c.min), 0);
    const lengthsGrow = target >= pctGuess;
    const room = cols.map((c, i) => ((lengthsGrow ? c.pct === undefined && c.fixed !== undefined : c.pct !== undefined) ? out[i]! - c.min : undefined));
    const share = target - (lengthsGrow ? pctGuess : minSum);
    const total = room.reduce<number>((a, r) => a + (r ?? 0), 0);
    const count = room.filter((r) => r !== undefined).length;
    for (let i = 0; i < out.length; i++) {
      const r = room[i]; const c = cols[i]!;
      if (r !== undefined) out[i] = c.min + (total > 0 ? (share * r) / total : share / count);
      else if (!(lengthsGrow && c.pct !== undefined)) out[i] = c.min;
    }
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

/** A column's constraint in fixed table layout: a border-box width, or a percentage with the padding and borders it adds. */
interface FixedColumn {
  readonly fixed?: number;
  readonly pct?: number;
  /** a percentage cell's horizontal padding and borders (content-box sizing), pt */
  readonly extra: number;
}

/**
 * CSS 2.1 §17.5.2.1: the column constraints of a fixed table come from its column elements and
 * then from the cells of its first row only, never from content. As Blink builds them: a <col>
 * width wins over the cell's; a cell's length width is its border box; a cell's percentage keeps
 * its padding and borders on top; a spanning cell's width is shared equally by the columns it
 * spans that have no constraint yet (its percentage without the padding and borders). Percentages
 * adding up to more than 100% are scaled down to 100%.
 */
function fixedColumns(box: TableBox, spacing: number): FixedColumn[] {
  const cols: (FixedColumn | undefined)[] = Array.from({ length: box.columnCount }, (_, i) => {
    const w = box.columnWidths[i];
    if (!w || w === 'auto') return undefined;
    return w.pct ? { pct: w.pct, extra: 0 } : { fixed: Math.max(0, w.pt), extra: 0 };
  });
  const grid = tableGrid(box);
  for (const slot of grid.rows.length ? grid.startsAt[0]! : []) {
    const { cell } = slot;
    const w = lengthOr(cell.style.width, 'auto');
    if (w === 'auto' || cell.col >= cols.length) continue;
    const frame = cellFrame(slot, grid);
    const borderBox = cell.style.boxSizing === 'border-box';
    const end = Math.min(cols.length, cell.col + cell.colSpan);
    if (cell.colSpan === 1) {
      if (cols[cell.col]) continue;
      cols[cell.col] = w.pct ? { pct: w.pct, extra: borderBox ? 0 : frame } : { fixed: Math.max(0, borderBox ? Math.max(w.pt, frame) : w.pt + frame), extra: 0 };
      continue;
    }
    const span = end - cell.col;
    const each = w.pct
      ? { pct: w.pct / span, extra: 0 }
      : { fixed: Math.max(0, (borderBox ? Math.max(w.pt, frame) : w.pt + frame) - spacing * (span - 1)) / span, extra: 0 };
    for (let c = cell.col; c < end; c++) cols[c] ??= each;
  }
  const pctSum = cols.reduce((a, c) => a + (c?.pct ?? 0), 0);
  const k = pctSum > 100 ? 100 / pctSum : 1;
  return cols.map((c) => (c === undefined ? { extra: 0 } : c.pct !== undefined && k !== 1 ? { ...c, pct: c.pct * k } : c));
}

/**
 * The widths of a fixed table's columns in a grid of width `target`, as Blink shares it: length
 * columns take their widths (scaled up to fill what the percentages leave when no column is
 * auto), percentage columns take their share (scaled to fill the rest when no column is auto,
 * scaled down when they do not fit), auto columns share the rest equally. A column whose width
 * is zero is treated as auto but takes nothing unless every column is such a column.
 */
function fixedColumnWidths(cols: readonly FixedColumn[], target: number): number[] {
  const out = cols.map(() => 0);
  const isLength = (c: FixedColumn) => c.pct === undefined && c.fixed !== undefined && c.fixed > 0;
  const isZero = (c: FixedColumn) => c.pct === undefined && c.fixed !== undefined && c.fixed <= 0;
  const pctSize = (c: FixedColumn) => percentWidth(c.pct ?? 0, target) + c.extra;
  let pctTotal = 0; let pctCount = 0; let fixedTotal = 0; let fixedCount = 0; let autos = 0; let zeros = 0;
  for (const c of cols) {
    if (c.pct !== undefined) { pctTotal += pctSize(c); pctCount++; } else if (isLength(c)) { fixedTotal += c.fixed!; fixedCount++; } else if (isZero(c)) zeros++; else autos++;
  }
  let assigned = 0;
  let last = -1;
  if (fixedCount > 0) {
    const targetFixed = Math.max(0, target - pctTotal);
    const scale = (fixedTotal < targetFixed && autos === 0) || fixedTotal > target ? targetFixed / fixedTotal : 1;
    cols.forEach((c, i) => { if (isLength(c)) { out[i] = scale * c.fixed!; assigned += out[i]!; last = i; } });
  }
  if (assigned >= target) return out;
  if (pctCount > 0) {
    const rest = target - assigned;
    const scale = pctTotal > 0 && ((pctTotal < rest && autos === 0) || pctTotal > rest) ? rest / pctTotal : 1;
    cols.forEach((c, i) => { if (c.pct !== undefined) { out[i] = pctTotal > 0 ? scale * pctSize(c) : rest / pctCount; assigned += out[i]!; last = i; } });
  }
  const share = target - assigned;
  const allZero = zeros === cols.length;
  const takers = allZero ? zeros : autos;
  cols.forEach((c, i) => {
    if (c.pct !== undefined || isLength(c) || (isZero(c) && !allZero)) return;
    out[i] = share / takers; assigned += out[i]!; last = i;
  });
  if (last >= 0) out[last]! += target - assigned;
  return out;
}
