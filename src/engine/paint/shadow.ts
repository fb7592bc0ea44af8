// CSS Backgrounds 3 §7 box shadows, as Chromium prints them.
//
// An outer shadow is the border box moved by the offset and grown by the spread (its corner radii
// grown too, §7.2), painted under the box's background and only outside its border box: it is
// drawn inside a clip that leaves the border box out (even-odd), so a transparent box shows no
// shadow inside. An inset shadow is painted inside the padding box, above the background: the
// padding box less a hole (the padding box moved by the offset and shrunk by the spread); as
// Chromium prints it, what casts a blurred inset shadow ends half the blur radius outside the
// padding box (a shadow offset far into the box is lighter at its edge). The first shadow is on top.
//
// Without blur a shadow is a filled path. A blur radius B is a Gaussian blur of standard
// deviation B/2 (§7.2). Chromium's PDF carries a blurred shadow as a raster soft mask (a 300 dpi
// grey image) under which a rectangle of the colour is filled; here it is an image of the colour
// whose alpha channel (the PDF soft mask pdfkit makes of a PNG's alpha) is the shape's coverage,
// blurred in-process, at a resolution matched to the blur (an eighth of the deviation, no finer
// than Chromium's 300 dpi, at most MAX_PIXELS) and encoded once per distinct mask in a render.
import { rgbaPng } from './png';
import type { BoxShadow, ComputedStyle, LengthPct, RGBA, Side } from '../cascade/computed';
import { hexColor, type ClipNode, type PdfNode } from './nodes';

/** A corner's horizontal and vertical radius. */
export interface Corner { readonly x: number; readonly y: number }

/** A rectangle with rounded corners (top-left, top-right, bottom-right, bottom-left), page coordinates in pt, y down. */
export interface RoundedRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly radii: readonly [Corner, Corner, Corner, Corner];
}

/** What a shadow paints: nodes drawn inside clips (each clip is closed by an end node after them). */
export interface ShadowGroup {
  readonly clips: readonly ClipNode[];
  readonly nodes: readonly PdfNode[];
}

/** Where a fragment of a box is cut off (box-decoration-break: slice): the shadows are drawn only between these lines. */
export interface Band { readonly left?: number; readonly right?: number; readonly top?: number; readonly bottom?: number }

/** a blurred mask's pixel is at most this many pt (Chromium rasterises at 300 dpi)... */
const FINEST = 72 / 300;
/** ...and a mask has at most this many pixels (a coarser pixel beyond) */
const MAX_PIXELS = 1_000_000;
/** beyond the page: a clip edge that cuts nothing */
const FAR = 1e5;
/** Bézier control point of a quarter ellipse */
const KAPPA = 0.5522847498;

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const ZERO: Corner = { x: 0, y: 0 };
const NO_RADII: RoundedRect['radii'] = [ZERO, ZERO, ZERO, ZERO];
interface Rect { readonly x: number; readonly y: number; readonly width: number; readonly height: number }

/**
 * §5.1–§5.5 a box's border box with its corner radii: a percentage of the box's width
 * horizontally and of its height vertically, all scaled down together where adjacent curves
 * would overlap; a corner with one radius zero is square.
 */
export function borderShape(style: ComputedStyle, box: { x: number; y: number; width: number; height: number }): RoundedRect {
  const r = style.borderRadius;
  const corner = (l: LengthPct): Corner => {
    const x = l.pt + (l.pct * box.width) / 100; const y = l.pt + (l.pct * box.height) / 100;
    return x > 0 && y > 0 ? { x, y } : ZERO;
  };
  return constrained({ ...box, radii: [corner(r.topLeft), corner(r.topRight), corner(r.bottomRight), corner(r.bottomLeft)] });
}

