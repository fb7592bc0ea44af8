// CSS Flexible Box Layout 1 §9 "Flex Layout Algorithm" on the layout stage: flex base sizes and
// hypothetical main sizes (§9.2, with the automatic minimum size of §4.5), collecting items into
// flex lines (§9.3), resolving flexible lengths (§9.7), cross sizes and stretching (§9.4),
// main-axis alignment with auto margins and justify-content (§8.1, §8.2, §9.5), cross-axis
// alignment with align-self and align-content (§8.3, §8.4, §9.6), gaps (CSS Box Alignment 3
// §8), the container's baselines (§8.5) and fragmentation (§12).
//
// Sizes are computed in logical terms (main / cross) and mapped onto x / y when items are placed.
// Items are laid out by `ctx.layoutIndependent`, measured without page breaks and moved to their
// final position. For pagination a row container's flex line is a monolithic unit: it moves to
// the next page when it crosses a page end and fits on a page; a line taller than a page, and a
// column container's items, are laid out again where they land, breaking across pages.
import type { BlockLevelBox, FlexBox } from '../boxes/types';
import type { ComputedStyle, LengthPctAuto, LengthPctNone } from '../cascade/computed';
import {
  EMPTY_STRUT, firstOnPage, strutWith, withoutBreaks,
  type BlockInput, type BlockResult, type LayoutContext, type PendingAbsolute,
} from './context';
import { contentStart, translate, type BoxFragment } from './fragments';
import { frameWidth } from './intrinsic';
import { replacedContentSizes, replacedSize } from './replaced';
import { usedSizing } from './sizing';
import { containerBox, generatedTextBaseline, isKeyword, lengthOr, marginPt, movesToNextFragmentainer, resolve } from './used';

/** One flex item through the algorithm. Main / cross sizes are content-box sizes unless named outer or border. */
interface Item {
  readonly box: BlockLevelBox;
  readonly style: ComputedStyle;
  /** used margins, auto ones 0 until free space is distributed (§8.1) */
  readonly margin: { top: number; right: number; bottom: number; left: number };
  readonly auto: { readonly top: boolean; readonly right: boolean; readonly bottom: boolean; readonly left: boolean };
  /** border + padding along the main and the cross axis */
  readonly frameMain: number;
  readonly frameCross: number;
  /** §9.2.3 flex base size and the clamped hypothetical main size */
  base: number;
  hypo: number;
  /** used min and max main size (§4.5 automatic minimum included) */
  minMain: number;
  maxMain: number;
  /** §9.7 resolving flexible lengths: the target main size and whether it is frozen */
  target: number;
  frozen: boolean;
  /** column containers: the content height at the item's width, once measured */
  contentMain?: number;
  /** the border-box cross size (column: the width laid out at; row: the height measured or stretched) */
  crossBorder: number;
  /** the item's last layout, with the sizes it was laid out at */
  laid?: Laid;
  /** the physical offsets of the item's margin box from the content box's left and top */
  left: number;
  top: number;
  /** the item's baseline offset from its margin box's top (row containers, baseline alignment) */
  ascent: number | undefined;
  /** its last baseline's offset from its margin box's bottom (row containers, last-baseline alignment) */
  descent: number | undefined;
}

interface Laid {
  readonly borderBoxWidth: number;
  readonly borderBoxHeight: number | undefined;
  readonly result: BlockResult;
  /** absolutely positioned descendants queued by this layout (their static positions move with the item) */
  readonly absolutes: PendingAbsolute[];
  /** where the layout put the item's margin box (x, y) */
  readonly x: number;
  readonly y: number;
}

interface Line {
  readonly items: Item[];
  /** the line's cross size, and its offset from the content box's cross-start edge (physical top / left) */
  cross: number;
  offset: number;
  /** the largest baseline offset of its baseline-aligned items (row containers) */
  maxAscent: number;
  /** the largest last-baseline offset from the bottom of its last-baseline-aligned items */
  maxLastDescent: number;
}

