// CSS 2.1 §10.3.3 used widths of block-level boxes in normal flow, §8.3.1 collapsing margins,
// §10.8 line height. Phase: used values in pt, from computed values and the containing block.
import { isKeyword, lengthOr, type ComputedStyle, type LengthPct, type LengthPctAuto, type MaxSizing, type Sizing } from '../cascade/computed';
import { firstOnPage, strutSize, strutWith, type BlockInput, type Fragmentainer } from './context';
import type { Sides } from './fragments';

export const resolve = (v: LengthPct, base: number): number => v.pt + (v.pct * base) / 100;
export { isKeyword, lengthOr };
/**
 * CSS 2.1 §9.4.3: how far a relatively positioned (or sticky, as printed) box is drawn from its
 * place, or undefined when it is not moved: left wins over right, top over bottom, and a
 * percentage of an unknown height is 0.
 */
export function relativeShift(s: ComputedStyle, cbWidth: number, cbHeight: number | undefined): { readonly dx: number; readonly dy: number } | undefined {
  if (s.position !== 'relative' && s.position !== 'sticky') return undefined;
  const dx = s.left !== 'auto' ? resolve(s.left, cbWidth) : s.right !== 'auto' ? -resolve(s.right, cbWidth) : 0;
  const dy = s.top !== 'auto' ? resolve(s.top, cbHeight ?? 0) : s.bottom !== 'auto' ? -resolve(s.bottom, cbHeight ?? 0) : 0;
  return dx || dy ? { dx, dy } : undefined;
}

export const resolveAuto = (v: Sizing, base: number): number | undefined => (v === 'auto' || isKeyword(v) ? undefined : resolve(v, base));
export const resolveNone = (v: MaxSizing, base: number): number | undefined => (v === 'none' || isKeyword(v) ? undefined : resolve(v, base));

/**
 * Chromium keeps used lengths in a fixed point of 1/64 px (its LayoutUnit): 0.75/64 pt. Where a
 * length that decides a break is rounded to it (a percentage column, a line's room), the engine
 * rounds the same way, so a line that just fits in Chromium fits here too.
 */
export const LAYOUT_UNIT = 0.75 / 64;
/** A length truncated to the layout unit (Chromium's LayoutUnit(float) of a positive length). */
export const floorToUnit = (pt: number): number => Math.floor(pt / LAYOUT_UNIT + 1e-7) * LAYOUT_UNIT;

/** A number that pdfmake can take: finite, else the fallback. */
export const safe = (n: number, fallback = 0): number => (Number.isFinite(n) ? n : fallback);

/** A used margin in pt (auto is 0 where it is not resolved against free space). */
export function marginPt(v: LengthPctAuto, cbWidth: number): number {
  return v === 'auto' ? 0 : safe(resolve(v, cbWidth));
}

export interface UsedBlockBox {
  readonly marginLeft: number;
  readonly marginRight: number;
  readonly marginTop: number;
  readonly marginBottom: number;
  readonly border: { top: number; right: number; bottom: number; left: number };
  readonly padding: { top: number; right: number; bottom: number; left: number };
  /** the content box width */
  readonly contentWidth: number;
  /** the content box height when specified (height), else undefined; minHeight is of the content box too */
  readonly height: number | undefined;
  readonly minHeight: number;
}

/** Whether a width was specified (not auto): shrink-to-fit contexts need to know. */
export function hasSpecifiedWidth(style: ComputedStyle): boolean {
  return style.width !== 'auto';
}

/**
 * The used padding of a box, pt (negative values are 0). Padding without percentages is the
 * same whatever the containing block: one object per computed padding value, shared by the
 * fragments (no fragment's sides are ever written), so a table's thousands of cells keep one.
 */
