// CSS Values 4: lengths, percentages, numbers, calc()/min()/max()/clamp() (§10), and
// CSS Color 4 colours. Parsing gives *specified* values (units kept); compute.ts-side
// functions resolve them against a context into computed values (pt, RGBA).
import { NAMED_COLORS } from './colors';
import { labToLinSrgb, linP3ToLinSrgb, linSrgbTo8bit, linSrgbToLab, linSrgbToOklab, oklabToLinSrgb, polarToRect, srgbDecode, type Vec3 } from './colorspaces';
import { splitCommas, type CV } from './syntax';

// ---------------------------------------------------------------- lengths

/** Same shapes as cascade/computed.ts (the css stage may not import the cascade's types). */
export interface LengthPct { readonly pt: number; readonly pct: number }
export interface RGBA { readonly r: number; readonly g: number; readonly b: number; readonly a: number }

/** Units whose value depends on the element or the page. */
export type RelativeUnit = 'em' | 'rem' | 'ex' | 'ch' | 'vw' | 'vh' | 'vmin' | 'vmax' | 'lh';

/** Absolute units in points (CSS Values 4 §6.2: 1in = 96px = 72pt). */
export const ABSOLUTE_UNITS: Readonly<Record<string, number>> = {
  px: 0.75, pt: 1, pc: 12, in: 72, cm: 72 / 2.54, mm: 72 / 25.4, q: 72 / 101.6,
};
const RELATIVE_UNITS: ReadonlySet<string> = new Set(['em', 'rem', 'ex', 'ch', 'vw', 'vh', 'vmin', 'vmax', 'lh']);

/** A linear combination: pt + pct% + Σ k·unit. calc() sums and scales fold into one. */
export interface Linear {
  pt: number;
  pct: number;
  rel?: Partial<Record<RelativeUnit, number>>;
}

/** A specified length-percentage: linear, or min()/max()/clamp() of them. */
export type LenExpr =
  | { readonly k: 'lin'; readonly lin: Linear }
  | { readonly k: 'min' | 'max'; readonly args: readonly LenExpr[] }
  | { readonly k: 'clamp'; readonly args: readonly [LenExpr, LenExpr, LenExpr] };

export interface LengthContext {
  /** pt; for font-size itself, the parent's */
  readonly em: number;
  readonly rem: number;
  /** page area, pt, for vw/vh/vmin/vmax */
  readonly vw: number;
  readonly vh: number;
  /**
   * pt: the x-height and the advance of "0" of the first available font (CSS Values 4 §6.1.1);
   * for font-size itself, the parent's
   */
  readonly ex: number;
  readonly ch: number;
  /** line height in pt for `lh` (approximate: 1.2em when normal) */
  readonly lh: number;
  /** what a percentage most likely refers to, to pick a branch of min()/max() that mixes % and lengths */
  readonly percentBasis: number;
  /**
   * the element's effective zoom (CSS Viewport 1 `zoom`, as Chromium applies it): absolute
   * lengths are multiplied by it; em and lh already are, through the zoomed font size. 1 when absent.
   */
  readonly zoom?: number;
}

export interface LengthOptions {
  readonly pct?: boolean;      // percentages allowed
  readonly negative?: boolean; // negative values allowed
}

export function lin(pt: number, pct = 0): LenExpr {
  return { k: 'lin', lin: { pt, pct } };
}

/** A single component value as a length (or percentage); unitless 0 is a length. */
export function parseLength(cv: CV | undefined, opts: LengthOptions = {}): LenExpr | undefined {
  if (!cv) return undefined;
  let e: LenExpr | undefined;
  switch (cv.t) {
    case 'num': if (cv.v === 0) e = lin(0); break;
    case 'dim': e = dimension(cv.v, cv.unit); break;
    case 'pct': if (opts.pct) e = lin(0, cv.v); break;
    case 'func': {
      const r = parseMathFunction(cv);
      if (r && r.kind === 'len') e = r.expr;
      else if (r && r.kind === 'num' && r.value === 0) e = lin(0);
      if (e && !opts.pct && hasPct(e)) e = undefined;
      break;
    }
    default: break;
  }
  // a literal negative is a parse error where negatives are not allowed; calc() results are
  // clamped later (CSS Values 4 §10.12), as they may mix signs (calc(100% - 20px))
  if (e && !opts.negative && cv.t !== 'func' && e.k === 'lin' && (e.lin.pt < 0 || e.lin.pct < 0 || Object.values(e.lin.rel ?? {}).some((v) => v < 0))) return undefined;
  return e;
}

