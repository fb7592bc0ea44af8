// CSS Backgrounds 3 §3.6 background-position and §3.4 background-repeat: the tiles of a box's
// (or the canvas's) background image over its background positioning area, each cut to the
// painting area, one layer at a time. A tile cut on one axis keeps its scale (it is drawn as a pdfmake `cover` image
// clipped to the visible part, aligned to the side it is cut from); one cut on both axes is drawn
// through a viewport of the visible part.
import type { ComputedStyle } from '../cascade/computed';
import { sizeOf } from './background';

export interface Rect { readonly x: number; readonly y: number; readonly width: number; readonly height: number }

/** A tile to draw: the image's placement, or (cut) the visible part with the side it shows. */
export interface Tile {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly cover?: { readonly align: 'left' | 'right' | 'center'; readonly valign: 'top' | 'bottom' | 'center' };
  /** a cut tile's whole placement (without `cover`, the tile is cut on both axes) */
  readonly full?: Rect;
}

/** At most this many tiles per area (a tiny pattern over a large box). */
const MAX_TILES = 4000;

/**
 * The tiles of layer `layer` of a background, an image of natural size (iw, ih) px (undefined
 * for a gradient) positioned over `area` and cut to `clip` (both in the same coordinates).
 */
export function backgroundTiles(style: ComputedStyle, area: Rect, clip: Rect, iw: number | undefined, ih: number | undefined, layer = 0): Tile[] {
  const size = sizeOf(layerOf(style.backgroundSize, layer), area, iw, ih, style.fontSize, style.zoom);
  if (!(size.width > 0) || !(size.height > 0)) return [];
  const pos = position(layerOf(style.backgroundPosition, layer), style.fontSize, style.zoom);
  const x0 = area.x + ((area.width - size.width) * pos.x.pct) / 100 + pos.x.pt;
  const y0 = area.y + ((area.height - size.height) * pos.y.pct) / 100 + pos.y.pt;
  const [rx, ry] = repeats(layerOf(style.backgroundRepeat, layer));
  const xs = axis(x0, size.width, clip.x, clip.x + clip.width, rx);
  const ys = axis(y0, size.height, clip.y, clip.y + clip.height, ry);
  const out: Tile[] = [];
  for (const y of ys) {
    for (const x of xs) {
      if (out.length >= MAX_TILES) return out;
      const t = cut({ x, y, width: size.width, height: size.height }, clip);
      if (t) out.push(t);
    }
  }
  return out;
}

const EPS = 0.01;

/** The tile starts along one axis that meet [lo, hi): one at `start`, or repeated both ways. */
function axis(start: number, step: number, lo: number, hi: number, repeat: boolean): number[] {
  if (!repeat) return start < hi && start + step > lo ? [start] : [];
  let first = start - Math.ceil((start - lo) / step) * step;
  if (first + step <= lo + EPS) first += step;
  const out: number[] = [];
  for (let p = first; p < hi - EPS && out.length < MAX_TILES; p += step) out.push(p);
  return out;
}

/**
 * A tile cut to the clip: whole, cut on one axis (a cover image of the visible part, at the
 * tile's scale), or cut on both axes (the visible part with the whole placement).
 */
function cut(t: Rect, clip: Rect): Tile | undefined {
  const left = Math.max(t.x, clip.x); const right = Math.min(t.x + t.width, clip.x + clip.width);
  const top = Math.max(t.y, clip.y); const bottom = Math.min(t.y + t.height, clip.y + clip.height);
  if (right - left < EPS || bottom - top < EPS) return undefined;
  const cutX = right - left < t.width - EPS; const cutY = bottom - top < t.height - EPS;
  if (!cutX && !cutY) return t;
  if (cutX && cutY) return { x: left, y: top, width: right - left, height: bottom - top, full: t };
  const align = cutX ? (t.x < clip.x - EPS ? 'right' : 'left') : 'center';
  const valign = cutY ? (t.y < clip.y - EPS ? 'bottom' : 'top') : 'center';
  return { x: left, y: top, width: right - left, height: bottom - top, cover: { align, valign }, full: t };
}