function usedPadding(pd: ComputedStyle['padding'], cbWidth: number): Sides {
  const fixed = pd.top.pct === 0 && pd.right.pct === 0 && pd.bottom.pct === 0 && pd.left.pct === 0 && Number.isFinite(cbWidth);
  let padding = fixed ? fixedPadding.get(pd) : undefined;
  if (!padding) {
    padding = {
      top: Math.max(0, resolve(pd.top, cbWidth)), right: Math.max(0, resolve(pd.right, cbWidth)),
      bottom: Math.max(0, resolve(pd.bottom, cbWidth)), left: Math.max(0, resolve(pd.left, cbWidth)),
    };
    if (fixed) fixedPadding.set(pd, padding);
  }
  return padding;
}
const fixedPadding = new WeakMap<ComputedStyle['padding'], Sides>();

/**
 * CSS 2.1 §10.3.3 (block-level, non-replaced, in normal flow) with §10.4 min/max and
 * CSS Box Sizing 3 box-sizing. `cbWidth` is the containing block's content width.
 * `shrinkToFit` is the width an auto-width box takes when it shrinks (floats, inline-blocks,
 * flex items, tables), border box excluded. `cb`: the containing block's direction and text-align
 * (the box's BlockInput carries them: passed as it is, no object made per box).
 */
export function usedBlockBox(style: ComputedStyle, cbWidth: number, shrinkToFit?: number, cbHeight?: number, cb: { readonly cbDirection?: 'ltr' | 'rtl' | undefined; readonly cbTextAlign?: ComputedStyle['textAlign'] | undefined } = {}): UsedBlockBox {
  const cbDirection = cb.cbDirection ?? 'ltr';
  // (the computed widths are the used ones: shared with the style, as no fragment's sides are ever written)
  const border: Sides = style.borderWidth;
  const padding = usedPadding(style.padding, cbWidth);
  const frame = border.left + border.right + padding.left + padding.right;
  const borderBox = style.boxSizing === 'border-box';
  let width = resolveAuto(style.width, cbWidth);
  if (width !== undefined && borderBox) width -= frame;
  const maxW = resolveNone(style.maxWidth, cbWidth);
  const minW = resolveAuto(style.minWidth, cbWidth) ?? 0;
  let ml = resolveAuto(style.margin.left, cbWidth);
  let mr = resolveAuto(style.margin.right, cbWidth);
  if (width === undefined && shrinkToFit !== undefined) {
    width = Math.min(shrinkToFit, cbWidth - (ml ?? 0) - (mr ?? 0) - frame);
  }
  if (width === undefined) {
    width = cbWidth - (ml ?? 0) - (mr ?? 0) - frame;
    const c = clampWidth(width, maxW, minW, borderBox ? frame : 0);
    if (c !== width) { width = c; }
    else { ml ??= 0; mr ??= 0; }
  } else width = clampWidth(width, maxW, minW, borderBox ? frame : 0);
  // §10.3.3: over-constrained → the end margin of the containing block's direction absorbs
  // (margin-right, margin-left in rtl); auto margins share what is left
  const rest = cbWidth - width - frame;
  // (auto margins are 0 in a box wider than its containing block: it overflows at the end, the left in rtl)
  if (ml === undefined && mr === undefined) { ml = rest < 0 && cbDirection === 'rtl' ? rest : Math.max(0, rest / 2); mr = rest - ml; }
  else if (ml === undefined) { ml = rest - (mr ?? 0); }
  else if (mr !== undefined) {
    const room = rest - ml - mr;
    if (cbDirection === 'rtl') ml = rest - mr;
    ml += legacyAlignShift(room, cb.cbTextAlign, cbDirection);
    mr = rest - ml;
  } else mr = rest - ml;
  // CSS 2.1 §10.5: a percentage height needs a containing block of definite height, else it is auto
  const height = definiteIn(lengthOr(style.height, 'auto'), cbHeight) ? resolve(style.height as LengthPct, cbHeight ?? 0) : undefined;
  const minHeight = definiteIn(lengthOr(style.minHeight, 'auto'), cbHeight) ? resolve(style.minHeight as LengthPct, cbHeight ?? 0) : 0;
  const frameV = border.top + border.bottom + padding.top + padding.bottom;
  return {
    marginLeft: safe(ml), marginRight: safe(mr ?? 0),
    marginTop: safe(resolveAuto(style.margin.top, cbWidth) ?? 0), marginBottom: safe(resolveAuto(style.margin.bottom, cbWidth) ?? 0),
    border, padding, contentWidth: Math.max(0, safe(width)),
    height: height !== undefined ? Math.max(0, borderBox ? height - frameV : height) : undefined,
    minHeight: Math.max(0, borderBox ? minHeight - frameV : minHeight),
  };
}