function hasPct(e: LenExpr): boolean {
  return e.k === 'lin' ? e.lin.pct !== 0 : e.args.some(hasPct);
}

/** CSS Values 4 §6.1.2: on a page, the small/large/dynamic viewports are all the page area. */
const VIEWPORT_ALIASES: Readonly<Record<string, RelativeUnit>> = {
  svw: 'vw', lvw: 'vw', dvw: 'vw', vi: 'vw', svi: 'vw', lvi: 'vw', dvi: 'vw',
  svh: 'vh', lvh: 'vh', dvh: 'vh', vb: 'vh', svb: 'vh', lvb: 'vh', dvb: 'vh',
  svmin: 'vmin', lvmin: 'vmin', dvmin: 'vmin', svmax: 'vmax', lvmax: 'vmax', dvmax: 'vmax',
  cap: 'ex', ic: 'em', rex: 'rem', rch: 'rem', ric: 'rem', rcap: 'rem',
};

function dimension(v: number, unit: string): LenExpr | undefined {
  if (!Number.isFinite(v)) return undefined;
  const abs = ABSOLUTE_UNITS[unit];
  if (abs !== undefined) return lin(v * abs);
  const alias = VIEWPORT_ALIASES[unit];
  if (alias !== undefined) {
    // rex/rch/rcap are about half the root em, like ex and ch; ric is the root em
    const k = unit === 'rex' || unit === 'rch' || unit === 'rcap' ? 0.5 : unit === 'cap' ? 1.4 : 1;
    return { k: 'lin', lin: { pt: 0, pct: 0, rel: { [alias]: v * k } } };
  }
  if (unit === 'rlh') return { k: 'lin', lin: { pt: 0, pct: 0, rel: { rem: v * 1.2 } } };
  if (RELATIVE_UNITS.has(unit)) return { k: 'lin', lin: { pt: 0, pct: 0, rel: { [unit]: v } } };
  return undefined;
}

/** Guard rails: no used length may exceed this (pt), so layout cannot blow up. */
export const MAX_LENGTH_PT = 1e5;
/** calc()'s infinity (CSS Values 4 §10.7.1), clamped by every computation that takes it */
const INFINITY = 1e12;

export function clampLength(pt: number): number {
  if (!Number.isFinite(pt)) return 0;
  return Math.max(-MAX_LENGTH_PT, Math.min(MAX_LENGTH_PT, pt));
}

export function resolveLinear(l: Linear, ctx: LengthContext): LengthPct {
  let pt = l.pt * (ctx.zoom ?? 1);
  if (l.rel) {
    for (const [unit, k] of Object.entries(l.rel) as [RelativeUnit, number][]) {
      switch (unit) {
        case 'em': pt += k * ctx.em; break;
        case 'rem': pt += k * ctx.rem; break;
        case 'ex': pt += k * ctx.ex; break;
        case 'ch': pt += k * ctx.ch; break;
        case 'lh': pt += k * ctx.lh; break;
        case 'vw': pt += k * ctx.vw / 100; break;
        case 'vh': pt += k * ctx.vh / 100; break;
        case 'vmin': pt += k * Math.min(ctx.vw, ctx.vh) / 100; break;
        case 'vmax': pt += k * Math.max(ctx.vw, ctx.vh) / 100; break;
      }
    }
  }
  return { pt: clampLength(pt), pct: Math.max(-1e4, Math.min(1e4, l.pct)) };
}

