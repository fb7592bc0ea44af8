// CSS 2.1 §9.4.2 / §10.8 inline formatting contexts: line boxes. The content is broken into
// lines by linebreak.ts (CSS Text 3 §5); here each line box gets its height from the strut and
// the inline-level boxes on it (§10.8.1 half-leading, `vertical-align` as Blink computes it),
// its room beside the floats (§9.5), its alignment (CSS Text 3 §7: text-align, justify as word
// spacing, text-indent), and its place in the flow (CSS Fragmentation 3: a pagination strut
// before each line, `orphans` and `widows`). Atomic inlines (CSS Display 3 §2.4) and floats
// met in the content are laid out through ctx.layoutIndependent.
import type { ComputedStyle, VerticalAlign } from '../cascade/computed';
import type { AbsoluteBox, Footnote, InlineFormattingBox, SymbolMarkerBox } from '../boxes/types';
import type { FloatContext, LayoutContext, PendingAbsolute } from './context';
import { firstOnPage, monolithic, withoutBreaks } from './context';
import type { FaceResolver } from './faces';
import { translate, type BoxFragment, type InlineBoxFragment, type InlineFragment, type LineFragment, type LinkTarget, type TextFragment } from './fragments';
import { fillLine, inlineAtoms, kernAtoms, shownWidth, type AtomsOptions, type FillOptions, type LineFloats, type Atom, type AtomicItem, type BoxNode, type Cursor, type FloatItem, type InlineContent, type TextAtom, type TextItem } from './linebreak';
import { disclosureSide, insideSymbolWidth, markerShape, PX, symbolGeometry } from './marker';
import { embeddingLevels, reorderLine, shapedRightToLeft, visualText } from './bidi';
import { fragmentFloat, type FloatInFlow, type MeasuredFloat } from './float';
import { replacedSize } from './replaced';
import { relativeShift, resolve } from './used';

export interface InlineInput {
  /** the block container's content-box left edge and width */
  readonly x: number;
  readonly width: number;
  /** BlockInput.pageInset of the block container: each line takes the width of its page */
  readonly pageInset?: number | undefined;
  /** flow position of the first line box's top */
  readonly y: number;
  readonly cbHeight: number | undefined;
  /** the enclosing block formatting context's floats */
  readonly floats: FloatContext;
  readonly absolutes: PendingAbsolute[];
  readonly link?: LinkTarget;
  /** BlockInput.endReserve of the block container: what must fit below the last line on its page */
  readonly endReserve?: number;
}

export interface InlineResult {
  readonly lines: LineFragment[];
  /** flow y below the last line box (y when there are no lines) */
  readonly bottom: number;
  readonly firstBaseline: number | undefined;
  readonly lastBaseline: number | undefined;
}

/**
 * What the inline formatting contexts of one layout run (one FaceResolver) share: each style's
 * line metrics, and the scratch state of the line being placed (one line is placed at a time:
 * placing a line lays nothing else out).
 */
interface RunCaches {
  readonly fonts: Map<ComputedStyle, FontBox>;
  readonly placing: Placing;
  /**
   * Scratch lists of the contexts being laid out, one pair per nesting depth (an inline-block
   * lays its own context out while its line is filled): a context's lines are gathered here and
   * copied out at their exact length, so a context does not grow two lists of its own.
   */
  readonly scratch: Scratch[];
  depth: number;
}

/** a scratch object's type: its fields written in place */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** where a line starts: its cursor and open inline boxes, and what it is filled from */
interface LineStart { readonly cursor: Cursor; readonly stack: readonly BoxNode[]; readonly phase: Phase }

/**
 * The scratch state of the context being laid out at one nesting depth. `lines` and `starts`
 * hold the context's first `count` lines (Lines.layoutLines counts them and copies the lines out
 * at their length): the lists are never emptied by setting their length, which would drop their
 * backing stores (V8's elements.cc SetLengthImpl for a length of 0) and grow them again from
 * nothing (17 slots at the first push) for every context.
 */
interface Scratch {
  readonly lines: LineFragment[];
  readonly starts: LineStart[];
  readonly line: LineAttempt;
  /** fillLine's options, and in them (`out`) the list it writes a line's atoms into */
  readonly fill: Mutable<FillOptions>;
  /** Lines.lineBox's result and its groups (the root's first), rewritten for each line */
  readonly box: Mutable<LineBox>;
}

/** the inline boxes open at the start of a context: none */
const NO_BOXES: readonly BoxNode[] = [];
const caches = new WeakMap<FaceResolver, RunCaches>();
const runCaches = (faces: FaceResolver): RunCaches => {
  let c = caches.get(faces);
  if (!c) {
    c = {
      fonts: new Map(),
      placing: {
        children: [], count: 0, groups: undefined, baseline: 0, extra: 0, hyphenAfter: undefined, hyphenWidth: 0, boxes: [],
        run: undefined, runStart: 0, runEnd: 0, runX: 0, runWidth: 0,
      },
      scratch: [], depth: 0,
    };
    caches.set(faces, c);
  }
  return c;
};

/** where a context's first line starts */
const START: Cursor = { index: 0, carry: undefined };

/** the absolutely positioned boxes of an atomic inline that has none */
const NONE: readonly PendingAbsolute[] = [];

/** the atomic inlines of a context that has none */
const NO_ATOMICS: ReadonlyMap<AtomicItem, Atomic> = new Map();

/** An atomic inline laid out at the origin: its margin box is [0, width] × [0, height]. */
interface Atomic {
  readonly fragment: BoxFragment | undefined;
  readonly width: number;
  readonly height: number;
  /** its baseline below its margin box top (CSS 2.1 §10.8.1) */
  readonly baseline: number;
  /** where its margin box is now (it is moved into place with translate) */
  x: number;
  y: number;
  /**
   * the absolutely positioned boxes inside it whose containing block is outside it, static
   * positions from its margin box's origin (CSS 2.1 §10.3.7: they move with it onto its line)
   */
  readonly absolutes: readonly PendingAbsolute[];
  /** whether a line has placed it (an atomic inline on no line queues none of its absolutes) */
  placed: boolean;
  /** per-line scratch: baseline offset and alignment group */
  off: number;
  group: number;
}

/** A float met in the content: measured once, placed once. */
interface Floated extends MeasuredFloat {
  placed: boolean;
}

export function layoutInlines(box: InlineFormattingBox, input: InlineInput, ctx: LayoutContext): InlineResult {
  const run = runCaches(ctx.faces);
  const options = new AtomicInlines(input, ctx);
  const content = inlineAtoms(box, options);
  // CSS Pseudo 4 §2.3: the first line is broken and drawn from the content as ::first-line styles it
  const line = box.firstLine ? inlineAtoms({ ...box, style: box.firstLine.style, children: box.firstLine.children }, options) : undefined;
  const firstLevels = line && embeddingLevels(line.text, box.style.direction);
  const levels = embeddingLevels(content.text, box.style.direction);
  // (kerning across atoms in left-to-right text only: a bidi line's pieces are reordered)
  if (line && !firstLevels) kernAtoms(line, ctx.faces);
  if (!levels) kernAtoms(content, ctx.faces);
  const firstLine = line && { content: line, levels: firstLevels, strut: box.firstLine!.style };
  return new Lines(box, input, ctx, { content, levels, strut: box.style }, run, options.atomics ?? NO_ATOMICS, firstLine).layout();
}

/** The atoms' options of one context, which lays out its atomic inlines as the cutter meets them (one object, no closure per context). */
class AtomicInlines implements AtomsOptions {
  readonly faces: FaceResolver;
  readonly cbWidth: number;
  readonly cbHeight: number | undefined;
  readonly link: LinkTarget | undefined;
  readonly anchors: ReadonlySet<string>;
  /** the atomic inlines laid out, made when the first is met */
  atomics: Map<AtomicItem, Atomic> | undefined = undefined;

  constructor(private readonly input: InlineInput, private readonly ctx: LayoutContext) {
    this.faces = ctx.faces; this.cbWidth = input.width; this.cbHeight = input.cbHeight; this.link = input.link; this.anchors = ctx.anchors;
  }

  atomicWidth(item: AtomicItem): number {
    const a = layoutAtomic(item, this.input, monolithic(this.ctx));
    (this.atomics ??= new Map()).set(item, a);
    return a.width;
  }
}

