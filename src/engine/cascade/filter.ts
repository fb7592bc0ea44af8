// Filter Effects 1 §6 the `filter` property: none | <filter-function>+, computed as the list of
// functions with their amounts (Filter Effects 1 §13 the shorthand functions). A url() reference
// to an SVG <filter> makes the whole value invalid here: the engine has no SVG filter primitives.
import type { CV } from '../css/syntax';
import { angleDegrees, ident, lin, parseColor, parseLength, resolveAbsolute, type LenExpr, type LengthContext, type SpecifiedColor } from '../css/values';
import type { FilterFunction, RGBA } from './computed';

type ColorFn = Exclude<FilterFunction['f'], 'blur' | 'drop-shadow' | 'hue-rotate'>;

/** §13 the functions whose argument is a <number> or <percentage>, the amount without it, and whether it is clamped to 1 */
const AMOUNTS: Readonly<Record<ColorFn, { readonly initial: number; readonly max: number }>> = {
  brightness: { initial: 1, max: Infinity },
  contrast: { initial: 1, max: Infinity },
  grayscale: { initial: 1, max: 1 },
  invert: { initial: 1, max: 1 },
  opacity: { initial: 1, max: 1 },
  saturate: { initial: 1, max: Infinity },
  sepia: { initial: 1, max: 1 },
};

export type SpecifiedFilter =
  | { readonly f: ColorFn | 'hue-rotate'; readonly amount: number }
  | { readonly f: 'blur'; readonly radius: LenExpr }
  | { readonly f: 'drop-shadow'; readonly x: LenExpr; readonly y: LenExpr; readonly blur: LenExpr | undefined; readonly color: SpecifiedColor | undefined };

export function parseFilter(value: readonly CV[]): 'none' | SpecifiedFilter[] | undefined {
  const items = value.filter((x) => x.t !== 'ws');
  if (items.length === 1 && ident(items[0]) === 'none') return 'none';
  if (!items.length) return undefined;
  const out: SpecifiedFilter[] = [];
  for (const x of items) {
    if (x.t !== 'func') return undefined;
    const f = parseFunction(x.name.toLowerCase(), x.args.filter((a) => a.t !== 'ws'));
    if (!f) return undefined;
    out.push(f);
  }
  return out;
}

function parseFunction(name: string, args: readonly CV[]): SpecifiedFilter | undefined {
  if (name in AMOUNTS) {
    const fn = name as ColorFn;
    if (args.length === 0) return { f: fn, amount: AMOUNTS[fn].initial };
    const a = args[0]!;
    if (args.length !== 1) return undefined;
    const n = a.t === 'pct' ? a.v / 100 : a.t === 'num' ? a.v : undefined;
    if (n === undefined || n < 0) return undefined;
    return { f: fn, amount: Math.min(n, AMOUNTS[fn].max) };
  }
  if (name === 'hue-rotate') {
    if (args.length === 0) return { f: 'hue-rotate', amount: 0 };
    if (args.length !== 1) return undefined;
    const a = args[0]!;
    const deg = a.t === 'num' && a.v === 0 ? 0 : angleDegrees(a);
    return deg === undefined ? undefined : { f: 'hue-rotate', amount: deg };
  }
  if (name === 'blur') {
    if (args.length === 0) return { f: 'blur', radius: lin(0) };
    const r = args.length === 1 ? parseLength(args[0]) : undefined;
    return r ? { f: 'blur', radius: r } : undefined;
  }
  if (name === 'drop-shadow') {
    let color: SpecifiedColor | undefined;
    const lengths: LenExpr[] = [];
    for (const a of args) {
      const l = parseLength(a);
      if (l) { lengths.push(l); continue; }
      const c = color === undefined ? parseColor(a) : undefined;
      if (c === undefined) return undefined;
      color = c;
    }
    if (lengths.length < 2 || lengths.length > 3) return undefined;
    return { f: 'drop-shadow', x: lengths[0]!, y: lengths[1]!, blur: lengths[2], color };
  }
  return undefined;
}

export function computeFilter(s: 'none' | SpecifiedFilter[], ctx: LengthContext & { readonly color: RGBA }): readonly FilterFunction[] {
  if (s === 'none') return [];
  return s.map((x): FilterFunction => {
    switch (x.f) {
      case 'blur': return { f: 'blur', radius: Math.max(0, resolveAbsolute(x.radius, ctx)) };
      case 'drop-shadow': return {
        f: 'drop-shadow', x: resolveAbsolute(x.x, ctx), y: resolveAbsolute(x.y, ctx), blur: x.blur ? Math.max(0, resolveAbsolute(x.blur, ctx)) : 0,
        color: x.color === undefined || x.color === 'currentcolor' ? ctx.color : x.color,
      };
      default: return x;
    }
  });
}
