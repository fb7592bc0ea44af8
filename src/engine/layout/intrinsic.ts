// CSS Sizing 3 §5 intrinsic sizes: min-content and max-content inline sizes of boxes, for
// shrink-to-fit widths (inline-blocks, floats, flex items) and the CSS 2.1 §17.5.2.2
// automatic table layout. Cached per box: each box is measured once per layout (linear).
import type { BlockLevelBox, InlineFormattingBox, InlineLevelBox } from '../boxes/types';
import { assertNever } from '../boxes/types';
import type { TableBox } from '../boxes/table';
import { lengthOr, type ComputedStyle, type SizeKeyword } from '../cascade/computed';
import type { FaceResolver } from './faces';
import { controlInlineSize } from './control';
import { insideSymbolWidth } from './marker';
import { gridContentSizes } from './grid';
import { tabAdvance } from './linebreak';
import type { PieceSink } from './metrics';
import { tableGrid, type CellSlot, type TableGrid } from './table-grid';
import { isKeyword, resolve } from './used';
import { isOrthogonalRoot } from './writing';

export interface ContentSizes { readonly min: number; readonly max: number }

export interface IntrinsicOptions {
  readonly faces: FaceResolver;
  /**
   * the min-content and max-content widths of a replaced box's content box (layout/replaced.ts
   * replacedContentSizes), in a containing block of this content height when it is definite
   */
  readonly replacedSizes: (box: Extract<InlineLevelBox, { kind: 'replaced' }>, cbHeight: number | undefined) => ContentSizes;
}

const ZERO: ContentSizes = { min: 0, max: 0 };

/**
 * CSS 2.1 §10.5 / CSS Sizing 3 §5.2.1: the content height of a block container whose height is a
 * length (not a percentage, not auto), within a fixed min-height and max-height: definite while
 * its content is sized, so a percentage height inside it is not cyclic.
 */
function fixedContentHeight(style: ComputedStyle): number | undefined {
  const h = style.height;
  if (h === 'auto' || isKeyword(h) || h.pct !== 0) return undefined;
  const frame = style.boxSizing === 'border-box' ? style.borderWidth.top + style.borderWidth.bottom + style.padding.top.pt + style.padding.bottom.pt : 0;
  if (style.boxSizing === 'border-box' && (style.padding.top.pct !== 0 || style.padding.bottom.pct !== 0)) return undefined;
  let content = h.pt - frame;
  const max = style.maxHeight; const min = style.minHeight;
  if (max !== 'none' && !isKeyword(max)) { if (max.pct !== 0) return undefined; content = Math.min(content, max.pt - frame); }
  if (min !== 'auto' && !isKeyword(min)) { if (min.pct !== 0) return undefined; content = Math.max(content, min.pt - frame); }
  return Math.max(0, content);
}

/** Horizontal margin + border + padding that do not depend on the containing block. */
/** whether a side of an inline box ends a shaping run (CSS Text 3 §7.3, as linebreak.ts kernAtoms) */
function breaksShaping(style: ComputedStyle, side: 'left' | 'right'): boolean {
  const m = style.margin[side];
  return (m !== 'auto' && (m.pt !== 0 || m.pct !== 0)) || style.borderWidth[side] !== 0 || style.padding[side].pt !== 0 || style.padding[side].pct !== 0 || style.verticalAlign !== 'baseline';
}

export function frameWidth(style: ComputedStyle): number {
  return fixedMargins(style) + style.borderWidth.left + style.borderWidth.right + style.padding.left.pt + style.padding.right.pt;
}

/** The fixed (pt) parts of a box's horizontal margins: what the content sizes of `block` hold of them. */
export function fixedMargins(style: ComputedStyle): number {
  const m = (v: ComputedStyle['margin']['left']) => (v === 'auto' ? 0 : v.pt);
  return m(style.margin.left) + m(style.margin.right);
}

