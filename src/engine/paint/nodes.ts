// Typed builders for pdfmake document nodes (DESIGN example 6): every call builds a fresh
// object, because pdfmake writes into the definition it is given. Only the node shapes the
// engine emits are typed here; each carries exactly one content key, never inferred.
import type { RGBA } from '../cascade/computed';

export type Margin = [number, number, number, number]; // left, top, right, bottom

export interface NodeCommon {
  margin?: Margin;
  id?: string;
  pageBreak?: 'before' | 'after';
  unbreakable?: boolean;
  absolutePosition?: { x: number; y: number };
  relativePosition?: { x: number; y: number };
  /** fragmentation facts: orphans and widows for the pdf layer (src/pdf/fragmentation.ts), keep for the pageBreakBefore callback (pdfmake hands this key to it) */
  headlineLevel?: Fragmentation;
}

/** CSS Fragmentation 3 §4 orphans/widows and break-after: avoid, as the paginator sees them. */
export interface Fragmentation {
  readonly orphans: number;
  readonly widows: number;
  /** line height, pt */
  readonly lineHeight: number;
  /** estimated number of lines */
  readonly lines: number;
  /** a heading (or break-after: avoid): not left alone at the bottom of a page */
  keep: boolean;
}

export interface TextRunNode {
  text: string;
  font?: string; bold?: boolean; italics?: boolean; fontSize?: number;
  color?: string; opacity?: number; lineHeight?: number;
  characterSpacing?: number;
  decoration?: 'underline' | 'lineThrough' | 'overline' | ('underline' | 'lineThrough' | 'overline')[];
  decorationColor?: string; decorationStyle?: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
  background?: string;
  link?: string; linkToDestination?: string;
  noWrap?: boolean; preserveLeadingSpaces?: boolean; preserveTrailingSpaces?: boolean;
  sup?: boolean; sub?: boolean;
}

export interface TextNode extends NodeCommon {
  text: TextRunNode[];
  alignment?: 'left' | 'right' | 'center' | 'justify';
  leadingIndent?: number;
  lineHeight?: number;
  preserveLeadingSpaces?: boolean;
}
export interface StackNode extends NodeCommon { stack: PdfNode[] }
export interface ColumnNode { width: number | 'auto' | '*'; stack: PdfNode[] }
export interface ColumnsNode extends NodeCommon { columns: ColumnNode[]; columnGap?: number }
export interface TableCell {
  stack: PdfNode[];
  margin?: Margin;
  colSpan?: number; rowSpan?: number;
  fillColor?: string; fillOpacity?: number;
  border?: [boolean, boolean, boolean, boolean];
  borderColor?: [string, string, string, string];
  verticalAlignment?: 'top' | 'middle' | 'bottom';
}
export type TableBodyCell = TableCell | Record<string, never>; // {} fills a slot covered by a span
export interface TableLayout {
  hLineWidth: (i: number, node: TableNode) => number;
  vLineWidth: (i: number, node: TableNode) => number;
  hLineColor: (i: number, node: TableNode) => string;
  vLineColor: (i: number, node: TableNode) => string;
  hLineStyle?: (i: number, node: TableNode) => { dash: { length: number; space?: number } } | null;
  vLineStyle?: (i: number, node: TableNode) => { dash: { length: number; space?: number } } | null;
  paddingLeft: () => number; paddingRight: () => number; paddingTop: () => number; paddingBottom: () => number;
  fillColor?: (row: number, node: TableNode, col?: number) => string | null;
  fillOpacity?: (row: number, node: TableNode, col?: number) => number;
}
/** A grid's lines (width, style and colour of each horizontal and vertical line) and cell fills (per row and column). */
export interface GridLines {
  readonly h: readonly number[]; readonly v: readonly number[];
  readonly hStyle: readonly string[]; readonly vStyle: readonly string[];
  readonly colorH: readonly string[]; readonly colorV: readonly string[];
  readonly fills: readonly (readonly (Fill | undefined)[] | undefined)[];
}
export interface Fill { readonly color: string; readonly opacity: number }
export interface TableNode extends NodeCommon {
  table: {
    widths: number[]; body: TableBodyCell[][]; headerRows?: number; heights?: (number | 'auto')[]; dontBreakRows?: boolean; keepWithHeaderRows?: number;
    /**
     * Per row, the estimated height of a row that cannot break across pages (CSS Fragmentation
     * 3 §4.4: each of its cells too short to leave orphans and widows lines on either side),
     * which the pdf layer moves whole to the next page when it does not fit; 0: the row may break.
     */
    keepRows?: number[];
    /** what GRID_LAYOUT (below) draws: pdfmake hands the table node to every layout callback */
    lines: GridLines;
  };
  layout: TableLayout;
}
export interface ImageNode extends NodeCommon {
  image: string; width: number; height: number;
  /** scale to cover the box and clip (pdfkit's cover) */
  cover?: { width: number; height: number; align: 'left' | 'center' | 'right'; valign: 'top' | 'center' | 'bottom' };
}
export interface SvgNode extends NodeCommon { svg: string; width: number; height: number }
export type CanvasShape =
  | { type: 'line'; x1: number; y1: number; x2: number; y2: number; lineWidth: number; lineColor: string; dash?: { length: number } }
  | { type: 'rect'; x: number; y: number; w: number; h: number; r?: number; color?: string; fillOpacity?: number; lineWidth?: number; lineColor?: string };
