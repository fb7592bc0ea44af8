// Typed builders for pdfmake document nodes (DESIGN example 6): every call builds a fresh
// object, because pdfmake writes into the definition it is given. Only the node shapes paint
// emits are typed here: text runs drawn on one line where layout placed them, canvas shapes,
// images and SVG, each absolutely positioned (or offset by a margin inside its parent).
import type { RGBA } from '../cascade/computed';

export type Margin = [number, number, number, number]; // left, top, right, bottom

export interface NodeCommon {
  margin?: Margin;
  id?: string;
  absolutePosition?: { x: number; y: number };
}

/** a run of text in one face: its glyphs are drawn from the end of the run before it */
export interface TextRunNode {
  text: string;
  font: string; bold: boolean; italics: boolean; fontSize: number;
  color: string; opacity?: number;
  characterSpacing?: number;
  /** OpenType features applied beside the defaults (small capitals: smcp, c2sc) */
  features?: readonly string[];
}

/** pt per CSS px */
const PX = 0.75;
/**
 * The letter-spacing between two glyphs as Chromium's PDF places them: its glyph positions are
 * 16.16 fixed-point px, the spacing truncated to 1/65536 px (0.1em of 16px is 1.59999084px, so
 * `pdftotext`, which splits a word where a gap exceeds 0.1 of the font size, keeps a word with
 * 0.1em whole as in Chromium's print). Within 1.2e-5 pt of the computed value.
 */
export function glyphSpacing(pt: number): number {
  return Math.trunc(pt / PX * 65536 + (pt > 0 ? 1e-6 : -1e-6)) / 65536 * PX;
}

/** runs of text on one line, the first starting at the node's x, on the baseline at its y (decoration.ts draws their lines) */
export interface TextNode extends NodeCommon {
  text: TextRunNode[];
}
export interface ImageNode extends NodeCommon {
  image: string; width: number; height: number;
  /** scale to cover the box and clip (pdfkit's cover) */
  cover?: { width: number; height: number; align: 'left' | 'center' | 'right'; valign: 'top' | 'center' | 'bottom' };
}
export interface SvgNode extends NodeCommon { svg: string; width: number; height: number }
/** a link's area (the box of the text or image it is on): to a URL, or to a named destination of the document */
export interface LinkNode extends NodeCommon { link: { readonly url: string } | { readonly destination: string }; width: number; height: number }
/** a named destination (the target of `<a href="#id">`) at the node's position */
export interface DestinationNode extends NodeCommon { destination: string }
/** a pdfmake canvas shape (rect, line, polyline, ellipse) with its fill, stroke, dash and opacities */
export type CanvasShape = Record<string, unknown> & { type: string };
export interface CanvasNode extends NodeCommon { canvas: CanvasShape[] }

/**
 * Groups: what follows up to the matching `end` is drawn clipped to a rectangle (rounded by
 * `r`) or to an SVG path (nonzero rule, or even-odd: a path with a hole), under a matrix
 * [a, b, c, d, e, f] (page coordinates, y down), or with an opacity (OpacityNode).
 */
export interface ClipNode extends NodeCommon { clip: { x: number; y: number; width: number; height: number; r: number } | { path: string; evenOdd?: true } }
export interface TransformNode extends NodeCommon { matrix: readonly [number, number, number, number, number, number] }
/**
 * CSS Color 4 §3.2 `opacity`: what follows up to the matching `end` is drawn as one group
 * (a PDF transparency group, ISO 32000-1 §11.6.6) composited with this opacity.
 */
export interface OpacityNode extends NodeCommon { opacity: number }
export interface EndNode extends NodeCommon { end: true }

export type PdfNode = TextNode | ImageNode | SvgNode | CanvasNode | LinkNode | DestinationNode | ClipNode | TransformNode | OpacityNode | EndNode;

const hex2 = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0');
/** '#rrggbb' of a colour (alpha is carried separately as opacity); computed once per colour object. */
export const hexColor = (c: RGBA): string => {
  let hex = hexCache.get(c);
  if (hex === undefined) { hex = `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}`; hexCache.set(c, hex); }
  return hex;
};
// RGBA objects are immutable values shared by computed styles: a weak map keyed by the object
const hexCache = new WeakMap<RGBA, string>();

/** a canvas rectangle in a colour (its alpha as the fill opacity), its corners rounded by `r` */
export function rectShape(x: number, y: number, w: number, h: number, color: RGBA, r = 0): CanvasShape {
  const shape: CanvasShape = { type: 'rect', x, y, w, h, color: hexColor(color) };
  if (r > 0) shape.r = r;
  if (color.a < 1) shape.fillOpacity = color.a;
  return shape;
}

const m = (n: number) => (Number.isFinite(n) ? Math.round(n * 1000) / 1000 : 0);
export const margin = (l: number, t: number, r: number, b: number): Margin => [m(l), m(t), m(r), m(b)];