/**
 * CSS 2.1 §17.6.2: in the collapsing model a table has no padding, and its border box holds
 * half of the outer collapsed borders (the wider of the table's and the cells', the widest row at each side),
 * not the table's own border widths (as table-layout.ts lays it out).
 */
function collapsedFrame(box: TableBox): Pick<ComputedStyle, 'borderWidth' | 'padding'> | undefined {
  const s = box.style;
  if (s.borderCollapse !== 'collapse') return undefined;
  // CSS 2.1 §17.6.2: half of the outer collapsed borders (TableGrid.tableHalves)
  const halves = tableGrid(box).tableHalves();
  return { borderWidth: { ...s.borderWidth, left: halves.left, right: halves.right }, padding: { ...s.padding, left: NO_LENGTH, right: NO_LENGTH } };
}
const NO_LENGTH = { pt: 0, pct: 0 };

export class Intrinsic {
  // (a Map, not a WeakMap: the memo lives for one layout run, as its boxes do, and a WeakMap of
  // every box costs the garbage collector an ephemeron table to trace)
  private readonly cache = new Map<BlockLevelBox, ContentSizes>();
  /** the content-box sizes of boxes whose width, min-width or max-width is a sizing keyword (what the keyword resolves against) */
  private readonly contents = new Map<BlockLevelBox, ContentSizes>();
  constructor(private readonly o: IntrinsicOptions) {}

  /**
   * CSS Writing Modes 3 §7.3 the width of an orthogonal flow root (writing.ts), margins included:
   * its block size, which only layout knows (document.ts sets it for the layout run; unset, 0)
   */
  orthogonalWidth: ((box: BlockLevelBox) => number) | undefined;

  /** Content sizes of a block-level box's border box plus its fixed margins. */
  block(box: BlockLevelBox): ContentSizes {
    const hit = this.cache.get(box);
    if (hit) return hit;
    const r = this.computeBlock(box);
    this.cache.set(box, r);
    return r;
  }

  /**
   * The min-content and max-content sizes of a box's content box, without its own width,
   * min-width and max-width (CSS Sizing 3 §5.1): what its sizing keywords resolve against.
   * Undefined for a table (its keywords act as auto).
   */
  content(box: BlockLevelBox): ContentSizes | undefined {
    if (box.kind === 'table' || box.kind === 'inlines' || box.kind === 'absolute') return undefined;
    return this.contents.get(box) ?? this.contentOf(box);
  }

  private contentOf(box: Exclude<BlockLevelBox, { kind: 'table' | 'inlines' | 'absolute' }>): ContentSizes {
    const plain = { ...box, style: { ...box.style, width: 'auto', minWidth: 'auto', maxWidth: 'none' } } as BlockLevelBox;
    const outer = this.computeBlock(plain);
    const frame = frameWidth(box.style);
    const r = { min: outer.min - frame, max: outer.max - frame };
    this.contents.set(box, r);
    return r;
  }

  private withStyle(style: ComputedStyle, inner: ContentSizes): ContentSizes {
    const frame = frameWidth(style);
    const w = style.width;
    // CSS Sizing 3 §5.2: a sizing keyword's contribution is the size it resolves to (fit-content and stretch: as auto)
    const size = (k: SizeKeyword, otherwise: number) => (k.size === 'min-content' ? inner.min : k.size === 'max-content' ? inner.max : otherwise);
    if (w !== 'auto' && !isKeyword(w) && w.pct === 0) {
      const border = style.boxSizing === 'border-box' ? w.pt + frame - style.padding.left.pt - style.padding.right.pt - style.borderWidth.left - style.borderWidth.right : w.pt + frame;
      return { min: border, max: border };
    }
    let { min, max } = inner;
    if (isKeyword(w)) { min = size(w, min); max = size(w, max); }
    const maxW = style.maxWidth;
    if (isKeyword(maxW)) { min = Math.min(min, size(maxW, Infinity)); max = Math.min(max, size(maxW, Infinity)); }
    else if (maxW !== 'none' && maxW.pct === 0) { min = Math.min(min, maxW.pt); max = Math.min(max, maxW.pt); }
    const minW = style.minWidth;
    if (isKeyword(minW)) { min = Math.max(min, size(minW, 0)); max = Math.max(max, size(minW, 0)); }
    else if (minW !== 'auto' && minW.pct === 0) { min = Math.max(min, minW.pt); max = Math.max(max, minW.pt); }
    return { min: min + frame, max: max + frame };
  }