/** §10.4 a content width between max-width and min-width (both border-box widths when `frame` is the border-box frame to take off), never negative. */
function clampWidth(w: number, maxW: number | undefined, minW: number, frame: number): number {
  if (maxW !== undefined) w = Math.min(w, maxW - frame);
  return Math.max(w, minW - frame, 0);
}

/** CSS 2.1 §10.5: a height is definite unless auto, or a percentage of a containing block of unknown height. */
const definiteIn = (v: LengthPctAuto, cbHeight: number | undefined): boolean => v !== 'auto' && (!v.pct || cbHeight !== undefined);

/** CSS 2.1 §8.3.1: the collapsed margin of two adjoining margins. */
export function collapseMargins(a: number, b: number): number {
  if (a >= 0 && b >= 0) return Math.max(a, b);
  if (a < 0 && b < 0) return Math.min(a, b);
  return a + b;
}

/** Whether a box establishes a block formatting context, so margins do not collapse through it (CSS 2.1 §9.4.1). */
// CSS Multi-column 1 §2: a multi-column container establishes one too
/** CSS Fragmentation 3 §3.2: whether a box avoids the breaks of `pages` inside it */
export function avoidsBreakInside(style: ComputedStyle, pages: Fragmentainer): boolean {
  return avoidsBreak(style.breakInside, pages);
}

/**
 * CSS Fragmentation 3 §4.4: whether a box that avoids breaks inside and starts at `y`, crossing
 * the end of its fragmentainer, moves whole to the next one. The break before it violates no rule
 * and one inside it does, so it moves even when it is taller than a fragmentainer, and breaks
 * inside there anyway; only as the first content of its fragmentainer it breaks where it is
 * (Chromium 156 prints so in block flow, flex lines and items, grid rows and floats).
 */
export function movesToNextFragmentainer(style: ComputedStyle, pages: Fragmentainer, y: number): boolean {
  return pages.paginates && avoidsBreakInside(style, pages) && !firstOnPage(pages, y);
}

/**
 * CSS Fragmentation 3 §3.1, §3.2: whether a break value avoids the breaks of `pages`: `avoid`
 * every break, `avoid-page` page breaks only, `avoid-column` column breaks only (Chromium
 * keeps a column break inside an `avoid-page` box, and none inside an `avoid-column` one).
 */
export function avoidsBreak(v: ComputedStyle['breakInside'] | ComputedStyle['breakBefore'], pages: Fragmentainer): boolean {
  return v === 'avoid' || v === (pages.breaks === 'column' ? 'avoid-column' : 'avoid-page');
}

export function establishesBfc(style: ComputedStyle): boolean {
  return style.display === 'flow-root' || style.display === 'table-cell' || style.display === 'inline-block' ||
    style.display === 'flex' || style.display === 'grid' || style.overflow !== 'visible' || style.float !== 'none' ||
    style.position === 'absolute' || style.position === 'fixed' ||
    style.columnCount !== 'auto' || style.columnWidth !== 'auto';
}

