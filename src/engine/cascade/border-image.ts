// CSS Backgrounds 3 §6 border images: border-image-slice, -width, -outset and -repeat parsed and
// computed here (border-image-source is an <image>, properties.ts), and the border-image shorthand
// `<source> || <slice> [ / <width> | / <width>? / <outset> ]? || <repeat>` (shorthands.ts).
import type { CV } from '../css/syntax';
import { ident, parseLength, resolveAbsolute, resolveLength, type LenExpr, type LengthContext } from '../css/values';
import type { BorderImageLength, BorderImageSlice, Side } from './computed';

/** `values` given 1 to 4 times, as the margin sides: top, right, bottom, left */
function sides<T>(values: readonly T[]): Side<T> | undefined {
  if (values.length < 1 || values.length > 4) return undefined;
  const [t, r = t, b = t, l = r] = values as [T, T?, T?, T?];
  return { top: t, right: r!, bottom: b!, left: l! };
}

const words = (v: readonly CV[]) => v.filter((x) => x.t !== 'ws');

/** §6.2 [<number [0,∞]> | <percentage [0,∞]>]{1,4} && fill */
export function parseSlice(value: readonly CV[]): BorderImageSlice | undefined {
  let fill = false; const values: { v: number; pct: boolean }[] = [];
  const v = words(value);
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    if (ident(x) === 'fill') { if (fill || (values.length && i !== v.length - 1 && i !== 0)) return undefined; fill = true; continue; }
    if ((x.t !== 'num' && x.t !== 'pct') || x.v < 0) return undefined;
    values.push({ v: x.v, pct: x.t === 'pct' });
  }
  const s = sides(values);
  return s && { ...s, fill };
}

type SpecifiedLength = { readonly n: number } | { readonly len: LenExpr } | 'auto';

/** §6.3 [<length-percentage [0,∞]> | <number [0,∞]> | auto]{1,4} (outset: no percentage, no auto) */
export function parseImageLengths(value: readonly CV[], outset: boolean): Side<SpecifiedLength> | undefined {
  const out: SpecifiedLength[] = [];
  for (const x of words(value)) {
    if (!outset && ident(x) === 'auto') { out.push('auto'); continue; }
    if (x.t === 'num') { if (x.v < 0) return undefined; out.push({ n: x.v }); continue; }
    const len = parseLength(x, { pct: !outset });
    if (!len) return undefined;
    out.push({ len });
  }
  return sides(out);
}

export function computeImageLengths(s: Side<SpecifiedLength>, ctx: LengthContext): Side<BorderImageLength> {
  const one = (x: SpecifiedLength): BorderImageLength => (x === 'auto' ? 'auto' : 'n' in x ? { n: x.n } : { len: resolveLength(x.len, ctx) });
  return { top: one(s.top), right: one(s.right), bottom: one(s.bottom), left: one(s.left) };
}

/** outsets in pt or multiples of the border width */
export function computeOutsets(s: Side<SpecifiedLength>, ctx: LengthContext): Side<BorderImageLength> {
  const one = (x: SpecifiedLength): BorderImageLength => (x === 'auto' ? { n: 0 } : 'n' in x ? { n: x.n } : { len: { pt: Math.max(0, resolveAbsolute(x.len, ctx)), pct: 0 } });
  return { top: one(s.top), right: one(s.right), bottom: one(s.bottom), left: one(s.left) };
}

export type BorderImageRepeat = 'stretch' | 'repeat' | 'round' | 'space';
const REPEATS: readonly string[] = ['stretch', 'repeat', 'round', 'space'];

/** §6.5 [stretch | repeat | round | space]{1,2}: horizontal, vertical */
export function parseRepeat(value: readonly CV[]): readonly [BorderImageRepeat, BorderImageRepeat] | undefined {
  const v = words(value).map(ident);
  if (v.length < 1 || v.length > 2 || v.some((k) => !k || !REPEATS.includes(k))) return undefined;
  return [v[0] as BorderImageRepeat, (v[1] ?? v[0]) as BorderImageRepeat];
}

/** §6.6 the border-image shorthand split into its longhands' values */
export function expandBorderImage(value: readonly CV[], isImage: (x: CV) => boolean): Record<'border-image-source' | 'border-image-slice' | 'border-image-width' | 'border-image-outset' | 'border-image-repeat', readonly CV[] | 'initial'> | undefined {
  const out: Record<string, readonly CV[] | 'initial'> = {
    'border-image-source': 'initial', 'border-image-slice': 'initial', 'border-image-width': 'initial', 'border-image-outset': 'initial', 'border-image-repeat': 'initial',
  };
  const v = words(value);
  if (v.length === 1 && ident(v[0]) === 'none') return { ...out, 'border-image-source': v } as never;
  const seen = new Set<string>();
  for (let i = 0; i < v.length;) {
    const x = v[i]!;
    if (!seen.has('source') && isImage(x)) { out['border-image-source'] = [x]; seen.add('source'); i++; continue; }
    if (!seen.has('repeat') && REPEATS.includes(ident(x) ?? '')) {
      const run = [x]; i++;
      if (i < v.length && REPEATS.includes(ident(v[i]) ?? '')) run.push(v[i++]!);
      out['border-image-repeat'] = run; seen.add('repeat'); continue;
    }
    if (!seen.has('slice') && (x.t === 'num' || x.t === 'pct' || ident(x) === 'fill')) {
      const slice: CV[] = [];
      while (i < v.length && (v[i]!.t === 'num' || v[i]!.t === 'pct' || ident(v[i]) === 'fill')) slice.push(v[i++]!);
      out['border-image-slice'] = slice; seen.add('slice');
      // / <width>? [/ <outset>]?
      const isSlash = (c: CV | undefined) => c?.t === 'delim' && c.v === '/';
      if (isSlash(v[i])) {
        i++;
        const width: CV[] = [];
        while (i < v.length && !isSlash(v[i]) && (v[i]!.t === 'num' || v[i]!.t === 'pct' || v[i]!.t === 'dim' || ident(v[i]) === 'auto')) width.push(v[i++]!);
        if (width.length) out['border-image-width'] = width;
        if (isSlash(v[i])) {
          i++;
          const outset: CV[] = [];
          while (i < v.length && (v[i]!.t === 'num' || v[i]!.t === 'dim')) outset.push(v[i++]!);
          if (!outset.length) return undefined;
          out['border-image-outset'] = outset;
        } else if (!width.length) return undefined;
      }
      continue;
    }
    return undefined;
  }
  return out as never;
}
