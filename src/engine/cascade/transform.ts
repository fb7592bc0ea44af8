// CSS Transforms 1 §14 `transform`, §7 `transform-origin`, and CSS Transforms 2 §5 the
// individual `translate`, `rotate` and `scale` properties: parsed into transform functions
// whose lengths compute to pt plus a percentage of the reference box (the border box), and
// angles to degrees. Paint makes one matrix of them (CSS Transforms 1 §6).
import type { CV } from '../css/syntax';
import { splitCommas } from '../css/syntax';
import { angleDegrees, ident, parseLength, parseNumber, resolveLength, type LenExpr, type LengthContext } from '../css/values';
import type { LengthPct, TransformFunction, TransformOrigin } from './computed';

type Spec<L> =
  | { readonly f: 'translate'; readonly x: L; readonly y: L }
  | { readonly f: 'rotate'; readonly deg: number }
  | { readonly f: 'scale'; readonly x: number; readonly y: number }
  | { readonly f: 'skew'; readonly x: number; readonly y: number }
  | { readonly f: 'matrix'; readonly m: readonly [number, number, number, number, number, number] };
export type SpecifiedTransform = 'none' | readonly Spec<LenExpr>[];

const ZERO: LenExpr = { k: 'lin', lin: { pt: 0, pct: 0 } };

/** CSS Values 4 §7.1 an <angle> in degrees (a unitless 0 is one too) */
export function parseAngle(cv: CV | undefined): number | undefined {
  if (cv?.t === 'num' && cv.v === 0) return 0;
  if (cv?.t !== 'dim' || !Number.isFinite(cv.v)) return undefined;
  return angleDegrees(cv);
}

/** a number, or a percentage as a number (scale(50%) is scale(0.5)) */
const factor = (cv: CV | undefined): number | undefined => (cv?.t === 'pct' ? cv.v / 100 : parseNumber(cv));
const len = (cv: CV | undefined) => parseLength(cv, { pct: true, negative: true });

/** One transform function (the 2D ones; 3D ones keep their 2D part where they have one). */
function transformFunction(x: CV): Spec<LenExpr> | undefined {
  if (x.t !== 'func') return undefined;
  const args = splitCommas(x.args).map((a) => a[0]);
  if (splitCommas(x.args).some((a) => a.length !== 1)) return undefined;
  const n = args.length;
  switch (x.name.toLowerCase()) {
    case 'translate': { const a = len(args[0]); const b = n === 2 ? len(args[1]) : ZERO; return a && b && n <= 2 ? { f: 'translate', x: a, y: b } : undefined; }
    case 'translatex': { const a = len(args[0]); return a && n === 1 ? { f: 'translate', x: a, y: ZERO } : undefined; }
    case 'translatey': { const a = len(args[0]); return a && n === 1 ? { f: 'translate', x: ZERO, y: a } : undefined; }
    case 'translate3d': { const a = len(args[0]); const b = len(args[1]); return a && b && n === 3 ? { f: 'translate', x: a, y: b } : undefined; }
    case 'rotate': case 'rotatez': { const d = parseAngle(args[0]); return d !== undefined && n === 1 ? { f: 'rotate', deg: d } : undefined; }
    case 'scale': { const a = factor(args[0]); const b = n === 2 ? factor(args[1]) : a; return a !== undefined && b !== undefined && n <= 2 ? { f: 'scale', x: a, y: b } : undefined; }
    case 'scalex': { const a = factor(args[0]); return a !== undefined && n === 1 ? { f: 'scale', x: a, y: 1 } : undefined; }
    case 'scaley': { const a = factor(args[0]); return a !== undefined && n === 1 ? { f: 'scale', x: 1, y: a } : undefined; }
    case 'scale3d': { const a = factor(args[0]); const b = factor(args[1]); return a !== undefined && b !== undefined && n === 3 ? { f: 'scale', x: a, y: b } : undefined; }
    case 'skew': { const a = parseAngle(args[0]); const b = n === 2 ? parseAngle(args[1]) : 0; return a !== undefined && b !== undefined && n <= 2 ? { f: 'skew', x: a, y: b } : undefined; }
    case 'skewx': { const a = parseAngle(args[0]); return a !== undefined && n === 1 ? { f: 'skew', x: a, y: 0 } : undefined; }
    case 'skewy': { const a = parseAngle(args[0]); return a !== undefined && n === 1 ? { f: 'skew', x: 0, y: a } : undefined; }
    // 3D functions as a print shows them: their projection on the page, no perspective
    case 'translatez': case 'scalez': case 'perspective': return n === 1 && (parseLength(args[0], { negative: true }) || parseNumber(args[0]) !== undefined || ident(args[0]) === 'none') ? { f: 'scale', x: 1, y: 1 } : undefined;
    case 'rotatex': case 'rotatey': {
      const d = parseAngle(args[0]);
      if (d === undefined || n !== 1) return undefined;
      const cos = Math.cos((d * Math.PI) / 180);
      return x.name.toLowerCase() === 'rotatex' ? { f: 'scale', x: 1, y: cos } : { f: 'scale', x: cos, y: 1 };
    }
    case 'rotate3d': {
      // about the z axis only (a rotation about another axis has no 2D projection here)
      const v = args.slice(0, 3).map((a) => parseNumber(a)); const d = parseAngle(args[3]);
      return n === 4 && d !== undefined && v[0] === 0 && v[1] === 0 && v[2] !== undefined && v[2] !== 0 ? { f: 'rotate', deg: v[2] > 0 ? d : -d } : undefined;
    }
    case 'matrix3d': {
      const m = args.map((a) => parseNumber(a));
      if (n !== 16 || m.some((v) => v === undefined)) return undefined;
      const v = m as number[];
      return { f: 'matrix', m: [v[0]!, v[1]!, v[4]!, v[5]!, v[12]! * 0.75, v[13]! * 0.75] };
    }
    case 'matrix': {
      const m = args.map((a) => parseNumber(a));
      if (n !== 6 || m.some((v) => v === undefined)) return undefined;
      const [a, b, c, d, e, f] = m as number[];
      // e and f are px
      return { f: 'matrix', m: [a!, b!, c!, d!, e! * 0.75, f! * 0.75] };
    }
    default: return undefined;
  }
}

