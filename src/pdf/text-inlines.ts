// pdfmake turns a text node into inlines in two passes over the words: TextBreaker.getBreaks
// splits every run into words, each a new `{ text }` object given a copy of the run's own
// style keys one assignment at a time; TextInlines.measure then resolves about 25 style
// properties for every word through the style stack (the same answers for every word of a
// run: a word's own keys are its run's) and writes them onto the word one by one, so each
// word grew through some 30 hidden classes and reallocated its property store as it went
// (together about a fifth of the memory a statement allocates, and the laid-out document
// keeps every word alive until it is drawn). Here buildInlines does both passes in one:
// the run's style is resolved once, with the same lookups in the same stack, and each word is
// made whole, as one object literal with the keys measure() writes; the run's other own keys
// are copied after it as before. Words, breaks, glue (`noNewLine`) and widths are pdfmake
// 0.3's own rules (TextBreaker.splitWords/getFirstWord/getLastWord, TextInlines.measure),
// in the same order, so the inlines carry the same values. The words' keys come in another
// order, which nothing reads (pdfmake only copies an inline by its keys, in cloneInline).
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { flatten } from './long-paragraphs';
import { pdfmakeInternal, FastPath } from './internals';

interface FontLike {
  widthOfString(text: string, size: number, features?: unknown): number;
  lineHeight(size: number, includeGap?: boolean): number;
}
interface DocumentLike { provideFont(family: unknown, bold: unknown, italics: unknown): FontLike }
interface MeasuredInline {
  text: string; font: FontLike; fontSize: number; fontFeatures: unknown; characterSpacing: number;
  width: number; height: number; leadingCut: number; trailingCut: number; lineEnd?: boolean; noNewLine?: boolean;
  leadingIndent?: unknown;
}
interface TextInlinesProto {
  pdfDocument: DocumentLike;
  buildInlines(this: TextInlinesProto, textArray: unknown, stack: unknown): { items: MeasuredInline[]; minWidth: number; maxWidth: number };
}
interface StyleStackClass {
  getStyleProperty(item: unknown, stack: unknown, property: string, defaultValue: unknown): unknown;
  copyStyle(source?: unknown, destination?: object): object;
}
interface Break { readonly position: number; readonly required: boolean }
type LineBreakerClass = new (text: string) => { nextBreak(): Break | null };

const TextInlines = pdfmakeInternal<{ prototype: TextInlinesProto }>('TextInlines');
const StyleContextStack = pdfmakeInternal<StyleStackClass>('StyleContextStack');
// the line breaker pdfmake's TextBreaker uses, resolved from pdfmake's own directory
const requireFromPdfmake = createRequire(`${dirname(require.resolve('pdfmake/js/TextBreaker'))}/`);
const LineBreaker = requireFromPdfmake('linebreak') as LineBreakerClass;

const previousBuildInlines = TextInlines.prototype.buildInlines;
const fastPath = new FastPath();

/** Switches back to pdfmake's two passes (tests comparing output); returns the previous setting. */
export function setFusedInlines(on?: boolean): boolean {
  return fastPath.set(on);
}

// ---- TextBreaker's word splitting (pdfmake 0.3 TextBreaker.js, unchanged rules) --------------

interface Word { text: string; lineEnd?: boolean }
const NEW_LINE_AT_END = /\r?\n$|\r$/;

function splitWords(input: unknown, noWrap: unknown, breakAll = false): Word[] {
  const text = input === undefined || input === null ? '' : String(input);
  if (noWrap) return [{ text }];
  if (breakAll) return text.split('').map((c) => (/^\n$|^\r$/.test(c) ? { text: '', lineEnd: true } : { text: c }));
  if (text.length === 0) return [{ text: '' }];
  const words: Word[] = [];
  const breaker = new LineBreaker(text);
  let last = 0;
  let bk: Break | null;
  while ((bk = breaker.nextBreak())) {
    const word = text.slice(last, bk.position);
    if (bk.required || NEW_LINE_AT_END.test(word)) words.push({ text: word.replace(NEW_LINE_AT_END, ''), lineEnd: true });
    else words.push({ text: word });
    last = bk.position;
  }
  return words;
}

