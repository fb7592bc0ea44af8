// CSS 2.1 §9.5 floats: the exclusions of one block formatting context. A float's margin box
// goes as high as it may (§9.5.1 rules 4–6), then as far to its side as it may, below any
// earlier float it would not fit beside; line boxes and new formatting contexts are shortened
// beside the floats (§9.5, §9.4.1).
//
// CSS Fragmentation 3 §4 in a paginated flow, as Chromium 156 prints: a float breaks at page ends
// like block content (its content continues at the next page's top, the lines beside it are
// shortened on every page it covers), so its exclusion reaches as far down the flow as its
// broken height; a monolithic float, or one with `break-inside: avoid` that fits on a page, that
// crosses the page end moves to the next page whole, and so does a float whose first content
// would start the next page (no break between a box's top and its first content, §4.1).
import type { BlockLevelBox } from '../boxes/types';
import { firstOnPage, type FloatContext, type FloatLayout, type FloatMark, type LayoutContext, type PendingAbsolute } from './context';
import { contentStart, type BoxFragment, type LinkTarget } from './fragments';
import { movesToNextFragmentainer } from './used';

interface PlacedFloat {
  readonly side: 'left' | 'right';
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/** the marks of a context with nothing placed yet (Floats.mark): one object for all */
const EMPTY_MARK: FloatMark = { placed: 0, fragments: 0, lastTop: -Infinity };
/** the placed floats and fragments of a context with none (every table cell's content is a BFC with none) */
const NO_PLACED: readonly PlacedFloat[] = [];
const NO_FRAGMENTS: readonly BoxFragment[] = [];

export class Floats implements FloatContext {
  /** made with the first float placed: most formatting contexts place none */
  private placedList: PlacedFloat[] | undefined = undefined;
  private fragmentList: BoxFragment[] | undefined = undefined;
  /** §9.5.1 rule 5: a float's top is no higher than an earlier float's top */
  private lastTop = -Infinity;

  private get placed(): readonly PlacedFloat[] { return this.placedList ?? NO_PLACED; }

  get fragments(): readonly BoxFragment[] { return this.fragmentList ?? NO_FRAGMENTS; }

  /** the fragments taken by a box that paints them (adopt) */
  private adopted: Set<BoxFragment> | undefined = undefined;

  get rootFragments(): readonly BoxFragment[] {
    const adopted = this.adopted;
    return adopted ? this.fragments.filter((f) => !adopted.has(f)) : this.fragments;
  }

  adopt(mark: FloatMark): BoxFragment[] {
    const list = this.fragmentList;
    if (!list || list.length <= mark.fragments) return [];
    const taken: BoxFragment[] = [];
    const adopted = (this.adopted ??= new Set());
    for (let i = mark.fragments; i < list.length; i++) {
      const f = list[i]!;
      if (!adopted.has(f)) { adopted.add(f); taken.push(f); }
    }
    return taken;
  }

  addFragment(f: BoxFragment): void { (this.fragmentList ??= []).push(f); }

  space(y: number, height: number, minX: number, maxX: number): { left: number; right: number } {
    let left = minX; let right = maxX;
    const placed = this.placed;
    const bottom = y + Math.max(height, 0.01);
    for (let i = 0; i < placed.length; i++) {
      const f = placed[i]!;
      if (f.bottom <= y || f.top >= bottom) continue;
      if (f.side === 'left') left = Math.max(left, f.right);
      else right = Math.min(right, f.left);
    }
    return { left, right };
  }

  place(side: 'left' | 'right', width: number, height: number, y: number, minX: number, maxX: number, layout?: FloatLayout): { x: number; y: number } {
    const xOf = (band: { left: number; right: number }) => (side === 'left' ? band.left : band.right - width);
    let at = this.fitBelow(Math.max(y, this.lastTop), width, height, minX, maxX);
    let x = xOf(at);
    let laid = layout ? layout(x, at.y) : { y: at.y, height };
    // moved down (to the next page): placed again from there, beside the floats that are there
    for (let attempt = 0; layout && laid.y > at.y + 0.01 && attempt < 3; attempt++) {
      const again = this.fitBelow(laid.y, width, height, minX, maxX);
      if (Math.abs(again.y - laid.y) < 0.01 && Math.abs(xOf(again) - x) < 0.01) break;
      at = again; x = xOf(at);
      laid = layout(x, at.y);
    }
    (this.placedList ??= []).push({ side, left: x, right: x + width, top: laid.y, bottom: laid.y + laid.height });
    this.lastTop = laid.y;
    return { x, y: laid.y };
  }

  clearance(side: 'left' | 'right' | 'both'): number {
    let y = -Infinity;
    const placed = this.placed;
    for (let i = 0; i < placed.length; i++) { const f = placed[i]!; if (side === 'both' || f.side === side) y = Math.max(y, f.bottom); }
    return y;
  }