export function resolveLength(e: LenExpr, ctx: LengthContext): LengthPct {
  switch (e.k) {
    case 'lin': return resolveLinear(e.lin, ctx);
    case 'min': case 'max': {
      const vals = e.args.map((a) => resolveLength(a, ctx));
      const at = (v: LengthPct) => v.pt + v.pct * ctx.percentBasis / 100;
      let best = vals[0]!;
      for (const v of vals) if (e.k === 'min' ? at(v) < at(best) : at(v) > at(best)) best = v;
      return best;
    }
    case 'clamp': {
      const [lo, val, hi] = e.args.map((a) => resolveLength(a, ctx)) as [LengthPct, LengthPct, LengthPct];
      const at = (v: LengthPct) => v.pt + v.pct * ctx.percentBasis / 100;
      if (at(val) < at(lo)) return lo;
      if (at(val) > at(hi)) return at(lo) > at(hi) ? lo : hi;
      return val;
    }
  }
}

/** A length that cannot be a percentage, in pt. */
export function resolveAbsolute(e: LenExpr, ctx: LengthContext): number {
  const r = resolveLength(e, ctx);
  return r.pt + r.pct * ctx.percentBasis / 100;
}

// ---------------------------------------------------------------- calc() (CSS Values 4 §10)

export type MathValue = { kind: 'num'; value: number } | { kind: 'len'; expr: LenExpr };

const MATH_FUNCTIONS = new Set(['calc', 'min', 'max', 'clamp', '-webkit-calc', '-moz-calc']);

export function isMathFunction(cv: CV): boolean {
  return cv.t === 'func' && MATH_FUNCTIONS.has(cv.name);
}

/** calc(), min(), max(), clamp(): a number or a length-percentage; undefined when invalid. */
export function parseMathFunction(cv: CV): MathValue | undefined {
  if (cv.t !== 'func') return undefined;
  switch (cv.name) {
    case 'calc': case '-webkit-calc': case '-moz-calc': return parseSum(cv.args);
    case 'min': case 'max': case 'clamp': {
      const parts = splitCommas(cv.args).map(parseSum);
      if (parts.length === 0 || parts.some((p) => !p)) return undefined;
      const vals = parts as MathValue[];
      if (cv.name === 'clamp' && vals.length !== 3) return undefined;
      if (vals.every((v) => v.kind === 'num')) {
        const ns = vals.map((v) => (v as { value: number }).value);
        const value = cv.name === 'min' ? Math.min(...ns) : cv.name === 'max' ? Math.max(...ns) : Math.max(ns[0]!, Math.min(ns[1]!, ns[2]!));
        return { kind: 'num', value };
      }
      const lens: LenExpr[] = [];
      for (const v of vals) {
        if (v.kind === 'len') lens.push(v.expr);
        else if (v.value === 0) lens.push(lin(0));
        else return undefined;
      }
      if (cv.name === 'clamp') return { kind: 'len', expr: { k: 'clamp', args: [lens[0]!, lens[1]!, lens[2]!] } };
      return { kind: 'len', expr: { k: cv.name as 'min' | 'max', args: lens } };
    }
    default: return undefined;
  }
}

function parseSum(items: readonly CV[]): MathValue | undefined {
  if (items.length === 0) return undefined;
  let i = 0;
  const product = (): MathValue | undefined => {
    let left = term(items[i++]);
    while (left && i < items.length) {
      const op = items[i]!;
      if (op.t !== 'delim' || (op.v !== '*' && op.v !== '/')) break;
      i++;
      const right = term(items[i++]);
      if (!right) return undefined;
      left = op.v === '*' ? multiply(left, right) : divide(left, right);
    }
    return left;
  };
  let acc = product();
  while (acc && i < items.length) {
    const op = items[i]!;
    if (op.t !== 'delim' || (op.v !== '+' && op.v !== '-')) return undefined;
    i++;
    const right = product();
    if (!right) return undefined;
    acc = add(acc, right, op.v === '-' ? -1 : 1);
  }
  return acc;
}

