// CSS Lists 3 §4 counters and CSS Generated Content 3 §1 content text. The cascade walks
// the tree in document order, so it keeps the counters. §4.4.1: an element inherits its
// parent's counters, and from its preceding sibling only the names its parent has none of.
// So counter-reset creates an instance scoped to the element, its descendants and (when the
// parent has no counter of that name) its following siblings and theirs; a reset replaces
// the instance a preceding sibling created rather than nesting in it. counter-increment and
// counter-set change the innermost instance (creating one on the element when none is in
// scope). `page`/`pages` belong to layout and are left out here.
import type { ContentItem, ListStyleType } from './computed';
import type { MatchElement } from './match';
import type { ComputedValues } from './properties';
import type { StyledElement, StyledNode } from './styled';

/** The frame of an element whose children created no counter (never written to). */
const NO_FRAME: string[] = [];

export class CounterScopes {
  /** counter name → instances, innermost last */
  private readonly instances = new Map<string, number[]>();
  /** per open element: the counters its children have created (popped when it closes) */
  /** (NO_FRAME until the element's children create a counter: most elements create none) */
  private readonly frames: string[][] = [NO_FRAME];
  /** the counters the element just applied created for itself and its descendants only (open() makes them its frame) */
  private own: string[] = NO_FRAME;

  /** An element's counter-reset, counter-set and counter-increment, in that order (CSS Lists 3 §4.5). */
  apply(reset: readonly { name: string; value: number }[], set: readonly { name: string; value: number }[], increment: readonly { name: string; value: number }[]): void {
    for (const r of reset) {
      const list = this.instances.get(r.name) ?? [];
      const siblings = this.frames[this.frames.length - 1]!;
      if (siblings.includes(r.name)) { list[list.length - 1] = r.value; continue; } // a preceding sibling's: replaced
      list.push(r.value);
      this.instances.set(r.name, list);
      // the parent has a counter of this name: the following siblings keep inheriting that one
      if (list.length > 1) { if (this.own === NO_FRAME) this.own = []; this.own.push(r.name); }
      else this.frame().push(r.name);
    }
    for (const s of set) {
      const [list, at] = this.innermost(s.name);
      list[at] = s.value;
    }
    for (const i of increment) {
      const [list, at] = this.innermost(i.name);
      list[at] = list[at]! + i.value;
    }
  }

  /** Children of the element just applied start here. */
  open(): void {
    this.frames.push(this.own);
    this.own = NO_FRAME;
  }

  /** The element closes: counters its children created go out of scope. */
  close(): void {
    const frame = this.frames.pop() ?? NO_FRAME;
    for (const name of frame) this.instances.get(name)?.pop();
  }

  /** The innermost frame, to add a counter to. */
  private frame(): string[] {
    const at = this.frames.length - 1;
    let frame = this.frames[at]!;
    if (frame === NO_FRAME) { frame = []; this.frames[at] = frame; }
    return frame;
  }

  value(name: string): number {
    const list = this.instances.get(name);
    return list && list.length ? list[list.length - 1]! : 0;
  }

  /** every counter in scope, innermost last (CSS GCPM 3 §2.2: what target-counter() reads at an element) */
  snapshot(): ReadonlyMap<string, readonly number[]> | undefined {
    let out: Map<string, readonly number[]> | undefined;
    for (const [name, list] of this.instances) if (list.length) (out ??= new Map()).set(name, [...list]);
    return out;
  }

  values(name: string): number[] {
    const list = this.instances.get(name);
    return list && list.length ? [...list] : [0];
  }

  private innermost(name: string): [number[], number] {
    let list = this.instances.get(name);
    if (!list || list.length === 0) {
      // no instance in scope: the element instantiates one (CSS Lists 3 §4.4)
      list = [0];
      this.instances.set(name, list);
      this.frame().push(name);
    }
    return [list, list.length - 1];
  }
}

const ROMAN: [number, string][] = [[1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'], [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i']];

