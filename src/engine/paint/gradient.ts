// CSS Images 3 §3 gradients at used time: the gradient line of a box (the corner angle of
// `to <corner>`), a radial gradient's centre and ending shape, the colour stops after fix-up
// (§3.5.3), transition hints, repetition, and the stops of the PDF shading that draws it.
// Colours are interpolated in premultiplied sRGB (as Chromium does, so `transparent` fades the
// neighbouring colour out): a PDF shading interpolates colour and alpha separately, so a
// segment whose alpha changes is cut into pieces whose colours follow the premultiplied curve,
// and a transition hint's curve into pieces as well.
import type { Gradient, GradientStop, RGBA } from '../cascade/computed';

export interface Box { readonly x: number; readonly y: number; readonly width: number; readonly height: number }

/** One stop of a PDF shading: offset 0..1, colour channels 0..255, opacity 0..1. */
export type ShadingStop = readonly [offset: number, color: readonly [number, number, number], opacity: number];

/**
 * A shading for a vector's fill (placed.ts makes a pdfkit gradient of it): axial from (x1, y1)
 * to (x2, y2), or radial about (cx, cy) with radius r along x and r × sy along y; stops from
 * offset 0 to 1, padded beyond (PDF Extend).
 */
export type GradientPaint =
  | { readonly kind: 'linear'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number; readonly stops: readonly ShadingStop[] }
  | { readonly kind: 'radial'; readonly cx: number; readonly cy: number; readonly r: number; readonly sy: number; readonly stops: readonly ShadingStop[] };

/** §3.1.1 the angle (degrees, 0 up, clockwise) and length of a linear gradient's line in a w × h box. */
export function gradientLine(direction: (Gradient & { kind: 'linear' })['direction'], w: number, h: number): { angle: number; length: number } {
  let angle: number;
  if ('angle' in direction) angle = direction.angle;
  else {
    const { x, y } = direction.to;
    if (x === 0) angle = y < 0 ? 0 : 180;
    else if (y === 0) angle = x > 0 ? 90 : 270;
    else {
      // a corner: the 50% line passes through the two other corners
      const a = (Math.atan2(h, w) * 180) / Math.PI;
      angle = x > 0 ? (y < 0 ? a : 180 - a) : (y > 0 ? 180 + a : 360 - a);
    }
  }
  const rad = (angle * Math.PI) / 180;
  return { angle, length: Math.abs(w * Math.sin(rad)) + Math.abs(h * Math.cos(rad)) };
}

/** §3.2.2 a radial gradient's centre and radii in a w × h box. */
export function radialShape(g: Gradient & { kind: 'radial' }, w: number, h: number): { cx: number; cy: number; rx: number; ry: number } {
  const cx = g.at.x.pt + (g.at.x.pct * w) / 100;
  const cy = g.at.y.pt + (g.at.y.pct * h) / 100;
  const size = g.size;
  if (typeof size === 'object') {
    const rx = Math.max(0, size.rx.pt + (size.rx.pct * w) / 100);
    const ry = g.shape === 'circle' ? rx : Math.max(0, size.ry.pt + (size.ry.pct * h) / 100);
    return { cx, cy, rx, ry };
  }
  const dx = [Math.abs(cx), Math.abs(w - cx)]; const dy = [Math.abs(cy), Math.abs(h - cy)];
  const side = size === 'closest-side' || size === 'closest-corner' ? Math.min : Math.max;
  if (g.shape === 'circle') {
    if (size === 'closest-side' || size === 'farthest-side') { const r = side(...dx, ...dy); return { cx, cy, rx: r, ry: r }; }
    const corners = dx.flatMap((x) => dy.map((y) => Math.hypot(x, y)));
    const r = side(...corners);
    return { cx, cy, rx: r, ry: r };
  }
  const sx = side(dx[0]!, dx[1]!); const sy = side(dy[0]!, dy[1]!);
  if (size === 'closest-side' || size === 'farthest-side') return { cx, cy, rx: sx, ry: sy };
  // a corner: through the closest (farthest) corner, with the aspect ratio of closest-side (farthest-side)
  const cornerX = sx; const cornerY = sy;
  if (sy === 0) return { cx, cy, rx: 0, ry: 0 };
  const k = sx / sy;
  const rx = Math.hypot(cornerX, cornerY * k);
  return { cx, cy, rx, ry: rx / k };
}