export function layoutFlex(box: FlexBox, input: BlockInput, ctx: LayoutContext): BlockResult {
  const style = box.style;
  const { border, padding, frameH, frameV, marginBottom, contentWidth, heights, definiteHeight, x, y, contentX, contentTop } = containerBox(style, input, ctx.pages);

  const row = style.flexDirection === 'row' || style.flexDirection === 'row-reverse';
  const rtl = style.direction === 'rtl';
  const mainReverse = row ? (style.flexDirection === 'row-reverse') !== rtl : style.flexDirection === 'column-reverse';
  const wrapReverse = style.flexWrap === 'wrap-reverse';
  const multiLine = style.flexWrap !== 'nowrap';
  const columnGap = style.columnGap === 'normal' ? 0 : nonNegative(resolve(style.columnGap, contentWidth));
  const rowGap = style.rowGap === 'normal' ? 0 : nonNegative(resolve(style.rowGap, definiteHeight ?? 0));
  const mainGap = row ? columnGap : rowGap;
  const crossGap = row ? rowGap : columnGap;
  const sub = withoutBreaks(ctx);

  // out-of-flow children (§4.1): their static position is the content box's start
  const boxes: BlockLevelBox[] = [];
  for (const b of box.items) {
    if (b.kind === 'absolute') input.absolutes.push({ box: b, staticX: contentX, staticY: contentTop });
    else boxes.push(usedSizing(b, { cbWidth: contentWidth, cbHeight: definiteHeight, flexAxis: row ? 'row' : 'column' }, ctx.intrinsic));
  }
  // §5.4 order: order-modified document order (a stable sort)
  const ordered = boxes.map((b, i) => ({ b, i })).sort((p, q) => p.b.style.order - q.b.style.order || p.i - q.i).map((p) => p.b);

  /** Lays an item out (without page breaks) at a border-box size, reusing the last layout at the same size. */
  const measure = (it: Item, borderBoxWidth: number, borderBoxHeight: number | undefined): BlockResult => {
    const l = it.laid;
    if (l && near(l.borderBoxWidth, borderBoxWidth)) {
      if (l.borderBoxHeight === borderBoxHeight || (l.borderBoxHeight !== undefined && borderBoxHeight !== undefined && near(l.borderBoxHeight, borderBoxHeight))) return l.result;
      const f = l.result.fragment;
      if (borderBoxHeight !== undefined && l.borderBoxHeight === undefined && f &&
        (!heightMatters(it.box) || (near(f.height, borderBoxHeight) && !hasPercentHeights(it.box)))) {
        // content that does not depend on the box's height keeps its layout, at the used height; so
        // does a box given the height it has (a definite height only changes percentages inside)
        f.height = borderBoxHeight;
        it.laid = { ...l, borderBoxHeight };
        return l.result;
      }
    }
    it.laid = layItem(it, { x: 0, y: 0, borderBoxWidth, borderBoxHeight: borderBoxHeight ?? ratioHeight(it, borderBoxWidth) }, sub);
    it.laid = { ...it.laid, borderBoxHeight };
    return it.laid.result;
  };
  /** CSS Sizing 4 §5.2: a replaced item with an auto height is as tall as its ratio makes its used width */
  const ratioHeight = (it: Item, borderBoxWidth: number): number | undefined => {
    const b = it.box;
    if (b.kind !== 'block-replaced' || it.style.height !== 'auto') return undefined;
    const natural = replacedSize(b.replaced, ctx.image(b.replaced), contentWidth, definiteHeight);
    if (natural.width <= 0) return undefined;
    const fH = row ? it.frameMain : it.frameCross;
    const fV = row ? it.frameCross : it.frameMain;
    return Math.max(0, borderBoxWidth - fH) * (natural.height / natural.width) + fV;
  };
  const layItem = (it: Item, at: { x: number; y: number; borderBoxWidth: number; borderBoxHeight: number | undefined }, c: LayoutContext, endReserve = 0): Laid => {
    const absolutes: PendingAbsolute[] = [];
    // an anonymous item of inline content is as wide as its containing block
    const cbW = it.box.kind === 'inlines' ? at.borderBoxWidth : contentWidth;
    const result = c.layoutIndependent(it.box, {
      x: at.x, y: at.y, cbWidth: cbW, cbHeight: definiteHeight, borderBoxWidth: at.borderBoxWidth, borderBoxHeight: at.borderBoxHeight,
      absolutes, link: input.link, ...(endReserve > 0 ? { endReserve } : {}),
    }, c);
    return { ...at, result, absolutes };
  };

  // ---- the items: margins, frames, and (column) the cross size they are laid out at ----
  const items: Item[] = [];
  for (const b of ordered) {
    const s = b.style;
    const auto = { top: s.margin.top === 'auto', right: s.margin.right === 'auto', bottom: s.margin.bottom === 'auto', left: s.margin.left === 'auto' };
    const margin = {
      top: marginPt(s.margin.top, contentWidth), right: marginPt(s.margin.right, contentWidth),
      bottom: marginPt(s.margin.bottom, contentWidth), left: marginPt(s.margin.left, contentWidth),
    };
    const fh = s.borderWidth.left + s.borderWidth.right + nonNegative(resolve(s.padding.left, contentWidth)) + nonNegative(resolve(s.padding.right, contentWidth));
    const fv = s.borderWidth.top + s.borderWidth.bottom + nonNegative(resolve(s.padding.top, contentWidth)) + nonNegative(resolve(s.padding.bottom, contentWidth));
    const it: Item = {
      box: b, style: s, margin, auto, frameMain: row ? fh : fv, frameCross: row ? fv : fh,
      base: 0, hypo: 0, minMain: 0, maxMain: Infinity, target: 0, frozen: false, crossBorder: 0, left: 0, top: 0, ascent: undefined, descent: undefined,
    };
    items.push(it);
  }

  const alignOf = (it: Item): string => {
    const a = it.style.alignSelf === 'auto' ? style.alignItems : it.style.alignSelf;
    return a === 'normal' ? 'stretch' : a;
  };
  const crossAuto = (it: Item) => (row ? it.auto.top || it.auto.bottom : it.auto.left || it.auto.right);
  const crossMargins = (it: Item) => (row ? it.margin.top + it.margin.bottom : it.margin.left + it.margin.right);
  const mainMargins = (it: Item) => (row ? it.margin.left + it.margin.right : it.margin.top + it.margin.bottom);
  /** §9.4 step 11: an item stretches when align-self is stretch, its cross size is auto and neither cross margin is auto */
  const stretches = (it: Item) => alignOf(it) === 'stretch' && (row ? it.style.height : it.style.width) === 'auto' && !crossAuto(it);
  const crossLimits = (it: Item) => {
    // border-box min / max cross sizes
    const toBorder = (v: number) => (it.style.boxSizing === 'border-box' ? Math.max(v, it.frameCross) : v + it.frameCross);
    const minV = lengthOr(row ? it.style.minHeight : it.style.minWidth, 'auto');
    const maxV = lengthOr(row ? it.style.maxHeight : it.style.maxWidth, 'none');
    const base = row ? definiteHeight : contentWidth;
    const min = minV === 'auto' || (minV.pct && base === undefined) ? it.frameCross : toBorder(resolve(minV, base ?? 0));
    const max = maxV === 'none' || (maxV.pct && base === undefined) ? Infinity : toBorder(resolve(maxV, base ?? 0));
    return { min, max };
  };

  if (!row) {
    // the cross size (width) decides the heights: specified, stretched (single-line) or fit-content
    for (const it of items) {
      const lim = crossLimits(it);
      const w = lengthOr(it.style.width, 'auto');
      let bb: number;
      if (w !== 'auto') bb = it.style.boxSizing === 'border-box' ? Math.max(resolve(w, contentWidth), it.frameCross) : resolve(w, contentWidth) + it.frameCross;
      else if (!multiLine && stretches(it)) bb = contentWidth - crossMargins(it);
      else {
        const sizes = ctx.intrinsic.block(it.box);
        const fixed = frameWidth(it.style) - fh(it.style);
        const available = contentWidth - crossMargins(it);
        bb = Math.min(Math.max(sizes.min - fixed, available), sizes.max - fixed);
      }
      it.crossBorder = Math.max(0, clamp(bb, lim.min, lim.max));
    }
  }

  // ---- §9.2 flex base sizes and hypothetical main sizes ----
  const mainDefinite = row ? contentWidth : definiteHeight;
  for (const it of items) {
    const s = it.style;
    const toContent = (v: number) => (s.boxSizing === 'border-box' ? Math.max(0, v - it.frameMain) : v);
    const mainProp: LengthPctAuto = lengthOr(row ? s.width : s.height, 'auto');
    const definite = (v: LengthPctAuto): v is Exclude<LengthPctAuto, 'auto'> => v !== 'auto' && (!v.pct || mainDefinite !== undefined);
    const specified = definite(mainProp) ? toContent(resolve(mainProp, mainDefinite ?? 0)) : undefined;
    // the content size in the main axis: max-content width, or the height at the item's width
    let contentSize: () => number;
    let minContent: (() => number) | undefined;
    if (row) {
      // the content's sizes: a specified width or min/max-width is not the content's (intrinsic sizes of the box honour them)
      const content = s.width === 'auto' && s.minWidth === 'auto' && s.maxWidth === 'none' ? it.box : withStyle(it.box, { width: 'auto', minWidth: 'auto', maxWidth: 'none' });
      const sizes = () => ctx.intrinsic.block(content);
      const b = it.box; const img = b.kind === 'block-replaced' ? ctx.image(b.replaced) : undefined;
      // an SVG with a ratio and no natural size is as wide as the container (then shrinks), as Chromium sizes it
      if (b.kind === 'block-replaced' && img?.kind === 'svg' && img.ratioOnly && s.width === 'auto') contentSize = () => replacedSize(b.replaced, img, contentWidth, definiteHeight).width;
      else if (b.kind === 'block-replaced' && definiteHeight !== undefined && (pctOf(s.height) || pctOf(s.maxHeight) || pctOf(s.minHeight))) {
        // CSS Sizing 3 §5.2: a percentage height, min-height or max-height resolves against the
        // container's definite height, and the natural width follows it through the ratio
        const replaced = { ...b.replaced, style: { ...b.replaced.style, width: 'auto' as const, minWidth: 'auto' as const, maxWidth: 'none' as const } };
        contentSize = minContent = () => replacedContentSizes(replaced, img, definiteHeight).max;
      } else contentSize = () => Math.max(0, sizes().max - frameWidth(s));
      minContent ??= () => Math.max(0, sizes().min - frameWidth(s));
    } else {
      let h: number | undefined;
      contentSize = minContent = () => {
        if (h === undefined) {
          // the item's height with an auto height: a specified height is set aside for the measure
          const r = specified === undefined ? measure(it, it.crossBorder, undefined) : layItem(withAutoHeight(it), { x: 0, y: 0, borderBoxWidth: it.crossBorder, borderBoxHeight: undefined }, sub).result;
          h = Math.max(0, (r.fragment?.height ?? 0) - it.frameMain);
          it.contentMain = h;
        }
        return h;
      };
    }
    const fb = s.flexBasis;
    if (fb !== 'auto' && fb !== 'content' && !isKeyword(fb) && definite(fb)) it.base = toContent(resolve(fb, mainDefinite ?? 0));
    else if (fb === 'auto' && specified !== undefined) it.base = specified;
    else it.base = contentSize();
    // min / max main sizes; §4.5: min-width/min-height auto is the content-based minimum size
    const maxV: LengthPctNone = lengthOr(row ? s.maxWidth : s.maxHeight, 'none');
    it.maxMain = maxV === 'none' || (maxV.pct && mainDefinite === undefined) ? Infinity : toContent(resolve(maxV, mainDefinite ?? 0));
    const minV: LengthPctAuto = lengthOr(row ? s.minWidth : s.minHeight, 'auto');
    if (minV !== 'auto') it.minMain = minV.pct && mainDefinite === undefined ? 0 : toContent(resolve(minV, mainDefinite ?? 0));
    else if (s.overflow !== 'visible') it.minMain = 0;
    else {
      let m = minContent();
      if (specified !== undefined) m = Math.min(m, specified);
      it.minMain = Math.min(m, it.maxMain);
    }
    it.hypo = clamp(it.base, it.minMain, it.maxMain);
  }

  // ---- §9.3 collecting flex items into flex lines ----
  const outerHypo = (it: Item) => it.hypo + it.frameMain + mainMargins(it);
  let available: number;
  if (row) available = contentWidth;
  else available = definiteHeight ?? (heights.max < Infinity ? heights.max : Infinity);
  const groups: Item[][] = [];
  if (!multiLine || items.length === 0) groups.push(items);
  else {
    let group: Item[] = []; let used = 0;
    for (const it of items) {
      const size = outerHypo(it);
      if (group.length > 0 && used + mainGap + size > available + 0.01) { groups.push(group); group = []; used = 0; }
      used += (group.length ? mainGap : 0) + size;
      group.push(it);
    }
    groups.push(group);
  }
  const gapsOf = (g: Item[]) => mainGap * Math.max(0, g.length - 1);
  // the container's inner main size (§9.2 step 4): a column container of auto height takes its content's
  let mainSize: number;
  if (row) mainSize = contentWidth;
  else if (definiteHeight !== undefined) mainSize = definiteHeight;
  else mainSize = clamp(Math.max(0, ...groups.map((g) => g.reduce((a, it) => a + outerHypo(it), 0) + gapsOf(g))), heights.min, heights.max);

  // ---- §9.7 resolving flexible lengths ----
  for (const g of groups) resolveFlexibleLengths(g, mainSize - gapsOf(g), mainMargins);

  // ---- §9.4 cross sizes: hypothetical cross sizes, line cross sizes, stretching ----
  const crossSizeDefinite = row ? definiteHeight : contentWidth;
  const lines: Line[] = groups.map((g) => ({ items: g, cross: 0, offset: 0, maxAscent: 0, maxLastDescent: 0 }));
  for (const line of lines) {
    // the first-baseline group and the last-baseline group each share a baseline (Box Alignment 3 §9.3)
    let maxOuter = 0; let maxAscent = 0; let maxDescent = 0; let lastAscent = 0; let lastDescent = 0;
    for (const it of line.items) {
      if (row) {
        const r = measure(it, it.target + it.frameMain, undefined);
        it.crossBorder = r.fragment?.height ?? 0;
      }
      const outer = it.crossBorder + crossMargins(it);
      const a = alignOf(it);
      if (row && (a === 'baseline' || a === 'last baseline') && !crossAuto(it)) {
        const r = it.laid!.result;
        const f = r.fragment;
        // §8.5: an item without a baseline has one synthesized from its border box's bottom edge
        const baseline = a === 'baseline' ? r.firstBaseline : r.lastBaseline;
        const above = it.margin.top + (f && baseline !== undefined ? baseline - f.y : it.crossBorder);
        if (a === 'baseline') {
          it.ascent = above;
          maxAscent = Math.max(maxAscent, above);
          maxDescent = Math.max(maxDescent, outer - above);
        } else {
          it.descent = outer - above;
          lastAscent = Math.max(lastAscent, above);
          lastDescent = Math.max(lastDescent, it.descent);
        }
      } else maxOuter = Math.max(maxOuter, outer);
    }
    line.maxAscent = maxAscent;
    line.maxLastDescent = lastDescent;
    if (!multiLine && crossSizeDefinite !== undefined) line.cross = crossSizeDefinite;
    else {
      line.cross = Math.max(maxOuter, maxAscent + maxDescent, lastAscent + lastDescent);
      // a single-line container's line is clamped by the container's min and max cross size
      if (!multiLine && row) line.cross = clamp(line.cross, heights.min, heights.max);
    }
  }
  // the container's inner cross size: definite, or the lines' (§9.4 step 15)
  const linesCross = lines.reduce((a, l) => a + l.cross, 0) + crossGap * Math.max(0, lines.length - 1);
  const crossSize = crossSizeDefinite ?? clamp(linesCross, heights.min, heights.max);

  // §9.4 step 9 / §8.4 align-content: stretch grows the lines, the rest places them
  const ac = style.alignContent;
  const lineFree = crossSize - linesCross;
  let lineLead = 0; let lineBetween = crossGap;
  if (multiLine && lines.length > 0) {
    if ((ac === 'normal' || ac === 'stretch') && lineFree > 0) for (const l of lines) l.cross += lineFree / lines.length;
    else {
      const d = distribute(contentKeyword(ac, { reverse: wrapReverse }), lineFree, lines.length);
      lineLead = d.lead; lineBetween += d.between;
    }
  }
  let q = lineLead;
  for (const l of lines) {
    l.offset = wrapReverse ? crossSize - q - l.cross : q;
    q += l.cross + lineBetween;
  }

  // §9.4 step 11: stretched items take their line's cross size
  for (const line of lines) {
    for (const it of line.items) {
      if (!stretches(it)) continue;
      const lim = crossLimits(it);
      const size = Math.max(0, clamp(line.cross - crossMargins(it), lim.min, lim.max));
      if (near(size, it.crossBorder)) continue;
      it.crossBorder = size;
    }
  }

  // ---- §9.5 main-axis alignment, §9.6 cross-axis alignment: positions in the content box ----
  const jc = contentKeyword(style.justifyContent, { reverse: mainReverse });
  for (const line of lines) {
    const g = line.items;
    const used = g.reduce((a, it) => a + it.target + it.frameMain + mainMargins(it), 0) + gapsOf(g);
    const free = mainSize - used;
    const autos = g.reduce((a, it) => a + (row ? Number(it.auto.left) + Number(it.auto.right) : Number(it.auto.top) + Number(it.auto.bottom)), 0);
    let lead = 0; let between = mainGap;
    if (free > 0 && autos > 0) {
      // §8.1: auto margins take the free space before justify-content
      const share = free / autos;
      for (const it of g) {
        if (row) { if (it.auto.left) it.margin.left = share; if (it.auto.right) it.margin.right = share; }
        else { if (it.auto.top) it.margin.top = share; if (it.auto.bottom) it.margin.bottom = share; }
      }
    } else {
      const d = distribute(jc, free, g.length);
      lead = d.lead; between += d.between;
    }
    let p = lead;
    for (const it of g) {
      const outerMain = it.target + it.frameMain + mainMargins(it);
      const main = mainReverse ? mainSize - p - outerMain : p;
      p += outerMain + between;
      const cross = line.offset + crossOffset(it, line);
      if (row) { it.left = main; it.top = cross; } else { it.top = main; it.left = cross; }
    }
  }

  /** The offset of an item's margin box from its line's cross-start edge (physical top / left). */
  function crossOffset(it: Item, line: Line): number {
    const outer = it.crossBorder + crossMargins(it);
    const free = line.cross - outer;
    if (crossAuto(it)) {
      // §8.1: auto margins in the cross axis absorb the free space (none when it is negative)
      const startAuto = row ? it.auto.top : it.auto.left;
      const endAuto = row ? it.auto.bottom : it.auto.right;
      if (free <= 0) return 0;
      const share = startAuto && endAuto ? free / 2 : free;
      if (startAuto) { if (row) it.margin.top = share; else it.margin.left = share; }
      if (endAuto) { if (row) it.margin.bottom = share; else it.margin.right = share; }
      return 0;
    }
    const a = alignOf(it);
    if (row && a === 'baseline' && it.ascent !== undefined) return line.maxAscent - it.ascent;
    // the last-baseline group sits at the line's end, its fallback alignment
    if (row && a === 'last baseline' && it.descent !== undefined) return free - (line.maxLastDescent - it.descent);
    switch (selfKeyword(a, { reverse: wrapReverse })) {
      case 'end': return free;
      case 'center': return free / 2;
      default: return 0;
    }
  }

  // ---- placement, with the lines (row) or items (column) as units of pagination ----
  const children: BoxFragment[] = [];
  const placed = new Map<Item, BoxFragment>();
  let shift = 0;
  const paginates = ctx.pages.paginates;
  const borderSize = (it: Item) => (row
    ? { w: it.target + it.frameMain, h: it.crossBorder }
    : { w: it.crossBorder, h: it.target + it.frameMain });
  /** The item's margin-box origin as layoutIndependent takes it (auto margins count as 0 there). */
  const origin = (it: Item, dy: number) => ({
    x: contentX + it.left + (it.auto.left ? it.margin.left : 0),
    y: contentTop + it.top + dy + (it.auto.top ? it.margin.top : 0),
  });
  const settle = (it: Item, c: LayoutContext, dy: number, height: number | undefined, endReserve = 0): Laid => {
    const size = borderSize(it);
    const at = origin(it, dy);
    const l = layItem(it, { ...at, borderBoxWidth: size.w, borderBoxHeight: height }, c, endReserve);
    it.laid = l;
    return l;
  };
  /** Puts the item's measured layout (at its used size) at its place, moved down by `dy`. */
  const place = (it: Item, dy: number): void => {
    const size = borderSize(it);
    // §9.8 definite sizes: a stretched item's cross size is definite; a column item's flexed height
    // is definite when the container's height is, or when flexing changed it
    const contentHeight = !row && definiteHeight === undefined && it.style.height === 'auto' && it.contentMain !== undefined && near(it.target, it.contentMain);
    let r = measure(it, size.w, (row && stretches(it)) || (!row && !contentHeight) ? size.h : undefined);
    if (contentHeight && r.fragment && !near(r.fragment.height, size.h)) r = measure(it, size.w, size.h);
    const l = it.laid!;
    const at = origin(it, dy);
    const dx = at.x - l.x; const ddy = at.y - l.y;
    if (r.fragment) translate(r.fragment, dx, ddy);
    for (const a of l.absolutes) input.absolutes.push({ ...a, staticX: a.staticX + dx, staticY: a.staticY + ddy });
    it.laid = { ...l, x: at.x, y: at.y, result: { ...r, firstBaseline: moved(r.firstBaseline, ddy), lastBaseline: moved(r.lastBaseline, ddy) }, absolutes: [] };
    if (r.fragment) placed.set(it, r.fragment);
  };
  const commit = (it: Item, l: Laid) => {
    for (const a of l.absolutes) input.absolutes.push(a);
    it.laid = { ...l, absolutes: [] };
    if (l.result.fragment) placed.set(it, l.result.fragment);
  };

  const pages = ctx.pages;
  /** §12: a break inside an item is taken only where its content fits: one whose content would start on a later page than the item itself (its first line or monolithic box pushed) breaks no better than a break before it */
  const startsLate = (it: Item, l: Laid, startOffset: number | undefined): boolean => {
    const f = l.result.fragment;
    if (!f) return false;
    const top = l.y + (it.auto.top ? 0 : it.margin.top);
    if (f.y > top + 0.01) return true;
    if (startOffset === undefined) return false;
    const start = contentStart(f);
    return start !== undefined && start - f.y > startOffset + 0.01 && f.y + startOffset < pages.pageEnd(f.y + 0.01);
  };
  /** where an item's content starts below its border box's top, laid out without breaks at its used width */
  const startOffsetOf = (it: Item): number | undefined => {
    const f = measure(it, borderSize(it).w, row ? undefined : borderSize(it).h).fragment;
    const start = f && contentStart(f);
    return start === undefined ? undefined : start - f!.y;
  };

  // CSS Fragmentation 3 §4.1 class C breaks as Blink 156 takes them: between the content edge and the
  // last content there is no break when nothing separates them, so the container's block-end padding
  // and border (and what its own container reserves after it) go on the page of the last content that
  // touches the content edge: the last line of a column item, or (row) the whole last flex line
  const endReserve = paginates ? padding.bottom + border.bottom + (input.endReserve ?? 0) : 0;
  /** what must fit below an item's (column) or a line's (row) margin box: the end reserve when it ends at the content edge */
  const reserveAfter = (bottom: number): number => (endReserve > 0 && Math.abs(bottom - (row ? crossSize : mainSize)) < 0.01 ? endReserve : 0);

  if (row) {
    // flex lines top to bottom. A line crossing a page end breaks inside its items, in parallel; it
    // moves to the next page as a whole when an item that crosses the end avoids breaks inside (and
    // breaks there when it is taller than a page), or when an item's content would start on the next page anyway
    const byPosition = [...lines].sort((a, b) => a.offset - b.offset);
    for (let k = 0; k < byPosition.length; k++) {
      const line = byPosition[k]!;
      // CSS Flexbox 1 §12: a forced break before an item of the line, or after an item of the line before, comes before the line
      if (k > 0 && paginates && (line.items.some((it) => forcedBreak(it.style.breakBefore)) || byPosition[k - 1]!.items.some((it) => forcedBreak(it.style.breakAfter)))) {
        const at = contentTop + line.offset + shift; shift += pages.forcedBreak(at) - at;
      }
      const top = contentTop + line.offset + shift;
      const end = paginates ? pages.pageEnd(top + 0.01) : Infinity;
      const reserve = reserveAfter(line.offset + line.cross);
      if (paginates && reserve > 0 && top + line.cross <= end + 0.01 && top + line.cross + reserve > end + 0.01
        && !firstOnPage(pages, top) && line.cross + reserve <= pages.pageHeight(end)) {
        // (the line fits, what must follow it does not: the line goes to the next page, as Blink breaks before it)
        shift += end - top;
      } else if (paginates && top + line.cross > end + 0.01) {
        const crossing = line.items.filter((it) => { const t = top + it.top - line.offset; return t < end - 0.01 && t + it.crossBorder + crossMargins(it) > end + 0.01; });
        const movable = !firstOnPage(pages, top);
        const avoids = crossing.some((it) => movesToNextFragmentainer(it.style, pages, top));
        const grown = movable && avoids ? undefined : breakRowLine(line, shift, movable);
        if (grown !== undefined) { shift += grown; pages.content?.(top, top + line.cross + grown); continue; }
        shift += end - top;
        if (line.cross > pages.pageHeight(end)) { const g = breakRowLine(line, shift, false)!; pages.content?.(end, end + line.cross + g); shift += g; continue; }
      }
      for (const it of line.items) place(it, shift);
      if (paginates) pages.content?.(contentTop + line.offset + shift, contentTop + line.offset + shift + line.cross);
    }
  } else {
    // items top to bottom; an item crossing a page end is laid out again there, breaking across pages,
    // or moves to the next page when it avoids breaks inside (and breaks there when it is taller than
    // a page), or when its content would start there anyway
    const all = lines.flatMap((l) => l.items).sort((a, b) => a.top - b.top);
    for (let k = 0; k < all.length; k++) {
      const it = all[k]!;
      if (k > 0 && paginates && (forcedBreak(it.style.breakBefore) || forcedBreak(all[k - 1]!.style.breakAfter))) {
        const at = contentTop + it.top + shift; shift += pages.forcedBreak(at) - at;
      }
      const size = borderSize(it);
      const top = contentTop + it.top + shift + it.margin.top;
      const end = paginates ? pages.pageEnd(top + 0.01) : Infinity;
      const reserve = reserveAfter(it.top + it.margin.top + size.h + it.margin.bottom);
      // (the item's bottom margin, inside the content edge, goes with it)
      const itemReserve = reserve > 0 ? reserve + it.margin.bottom : 0;
      if (paginates && top + size.h + itemReserve > end + 0.01) {
        const movable = !firstOnPage(pages, top);
        if (!movesToNextFragmentainer(it.style, pages, top)) {
          const before = it.laid;
          const startOffset = movable ? startOffsetOf(it) : undefined;
          const l = settleColumnItem(it, shift, itemReserve);
          if (!movable || !startsLate(it, l, startOffset)) { shift += commitColumnItem(it, l); continue; }
          it.laid = before;
        }
        shift += end - top;
        if (size.h > pages.pageHeight(end)) { shift += commitColumnItem(it, settleColumnItem(it, shift)); continue; }
      }
      place(it, shift);
      if (paginates) { const f = placed.get(it); if (f) pages.content?.(f.y, f.y + f.height); }
    }
  }

  /** A column item laid out where it stands, breaking across pages. */
  function settleColumnItem(it: Item, dy: number, reserve = 0): Laid {
    // an item whose used height is its content's grows with its pagination struts
    const free = it.style.height === 'auto' && it.contentMain !== undefined && near(it.target, it.contentMain);
    return settle(it, ctx, dy, free ? undefined : borderSize(it).h, reserve);
  }
  /** Commits a column item's broken layout; returns how much it grew. */
  function commitColumnItem(it: Item, l: Laid): number {
    commit(it, l);
    const f = l.result.fragment;
    if (f) pages.content?.(f.y, f.y + f.height);
    const h = borderSize(it).h;
    return Math.max(0, (f?.height ?? h) - h);
  }

  /**
   * A row flex line laid out where it stands, its items breaking across pages in parallel; returns
   * how much the line grew. With `strict`, nothing is committed and the answer is undefined when an
   * item's content would start on a later page than the item (see startsLate).
   */
  function breakRowLine(line: Line, dy: number, strict: boolean): number | undefined {
    let bottom = contentTop + line.offset + dy + line.cross;
    const before = line.items.map((it) => it.laid);
    const laid: [Item, Laid][] = [];
    for (const it of line.items) {
      const startOffset = strict ? startOffsetOf(it) : undefined;
      const l = settle(it, ctx, dy, undefined);
      if (strict && startsLate(it, l, startOffset)) {
        line.items.forEach((x, i) => { x.laid = before[i]; });
        return undefined;
      }
      laid.push([it, l]);
      const f = l.result.fragment;
      if (f) bottom = Math.max(bottom, f.y + f.height + it.margin.bottom);
    }
    const cross = bottom - (contentTop + line.offset + dy);
    for (const [it, l] of laid) {
      if (stretches(it) && l.result.fragment && !near(l.result.fragment.height, cross - crossMargins(it))) {
        const lim = crossLimits(it);
        it.crossBorder = clamp(cross - crossMargins(it), lim.min, lim.max);
        commit(it, settle(it, ctx, dy, it.crossBorder));
      } else commit(it, l);
    }
    return cross - line.cross;
  }

  for (const it of items) { const f = placed.get(it); if (f) children.push(f); }

  // the container's height: definite, or its lines' / items' (§9.4 step 15, §9.2 step 4) with what pagination added
  const autoHeight = definiteHeight === undefined;
  let contentHeight = row ? crossSize : mainSize;
  if (autoHeight) contentHeight = clamp(contentHeight + shift, heights.min, heights.max);
  const height = frameV + contentHeight;
  const fragment: BoxFragment = {
    kind: 'box', style, element: box.element, x, y, width: contentWidth + frameH, height, border, padding, children,
  };

  // §8.5 the container's baselines: from its first / last line's items
  const firstLine = lines[0]?.items ?? [];
  const lastLine = lines[lines.length - 1]?.items ?? [];
  const baselineOf = (list: Item[], which: 'firstBaseline' | 'lastBaseline') => {
    for (const it of list) { const b = it.laid?.result[which]; if (b !== undefined) return b; }
    return undefined;
  };
  const firstBaseline = (row ? baselineOf(firstLine, 'firstBaseline') : baselineOf(items, 'firstBaseline')) ?? (items.length ? undefined : generatedTextBaseline(box.element, fragment));
  const lastBaseline = row ? baselineOf(lastLine, 'lastBaseline') : baselineOf([...items].reverse(), 'lastBaseline');
  return {
    fragment, marginStrut: strutWith(EMPTY_STRUT, marginBottom), bottom: y + height, firstBaseline, lastBaseline,
  };
}

