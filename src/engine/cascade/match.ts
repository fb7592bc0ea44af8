// Selectors 4 §3 matching, right to left, over a tree that knows its element siblings.
// Rules are indexed by the rightmost compound's id, class or tag (as browsers' rule
// hashes do), so an element is only tested against rules that could match it.
import type { DomElement } from '../dom';
import type { AttrSelector, Combinator, ComplexSelector, Compound, PseudoClass, RelativeSelector, RuleKey } from '../css/selectors';

/** An element as the matcher sees it. */
export interface MatchElement {
  readonly el: DomElement;
  readonly tag: string;          // lower-case
  readonly id: string | undefined;
  readonly classes: readonly string[];
  readonly parent: MatchElement | undefined;
  /** element siblings including this one, in order (the parent's element children) */
  readonly siblings: MatchElement[];
  readonly index: number;
  readonly children: MatchElement[];
  /** true when the element has text or element children (for :empty) */
  readonly hasContent: boolean;
  /** position among same-type siblings, and their number: filled for a whole sibling list on first use */
  typeIndex?: number;
  typeCount?: number;
  /** keys in the ancestor filter, once computed */
  filterKeys?: readonly string[];
}

/** :nth-of-type and friends in O(1) per element after one O(n) pass over its siblings: fills typeIndex and typeCount. */
function typePosition(e: MatchElement): { readonly typeIndex: number; readonly typeCount: number } {
  if (e.typeIndex === undefined) {
    const counts = new Map<string, number>();
    for (const s of e.siblings) {
      const n = counts.get(s.tag) ?? 0;
      s.typeIndex = n;
      counts.set(s.tag, n + 1);
    }
    for (const s of e.siblings) s.typeCount = counts.get(s.tag)!;
  }
  return e as { readonly typeIndex: number; readonly typeCount: number };
}

const NO_CLASSES: readonly string[] = Object.freeze([]);
/** a class attribute that is one class name, no white space */
const ONE_CLASS = /^[^ \t\n\r\f]+$/;

/** The class list of a one-class attribute: one frozen list per class name, shared by the elements that have it. */
function oneClass(cls: string): readonly string[] {
  let list = oneClassLists.get(cls);
  if (!list) {
    if (oneClassLists.size >= 4096) oneClassLists.clear();
    list = Object.freeze([cls]);
    oneClassLists.set(cls, list);
  }
  return list;
}
const oneClassLists = new Map<string, readonly string[]>();

export function buildMatchTree(root: DomElement): MatchElement {
  return matchElement(root, undefined, [], 0);
}

// A module function, not a closure made per document: V8 keeps a closure's optimised code only
// while one of its instances lives, so a per-document closure was optimised again after every
// full collection (src/bench/README.md, "Closures made per document").
function matchElement(el: DomElement, parent: MatchElement | undefined, siblings: MatchElement[], index: number): MatchElement {
  const cls = el.attrs.class;
  let hasContent = false;
  let elements = 0;
  for (const c of el.children) {
    if (c.kind === 'element') { elements++; hasContent = true; } else if (c.text.length > 0) hasContent = true;
  }
  const node: MatchElement = {
    el, tag: el.tag.toLowerCase(), id: el.attrs.id || undefined,
    classes: !cls ? NO_CLASSES : ONE_CLASS.test(cls) ? oneClass(cls) : cls.split(/[ \t\n\r\f]+/).filter(Boolean),
    // (made to size: a list grown by push reserves 16 more slots per element)
    parent, siblings, index, children: new Array<MatchElement>(elements),
    hasContent,
    // (filled later, declared now: every element keeps one shape)
    typeIndex: undefined, typeCount: undefined, filterKeys: undefined,
  };
  let i = 0;
  for (const c of el.children) {
    if (c.kind === 'element') { node.children[i] = matchElement(c, node, node.children, i); i++; }
  }
  return node;
}

export function matchesComplex(sel: ComplexSelector, e: MatchElement): boolean {
  return matchFrom(sel, sel.compounds.length - 1, e);
}