  private computeBlock(box: BlockLevelBox): ContentSizes {
    if (isOrthogonalRoot(box)) { const w = this.orthogonalWidth?.(box) ?? 0; return { min: w, max: w }; }
    switch (box.kind) {
      case 'block': case 'list-item': {
        if (box.kind === 'block' && box.control) {
          const w = controlInlineSize(box.control, box.style, this.o.faces);
          return this.withStyle(box.style, { min: w, max: w });
        }
        const inner = this.children(box.children);
        const n = box.style.columnCount;
        if (typeof n === 'number' && n > 1 && box.children.length > 1) {
          // CSS Multi-column 1 §3.4: n columns of the widest content, with the gaps between
          const gap = box.style.columnGap === 'normal' ? box.style.fontSize : box.style.columnGap.pt;
          return this.withStyle(box.style, { min: inner.min * n + gap * (n - 1), max: inner.max * n + gap * (n - 1) });
        }
        return this.withStyle(box.style, inner);
      }
      case 'inlines': return this.inlines(box.children, firstIndent(box), fixedContentHeight(box.style));
      case 'flex': {
        if (box.style.flexDirection === 'column' || box.style.flexDirection === 'column-reverse') return this.withStyle(box.style, this.children(box.items));
        let min = 0; let max = 0;
        for (const it of box.items) { const s = this.block(it); min = box.style.flexWrap === 'nowrap' ? min + s.min : Math.max(min, s.min); max += s.max; }
        const gap = box.style.columnGap === 'normal' ? 0 : box.style.columnGap.pt;
        return this.withStyle(box.style, { min, max: max + gap * Math.max(0, box.items.length - 1) });
      }
      case 'grid': return this.withStyle(box.style, gridContentSizes(box, this));
      case 'table': return this.table(box);
      case 'block-replaced': return this.withStyle({ ...box.style, width: 'auto' }, this.o.replacedSizes(box.replaced, undefined));
      case 'absolute': return ZERO;
      default: return assertNever(box);
    }
  }

  /** an orthogonal flow root's content width: its block size inside its border and padding */
  private orthogonalInner(box: BlockLevelBox): ContentSizes {
    const w = Math.max(0, this.block(box).max - frameWidth(box.style));
    return { min: w, max: w };
  }

  private children(children: readonly BlockLevelBox[]): ContentSizes {
    let min = 0; let max = 0;
    for (const c of children) { const s = this.block(c); min = Math.max(min, s.min); max = Math.max(max, s.max); }
    return { min, max };
  }

  /** Content sizes of an inline formatting context without its text-indent (cached per box when it has none). */
  unindented(box: InlineFormattingBox): ContentSizes {
    const indent = firstIndent(box);
    return indent === 0 ? this.block(box) : this.inlines(box.children, 0, fixedContentHeight(box.style));
  }

  /**
   * Inline formatting context: max = longest line without wrapping; min = widest unbreakable piece.
   * `cbHeight`: the content height of the block container when it is definite (what a replaced
   * element's percentage height resolves against).
   */
  inlines(items: readonly InlineLevelBox[], indent = 0, cbHeight?: number): ContentSizes {
    const m = new LineMeasure(indent);
    this.measureInlines(items, m, cbHeight);
    m.endLine();
    return { min: m.min, max: m.max };
  }