/** What lines are filled from: the content, its embedding levels, the style of its strut (CSS 2.1 §10.8.1). */
interface Phase {
  readonly content: InlineContent;
  /** UAX #9 embedding levels of the content's text; undefined when all are 0 */
  readonly levels: Uint8Array | undefined;
  readonly strut: ComputedStyle;
}

const ELLIPSIS = '\u2026';
const transparentColor = (c: ComputedStyle['backgroundColor']) => c.a === 0;

/** Whether an inline box has vertical padding or border, which keeps its metrics in the line height quirk. */
function hasVerticalFrame(s: ComputedStyle, cbWidth: number): boolean {
  return s.borderWidth.top > 0 || s.borderWidth.bottom > 0 || resolve(s.padding.top, cbWidth) > 0 || resolve(s.padding.bottom, cbWidth) > 0;
}

/** the position in the context's string after `atoms[0, upto)` */
function textAfter(atoms: readonly Atom[], upto: number): number {
  let p = 0;
  for (let i = 0; i < upto; i++) p = advance(atoms[i]!, p);
  return p;
}

/** the position in the context's string after an atom, `p` the position before it */
function advance(a: Atom, p: number): number {
  switch (a.t) {
    case 'text': return a.end;
    case 'atomic': return a.pos + 1;
    // a preserved line feed or a <br> stands for one character
    case 'break': return p + 1;
    default: return p;
  }
}

/** The footnotes of the ::footnote-call boxes a line opens (CSS GCPM 3 §2). */
function footnoteCalls(atoms: readonly Atom[], count: number): Footnote[] | undefined {
  let out: Footnote[] | undefined;
  for (let i = 0; i < count; i++) { const a = atoms[i]!; if (a.t === 'open' && a.box.footnote) (out ??= []).push(a.box.footnote); }
  return out;
}

/** Chromium's ascent and descent of a style's font, each rounded to whole CSS px (Blink's SimpleFontData), and its used line-height. */
interface FontBox {
  readonly ascent: number;
  readonly descent: number;
  readonly lineHeight: number;
  /** CSS 2.1 §10.8.1: A' and D', the ascent and descent with half the leading each */
  readonly above: number;
  readonly below: number;
  /** the font's x-height (OS/2 sxHeight, or the height of 'x'), pt */
  readonly xHeight: number;
}

/**
 * x-heights per 1000 em of the shipped faces, as Skia reads them (OS/2 sxHeight, else the
 * bounds of 'x'); any other face takes 0.5em, as CSS Values 4 §6.1.1 allows.
 */
const X_HEIGHTS: readonly (readonly [string, number])[] = [
  ['DejaVuSans', 547], ['DejaVuSerif', 519], ['LiberationMono', 528], ['LiberationSans', 528], ['LiberationSerif', 459],
  ['NotoSansMono-Bold', 546], ['NotoSansMono', 536],
];

const roundPx = (pt: number) => Math.round(pt / 0.75) * 0.75;

/**
 * CSS 2.1 §10.8.1 a strut of a style as Blink sizes it: ascent and descent rounded to whole px,
 * the half-leading floored to a whole px and given to the ascent (`above`: the baseline's
 * distance below the top of a line of that style), the rest to the descent.
 */
export function strutMetrics(faces: FaceResolver, style: ComputedStyle): { ascent: number; descent: number; lineHeight: number; above: number } {
  const ascentPt = faces.ascent(style);
  const ascent = roundPx(ascentPt);
  const descent = roundPx(faces.contentArea(style) - ascentPt);
  const lineHeight = faces.lineHeight(style);
  const above = ascent + Math.floor((lineHeight - ascent - descent) / 1.5 + 1e-6) * 0.75;
  return { ascent, descent, lineHeight, above };
}

/** The vertical extent of the line's content relative to a baseline: the root's, or a top/bottom-aligned subtree's (CSS 2.1 §10.8.1). */
interface Group { readonly align: 'root' | 'top' | 'bottom'; top: number; bottom: number; base: number }

/** What one line's vertical alignment found. */
interface LineBox {
  readonly height: number;
  /** the baseline below the line box top */
  readonly ascent: number;
  readonly groups: Group[];
  /** whether it has content (CSS 2.1 §9.4.2: else it is a zero-height line box, left out) */
  readonly visible: boolean;
  /** the inline boxes open after the line (the open ones before it when it opens and closes none) */
  readonly stack: readonly BoxNode[];
}

const EPS = 0.01;

/** Lines.line: what Lines.float needs of the line being filled. */
interface LineAttempt {
  band: { readonly left: number; readonly right: number };
  top: number;
  guess: number;
  /** the content box's right edge at the line */
  right: number;
  indent: number;
  /** whether a float was placed beside the line */
  floatPlaced: boolean;
  /** the floats met on the line that go below it */
  deferred: FloatItem[] | undefined;
}

class Lines implements LineFloats {
  private readonly fonts: Map<ComputedStyle, FontBox>;
  private readonly run: RunCaches;
  /** emit's state for the line being placed: its fragments, the inline boxes open on it, the text run being gathered */
  private readonly placing: Placing;
  /** per float box (the first line's content and the rest share them) */
  private floated: Map<FloatItem['box'], Floated> | undefined;
  private stamp = 0;
  private readonly indent: number;
  /** what the line being filled is filled from: the ::first-line's content for the first line, else the box's */
  private content: InlineContent;
  private levels: Uint8Array | undefined;
  private strut: FontBox;
  /**
   * CSS 2.1 §10.3.7: the static positions of the inline-level absolutely positioned boxes: the
   * pen's x where each stands on its line, and the line's top; a line laid out again (orphans,
   * widows) places them again.
   */
  private statics: Map<AbsoluteBox, { readonly x: number; readonly y: number }> | undefined;

  /** an inline-level absolutely positioned box's static position (the map is made when the context has one) */
  private placeStatic(box: AbsoluteBox, p: { readonly x: number; readonly y: number }): void {
    (this.statics ??= new Map()).set(box, p);
  }

  constructor(
    private readonly box: InlineFormattingBox,
    private readonly input: InlineInput,
    private readonly ctx: LayoutContext,
    private readonly rest: Phase,
    run: RunCaches,
    private readonly atomics: ReadonlyMap<AtomicItem, Atomic>,
    /** CSS Pseudo 4 §2.3: the content as the ::first-line styles it, for the first line */
    private readonly firstLine: Phase | undefined,
  ) {
    this.fonts = run.fonts;
    this.placing = run.placing;
    this.run = run;
    const ti = box.style.textIndent;
    this.indent = box.first || ti.hanging ? resolve(ti, input.width) : 0;
    const start = firstLine ?? rest;
    this.content = start.content; this.levels = start.levels; this.strut = this.font(start.strut);
  }

  private use(phase: Phase): void {
    this.content = phase.content; this.levels = phase.levels; this.strut = this.font(phase.strut);
  }

  /**
   * Where the box's own content continues after a first line filled from the ::first-line's:
   * the same place in the text (the two are cut from equal strings), the inline box ends and
   * break opportunity there taken with the line, the inline boxes open there.
   */
  private resume(next: Cursor): { cursor: Cursor; stack: BoxNode[] } {
    const first = this.content.atoms;
    if (!next.carry && next.index >= first.length) return { cursor: { index: this.rest.content.atoms.length, carry: undefined }, stack: [] };
    const at = next.carry ? next.carry.start : textAfter(first, next.index);
    const atoms = this.rest.content.atoms;
    const stack: BoxNode[] = [];
    let p = 0;
    for (let i = 0; i < atoms.length; i++) {
      const a = atoms[i]!;
      if (p >= at && a.t !== 'close' && a.t !== 'opp') return { cursor: { index: i, carry: undefined }, stack };
      if (a.t === 'text' && a.start < at && a.end > at) {
        // cut inside a piece (overflow-wrap): the rest of it starts the line
        const head = shownWidth(this.ctx.faces, this.rest.content.text.slice(a.start, at), a.item.style);
        return { cursor: { index: i + 1, carry: { ...a, start: at, width: Math.max(0, a.width - head) } }, stack };
      }
      p = advance(a, p);
      if (a.t === 'open') stack.push(a.box); else if (a.t === 'close') stack.pop();
    }
    return { cursor: { index: atoms.length, carry: undefined }, stack };
  }

