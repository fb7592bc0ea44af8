// CSS Paged Media 3 §3–§5 and CSS Fragmentation 3: the document's pages. The root box is laid
// out in one flow; the page areas follow each other in it (Pages is the Fragmentainer), each
// page with its own margins (`@page :first`, `:left`, `:right`, named pages). Absolutely
// positioned boxes without a positioned ancestor take the first page's area as their
// containing block (the initial containing block, as Chromium prints); fixed boxes repeat on
// every page.
import type { BlockBox, BlockLevelBox, FlexBox, Footnote } from '../boxes/types';
import type { ComputedStyle, RGBA } from '../cascade/computed';
import type { PageCascade } from '../cascade/page-context';
import type { PageRuleStyle, PageStyle, PrinterMark, StyledElement } from '../cascade/styled';
import { DiagnosticList } from '../diagnostics';
import { layoutAbsolute, orthogonalWidth, startPageName } from './block';
import { EMPTY_STRUT, strutSize, withoutBreaks, type Fragmentainer, type LayoutContext, type PendingAbsolute } from './context';
import { Floats } from './float';
import { frameWidth } from './intrinsic';
import { translate, type BoxFragment, type Fragment, type LineFragment, type PageFragment, type Sides } from './fragments';
import { DEFAULT_PAGE_MARGIN } from '../cascade';
import { documentZoom, Shrink } from './shrink';

export interface PageGeometryOptions {
  readonly page: PageStyle;
  /** the request's format, when the CSS sets no size */
  readonly format: { readonly width: number; readonly height: number };
  /** the page contexts' styles: their borders and padding are inside the page margins, around the page area */
  readonly pageContext?: PageCascade;
}

interface PageBox {
  readonly width: number;
  readonly height: number;
  readonly margin: Sides;
  /** the margins as specified (PageFragment.cssMargin; `margin` adds the page's borders and padding) */
  readonly cssMargin: Sides;
  readonly backgroundColor: RGBA | undefined;
  /**
   * the initial containing block's size on this page, pt: as Chromium 156 places `right: 0` and
   * `bottom: 0` boxes, the page area's exact width rounded down to whole px (Blink's frame size in
   * integer px; the page area the flow fills is rounded up: snappedMargins) and its exact height
   */
  readonly icb: { readonly width: number; readonly height: number };
  /** CSS Paged Media 3 §7.2 the bleed, pt: how far the PDF page reaches outside the page box on each side */
  readonly bleed: number;
  /** CSS Paged Media 3 §7.3 the printer's marks drawn in the bleed area */
  readonly marks: readonly PrinterMark[];
}

/** CSS Paged Media 3 §7.2: `bleed: auto` is 6pt when the marks include crop marks, else 0 */
const AUTO_CROP_BLEED = 6;

const finite = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n);

/**
 * The page box and margins of page `index` (CSS Paged Media 3 §3.4 cascade of page rules:
 * the plain rule, then :left/:right and :first by specificity; no page is blank: see forcedBreak).
 */
