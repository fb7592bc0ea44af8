// Property: the request validator (CONTRACT.md checks 6–11, including "params limits, defined
// exactly") agrees with a plain reference model written from CONTRACT.md, on random JSON.
// Runs: PLATEN_PROPERTY_RUNS (default 10,000, as in CI). Random bodies are checked against
// small limits (so every limit is hit often, at its boundary) and against the real defaults.
import { expect } from 'chai';
import fc from 'fast-check';
import { PlatenError } from '../../src/errors';
import { validateGenerateBody } from '../../src/http/schemas/generate';
import { DEFAULT_PARAMS_LIMITS, type ParamsLimits } from '../../src/http/schemas/paramsLimits';

const RUNS = Number(process.env.PLATEN_PROPERTY_RUNS ?? 10_000);
const FORMATS = ['Letter', 'Legal', 'Tabloid', 'Ledger', 'A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6'];

// ---- the reference model, straight from CONTRACT.md ----------------------------------------

type Outcome = { ok: true } | { ok: false; code: string; limit?: string; path?: string };

/** Unicode code points: Array.from splits a string by code point (a lone surrogate is one). */
const codePoints = (s: string) => Array.from(s).length;
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `params.items[3].name`; a key that is not an identifier in brackets; one over 64 code points shortened with "…" */
function pathOf(parent: string, key: string): string {
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) && key.length <= 64) return `${parent}.${key}`;
  const shown = codePoints(key) > 64 ? `${Array.from(key).slice(0, 64).join('')}…` : key;
  return `${parent}[${JSON.stringify(shown)}]`;
}

/**
 * "Depth: params is level 1; each object or array nested inside adds a level. One array: at
 * most N elements. One object: at most N keys. One string (values and keys): at most N code
 * points. Total values: every value below the root counts once. The error names the limit and
 * the path where it was first exceeded" — first in document order, a container's own limits
 * before its members, a key before its value.
 */
function referenceLimits(params: Record<string, unknown>, L: ParamsLimits): { limit: string; path: string } | undefined {
  let total = 0;
  const visit = (v: unknown, path: string, level: number): { limit: string; path: string } | undefined => {
    if (typeof v === 'string') return codePoints(v) > L.string_length ? { limit: 'string_length', path } : undefined;
    if (Array.isArray(v)) {
      if (level > L.depth) return { limit: 'depth', path };
      if (v.length > L.array_length) return { limit: 'array_length', path };
      for (let i = 0; i < v.length; i++) {
        total++;
        if (total > L.total_values) return { limit: 'total_values', path: `${path}[${i}]` };
        const inner = visit(v[i], `${path}[${i}]`, level + 1);
        if (inner) return inner;
      }
      return undefined;
    }
    if (isPlainObject(v)) {
      if (level > L.depth) return { limit: 'depth', path };
      const keys = Object.keys(v);
      if (keys.length > L.object_keys) return { limit: 'object_keys', path };
      for (const k of keys) {
        const at = pathOf(path, k);
        if (codePoints(k) > L.string_length) return { limit: 'string_length', path: at };
        total++;
        if (total > L.total_values) return { limit: 'total_values', path: at };
        const inner = visit(v[k], at, level + 1);
        if (inner) return inner;
      }
    }
    return undefined;
  };
  return visit(params, 'params', 1);
}

function reference(body: Record<string, unknown>, L: ParamsLimits): Outcome {
  if (typeof body.templateId !== 'string' || body.templateId === '') return { ok: false, code: 'template_id_required' };
  if (Object.keys(body).some((k) => !['templateId', 'params', 'format'].includes(k))) return { ok: false, code: 'unknown_field' };
  if ('format' in body && body.format !== undefined && !(typeof body.format === 'string' && FORMATS.some((f) => f.toLowerCase() === (body.format as string).toLowerCase()))) {
    return { ok: false, code: 'unsupported_format' };
  }
  const params = body.params;
  if (params !== undefined && params !== null && !isPlainObject(params)) return { ok: false, code: 'invalid_params' };
  const p = (params ?? {}) as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(p, 'global')) return { ok: false, code: 'params_reserved_key' };
  const breach = referenceLimits(p, L);
  if (breach) return { ok: false, code: 'params_limit_exceeded', ...breach };
  return { ok: true };
}

// ---- the implementation, as an outcome ----------------------------------------------------

function actual(body: Record<string, unknown>, L: ParamsLimits): Outcome {
  try {
    validateGenerateBody(body, { limits: L });
    return { ok: true };
  } catch (err) {
    if (!(err instanceof PlatenError)) throw err;
    const out: { ok: false; code: string; limit?: string; path?: string } = { ok: false, code: err.code };
    if (err.code === 'params_limit_exceeded') {
      out.limit = err.extra.limit as string;
      out.path = err.extra.path as string;
    }
    return out;
  }
}

// ---- generators -----------------------------------------------------------------------------