  layout(): InlineResult {
    const run = this.run;
    const depth = run.depth++;
    const scratch = run.scratch[depth] ??= {
      lines: [], starts: [], line: { band: { left: 0, right: 0 }, top: 0, guess: 0, right: 0, indent: 0, floatPlaced: false, deferred: undefined },
      fill: { content: this.content, faces: this.ctx.faces, available: 0, floats: this, indent: 0, out: [] },
      box: { height: 0, ascent: 0, groups: [{ align: 'root', top: 0, bottom: 0, base: 0 }], visible: false, stack: NO_BOXES },
    };
    this.line = scratch.line;
    this.box_ = scratch.box;
    try {
      return this.layoutLines(scratch.lines, scratch.starts, scratch.fill);
    } finally {
      run.depth = depth;
    }
  }

  /**
   * layout's lines, gathered in the first `n` slots of `lines` (with where each starts in `starts`);
   * `fill` the scratch options of fillLine at this nesting depth, set before each line is filled
   */
  private layoutLines(lines: LineFragment[], starts: LineStart[], fill: Mutable<FillOptions>): InlineResult {
    const { input, ctx } = this;
    const pages = ctx.pages;
    let phase = this.firstLine ?? this.rest;
    /** the lines that a page break precedes (made at the first break) */
    let breaks: number[] | undefined;
    /** how many lines are placed */
    let n = 0;
    let cursor: Cursor = START;
    let stack: readonly BoxNode[] = NO_BOXES;
    let y = input.y;
    let orphansDone = false; let widowsDone = false; let reserveDone = false;
    for (;;) {
      if (cursor.index >= this.content.atoms.length && !cursor.carry) {
        // CSS Fragmentation 3 §4.1 as Blink 156 breaks: the block-end padding and borders after
        // the last line (input.endReserve) do not break; when they do not fit on the last line's
        // page, the break goes before the last lines (as many as widows asks, as long as orphans
        // allows), or before all of them when the content does not start its page
        const reserve = input.endReserve ?? 0;
        if (pages.paginates && !reserveDone && reserve > 0 && n > 0) {
          reserveDone = true;
          const end = pages.pageEnd(lines[n - 1]!.y + EPS);
          if (y <= end + EPS && y + reserve > end + EPS) {
            const before = breaks?.[breaks.length - 1] ?? 0;
            let from = n - Math.max(1, this.box.style.widows);
            if (from - before < Math.max(1, this.box.style.orphans)) from = before;
            if (from > before || (from === 0 && !firstOnPage(pages, lines[0]!.y))) {
              y = pages.pageEnd(lines[from]!.y + EPS);
              ({ cursor, stack, phase } = starts[from]!);
              this.use(phase);
              n = from;
              continue;
            }
          }
        }
        // CSS Fragmentation 3 §4.4 widows: too few lines after the last break move lines from before
        // it, as many as the orphans before it allow (as Chromium 156 prints: orphans 3, widows 3
        // and five lines, four of which fit, break after three)
        const k = breaks?.[breaks.length - 1];
        if (!pages.paginates || widowsDone || !breaks || k === undefined || k === 0) break;
        const after = n - k;
        const widows = Math.max(1, this.box.style.widows);
        if (after >= widows) break;
        widowsDone = true;
        const from = Math.max(k - (widows - after), (breaks.length > 1 ? breaks[breaks.length - 2]! : 0) + Math.max(1, this.box.style.orphans));
        if (from >= k) break;
        y = pages.pageEnd(lines[from]!.y + EPS);
        ({ cursor, stack, phase } = starts[from]!);
        this.use(phase);
        n = from; breaks.pop();
        continue;
      }
      const indent = this.indented(n === 0, cursor) ? this.indent : 0;
      let guess = this.strut.lineHeight;
      const filling = this.line;
      for (let attempt = 0; ; attempt++) {
        const right = this.rightAt(y);
        let band = input.floats.space(y, guess, input.x, right);
        filling.band = band; filling.top = y; filling.guess = guess; filling.right = right; filling.indent = indent;
        filling.floatPlaced = false; filling.deferred = undefined;
        fill.content = this.content; fill.faces = ctx.faces; fill.available = band.right - band.left - indent; fill.floats = this; fill.indent = indent;
        const filled = fillLine(cursor, fill);
        band = filling.band;
        const { atoms, count } = filled;
        const v = this.lineBox(atoms, count, stack);
        if (!v.visible) {
          // no line box: only floats, or white space that collapsed away
          // (the static position of an inline-level box stands where text-align puts the empty line's start, as Chromium 156 places it)
          let x: number | undefined;
          for (let i = 0; i < count; i++) {
            const a = atoms[i]!;
            if (a.t !== 'abs') continue;
            x ??= this.lineStart(band.left, indent, band.right - band.left - indent - openWidth(atoms, count), filled.last);
            this.placeStatic(a.box, a.box.blockStatic ? { x: input.x, y } : { x, y });
          }
          cursor = filled.next; stack = v.stack;
          break;
        }
        if (filling.floatPlaced) band = input.floats.space(y, guess, input.x, right);
        // CSS 2.1 §9.5: a line too narrow beside floats for its first piece moves down past them
        if (filled.overflow && (band.left > input.x + EPS || band.right < right - EPS) && attempt < 100) {
          const below = this.nextBand(y, v.height);
          if (below > y + EPS) { y = below; continue; }
        }
        let top = y;
        if (pages.paginates && top + v.height > pages.pageEnd(top + EPS) + EPS && !pages.atPageStart(top)) top = pages.pageEnd(top + EPS);
        if ((top !== y || v.height > guess + EPS) && attempt < 3) {
          const b = input.floats.space(top, v.height, input.x, this.rightAt(top));
          if (Math.abs(b.left - band.left) > EPS || Math.abs(b.right - band.right) > EPS) { y = top; guess = v.height; continue; }
        }
        // CSS GCPM 3 §2: the footnotes this line calls go to its page's footnote area (or it moves on)
        const calls = footnoteCalls(atoms, count);
        if (calls && pages.footnotes && attempt < 5 && !pages.footnotes(calls, { top, bottom: top + v.height }, ctx)) { y = pages.pageEnd(top + EPS); guess = v.height; continue; }
        // a page break before this line: pushed by the strut, or the previous line ended its page
        const prev = n > 0 ? lines[n - 1] : undefined;
        const broken = prev !== undefined && pages.paginates && pages.pageStart(top + EPS) > pages.pageStart(prev.y + EPS) + EPS;
        // CSS Fragmentation 3 §4.4 orphans: too few lines before the first break move the whole start
        if (broken && (!breaks || breaks.length === 0) && !orphansDone) {
          orphansDone = true;
          if (n < Math.max(1, this.box.style.orphans) && !firstOnPage(pages, lines[0]!.y)) {
            y = pages.pageEnd(lines[0]!.y + EPS);
            ({ cursor, stack, phase } = starts[0]!);
            this.use(phase);
            n = 0;
            filling.deferred = undefined;
            break;
          }
        }
        if (broken) (breaks ??= []).push(n);
        starts[n] = { cursor, stack, phase };
        const line = this.emit(atoms, count, stack, v, top, band, indent, filled.last, filled.hyphen);
        if (calls) line.footnotes = calls;
        lines[n++] = line;
        y = top + v.height;
        // CSS 2.1 §9.5.2 as Chromium 156 applies `clear` on a <br>: the next line starts below the floats it clears
        const end = atoms[count - 1];
        if (end?.t === 'break' && end.clear) y = Math.max(y, input.floats.clearance(end.clear));
        cursor = filled.next; stack = v.stack;
        if (phase !== this.rest) { ({ cursor, stack } = this.resume(cursor)); phase = this.rest; this.use(phase); }
        break;
      }
      const deferred = this.deferredBelow();
      if (deferred) for (const item of deferred) this.placeFloat(item, this.floatOf(item), y);
    }
    if (this.statics) for (const [box, p] of this.statics) input.absolutes.push({ box, staticX: p.x, staticY: p.y });
    if (this.atomics.size > 0) for (const a of this.atomics.values()) {
      if (a.placed) for (const q of a.absolutes) input.absolutes.push({ ...q, staticX: q.staticX + a.x, staticY: q.staticY + a.y });
    }
    return { lines: lines.slice(0, n), bottom: y, firstBaseline: n > 0 ? lines[0]!.baseline : undefined, lastBaseline: n > 0 ? lines[n - 1]!.baseline : undefined };
  }