/** CSS 2.1 §10.3.3 for a block-level flex or grid container: its content width and left margin. */
function blockWidth(style: ComputedStyle, cbWidth: number, frame: number, cbTextAlign?: ComputedStyle['textAlign']): { contentWidth: number; marginLeft: number } {
  const toContent = (w: number) => (style.boxSizing === 'border-box' ? w - frame : w);
  const ml = style.margin.left === 'auto' ? undefined : resolve(style.margin.left, cbWidth);
  const mr = style.margin.right === 'auto' ? undefined : resolve(style.margin.right, cbWidth);
  const maxV = lengthOr(style.maxWidth, 'none'); const minV = lengthOr(style.minWidth, 'auto'); const wV = lengthOr(style.width, 'auto');
  const max = maxV === 'none' ? Infinity : toContent(resolve(maxV, cbWidth));
  const min = minV === 'auto' ? 0 : toContent(resolve(minV, cbWidth));
  let width = wV === 'auto' ? undefined : toContent(resolve(wV, cbWidth));
  if (width === undefined) {
    const fill = cbWidth - (ml ?? 0) - (mr ?? 0) - frame;
    const c = clamp(fill, min, max);
    if (c === fill) return { contentWidth: Math.max(0, safe(fill)), marginLeft: safe(ml ?? 0) };
    width = c;
  } else width = clamp(width, min, max);
  width = Math.max(0, width);
  const rest = cbWidth - width - frame;
  let left: number;
  if (ml === undefined && mr === undefined) left = Math.max(0, rest / 2);
  else if (ml === undefined) left = rest - (mr ?? 0);
  else left = ml + (mr !== undefined ? legacyAlignShift(rest - ml - mr, cbTextAlign) : 0);
  return { contentWidth: safe(width), marginLeft: safe(left) };
}

/** The content-box height, min-height and max-height where definite (CSS 2.1 §10.5, §10.7). */
function heightLimits(style: ComputedStyle, cbHeight: number | undefined, frame: number): { height: number | undefined; min: number; max: number } {
  const toContent = (v: number) => Math.max(0, style.boxSizing === 'border-box' ? v - frame : v);
  const h = lengthOr(style.height, 'auto');
  const height = h === 'auto' || (h.pct && cbHeight === undefined) ? undefined : toContent(resolve(h, cbHeight ?? 0));
  const mn = lengthOr(style.minHeight, 'auto');
  const min = mn === 'auto' || (mn.pct && cbHeight === undefined) ? 0 : toContent(resolve(mn, cbHeight ?? 0));
  const mx = lengthOr(style.maxHeight, 'none');
  const max = mx === 'none' || (mx.pct && cbHeight === undefined) ? Infinity : toContent(resolve(mx, cbHeight ?? 0));
  return { height, min, max };
}

const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(max, v));

/** Where a block-level flex or grid container's content box goes, before its items are laid out. */
export interface ContainerBox {
  readonly border: Sides;
  readonly padding: Sides;
  readonly frameH: number;
  readonly frameV: number;
  readonly marginBottom: number;
  readonly contentWidth: number;
  readonly heights: { readonly height: number | undefined; readonly min: number; readonly max: number };
  /** the content height when definite (a given border box, or a specified height within its limits) */
  readonly definiteHeight: number | undefined;
  /** the border box's position */
  readonly x: number;
  readonly y: number;
  readonly contentX: number;
  readonly contentTop: number;
}

/**
 * CSS Fragmentation 3 §5.2 where the top border edge of a box that margins do not collapse
 * through goes: below its top margin collapsed with the margins above it, except that after an
 * unforced break those margins truncate to zero, and margins that reach past the page's end
 * break there and truncate (the box starts the next page).
 */
export function topBorderEdge(input: BlockInput, marginTop: number, pages: Fragmentainer, quirky = false): number {
  if (input.afterBreak) return input.y;
  const strut = strutSize(strutWith(input.marginStrut, marginTop, quirky));
  const y = input.y + strut;
  if (pages.paginates && strut > 0 && !pages.atPageStart(input.y)) {
    const end = pages.pageEnd(input.y + 0.01);
    if (y >= end - 0.01) return end;
  }
  return y;
}

/**
 * A flex or grid container's frame, width (CSS 2.1 §10.3.3 as a block, or as decided by its
 * parent), definite height and position: its top margin collapsed with the margins above, below
 * the floats it clears, and beside or below its parent's floats, which it does not overlap (§9.5).
 */