/** a colour stop at used time: its offset on the gradient line (1 = the line's length) */
export interface UsedStop { readonly offset: number; readonly color: RGBA }
type UsedItem = UsedStop | { readonly hint: number };

/**
 * §3.5.3 colour stop fix-up on a line of `length` pt: the first and last stops without a
 * position at 0% and 100%, positions clamped to be non-decreasing, runs without a position
 * spread evenly; hints stay between their stops (clamped likewise).
 */
export function fixUpStops(stops: readonly GradientStop[], length: number): (UsedStop | { hint: number })[] {
  const at = (l: { pt: number; pct: number }) => (length > 0 ? l.pt / length : 0) + l.pct / 100;
  const items: { offset: number | undefined; color?: RGBA; hint?: true }[] = stops.map((s) =>
    'hint' in s ? { offset: at(s.hint), hint: true } : { offset: s.at ? at(s.at) : undefined, color: s.color });
  const colorIdx = items.map((s, i) => (s.hint ? -1 : i)).filter((i) => i >= 0);
  const first = items[colorIdx[0]!]!; const last = items[colorIdx[colorIdx.length - 1]!]!;
  if (first.offset === undefined) first.offset = 0;
  if (last.offset === undefined) last.offset = colorIdx.length > 1 ? 1 : first.offset;
  let max = -Infinity;
  for (const s of items) if (s.offset !== undefined) { if (s.offset < max) s.offset = max; max = s.offset; }
  for (let k = 0; k < colorIdx.length; k++) {
    if (items[colorIdx[k]!]!.offset !== undefined) continue;
    let e = k; while (items[colorIdx[e]!]!.offset === undefined) e++;
    const a = items[colorIdx[k - 1]!]!.offset!; const b = items[colorIdx[e]!]!.offset!;
    for (let j = k; j < e; j++) items[colorIdx[j]!]!.offset = a + ((b - a) * (j - k + 1)) / (e - k + 1);
    k = e;
  }
  return items.map((s) => (s.hint ? { hint: s.offset! } : { offset: s.offset!, color: s.color! }));
}

/** premultiplied colour (channels × alpha) and alpha */
type Premul = readonly [number, number, number, number];
const premul = (c: RGBA): Premul => [c.r * c.a, c.g * c.a, c.b * c.a, c.a];
const mix = (a: Premul, b: Premul, t: number): Premul => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t, a[3] + (b[3] - a[3]) * t];

/** points of a premultiplied piecewise-linear colour curve (equal offsets: a hard step) */
interface Point { readonly t: number; readonly c: Premul }

/** pieces a transition hint's curve (or an alpha change) is cut into */
const PIECES = 16;

/** The curve of fixed-up stops: hints become pieces of their exponential curve (§3.5.3 step 4). */
function curve(items: readonly UsedItem[]): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < items.length; i++) {
    const s = items[i]!;
    if (!('hint' in s)) { out.push({ t: s.offset, c: premul(s.color) }); continue; }
    const a = items[i - 1] as UsedStop; const b = items[i + 1] as UsedStop;
    const span = b.offset - a.offset;
    const h = span > 0 ? (s.hint - a.offset) / span : 0.5;
    const ca = premul(a.color); const cb = premul(b.color);
    if (h <= 0) { out.push({ t: a.offset, c: cb }); continue; }
    if (h >= 1) { out.push({ t: b.offset, c: ca }); continue; }
    const exp = Math.log(0.5) / Math.log(h);
    for (let k = 1; k < PIECES; k++) {
      const p = k / PIECES;
      out.push({ t: a.offset + span * p, c: mix(ca, cb, Math.pow(p, exp)) });
    }
  }
  return out;
}

