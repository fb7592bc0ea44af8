// Stylesheets compiled once: rules with parsed selectors and compiled declaration blocks,
// at-rules sorted into what the cascade needs (@media kept as conditions, @supports
// decided, @import/@page/@font-face kept as data). Memoized by source text: a template's
// CSS (or Bootstrap) is parsed once per process, not per request.
import { keyOf, keysFromTokens, parseSelectorList, type ComplexSelector, type RuleKey } from '../css/selectors';
import { hasNestedBlock, parseDeclarations, parseDeclarationText, parseRules, parseStylesheet, preludeValues, type AtRule, type BlockRef, type Declaration, type Rule, type SyntaxProblem } from '../css/stylesheet';
import { serialize, splitCommas, type CV } from '../css/syntax';
import { ident } from '../css/values';
import { compileBlock, containsVar, parseValue, type CompiledBlock, type Problem } from './declarations';
import { SHORTHANDS } from './shorthands';
import { isProperty } from './properties';

/**
 * A style rule. Its declarations are compiled the first time the cascade needs them (a
 * selector matched), then kept: problems in a block are reported for rules that apply.
 */
export class StyleItem {
  readonly kind = 'style';
  private compiled: { readonly block: CompiledBlock; readonly problems: readonly Problem[] } | undefined;
  private parsed: readonly ComplexSelector[] | null | undefined;
  private problem: Problem | undefined;
  constructor(
    /** the selector list: a token range parsed on first use, or already parsed (nested rules) */
    private readonly prelude: BlockRef | readonly ComplexSelector[],
    /** one rule-hash key per selector of the list */
    readonly keys: readonly RuleKey[],
    private readonly ref: BlockRef,
    /** enclosing @media preludes, all of which must match */
    readonly media: readonly (readonly CV[])[],
    readonly at: number,
    /** a sheet of a quirks-mode document (its declarations take the quirky values) */
    private readonly quirks = false,
  ) {
    if (Array.isArray(prelude)) this.parsed = prelude;
  }

  /** The parsed selector list; undefined when it is invalid (the whole rule is dropped, as browsers do). */
  selectors(): readonly ComplexSelector[] | undefined {
    if (this.parsed === undefined) {
      const prelude = preludeValues(this.prelude as BlockRef);
      const sel = parseSelectorList(prelude);
      if (sel.ok) this.parsed = sel.selectors;
      else {
        this.parsed = null;
        if (!sel.silent) {
          const ref = this.prelude as BlockRef;
          const text = ref.ts.source.slice(ref.ts.starts[ref.from] ?? this.at, ref.ts.ends[ref.to - 1] ?? this.at).replace(/\s+/g, ' ').trim();
          this.problem = { code: 'unsupported-selector', message: `Dropped rule "${text.length > 80 ? `${text.slice(0, 77)}...` : text}": ${sel.message}`, at: this.at };
        }
      }
    }
    return this.parsed ?? undefined;
  }

  /**
   * Whether some selector of the list may ask where an element stands (a structural
   * pseudo-class, :has(), `+`, `~`), decided from the text without parsing it: false only
   * when none of their names or signs is there (and no escape or comment could hide one).
   */
  mayBePositional(): boolean {
    if (Array.isArray(this.prelude)) return true;
    const ref = this.prelude as BlockRef;
    const text = ref.ts.source.slice(ref.ts.starts[ref.from] ?? this.at, ref.ts.ends[ref.to - 1] ?? this.at);
    return POSITIONAL_HINT.test(text);
  }

  /** Why the selector list was dropped (after selectors() said undefined); none for silent drops. */
  selectorProblem(): Problem | undefined {
    return this.problem;
  }