  /**
   * CSS Text 3 §8.1 whether text-indent applies to a line: the first line of the block container,
   * with each-line also each line after a forced break; `hanging` indents every other line.
   */
  private indented(first: boolean, cursor: Cursor): boolean {
    const ti = this.box.style.textIndent;
    let own = first && this.box.first;
    if (!own && ti.eachLine && !cursor.carry) {
      // after a forced break (and the inline box ends it kept on its line)
      const atoms = this.content.atoms;
      let i = cursor.index - 1;
      while (i >= 0 && atoms[i]!.t === 'close') i--;
      own = i >= 0 && atoms[i]!.t === 'break';
    }
    return ti.hanging ? !own : own;
  }

  /** The content box's right edge for a line at flow position `y` (its left edge is input.x): on its page when the width follows the page area. */
  private rightAt(y: number): number {
    const { input } = this;
    const pages = this.ctx.pages;
    if (input.pageInset === undefined || !pages.paginates || !pages.areaWidth) return input.x + input.width;
    return input.x + Math.max(0, pages.areaWidth(y) - input.pageInset);
  }

  /**
   * The line being filled: the room beside the floats, and the floats met on it that go below it
   * (the scratch object of the context's nesting depth, given by layout; every attempt at a line
   * sets all of it before fillLine reads it).
   */
  private line!: LineAttempt;

  /** the floats met on the line just filled that go below it */
  private deferredBelow(): FloatItem[] | undefined {
    return this.line.deferred;
  }

  /** A float met on the line being filled (fillLine): placed beside it when it fits, else deferred below it. */
  float(item: FloatItem, used: number): number | undefined {
    const line = this.line;
    const f = this.floatOf(item);
    if (f.placed) return undefined;
    if (used + f.width > line.band.right - line.band.left - line.indent + EPS) { (line.deferred ??= []).push(item); return undefined; }
    this.placeFloat(item, f, line.top);
    line.floatPlaced = true;
    line.band = this.input.floats.space(line.top, line.guess, this.input.x, line.right);
    return line.band.right - line.band.left - line.indent;
  }

  /** The next flow position below `y` where the floats beside the line end (CSS 2.1 §9.5). */
  private nextBand(y: number, height: number): number {
    let next = Infinity;
    for (const f of this.input.floats.fragments) {
      const mb = f.style.margin.bottom === 'auto' ? 0 : resolve(f.style.margin.bottom, this.input.width);
      const bottom = f.y + f.height + mb;
      if (bottom > y + EPS && f.y < y + height) next = Math.min(next, bottom);
    }
    if (!Number.isFinite(next)) { const b = this.input.floats.bottom(); next = b > y + EPS ? b : y; }
    return next;
  }

  /** the width of text as drawn (shownWidth) */
  private width(text: string, style: ComputedStyle): number {
    return shownWidth(this.ctx.faces, text, style);
  }

  // ---- line boxes (CSS 2.1 §10.8) --------------------------------------------------------

  private font(style: ComputedStyle): FontBox {
    let f = this.fonts.get(style);
    if (f) return f;
    const faces = this.ctx.faces;
    const { ascent, descent, lineHeight, above } = strutMetrics(faces, style);
    const file = faces.of(style).file;
    const xHeight = ((X_HEIGHTS.find(([prefix]) => file.startsWith(prefix))?.[1] ?? 500) / 1000) * style.fontSize;
    f = { ascent, descent, lineHeight, above, below: lineHeight - above, xHeight };
    this.fonts.set(style, f);
    return f;
  }

  /**
   * CSS 2.1 §10.8.1 vertical-align: how far a box's baseline sits below its parent's, as Blink
   * computes it (sub/super from the parent's font size, middle from half the parent's x-height).
   */
  private shift(va: VerticalAlign, style: ComputedStyle, parent: ComputedStyle, above: number, below: number): number {
    switch (va) {
      case 'baseline': case 'top': case 'bottom': return 0;
      case 'sub': return parent.fontSize / 5 + 0.75;
      case 'super': return -(parent.fontSize / 3 + 0.75);
      case 'text-top': return above - this.font(parent).ascent;
      case 'text-bottom': return this.font(parent).descent - below;
      case 'middle': return (above - below) / 2 - this.font(parent).xHeight / 2;
      default: return -resolve(va, this.font(style).lineHeight);
    }
  }

  /**
   * The line box of a line's atoms: its height and baseline from the strut and every inline-level
   * box on it. The result and its groups are the scratch of the context's nesting depth (`box_`),
   * rewritten by the next line: the caller reads them before it measures another line.
   */
  private lineBox(atoms: readonly Atom[], count: number, open: readonly BoxNode[]): LineBox {
    const stamp = ++this.stamp;
    const root = this.content.root;
    // with the line-height quirk the root inline box's strut counts only once text is on it
    const quirk = this.ctx.lineHeightQuirk === true;
    // (empty until something joins it: a line-height smaller than the font's ascent and descent puts
    // the text's extent wholly above the baseline, and the line is that extent's height)
    const out = this.box_;
    const groups = out.groups;
    if (groups.length > 1) groups.length = 1;
    const r = groups[0]!;
    r.top = quirk ? Infinity : -this.strut.above; r.bottom = quirk ? -Infinity : this.strut.below; r.base = 0;
    this.groups = groups;
    this.measured = false;
    root.stamp = stamp; root.off = 0; root.group = 0;
    // the open inline boxes after the line: `open` until the line opens or closes one, then a copy
    let stack = open;
    let own: BoxNode[] | undefined;
    let visible = false;
    if (!quirk) root.included = stamp;
    for (const b of open) this.enter(b, stamp, quirk);
    for (let i = 0; i < count; i++) {
      const a = atoms[i]!;
      switch (a.t) {
        case 'open':
          this.enter(a.box, stamp, quirk);
          (own ??= open.slice()).push(a.box); stack = own;
          if (a.width > 0) visible = true;
          break;
        case 'close':
          (own ??= open.slice()).pop(); stack = own;
          if (a.width > 0) visible = true;
          break;
        case 'text': {
          const s = a.item.style;
          if (a.solid || (a.end > a.start && preserved(s))) visible = true;
          const parent = a.item.parent;
          if (quirk && (a.solid || (a.end > a.start && preserved(s)))) this.include(parent, stamp);
          // (a text of another style than its box's, a ::marker's, has its own metrics; synthesized small capitals have the box's)
          if (s !== parent.style && !a.item.smallCaps) {
            const f = this.font(s);
            this.extend(parent.group, parent.off - f.above, parent.off + f.below);
          }
          break;
        }
        case 'atomic': {
          const at = this.atomics.get(a.item)!;
          at.off = this.place(a.item.box.style, a.item.parent, at.baseline, at.height - at.baseline, true);
          at.group = this.placedGroup;
          this.measured = true;
          visible = true;
          break;
        }
        // (a line that is only a <br> keeps the height of the box the <br> is in)
        case 'break': visible = true; if (quirk && !this.measured) this.include(stack[stack.length - 1] ?? root, stamp); break;
        case 'float': case 'opp': break;
      }
    }
    // top- and bottom-aligned subtrees: the line box grows to hold them, then they align to its edges
    if (r.top > r.bottom) { r.top = 0; r.bottom = 0; }
    for (let i = 1; i < groups.length; i++) {
      const g = groups[i]!; const h = g.bottom - g.top;
      if (g.align === 'top') r.bottom = Math.max(r.bottom, r.top + h);
      else r.top = Math.min(r.top, r.bottom - h);
    }
    for (let i = 1; i < groups.length; i++) {
      const g = groups[i]!;
      g.base = g.align === 'top' ? r.top - g.top : r.bottom - g.bottom;
    }
    out.height = r.bottom - r.top; out.ascent = -r.top; out.visible = visible; out.stack = stack;
    return out;
  }

  /** lineBox's result (the scratch of the context's nesting depth, given by layout) */
  private box_!: Mutable<LineBox>;

  /** lineBox's state for the line being measured: its groups, and whether a box's own metrics joined its extent yet */
  private groups: Group[] = [];
  private measured = false;
  /** the group of the box `place` placed last */
  private placedGroup = 0;

