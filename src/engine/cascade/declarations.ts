// CSS Cascading 4 §6.1 declared values: a block's declarations compiled once into
// (longhand, specified value) pairs. Shorthands are expanded here; var() makes a value
// "pending substitution" until the element's custom properties are known (CSS
// Variables 1 §3); CSS-wide keywords stay keywords. Mistakes become problems (kept as
// data with source offsets, so a memoized sheet can report them again per document).
import type { DiagnosticCode } from '../diagnostics';
import type { Declaration } from '../css/stylesheet';
import type { CV } from '../css/syntax';
import { IGNORED_PROPERTIES, isProperty, NOT_RENDERED_PROPERTIES, propertyDef, type PropertyName } from './properties';
import { quirkyValue } from './quirky-values';
import { SHORTHANDS } from './shorthands';

export type CssWideKeyword = 'inherit' | 'initial' | 'unset';

export type CompiledDecl =
  | { readonly k: 'value'; readonly name: PropertyName; readonly value: unknown }
  | { readonly k: 'wide'; readonly name: PropertyName; readonly keyword: CssWideKeyword }
  /** contains var(): parsed per element after substitution; `from` is the property as written */
  | { readonly k: 'pending'; readonly name: PropertyName; readonly from: string; readonly tokens: readonly CV[]; readonly at: number }
  | { readonly k: 'custom'; readonly name: string; readonly tokens: readonly CV[] }
  | { readonly k: 'custom-wide'; readonly name: string; readonly keyword: CssWideKeyword };

export interface CompiledBlock {
  readonly normal: readonly CompiledDecl[];
  readonly important: readonly CompiledDecl[];
}

export interface Problem {
  readonly code: DiagnosticCode;
  readonly message: string;
  /** offset in the sheet's source */
  readonly at: number;
}

const VENDOR_PREFIX = /^-(?:webkit|moz|ms|o|khtml|epub|apple|wap|xv|atsc)-/;

/** `quirks`: an author block of a quirks-mode document (CSS Quirks Mode §3.2, §3.3: quirky-values.ts). */
export function compileBlock(decls: readonly Declaration[], problems: Problem[], source: string, quirks = false): CompiledBlock {
  const normal: CompiledDecl[] = [];
  const important: CompiledDecl[] = [];
  for (const d of decls) {
    const out = d.important ? important : normal;
    compileDeclaration(quirks ? { ...d, value: quirkyValue(d.name, d.value, source) } : d, out, problems, source);
  }
  return { normal, important };
}

function wideKeyword(value: readonly CV[]): CssWideKeyword | undefined {
  if (value.length !== 1 || value[0]!.t !== 'ident') return undefined;
  const k = value[0]!.v.toLowerCase();
  if (k === 'inherit' || k === 'initial' || k === 'unset') return k;
  if (k === 'revert' || k === 'revert-layer') return 'unset'; // ≈ unset: author rules are rolled back to inheritance/initial
  return undefined;
}

export function containsVar(items: readonly CV[]): boolean {
  for (const x of items) {
    if (x.t === 'func') { if (x.name === 'var' || x.name === 'env' || containsVar(x.args)) return true; }
    else if (x.t === 'block' && containsVar(x.items)) return true;
  }
  return false;
}

