// CSS Inline 3 / CSS Text 3 painting of an inline formatting context: text runs with their
// font, colour, decorations, spacing, links, sub/super, onto one pdfmake text node; pdfmake
// breaks the lines. Atomic inlines (images, inline-blocks) that pdfmake cannot put inside a
// line are laid out as a row of their own; floats become a side column.
import type { InlineFormattingBox, InlineLevelBox } from '../boxes/types';
import { assertNever } from '../boxes/types';
import type { ComputedStyle } from '../cascade/computed';
import { resolve } from '../layout/used';
import type { PaintContext } from './context';
import { hexColor, margin, type ColumnNode, type PdfNode, type TextNode, type TextRunNode } from './nodes';
import { paintReplaced } from './replaced';

/** Decorations propagated from ancestors (CSS Text Decoration 3 §2: not inherited, but drawn through). */
interface Decor {
  readonly underline: boolean; readonly overline: boolean; readonly lineThrough: boolean;
  readonly color: string | undefined; readonly style: ComputedStyle['textDecorationStyle'];
}
const NO_DECOR: Decor = { underline: false, overline: false, lineThrough: false, color: undefined, style: 'solid' };

function addDecor(d: Decor, s: ComputedStyle): Decor {
  const l = s.textDecorationLine;
  if (!l.underline && !l.overline && !l.lineThrough) return d;
  return {
    underline: d.underline || l.underline, overline: d.overline || l.overline, lineThrough: d.lineThrough || l.lineThrough,
    color: hexColor(s.textDecorationColor), style: s.textDecorationStyle,
  };
}

interface Link { readonly link?: string; readonly linkToDestination?: string }

/** Block painter for atomic inlines (inline-blocks, floats): given back by paint/block to avoid a cycle. */
export type AtomicPainter = (box: import('../boxes/types').BlockLevelBox, cbWidth: number, shrink: boolean, ctx: PaintContext) => { node: PdfNode | undefined; width: number };

export function linkOf(href: string | undefined, ctx: PaintContext): Link | undefined {
  if (!href) return undefined;
  const h = href.trim();
  if (/^(https?:|mailto:|tel:)/i.test(h)) return { link: h };
  if (h.startsWith('#') && h.length > 1) {
    const id = decodeURIComponentSafe(h.slice(1));
    return ctx.anchors.has(id) ? { linkToDestination: id } : undefined;
  }
  return undefined;
}
const decodeURIComponentSafe = (s: string) => { try { return decodeURIComponent(s); } catch { return s; } };

/** What walking one inline formatting context gathers. */
interface InlineWalk {
  /** the line length */
  readonly width: number;
  readonly ctx: PaintContext;
  readonly atomic: AtomicPainter;
  /** the line has text of its own, outside atomic inlines */
  readonly textAround: boolean;
  readonly runs: TextRunNode[];
  readonly atomics: { node: PdfNode | undefined; width: number }[];
  readonly floats: { side: 'left' | 'right'; node: PdfNode | undefined; width: number }[];
  hasText: boolean;
  /** the anchor id the text node carries */
  ids: string | undefined;
}

