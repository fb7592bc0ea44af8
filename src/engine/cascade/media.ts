// Media Queries 4, evaluated for the one medium Platen renders: print, on a page whose
// content area is known. `screen` does not apply, `prefers-color-scheme: dark` does not.
import { componentValues, type CV } from '../css/syntax';
import { ABSOLUTE_UNITS, ident } from '../css/values';

export interface MediaEnvironment {
  /** the page area (viewport) in CSS px */
  readonly widthPx: number;
  readonly heightPx: number;
}

/** Evaluates a media query list written as component values (an @media prelude). Empty = all. */
export function matchesMediaList(prelude: readonly CV[], env: MediaEnvironment): boolean {
  const queries = splitTop(prelude);
  if (queries.length === 1 && queries[0]!.length === 0) return true;
  return queries.some((q) => matchesQuery(q, env));
}

/** The `media` attribute of <style>/<link>. */
export function matchesMediaText(text: string, env: MediaEnvironment): boolean {
  if (text.trim() === '') return true;
  return matchesMediaList(componentValues(text), env);
}

function splitTop(items: readonly CV[]): CV[][] {
  const out: CV[][] = [[]];
  for (const it of items) {
    if (it.t === 'delim' && it.v === ',') out.push([]);
    else if (it.t !== 'ws') out[out.length - 1]!.push(it);
  }
  return out;
}

function matchesQuery(q: readonly CV[], env: MediaEnvironment): boolean {
  if (q.length === 0) return false; // an empty query in a list is "not all"
  let i = 0;
  let negate = false;
  const first = ident(q[0]);
  if (first === 'not') { negate = true; i++; }
  else if (first === 'only') i++;
  let result = true;
  const t = q[i];
  if (t && t.t === 'ident') {
    const type = t.v.toLowerCase();
    result = type === 'print' || type === 'all';
    i++;
    if (ident(q[i]) === 'and') i++;
    else if (i < q.length) return false; // junk after the media type
  }
  if (i < q.length) {
    const cond = evaluateCondition(q.slice(i), env);
    if (cond === undefined) return false; // unknown syntax: the query is "not all"
    result = result && cond;
  }
  return negate ? !result : result;
}

/** `(a) and (b)`, `(a) or (b)`, `not (a)`; undefined when the syntax is not understood. */
function evaluateCondition(items: readonly CV[], env: MediaEnvironment): boolean | undefined {
  if (items.length === 0) return undefined;
  if (ident(items[0]) === 'not') {
    const r = evaluateCondition(items.slice(1), env);
    return r === undefined ? undefined : !r;
  }
  let result: boolean | undefined;
  let op: 'and' | 'or' | undefined;
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (i % 2 === 1) {
      const k = ident(it);
      if (k !== 'and' && k !== 'or') return undefined;
      if (op && op !== k) return undefined; // mixing and/or without parentheses is invalid
      op = k;
      continue;
    }
    if (it.t !== 'block' || it.open !== '(') return undefined;
    const r = evaluateFeature(it.items.filter((x) => x.t !== 'ws'), env);
    if (r === undefined) return undefined;
    result = result === undefined ? r : op === 'or' ? result || r : result && r;
  }
  return result;
}

function evaluateFeature(items: readonly CV[], env: MediaEnvironment): boolean | undefined {
  // nested condition: ((a) and (b)) / (not (a))
  if (items[0]?.t === 'block' || ident(items[0]) === 'not') return evaluateCondition(items, env);
  const name = ident(items[0]);
  if (name === undefined) {
    // range syntax with the value first: (400px <= width <= 700px)
    return evaluateRange(items, env);
  }
  if (items.length === 1) return booleanFeature(name, env);
  const colon = items[1];
  if (colon?.t === 'delim' && colon.v === ':') {
    const value = items.slice(2);
    return plainFeature(name, value, env);
  }
  return evaluateRange(items, env);
}

function booleanFeature(name: string, _env: MediaEnvironment): boolean | undefined {
  switch (name) {
    case 'color': case 'grid': return name === 'color';
    case 'monochrome': case 'hover': case 'any-hover': case 'pointer': case 'any-pointer': case 'update': case 'scripting': return false;
    case 'width': case 'height': case 'orientation': case 'aspect-ratio': case 'resolution': return true;
    case 'prefers-reduced-motion': case 'prefers-contrast': case 'forced-colors': case 'inverted-colors': case 'prefers-reduced-transparency': return false;
    default: return undefined;
  }
}

function lengthPx(v: readonly CV[]): number | undefined {
  const x = v[0];
  if (v.length !== 1 || !x) return undefined;
  if (x.t === 'num' && x.v === 0) return 0;
  if (x.t !== 'dim') return undefined;
  const abs = ABSOLUTE_UNITS[x.unit];
  if (abs !== undefined) return x.v * abs / 0.75;
  if (x.unit === 'em' || x.unit === 'rem') return x.v * 16;
  return undefined;
}

