// The fragment tree: what layout produces and paint consumes (CSS Display 3 §2 "fragment",
// CSS Fragmentation 3). Phase: used values. Every length is in pt.
//
// Coordinates: `x` is measured from the left edge of the page area; `y` is a position in the
// *flow*: one continuous strip in which the page areas follow each other (Fragmentainer maps a
// flow position to its page). Layout never lets a line or a monolithic box straddle two pages
// in flow: it pushes it to the next page's top (a pagination strut), so paint only slices
// boxes whose decorations span pages (box-decoration-break: slice).
import type { Footnote } from '../boxes/types';
import type { ComputedStyle } from '../cascade/computed';
import type { PrinterMark, StyledElement } from '../cascade/styled';
import type { LoadedImage } from '../types';
import type { UsedFont } from './faces';

export interface Sides { readonly top: number; readonly right: number; readonly bottom: number; readonly left: number }

export const NO_SIDES: Sides = { top: 0, right: 0, bottom: 0, left: 0 };

/**
 * A block-level box, an atomic inline, a table part or a flex item after layout: its border box
 * at (x, y) with size (width, height), its used border and padding, and its children in tree
 * order (painting order is paint's business: CSS 2.1 Appendix E).
 */
export interface BoxFragment {
  readonly kind: 'box';
  readonly style: ComputedStyle;
  /** undefined for anonymous boxes */
  readonly element: StyledElement | undefined;
  x: number;
  y: number;
  width: number;
  height: number;
  readonly border: Sides;
  readonly padding: Sides;
  readonly children: Fragment[];
  /** CSS 2.1 §9.3.1: a positioned box (relative/absolute/fixed) paints in the positioned layers */
  readonly positioned?: boolean;
  /** position: fixed — painted on every page, at (x, y) relative to each page area's top */
  readonly fixed?: boolean;
  /**
   * An out-of-flow box placed outside elements with an opacity below 1 that it is a descendant of
   * (between it and its containing block): their opacities multiplied, with which it is painted
   * as a group (CSS Color 4 §3.2: it is part of their groups)
   */
  readonly escapedOpacity?: number;
  /** a float (CSS 2.1 Appendix E step 5) */
  readonly float?: boolean;
  /**
   * CSS 2.1 §17.6.2 the resolved borders of a table in the collapsing model, each segment on one
   * page, its coordinates relative to this fragment's x and y (the line's centre). Table layout
   * puts them on an empty fragment after the table's rows, so they paint over every cell and row
   * background; the table and its cells then carry `border-style: none` copies of their styles.
   */
  readonly collapsedBorders?: readonly BorderSegment[];
  /**
   * CSS Fragmentation 3 §5.4 box-decoration-break: slice: this fragment continues a box from a
   * previous fragmentainer (a column: no top border or padding drawn), or the box continues in
   * a later one (no bottom border or padding). Page slices are paint's; column slices are layout's.
   */
  readonly continuesFrom?: boolean;
  readonly continuesTo?: boolean;
  /**
   * CSS Writing Modes 3 §7.3 an orthogonal flow root in a vertical writing mode: its children
   * lie in the logical coordinates of the horizontal layout (origin at this box's border-box
   * top-left corner, `height` wide and `width` high), and paint turns them onto the page
   * (layout/writing.ts writingMatrix). Its own border, padding and style are physical.
   */
  readonly writingMode?: ComputedStyle['writingMode'];
}

/** A line box (CSS 2.1 §9.4.2): the inline-level fragments on one line. */
export interface LineFragment {
  readonly kind: 'line';
  x: number;
  y: number;
  readonly width: number;
  readonly height: number;
  /** the flow y of the line's baseline */
  baseline: number;
  readonly children: InlineFragment[];
  /** CSS GCPM 3 §2: the footnotes this line calls */
  footnotes?: readonly Footnote[];
}

/**
 * A run of text on one line in one style (one glyph run for pdfmake: drawn as one text node,
 * never wrapped). `x` is where the run starts; `baseline` the flow y of its baseline.
 */
export interface TextFragment {
  readonly kind: 'text';
  readonly style: ComputedStyle;
  readonly font: UsedFont;
  readonly text: string;
  x: number;
  baseline: number;
  /** the run's advance width, justification included */
  readonly width: number;
  /** extra space added to every U+0020 of the run (text-align: justify), pt */
  readonly wordSpacing: number;
  /** the enclosing <a href>: an external URL or a #destination */
  readonly link?: LinkTarget;
}