  /** a vertical extent joins group g's */
  private extend(g: number, top: number, bottom: number): void {
    const grp = this.groups[g]!;
    if (top < grp.top) grp.top = top;
    if (bottom > grp.bottom) grp.bottom = bottom;
  }

  /** the box's own metrics (ascent + descent with half-leading) join its group's extent */
  private include(b: BoxNode, stamp: number): void {
    this.measured = true;
    if (b.included === stamp) return;
    b.included = stamp;
    const f = this.font(b.style);
    this.extend(b.group, b.off - f.above, b.off + f.below);
  }

  /** A box's baseline offset below the root's (returned) and its group (placedGroup); `always`: its extent joins the group's now. */
  private place(style: ComputedStyle, parent: BoxNode, above: number, below: number, always: boolean): number {
    const va = style.verticalAlign;
    if (va === 'top' || va === 'bottom') {
      this.groups.push(always ? { align: va, top: -above, bottom: below, base: 0 } : { align: va, top: 0, bottom: 0, base: 0 });
      this.placedGroup = this.groups.length - 1;
      return 0;
    }
    const off = parent.off + this.shift(va, style, parent.style, above, below);
    if (always) this.extend(parent.group, off - above, off + below);
    this.placedGroup = parent.group;
    return off;
  }

  /** an inline box met on the line (open before it or opened on it), its ancestors first */
  private enter(b: BoxNode, stamp: number, quirk: boolean): void {
    if (b.stamp === stamp) return;
    const parent = b.parent!;
    if (parent.stamp !== stamp) this.enter(parent, stamp, quirk);
    const f = this.font(b.style);
    b.off = this.place(b.style, parent, f.above, f.below, false);
    b.group = this.placedGroup;
    b.stamp = stamp;
    if (!quirk || hasVerticalFrame(b.style, this.input.width)) this.include(b, stamp);
  }

  // ---- fragments of one line -----------------------------------------------------------

  /**
   * CSS Text 3 §7.1 text-align: the x where a line's content starts, its band's left edge at
   * `left`, with `free` room left over (start-aligned when the content overflows; justify spreads
   * the room between the words instead).
   */
  private lineStart(left: number, indent: number, free: number, last: boolean): number {
    // the indent is at the line's start side: its right in a right-to-left paragraph
    const x = left + (this.box.style.direction === 'rtl' ? 0 : indent);
    if (!(free > 0)) return this.box.style.direction === 'rtl' ? x + free : x; // a right-to-left line overflows its left edge
    switch (alignOf(this.box.style, last)) {
      case 'right': return x + free;
      case 'center': return x + free / 2;
      case 'justify': case 'left': return x;
    }
  }

  /** The line of the first `count` atoms (trimmed in place: trimEnd). */
  private emit(atoms: Atom[], count: number, open: readonly BoxNode[], v: LineBox, top: number, band: { readonly left: number; readonly right: number }, indent: number, last: boolean, hyphen: boolean): LineFragment {
    const text = this.content.text;
    trimEnd(atoms, count, text, this.ctx.faces);
    // the hyphen a soft hyphen shows where the line breaks (CSS Text 3 §6.1)
    let hyphenAfter: TextAtom | undefined;
    if (hyphen) for (let i = count - 1; i >= 0; i--) { const a = atoms[i]!; if (a.t === 'text') { hyphenAfter = a; break; } }
    const hyphenWidth = hyphenAfter ? this.width(this.ctx.faces.hyphen(hyphenAfter.item.style), hyphenAfter.item.style) : 0;
    let used = hyphenWidth; let spaces = 0;
    for (let i = 0; i < count; i++) {
      const a = atoms[i]!;
      if (a.t === 'text') { used += a.width; spaces += countSpaces(text, a.start, a.end); } else if (a.t === 'open' || a.t === 'close' || a.t === 'atomic') used += a.width;
    }
    // CSS Text 3 §7.1 text-align (start-aligned when the content overflows), §7.3 justify
    const room = band.right - band.left - indent;
    const free = room - used;
    let x = this.lineStart(band.left, indent, free, last);
    const extra = free > 0 && spaces > 0 && alignOf(this.box.style, last) === 'justify' ? free / spaces : 0;
    const baseline = top + v.ascent;
    if (this.levels) return this.emitBidi(atoms, count, open, v, { top, band, x, extra, baseline, hyphenAfter, hyphenWidth }, this.levels);
    const e = this.placing;
    e.count = 0; e.groups = v.groups; e.baseline = baseline; e.extra = extra; e.hyphenAfter = hyphenAfter; e.hyphenWidth = hyphenWidth;
    e.run = undefined;
    const boxes = e.boxes;
    boxes.length = 0;
    // the ::first-line box itself paints a background behind the first line's content (CSS Pseudo 4 §2.3)
    const root = this.content.root;
    if (this.content === this.firstLine?.content && (!transparentColor(root.style.backgroundColor) || root.style.backgroundImage !== 'none')) {
      const slot = e.count++;
      e.children[slot] = undefined as unknown as InlineFragment;
      boxes.push({ node: root, x, slot, starts: true });
    }
    for (const b of open) this.opening(b, x, false);
    for (let i = 0; i < count; i++) {
      const a = atoms[i]!;
      switch (a.t) {
        case 'text': {
          // a tab draws nothing: the text after it starts at its tab stop
          if (a.tab) { this.flush(); x += a.width; break; }
          const w = a.width + (extra ? extra * countSpaces(text, a.start, a.end) : 0);
          if (e.run === a.item && e.runEnd === a.start) { e.runEnd = a.end; e.runWidth += w; } else { this.flush(); e.run = a.item; e.runStart = a.start; e.runEnd = a.end; e.runX = x; e.runWidth = w; }
          x += w;
          break;
        }
        case 'open': this.flush(); this.opening(a.box, x + a.box.marginLeft, true); x += a.width; break;
        case 'close': this.flush(); this.closing(x + a.width - a.box.marginRight, true); x += a.width; break;
        case 'atomic': {
          this.flush();
          const p = this.atomics.get(a.item)!;
          const parent = a.item.parent;
          const left = x + parent.dx;
          const top = baseline + v.groups[p.group]!.base + p.off - p.baseline + parent.dy;
          if (p.fragment) {
            translate(p.fragment, left - p.x, top - p.y);
            if (a.item.box.style.visibility === 'visible') e.children[e.count++] = p.fragment;
          }
          p.x = left; p.y = top; p.placed = true;
          x += a.width;
          break;
        }
        case 'abs': this.placeStatic(a.box, a.box.blockStatic ? { x: this.input.x, y: top + v.height } : { x, y: top }); break;
        case 'break': case 'float': case 'opp': this.flush(); break;
      }
    }
    this.flush();
    while (boxes.length) this.closing(x, false);
    // the line's own list, as long as its fragments (the scratch list keeps its room for the next line)
    const children = e.children.slice(0, e.count);
    e.groups = undefined;
    const s = this.box.style;
    if (s.textOverflow === 'ellipsis' && s.overflow !== 'visible' && x > band.right + 0.01) this.ellipsize(children, band.right);
    return { kind: 'line', x: band.left, y: top, width: band.right - band.left, height: v.height, baseline, children };
  }

  /** the baseline of an inline box on the line being placed */
  private boxBaseline(b: BoxNode): number {
    const e = this.placing;
    return e.baseline + e.groups![b.group]!.base + b.off;
  }

  /** an inline box opens at `from`: a slot for its fragment when it draws anything */
  private opening(node: BoxNode, from: number, starts: boolean): void {
    const e = this.placing;
    let slot = -1;
    if (node.element && decorated(node, this.ctx.anchors)) { slot = e.count++; e.children[slot] = undefined as unknown as InlineFragment; }
    e.boxes.push({ node, x: from, slot, starts });
  }

  /** the innermost open inline box ends at `to`: its fragment fills its slot */
  private closing(to: number, ends: boolean): void {
    const b = this.placing.boxes.pop()!;
    if (b.slot < 0) return;
    const s = b.node.style; const cb = this.input.width;
    const f = this.font(s);
    const pt = Math.max(0, resolve(s.padding.top, cb)); const pb = Math.max(0, resolve(s.padding.bottom, cb));
    const top = this.boxBaseline(b.node) - f.ascent - pt - s.borderWidth.top;
    const frag: InlineBoxFragment = {
      kind: 'inline-box', style: s, element: b.node.element, x: b.x + b.node.dx, y: top + b.node.dy, width: Math.max(0, to - b.x),
      height: f.ascent + f.descent + pt + pb + s.borderWidth.top + s.borderWidth.bottom, starts: b.starts, ends, link: b.node.link,
    };
    this.placing.children[b.slot] = frag;
  }

