// CSS 2.1 §9.4.1 block formatting contexts, §10.3.3 / §10.6.3 widths and heights of blocks
// in normal flow, §8.3.1 collapsing margins, §9.5.2 clearance, §10.3.5 / §10.3.7 shrink-to-fit
// widths, §9.3.1 / §10.3.7 / §10.6.4 positioned boxes, CSS Lists 3 §3 outside markers, and
// CSS Fragmentation 3 §3 forced and avoided breaks between block-level siblings.
//
// One dispatch on the box's kind (layoutBlockLevel); tables, flex containers and inline
// content have their own modules, reached through the same dispatch.
import type { BlockBox, BlockLevelBox, BlockReplacedBox, InlineFormattingBox, InlineLevelBox, ListItemBox } from '../boxes/types';
import { assertNever } from '../boxes/types';
import type { ComputedStyle } from '../cascade/computed';
import { hasTransform } from '../cascade/transform';
import { anonymousBlockStyle } from '../cascade/style';
import {
  EMPTY_STRUT, firstOnPage, marginStrut, monolithic, QUIRKY_START_STRUT, quirkyContainerStrutSize, strutSize, strutWith, withoutBreaks, outOfFlowPages,
  type BlockInput, type BlockResult, type FloatMark, type Fragmentainer, type FlowResult, type IndependentInput, type LayoutContext, type MarginStrut, type PendingAbsolute,
} from './context';
import { controlBlockSize, controlInlineSize } from './control';
import { clampLines, lineClampOf } from './clamp';
import { Floats } from './float';
import { exactList, translate, type BoxFragment, type Fragment, type ImageFragment, type LineFragment, type Sides } from './fragments';
import { layoutFlex } from './flex';
import { layoutGrid } from './grid';
import { layoutInlines, strutMetrics, type InlineInput, type InlineResult } from './inline';
import { fixedMargins } from './intrinsic';
import { disclosureSide, insideSymbolWidth, isMarkerSymbol, markerShape, type MarkerSymbol, PX, symbolGeometry } from './marker';
import { ownLink } from './linebreak';
import { isMulticol, layoutColumns } from './multicol';
import { replacedSize } from './replaced';
import { contentRight, SCROLLBAR, scrollbarFragments, scrollsHorizontally } from './scrollbar';
import { layoutTable } from './table-layout';
import { hasSizeKeyword, usedSizing } from './sizing';
import { avoidsBreak, establishesBfc, isKeyword, lengthOr, marginPt, movesToNextFragmentainer, relativeShift, resolve, resolveAuto, resolveNone, topBorderEdge, usedBlockBox } from './used';
import { isOrthogonalRoot, logicalStyle, logicalTree, lrToRl, mirrorBlockAxis } from './writing';

/**
 * CSS Text 3 §7.1: where text-align puts the start of an empty line `width` wide, from its left
 * edge: the static position of an inline-level absolutely positioned box with no line content
 * before it (CSS 2.1 §10.3.7), as Chromium 156 places it.
 */
function emptyLineShift(width: number, textAlign: ComputedStyle['textAlign'] | undefined, direction: 'ltr' | 'rtl' | undefined): number {
  const rtl = direction === 'rtl';
  switch (textAlign) {
    case 'center': case '-webkit-center': case '-internal-center': return width / 2;
    case 'right': case '-webkit-right': return width;
    case 'start': case 'justify': case undefined: return rtl ? width : 0;
    case 'end': return rtl ? 0 : width;
    case 'left': case '-webkit-left': case '-webkit-match-parent': return 0;
  }
}

/** Lays out a block-level box in normal flow: the dispatch on its kind. */
export function layoutBlockLevel(box: BlockLevelBox, input: BlockInput, ctx: LayoutContext): BlockResult {
  if (input.pageInset !== undefined && box.kind !== 'absolute') input = onPage(input, ctx);
  if (box.kind !== 'absolute' && box.kind !== 'inlines' && hasSizeKeyword(box.style)) box = usedSizing(box, { cbWidth: input.cbWidth, cbHeight: input.cbHeight }, ctx.intrinsic);
  // a block-level <a href> links everything inside it
  const link = box.kind === 'block' || box.kind === 'list-item' || box.kind === 'flex' || box.kind === 'grid' || box.kind === 'table' ? ownLink(box.element, ctx.anchors) : undefined;
  if (link) input = { ...input, link };
  switch (box.kind) {
    case 'inlines': return layoutAnonymousInlines(box, input, ctx);
    case 'absolute': {
      // out of flow: queued for its containing block at its static position (CSS 2.1 §10.3.7)
      const staticX = box.inlineStatic ? input.cbX + emptyLineShift(input.cbWidth, input.cbTextAlign, input.cbDirection) : input.cbX;
      input.absolutes.push({ box, staticX, staticY: input.y + strutSize(input.marginStrut) });
      return { fragment: undefined, marginStrut: input.marginStrut, bottom: input.y, firstBaseline: undefined, lastBaseline: undefined };
    }
    default: return positioned(box, input, ctx);
  }
}

/** A box in the flow, by its kind (positioned() applies its position). */
function layoutInFlow(box: InFlowBox, input: BlockInput, ctx: LayoutContext): BlockResult {
  if (isOrthogonalRoot(box)) return layoutOrthogonal(box, input, ctx);
  switch (box.kind) {
    case 'block': case 'list-item': return layoutBlockContainer(box, input, ctx);
    case 'flex': return layoutFlex(box, input, ctx);
    case 'grid': return layoutGrid(box, input, ctx);
    case 'table': return layoutTable(box, input, ctx);
    case 'block-replaced': return layoutBlockReplaced(box, input, ctx);
    default: return assertNever(box);
  }
}

type InFlowBox = Exclude<BlockLevelBox, { kind: 'inlines' | 'absolute' }>;

/**
 * CSS Fragmentation 3 §2 as Blink prints: a box whose containing block follows the page area
 * is laid out in the inline size of the page where it starts.
 */
function onPage(input: BlockInput, ctx: LayoutContext): BlockInput {
  const cbWidth = pageWidth(input.cbWidth, input.pageInset, input.y + strutSize(input.marginStrut), ctx);
  return cbWidth === input.cbWidth ? input : { ...input, cbWidth };
}

/** onPage's containing block width for a box whose border edge is at `top`: `cbWidth` unless its page's area width differs */
function pageWidth(cbWidth: number, pageInset: number | undefined, top: number, ctx: LayoutContext): number {
  const pages = ctx.pages;
  if (pageInset === undefined || !pages.paginates || !pages.areaWidth) return cbWidth;
  const onItsPage = Math.max(0, pages.areaWidth(top) - pageInset);
  return Math.abs(onItsPage - cbWidth) < 0.01 ? cbWidth : onItsPage;
}

/**
 * Lays out a box that establishes an independent formatting context (atomic inline, float,
 * flex item, table cell content, absolutely positioned box): its margins do not collapse with
 * anything outside, its floats stay inside, and an auto width shrinks to fit (CSS 2.1 §10.3.5).
 */
export function layoutIndependent(box: BlockLevelBox, input: IndependentInput, ctx: LayoutContext): BlockResult {
  if (box.kind !== 'absolute' && box.kind !== 'inlines' && hasSizeKeyword(box.style)) box = usedSizing(box, { cbWidth: input.cbWidth, cbHeight: input.cbHeight }, ctx.intrinsic);
  const style = box.style;
  let borderBoxWidth = input.borderBoxWidth;
  // (an orthogonal flow root's width is its block size: layoutOrthogonal sizes it)
  if (borderBoxWidth === undefined && style.width === 'auto' && box.kind !== 'table' && box.kind !== 'inlines' && !isOrthogonalRoot(box)) {
    const sizes = ctx.intrinsic.block(box);
    const ml = marginPt(style.margin.left, input.cbWidth); const mr = marginPt(style.margin.right, input.cbWidth);
    // CSS 2.1 §10.3.5: min(max(min-content, available), max-content) on the border box: the
    // content sizes hold the fixed margins, the available width loses all of them
    const fixed = fixedMargins(style);
    const available = Math.max(0, (input.availableWidth ?? input.cbWidth) - ml - mr);
    borderBoxWidth = Math.max(0, Math.min(Math.max(sizes.min - fixed, available), sizes.max - fixed));
    const minW = resolveAuto(style.minWidth, input.cbWidth);
    const maxW = resolveNone(style.maxWidth, input.cbWidth);
    const frame = frameOf(style, input.cbWidth);
    const bb = (w: number) => (style.boxSizing === 'border-box' ? w : w + frame);
    if (maxW !== undefined) borderBoxWidth = Math.min(borderBoxWidth, bb(maxW));
    if (minW !== undefined) borderBoxWidth = Math.max(borderBoxWidth, bb(minW));
  }
  const floats = new Floats();
  const blockInput: BlockInput = {
    cbX: input.x, cbWidth: input.cbWidth, cbHeight: input.cbHeight, y: input.y, marginStrut: EMPTY_STRUT,
    floats, absolutes: input.absolutes, link: input.link, borderBoxWidth, borderBoxHeight: input.borderBoxHeight, endReserve: input.endReserve || undefined,
  };
  if (box.kind === 'inlines') return layoutAnonymousInlines(box, blockInput, ctx);
  return layoutBlockLevel(box, blockInput, ctx);
}