function matchFrom(sel: ComplexSelector, i: number, e: MatchElement): boolean {
  if (!matchesCompound(sel.compounds[i]!, e)) return false;
  if (i === 0) return true;
  const comb = sel.combinators[i - 1]!;
  switch (comb) {
    case '>': return e.parent !== undefined && matchFrom(sel, i - 1, e.parent);
    case ' ': {
      for (let p = e.parent; p; p = p.parent) if (matchFrom(sel, i - 1, p)) return true;
      return false;
    }
    case '+': return e.index > 0 && matchFrom(sel, i - 1, e.siblings[e.index - 1]!);
    case '~': {
      for (let k = e.index - 1; k >= 0; k--) if (matchFrom(sel, i - 1, e.siblings[k]!)) return true;
      return false;
    }
  }
}

export function matchesCompound(c: Compound, e: MatchElement): boolean {
  if (c.tag !== undefined && c.tag !== e.tag) return false;
  for (const id of c.ids) if (e.id !== id) return false;
  for (const cls of c.classes) if (!e.classes.includes(cls)) return false;
  for (const a of c.attrs) if (!matchesAttr(a, e.el.attrs)) return false;
  for (const p of c.pseudos) if (!matchesPseudo(p, e)) return false;
  return true;
}

function matchesAttr(a: AttrSelector, attrs: Readonly<Record<string, string>>): boolean {
  const raw = attrs[a.name];
  if (raw === undefined) return false;
  if (a.op === 'exists') return true;
  const v = a.caseInsensitive ? raw.toLowerCase() : raw;
  const want = a.caseInsensitive ? a.value.toLowerCase() : a.value;
  switch (a.op) {
    case '=': return v === want;
    case '~=': return want !== '' && !/\s/.test(want) && v.split(/[ \t\n\r\f]+/).includes(want);
    case '|=': return v === want || v.startsWith(`${want}-`);
    case '^=': return want !== '' && v.startsWith(want);
    case '$=': return want !== '' && v.endsWith(want);
    case '*=': return want !== '' && v.includes(want);
  }
}

const FORM_ELEMENTS = new Set(['button', 'input', 'select', 'textarea', 'optgroup', 'option', 'fieldset']);

export function matchesPseudo(p: PseudoClass, e: MatchElement): boolean {
  switch (p.kind) {
    case 'never': return false;
    case 'root': case 'scope': return e.parent === undefined;
    case 'defined': return true;
    case 'empty': return !e.hasContent;
    case 'first-child': return e.index === 0;
    case 'last-child': return e.index === e.siblings.length - 1;
    case 'only-child': return e.siblings.length === 1;
    case 'first-of-type': return typePosition(e).typeIndex === 0;
    case 'last-of-type': { const p = typePosition(e); return p.typeIndex === p.typeCount - 1; }
    case 'only-of-type': return typePosition(e).typeCount === 1;
    case 'link': return (e.tag === 'a' || e.tag === 'area') && e.el.attrs.href !== undefined;
    case 'checked': return (e.tag === 'input' && e.el.attrs.checked !== undefined) || (e.tag === 'option' && e.el.attrs.selected !== undefined);
    case 'disabled': return FORM_ELEMENTS.has(e.tag) && e.el.attrs.disabled !== undefined;
    case 'enabled': return FORM_ELEMENTS.has(e.tag) && e.el.attrs.disabled === undefined;
    case 'required': return ['input', 'select', 'textarea'].includes(e.tag) && e.el.attrs.required !== undefined;
    case 'optional': return ['input', 'select', 'textarea'].includes(e.tag) && e.el.attrs.required === undefined;
    case 'read-write': return (e.tag === 'input' || e.tag === 'textarea') && e.el.attrs.readonly === undefined && e.el.attrs.disabled === undefined;
    case 'read-only': return !((e.tag === 'input' || e.tag === 'textarea') && e.el.attrs.readonly === undefined && e.el.attrs.disabled === undefined);
    case 'nth-child': case 'nth-last-child': {
      let pos: number;
      if (p.of) {
        const of = p.of;
        if (!of.some((s) => matchesComplex(s, e))) return false;
        const list = e.siblings.filter((s) => of.some((sel) => matchesComplex(sel, s)));
        const idx = list.indexOf(e);
        pos = p.kind === 'nth-child' ? idx + 1 : list.length - idx;
      } else {
        pos = p.kind === 'nth-child' ? e.index + 1 : e.siblings.length - e.index;
      }
      return nth(p.a, p.b, pos);
    }
    case 'nth-of-type': case 'nth-last-of-type': {
      const pos = typePosition(e);
      return nth(p.a, p.b, p.kind === 'nth-of-type' ? pos.typeIndex + 1 : pos.typeCount - pos.typeIndex);
    }
    case 'not': return !matchesAny(p.list, e);
    case 'is': case 'where': return matchesAny(p.list, e);
    case 'has': return p.list.some((r) => matchesRelative(r, e));
    case 'lang': {
      for (let x: MatchElement | undefined = e; x; x = x.parent) {
        const lang = x.el.attrs.lang ?? x.el.attrs['xml:lang'];
        if (lang !== undefined) {
          const l = lang.toLowerCase();
          return p.langs.some((want) => l === want || l.startsWith(`${want}-`));
        }
      }
      return false;
    }
  }
}