function term(cv: CV | undefined): MathValue | undefined {
  if (!cv) return undefined;
  switch (cv.t) {
    case 'num': return { kind: 'num', value: cv.v };
    case 'dim': { const e = dimension(cv.v, cv.unit); return e ? { kind: 'len', expr: e } : undefined; }
    case 'pct': return { kind: 'len', expr: lin(0, cv.v) };
    case 'block': return cv.open === '(' ? parseSum(cv.items) : undefined;
    case 'func': return parseMathFunction(cv);
    case 'ident': {
      const k = cv.v.toLowerCase();
      if (k === 'pi') return { kind: 'num', value: Math.PI };
      if (k === 'e') return { kind: 'num', value: Math.E };
      // §10.7.1: infinity is the largest value a property takes; a finite stand-in far past
      // MAX_LENGTH_PT keeps sums and products finite (0 × infinity is 0, not NaN), and computing
      // clamps it (Tailwind's rounded-full is calc(infinity * 1px))
      if (k === 'infinity') return { kind: 'num', value: INFINITY };
      if (k === '-infinity') return { kind: 'num', value: -INFINITY };
      return undefined;
    }
    default: return undefined;
  }
}

function scaleLinear(l: Linear, k: number): Linear {
  const out: Linear = { pt: l.pt * k, pct: l.pct * k };
  if (l.rel) {
    out.rel = {};
    for (const [u, v] of Object.entries(l.rel) as [RelativeUnit, number][]) out.rel[u] = v * k;
  }
  return out;
}

function scale(e: LenExpr, k: number): LenExpr | undefined {
  if (e.k === 'lin') return { k: 'lin', lin: scaleLinear(e.lin, k) };
  if (k >= 0) {
    const args = e.args.map((a) => scale(a, k));
    if (args.some((a) => !a)) return undefined;
    return e.k === 'clamp' ? { k: 'clamp', args: args as unknown as [LenExpr, LenExpr, LenExpr] } : { k: e.k, args: args as LenExpr[] };
  }
  return undefined;
}

function multiply(a: MathValue, b: MathValue): MathValue | undefined {
  if (a.kind === 'num' && b.kind === 'num') return { kind: 'num', value: a.value * b.value };
  if (a.kind === 'num' && b.kind === 'len') { const e = scale(b.expr, a.value); return e && { kind: 'len', expr: e }; }
  if (a.kind === 'len' && b.kind === 'num') { const e = scale(a.expr, b.value); return e && { kind: 'len', expr: e }; }
  return undefined;
}

function divide(a: MathValue, b: MathValue): MathValue | undefined {
  if (b.kind !== 'num' || b.value === 0) return undefined;
  return multiply(a, { kind: 'num', value: 1 / b.value });
}

function add(a: MathValue, b: MathValue, sign: 1 | -1): MathValue | undefined {
  if (a.kind === 'num' && b.kind === 'num') return { kind: 'num', value: a.value + sign * b.value };
  // 0 + length is tolerated by browsers only as a length zero; keep it strict except literal 0
  const la = a.kind === 'len' ? a.expr : a.value === 0 ? lin(0) : undefined;
  const lb = b.kind === 'len' ? b.expr : b.value === 0 ? lin(0) : undefined;
  if (!la || !lb) return undefined;
  if (la.k === 'lin' && lb.k === 'lin') {
    const x = la.lin, y = lb.lin;
    const out: Linear = { pt: x.pt + sign * y.pt, pct: x.pct + sign * y.pct };
    if (x.rel || y.rel) {
      const rel: Partial<Record<RelativeUnit, number>> = { ...(x.rel ?? {}) };
      for (const [u, v] of Object.entries(y.rel ?? {}) as [RelativeUnit, number][]) rel[u] = (rel[u] ?? 0) + sign * v;
      out.rel = rel;
    }
    return { kind: 'len', expr: { k: 'lin', lin: out } };
  }
  // min()/max() inside a sum: keep as max(a) + b is not linear; approximate by first resolving
  // both sides is impossible here, so only a zero other side is accepted
  return undefined;
}

