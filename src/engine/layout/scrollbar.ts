// CSS Overflow 3 §3 scroll containers in print, as Chromium prints them: a box with
// `overflow: auto` whose content is wider than its padding box keeps its horizontal scrollbar
// (CSS Overflow 4 §4 scrollbar-gutter: a classic scrollbar takes room inside the border box,
// below the padding box). Chromium's classic scrollbar is 15px thick; its track is light grey,
// its thumb a round-ended darker bar 3px inside the track, after the 15px arrow button, as long
// as the track between the buttons times the visible part of the content.
import { anonymousStyle } from '../boxes/build';
import type { ComputedStyle } from '../cascade/computed';
import type { BoxFragment, Fragment } from './fragments';

/** Chromium's classic scrollbar thickness and arrow button length: 15px */
export const SCROLLBAR = 11.25;
const INSET = 2.25;
const TRACK = { r: 252, g: 252, b: 252, a: 1 };
const THUMB = { r: 139, g: 139, b: 139, a: 1 };

/** The right edge of what the fragments draw (scrollable overflow, CSS Overflow 3 §2.2): boxes that clip keep their content inside. */
export function contentRight(fragments: readonly Fragment[]): number {
  let right = -Infinity;
  for (const f of fragments) {
    switch (f.kind) {
      case 'line': right = Math.max(right, contentRight(f.children)); break;
      case 'text': case 'inline-box': case 'image': right = Math.max(right, f.x + f.width); break;
      case 'box':
        right = Math.max(right, f.x + f.width);
        // (an anonymous block of lines carries its container's style: it clips nothing itself)
        if (!f.writingMode && (!f.element || f.style.overflowClips === 'none' || f.style.overflowClips === 'y')) right = Math.max(right, contentRight(f.children));
        break;
    }
  }
  return right;
}

/** Whether a box scrolls horizontally in print: `overflow: auto` (or scroll) and content past its content box's right edge (its end padding is scrollable overflow too). */
export function scrollsHorizontally(style: ComputedStyle, children: readonly Fragment[], contentBoxRight: number): boolean {
  if (style.overflow !== 'auto' && style.overflow !== 'scroll') return false;
  return contentRight(children) > contentBoxRight + 0.01;
}

/**
 * The scrollbar's track and thumb as anonymous boxes at the bottom of the padding box
 * (`padding`: the padding box, its bottom edge included the gutter), at scroll position 0.
 * `scrollWidth`: the width of the content and its padding.
 */
export function scrollbarFragments(style: ComputedStyle, padding: { x: number; y: number; width: number; height: number }, scrollWidth: number): BoxFragment[] {
  const base = anonymousStyle(style);
  const zero = { top: 0, right: 0, bottom: 0, left: 0 };
  const top = padding.y + padding.height - SCROLLBAR;
  const track: BoxFragment = { kind: 'box', style: { ...base, backgroundColor: TRACK }, element: undefined, x: padding.x, y: top, width: padding.width, height: SCROLLBAR, border: zero, padding: zero, children: [] };
  const between = Math.max(0, padding.width - 2 * SCROLLBAR);
  const length = Math.max(SCROLLBAR, between * Math.min(1, padding.width / Math.max(scrollWidth, 0.01)));
  const r = { pt: (SCROLLBAR - 2 * INSET) / 2, pct: 0 };
  const thumbStyle: ComputedStyle = { ...base, backgroundColor: THUMB, borderRadius: { topLeft: r, topRight: r, bottomRight: r, bottomLeft: r } };
  const thumb: BoxFragment = {
    kind: 'box', style: thumbStyle, element: undefined, x: padding.x + SCROLLBAR + INSET, y: top + INSET,
    width: Math.max(0, Math.min(length, between) - INSET), height: SCROLLBAR - 2 * INSET, border: zero, padding: zero, children: [],
  };
  return [track, thumb];
}