/** CSS Backgrounds 3 §2.2 a background-* list's value for layer i (the list repeated as needed) */
export const layerOf = (v: string, i: number): string => {
  const items = v.split(',');
  return (items[i % items.length] ?? '').trim().toLowerCase();
};

/** background-repeat: whether the image repeats along x and y (space and round repeat). */
function repeats(v: string): [boolean, boolean] {
  const parts = v.split(/\s+/).filter(Boolean);
  if (parts.length === 0) return [true, true];
  if (parts[0] === 'repeat-x') return [true, false];
  if (parts[0] === 'repeat-y') return [false, true];
  const one = (p: string) => p !== 'no-repeat';
  return [one(parts[0]!), one(parts[1] ?? parts[0]!)];
}

interface Offset { pct: number; pt: number }

/** background-position as a percentage of (area − image) plus a length, per axis (1 to 4 values); absolute lengths scaled by the box's zoom. */
function position(v: string, fontSize: number, zoom: number): { x: Offset; y: Offset } {
  const tokens = v.split(/\s+/).filter(Boolean);
  const x: Offset = { pct: 0, pt: 0 }; const y: Offset = { pct: 0, pt: 0 };
  const KEY: Record<string, ['x' | 'y' | 'any', number]> = { left: ['x', 0], right: ['x', 100], top: ['y', 0], bottom: ['y', 100], center: ['any', 50] };
  const len = (t: string): Offset | undefined => {
    const m = /^(-?[\d.]+)(%|px|pt|mm|cm|in|em|rem|q)?$/.exec(t);
    if (!m) return undefined;
    const n = parseFloat(m[1]!);
    switch (m[2]) {
      case '%': return { pct: n, pt: 0 };
      case 'pt': return { pct: 0, pt: n * zoom };
      case 'mm': return { pct: 0, pt: (n * 72 * zoom) / 25.4 };
      case 'q': return { pct: 0, pt: (n * 18 * zoom) / 25.4 };
      case 'cm': return { pct: 0, pt: (n * 72 * zoom) / 2.54 };
      case 'in': return { pct: 0, pt: n * 72 * zoom };
      case 'em': return { pct: 0, pt: n * fontSize };
      case 'rem': return { pct: 0, pt: n * 12 * zoom };
      default: return { pct: 0, pt: n * 0.75 * zoom };
    }
  };
  if (tokens.length === 0) return { x, y };
  if (tokens.length >= 3) {
    // edge offsets: `right 10px top 5px`, `left 10% bottom`
    let axisOf: 'x' | 'y' | undefined;
    for (const t of tokens) {
      const k = KEY[t];
      if (k) {
        const target = k[0] === 'y' ? y : k[0] === 'x' ? x : (axisOf === 'x' ? y : x);
        axisOf = k[0] === 'y' ? 'y' : k[0] === 'x' ? 'x' : axisOf === 'x' ? 'y' : 'x';
        target.pct = k[1];
        continue;
      }
      const l = len(t);
      if (!l || !axisOf) continue;
      const target = axisOf === 'x' ? x : y;
      const from = target.pct === 100 ? -1 : 1;
      target.pct += l.pct * from; target.pt += l.pt * from;
    }
    return { x, y };
  }
  const [a, b] = tokens as [string, string | undefined];
  const ka = KEY[a]; const kb = b !== undefined ? KEY[b] : undefined;
  // a vertical keyword first (`top right`, `bottom 10px` is invalid and read as given)
  if (ka && ka[0] === 'y' && (b === undefined || (kb && kb[0] !== 'y'))) {
    y.pct = ka[1];
    if (kb) x.pct = kb[1]; else x.pct = 50;
    return { x, y };
  }
  if (ka) x.pct = ka[1]; else Object.assign(x, len(a) ?? x);
  if (b === undefined) { y.pct = 50; return { x, y }; }
  if (kb) y.pct = kb[1]; else Object.assign(y, len(b) ?? y);
  return { x, y };
}