export function pageBox(o: PageGeometryOptions, index: number, name = 'auto'): PageBox {
  const page = o.page;
  const rules: (PageRuleStyle | undefined)[] = [page];
  const v = page.variants ?? {};
  const side = index % 2 === 0 ? ':right' : ':left';
  const named = name !== 'auto' ? name : undefined;
  // specificity order (CSS Paged Media 3 §3.4.2): name < :left/:right < name:left < :first < name:first
  if (named) rules.push(v[named]);
  rules.push(v[side] ?? v[side === ':right' ? ':recto' : ':verso']);
  if (named) rules.push(v[`${named}${side}`]);
  if (index === 0) rules.push(v[':first']);
  if (named && index === 0) rules.push(v[`${named}:first`]);
  let size: { width: number; height: number } | undefined;
  let orientation: 'landscape' | 'portrait' | undefined;
  const m: { top?: number; right?: number; bottom?: number; left?: number } = {};
  let backgroundColor: RGBA | undefined;
  let bleed: 'auto' | number = 'auto';
  let marks: readonly PrinterMark[] = [];
  for (const r of rules) {
    if (!r) continue;
    if (r.backgroundColor) backgroundColor = r.backgroundColor;
    if (r.bleed !== undefined) bleed = r.bleed;
    if (r.marks) marks = r.marks;
    if (r.size && r.size.width > 0 && r.size.height > 0) size = r.size;
    if (r.orientation) orientation = r.orientation;
    for (const k of ['top', 'right', 'bottom', 'left'] as const) if (finite(r.margin[k])) m[k] = r.margin[k];
  }
  let width: number; let height: number;
  if (size) ({ width, height } = size);
  else {
    ({ width, height } = o.format);
    if (orientation === 'landscape' && height > width) [width, height] = [height, width];
    if (orientation === 'portrait' && width > height) [width, height] = [height, width];
  }
  width = Math.min(Math.max(width, 72), 14400);
  height = Math.min(Math.max(height, 72), 14400);
  const margin = {
    top: Math.max(0, m.top ?? DEFAULT_PAGE_MARGIN), right: Math.max(0, m.right ?? DEFAULT_PAGE_MARGIN),
    bottom: Math.max(0, m.bottom ?? DEFAULT_PAGE_MARGIN), left: Math.max(0, m.left ?? DEFAULT_PAGE_MARGIN),
  };
  // a page area narrower than 36pt cannot hold text: give the margins back proportionally
  if (width - margin.left - margin.right < 36) { const k = (width - 36) / Math.max(1, margin.left + margin.right); margin.left *= k; margin.right *= k; }
  if (height - margin.top - margin.bottom < 36) { const k = (height - 36) / Math.max(1, margin.top + margin.bottom); margin.top *= k; margin.bottom *= k; }
  // §3.2: the page area is inside the page box's margins, borders and padding
  const ctx = o.pageContext?.styles({ name, first: index === 0, blank: false, left: index % 2 === 1 }).page;
  const inner = { ...margin };
  if (ctx) {
    const b = ctx.borderWidth; const p = ctx.padding;
    const pad = (v: { pt: number; pct: number }) => Math.max(0, v.pt + v.pct * width / 100);
    inner.top += b.top + pad(p.top); inner.right += b.right + pad(p.right); inner.bottom += b.bottom + pad(p.bottom); inner.left += b.left + pad(p.left);
    if (width - inner.left - inner.right < 36 || height - inner.top - inner.bottom < 36) Object.assign(inner, margin); // no room: the margins alone
  }
  const icb = { width: floorPx(width - inner.left - inner.right), height: height - inner.top - inner.bottom };
  // (the bleed keeps the PDF page within PDF's 14400pt)
  const b = Math.min(bleed === 'auto' ? (marks.includes('crop') ? AUTO_CROP_BLEED : 0) : bleed, (14400 - Math.max(width, height)) / 2);
  return { width, height, margin: snappedMargins(width, height, inner), cssMargin: margin, backgroundColor, icb, bleed: b, marks };
}

const PX = 0.75;

const nearPx = (pt: number) => Math.round(pt / PX) * PX;
const floorPx = (pt: number) => Math.floor(pt / PX + 1e-3) * PX;

/**
 * The margins that give the page area Chromium's size: Blink lays a page out in a page area of
 * whole CSS px (its exact size rounded up) whose top-left corner is on a whole px (rounded). So
 * a 148mm × 210mm page with 2cm margins has a 409px (306.75pt) wide page area, where the exact
 * 306.14pt would break some lines earlier. (Its initial containing block, for absolutely
 * positioned boxes, is 408px wide: see PageBox.icb.)
 */
function snappedMargins(width: number, height: number, m: Sides): Sides {
  const up = (pt: number) => Math.max(0, Math.ceil(pt / PX - 1e-3) * PX);
  const areaW = up(width - m.left - m.right);
  const areaH = up(height - m.top - m.bottom);
  const left = nearPx(m.left);
  const top = nearPx(m.top);
  return { top, left, right: width - left - areaW, bottom: height - top - areaH };
}

/** CSS GCPM 3 §2.2 the footnote area of one page: its footnotes in call order, laid out. */
interface FootnoteArea {
  readonly footnotes: Footnote[];
  /** the area's margin box height (0 while it holds nothing) */
  height: number;
  /** the area laid out, y relative to the page area's top */
  fragment: BoxFragment | undefined;
}

/** The footnotes called from content laid out without pages, after Pages.placeLate. */
interface LateFootnotes {
  /** each one's call's page */
  readonly calls: ReadonlyMap<Footnote, number>;
  /** the ones whose reserved area the content ran into */
  readonly refused: readonly Footnote[];
  /** whether each one is on its call's page, its area clear of the content */
  readonly settled: boolean;
}

