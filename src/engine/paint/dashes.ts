// CSS Backgrounds 3 §4.2 `dashed` and `dotted`: the spec leaves the pattern to the UA; this is
// the one Chromium prints (Blink's BoxBorderPainter::DrawDashedOrDottedBoxSide, DrawLineWithStyle
// and EnforceDotsAtEndpoints, and StyledStrokeData's dash selection), in whole CSS px as Blink
// computes it, scaled to pt:
//  - a straight side is one stroke along the middle of its band, across the side's whole outer
//    length (the corners included), the pattern starting at its start with phase 0;
//  - dashed: dashes 3w long with 2w gaps under 3px, 2w with w gaps from 3px on; the gap is
//    fitted (SelectBestDashGap) so that a whole number of dashes fills the side, a dash at each
//    end; a side too short for two dashes and a gap gets two dashes scaled to it, one no longer
//    than two dashes is solid;
//  - dotted up to 3px: square dots w long with w gaps, whole dots forced at both ends;
//  - dotted from 4px on: round dots of diameter w, their gap fitted like dashes'.
import type { ComputedStyle, RGBA } from '../cascade/computed';
import { hexColor } from './nodes';

type Style = ComputedStyle['borderStyle']['top'];
type Shape = Record<string, unknown>;

/** 1 CSS px in pt */
const PX = 0.75;

/**
 * Blink's SelectBestDashGap on an open path: the gap nearest `gap` that lets a whole number of
 * dashes fill `length` with a dash at both ends.
 */
export function bestDashGap(length: number, dash: number, gap: number): number {
  const fewest = Math.floor((length + gap) / (dash + gap));
  const fewGap = (length - fewest * dash) / (fewest - 1);
  const moreGap = (length - (fewest + 1) * dash) / fewest;
  return moreGap <= 0 || Math.abs(fewGap - gap) < Math.abs(moreGap - gap) ? fewGap : moreGap;
}

/** The dash pattern of a line `length` px long and `w` px wide, in px: undefined draws it solid. */
export function dashPattern(style: 'dashed' | 'dotted', w: number, length: number): { dash: number; gap: number; round: boolean } | undefined {
  if (style === 'dashed' || w <= 3) {
    const dash = style === 'dashed' ? w * (w >= 3 ? 2 : 3) : w;
    const gap = style === 'dashed' ? w * (w >= 3 ? 1 : 2) : w;
    if (length <= 2 * dash) return undefined;
    if (length <= 2 * dash + gap) { const k = length / (2 * dash + gap); return { dash: dash * k, gap: gap * k, round: false }; }
    return { dash, gap: style === 'dashed' ? bestDashGap(length, dash, gap) : gap, round: false };
  }
  if (length < 2 * w) return { dash: 0, gap: 2 * w, round: true };
  // (Blink's epsilon keeps the last dot inside the line)
  return { dash: 0, gap: bestDashGap(length, w, w) + w - 0.01, round: true };
}

/**
 * A dashed or dotted line of `width` pt centred on (x1, y1)–(x2, y2), horizontal or vertical,
 * as Chromium draws a border side and writes it into its PDF: dashes as one path of filled
 * quadrilaterals per line, square dots as a rectangle each (viewers widen thin strokes and
 * rectangles to whole device pixels, but not paths: the same primitives look alike), round
 * dots as a dash pattern of zero-length dashes with round caps.
 */