/** keys: short identifiers, awkward strings, near-limit lengths, emoji, lone surrogates, "global", "__proto__" */
const keyArb = (maxLen: number) => fc.oneof(
  fc.constantFrom('a', 'b', 'items', 'name', 'global', '__proto__', 'constructor', '0', 'with space', 'ü', '😀', '\ud800', 'a.b', '"q"'),
  fc.string({ unit: 'binary', maxLength: maxLen + 2 }),
  fc.string({ unit: 'grapheme', minLength: maxLen - 1, maxLength: maxLen + 1 }),
);
const stringArb = (maxLen: number) => fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.string({ unit: 'binary', minLength: Math.max(0, maxLen - 2), maxLength: maxLen + 2 }),
  fc.string({ unit: 'grapheme', minLength: Math.max(0, maxLen - 1), maxLength: maxLen + 1 }),
  fc.constant('😀'.repeat(maxLen)), fc.constant(`${'😀'.repeat(maxLen)}x`), fc.constant('\ud800'.repeat(maxLen + 1)),
);

function jsonArb(L: ParamsLimits): fc.Arbitrary<unknown> {
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true },
      fc.constantFrom(null, true, false, 0, -1.5, 1e308),
      stringArb(L.string_length),
      tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: L.array_length + 2 }),
    object: fc.dictionary(keyArb(L.string_length), tie('value'), { maxKeys: L.object_keys + 2, noNullPrototype: true }),
  }));
  return value;
}

function bodyArb(L: ParamsLimits): fc.Arbitrary<Record<string, unknown>> {
  return fc.record({
    templateId: fc.oneof(fc.constant('invoice'), fc.constant(''), fc.integer(), fc.constant(null), fc.string({ maxLength: 3 })),
    format: fc.oneof(fc.constantFrom(...FORMATS), fc.constantFrom(...FORMATS).map((f) => f.toLowerCase()), fc.constantFrom('a7', 'B5', '', 'A4 ', 'letter'), fc.integer(), fc.constant(null)),
    params: fc.oneof(
      { weight: 6, arbitrary: fc.dictionary(keyArb(L.string_length), jsonArb(L), { maxKeys: L.object_keys + 2, noNullPrototype: true }) },
      { weight: 1, arbitrary: fc.constantFrom(null, [], 'x', 3, true) },
      { weight: 1, arbitrary: jsonArb(L) },
    ),
    extra: fc.constant('x'),
  }, { requiredKeys: [] }).map((r) => {
    // JSON round trip: what the body parser would hand the validator (and __proto__ as an own key)
    const json = JSON.stringify(r).replace(/"extra":"x"/, '"surprise":"x"');
    return JSON.parse(json) as Record<string, unknown>;
  });
}

describe('property: params validator = the CONTRACT.md reference model', function () {
  this.timeout(120_000);

  const SMALL: ParamsLimits = { depth: 3, array_length: 4, object_keys: 4, string_length: 6, total_values: 12 };

  it(`agrees on ${RUNS} random bodies at small limits (every limit hit at its boundary)`, () => {
    fc.assert(fc.property(bodyArb(SMALL), (body) => {
      expect(actual(body, SMALL)).to.deep.equal(reference(body, SMALL));
    }), { numRuns: RUNS });
  });

  it(`agrees on ${Math.ceil(RUNS / 10)} random bodies at the default limits`, () => {
    fc.assert(fc.property(bodyArb({ ...DEFAULT_PARAMS_LIMITS, string_length: 40, object_keys: 8, array_length: 8 }), (body) => {
      expect(actual(body, DEFAULT_PARAMS_LIMITS)).to.deep.equal(reference(body, DEFAULT_PARAMS_LIMITS));
    }), { numRuns: Math.ceil(RUNS / 10) });
  });

  it('agrees at the exact default boundaries: depth 10/11, 100/101 elements, 200/201 keys, 10,000/10,001 code points, 10,000/10,001 values', () => {
    const nest = (levels: number): Record<string, unknown> => {
      let v: Record<string, unknown> = {};
      for (let i = 1; i < levels; i++) v = { n: v };
      return v;
    };
    const cases: Record<string, unknown>[] = [
      nest(10), nest(11),
      { a: Array(100).fill(0) }, { a: Array(101).fill(0) },
      Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, i])), Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, i])),
      { s: '😀'.repeat(10_000) }, { s: `${'😀'.repeat(10_000)}x` }, { ['é'.repeat(10_001)]: 1 },
      { a: Array.from({ length: 99 }, () => Array(100).fill(0)) }, { a: Array.from({ length: 100 }, () => Array(100).fill(0)) },
    ];
    for (const params of cases) {
      const body = { templateId: 't', params };
      expect(actual(body, DEFAULT_PARAMS_LIMITS)).to.deep.equal(reference(body, DEFAULT_PARAMS_LIMITS));
    }
  });
});
