// CSS UI 4 §4 outlines, as Chromium prints them: drawn outside the border box (moved out by
// outline-offset, in by a negative one), never affecting layout.
//  - One rectangle (a block, a table cell, a replaced element, an inline box on one line) is
//    drawn as a border of the outline's width and style around the box inflated by the
//    offset (Blink's BoxBorderPainter::PaintSingleRectOutline): the corners mitred, dashes and
//    dots as a border side's. A box with border-radius gets a ring whose inner edge has the
//    radius grown by the offset.
//  - An inline box on several lines is one contour around the union of its pieces (Blink's
//    OutlinePainter: the union's boundary path), each piece inflated by the offset.
//  - `auto` is Chromium's focus ring: a 2px stroke in the outline colour centred on the box
//    inflated by the offset, corners rounded by 3px (or the border radius grown by the offset).
import type { ComputedStyle, OutlineStyle, RGBA } from '../cascade/computed';
import { dashedLine } from './dashes';
import { hexColor } from './nodes';

type Shape = Record<string, unknown>;
export interface Rect { readonly x: number; readonly y: number; readonly width: number; readonly height: number }
type Point = { readonly x: number; readonly y: number };

/** one CSS px, pt */
const PX = 0.75;

/** An outline's used look; undefined when nothing is drawn. */
export interface OutlineLook {
  readonly style: Exclude<OutlineStyle, 'none'>;
  readonly width: number;
  readonly color: RGBA;
  readonly offset: number;
}

export function outlineOf(s: ComputedStyle): OutlineLook | undefined {
  const style = s.outlineStyle;
  if (style === 'none' || s.outlineColor.a <= 0) return undefined;
  const width = style === 'auto' ? 2 * PX : s.outlineWidth;
  if (!(width > 0)) return undefined;
  return { style, width, color: s.outlineColor, offset: s.outlineOffset };
}

/** the rectangle grown by d on every side (shrunk for a negative d, never below nothing) */
export function inflate(r: Rect, d: number): Rect {
  const w = Math.max(0, r.width + 2 * d); const h = Math.max(0, r.height + 2 * d);
  return { x: r.x + r.width / 2 - w / 2, y: r.y + r.height / 2 - h / 2, width: w, height: h };
}

/**
 * A rounded outline (or a focus ring) around `box` (the border box, page coordinates): strokes
 * along the box inflated by the offset, their radius the border radius `r` grown as much.
 */
export function outlineRing(box: Rect, r: number, o: OutlineLook): Shape[] {
  const ring = (d: number, width: number, dash: { length: number; space: number } | undefined, round: boolean): Shape => {
    const e = inflate(box, d);
    const rr = o.style === 'auto' ? Math.max(3 * PX, r > 0 ? r + d : 0) : Math.max(0, r + d);
    const shape: Shape = { type: 'rect', x: e.x, y: e.y, w: e.width, h: e.height, lineWidth: width, lineColor: hexColor(o.color) };
    if (rr > 0) shape.r = Math.min(rr, e.width / 2, e.height / 2);
    if (o.color.a < 1) shape.strokeOpacity = o.color.a;
    if (dash) shape.dash = dash;
    if (round) shape.lineCap = 'round';
    return shape;
  };
  const w = o.width;
  switch (o.style) {
    case 'auto': return [ring(o.offset, w, undefined, false)];
    case 'double': return w >= 3 * PX ? [ring(o.offset + w - w / 6, w / 3, undefined, false), ring(o.offset + w / 6, w / 3, undefined, false)] : [ring(o.offset + w / 2, w, undefined, false)];
    case 'dashed': return [ring(o.offset + w / 2, w, { length: 2 * w, space: w }, false)];
    case 'dotted': return [ring(o.offset + w / 2, w, { length: 0.001, space: 2 * w }, true)];
    default: return [ring(o.offset + w / 2, w, undefined, false)];
  }
}

/**
 * The contour around the union of several rectangles (an inline box's pieces on their lines),
 * each inflated by the offset: solid, double, dashed and dotted as Chromium strokes the path;
 * groove, ridge, inset and outset are drawn solid.
 */