/** the colour of a curve at t (padded beyond its ends; `after`: at a step, the colour after it) */
function sample(points: readonly Point[], t: number, after: boolean): Premul {
  if (t < points[0]!.t || (t === points[0]!.t && !after)) return points[0]!.c;
  for (let i = 0; i < points.length - 1; i++) {
    const a = points[i]!; const b = points[i + 1]!;
    if (t < b.t || (t === b.t && !after)) return b.t > a.t ? mix(a.c, b.c, (t - a.t) / (b.t - a.t)) : b.c;
  }
  return points[points.length - 1]!.c;
}

/** At most this many periods of a repeating gradient are written out (a tiny period over a large box). */
const MAX_PERIODS = 500;

/**
 * The curve over [t0, t1]: a repeating gradient's period repeated to cover it (§3.6; a period
 * of zero paints the average colour), a plain one cut (padded) to it.
 */
function cover(points: readonly Point[], repeating: boolean, t0: number, t1: number): Point[] {
  let source = points;
  if (repeating) {
    const start = points[0]!.t; const period = points[points.length - 1]!.t - start;
    if (!(period > 1e-9) || (t1 - t0) / period > MAX_PERIODS) {
      const avg = average(points);
      return [{ t: t0, c: avg }, { t: t1, c: avg }];
    }
    const unrolled: Point[] = [];
    for (let k = Math.floor((t0 - start) / period); start + k * period <= t1; k++) {
      for (const p of points) unrolled.push({ t: p.t + k * period, c: p.c });
    }
    source = unrolled;
  }
  const out: Point[] = [{ t: t0, c: sample(source, t0, true) }];
  for (const p of source) if (p.t > t0 && p.t < t1) out.push(p);
  out.push({ t: t1, c: sample(source, t1, false) });
  return out;
}

/** the average colour of a curve over its span (the last colour when the span is zero) */
function average(points: readonly Point[]): Premul {
  const span = points[points.length - 1]!.t - points[0]!.t;
  if (!(span > 1e-9)) return points[points.length - 1]!.c;
  let acc: Premul = [0, 0, 0, 0];
  for (let i = 0; i < points.length - 1; i++) {
    const a = points[i]!; const b = points[i + 1]!;
    const w = (b.t - a.t) / span;
    acc = [acc[0] + ((a.c[0] + b.c[0]) / 2) * w, acc[1] + ((a.c[1] + b.c[1]) / 2) * w, acc[2] + ((a.c[2] + b.c[2]) / 2) * w, acc[3] + ((a.c[3] + b.c[3]) / 2) * w];
  }
  return acc;
}

const unpremul = (c: Premul, fallback: Premul): [number, number, number] => {
  const src = c[3] > 1e-6 ? c : fallback;
  const a = src[3] > 1e-6 ? src[3] : 1;
  return [src[0] / a, src[1] / a, src[2] / a];
};
const round = (n: number, k = 1000) => Math.round(n * k) / k;

/**
 * PDF shading stops of a curve over [t0, t1], offsets mapped to 0..1: where alpha changes
 * along a segment, the segment is cut so the colour follows the premultiplied interpolation
 * (a transparent end takes the other end's colour).
 */
function shadingStops(points: readonly Point[], t0: number, t1: number): ShadingStop[] {
  const out: ShadingStop[] = [];
  const span = t1 - t0;
  const push = (t: number, c: Premul, fallback: Premul) => {
    const rgb = unpremul(c, fallback).map((v) => round(Math.max(0, Math.min(255, v)))) as [number, number, number];
    const stop: ShadingStop = [round(span > 0 ? (t - t0) / span : 0, 1e6), rgb, round(Math.max(0, Math.min(1, c[3])))];
    const prev = out[out.length - 1];
    if (prev && prev[0] === stop[0] && prev[2] === stop[2] && prev[1].every((v, i) => v === stop[1][i])) return;
    out.push(stop);
  };
  for (let i = 0; i < points.length - 1; i++) {
    const a = points[i]!; const b = points[i + 1]!;
    push(a.t, a.c, b.c);
    if (Math.abs(a.c[3] - b.c[3]) > 1e-6 && a.c[3] > 1e-6 && b.c[3] > 1e-6 && b.t > a.t) {
      for (let k = 1; k < PIECES; k++) push(a.t + ((b.t - a.t) * k) / PIECES, mix(a.c, b.c, k / PIECES), a.c);
    }
    push(b.t, b.c, a.c);
  }
  return strictlyIncreasing(out);
}