/** §9.7 resolving flexible lengths of one line: sets every item's target main size. `space` is the line's inner main size less its gaps. */
function resolveFlexibleLengths(line: Item[], space: number, mainMargins: (it: Item) => number): void {
  const outer = (it: Item, size: number) => size + it.frameMain + mainMargins(it);
  // 1. the flex factor to use
  const growing = line.reduce((a, it) => a + outer(it, it.hypo), 0) < space;
  // 2. size inflexible items
  for (const it of line) {
    it.target = it.hypo;
    const factor = growing ? it.style.flexGrow : it.style.flexShrink;
    it.frozen = factor === 0 || (growing ? it.base > it.hypo : it.base < it.hypo);
  }
  // 3. the initial free space
  const freeSpace = () => space - line.reduce((a, it) => a + outer(it, it.frozen ? it.target : it.base), 0);
  const initialFree = freeSpace();
  // 4. loop
  for (let round = 0; round <= line.length; round++) {
    const unfrozen = line.filter((it) => !it.frozen);
    if (unfrozen.length === 0) break;
    let free = freeSpace();
    const factors = unfrozen.reduce((a, it) => a + (growing ? it.style.flexGrow : it.style.flexShrink), 0);
    if (factors < 1) { const scaled = initialFree * factors; if (Math.abs(scaled) < Math.abs(free)) free = scaled; }
    if (growing && free > 0) {
      for (const it of unfrozen) it.target = it.base + (free * it.style.flexGrow) / factors;
    } else if (!growing && free < 0) {
      // the shrink factor is scaled by the inner flex base size
      const scaled = unfrozen.reduce((a, it) => a + it.style.flexShrink * it.base, 0);
      for (const it of unfrozen) it.target = scaled > 0 ? it.base + (free * it.style.flexShrink * it.base) / scaled : it.base;
    } else for (const it of unfrozen) it.target = it.base;
    // clamp to min / max and floor at zero; freeze the violators
    let total = 0;
    const violation = new Map<Item, number>();
    for (const it of unfrozen) {
      const c = Math.max(0, clamp(it.target, it.minMain, it.maxMain));
      violation.set(it, c - it.target);
      total += c - it.target;
      it.target = c;
    }
    if (Math.abs(total) < 1e-6) { for (const it of unfrozen) it.frozen = true; break; }
    for (const it of unfrozen) {
      const v = violation.get(it)!;
      if ((total > 0 && v > 0) || (total < 0 && v < 0)) it.frozen = true;
    }
  }
}