/** What the pages need to place footnotes (CSS GCPM 3 §2). */
export interface FootnoteOptions {
  /** the `@footnote` area's style on a page */
  readonly areaStyle: (page: PageFragment) => ComputedStyle;
}

/** The pages of one document as a Fragmentainer: made as the flow reaches them. */
export class Pages implements Fragmentainer {
  readonly paginates = true;
  readonly fragmented = true;
  private readonly list: PageFragment[] = [];
  /** per page: its page area's height before a footnote area takes its part */
  private readonly fullHeights: number[] = [];
  /** per page with footnotes: its footnote area */
  private readonly areas = new Map<number, FootnoteArea>();
  /** the page each placed footnote is on */
  private readonly placed = new Map<Footnote, number>();
  /** per page: the flow position of the first block-level box recorded on it (Fragmentainer.content) */
  private readonly firstContent: number[] = [];

  /** `zoom`: layout units per pt of the page area (Chromium's shrink-to-fit printing lays out in a wider area: shrink.ts) */
  constructor(private readonly o: PageGeometryOptions, private readonly maxPages: number, firstName = 'auto', private readonly zoom = 1, private readonly notes?: FootnoteOptions) {
    this.name = firstName;
    this.add();
  }

  /** the page name new pages take (CSS Paged Media 3 §7: the name of the content that starts them) */
  private name = 'auto';

  private add(): PageFragment {
    const index = this.list.length;
    const box = pageBox(this.o, index, this.name);
    const flowTop = index === 0 ? 0 : this.list[index - 1]!.flowBottom;
    const areaHeight = (box.height - box.margin.top - box.margin.bottom) * this.zoom;
    const page: PageFragment = {
      index, name: this.name, width: box.width, height: box.height, margin: box.margin, cssMargin: box.cssMargin, flowTop, flowBottom: flowTop + areaHeight, backgroundColor: box.backgroundColor,
      ...(box.bleed > 0 ? { bleed: box.bleed, marks: box.marks } : {}),
    };
    this.list.push(page);
    this.fullHeights.push(areaHeight);
    if (this.reservedCtx) this.placeReserved(index, this.reservedCtx);
    return page;
  }

  /** per page: the footnotes called from content laid out without pages that the previous layout found called there */
  private readonly reserved = new Map<number, Footnote[]>();
  private reservedCtx: LayoutContext | undefined;
  /** the footnotes placed while the flow was laid out (the others are placed late: placeLate) */
  private readonly inFlow = new Set<Footnote>();

  /**
   * CSS GCPM 3 §2: gives each footnote of `notes` its area on the page given (its call's page in
   * the previous layout of the same content) before the flow reaches that page, so that the
   * content laid out without pages (columns, flex items, tables with a header) flows around it.
   */
  reserve(notes: ReadonlyMap<Footnote, number>, ctx: LayoutContext): void {
    if (!this.notes) return;
    for (const [f, i] of [...notes].sort((a, b) => a[0].index - b[0].index)) {
      const list = this.reserved.get(i) ?? [];
      list.push(f);
      this.reserved.set(i, list);
    }
    this.reservedCtx = ctx;
    for (let i = 0; i < this.list.length; i++) this.placeReserved(i, ctx);
  }

  private placeReserved(index: number, ctx: LayoutContext): void {
    for (const f of this.reserved.get(index) ?? []) if (!this.placed.has(f)) this.tryPlace(f, index, this.list[index]!.flowTop, ctx);
  }

  // ---- CSS GCPM 3 §2 footnotes -------------------------------------------------------------

  footnotes(bodies: readonly Footnote[], line: { readonly top: number; readonly bottom: number }, ctx: LayoutContext): boolean {
    if (!this.notes) return true;
    for (const b of bodies) { this.unplace(b, ctx); this.inFlow.add(b); }
    const index = this.at(line.top).index;
    // footnotes keep their call order: once one moved to the next page, the following ones follow it
    const later = (this.areas.get(index + 1)?.footnotes.length ?? 0) > 0 && index + 1 < this.list.length;
    for (let i = 0; i < bodies.length; i++) {
      const b = bodies[i]!;
      if (!later && this.tryPlace(b, index, line.bottom, ctx)) continue;
      if (b.policy !== 'auto' && !this.atPageStart(line.top)) {
        for (const placed of bodies.slice(0, i)) this.unplace(placed, ctx);
        return false;
      }
      for (const rest of bodies.slice(i)) this.placeFrom(rest, index + 1, ctx);
      return true;
    }
    return true;
  }

