// The Nunjucks environment: autoescape on, no loader (nothing is read from the file system).
//
// Nunjucks is NOT a sandbox. Template authors are trusted like developers (README,
// "Security"). Still, the known escapes are closed here, twice:
//   1. at save time, checkTemplate() refuses a template that names a blocked property
//      (`constructor`, `__proto__`, `prototype`, `__defineGetter__`, ...) or uses
//      include / import / extends (there is no loader, so they could never work);
//   2. at render time the runtime's two lookup functions return `undefined` for blocked
//      names, so a name computed at run time (`x[name]`) cannot reach them either.
// Params are data, never code: they are passed as context values and Nunjucks does not
// re-evaluate output, so a param "{{ 7*7 }}" renders as that text.
import nunjucks from 'nunjucks';

// The runtime module the compiled templates call into (`runtime.memberLookup(...)`).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const runtime = require('nunjucks/src/runtime') as {
  memberLookup: (obj: unknown, name: unknown) => unknown;
  contextOrFrameLookup: (context: unknown, frame: unknown, name: string) => unknown;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const parser = require('nunjucks/src/parser') as { parse(src: string, extensions?: unknown[], opts?: unknown): NunjucksNode };

interface NunjucksNode {
  typename: string;
  lineno: number;
  colno: number;
  value?: unknown;
  fields?: string[];
  [field: string]: unknown;
}

/** Property and variable names a template may not look up. */
export const BLOCKED_NAMES: ReadonlySet<string> = new Set([
  'constructor', '__proto__', 'prototype',
  '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__',
  'caller', 'callee', 'arguments',
]);

function isBlocked(name: unknown): boolean {
  return typeof name === 'string' && BLOCKED_NAMES.has(name);
}

// Patch once per process. The wrappers keep Nunjucks' own behaviour for every other name.
const PATCHED = Symbol.for('platen.nunjucks.hardened');
const marker = runtime as unknown as Record<symbol, boolean>;
if (!marker[PATCHED]) {
  const memberLookup = runtime.memberLookup;
  const contextOrFrameLookup = runtime.contextOrFrameLookup;
  runtime.memberLookup = (obj, name) => (isBlocked(name) ? undefined : memberLookup(obj, name));
  runtime.contextOrFrameLookup = (context, frame, name) => (isBlocked(name) ? undefined : contextOrFrameLookup(context, frame, name));
  marker[PATCHED] = true;
}

const env = new nunjucks.Environment([], { autoescape: true, throwOnUndefined: false });

// Nunjucks' range() builds its whole array first. `range(0, 1e9)` then grows one array until the
// worker's heap cap, and V8 aborts the whole process on that allocation pattern instead of
// ending only the worker (nodejs/node#47224). Same semantics, with a bound (issue #4/#5).
export const MAX_RANGE_LENGTH = 100_000;
env.addGlobal('range', (start: number, stop?: number, step?: number): number[] => {
  if (stop === undefined) { stop = start; start = 0; step = 1; } else if (!step) step = 1;
  const out: number[] = [];
  for (let i = start; step > 0 ? i < stop : i > stop; i += step) {
    if (out.length >= MAX_RANGE_LENGTH) throw new Error(`range() is limited to ${MAX_RANGE_LENGTH} numbers`);
    out.push(i);
  }
  return out;
});

/**
 * Platen's own filters (besides Nunjucks' built-ins):
 *   `fixed(digits = 2)`: a number with exactly that many decimals, `1234.5 | fixed` → `1234.50`;
 *   `grouped(digits = 2, separator = ',')`: the same with thousands grouped, → `1,234.50`.
 * Anything that is not a finite number renders as is.
 */
function toNumber(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}
const clampDigits = (d: unknown) => Math.min(10, Math.max(0, Math.floor(Number(d) || 0)));
env.addFilter('fixed', (value: unknown, digits: unknown = 2) => {
  const n = toNumber(value);
  return n === undefined ? value : n.toFixed(clampDigits(digits));
});
env.addFilter('grouped', (value: unknown, digits: unknown = 2, separator: unknown = ',') => {
  const n = toNumber(value);
  if (n === undefined) return value;
  const [int, frac] = Math.abs(n).toFixed(clampDigits(digits)).split('.');
  const groupedInt = int!.replace(/\B(?=(\d{3})+(?!\d))/g, String(separator));
  return `${n < 0 ? '-' : ''}${groupedInt}${frac ? `.${frac}` : ''}`;
});