  bottom(): number {
    return this.clearance('both');
  }

  mark(): FloatMark {
    if (this.placedList === undefined && this.fragmentList === undefined && this.lastTop === -Infinity) return EMPTY_MARK;
    return { placed: this.placed.length, fragments: this.fragments.length, lastTop: this.lastTop };
  }

  rollback(mark: FloatMark): void {
    if (this.placedList) this.placedList.length = mark.placed;
    if (this.fragmentList) this.fragmentList.length = mark.fragments;
    this.lastTop = mark.lastTop;
  }

  topSince(mark: FloatMark): number | undefined {
    let top: number | undefined;
    const placed = this.placed;
    for (let k = mark.placed; k < placed.length; k++) top = Math.min(top ?? Infinity, placed[k]!.top);
    return top;
  }

  /**
   * The first flow position at or below `y` where a band of `height` is at least `width` wide,
   * or has nothing beside it (a box wider than the containing block goes where no float is in its way).
   */
  fitBelow(y: number, width: number, height: number, minX: number, maxX: number): { y: number; left: number; right: number } {
    let top = y;
    for (let guard = 0; guard < 10_000; guard++) {
      const band = this.space(top, height, minX, maxX);
      if (band.right - band.left >= width - 0.01 || (band.left === minX && band.right === maxX)) return { y: top, ...band };
      // the next position where the band can widen: the nearest bottom of a float in the way
      let next = Infinity;
      const placed = this.placed;
      for (let i = 0; i < placed.length; i++) { const f = placed[i]!; if (f.bottom > top && f.top < top + Math.max(height, 0.01)) next = Math.min(next, f.bottom); }
      if (!Number.isFinite(next)) return { y: top, ...band };
      top = next;
    }
    return { y: top, left: minX, right: maxX };
  }
}

/** A float laid out once without breaks at the origin (its margin box's top-left corner at (0, 0)). */
export interface MeasuredFloat {
  readonly box: BlockLevelBox;
  readonly fragment: BoxFragment;
  /** the margin box's size */
  readonly width: number;
  readonly height: number;
  /** its margin-bottom, pt */
  readonly marginBottom: number;
  /** the containing block's size, and the link around the float */
  readonly cbWidth: number;
  readonly cbHeight: number | undefined;
  readonly link: LinkTarget | undefined;
  /** the absolutely positioned boxes it queued, static positions at the origin */
  readonly absolutes: readonly PendingAbsolute[];
}

/**
 * Where a float goes in the flow: its margin box's top and height there, and, when it breaks
 * across pages, its fragment laid out there with the absolutely positioned boxes it queued
 * (else the measured fragment moves there).
 */
export interface FloatInFlow {
  readonly y: number;
  readonly height: number;
  readonly broken?: { readonly fragment: BoxFragment; readonly absolutes: readonly PendingAbsolute[] };
}

const EPS = 0.01;

/**
 * CSS Fragmentation 3 §4 a float placed at (x, y) of a paginated flow, as Chromium 156 prints
 * it: where it fits on the page, the measured float moves there; where it crosses the page end,
 * a monolithic float (a replaced element) or one that avoids breaks inside moves to the next
 * page (taller than a page, the latter is laid out there with page breaks), any other is laid out
 * again where it stands with page breaks (at its measured width), and moves to the next page when
 * its first content would start there.
 */
export function fragmentFloat(m: MeasuredFloat, x: number, y: number, ctx: LayoutContext): FloatInFlow {
  const pages = ctx.pages;
  const end = pages.pageEnd(y + EPS);
  if (!pages.paginates || y + m.height <= end + EPS) return { y, height: m.height };
  const first = firstOnPage(pages, y);
  const monolithic = m.box.kind === 'block-replaced';
  const avoids = m.box.kind !== 'inlines' && m.box.kind !== 'absolute' && movesToNextFragmentainer(m.box.style, pages, y);
  if ((monolithic && !first) || (avoids && m.height <= pages.pageHeight(end) + EPS)) return { y: end, height: m.height };
  // (at the page's top a monolithic float stays, overflowing; a float that avoids breaks breaks all the same)
  if (monolithic) return { y, height: m.height };
  const broken = (top: number): FloatInFlow => {
    const absolutes: PendingAbsolute[] = [];
    const r = ctx.layoutIndependent(m.box, { x, y: top, cbWidth: m.cbWidth, cbHeight: m.cbHeight, borderBoxWidth: m.fragment.width, absolutes, link: m.link }, ctx);
    const f = r.fragment ?? m.fragment;
    return { y: top, height: Math.max(0, r.bottom + m.marginBottom - top), broken: { fragment: f.float ? f : { ...f, float: true }, absolutes } };
  };
  if (avoids) return broken(end);
  const laid = broken(y);
  const start = laid.broken && contentStart(laid.broken.fragment);
  if (!first && start !== undefined && start >= end - EPS) return broken(end);
  return laid;
}