  /**
   * Places the footnotes called from content laid out without pages (flex items, floats,
   * columns, atomic inlines: `lines` are every line of the document): each on its call's page
   * when its area fits below what the page holds, else on the next page with room. The pages
   * keep their flow positions (the flow is laid out already).
   */
  placeLate(lines: readonly LineFragment[], ctx: LayoutContext): LateFootnotes {
    const calls = new Map<Footnote, number>();
    for (const l of lines) for (const f of l.footnotes ?? []) if (!this.inFlow.has(f)) calls.set(f, this.at(l.y + 0.01).index);
    const late = lines.filter((l) => l.footnotes?.some((f) => !this.placed.has(f)));
    // how far down each page's content reaches (`crossed`: past the page area's end, into a reserved footnote area)
    const bottoms = this.list.map((p) => p.flowTop);
    const crossed = new Set<number>();
    for (const l of lines) {
      const i = this.at(l.y + 0.01).index;
      const end = this.list[i]!.flowBottom;
      bottoms[i] = Math.max(bottoms[i]!, Math.min(l.y + l.height, end));
      if (l.y + l.height > end + 0.01 && !this.atPageStart(l.y)) crossed.add(i);
    }
    // a reserved area that the content (laid out without pages) runs into gives up its page
    const refused = [...calls.keys()].filter((f) => { const i = this.placed.get(f); return i !== undefined && crossed.has(i) && this.reserved.get(i)?.includes(f); });
    const result = { calls, refused, settled: refused.length === 0 && [...calls].every(([f, i]) => this.placed.get(f) === i) };
    if (late.length === 0) return result;
    for (const l of late) {
      for (const f of l.footnotes!) {
        if (this.placed.has(f)) continue;
        for (let i = this.at(l.y + 0.01).index; i < this.maxPages; i++) {
          if (i >= this.list.length) { this.add(); bottoms.push(this.list[i]!.flowTop); }
          if (this.tryPlace(f, i, bottoms[i]!, ctx, false)) { this.reach(this.list[i]!.flowTop); break; }
        }
      }
    }
    return { ...result, settled: result.settled && [...calls].every(([f, i]) => this.placed.get(f) === i) };
  }

  /** the footnote areas, per page (y relative to the page area's top) */
  footnoteAreas(count: number): (BoxFragment | undefined)[] {
    return Array.from({ length: count }, (_, i) => this.areas.get(i)?.fragment);
  }

  /** per page: the indices of its footnotes, in order */
  footnoteOrder(count: number): number[][] {
    return Array.from({ length: count }, (_, i) => (this.areas.get(i)?.footnotes ?? []).map((f) => f.index));
  }

  /** Places a footnote on page `index` when the area and the flow content down to `contentBottom` still fit. */
  private tryPlace(b: Footnote, index: number, contentBottom: number, ctx: LayoutContext, shift = true): boolean {
    const area = this.areaOf(index);
    // (in call order: a reserved footnote is there before the flow's footnotes of the page)
    let at = area.footnotes.length;
    while (at > 0 && area.footnotes[at - 1]!.index > b.index) at--;
    area.footnotes.splice(at, 0, b);
    const laid = this.layoutArea(index, area, ctx);
    const page = this.list[index]!;
    const bottom = page.flowTop + this.fullHeights[index]! - laid.height;
    // the first footnote of an empty page stays however tall it is (as WeasyPrint prints it)
    const alone = area.footnotes.length === 1 && contentBottom <= page.flowTop + 0.01;
    if (!alone && (laid.overflows || contentBottom > bottom + 0.01)) {
      area.footnotes.splice(at, 1);
      return false;
    }
    this.commit(index, area, laid, shift);
    this.placed.set(b, index);
    return true;
  }

  /** Places a footnote that moved off its call's page: on page `index`, or further on when that area is full. */
  private placeFrom(b: Footnote, index: number, ctx: LayoutContext): void {
    for (let i = index; i < this.maxPages; i++) {
      while (this.list.length <= i && this.list.length < this.maxPages) this.add();
      if (i >= this.list.length) return;
      const page = this.list[i]!;
      // (the flow has not reached that page yet)
      if (this.tryPlace(b, i, page.flowTop, ctx)) { this.reach(this.list[i]!.flowTop); return; }
    }
  }