export function parseTransform(v: readonly CV[]): SpecifiedTransform | undefined {
  if (v.length === 1 && ident(v[0]) === 'none') return 'none';
  const out: Spec<LenExpr>[] = [];
  for (const x of v) {
    const f = transformFunction(x);
    if (!f) return undefined;
    out.push(f);
  }
  return out.length ? out : undefined;
}

export function computeTransform(s: SpecifiedTransform, ctx: LengthContext): 'none' | readonly TransformFunction[] {
  if (s === 'none') return 'none';
  return s.map((f): TransformFunction => (f.f === 'translate' ? { f: 'translate', x: resolveLength(f.x, ctx), y: resolveLength(f.y, ctx) } : f));
}

/** CSS Transforms 2 §5.1 `translate: none | <length-percentage> [<length-percentage> <length>?]?` */
export function parseTranslate(v: readonly CV[]): SpecifiedTransform | undefined {
  if (v.length === 1 && ident(v[0]) === 'none') return 'none';
  if (v.length < 1 || v.length > 3) return undefined;
  const x = len(v[0]); const y = v.length > 1 ? len(v[1]) : ZERO;
  return x && y ? [{ f: 'translate', x, y }] : undefined;
}

/** §5.2 `rotate: none | <angle> | [x | y | z | <number>{3}] && <angle>` (only rotations about z are 2D) */
export function parseRotate(v: readonly CV[]): SpecifiedTransform | undefined {
  if (v.length === 1 && ident(v[0]) === 'none') return 'none';
  const angle = v.map(parseAngle).find((a) => a !== undefined);
  const axis = v.filter((x) => parseAngle(x) === undefined);
  if (angle === undefined || v.length - axis.length !== 1) return undefined;
  const about = axis.length === 0 ? 'z' : axis.length === 1 ? ident(axis[0]) : axis.length === 3 && axis.every((a) => parseNumber(a) !== undefined) ? (parseNumber(axis[0]) === 0 && parseNumber(axis[1]) === 0 ? 'z' : '3d') : undefined;
  if (about === undefined || !['x', 'y', 'z', '3d'].includes(about)) return undefined;
  // a rotation about x or y shows in 2D as a scale of the other axis by the cosine
  const cos = Math.cos((angle * Math.PI) / 180);
  if (about === 'x') return [{ f: 'scale', x: 1, y: cos }];
  if (about === 'y') return [{ f: 'scale', x: cos, y: 1 }];
  return about === 'z' ? [{ f: 'rotate', deg: angle }] : undefined;
}

/** §5.3 `scale: none | [<number> | <percentage>]{1,3}` */
export function parseScale(v: readonly CV[]): SpecifiedTransform | undefined {
  if (v.length === 1 && ident(v[0]) === 'none') return 'none';
  if (v.length < 1 || v.length > 3) return undefined;
  const x = factor(v[0]); const y = v.length > 1 ? factor(v[1]) : x;
  return x !== undefined && y !== undefined ? [{ f: 'scale', x, y }] : undefined;
}

const ORIGIN_X: Readonly<Record<string, number>> = { left: 0, center: 50, right: 100 };
const ORIGIN_Y: Readonly<Record<string, number>> = { top: 0, center: 50, bottom: 100 };

