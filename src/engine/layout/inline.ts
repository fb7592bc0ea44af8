// CSS 2.1 §9.4.2 / §10.8 inline formatting contexts: line boxes.
// (A placeholder that breaks lines at spaces and aligns them left: the inline layout lands here.)
import type { InlineFormattingBox, InlineLevelBox } from '../boxes/types';
import type { FloatContext, LayoutContext, PendingAbsolute } from './context';
import type { LineFragment, LinkTarget, TextFragment } from './fragments';

export interface InlineInput {
  readonly x: number;
  readonly width: number;
  readonly y: number;
  readonly cbHeight: number | undefined;
  readonly floats: FloatContext;
  readonly absolutes: PendingAbsolute[];
  readonly link?: LinkTarget;
}

export interface InlineResult {
  readonly lines: LineFragment[];
  readonly bottom: number;
  readonly firstBaseline: number | undefined;
  readonly lastBaseline: number | undefined;
}

export function layoutInlines(box: InlineFormattingBox, input: InlineInput, ctx: LayoutContext): InlineResult {
  const words: { text: string; style: InlineFormattingBox['style'] }[] = [];
  const collect = (items: readonly InlineLevelBox[]) => {
    for (const it of items) {
      if (it.kind === 'text') for (const w of it.text.split(/\s+/)) { if (w) words.push({ text: w, style: it.style }); }
      else if (it.kind === 'inline') collect(it.children);
    }
  };
  collect(box.children);
  const lines: LineFragment[] = [];
  const lh = ctx.faces.lineHeight(box.style);
  let y = input.y;
  let i = 0;
  while (i < words.length) {
    const runs: TextFragment[] = [];
    let x = input.x;
    while (i < words.length) {
      const w = words[i]!;
      const width = ctx.faces.width(w.text, w.style);
      if (runs.length > 0 && x + width > input.x + input.width) break;
      const asc = ctx.faces.ascent(w.style) + (lh - ctx.faces.lineBox(w.style)) / 2;
      runs.push({ kind: 'text', style: w.style, font: ctx.faces.of(w.style), text: w.text, x, baseline: y + asc, width, wordSpacing: 0, link: input.link });
      x += width + ctx.faces.width(' ', w.style);
      i++;
    }
    if (ctx.pages.paginates && y + lh > ctx.pages.pageEnd(y + 0.01) + 0.01 && !ctx.pages.atPageStart(y)) {
      const dy = ctx.pages.pageEnd(y + 0.01) - y;
      for (const r of runs) r.baseline += dy;
      y += dy;
    }
    lines.push({ kind: 'line', x: input.x, y, width: input.width, height: lh, baseline: runs[0]!.baseline, children: runs });
    y += lh;
  }
  return { lines, bottom: y, firstBaseline: lines[0]?.baseline, lastBaseline: lines[lines.length - 1]?.baseline };
}