type ContentPosition = 'start' | 'end' | 'center' | 'space-between' | 'space-around' | 'space-evenly';

/**
 * justify-content / align-content (CSS Box Alignment 3 §5.2, §5.3) reduced to a physical-order
 * position: flex-start / flex-end follow the flex direction, start / end / left / right the
 * writing mode (left to right, top to bottom), `reverse` when the axis runs the other way.
 */
function contentKeyword(v: string, o: { reverse: boolean }): ContentPosition {
  const k = v.replace(/^(un)?safe\s+/, '');
  switch (k) {
    case 'flex-end': return 'end';
    case 'end': case 'right': return o.reverse ? 'start' : 'end';
    case 'start': case 'left': return o.reverse ? 'end' : 'start';
    case 'center': case 'space-between': case 'space-around': case 'space-evenly': return k;
    default: return 'start'; // normal, stretch, flex-start
  }
}

/** align-self in the cross axis: flex-start / flex-end flip with wrap-reverse; start / end / self-* do not. */
function selfKeyword(v: string, o: { reverse: boolean }): 'start' | 'end' | 'center' {
  const k = v.replace(/^(un)?safe\s+/, '');
  switch (k) {
    case 'flex-end': return o.reverse ? 'start' : 'end';
    case 'end': case 'self-end': case 'last baseline': return 'end';
    case 'center': return 'center';
    case 'start': case 'self-start': return 'start';
    default: return o.reverse ? 'end' : 'start'; // flex-start, stretch, baseline fallback
  }
}