  private unplace(b: Footnote, ctx: LayoutContext): void {
    const index = this.placed.get(b);
    if (index === undefined) return;
    this.placed.delete(b);
    const area = this.areas.get(index)!;
    area.footnotes.splice(area.footnotes.indexOf(b), 1);
    this.commit(index, area, this.layoutArea(index, area, ctx));
  }

  private areaOf(index: number): FootnoteArea {
    let a = this.areas.get(index);
    if (!a) { a = { footnotes: [], height: 0, fragment: undefined }; this.areas.set(index, a); }
    return a;
  }

  /** The area of page `index` laid out with its footnotes: its margin box height, and whether its footnotes overflow its max-height. */
  private layoutArea(index: number, area: FootnoteArea, ctx: LayoutContext): { fragment: BoxFragment | undefined; height: number; overflows: boolean } {
    if (area.footnotes.length === 0) return { fragment: undefined, height: 0, overflows: false };
    const page = this.list[index]!;
    const style = this.notes!.areaStyle(page);
    const element: StyledElement = { kind: 'element', tag: '@footnote', attrs: {}, style, children: [], loc: { line: 0, column: 0 } };
    const width = (page.width - page.margin.left - page.margin.right) * this.zoom;
    const line = width - frameWidth(style);
    const box: BlockBox = { kind: 'block', style, element, children: footnoteChildren(area.footnotes, { line, width: (b) => ctx.intrinsic.block(b).max, space: (s) => ctx.faces.width(' ', s) }) };
    const measuring = withoutBreaks(ctx);
    const r = measuring.layoutBlockLevel(box, { cbX: 0, cbWidth: width, cbHeight: this.fullHeights[index], y: 0, marginStrut: EMPTY_STRUT, floats: new Floats(), absolutes: [] }, measuring);
    const f = r.fragment;
    if (!f) return { fragment: undefined, height: 0, overflows: false };
    const height = Math.max(r.bottom, f.y + f.height) + Math.max(0, strutSize(r.marginStrut));
    const contentBottom = f.y + f.height - f.border.bottom - f.padding.bottom;
    let last = f.y;
    for (const c of f.children) if (c.kind === 'box' || c.kind === 'line') last = Math.max(last, c.y + c.height);
    translate(f, 0, this.fullHeights[index]! - height);
    return { fragment: f, height, overflows: last > contentBottom + 0.01 };
  }

  /** Gives page `index` its footnote area: its page area ends higher (or lower) by what the area grew, the pages after it follow. */
  /** (`shift`: false once the flow is laid out: the pages after keep their flow positions) */
  private commit(index: number, area: FootnoteArea, laid: { fragment: BoxFragment | undefined; height: number }, shift = true): void {
    const delta = laid.height - area.height;
    area.height = laid.height;
    area.fragment = laid.fragment;
    if (Math.abs(delta) < 1e-9) return;
    const page = this.list[index]!;
    this.list[index] = { ...page, flowBottom: page.flowBottom - delta };
    if (!shift) return;
    for (let i = index + 1; i < this.list.length; i++) {
      const p = this.list[i]!;
      this.list[i] = { ...p, flowTop: p.flowTop - delta, flowBottom: p.flowBottom - delta };
    }
    if (this.reached >= page.flowBottom - 0.01) this.reached -= delta;
  }

  /**
   * CSS Paged Media 3 §7.1: content whose used page name differs from its page's starts a new
   * page of that name. Returns the flow position where the content goes.
   */
  pageNameAt(y: number): string {
    return this.at(y).name;
  }

  pageNamed(y: number, name: string, occupied = false): number {
    const here = this.at(y);
    if (here.name === name) return y;
    this.name = name;
    if (occupied && this.atPageStart(y)) {
      // a sibling of no height sits at this page's top: the new name starts the next page
      while (this.list.length <= here.index + 1 && this.list.length < this.maxPages) this.add();
      return this.reach(this.list[Math.min(here.index + 1, this.list.length - 1)]!.flowTop);
    }
    if (here.index === this.list.length - 1 && Math.abs(y - here.flowTop) < 0.01) {
      // nothing is on this page yet (it is the last one made): it becomes a page of that name
      this.list.pop();
      this.fullHeights.pop();
      const area = this.areas.get(here.index);
      if (area) { for (const f of area.footnotes) this.placed.delete(f); this.areas.delete(here.index); }
      return this.reach(this.add().flowTop);
    }
    return this.forcedBreak(y);
  }