  /** the text run gathered so far becomes a text fragment */
  private flush(): void {
    const e = this.placing;
    const item = e.run;
    if (!item) return;
    e.run = undefined;
    const s = item.style;
    if (s.visibility !== 'visible') return;
    // (soft hyphens stay in the text: not drawn, they are in the PDF's text as Chromium writes them)
    let t = this.content.text.slice(e.runStart, e.runEnd);
    let width = e.runWidth;
    const hyphenAfter = e.hyphenAfter;
    if (hyphenAfter && hyphenAfter.item === item && hyphenAfter.end === e.runEnd) { t += this.ctx.faces.hyphen(s); width += e.hyphenWidth; }
    if (!t) return;
    const frag: TextFragment = {
      kind: 'text', style: s, font: this.ctx.faces.of(s), text: t, x: e.runX + item.parent.dx, baseline: this.boxBaseline(item.parent) + item.parent.dy, width,
      wordSpacing: e.extra, link: item.link,
    };
    e.children[e.count++] = frag;
  }

  /**
   * CSS Overflow 3 §7.1 text-overflow: ellipsis: the text of a line that overflows the end edge of
   * its clipping block is cut where it and an ellipsis (…, in the style of the text it ends)
   * still fit, and what follows is not drawn (mutates children).
   */
  private ellipsize(children: InlineFragment[], end: number): void {
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!;
      if (c.kind !== 'text') {
        if (c.kind === 'inline-box' || c.x + c.width <= end) continue;
        children.length = i; return;
      }
      if (c.x + c.width <= end) continue;
      const room = end - this.width(ELLIPSIS, c.style) - c.x;
      const chars = [...c.text];
      // the longest prefix that fits (prefix widths grow with their length)
      let lo = 0; let hi = chars.length;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (this.width(chars.slice(0, mid).join(''), c.style) <= room) lo = mid; else hi = mid - 1;
      }
      const kept = `${chars.slice(0, lo).join('')}${ELLIPSIS}`;
      children[i] = { ...c, text: kept, width: this.width(kept, c.style), wordSpacing: 0 };
      children.length = i + 1;
      return;
    }
  }

  /**
   * The fragments of a line that holds right-to-left text (UAX #9, CSS Writing Modes 3 §2.4):
   * its atoms are cut into pieces of one embedding level (a right-to-left piece into words and
   * spaces), reordered by rule L2 and placed left to right from `at.x`; an inline box spans the
   * pieces it holds, its start side on the right in a right-to-left paragraph.
   */
  private emitBidi(atoms: Atom[], count: number, open: readonly BoxNode[], v: LineBox, at: BidiLine, levels: Uint8Array): LineFragment {
    const text = this.content.text;
    const base = this.box.style.direction === 'rtl' ? 1 : 0;
    const pieces: Piece[] = [];
    const spans: Span[] = [];
    let span: Span | undefined;
    const enter = (node: BoxNode, starts: boolean) => {
      span = { node, parent: span, left: Infinity, right: -Infinity, starts, ends: false };
      if (node.element && decorated(node, this.ctx.anchors)) spans.push(span);
    };
    for (const b of open) enter(b, false);
    const textPiece = (a: TextAtom, start: number, end: number, level: number, width: number) => {
      const w = width + (at.extra ? at.extra * countSpaces(text, start, end) : 0);
      pieces.push({ level, width: w, span, item: a.item, start, end, hyphen: at.hyphenAfter === a && end === a.end, x: 0 });
    };
    for (let ai = 0; ai < count; ai++) {
      const a = atoms[ai]!;
      switch (a.t) {
        case 'text': {
          if (a.tab) { pieces.push({ level: levels[a.start] ?? base, width: a.width, span, x: 0 }); break; }
          const cuts: [number, number, number][] = [];
          for (let i = a.start; i < a.end;) {
            const level = levels[i] ?? base;
            let j = i + 1;
            while (j < a.end && (levels[j] ?? base) === level) j++;
            if (level % 2 === 1) {
              // a right-to-left piece by words, so that word order reverses with the glyphs
              for (let k = i; k < j;) {
                const space = text.charCodeAt(k) === 0x20;
                let m = k + 1;
                while (m < j && (text.charCodeAt(m) === 0x20) === space) m++;
                cuts.push([k, m, level]); k = m;
              }
            } else cuts.push([i, j, level]);
            i = j;
          }
          if (cuts.length === 1) { textPiece(a, a.start, a.end, cuts[0]![2], a.width); break; }
          let rest = a.width;
          cuts.forEach(([from, to, level], n) => {
            const w = n === cuts.length - 1 ? rest : this.width(text.slice(from, to), a.item.style);
            rest -= w;
            textPiece(a, from, to, level, w);
          });
          break;
        }
        case 'open': enter(a.box, true); pieces.push({ level: base, width: a.width, span, x: 0 }); break;
        case 'close':
          pieces.push({ level: base, width: a.width, span, x: 0 });
          if (span) { span.ends = true; span = span.parent; }
          break;
        case 'atomic': pieces.push({ level: levels[a.pos] ?? base, width: a.width, span, atomic: a.item, x: 0 }); break;
        // (in bidirectional text, at the line's start)
        case 'abs': this.placeStatic(a.box, a.box.blockStatic ? { x: this.input.x, y: at.top + v.height } : { x: at.x, y: at.top }); break;
        case 'break': case 'float': case 'opp': break;
      }
    }
    // UAX #9 L2, then the pieces left to right
    const visual = reorderLine(pieces);
    let x = at.x;
    for (const p of visual) {
      p.x = x; x += p.width;
      for (let s = p.span; s; s = s.parent) { s.left = Math.min(s.left, p.x); s.right = Math.max(s.right, p.x + p.width); }
    }
    const baseline = at.baseline;
    const boxBaseline = (b: BoxNode) => baseline + v.groups[b.group]!.base + b.off;
    const children: InlineFragment[] = [];
    for (const sp of spans) {
      if (!(sp.right >= sp.left)) continue;
      const b = sp.node; const s = b.style; const cb = this.input.width;
      const f = this.font(s);
      // the start side is the left one in a left-to-right paragraph, the right one in a right-to-left one
      const leftSide = base === 0 ? sp.starts : sp.ends; const rightSide = base === 0 ? sp.ends : sp.starts;
      const left = sp.left + (leftSide ? (base === 0 ? b.marginLeft : b.marginRight) : 0);
      const right = sp.right - (rightSide ? (base === 0 ? b.marginRight : b.marginLeft) : 0);
      const pt = Math.max(0, resolve(s.padding.top, cb)); const pb = Math.max(0, resolve(s.padding.bottom, cb));
      const top = boxBaseline(b) - f.ascent - pt - s.borderWidth.top;
      children.push({
        kind: 'inline-box', style: s, element: b.element, x: left + b.dx, y: top + b.dy, width: Math.max(0, right - left),
        height: f.ascent + f.descent + pt + pb + s.borderWidth.top + s.borderWidth.bottom, starts: leftSide, ends: rightSide, link: b.link,
      });
    }
    // runs of text: visually adjacent left-to-right pieces of one item and level, contiguous in
    // the text, make one run; a right-to-left word is a run of its own (the PDF writer lays the
    // words of a run out left to right)
    let run: { first: Piece; start: number; end: number; x: number; width: number; hyphen: boolean } | undefined;
    const flush = () => {
      if (!run) return;
      const r = run; run = undefined;
      const item = r.first.item!;
      const s = item.style;
      if (s.visibility !== 'visible') return;
      let t = text.slice(r.start, r.end);
      let width = r.width;
      if (r.hyphen) { t += this.ctx.faces.hyphen(s); width += at.hyphenWidth; }
      if (!t) return;
      children.push({
        kind: 'text', style: s, font: this.ctx.faces.of(s), text: visualText(t, r.first.level), x: r.x + item.parent.dx,
        baseline: boxBaseline(item.parent) + item.parent.dy, width, wordSpacing: at.extra, link: item.link,
      });
    };
    for (const p of visual) {
      if (p.item) {
        const odd = p.level % 2 === 1;
        if (!odd && run && run.first.item === p.item && run.first.level === p.level && p.start === run.end) {
          run.end = p.end!; run.width += p.width; run.hyphen ||= p.hyphen === true;
        } else { flush(); run = { first: p, start: p.start!, end: p.end!, x: p.x, width: p.width, hyphen: p.hyphen === true }; }
        continue;
      }
      flush();
      if (p.atomic) {
        const a = this.atomics.get(p.atomic)!;
        const parent = p.atomic.parent;
        const left = p.x + parent.dx;
        const top = baseline + v.groups[a.group]!.base + a.off - a.baseline + parent.dy;
        if (a.fragment) {
          translate(a.fragment, left - a.x, top - a.y);
          if (p.atomic.box.style.visibility === 'visible') children.push(a.fragment);
        }
        a.x = left; a.y = top; a.placed = true;
      }
    }
    flush();
    const bs = this.box.style;
    if (bs.textOverflow === 'ellipsis' && bs.overflow !== 'visible') {
      // the end edge is the left one in a right-to-left paragraph
      if (base === 1 && at.x < at.band.left - 0.01) this.ellipsizeLeft(children, at.band.left);
      else if (base === 0 && x > at.band.right + 0.01) this.ellipsize(children, at.band.right);
    }
    return { kind: 'line', x: at.band.left, y: at.top, width: at.band.right - at.band.left, height: v.height, baseline, children };
  }

  /**
   * text-overflow: ellipsis at the left end of a right-to-left line (CSS Overflow 3 §7.1): what
   * overflows the left edge is not drawn, the text crossing it keeps its visually rightmost
   * characters, and the ellipsis goes just left of what stays, as Chromium draws it (mutates children).
   */
  private ellipsizeLeft(children: InlineFragment[], start: number): void {
    const limit = start + this.width(ELLIPSIS, this.box.style);
    const kept: InlineFragment[] = [];
    let cut = false; let dropped = false;
    for (const c of children) {
      if (c.kind === 'inline-box' || c.x >= limit - 0.01) { kept.push(c); continue; }
      if (c.kind !== 'text' || c.x + c.width <= limit) { dropped = true; continue; }
      // a run fontkit shapes right to left draws its first characters rightmost
      const rtl = shapedRightToLeft(c.text);
      const chars = [...c.text];
      const piece = (n: number) => (rtl ? chars.slice(0, n) : chars.slice(chars.length - n)).join('');
      const room = c.x + c.width - limit;
      let lo = 0; let hi = chars.length;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (this.width(piece(mid), c.style) <= room) lo = mid; else hi = mid - 1;
      }
      const text = rtl ? `${piece(lo)}${ELLIPSIS}` : `${ELLIPSIS}${piece(lo)}`;
      const width = this.width(text, c.style);
      kept.push({ ...c, text, x: c.x + c.width - width, width, wordSpacing: 0 });
      cut = true;
    }
    if (dropped && !cut) {
      // nothing crossed the edge: the ellipsis goes left of the leftmost text that stays
      const first = kept.reduce<TextFragment | undefined>((m, c) => (c.kind === 'text' && (!m || c.x < m.x) ? c : m), undefined);
      if (first) {
        const width = this.width(ELLIPSIS, first.style);
        kept.push({ ...first, text: ELLIPSIS, x: first.x - width, width, wordSpacing: 0 });
      }
    }
    children.splice(0, children.length, ...kept);
  }

  // ---- floats (CSS 2.1 §9.5) --------------------------------------------------------------

  private floatOf(item: FloatItem): Floated {
    this.floated ??= new Map();
    let f = this.floated.get(item.box);
    if (f) return f;
    const input = this.input;
    const s = item.box.style;
    const absolutes: PendingAbsolute[] = [];
    const r = this.ctx.layoutIndependent(item.box.box, { x: 0, y: 0, cbWidth: input.width, cbHeight: input.cbHeight, absolutes, link: item.link }, withoutBreaks(this.ctx));
    const frag: BoxFragment = r.fragment ? (r.fragment.float ? r.fragment : { ...r.fragment, float: true })
      : { kind: 'box', style: s, element: item.box.element, x: 0, y: 0, width: 0, height: 0, border: ZERO, padding: ZERO, children: [], float: true };
    const ml = marginOf(s.margin.left, input.width); const mr = marginOf(s.margin.right, input.width);
    const mb = marginOf(s.margin.bottom, input.width);
    f = {
      box: item.box.box, fragment: frag, width: ml + frag.width + mr, height: Math.max(0, r.bottom + mb), marginBottom: mb,
      cbWidth: input.width, cbHeight: input.cbHeight, link: item.link, absolutes, placed: false,
    };
    this.floated.set(item.box, f);
    return f;
  }

  private placeFloat(item: FloatItem, f: Floated, y: number): void {
    if (f.placed) return;
    const floats = this.input.floats;
    const side = item.box.style.float === 'right' ? 'right' : 'left';
    // CSS 2.1 §9.5.2: a float's `clear` puts its top below the earlier floats it clears
    const clear = item.box.style.clear;
    const top = clear === 'none' ? y : Math.max(y, floats.clearance(clear));
    // CSS Fragmentation 3 §4: in a paginated flow the float is laid out where it goes (float.ts)
    let laid: FloatInFlow | undefined;
    const ctx = this.ctx;
    const layout = ctx.pages.paginates ? (x: number, at: number) => (laid = fragmentFloat(f, x, at, ctx)) : undefined;
    const at = floats.place(side, f.width, f.height, top, this.input.x, this.input.x + this.input.width, layout);
    const broken = (laid as FloatInFlow | undefined)?.broken;
    if (broken) {
      floats.addFragment(broken.fragment);
      this.input.absolutes.push(...broken.absolutes);
    } else {
      translate(f.fragment, at.x, at.y);
      floats.addFragment(f.fragment);
      for (const a of f.absolutes) this.input.absolutes.push({ ...a, staticX: a.staticX + at.x, staticY: a.staticY + at.y });
    }
    f.placed = true;
  }
}