// ---------------------------------------------------------------------------------------
// Orthogonal flows (CSS Writing Modes 3 §7.3, writing.ts)

/**
 * CSS Writing Modes 3 §7.3 the width an orthogonal flow root takes in a shrink-to-fit context
 * (its min-content and max-content width, margins included): its block size when laid out in
 * the available inline size.
 */
export function orthogonalWidth(box: BlockLevelBox, ctx: LayoutContext): number {
  if (box.kind === 'inlines' || box.kind === 'absolute') return 0;
  const r = layoutOrthogonal(box, { cbX: 0, cbWidth: 0, cbHeight: undefined, y: 0, marginStrut: EMPTY_STRUT, floats: new Floats(), absolutes: [] }, monolithic(ctx));
  const m = box.style.margin;
  return (r.fragment?.width ?? 0) + (m.left === 'auto' ? 0 : m.left.pt) + (m.right === 'auto' ? 0 : m.right.pt);
}

/**
 * CSS Writing Modes 3 §7.3 an orthogonal flow root in a horizontal flow: laid out in its own
 * writing mode's logical coordinates, then placed as a monolithic block-level box whose
 * physical width is its block size and whose height is its inline size. The inline size is
 * the one its containing block or caller decides (a stretched grid or flex item, a definite
 * `height`), else fit-content in the available space: the containing block's height when it
 * is definite, else the initial containing block's.
 */
function layoutOrthogonal(box: InFlowBox, input: BlockInput, ctx: LayoutContext): BlockResult {
  const style = box.style;
  const mode = style.writingMode;
  const cbW = input.cbWidth;
  const pd = style.padding;
  const padding = { top: Math.max(0, resolve(pd.top, cbW)), right: Math.max(0, resolve(pd.right, cbW)), bottom: Math.max(0, resolve(pd.bottom, cbW)), left: Math.max(0, resolve(pd.left, cbW)) };
  const border = style.borderWidth;
  const frameH = border.left + border.right + padding.left + padding.right;
  const frameV = border.top + border.bottom + padding.top + padding.bottom;
  const borderBox = style.boxSizing === 'border-box';
  let width = input.borderBoxWidth;
  const sw = lengthOr(style.width, 'auto'); const sh = lengthOr(style.height, 'auto');
  if (width === undefined && sw !== 'auto') width = Math.max(0, resolve(sw, cbW) + (borderBox ? 0 : frameH));
  let height = input.borderBoxHeight;
  if (height === undefined && sh !== 'auto' && (!sh.pct || input.cbHeight !== undefined)) height = Math.max(0, resolve(sh, input.cbHeight ?? 0) + (borderBox ? 0 : frameV));
  let logical = ctx.caches.logicalBoxes.get(box);
  if (!logical) {
    const copy = logicalTree(box, mode);
    // the root's margins, position and float act in the horizontal flow (here): the logical box has none
    const abs = (v: number) => ({ pt: v, pct: 0 });
    const ls = logicalStyle(style, mode);
    const rootStyle = {
      ...ls, margin: { top: abs(0), right: abs(0), bottom: abs(0), left: abs(0) }, position: 'static' as const, float: 'none' as const, clear: 'none' as const,
      padding: logicalStyle({ ...style, padding: { top: abs(padding.top), right: abs(padding.right), bottom: abs(padding.bottom), left: abs(padding.left) } }, mode).padding,
    };
    logical = { ...copy, style: rootStyle } as BlockLevelBox;
    ctx.caches.logicalBoxes.set(box, logical);
  }
  const sub = monolithic(ctx);
  const available = input.cbHeight ?? ctx.icb?.height ?? Number.MAX_SAFE_INTEGER;
  const queue: PendingAbsolute[] = [];
  const r = layoutIndependent(logical, { x: 0, y: 0, cbWidth: available, cbHeight: width !== undefined ? Math.max(0, width - frameH) : undefined, borderBoxWidth: height, borderBoxHeight: width, absolutes: queue }, sub);
  const lf = r.fragment;
  if (!lf) return { fragment: undefined, marginStrut: input.marginStrut, bottom: input.y, firstBaseline: undefined, lastBaseline: undefined };
  for (const a of queue) {
    const placed = layoutAbsolute(a, { x: lf.border.left, y: lf.border.top, width: lf.width - lf.border.left - lf.border.right, height: lf.height - lf.border.top - lf.border.bottom }, sub, false);
    if (placed) lf.children.push(placed);
  }
  const W = lf.height; const H = lf.width;
  let children = lf.children;
  if (mode === 'vertical-lr') {
    const rl = new Map<ComputedStyle, ComputedStyle>();
    children = children.map((c) => mirrorBlockAxis(c, W, (s) => { let t = rl.get(s); if (!t) { t = lrToRl(s); rl.set(s, t); } return t; }));
  }
  // the box in the horizontal flow: its margins collapse with its siblings' (it establishes a BFC: not with its children's)
  const ml = marginPt(style.margin.left, cbW); const mr = marginPt(style.margin.right, cbW);
  // (CSS Fragmentation 3 §5.2: after an unforced break the margins above truncate to zero)
  let y = topBorderEdge(input, marginPt(style.margin.top, cbW), ctx.pages, isQuirky(style.margin.top));
  if (style.clear !== 'none') y = Math.max(y, input.floats.clearance(style.clear));
  // monolithic (CSS Fragmentation 3 §4.1): moved to the next page when it does not fit this one
  if (ctx.pages.paginates && y + H > ctx.pages.pageEnd(y) && !firstOnPage(ctx.pages, y)) y = ctx.pages.pageEnd(y);
  let x = input.cbX + ml;
  if (input.borderBoxWidth === undefined && style.margin.left === 'auto' && style.margin.right === 'auto') x = input.cbX + Math.max(0, (cbW - W) / 2);
  else if (input.borderBoxWidth === undefined && style.margin.left === 'auto') x = input.cbX + Math.max(0, cbW - W - mr);
  for (const c of children) translate(c, x, y);
  const fragment: BoxFragment = {
    kind: 'box', style, element: 'element' in box ? box.element : undefined, x, y, width: W, height: H,
    border, padding, children: exactList(children), writingMode: mode,
  };
  return { fragment, marginStrut: strutWith(EMPTY_STRUT, marginPt(style.margin.bottom, cbW), isQuirky(style.margin.bottom)), bottom: y + H, firstBaseline: undefined, lastBaseline: undefined };
}

// ---------------------------------------------------------------------------------------
// Positioning (CSS 2.1 §9.3.1): a positioned box is the containing block of its absolutely
// positioned descendants; a relatively positioned one moves after layout.

function positioned(box: InFlowBox, input: BlockInput, ctx: LayoutContext): BlockResult {
  const style = box.style;
  // CSS Color 4 §3.2: the out-of-flow boxes that leave an element with an opacity below 1 stay in its group
  const faded = style.opacity < 1 && box.kind !== 'block-replaced';
  const cb = style.position !== 'static' || hasTransform(style);
  const filtered = style.filter.length > 0 && 'element' in box && box.element !== undefined;
  if (!cb && !faded && !filtered) return layoutInFlow(box, input, ctx);
  const mark = input.floats.mark();
  const queue: PendingAbsolute[] = [];
  const r = layoutInFlow(box, { ...input, absolutes: queue }, ctx);
  const f = r.fragment;
  // CSS 2.1 Appendix E: a box painted in the positioned layers (or as a group: opacity, filter)
  // paints its descendants' floats with it, above its own background, and moves them with it;
  // they stay in the formatting context's exclusions (its root keeps the others)
  if (f) { const floats = input.floats.adopt(mark); if (floats.length) f.children.push(...floats); }
  const escape = (a: PendingAbsolute) => input.absolutes.push(faded ? { ...a, opacity: (a.opacity ?? 1) * style.opacity } : a);
  if (!f || !cb) { for (const a of queue) escape(a); return r; }
  const pad = { x: f.x + f.border.left, y: f.y + f.border.top, width: f.width - f.border.left - f.border.right, height: f.height - f.border.top - f.border.bottom };
  // CSS Transforms 1 §2: a transformed box is the containing block of its fixed descendants too
  // (they move with it, on its page only); other positioned boxes leave them to the page
  const transformed = hasTransform(style);
  for (const a of queue) {
    if (a.box.style.position === 'fixed' && !transformed) { escape(a); continue; }
    const placed = layoutAbsolute(a, pad, ctx, false);
    if (placed) f.children.push(placed);
  }
  const shift = relativeShift(style, input.cbWidth, input.cbHeight);
  if (shift) translate(f, shift.dx, shift.dy);
  return r;
}

/**
 * A box that clips its block-axis overflow (CSS Overflow 3 §3) and whose definite height ends on
 * the page where it starts: what overflows it is cut away, so nothing inside it breaks to the next
 * page (a line crossing the page end stays where it is, cut at the clip edge), as Chromium prints.
 * (The overflow the root or the body gives to the viewport clips nothing: cascade/adjust.ts.)
 */
