// pdfmake resolves about 25 style properties for every text inline (font, bold, fontSize,
// color, decoration, link, ...) through StyleContextStack.getStyleProperty. For each property
// the item does not set itself, that pushes the item on the stack, allocates a closure, walks
// every style object from the innermost node out to the document and pops again. These
// replacements give the same answers without the push/pop and the closures. Named styles
// (`style: 'x'`, strings on the stack) keep pdfmake's own code path; the engine emits none,
// but a definition may. (A per-level memo of the answers was tried and measured slower on a
// 10-page report: the stacks are only 7-8 levels deep.)
//
// Most of the walks are for properties no node of the document sets at all (decoration,
// link, sup, opacity, ... on a document that has none): toPdf records the keys that occur
// anywhere in the definition (DOCUMENT_KEYS, on its defaultStyle, which pdfmake hands to its
// stacks by reference), and a property outside that set is answered from the default style
// without a walk. What pdfmake itself writes into nodes keeps that answer right: it writes
// fillColor/fillOpacity (table cells), font (SVG) and leadingIndent from the same stack, so
// an absent key gets the default it would have got anyway; background only into section
// nodes, which are never pushed; linkToDestination from pageReference/textReference, so
// recordKey() adds it when those occur.
import { pdfmakeInternal, pdfmakeInternalModule, FastPath } from './internals';

interface StackLike { styleOverrides?: unknown[]; defaultStyle?: Record<string | symbol, unknown> }

/** On a definition's defaultStyle: every key that occurs in any object of the definition. */
export const DOCUMENT_KEYS: unique symbol = Symbol('platen: keys of the definition');
/** Adds a key met in the definition to the set stored under DOCUMENT_KEYS (and what pdfmake derives from it). */
export function recordKey(keys: Set<string>, key: string): void {
  keys.add(key);
  if (key === 'pageReference' || key === 'textReference') keys.add('linkToDestination');
}
interface StyleContextStackClass {
  prototype: { getProperty(this: StackLike, property: string): unknown };
  getStyleProperty(item: unknown, stack: StackLike | undefined, property: string, defaultValue: unknown): unknown;
}

const StyleContextStack = pdfmakeInternal<StyleContextStackClass>('StyleContextStack');
const proto = StyleContextStack.prototype;
const originalGetProperty = proto.getProperty;
const originalGetStyleProperty = StyleContextStack.getStyleProperty.bind(StyleContextStack);

const isValue = (v: unknown): boolean => v !== undefined && v !== null;
const isNamed = (v: unknown): boolean => typeof v === 'string' || v instanceof String;
const fastPath = new FastPath();

proto.getProperty = function getProperty(this: StackLike, property: string): unknown {
  const overrides = this.styleOverrides;
  if (!fastPath.on) return originalGetProperty.call(this, property);
  const keys = this.defaultStyle?.[DOCUMENT_KEYS] as ReadonlySet<string> | undefined;
  if (keys !== undefined && !keys.has(property)) return this.defaultStyle![property];
  if (overrides) {
    for (let i = overrides.length - 1; i >= 0; i--) {
      const item = overrides[i];
      if (isNamed(item)) return originalGetProperty.call(this, property);
      const own = (item as Record<string, unknown>)[property];
      if (isValue(own)) return own;
    }
  }
  return this.defaultStyle && this.defaultStyle[property];
};

StyleContextStack.getStyleProperty = function getStyleProperty(item: unknown, stack: StackLike | undefined, property: string, defaultValue: unknown): unknown {
  if (!fastPath.on) return originalGetStyleProperty(item, stack, property, defaultValue);
  const own = (item as Record<string, unknown>)[property];
  if (isValue(own)) return own;
  if (!stack) return defaultValue;
  // pdfmake pushes the item (and its named styles) before asking the stack; the item's own
  // value is already known to be absent, so only named styles could change the answer
  if (typeof item === 'object' && item !== null && (item as { style?: unknown }).style !== undefined && (item as { section?: unknown }).section === undefined) {
    return originalGetStyleProperty(item, stack, property, defaultValue);
  }
  const value = proto.getProperty.call(stack, property);
  return isValue(value) ? value : defaultValue;
};

/** Switches back to pdfmake's own lookups (tests comparing output); returns the previous setting. */
export function setFastStyleLookups(on?: boolean): boolean {
  return fastPath.set(on);
}

// pdfmake's getNodeMargin (helpers/node.js) runs for every node measured and made three
// closures and an array of four undefineds each time. A node without named styles (`style`)
// gets the same answer here without them: its marginLeft/Top/Right/Bottom (0 for those
// missing) when it has any, replaced by its `margin` (a number made four, a pair made four, an
// array of four as it is), null when nothing is set. Named styles keep pdfmake's own code.
interface MarginNode { style?: unknown; margin?: unknown; marginLeft?: unknown; marginTop?: unknown; marginRight?: unknown; marginBottom?: unknown }
const nodeHelpers = pdfmakeInternalModule<{ getNodeMargin(node: MarginNode, stack: unknown): unknown }>('helpers/node');
const variableType = pdfmakeInternalModule<{ isNumber(v: unknown): boolean }>('helpers/variableType');
const originalGetNodeMargin = nodeHelpers.getNodeMargin;

