// CSS Variables 1: custom properties and var(). An element's custom properties are its
// parent's with its own declarations resolved on top (§2.3, cycles make every property in
// them invalid); var() is substituted into a declared value at computed-value time (§3).
// CSS Properties and Values API 1 @property registrations give initial values and may
// stop a custom property inheriting.
import type { CV } from '../css/syntax';
import type { CompiledDecl } from './declarations';

/** Custom property name → its value's tokens. */
export type Customs = ReadonlyMap<string, readonly CV[]>;

/** @property registrations: initial values, and which ones do not inherit. */
export interface Registered {
  /** the root's custom properties: every registered initial value */
  readonly rootCustoms: Customs;
  /** non-inherited registered properties: reset to their initial value on every element */
  readonly nonInherited: readonly { readonly name: string; readonly initial: readonly CV[] | undefined }[];
}

export function registeredProperties(m: ReadonlyMap<string, { inherits: boolean; initial: readonly CV[] | undefined }>): Registered {
  const rootCustoms = new Map<string, readonly CV[]>();
  const nonInherited: { name: string; initial: readonly CV[] | undefined }[] = [];
  for (const [name, r] of m) {
    if (r.initial) rootCustoms.set(name, r.initial);
    if (!r.inherits) nonInherited.push({ name, initial: r.initial });
  }
  return { rootCustoms, nonInherited };
}

const MAX_SUBSTITUTION_DEPTH = 32;
const MAX_SUBSTITUTION_TOKENS = 10000;

export function resolveCustoms(declared: ReadonlyMap<string, CompiledDecl>, inherited: Customs): Customs {
  const out = new Map(inherited);
  const raw = new Map<string, readonly CV[]>();
  for (const [name, d] of declared) {
    if (d.k === 'custom') raw.set(name, d.tokens);
    else if (d.k === 'custom-wide') {
      if (d.keyword === 'initial') out.delete(name); // the guaranteed-invalid value
      // inherit / unset: custom properties inherit, so keep the parent's
    }
  }
  // §2.3 resolve dependencies; a cycle makes every property in it invalid
  const state = new Map<string, 'busy' | 'done' | 'invalid'>();
  const resolveOne = (name: string): void => {
    const st = state.get(name);
    if (st === 'done' || st === 'invalid') return;
    if (st === 'busy') { state.set(name, 'invalid'); return; }
    const tokens = raw.get(name);
    if (!tokens) return;
    state.set(name, 'busy');
    const lookup = (ref: string): readonly CV[] | undefined => {
      if (raw.has(ref)) {
        resolveOne(ref);
        if (state.get(ref) === 'invalid' || state.get(ref) === 'busy') { state.set(ref, 'invalid'); return undefined; }
        return out.get(ref);
      }
      return out.get(ref);
    };
    const value = substituteWith(tokens, lookup, 0);
    if (state.get(name) === 'invalid' || value === undefined) { state.set(name, 'invalid'); out.delete(name); return; }
    out.set(name, value);
    state.set(name, 'done');
  };
  for (const name of raw.keys()) resolveOne(name);
  for (const [name, st] of state) if (st === 'invalid') out.delete(name);
  return out;
}

/** Replaces var()/env() in a value; undefined when a reference has no value and no fallback. */
export function substitute(tokens: readonly CV[], customs: Customs, depth: number): CV[] | undefined {
  return substituteWith(tokens, (name) => customs.get(name), depth);
}

/** The first custom property `tokens` refer to with var() that has no value and no fallback (undefined: none). */
export function missingVariable(tokens: readonly CV[], customs: Customs): string | undefined {
  for (const x of tokens) {
    if (x.t === 'func' && x.name === 'var') {
      const nameTok = x.args[0];
      const hasFallback = x.args.some((a) => a.t === 'delim' && a.v === ',');
      if (nameTok?.t === 'ident' && !hasFallback && customs.get(nameTok.v) === undefined) return nameTok.v;
    }
    if (x.t === 'func' || x.t === 'block') {
      const inner = missingVariable(x.t === 'func' ? x.args : x.items, customs);
      if (inner) return inner;
    }
  }
  return undefined;
}

function substituteWith(tokens: readonly CV[], lookup: (name: string) => readonly CV[] | undefined, depth: number): CV[] | undefined {
  if (depth > MAX_SUBSTITUTION_DEPTH) return undefined;
  const out: CV[] = [];
  for (const x of tokens) {
    if (x.t === 'func' && (x.name === 'var' || x.name === 'env')) {
      const comma = x.args.findIndex((a) => a.t === 'delim' && a.v === ',');
      const nameTok = x.args[0];
      const fallback = comma >= 0 ? x.args.slice(comma + 1) : undefined;
      let value: readonly CV[] | undefined;
      if (x.name === 'var' && nameTok?.t === 'ident' && nameTok.v.startsWith('--')) value = lookup(nameTok.v);
      else if (x.name === 'var') return undefined;
      if (value === undefined && fallback !== undefined) {
        const f = substituteWith(fallback, lookup, depth + 1);
        if (f === undefined) return undefined;
        value = f;
      }
      if (value === undefined) return undefined;
      out.push(...value);
    } else if (x.t === 'func') {
      const args = substituteWith(x.args, lookup, depth + 1);
      if (!args) return undefined;
      out.push(args === x.args ? x : { ...x, args });
    } else if (x.t === 'block') {
      const items = substituteWith(x.items, lookup, depth + 1);
      if (!items) return undefined;
      out.push({ ...x, items });
    } else out.push(x);
    if (out.length > MAX_SUBSTITUTION_TOKENS) return undefined;
  }
  return out;
}