function clipsOnThisPage(box: BlockBox | ListItemBox, y: number, frameV: number, contentHeight: number | undefined, minHeight: number, ctx: LayoutContext): boolean {
  const clips = box.style.overflowClips;
  if (!ctx.pages.paginates || contentHeight === undefined || (clips !== 'y' && clips !== 'both')) return false;
  const tag = box.element?.tag;
  if (tag === undefined) return false;
  const bottom = y + frameV + Math.max(contentHeight, minHeight);
  return bottom <= ctx.pages.pageEnd(y + 0.01) + 0.01;
}

export interface ContainingRect { readonly x: number; readonly y: number; readonly width: number; readonly height: number }

/**
 * CSS 2.1 §10.3.7 / §10.6.4: an absolutely positioned box against its containing block's padding
 * box (`viewport`: the page area, where a fixed box repeats on every page).
 */
export function layoutAbsolute(a: PendingAbsolute, cb: ContainingRect, ctx: LayoutContext, viewport = true): BoxFragment | undefined {
  const outer = a.box.style;
  const left = resolveAuto(outer.left, cb.width);
  const right = resolveAuto(outer.right, cb.width);
  const top = resolveAuto(outer.top, cb.height);
  const bottom = resolveAuto(outer.bottom, cb.height);
  const unsized = a.box.kind === 'absolute' ? a.box.box : a.box;
  // §10.3.7: a shrink-to-fit width fills the containing block less the insets; with both `left`
  // and `right` auto (ltr), `left` is the static position
  const startInset = left ?? (right === undefined && outer.direction !== 'rtl' ? Math.max(0, a.staticX - cb.x) : 0);
  const available = cb.width - startInset - (right ?? 0);
  const inner = unsized.kind === 'inlines' ? unsized : usedSizing(unsized, { cbWidth: cb.width, cbHeight: cb.height, available }, ctx.intrinsic);
  const style = inner === unsized ? outer : inner.style;
  const ml = marginPt(style.margin.left, cb.width); const mr = marginPt(style.margin.right, cb.width);
  const mt = marginPt(style.margin.top, cb.width); const mb = marginPt(style.margin.bottom, cb.width);
  const frame = frameOf(style, cb.width);
  // a replaced box, and a table as Blink lays it out, keeps its own size between two insets (shrink-to-fit, not stretched)
  const insetsSize = inner.kind !== 'block-replaced' && inner.kind !== 'table';
  let width: number | undefined = resolveAuto(style.width, cb.width);
  if (width !== undefined && style.boxSizing === 'content-box') width += frame;
  if (width === undefined && left !== undefined && right !== undefined && insetsSize) width = Math.max(0, cb.width - left - right - ml - mr);
  let height: number | undefined;
  const h = resolveAuto(style.height, cb.height);
  if (h !== undefined) height = style.boxSizing === 'content-box' ? h + frameV(style, cb.width) : h;
  else if (top !== undefined && bottom !== undefined && insetsSize) height = Math.max(0, cb.height - top - bottom - mt - mb);
  const fixed = viewport && style.position === 'fixed';
  // §10.6.4 with both insets and a height: auto top margins take what is left (the top edge waits for the height)
  const centred = top !== undefined && bottom !== undefined && sized(inner.kind, style.height) && style.margin.top === 'auto';
  // CSS Fragmentation 3 as Chromium prints out-of-flow boxes: one whose top edge is known before
  // its height (from `top`, or its static position) is laid out on the pages from there, its
  // content breaking where they end as flow content does (the pages it reaches are made)
  const breaks = !fixed && !centred && ctx.pages.paginates && ctx.pages.breaks === undefined && (top !== undefined || bottom === undefined);
  const known = top !== undefined ? cb.y + top + mt : a.staticY + mt;
  const r = breaks
    ? layoutIndependent(inner, { x: 0, y: known - mt, cbWidth: cb.width, cbHeight: cb.height, borderBoxWidth: width, borderBoxHeight: height, availableWidth: available, absolutes: [] }, { ...ctx, pages: outOfFlowPages(ctx.pages) })
    : layoutIndependent(inner, { x: 0, y: 0, cbWidth: cb.width, cbHeight: cb.height, borderBoxWidth: width, borderBoxHeight: height, availableWidth: available, absolutes: [] }, fixed ? monolithic(ctx) : withoutBreaks(ctx));
  const f = r.fragment;
  if (!f) return undefined;
  const w = f.width; const hh = f.height;
  // §10.3.7 / §10.6.4 (and §10.3.8 / §10.6.5 for replaced boxes): with both insets and a size,
  // auto margins share what is left (horizontally never below zero on the start side)
  let mlUsed = ml; let mtUsed = mt;
  if (left !== undefined && right !== undefined && sized(inner.kind, style.width)) {
    const free = cb.width - left - right - w - ml - mr;
    const autoL = style.margin.left === 'auto'; const autoR = style.margin.right === 'auto';
    if (autoL && autoR) mlUsed = Math.max(0, free / 2);
    else if (autoL) mlUsed = free;
  }
  if (top !== undefined && bottom !== undefined && sized(inner.kind, style.height)) {
    const free = cb.height - top - bottom - hh - mt - mb;
    const autoT = style.margin.top === 'auto'; const autoB = style.margin.bottom === 'auto';
    if (autoT && autoB) mtUsed = free / 2;
    else if (autoT) mtUsed = free;
  }
  let x: number;
  if (left !== undefined) x = cb.x + left + mlUsed;
  else if (right !== undefined) x = cb.x + cb.width - right - mr - w;
  else x = a.staticX + ml;
  let y: number;
  if (breaks) y = known;
  else if (top !== undefined) y = cb.y + top + mtUsed;
  else if (bottom !== undefined) y = cb.y + cb.height - bottom - mb - hh;
  else y = a.staticY + mt;
  translate(f, x - f.x, y - f.y);
  return withFlags(f, a.opacity !== undefined && a.opacity < 1 ? { positioned: true, fixed, escapedOpacity: a.opacity } : { positioned: true, fixed });
}

/** whether an absolutely positioned box's width or height is known before its content: specified, or a replaced box's */
function sized(kind: BlockLevelBox['kind'], v: ComputedStyle['width']): boolean {
  return v !== 'auto' || kind === 'block-replaced';
}

function withFlags(f: BoxFragment, flags: { positioned?: boolean; fixed?: boolean; float?: boolean; escapedOpacity?: number }): BoxFragment {
  return { ...f, ...flags };
}

// ---------------------------------------------------------------------------------------
// Block containers (CSS 2.1 §9.4.1, §10.3.3, §10.6.3)