  declarations(): { readonly block: CompiledBlock; readonly problems: readonly Problem[] } {
    if (!this.compiled) {
      const syntax: SyntaxProblem[] = [];
      const { declarations } = parseDeclarations(this.ref, { problems: syntax });
      const problems: Problem[] = syntax.map((p) => ({ code: 'css-parse-error', message: p.message, at: p.at }));
      const block = compileBlock(declarations, problems, this.ref.ts.source, this.quirks);
      this.compiled = { block, problems };
    }
    return this.compiled;
  }
}

const POSITIONAL_HINT = /[+~\\]|\/\*|:(?:first-|last-|only-|nth-|empty|has)/i;

export interface ImportItem { readonly kind: 'import'; readonly url: string; readonly mediaQuery: readonly CV[]; readonly media: readonly (readonly CV[])[]; readonly at: number }
export interface PageItem {
  readonly kind: 'page';
  /** the prelude: '' for `@page`, ':first', 'name:left', ... */
  readonly selector: string;
  readonly declarations: readonly Declaration[];
  readonly marginBoxes: readonly { readonly name: string; readonly declarations: readonly Declaration[] }[];
  readonly media: readonly (readonly CV[])[];
  readonly at: number;
}
export interface FontFaceItem { readonly kind: 'font-face'; readonly declarations: readonly Declaration[]; readonly media: readonly (readonly CV[])[]; readonly at: number }

/** CSS Properties and Values API 1 §3 @property: a registered custom property. */
export interface PropertyItem {
  readonly kind: 'property';
  readonly name: string;
  readonly inherits: boolean;
  /** undefined: no initial value (the guaranteed-invalid value) */
  readonly initial: readonly CV[] | undefined;
  readonly media: readonly (readonly CV[])[];
}

export type SheetItem = StyleItem | ImportItem | PageItem | FontFaceItem | PropertyItem;

export interface CompiledSheet {
  readonly source: string;
  readonly items: readonly SheetItem[];
  readonly problems: readonly Problem[];
}

const CACHE_LIMIT = 64;
const cache = new Map<string, CompiledSheet>();

/**
 * Compiles (or returns the memoized compilation of) a stylesheet's text. Pure: same text (and
 * mode), same result. `quirks`: an author sheet of a quirks-mode document.
 */
export function compileSheet(source: string, quirks = false): CompiledSheet {
  const key = quirks ? `\u0000quirks\u0000${source}` : source;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key); cache.set(key, hit); // least-recently-used order
    return hit;
  }
  const compiled = compileUncached(source, quirks);
  cache.set(key, compiled);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return compiled;
}

function compileUncached(source: string, quirks: boolean): CompiledSheet {
  const syntax: SyntaxProblem[] = [];
  const rules = parseStylesheet(source, { problems: syntax });
  const problems: Problem[] = [];
  const items: SheetItem[] = [];
  compileRules(rules, [], { source, problems, syntax, items, allowImport: true, depth: 0, quirks });
  for (const p of syntax) problems.push({ code: 'css-parse-error', message: p.message, at: p.at });
  return { source, items, problems };
}

interface CompileContext {
  readonly source: string;
  readonly problems: Problem[];
  readonly syntax: SyntaxProblem[];
  readonly items: SheetItem[];
  allowImport: boolean;
  /** nesting of at-rule blocks and nested style rules; capped so hostile CSS cannot recurse without end */
  depth: number;
  /** an author sheet of a quirks-mode document */
  readonly quirks: boolean;
}

const MAX_RULE_NESTING = 32;

function deeper(ctx: CompileContext, at: number, run: () => void): void {
  if (ctx.depth >= MAX_RULE_NESTING) {
    ctx.problems.push({ code: 'css-parse-error', message: `Rules nested deeper than ${MAX_RULE_NESTING} levels are ignored`, at });
    return;
  }
  ctx.depth++;
  try { run(); } finally { ctx.depth--; }
}

/** at-rules with nothing to do in print: animations and transitions never run on a printed page */
const SILENT_AT_RULES = new Set(['charset', 'namespace', 'keyframes', 'starting-style', 'view-transition']);
const IGNORED_AT_RULES = new Set(['font-feature-values', 'counter-style', 'viewport', 'container', 'document', 'scope', 'position-try', 'color-profile', 'custom-media', 'font-palette-values']);

