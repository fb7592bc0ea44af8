// CSS Backgrounds 3 §6 border images: the image cut into nine regions by border-image-slice
// (§6.2), drawn into the border image area (the border box grown by border-image-outset, §6.4)
// at the widths of border-image-width (§6.3, scaled down together where opposite ones overlap),
// the edges and middle scaled and tiled by border-image-repeat (§6.5: stretch, repeat, round,
// space), the middle only with `fill`. Each piece is the whole image, scaled so that its
// region lands on the piece's rectangle, drawn clipped to that rectangle.
import type { BorderImageLength, ComputedStyle, Side } from '../cascade/computed';
import type { BorderImageRepeat } from '../cascade/border-image';
import type { Rect } from './tiles';

/** one piece: the image drawn at `image` (its whole extent, page coordinates) clipped to `clip` */
export interface BorderImagePiece { readonly clip: Rect; readonly image: Rect }

export interface BorderImageInput {
  readonly style: ComputedStyle;
  /** the border box, page coordinates */
  readonly box: Rect;
  /** the used border widths */
  readonly border: Side<number>;
  /** the image's natural size (a gradient: the border image area's size), in its own units */
  readonly natural: { readonly width: number; readonly height: number };
}

/** The pieces to draw; none when the slices or widths leave nothing. */
export function borderImagePieces(o: BorderImageInput): BorderImagePiece[] {
  const s = o.style;
  const { width: iw, height: ih } = o.natural;
  if (!(iw > 0) || !(ih > 0)) return [];
  // §6.4 the border image area
  const out = (side: keyof Side<number>) => used(s.borderImageOutset[side], o.border[side], 0, 0);
  const ot = out('top'); const or = out('right'); const ob = out('bottom'); const ol = out('left');
  const area = { x: o.box.x - ol, y: o.box.y - ot, width: o.box.width + ol + or, height: o.box.height + ot + ob };
  // §6.2 the slices, in image units, at most the image
  const slice = s.borderImageSlice;
  const cut = (v: { v: number; pct: boolean }, whole: number) => Math.min(whole, v.pct ? (v.v / 100) * whole : v.v);
  const st = cut(slice.top, ih); const sb = cut(slice.bottom, ih); const sl = cut(slice.left, iw); const sr = cut(slice.right, iw);
  // §6.3 the widths (auto: the slice's size, image units taken as px)
  let wt = used(s.borderImageWidth.top, o.border.top, area.height, st * PX);
  let wb = used(s.borderImageWidth.bottom, o.border.bottom, area.height, sb * PX);
  let wl = used(s.borderImageWidth.left, o.border.left, area.width, sl * PX);
  let wr = used(s.borderImageWidth.right, o.border.right, area.width, sr * PX);
  const f = Math.min(1, wt + wb > 0 ? area.height / (wt + wb) : 1, wl + wr > 0 ? area.width / (wl + wr) : 1);
  wt *= f; wb *= f; wl *= f; wr *= f;
  const pieces: BorderImagePiece[] = [];
  /** the source region [sx, sx + sw] × [sy, sy + sh] drawn onto the rectangle d (the whole image scaled) */
  const put = (sx: number, sy: number, sw: number, sh: number, d: Rect, within: Rect = d) => {
    if (!(sw > 0) || !(sh > 0) || !(d.width > 0.001) || !(d.height > 0.001)) return;
    const kx = d.width / sw; const ky = d.height / sh;
    // a tile reaching past its region (repeat) is cut at the region's edge
    const cx0 = Math.max(d.x, within.x); const cy0 = Math.max(d.y, within.y);
    const clip = rect(cx0, cy0, Math.min(d.x + d.width, within.x + within.width), Math.min(d.y + d.height, within.y + within.height));
    if (!(clip.width > 0.001) || !(clip.height > 0.001)) return;
    pieces.push({ clip, image: { x: d.x - sx * kx, y: d.y - sy * ky, width: iw * kx, height: ih * ky } });
  };
  const x0 = area.x; const x1 = area.x + wl; const x2 = area.x + area.width - wr; const x3 = area.x + area.width;
  const y0 = area.y; const y1 = area.y + wt; const y2 = area.y + area.height - wb; const y3 = area.y + area.height;
  const mw = iw - sl - sr; const mh = ih - st - sb;
  // corners
  put(0, 0, sl, st, rect(x0, y0, x1, y1));
  put(iw - sr, 0, sr, st, rect(x2, y0, x3, y1));
  put(0, ih - sb, sl, sb, rect(x0, y2, x1, y3));
  put(iw - sr, ih - sb, sr, sb, rect(x2, y2, x3, y3));
  const [rx, ry] = s.borderImageRepeat;
  // §6.5 the edges: scaled to the border width across, then tiled along
  const horizontal = (sy: number, sh: number, top: number, bottom: number, h: number) => {
    if (!(mw > 0) || !(sh > 0)) return;
    const tile = mw * (h / sh);
    for (const [a, b] of tiles(rx, x1, x2, tile)) put(sl, sy, mw, sh, rect(a, top, b, bottom), rect(x1, top, x2, bottom));
  };
  const vertical = (sx: number, sw: number, left: number, right: number, w: number) => {
    if (!(mh > 0) || !(sw > 0)) return;
    const tile = mh * (w / sw);
    for (const [a, b] of tiles(ry, y1, y2, tile)) put(sx, st, sw, mh, rect(left, a, right, b), rect(left, y1, right, y2));
  };
  horizontal(0, st, y0, y1, wt);
  horizontal(ih - sb, sb, y2, y3, wb);
  vertical(0, sl, x0, x1, wl);
  vertical(iw - sr, sr, x2, x3, wr);
  // §6.2 fill: the middle, scaled as the top (or bottom) edge across and the left (or right) edge down
  if (slice.fill && mw > 0 && mh > 0) {
    const kx = st > 0 ? wt / st : sb > 0 ? wb / sb : (x2 - x1) / mw;
    const ky = sl > 0 ? wl / sl : sr > 0 ? wr / sr : (y2 - y1) / mh;
    const tw = rx === 'stretch' ? x2 - x1 : mw * kx; const th = ry === 'stretch' ? y2 - y1 : mh * ky;
    for (const [a, b] of tiles(rx, x1, x2, tw)) for (const [c, d] of tiles(ry, y1, y2, th)) put(sl, st, mw, mh, rect(a, c, b, d), rect(x1, y1, x2, y2));
  }
  return pieces;
}

