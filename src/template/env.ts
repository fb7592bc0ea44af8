// The one Nunjucks environment every template compiles and renders with (autoescape on, no
// loader), the blocked names, and the runtime hardening described in ./index.ts. The save-time
// checker (./check.ts) asks this environment which filters and tests exist.
import nunjucks from 'nunjucks';

// The runtime module the compiled templates call into (`runtime.memberLookup(...)`).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const runtime = require('nunjucks/src/runtime') as {
  memberLookup: (obj: unknown, name: unknown) => unknown;
  contextOrFrameLookup: (context: unknown, frame: unknown, name: string) => unknown;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const parser = require('nunjucks/src/parser') as { parse(src: string, extensions?: unknown[], opts?: unknown): NunjucksNode };

export interface NunjucksNode {
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

export function isBlocked(name: unknown): boolean {
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

/**
 * The environment templates render with: a variable that is not defined renders as nothing.
 * `dev` keeps the error a template throws as Nunjucks' TemplateError, with its line, column
 * and cause (without it Nunjucks copies only the message; nothing here reaches a client as is).
 */
export const env = new nunjucks.Environment([], { autoescape: true, throwOnUndefined: false, dev: true });
/**
 * The same environment where outputting an undefined (or null) value is an error at its line
 * and column (`--strict-variables`): authors find a param their sample does not supply.
 * Nunjucks decides this when it compiles, hence a second environment with the same globals and filters.
 */
export const strictEnv = new nunjucks.Environment([], { autoescape: true, throwOnUndefined: true, dev: true });

// Nunjucks' range() builds its whole array first. `range(0, 1e9)` then grows one array until the
// worker's heap cap, and V8 aborts the whole process on that allocation pattern instead of
// ending only the worker (nodejs/node#47224). Same semantics, with a bound (issue #4/#5).
export const MAX_RANGE_LENGTH = 100_000;

/** A template asked for more than a limit allows; the render error names the limit. */
export class TemplateLimitError extends Error {
  constructor(readonly limit: 'range', readonly max: number, message: string) {
    super(message);
    this.name = 'TemplateLimitError';
  }
}

const range = (start: number, stop?: number, step?: number): number[] => {
  if (stop === undefined) { stop = start; start = 0; step = 1; } else if (!step) step = 1;
  const out: number[] = [];
  for (let i = start; step > 0 ? i < stop : i > stop; i += step) {
    if (out.length >= MAX_RANGE_LENGTH) throw new TemplateLimitError('range', MAX_RANGE_LENGTH, `range() is limited to ${MAX_RANGE_LENGTH} numbers`);
    out.push(i);
  }
  return out;
};

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
const fixed = (value: unknown, digits: unknown = 2) => {
  const n = toNumber(value);
  return n === undefined ? value : n.toFixed(clampDigits(digits));
};
const grouped = (value: unknown, digits: unknown = 2, separator: unknown = ',') => {
  const n = toNumber(value);
  if (n === undefined) return value;
  const [int, frac] = Math.abs(n).toFixed(clampDigits(digits)).split('.');
  const groupedInt = int!.replace(/\B(?=(\d{3})+(?!\d))/g, String(separator));
  return `${n < 0 ? '-' : ''}${groupedInt}${frac ? `.${frac}` : ''}`;
};

for (const e of [env, strictEnv]) {
  e.addGlobal('range', range);
  e.addFilter('fixed', fixed);
  e.addFilter('grouped', grouped);
}

