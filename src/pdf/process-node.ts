// pdfmake 0.3's LayoutBuilder.processNode made, for every node it lays out (every layout of
// the document), a closure for its margins and one for its content, two closures to reset the
// node's position (decorateNode), and two position objects (getCurrentPosition: eight fields)
// of which it read only `top`, the context's y. Here processNode is pdfmake's own steps in
// pdfmake's order, the margins and the content inline, the top read as the context's y (with
// getCurrentPosition's failure kept when there is no page), and one reset closure per node.
import { pdfmakeInternal, pdfmakeInternalModule, FastPath } from './internals';

interface Context {
  page: number; y: number; availableHeight: number;
  getCurrentPage(): unknown; getCurrentPosition(): { top: number };
  moveDown(offset: number): unknown; addMargin(left: number, right?: number): unknown;
  inSnakingColumns(): boolean; isInNestedNonSnakingGroup(): boolean;
  beginDetachedBlock(): unknown; endDetachedBlock(): unknown;
  moveTo(x: number, y: number): unknown; moveToRelative(x: number, y: number): unknown;
}
interface Writer {
  context(): Context; moveToNextPage(orientation?: unknown): unknown;
  beginVerticalAlignment(alignment: unknown): unknown; endVerticalAlignment(alignment: unknown): unknown;
  beginUnbreakableBlock(): unknown; commitUnbreakableBlock(): unknown;
}
interface Vector { x?: unknown; y?: unknown; x1?: unknown; y1?: unknown; x2?: unknown; y2?: unknown; resetXY?: () => void }
interface LayoutNode {
  x?: unknown; y?: unknown; positions?: unknown[]; resetXY?: () => void; canvas?: unknown; _margin?: number[] | null;
  pageBreak?: unknown; pageOrientation?: unknown; relativePosition?: { x?: number; y?: number }; absolutePosition?: { x?: number; y?: number };
  verticalAlignment?: unknown; unbreakable?: unknown; __height?: number; _span?: unknown;
  stack?: unknown; section?: unknown; columns?: unknown; ul?: unknown; ol?: unknown; table?: unknown; text?: unknown; toc?: unknown;
  image?: unknown; svg?: unknown; qr?: unknown; attachment?: unknown;
}
type Process = (this: Builder, node: LayoutNode) => void;
interface Builder {
  writer: Writer; linearNodeList: LayoutNode[]; verticalAlignmentItemStack: unknown[];
  snakingAwarePageBreak(orientation: unknown): unknown;
  processVerticalContainer: Process; processSection: Process; processColumns: Process; processList(ordered: boolean, node: LayoutNode): void;
  processTable: Process; processLeaf: Process; processToc: Process; processImage: Process; processSVG: Process;
  processCanvas: Process; processQr: Process; processAttachment: Process;
}

const LayoutBuilder = pdfmakeInternal<{ prototype: { processNode(this: Builder, node: LayoutNode, isVerticalAlignmentAllowed?: boolean): void } }>('LayoutBuilder');
const nodeHelpers = pdfmakeInternalModule<{ stringifyNode(node: unknown): string }>('helpers/node');
const processNode = LayoutBuilder.prototype.processNode;
const fastPath = new FastPath();

/** Switches back to pdfmake's own processNode (tests comparing output); returns the previous setting. */
export function setLeanProcessNode(on?: boolean): boolean {
  return fastPath.set(on);
}

/** pdfmake's decorateNode: an empty positions list, and a reset of the node's (and its vectors') coordinates. */
function decorateNode(node: LayoutNode): void {
  const x = node.x;
  const y = node.y;
  node.positions = [];
  if (Array.isArray(node.canvas)) {
    (node.canvas as Vector[]).forEach((vector) => { // forEach, as pdfmake: holes skipped
      const saved = { x: vector.x, y: vector.y, x1: vector.x1, y1: vector.y1, x2: vector.x2, y2: vector.y2 };
      vector.resetXY = () => {
        vector.x = saved.x; vector.y = saved.y; vector.x1 = saved.x1; vector.y1 = saved.y1; vector.x2 = saved.x2; vector.y2 = saved.y2;
      };
    });
  }
  node.resetXY = () => {
    node.x = x;
    node.y = y;
    if (Array.isArray(node.canvas)) (node.canvas as Vector[]).forEach((vector) => vector.resetXY!());
  };
}