function firstWord(words: Word[], noWrap: unknown): string | null {
  let word = words[0];
  if (word === undefined) return null;
  if (noWrap) {
    word = splitWords(word.text, false)[0];
    if (word === undefined) return null;
  }
  return word.text;
}

function lastWord(words: Word[], noWrap: unknown): string | null {
  let word = words[words.length - 1];
  if (word === undefined || word.lineEnd) return null;
  if (noWrap) {
    const split = splitWords(word.text, false);
    word = split[split.length - 1];
    if (word === undefined) return null;
  }
  return word.text;
}

// ---- one run's style, resolved once (TextInlines.measure's lookups, in its order) -----------

interface RunStyle {
  font: FontLike; alignment: unknown; fontSize: number; fontFeatures: unknown; characterSpacing: number; color: unknown;
  decoration: unknown; decorationColor: unknown; decorationStyle: unknown; decorationThickness: unknown; background: unknown;
  link: unknown; linkToPage: unknown; linkToDestination: unknown; noWrap: unknown; opacity: unknown; sup: unknown; sub: unknown;
  height: number; preserveLeadingSpaces: unknown; preserveTrailingSpaces: unknown;
  /** the run's own keys that measure() does not write, copied onto each word after the measured ones */
  extra: [string, unknown][];
  /** the run's own leadingCut (measure keeps a truthy one) */
  leadingCut: number;
  /** the width of ' ', the cut of most words, measured at its first use (NaN before) */
  space: number;
}

/** The keys measure() writes onto every inline: a run's own value for one of these is replaced by the measured one. */
const MEASURED = new Set(['font', 'alignment', 'fontSize', 'fontFeatures', 'characterSpacing', 'color', 'decoration', 'decorationColor',
  'decorationStyle', 'decorationThickness', 'background', 'link', 'linkToPage', 'linkToDestination', 'noWrap', 'opacity', 'sup', 'sub',
  'width', 'height', 'leadingCut', 'trailingCut']);

function resolveRun(doc: DocumentLike, run: unknown, stack: unknown): RunStyle {
  // a string run's words have no keys of their own: an empty item asks the stack alone
  const item = typeof run === 'object' && run !== null && !Array.isArray(run) ? run as Record<string, unknown> : {};
  const get = (property: string, defaultValue: unknown): unknown => StyleContextStack.getStyleProperty(item, stack, property, defaultValue);
  const fontName = get('font', 'Roboto');
  const bold = get('bold', false);
  const italics = get('italics', false);
  const font = doc.provideFont(fontName, bold, italics);
  const alignment = get('alignment', 'left');
  let fontSize = get('fontSize', 12) as number;
  const fontFeatures = get('fontFeatures', null);
  const characterSpacing = get('characterSpacing', 0) as number;
  const color = get('color', 'black');
  const decoration = get('decoration', null);
  const decorationColor = get('decorationColor', null);
  const decorationStyle = get('decorationStyle', null);
  const decorationThickness = get('decorationThickness', null);
  const background = get('background', null);
  const link = get('link', null);
  const linkToPage = get('linkToPage', null);
  const linkToDestination = get('linkToDestination', null);
  const noWrap = get('noWrap', null);
  const opacity = get('opacity', 1);
  const sup = get('sup', false);
  const sub = get('sub', false);
  if (sup || sub) fontSize *= 0.58;
  const lineHeight = get('lineHeight', 1) as number;
  const height = font.lineHeight(fontSize) * lineHeight;
  const preserveLeadingSpaces = get('preserveLeadingSpaces', false);
  const preserveTrailingSpaces = get('preserveTrailingSpaces', false);
  const extra: [string, unknown][] = [];
  if (item !== run) {
    // StyleContextStack.copyStyle's keys: own enumerable keys but text
    for (const key in item) {
      if (key !== 'text' && Object.prototype.hasOwnProperty.call(item, key) && !MEASURED.has(key)) extra.push([key, item[key]]);
    }
  }
  return {
    font, alignment, fontSize, fontFeatures, characterSpacing, color, decoration, decorationColor, decorationStyle, decorationThickness,
    background, link, linkToPage, linkToDestination, noWrap, opacity, sup, sub, height, preserveLeadingSpaces, preserveTrailingSpaces,
    extra, leadingCut: item !== run ? item.leadingCut as number : 0, space: NaN,
  };
}

