// CSS Images 3 §3 (and Images 4 §3.2 conic) gradient functions: parsed from component values
// into specified gradients (a syntax error makes the whole declaration invalid, as Chromium
// drops it), computed into the typed values of computed.ts (lengths in pt plus percentages of
// the gradient line, colours parsed, currentcolor resolved). Used geometry (the gradient line of
// a box, stop positions after fix-up) is paint's (paint/gradient.ts).
import type { CV } from '../css/syntax';
import { splitCommas } from '../css/syntax';
import { angleDegrees, ident, parseColor, parseLength, resolveLength, type LenExpr, type SpecifiedColor } from '../css/values';
import type { BackgroundPosition, Gradient, GradientStop, LengthPct, RadialSize } from './computed';
import type { ComputeContext } from './properties';

const EXTENTS = ['closest-side', 'closest-corner', 'farthest-side', 'farthest-corner'] as const;

type SpecStop = { readonly color: SpecifiedColor; readonly at?: LenExpr } | { readonly hint: LenExpr };
/** one axis of a <position>: pct% of the box plus (or, from the far edge, minus) a length */
interface SpecOffset { readonly pct: number; readonly len?: LenExpr; readonly fromEnd?: boolean }
interface SpecPosition { readonly x: SpecOffset; readonly y: SpecOffset }
type SpecSize = (typeof EXTENTS)[number] | { readonly rx: LenExpr; readonly ry: LenExpr };
type Direction = { readonly angle: number } | { readonly to: { readonly x: -1 | 0 | 1; readonly y: -1 | 0 | 1 } };

export type SpecifiedGradient =
  | { readonly kind: 'linear'; readonly repeating: boolean; readonly direction: Direction; readonly stops: readonly SpecStop[] }
  | { readonly kind: 'radial'; readonly repeating: boolean; readonly shape: 'circle' | 'ellipse'; readonly size: SpecSize; readonly at: SpecPosition; readonly stops: readonly SpecStop[] }
  | { readonly kind: 'conic'; readonly repeating: boolean; readonly from: number; readonly at: SpecPosition; readonly stops: readonly SpecStop[] };

const FUNCTION = /^(-webkit-)?(repeating-)?(linear|radial|conic)-gradient$/;

/** Whether a function name is a gradient (with or without the -webkit- prefix). */
export const isGradientFunction = (name: string): boolean => FUNCTION.test(name);

const CENTER: SpecPosition = { x: { pct: 50 }, y: { pct: 50 } };

/** A gradient function as written, or undefined when it is not a valid one. */
export function parseGradient(cv: CV): SpecifiedGradient | undefined {
  if (cv.t !== 'func') return undefined;
  const m = FUNCTION.exec(cv.name);
  if (!m) return undefined;
  const legacy = m[1] !== undefined; const repeating = m[2] !== undefined;
  const groups = splitCommas(cv.args);
  if (groups.some((g) => g.length === 0)) return undefined;
  switch (m[3]) {
    case 'linear': {
      let direction: Direction = { to: { x: 0, y: 1 } };
      const d = legacy ? legacyDirection(groups[0]!) : linearDirection(groups[0]!);
      if (d) { direction = d; groups.shift(); }
      const stops = stopList(groups, false);
      return stops && { kind: 'linear', repeating, direction, stops };
    }
    case 'radial': {
      if (legacy) return undefined;
      const head = radialHead(groups[0]!);
      if (head) groups.shift();
      const stops = stopList(groups, false);
      return stops && { kind: 'radial', repeating, shape: head?.shape ?? 'ellipse', size: head?.size ?? 'farthest-corner', at: head?.at ?? CENTER, stops };
    }
    default: {
      if (legacy) return undefined;
      const head = conicHead(groups[0]!);
      if (head) groups.shift();
      const stops = stopList(groups, true);
      return stops && { kind: 'conic', repeating, from: head?.from ?? 0, at: head?.at ?? CENTER, stops };
    }
  }
}

/** `<angle> | to <side-or-corner>` (a unitless 0 is an angle, as Chromium takes it) */
function linearDirection(g: readonly CV[]): Direction | undefined {
  if (g.length === 1) {
    const a = angleOf(g[0]!);
    return a === undefined ? undefined : { angle: a };
  }
  if (ident(g[0]) !== 'to') return undefined;
  const to = sideOrCorner(g.slice(1));
  return to && { to };
}