/** A plain number, or calc() that gives a number. */
export function parseNumber(cv: CV | undefined): number | undefined {
  if (!cv) return undefined;
  if (cv.t === 'num') return cv.v;
  if (cv.t === 'func') {
    const r = parseMathFunction(cv);
    if (r && r.kind === 'num') return r.value;
  }
  return undefined;
}

export function parseInteger(cv: CV | undefined): number | undefined {
  const n = parseNumber(cv);
  return n !== undefined && Number.isFinite(n) ? Math.round(n) : undefined;
}

// ---------------------------------------------------------------- colours (CSS Color 4)

export type SpecifiedColor = RGBA | 'currentcolor';

export const TRANSPARENT: RGBA = { r: 0, g: 0, b: 0, a: 0 };
export const BLACK: RGBA = { r: 0, g: 0, b: 0, a: 1 };

/** CSS Color 4 §6.2 system colours, as Chromium's print (light scheme) resolves them. */
const SYSTEM_COLORS: Readonly<Record<string, number>> = {
  canvas: 0xffffff, canvastext: 0x000000, linktext: 0x0000ee, visitedtext: 0x551a8b, activetext: 0xff0000,
  buttonface: 0xefefef, buttontext: 0x000000, buttonborder: 0x767676, field: 0xffffff, fieldtext: 0x000000,
  highlight: 0xb5d5ff, highlighttext: 0x000000, graytext: 0x808080, mark: 0xffff00, marktext: 0x000000,
  windowtext: 0x000000, window: 0xffffff,
};

function fromHex24(n: number, a = 1): RGBA {
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, a };
}

export function parseColor(cv: CV | undefined): SpecifiedColor | undefined {
  if (!cv) return undefined;
  switch (cv.t) {
    case 'ident': {
      const k = cv.v.toLowerCase();
      if (k === 'transparent') return TRANSPARENT;
      if (k === 'currentcolor') return 'currentcolor';
      const n = NAMED_COLORS[k] ?? SYSTEM_COLORS[k];
      return n === undefined ? undefined : fromHex24(n);
    }
    case 'hash': return parseHex(cv.v);
    case 'func':
      if (cv.name === 'color-mix') return parseColorMix(cv.args);
      if (cv.name === 'light-dark') {
        // CSS Color 5 §3: print uses the light scheme
        const [light, dark] = splitCommas(cv.args);
        return light?.length === 1 && dark?.length === 1 && parseColor(dark[0]) !== undefined ? parseColor(light[0]) : undefined;
      }
      if (MODERN_SPACES.has(cv.name) || cv.name === 'color') return parseModernColor(cv.name, cv.args);
      return parseColorFunction(cv.name, cv.args);
    default: return undefined;
  }
}

// ---------------------------------------------------------------- CSS Color 4 lab/lch/oklab/oklch/color(), Color 5 color-mix()

const MODERN_SPACES = new Set(['lab', 'lch', 'oklab', 'oklch']);

/** A channel: number, percentage of `pctRef`, or `none` (0). */
function channel(cv: CV | undefined, pctRef: number): number | undefined {
  if (!cv) return undefined;
  if (cv.t === 'num') return cv.v;
  if (cv.t === 'pct') return cv.v / 100 * pctRef;
  if (cv.t === 'ident' && cv.v.toLowerCase() === 'none') return 0;
  return undefined;
}

function splitAlpha(args: readonly CV[]): { channels: CV[]; alpha: number } | undefined {
  const slash = args.findIndex((a) => a.t === 'delim' && a.v === '/');
  if (slash < 0) return { channels: [...args], alpha: 1 };
  if (args.length !== slash + 2) return undefined;
  const a = alphaValue(args[slash + 1]!);
  return a === undefined ? undefined : { channels: args.slice(0, slash), alpha: a };
}

function toRgba(lin: Vec3, a: number): RGBA {
  const [r, g, b] = linSrgbTo8bit(lin);
  return { r, g, b, a };
}

function parseModernColor(name: string, args: readonly CV[]): RGBA | undefined {
  if (args.some((a) => a.t === 'delim' && a.v === ',')) return undefined; // modern syntax only
  const parts = splitAlpha(args);
  if (!parts) return undefined;
  const lin = modernToLinSrgb(name, parts.channels);
  return lin && toRgba(lin, parts.alpha);
}

