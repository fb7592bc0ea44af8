// Selectors 4 (the Level 3 set plus :not() with lists, :is(), :where(), :has()):
// parsing into complex selectors with their specificity (§16). Matching lives in
// cascade/match.ts; this module only reads the grammar.
import type { BlockRef } from './stylesheet';
import { decodeIdent, splitCommas, TokenStream, type CV } from './syntax';

export type AttrOp = 'exists' | '=' | '~=' | '|=' | '^=' | '$=' | '*=';

export interface AttrSelector {
  readonly name: string;          // lower-case
  readonly op: AttrOp;
  readonly value: string;
  readonly caseInsensitive: boolean;
}

export type PseudoClass =
  | { readonly kind: 'root' | 'empty' | 'first-child' | 'last-child' | 'only-child' | 'first-of-type' | 'last-of-type' | 'only-of-type' | 'link' | 'never' | 'checked' | 'disabled' | 'enabled' | 'required' | 'optional' | 'read-only' | 'read-write' | 'scope' | 'defined' }
  | { readonly kind: 'nth-child' | 'nth-last-child'; readonly a: number; readonly b: number; readonly of?: readonly ComplexSelector[] }
  | { readonly kind: 'nth-of-type' | 'nth-last-of-type'; readonly a: number; readonly b: number }
  | { readonly kind: 'not' | 'is' | 'where'; readonly list: readonly ComplexSelector[] }
  | { readonly kind: 'has'; readonly list: readonly RelativeSelector[] }
  | { readonly kind: 'lang'; readonly langs: readonly string[] };

export interface Compound {
  /** lower-case tag name; undefined for `*` or none */
  readonly tag?: string;
  readonly ids: readonly string[];
  readonly classes: readonly string[];
  readonly attrs: readonly AttrSelector[];
  readonly pseudos: readonly PseudoClass[];
}

export type Combinator = ' ' | '>' | '+' | '~';

/** ::before, ::after, ::marker (CSS Pseudo 4 §3), ::first-letter and ::first-line (§2.3), ::footnote-call and ::footnote-marker (CSS GCPM 3 §2.3) */
export const PSEUDO_ELEMENTS = ['before', 'after', 'marker', 'first-letter', 'first-line', 'footnote-call', 'footnote-marker'] as const;
export type PseudoElement = typeof PSEUDO_ELEMENTS[number];
const PSEUDO_ELEMENT_NAMES: ReadonlySet<string> = new Set(PSEUDO_ELEMENTS);
/** CSS 2's pseudo-elements, also written with one colon (CSS Selectors 4 §3.6.1) */
const LEGACY_PSEUDO_ELEMENTS: ReadonlySet<string> = new Set(['before', 'after', 'first-letter', 'first-line']);

export interface ComplexSelector {
  /** left to right */
  readonly compounds: readonly Compound[];
  /** combinators[i] joins compounds[i] and compounds[i+1] */
  readonly combinators: readonly Combinator[];
  readonly specificity: number;
  readonly pseudoElement?: PseudoElement;
  /**
   * Ids ('#x'), classes ('.x') and tags ('x') that some ancestor of a matching element must
   * have (from compounds followed by a descendant or child combinator): a cheap rejection
   * test against the ancestors' keys before any real matching (browsers' ancestor filter).
   */
  readonly ancestorKeys: readonly string[];
}

export interface RelativeSelector {
  readonly combinator: Combinator;
  readonly selector: ComplexSelector;
}

/**
 * Thrown inside the parser only; parseSelectorList turns it into a result. Deliberately
 * not an Error: framework sheets have thousands of vendor selectors, and capturing a
 * stack trace for each is the most expensive thing the parser would do.
 */
class SelectorError {
  /**
   * silent: valid CSS that can never apply in print, or a vendor form that Chromium drops too (no diagnostic);
   * neverMatches: a valid selector that matches nothing here, dropped from its list while the list's other selectors stay
   */
  constructor(readonly message: string, readonly silent = false, readonly neverMatches = false) {}
}

export type SelectorParse =
  | { readonly ok: true; readonly selectors: readonly ComplexSelector[] }
  /** silent: valid CSS that can never apply in print (::selection, :-moz-focusring); no diagnostic */
  | { readonly ok: false; readonly message: string; readonly silent: boolean };