export function dashedLine(o: { x1: number; y1: number; x2: number; y2: number; width: number; color: RGBA; style: Style }): Shape[] {
  const { color } = o;
  const vertical = Math.abs(o.x2 - o.x1) < Math.abs(o.y2 - o.y1);
  const sign = vertical ? Math.sign(o.y2 - o.y1) || 1 : Math.sign(o.x2 - o.x1) || 1;
  // positions along the line are in px from its start
  const start = vertical ? o.y1 : o.x1;
  const at = (px: number) => start + sign * px * PX;
  const w = Math.max(1, Math.round(o.width / PX));
  const length = Math.round(Math.abs(vertical ? o.y2 - o.y1 : o.x2 - o.x1) / PX);
  const style = o.style === 'dotted' ? 'dotted' : 'dashed';
  const pattern = dashPattern(style, w, length);
  if (pattern?.round) {
    // the line's ends moved in by half a dot: the caps reach them
    const shape: Shape = vertical
      ? { type: 'line', x1: o.x1, y1: at(w / 2), x2: o.x2, y2: at(Math.max(w / 2, length - w / 2)) }
      : { type: 'line', x1: at(w / 2), y1: o.y1, x2: at(Math.max(w / 2, length - w / 2)), y2: o.y2 };
    Object.assign(shape, { lineWidth: o.width, lineColor: hexColor(color), dash: { length: 0, space: pattern.gap * PX }, lineCap: 'round' });
    if (color.a < 1) shape.strokeOpacity = color.a;
    return [shape];
  }
  // the filled stretches [from, to) along the line
  const runs: [number, number][] = [];
  let from = 0; let to = length;
  if (style === 'dotted') {
    const ends = endDots(w, length);
    if (ends.start) { runs.push([0, w + ends.start.growth]); from = 2 * w + ends.start.offset; }
    if (ends.end) { runs.push([length - w - ends.end.growth, length]); to = length - (w + ends.end.growth + 1); }
  }
  if (!pattern) { if (to > from) runs.push([from, to]); }
  else for (let p = from; p < to - 1e-6; p += pattern.dash + pattern.gap) runs.push([p, Math.min(to, p + pattern.dash)]);
  if (!runs.length) return [];
  const r = (n: number) => Math.round(n * 1000) / 1000;
  if (style === 'dotted') {
    // square dots: one rectangle each, as Chromium writes them
    return runs.map(([a0, b0]) => {
      const a = Math.min(at(a0), at(b0)); const len = Math.abs(b0 - a0) * PX; const half = o.width / 2;
      const shape: Shape = vertical ? { type: 'rect', x: r(o.x1 - half), y: r(a), w: o.width, h: r(len) } : { type: 'rect', x: r(a), y: r(o.y1 - half), w: r(len), h: o.width };
      shape.color = hexColor(color);
      if (color.a < 1) shape.fillOpacity = color.a;
      return shape;
    });
  }
  const lo = r((vertical ? o.x1 : o.y1) - o.width / 2); const hi = r((vertical ? o.x1 : o.y1) + o.width / 2);
  let d = '';
  for (const [a0, b0] of runs) {
    const a = r(at(a0)); const b = r(at(b0));
    d += vertical ? `M${lo} ${a}L${hi} ${a}L${hi} ${b}L${lo} ${b}Z` : `M${a} ${lo}L${b} ${lo}L${b} ${hi}L${a} ${hi}Z`;
  }
  const shape: Shape = { type: 'path', d, color: hexColor(color) };
  if (color.a < 1) shape.fillOpacity = color.a;
  return [shape];
}

/**
 * Blink's EnforceDotsAtEndpoints for a dotted line of 1 to 3 px: where the length is not an odd
 * multiple of the width, a whole dot drawn at the start (grown by `growth`, the line then
 * resuming `offset` px after where the second dot would be) and at the end.
 */
function endDots(w: number, length: number): { start?: { growth: number; offset: number }; end?: { growth: number } } {
  const mod4 = length % 4; const mod6 = length % 6;
  let start: { growth: number; offset: number } | undefined;
  let end: { growth: number } | undefined;
  if ((w === 1 && length % 2 === 0) || (w === 3 && mod6 === 0)) start = { growth: 1, offset: 1 };
  if ((w === 2 && (mod4 === 0 || mod4 === 1)) || (w === 3 && (mod6 === 1 || mod6 === 2))) start = { growth: start?.growth ?? 0, offset: -1 };
  if ((w === 2 && mod4 === 0) || (w === 3 && mod6 === 1)) end = { growth: 0 };
  if ((w === 2 && mod4 === 3) || (w === 3 && (mod6 === 4 || mod6 === 5))) start = { growth: start?.growth ?? 0, offset: 1 };
  if (w === 3 && mod6 === 5) end = { growth: 0 };
  else if (w === 3 && mod6 === 0) end = { growth: 1 };
  return { start, end };
}
