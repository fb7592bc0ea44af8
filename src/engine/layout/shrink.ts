// Chromium's shrink-to-fit printing: a document wider than the page area is laid out again in a
// wider area and scaled down onto the page (Blink LocalFrameView::ForceLayoutForPagination).
// The wider area keeps the page area's aspect ratio and is as wide as the document, but at most
// 1.5 times the page area (Blink's maximum shrink factor); what is wider still is cut off at
// the page's edge. Page boxes and margins are not scaled: only the content of the page area.
//
// The document's width is its scrollable overflow: the right edge of every box, line and image
// in flow, floated or absolutely positioned, except inside boxes that clip their overflow, and
// except fixed boxes (they belong to the viewport); a transformed box counts as transformed. Pages of different widths (`@page :first {
// margin: 0 }`) each compare what starts on them with their own page area: the zoom is the
// largest ratio (a 900px box on a 720px page area shrinks the whole document by 0.8, as Chromium
// 156 prints it, even when the first page is 794px wide).
import type { ComputedStyle, TransformFunction } from '../cascade/computed';
import { transformMatrix } from '../cascade/transform';
import { pageIndexAt, type BorderSegment, type BoxFragment, type Fragment, type LineFragment, type PageFragment, type Sides } from './fragments';

/** Blink's kPrintingMaximumShrinkFactor */
export const MAXIMUM_SHRINK_FACTOR = 1.5;

/**
 * The zoom a document laid out at zoom 1 needs: over its pages, the largest of `printZoom` of
 * the scrollable overflow that starts on the page (each fragment on the page its top is on,
 * page area coordinates) and the page area's width.
 */
export function documentZoom(root: BoxFragment, pages: readonly PageFragment[]): number {
  const z = new ZoomWalk(pages);
  z.edge(root.x + root.width, root.y);
  for (const c of root.children) z.walk(c);
  return z.zoom;
}

/** documentZoom's walk: the largest zoom met so far. */
class ZoomWalk {
  zoom = 1;
  private readonly areas: number[];
  /** a right edge at most this far right fits every page area (printZoom 1): no page to look up */
  private readonly fits: number;

  constructor(private readonly pages: readonly PageFragment[]) {
    this.areas = pages.map((p) => p.width - p.margin.left - p.margin.right);
    let min = Infinity;
    for (const a of this.areas) if (a < min) min = a;
    this.fits = min + PRINT_TOLERANCE;
  }

  edge(right: number, y: number): void {
    if (right <= this.fits) return;
    const area = this.areas[pageIndexAt(this.pages, y)]!;
    this.zoom = Math.max(this.zoom, printZoom(right, area));
  }

  walk(f: Fragment): void {
    switch (f.kind) {
      case 'box': {
        if (f.fixed) return;
        // (an anonymous box carries its element's style: the element's own box is the one transformed)
        const matrix = f.element ? transformMatrix(f.style, f) : undefined;
        if (matrix) {
          const acc: Extent = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
          overflowInto(f, acc, undefined);
          this.edge(acc.right, f.y);
          return;
        }
        this.edge(f.x + f.width, f.y);
        // (an orthogonal flow root's children lie in its logical coordinates)
        if (clipsOverflow(f.style) || f.writingMode) return;
        for (const c of f.children) this.walk(c);
        return;
      }
      case 'line': for (const c of f.children) this.walk(c); return;
      case 'text': this.edge(f.x + f.width, f.baseline - 0.01); return;
      case 'image': case 'inline-box': this.edge(f.x + f.width, f.y); return;
    }
  }
}

/** how far past a page area content may reach and still fit it: Blink compares in layout units of 1/64 px */
const PRINT_TOLERANCE = 0.75 / 64;

interface Extent { left: number; top: number; right: number; bottom: number }

const grow = (e: Extent, left: number, top: number, right: number, bottom: number): void => {
  if (left < e.left) e.left = left;
  if (top < e.top) e.top = top;
  if (right > e.right) e.right = right;
  if (bottom > e.bottom) e.bottom = bottom;
};

const clipsOverflow = (s: ComputedStyle): boolean => s.overflow === 'hidden' || s.overflow === 'clip' || s.overflow === 'scroll' || s.overflow === 'auto';

/**
 * Adds a fragment's scrollable overflow to `acc`. CSS Overflow 3 §2.2: a transformed box adds
 * the bounding box of its transformed overflow rectangle (its border box and, unless it clips,
 * its descendants' overflow, their own transforms applied first), as Blink counts it: a stamp
 * turned 45° near the right edge widens the document, a box centred by translateX(-50%) does not.
 */