const ZERO = { top: 0, right: 0, bottom: 0, left: 0 };

/** the room the inline boxes' margins, borders and padding take on a line with no line box */
function openWidth(atoms: readonly Atom[], count: number): number {
  let w = 0;
  for (let i = 0; i < count; i++) { const a = atoms[i]!; if (a.t === 'open' || a.t === 'close') w += a.width; }
  return w;
}

/** What emit has found of a line before its pieces are placed. */
interface BidiLine {
  readonly top: number;
  readonly band: { readonly left: number; readonly right: number };
  /** where the line's content starts (alignment applied), its baseline, justification per space */
  readonly x: number;
  readonly baseline: number;
  readonly extra: number;
  readonly hyphenAfter: TextAtom | undefined;
  readonly hyphenWidth: number;
}

/** Lines.emit's state for the line being placed (left to right, no bidi). */
interface Placing {
  /** the line's fragments so far: the first `count` of `children` (a scratch list shared by every line of the run) */
  readonly children: InlineFragment[];
  count: number;
  groups: readonly Group[] | undefined;
  baseline: number;
  /** justification per space */
  extra: number;
  hyphenAfter: TextAtom | undefined;
  hyphenWidth: number;
  /** the inline boxes open on the line, innermost last: where each started and its fragment's slot (-1: none) */
  readonly boxes: { node: BoxNode; x: number; slot: number; starts: boolean }[];
  /** the text run being gathered: its item (undefined: none), [start, end) in the text, x and width */
  run: TextItem | undefined;
  runStart: number;
  runEnd: number;
  runX: number;
  runWidth: number;
}

/** An inline box on a bidi line: the extent of its pieces once they are placed. */
interface Span {
  readonly node: BoxNode;
  readonly parent: Span | undefined;
  left: number;
  right: number;
  readonly starts: boolean;
  ends: boolean;
}

/** A piece of a bidi line at one embedding level: text, an atomic inline, or an inline box side. */
interface Piece {
  readonly level: number;
  readonly width: number;
  readonly span: Span | undefined;
  readonly item?: TextItem;
  readonly start?: number;
  readonly end?: number;
  readonly hyphen?: boolean;
  readonly atomic?: AtomicItem;
  x: number;
}

const marginOf = (v: ComputedStyle['margin']['left'], base: number) => (v === 'auto' ? 0 : resolve(v, base));