function layoutBlockContainer(box: BlockBox | ListItemBox, input: BlockInput, ctx: LayoutContext): BlockResult {
  const style = box.style;
  // a form control's auto width is its intrinsic one, wherever it stands (layout/control.ts)
  const control = box.kind === 'block' ? box.control : undefined;
  const intrinsicWidth = control ? controlInlineSize(control, style, ctx.faces) : undefined;
  const used = usedBlockBox(style, input.cbWidth, intrinsicWidth, input.cbHeight, input);
  const bfc = establishesBfc(style) || input.borderBoxWidth !== undefined || input.root === true;
  let contentWidth = used.contentWidth;
  let marginLeft = used.marginLeft;
  const frameH = used.border.left + used.border.right + used.padding.left + used.padding.right;
  if (input.borderBoxWidth !== undefined) { contentWidth = Math.max(0, input.borderBoxWidth - frameH); marginLeft = marginPt(style.margin.left, input.cbWidth); }

  // the top margin: collapsed with the margins above, and with the first children's when nothing separates them
  const quirkyContainer = isQuirkyContainer(box);
  const ownStrut = strutWith(input.marginStrut, used.marginTop, isQuirky(style.margin.top));
  const collapsesTop = !bfc && used.border.top === 0 && used.padding.top === 0;
  let strut = ownStrut;
  let childStrut: MarginStrut = quirkyContainer ? QUIRKY_START_STRUT : EMPTY_STRUT;
  let empty = false;
  // CSS Box 4 §3.3 margin-trim: block-start zeroes the margins that adjoin the content's start (the
  // first children's, and those collapsed with them); Chromium 156 trims in block containers only
  const trim = style.marginTrim;
  if (trim.blockStart) {
    const chain: ChainMargin[] = [];
    empty = !leadingMargins(box.children, contentWidth, chain);
    // the children's margins meet a strut that absorbs them (size 0)
    const absMax = chain.reduce((m, c) => Math.max(m, Math.abs(c.m)), 0);
    childStrut = marginStrut(absMax, -absMax, 0, quirkyContainer);
  } else if (collapsesTop) {
    const chain: ChainMargin[] = [];
    empty = !leadingMargins(box.children, contentWidth, chain);
    // at the start of a quirky container the children's quirky margins take no space
    let folded: MarginStrut = quirkyContainer && !ownStrut.quirkyStart ? marginStrut(ownStrut.pos, ownStrut.neg, ownStrut.quirkyPos, true) : ownStrut;
    let absMax = 0;
    for (const c of chain) {
      if (c.quirky && folded.quirkyStart) continue;
      folded = strutWith(folded, c.m, c.quirky);
      absMax = Math.max(absMax, Math.abs(c.m));
    }
    strut = folded.quirkyStart && !ownStrut.quirkyStart ? marginStrut(folded.pos, folded.neg, folded.quirkyPos) : folded;
    // the children's margins are in `strut` already: this strut absorbs them again (size 0)
    childStrut = marginStrut(absMax, -absMax, 0, folded.quirkyStart);
  }
  let y = input.y + strutSize(strut);
  // the bottom: the last child's margin collapses through when nothing separates them (§8.3.1)
  const collapsesBottom = !bfc && used.border.bottom === 0 && used.padding.bottom === 0 && used.height === undefined && input.borderBoxHeight === undefined;
  // a box with no content and no height: its margins collapse through it, it has no edge of its own to break before
  const collapsesThrough = empty && collapsesBottom && used.minHeight <= 0;
  // CSS Fragmentation 3 §5.2: the margins above a box that starts after an unforced break truncate to
  // zero; margins that reach past the fragmentainer's end break there (before the box) and truncate
  if (input.afterBreak) { strut = EMPTY_STRUT; y = input.y; }
  else if (ctx.pages.paginates && !collapsesThrough && strutSize(strut) > 0 && !ctx.pages.atPageStart(input.y)) {
    const end = ctx.pages.pageEnd(input.y + 0.01);
    if (y >= end - 0.01) { strut = EMPTY_STRUT; y = end; }
  }
  // CSS 2.1 §9.5.2 clearance: the border edge goes below the floats it clears
  let cleared = false;
  if (style.clear !== 'none') {
    const below = input.floats.clearance(style.clear);
    if (below > y) { y = below; cleared = true; }
  }
  // CSS 2.1 §9.5: a box in normal flow that establishes a block formatting context does not
  // overlap the floats of its parent's context: it narrows beside them (an auto width) or moves below them
  let x = input.cbX + marginLeft;
  if (bfc && input.borderBoxWidth === undefined && style.float === 'none' && input.floats.bottom() > y) {
    const band = input.floats.space(y, 1, input.cbX, input.cbX + input.cbWidth);
    if (band.left > input.cbX || band.right < input.cbX + input.cbWidth) {
      // its border box, not its margins: a margin as specified reaches under the floats (a used margin
      // that absorbs the over-constrained rest, CSS 2.1 §10.3.3, takes no room)
      const left = Math.max(input.cbX + marginPt(style.margin.left, input.cbWidth), band.left);
      const right = Math.min(input.cbX + input.cbWidth - marginPt(style.margin.right, input.cbWidth), band.right);
      const room = right - left - frameH;
      if (style.width === 'auto') { contentWidth = Math.max(0, Math.min(contentWidth, room)); x = left; }
      else if (contentWidth <= room) {
        // auto margins share what the space beside the floats leaves, as Blink resolves them in the layout opportunity
        const free = room - contentWidth;
        x = left + (style.margin.left !== 'auto' ? 0 : style.margin.right === 'auto' ? free / 2 : free);
      }
      else { y = Math.max(y, input.floats.clearance('both')); }
    }
  }
  const contentX = x + used.border.left + used.padding.left;
  const contentTop = y + used.border.top + used.padding.top;
  // the content box follows the page area when the box's width is what is left of its containing block's
  const follows = input.pageInset !== undefined && input.borderBoxWidth === undefined && style.width === 'auto' && style.maxWidth === 'none' &&
    Math.abs(input.cbWidth - used.marginLeft - used.marginRight - frameH - contentWidth) < 0.01;
  const pageInset = follows ? input.pageInset! + input.cbWidth - contentWidth : undefined;
  const floats = bfc ? new Floats() : input.floats;
  const cbHeight = used.height ?? (input.borderBoxHeight !== undefined ? Math.max(0, input.borderBoxHeight - used.border.top - used.border.bottom - used.padding.top - used.padding.bottom) : undefined);
  // what the children's percentage heights resolve against: this box's definite height, else, in
  // quirks mode (Quirks Mode §3.5 the percentage height calculation quirk, Blink's
  // SkipContainingBlockForPercentHeightCalculation), its own containing block's when its height is
  // auto and it is a block in normal flow (not a table cell, flex or grid item, absolutely
  // positioned box or multi-column container): up to the page area
  const skipped = cbHeight === undefined && ctx.quirksMode === true && style.height === 'auto' && input.borderBoxWidth === undefined
    && style.display !== 'table-cell' && style.position !== 'absolute' && style.position !== 'fixed' && !isMulticol(style);
  const percentBase = skipped ? input.cbHeight : cbHeight;
  // CSS Fragmentation 3 §4.1 as Blink 156 breaks: when the box's bottom follows its content, its
  // block-end padding and borders (and what follows the box itself) go on the last content's page
  const frameBottom = used.padding.bottom + used.border.bottom;
  const inReserve = input.endReserve ?? 0;
  const followsContent = used.height === undefined && input.borderBoxHeight === undefined && used.minHeight <= 0 && !isMulticol(style) && lineClampOf(style) === undefined;
  const endReserve = followsContent && (frameBottom > 0 || inReserve > 0) ? inReserve + frameBottom : 0;
  const flowInput: FlowInput = {
    endReserve, endMargin: frameBottom > 0 ? 0 : Math.max(0, used.marginBottom),
    x: contentX, width: contentWidth, pageInset, y: contentTop, strut: childStrut, floats, absolutes: input.absolutes, cbHeight: percentBase, link: input.link,
    // CSS Paged Media 3 §7.1: `page: auto` takes the parent's used page name; a box laid out as its own
    // formatting context (a table cell, flex or grid item, float) is given none: it takes its page's, as
    // Chromium prints it (its block children start named pages only where their name differs)
    pageName: style.page !== 'auto' ? style.page : input.pageName ?? ctx.pages.pageNameAt?.(y) ?? 'auto', direction: style.direction, textAlign: style.textAlign, cbTop: y,
  };
  // a multi-column container lays its content out in columns (multicol.ts), any other block container in one flow
  const flowCtx = clipsOnThisPage(box, y, used.border.top + used.padding.top + used.padding.bottom + used.border.bottom, cbHeight, used.minHeight, ctx) ? withoutBreaks(ctx) : ctx;
  let flow = isMulticol(style) ? layoutColumns(style, box.children, flowInput, flowCtx) : layoutChildren(box.children, flowInput, flowCtx);
  const clamp = lineClampOf(style);
  if (clamp !== undefined) {
    const cut = clampLines(flow.fragments, clamp, ctx.faces);
    if (cut) flow = { ...flow, bottom: cut.bottom, strut: EMPTY_STRUT, lastBaseline: cut.baseline };
  }

  if (box.kind === 'list-item' && box.marker && !hasImageMarker(box)) flow = markerPush(flow, box.markerStyle ?? box.style, ctx);

  let contentBottom = flow.bottom;
  let outStrut: MarginStrut;
  // margin-trim block-end: the margins that adjoin the content's end (CSS Box 4 §3.3) take no space
  if (trim.blockEnd) outStrut = EMPTY_STRUT;
  else if (collapsesBottom) outStrut = flow.strut;
  else {
    contentBottom = flow.bottom + (quirkyContainer ? quirkyContainerStrutSize(flow.strut) : strutSize(flow.strut));
    outStrut = EMPTY_STRUT;
    // CSS Fragmentation 3 §5.2: the last child's margin, kept inside, is truncated where the page ends
    if (ctx.pages.paginates && contentBottom > flow.bottom) {
      const end = ctx.pages.pageEnd(flow.bottom);
      if (flow.bottom <= end && contentBottom > end) contentBottom = end;
    }
  }
  if (bfc) contentBottom = Math.max(contentBottom, floats.bottom());
  let contentHeight = Math.max(0, contentBottom - contentTop);
  if (input.borderBoxHeight !== undefined) contentHeight = Math.max(0, input.borderBoxHeight - used.border.top - used.border.bottom - used.padding.top - used.padding.bottom);
  else if (used.height !== undefined) contentHeight = used.height;
  else if (control) contentHeight = controlBlockSize(control, style, ctx.faces);
  contentHeight = Math.max(contentHeight, used.minHeight);
  const maxHV = lengthOr(style.maxHeight, 'none');
  const maxH = maxHV === 'none' ? undefined : maxHV.pct && input.cbHeight === undefined ? undefined : resolve(maxHV, input.cbHeight ?? 0);
  if (maxH !== undefined && input.borderBoxHeight === undefined) contentHeight = Math.min(contentHeight, Math.max(0, style.boxSizing === 'border-box' ? maxH - used.border.top - used.border.bottom - used.padding.top - used.padding.bottom : maxH));
  // a text field's or select's line is centred in its content box, above or below it (Blink's inner editor)
  if (control && (control.kind === 'text-field' || control.kind === 'select')) {
    const dy = (contentHeight - (flow.bottom - contentTop)) / 2;
    if (Math.abs(dy) > 0.001) {
      for (const f of flow.fragments) translate(f, 0, dy);
      const moved = (b: number | undefined) => (b === undefined ? undefined : b + dy);
      flow = { ...flow, firstBaseline: moved(flow.firstBaseline), lastBaseline: moved(flow.lastBaseline) };
    }
  }
  // a scroll container wider inside than its padding box prints its horizontal scrollbar below it (scrollbar.ts)
  const tag = box.element?.tag;
  const scrollbar = tag !== 'html' && tag !== 'body' && scrollsHorizontally(style, flow.fragments, contentX + contentWidth);
  const autoHeight = input.borderBoxHeight === undefined && used.height === undefined;
  const height = used.border.top + used.padding.top + contentHeight + used.padding.bottom + used.border.bottom + (scrollbar && autoHeight ? SCROLLBAR : 0);
  // CSS Fragmentation 3 §4.1 as Blink fragments a box: its borders and padding do not break, so
  // a box with nothing inside (no content, no content height) that crosses the page's end has
  // no break opportunity but the one before it: it moves to the next page whole
  if (ctx.pages.paginates && contentHeight === 0 && flow.fragments.length === 0 && height > 0 && y + height > ctx.pages.pageEnd(y) + 0.01 && !firstOnPage(ctx.pages, y)) {
    y = ctx.pages.pageEnd(y);
  }

  const children: Fragment[] = flow.fragments;
  if (bfc && floats.fragments.length) children.push(...floats.rootFragments);
  if (scrollbar) {
    const paddingBox = { x: x + used.border.left, y: y + used.border.top, width: contentWidth + used.padding.left + used.padding.right, height: height - used.border.top - used.border.bottom };
    children.push(...scrollbarFragments(style, paddingBox, contentRight(flow.fragments) + used.padding.right - paddingBox.x));
  }
  const fragment: BoxFragment = {
    kind: 'box', style, element: box.element, x, y, width: contentWidth + frameH, height,
    border: used.border, padding: used.padding, children,
  };
  if (box.kind === 'list-item' && (box.marker || hasImageMarker(box))) {
    const marker = markerFragment(box, { contentX, baseline: flow.firstBaseline ?? contentTop + ctx.faces.ascent(style) }, ctx);
    if (marker) children.unshift(marker);
  }
  // an empty box whose margins collapse through it (§8.3.1): its top and bottom margins join;
  // one with clearance stays where clearance put it, and its parent grows to hold it (§10.6.3)
  if (empty && collapsesBottom && height === 0 && !cleared && !emptyHasClearance(style, strut, input)) {
    return { fragment, marginStrut: strutWith(strut, used.marginBottom, isQuirky(style.margin.bottom)), bottom: input.y, firstBaseline: undefined, lastBaseline: undefined };
  }
  return {
    fragment, marginStrut: strutWith(outStrut, used.marginBottom, isQuirky(style.margin.bottom)), bottom: y + height,
    firstBaseline: flow.firstBaseline, lastBaseline: flow.lastBaseline, breakBefore: flow.breakBefore,
  };
}

