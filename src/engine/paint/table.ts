// CSS 2.1 §17 tables onto one pdfmake table: column widths from layout/table.ts, cells with
// colspan/rowspan, per-cell padding (as cell margins), backgrounds and vertical-align; border
// lines per grid line (the widest border touching it, §17.6.2 collapsing simplified); header
// rows repeat on every page (thead → headerRows).
import type { TableBox, TableCellBox } from '../boxes/table';
import type { ComputedStyle } from '../cascade/computed';
import { cellPadding } from '../layout/intrinsic';
import { tableColumnWidths } from '../layout/table';
import { usedBlockBox } from '../layout/used';
import type { Painted } from './block';
import { applyBreaks, boxTable, stackChildren } from './block';
import { estimateHeight } from './position';
import type { PaintContext } from './context';
import { GRID_LAYOUT, hexColor, margin, type Fill, type PdfNode, type TableBodyCell, type TableCell, type TableNode } from './nodes';

export function paintTable(box: TableBox, cbWidth: number, ctx: PaintContext): Painted {
  const s = box.style;
  const u0 = usedBlockBox({ ...s, width: 'auto', margin: { ...s.margin, left: autoToZero(s.margin.left), right: autoToZero(s.margin.right) } }, cbWidth);
  const k = s.borderCollapse === 'collapse' ? 0.5 : 1; // half a collapsed border lies outside the border box
  const frame = (u0.border.left + u0.border.right) * k + u0.padding.left + u0.padding.right;
  const available = Math.max(0, cbWidth - u0.marginLeft - u0.marginRight - frame);
  const widths = tableColumnWidths(box, ctx.intrinsic, available);
  const outer = widths.gridWidth + frame;
  const align = box.element.attrs.align?.toLowerCase();
  const centred = (s.margin.left === 'auto' && s.margin.right === 'auto') || align === 'center';
  let ml = u0.marginLeft;
  if (centred) ml = Math.max(0, (cbWidth - outer) / 2);
  else if (s.margin.left === 'auto' || align === 'right') ml = Math.max(0, cbWidth - outer - u0.marginRight);

  // CSS 2.1 §17.4.1 caption-side: captions above or below the grid, as wide as the table
  const captions: PdfNode[] = [];
  for (const cap of box.captions) {
    const w = Math.min(cbWidth - ml, Math.max(outer, ctx.intrinsic.block(cap).min)); // never narrower than its longest word
    const st = stackChildren(cap.children, w, ctx, false);
    if (st.items.length) captions.push({ stack: st.items, margin: margin(ml, 0, cbWidth - ml - w, 0) });
  }
  const parts: PdfNode[] = s.captionSide === 'bottom' ? [] : captions;
  const grid = box.rows.length && box.columnCount ? gridNode(box, widths.columns, ctx) : undefined;
  let node: PdfNode | undefined;
  if (grid) {
    const hasFrame = u0.border.top + u0.border.bottom + u0.border.left + u0.border.right + u0.padding.top + u0.padding.bottom + u0.padding.left + u0.padding.right > 0;
    if (hasFrame && !bordersOnGrid(box) || (s.backgroundColor.a > 0 && s.borderCollapse === 'separate')) {
      node = boxTable(s, { ...u0, contentWidth: widths.gridWidth, marginLeft: ml }, [grid], ctx);
    } else {
      grid.margin = margin(ml, 0, 0, 0);
      node = grid;
    }
  }
  if (node) parts.push(node);
  if (s.captionSide === 'bottom') parts.push(...captions);
  if (!parts.length) return { node: undefined, marginTop: u0.marginTop, marginBottom: u0.marginBottom };
  const result: PdfNode = parts.length === 1 ? parts[0]! : { stack: parts };
  applyBreaks(result, s, s.breakInside === 'auto' ? undefined : estimateHeight(box, ctx, widths.gridWidth), ctx);
  return { node: result, marginTop: u0.marginTop, marginBottom: u0.marginBottom };
}

/**
 * In the collapsing model a thin table border merges with the cells' outer borders: it is drawn
 * as the grid's outer lines. A wide one (or any border in the separated model) is a frame.
 */
function bordersOnGrid(box: TableBox): boolean {
  const b = box.style.borderWidth;
  return box.style.borderCollapse === 'collapse' && Math.max(b.top, b.right, b.bottom, b.left) <= 3 &&
    box.style.padding.top.pt + box.style.padding.bottom.pt + box.style.padding.left.pt + box.style.padding.right.pt === 0;
}