/** Paints one inline formatting context. `width`: the line length (containing block's content width). */
export function paintInlines(box: InlineFormattingBox, width: number, ctx: PaintContext, atomic: AtomicPainter, anchorId?: string): PdfNode | undefined {
  const container = box.style;
  const w: InlineWalk = { width, ctx, atomic, textAround: hasOwnText(box.children), runs: [], atomics: [], floats: [], hasText: false, ids: anchorId };
  walkInlines(w, box.children, addDecor(NO_DECOR, container), ctx.link, container.visibility !== 'visible', undefined);
  const { runs, atomics, floats, hasText, ids } = w;

  const align = alignment(container.textAlign);
  let main: PdfNode | undefined;
  if (hasText || atomics.length === 0) {
    if (!hasText && runs.every((r) => !/[^\s]/.test(r.text) || r.text === '\n') && !runs.some((r) => r.text === '\n')) main = undefined;
    else main = textNode(runs, container, box.first, width, ctx, align);
    if (main && atomics.length) {
      // text and atomic inlines mixed: atomics follow as a row (pdfmake has no inline boxes)
      main = { stack: [main, atomicRow(atomics, width, align, ctx, container)] };
    }
  } else main = atomicRow(atomics, width, align, ctx, container);
  if (main && ids !== undefined && 'text' in main) { main.id = ids; ctx.placedIds.add(ids); }
  if (main && 'text' in main && main.text.length) {
    const lh = ctx.faces.lineHeight(container);
    const forced = 1 + main.text.reduce((n, r) => (r.text === '\n' ? n + 1 : n), 0);
    const lines = Math.max(forced, Math.ceil(ctx.intrinsic.unindented(box).max / Math.max(1, width)));
    const orphans = Math.max(1, container.orphans);
    const widows = Math.max(1, container.widows);
    const cell = ctx.cellText;
    if (cell === undefined) main.headlineLevel = { orphans, widows, lineHeight: lh, lines, keep: false };
    else {
      cell.height += lines * lh;
      if (lines >= orphans + widows) cell.breakable = true;
    }
  }

  if (floats.length && main) {
    const cols: ColumnNode[] = [];
    const left = floats.filter((f) => f.side === 'left');
    const right = floats.filter((f) => f.side === 'right');
    for (const f of left) if (f.node) cols.push({ width: f.width, stack: [f.node] });
    cols.push({ width: '*', stack: [main] });
    for (const f of right) if (f.node) cols.push({ width: f.width, stack: [f.node] });
    return { columns: cols, columnGap: 0 };
  }
  if (floats.length && !main) {
    // floats alone on their line: each against its side of the containing block
    const nodes = floats.filter((f) => f.node).map((f) => ({ stack: [f.node!], margin: margin(f.side === 'right' ? Math.max(0, width - f.width) : 0, 0, 0, 0) }) as PdfNode);
    return nodes.length ? { stack: nodes } : undefined;
  }
  return main;
}

/** Whether a line has text of its own, outside atomic inlines. */
function hasOwnText(items: readonly InlineLevelBox[]): boolean {
  for (const b of items) if ((b.kind === 'text' && /[^\s]/.test(b.text)) || (b.kind === 'inline' && hasOwnText(b.children))) return true;
  return false;
}

// an inline box's background is drawn behind its text runs (CSS Backgrounds 3 on inline boxes)
function walkInlines(w: InlineWalk, items: readonly InlineLevelBox[], decor: Decor, link: Link | undefined, hidden: boolean, bg: string | undefined): void {
  const { ctx, runs, width } = w;
  for (const b of items) {
    switch (b.kind) {
      case 'text': {
        const text = b.text;
        if (!text) break;
        if (!w.hasText && /[^\s]/.test(text)) w.hasText = true;
        if (!text.includes('\n')) { pushRuns(runs, textRun(text, b.style, decor, link, hidden, ctx, bg), ctx); break; }
        // pdfmake ignores line feeds inside a noWrap run: forced breaks become runs of their own
        const pieces = text.split('\n');
        for (let i = 0; i < pieces.length; i++) {
          const piece = pieces[i]!;
          if (i > 0) runs.push(textRun('\n', { ...b.style, whiteSpace: 'normal' }, NO_DECOR, undefined, true, ctx));
          if (piece) pushRuns(runs, textRun(piece, b.style, decor, link, hidden, ctx, bg), ctx);
        }
        break;
      }
      case 'inline': {
        const el = b.element;
        const id = el.attrs.id;
        if (id && w.ids === undefined && ctx.anchors.has(id) && !ctx.placedIds.has(id)) w.ids = id;
        const childLink = el.tag === 'a' ? (linkOf(el.attrs.href, ctx) ?? link) : link;
        walkInlines(w, b.children, addDecor(decor, b.style), childLink, hidden || b.style.visibility !== 'visible', b.style.backgroundColor.a > 0 ? hexColor(b.style.backgroundColor) : bg);
        break;
      }
      case 'line-break': runs.push(textRun('\n', b.style, NO_DECOR, undefined, true, ctx)); break;
      case 'replaced': {
        const p = paintReplaced(b, width, ctx, ctx.cbHeight);
        if (p.node && link?.link && ('image' in p.node || 'svg' in p.node)) (p.node as { link?: string }).link = link.link;
        w.atomics.push({ node: p.node, width: p.size.width });
        break;
      }
      case 'inline-block': {
        // within a line of text, an inline-block holding only text (a badge, a label) is set as
        // part of the line, with its background; pdfmake has no boxes inside a line
        const box = b.box;
        if (w.textAround && box.kind === 'block' && box.children.every((c) => c.kind === 'inlines')) {
          const bgColor = b.style.backgroundColor.a > 0 ? hexColor(b.style.backgroundColor) : bg;
          for (const c of box.children) if (c.kind === 'inlines') walkInlines(w, c.children, addDecor(decor, b.style), link, hidden, bgColor);
        } else {
          const outer = ctx.link;
          ctx.link = b.element.tag === 'a' ? (linkOf(b.element.attrs.href, ctx) ?? link) : link;
          w.atomics.push(w.atomic(box, width, true, ctx));
          ctx.link = outer;
        }
        break;
      }
      case 'float': { const outer = ctx.link; ctx.link = link; const p = w.atomic(b.box, width, true, ctx); ctx.link = outer; w.floats.push({ side: b.style.float === 'left' ? 'left' : 'right', ...p }); break; }
      default: assertNever(b);
    }
  }
}