/**
 * CSS 2.1 §9.5.2 whether an empty box with `clear` has clearance (then the margins above it stay
 * above it: they neither collapse through it nor with its parent's bottom margin) when its
 * border edge is not below the floats it clears. The hypothetical position Chromium 156 tests
 * is its containing block's top border edge plus the collapsed margins above the box, not the
 * box's own position after the content before it: an empty clearfix after a paragraph whose
 * bottom margin is smaller than the float's reach below the section's top keeps that margin
 * inside the section (measured: section top + margin < float bottom keeps it, = or > collapses).
 */
function emptyHasClearance(style: ComputedStyle, strut: MarginStrut, input: BlockInput): boolean {
  return style.clear !== 'none' && input.cbTop !== undefined && input.floats.clearance(style.clear) > input.cbTop + strutSize(strut) + 0.005;
}

interface FlowInput {
  readonly x: number;
  readonly width: number;
  /** BlockInput.pageInset of the children */
  readonly pageInset: number | undefined;
  readonly y: number;
  readonly strut: MarginStrut;
  readonly floats: Floats | BlockInput['floats'];
  readonly absolutes: PendingAbsolute[];
  readonly cbHeight: number | undefined;
  readonly link: BlockInput['link'];
  readonly pageName: string;
  /** the container's direction */
  readonly direction: 'ltr' | 'rtl';
  /** the container's text-align (BlockInput.cbTextAlign of the children) */
  readonly textAlign: ComputedStyle['textAlign'];
  /** the container's top border edge (BlockInput.cbTop of the children) */
  readonly cbTop?: number;
  /**
   * BlockInput.endReserve of the last child, before its own bottom margin: the container's
   * block-end padding and borders and the reserve the container was given (0: none)
   */
  readonly endReserve: number;
  /** the bottom margin endReserve counts already, which the last child's collapses with */
  readonly endMargin: number;
}

/**
 * Scratch lists of the block containers being laid out, one per nesting depth: a flow's
 * fragments are gathered here and copied out at their exact length, so a flow does not grow a
 * list of its own (V8 grows an empty array to 17 slots on its first push). Layout is synchronous:
 * the depth is back where it was when layoutChildren returns or throws.
 */
const flowScratch: Fragment[][] = [];
let flowDepth = 0;

/** The block-level children of a block container, one after another (CSS 2.1 §9.4.1). */
function layoutChildren(children: readonly BlockLevelBox[], input: FlowInput, ctx: LayoutContext): FlowResult {
  const only = children.length === 1 ? children[0]! : undefined;
  if (only?.kind === 'inlines') return inlineFlow(only, input, ctx);
  const depth = flowDepth++;
  const fragments = flowScratch[depth] ??= [];
  try {
    return flowOf(children, input, ctx, fragments);
  } finally {
    fragments.length = 0;
    flowDepth = depth;
  }
}

/**
 * The flow of a block container whose one child is an anonymous block of inline content (a
 * paragraph, a table cell of text): what flowOf does for a child that is first and last, without
 * what siblings need (no forced or named-page break between siblings, no restart points, no
 * break avoidance, nothing laid out again) and without the child's BlockInput and BlockResult.
 */
function inlineFlow(child: InlineFormattingBox, input: FlowInput, ctx: LayoutContext): FlowResult {
  const pages = ctx.pages;
  // CSS Fragmentation 3 §5.2: margins adjoining an unforced break truncate to zero
  const strut = pages.paginates && afterUnforcedBreak(pages, input.y) ? EMPTY_STRUT : input.strut;
  const y = input.y + strutSize(strut);
  const inline: InlineInput = { x: input.x, width: pageWidth(input.width, input.pageInset, y, ctx), pageInset: input.pageInset, y, cbHeight: input.cbHeight, floats: input.floats, absolutes: input.absolutes, link: input.link, endReserve: input.endReserve > 0 ? input.endReserve : 0 };
  const r = anonymousLines(child, inline, ctx);
  if (!r) return { fragments: [], bottom: input.y, strut, firstBaseline: undefined, lastBaseline: undefined };
  const fragment = anonymousFragment(child, inline, r);
  if (r.bottom > fragment.y + 0.01) pages.content?.(fragment.y, r.bottom);
  return { fragments: [fragment], bottom: r.bottom, strut: EMPTY_STRUT, firstBaseline: r.firstBaseline, firstBaselineChild: r.firstBaseline === undefined ? undefined : 0, lastBaseline: r.lastBaseline };
}

/** forgets what a child laid out again had added to the flow's floats and absolutely positioned boxes (a function, not a closure per child) */
function undo(input: FlowInput, floatMark: FloatMark, absoluteMark: number): void {
  input.floats.rollback(floatMark); input.absolutes.length = absoluteMark;
}