  private measureInlines(list: readonly InlineLevelBox[], m: LineMeasure, cbHeight: number | undefined): void {
    const faces = this.o.faces;
    for (const b of list) {
      switch (b.kind) {
        case 'text': {
          const nowrap = b.style.whiteSpace === 'nowrap' || b.style.whiteSpace === 'pre';
          const breakAll = b.style.wordBreak === 'break-all' || b.style.overflowWrap === 'anywhere';
          const text = b.text;
          // the kerning with the text before, when one run shapes both (linebreak.ts kernAtoms)
          const prev = m.lastText;
          if (prev && text && faces.sameFont(prev.style, b.style)) {
            const last = prev.text.charCodeAt(prev.text.length - 1) >= 0xdc00 && prev.text.charCodeAt(prev.text.length - 1) <= 0xdfff ? 2 : 1;
            const k = faces.kernAt(prev.text.slice(-last) + text.slice(0, 2), last, prev.style);
            m.line += k;
          }
          m.lastText = text ? b : prev;
          // segments between line feeds (a forced line break each)
          for (let from = 0, i = 0; from <= text.length; i++) {
            let to = text.indexOf('\n', from);
            if (to < 0) to = text.length;
            const segment = from === 0 && to === text.length ? text : text.slice(from, to);
            from = to + 1;
            if (i > 0) m.endLine();
            if (segment.includes('\t') && b.style.whiteSpace !== 'normal' && b.style.whiteSpace !== 'nowrap' && b.style.whiteSpace !== 'pre-line') {
              // preserved tabs: each advances to its tab stop, and a line may break after it
              const parts = segment.split('\t');
              parts.forEach((part, k) => {
                if (k > 0) {
                  const w = tabAdvance(faces, b.style, m.line);
                  m.line += w;
                  if (nowrap) m.word += w; else m.endWord();
                }
                if (part) this.measureSegment(part, b.style, m, nowrap, breakAll);
              });
            } else this.measureSegment(segment, b.style, m, nowrap, breakAll);
            // CSS Text 3 §4.1.2: collapsible spaces at the end of a line are removed, from its max-content width too
            if (segment === '') continue;
            if (b.style.whiteSpace === 'pre' || b.style.whiteSpace === 'pre-wrap' || b.style.whiteSpace === 'break-spaces') { m.trailing = 0; continue; }
            let k = segment.length;
            while (k > 0 && segment.charCodeAt(k - 1) === 0x20) k--;
            const spaces = segment.length - k;
            if (spaces === 0) m.trailing = 0;
            // (with the kerning of the last letter into them: the line's end is shaped without them)
            else m.trailing = (k === 0 ? m.trailing : faces.kernAt(segment, k, b.style)) + spaces * faces.width(' ', b.style);
          }
          break;
        }
        case 'inline': {
          const f = frameWidth(b.style);
          m.line += f; m.word += f;
          if (breaksShaping(b.style, 'left')) m.lastText = undefined;
          this.measureInlines(b.children, m, cbHeight);
          if (breaksShaping(b.style, 'right')) m.lastText = undefined;
          // a <wbr> is a line break opportunity, whatever the white-space (linebreak.ts)
          if (b.element.tag === 'wbr') m.endWord();
          break;
        }
        case 'line-break': m.endLine(); m.lastText = undefined; break;
        case 'replaced': { const f = frameWidth(b.style); const s = this.o.replacedSizes(b, cbHeight); m.line += s.max + f; m.trailing = 0; m.lastText = undefined; m.endWord(); m.min = Math.max(m.min, s.min + f); break; }
        case 'inline-block': { const s = this.block(b.box); m.line += s.max; m.trailing = 0; m.lastText = undefined; m.endWord(); m.min = Math.max(m.min, s.min); break; }
        // an inside symbol marker (inline.ts symbolMarker): a line may break after it, as after an atomic inline
        case 'symbol-marker': { const w = insideSymbolWidth(this.o.faces, b.style, b.symbol); m.line += w; m.trailing = 0; m.lastText = undefined; m.endWord(); m.min = Math.max(m.min, w); break; }
        case 'float': { const s = this.block(b.box); m.float(b.box.style, s.max); m.lastText = undefined; m.min = Math.max(m.min, s.min); break; }
        case 'absolute': break;
        default: assertNever(b);
      }
    }
  }

