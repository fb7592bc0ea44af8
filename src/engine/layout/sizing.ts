// CSS Sizing 3 §3.2 and CSS Sizing 4 §3.1 the sizing keywords of width, min-width, max-width,
// height, min-height, max-height and flex-basis (CSS Flexbox 1 §7.2), resolved into lengths
// before a box is laid out, so the rest of layout sees only lengths, auto and none:
//   min-content / max-content: the box's content sizes (layout/intrinsic.ts), without its own
//     width, min-width and max-width;
//   fit-content: min(max-content, max(min-content, the available space));
//   stretch (-webkit-fill-available): the available space less the margins (auto margins as 0);
//     in the block axis, as Chromium prints it, the containing block's height as the border box
//     when that height is definite, else auto.
// A table's intrinsic keywords act as auto (its auto width already fits its content); the
// intrinsic keywords of the block axis compute to auto in the cascade.
import type { BlockLevelBox } from '../boxes/types';
import type { ComputedStyle, LengthPct, SizeKeyword } from '../cascade/computed';
import type { ContentSizes, Intrinsic } from './intrinsic';
import { isKeyword, marginPt, resolve } from './used';

/** Where a box's sizing keywords resolve. */
export interface SizingSpace {
  /** the containing block's width (percentages of margins and padding) */
  readonly cbWidth: number;
  /** the containing block's height when definite (stretch in the block axis) */
  readonly cbHeight?: number;
  /** the inline space the box's margin box may fill when it is not cbWidth (an absolutely positioned box between its left and right) */
  readonly available?: number;
  /** the main axis of the flex container the box is an item of: its flex-basis keyword resolves in that axis */
  readonly flexAxis?: 'row' | 'column';
}

/** Whether any of the box's sizes is a sizing keyword (the cheap test every laid-out box takes). */
export function hasSizeKeyword(s: ComputedStyle): boolean {
  return isKeyword(s.width) || isKeyword(s.minWidth) || isKeyword(s.maxWidth) || isKeyword(s.height) ||
    isKeyword(s.minHeight) || isKeyword(s.maxHeight) || isKeyword(s.flexBasis);
}

/** The box with its sizing keywords resolved into lengths (the box itself when it has none). */
export function usedSizing(box: BlockLevelBox, space: SizingSpace, intrinsic: Intrinsic): BlockLevelBox {
  const s = box.style;
  if (!hasSizeKeyword(s)) return box;
  const cbWidth = space.cbWidth;
  const pad = (v: LengthPct) => Math.max(0, resolve(v, cbWidth));
  const frameH = s.borderWidth.left + s.borderWidth.right + pad(s.padding.left) + pad(s.padding.right);
  const frameV = s.borderWidth.top + s.borderWidth.bottom + pad(s.padding.top) + pad(s.padding.bottom);
  const borderBox = s.boxSizing === 'border-box';
  const available = Math.max(0, (space.available ?? cbWidth) - marginPt(s.margin.left, cbWidth) - marginPt(s.margin.right, cbWidth) - frameH);
  let content: ContentSizes | undefined | null = null;
  const sizes = () => (content === null ? (content = intrinsic.content(box)) : content);
  /** the content-box width a keyword gives, undefined where it acts as auto */
  const inline = (k: SizeKeyword): number | undefined => {
    if (k.size === 'stretch') return available;
    const c = sizes();
    if (!c) return undefined;
    if (k.size === 'min-content') return c.min;
    if (k.size === 'max-content') return c.max;
    return Math.min(c.max, Math.max(c.min, available));
  };
  const width = (contentPt: number | undefined): LengthPct | undefined => (contentPt === undefined ? undefined : { pt: borderBox ? contentPt + frameH : contentPt, pct: 0 });
  /** the content-box height stretch gives: the containing block's height as the border box */
  const block = (): LengthPct | undefined => (space.cbHeight === undefined ? undefined : { pt: borderBox ? space.cbHeight : Math.max(0, space.cbHeight - frameV), pct: 0 });
  const change: { -readonly [K in keyof ComputedStyle]?: ComputedStyle[K] } = {};
  if (isKeyword(s.width)) change.width = width(inline(s.width)) ?? 'auto';
  if (isKeyword(s.minWidth)) change.minWidth = width(inline(s.minWidth)) ?? 'auto';
  if (isKeyword(s.maxWidth)) change.maxWidth = width(inline(s.maxWidth)) ?? 'none';
  if (isKeyword(s.height)) change.height = block() ?? 'auto';
  if (isKeyword(s.minHeight)) change.minHeight = block() ?? 'auto';
  if (isKeyword(s.maxHeight)) change.maxHeight = block() ?? 'none';
  if (isKeyword(s.flexBasis)) change.flexBasis = space.flexAxis === 'row' ? width(inline(s.flexBasis)) ?? 'content' : 'content';
  return { ...box, style: { ...s, ...change } } as BlockLevelBox;
}