function convertMargin(margin: unknown): unknown {
  if (variableType.isNumber(margin)) return [margin, margin, margin, margin];
  if (Array.isArray(margin) && margin.length === 2) return [margin[0], margin[1], margin[0], margin[1]];
  return margin;
}

nodeHelpers.getNodeMargin = function getNodeMargin(node: MarginNode, stack: unknown): unknown {
  if (!fastPath.on || node.style) return originalGetNodeMargin(node, stack);
  const { marginLeft: l, marginTop: t, marginRight: r, marginBottom: b } = node;
  let margin: unknown = l !== undefined || t !== undefined || r !== undefined || b !== undefined ? [l ?? 0, t ?? 0, r ?? 0, b ?? 0] : undefined;
  if (node.margin !== undefined) margin = convertMargin(node.margin);
  if (margin === undefined) return null;
  const m = margin as unknown[];
  if (m[0] === undefined && m[1] === undefined && m[2] === undefined && m[3] === undefined) return null;
  return margin;
};

// DocMeasure.measureLeaf copied the whole style stack (a new stack and array) for every text
// node, to push the node on the copy for buildInlines. The node is pushed on the stack itself
// here and popped again: the same levels for the same lookups, and buildInlines keeps no stack.
interface TextLeaf { text?: unknown; _textRef?: { _textNodeRef: { text?: unknown } }; _inlines?: unknown; _minWidth?: number; _maxWidth?: number }
interface DocMeasureLike {
  styleStack: { push(item: unknown): void; pop(howMany?: number): void };
  textInlines: { buildInlines(text: unknown, stack: unknown): { items: unknown; minWidth: number; maxWidth: number } };
}
const DocMeasure = pdfmakeInternal<{ prototype: { measureLeaf(this: DocMeasureLike, node: TextLeaf): TextLeaf } }>('DocMeasure');
const measureLeaf = DocMeasure.prototype.measureLeaf;
DocMeasure.prototype.measureLeaf = function measureLeafInPlace(this: DocMeasureLike, node: TextLeaf): TextLeaf {
  if (!fastPath.on) return measureLeaf.call(this, node);
  if (node._textRef && node._textRef._textNodeRef.text) node.text = node._textRef._textNodeRef.text;
  const stack = this.styleStack;
  stack.push(node);
  let data: { items: unknown; minWidth: number; maxWidth: number };
  try {
    data = this.textInlines.buildInlines(node.text, stack);
  } finally {
    stack.pop();
  }
  node._inlines = data.items;
  node._minWidth = data.minWidth;
  node._maxWidth = data.maxWidth;
  return node;
};

// DocMeasure.measureNode pushed each node through StyleContextStack.auto with a new closure
// (and extendMargins another) for every node measured, twice per layout. The same steps here
// without them: autopush, the node's margin, the measure its kind asks for (pdfmake's order of
// checks), the margins added to the measured widths, pop.
type Measure = (this: DocMeasureNodes, node: MeasuredNode) => MeasuredNode;
interface MeasuredNode { _margin?: number[] | null; _minWidth: number; _maxWidth: number; [key: string]: unknown }
interface DocMeasureNodes {
  styleStack: { autopush(item: unknown): number; pop(howMany?: number): void };
  measureSection: Measure; measureColumns: Measure; measureVerticalContainer: Measure; measureUnorderedList: Measure;
  measureOrderedList: Measure; measureTable: Measure; measureLeaf: Measure; measureToc: Measure; measureImage: Measure;
  measureSVG: Measure; measureCanvas: Measure; measureQr: Measure; measureAttachment: Measure;
}
const nodeStrings = pdfmakeInternalModule<{ stringifyNode(node: unknown): string }>('helpers/node');
const DocMeasureNodes = pdfmakeInternal<{ prototype: { measureNode: Measure } }>('DocMeasure');
const measureNode = DocMeasureNodes.prototype.measureNode;
DocMeasureNodes.prototype.measureNode = function measureNodeOnStack(this: DocMeasureNodes, node: MeasuredNode): MeasuredNode {
  if (!fastPath.on) return measureNode.call(this, node);
  const pushed = this.styleStack.autopush(node);
  node._margin = nodeHelpers.getNodeMargin(node as MarginNode, this.styleStack) as number[] | null;
  let measured: MeasuredNode;
  if (node.section) measured = this.measureSection(node);
  else if (node.columns) measured = this.measureColumns(node);
  else if (node.stack) measured = this.measureVerticalContainer(node);
  else if (node.ul) measured = this.measureUnorderedList(node);
  else if (node.ol) measured = this.measureOrderedList(node);
  else if (node.table) measured = this.measureTable(node);
  else if (node.text !== undefined) measured = this.measureLeaf(node);
  else if (node.toc) measured = this.measureToc(node);
  else if (node.image) measured = this.measureImage(node);
  else if (node.svg) measured = this.measureSVG(node);
  else if (node.canvas) measured = this.measureCanvas(node);
  else if (node.qr) measured = this.measureQr(node);
  else if (node.attachment) measured = this.measureAttachment(node);
  else throw new Error(`Unrecognized document structure: ${nodeStrings.stringifyNode(node)}`);
  const margin = measured._margin;
  if (margin) {
    measured._minWidth += margin[0]! + margin[2]!;
    measured._maxWidth += margin[0]! + margin[2]!;
  }
  if (pushed > 0) this.styleStack.pop(pushed);
  return measured;
};