const PX = 0.75;
const rect = (x0: number, y0: number, x1: number, y1: number): Rect => ({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });

/** a width or outset in pt: a multiple of the border width, a length-percentage of `whole`, or auto (`auto`) */
function used(v: BorderImageLength, border: number, whole: number, auto: number): number {
  if (v === 'auto') return auto;
  if ('n' in v) return v.n * border;
  return Math.max(0, v.len.pt + (v.len.pct / 100) * whole);
}

/** §6.5 the tiles of one edge between a and b for a tile of length `tile` */
function tiles(mode: BorderImageRepeat, a: number, b: number, tile: number): [number, number][] {
  const len = b - a;
  if (!(len > 0.001)) return [];
  if (mode === 'stretch' || !(tile > 0.001)) return [[a, b]];
  const MAX = 2000;
  if (mode === 'round') {
    const n = Math.max(1, Math.round(len / tile));
    const t = len / n;
    return n > MAX ? [[a, b]] : Array.from({ length: n }, (_, i) => [a + i * t, a + (i + 1) * t] as [number, number]);
  }
  if (mode === 'space') {
    const n = Math.floor(len / tile);
    if (n < 1) return [];
    const gap = (len - n * tile) / (n + 1);
    return n > MAX ? [[a, b]] : Array.from({ length: n }, (_, i) => [a + gap + i * (tile + gap), a + gap + i * (tile + gap) + tile] as [number, number]);
  }
  // repeat: centred on the edge, cut at its ends
  const n = Math.ceil(len / tile);
  const count = n % 2 === 0 ? n + 1 : n + 2;
  if (count > MAX) return [[a, b]];
  const start = a + len / 2 - (count * tile) / 2;
  const out: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const s = start + i * tile; const e = s + tile;
    if (e <= a || s >= b) continue;
    out.push([s, e]);
  }
  return out;
}