/** pdfmake's page breaks before or after a node ('before'/'after', and the Odd/Even variants). */
function pageBreak(builder: Builder, node: LayoutNode, when: 'before' | 'after'): void {
  const kind = node.pageBreak;
  if (kind === when) {
    builder.writer.moveToNextPage(node.pageOrientation);
  } else if (kind === `${when}Odd`) {
    builder.writer.moveToNextPage(node.pageOrientation);
    if ((builder.writer.context().page + 1) % 2 === 1) builder.writer.moveToNextPage(node.pageOrientation);
  } else if (kind === `${when}Even`) {
    builder.writer.moveToNextPage(node.pageOrientation);
    if ((builder.writer.context().page + 1) % 2 === 0) builder.writer.moveToNextPage(node.pageOrientation);
  }
}

/** pdfmake's vertical margin (top or bottom): to the next page (or column) when it does not fit. */
function verticalMargin(builder: Builder, node: LayoutNode, size: number): void {
  const availableHeight = builder.writer.context().availableHeight;
  if (availableHeight - size < 0) {
    builder.writer.context().moveDown(availableHeight);
    if (builder.writer.context().inSnakingColumns() && !builder.writer.context().isInNestedNonSnakingGroup()) {
      builder.snakingAwarePageBreak(node.pageOrientation);
    } else {
      builder.writer.moveToNextPage(node.pageOrientation);
    }
  } else {
    builder.writer.context().moveDown(size);
  }
}

LayoutBuilder.prototype.processNode = function processNodeInline(this: Builder, node: LayoutNode, isVerticalAlignmentAllowed = false): void {
  if (!fastPath.on) return processNode.call(this, node, isVerticalAlignmentAllowed);
  this.linearNodeList.push(node);
  decorateNode(node);
  let prevTop: number | undefined;
  if (this.writer.context().getCurrentPage() !== null) prevTop = this.writer.context().y;
  // applyMargins: breaks before, top and side margins
  const margin = node._margin;
  pageBreak(this, node, 'before');
  const isDetachedBlock = node.relativePosition || node.absolutePosition;
  if (margin && !isDetachedBlock) {
    verticalMargin(this, node, margin[1]!);
    this.writer.context().addMargin(margin[0]!, margin[2]);
  }
  // the content
  const verticalAlignment = node.verticalAlignment;
  let verticalAlignmentBegin: unknown;
  if (isVerticalAlignmentAllowed && verticalAlignment) verticalAlignmentBegin = this.writer.beginVerticalAlignment(verticalAlignment);
  const unbreakable = node.unbreakable;
  if (unbreakable) this.writer.beginUnbreakableBlock();
  const absPosition = node.absolutePosition;
  if (absPosition) {
    this.writer.context().beginDetachedBlock();
    this.writer.context().moveTo(absPosition.x || 0, absPosition.y || 0);
  }
  const relPosition = node.relativePosition;
  if (relPosition) {
    this.writer.context().beginDetachedBlock();
    this.writer.context().moveToRelative(relPosition.x || 0, relPosition.y || 0);
  }
  if (node.stack) this.processVerticalContainer(node);
  else if (node.section) this.processSection(node);
  else if (node.columns) this.processColumns(node);
  else if (node.ul) this.processList(false, node);
  else if (node.ol) this.processList(true, node);
  else if (node.table) this.processTable(node);
  else if (node.text !== undefined) this.processLeaf(node);
  else if (node.toc) this.processToc(node);
  else if (node.image) this.processImage(node);
  else if (node.svg) this.processSVG(node);
  else if (node.canvas) this.processCanvas(node);
  else if (node.qr) this.processQr(node);
  else if (node.attachment) this.processAttachment(node);
  else if (!node._span) throw new Error(`Unrecognized document structure: ${nodeHelpers.stringifyNode(node)}`);
  if (absPosition || relPosition) this.writer.context().endDetachedBlock();
  if (unbreakable) this.writer.commitUnbreakableBlock();
  if (isVerticalAlignmentAllowed && verticalAlignment) {
    this.verticalAlignmentItemStack.push({ begin: verticalAlignmentBegin, end: this.writer.endVerticalAlignment(verticalAlignment) });
  }
  // applyMargins: bottom and side margins, breaks after
  if (margin && !isDetachedBlock) {
    verticalMargin(this, node, margin[3]!);
    this.writer.context().addMargin(-margin[0]!, -margin[2]!);
  }
  pageBreak(this, node, 'after');
  if (prevTop !== undefined) {
    const context = this.writer.context();
    // getCurrentPosition().top, which fails the same way when there is no page
    node.__height = (context.getCurrentPage() === null ? context.getCurrentPosition().top : context.y) - prevTop;
  }
};
