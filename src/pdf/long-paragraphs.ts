// Two places where pdfmake's cost grows with the square of a paragraph's length (the issue
// asks for cost linear in document length):
//
// 1. TextInlines.buildInlines first flattens the paragraph's runs with
//    `array.reduce((prev, cur) => prev.concat(...), [])`: a new, one-longer array per run.
//    Here buildInlines is pdfmake 0.3's own code with a flatten that appends in place and
//    gives the same list (including its quirk: an array element without nested arrays is
//    spread as it is, its objects' own `text` arrays left alone).
//
// 2. LayoutBuilder.buildNextLine asks, before taking each inline of a paragraph onto
// the line, `line.hasEnoughSpaceForInline(inlines[0], inlines.slice(1))`: a copy of every
// inline still to come, for every inline placed. A paragraph of n words costs n²/2 copies
// (20,000 words: 2.5 s, 35% of it in that copy; the issue asks for cost linear in length).
// hasEnoughSpaceForInline reads the following inlines only while they are glued to the
// current one (`noNewLine`), up to and including the first that is not. While buildNextLine
// runs, the paragraph's array answers slice(1) with exactly that prefix (or nothing when the
// current inline is not glued), so the answers are the same and the cost is the chain's.
import { pdfmakeInternal, FastPath } from './internals';

interface InlineLike { noNewLine?: boolean; text?: unknown }
interface TextNodeLike { _inlines?: InlineLike[] }
interface LayoutBuilderClass { prototype: { buildNextLine(this: unknown, node: TextNodeLike): unknown } }

const LayoutBuilder = pdfmakeInternal<LayoutBuilderClass>('LayoutBuilder');
const buildNextLine = LayoutBuilder.prototype.buildNextLine;
const fastPath = new FastPath();

/** Switches back to pdfmake's own (quadratic) code, for tests comparing output; returns the previous setting. */
export function setLinearParagraphs(on?: boolean): boolean {
  return fastPath.set(on);
}

const NOTHING_GLUED: readonly InlineLike[] = Object.freeze([]);
/** below this many inlines the copies cost less than installing the shortcut */
const MIN_INLINES = 32;

function gluedSlice(this: InlineLike[], start?: number, end?: number): readonly InlineLike[] {
  if (start !== 1 || end !== undefined) return Array.prototype.slice.call(this, start, end) as InlineLike[];
  if (!this[0]?.noNewLine) return NOTHING_GLUED;
  let last = 1;
  while (last < this.length - 1 && this[last]!.noNewLine) last++;
  return Array.prototype.slice.call(this, 1, last + 1) as InlineLike[];
}

LayoutBuilder.prototype.buildNextLine = function buildNextLineLinear(this: unknown, node: TextNodeLike): unknown {
  const inlines = node?._inlines;
  if (!fastPath.on || !Array.isArray(inlines) || inlines.length < MIN_INLINES) return buildNextLine.call(this, node);
  Object.defineProperty(inlines, 'slice', { value: gluedSlice, configurable: true, writable: true, enumerable: false });
  try {
    return buildNextLine.call(this, node);
  } finally {
    delete (inlines as { slice?: unknown }).slice;
  }
};

// ---- 1. buildInlines with a linear flatten -------------------------------------------------

interface MeasuredInline { width: number; leadingCut: number; trailingCut: number; lineEnd?: boolean }
interface StyleStackClass { getStyleProperty(item: unknown, stack: unknown, property: string, defaultValue: unknown): unknown }
interface TextInlinesProto {
  measure(this: TextInlinesProto, array: unknown[], stack: unknown): MeasuredInline[];
  buildInlines(this: TextInlinesProto, textArray: unknown, stack: unknown): { items: MeasuredInline[]; minWidth: number; maxWidth: number };
}
const TextInlines = pdfmakeInternal<{ prototype: TextInlinesProto }>('TextInlines');
const TextBreaker = pdfmakeInternal<new () => { getBreaks(items: unknown[], stack: unknown): unknown[] }>('TextBreaker');
const StyleContextStack = pdfmakeInternal<StyleStackClass>('StyleContextStack');

/** pdfmake's flattenTextArray, appending in place; an already flat array is given back as it is (text-inlines.ts uses it too). */
export function flatten(array: unknown[]): unknown[] {
  if (isFlat(array)) return array; // its callers only read the list
  const out: unknown[] = [];
  array.forEach((cur) => { // forEach, like reduce, skips holes
    if (Array.isArray(cur)) {
      const items = cur.some(Array.isArray) ? flatten(cur) : cur;
      for (const item of items) out.push(item);
    } else if (Array.isArray((cur as InlineLike).text)) {
      for (const item of flatten((cur as { text: unknown[] }).text)) out.push(item);
    } else {
      out.push(cur);
    }
  });
  return out;
}

/** Whether flatten would give the same elements back: no holes, no arrays, no runs with an array `text`. */
function isFlat(array: unknown[]): boolean {
  for (let i = 0; i < array.length; i++) {
    const cur = array[i];
    if (Array.isArray(cur) || (cur === undefined && !(i in array)) || (typeof cur === 'object' && cur !== null && Array.isArray((cur as InlineLike).text))) return false;
  }
  return true;
}

const originalBuildInlines = TextInlines.prototype.buildInlines;
TextInlines.prototype.buildInlines = function buildInlines(this: TextInlinesProto, textArray: unknown, stack: unknown) {
  if (!fastPath.on) return originalBuildInlines.call(this, textArray, stack);
  const trimmed = (item: { width: number; leadingCut: number; trailingCut: number }) => Math.max(0, item.width - item.leadingCut - item.trailingCut);
  let minWidth = 0;
  let maxWidth = 0;
  let current: { width: number; leadingCut: number; trailingCut: number } | null = null;
  const flat = flatten(Array.isArray(textArray) ? textArray : [textArray]);
  const broken = new TextBreaker().getBreaks(flat, stack);
  const measured = this.measure(broken, stack);
  for (const inline of measured) {
    minWidth = Math.max(minWidth, trimmed(inline));
    current ??= { width: 0, leadingCut: inline.leadingCut, trailingCut: 0 };
    current.width += inline.width;
    current.trailingCut = inline.trailingCut;
    maxWidth = Math.max(maxWidth, trimmed(current));
    if (inline.lineEnd) current = null;
  }
  if (StyleContextStack.getStyleProperty({}, stack, 'noWrap', false)) minWidth = maxWidth;
  return { items: measured, minWidth, maxWidth };
};