/** layoutChildren's flow, its fragments gathered in `fragments` (empty at first) */
function flowOf(children: readonly BlockLevelBox[], input: FlowInput, ctx: LayoutContext, fragments: Fragment[]): FlowResult {
  let y = input.y;
  let strut = input.strut;
  let firstBaseline: number | undefined;
  // the index in `fragments` of the child whose first baseline that is
  let firstBaselineChild: number | undefined;
  let lastBaseline: number | undefined;
  const pages = ctx.pages;
  // restart points for break avoidance: the state before each child (a single child has no sibling to restart from)
  const starts: { y: number; strut: MarginStrut; count: number; first: number | undefined; firstChild: number | undefined; last: number | undefined; floats: FloatMark; absolutes: number }[] | undefined = children.length > 1 ? [] : undefined;
  // the start of the page that the last forced break moved to
  let forcedAt: number | undefined;
  // break avoidance asks for the break before the first child: the container's own (BlockResult.breakBefore)
  let breakBeforeFirst = false;
  // the last child with content in the flow, which is given the container's end reserve
  let last = children.length - 1;
  if (input.endReserve > 0) while (last >= 0 && !inFlowContent(children[last]!)) last--;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    const prev = i > 0 ? children[i - 1] : undefined;
    // the last in-flow sibling before the child (forced breaks are between in-flow siblings)
    let inFlowPrev = prev;
    for (let k = i - 2; inFlowPrev?.kind === 'absolute'; k--) inFlowPrev = k >= 0 ? children[k] : undefined;
    // its bottom margin, inside the container's padding (or collapsed with the margin counted already), goes with it
    const endReserve = i !== last || input.endReserve <= 0 ? 0 :
      input.endReserve + (child.kind === 'inlines' || child.kind === 'absolute' ? 0 : Math.max(0, marginPt(child.style.margin.bottom, input.width) - input.endMargin));
    let forcedHere = false;
    // CSS Fragmentation 3 §3.1 forced breaks between siblings (the legacy page-break-* map onto break-*),
    // between in-flow siblings: an absolutely positioned box after a forced break-after has its
    // static position on the next page, as Chromium 156 prints it
    if (pages.paginates && (child.kind !== 'absolute' || inFlowPrev !== undefined)) {
      const forced = child.kind === 'absolute' ? forcedAfter(inFlowPrev!) : forcedBetween(inFlowPrev, child);
      // (CSS Fragmentation 3 §5.2: the margins before a forced break truncate, so they never reach into the next page)
      // (a sibling placed at this page's top before the break, however empty, ends the page: Chromium
      // 156 prints `<div></div><div style="break-before:page">` on two pages)
      const occupied = prev !== undefined && prev.kind !== 'absolute' && starts !== undefined && pages.atPageStart(y) && starts[i - 1]!.y >= pages.pageStart(y + 0.01) - 0.01;
      if (forced && (fragments.length > 0 || occupied)) { y = pages.forcedBreak(y, occupied); strut = EMPTY_STRUT; forcedHere = true; }
    }
    // CSS Paged Media 3 §7.1: a sibling whose start page value differs from the page's name
    // starts a page of that name (a first child's start value is its parent's, placed already)
    const pageName = child.style.page !== 'auto' ? child.style.page : input.pageName;
    if (pages.pageNamed && child.kind !== 'absolute' && child.kind !== 'inlines' && fragments.length > 0) {
      const last = fragments[fragments.length - 1];
      const occupied = last !== undefined && last.kind === 'box' && last.y >= pages.pageStart(y + 0.01) - 0.01;
      const moved = pages.pageNamed(y, startPageName(child, input.pageName), occupied);
      if (moved !== y) { y = moved; strut = EMPTY_STRUT; forcedHere = true; }
    }
    // CSS Fragmentation 3 §5.2: margins adjoining an unforced break truncate to zero (after a forced one they stay)
    // (an empty sibling placed after a forced break leaves its margins to the next one: they stay too)
    if (forcedHere) forcedAt = pages.pageStart(y + 0.01);
    const afterBreak = pages.paginates && child.kind !== 'absolute' && afterUnforcedBreak(pages, y) &&
      (forcedAt === undefined || Math.abs(pages.pageStart(y + 0.01) - forcedAt) > 0.01);
    if (afterBreak) strut = EMPTY_STRUT;
    // a child laid out again below places its floats and queues its absolutely positioned boxes again:
    // what its first layout added goes first
    const floatMark = input.floats.mark();
    const absoluteMark = input.absolutes.length;
    if (starts) starts[i] = { y, strut, count: fragments.length, first: firstBaseline, firstChild: firstBaselineChild, last: lastBaseline, floats: floatMark, absolutes: absoluteMark };
    let r = ctx.layoutBlockLevel(child, {
      cbX: input.x, cbWidth: input.width, pageInset: input.pageInset, cbHeight: input.cbHeight, y, marginStrut: strut,
      floats: input.floats, absolutes: input.absolutes, link: input.link, pageName, cbDirection: input.direction, cbTextAlign: input.textAlign, cbTop: input.cbTop, endReserve, afterBreak,
    }, ctx);
    // CSS Fragmentation 3 §4.1 as Blink breaks: no break between a box's top and its first content
    // (a class C break); when that content starts the next page, the box does too, its top margin
    // truncated there (its border and padding go with it)
    if (pages.paginates && r.fragment && (child.kind === 'block' || child.kind === 'list-item' || child.kind === 'flex' || child.kind === 'grid') && !pages.atPageStart(r.fragment.y)) {
      // (the floats it placed are content of its own: they are in the fragments of the formatting context's root)
      const inFlow = firstContent(r.fragment);
      const floatTop = input.floats.topSince(floatMark);
      const first = floatTop === undefined ? inFlow : Math.min(inFlow ?? Infinity, floatTop);
      const end = pages.pageEnd(r.fragment.y + 0.01);
      if (first !== undefined && first >= end - 0.01) {
        undo(input, floatMark, absoluteMark);
        r = ctx.layoutBlockLevel(child, {
          cbX: input.x, cbWidth: input.width, pageInset: input.pageInset, cbHeight: input.cbHeight, y: end, marginStrut: EMPTY_STRUT,
          floats: input.floats, absolutes: input.absolutes, link: input.link, pageName, cbDirection: input.direction, cbTextAlign: input.textAlign, cbTop: input.cbTop, endReserve, afterBreak: true,
        }, ctx);
      }
    }
    // CSS Fragmentation 3 §4.4: when break avoidance inside the child moves the break to before
    // its first child, that break is the one before the child: the child starts the next page
    // (a heading that avoids a break after it, first in its section, goes there with its section)
    if (pages.paginates && r.breakBefore && r.fragment && !pages.atPageStart(r.fragment.y)) {
      if (fragments.length > 0) {
        undo(input, floatMark, absoluteMark);
        r = ctx.layoutBlockLevel(child, {
          cbX: input.x, cbWidth: input.width, pageInset: input.pageInset, cbHeight: input.cbHeight, y: pages.pageEnd(r.fragment.y), marginStrut: EMPTY_STRUT,
          floats: input.floats, absolutes: input.absolutes, link: input.link, pageName, cbDirection: input.direction, cbTextAlign: input.textAlign, cbTop: input.cbTop, endReserve, afterBreak: true,
        }, ctx);
      }
      else breakBeforeFirst = true;
    }
    // break avoidance (break-after: avoid, break-before: avoid):
    // when the child's content starts on a later page than the previous sibling ends, move the previous sibling too
    // (or, the previous sibling being the first, the container: BlockResult.breakBefore); a forced break between
    // them (or a new page name) is no unforced break to avoid: it stays, and so does the previous sibling
    // (CSS Fragmentation 3 §3.1: avoid only weighs unforced breaks; Chromium 156 prints a heading with
    // break-after: avoid at the end of its page when the next sibling has break-before: page)
    if (pages.paginates && prev && r.fragment && starts && !forcedHere && avoidsBreakBetween(prev, child, pages)) {
      const s = starts[i - 1]!;
      const prevStartPage = pages.pageStart(s.y + 0.01);
      const childTop = firstContentTop(r.fragment);
      if (pages.pageStart(childTop + 0.01) > prevStartPage && !pages.atPageStart(s.y) && s.count === 0) breakBeforeFirst = true;
      if (pages.pageStart(childTop + 0.01) > prevStartPage && !pages.atPageStart(s.y) && starts[i - 1]!.count > 0) {
        const moved = pages.pageEnd(s.y);
        fragments.length = s.count; firstBaseline = s.first; firstBaselineChild = s.firstChild; lastBaseline = s.last;
        input.floats.rollback(s.floats); input.absolutes.length = s.absolutes;
        y = moved; strut = EMPTY_STRUT;
        i -= 2; // lay out prev again at the next page's top
        starts.length = Math.max(0, i + 1);
        // (the restart happens once per pair: the moved previous sibling starts at a page top)
        continue;
      }
    }
    if (r.fragment) fragments.push(r.fragment);
    if (r.firstBaseline !== undefined && firstBaseline === undefined) { firstBaseline = r.firstBaseline; if (r.fragment) firstBaselineChild = fragments.length - 1; }
    if (r.lastBaseline !== undefined) lastBaseline = r.lastBaseline;
    // break-inside: avoid: a box that crosses a page end moves to the next page (taller than a page, it
    // breaks inside there), its top margin (and the margins collapsed through it) truncated there (CSS
    // Fragmentation 3 §5.2)
    if (r.fragment && child.kind !== 'inlines' && movesToNextFragmentainer(child.style, pages, r.fragment.y)) {
      const f = r.fragment;
      const end = pages.pageEnd(f.y + 0.01);
      if (f.y + f.height > end + 0.01) {
        // (the break it moves to is before it: one the previous sibling avoids after it moves that sibling too, as above)
        if (prev && starts && !forcedHere && avoidsBreakBetween(prev, child, pages)) {
          const s = starts[i - 1]!;
          if (!pages.atPageStart(s.y) && pages.pageStart(s.y + 0.01) === pages.pageStart(f.y + 0.01)) {
            if (s.count === 0) breakBeforeFirst = true;
            else {
              fragments.length = s.count; firstBaseline = s.first; firstBaselineChild = s.firstChild; lastBaseline = s.last;
              input.floats.rollback(s.floats); input.absolutes.length = s.absolutes;
              y = pages.pageEnd(s.y); strut = EMPTY_STRUT;
              i -= 2; // lay out prev again at the next page's top
              starts.length = Math.max(0, i + 1);
              continue;
            }
          }
        }
        fragments.pop();
        undo(input, floatMark, absoluteMark);
        const again = ctx.layoutBlockLevel(child, {
          cbX: input.x, cbWidth: input.width, pageInset: input.pageInset, cbHeight: input.cbHeight, y: end, marginStrut: EMPTY_STRUT,
          floats: input.floats, absolutes: input.absolutes, link: input.link, pageName, cbDirection: input.direction, cbTextAlign: input.textAlign, cbTop: input.cbTop, endReserve, afterBreak: true,
        }, ctx);
        if (again.fragment) { fragments.push(again.fragment); pages.content?.(again.fragment.y, again.bottom); }
        y = again.bottom; strut = again.marginStrut;
        if (again.lastBaseline !== undefined) lastBaseline = again.lastBaseline;
        continue;
      }
    }
    if (child.kind !== 'absolute') { y = r.bottom; strut = r.marginStrut; }
    if (r.fragment && child.kind !== 'absolute' && r.bottom > r.fragment.y + 0.01) pages.content?.(r.fragment.y, r.bottom);
  }
  return { fragments: fragments.slice(), bottom: y, strut, firstBaseline, firstBaselineChild, lastBaseline, breakBefore: breakBeforeFirst || undefined };
}

