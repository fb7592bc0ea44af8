// CSS Lists 3 §3 the `disc`, `circle` and `square` markers as Blink draws them: shapes, not
// glyphs (so no text in the PDF), sized from the primary font's ascent in whole px
// (ListMarker::WidthOfSymbol and RelativeSymbolMarkerRect). With a = the ascent rounded to px and
// o = ⌊2a/3⌋: the shape's side is ⌊(o + 1) / 2⌋ px, its top ⌊3(a − o) / 2⌋ px below the ascent
// line; the marker box Blink lays out inside a line (list-style-position: inside) is side + 2 px
// wide, the shape 1px from its start.
import type { ComputedStyle } from '../cascade/computed';
import type { FaceResolver } from './faces';
import { NO_SIDES, type BoxFragment } from './fragments';

export const PX = 0.75;

export interface SymbolGeometry {
  /** the font's ascent, rounded to whole px, in pt */
  readonly ascent: number;
  /** ⌊2a/3⌋ px, in pt */
  readonly offset: number;
  /** the shape's side, in pt */
  readonly side: number;
  /** the shape's top below the ascent line, in pt */
  readonly top: number;
  /** the inline size of an inside marker's box (ListMarker::WidthOfSymbol), in pt */
  readonly width: number;
}

/** The geometry of a symbol marker drawn for a font of this ascent (in pt). */
export function symbolGeometry(ascentPt: number): SymbolGeometry {
  const a = Math.round(ascentPt / PX);
  const o = Math.floor((a * 2) / 3);
  const side = Math.floor((o + 1) / 2);
  return { ascent: a * PX, offset: o * PX, side: side * PX, top: Math.floor((3 * (a - o)) / 2) * PX, width: (side + 2) * PX };
}

/** The inline size an inside marker takes on its line: its box with margins -1px and 1em (ListMarker::InlineMarginsForInside). */
export function insideSymbolWidth(faces: FaceResolver, style: ComputedStyle): number {
  return symbolGeometry(faces.ascent(style)).width - PX + style.fontSize;
}

/** The shape at (x, y), its top left corner: a filled disc, a ring 1px wide, or a filled square, in the marker's colour. */
export function symbolShape(type: 'disc' | 'circle' | 'square', style: ComputedStyle, x: number, y: number, side: number): BoxFragment {
  const round = { pt: type === 'square' ? 0 : side / 2, pct: 0 };
  const ring = type === 'circle' ? PX : 0;
  const shape: ComputedStyle = {
    ...style, display: 'block', position: 'static', float: 'none', boxShadow: [], backgroundImage: 'none',
    backgroundColor: type === 'circle' ? TRANSPARENT_COLOR : style.color,
    borderRadius: { topLeft: round, topRight: round, bottomRight: round, bottomLeft: round },
    borderWidth: { top: ring, right: ring, bottom: ring, left: ring },
    borderStyle: { top: 'solid', right: 'solid', bottom: 'solid', left: 'solid' },
    borderColor: { top: style.color, right: style.color, bottom: style.color, left: style.color },
  };
  const border = { top: ring, right: ring, bottom: ring, left: ring };
  return { kind: 'box', style: shape, element: undefined, x, y, width: side, height: side, border, padding: NO_SIDES, children: [] };
}

const TRANSPARENT_COLOR = { r: 0, g: 0, b: 0, a: 0 };