/**
 * The part of an inline box (CSS 2.1 §9.2.2) on one line, for its background, borders and
 * padding: drawn on every line it spans, with the start side on its first line and the end
 * side on its last (box-decoration-break: slice).
 */
export interface InlineBoxFragment {
  readonly kind: 'inline-box';
  readonly style: ComputedStyle;
  readonly element: StyledElement | undefined;
  x: number;
  y: number;
  readonly width: number;
  readonly height: number;
  /** whether the box starts (left side drawn) and ends (right side drawn) on this line */
  readonly starts: boolean;
  readonly ends: boolean;
  readonly link?: LinkTarget;
}

/** A replaced element's content (image or SVG) in its content box. */
export interface ImageFragment {
  readonly kind: 'image';
  readonly style: ComputedStyle;
  readonly image: LoadedImage;
  x: number;
  y: number;
  readonly width: number;
  readonly height: number;
  readonly link?: LinkTarget;
}

/** A straight border segment (collapsed table borders, `hr`, list bullets drawn as shapes). */
export interface BorderSegment {
  readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number;
  readonly width: number;
  readonly style: ComputedStyle['borderStyle']['top'];
  readonly color: ComputedStyle['borderColor']['top'];
}

export type LinkTarget = { readonly url: string } | { readonly destination: string };

/** What a line box holds: text runs, inline box decorations, atomic inlines (boxes) and images. */
export type InlineFragment = TextFragment | InlineBoxFragment | BoxFragment | ImageFragment;

export type Fragment = BoxFragment | LineFragment | TextFragment | InlineBoxFragment | ImageFragment;

/** One page of the laid-out document (CSS Paged Media 3 §3: the page box and its page area). */
export interface PageFragment {
  readonly index: number;
  /** the used page name (CSS Paged Media 3 §7), 'auto' when unnamed */
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** where the page area is: inside the @page margins, borders and padding, the area on whole px, as Chromium lays pages out (document.ts snappedMargins) */
  readonly margin: Sides;
  /** the @page margins as specified: the page-margin boxes' geometry (absent: `margin`) */
  readonly cssMargin?: Sides;
  /** the flow positions this page's area shows: [flowTop, flowTop + pageArea height) */
  readonly flowTop: number;
  readonly flowBottom: number;
  /** the page box's background colour (`@page { background }`) */
  readonly backgroundColor?: ComputedStyle['backgroundColor'];
  /** CSS Paged Media 3 §7.2 the bleed, pt (absent: none): the PDF page is the page box grown by it on every side */
  readonly bleed?: number;
  /** CSS Paged Media 3 §7.3 the printer's marks drawn in the bleed (with a bleed only) */
  readonly marks?: readonly PrinterMark[];
  /** Chromium's shrink-to-fit printing (shrink.ts): layout px per painted px of the page area (absent: 1) */
  readonly zoom?: number;
}

/** The index of the page whose area shows flow position y (the last page whose flowTop is at or above it). */
export function pageIndexAt(pages: readonly PageFragment[], y: number): number {
  let lo = 0; let hi = pages.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pages[mid]!.flowTop <= y + 0.001) lo = mid; else hi = mid - 1;
  }
  return lo;
}

/**
 * A short list in an array of its own length. An array grown by push has room for 16 more
 * (V8), and a fragment tree holds tens of thousands of short child lists (report-100: a line,
 * a line box list and a cell's children per table cell, 7 MB of room kept until paint).
 */
export function exactList<T>(list: T[]): T[] {
  return list.length < 16 ? list.slice() : list;
}

/** Moves a fragment and everything in it by (dx, dy). */
export function translate(f: Fragment, dx: number, dy: number): void {
  switch (f.kind) {
    case 'box':
      f.x += dx; f.y += dy;
      for (const c of f.children) translate(c, dx, dy);
      return;
    case 'line':
      f.x += dx; f.y += dy; f.baseline += dy;
      for (const c of f.children) translate(c, dx, dy);
      return;
    case 'text': f.x += dx; f.baseline += dy; return;
    case 'inline-box': case 'image': f.x += dx; f.y += dy; return;
  }
}

/**
 * The flow top of a fragment's first in-flow leaf, depth first: a line box, an image, or a box
 * without children (where its content starts); undefined when it has none.
 */
export function contentStart(f: BoxFragment): number | undefined {
  for (const c of f.children) {
    if (c.kind === 'line' || c.kind === 'image') return c.y;
    if (c.kind !== 'box' || c.float || c.style.position === 'absolute' || c.style.position === 'fixed') continue;
    if (c.children.length === 0) return c.y;
    const s = contentStart(c);
    if (s !== undefined) return s;
  }
  return undefined;
}