  /** a text without line feeds joins the line being measured */
  private measureSegment(segment: string, style: ComputedStyle, m: LineMeasure, nowrap: boolean, breakAll: boolean): void {
    const faces = this.o.faces;
    if (nowrap) { const w = faces.width(segment, style); m.line += w; m.word += w; }
    else if (breakAll) { m.line += faces.width(segment, style); m.endWord(); m.min = Math.max(m.min, faces.width('W', style)); }
    else m.line += faces.pieces(segment, style, m);
  }

  /** CSS 2.1 §17.5.2.2: a table's min/max from its columns (see layout/table.ts). */
  table(box: TableBox): ContentSizes {
    const cols = this.columns(box);
    let min = 0; let max = 0; let shown = 0;
    // (collapsed columns take no width and no spacing: CSS 2.1 §17.5.5, table-layout.ts)
    cols.forEach((c, i) => { if (box.collapsedColumns[i]) return; min += c.min; max += c.max; shown++; });
    const spacing = box.style.borderCollapse === 'separate' ? box.style.borderSpacing.horizontal * (shown + 1) : 0;
    const inner = { min: min + spacing, max: max + spacing };
    const w = box.width;
    const style = { ...box.style, width: 'auto' as const, ...collapsedFrame(box) };
    // (a caption's min-content width is a minimum of the table's border box: table-layout.ts)
    const m = (v: ComputedStyle['margin']['left']) => (v === 'auto' ? 0 : v.pt);
    const captions = this.captionsMin(box) + m(box.style.margin.left) + m(box.style.margin.right);
    const atLeast = (c: ContentSizes): ContentSizes => ({ min: Math.max(c.min, captions), max: Math.max(c.max, captions) });
    if (w !== 'auto' && w.pct === 0) { const m = Math.max(w.pt, inner.min); return atLeast({ min: m + frameWidth(style), max: m + frameWidth(style) }); }
    return atLeast(this.withStyle(style, inner));
  }

  /** CSS 2.1 §17.4: the widest min-content width (margin box) of a table's captions, 0 without one. */
  captionsMin(box: TableBox): number {
    let m = 0;
    for (const cap of box.captions) m = Math.max(m, this.block(cap).min);
    return m;
  }