  /**
   * The top of the last page that a break moved content to: content follows every break taken
   * (breaks are taken before a sibling), so that page is printed even when what starts it has no
   * height (an empty block after `break-before: page` or of another page name), as Chromium prints it.
   */
  private reached = 0;
  private reach(top: number): number {
    if (top > this.reached) this.reached = top;
    return top;
  }

  content(top: number, bottom: number): void {
    for (const y of [top, Math.max(top, bottom - 0.01)]) {
      const i = this.at(y).index;
      if (!(this.firstContent[i]! <= y)) this.firstContent[i] = y;
    }
  }

  hasContentBefore(y: number): boolean {
    const first = this.firstContent[this.at(y).index];
    return first !== undefined && first < y - 0.01;
  }

  /** the name of the page showing `y` */
  nameAt(y: number): string { return this.at(y).name; }

  /** the page that shows flow position `y` (made when the flow has not reached it yet) */
  at(y: number): PageFragment {
    let last = this.list[this.list.length - 1]!;
    while (y >= last.flowBottom && this.list.length < this.maxPages) last = this.add();
    if (y >= last.flowBottom) return last;
    // binary search: pages are in flow order
    let lo = 0; let hi = this.list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.list[mid]!.flowBottom <= y) lo = mid + 1; else hi = mid;
    }
    return this.list[lo]!;
  }

  pageEnd(y: number): number { return this.at(y).flowBottom; }
  pageStart(y: number): number { return this.at(y).flowTop; }
  pageHeight(y: number): number { const p = this.at(y); return p.flowBottom - p.flowTop; }
  areaWidth(y: number): number { const p = this.at(y); return (p.width - p.margin.left - p.margin.right) * this.zoom; }
  atPageStart(y: number): boolean { return Math.abs(this.at(y).flowTop - y) < 0.01; }

  /**
   * A forced break (CSS Fragmentation 3 §3.1). `left`, `right`, `recto` and `verso` break as
   * `page` does: Chromium prints no blank page to put content on a side, and neither does Platen.
   */
  forcedBreak(y: number, occupied = false): number {
    const here = this.at(y);
    if (!occupied && (this.atPageStart(y) || (y <= 0 && here.index === 0))) return here.flowTop; // already at a page's top: no empty page
    const next = here.index + 1;
    while (this.list.length <= next && this.list.length < this.maxPages) this.add();
    return this.reach(this.list[Math.min(next, this.list.length - 1)]!.flowTop);
  }

  /** the pages that the content reached: up to the one showing `lastY`, or the last one a break (or a footnote) moved content to */
  pagesUpTo(lastY: number): PageFragment[] {
    const last = this.at(Math.max(0, lastY - 0.01, this.reached));
    return this.list.slice(0, last.index + 1);
  }

  get first(): PageFragment { return this.list[0]!; }
}

export interface LaidOutDocument {
  readonly pages: readonly PageFragment[];
  readonly root: BoxFragment | undefined;
  /** position: fixed boxes: painted on every page, y relative to the page area's top */
  readonly fixed: readonly BoxFragment[];
  /** per page: its footnote area (CSS GCPM 3 §2.2), y relative to the page area's top */
  readonly footnotes: readonly (BoxFragment | undefined)[];
  /** per page: the document indices of its footnotes, in order */
  readonly footnoteOrder: readonly (readonly number[])[];
  /** Chromium's shrink-to-fit zoom the document was laid out at (shrink.ts): 1 when it fits the page area */
  readonly zoom: number;
}

/** What footnoteChildren measures compact footnotes with. */
interface CompactMeasure {
  /** the area's content width, pt */
  readonly line: number;
  /** a box's max-content width */
  width(box: BlockLevelBox): number;
  /** the width of a space in a style */
  space(style: ComputedStyle): number;
}

/**
 * The boxes of a footnote area: the footnotes' block boxes in order; consecutive inline
 * footnotes (`footnote-display: inline`) share one anonymous block, their lines running on.
 * A compact footnote (GCPM 3 §2.4) is inline when it fits whole on the line of the compact
 * notes before it (or alone on a line), and a block otherwise.
 */