/** Whether a child of a block container puts something in its flow (an absolutely positioned box or collapsed white space does not). */
function inFlowContent(box: BlockLevelBox): boolean {
  if (box.kind === 'absolute') return false;
  return box.kind !== 'inlines' || hasLineContent(box.children) || hasFloat(box.children);
}

/** Whether flow position y starts a fragmentainer that follows another one (a page or column after a break). */
function afterUnforcedBreak(pages: LayoutContext['pages'], y: number): boolean {
  return pages.atPageStart(y) && pages.pageStart(y - 0.02) < y - 0.01;
}

/** Whether CSS Fragmentation 3 §3.1 forces a page break between two siblings (page, always, left, right, recto, verso). */
/**
 * CSS Paged Media 3 §7.1 the start page value of a box: the used page name of its first
 * in-flow content, which names the first page (margins above it do not start a page).
 */
export function startPageName(box: BlockLevelBox, inherited: string): string {
  const name = box.style.page !== 'auto' ? box.style.page : inherited;
  if (box.kind !== 'block' && box.kind !== 'list-item') return name;
  for (const c of box.children) {
    if (c.kind === 'absolute') continue;
    if (c.kind === 'inlines') return name;
    return startPageName(c, name);
  }
  return name;
}

function forcedBetween(prev: BlockLevelBox | undefined, child: BlockLevelBox): boolean {
  return forcedBefore(child) || (prev !== undefined && forcedAfter(prev));
}

const forces = (v: ComputedStyle['breakBefore']): boolean => v === 'page' || v === 'always' || v === 'left' || v === 'right' || v === 'recto' || v === 'verso';

/**
 * CSS Fragmentation 3 §3.1: breaks occur only between siblings, so a first child's forced
 * break-before is its container's, and a last child's forced break-after too (a section whose
 * first heading breaks before it starts the page; Chromium propagates them the same way).
 */
function forcedBefore(box: BlockLevelBox): boolean {
  if (forces(breakBefore(box))) return true;
  if (box.kind !== 'block' && box.kind !== 'list-item') return false;
  for (const c of box.children) if (c.kind !== 'absolute') return forcedBefore(c);
  return false;
}

function forcedAfter(box: BlockLevelBox): boolean {
  if (forces(breakAfter(box))) return true;
  if (box.kind !== 'block' && box.kind !== 'list-item') return false;
  for (let i = box.children.length - 1; i >= 0; i--) { const c = box.children[i]!; if (c.kind !== 'absolute') return forcedAfter(c); }
  return false;
}

function avoidsBreakBetween(prev: BlockLevelBox, child: BlockLevelBox, pages: Fragmentainer): boolean {
  return avoidsBreak(breakAfter(prev), pages) || avoidsBreak(breakBefore(child), pages);
}