function matchesAny(list: readonly ComplexSelector[], e: MatchElement): boolean {
  for (const s of list) if (matchesComplex(s, e)) return true;
  return false;
}

function nth(a: number, b: number, pos: number): boolean {
  if (a === 0) return pos === b;
  const n = (pos - b) / a;
  return Number.isInteger(n) && n >= 0;
}

/**
 * Selectors 4 §4.5 :has(): a relative selector is anchored at the element. Candidates are
 * the anchor's descendants (for ' ' and '>') or its following siblings and their
 * descendants ('+', '~'); a candidate matches when the selector matches it right to left
 * and its leftmost compound stands in the combinator's relation to the anchor.
 */
function matchesRelative(r: RelativeSelector, anchor: MatchElement): boolean {
  const sel = r.selector;
  const test = (x: MatchElement) => matchAnchored(sel, sel.compounds.length - 1, x, anchor, r.combinator);
  const walk = (roots: readonly MatchElement[]): boolean => {
    const stack = [...roots];
    while (stack.length) {
      const x = stack.pop()!;
      if (test(x)) return true;
      stack.push(...x.children);
    }
    return false;
  };
  switch (r.combinator) {
    case '>': case ' ': return walk(anchor.children);
    case '+': case '~': return walk(anchor.siblings.slice(anchor.index + 1));
  }
}

function related(x: MatchElement, anchor: MatchElement, comb: Combinator): boolean {
  switch (comb) {
    case '>': return x.parent === anchor;
    case ' ': { for (let p = x.parent; p; p = p.parent) if (p === anchor) return true; return false; }
    case '+': return x.parent === anchor.parent && x.index === anchor.index + 1;
    case '~': return x.parent === anchor.parent && x.index > anchor.index;
  }
}

function matchAnchored(sel: ComplexSelector, i: number, e: MatchElement, anchor: MatchElement, first: Combinator): boolean {
  if (!matchesCompound(sel.compounds[i]!, e)) return false;
  if (i === 0) return related(e, anchor, first);
  switch (sel.combinators[i - 1]!) {
    case '>': return e.parent !== undefined && e.parent !== anchor && matchAnchored(sel, i - 1, e.parent, anchor, first);
    case ' ': {
      for (let p = e.parent; p && p !== anchor; p = p.parent) if (matchAnchored(sel, i - 1, p, anchor, first)) return true;
      return false;
    }
    case '+': return e.index > 0 && matchAnchored(sel, i - 1, e.siblings[e.index - 1]!, anchor, first);
    case '~': {
      for (let k = e.index - 1; k >= 0; k--) if (matchAnchored(sel, i - 1, e.siblings[k]!, anchor, first)) return true;
      return false;
    }
  }
}

// ---------------------------------------------------------------- rule index

/** A rule's selector list, parsed on first use; undefined when the list is invalid (the rule is dropped). */
export interface SelectorSource {
  selectors(): readonly ComplexSelector[] | undefined;
  /** false when no selector of the list can have a pseudo-class or a sibling combinator (decided without parsing) */
  mayBePositional?(): boolean;
}

export interface IndexedRule<T> {
  readonly source: SelectorSource;
  /** which selector of the list */
  readonly part: number;
  readonly payload: T;
}