/** §5.2 the padding box: each radius less the border width it meets (never below zero). */
export function paddingShape(border: RoundedRect, b: Side<number>): RoundedRect {
  const [tl, tr, br, bl] = border.radii;
  const c = (r: Corner, x: number, y: number): Corner => (r.x - x > 0 && r.y - y > 0 ? { x: r.x - x, y: r.y - y } : ZERO);
  return {
    x: border.x + b.left, y: border.y + b.top, width: Math.max(0, border.width - b.left - b.right), height: Math.max(0, border.height - b.top - b.bottom),
    radii: [c(tl, b.left, b.top), c(tr, b.right, b.top), c(br, b.right, b.bottom), c(bl, b.left, b.bottom)],
  };
}

/** §5.5 the radii scaled by one factor so that no two adjacent curves overlap. */
function constrained(s: RoundedRect): RoundedRect {
  const [tl, tr, br, bl] = s.radii;
  let f = 1;
  const limit = (sum: number, side: number) => { if (sum > side) f = Math.min(f, side / sum); };
  limit(tl.x + tr.x, s.width); limit(bl.x + br.x, s.width); limit(tl.y + bl.y, s.height); limit(tr.y + br.y, s.height);
  return f === 1 ? s : { ...s, radii: s.radii.map((c) => ({ x: c.x * f, y: c.y * f })) as unknown as RoundedRect['radii'] };
}

/**
 * §7.2 a shape grown by `d` on every side (shrunk where d < 0). A radius grows by d; one smaller
 * than d grows by d × (1 + (r/d − 1)³), so that a square corner stays square and a small radius
 * stays nearly so. A shrunk radius loses d, down to zero. Undefined when nothing is left.
 */
export function outset(s: RoundedRect, d: number): RoundedRect | undefined {
  const width = s.width + 2 * d; const height = s.height + 2 * d;
  if (!(width > 0) || !(height > 0)) return undefined;
  const one = (r: number) => {
    if (d < 0) return Math.max(0, r + d);
    if (r >= d) return r + d;
    return r + d * (1 + (r / d - 1) ** 3);
  };
  const radii = s.radii.map((c) => (c.x > 0 && c.y > 0 ? { x: one(c.x), y: one(c.y) } : ZERO)) as unknown as RoundedRect['radii'];
  return constrained({ x: s.x - d, y: s.y - d, width, height, radii });
}

const moved = (s: RoundedRect, dx: number, dy: number): RoundedRect => ({ ...s, x: s.x + dx, y: s.y + dy });

/** How far beyond its border box a box's shadows reach (offset, spread and three deviations of blur). */
export function shadowReach(shadows: readonly BoxShadow[]): number {
  let reach = 0;
  for (const sh of shadows) reach = Math.max(reach, Math.abs(sh.x) + Math.abs(sh.y) + Math.abs(sh.spread) + 1.5 * sh.blur);
  return reach + 1;
}

/**
 * CSS Fragmentation 3 box-decoration-break: slice: a fragment's border box as its shadows see
 * it, the box drawn whole and cut at the band. A side `continued` in another fragment, or lying
 * farther than `reach` beyond the band, is moved to `reach` beyond the band, its corners square:
 * what lies beyond does not show inside the band.
 */
export function slicedShape(border: RoundedRect, band: Band | undefined, reach: number, continued: { readonly top?: boolean; readonly bottom?: boolean; readonly left?: boolean; readonly right?: boolean } = {}): RoundedRect {
  if (!band) return border;
  let { x, y, width, height } = border;
  let [tl, tr, br, bl] = border.radii;
  if (band.top !== undefined && (continued.top || y < band.top - reach)) { height += y - (band.top - reach); y = band.top - reach; tl = ZERO; tr = ZERO; }
  if (band.bottom !== undefined && (continued.bottom || y + height > band.bottom + reach)) { height = band.bottom + reach - y; bl = ZERO; br = ZERO; }
  if (band.left !== undefined && (continued.left || x < band.left - reach)) { width += x - (band.left - reach); x = band.left - reach; tl = ZERO; bl = ZERO; }
  if (band.right !== undefined && (continued.right || x + width > band.right + reach)) { width = band.right + reach - x; tr = ZERO; br = ZERO; }
  return { x, y, width, height, radii: [tl, tr, br, bl] };
}

