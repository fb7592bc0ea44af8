// CSS Flexbox 1 §9 flex layout, as far as pdfmake columns can express it: a row flex
// container becomes columns whose widths follow §9.7 (flex-basis, grow, shrink), with
// justify-content as spacing and wrapping into lines; a column flex container is a stack.
import type { BlockLevelBox, FlexBox } from '../boxes/types';
import { resolve, resolveAuto, usedBlockBox } from '../layout/used';
import type { Painted } from './block';
import { applyBreaks, boxTable, paintBlockLevel } from './block';
import { estimateHeight } from './position';
import type { PaintContext } from './context';
import { margin, setMarginTop, type ColumnNode, type PdfNode } from './nodes';

interface Item { box: BlockLevelBox; basis: number; min: number; grow: number; shrink: number; width: number; mL: number; mR: number; autoMargins: boolean }

export function paintFlex(box: FlexBox, cbWidth: number, ctx: PaintContext): Painted {
  const s = box.style;
  const u = usedBlockBox(s, cbWidth, undefined, ctx.cbHeight);
  const W = u.contentWidth;
  const outerHeight = ctx.cbHeight;
  ctx.cbHeight = u.height;
  const detached: PdfNode[] = [];
  const items = [...box.items].filter((b) => {
    if (b.kind !== 'absolute') return true;
    const p = paintBlockLevel(b, W, ctx); // out of flow: not a flex item
    if (p.node) detached.push(p.node);
    return false;
  });
  items.sort((a, b) => a.style.order - b.style.order);
  let content: PdfNode[];
  const column = s.flexDirection === 'column' || s.flexDirection === 'column-reverse';
  const rowGap = s.rowGap === 'normal' ? 0 : resolve(s.rowGap, 0);
  if (column) {
    if (s.flexDirection === 'column-reverse') items.reverse();
    content = [];
    // main-axis distribution when the container's height is definite (CSS Flexbox 1 §9.5)
    let lead = 0; let between = rowGap;
    if (u.height !== undefined && items.length) {
      const free = u.height - items.reduce((a, it) => a + estimateHeight(it, ctx, W), 0) - rowGap * (items.length - 1);
      if (free > 0) {
        switch (s.justifyContent) {
          case 'flex-end': case 'end': lead = free; break;
          case 'center': lead = free / 2; break;
          case 'space-between': between += items.length > 1 ? free / (items.length - 1) : 0; break;
          case 'space-around': between += free / items.length; lead = free / items.length / 2; break;
          case 'space-evenly': between += free / (items.length + 1); lead = free / (items.length + 1); break;
        }
      }
    }
    for (const it of items) {
      const p = paintBlockLevel(it, W, ctx);
      if (!p.node) continue;
      setMarginTop(p.node, p.marginTop + (content.length ? between : lead));
      const mg = p.node.margin ?? [0, 0, 0, 0];
      p.node.margin = margin(mg[0], mg[1], mg[2], mg[3] + p.marginBottom);
      content.push(p.node);
    }
  } else content = flexRows(items, s, W, ctx, rowGap, u.height);
  content.unshift(...detached);
  ctx.cbHeight = outerHeight;
  const decorated = u.border.top + u.border.bottom + u.border.left + u.border.right + u.padding.top + u.padding.bottom + u.padding.left + u.padding.right > 0 || s.backgroundColor.a > 0;
  const node: PdfNode = decorated ? boxTable(s, u, content, ctx) : { stack: content, margin: margin(u.marginLeft, 0, 0, 0) };
  applyBreaks(node, s, s.breakInside === 'auto' ? undefined : estimateHeight(box, ctx, W), ctx);
  return { node, marginTop: u.marginTop, marginBottom: u.marginBottom };
}