function footnoteChildren(footnotes: readonly Footnote[], measure: CompactMeasure): BlockLevelBox[] {
  const out: BlockLevelBox[] = [];
  // the anonymous block of the compact notes' line, and how much of the line they take
  let compactLine: { box: BlockLevelBox; used: number } | undefined;
  const runOn = (prev: BlockLevelBox & { kind: 'inlines' }, b: BlockLevelBox & { kind: 'inlines' }) => {
    const joined: BlockLevelBox = { ...prev, children: [...prev.children, { kind: 'text', style: prev.style, text: ' ' }, ...b.children] };
    out[out.length - 1] = joined;
    return joined;
  };
  for (const f of footnotes) {
    const inline = f.compact?.length === 1 && f.compact[0]!.kind === 'inlines' ? f.compact[0] : undefined;
    if (inline) {
      const w = measure.width(inline);
      const prev = out[out.length - 1];
      if (compactLine && prev === compactLine.box && prev.kind === 'inlines' && compactLine.used + measure.space(prev.style) + w <= measure.line + 0.01) {
        compactLine = { box: runOn(prev, inline), used: compactLine.used + measure.space(prev.style) + w };
        continue;
      }
      if (w <= measure.line + 0.01) { out.push(inline); compactLine = { box: inline, used: w }; continue; }
    }
    compactLine = undefined;
    for (const b of f.boxes) {
      const prev = out[out.length - 1];
      if (b.kind === 'inlines' && prev?.kind === 'inlines' && f.boxes.length === 1 && !f.compact) runOn(prev, b);
      else out.push(b);
    }
  }
  return out;
}

/** Every line box of a fragment tree, atomic inlines' included. */
function allLines(root: BoxFragment): LineFragment[] {
  const out: LineFragment[] = [];
  const walk = (f: Fragment): void => {
    if (f.kind === 'line') { out.push(f); for (const c of f.children) walk(c); }
    else if (f.kind === 'box') for (const c of f.children) walk(c);
  };
  walk(root);
  return out;
}

/**
 * Lays out the root box over as many pages as its content needs. `zoom`: the shrink-to-fit zoom
 * an earlier layout of the document decided (its box tree computed again with the viewport
 * units of the widened area: pipeline.ts), laid out at without measuring the document again.
 */
export function layoutDocumentFlow(root: BlockBox | FlexBox, geometry: PageGeometryOptions, ctx: Omit<LayoutContext, 'pages'>, maxPages: number, notes?: FootnoteOptions, zoom?: number): LaidOutDocument {
  if (zoom !== undefined && zoom !== 1) return shrunk(layoutAtZoom(root, geometry, ctx, maxPages, zoom, notes), zoom);
  const laid = layoutAtZoom(root, geometry, ctx, maxPages, 1, notes);
  // Chromium's shrink-to-fit printing: a document wider than the page area is laid out in a wider area and scaled down
  if (!laid.root || laid.pages.length === 0) return laid;
  const wider = documentZoom(laid.root, laid.pages);
  if (wider === 1) return laid;
  // (the first layout reported what the author should know already)
  return shrunk(layoutAtZoom(root, geometry, { ...ctx, diagnostics: new DiagnosticList() }, maxPages, wider, notes), wider);
}

/** A document laid out in the area widened by `zoom`, scaled down onto the pages. */
function shrunk(wide: LaidOutDocument, zoom: number): LaidOutDocument {
  const shrink = new Shrink(1 / zoom);
  return {
    pages: wide.pages.map((p) => shrink.page(p)), root: wide.root && shrink.box(wide.root), fixed: wide.fixed.map((f) => shrink.box(f)),
    footnotes: wide.footnotes.map((f) => f && shrink.box(f)), footnoteOrder: wide.footnoteOrder, zoom,
  };
}

/** layouts at most per zoom: the first, then ones that reserve late footnotes' areas on their calls' pages */
const FOOTNOTE_PASSES = 4;

/**
 * Lays out the root box at a zoom. CSS GCPM 3 §2 puts each footnote at the foot of its call's
 * page; a footnote called from content laid out without pages (columns, flex items, tables
 * with a header group) is only placed after the flow, so when it lands on another page the
 * content is laid out again with its area reserved on its call's page, the content flowing
 * around it (a call line that no longer fits above the area moves on, and the note with it in
 * the next layout), until each note is on its call's page.
 */
function layoutAtZoom(root: BlockBox | FlexBox, geometry: PageGeometryOptions, ctx: Omit<LayoutContext, 'pages'>, maxPages: number, zoom: number, notes: FootnoteOptions | undefined): LaidOutDocument {
  const reserved = new Map<Footnote, number>();
  const refused = new Set<Footnote>();
  for (let pass = 1; ; pass++) {
    const { laid, late } = layoutOnce(root, geometry, ctx, maxPages, zoom, notes, reserved);
    if (!late || late.settled || pass >= FOOTNOTE_PASSES) return laid;
    for (const f of late.refused) refused.add(f);
    reserved.clear();
    for (const [f, i] of late.calls) if (!refused.has(f)) reserved.set(f, i);
    if (reserved.size === 0) return laid;
  }
}