  /** Per column: min/max content width of the cells (border box of the cell), and fixed/percent widths. */
  columns(box: TableBox): { min: number; max: number; fixed?: number; pct?: number }[] {
    const cached = this.colCache.get(box);
    if (cached) return cached;
    const cols = Array.from({ length: box.columnCount }, (_, i) => {
      const w = box.columnWidths[i];
      const c: { min: number; max: number; fixed?: number; pct?: number } = { min: 0, max: 0 };
      if (w && w !== 'auto') { if (w.pct) c.pct = w.pct; else c.fixed = w.pt; }
      return c;
    });
    const spanning: { col: number; span: number; order: number; min: number; max: number; pct: number | undefined; fixed: boolean }[] = [];
    const spacing = box.style.borderCollapse === 'separate' ? box.style.borderSpacing.horizontal : 0;
    const grid = tableGrid(box);
    for (const slot of grid.cells) {
      const { cell } = slot;
      const inner = isOrthogonalRoot(cell.content) ? this.orthogonalInner(cell.content) : this.children(cell.content.children);
      const frame = cellFrame(slot, grid);
      // Blink (TablesNG cell inline constraints): a cell's fixed min-width raises its min-content
      // contribution, its fixed max-width caps its max-content one (border box; never below min)
      const fixedOf = (v: { pt: number; pct: number } | 'auto' | 'none') => (v === 'auto' || v === 'none' || v.pct !== 0 ? undefined
        : cell.style.boxSizing === 'border-box' ? Math.max(v.pt, frame) : v.pt + frame);
      const cssMin = fixedOf(lengthOr(cell.style.minWidth, 'auto'));
      const cssMax = fixedOf(lengthOr(cell.style.maxWidth, 'none'));
      let min = Math.max(inner.min + frame, cssMin ?? 0);
      let max = Math.max(Math.min(inner.max + frame, cssMax ?? Infinity), min);
      const w = cell.width;
      if (cell.documentSpan === 1) {
        const c = cols[cell.col];
        if (!c) continue;
        if (w !== 'auto') {
          if (w.pct) c.pct = Math.max(c.pct ?? 0, w.pct);
          else { const fw = (cell.style.boxSizing === 'border-box' ? w.pt : w.pt + frame); c.fixed = Math.max(c.fixed ?? 0, fw); max = Math.max(min, Math.min(fw, cssMax ?? Infinity)); }
        }
        c.min = Math.max(c.min, min); c.max = Math.max(c.max, max);
      } else {
        const fixed = w !== 'auto' && !w.pct;
        if (fixed) { min = Math.max(min, 0); max = Math.max(min, Math.min(w.pt + frame, cssMax ?? Infinity)); }
        spanning.push({ col: cell.col, span: cell.colSpan, order: cell.documentSpan, min, max, pct: w !== 'auto' && w.pct ? w.pct : undefined, fixed });
      }
    }
    // (a fixed column's max-content is its width)
    for (const c of cols) if (c.fixed !== undefined) c.max = Math.max(c.min, c.fixed);
    // narrower spans in the document first, then from the first column (as Blink orders them)
    spanning.sort((a, b) => a.order - b.order || a.col - b.col);
    for (const s of spanning) {
      const part = cols.slice(s.col, s.col + s.span);
      // a spanning cell's percentage beyond its columns' goes to its columns without one, in
      // proportion to their max-content (equally when they have none), as Blink shares it
      if (s.pct !== undefined) {
        const free = part.filter((c) => c.pct === undefined);
        const surplus = s.pct - part.reduce((a, c) => a + (c.pct ?? 0), 0);
        const freeMax = free.reduce((a, c) => a + c.max, 0);
        if (surplus > 0) for (const c of free) c.pct = freeMax > 0 ? (surplus * c.max) / freeMax : surplus / free.length;
      }
      // its min-content, then its max-content (less the border-spacing inside it) are shared by
      // the width distribution of CSS Tables 3 §3.9.3 among its columns, as Blink shares them
      // (DistributeColspanCellToColumnsAuto): a column never shrinks
      const inside = spacing * (part.length - 1);
      const mins = distributeToColumns(Math.max(0, s.min - inside), part, true);
      part.forEach((c, i) => { c.min = Math.max(c.min, mins[i]!); });
      const maxes = distributeToColumns(Math.max(0, s.max - inside), part, s.fixed);
      part.forEach((c, i) => { c.max = Math.max(c.min, c.max, maxes[i]!); });
    }
    // percentages adding up to more than 100% are cut down from the last columns (as Blink takes them)
    let pctSum = 0;
    for (const c of cols) {
      if (c.fixed !== undefined) { c.max = Math.max(c.min, c.fixed); }
      c.max = Math.max(c.max, c.min);
      if (c.pct !== undefined) { c.pct = Math.max(0, Math.min(c.pct, 100 - pctSum)); pctSum += c.pct; }
    }
    this.colCache.set(box, cols);
    return cols;
  }
  private readonly colCache = new Map<TableBox, { min: number; max: number; fixed?: number; pct?: number }[]>();
}

/** A column's constraints as the width distribution reads them. */
interface ColumnConstraint { readonly min: number; readonly max: number; readonly fixed?: number; readonly pct?: number }

/**
 * CSS Tables 3 §3.9.3 the width distribution algorithm, as Blink runs it for the min-content and
 * max-content widths of a cell spanning `cols` (DistributeInlineSizeToComputedInlineSizeAuto):
 * the first of the guesses (every column at its min; percentage columns at their share; fixed
 * columns at their width; auto columns at their max) that reaches `target` decides, and the
 * columns that guess grows share the difference to the guess before it, each in proportion to
 * how much it grows. Above every guess, auto columns take the rest in proportion to their max
 * (else fixed columns when `constrained`, else percentage columns by percentage). A percentage
 * resolves against `target`.
 */
