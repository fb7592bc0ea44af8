// CSS Fragmentation 3 §4.4 orphans and widows, decided while pdfmake places a paragraph.
//
// The engine gives each paragraph of the page flow its `orphans` and `widows` (on the text
// node's headlineLevel, with a few more facts). pdfmake breaks a paragraph wherever the page
// ends; its only hook for changing that is the pageBreakBefore callback, which runs after the
// whole document is laid out and, each time it asks for a break, makes pdfmake lay the whole
// document out again: n such breaks cost n + 1 layouts (the corpus book: 6), so the engine
// had to ration them and long documents got none.
//
// Here the decision is made in the one layout there is: before a paragraph is placed, its
// lines are built (their width does not depend on where they land) and their heights show
// how many fit on this page. If it splits with fewer than `orphans` lines at the bottom, it
// starts on the next page; if fewer than `widows` lines would go over, it breaks earlier so
// that `widows` lines go over, as long as `orphans` stay, else it moves whole. Where the
// engine gave the facts: not in table cells, whose text cannot move without its row. Inside
// unbreakable blocks (headers, footers) and snaking columns pdfmake places the lines as before.
//
// Table rows: a row whose cells are all too short to break with orphans and widows lines on
// both sides cannot break at all (Chromium moves it to the next page whole). The engine gives
// such rows' estimated heights (table.keepRows); before pdfmake begins a row that would not
// fit in what is left of the page (and is under half a page), it moves to the next page, as
// pdfmake itself does between rows in snaking columns (the repeated header rows follow). An
// estimate short of the truth leaves pdfmake's own break inside the row: nothing is lost.
import { pdfmakeInternal } from './internals';

interface LineLike { getHeight(): number }
interface Facts { readonly orphans?: unknown; readonly widows?: unknown }
interface TextNodeLike { headlineLevel?: Facts; pageOrientation?: unknown }
interface ContextLike {
  availableHeight: number; y: number; pageMargins: { top: number; bottom: number }; inSnakingColumns(): boolean;
  getCurrentPage?(): { pageSize: { height: number } } | undefined;
}
interface WriterLike { transactionLevel: number; context(): ContextLike; moveToNextPage(orientation?: unknown): unknown }
interface BuilderLike {
  writer: WriterLike;
  buildNextLine(node: TextNodeLike): LineLike | null | undefined;
  processLeaf(node: TextNodeLike): unknown;
}
interface LayoutBuilderClass { prototype: BuilderLike }

const LayoutBuilder = pdfmakeInternal<LayoutBuilderClass>('LayoutBuilder');
interface TableProcessorLike {
  tableNode: { table: { keepRows?: unknown } };
  headerRows?: number;
  layout: { hLineWhenBroken?: unknown };
  beginRow(rowIndex: number, writer: WriterLike): unknown;
  drawHorizontalLine(rowIndex: number, writer: WriterLike): unknown;
}
const TableProcessor = pdfmakeInternal<{ prototype: TableProcessorLike }>('TableProcessor');
const beginRow = TableProcessor.prototype.beginRow;
const processLeaf = LayoutBuilder.prototype.processLeaf;
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.max(1, Math.floor(v)) : 1);

/** How many of the lines fit in `available` points, placed in order as pdfmake places them. */
function fitting(lines: readonly LineLike[], available: number): number {
  let k = 0;
  for (const line of lines) {
    const h = line.getHeight();
    if (h > available) break;
    available -= h;
    k++;
  }
  return k;
}

/**
 * Where the paragraph's page break goes: before line `at` (0: before the paragraph), or
 * undefined where pdfmake's own break is right (no break, or nothing to improve).
 */
export function orphansWidowsBreak(options: { readonly lines: number; readonly fit: number; readonly orphans: number; readonly widows: number }): number | undefined {
  const { lines, fit, orphans, widows } = options;
  if (fit <= 0 || fit >= lines) return undefined; // it starts on the next page anyway, or fits
  if (fit < orphans) return 0;
  if (lines - fit >= widows) return undefined;
  const earlier = lines - widows;
  return earlier >= orphans ? earlier : 0;
}

LayoutBuilder.prototype.processLeaf = function processLeafWithFragmentation(this: BuilderLike, node: TextNodeLike): unknown {
  const facts = node.headlineLevel;
  const writer = this.writer;
  const context = writer.context();
  if (typeof facts !== 'object' || facts === null || writer.transactionLevel > 0 || context.inSnakingColumns()
    || !(context.y > context.pageMargins.top)) {
    return processLeaf.call(this, node);
  }
  const lines: LineLike[] = [];
  for (let line = this.buildNextLine(node); line; line = this.buildNextLine(node)) lines.push(line);
  const at = orphansWidowsBreak({ lines: lines.length, fit: fitting(lines, context.availableHeight), orphans: count(facts.orphans), widows: count(facts.widows) });
  if (at === 0) writer.moveToNextPage(node.pageOrientation);
  // pdfmake's own placement, handed the lines already built (and the chosen break)
  let next = 0;
  this.buildNextLine = () => {
    if (next === at && at > 0) writer.moveToNextPage(node.pageOrientation);
    return lines[next++] ?? null;
  };
  try {
    return processLeaf.call(this, node);
  } finally {
    delete (this as Partial<BuilderLike>).buildNextLine;
  }
};

TableProcessor.prototype.beginRow = function beginRowKept(this: TableProcessorLike, rowIndex: number, writer: WriterLike): unknown {
  const keep = this.tableNode.table.keepRows;
  const height = Array.isArray(keep) ? keep[rowIndex] as unknown : undefined;
  const context = writer.context();
  if (typeof height === 'number' && height > 0 && rowIndex > (this.headerRows ?? 0) - 1 && height > context.availableHeight
    && writer.transactionLevel === 0 && !context.inSnakingColumns() && context.y > context.pageMargins.top
    && height <= pageRoom(context)) {
    writer.moveToNextPage();
    if (this.layout.hLineWhenBroken !== false && !this.headerRows) this.drawHorizontalLine(rowIndex, writer);
  }
  return beginRow.call(this, rowIndex, writer);
};

/**
 * Half the page area: a kept row is far shorter than a page (three lines or fewer a cell), so
 * the bound only guards against estimates gone wrong; on the fresh page the repeated header
 * rows come first, and whatever still does not fit breaks as pdfmake breaks it.
 */
function pageRoom(context: ContextLike): number {
  const page = context.getCurrentPage?.();
  return page ? (page.pageSize.height - context.pageMargins.top - context.pageMargins.bottom) / 2 : 0;
}