export interface CanvasNode extends NodeCommon { canvas: CanvasShape[] }

export type PdfNode = TextNode | StackNode | ColumnsNode | TableNode | ImageNode | SvgNode | CanvasNode;

/** pdfmake's dash pattern for a dashed or dotted border line of width w; null: solid. */
const borderDash = (style: string, w: number): { dash: { length: number; space: number } } | null =>
  style === 'dashed' ? { dash: { length: Math.max(2, w * 3), space: Math.max(2, w * 3) } }
    : style === 'dotted' ? { dash: { length: Math.max(1, w), space: Math.max(1, w) } }
      : null;

/**
 * Every table's layout: the callbacks read the lines and fills off the table node pdfmake
 * hands them. One set of functions for every table of every document: callbacks made per
 * table kept the paint context alive through the pdf stage (when made in gridNode's scope),
 * and gave pdfmake's table code a new call target per table, which V8 then compiled again.
 */
export const GRID_LAYOUT: TableLayout = {
  hLineWidth: (i, node) => node.table.lines.h[i] ?? 0,
  vLineWidth: (i, node) => node.table.lines.v[i] ?? 0,
  hLineColor: (i, node) => node.table.lines.colorH[i] ?? '#000000',
  vLineColor: (i, node) => node.table.lines.colorV[i] ?? '#000000',
  hLineStyle: (i, node) => borderDash(node.table.lines.hStyle[i] ?? 'solid', node.table.lines.h[i] ?? 0),
  vLineStyle: (i, node) => borderDash(node.table.lines.vStyle[i] ?? 'solid', node.table.lines.v[i] ?? 0),
  paddingLeft: () => 0, paddingRight: () => 0, paddingTop: () => 0, paddingBottom: () => 0,
  fillColor: (row, node, col) => node.table.lines.fills[row]?.[col ?? 0]?.color ?? null,
  fillOpacity: (row, node, col) => node.table.lines.fills[row]?.[col ?? 0]?.opacity ?? 1,
};

const hex2 = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0');
/** '#rrggbb' of a colour (alpha is carried separately as opacity); computed once per colour object. */
export const hexColor = (c: RGBA): string => {
  let hex = hexCache.get(c);
  if (hex === undefined) { hex = `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}`; hexCache.set(c, hex); }
  return hex;
};
// RGBA objects are immutable values shared by computed styles: a weak map keyed by the object
const hexCache = new WeakMap<RGBA, string>();

const m = (n: number) => (Number.isFinite(n) ? Math.round(n * 1000) / 1000 : 0);
export const margin = (l: number, t: number, r: number, b: number): Margin => [m(l), m(t), m(r), m(b)];

export const stack = (items: PdfNode[], extra: NodeCommon = {}): StackNode => ({ stack: items, ...extra });

/** Sets the top margin of a node (the collapsed margin before it). */
export function setMarginTop(node: PdfNode, top: number): void {
  const mg = node.margin ?? [0, 0, 0, 0];
  node.margin = margin(mg[0], mg[1] + top, mg[2], mg[3]);
}
export function setMarginBottom(node: PdfNode, bottom: number): void {
  const mg = node.margin ?? [0, 0, 0, 0];
  node.margin = margin(mg[0], mg[1], mg[2], mg[3] + bottom);
}
export function addMarginLeft(node: PdfNode, left: number): void {
  const mg = node.margin ?? [0, 0, 0, 0];
  node.margin = margin(mg[0] + left, mg[1], mg[2], mg[3]);
}

/** An empty spacer of a given height (a zero-size canvas that takes vertical room). */
export const spacer = (height: number): CanvasNode => ({ canvas: [], margin: margin(0, 0, 0, Math.max(0, height)) });
