// CONTRACT.md "params limits, defined exactly", as one single-pass walk.
//   depth: params is level 1, each nested container +1 (10 pass, 11 fail); scalars add none
//   array_length: ≤ 100 elements per array; object_keys: ≤ 200 keys per object (params too)
//   string_length: ≤ 10,000 code points per string value AND per object key
//   total_values: every value below the root counts once (containers and scalars): ≤ 10,000
// The walk is in document order and stops at the first breach, naming the limit, its maximum
// and the JSON path (`params.items[3].name`). On entering a container: depth, then size.
// For an object member: the key's length, then the value.

export type ParamsLimitName = 'depth' | 'array_length' | 'object_keys' | 'string_length' | 'total_values';

export interface ParamsLimits {
  readonly depth: number;
  readonly array_length: number;
  readonly object_keys: number;
  readonly string_length: number;
  readonly total_values: number;
}

export const DEFAULT_PARAMS_LIMITS: ParamsLimits = {
  depth: 10,
  array_length: 100,
  object_keys: 200,
  string_length: 10_000,
  total_values: 10_000,
};

export interface ParamsLimitBreach {
  readonly limit: ParamsLimitName;
  readonly max: number;
  readonly path: string;
}

/** Length in Unicode code points (an emoji is one; a lone surrogate counts as one). */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    if (s.codePointAt(i)! > 0xffff) i++; // a pair is one code point, a lone surrogate its own
    n++;
  }
  return n;
}

/** codePointLength(s) > max, with cheap exits: code points ≤ UTF-16 units ≤ 2 × code points. */
export function exceedsCodePoints(s: string, max: number): boolean {
  if (s.length <= max) return false;
  if (s.length > 2 * max) return true;
  return codePointLength(s) > max;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const PATH_KEY_MAX = 64;

function memberPath(parent: string, key: string): string {
  if (IDENTIFIER.test(key) && key.length <= PATH_KEY_MAX) return `${parent}.${key}`;
  const shown = exceedsCodePoints(key, PATH_KEY_MAX) ? `${Array.from(key).slice(0, PATH_KEY_MAX).join('')}…` : key;
  return `${parent}[${JSON.stringify(shown)}]`;
}

/**
 * The walk's state, one per call. The walk is module code, not closures made per call (V8 keeps
 * a closure's optimised code only while an instance of it lives, so per-request closures were
 * compiled again and again), and it keeps the path as a stack of keys: the path string is built
 * only for a breach, not for every value.
 */
class LimitWalk {
  total = 0;
  readonly keys: (string | number)[] = [];
  constructor(readonly limits: ParamsLimits) {}

  breach(limit: ParamsLimitName): ParamsLimitBreach {
    let path = 'params';
    for (const key of this.keys) path = typeof key === 'number' ? `${path}[${key}]` : memberPath(path, key);
    return { limit, max: this.limits[limit], path };
  }

  value(value: unknown, level: number): ParamsLimitBreach | undefined {
    if (typeof value === 'string') return exceedsCodePoints(value, this.limits.string_length) ? this.breach('string_length') : undefined;
    if (value === null || typeof value !== 'object') return undefined;
    if (level > this.limits.depth) return this.breach('depth');
    return Array.isArray(value) ? this.array(value, level) : this.object(value as Record<string, unknown>, level);
  }

  array(value: readonly unknown[], level: number): ParamsLimitBreach | undefined {
    if (value.length > this.limits.array_length) return this.breach('array_length');
    const keys = this.keys;
    for (let i = 0; i < value.length; i++) {
      keys.push(i);
      if (++this.total > this.limits.total_values) return this.breach('total_values');
      const found = this.value(value[i], level + 1);
      if (found) return found;
      keys.pop();
    }
    return undefined;
  }

  object(value: Record<string, unknown>, level: number): ParamsLimitBreach | undefined {
    const names = Object.keys(value);
    if (names.length > this.limits.object_keys) return this.breach('object_keys');
    const keys = this.keys;
    for (const name of names) {
      keys.push(name);
      if (exceedsCodePoints(name, this.limits.string_length)) return this.breach('string_length');
      if (++this.total > this.limits.total_values) return this.breach('total_values');
      const found = this.value(value[name], level + 1);
      if (found) return found;
      keys.pop();
    }
    return undefined;
  }
}

/** The first breach of a limit in `params` (a JSON object), or undefined when within every limit. */
export function findParamsLimitBreach(params: Record<string, unknown>, limits: ParamsLimits = DEFAULT_PARAMS_LIMITS): ParamsLimitBreach | undefined {
  return new LimitWalk(limits).value(params, 1);
}