/** Adds a run to the line, split where it must be (splitRun); most runs go as they are. */
function pushRuns(runs: TextRunNode[], run: TextRunNode, ctx: PaintContext): void {
  if (run.text.length <= LONG_WORD && (/^[\x20-\x7e]*$/.test(run.text) || !run.font)) { runs.push(run); return; }
  for (const r of splitRun(run, ctx)) runs.push(r);
}

function alignment(a: ComputedStyle['textAlign']): 'left' | 'right' | 'center' | 'justify' {
  switch (a) {
    case 'left': case 'start': case '-webkit-left': return 'left';
    case 'right': case 'end': case '-webkit-right': return 'right';
    case 'center': case '-webkit-center': return 'center';
    case 'justify': return 'justify';
  }
}

function textNode(runs: TextRunNode[], container: ComputedStyle, first: boolean, width: number, ctx: PaintContext, align: TextNode['alignment']): TextNode {
  // strip a trailing forced break: CSS does not make an empty last line for it
  while (runs.length > 1 && runs[runs.length - 1]!.text === '\n') runs.pop();
  // the runs as a list made to size (the pushed one keeps 16 spare slots, in every text node)
  const node: TextNode = { text: runs.slice() };
  if (align !== 'left') node.alignment = align;
  const indent = first ? resolve(container.textIndent, width) : 0;
  if (indent > 0) node.leadingIndent = indent;
  const ws = container.whiteSpace;
  if (ws === 'pre' || ws === 'pre-wrap' || ws === 'break-spaces') node.preserveLeadingSpaces = true;
  // CSS puts half the leading above the glyphs, pdfmake puts all of it below: shift down
  const lh = ctx.faces.lineHeight(container);
  const halfLeading = (lh - ctx.faces.lineBox(container)) / 2;
  if (Math.abs(halfLeading) > 0.05) node.margin = margin(0, halfLeading, 0, -halfLeading);
  return node;
}

function textRun(text: string, s: ComputedStyle, decor: Decor, link: Link | undefined, hidden: boolean, ctx: PaintContext, bg?: string): TextRunNode {
  const f = ctx.faces.of(s);
  const font = f.font; const fontSize = round(s.fontSize); const lineHeight = round(ctx.faces.pdfmakeLineHeight(s)); const color = hexColor(s.color);
  // the keys every run has, in one literal per face style (keys added later go to a separate
  // property store, for each of the document's runs)
  const run: TextRunNode = f.bold
    ? f.italics ? { text, font, fontSize, lineHeight, bold: true, italics: true, color } : { text, font, fontSize, lineHeight, bold: true, color }
    : f.italics ? { text, font, fontSize, lineHeight, italics: true, color } : { text, font, fontSize, lineHeight, color };
  const alpha = hidden ? 0 : s.color.a * s.opacity;
  if (alpha < 1) run.opacity = Math.max(0, alpha);
  if (s.letterSpacing) run.characterSpacing = round(s.letterSpacing);
  if (decor.underline || decor.lineThrough || decor.overline) {
    const lines: ('underline' | 'lineThrough' | 'overline')[] = [];
    if (decor.underline) lines.push('underline');
    if (decor.lineThrough) lines.push('lineThrough');
    if (decor.overline) lines.push('overline');
    run.decoration = lines.length === 1 ? lines[0]! : lines;
    if (decor.color) run.decorationColor = decor.color;
    if (decor.style !== 'solid') run.decorationStyle = decor.style;
  }
  if (link?.link) run.link = link.link;
  if (link?.linkToDestination) run.linkToDestination = link.linkToDestination;
  if (s.whiteSpace === 'nowrap') run.noWrap = true;
  if (s.whiteSpace === 'pre' || s.whiteSpace === 'pre-wrap' || s.whiteSpace === 'break-spaces') { run.preserveLeadingSpaces = true; run.preserveTrailingSpaces = true; }
  if (s.whiteSpace === 'pre') run.noWrap = true;
  if (s.verticalAlign === 'super' || s.verticalAlign === 'sub') {
    if (s.verticalAlign === 'super') run.sup = true; else run.sub = true;
    run.fontSize = round(s.fontSize / 0.58);
  }
  if (bg) run.background = bg;
  return run;
}