export function distributeToColumns(targetSize: number, cols: readonly ColumnConstraint[], constrained: boolean): number[] {
  const pctOf = (c: ColumnConstraint, t: number) => Math.max(c.min, ((c.pct ?? 0) * t) / 100);
  let minGuess = 0;
  for (const c of cols) minGuess += c.min;
  const target = Math.max(targetSize, minGuess);
  let pctGuess = 0; let specGuess = 0; let maxGuess = 0;
  let pctGrow = 0; let specGrow = 0; let maxGrow = 0;
  let autoMax = 0; let fixedMax = 0; let pctTotal = 0;
  let autos = 0; let fixeds = 0; let pcts = 0;
  for (const c of cols) {
    if (c.pct !== undefined) {
      const p = pctOf(c, target);
      pctGuess += p; specGuess += p; maxGuess += p; pctGrow += p - c.min; pctTotal += c.pct; pcts++;
    } else if (c.fixed !== undefined) {
      pctGuess += c.min; specGuess += c.max; maxGuess += c.max; specGrow += c.max - c.min; fixedMax += c.max; fixeds++;
    } else {
      pctGuess += c.min; specGuess += c.min; maxGuess += c.max; maxGrow += c.max - c.min; autoMax += c.max; autos++;
    }
  }
  const kind = (c: ColumnConstraint) => (c.pct !== undefined ? 'pct' : c.fixed !== undefined ? 'fixed' : 'auto');
  if (minGuess >= target) return cols.map((c) => c.min);
  if (pctGuess >= target) {
    const d = target - minGuess;
    return cols.map((c) => (kind(c) === 'pct' ? c.min + (pctGrow > 0 ? (d * (pctOf(c, target) - c.min)) / pctGrow : d / pcts) : c.min));
  }
  if (specGuess >= target) {
    const d = target - pctGuess;
    return cols.map((c) => (kind(c) === 'pct' ? pctOf(c, target) : kind(c) === 'fixed' ? c.min + (specGrow > 0 ? (d * (c.max - c.min)) / specGrow : d / fixeds) : c.min));
  }
  if (maxGuess >= target) {
    const d = target - specGuess;
    return cols.map((c) => (kind(c) === 'pct' ? pctOf(c, target) : kind(c) === 'fixed' ? c.max : c.min + (maxGrow > 0 ? (d * (c.max - c.min)) / maxGrow : d / autos)));
  }
  const d = target - maxGuess;
  if (autos > 0) return cols.map((c) => (kind(c) === 'pct' ? pctOf(c, target) : kind(c) === 'fixed' ? c.max : c.max + (autoMax > 0 ? (d * c.max) / autoMax : d / autos)));
  if (fixeds > 0 && constrained) return cols.map((c) => (kind(c) === 'pct' ? pctOf(c, target) : c.max + (fixedMax > 0 ? (d * c.max) / fixedMax : d / fixeds)));
  if (pcts > 0) return cols.map((c) => (kind(c) === 'pct' ? pctOf(c, target) + (pctTotal > 0 ? (d * c.pct!) / pctTotal : d / pcts) : 0));
  return cols.map(() => 0);
}

/** the text-indent of a context's first line (none when it is `hanging`: then the others have it) */
const firstIndent = (box: InlineFormattingBox): number => (box.first && !box.style.textIndent.hanging ? resolve(box.style.textIndent, 0) : 0);

/**
 * The running measures of inlines(): the widest piece and line so far, the current piece and line.
 * The floats of a line sit beside its whole text; a float that clears a side (CSS 2.1 §9.5.2)
 * starts a new row of floats on that side, so the floats of that side before it no longer add to
 * the line's max-content width (as Blink measures them: the widest row of floats, plus the line).
 */