function plainFeature(name: string, value: readonly CV[], env: MediaEnvironment): boolean | undefined {
  const k = ident(value[0]);
  switch (name) {
    case 'min-width': { const px = lengthPx(value); return px === undefined ? undefined : env.widthPx >= px; }
    case 'max-width': { const px = lengthPx(value); return px === undefined ? undefined : env.widthPx <= px; }
    case 'width': { const px = lengthPx(value); return px === undefined ? undefined : Math.abs(env.widthPx - px) < 0.5; }
    case 'min-height': { const px = lengthPx(value); return px === undefined ? undefined : env.heightPx >= px; }
    case 'max-height': { const px = lengthPx(value); return px === undefined ? undefined : env.heightPx <= px; }
    case 'height': { const px = lengthPx(value); return px === undefined ? undefined : Math.abs(env.heightPx - px) < 0.5; }
    case 'min-device-width': case 'min-device-width:': { const px = lengthPx(value); return px === undefined ? undefined : env.widthPx >= px; }
    case 'max-device-width': { const px = lengthPx(value); return px === undefined ? undefined : env.widthPx <= px; }
    case 'orientation': return k === 'portrait' ? env.heightPx >= env.widthPx : k === 'landscape' ? env.widthPx > env.heightPx : undefined;
    case 'prefers-color-scheme': return k === 'light';
    case 'prefers-reduced-motion': return k === 'no-preference';
    case 'prefers-contrast': return k === 'no-preference';
    case 'forced-colors': case 'inverted-colors': return k === 'none';
    case 'hover': case 'any-hover': case 'pointer': case 'any-pointer': return k === 'none';
    case 'scripting': return k === 'none';
    case 'update': return k === 'none';
    case 'color': case 'min-color': return true;
    case 'monochrome': case 'max-monochrome': return value[0]?.t === 'num' && value[0].v === 0;
    case 'min-monochrome': return false;
    case 'display-mode': return k === 'browser';
    case 'min-resolution': case 'max-resolution': case 'resolution': case '-webkit-min-device-pixel-ratio': case 'min--moz-device-pixel-ratio': case '-webkit-max-device-pixel-ratio':
      return name.startsWith('min') || name.includes('min');
    case 'min-aspect-ratio': case 'max-aspect-ratio': case 'aspect-ratio': return ratioFeature(name, value, env);
    default: return undefined;
  }
}

function ratioFeature(name: string, value: readonly CV[], env: MediaEnvironment): boolean | undefined {
  const a = value[0], b = value[2];
  if (!a || a.t !== 'num') return undefined;
  const ratio = b && b.t === 'num' ? a.v / b.v : a.v;
  const actual = env.widthPx / env.heightPx;
  if (name === 'min-aspect-ratio') return actual >= ratio;
  if (name === 'max-aspect-ratio') return actual <= ratio;
  return Math.abs(actual - ratio) < 1e-3;
}

/** Media Queries 4 §2.4.4 range syntax: (width >= 600px), (400px < width <= 800px). */
function evaluateRange(items: readonly CV[], env: MediaEnvironment): boolean | undefined {
  const parts: (CV[] | string)[] = [];
  let cur: CV[] = [];
  for (let i = 0; i < items.length; i++) {
    const x = items[i]!;
    if (x.t === 'delim' && (x.v === '<' || x.v === '>' || x.v === '=')) {
      if (cur.length) parts.push(cur);
      cur = [];
      let op = x.v;
      const n = items[i + 1];
      if (x.v !== '=' && n && n.t === 'delim' && n.v === '=') { op += '='; i++; }
      parts.push(op);
      continue;
    }
    cur.push(x);
  }
  if (cur.length) parts.push(cur);
  const featureValue = (p: CV[]): number | undefined => {
    const k = ident(p[0]);
    if (p.length === 1 && k === 'width') return env.widthPx;
    if (p.length === 1 && k === 'height') return env.heightPx;
    return undefined;
  };
  const value = (p: CV[] | string | undefined): number | undefined => (Array.isArray(p) ? featureValue(p) ?? lengthPx(p) : undefined);
  const cmp = (a: number, op: string, b: number): boolean | undefined => {
    switch (op) {
      case '<': return a < b;
      case '<=': return a <= b;
      case '>': return a > b;
      case '>=': return a >= b;
      case '=': return Math.abs(a - b) < 0.5;
      default: return undefined;
    }
  };
  if (parts.length !== 3 && parts.length !== 5) return undefined;
  let result = true;
  for (let i = 0; i + 2 < parts.length; i += 2) {
    const a = value(parts[i]), op = parts[i + 1], b = value(parts[i + 2]);
    if (a === undefined || b === undefined || typeof op !== 'string') return undefined;
    const r = cmp(a, op, b);
    if (r === undefined) return undefined;
    result = result && r;
  }
  return result;
}