export function parseSelectorList(prelude: readonly CV[], opts: { forgiving?: boolean } = {}): SelectorParse {
  try {
    // Selectors 4 §3.1: one invalid selector invalidates the list, but a valid one that only
    // never matches here (`*, ::backdrop, ::file-selector-button` in Tailwind's preflight) leaves the others.
    // It keeps its place in the list as a selector matching nothing: the cascade finds a selector
    // by its position among the commas (keysFromTokens keys every part of the text).
    const list: ComplexSelector[] = [];
    let never: SelectorError | undefined;
    for (const part of splitCommas(prelude)) {
      try { list.push(parseComplex(trim(part))); } catch (e) {
        if (e instanceof SelectorError && e.neverMatches) { never = e; list.push(NEVER_MATCHES); } else throw e;
      }
    }
    if (never && list.every((s) => s === NEVER_MATCHES)) return { ok: false, message: never.message, silent: true };
    return { ok: true, selectors: list };
  } catch (e) {
    if (e instanceof SelectorError) {
      if (opts.forgiving) return { ok: true, selectors: [] };
      return { ok: false, message: e.message, silent: e.silent };
    }
    throw e;
  }
}

/** a·2^20 + b·2^10 + c, each saturating at 1023. */
export function specificityOf(a: number, b: number, c: number): number {
  return Math.min(a, 1023) * 1048576 + Math.min(b, 1023) * 1024 + Math.min(c, 1023);
}

function trim(items: CV[]): CV[] {
  let s = 0, e = items.length;
  while (s < e && items[s]!.t === 'ws') s++;
  while (e > s && items[e - 1]!.t === 'ws') e--;
  return items.slice(s, e);
}

const NEVER_IN_PRINT = new Set(['hover', 'active', 'focus', 'focus-visible', 'focus-within', 'visited', 'target', 'target-within', 'current', 'past', 'future', 'playing', 'paused', 'autofill', 'placeholder-shown', 'indeterminate', 'invalid', 'user-invalid', 'valid', 'user-valid', 'in-range', 'out-of-range', 'default', 'fullscreen', 'modal', 'popover-open', 'blank', 'local-link', 'open', 'closed', 'picture-in-picture', 'hover-within']);
const SIMPLE: Record<string, PseudoClass['kind']> = {
  root: 'root', empty: 'empty', 'first-child': 'first-child', 'last-child': 'last-child', 'only-child': 'only-child',
  'first-of-type': 'first-of-type', 'last-of-type': 'last-of-type', 'only-of-type': 'only-of-type',
  link: 'link', 'any-link': 'link', checked: 'checked', disabled: 'disabled', enabled: 'enabled',
  required: 'required', optional: 'optional', 'read-only': 'read-only', 'read-write': 'read-write', scope: 'scope', defined: 'defined',
};
/** CSS Scoping 1 §3.2.1: `:host` matches only a shadow host, and a document without shadow trees has none (Pico's `:host, :root` rules apply to :root) */
const NO_SHADOW_HOST = new Set(['host']);
const SILENT_PSEUDO_ELEMENTS = new Set(['selection', 'placeholder', 'backdrop', 'file-selector-button', 'cue', 'spelling-error', 'grammar-error', 'target-text', 'highlight', 'part', 'slotted', 'view-transition', 'search-text']);

