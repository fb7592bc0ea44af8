// CSS 2.1 §17.2 table box model: rows, row groups, cells, columns; §17.2.1 anonymous table
// objects (missing rows/cells are generated); §17.5 cell slots with colspan/rowspan.
// HTML presentational attributes of tables that the layout reads: cellpadding.
import { lengthOr, type ComputedStyle, type LengthPctAuto } from '../cascade/computed';
import { nonNegativeInteger } from '../cascade/presentational';
import type { StyledElement, StyledNode } from '../cascade/styled';
import type { BlockBox } from './types';

export interface TableCellBox {
  readonly kind: 'table-cell';
  readonly style: ComputedStyle;
  readonly element: StyledElement | undefined;
  /** the cell's content as a block container */
  readonly content: BlockBox;
  /** the number of grid columns the cell spans (CSS 2.1 §17.5; after merging, see mergeColumns) */
  colSpan: number;
  /**
   * the number of columns the document has the cell span (its colspan): a cell spanning several
   * shares its width constraints out among its columns, never gives them to one column as its own
   * (also when merging leaves it one), and spanning cells are shared out in the order of this span
   */
  readonly documentSpan: number;
  readonly rowSpan: number;
  /** column index of the cell's first slot (CSS 2.1 §17.5) */
  col: number;
  /** specified width (CSS `width`; the HTML `width` attribute is a presentational hint in the cascade) */
  readonly width: LengthPctAuto;
}

export interface TableRowBox {
  readonly style: ComputedStyle;
  readonly element: StyledElement | undefined;
  readonly cells: TableCellBox[];
  readonly group: 'header' | 'body' | 'footer';
  /** the row group element the row belongs to (shared by its rows); undefined for an anonymous group */
  readonly rowGroup: TableRowGroup | undefined;
}

/** A table-header-group, table-row-group or table-footer-group element (CSS 2.1 §17.2). */
export interface TableRowGroup {
  readonly style: ComputedStyle;
  readonly element: StyledElement;
}

export interface TableBox {
  readonly kind: 'table';
  readonly style: ComputedStyle;
  readonly element: StyledElement;
  readonly captions: BlockBox[];
  /** specified column widths from <col>/<colgroup> (index = column) */
  readonly columnWidths: LengthPctAuto[];
  /** CSS 2.1 §17.5.5: the columns whose <col>/<colgroup> has visibility: collapse (index = column) */
  readonly collapsedColumns: boolean[];
  readonly rows: TableRowBox[];
  readonly columnCount: number;
  /** number of leading rows from table-header-groups: repeated on every page */
  readonly headerRows: number;
  /** specified width (CSS `width`; the HTML `width` attribute is a presentational hint in the cascade) */
  readonly width: LengthPctAuto;
  /** HTML cellpadding, pt, when given */
  readonly cellPadding: number | undefined;
}

/** What table building needs from the general box builder. */
export interface TableBuildHooks {
  /** builds an element's content as a block container (the cell or caption) */
  readonly blockContainer: (el: StyledElement, style: ComputedStyle) => BlockBox;
  /** builds an anonymous cell from stray non-cell content inside a row */
  readonly anonymousCell: (nodes: StyledNode[], style: ComputedStyle) => BlockBox | undefined;
  /** the style of an anonymous box (CSS 2.1 §9.2.1.1): the parent's inherited properties, the rest initial */
  readonly anonymousStyle: (parent: ComputedStyle) => ComputedStyle;
}

function spanAttr(el: StyledElement, name: string, max: number): number {
  const raw = el.attrs[name];
  if (raw === undefined) return 1;
  const v = parseInt(raw, 10);
  return Number.isFinite(v) && v >= 1 ? Math.min(v, max) : 1;
}

const isElement = (n: StyledNode): n is StyledElement => n.kind === 'element';
const isBlankText = (n: StyledNode) => n.kind === 'text' && !/[^ \t\n\r\f]/.test(n.text);

/**
 * The rows and captions of one table as its children are read. A class rather than closures
 * made per table: V8 keeps a closure's optimised code only while an instance of it lives, and
 * compiled these again after every full collection (see matchElement in cascade/match.ts).
 */
class TableRows {
  readonly captions: BlockBox[] = [];
  /** specified column widths from <col>/<colgroup> (index = column) */
  readonly columnWidths: LengthPctAuto[] = [];
  readonly collapsedColumns: boolean[] = [];
  readonly header: TableRowBox[] = [];
  readonly body: TableRowBox[] = [];
  readonly footer: TableRowBox[] = [];
  /** top-level children of the table that are not rows or groups, waiting for an anonymous row group */
  private stray: StyledNode[] = [];