/** The flow position of a box's first line or monolithic content inside its own border and padding (undefined: none). */
function firstContent(f: BoxFragment): number | undefined {
  for (const c of f.children) {
    if (c.kind === 'line') return c.y;
    if (c.kind === 'image') return c.y;
    if (c.kind === 'box' && !c.positioned && !c.float && c.style.position !== 'absolute' && c.style.position !== 'fixed') {
      if (c.children.length === 0 || c.border.top > 0 || c.padding.top > 0) return c.y;
      const inner = firstContent(c);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/** Where a box's first content is (its first line box, or its first child box without children): where its first page is decided. */
function firstContentTop(f: BoxFragment): number {
  if (f.border.top > 0 || f.padding.top > 0) return f.y;
  for (const c of f.children) {
    if (c.kind === 'line') return c.y;
    if (c.kind === 'box' && !c.positioned && !c.float) return c.children.length ? firstContentTop(c) : c.y;
  }
  return f.y;
}

// an anonymous block of inline content carries its container's style, not break values of its own
const breakBefore = (box: BlockLevelBox): ComputedStyle['breakBefore'] => (box.kind === 'inlines' ? 'auto' : box.style.breakBefore);
const breakAfter = (box: BlockLevelBox): ComputedStyle['breakAfter'] => (box.kind === 'inlines' ? 'auto' : box.style.breakAfter);


/** A margin of the chain that collapses with a container's top, and whether it is quirky. */
interface ChainMargin { readonly m: number; readonly quirky: boolean }

/** A quirky margin (HTML §15.3.3; the quirks-mode UA sheet marks them). */
const isQuirky = (m: ComputedStyle['margin']['top']): boolean => m !== 'auto' && m.quirky === true;

/** HTML §15.3.3: body, td and th drop the quirky margins that meet their content's start and end. */
function isQuirkyContainer(box: BlockBox | ListItemBox): boolean {
  const tag = box.element?.tag;
  return tag === 'body' || tag === 'td' || tag === 'th';
}

/**
 * The margins that collapse with a container's top, in order (CSS 2.1 §8.3.1), without the quirky
 * ones inside a quirky container they meet the start of; false when no content ends the chain.
 */
function leadingMargins(children: readonly BlockLevelBox[], cbWidth: number, out: ChainMargin[], quirkyStart = false): boolean {
  const push = (m: ComputedStyle['margin']['top']) => { if (!(quirkyStart && isQuirky(m))) out.push({ m: marginPt(m, cbWidth), quirky: isQuirky(m) }); };
  for (const c of children) {
    switch (c.kind) {
      case 'absolute': continue;
      case 'inlines': if (hasLineContent(c.children)) return true; continue;
      case 'block': case 'list-item': {
        const s = c.style;
        push(s.margin.top);
        if (establishesBfc(s) || s.borderWidth.top > 0 || resolve(s.padding.top, cbWidth) > 0 || s.clear !== 'none') return true;
        const inner = cbWidth; // (percentages of the grandchildren's margins: close enough at this width)
        // a child that trims its content's start margins (margin-trim) passes none of them on
        if (leadingMargins(c.children, inner, s.marginTrim.blockStart ? [] : out, quirkyStart || isQuirkyContainer(c))) return true;
        if (s.height !== 'auto' || (s.minHeight !== 'auto' && (isKeyword(s.minHeight) ? s.minHeight.size === 'stretch' : resolve(s.minHeight, 0) > 0)) || s.borderWidth.bottom > 0 || resolve(s.padding.bottom, cbWidth) > 0) return true;
        if (c.kind === 'list-item' && c.marker) return true;
        push(s.margin.bottom);
        continue;
      }
      case 'flex': case 'grid': case 'table': case 'block-replaced':
        push(c.style.margin.top);
        return true;
      default: return assertNever(c);
    }
  }
  return false;
}

/** Whether inline content makes a line box (CSS 2.1 §9.4.2: not only collapsible white space). */
function hasLineContent(items: readonly InlineLevelBox[]): boolean {
  for (const it of items) {
    switch (it.kind) {
      case 'text':
        if (it.style.whiteSpace === 'normal' || it.style.whiteSpace === 'nowrap' || it.style.whiteSpace === 'pre-line') {
          if (hasNonCollapsible(it.text, it.style.whiteSpace === 'pre-line')) return true;
        } else if (it.text.length > 0) return true;
        break;
      case 'inline':
        if (it.style.borderWidth.left > 0 || it.style.borderWidth.right > 0 || it.style.padding.left.pt > 0 || it.style.padding.right.pt > 0) return true;
        if (hasLineContent(it.children)) return true;
        break;
      case 'float': case 'absolute': break;
      case 'inline-block': case 'replaced': case 'symbol-marker': case 'line-break': return true;
      default: return assertNever(it);
    }
  }
  return false;
}

/** Whether text holds anything but collapsible white space (spaces, tabs, CR, form feeds; line feeds unless `keepsNewlines`). */
function hasNonCollapsible(text: string, keepsNewlines: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0c && (c !== 0x0a || keepsNewlines)) return true;
  }
  return false;
}

/** Whether inline content holds a float, at any depth of its inline boxes (a float inside a `display: inline` wrapper floats all the same). */
function hasFloat(items: readonly InlineLevelBox[]): boolean {
  for (let i = 0; i < items.length; i++) {
    const c = items[i]!;
    if (c.kind === 'float' || (c.kind === 'inline' && hasFloat(c.children))) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------
// An anonymous block holding inline content (CSS 2.1 §9.2.1.1)

function layoutAnonymousInlines(box: InlineFormattingBox, input: BlockInput, ctx: LayoutContext): BlockResult {
  const inline: InlineInput = { x: input.cbX, width: input.cbWidth, pageInset: input.pageInset, y: input.y + strutSize(input.marginStrut), cbHeight: input.cbHeight, floats: input.floats, absolutes: input.absolutes, link: input.link, endReserve: input.endReserve };
  const r = anonymousLines(box, inline, ctx);
  if (!r) return { fragment: undefined, marginStrut: input.marginStrut, bottom: input.y, firstBaseline: undefined, lastBaseline: undefined };
  return { fragment: anonymousFragment(box, inline, r), marginStrut: EMPTY_STRUT, bottom: r.bottom, firstBaseline: r.firstBaseline, lastBaseline: r.lastBaseline };
}

/**
 * The anonymous block's line boxes (input.y the top of its first line box, below the margins
 * above it), or undefined when it has none: no line content and no float, or floats only (they
 * are in input.floats.fragments, added by the BFC root).
 */
function anonymousLines(box: InlineFormattingBox, input: InlineInput, ctx: LayoutContext): InlineResult | undefined {
  if (!hasLineContent(box.children) && !hasFloat(box.children)) return undefined;
  const r = layoutInlines(box, input, ctx);
  return r.lines.length === 0 ? undefined : r;
}

/** The anonymous block's fragment around its line boxes `r` (anonymousLines). */
function anonymousFragment(box: InlineFormattingBox, input: InlineInput, r: InlineResult): BoxFragment {
  const top = Math.min(input.y, r.lines[0]!.y);
  return {
    kind: 'box', style: anonymousBlockStyle(box.style), element: undefined, x: input.x, y: top, width: input.width, height: r.bottom - top,
    border: ZERO_SIDES, padding: ZERO_SIDES, children: r.lines as LineFragment[],
  };
}

const ZERO_SIDES: Sides = { top: 0, right: 0, bottom: 0, left: 0 };

// ---------------------------------------------------------------------------------------
// Replaced elements as blocks (CSS 2.1 §10.3.4, §10.6.2)

function layoutBlockReplaced(box: BlockReplacedBox, input: BlockInput, ctx: LayoutContext): BlockResult {
  const style = box.style;
  const image = ctx.image(box.replaced);
  const size = replacedSize(box.replaced, image, input.cbWidth, input.cbHeight);
  const width = input.borderBoxWidth !== undefined ? Math.max(0, input.borderBoxWidth - frameOf(style, input.cbWidth)) : size.width;
  const used = usedBlockBox({ ...style, width: { pt: width, pct: 0 }, boxSizing: 'content-box' }, input.cbWidth, undefined, input.cbHeight, input);
  let y = topBorderEdge(input, used.marginTop, ctx.pages);
  const border = used.border; const padding = used.padding;
  const height = (input.borderBoxHeight !== undefined ? Math.max(0, input.borderBoxHeight - frameV(style, input.cbWidth)) : size.height);
  const outerH = border.top + padding.top + height + padding.bottom + border.bottom;
  // a replaced element is monolithic (CSS Fragmentation 3 §4.1): it moves to the next page when it crosses the page end
  if (ctx.pages.paginates && y + outerH > ctx.pages.pageEnd(y + 0.01) + 0.01 && !firstOnPage(ctx.pages, y)) y = ctx.pages.pageEnd(y + 0.01);
  const x = input.borderBoxWidth !== undefined ? input.cbX + marginPt(style.margin.left, input.cbWidth) : input.cbX + used.marginLeft;
  const children: Fragment[] = [];
  if (image && width > 0.05 && height > 0.05) {
    children.push({ kind: 'image', style, image, x: x + border.left + padding.left, y: y + border.top + padding.top, width, height, link: input.link });
  }
  const fragment: BoxFragment = {
    kind: 'box', style, element: box.replaced.element, x, y, width: border.left + padding.left + width + padding.right + border.right, height: outerH,
    border, padding, children,
  };
  return { fragment, marginStrut: strutWith(EMPTY_STRUT, used.marginBottom), bottom: y + outerH, firstBaseline: undefined, lastBaseline: undefined };
}

// ---------------------------------------------------------------------------------------
// CSS Lists 3 §3.1: an outside marker sits before the first line, its end at the content's start

function markerFragment(box: ListItemBox, at: { contentX: number; baseline: number }, ctx: LayoutContext): Fragment | undefined {
  const style = box.markerStyle ?? box.style;
  const given = Array.isArray(style.content);
  const image = given ? undefined : imageMarker(box, style, at, ctx);
  if (image) return image;
  if (!box.marker) return undefined;
  const type = box.style.listStyleType;
  if (!given && isMarkerSymbol(type)) return symbolMarker(type, style, at, ctx);
  const text = given ? box.marker : `${box.marker} `;
  const width = ctx.faces.width(text, style);
  return { kind: 'text', style, font: ctx.faces.of(style), text, x: at.contentX - width, baseline: at.baseline, width, wordSpacing: 0 };
}

/**
 * CSS Lists 3 §3.1 an outside marker as Blink places it (UnpositionedListMarker::AddToBox): its
 * baseline on the first baseline of the first child that has one. When the marker's line (a
 * strut of the marker's style) reaches above that child's border-box top, the child and the
 * ones after it move down by the difference: a first paragraph of a smaller line-height, or a
 * clearfix `::before { content: ""; display: table }` whose baseline is its top.
 */
function markerPush(flow: FlowResult, markerStyle: ComputedStyle, ctx: LayoutContext): FlowResult {
  const at = flow.firstBaselineChild;
  if (flow.firstBaseline === undefined || at === undefined) return flow;
  const child = flow.fragments[at]!;
  if (child.kind !== 'box') return flow;
  const push = strutMetrics(ctx.faces, markerStyle).above - (flow.firstBaseline - child.y);
  if (push < 0.01) return flow;
  for (const f of flow.fragments.slice(at)) translate(f, 0, push);
  return { ...flow, bottom: flow.bottom + push, firstBaseline: flow.firstBaseline + push, lastBaseline: flow.lastBaseline === undefined ? undefined : flow.lastBaseline + push };
}

/**
 * CSS Lists 3 §3.2 list-style-image: the image at its natural size, as Chromium places an
 * outside image marker: its bottom on the first line's baseline, its end 7px before the content
 * (Blink's kCMarkerPaddingPx). An image that does not load leaves the list-style-type marker.
 */
/** an outside marker that may be an image (not one that ::marker's content replaces or removes) */
const hasImageMarker = (box: ListItemBox) => box.style.listStyleImage !== 'none' && box.style.listStylePosition === 'outside' && (box.markerStyle?.content ?? 'normal') === 'normal';

function imageMarker(box: ListItemBox, style: ComputedStyle, at: { contentX: number; baseline: number }, ctx: LayoutContext): ImageFragment | undefined {
  const url = box.style.listStyleImage;
  if (url === 'none' || !hasImageMarker(box)) return undefined;
  const image = ctx.image({ kind: 'replaced', style, element: box.element, content: { type: 'image', src: url.url } });
  if (!image) return undefined;
  const width = image.width * PX * style.zoom; const height = image.height * PX * style.zoom;
  return { kind: 'image', style, image, x: at.contentX - 7 * PX - width, y: at.baseline - height, width, height };
}

/**
 * An outside disc, circle or square marker as Blink paints it (layout/marker.ts), placed by
 * ListMarker::InlineMarginsForOutside: its left edge ⌊2a/3⌋ + 7px before the content, its top
 * below the first line's ascent line. An outside disclosure triangle ends 0.4em before the
 * content, its square on the baseline.
 */
function symbolMarker(type: MarkerSymbol, style: ComputedStyle, at: { contentX: number; baseline: number }, ctx: LayoutContext): BoxFragment {
  if (type === 'disclosure-open' || type === 'disclosure-closed') {
    const side = disclosureSide(style);
    return markerShape(type, style, at.contentX - insideSymbolWidth(ctx.faces, style, type), at.baseline - side, side);
  }
  const g = symbolGeometry(ctx.faces.ascent(style));
  return markerShape(type, style, at.contentX - g.offset - 7 * PX, at.baseline - g.ascent + g.top, g.side);
}

// ---------------------------------------------------------------------------------------


function frameOf(style: ComputedStyle, cbWidth: number): number {
  return style.borderWidth.left + style.borderWidth.right + resolve(style.padding.left, cbWidth) + resolve(style.padding.right, cbWidth);
}

function frameV(style: ComputedStyle, cbWidth: number): number {
  return style.borderWidth.top + style.borderWidth.bottom + resolve(style.padding.top, cbWidth) + resolve(style.padding.bottom, cbWidth);
}