/**
 * CSS Overflow 3 §2.2: content that overflows its boxes visibly (lines below a box of fixed
 * height, the box being the last on its page) is printed as Chromium prints it: the pages grow
 * to hold the start of the last line or image and the whole border box of every box, in flow
 * (a box taller than a `height: 100%` root) or absolutely positioned (whose content breaks
 * across the pages it crosses: layoutAbsolute). What a
 * clipping box cuts away does not count, nor what a fixed box holds (it repeats on every page).
 */
function overflowReach(root: BoxFragment): number {
  return reachBelow(root, 0);
}

/** overflowReach below b, from `max` (a function of the module, not a closure made per call: optimized code that calls one closure deoptimizes at the next) */
function reachBelow(b: BoxFragment, max: number): number {
  const children = b.children;
  for (let i = 0; i < children.length; i++) {
    const c = children[i]!;
    if (c.kind === 'line' || c.kind === 'image') { max = Math.max(max, c.y + Math.min(c.height, 1)); continue; }
    if (c.kind !== 'box' || c.fixed) continue;
    max = Math.max(max, c.y + c.height);
    const tag = c.element?.tag;
    if (c.style.overflowClips === 'none' || tag === undefined) max = reachBelow(c, max);
  }
  return max;
}

function layoutOnce(root: BlockBox | FlexBox, geometry: PageGeometryOptions, ctx: Omit<LayoutContext, 'pages'>, maxPages: number, zoom: number, notes: FootnoteOptions | undefined, reserved: ReadonlyMap<Footnote, number>): { laid: LaidOutDocument; late: LateFootnotes | undefined } {
  const pages = new Pages(geometry, maxPages, startPageName(root, 'auto'), zoom, notes);
  if (reserved.size) pages.reserve(reserved, { ...ctx, pages });
  const first = pages.first;
  const areaWidth = (first.width - first.margin.left - first.margin.right) * zoom;
  const areaHeight = first.flowBottom - first.flowTop;
  // the initial containing block in layout units: the page area widened by the zoom, so boxes
  // placed against its bottom or right edge land on the page's edges once the pages are scaled down
  const page0 = pageBox(geometry, 0, first.name).icb;
  const icb = { width: page0.width * zoom, height: page0.height * zoom };
  const full: LayoutContext = { ...ctx, pages, icb };
  full.intrinsic.orthogonalWidth = (box) => orthogonalWidth(box, full);
  const absolutes: PendingAbsolute[] = [];
  const floats = new Floats();
  const r = full.layoutBlockLevel(root, { cbX: 0, cbWidth: areaWidth, cbHeight: areaHeight, y: 0, marginStrut: EMPTY_STRUT, floats, absolutes, pageInset: 0, root: true, pageName: 'auto' }, full);
  const fixed: BoxFragment[] = [];
  const fragment = r.fragment;
  let bottom = Math.max(r.bottom, floats.bottom());
  for (const a of absolutes) {
    const f = layoutAbsolute(a, { x: 0, y: 0, ...icb }, full);
    if (!f) continue;
    // a fixed box repeats on every page, each copy as one unbreakable piece cut to its page; the
    // pages grow to hold where the first page's copy starts (its border box's top), as Chromium 156
    // prints a footer pushed below the page area (`bottom: -110px`) on a page of its own
    if (f.fixed) { fixed.push(f); bottom = Math.max(bottom, f.y + 0.02); continue; }
    // (pages grow to hold it: overflowReach)
    if (fragment) fragment.children.push(f); else fixed.push(f);
  }
  if (fragment && floats.fragments.length) fragment.children.push(...floats.rootFragments);
  if (fragment) bottom = Math.max(bottom, overflowReach(fragment));
  const late = fragment && notes ? pages.placeLate(allLines(fragment), full) : undefined;
  const laidPages = pages.pagesUpTo(Math.max(bottom, 0.02));
  return { laid: { pages: laidPages, root: fragment, fixed, footnotes: pages.footnoteAreas(laidPages.length), footnoteOrder: pages.footnoteOrder(laidPages.length), zoom }, late };
}