// ---- the words' widths (TextInlines.widthOfText, and its /^(\s)+/ and /(\s)+$/ cuts) ----------

const widthOfText = (text: string, s: RunStyle): number =>
  s.font.widthOfString(text, s.fontSize, s.fontFeatures) + (s.characterSpacing || 0) * (text.length - 1);

/** A word's leading or trailing white space, text[start, end): one space is measured once per run. */
function widthOfCut(text: string, start: number, end: number, s: RunStyle): number {
  if (end - start === 1 && text.charCodeAt(start) === 32) {
    if (Number.isNaN(s.space)) s.space = widthOfText(' ', s);
    return s.space;
  }
  return widthOfText(text.slice(start, end), s);
}

/** JavaScript's \s */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
    || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

function makeInline(text: string, s: RunStyle, leadingCut: number): MeasuredInline {
  let lead = leadingCut || 0;
  let trail = 0;
  if (text.length > 0) {
    if (!s.preserveLeadingSpaces && isSpace(text.charCodeAt(0))) {
      let end = 1;
      while (end < text.length && isSpace(text.charCodeAt(end))) end++;
      lead += widthOfCut(text, 0, end, s);
    }
    if (!s.preserveTrailingSpaces && isSpace(text.charCodeAt(text.length - 1))) {
      let start = text.length - 1;
      while (start > 0 && isSpace(text.charCodeAt(start - 1))) start--;
      trail = widthOfCut(text, start, text.length, s);
    }
  }
  return {
    text, font: s.font, alignment: s.alignment, fontSize: s.fontSize, fontFeatures: s.fontFeatures, characterSpacing: s.characterSpacing,
    color: s.color, decoration: s.decoration, decorationColor: s.decorationColor, decorationStyle: s.decorationStyle,
    decorationThickness: s.decorationThickness, background: s.background, link: s.link, linkToPage: s.linkToPage,
    linkToDestination: s.linkToDestination, noWrap: s.noWrap, opacity: s.opacity, sup: s.sup, sub: s.sub,
    width: widthOfText(text, s), height: s.height, leadingCut: lead, trailingCut: trail,
    lineEnd: undefined, noNewLine: undefined, x: undefined,
  } as MeasuredInline;
}

// ---- buildInlines -----------------------------------------------------------------------

// ---- the same text measured again when the document is laid out again --------------------
//
// pdfmake lays the whole document out again (preprocess, measure, layout) each time a
// pageBreakBefore callback asks for a break; the engine's orphans/widows/headings callback
// does for most short documents. A text node is then measured again with the same runs in the
// same stack, and gives the same inlines. toPdf puts a map on the definition's defaultStyle
// (which pdfmake hands to every stack) when the definition has such a callback; the first
// measure of a node keeps its inlines with their measured text and width (layout changes the
// inlines it is given: x, split words), later ones get fresh copies made from those. The copy is used only for the
// same text (the same array, or an equal string) in a stack of the same objects.

/** On a definition's defaultStyle when its text nodes' measures are kept (see MEASURED_INLINES). */
export const MEASURED_TEXT: unique symbol = Symbol('platen: measured text nodes');
interface MeasuredText {
  /** the document measured for (its fonts are in the inlines): a definition rendered again is measured afresh */
  readonly doc: DocumentLike;
  readonly text: unknown; readonly stack: readonly unknown[]; readonly minWidth: number; readonly maxWidth: number;
  /**
   * the inlines the first layout was given. Layout changes them (x; text and width of a word it
   * splits) and nothing else, so the measured text and width are kept beside them: a copy of each
   * inline made only when the document is laid out again, which most never are
   */
  readonly items: readonly MeasuredInline[];
  /** text and width of each inline as measured */
  readonly texts: readonly string[]; readonly widths: readonly number[];
  /** whether an inline has keys makeInline does not make (copied by their names then) */
  readonly extraKeys: boolean;
}

