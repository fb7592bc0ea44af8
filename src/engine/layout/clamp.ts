// CSS Overflow 4 §5 line clamping, the legacy form Chromium implements: a block container
// with `-webkit-line-clamp: N` and `-webkit-box-orient: vertical` shows the first N line boxes
// of its flow (counted through the in-flow blocks inside it, as Blink counts them), ends the Nth
// with an ellipsis when more content follows, and its content height ends after the Nth line.
// What follows stays laid out below, as Chromium paints it (its overflow clips it).
import type { ComputedStyle } from '../cascade/computed';
import type { FaceResolver } from './faces';
import type { Fragment, LineFragment, TextFragment } from './fragments';

const ELLIPSIS = '\u2026';

/** The clamp a block container's style asks for: its line count, or undefined. */
export function lineClampOf(style: ComputedStyle): number | undefined {
  const n = style.WebkitLineClamp;
  return n !== 'none' && (style.WebkitBoxOrient === 'vertical' || style.WebkitBoxOrient === 'block-axis') ? n : undefined;
}

/**
 * Ends the Nth line box of a flow's fragments with an ellipsis (mutates it): returns its bottom
 * and baseline, or undefined when the flow has no more than `n` lines.
 */
export function clampLines(fragments: Fragment[], n: number, faces: FaceResolver): { bottom: number; baseline: number } | undefined {
  const state: Walk = { left: n, nth: undefined, cut: false };
  walk(fragments, state);
  const nth = state.nth;
  if (!nth || !state.cut) return undefined;
  ellipsize(nth, faces);
  return { bottom: nth.y + nth.height, baseline: nth.baseline };
}

interface Walk {
  /** lines still to keep */
  left: number;
  /** the Nth line, once met */
  nth: LineFragment | undefined;
  /** whether in-flow content follows it */
  cut: boolean;
}

/** Walks the in-flow fragments in order, to the Nth line and what follows it. */
function walk(list: readonly Fragment[], s: Walk): void {
  for (const f of list) {
    if (s.cut) return;
    if (s.nth) {
      // floats and positioned boxes are not in the flow
      if (f.kind !== 'box' || !(f.float || f.positioned || f.fixed)) { s.cut = true; return; }
      continue;
    }
    if (f.kind === 'line') {
      if (--s.left === 0) s.nth = f;
    } else if (f.kind === 'box' && !f.float && !f.positioned && !f.fixed && !f.writingMode) walk(f.children, s);
  }
}

/** The Nth line ends with an ellipsis after its last text, cut back where it would pass the line's end edge. */
function ellipsize(line: LineFragment, faces: FaceResolver): void {
  let at = -1;
  for (let i = 0; i < line.children.length; i++) {
    const c = line.children[i]!;
    if (c.kind === 'text' && (at < 0 || c.x + c.width >= (line.children[at] as TextFragment).x + (line.children[at] as TextFragment).width)) at = i;
  }
  if (at < 0) return;
  const c = line.children[at] as TextFragment;
  const end = line.x + line.width;
  const chars = [...c.text.replace(/\s+$/, '')];
  let lo = chars.length;
  const fits = (k: number) => c.x + faces.width(chars.slice(0, k).join('') + ELLIPSIS, c.style) <= end + 0.01;
  if (!fits(lo)) {
    let a = 0; let b = chars.length;
    while (a < b) { const mid = (a + b + 1) >> 1; if (fits(mid)) a = mid; else b = mid - 1; }
    lo = a;
  }
  const text = chars.slice(0, lo).join('') + ELLIPSIS;
  line.children[at] = { ...c, text, width: faces.width(text, c.style), wordSpacing: c.wordSpacing };
}