function parseComplex(items: readonly CV[], allowPseudoElement = true): ComplexSelector {
  if (items.length === 0) throw new SelectorError('empty selector');
  const compounds: Compound[] = [];
  const combinators: Combinator[] = [];
  let a = 0, b = 0, c = 0;
  let pseudoElement: PseudoElement | undefined;
  let i = 0;
  let pendingCombinator: Combinator | undefined;
  while (i < items.length) {
    // combinator
    let comb: Combinator | undefined;
    let sawWs = false;
    while (i < items.length) {
      const it = items[i]!;
      if (it.t === 'ws') { sawWs = true; i++; continue; }
      if (it.t === 'delim' && (it.v === '>' || it.v === '+' || it.v === '~')) {
        if (comb) throw new SelectorError('two combinators in a row');
        comb = it.v; i++; continue;
      }
      break;
    }
    if (i >= items.length) { if (comb) throw new SelectorError('selector ends with a combinator'); break; }
    if (compounds.length > 0) {
      combinators.push(comb ?? (sawWs ? ' ' : (() => { throw new SelectorError('missing combinator'); })()));
    } else if (comb) {
      pendingCombinator = comb; // only meaningful for relative selectors
    }
    if (pseudoElement) throw new SelectorError('a pseudo-element must come last');
    const r = parseCompound(items, i, allowPseudoElement);
    i = r.next;
    compounds.push(r.compound);
    a += r.a; b += r.b; c += r.c;
    if (r.pseudoElement) pseudoElement = r.pseudoElement;
  }
  if (compounds.length === 0) throw new SelectorError('empty selector');
  if (pendingCombinator) throw new SelectorError(`selector starts with "${pendingCombinator}"`);
  const ancestorKeys: string[] = [];
  for (let k = 0; k < compounds.length - 1; k++) {
    if (combinators[k] !== ' ' && combinators[k] !== '>') continue;
    const c = compounds[k]!;
    for (const id of c.ids) ancestorKeys.push(`#${id}`);
    for (const cls of c.classes) ancestorKeys.push(`.${cls}`);
    if (c.tag !== undefined) ancestorKeys.push(c.tag);
  }
  return { compounds, combinators, specificity: specificityOf(a, b, c), ...(pseudoElement ? { pseudoElement } : {}), ancestorKeys: ancestorKeys.length ? ancestorKeys : NONE };
}

interface CompoundResult { compound: Compound; next: number; a: number; b: number; c: number; pseudoElement?: PseudoElement }

/** Shared empty list: most compounds have no ids, attributes or pseudo-classes. */
const NONE: readonly never[] = Object.freeze([]);
/** The place of a valid selector that never matches in print (`::backdrop`, `::-webkit-scrollbar`) in its list. */
const NEVER_MATCHES: ComplexSelector = Object.freeze({
  compounds: [{ ids: NONE, classes: NONE, attrs: NONE, pseudos: [{ kind: 'never' } as const] }], combinators: NONE, specificity: 0, ancestorKeys: NONE,
});