// ---- paths ------------------------------------------------------------------------------

type Point = readonly [number, number];
type Segment = { readonly to: Point; readonly c?: readonly [Point, Point] };

/** The outline of a rounded rectangle, clockwise on the page from the top edge's start. */
function outline(s: RoundedRect): { start: Point; segments: Segment[] } {
  const { x, y, width: w, height: h } = s;
  const [tl, tr, br, bl] = s.radii;
  const k = 1 - KAPPA;
  const segments: Segment[] = [];
  const arc = (to: Point, c1: Point, c2: Point, r: Corner) => {
    if (r.x > 0 && r.y > 0) segments.push({ to, c: [c1, c2] }); else segments.push({ to });
  };
  segments.push({ to: [x + w - tr.x, y] });
  arc([x + w, y + tr.y], [x + w - tr.x * k, y], [x + w, y + tr.y * k], tr);
  segments.push({ to: [x + w, y + h - br.y] });
  arc([x + w - br.x, y + h], [x + w, y + h - br.y * k], [x + w - br.x * k, y + h], br);
  segments.push({ to: [x + bl.x, y + h] });
  arc([x, y + h - bl.y], [x + bl.x * k, y + h], [x, y + h - bl.y * k], bl);
  segments.push({ to: [x, y + tl.y] });
  arc([x + tl.x, y], [x, y + tl.y * k], [x + tl.x * k, y], tl);
  return { start: [x + tl.x, y], segments };
}

const pt = (p: Point) => `${round3(p[0])} ${round3(p[1])}`;

/** SVG path data of a rounded rectangle: clockwise, or counter-clockwise (a hole under the nonzero rule). */
export function shapePath(s: RoundedRect, counterClockwise = false): string {
  const { start, segments } = outline(s);
  let d = `M${pt(start)}`;
  if (!counterClockwise) {
    for (const g of segments) d += g.c ? `C${pt(g.c[0])} ${pt(g.c[1])} ${pt(g.to)}` : `L${pt(g.to)}`;
    return `${d}Z`;
  }
  for (let i = segments.length - 1; i >= 0; i--) {
    const g = segments[i]!;
    const to = i > 0 ? segments[i - 1]!.to : start;
    d += g.c ? `C${pt(g.c[1])} ${pt(g.c[0])} ${pt(to)}` : `L${pt(to)}`;
  }
  return `${d}Z`;
}

const rectPath = (x: number, y: number, w: number, h: number) => `M${pt([x, y])}L${pt([x + w, y])}L${pt([x + w, y + h])}L${pt([x, y + h])}Z`;

function fill(d: string, color: RGBA): PdfNode {
  const shape: Record<string, unknown> = { type: 'path', d, color: hexColor(color) };
  if (color.a < 1) shape.fillOpacity = color.a;
  return { canvas: [shape as { type: string }], absolutePosition: { x: 0, y: 0 } };
}

const pathClip = (path: string, evenOdd = false): ClipNode => ({ clip: evenOdd ? { path, evenOdd } : { path }, absolutePosition: { x: 0, y: 0 } });

/** the band's clip: a rectangle far beyond the page on the sides that are not cut */
function bandClip(b: Band | undefined): ClipNode[] {
  if (!b) return [];
  const left = b.left ?? -FAR; const right = b.right ?? FAR; const top = b.top ?? -FAR; const bottom = b.bottom ?? FAR;
  return [{ clip: { x: round3(left), y: round3(top), width: round3(right - left), height: round3(bottom - top), r: 0 }, absolutePosition: { x: 0, y: 0 } }];
}

// ---- the shadows of a box -------------------------------------------------------------

/** Paints box shadows; one per render, keeping each blurred mask it encodes. */
export class BoxShadows {
  private readonly masks = new Map<string, string>();