const autoToZero = (v: ComputedStyle['margin']['left']) => (v === 'auto' ? { pt: 0, pct: 0 } : v);

function gridNode(box: TableBox, columns: number[], ctx: PaintContext): TableNode {
  const rows = box.rows;
  const n = box.columnCount;
  const R = rows.length;
  const tb = box.style.borderWidth;
  // grid line widths: the widest border on each line (cells' borders, and in the collapsing
  // model the table's own border on the outer lines)
  const h = new Array<number>(R + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const hStyle = new Array<string>(R + 1).fill('solid');
  const vStyle = new Array<string>(n + 1).fill('solid');
  if (bordersOnGrid(box)) { h[0] = tb.top; h[R] = tb.bottom; v[0] = tb.left; v[n] = tb.right; }
  // (loops, not forEach callbacks: see matchElement in cascade/match.ts on closures made per document)
  for (let r = 0; r < R; r++) {
    for (const c of rows[r]!.cells) {
      const bw = c.style.borderWidth; const bs = c.style.borderStyle;
      const rs = Math.min(c.rowSpan, R - r); const cs = Math.min(c.colSpan, n - c.col);
      widestLine(h, hStyle, r, bw.top, bs.top); widestLine(h, hStyle, r + rs, bw.bottom, bs.bottom);
      widestLine(v, vStyle, c.col, bw.left, bs.left); widestLine(v, vStyle, c.col + cs, bw.right, bs.right);
    }
  }
  // pdfmake lays the vertical lines between its columns: take half of each from each side
  const widths = columns.map((w, j) => Math.max(0.5, w - v[j]! / 2 - v[j + 1]! / 2 - (j === 0 ? v[0]! / 2 : 0) - (j === n - 1 ? v[n]! / 2 : 0)));
  const tableBg = box.style.backgroundColor.a > 0 ? box.style.backgroundColor : undefined;
  const body: TableBodyCell[][] = [];
  // fills go through layout.fillColor: pdfmake overwrites a cell's own fillColor with the one
  // inherited from an enclosing cell when it measures the table
  const fills: (Fill | undefined)[][] = [];
  const heights: (number | 'auto')[] = [];
  const keepRows: number[] = [];
  let anyHeight = false;
  for (let r = 0; r < R; r++) {
    const row = rows[r]!;
    const line: TableBodyCell[] = new Array<TableBodyCell>(n);
    for (let k = 0; k < n; k++) line[k] = {};
    let rowHeight = 0;
    let keep = row.cells.length > 0 ? 0 : -1; // the row's estimated height, or -1: it may break
    const rh = row.style.height;
    if (rh !== 'auto' && !rh.pct) rowHeight = rh.pt;
    for (const c of row.cells) {
      if (c.col >= n) continue;
      const cs = Math.min(c.colSpan, n - c.col);
      let inner = 0;
      for (let k = 0; k < cs; k++) inner += widths[c.col + k]! + (k ? v[c.col + k]! : 0);
      const cellText = { height: 0, breakable: false };
      const outer = ctx.cellText;
      ctx.cellText = cellText;
      const cell = cellNode(c, box, inner, Math.min(c.rowSpan, R - r), cs, ctx);
      ctx.cellText = outer;
      line[c.col] = cell;
      // only cells of text alone are estimated; a row spanning down may break
      if (keep >= 0 && !cellText.breakable && c.rowSpan <= 1 && 'stack' in cell && textOnly(cell.stack)) {
        let height = cellText.height + c.style.borderWidth.top + c.style.borderWidth.bottom + (cell.margin?.[1] ?? 0) + (cell.margin?.[3] ?? 0);
        for (const item of cell.stack) height += (item.margin?.[1] ?? 0) + (item.margin?.[3] ?? 0);
        keep = Math.max(keep, height);
      } else keep = -1;
      const bg = c.style.backgroundColor.a > 0 ? c.style.backgroundColor : row.style.backgroundColor.a > 0 ? row.style.backgroundColor : tableBg;
      if (bg) { fills[r] ??= []; fills[r]![c.col] = { color: hexColor(bg), opacity: bg.a }; }
      const ch = c.style.height;
      if (ch !== 'auto' && !ch.pct) rowHeight = Math.max(rowHeight, ch.pt);
    }
    body.push(line);
    keepRows.push(Math.max(0, keep));
    heights.push(rowHeight > 0 ? rowHeight : 'auto');
    if (rowHeight > 0) anyHeight = true;
  }
  const colorH = new Array<string>(R + 1).fill('#000000');
  const colorV = new Array<string>(n + 1).fill('#000000');
  for (let r = 0; r < R; r++) {
    for (const c of rows[r]!.cells) {
      const bc = c.style.borderColor; const bw = c.style.borderWidth;
      if (bw.top > 0) colorH[r] = hexColor(bc.top);
      if (bw.bottom > 0) colorH[Math.min(R, r + c.rowSpan)] = hexColor(bc.bottom);
      if (bw.left > 0) colorV[c.col] = hexColor(bc.left);
      if (bw.right > 0) colorV[Math.min(n, c.col + c.colSpan)] = hexColor(bc.right);
    }
  }
  if (bordersOnGrid(box)) {
    const bc = box.style.borderColor;
    if (tb.top > 0) colorH[0] = hexColor(bc.top);
    if (tb.bottom > 0) colorH[R] = hexColor(bc.bottom);
    if (tb.left > 0) colorV[0] = hexColor(bc.left);
    if (tb.right > 0) colorV[n] = hexColor(bc.right);
  }
  const node: TableNode = { table: { widths, body, lines: { h, v, hStyle, vStyle, colorH, colorV, fills } }, layout: GRID_LAYOUT };
  if (box.headerRows > 0 && box.headerRows < R) node.table.headerRows = box.headerRows;
  if (rows.some((r) => r.style.breakInside === 'avoid' || r.style.breakInside === 'avoid-page')) node.table.dontBreakRows = true;
  if (anyHeight) node.table.heights = heights;
  if (keepRows.some((k) => k > 0)) node.table.keepRows = keepRows;
  return node;
}

/** Line i of a grid takes the widest border that touches it, and that border's style. */
function widestLine(widths: number[], styles: string[], i: number, w: number, style: string): void {
  if (w > widths[i]!) { widths[i] = w; styles[i] = style; }
}

const textOnly = (items: readonly PdfNode[]): boolean => {
  for (const item of items) if (!('text' in item)) return false;
  return true;
};

function cellNode(c: TableCellBox, box: TableBox, inner: number, rowSpan: number, colSpan: number, ctx: PaintContext): TableCell {
  const s = c.style;
  const pad = cellPadding(s, box.cellPadding);
  const contentWidth = Math.max(1, inner - pad.left - pad.right);
  const st = stackChildren(c.content.children, contentWidth, ctx, false, c.element?.attrs.id);
  const items = st.items;
  if (st.trailingMargin && items.length) {
    const last = items[items.length - 1]!;
    const mg = last.margin ?? [0, 0, 0, 0];
    last.margin = margin(mg[0], mg[1], mg[2], mg[3] + st.trailingMargin);
  }
  if (st.leadingMargin && items.length) {
    const first = items[0]!;
    const mg = first.margin ?? [0, 0, 0, 0];
    first.margin = margin(mg[0], mg[1] + st.leadingMargin, mg[2], mg[3]);
  }
  const stack = items.length ? items : [{ text: [] }];
  const cellMargin = margin(pad.left, pad.top, pad.right, pad.bottom);
  const bw = s.borderWidth;
  const border: TableCell['border'] = [bw.left > 0, bw.top > 0, bw.right > 0, bw.bottom > 0];
  const bc = s.borderColor;
  const borderColor: TableCell['borderColor'] = [hexColor(bc.left), hexColor(bc.top), hexColor(bc.right), hexColor(bc.bottom)];
  // a cell without spans as one literal (keys added later go to a separate property store)
  let cell: TableCell;
  if (rowSpan > 1 || colSpan > 1) {
    cell = { stack, margin: cellMargin };
    if (rowSpan > 1) cell.rowSpan = rowSpan;
    if (colSpan > 1) cell.colSpan = colSpan;
    cell.border = border;
    cell.borderColor = borderColor;
  } else cell = { stack, margin: cellMargin, border, borderColor };
  const va = s.verticalAlign;
  if (va === 'middle') cell.verticalAlignment = 'middle';
  else if (va === 'bottom') cell.verticalAlignment = 'bottom';
  return cell;
}