function roman(n: number): string {
  if (n <= 0 || n >= 4000) return String(n);
  let out = '';
  for (const [v, s] of ROMAN) while (n >= v) { out += s; n -= v; }
  return out;
}

function alphabetic(n: number, letters: string): string {
  if (n <= 0) return String(n);
  let out = '';
  while (n > 0) { n--; out = letters[n % letters.length]! + out; n = Math.floor(n / letters.length); }
  return out;
}

/** CSS Counter Styles 3 §6 predefined styles, as the number is printed in generated content. */
export function formatCounter(n: number, style: ListStyleType): string {
  if (typeof style === 'object') return style.string;
  switch (style) {
    case 'none': return '';
    case 'disc': return '\u2022';
    case 'circle': return '\u25e6';
    case 'square': return '\u25aa';
    case 'decimal': return String(n);
    case 'decimal-leading-zero': return n >= 0 && n < 10 ? `0${n}` : String(n);
    case 'lower-alpha': case 'lower-latin': return alphabetic(n, 'abcdefghijklmnopqrstuvwxyz');
    case 'upper-alpha': case 'upper-latin': return alphabetic(n, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    case 'lower-roman': return roman(n);
    case 'upper-roman': return roman(n).toUpperCase();
    case 'lower-greek': return alphabetic(n, 'αβγδεζηθικλμνξοπρστυφχψω');
    case 'disclosure-open': return '\u25be';
    case 'disclosure-closed': return '\u25b8';
  }
}

/** Default quotes for `quotes: auto` (English, as Chromium prints without a lang). */
const AUTO_QUOTES = ['\u201c', '\u201d', '\u2018', '\u2019'];

/**
 * The text of a generated box: strings, attr() (already resolved), counters, quotes.
 * `url()` items produce no text. `depth` is the quote nesting level before this box.
 */
export function contentText(items: readonly ContentItem[], counters: CounterScopes, quotes: 'auto' | 'none' | readonly string[], quoteDepth: { value: number }): string {
  return contentPieces(items, counters, quotes, quoteDepth).filter((p): p is string => typeof p === 'string').join('');
}

/** Whether layout resolves this item (page counters, targets, leaders, named strings, running elements, content()). */
export function layoutResolves(c: ContentItem): boolean {
  switch (c.kind) {
    case 'counter': case 'counters': return c.name === 'page' || c.name === 'pages' || (c.kind === 'counter' && c.note !== undefined);
    case 'target-counter': case 'target-counters': case 'target-text': case 'leader': case 'string-ref': case 'element': case 'content': return true;
    default: return false;
  }
}

/**
 * contentText's pieces: what the cascade can say as strings (adjacent ones joined), what only
 * layout can say (layoutResolves) as the items themselves.
 */
export function contentPieces(items: readonly ContentItem[], counters: CounterScopes, quotes: 'auto' | 'none' | readonly string[], quoteDepth: { value: number }): (string | ContentItem)[] {
  const out: (string | ContentItem)[] = [];
  let text = '';
  for (const c of items) {
    if (layoutResolves(c)) {
      if (text) out.push(text);
      text = '';
      out.push(c);
      continue;
    }
    text += itemText(c, counters, quotes, quoteDepth);
  }
  if (text) out.push(text);
  return out;
}

function itemText(c: ContentItem, counters: CounterScopes, quotes: 'auto' | 'none' | readonly string[], quoteDepth: { value: number }): string {
  const pairs = quotes === 'auto' ? AUTO_QUOTES : quotes === 'none' ? [] : quotes;
  const quote = (depth: number, close: boolean) => {
    if (pairs.length === 0) return '';
    const level = Math.min(Math.max(depth, 0), pairs.length / 2 - 1);
    return pairs[level * 2 + (close ? 1 : 0)] ?? '';
  };
  switch (c.kind) {
    case 'string': return c.value;
    case 'counter': return formatCounter(counters.value(c.name), c.style);
    case 'counters': return counters.values(c.name).map((v) => formatCounter(v, c.style)).join(c.separator);
    case 'open-quote': { const q = quote(quoteDepth.value, false); quoteDepth.value++; return q; }
    case 'close-quote': quoteDepth.value = Math.max(0, quoteDepth.value - 1); return quote(quoteDepth.value, true);
    default: return ''; // attr() is resolved by the cascade before; url() makes no text
  }
}

/** CSS GCPM 3 §1.1 content(): the element's text (content(before/after): its generated boxes' text). */
export function elementText(e: StyledElement, which: 'text' | 'before' | 'after' | 'first-letter' = 'text'): string {
  if (which === 'before' || which === 'after') {
    const g = e.children.find((c) => c.kind === 'element' && c.tag === `::${which}`);
    return g ? textContent(g, true) : '';
  }
  const text = textContent(e, false).replace(/\s+/g, ' ').trim();
  return which === 'first-letter' ? [...text].slice(0, 1).join('') : text;
}

function textContent(n: StyledNode, generated: boolean): string {
  if (n.kind === 'text') return n.text;
  if (!generated && n.tag.startsWith('::') && n.tag !== '::first-letter') return '';
  let out = '';
  for (const c of n.children) out += textContent(c, generated);
  return out;
}

type CounterList = readonly { name: string; value: number }[];

/**
 * CSS Lists 3 §4.6 the implicit `list-item` counter: lists reset it (HTML's `start`), list
 * items increment it (HTML's `value` sets it), unless the author's own properties say so.
 */
export function applyListItemCounters(e: MatchElement, v: ComputedValues, counters: CounterScopes): void {
  let reset: CounterList = v['counter-reset'], set: CounterList = v['counter-set'], increment: CounterList = v['counter-increment'];
  if ((e.tag === 'ol' || e.tag === 'ul' || e.tag === 'menu' || e.tag === 'dir') && !reset.some((r) => r.name === 'list-item')) {
    const start = e.tag === 'ol' ? parseInt(e.el.attrs.start ?? '', 10) : NaN;
    // HTML §4.4.5: a reversed list counts down from its number of items
    const reversed = e.tag === 'ol' && e.el.attrs.reversed !== undefined;
    const items = reversed ? e.children.filter((c) => c.tag === 'li').length : 0;
    reset = [...reset, { name: 'list-item', value: Number.isFinite(start) ? start + (reversed ? 1 : -1) : reversed ? items + 1 : 0 }];
  }
  if (v.display === 'list-item') {
    const value = e.tag === 'li' ? parseInt(e.el.attrs.value ?? '', 10) : NaN;
    const down = e.parent?.tag === 'ol' && e.parent.el.attrs.reversed !== undefined;
    if (Number.isFinite(value) && !set.some((x) => x.name === 'list-item')) set = [...set, { name: 'list-item', value: value + (down ? 1 : -1) }];
    if (!increment.some((x) => x.name === 'list-item')) increment = [...increment, { name: 'list-item', value: down ? -1 : 1 }];
  }
  // CSS GCPM 3 §2.4: the footnote counter is the document's (made at the root), and every footnote
  // element increments it. Like `page`, it is one counter: a reset elsewhere (`h1 { counter-reset:
  // footnote }` per chapter) sets it, so the numbering starts again for the siblings that follow too
  if (!e.parent) { if (!reset.some((x) => x.name === 'footnote')) reset = [...reset, { name: 'footnote', value: 0 }]; }
  else if (reset.some((x) => x.name === 'footnote')) {
    set = [...reset.filter((x) => x.name === 'footnote'), ...set];
    reset = reset.filter((x) => x.name !== 'footnote');
  }
  if (v.float === 'footnote' && !increment.some((x) => x.name === 'footnote')) increment = [...increment, { name: 'footnote', value: 1 }];
  counters.apply(reset, set, increment);
}