/**
 * pdfmake splits a word wider than its line by binary search over the whole rest of the word
 * on every line (quadratic: a 50,000-character word takes minutes). So a word longer than
 * LONG_WORD characters goes to pdfmake in pieces of at most that many: pieces of a run are
 * glued (no break opportunity is added), so lines break where they did, and each split searches
 * one piece. Only inside such words: ordinary text keeps its runs whole (justification spreads
 * space between pdfmake inlines).
 */
const LONG_WORD = 256;
function chunkLongWords(run: TextRunNode): TextRunNode[] {
  const cuts: number[] = [];
  for (const m of run.text.matchAll(/\S{257,}/g)) {
    for (let at = m.index + LONG_WORD; at < m.index + m[0].length; at += LONG_WORD) {
      const c = run.text.charCodeAt(at - 1);
      cuts.push(c >= 0xd800 && c <= 0xdbff ? at - 1 : at); // never split a surrogate pair
    }
  }
  if (!cuts.length) return [run];
  const out: TextRunNode[] = [];
  let from = 0;
  for (const at of [...cuts, run.text.length]) {
    if (at > from) out.push({ ...run, text: run.text.slice(from, at) });
    from = at;
  }
  return out;
}

/** CSS Fonts 4 §5.3 per-character fallback: pieces a face has no glyphs for go to another face. */
function splitRun(whole: TextRunNode, ctx: PaintContext): TextRunNode[] {
  if (whole.text.length > LONG_WORD) {
    const pieces = chunkLongWords(whole);
    if (pieces.length > 1) return pieces.flatMap((piece) => splitRun(piece, ctx));
  }
  const run = whole;
  if (/^[\x20-\x7e]*$/.test(run.text) || !run.font) return [run];
  const pieces = ctx.faces.matcher.splitByCoverage(run.text, { font: run.font, bold: !!run.bold, italics: !!run.italics });
  if (pieces.length === 0) return [run];
  const only = pieces.length === 1 ? pieces[0]! : undefined;
  // one piece in the run's own face: the run as it is (the copy below would equal it, key order included)
  if (only && only.text === run.text && only.font === run.font && only.bold === !!run.bold && only.italics === !!run.italics) return [run];
  // (one piece may still differ: the matcher substitutes characters no face has, e.g. U+2011)
  return pieces.map((p) => {
    const r: TextRunNode = { ...run, text: p.text, font: p.font };
    if (p.bold) r.bold = true; else delete r.bold;
    if (p.italics) r.italics = true; else delete r.italics;
    return r;
  });
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** A line of atomic inlines only: one node, or columns of their widths, placed per text-align. */
function atomicRow(items: { node: PdfNode | undefined; width: number }[], width: number, align: TextNode['alignment'], ctx: PaintContext, container: ComputedStyle): PdfNode {
  const present = items.filter((i): i is { node: PdfNode; width: number } => !!i.node);
  if (present.length === 0) return { text: [] , margin: margin(0, 0, 0, 0) };
  const gap = ctx.faces.width(' ', container);
  // wrap into lines of at most `width`
  const lines: { node: PdfNode; width: number }[][] = [[]];
  let used = 0;
  for (const it of present) {
    const line = lines[lines.length - 1]!;
    if (line.length && used + gap + it.width > width + 0.5) { lines.push([it]); used = it.width; }
    else { used += (line.length ? gap : 0) + it.width; line.push(it); }
  }
  const rows: PdfNode[] = lines.map((line) => {
    const total = line.reduce((a, i) => a + i.width, 0) + gap * (line.length - 1);
    const offset = align === 'center' ? Math.max(0, (width - total) / 2) : align === 'right' ? Math.max(0, width - total) : 0;
    if (line.length === 1) {
      const only = line[0]!;
      return { stack: [only.node], margin: margin(offset, 0, Math.max(0, width - offset - only.width), 0) };
    }
    return {
      columns: line.map((i) => ({ width: Math.min(i.width, width), stack: [i.node] })),
      columnGap: gap, margin: margin(offset, 0, 0, 0),
    };
  });
  return rows.length === 1 ? rows[0]! : { stack: rows };
}