  constructor(private readonly table: StyledElement, private readonly hooks: TableBuildHooks) {}

  addRow(rowEl: StyledElement | undefined, rowStyle: ComputedStyle, nodes: readonly StyledNode[], group: TableRowBox['group'], rowGroup?: TableRowGroup): void {
    const cells: TableCellBox[] = [];
    let stray: StyledNode[] = [];
    for (const n of nodes) {
      if (isElement(n) && n.style.display === 'none') continue;
      if (isElement(n) && n.style.display === 'table-cell') {
        this.anonymousCell(stray, rowStyle, cells);
        stray = [];
        const style = n.style;
        const content = this.hooks.blockContainer(n, style);
        const colSpan = spanAttr(n, 'colspan', 1000);
        cells.push({
          kind: 'table-cell', style, element: n, content,
          colSpan, documentSpan: colSpan, rowSpan: spanAttr(n, 'rowspan', 65534), col: 0,
          width: lengthOr(style.width, 'auto'),
        });
      } else stray.push(n);
    }
    this.anonymousCell(stray, rowStyle, cells);
    const target = group === 'header' ? this.header : group === 'footer' ? this.footer : this.body;
    // (a copy made to size: the pushed list keeps 16 spare slots for as long as the boxes live)
    target.push({ style: rowStyle, element: rowEl, cells: cells.slice(), group, rowGroup });
  }

  /** Stray content in a row becomes one anonymous cell (CSS 2.1 §17.2.1), unless it is all white space. */
  private anonymousCell(stray: StyledNode[], rowStyle: ComputedStyle, cells: TableCellBox[]): void {
    if (!stray.length || stray.every(isBlankText)) return;
    // (the cell's style is its own, not the row's: the padding, borders and background of a
    // `display: table` element belong to the table box, as Chromium lays them out)
    const content = this.hooks.anonymousCell(stray, { ...this.hooks.anonymousStyle(rowStyle), display: 'table-cell', verticalAlign: 'baseline' });
    if (content) cells.push({ kind: 'table-cell', style: content.style, element: undefined, content, colSpan: 1, documentSpan: 1, rowSpan: 1, col: 0, width: 'auto' });
  }

  addGroup(nodes: readonly StyledNode[], group: TableRowBox['group'], groupStyle: ComputedStyle, groupEl?: StyledElement): void {
    const rowGroup: TableRowGroup | undefined = groupEl ? { style: groupStyle, element: groupEl } : undefined;
    let strayCells: StyledNode[] = [];
    for (const n of nodes) {
      if (isElement(n) && n.style.display === 'table-row') {
        this.anonymousRow(strayCells, group, groupStyle, rowGroup);
        strayCells = [];
        this.addRow(n, n.style, n.children, group, rowGroup);
      } else if (isElement(n) && n.style.display === 'none') continue;
      else strayCells.push(n);
    }
    this.anonymousRow(strayCells, group, groupStyle, rowGroup);
  }

  /** Stray cells in a row group become one anonymous row, unless they are all white space. */
  private anonymousRow(strayCells: StyledNode[], group: TableRowBox['group'], groupStyle: ComputedStyle, rowGroup: TableRowGroup | undefined): void {
    if (strayCells.length && !strayCells.every(isBlankText)) this.addRow(undefined, { ...this.hooks.anonymousStyle(groupStyle), display: 'table-row' }, strayCells, group, rowGroup);
  }

  /** A top-level child of the table that is no row, group, column or caption. */
  addStray(n: StyledNode): void { this.stray.push(n); }

  /** The stray children so far become one anonymous row group. */
  flushStray(): void {
    if (this.stray.length) this.addGroup(this.stray, 'body', { ...this.hooks.anonymousStyle(this.table.style), display: 'table-row-group' });
    this.stray = [];
  }
}