export function outlineContour(rects: readonly Rect[], o: OutlineLook): Shape[] {
  const w = o.width;
  const color = hexColor(o.color);
  const path = (d: number, width: number): Shape[] => boundaries(rects.map((r) => inflate(r, d))).map((points) => {
    const shape: Shape = { type: 'polyline', points, closePath: true, lineWidth: width, lineColor: color };
    if (o.color.a < 1) shape.strokeOpacity = o.color.a;
    return shape;
  });
  switch (o.style) {
    case 'auto': return path(o.offset, w);
    case 'double': return w >= 3 * PX ? [...path(o.offset + w - w / 6, w / 3), ...path(o.offset + w / 6, w / 3)] : path(o.offset + w / 2, w);
    case 'dashed': case 'dotted': {
      // each edge of the contour a dashed side of its own, from corner to corner of the band
      const out: Shape[] = [];
      for (const points of boundaries(rects.map((r) => inflate(r, o.offset + w / 2)))) {
        for (let i = 0; i < points.length; i++) {
          const a = points[i]!; const b = points[(i + 1) % points.length]!;
          const dx = Math.sign(b.x - a.x) * (w / 2); const dy = Math.sign(b.y - a.y) * (w / 2);
          out.push(...dashedLine({ x1: a.x - dx, y1: a.y - dy, x2: b.x + dx, y2: b.y + dy, width: w, color: o.color, style: o.style }));
        }
      }
      return out;
    }
    default: return path(o.offset + w / 2, w);
  }
}

/**
 * The boundary of a union of rectangles as closed rectilinear paths, clockwise on the page
 * (y down), collinear points merged: the rectangles' edges cut a grid, and the grid's cells
 * inside the union give the edges between an inside and an outside cell.
 */
export function boundaries(rects: readonly Rect[]): Point[][] {
  const live = rects.filter((r) => r.width > 0 && r.height > 0);
  if (live.length === 0) return [];
  const xs = [...new Set(live.flatMap((r) => [r.x, r.x + r.width]))].sort((a, b) => a - b);
  const ys = [...new Set(live.flatMap((r) => [r.y, r.y + r.height]))].sort((a, b) => a - b);
  const nx = xs.length - 1; const ny = ys.length - 1;
  const inside = (i: number, j: number) => {
    if (i < 0 || j < 0 || i >= nx || j >= ny) return false;
    const cx = (xs[i]! + xs[i + 1]!) / 2; const cy = (ys[j]! + ys[j + 1]!) / 2;
    return live.some((r) => cx > r.x && cx < r.x + r.width && cy > r.y && cy < r.y + r.height);
  };
  const cells: boolean[][] = [];
  for (let i = 0; i < nx; i++) { cells.push([]); for (let j = 0; j < ny; j++) cells[i]!.push(inside(i, j)); }
  const at = (i: number, j: number) => i >= 0 && j >= 0 && i < nx && j < ny && cells[i]![j]!;
  // directed edges between grid points (i, j), keyed by their start; the inside on their right
  const next = new Map<number, number[]>();
  const key = (i: number, j: number) => i * (ny + 1) + j;
  const add = (a: number, b: number) => { const l = next.get(a); if (l) l.push(b); else next.set(a, [b]); };
  for (let i = 0; i < nx; i++) {
    for (let j = 0; j < ny; j++) {
      if (!cells[i]![j]) continue;
      if (!at(i, j - 1)) add(key(i, j), key(i + 1, j));
      if (!at(i + 1, j)) add(key(i + 1, j), key(i + 1, j + 1));
      if (!at(i, j + 1)) add(key(i + 1, j + 1), key(i, j + 1));
      if (!at(i - 1, j)) add(key(i, j + 1), key(i, j));
    }
  }
  const loops: Point[][] = [];
  for (const start of [...next.keys()]) {
    while (next.get(start)?.length) {
      const loop: number[] = [];
      let k = start;
      do {
        loop.push(k);
        const l = next.get(k)!;
        const n = l.pop()!;
        if (l.length === 0) next.delete(k);
        k = n;
      } while (k !== start && next.has(k));
      const points = loop.map((p) => ({ x: xs[Math.floor(p / (ny + 1))]!, y: ys[p % (ny + 1)]! }));
      loops.push(points.filter((p, idx) => {
        const a = points[(idx + points.length - 1) % points.length]!; const b = points[(idx + 1) % points.length]!;
        return !((a.x === p.x && p.x === b.x) || (a.y === p.y && p.y === b.y));
      }));
    }
  }
  return loops;
}