/** CSS Transforms 1 §7 `transform-origin`: one or two positions (keywords in either order), a z length dropped. */
export function parseTransformOrigin(v: readonly CV[]): { x: LenExpr; y: LenExpr } | undefined {
  if (v.length < 1 || v.length > 3) return undefined;
  if (v.length === 3 && !parseLength(v[2], { negative: true })) return undefined;
  const pct = (p: number): LenExpr => ({ k: 'lin', lin: { pt: 0, pct: p } });
  const items = v.slice(0, 2).map((cv) => {
    const k = ident(cv);
    if (k !== undefined) return { k };
    const l = len(cv);
    return l ? { l } : undefined;
  });
  if (items.some((i) => i === undefined)) return undefined;
  const [a, b] = items as ({ k: string } | { l: LenExpr })[];
  const asX = (i: { k: string } | { l: LenExpr }) => ('l' in i ? i.l : ORIGIN_X[i.k] !== undefined ? pct(ORIGIN_X[i.k]!) : undefined);
  const asY = (i: { k: string } | { l: LenExpr }) => ('l' in i ? i.l : ORIGIN_Y[i.k] !== undefined ? pct(ORIGIN_Y[i.k]!) : undefined);
  if (!b) {
    // one value: a vertical keyword sets y, anything else x
    if ('k' in a! && (a.k === 'top' || a.k === 'bottom')) return { x: pct(50), y: asY(a)! };
    const x = asX(a!);
    return x ? { x, y: pct(50) } : undefined;
  }
  // two values: x then y, unless the keywords say otherwise (top left)
  const swapped = ('k' in a! && (a.k === 'top' || a.k === 'bottom')) || ('k' in b && (b.k === 'left' || b.k === 'right'));
  const x = swapped ? asX(b) : asX(a!); const y = swapped ? asY(a!) : asY(b);
  return x && y ? { x, y } : undefined;
}

export function computeTransformOrigin(s: { x: LenExpr; y: LenExpr }, ctx: LengthContext): TransformOrigin {
  return { x: resolveLength(s.x, ctx), y: resolveLength(s.y, ctx) };
}

/** A 2D affine matrix [a, b, c, d, e, f]: (x, y) → (a x + c y + e, b x + d y + f). */
export type Matrix = readonly [number, number, number, number, number, number];

export const multiply = (p: Matrix, q: Matrix): Matrix => [
  p[0] * q[0] + p[2] * q[1], p[1] * q[0] + p[3] * q[1],
  p[0] * q[2] + p[2] * q[3], p[1] * q[2] + p[3] * q[3],
  p[0] * q[4] + p[2] * q[5] + p[4], p[1] * q[4] + p[3] * q[5] + p[5],
];

const at = (l: LengthPct, base: number) => l.pt + (l.pct * base) / 100;
const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * CSS Transforms 1 §6 / Transforms 2 §6: the transformation matrix of a box of border box
 * `width` x `height` at (x, y): translate, rotate, scale, then `transform`, about the origin.
 * Undefined when the box has none.
 */
export function transformMatrix(s: { translate: 'none' | readonly TransformFunction[]; rotate: 'none' | readonly TransformFunction[]; scale: 'none' | readonly TransformFunction[]; transform: 'none' | readonly TransformFunction[]; transformOrigin: TransformOrigin },
  box: { x: number; y: number; width: number; height: number }): Matrix | undefined {
  if (!hasTransform(s)) return undefined;
  const fns = [s.translate, s.rotate, s.scale, s.transform].flatMap((l) => (l === 'none' ? [] : l));
  if (fns.length === 0) return undefined;
  const ox = box.x + at(s.transformOrigin.x, box.width); const oy = box.y + at(s.transformOrigin.y, box.height);
  let m: Matrix = [1, 0, 0, 1, ox, oy];
  for (const f of fns) {
    switch (f.f) {
      case 'translate': m = multiply(m, [1, 0, 0, 1, at(f.x, box.width), at(f.y, box.height)]); break;
      case 'rotate': { const c = Math.cos(rad(f.deg)); const sn = Math.sin(rad(f.deg)); m = multiply(m, [c, sn, -sn, c, 0, 0]); break; }
      case 'scale': m = multiply(m, [f.x, 0, 0, f.y, 0, 0]); break;
      case 'skew': m = multiply(m, [1, Math.tan(rad(f.y)), Math.tan(rad(f.x)), 1, 0, 0]); break;
      case 'matrix': m = multiply(m, f.m); break;
    }
  }
  return multiply(m, [1, 0, 0, 1, -ox, -oy]);
}

/** Whether a style transforms its box (CSS Transforms 1 §3: it then contains absolutely positioned descendants and is a stacking context). */
export const hasTransform = (s: { readonly transform: unknown; readonly translate: unknown; readonly rotate: unknown; readonly scale: unknown }): boolean =>
  s.transform !== 'none' || s.translate !== 'none' || s.rotate !== 'none' || s.scale !== 'none';