function compileRules(rules: readonly Rule[], media: readonly (readonly CV[])[], ctx: CompileContext): void {
  for (const rule of rules) {
    if (rule.kind === 'style') {
      ctx.allowImport = false;
      compileStyleRule(rule.prelude, rule.block, media, rule.at, ctx);
      continue;
    }
    compileAtRule(rule, media, ctx);
  }
}

/**
 * A style rule. A top-level rule's selectors are only keyed here (from the tokens) and
 * parsed when a key meets an element; a nested rule's resolved selectors are parsed now.
 */
function compileStyleRule(prelude: BlockRef | readonly CV[], block: BlockRef, media: readonly (readonly CV[])[], at: number, ctx: CompileContext): void {
  if (Array.isArray(prelude)) {
    const values = prelude as readonly CV[];
    const sel = parseSelectorList(values);
    if (!sel.ok) {
      if (!sel.silent) {
        const text = serialize(values);
        ctx.problems.push({ code: 'unsupported-selector', message: `Dropped rule "${text.length > 80 ? `${text.slice(0, 77)}...` : text}": ${sel.message}`, at });
      }
      return;
    }
    if (block.from < block.to) ctx.items.push(new StyleItem(sel.selectors, sel.selectors.map(keyOf), block, media, at, ctx.quirks));
      if (hasNestedBlock(block)) deeper(ctx, at, () => compileNested(values, block, media, ctx));
    return;
  }
  const ref = prelude as BlockRef;
  if (block.from < block.to) ctx.items.push(new StyleItem(ref, keysFromTokens(ref), block, media, at, ctx.quirks));
  if (hasNestedBlock(block)) deeper(ctx, at, () => compileNested(preludeValues(ref), block, media, ctx));
}

/** CSS Nesting 1: nested style rules and conditional rules inside a style rule. */
function compileNested(parent: readonly CV[], block: BlockRef, media: readonly (readonly CV[])[], ctx: CompileContext): void {
  const { atRules, rules } = parseDeclarations(block, { problems: [] });
  for (const rule of rules) compileStyleRule(resolveNesting(parent, preludeValues(rule.prelude)), rule.block, media, rule.at, ctx);
  for (const at of atRules) {
    if (!at.block) continue;
    if (at.name === 'media') compileStyleRule(parent, at.block, [...media, at.prelude], at.at, ctx);
    else if (at.name === 'supports') { if (supportsCondition(at.prelude.filter((x) => x.t !== 'ws'))) compileStyleRule(parent, at.block, media, at.at, ctx); }
    else if (at.name === 'layer') compileStyleRule(parent, at.block, media, at.at, ctx);
    else ctx.problems.push({ code: 'unsupported-at-rule', message: `Ignored @${at.name} inside a style rule`, at: at.at });
  }
}

/** `&` stands for `:is(<parent list>)`; a nested selector without `&` is relative to it as a descendant. */
function resolveNesting(parent: readonly CV[], nested: readonly CV[]): CV[] {
  const at = nested[0]?.s ?? 0;
  const parentIs: CV[] = [{ t: 'delim', v: ':', s: at, e: at }, { t: 'func', name: 'is', args: [...parent], s: at, e: at }];
  const replace = (items: readonly CV[]): { out: CV[]; found: boolean } => {
    let found = false;
    const out: CV[] = [];
    for (const x of items) {
      if (x.t === 'delim' && x.v === '&') { out.push(...parentIs); found = true; }
      else if (x.t === 'func') { const r = replace(x.args); found ||= r.found; out.push(r.found ? { ...x, args: r.out } : x); }
      else out.push(x);
    }
    return { out, found };
  };
  const out: CV[] = [];
  splitCommas(nested).forEach((part, i) => {
    if (i > 0) out.push({ t: 'delim', v: ',', s: at, e: at });
    const r = replace(part);
    if (r.found) out.push(...r.out);
    else out.push(...parentIs, { t: 'ws', s: at, e: at }, ...part.filter((x, k) => !(k === 0 && x.t === 'ws')));
  });
  return out;
}