/** An inline as it was measured, from the one a layout was given. */
function pristine(known: MeasuredText, k: number): MeasuredInline {
  const copy = copyInline(known.items[k]!, known.extraKeys) as MeasuredInline & { x?: unknown };
  copy.text = known.texts[k]!;
  copy.width = known.widths[k]!;
  if (copy.x !== undefined) copy.x = undefined;
  return copy;
}

/** A fresh inline with the same keys and values: one literal when it has only makeInline's keys. */
function copyInline(i: MeasuredInline, extraKeys: boolean): MeasuredInline {
  if (extraKeys) return { ...i };
  const c = i as MeasuredInline & Record<string, unknown>;
  return {
    text: c.text, font: c.font, alignment: c.alignment, fontSize: c.fontSize, fontFeatures: c.fontFeatures, characterSpacing: c.characterSpacing,
    color: c.color, decoration: c.decoration, decorationColor: c.decorationColor, decorationStyle: c.decorationStyle,
    decorationThickness: c.decorationThickness, background: c.background, link: c.link, linkToPage: c.linkToPage,
    linkToDestination: c.linkToDestination, noWrap: c.noWrap, opacity: c.opacity, sup: c.sup, sub: c.sub,
    width: c.width, height: c.height, leadingCut: c.leadingCut, trailingCut: c.trailingCut,
    lineEnd: c.lineEnd, noNewLine: c.noNewLine, x: c.x,
  } as MeasuredInline;
}
interface StackLike { styleOverrides?: unknown[]; defaultStyle?: Record<string | symbol, unknown> }

/** every property measureText asks the stack for, and what makes pdfmake's lookup take another path */
const READ = ['font', 'bold', 'italics', 'alignment', 'fontSize', 'fontFeatures', 'characterSpacing', 'color', 'decoration', 'decorationColor',
  'decorationStyle', 'decorationThickness', 'background', 'link', 'linkToPage', 'linkToDestination', 'noWrap', 'opacity', 'sup', 'sub',
  'lineHeight', 'preserveLeadingSpaces', 'preserveTrailingSpaces', 'wordBreak', 'leadingIndent', 'style', 'section'];

/**
 * Whether two stacks answer every lookup alike: the same objects, or (pdfmake wraps the
 * document's content array in a new `{ stack }` node at every layout) objects with the same
 * values for everything measureText reads.
 */
function sameStack(a: readonly unknown[], b: readonly unknown[], alike: WeakMap<object, object>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null) return false;
    if (alike.get(x) === y) continue;
    for (const key of READ) if ((x as Record<string, unknown>)[key] !== (y as Record<string, unknown>)[key]) return false;
    alike.set(x, y);
  }
  return true;
}

/** What toPdf puts under MEASURED_TEXT: the measured text nodes, and stack levels found alike between layouts. */
export interface MeasuredTexts { readonly alike: WeakMap<object, object> }
export const measuredTexts = (): MeasuredTexts => ({ alike: new WeakMap() });
/** On a measured text node (the object on top of its stack): its first measure (a symbol: no for...in, Object.keys or JSON sees it). */
const MEASURED_INLINES: unique symbol = Symbol('platen: measured inlines');

/** Runs whose text pdfmake may change between layouts (references to other nodes) are measured afresh. */
const refers = (run: unknown): boolean => typeof run === 'object' && run !== null
  && ((run as { _textRef?: unknown })._textRef !== undefined || (run as { _pageRef?: unknown })._pageRef !== undefined
    || (run as { _tocItemRef?: unknown })._tocItemRef !== undefined);