/** The space before the first of `n` boxes and added between them. Space distributions fall back (§8.2) when the free space is negative or there is one box. */
function distribute(p: ContentPosition, free: number, n: number): { lead: number; between: number } {
  switch (p) {
    case 'start': return { lead: 0, between: 0 };
    case 'end': return { lead: free, between: 0 };
    case 'center': return { lead: free / 2, between: 0 };
    case 'space-between': return free > 0 && n > 1 ? { lead: 0, between: free / (n - 1) } : { lead: 0, between: 0 };
    case 'space-around': return free > 0 ? { lead: free / n / 2, between: free / n } : { lead: free / 2, between: 0 };
    case 'space-evenly': return free > 0 ? { lead: free / (n + 1), between: free / (n + 1) } : { lead: free / 2, between: 0 };
  }
}

/** CSS Fragmentation 3 §3.1 forced break values (the legacy page-break-* map onto them) */
const forcedBreak = (v: ComputedStyle['breakBefore']): boolean =>
  v === 'page' || v === 'always' || v === 'left' || v === 'right' || v === 'recto' || v === 'verso';

/** Whether an item's layout depends on its used height (so a stretched item is laid out again): percentages of it, positioned descendants, flex and table content. */
function heightMatters(box: BlockLevelBox): boolean {
  switch (box.kind) {
    case 'inlines': return false;
    case 'block': case 'list-item': return box.style.position !== 'static' || hasPercentHeights(box);
    default: return true;
  }
}