function compileAtRule(rule: AtRule, media: readonly (readonly CV[])[], ctx: CompileContext): void {
  const name = rule.name;
  switch (name) {
    case 'media':
      ctx.allowImport = false;
      if (rule.block) { const block = rule.block; deeper(ctx, rule.at, () => compileRules(parseRules(block, { problems: ctx.syntax }), [...media, rule.prelude], ctx)); }
      return;
    case 'supports':
      ctx.allowImport = false;
      if (rule.block && supportsCondition(rule.prelude.filter((x) => x.t !== 'ws'))) { const block = rule.block; deeper(ctx, rule.at, () => compileRules(parseRules(block, { problems: ctx.syntax }), media, ctx)); }
      return;
    case 'layer':
      // cascade layers: their rules apply; layer order is not modelled (author order stands)
      ctx.allowImport = ctx.allowImport && !rule.block;
      if (rule.block) { const block = rule.block; deeper(ctx, rule.at, () => compileRules(parseRules(block, { problems: ctx.syntax }), media, ctx)); }
      return;
    case 'import': {
      const first = rule.prelude.find((x) => x.t !== 'ws');
      const url = first?.t === 'url' || first?.t === 'str' ? first.v : first?.t === 'func' && first.name === 'url' && first.args[0]?.t === 'str' ? first.args[0].v : undefined;
      if (!ctx.allowImport) { ctx.problems.push({ code: 'css-parse-error', message: '@import after other rules is ignored', at: rule.at }); return; }
      if (url === undefined) { ctx.problems.push({ code: 'css-parse-error', message: '@import without a URL', at: rule.at }); return; }
      const rest = rule.prelude.slice(rule.prelude.indexOf(first!) + 1).filter((x) => !(x.t === 'ident' && x.v.toLowerCase() === 'layer') && !(x.t === 'func' && (x.name === 'layer' || x.name === 'supports')));
      ctx.items.push({ kind: 'import', url, mediaQuery: rest, media, at: rule.at });
      return;
    }
    case 'page': {
      ctx.allowImport = false;
      const { declarations, atRules } = rule.block ? parseDeclarations(rule.block, { problems: ctx.syntax }) : { declarations: [], atRules: [] };
      // CSS Paged Media 3 §3.1: a page name is a case-sensitive <custom-ident> (`page: Foo` matches
      // `@page Foo`, not `@page foo`, as Chromium prints it); the page pseudo-classes are ASCII case-insensitive
      const parts = rule.prelude.filter((x) => x.t !== 'ws');
      const selector = parts.map((x, i) => (x.t === 'ident' ? (i > 0 && parts[i - 1]!.t === 'delim' ? x.v.toLowerCase() : x.v) : x.t === 'delim' ? x.v : '')).join('');
      ctx.items.push({
        kind: 'page', selector, declarations, media, at: rule.at,
        marginBoxes: atRules.map((a) => ({ name: a.name, declarations: a.block ? parseDeclarations(a.block, { problems: ctx.syntax }).declarations : [] })),
      });
      return;
    }
    case 'property': {
      ctx.allowImport = false;
      const name = rule.prelude.find((x) => x.t !== 'ws');
      if (!name || name.t !== 'ident' || !name.v.startsWith('--') || !rule.block) { ctx.problems.push({ code: 'invalid-value', message: '@property needs a custom property name and a block', at: rule.at }); return; }
      const declarations = parseDeclarations(rule.block, { problems: ctx.syntax }).declarations;
      const inherits = declarations.find((d) => d.name === 'inherits');
      const initial = declarations.find((d) => d.name === 'initial-value');
      const inheritsValue = inherits && inherits.value.length === 1 && inherits.value[0]!.t === 'ident' ? inherits.value[0].v.toLowerCase() : undefined;
      if (inheritsValue !== 'true' && inheritsValue !== 'false') { ctx.problems.push({ code: 'invalid-value', message: `@property ${name.v} without a valid "inherits" is ignored`, at: rule.at }); return; }
      ctx.items.push({ kind: 'property', name: name.v, inherits: inheritsValue === 'true', initial: initial ? initial.value : undefined, media });
      return;
    }
    case 'font-face': {
      ctx.allowImport = false;
      const declarations = rule.block ? parseDeclarations(rule.block, { problems: ctx.syntax }).declarations : [];
      ctx.items.push({ kind: 'font-face', declarations, media, at: rule.at });
      return;
    }
    default:
      ctx.allowImport = false;
      if (SILENT_AT_RULES.has(name) || /^-(?:webkit|moz|ms|o)-/.test(name)) return;
      if (IGNORED_AT_RULES.has(name)) { ctx.problems.push({ code: 'unsupported-at-rule', message: `Ignored @${name}`, at: rule.at }); return; }
      ctx.problems.push({ code: 'unsupported-at-rule', message: `Ignored unknown at-rule @${name}`, at: rule.at });
  }
}

