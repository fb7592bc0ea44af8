// CSS Lists 3 §3 the `disc`, `circle` and `square` markers as Blink draws them: shapes, not
// glyphs (so no text in the PDF), sized from the primary font's ascent in whole px
// (ListMarker::WidthOfSymbol and RelativeSymbolMarkerRect). With a = the ascent rounded to px and
// o = ⌊2a/3⌋: the shape's side is ⌊(o + 1) / 2⌋ px, its top ⌊3(a − o) / 2⌋ px below the ascent
// line; the marker box Blink lays out inside a line (list-style-position: inside) is side + 2 px
// wide, the shape 1px from its start.
//
// `disclosure-open` and `disclosure-closed` (the marker of a <summary>, HTML §15.3.8) are drawn as
// triangles in a square of 0.66em (Blink's DisclosureSymbolSize, in LayoutUnits: 1/64 px) whose
// bottom is on the baseline, the triangle's corners at Blink's fractions of the square
// (GetCanonicalDisclosurePath); an inside marker's box is the square plus a 0.4em end margin
// (kClosureMarkerMarginEm), whatever the font.
import { anonymousStyle } from '../boxes/build';
import type { ComputedStyle } from '../cascade/computed';
import type { FaceResolver } from './faces';
import { NO_SIDES, type BoxFragment } from './fragments';

/** The list-style-type keywords drawn as shapes. */
export type MarkerSymbol = 'disc' | 'circle' | 'square' | 'disclosure-open' | 'disclosure-closed';

export const isMarkerSymbol = (type: ComputedStyle['listStyleType']): type is MarkerSymbol =>
  type === 'disc' || type === 'circle' || type === 'square' || type === 'disclosure-open' || type === 'disclosure-closed';

const isDisclosure = (symbol: MarkerSymbol): symbol is 'disclosure-open' | 'disclosure-closed' => symbol === 'disclosure-open' || symbol === 'disclosure-closed';

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

/** a length in px truncated to Blink's LayoutUnit (1/64 px), in pt */
const layoutUnit = (pt: number): number => (Math.floor((pt / PX) * 64 + 1e-6) / 64) * PX;

/** The side of a disclosure triangle's square: 0.66em in LayoutUnits, in pt. */
export const disclosureSide = (style: ComputedStyle): number => layoutUnit(style.fontSize * 0.66);

/**
 * The inline size an inside marker takes on its line: a disc, circle or square its box with
 * margins -1px and 1em (ListMarker::InlineMarginsForInside), a disclosure triangle its square and 0.4em.
 */
export function insideSymbolWidth(faces: FaceResolver, style: ComputedStyle, symbol: MarkerSymbol): number {
  if (isDisclosure(symbol)) return disclosureSide(style) + layoutUnit(style.fontSize * 0.4);
  return symbolGeometry(faces.ascent(style)).width - PX + style.fontSize;
}

/** Blink's disclosure triangles, corners as fractions of their square (x right, y down). */
const TRIANGLES = {
  open: '0,0.07 0.5,0.93 1,0.07',
  closedLtr: '0,0 0.86,0.5 0,1',
  closedRtl: '1,0 0.14,0.5 1,1',
} as const;

/**
 * A disclosure triangle in its square of `side` at (x, y), its top left corner: a box that
 * paints nothing of its own holding the triangle as an SVG image in the marker's colour.
 */
export function disclosureShape(symbol: 'disclosure-open' | 'disclosure-closed', style: ComputedStyle, x: number, y: number, side: number): BoxFragment {
  const points = symbol === 'disclosure-open' ? TRIANGLES.open : style.direction === 'rtl' ? TRIANGLES.closedRtl : TRIANGLES.closedLtr;
  const c = style.color;
  const markup = `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1" viewBox="0 0 1 1"><polygon points="${points}" fill="rgb(${c.r},${c.g},${c.b})"${c.a < 1 ? ` fill-opacity="${c.a}"` : ''}/></svg>`;
  const box = plainStyle(style);
  return {
    kind: 'box', style: box, element: undefined, x, y, width: side, height: side, border: NO_SIDES, padding: NO_SIDES,
    children: [{ kind: 'image', style: box, image: { kind: 'svg', markup, width: 1, height: 1 }, x, y, width: side, height: side }],
  };
}

/** A marker's style for a box that paints nothing but its content (the marker's inherited properties, the rest initial). */
function plainStyle(style: ComputedStyle): ComputedStyle {
  return { ...anonymousStyle(style), boxShadow: [], outlineStyle: 'none', filter: [], transform: 'none', translate: 'none', rotate: 'none', scale: 'none' };
}

/** The shape of a symbol marker whose square (a disc's, circle's or square's side) starts at (x, y). */
export function markerShape(symbol: MarkerSymbol, style: ComputedStyle, x: number, y: number, side: number): BoxFragment {
  return isDisclosure(symbol) ? disclosureShape(symbol, style, x, y, side) : symbolShape(symbol, style, x, y, side);
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