/** Whether a box's in-flow children have percentage heights (resolved against its height only when that is definite). */
function hasPercentHeights(box: BlockLevelBox): boolean {
  const children = box.kind === 'block' || box.kind === 'list-item' ? box.children : box.kind === 'flex' ? box.items : [];
  // (a stretch height is the containing block's: it depends on that height like a percentage)
  const pct = (v: ComputedStyle['height'] | ComputedStyle['maxHeight']) => v !== 'auto' && v !== 'none' && (isKeyword(v) || v.pct !== 0);
  return children.some((c) => c.kind !== 'inlines' && c.kind !== 'absolute' && (pct(c.style.height) || pct(c.style.minHeight) || pct(c.style.maxHeight)));
}

/** The same item with an auto height, for its content height (§4.5 content size suggestion). */
function withAutoHeight(it: Item): Item {
  const box = withStyle(it.box, { height: 'auto', minHeight: 'auto', maxHeight: 'none' });
  return { ...it, box, style: box.style, laid: undefined };
}

/** A box like `box` with some sizing properties changed (for measuring its content). */
function withStyle(box: BlockLevelBox, change: Partial<ComputedStyle>): BlockLevelBox {
  if (box.kind === 'inlines' || box.kind === 'absolute') return box;
  return { ...box, style: { ...box.style, ...change } } as BlockLevelBox;
}

/** whether a height, min-height or max-height is a percentage */
const pctOf = (v: ComputedStyle['height'] | ComputedStyle['minHeight'] | ComputedStyle['maxHeight']): boolean => v !== 'auto' && v !== 'none' && !isKeyword(v) && v.pct !== 0;

/** max wins over min's opposite: CSS 2.1 §10.4 (min beats max) */
const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(max, v));
const near = (a: number, b: number) => Math.abs(a - b) < 0.005;
const nonNegative = (v: number) => Math.max(0, v);
const moved = (v: number | undefined, dy: number) => (v === undefined ? undefined : v + dy);
const fh = (s: ComputedStyle) => s.borderWidth.left + s.borderWidth.right + s.padding.left.pt + s.padding.right.pt;

