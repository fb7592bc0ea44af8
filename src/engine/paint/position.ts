// CSS 2.1 §10.3.7 / §10.6.4 absolutely positioned boxes. Against the initial containing block:
// pdfmake's absolutePosition relative to the page area, on the page where the box occurs in the
// flow (as Chromium prints them). Against a positioned ancestor: relativePosition from the
// box's static position.
import type { AbsoluteBox, BlockLevelBox, ReplacedBox } from '../boxes/types';
import { paintReplaced } from './replaced';
import { frameWidth } from '../layout/intrinsic';
import { resolveAuto, usedBlockBox } from '../layout/used';
import type { PaintContext } from './context';
import type { Painted } from './block';
import type { PdfNode } from './nodes';

type Painter = (box: BlockLevelBox, cbWidth: number, ctx: PaintContext) => Painted;

export function paintAbsolute(box: AbsoluteBox, ctx: PaintContext, paint: Painter): PdfNode | undefined {
  const s = box.style;
  const area = ctx.page.pageArea;
  const left = resolveAuto(s.left, area.width);
  const right = resolveAuto(s.right, area.width);
  const top = resolveAuto(s.top, area.height);
  const bottom = resolveAuto(s.bottom, area.height);
  // width: specified, else shrink-to-fit (CSS 2.1 §10.3.7)
  const sizes = ctx.intrinsic.block(box.box);
  const specified = s.width !== 'auto';
  const avail = Math.max(0, area.width - (left ?? 0) - (right ?? 0));
  const shrink = Math.min(Math.max(sizes.min, sizes.max), avail || area.width);
  // pdfmake gives a detached block the width up to the page's right margin: paint the box at
  // its own margin-box width, so no right margin is needed to narrow it
  const u = usedBlockBox(s, area.width, specified ? undefined : Math.max(0, shrink - frameWidth({ ...s, width: 'auto' })));
  let usedW = u.marginLeft + u.border.left + u.padding.left + u.contentWidth + u.padding.right + u.border.right;
  const inner = box.box;
  const p = inner.kind === 'block-replaced' ? replacedPainted(inner.replaced, area, ctx) : paint(inner, usedW, ctx);
  if (!p.node) return undefined;
  if (inner.kind === 'block-replaced') usedW = (p.node as { width?: number }).width ?? usedW;
  const x = left !== undefined ? left : right !== undefined ? area.width - right - usedW : 0;
  let y = top ?? 0;
  if (top === undefined && bottom !== undefined) {
    const h = s.height !== 'auto' && !s.height.pct ? s.height.pt : estimateHeight(box.box, ctx, usedW);
    y = area.height - bottom - h;
  }
  // pdfmake places it on the page current where it is met: the page of its static position,
  // which is where Chromium prints a box positioned against the initial containing block
  return { stack: [p.node], absolutePosition: { x: ctx.page.margin.left + x, y: ctx.page.margin.top + y + p.marginTop } };
}

/**
 * An absolutely positioned box whose containing block is a positioned ancestor: placed with
 * pdfmake's relativePosition from where it sits in the flow (its static position), against the
 * width available there. It takes no room in the flow.
 */
export function paintInFlowAbsolute(box: AbsoluteBox, cbWidth: number, ctx: PaintContext, paint: Painter): Painted {
  const s = box.style;
  const left = resolveAuto(s.left, cbWidth);
  const right = resolveAuto(s.right, cbWidth);
  const top = resolveAuto(s.top, 0);
  const sizes = ctx.intrinsic.block(box.box);
  const specified = s.width !== 'auto';
  const avail = Math.max(0, cbWidth - (left ?? 0) - (right ?? 0));
  const shrink = Math.min(Math.max(sizes.min, sizes.max), avail || cbWidth);
  const u = usedBlockBox(s, cbWidth, specified ? undefined : Math.max(0, shrink - frameWidth({ ...s, width: 'auto' })));
  const usedW = u.marginLeft + u.border.left + u.padding.left + u.contentWidth + u.padding.right + u.border.right;
  const inner = box.box;
  const p = inner.kind === 'block-replaced' ? replacedPainted(inner.replaced, { width: cbWidth, height: ctx.cbHeight ?? 0 }, ctx) : paint(inner, usedW, ctx);
  if (!p.node) return { node: undefined, marginTop: 0, marginBottom: 0 };
  const x = left !== undefined ? left : right !== undefined ? cbWidth - right - usedW : 0;
  const node: PdfNode = { stack: [p.node], relativePosition: { x, y: (top ?? 0) + p.marginTop } };
  return { node: { stack: [node] }, marginTop: 0, marginBottom: 0 };
}

/** A replaced element positioned on its own: percentages against the page area. */
function replacedPainted(box: ReplacedBox, area: { width: number; height: number }, ctx: PaintContext): Painted {
  const p = paintReplaced(box, area.width, ctx, area.height);
  return { node: p.node, marginTop: 0, marginBottom: 0 };
}

/** A rough height (bottom-anchored boxes, centring, column balancing): lines of text times line-height, plus frames. */
export function estimateHeight(box: BlockLevelBox, ctx: PaintContext, width: number): number {
  const s = box.style;
  const frame = s.borderWidth.top + s.borderWidth.bottom + s.padding.top.pt + s.padding.bottom.pt;
  if (box.kind === 'inlines') {
    const sizes = ctx.intrinsic.inlines(box.children);
    const lines = Math.max(1, Math.ceil(sizes.max / Math.max(1, width)) + countBreaks(box.children));
    return lines * ctx.faces.lineHeight(s);
  }
  if (s.height !== 'auto' && !s.height.pct) return s.height.pt + (s.boxSizing === 'border-box' ? 0 : frame);
  if (box.kind === 'block' || box.kind === 'list-item') {
    let h = 0;
    for (const c of box.children) {
      const m = c.style.margin;
      h += estimateHeight(c, ctx, width) + (c.kind !== 'inlines' ? (m.top === 'auto' ? 0 : m.top.pt) + (m.bottom === 'auto' ? 0 : m.bottom.pt) : 0);
    }
    const maxH = s.maxHeight !== 'none' && !s.maxHeight.pct ? s.maxHeight.pt : Infinity;
    return Math.min(h, maxH) + frame;
  }
  if (box.kind === 'table') {
    const cols = Math.max(1, box.columnCount);
    let h = 0;
    for (const row of box.rows) {
      let rh = 0;
      for (const c of row.cells) {
        const cs = c.style;
        const pad = cs.padding.top.pt + cs.padding.bottom.pt + cs.borderWidth.top + cs.borderWidth.bottom;
        rh = Math.max(rh, estimateHeight(c.content, ctx, (width * c.colSpan) / cols) + pad);
      }
      h += rh;
    }
    return h + frame;
  }
  if (box.kind === 'flex') {
    let h = 0;
    for (const it of box.items) h = Math.max(h, estimateHeight(it, ctx, width / Math.max(1, box.items.length)));
    return h + frame;
  }
  return s.fontSize * 1.2 + frame;
}

function countBreaks(items: readonly import('../boxes/types').InlineLevelBox[]): number {
  let n = 0;
  for (const b of items) {
    if (b.kind === 'line-break') n++;
    else if (b.kind === 'inline') n += countBreaks(b.children);
    else if (b.kind === 'text') n += (b.text.match(/\n/g) ?? []).length;
  }
  return n;
}