/** Channels of one of the modern notations (or `color(<space> ...)`) → linear sRGB. */
function modernToLinSrgb(name: string, ch: readonly CV[]): Vec3 | undefined {
  if (name === 'color') {
    const space = ident(ch[0]);
    const [x, y, z] = [channel(ch[1], 1), channel(ch[2], 1), channel(ch[3], 1)];
    if (ch.length !== 4 || x === undefined || y === undefined || z === undefined) return undefined;
    switch (space) {
      case 'srgb': return [srgbDecode(x), srgbDecode(y), srgbDecode(z)];
      case 'srgb-linear': return [x, y, z];
      case 'display-p3': return linP3ToLinSrgb([srgbDecode(x), srgbDecode(y), srgbDecode(z)]);
      case 'xyz': case 'xyz-d65': return xyzD65ToLinSrgb([x, y, z]);
      case 'xyz-d50': return xyzD50ToLinSrgb([x, y, z]);
      default: return undefined;
    }
  }
  if (ch.length !== 3) return undefined;
  switch (name) {
    case 'lab': {
      const [l, a, b] = [channel(ch[0], 100), channel(ch[1], 125), channel(ch[2], 125)];
      return l === undefined || a === undefined || b === undefined ? undefined : labToLinSrgb([l, a, b]);
    }
    case 'lch': {
      const [l, c, h] = [channel(ch[0], 100), channel(ch[1], 150), hueValue(ch[2]!)];
      return l === undefined || c === undefined || h === undefined ? undefined : labToLinSrgb(polarToRect(l, Math.max(0, c), h));
    }
    case 'oklab': {
      const [l, a, b] = [channel(ch[0], 1), channel(ch[1], 0.4), channel(ch[2], 0.4)];
      return l === undefined || a === undefined || b === undefined ? undefined : oklabToLinSrgb([l, a, b]);
    }
    case 'oklch': {
      const [l, c, h] = [channel(ch[0], 1), channel(ch[1], 0.4), hueValue(ch[2]!)];
      return l === undefined || c === undefined || h === undefined ? undefined : oklabToLinSrgb(polarToRect(l, Math.max(0, c), h));
    }
    default: return undefined;
  }
}

function xyzD65ToLinSrgb(v: Vec3): Vec3 {
  return [
    3.2409699419045226 * v[0] - 1.537383177570094 * v[1] - 0.4986107602930034 * v[2],
    -0.9692436362808796 * v[0] + 1.8759675015077202 * v[1] + 0.04155505740717559 * v[2],
    0.05563007969699366 * v[0] - 0.20397695888897652 * v[1] + 1.0569715142428786 * v[2],
  ];
}

function xyzD50ToLinSrgb(v: Vec3): Vec3 {
  const d65: Vec3 = [
    0.955473421488075 * v[0] - 0.02309845494876471 * v[1] + 0.06325924320057072 * v[2],
    -0.0283697093338637 * v[0] + 1.0099953980813041 * v[1] + 0.021041441191917323 * v[2],
    0.012314014864481998 * v[0] - 0.020507649298898964 * v[1] + 1.330365926242124 * v[2],
  ];
  return xyzD65ToLinSrgb(d65);
}