TextInlines.prototype.buildInlines = function buildInlines(this: TextInlinesProto, textArray: unknown, stack: unknown) {
  if (!fastPath.on) return previousBuildInlines.call(this, textArray, stack);
  const s = stack as StackLike | undefined;
  const measured = s?.defaultStyle?.[MEASURED_TEXT] as MeasuredTexts | undefined;
  const overrides = s?.styleOverrides;
  const top = overrides?.[overrides.length - 1];
  if (measured === undefined || overrides === undefined || typeof top !== 'object' || top === null) {
    const { items, minWidth, maxWidth } = measureText.call(this, textArray, stack);
    return { items, minWidth, maxWidth };
  }
  const known = (top as { [MEASURED_INLINES]?: MeasuredText })[MEASURED_INLINES];
  if (known !== undefined && known.doc === this.pdfDocument && known.text === textArray && sameStack(known.stack, overrides, measured.alike)) {
    const items = new Array<MeasuredInline>(known.items.length);
    for (let k = 0; k < items.length; k++) items[k] = pristine(known, k);
    return { items, minWidth: known.minWidth, maxWidth: known.maxWidth };
  }
  const result = measureText.call(this, textArray, stack);
  const runs = Array.isArray(textArray) ? textArray : [textArray];
  if (!runs.some(refers)) {
    const { items, minWidth, maxWidth, extraKeys } = result;
    const texts = new Array<string>(items.length);
    const widths = new Array<number>(items.length);
    for (let k = 0; k < items.length; k++) { texts[k] = items[k]!.text; widths[k] = items[k]!.width; }
    (top as { [MEASURED_INLINES]?: MeasuredText })[MEASURED_INLINES] = ({ doc: this.pdfDocument, text: textArray, stack: overrides.slice(), items: items.slice(), texts, widths, minWidth, maxWidth, extraKeys });
  }
  return { items: result.items, minWidth: result.minWidth, maxWidth: result.maxWidth };
};

function measureText(this: TextInlinesProto, textArray: unknown, stack: unknown): { items: MeasuredInline[]; minWidth: number; maxWidth: number; extraKeys: boolean } {
  const runs = flatten(Array.isArray(textArray) ? textArray : [textArray]);
  const items: MeasuredInline[] = [];
  let extraKeys = false;
  let last: string | null = null;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i];
    const asItem = run || {};
    const breakAll = StyleContextStack.getStyleProperty(asItem, stack, 'wordBreak', 'normal') === 'break-all';
    const noWrap = StyleContextStack.getStyleProperty(asItem, stack, 'noWrap', false);
    const isObject = typeof run === 'object' && run !== null && !Array.isArray(run) && !(run instanceof String) && !(run instanceof Number);
    let words: Word[];
    if (isObject) {
      const r = run as { text?: unknown; _textRef?: { _textNodeRef: { text?: unknown } } };
      if (r._textRef && r._textRef._textNodeRef.text) r.text = r._textRef._textNodeRef.text;
      words = splitWords(r.text, noWrap, breakAll);
    } else {
      words = splitWords(run, noWrap, breakAll);
    }
    if (last && words.length) {
      if (splitWords(`${last}${firstWord(words, noWrap)}`, false).length === 1) items[items.length - 1]!.noNewLine = true;
    }
    if (words.length) {
      const style = resolveRun(this.pdfDocument, isObject ? run : undefined, stack);
      for (const word of words) {
        let leadingCut = style.leadingCut;
        let leadingIndent: unknown;
        if (items.length === 0) {
          leadingIndent = StyleContextStack.getStyleProperty(isObject ? run : {}, stack, 'leadingIndent', 0);
          if (leadingIndent) leadingCut = -(leadingIndent as number);
        }
        const inline = makeInline(word.text, style, leadingCut);
        if (word.lineEnd) inline.lineEnd = true;
        for (const [key, value] of style.extra) (inline as unknown as Record<string, unknown>)[key] = value;
        if (leadingIndent) inline.leadingIndent = leadingIndent;
        if (style.extra.length > 0 || leadingIndent) extraKeys = true;
        items.push(inline);
      }
    }
    last = i + 1 < runs.length ? lastWord(words, noWrap) : null;
  }
  let minWidth = 0;
  let maxWidth = 0;
  let lineWidth = 0;
  let lineLeadingCut = 0;
  let inLine = false;
  for (const inline of items) {
    minWidth = Math.max(minWidth, Math.max(0, inline.width - inline.leadingCut - inline.trailingCut));
    if (!inLine) { inLine = true; lineWidth = 0; lineLeadingCut = inline.leadingCut; }
    lineWidth += inline.width;
    maxWidth = Math.max(maxWidth, Math.max(0, lineWidth - lineLeadingCut - inline.trailingCut));
    if (inline.lineEnd) inLine = false;
  }
  if (StyleContextStack.getStyleProperty({}, stack, 'noWrap', false)) minWidth = maxWidth;
  return { items, minWidth, maxWidth, extraKeys };
}