function parseCompound(items: readonly CV[], start: number, allowPseudoElement: boolean): CompoundResult {
  let tag: string | undefined;
  const ids: string[] = [], classes: string[] = [], attrs: AttrSelector[] = [], pseudos: PseudoClass[] = [];
  let a = 0, b = 0, c = 0;
  let pseudoElement: PseudoElement | undefined;
  let i = start;
  let first = true;
  for (; i < items.length; first = false) {
    const it = items[i]!;
    if (it.t === 'ws' || (it.t === 'delim' && (it.v === '>' || it.v === '+' || it.v === '~' || it.v === ','))) break;
    if (pseudoElement && !(it.t === 'delim' && it.v === ':')) throw new SelectorError('a pseudo-element must come last');
    if (it.t === 'ident' && first) { tag = it.v.toLowerCase(); c++; i++; continue; }
    if (it.t === 'delim' && it.v === '*' && first) { i++; continue; }
    if (it.t === 'delim' && it.v === '|') throw new SelectorError('namespaces are not supported');
    if (it.t === 'hash') { ids.push(it.v); a++; i++; continue; }
    if (it.t === 'delim' && it.v === '.') {
      const n = items[i + 1];
      if (!n || n.t !== 'ident') throw new SelectorError('"." without a class name');
      classes.push(n.v); b++; i += 2; continue;
    }
    if (it.t === 'block' && it.open === '[') { attrs.push(parseAttr(it.items)); b++; i++; continue; }
    if (it.t === 'delim' && it.v === '&') throw new SelectorError('nesting selector "&" outside nesting');
    if (it.t === 'delim' && it.v === ':') {
      const n = items[i + 1];
      if (n && n.t === 'delim' && n.v === ':') {
        const pe = items[i + 2];
        const name = pe && pe.t === 'ident' ? pe.v.toLowerCase() : pe && pe.t === 'func' ? pe.name : '';
        i += 3;
        if (PSEUDO_ELEMENT_NAMES.has(name) && pe?.t === 'ident') {
          if (!allowPseudoElement) throw new SelectorError(`::${name} inside a selector list argument`);
          pseudoElement = name as PseudoElement; c++; continue;
        }
        // (Chromium keeps any ::-webkit-* pseudo-element as valid, matching nothing; other vendor ones invalidate the list)
        if (SILENT_PSEUDO_ELEMENTS.has(name) || name.startsWith('-webkit-')) throw new SelectorError(`::${name} never applies in print`, true, true);
        if (name.startsWith('-')) throw new SelectorError(`::${name} never applies in print`, true);
        throw new SelectorError(`::${name} is not supported`);
      }
      if (!n) throw new SelectorError('":" without a name');
      i += 2;
      if (n.t === 'ident') {
        const name = n.v.toLowerCase();
        if (LEGACY_PSEUDO_ELEMENTS.has(name)) {
          if (!allowPseudoElement) throw new SelectorError(`:${name} inside a selector list argument`);
          pseudoElement = name as PseudoElement; c++; continue;
        }
        b++;
        if (NEVER_IN_PRINT.has(name) || NO_SHADOW_HOST.has(name)) { pseudos.push({ kind: 'never' }); continue; }
        const k = SIMPLE[name];
        if (k) { pseudos.push({ kind: k } as PseudoClass); continue; }
        if (name.startsWith('-')) throw new SelectorError(`:${name} never applies in print`, true);
        throw new SelectorError(`:${name} is not supported`);
      }
      if (n.t === 'func') {
        const r = parseFunctionalPseudo(n.name, n.args);
        pseudos.push(r.pseudo);
        a += r.a; b += r.b; c += r.c;
        continue;
      }
      throw new SelectorError('":" without a name');
    }
    if (it.t === 'ident') throw new SelectorError(`type selector "${it.v}" must come first`);
    throw new SelectorError('unexpected token in selector');
  }
  if (i === start) throw new SelectorError('empty compound selector');
  const compound: Compound = {
    ...(tag ? { tag } : {}),
    ids: ids.length ? ids : NONE, classes: classes.length ? classes : NONE,
    attrs: attrs.length ? attrs : NONE, pseudos: pseudos.length ? pseudos : NONE,
  };
  return { compound, next: i, a, b, c, ...(pseudoElement ? { pseudoElement } : {}) };
}

function parseAttr(items: readonly CV[]): AttrSelector {
  const parts = items.filter((x) => x.t !== 'ws');
  const name = parts[0];
  if (!name || name.t !== 'ident') throw new SelectorError('attribute selector without a name');
  if (parts.length === 1) return { name: name.v.toLowerCase(), op: 'exists', value: '', caseInsensitive: false };
  let k = 1;
  let op: AttrOp;
  const d = parts[k];
  if (d && d.t === 'delim' && d.v === '=') { op = '='; k++; }
  else if (d && d.t === 'delim' && ['~', '|', '^', '$', '*'].includes(d.v) && parts[k + 1]?.t === 'delim' && (parts[k + 1] as { v: string }).v === '=') { op = `${d.v}=` as AttrOp; k += 2; }
  else throw new SelectorError('bad attribute selector operator');
  const v = parts[k];
  let value: string;
  if (v && (v.t === 'str' || v.t === 'ident')) value = v.v;
  else if (v && v.t === 'num') value = String(v.v);
  else throw new SelectorError('attribute selector without a value');
  k++;
  let caseInsensitive = false;
  const flag = parts[k];
  if (flag && flag.t === 'ident') {
    const f = flag.v.toLowerCase();
    if (f === 'i') caseInsensitive = true; else if (f !== 's') throw new SelectorError(`bad attribute flag "${flag.v}"`);
    k++;
  }
  if (k !== parts.length) throw new SelectorError('junk in attribute selector');
  return { name: name.v.toLowerCase(), op, value, caseInsensitive };
}