/** Builds a table box from a display:table element (CSS 2.1 §17.2.1 fix-up applied). */
export function buildTable(el: StyledElement, hooks: TableBuildHooks): TableBox {
  const t = new TableRows(el, hooks);
  const { captions, columnWidths, collapsedColumns, header, body, footer } = t;
  let hasHeader = false; let hasFooter = false;
  for (const n of el.children) {
    if (!isElement(n)) { t.addStray(n); continue; }
    switch (n.style.display) {
      case 'none': break;
      case 'table-caption': t.flushStray(); captions.push(hooks.blockContainer(n, n.style)); break;
      case 'table-column-group': case 'table-column': {
        t.flushStray();
        const cols = n.style.display === 'table-column' ? [n] : n.children.filter(isElement).filter((c) => c.style.display === 'table-column');
        for (const c of cols.length === 0 ? [n] : cols) {
          const w = lengthOr(c.style.width, 'auto');
          for (let i = 0; i < spanAttr(c, 'span', 1000); i++) { columnWidths.push(w); collapsedColumns.push(c.style.visibility === 'collapse'); }
        }
        break;
      }
      // CSS 2.1 §17.2: the first table-header-group in document order is the table's header
      // (placed first wherever it stands), the first table-footer-group its footer (placed last);
      // a later one is an ordinary row group where it stands, as Chromium 156 lays them out
      case 'table-header-group':
        t.flushStray(); t.addGroup(n.children, hasHeader ? 'body' : 'header', n.style, n); hasHeader = true; break;
      case 'table-footer-group':
        t.flushStray(); t.addGroup(n.children, hasFooter ? 'body' : 'footer', n.style, n); hasFooter = true; break;
      case 'table-row-group': t.flushStray(); t.addGroup(n.children, 'body', n.style, n); break;
      case 'table-row': t.flushStray(); t.addRow(n, n.style, n.children, 'body'); break;
      default: t.addStray(n);
    }
  }
  t.flushStray();

  const rows = [...header, ...body, ...footer];
  // CSS 2.1 §17.5: assign cells to slots, honouring row spans from rows above.
  const occupied: number[] = []; // per column: rows still covered by a rowspan from above
  let columnCount = columnWidths.length;
  for (let r = 0; r < rows.length; r++) {
    let c = 0;
    for (const cell of rows[r]!.cells) {
      while ((occupied[c] ?? 0) > 0) c++;
      cell.col = c;
      const rowSpan = Math.min(cell.rowSpan, rows.length - r);
      for (let k = 0; k < cell.colSpan; k++) occupied[c + k] = Math.max(occupied[c + k] ?? 0, rowSpan);
      c += cell.colSpan;
    }
    columnCount = Math.max(columnCount, c, occupied.length);
    for (let k = 0; k < occupied.length; k++) if ((occupied[k] ?? 0) > 0) occupied[k]!--;
  }
  if (el.style.tableLayout !== 'fixed' || lengthOr(el.style.width, 'auto') === 'auto') columnCount = mergeColumns(rows, columnWidths, collapsedColumns, columnCount);
  const cp = nonNegativeInteger(el.attrs.cellpadding);
  return {
    kind: 'table', style: el.style, element: el, captions, columnWidths, collapsedColumns, rows, columnCount,
    headerRows: header.length,
    width: lengthOr(el.style.width, 'auto'),
    cellPadding: cp === undefined ? undefined : cp * 0.75,
  };
}

/**
 * In automatic table layout a column in which no cell starts and whose <col> gives it no width
 * only ever lies inside spanning cells: Chromium (TablesNG's mergeable columns) gives it no width
 * and no border spacing, which is the grid without it. Such columns are removed, the spans of the
 * cells across them shortened, and the column count returned. (Fixed layout keeps every column.)
 */
function mergeColumns(rows: readonly TableRowBox[], columnWidths: LengthPctAuto[], collapsedColumns: boolean[], columnCount: number): number {
  const keep = new Uint8Array(columnCount);
  for (let c = 0; c < columnWidths.length; c++) {
    const w = columnWidths[c]!;
    if (w !== 'auto' && (w.pt !== 0 || w.pct !== 0)) keep[c] = 1;
  }
  for (const row of rows) for (const cell of row.cells) keep[cell.col] = 1;
  // the new index of every column (a merged column takes the index of the kept one before it)
  const index = new Int32Array(columnCount + 1);
  let n = 0;
  for (let c = 0; c < columnCount; c++) { index[c] = n; if (keep[c]) n++; }
  index[columnCount] = n;
  if (n === columnCount) return columnCount;
  for (const row of rows) {
    for (const cell of row.cells) {
      const end = Math.min(columnCount, cell.col + cell.colSpan);
      cell.colSpan = index[end]! - index[cell.col]!;
      cell.col = index[cell.col]!;
    }
  }
  let w = 0;
  for (let c = 0; c < columnWidths.length; c++) {
    if (!keep[c]) continue;
    columnWidths[w] = columnWidths[c]!; collapsedColumns[w] = collapsedColumns[c]!; w++;
  }
  columnWidths.length = Math.min(columnWidths.length, w); collapsedColumns.length = columnWidths.length;
  return n;
}