export function containerBox(style: ComputedStyle, input: BlockInput, pages: Fragmentainer): ContainerBox {
  const cbWidth = input.cbWidth;
  const border: Sides = { top: style.borderWidth.top, right: style.borderWidth.right, bottom: style.borderWidth.bottom, left: style.borderWidth.left };
  const pad = (v: LengthPct) => Math.max(0, resolve(v, cbWidth));
  const padding: Sides = { top: pad(style.padding.top), right: pad(style.padding.right), bottom: pad(style.padding.bottom), left: pad(style.padding.left) };
  const frameH = border.left + border.right + padding.left + padding.right;
  const frameV = border.top + border.bottom + padding.top + padding.bottom;
  let contentWidth: number;
  let marginLeft: number;
  if (input.borderBoxWidth !== undefined) {
    contentWidth = Math.max(0, input.borderBoxWidth - frameH);
    marginLeft = marginPt(style.margin.left, cbWidth);
  } else {
    const w = blockWidth(style, cbWidth, frameH, input.cbTextAlign);
    contentWidth = w.contentWidth; marginLeft = w.marginLeft;
  }
  const heights = heightLimits(style, input.cbHeight, frameV);
  let definiteHeight: number | undefined;
  if (input.borderBoxHeight !== undefined) definiteHeight = Math.max(0, input.borderBoxHeight - frameV);
  else if (heights.height !== undefined) definiteHeight = clamp(heights.height, heights.min, heights.max);

  let y = topBorderEdge(input, marginPt(style.margin.top, cbWidth), pages);
  if (style.clear !== 'none') y = Math.max(y, input.floats.clearance(style.clear));
  let x = input.cbX + marginLeft;
  if (input.borderBoxWidth === undefined && style.float === 'none' && input.floats.bottom() > y) {
    const band = input.floats.space(y, 1, input.cbX, input.cbX + cbWidth);
    if (band.left > input.cbX || band.right < input.cbX + cbWidth) {
      const ml = marginPt(style.margin.left, cbWidth);
      const room = band.right - band.left - ml - marginPt(style.margin.right, cbWidth) - frameH;
      if (style.width === 'auto') { contentWidth = Math.max(0, Math.min(contentWidth, room)); x = band.left + ml; }
      else if (contentWidth <= room) x = Math.max(x, band.left + ml);
      else y = Math.max(y, input.floats.clearance('both'));
    }
  }
  return {
    border, padding, frameH, frameV, marginBottom: marginPt(style.margin.bottom, cbWidth), contentWidth, heights, definiteHeight,
    x, y, contentX: x + border.left + padding.left, contentTop: y + border.top + padding.top,
  };
}

/**
 * Blink's legacy alignment of block-level boxes (NG ResolveInlineAutoMargins): when neither
 * inline margin is auto and the box leaves `room` in its containing block, the containing
 * block's text-align -webkit-center / -webkit-right (what <center> and the HTML align attribute
 * give, HTML §15.3.3) moves the box right by half the room or all of it; -webkit-left keeps it
 * at the left even in an rtl containing block. The result is added to the left margin the box
 * would have in `direction` without it.
 */
export function legacyAlignShift(room: number, textAlign: ComputedStyle['textAlign'] | undefined, direction: 'ltr' | 'rtl' = 'ltr'): number {
  if (!(room > 0)) return 0;
  switch (textAlign) {
    case '-webkit-center': return direction === 'rtl' ? -room / 2 : room / 2;
    case '-webkit-right': return direction === 'rtl' ? 0 : room;
    case '-webkit-left': return direction === 'rtl' ? -room : 0;
    default: return 0;
  }
}

/**
 * The first baseline of an empty table, flex or grid container generated by ::before or ::after
 * whose `content` makes text (strings, attr(), counters, quotes: even empty ones). Blink lays
 * that text out in an anonymous table cell or flex item, so the box has a baseline where it has
 * no line box: at its content box's top (CSS 2.1 §17.5.3, CSS Flexbox 1 §8.5: synthesized from
 * the empty cell's or item's edges). An empty element of the same display has none. Bootstrap's
 * clearfix `::before { content: " "; display: table }` gives a list item's marker that baseline.
 */
export function generatedTextBaseline(element: { readonly tag: string; readonly style: ComputedStyle } | undefined, fragment: { readonly y: number; readonly border: Sides; readonly padding: Sides }): number | undefined {
  if (element?.tag !== '::before' && element?.tag !== '::after') return undefined;
  const content = element.style.content;
  if (!Array.isArray(content) || !content.some((c) => c.kind !== 'url')) return undefined;
  return fragment.y + fragment.border.top + fragment.padding.top;
}