/** the smallest step between two stops (a hard step is drawn over this much of the line) */
const STEP = 1e-5;

/**
 * Stops at the same offset (a hard colour step) moved apart by STEP: a PDF stitching
 * function's bounds increase (poppler draws equal bounds as one smooth ramp).
 */
function strictlyIncreasing(stops: ShadingStop[]): ShadingStop[] {
  const t = stops.map((s) => s[0]);
  for (let i = 1; i < t.length; i++) if (t[i]! < t[i - 1]! + STEP) t[i] = t[i - 1]! + STEP;
  if (t.length > 1 && t[t.length - 1]! > 1) {
    t[t.length - 1] = 1;
    for (let i = t.length - 2; i >= 0; i--) if (t[i]! > t[i + 1]! - STEP) t[i] = t[i + 1]! - STEP;
  }
  return stops.map((s, i) => [round(t[i]!, 1e6), s[1], s[2]]);
}

/** the single colour of shading stops that do not change, else undefined */
function solid(stops: readonly ShadingStop[]): RGBA | undefined {
  const [, c, a] = stops[0]!;
  for (const s of stops) if (s[2] !== a || s[1][0] !== c[0] || s[1][1] !== c[1] || s[1][2] !== c[2]) return undefined;
  return { r: c[0], g: c[1], b: c[2], a };
}

/**
 * How a gradient paints a box (an image of the box's size placed at its x, y): a single
 * colour, a shading, or nothing (a conic gradient is not drawn).
 */
export function gradientPaint(g: Gradient, box: Box): { color: RGBA } | { shading: GradientPaint } | undefined {
  const { width: w, height: h } = box;
  if (g.kind === 'conic' || !(w > 0) || !(h > 0)) return undefined;
  if (g.kind === 'linear') {
    const line = gradientLine(g.direction, w, h);
    const points = curve(fixUpStops(g.stops, line.length));
    const span = cover(points, g.repeating, 0, 1);
    const stops = shadingStops(span, 0, 1);
    const one = solid(stops);
    if (one) return { color: one };
    const rad = (line.angle * Math.PI) / 180;
    const dx = (Math.sin(rad) * line.length) / 2; const dy = (-Math.cos(rad) * line.length) / 2;
    const cx = box.x + w / 2; const cy = box.y + h / 2;
    return { shading: { kind: 'linear', x1: round(cx - dx), y1: round(cy - dy), x2: round(cx + dx), y2: round(cy + dy), stops } };
  }
  const shape = radialShape(g, w, h);
  // a degenerate ending shape is drawn as a very small one (§3.2.2)
  const rx = Math.max(shape.rx, 1e-3); const ry = Math.max(shape.ry, 1e-3);
  const points = curve(fixUpStops(g.stops, rx));
  // the ray reaches every corner of the box
  const far = Math.max(...[0, w].flatMap((x) => [0, h].map((y) => Math.hypot((x - shape.cx) / rx, (y - shape.cy) / ry))));
  const t1 = g.repeating ? far : Math.max(points[points.length - 1]!.t, 1e-6);
  const span = cover(points, g.repeating, 0, t1);
  const stops = shadingStops(span, 0, t1);
  const one = solid(stops);
  if (one) return { color: one };
  return { shading: { kind: 'radial', cx: round(box.x + shape.cx), cy: round(box.y + shape.cy), r: round(rx * t1), sy: round(ry / rx, 1e6), stops } };
}