export interface Hit<T> {
  readonly rule: IndexedRule<T>;
  readonly selector: ComplexSelector;
}

/** A rule hash keyed by the rightmost compound: id, else a class, else the tag, else universal. */
export class RuleIndex<T> {
  private readonly byId = new Map<string, IndexedRule<T>[]>();
  private readonly byClass = new Map<string, IndexedRule<T>[]>();
  private readonly byTag = new Map<string, IndexedRule<T>[]>();
  private readonly universal: IndexedRule<T>[] = [];
  size = 0;

  add(key: RuleKey, rule: IndexedRule<T>): void {
    this.size++;
    switch (key.bucket) {
      case 'id': push(this.byId, key.name, rule); break;
      case 'class': push(this.byClass, key.name, rule); break;
      case 'tag': push(this.byTag, key.name, rule); break;
      case 'any': this.universal.push(rule); break;
    }
  }

  /**
   * Calls `fn` with every valid selector indexed here that may ask where an element stands
   * (pseudo-classes, sibling combinators), parsing those not parsed yet.
   */
  forEachPositional(fn: (sel: ComplexSelector) => void): void {
    const visit = (list: readonly IndexedRule<T>[]) => {
      for (const r of list) {
        if (r.source.mayBePositional?.() === false) continue;
        const sel = r.source.selectors()?.[r.part];
        if (sel) fn(sel);
      }
    };
    for (const m of [this.byId, this.byClass, this.byTag]) for (const list of m.values()) visit(list);
    visit(this.universal);
  }

  /**
   * Rules whose selector matches `e` (unordered: callers sort); `invalid` collects dropped
   * rules met on the way. `ancestors` holds the keys of e's ancestors (see AncestorFilter).
   */
  matching(e: MatchElement, out: Hit<T>[], invalid: SelectorSource[], ancestors: { has(key: string): boolean }): void {
    if (this.size === 0) return;
    const test = (list: IndexedRule<T>[] | undefined) => {
      if (!list) return;
      outer: for (const r of list) {
        const sels = r.source.selectors();
        if (!sels) { invalid.push(r.source); continue; }
        const sel = sels[r.part];
        if (!sel) continue;
        for (const k of sel.ancestorKeys) if (!ancestors.has(k)) continue outer;
        if (matchesComplex(sel, e)) out.push({ rule: r, selector: sel });
      }
    };
    if (e.id !== undefined) test(this.byId.get(e.id));
    if (e.classes.length) {
      const seen = e.classes.length > 1 ? new Set<string>() : undefined;
      for (const cls of e.classes) {
        if (seen) { if (seen.has(cls)) continue; seen.add(cls); }
        test(this.byClass.get(cls));
      }
    }
    test(this.byTag.get(e.tag));
    test(this.universal);
  }
}

/**
 * The ids, classes and tags of the elements on the path from the root to the element being
 * styled (counted, since several ancestors may share a class). Entered and left as the tree
 * walk goes down and up.
 */
export class AncestorFilter {
  private readonly counts = new Map<string, number>();

  has(key: string): boolean {
    return this.counts.has(key);
  }

  enter(e: MatchElement): void {
    for (const k of filterKeys(e)) this.bump(k, 1);
  }

  leave(e: MatchElement): void {
    for (const k of filterKeys(e)) this.bump(k, -1);
  }

  private bump(key: string, by: number): void {
    const n = (this.counts.get(key) ?? 0) + by;
    if (n > 0) this.counts.set(key, n); else this.counts.delete(key);
  }
}

/** An element's keys in the ancestor filter: its tag, '#id', '.class' (built once per element). */
function filterKeys(e: MatchElement): readonly string[] {
  let keys = e.filterKeys;
  if (!keys) {
    const out = [e.tag];
    if (e.id !== undefined) out.push(`#${e.id}`);
    for (const c of e.classes) out.push(`.${c}`);
    keys = e.filterKeys = out;
  }
  return keys;
}

function push<T>(m: Map<string, T[]>, k: string, v: T): void {
  const list = m.get(k);
  if (list) list.push(v); else m.set(k, [v]);
}