/** CSS Color 5 §2 color-mix(in <space>, <color> [<percentage>], <color> [<percentage>]). */
function parseColorMix(args: readonly CV[]): RGBA | undefined {
  const parts = splitCommas(args);
  if (parts.length !== 3) return undefined;
  const head = parts[0]!;
  if (ident(head[0]) !== 'in' || head.length < 2) return undefined;
  const space = ident(head[1]);
  if (space === undefined) return undefined;
  const mixes: { color: RGBA; pct: number | undefined }[] = [];
  for (const p of parts.slice(1)) {
    let pct: number | undefined;
    const items = p.filter((x) => { if (x.t === 'pct') { pct = x.v; return false; } return true; });
    if (items.length !== 1) return undefined;
    const c = parseColor(items[0]);
    if (c === undefined || c === 'currentcolor') return undefined; // currentColor would need the element
    if (pct !== undefined && (pct < 0 || pct > 100)) return undefined;
    mixes.push({ color: c, pct });
  }
  const [m1, m2] = mixes as [{ color: RGBA; pct: number | undefined }, { color: RGBA; pct: number | undefined }];
  let p1 = m1.pct, p2 = m2.pct;
  if (p1 === undefined && p2 === undefined) { p1 = 50; p2 = 50; }
  else if (p1 === undefined) p1 = 100 - p2!;
  else if (p2 === undefined) p2 = 100 - p1;
  const sum = p1 + p2!;
  if (sum <= 0) return undefined;
  const w2 = p2! / sum;
  const alphaScale = sum < 100 ? sum / 100 : 1;
  const to = mixSpace(space);
  if (!to) return undefined;
  const a1 = m1.color.a, a2 = m2.color.a;
  const alpha = a1 * (1 - w2) + a2 * w2;
  const c1 = to.from(m1.color), c2 = to.from(m2.color);
  // premultiplied interpolation (CSS Color 4 §12.3)
  const mixed = [0, 1, 2].map((i) => (alpha === 0 ? 0 : (c1[i]! * a1 * (1 - w2) + c2[i]! * a2 * w2) / alpha)) as Vec3;
  return toRgba(to.toLin(mixed), Math.max(0, Math.min(1, alpha * alphaScale)));
}

/** The rectangular space a mix interpolates in (polar spaces use their rectangular sibling). */
function mixSpace(space: string): { from: (c: RGBA) => Vec3; toLin: (v: Vec3) => Vec3 } | undefined {
  const lin = (c: RGBA): Vec3 => [srgbDecode(c.r / 255), srgbDecode(c.g / 255), srgbDecode(c.b / 255)];
  switch (space) {
    case 'srgb': case 'hsl': case 'hwb':
      return { from: (c) => [c.r / 255, c.g / 255, c.b / 255], toLin: (v) => [srgbDecode(v[0]), srgbDecode(v[1]), srgbDecode(v[2])] };
    case 'srgb-linear': case 'xyz': case 'xyz-d65': case 'xyz-d50':
      return { from: lin, toLin: (v) => v };
    case 'lab': case 'lch':
      return { from: (c) => linSrgbToLab(lin(c)), toLin: labToLinSrgb };
    case 'oklab': case 'oklch':
      return { from: (c) => linSrgbToOklab(lin(c)), toLin: oklabToLinSrgb };
    default: return undefined;
  }
}

function parseHex(h: string): RGBA | undefined {
  if (!/^[0-9a-fA-F]+$/.test(h)) return undefined;
  const d = (i: number) => parseInt(h[i]! + h[i]!, 16);
  switch (h.length) {
    case 3: return { r: d(0), g: d(1), b: d(2), a: 1 };
    case 4: return { r: d(0), g: d(1), b: d(2), a: d(3) / 255 };
    case 6: return fromHex24(parseInt(h, 16));
    case 8: return { ...fromHex24(parseInt(h.slice(0, 6), 16)), a: parseInt(h.slice(6), 16) / 255 };
    default: return undefined;
  }
}