/** -webkit-linear-gradient: the side or corner the gradient starts from, or an angle counter-clockwise from east */
function legacyDirection(g: readonly CV[]): Direction | undefined {
  if (g.length === 1) {
    const a = angleOf(g[0]!);
    if (a !== undefined) return { angle: 90 - a };
  }
  const from = sideOrCorner(g);
  const neg = (v: -1 | 0 | 1) => (v === 0 ? 0 : -v) as -1 | 0 | 1;
  return from && { to: { x: neg(from.x), y: neg(from.y) } };
}

function angleOf(cv: CV): number | undefined {
  if (cv.t === 'num' && cv.v === 0) return 0;
  return angleDegrees(cv);
}

function sideOrCorner(g: readonly CV[]): { x: -1 | 0 | 1; y: -1 | 0 | 1 } | undefined {
  if (g.length < 1 || g.length > 2) return undefined;
  let x: -1 | 0 | 1 | undefined; let y: -1 | 0 | 1 | undefined;
  for (const cv of g) {
    const k = ident(cv);
    if ((k === 'left' || k === 'right') && x === undefined) x = k === 'left' ? -1 : 1;
    else if ((k === 'top' || k === 'bottom') && y === undefined) y = k === 'top' ? -1 : 1;
    else return undefined;
  }
  return { x: x ?? 0, y: y ?? 0 };
}

/** `[<ending-shape> || <size>]? [at <position>]?` */
function radialHead(g: readonly CV[]): { shape: 'circle' | 'ellipse'; size: SpecSize; at: SpecPosition } | undefined {
  const atIndex = g.findIndex((cv) => ident(cv) === 'at');
  const before = atIndex < 0 ? g : g.slice(0, atIndex);
  let at = CENTER;
  if (atIndex >= 0) {
    const p = parsePosition(g.slice(atIndex + 1));
    if (!p) return undefined;
    at = p;
  }
  let shape: 'circle' | 'ellipse' | undefined; let extent: SpecSize | undefined;
  const lengths: LenExpr[] = [];
  for (const cv of before) {
    const k = ident(cv);
    if ((k === 'circle' || k === 'ellipse') && !shape) { shape = k; continue; }
    if (k && (EXTENTS as readonly string[]).includes(k) && !extent && lengths.length === 0) { extent = k as SpecSize; continue; }
    const l = extent ? undefined : parseLength(cv, { pct: true });
    if (!l || lengths.length === 2) return undefined;
    lengths.push(l);
  }
  if (atIndex < 0 && before.length === 0) return undefined;
  if (lengths.length === 1) {
    // a circle's radius is a length (no percentage)
    if (shape === 'ellipse' || (before.find((cv) => cv.t === 'pct'))) return undefined;
    return { shape: 'circle', size: { rx: lengths[0]!, ry: lengths[0]! }, at };
  }
  if (lengths.length === 2) {
    if (shape === 'circle') return undefined;
    return { shape: 'ellipse', size: { rx: lengths[0]!, ry: lengths[1]! }, at };
  }
  return { shape: shape ?? 'ellipse', size: extent ?? 'farthest-corner', at };
}

/** `[from <angle>]? [at <position>]?` */
function conicHead(g: readonly CV[]): { from: number; at: SpecPosition } | undefined {
  let i = 0; let from = 0; let at = CENTER;
  if (ident(g[0]) === 'from') {
    const a = g[1] && angleOf(g[1]);
    if (a === undefined) return undefined;
    from = a; i = 2;
  }
  if (ident(g[i]) === 'at') {
    const p = parsePosition(g.slice(i + 1));
    if (!p) return undefined;
    at = p; i = g.length;
  }
  return i === g.length && i > 0 ? { from, at } : undefined;
}

/**
 * `<color-stop-list>`: stops (a colour and 0 to 2 positions) with optional hints between
 * them; angular positions (conic) are taken as percentages of the full turn.
 */