/** CSS Conditional 3 §6.1: supported when we parse the declaration (or the selector). */
function supportsCondition(items: readonly CV[]): boolean {
  if (items.length === 0) return false;
  if (ident(items[0]) === 'not') return !supportsCondition(items.slice(1));
  let result: boolean | undefined;
  let op: string | undefined;
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (i % 2 === 1) { op = ident(it); if (op !== 'and' && op !== 'or') return false; continue; }
    let r: boolean;
    if (it.t === 'block' && it.open === '(') r = supportsInParens(it.items.filter((x) => x.t !== 'ws'));
    else if (it.t === 'func' && it.name === 'selector') r = parseSelectorList(it.args).ok;
    else return false;
    result = result === undefined ? r : op === 'or' ? result || r : result && r;
  }
  return result ?? false;
}

function supportsInParens(items: readonly CV[]): boolean {
  if (items[0]?.t === 'block' || ident(items[0]) === 'not') return supportsCondition(items);
  const name = items[0];
  const colon = items[1];
  if (!name || name.t !== 'ident' || !colon || colon.t !== 'delim' || colon.v !== ':') return false;
  const prop = name.v.toLowerCase();
  let value = items.slice(2);
  const n = value.length;
  if (n >= 2 && value[n - 2]!.t === 'delim' && ident(value[n - 1]) === 'important') value = value.slice(0, n - 2);
  if (prop.startsWith('--')) return true;
  if (!SHORTHANDS.has(prop) && !isProperty(prop)) return false;
  if (containsVar(value)) return true;
  return parseValue(prop, value) !== undefined;
}

/** A `style=""` attribute (`quirks`: of a quirks-mode document) or a presentational-hint block: compiled once per distinct text. */
export function compileInlineStyle(text: string, quirks = false): { block: CompiledBlock; problems: readonly Problem[]; source: string } {
  const key = quirks ? `\u0000quirks\u0000${text}` : text;
  const hit = inlineCache.get(key);
  if (hit) return hit;
  const syntax: SyntaxProblem[] = [];
  const declarations = parseDeclarationText(text, { problems: syntax });
  const problems: Problem[] = syntax.map((p) => ({ code: 'css-parse-error', message: p.message, at: p.at }));
  const block = compileBlock(declarations, problems, text, quirks);
  const out = { block, problems, source: text };
  inlineCache.set(key, out);
  if (inlineCache.size > 4096) inlineCache.delete(inlineCache.keys().next().value!);
  return out;
}
const inlineCache = new Map<string, { block: CompiledBlock; problems: readonly Problem[]; source: string }>();