/** rgb()/rgba()/hsl()/hsla()/hwb() in the legacy comma syntax and the modern space/slash one. */
function parseColorFunction(name: string, args: readonly CV[]): RGBA | undefined {
  if (!['rgb', 'rgba', 'hsl', 'hsla', 'hwb'].includes(name)) return undefined;
  let channels: CV[];
  let alpha: CV | undefined;
  const hasComma = args.some((a) => a.t === 'delim' && a.v === ',');
  if (hasComma) {
    const parts = splitCommas(args);
    if (parts.some((p) => p.length !== 1) || (parts.length !== 3 && parts.length !== 4)) return undefined;
    channels = parts.slice(0, 3).map((p) => p[0]!);
    alpha = parts[3]?.[0];
  } else {
    const slash = args.findIndex((a) => a.t === 'delim' && a.v === '/');
    channels = slash >= 0 ? args.slice(0, slash) : [...args];
    if (slash >= 0) { if (args.length !== slash + 2) return undefined; alpha = args[slash + 1]; }
    if (channels.length !== 3) return undefined;
  }
  const a = alpha === undefined ? 1 : alphaValue(alpha);
  if (a === undefined) return undefined;
  if (name === 'rgb' || name === 'rgba') {
    const rgb = channels.map((c) => {
      if (c.t === 'num') return c.v;
      if (c.t === 'pct') return c.v * 255 / 100;
      if (c.t === 'ident' && c.v.toLowerCase() === 'none') return 0;
      const n = c.t === 'func' ? parseMathFunction(c) : undefined;
      return n && n.kind === 'num' ? n.value : undefined;
    });
    if (rgb.some((x) => x === undefined)) return undefined;
    const [r, g, b] = rgb.map((x) => Math.round(Math.max(0, Math.min(255, x!)))) as [number, number, number];
    return { r, g, b, a };
  }
  const hue = hueValue(channels[0]!);
  const p1 = pctChannel(channels[1]!), p2 = pctChannel(channels[2]!);
  if (hue === undefined || p1 === undefined || p2 === undefined) return undefined;
  if (name === 'hwb') {
    let w = p1 / 100, bl = p2 / 100;
    if (w + bl >= 1) { const g = Math.round(255 * w / (w + bl)); return { r: g, g, b: g, a }; }
    const base = hslToRgb(hue, 1, 0.5);
    const f = (c: number) => Math.round((c / 255 * (1 - w - bl) + w) * 255);
    w = Math.max(0, w); bl = Math.max(0, bl);
    return { r: f(base.r), g: f(base.g), b: f(base.b), a };
  }
  return { ...hslToRgb(hue, p1 / 100, p2 / 100), a };
}

function alphaValue(cv: CV): number | undefined {
  if (cv.t === 'num') return Math.max(0, Math.min(1, cv.v));
  if (cv.t === 'pct') return Math.max(0, Math.min(1, cv.v / 100));
  if (cv.t === 'ident' && cv.v.toLowerCase() === 'none') return 0;
  return undefined;
}

/** CSS Values 4 §7.1: an <angle> dimension in degrees */
export function angleDegrees(cv: CV): number | undefined {
  if (cv.t !== 'dim') return undefined;
  switch (cv.unit) {
    case 'deg': return cv.v;
    case 'rad': return cv.v * 180 / Math.PI;
    case 'grad': return cv.v * 0.9;
    case 'turn': return cv.v * 360;
    default: return undefined;
  }
}

function hueValue(cv: CV): number | undefined {
  if (cv.t === 'num') return cv.v;
  if (cv.t === 'ident' && cv.v.toLowerCase() === 'none') return 0;
  return angleDegrees(cv);
}

function pctChannel(cv: CV): number | undefined {
  if (cv.t === 'pct') return Math.max(0, Math.min(100, cv.v));
  if (cv.t === 'num') return Math.max(0, Math.min(100, cv.v)); // CSS Color 4 allows bare numbers in the modern syntax
  if (cv.t === 'ident' && cv.v.toLowerCase() === 'none') return 0;
  return undefined;
}

function hslToRgb(h: number, s: number, l: number): { r: number; g: number; b: number } {
  h = ((h % 360) + 360) % 360;
  s = Math.max(0, Math.min(1, s)); l = Math.max(0, Math.min(1, l));
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return { r: f(0), g: f(8), b: f(4) };
}

// ---------------------------------------------------------------- small helpers

export function ident(cv: CV | undefined): string | undefined {
  return cv && cv.t === 'ident' ? cv.v.toLowerCase() : undefined;
}

/** When the value is exactly one keyword from the list. */
export function keywordOf<K extends string>(value: readonly CV[], allowed: readonly K[]): K | undefined {
  if (value.length !== 1) return undefined;
  const k = ident(value[0]);
  return k !== undefined && (allowed as readonly string[]).includes(k) ? (k as K) : undefined;
}