class LineMeasure implements PieceSink {
  min = 0;
  max = 0;
  word = 0;
  /** the width of the collapsible spaces that end the line so far (they hang: not in max) */
  trailing = 0;
  /** the last text measured, while a run of its font may go on (kerning across inline boxes) */
  lastText: { readonly text: string; readonly style: ComputedStyle } | undefined;
  /** the widths of the current row of left and right floats (part of `line`), and the widest earlier row */
  private floatLeft = 0;
  private floatRight = 0;
  private floatsWidest = 0;
  constructor(public line: number) {}
  endWord(): void { this.min = Math.max(this.min, this.word); this.word = 0; }
  endLine(): void {
    this.endWord();
    const floats = this.floatLeft + this.floatRight;
    this.max = Math.max(this.max, this.line - this.trailing - floats + Math.max(floats, this.floatsWidest));
    this.line = 0; this.trailing = 0; this.floatLeft = 0; this.floatRight = 0; this.floatsWidest = 0;
  }
  /** a float of this max-content width (margin box) on the line, after the clearance its `clear` asks for */
  float(style: ComputedStyle, width: number): void {
    if (style.clear !== 'none') this.floatsWidest = Math.max(this.floatsWidest, this.floatLeft + this.floatRight);
    if (style.clear === 'left' || style.clear === 'both') { this.line -= this.floatLeft; this.floatLeft = 0; }
    if (style.clear === 'right' || style.clear === 'both') { this.line -= this.floatRight; this.floatRight = 0; }
    this.line += width;
    if (style.float === 'right') this.floatRight += width; else this.floatLeft += width;
  }
  piece(width: number): void { this.word += width; }
  breakHere(): void { this.endWord(); }
}

/** A table cell's horizontal padding and borders, pt (CSS 2.1 §17.6.2: in the collapsing model half of each resolved collapsed border). */
export function cellFrame(slot: CellSlot, grid: TableGrid): number {
  const { cell } = slot;
  const pad = cellPadding(cell.style, grid.box.cellPadding);
  if (grid.box.style.borderCollapse !== 'collapse') return pad.left + pad.right + cell.style.borderWidth.left + cell.style.borderWidth.right;
  const halves = grid.cellHalves(slot);
  return pad.left + pad.right + halves.left + halves.right;
}

/**
 * Used padding of a table cell: CSS padding, or the table's HTML cellpadding over the UA default.
 * Percentages resolve against `percentBase` (TableLayout.cellBox); without one they are 0, as a
 * cell's percentage padding adds nothing to its min-content and max-content widths in Chromium 156.
 */
export function cellPadding(style: ComputedStyle, cellPaddingAttr: number | undefined, percentBase?: { readonly inline: number; readonly block: number }): { top: number; right: number; bottom: number; left: number } {
  const p = style.padding;
  if (cellPaddingAttr !== undefined && uaDefaultPadding(p.top) && uaDefaultPadding(p.right) && uaDefaultPadding(p.bottom) && uaDefaultPadding(p.left)) return { top: cellPaddingAttr, right: cellPaddingAttr, bottom: cellPaddingAttr, left: cellPaddingAttr };
  const b = percentBase;
  return { top: paddingPx(p.top, b?.block), right: paddingPx(p.right, b?.inline), bottom: paddingPx(p.bottom, b?.block), left: paddingPx(p.left, b?.inline) };
}

/** a cell's padding in pt, a percentage of `base` (module functions, not two closures per cell) */
const paddingPx = (v: ComputedStyle['padding']['top'], base = 0): number => Math.max(0, v.pt + (v.pct ? (v.pct * base) / 100 : 0));
/** whether a cell's padding is the UA sheet's 1px, which the cellpadding attribute replaces */
const uaDefaultPadding = (v: ComputedStyle['padding']['top']): boolean => v.pct === 0 && Math.abs(v.pt - 0.75) < 0.01;