  /**
   * The outer shadows of a border box (its fragment cut to `band`), last first, inside a clip
   * that leaves the border box out. Undefined: none to draw.
   */
  outer(shadows: readonly BoxShadow[], border: RoundedRect, band?: Band): ShadowGroup | undefined {
    const nodes: PdfNode[] = [];
    let reach = 0;
    for (let i = shadows.length - 1; i >= 0; i--) {
      const sh = shadows[i]!;
      if (sh.inset || sh.color.a <= 0) continue;
      const shape = outset(border, sh.spread);
      if (!shape) continue;
      const at = moved(shape, sh.x, sh.y);
      reach = Math.max(reach, Math.abs(sh.x) + Math.abs(sh.y) + Math.max(0, sh.spread) + 1.5 * sh.blur + 1);
      nodes.push(sh.blur > 0 ? this.blurred({ area: at, sigma: sh.blur / 2, color: sh.color, shape: at }) : fill(shapePath(at), sh.color));
    }
    if (!nodes.length) return undefined;
    // everything the shadows reach, less the border box
    const out = rectPath(border.x - reach, border.y - reach, border.width + 2 * reach, border.height + 2 * reach);
    return { clips: [...bandClip(band), pathClip(out + shapePath(border), true)], nodes };
  }

  /** The inset shadows inside a padding box (its fragment cut to `band`), last first, clipped to it. */
  inset(shadows: readonly BoxShadow[], padding: RoundedRect, band?: Band): ShadowGroup | undefined {
    if (!(padding.width > 0) || !(padding.height > 0)) return undefined;
    const nodes: PdfNode[] = [];
    for (let i = shadows.length - 1; i >= 0; i--) {
      const sh = shadows[i]!;
      if (!sh.inset || sh.color.a <= 0) continue;
      const hole = outset(padding, -sh.spread);
      const at = hole && moved(hole, sh.x, sh.y);
      if (sh.blur > 0) {
        // Chromium's print: what casts the shadow into the hole is the padding box grown by half the blur radius
        const sigma = sh.blur / 2;
        const casting = { x: padding.x - sigma, y: padding.y - sigma, width: padding.width + 2 * sigma, height: padding.height + 2 * sigma, radii: NO_RADII };
        nodes.push(this.blurred({ area: padding, sigma, color: sh.color, shape: casting, hole: at }));
        continue;
      }
      // the padding box less the hole, the hole drawn the other way round
      const m = Math.abs(sh.x) + Math.abs(sh.y) + Math.abs(sh.spread) + 1;
      nodes.push(fill(rectPath(padding.x - m, padding.y - m, padding.width + 2 * m, padding.height + 2 * m) + (at ? shapePath(at, true) : ''), sh.color));
    }
    if (!nodes.length) return undefined;
    return { clips: [...bandClip(band), pathClip(shapePath(padding))], nodes };
  }

  /**
   * An image of the colour over `area` whose alpha is the blurred coverage of `shape` less
   * `hole` (outer: the image covers the shape and three deviations around it).
   */
  private blurred(o: { area: Rect; sigma: number; color: RGBA; shape: RoundedRect; hole?: RoundedRect | undefined }): PdfNode {
    const { sigma, color } = o;
    const reach = 3 * sigma;
    const inset = 'hole' in o;
    const area = inset ? o.area : { x: o.area.x - reach, y: o.area.y - reach, width: o.area.width + 2 * reach, height: o.area.height + 2 * reach };
    let p = Math.max(FINEST, sigma / 8);
    if ((area.width / p) * (area.height / p) > MAX_PIXELS) p = Math.sqrt((area.width * area.height) / MAX_PIXELS);
    const width = Math.max(1, Math.ceil(area.width / p - 1e-6)); const height = Math.max(1, Math.ceil(area.height / p - 1e-6));
    // the shapes relative to the image's top-left corner
    const rel = (s: RoundedRect | undefined) => s && moved(s, -area.x, -area.y);
    const shape = rel(o.shape)!; const hole = rel(o.hole);
    const id = (s: RoundedRect | undefined) => (s ? [s.x, s.y, s.width, s.height, ...s.radii.flatMap((c) => [c.x, c.y])].map(round3).join(',') : '-');
    const key = [width, height, p, sigma, hexColor(color), color.a, id(shape), id(hole)].join('|');
    let url = this.masks.get(key);
    if (url === undefined) {
      const alpha = blurredCoverage({ width, height, p, sigma, shape, hole, opacity: color.a });
      url = `data:image/png;base64,${png(width, height, color, alpha).toString('base64')}`;
      this.masks.set(key, url);
    }
    return { image: url, width: width * p, height: height * p, absolutePosition: { x: round3(area.x), y: round3(area.y) } };
  }
}