export interface TemplateContext {
  readonly params: Record<string, unknown>;
  readonly globals: Record<string, unknown>;
}

/** A problem in a template found when it is saved. */
export interface TemplateProblem {
  readonly code: 'template-syntax' | 'template-blocked-name' | 'template-include-refused';
  readonly message: string;
  /** 1-based; 0 when unknown */
  readonly line: number;
  readonly column: number;
}

export class TemplateRefusedError extends Error {
  constructor(readonly problems: readonly TemplateProblem[]) {
    super(problems.map((p) => `${p.line}:${p.column}: ${p.message}`).join('\n'));
    this.name = 'TemplateRefusedError';
  }
}

/**
 * Checks a template before it is saved: it must parse, must not name a blocked property or
 * variable, and must not include/import/extend (there is no loader). Empty list: acceptable.
 */
export function checkTemplate(source: string): TemplateProblem[] {
  let root: NunjucksNode;
  try {
    root = parser.parse(source, [], {});
  } catch (err) {
    const e = err as { message?: string; lineno?: number; colno?: number };
    const message = String(e.message ?? err).replace(/^\(unknown path\)\s*/, '').split('\n').map((s) => s.trim()).filter(Boolean).join(' ');
    // "got end of file" errors carry no position: they are about the end of the source
    const atEnd = e.lineno === undefined && /end of file/.test(message);
    const lines = source.split('\n');
    return [{ code: 'template-syntax', message, line: atEnd ? lines.length : (e.lineno ?? -1) + 1, column: atEnd ? lines[lines.length - 1]!.length + 1 : (e.colno ?? -1) + 1 }];
  }
  const problems: TemplateProblem[] = [];
  const at = (n: NunjucksNode) => ({ line: n.lineno + 1, column: n.colno + 1 });
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as NunjucksNode;
    switch (n.typename) {
      case 'Symbol':
        if (isBlocked(n.value)) problems.push({ code: 'template-blocked-name', message: `the name "${String(n.value)}" is blocked (it can reach JavaScript internals)`, ...at(n) });
        break;
      case 'LookupVal': {
        const val = n.val as NunjucksNode | undefined;
        if (val && val.typename === 'Literal' && isBlocked(val.value)) problems.push({ code: 'template-blocked-name', message: `the property "${String(val.value)}" is blocked (it can reach JavaScript internals)`, ...at(val) });
        break;
      }
      case 'Include': case 'Import': case 'FromImport': case 'Extends':
        problems.push({ code: 'template-include-refused', message: `${n.typename.toLowerCase()} is not supported: a template is one self-contained document (use macros inside it)`, ...at(n) });
        break;
      default:
        break;
    }
    for (const field of n.fields ?? []) {
      const child = n[field];
      if (Array.isArray(child)) child.forEach(visit); else visit(child);
    }
  };
  visit(root);
  return problems;
}

/** Throws TemplateRefusedError when checkTemplate finds problems. */
export function assertTemplateAcceptable(source: string): void {
  const problems = checkTemplate(source);
  if (problems.length) throw new TemplateRefusedError(problems);
}

/**
 * The context a template sees: `{...params, global}`. Top-level keys that Nunjucks would
 * turn into a prototype assignment (`__proto__`) or that are blocked anyway are dropped,
 * so params cannot change what other names resolve to.
 */
function contextFor(context: TemplateContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(context.params)) {
    if (isBlocked(key) || key === 'global') continue;
    Object.defineProperty(out, key, { value: context.params[key], enumerable: true, writable: true, configurable: true });
  }
  out.global = context.globals;
  return out;
}

export interface CompiledTemplate {
  /** Renders with `{...params, global}`; throws on a template error (undefined names render empty). */
  render(context: TemplateContext): string;
}

/** Compiles once; the render layer caches the result by (template ID, version). */
export function compileTemplate(source: string): CompiledTemplate {
  const compiled = new nunjucks.Template(source, env, undefined, true);
  return { render: (context) => compiled.render(contextFor(context)) };
}

/** Renders template source with `{...params, global}`; throws on a template error. */
export function renderTemplate(source: string, context: TemplateContext): string {
  return compileTemplate(source).render(context);
}
