// CSS Text Decoration 3 §2: the lines a text run's decorations draw, as Chromium 156 prints
// them (probed at 9–100px in Liberation Serif, Sans and Mono and DejaVu Sans and Serif: the
// font's own underline position and thickness are not used). In whole CSS px from the
// baseline, which paint has rounded to a whole px:
//  - thickness T = max(1, size / 10) px, or `text-decoration-thickness` (at least 1px), or with
//    `from-font` the face's underline thickness (post table; at least 1px); a solid line is
//    ⌊T⌋ px thick, or T rounded to a px when the thickness is a length;
//  - an underline's top is ⌈T / 2⌉ px below the baseline, or `text-underline-offset` rounded to a px;
//    with `text-underline-position: under` it is ⌈D⌉ px below it (D: the descent of the face's em
//    box, its OS/2 typo ascender and descender scaled to 1em), the offset added (probed at 9–100px
//    in the five faces above, with and without from-font and an offset);
//  - an overline ends at the text's top (the baseline less the ascent rounded to a px);
//  - a line-through is centred 2/3 of that ascent below the top, its top rounded to a px;
//  - a double line is two solid lines round(T + 1) px apart (the second below, or above an overline);
//  - dotted: T-px squares every 2T px; dashed: 3T-px dashes every 4.5T px (Chromium fits the
//    gaps to the width; these are its spacing at the probed sizes); wavy: a zigzag of
//    amplitude T over a period of 4T.
// Underlines and overlines are painted under the text, a line-through over it (CSS Text
// Decoration 3 §2.4).
import type { RGBA } from '../cascade/computed';
import { hexColor, rectShape, type CanvasShape } from './nodes';

export type DecorationStyle = 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';

/** A run of text's decorations: its lines, their style and colour, and where the run is. */
export interface DecoratedRun {
  readonly lines: { readonly underline: boolean; readonly overline: boolean; readonly lineThrough: boolean };
  readonly style: DecorationStyle;
  readonly color: RGBA;
  /** the run's left edge and width, pt */
  readonly x: number; readonly width: number;
  /** the baseline, pt (on a whole px of the page area) */
  readonly baseline: number;
  /** the font size and the primary face's ascent, in px */
  readonly sizePx: number; readonly ascentPx: number;
  /** text-decoration-thickness and text-underline-offset in px, when not auto */
  readonly thicknessPx?: number; readonly offsetPx?: number;
  /** the face's underline thickness in px, with text-decoration-thickness: from-font */
  readonly fontThicknessPx?: number;
  /** the descent of the face's em box in px, with text-underline-position: under */
  readonly underPx?: number;
  /** pt per px where the run is drawn */
  readonly px: number;
}

/** The shapes of a run's underline and overline (`under`: painted before the text) or line-through (after it). */
export function decorationShapes(run: DecoratedRun, layer: 'under' | 'over'): CanvasShape[] {
  const shapes: CanvasShape[] = [];
  const t = Math.max(1, run.thicknessPx ?? run.fontThicknessPx ?? run.sizePx / 10);
  const h = run.thicknessPx === undefined ? Math.floor(t) : Math.round(t);
  const offset = run.offsetPx === undefined ? undefined : Math.round(run.offsetPx);
  const top = -Math.round(run.ascentPx);
  const gap = Math.round(t + 1);
  const line = (y: number, down: boolean) => drawLine(shapes, run, y, t, h, down ? gap : -gap);
  if (layer === 'under') {
    if (run.lines.underline) line(run.underPx !== undefined ? Math.ceil(run.underPx) + (offset ?? 0) : offset ?? Math.ceil(t / 2), true);
    if (run.lines.overline) line(top - h, false);
  } else if (run.lines.lineThrough) {
    line(Math.floor(top + (-top * 2) / 3 - t / 2 + 0.5), true);
  }
  return shapes;
}

/** One line of the run's style, `h` px thick (a solid one), whose top is `y` px from the baseline; a double line's second is `second` px from it. */
function drawLine(shapes: CanvasShape[], run: DecoratedRun, y: number, t: number, h: number, second: number): void {
  // (x and width in pt, top and height in px from the baseline)
  const rect = (x: number, top: number, w: number, h: number) => shapes.push(rectShape(x, run.baseline + top * run.px, w, h * run.px, run.color));
  const end = run.x + run.width;
  switch (run.style) {
    case 'solid': rect(run.x, y, run.width, h); break;
    case 'double': rect(run.x, y, run.width, h); rect(run.x, y + second, run.width, h); break;
    case 'dotted': case 'dashed': {
      const [length, period] = run.style === 'dotted' ? [t, 2 * t] : [3 * t, 4.5 * t];
      for (let x = run.x; x < end - 0.01; x += period * run.px) rect(x, y, Math.min(length * run.px, end - x), t);
      break;
    }
    case 'wavy': {
      const points: { x: number; y: number }[] = [];
      const mid = run.baseline + (y + t / 2) * run.px;
      for (let i = 0; ; i++) {
        const x = Math.min(end, run.x + i * t * run.px);
        points.push({ x, y: mid + (i % 2 === 0 ? 0 : (i % 4 === 1 ? -t : t)) * run.px });
        if (x >= end) break;
      }
      const shape: CanvasShape = { type: 'polyline', points, lineWidth: Math.max(1, t / 2) * run.px, lineColor: hexColor(run.color) };
      if (run.color.a < 1) shape.strokeOpacity = run.color.a;
      shapes.push(shape);
      break;
    }
  }
}