// ---- blurred masks ----------------------------------------------------------------------

/**
 * The alpha (0–255, times `opacity`) of a width × height image of p-pt pixels: the coverage of
 * `shape` less `hole` anti-aliased, blurred by a Gaussian of deviation sigma pt (approximated by
 * three box blurs per axis, as Skia blurs). With a hole, the coverage is computed with a margin
 * of three deviations around the image, which its edges see through the blur.
 */
export function blurredCoverage(o: { width: number; height: number; p: number; sigma: number; shape: RoundedRect; hole?: RoundedRect | undefined; opacity: number }): Uint8Array {
  // (an outer shadow's image already covers its shape and three deviations: nothing lies beyond)
  const m = o.hole ? Math.ceil((3 * o.sigma) / o.p) + 2 : 0;
  const w = o.width + 2 * m; const h = o.height + 2 * m;
  const cov = new Float32Array(w * h);
  rasterize(cov, w, h, o.p, moved(o.shape, m * o.p, m * o.p));
  if (o.hole) {
    const hole = new Float32Array(w * h);
    rasterize(hole, w, h, o.p, moved(o.hole, m * o.p, m * o.p));
    for (let i = 0; i < cov.length; i++) cov[i] = cov[i]! * (1 - hole[i]!);
  }
  const boxes = boxSizes(o.sigma / o.p);
  const line = new Float32Array(w); const tmp = new Float32Array(w);
  for (let y = 0; y < h; y++) {
    const row = cov.subarray(y * w, (y + 1) * w);
    line.set(row);
    for (const b of boxes) boxBlur(line, tmp, w, b);
    row.set(line);
  }
  // the columns, a whole row at a time (in memory order)
  let src = cov; let dst = new Float32Array(w * h);
  for (const b of boxes) { columnBoxBlur(src, dst, w, h, b); [src, dst] = [dst, src]; }
  const blurred = src;
  const out = new Uint8Array(o.width * o.height);
  const k = 255 * o.opacity;
  for (let y = 0; y < o.height; y++) {
    for (let x = 0; x < o.width; x++) {
      const v = blurred[(y + m) * w + x + m]!;
      out[y * o.width + x] = Math.round(Math.min(1, Math.max(0, v)) * k);
    }
  }
  return out;
}