function parseFunctionalPseudo(name: string, args: readonly CV[]): { pseudo: PseudoClass; a: number; b: number; c: number } {
  switch (name) {
    case 'not': case 'is': case 'matches': case '-webkit-any': case '-moz-any': case 'where': {
      const forgiving = name !== 'not';
      const list = splitCommas(args).map(trim).flatMap((part) => {
        try { return [parseComplex(part, false)]; } catch (e) { if (forgiving && e instanceof SelectorError) return []; throw e; }
      });
      if (name === 'not' && list.length === 0) throw new SelectorError(':not() with an empty list');
      const kind = name === 'not' ? 'not' : name === 'where' ? 'where' : 'is';
      if (kind === 'where') return { pseudo: { kind, list }, a: 0, b: 0, c: 0 };
      const max = list.reduce((m, s) => Math.max(m, s.specificity), 0);
      return { pseudo: { kind, list }, ...splitSpecificity(max) };
    }
    case 'has': {
      const list = splitCommas(args).map(trim).map((part): RelativeSelector => {
        let combinator: Combinator = ' ';
        let rest = part;
        const first = part[0];
        if (first && first.t === 'delim' && (first.v === '>' || first.v === '+' || first.v === '~')) { combinator = first.v; rest = trim(part.slice(1)); }
        return { combinator, selector: parseComplex(rest, false) };
      });
      const max = list.reduce((m, s) => Math.max(m, s.selector.specificity), 0);
      return { pseudo: { kind: 'has', list }, ...splitSpecificity(max) };
    }
    case 'nth-child': case 'nth-last-child': {
      const ofAt = args.findIndex((x) => x.t === 'ident' && x.v.toLowerCase() === 'of');
      const anb = parseAnB(ofAt >= 0 ? args.slice(0, ofAt) : args);
      if (ofAt >= 0) {
        const parsed = splitCommas(args.slice(ofAt + 1)).map((p) => parseComplex(trim(p), false));
        const max = parsed.reduce((m, s) => Math.max(m, s.specificity), 0);
        const sp = splitSpecificity(max);
        return { pseudo: { kind: name, ...anb, of: parsed }, a: sp.a, b: sp.b + 1, c: sp.c };
      }
      return { pseudo: { kind: name, ...anb }, a: 0, b: 1, c: 0 };
    }
    case 'nth-of-type': case 'nth-last-of-type':
      return { pseudo: { kind: name, ...parseAnB(args) }, a: 0, b: 1, c: 0 };
    case 'lang': {
      const langs = args.filter((x) => x.t === 'ident' || x.t === 'str').map((x) => (x as { v: string }).v.toLowerCase());
      if (langs.length === 0) throw new SelectorError(':lang() without a language');
      return { pseudo: { kind: 'lang', langs }, a: 0, b: 1, c: 0 };
    }
    case 'dir': case 'state': case 'host': case 'host-context':
      return { pseudo: { kind: 'never' }, a: 0, b: 1, c: 0 };
    default:
      if (name.startsWith('-')) throw new SelectorError(`:${name}() never applies in print`, true);
      throw new SelectorError(`:${name}() is not supported`);
  }
}

function splitSpecificity(s: number): { a: number; b: number; c: number } {
  return { a: Math.floor(s / 1048576), b: Math.floor(s / 1024) % 1024, c: s % 1024 };
}

/** CSS Syntax 3 §6 An+B microsyntax, from component values (ws-insensitive). */
export function parseAnB(items: readonly CV[]): { a: number; b: number } {
  // Re-serialize the tokens and read them with a regular expression: simpler than the
  // token-level grammar and equivalent for every valid input.
  let text = '';
  for (const x of items) {
    switch (x.t) {
      case 'ws': text += ' '; break;
      case 'ident': text += x.v; break;
      case 'num': text += numText(x.v, x.e - x.s); break;
      case 'dim': text += numText(x.v, x.e - x.s - x.unit.length) + x.unit; break;
      case 'delim': text += x.v; break;
      default: throw new SelectorError('bad An+B');
    }
  }
  const s = text.replace(/\s+/g, '').toLowerCase();
  if (s === 'odd') return { a: 2, b: 1 };
  if (s === 'even') return { a: 2, b: 0 };
  const m = /^([+-]?\d*)n(?:([+-])(\d+))?$/.exec(s);
  if (m) {
    const aText = m[1]!;
    const a = aText === '' || aText === '+' ? 1 : aText === '-' ? -1 : Number(aText);
    const b = m[3] ? Number(m[3]) * (m[2] === '-' ? -1 : 1) : 0;
    return { a, b };
  }
  if (/^[+-]?\d+$/.test(s)) return { a: 0, b: Number(s) };
  throw new SelectorError(`bad An+B "${text.trim()}"`);
}