function stopList(groups: readonly (readonly CV[])[], angular: boolean): SpecStop[] | undefined {
  const out: SpecStop[] = [];
  const position = (cv: CV): LenExpr | undefined => {
    if (!angular) return parseLength(cv, { pct: true, negative: true });
    if (cv.t === 'pct') return parseLength(cv, { pct: true, negative: true });
    const a = angleOf(cv);
    return a === undefined ? undefined : parseLength({ t: 'pct', v: (a / 360) * 100, s: cv.s, e: cv.e }, { pct: true, negative: true });
  };
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i]!;
    if (g.length === 1 && g[0]!.t !== 'ident' && g[0]!.t !== 'hash' && !(g[0]!.t === 'func' && parseColor(g[0]) !== undefined)) {
      // a transition hint: only between two colour stops
      const h = position(g[0]!);
      const prev = out[out.length - 1];
      if (!h || !prev || 'hint' in prev || i === groups.length - 1) return undefined;
      out.push({ hint: h });
      continue;
    }
    const color = parseColor(g[0]);
    if (color === undefined || g.length > 3) return undefined;
    const at = g.slice(1).map(position);
    if (at.some((p) => p === undefined)) return undefined;
    if (at.length === 0) out.push({ color });
    for (const p of at) out.push({ color, at: p });
  }
  return out.some((s) => 'color' in s) ? out : undefined;
}

/** CSS Values 4 <position> (1, 2 or 4 values) */
export function parsePosition(g: readonly CV[]): SpecPosition | undefined {
  const H: Record<string, number> = { left: 0, center: 50, right: 100 };
  const V: Record<string, number> = { top: 0, center: 50, bottom: 100 };
  const lp = (cv: CV | undefined) => parseLength(cv, { pct: true, negative: true });
  const offset = (cv: CV, keys: Record<string, number>): SpecOffset | undefined => {
    const k = ident(cv);
    if (k !== undefined) return k in keys ? { pct: keys[k]! } : undefined;
    const l = lp(cv);
    return l && { pct: 0, len: l };
  };
  if (g.length === 1) {
    const k = ident(g[0]);
    if (k === 'top' || k === 'bottom') return { x: { pct: 50 }, y: { pct: V[k]! } };
    const x = offset(g[0]!, H);
    return x && { x, y: { pct: 50 } };
  }
  if (g.length === 2) {
    const x = offset(g[0]!, H); const y = offset(g[1]!, V);
    if (x && y) return { x, y };
    // keywords in the other order: `top left`, `bottom center`
    const y2 = ident(g[0]); const x2 = ident(g[1]);
    if (y2 && x2 && y2 in V && x2 in H) return { x: { pct: H[x2]! }, y: { pct: V[y2]! } };
    return undefined;
  }
  if (g.length === 4) {
    let x: SpecOffset | undefined; let y: SpecOffset | undefined;
    for (const i of [0, 2]) {
      const k = ident(g[i]); const l = lp(g[i + 1]);
      if (!l) return undefined;
      if ((k === 'left' || k === 'right') && !x) x = { pct: H[k]!, len: l, fromEnd: k === 'right' };
      else if ((k === 'top' || k === 'bottom') && !y) y = { pct: V[k]!, len: l, fromEnd: k === 'bottom' };
      else return undefined;
    }
    return x && y ? { x, y } : undefined;
  }
  return undefined;
}

function computeOffset(o: SpecOffset, ctx: ComputeContext): LengthPct {
  if (!o.len) return { pt: 0, pct: o.pct };
  const l = resolveLength(o.len, ctx);
  return o.fromEnd ? { pt: -l.pt, pct: o.pct - l.pct } : { pt: l.pt, pct: o.pct + l.pct };
}

export function computePosition(p: SpecPosition, ctx: ComputeContext): BackgroundPosition {
  return { x: computeOffset(p.x, ctx), y: computeOffset(p.y, ctx) };
}

/** The computed gradient: lengths resolved, currentcolor the element's colour. */
export function computeGradient(g: SpecifiedGradient, ctx: ComputeContext): Gradient {
  const stops = g.stops.map((s): GradientStop => {
    if ('hint' in s) return { hint: resolveLength(s.hint, ctx) };
    const color = s.color === 'currentcolor' ? ctx.color : s.color;
    return s.at ? { color, at: resolveLength(s.at, ctx) } : { color };
  });
  switch (g.kind) {
    case 'linear': return { kind: 'linear', repeating: g.repeating, direction: g.direction, stops };
    case 'radial': {
      const size: RadialSize = typeof g.size === 'string' ? g.size : { rx: resolveLength(g.size.rx, ctx), ry: resolveLength(g.size.ry, ctx) };
      return { kind: 'radial', repeating: g.repeating, shape: g.shape, size, at: computePosition(g.at, ctx), stops };
    }
    case 'conic': return { kind: 'conic', repeating: g.repeating, from: g.from, at: computePosition(g.at, ctx), stops };
  }
}