/** Each pixel's share covered by the rounded rectangle: four sub-rows per row, exact spans along each. */
function rasterize(cov: Float32Array, w: number, h: number, p: number, s: RoundedRect): void {
  const [tl, tr, br, bl] = s.radii;
  const SUB = 4;
  const row = new Float32Array(w + 1);
  const y0 = Math.max(0, Math.floor(s.y / p)); const y1 = Math.min(h, Math.ceil((s.y + s.height) / p));
  for (let j = y0; j < y1; j++) {
    row.fill(0);
    let any = false;
    for (let k = 0; k < SUB; k++) {
      const y = (j + (k + 0.5) / SUB) * p;
      if (y < s.y || y > s.y + s.height) continue;
      // the span of the shape along this sub-row, in pixels
      const inset = (top: Corner, bottom: Corner) => {
        if (y < s.y + top.y) { const t = (s.y + top.y - y) / top.y; return top.x * (1 - Math.sqrt(Math.max(0, 1 - t * t))); }
        if (y > s.y + s.height - bottom.y) { const t = (y - (s.y + s.height - bottom.y)) / bottom.y; return bottom.x * (1 - Math.sqrt(Math.max(0, 1 - t * t))); }
        return 0;
      };
      const l = Math.max(0, (s.x + inset(tl, bl)) / p); const r = Math.min(w, (s.x + s.width - inset(tr, br)) / p);
      if (!(r > l)) continue;
      any = true;
      // the span's share of each pixel, as differences: whole pixels through a running sum
      const il = Math.floor(l); const ir = Math.floor(r);
      const wgt = 1 / SUB;
      if (il === ir) { row[il]! += (r - l) * wgt; row[il + 1]! -= (r - l) * wgt; continue; }
      row[il]! += (il + 1 - l) * wgt; row[il + 1]! -= (il + 1 - l) * wgt;
      row[il + 1]! += wgt; row[ir]! -= wgt;
      if (ir < w) { row[ir]! += (r - ir) * wgt; row[ir + 1]! -= (r - ir) * wgt; }
    }
    if (!any) continue;
    let acc = 0;
    for (let x = 0; x < w; x++) { acc += row[x]!; cov[j * w + x] = acc; }
  }
}

/** Three odd box widths whose successive blurs approximate a Gaussian of deviation s (pixels). */
function boxSizes(s: number): number[] {
  const ideal = Math.sqrt((12 * s * s) / 3 + 1);
  let wl = Math.floor(ideal);
  if (wl % 2 === 0) wl--;
  const wu = wl + 2;
  const mIdeal = (12 * s * s - 3 * wl * wl - 12 * wl - 9) / (-4 * wl - 4);
  const m = Math.round(mIdeal);
  return [0, 1, 2].map((i) => (i < m ? wl : wu));
}

/** A box blur of odd width `size` along a line of n values, in place (beyond the ends: zero). */
function boxBlur(line: Float32Array, tmp: Float32Array, n: number, size: number): void {
  const r = (size - 1) / 2;
  if (r <= 0) return;
  let acc = 0;
  for (let i = 0; i < Math.min(n, r); i++) acc += line[i]!;
  for (let i = 0; i < n; i++) {
    if (i + r < n) acc += line[i + r]!;
    if (i - r - 1 >= 0) acc -= line[i - r - 1]!;
    tmp[i] = acc / size;
  }
  line.set(tmp.subarray(0, n));
}

/** A box blur of odd width `size` down the columns of a w × h grid, from src into dst (beyond the ends: zero). */
function columnBoxBlur(src: Float32Array, dst: Float32Array, w: number, h: number, size: number): void {
  const r = (size - 1) / 2;
  if (r <= 0) { dst.set(src); return; }
  const acc = new Float64Array(w);
  for (let y = 0; y < Math.min(h, r); y++) for (let x = 0, o = y * w; x < w; x++) acc[x]! += src[o + x]!;
  for (let y = 0; y < h; y++) {
    if (y + r < h) for (let x = 0, o = (y + r) * w; x < w; x++) acc[x]! += src[o + x]!;
    if (y - r - 1 >= 0) for (let x = 0, o = (y - r - 1) * w; x < w; x++) acc[x]! -= src[o + x]!;
    for (let x = 0, o = y * w; x < w; x++) dst[o + x] = acc[x]! / size;
  }
}

// ---- PNG ------------------------------------------------------------------------------

/** An 8-bit RGBA PNG of one colour with the given alpha channel (pdfkit makes the alpha its soft mask). */
function png(width: number, height: number, color: RGBA, alpha: Uint8Array): Buffer {
  const raw = Buffer.alloc(height * (1 + 4 * width));
  const [r, g, b] = [color.r, color.g, color.b].map((c) => Math.max(0, Math.min(255, Math.round(c)))) as [number, number, number];
  for (let y = 0, o = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      raw[o++] = r; raw[o++] = g; raw[o++] = b; raw[o++] = alpha[y * width + x]!;
    }
  }
  return rgbaPng(width, height, raw);
}