function flexRows(boxes: BlockLevelBox[], s: FlexBox['style'], W: number, ctx: PaintContext, rowGap: number, H: number | undefined): PdfNode[] {
  const gap = s.columnGap === 'normal' ? 0 : resolve(s.columnGap, W);
  const items: Item[] = boxes.map((b) => {
    const st = b.style;
    const sizes = ctx.intrinsic.block(b);
    const mL = st.margin.left === 'auto' ? 0 : resolve(st.margin.left, W);
    const mR = st.margin.right === 'auto' ? 0 : resolve(st.margin.right, W);
    const frame = st.borderWidth.left + st.borderWidth.right + resolve(st.padding.left, W) + resolve(st.padding.right, W);
    let basis: number;
    const fb = st.flexBasis;
    const widthOf = (v: number) => (st.boxSizing === 'border-box' ? v : v + frame) + mL + mR;
    if (fb !== 'auto' && fb !== 'content') basis = widthOf(resolve(fb, W));
    else if (fb === 'auto' && st.width !== 'auto') basis = widthOf(resolveAuto(st.width, W) ?? 0);
    else basis = sizes.max;
    const maxW = st.maxWidth === 'none' ? Infinity : widthOf(resolve(st.maxWidth, W));
    const minW = st.minWidth === 'auto' ? Math.min(sizes.min, maxW) : widthOf(resolve(st.minWidth, W));
    basis = Math.min(Math.max(basis, 0), maxW);
    return { box: b, basis, min: Math.min(minW, maxW), grow: st.flexGrow, shrink: st.flexShrink, width: basis, mL, mR, autoMargins: st.margin.left === 'auto' || st.margin.right === 'auto' };
  });
  // CSS Flexbox 1 §9.3: collect items into lines
  const lines: Item[][] = [];
  if (s.flexWrap === 'nowrap') lines.push(items);
  else {
    let line: Item[] = []; let used = 0;
    for (const it of items) {
      const w = Math.max(it.basis, it.min);
      if (line.length && used + gap + w > W + 0.01) { lines.push(line); line = []; used = 0; }
      used += (line.length ? gap : 0) + w;
      line.push(it);
    }
    if (line.length) lines.push(line);
  }
  const out: PdfNode[] = [];
  // CSS Flexbox 1 §9.4 align-content: free height shared between the lines when the container's height is known
  let lineLead = 0; let lineBetween = 0;
  if (H !== undefined && s.flexWrap !== 'nowrap' && H < ctx.page.pageArea.height) {
    const heights = lines.map((line) => line.reduce((m, it) => Math.max(m, estimateHeight(it.box, ctx, Math.max(it.basis, it.min))), 0));
    // (only for a container that fits on a page: pdfmake would carry the last line over to the next)
    const free = H - heights.reduce((a, b) => a + b, 0) - rowGap * Math.max(0, lines.length - 1);
    if (free > 0) {
      switch (s.alignContent) {
        case 'flex-end': case 'end': lineLead = free; break;
        case 'center': lineLead = free / 2; break;
        case 'space-between': lineBetween = lines.length > 1 ? free / (lines.length - 1) : 0; break;
        case 'space-around': lineBetween = free / lines.length; lineLead = lineBetween / 2; break;
        case 'space-evenly': lineBetween = free / (lines.length + 1); lineLead = lineBetween; break;
      }
    }
  }
  for (const line of lines) {
    // §9.7 resolving flexible lengths (one pass, clamped to min-content and max-width)
    const gaps = gap * Math.max(0, line.length - 1);
    const free = W - gaps - line.reduce((a, it) => a + it.basis, 0);
    if (free > 0) {
      const g = line.reduce((a, it) => a + it.grow, 0);
      for (const it of line) it.width = it.basis + (g > 0 ? (free * it.grow) / Math.max(g, 1) : 0);
      const maxes = line.map((it) => (it.box.style.maxWidth === 'none' ? Infinity : resolve(it.box.style.maxWidth, W) + it.mL + it.mR));
      line.forEach((it, i) => { it.width = Math.min(it.width, Math.max(maxes[i]!, it.basis)); });
    } else if (free < 0) {
      const weight = line.reduce((a, it) => a + it.shrink * it.basis, 0);
      for (const it of line) it.width = Math.max(it.min, it.basis + (weight > 0 ? (free * it.shrink * it.basis) / weight : 0));
    }
    const used = line.reduce((a, it) => a + it.width, 0) + gaps;
    const rest = Math.max(0, W - used);
    let lead = 0; let between = gap;
    const autoItems = line.filter((it) => it.autoMargins);
    if (rest > 0.01 && autoItems.length === 0) {
      switch (s.justifyContent) {
        case 'flex-end': case 'end': case 'right': lead = rest; break;
        case 'center': lead = rest / 2; break;
        case 'space-between': between = line.length > 1 ? gap + rest / (line.length - 1) : gap; if (line.length === 1) lead = 0; break;
        case 'space-around': between = gap + rest / line.length; lead = rest / line.length / 2; break;
        case 'space-evenly': between = gap + rest / (line.length + 1); lead = rest / (line.length + 1); break;
      }
    } else if (rest > 0.01) {
      // auto margins take the free space (CSS Flexbox 1 §8.1)
      const share = rest / autoItems.reduce((a, it) => a + (it.box.style.margin.left === 'auto' ? 1 : 0) + (it.box.style.margin.right === 'auto' ? 1 : 0), 0);
      for (const it of autoItems) {
        if (it.box.style.margin.left === 'auto') it.mL += share;
        if (it.box.style.margin.right === 'auto') it.mR += share;
        it.width += (it.box.style.margin.left === 'auto' ? share : 0) + (it.box.style.margin.right === 'auto' ? share : 0);
      }
    }
    const cols: ColumnNode[] = [];
    for (const it of line) {
      const p = paintBlockLevel(flexItem(it), it.width, ctx);
      const node = p.node ?? { text: [] };
      // cross-axis alignment (CSS Flexbox 1 §8.3) where the line's height is known
      const align = it.box.style.alignSelf === 'auto' ? s.alignItems : it.box.style.alignSelf;
      let shift = 0;
      if (H !== undefined && lines.length === 1 && (align === 'center' || align === 'flex-end' || align === 'end')) {
        const h = estimateHeight(it.box, ctx, it.width) + p.marginTop + p.marginBottom;
        shift = Math.max(0, align === 'center' ? (H - h) / 2 : H - h);
      }
      if (p.marginTop || shift) setMarginTop(node, p.marginTop + shift);
      if (p.marginBottom) { const mg = node.margin ?? [0, 0, 0, 0]; node.margin = margin(mg[0], mg[1], mg[2], mg[3] + p.marginBottom); }
      cols.push({ width: Math.max(0.1, it.width), stack: [node] });
    }
    if (!cols.length) continue;
    const row: PdfNode = { columns: cols, columnGap: between, margin: margin(lead, out.length ? rowGap + lineBetween : lineLead, 0, 0) };
    out.push(row);
  }
  return out;
}

/** A flex item painted at its flexed width: its own width no longer applies. */
function flexItem(it: Item): BlockLevelBox {
  const st = it.box.style;
  const style = { ...st, width: 'auto' as const, minWidth: 'auto' as const, maxWidth: 'none' as const, flexBasis: 'auto' as const,
    margin: { ...st.margin, left: { pt: it.mL, pct: 0 }, right: { pt: it.mR, pct: 0 } } };
  switch (it.box.kind) {
    case 'block': case 'list-item': return { ...it.box, style } as BlockLevelBox;
    case 'flex': return { ...it.box, style };
    default: return it.box;
  }
}
