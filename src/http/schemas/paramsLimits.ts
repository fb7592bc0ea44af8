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

/** The first breach of a limit in `params` (a JSON object), or undefined when within every limit. */
export function findParamsLimitBreach(params: Record<string, unknown>, limits: ParamsLimits = DEFAULT_PARAMS_LIMITS): ParamsLimitBreach | undefined {
  let total = 0;
  const breach = (limit: ParamsLimitName, path: string): ParamsLimitBreach => ({ limit, max: limits[limit], path });
  const tooLong = (s: string) => exceedsCodePoints(s, limits.string_length);

  const walk = (value: unknown, path: string, level: number): ParamsLimitBreach | undefined => {
    if (typeof value === 'string') return tooLong(value) ? breach('string_length', path) : undefined;
    if (value === null || typeof value !== 'object') return undefined;
    if (level > limits.depth) return breach('depth', path);
    if (Array.isArray(value)) {
      if (value.length > limits.array_length) return breach('array_length', path);
      for (let i = 0; i < value.length; i++) {
        const at = `${path}[${i}]`;
        if (++total > limits.total_values) return breach('total_values', at);
        const found = walk(value[i], at, level + 1);
        if (found) return found;
      }
      return undefined;
    }
    const keys = Object.keys(value);
    if (keys.length > limits.object_keys) return breach('object_keys', path);
    for (const key of keys) {
      const at = memberPath(path, key);
      if (tooLong(key)) return breach('string_length', at);
      if (++total > limits.total_values) return breach('total_values', at);
      const found = walk((value as Record<string, unknown>)[key], at, level + 1);
      if (found) return found;
    }
    return undefined;
  };

  return walk(params, 'params', 1);
}