/** Preserved white space makes a line (CSS 2.1 §9.4.2). */
const preserved = (s: ComputedStyle) => s.whiteSpace === 'pre' || s.whiteSpace === 'pre-wrap' || s.whiteSpace === 'break-spaces';

/** Whether an inline box draws anything of its own (or is a link destination): else no fragment is made for it. */
function decorated(b: BoxNode, anchors: ReadonlySet<string>): boolean {
  const s = b.style;
  const w = s.borderWidth;
  const d = s.textDecorationLine;
  return s.backgroundColor.a > 0 || s.backgroundImage !== 'none' || w.top > 0 || w.right > 0 || w.bottom > 0 || w.left > 0 ||
    d.underline || d.overline || d.lineThrough || s.boxShadow.length > 0 || s.outlineStyle !== 'none' || b.link !== b.parent?.link ||
    (b.element?.attrs.id !== undefined && anchors.has(b.element.attrs.id));
}

/**
 * CSS Text 3 §4.1.3: spaces at the end of a line hang; they are removed from its last text. The
 * line's last character is then shaped without what followed it, as Blink shapes a line's end
 * again: its kerning with the spaces or the next line's first character goes (FaceResolver.kernAt).
 */
function trimEnd(atoms: Atom[], count: number, text: string, faces: FaceResolver): void {
  for (let i = count - 1; i >= 0; i--) {
    const a = atoms[i]!;
    if (a.t === 'atomic') return;
    if (a.t !== 'text') continue;
    if (!a.solid) { if (a.hangCount > 0) atoms[i] = { ...a, end: a.end - a.hangCount, width: a.width - a.hang, hang: 0, hangCount: 0, kern: 0 }; continue; }
    const kern = a.hangCount > 0 ? faces.kernAt(text, a.end - a.hangCount, a.item.style) : (a.kern ?? 0);
    if (a.hangCount > 0 || kern) atoms[i] = { ...a, end: a.end - a.hangCount, width: a.width - a.hang - kern, hang: 0, hangCount: 0, kern: 0 };
    return;
  }
}

/** CSS Text 3 §7.3 the justification opportunities of a text: its word separators (U+0020 and U+00A0, as Chromium expands them). */
function countSpaces(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) { const c = text.charCodeAt(i); if (c === 0x20 || c === 0xa0) n++; }
  return n;
}

/**
 * The used alignment of a line (CSS Text 3 §7.1, §7.2): start/end by direction; the last line
 * and a line before a forced break take text-align-last, whose auto is text-align but justify
 * (then start).
 */
function alignOf(style: ComputedStyle, last: boolean): 'left' | 'right' | 'center' | 'justify' {
  const rtl = style.direction === 'rtl';
  const alignLast = style.textAlignLast;
  if (last && alignLast !== 'auto') return alignOf({ ...style, textAlign: alignLast, textAlignLast: 'auto' }, false);
  switch (style.textAlign) {
    case 'left': case '-webkit-left': return 'left';
    case 'right': case '-webkit-right': return 'right';
    case 'center': case '-webkit-center': case '-internal-center': return 'center';
    case 'start': return rtl ? 'right' : 'left';
    case 'end': return rtl ? 'left' : 'right';
    case 'justify': return last ? (rtl ? 'right' : 'left') : 'justify';
    // (resolved against the parent in the cascade: left only without one)
    case '-webkit-match-parent': return 'left';
  }
}

// ---- atomic inlines (CSS 2.1 §10.3.2, §10.8.1) -------------------------------------------

function layoutAtomic(item: AtomicItem, input: InlineInput, ctx: LayoutContext): Atomic {
  const b = item.box;
  if (b.kind === 'symbol-marker') return symbolMarker(b, ctx);
  const s = b.style;
  const cb = input.width;
  const ml = marginOf(s.margin.left, cb); const mr = marginOf(s.margin.right, cb);
  const mt = marginOf(s.margin.top, cb); const mb = marginOf(s.margin.bottom, cb);
  if (b.kind === 'replaced') {
    const image = ctx.image(b);
    const size = replacedSize(b, image, cb, input.cbHeight);
    const border = { top: s.borderWidth.top, right: s.borderWidth.right, bottom: s.borderWidth.bottom, left: s.borderWidth.left };
    const padding = {
      top: Math.max(0, resolve(s.padding.top, cb)), right: Math.max(0, resolve(s.padding.right, cb)),
      bottom: Math.max(0, resolve(s.padding.bottom, cb)), left: Math.max(0, resolve(s.padding.left, cb)),
    };
    const width = border.left + padding.left + size.width + padding.right + border.right;
    const height = border.top + padding.top + size.height + padding.bottom + border.bottom;
    const fragment: BoxFragment = {
      kind: 'box', style: s, element: b.element, x: ml, y: mt, width, height, border, padding,
      children: image && size.width > 0.05 && size.height > 0.05
        ? [{ kind: 'image', style: s, image, x: ml + border.left + padding.left, y: mt + border.top + padding.top, width: size.width, height: size.height, ...(item.link ? { link: item.link } : {}) }]
        : [],
    };
    // CSS 2.1 §9.4.3: a relatively positioned replaced element (a signature or a stamp moved over
    // the line) is drawn moved by its offsets; its line keeps its place (an inline-block moves in layoutIndependent)
    const shift = relativeShift(s, cb, input.cbHeight);
    if (shift) translate(fragment, shift.dx, shift.dy);
    // a replaced element's baseline is its bottom margin edge
    const h = mt + height + mb;
    return { fragment, width: ml + width + mr, height: h, baseline: h, x: 0, y: 0, off: 0, group: 0, absolutes: NONE, placed: false };
  }
  const absolutes: PendingAbsolute[] = [];
  const r = ctx.layoutIndependent(b.box, { x: 0, y: 0, cbWidth: cb, cbHeight: input.cbHeight, absolutes, link: item.link }, ctx);
  const f = r.fragment;
  const height = Math.max(0, r.bottom + mb);
  // CSS 2.1 §10.8.1: an inline-block's baseline is its last line box's, unless it has none or
  // it is a scroll container (CSS Overflow 3 §3: overflow other than visible and clip; then its
  // bottom margin edge); inline-table and inline-flex take their first
  // a checkbox's or radio button's is its border box's bottom (Blink's theme baseline)
  // a text area's is its bottom margin edge (a scroll container)
  const control = b.box.kind === 'block' ? b.box.control?.kind : undefined;
  const own = control === 'check' && f ? f.y + f.height : control === 'textarea' ? undefined
    : s.display === 'inline-block' ? (s.overflow === 'visible' || s.overflow === 'clip' ? r.lastBaseline : undefined) : r.firstBaseline;
  return { fragment: f, width: f ? ml + f.width + mr : 0, height, baseline: own ?? height, x: 0, y: 0, off: 0, group: 0, absolutes, placed: false };
}

/**
 * An inside symbol marker (boxes/types.ts SymbolMarkerBox). A disc, circle or square: margin box
 * -1px + the symbol's width + 1em wide, the shape 1px into the symbol's box (at the margin box's
 * start in ltr, after the 1em margin in rtl), above the baseline where Blink draws it from the
 * ascent line. A disclosure triangle: its square on the baseline, then its 0.4em margin (before
 * it in rtl). Either takes no height on the line: its margin box is the baseline (so the line box
 * is the strut's, as with a marker in the list item's own font).
 */
function symbolMarker(b: SymbolMarkerBox, ctx: LayoutContext): Atomic {
  const width = insideSymbolWidth(ctx.faces, b.style, b.symbol);
  const rtl = b.style.direction === 'rtl';
  if (b.symbol === 'disclosure-open' || b.symbol === 'disclosure-closed') {
    const side = disclosureSide(b.style);
    const fragment = markerShape(b.symbol, b.style, rtl ? width - side : 0, -side, side);
    return { fragment, width, height: 0, baseline: 0, x: 0, y: 0, off: 0, group: 0, absolutes: NONE, placed: false };
  }
  const g = symbolGeometry(ctx.faces.ascent(b.style));
  const x = rtl ? b.style.fontSize + PX : 0;
  const fragment = markerShape(b.symbol, b.style, x, g.top - g.ascent, g.side);
  return { fragment, width, height: 0, baseline: 0, x: 0, y: 0, off: 0, group: 0, absolutes: NONE, placed: false };
}