function numText(v: number, sourceLength: number): string {
  // keep an explicit "+" sign written in the source ("n+3" tokenizes as ident "n", number "+3")
  return v >= 0 && sourceLength === String(v).length + 1 ? `+${v}` : String(v);
}

// ---------------------------------------------------------------- rule-hash keys without parsing

/** Where a selector goes in a rule hash: its rightmost compound's id, else a class, else its tag. */
export interface RuleKey {
  readonly bucket: 'id' | 'class' | 'tag' | 'any';
  readonly name: string;
  readonly target: 'main' | PseudoElement;
}

/** The key of a parsed selector (same choice as keysFromTokens). */
export function keyOf(sel: ComplexSelector): RuleKey {
  const c = sel.compounds[sel.compounds.length - 1]!;
  const target = sel.pseudoElement ?? 'main';
  if (c.ids.length) return { bucket: 'id', name: c.ids[0]!, target };
  if (c.classes.length) return { bucket: 'class', name: c.classes[c.classes.length - 1]!, target };
  if (c.tag !== undefined) return { bucket: 'tag', name: c.tag, target };
  return { bucket: 'any', name: '', target };
}

/**
 * One key per selector of a list, read straight from the tokens: a framework sheet's
 * thousands of selectors are only parsed when their key can match an element of the
 * document. Mirrors keyOf() for every selector the parser accepts; for one it rejects,
 * any key will do (the rule is dropped when parsed).
 */
export function keysFromTokens(ref: BlockRef): RuleKey[] {
  const { ts, from, to } = ref;
  const { types, starts, ends, match, source } = ts;
  const T = TokenStream.T;
  const keys: RuleKey[] = [];
  let compoundStart = -1;
  let id: string | undefined, cls: string | undefined, tag: string | undefined;
  let target: RuleKey['target'] = 'main';
  const finish = () => {
    keys.push(id !== undefined ? { bucket: 'id', name: id, target } : cls !== undefined ? { bucket: 'class', name: cls, target } : tag !== undefined ? { bucket: 'tag', name: tag, target } : { bucket: 'any', name: '', target });
    compoundStart = -1; id = cls = tag = undefined; target = 'main';
  };
  const resetCompound = () => { compoundStart = -1; id = cls = tag = undefined; target = 'main'; };
  let sawAny = false;
  /** whitespace or a combinator was seen: the next simple selector starts a new compound */
  let boundary = false;
  for (let i = from; i < to; i++) {
    const t = types[i]!;
    if (t === T.Comma) { finish(); sawAny = false; boundary = false; continue; }
    if (t === T.WhiteSpace || (t === T.Delim && (source[starts[i]!] === '>' || source[starts[i]!] === '+' || source[starts[i]!] === '~'))) {
      boundary = true;
      continue;
    }
    if (boundary) { resetCompound(); boundary = false; }
    if (compoundStart < 0) compoundStart = i;
    sawAny = true;
    switch (t) {
      case T.Ident: if (i === compoundStart) tag = decodeIdent(source.slice(starts[i]!, ends[i]!)).toLowerCase(); break;
      case T.Hash: if (id === undefined) id = decodeIdent(source.slice(starts[i]! + 1, ends[i]!)); break;
      case T.Delim:
        if (source[starts[i]!] === '.' && types[i + 1] === T.Ident) { cls = decodeIdent(source.slice(starts[i + 1]!, ends[i + 1]!)); i++; }
        break;
      case T.Colon: {
        let k = i + 1;
        if (types[k] === T.Colon) k++;
        if (types[k] === T.Ident) {
          const name = source.slice(starts[k]!, ends[k]!).toLowerCase();
          if (types[i + 1] === T.Colon ? PSEUDO_ELEMENT_NAMES.has(name) : LEGACY_PSEUDO_ELEMENTS.has(name)) target = name as PseudoElement;
          i = k;
        }
        break;
      }
      default:
        if (ts.isOpener(i)) i = match[i]!;
    }
  }
  if (sawAny || keys.length === 0) finish();
  return keys;
}