function overflowInto(f: Fragment, acc: Extent, line: LineFragment | undefined): void {
  switch (f.kind) {
    case 'box': {
      if (f.fixed) return;
      // (an anonymous box carries its element's style: the element's own box is the one transformed)
      const matrix = f.element ? transformMatrix(f.style, f) : undefined;
      const own: Extent = matrix ? { left: f.x, top: f.y, right: f.x + f.width, bottom: f.y + f.height } : acc;
      grow(own, f.x, f.y, f.x + f.width, f.y + f.height);
      if (!clipsOverflow(f.style) && !f.writingMode) for (const c of f.children) overflowInto(c, own, undefined);
      if (matrix) {
        for (const [x, y] of [[own.left, own.top], [own.right, own.top], [own.left, own.bottom], [own.right, own.bottom]] as const) {
          const tx = matrix[0] * x + matrix[2] * y + matrix[4];
          const ty = matrix[1] * x + matrix[3] * y + matrix[5];
          grow(acc, tx, ty, tx, ty);
        }
      }
      return;
    }
    case 'line': for (const c of f.children) overflowInto(c, acc, f); return;
    case 'text': grow(acc, f.x, line ? line.y : f.baseline, f.x + f.width, line ? line.y + line.height : f.baseline); return;
    case 'image': case 'inline-box': grow(acc, f.x, f.y, f.x + f.width, f.y + f.height); return;
  }
}

/**
 * The zoom at which content of scrollable width `width` is laid out in a page area `area`
 * wide: 1 when it fits, else up to MAXIMUM_SHRINK_FACTOR.
 */
export function printZoom(width: number, area: number): number {
  if (area <= 0 || width <= area + PRINT_TOLERANCE) return 1;
  return Math.min(width, area * MAXIMUM_SHRINK_FACTOR) / area;
}

/** Scales a laid-out document by `s` (< 1): fragments, the styles paint reads, and the pages' flow positions. */
export class Shrink {
  private readonly styles = new Map<ComputedStyle, ComputedStyle>();

  constructor(private readonly s: number) {}

  page(p: PageFragment): PageFragment {
    return { ...p, flowTop: p.flowTop * this.s, flowBottom: p.flowBottom * this.s, zoom: 1 / this.s };
  }

  box(f: BoxFragment): BoxFragment {
    const s = this.s;
    return {
      ...f, style: this.style(f.style), x: f.x * s, y: f.y * s, width: f.width * s, height: f.height * s,
      border: this.sides(f.border), padding: this.sides(f.padding), children: f.children.map((c) => this.fragment(c)),
      ...(f.collapsedBorders ? { collapsedBorders: f.collapsedBorders.map((b) => this.segment(b)) } : {}),
    };
  }

  fragment(f: Fragment): Fragment {
    const s = this.s;
    switch (f.kind) {
      case 'box': return this.box(f);
      case 'line': return { ...f, x: f.x * s, y: f.y * s, width: f.width * s, height: f.height * s, baseline: f.baseline * s, children: f.children.map((c) => this.fragment(c) as typeof c) };
      case 'text': return { ...f, style: this.style(f.style), font: { ...f.font, size: f.font.size * s }, x: f.x * s, baseline: f.baseline * s, width: f.width * s, wordSpacing: f.wordSpacing * s };
      case 'inline-box': return { ...f, style: this.style(f.style), x: f.x * s, y: f.y * s, width: f.width * s, height: f.height * s };
      case 'image': return { ...f, style: this.style(f.style), x: f.x * s, y: f.y * s, width: f.width * s, height: f.height * s };
    }
  }

  /** transform functions with their lengths scaled (percentages are of the box, scaled already) */
  private transforms(list: 'none' | readonly TransformFunction[]): 'none' | readonly TransformFunction[] {
    if (list === 'none') return list;
    const s = this.s;
    return list.map((f): TransformFunction => {
      switch (f.f) {
        case 'translate': return { ...f, x: { pt: f.x.pt * s, pct: f.x.pct }, y: { pt: f.y.pt * s, pct: f.y.pct } };
        case 'matrix': return { ...f, m: [f.m[0], f.m[1], f.m[2], f.m[3], f.m[4] * s, f.m[5] * s] };
        default: return f;
      }
    });
  }

  private sides(v: Sides): Sides {
    const s = this.s;
    return { top: v.top * s, right: v.right * s, bottom: v.bottom * s, left: v.left * s };
  }

  private segment(b: BorderSegment): BorderSegment {
    const s = this.s;
    return { ...b, x1: b.x1 * s, y1: b.y1 * s, x2: b.x2 * s, y2: b.y2 * s, width: b.width * s };
  }

  /** the lengths of a style that paint reads (fonts, spacing, borders, radii), scaled; one copy per style */
  private style(style: ComputedStyle): ComputedStyle {
    const hit = this.styles.get(style);
    if (hit) return hit;
    const s = this.s;
    const len = (v: { pt: number; pct: number }) => ({ pt: v.pt * s, pct: v.pct });
    const r = style.borderRadius;
    const out: ComputedStyle = {
      ...style,
      fontSize: style.fontSize * s, letterSpacing: style.letterSpacing * s, wordSpacing: style.wordSpacing * s,
      textShadow: style.textShadow.map((t) => ({ ...t, x: t.x * s, y: t.y * s, blur: t.blur * s })),
      borderWidth: this.sides(style.borderWidth),
      borderRadius: { topLeft: len(r.topLeft), topRight: len(r.topRight), bottomRight: len(r.bottomRight), bottomLeft: len(r.bottomLeft) },
      columnRule: { ...style.columnRule, width: style.columnRule.width * s },
      // (a transform's lengths are the content's: Chromium scales a translation with the page)
      transform: this.transforms(style.transform), translate: this.transforms(style.translate),
      transformOrigin: { x: len(style.transformOrigin.x), y: len(style.transformOrigin.y) },
    };
    this.styles.set(style, out);
    return out;
  }
}