function compileDeclaration(d: Declaration, out: CompiledDecl[], problems: Problem[], source: string): void {
  const { name, value } = d;
  if (name.startsWith('--')) {
    const kw = wideKeyword(value);
    out.push(kw ? { k: 'custom-wide', name, keyword: kw } : { k: 'custom', name, tokens: value });
    return;
  }
  const shorthand = SHORTHANDS.get(name);
  const longhands: readonly PropertyName[] | undefined = shorthand ? shorthand.longhands : isProperty(name) ? [name] : undefined;
  if (!longhands) {
    if (NOT_RENDERED_PROPERTIES.has(name)) {
      const k = value.length === 1 && value[0]!.t === 'ident' ? value[0].v.toLowerCase() : '';
      if (!['none', 'auto', 'normal', 'initial', 'unset', 'inherit', 'revert', 'visible', 'slice', 'horizontal-tb', '0'].includes(k) && !(value.length === 1 && value[0]!.t === 'num' && value[0].v === 0)) {
        problems.push({ code: 'unsupported-value', message: `"${name}" is not rendered yet; ignored`, at: d.at });
      }
      return;
    }
    if (!VENDOR_PREFIX.test(name) && !IGNORED_PROPERTIES.has(name)) {
      problems.push({ code: 'unknown-property', message: `Ignored unknown property "${name}"`, at: d.at });
    }
    return;
  }
  if (value.length === 0) {
    problems.push({ code: 'invalid-value', message: `Ignored "${name}:" with an empty value`, at: d.at });
    return;
  }
  const kw = wideKeyword(value);
  if (kw) {
    for (const l of longhands) out.push({ k: 'wide', name: l, keyword: kw });
    return;
  }
  if (containsVar(value)) {
    for (const l of longhands) out.push({ k: 'pending', name: l, from: name, tokens: value, at: d.at });
    return;
  }
  const parsed = parseValue(name, value);
  if (!parsed) {
    const unsupported = unsupportedFunction(value);
    if (unsupported) problems.push({ code: 'unsupported-value', message: `Ignored "${name}: ${sourceText(value, source)}": ${unsupported}() is not supported yet`, at: d.at });
    else if (!isVendorValue(value)) problems.push({ code: 'invalid-value', message: `Ignored "${name}: ${sourceText(value, source)}"`, at: d.at });
    return;
  }
  for (const p of parsed) out.push(p);
  const notDrawn = findFunction(value, NOT_DRAWN_FUNCTIONS);
  if (notDrawn) problems.push({ code: 'unsupported-value', message: `"${name}: ${sourceText(value, source)}": ${notDrawn}() is not drawn`, at: d.at });
}

/** Valid values the engine keeps but does not draw (CSS Images 4 conic gradients, Filter Effects 1 §13 blur and drop-shadow): said where they are written. */
const NOT_DRAWN_FUNCTIONS: ReadonlySet<string> = new Set(['conic-gradient', 'repeating-conic-gradient', 'blur', 'drop-shadow']);

function findFunction(value: readonly CV[], names: ReadonlySet<string>): string | undefined {
  for (const x of value) {
    if (x.t !== 'func') continue;
    if (names.has(x.name)) return x.name;
    const inner = findFunction(x.args, names);
    if (inner) return inner;
  }
  return undefined;
}

/** Parses a (substituted) value for a property as written: one entry per longhand, or undefined. */
export function parseValue(name: string, value: readonly CV[]): CompiledDecl[] | undefined {
  const shorthand = SHORTHANDS.get(name);
  if (shorthand) {
    const expansion = shorthand.expand(value);
    if (!expansion) return undefined;
    const out: CompiledDecl[] = [];
    for (const l of shorthand.longhands) {
      const part = expansion[l];
      if (part === undefined) continue;
      if (part === 'initial') { out.push({ k: 'wide', name: l, keyword: 'initial' }); continue; }
      const v = propertyDef(l).parse(part);
      if (v === undefined) return undefined;
      out.push({ k: 'value', name: l, value: v });
    }
    return out;
  }
  if (!isProperty(name)) return undefined;
  const v = propertyDef(name).parse(value);
  return v === undefined ? undefined : [{ k: 'value', name, value: v }];
}

/** Valid CSS the engine does not implement yet (paged-media functions, mostly). */
const UNSUPPORTED_FUNCTIONS = new Set(['light-dark', 'image', 'cross-fade', 'attr']);

function unsupportedFunction(value: readonly CV[]): string | undefined {
  return findFunction(value, UNSUPPORTED_FUNCTIONS);
}

/** `display: -moz-box`, `width: -moz-available`: vendor values are dropped silently, like vendor properties. */
function isVendorValue(value: readonly CV[]): boolean {
  return value.some((x) => (x.t === 'ident' && VENDOR_PREFIX.test(x.v)) || (x.t === 'func' && VENDOR_PREFIX.test(x.name)));
}

export function sourceText(value: readonly CV[], source: string): string {
  if (value.length === 0) return '';
  const text = source.slice(value[0]!.s, value[value.length - 1]!.e).replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
