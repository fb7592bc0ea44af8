// CSS Paged Media 3 and CSS GCPM 3 on the layout stage: what needs the pages.
//
// - §4.4 page-based counters: `page` (incremented on every page unless the page context says
//   otherwise), `pages`, and any counter the @page rules reset, set or increment;
// - §5, §6.3 the sixteen page-margin boxes of each page, sized by the variable dimension rules
//   (three boxes on a side share it: the centre one stays centred), laid out as independent
//   formatting contexts and aligned by `vertical-align`;
// - GCPM §1 named strings (`string-set`, `string(name, first|start|last|first-except)`);
// - GCPM §2 cross-references: target-counter(), target-counters() (the `page` counter),
//   target-text(); §4 leader();
// - GCPM §6 bookmarks (bookmark-level / -label / -state; h1–h6 by the UA sheet).
//
// Generated text that depends on pages is resolved from the previous layout pass: the first
// pass lays out with what is known (page references as "0"), every later pass with the pages
// the one before found. When a pass resolves every reference to what the previous one used,
// the layout is final; references only move when a number's width reflows a line, so two
// passes are the rule and MAX_PASSES bounds a document that never settles.
import type { BlockBox, BlockLevelBox, FlexBox } from '../boxes/types';
import { buildBoxes, LEADER_TAG } from '../boxes/build';
import { lengthOr, type ComputedStyle, type ContentItem, type PagePolicy } from '../cascade/computed';
import { elementText, formatCounter } from '../cascade/counters';
import type { PageCascade, PageContextStyle, MarginBoxName } from '../cascade/page-context';
import type { GeneratedPiece, PageStyle, StyledElement, StyledNode, StyledText } from '../cascade/styled';
import type { OutlineItem } from '../types';
import { NO_BREAKS, type LayoutContext } from './context';
import { layoutDocumentFlow, type LaidOutDocument } from './document';
import type { BoxFragment, Fragment, LineFragment, PageFragment, TextFragment } from './fragments';
import { pageIndexAt, translate } from './fragments';

/** layout passes at most: the first, the one with the page numbers, one more when those reflowed lines */
const MAX_PASSES = 3;

export interface PagedInput {
  readonly root: StyledElement;
  readonly page: PageStyle;
  readonly pageContext: PageCascade | undefined;
  /** how many footnote elements the document has (absent: unknown); with none, nothing goes to footnote areas */
  readonly footnotes?: number;
  readonly format: { readonly width: number; readonly height: number };
  readonly ctx: Omit<LayoutContext, 'pages'>;
  readonly maxPages: number;
  /** the shrink-to-fit zoom an earlier layout decided (layoutDocumentFlow), or undefined to measure it */
  readonly zoom?: number;
}

export interface PagedDocument extends LaidOutDocument {
  /** per page: its margin boxes, x and y relative to the page area's top-left corner (as `fixed` boxes are) */
  readonly marginBoxes: readonly (readonly BoxFragment[])[];
  /** per page: the page context's style (its background image and borders) */
  readonly pageStyles: readonly (ComputedStyle | undefined)[];
  /** the bookmarks, in document order */
  readonly outline: readonly OutlineItem[];
  /** how many layout passes the page references needed */
  readonly passes: number;
  /** the link targets, with the targets of target-counter() and target-text() (named destinations) */
  readonly anchors: ReadonlySet<string>;
}

/** What one pass learnt about where things are. */
interface Placement {
  readonly pages: readonly PageFragment[];
  /** the page index and flow y of every element (one without a fragment of its own: where the document had got to) */
  readonly elements: ReadonlyMap<StyledElement, { readonly page: number; readonly y: number }>;
  /** one element's entry of `elements` (without making the map when the element has a fragment of its own) */
  at(e: StyledElement): { readonly page: number; readonly y: number } | undefined;
  /**
   * The flow y of the first fragment of each of `wanted` that has one of its own (what `at`
   * reads), by a walk that records only them: the bookmarks of a long document ask for a few
   * headings, not for every element.
   */
  ownOf(wanted: ReadonlySet<StyledElement>): ReadonlyMap<StyledElement, number>;
  /** the page of the first text of each generated box (by its style, one object per generated box) */
  readonly generated: ReadonlyMap<ComputedStyle, number>;
  /** the page counters in force on each page */
  readonly counters: readonly ReadonlyMap<string, number>[];
  /** the document's counters in force at the start of each page (GCPM: what counter() in its margin boxes shows) */
  readonly bodyCounters: readonly (ReadonlyMap<string, readonly number[]> | undefined)[];
  /** CSS GCPM 3 §2.4 each footnote's number (by its document index) when @page rules count footnotes */
  readonly footnotes: ReadonlyMap<number, number>;
}

/** Lays out the document, again while page references change, then its margin boxes and bookmarks. */
export function layoutPaged(o: PagedInput): PagedDocument {
  // the ids of the document, collected when generated content first points at one
  let ids: Map<string, StyledElement> | undefined;
  const idsOf = () => (ids ??= elementIds(o.root));
  const anchors = new Set(o.ctx.anchors);
  let placement: Placement | undefined;
  let laid: LaidOutDocument | undefined;
  let passes = 0;
  let resolver: GeneratedText;
  for (;;) {
    passes++;
    resolver = new GeneratedText(placement, idsOf);
    const root = buildBoxes(o.root, { diagnostics: passes === 1 ? o.ctx.diagnostics : quiet, generated: (t) => resolver.pieces(t), smallCaps: (s) => o.ctx.faces.capsFeatures(s) !== undefined,
      imageLoads: (element, src) => !o.ctx.imageMissing?.(src, element.loc), quirks: o.ctx.quirksMode ?? false });
    for (const id of resolver.targets) if (idsOf().has(id)) anchors.add(id);
    const pageContext = o.pageContext;
    const notes = pageContext && o.footnotes !== 0 ? { areaStyle: (p: PageFragment) => pageContext.styles(pageMatch(p)).footnote } : undefined;
    laid = layoutDocumentFlow(root as BlockBox | FlexBox, { page: o.page, format: o.format, pageContext }, { ...o.ctx, anchors }, o.maxPages, notes, o.zoom);
    placement = place(laid, o.root, o.pageContext);
    if (!resolver.used || passes >= MAX_PASSES || resolver.settledWith(placement)) break;
  }
  if (resolver.leaders) stretchLeaders(laid!.root, o.ctx);
  const done = placement!;
  const { strings, running } = assignments(o.root, done);
  const marginBoxes: BoxFragment[][] = [];
  const pageStyles: (ComputedStyle | undefined)[] = [];
  for (const page of laid!.pages) {
    const styles = o.pageContext?.styles(pageMatch(page));
    pageStyles.push(styles?.page);
    marginBoxes.push(styles && styles.boxes.length ? layoutMarginBoxes(page, styles, { done, strings, running, ctx: o.ctx }) : []);
  }
  return { ...laid!, anchors, marginBoxes, pageStyles, outline: bookmarks(o.root, done), passes };
}

const quiet = { report: () => undefined, items: [] } as unknown as LayoutContext['diagnostics'];

/** CSS Paged Media 3 §3.4.1: what the page selectors see of a page (Platen makes no blank pages). */
function pageMatch(p: PageFragment): { name: string; first: boolean; blank: boolean; left: boolean } {
  return { name: p.name, first: p.index === 0, blank: false, left: p.index % 2 === 1 };
}

// ---- where things are ------------------------------------------------------------------

/**
 * Where things are after a pass. Each part is computed when first asked for (a document
 * without margin boxes, page references or string-set asks for few of them): one walk over
 * the fragments finds each element's own position and the first content of each page.
 */
function place(laid: LaidOutDocument, root: StyledElement, pageContext: PageCascade | undefined): Placement {
  return new LazyPlacement(laid, root, pageContext);
}

/**
 * A class, not an object literal with getters: each evaluation of a literal with accessors makes
 * a hidden class of its own in the old generation, holding the accessors' closures over the
 * document, which keeps the whole document (fragments, boxes, DOM) reachable through young
 * collections until the next full collection.
 */
class LazyPlacement implements Placement {
  readonly pages: readonly PageFragment[];
  private found: { own: Map<StyledElement, number>; firstContent: number[] | undefined } | undefined;
  private elementsMap: Map<StyledElement, { page: number; y: number }> | undefined;
  private countersList: ReadonlyMap<string, number>[] | undefined;
  private body: (ReadonlyMap<string, readonly number[]> | undefined)[] | undefined;
  private footnoteMap: Map<number, number> | undefined;
  // the generated boxes' pages are a walk over every text fragment: made when a page counter in content asks
  private generatedMap: Map<ComputedStyle, number> | undefined;

  constructor(private readonly laid: LaidOutDocument, private readonly root: StyledElement, private readonly pageContext: PageCascade | undefined) {
    this.pages = laid.pages;
  }

  private fragments(): { own: Map<StyledElement, number>; firstContent: number[] | undefined } {
    return (this.found ??= fragmentPositions(this.laid, this.pages, false));
  }

  /** the flow position of each page's first line or image (the walk that finds the elements' positions too) */
  private firstContent(): number[] {
    const found = this.found?.firstContent ? this.found : (this.found = fragmentPositions(this.laid, this.pages, true));
    return found.firstContent!;
  }

  ownOf(wanted: ReadonlySet<StyledElement>): ReadonlyMap<StyledElement, number> {
    if (this.found) return this.found.own;
    const own = new Map<StyledElement, number>();
    if (!wanted.size || !this.laid.root) return own;
    ownPositions(this.laid.root, wanted, own);
    return own;
  }

  get elements(): ReadonlyMap<StyledElement, { readonly page: number; readonly y: number }> {
    return (this.elementsMap ??= elementPositions(this.root, this.fragments().own, this.pages));
  }

  at(e: StyledElement): { readonly page: number; readonly y: number } | undefined {
    const y = this.fragments().own.get(e);
    return y !== undefined ? { page: pageIndexAt(this.pages, y), y } : this.elements.get(e);
  }

  get counters(): readonly ReadonlyMap<string, number>[] {
    return (this.countersList ??= pageCounters(this.pages, this.pageContext, this.root, this.elements));
  }

  get bodyCounters(): readonly (ReadonlyMap<string, readonly number[]> | undefined)[] {
    return (this.body ??= bodyCounters(this.root, this.elements, this.firstContent()));
  }

  get footnotes(): ReadonlyMap<number, number> {
    return (this.footnoteMap ??= footnoteNumbers(this.laid, this.pageContext));
  }

  get generated(): ReadonlyMap<ComputedStyle, number> {
    return (this.generatedMap ??= generatedPages(this.laid.root, this.pages));
  }
}

/**
 * Placement.ownOf below f: the flow y of the first fragment of each wanted element into `own`;
 * true once all are found. (A function of the module, as assign and bookmarked are, not a
 * closure made per call: optimized code that calls one closure deoptimizes at the next.)
 */
function ownPositions(f: Fragment, wanted: ReadonlySet<StyledElement>, own: Map<StyledElement, number>): boolean {
  if (f.kind === 'box' || f.kind === 'inline-box') {
    if (f.element && wanted.has(f.element) && !own.has(f.element)) {
      own.set(f.element, f.y);
      if (own.size === wanted.size) return true;
    }
  }
  if (f.kind === 'box' || f.kind === 'line') {
    const children = f.children;
    for (let i = 0; i < children.length; i++) if (ownPositions(children[i]!, wanted, own)) return true;
  }
  return false;
}

/**
 * The flow y of each element's first fragment, and with `withContent` the flow position of the
 * first line or image on each page (a page lookup per line: only the page-based counters of
 * margin boxes ask for it).
 */
function fragmentPositions(laid: LaidOutDocument, pages: readonly PageFragment[], withContent: boolean): { own: Map<StyledElement, number>; firstContent: number[] | undefined } {
  const own = new Map<StyledElement, number>();
  const firstContent = withContent ? pages.map((p) => p.flowBottom) : undefined;
  const content = (y: number): void => { if (!firstContent) return; const i = pageIndexAt(pages, y); if (y < firstContent[i]!) firstContent[i] = y; };
  const walk = (f: Fragment): void => {
    switch (f.kind) {
      case 'box': if (f.element && !own.has(f.element)) own.set(f.element, f.y); for (const c of f.children) walk(c); return;
      case 'line': content(f.y); for (const c of f.children) walk(c); return;
      case 'inline-box': if (f.element && !own.has(f.element)) own.set(f.element, f.y); return;
      case 'text': return;
      case 'image': content(f.y); return;
    }
  };
  if (laid.root) walk(laid.root);
  return { own, firstContent };
}

/** The page and flow y of every element; one without a fragment of its own (inline, display: contents) is where the document had got to. */
function elementPositions(root: StyledElement, own: ReadonlyMap<StyledElement, number>, pages: readonly PageFragment[]): Map<StyledElement, { page: number; y: number }> {
  const elements = new Map<StyledElement, { page: number; y: number }>();
  let lastY = 0;
  const visit = (e: StyledElement): void => {
    const y = own.get(e);
    if (y !== undefined) lastY = y;
    elements.set(e, { page: pageIndexAt(pages, lastY), y: lastY });
    for (const c of e.children) if (c.kind === 'element') visit(c);
  };
  visit(root);
  return elements;
}

/** The page of the first text of each generated box (by its style). */
function generatedPages(root: BoxFragment | undefined, pages: readonly PageFragment[]): Map<ComputedStyle, number> {
  const generated = new Map<ComputedStyle, number>();
  const walk = (f: Fragment): void => {
    switch (f.kind) {
      case 'box': case 'line': for (const c of f.children) walk(c); return;
      case 'text': if (!generated.has(f.style)) generated.set(f.style, pageIndexAt(pages, f.baseline - 0.01)); return;
      case 'inline-box': case 'image': return;
    }
  };
  if (root) walk(root);
  return generated;
}

/**
 * CSS GCPM 3 §2.4 the footnote counter when @page rules reset, set or increment it: on each
 * page those first, then one more for each of the page's footnotes, in order.
 */
function footnoteNumbers(laid: LaidOutDocument, pageContext: PageCascade | undefined): Map<number, number> {
  const out = new Map<number, number>();
  let value = 0;
  laid.pages.forEach((p, i) => {
    const s = pageContext?.styles(pageMatch(p)).page;
    for (const r of s?.counterReset ?? []) if (r.name === 'footnote') value = r.value;
    for (const r of s?.counterSet ?? []) if (r.name === 'footnote') value = r.value;
    for (const r of s?.counterIncrement ?? []) if (r.name === 'footnote') value += r.value;
    for (const note of laid.footnoteOrder[i] ?? []) out.set(note, ++value);
  });
  return out;
}

/** The elements that apply counters (CSS Lists 3 §4.5), in document order, where they start. */
function counting(root: StyledElement, elements: ReadonlyMap<StyledElement, { page: number; y: number }>, each: (e: StyledElement, at: { page: number; y: number }) => void): void {
  const visit = (e: StyledElement): void => {
    if (e.style.display === 'none') return;
    const at = elements.get(e);
    if (at && (e.style.counterReset.length || e.style.counterIncrement.length || e.style.counterSet?.length || e.counters)) each(e, at);
    for (const c of e.children) if (c.kind === 'element') visit(c);
  };
  visit(root);
}

/**
 * The document's counters in force at the start of each page, for counter() and counters() in
 * its margin boxes: those of the last element that starts on an earlier page, or on this one
 * above its first line (a chapter that a break puts at the page's top counts on that page). The
 * first page shows the values before any element applies its own (the WPT page-counters-000
 * case: "Chapter 0" on the first page, "Chapter 4" on the second).
 */
function bodyCounters(root: StyledElement, elements: ReadonlyMap<StyledElement, { page: number; y: number }>, firstContent: readonly number[]): (ReadonlyMap<string, readonly number[]> | undefined)[] {
  const changes: { page: number; y: number; counters: ReadonlyMap<string, readonly number[]> }[] = [];
  counting(root, elements, (e, at) => { if (e.counters) changes.push({ page: at.page, y: at.y, counters: e.counters }); });
  const out: (ReadonlyMap<string, readonly number[]> | undefined)[] = [];
  let k = 0;
  let current: ReadonlyMap<string, readonly number[]> | undefined;
  for (let i = 0; i < firstContent.length; i++) {
    while (k < changes.length && (changes[k]!.page < i || (i > 0 && changes[k]!.page === i && changes[k]!.y <= firstContent[i]! + 0.01))) current = changes[k++]!.counters;
    out.push(current);
  }
  return out;
}

/**
 * CSS Paged Media 3 §4.4: each page context's counter-reset, counter-set and counter-increment
 * (CSS Lists 3 order), with `page` incremented by one on every page that does not say otherwise,
 * before them (as Chromium 156 and WeasyPrint number pages: a reset to 9 prints 9);
 * then the `page` counter of the elements that start on the page (`counter-reset: page 1` on a
 * chapter numbers its first page 1 and the following ones on from there, as Prince does).
 */
function pageCounters(pages: readonly PageFragment[], pageContext: PageCascade | undefined, root: StyledElement, elements: ReadonlyMap<StyledElement, { page: number; y: number }>): ReadonlyMap<string, number>[] {
  const byPage = new Map<number, ((page: number) => number)[]>();
  counting(root, elements, (e, at) => {
    const list = byPage.get(at.page) ?? [];
    for (const r of e.style.counterReset) if (r.name === 'page') list.push(() => r.value);
    for (const r of e.style.counterSet ?? []) if (r.name === 'page') list.push(() => r.value);
    for (const r of e.style.counterIncrement) if (r.name === 'page') list.push((v) => v + r.value);
    if (list.length) byPage.set(at.page, list);
  });
  const values = new Map<string, number>([['page', 0]]);
  const out: Map<string, number>[] = [];
  for (const p of pages) {
    const s = pageContext?.styles(pageMatch(p)).page;
    const inc = s?.counterIncrement ?? [];
    // the implicit increment comes before the page's own reset and set: `counter-reset: page 9` numbers that page 9
    if (!inc.some((r) => r.name === 'page')) values.set('page', (values.get('page') ?? 0) + 1);
    for (const r of s?.counterReset ?? []) values.set(r.name, r.value);
    for (const r of s?.counterSet ?? []) values.set(r.name, r.value);
    for (const r of inc) values.set(r.name, (values.get(r.name) ?? 0) + r.value);
    for (const change of byPage.get(p.index) ?? []) values.set('page', change(values.get('page') ?? 0));
    out.push(new Map(values));
  }
  return out;
}

function elementIds(root: StyledElement): Map<string, StyledElement> {
  const ids = new Map<string, StyledElement>();
  const visit = (e: StyledElement): void => {
    const id = e.attrs.id;
    if (id && !ids.has(id)) ids.set(id, e);
    for (const c of e.children) if (c.kind === 'element') visit(c);
  };
  visit(root);
  return ids;
}

/** `#id` (or `doc.html#id`: one document) → id */
function targetId(url: string): string {
  const hash = url.indexOf('#');
  const raw = hash >= 0 ? url.slice(hash + 1) : url;
  try { return decodeURIComponent(raw); } catch { return raw; }
}

// ---- generated text in the document ----------------------------------------------------

/** Resolves StyledText.generated for one pass, and remembers what it said to compare with the next. */
class GeneratedText {
  /** each answer given, and how to ask again with another pass's placement */
  private readonly said: { readonly again: (p: Placement) => string; readonly value: string }[] = [];
  /** ids that target-counter() and target-text() point at (they become destinations, as link targets do) */
  readonly targets = new Set<string>();
  /** whether a leader() was given (only then are there leaders to stretch) */
  leaders = false;

  constructor(private readonly placement: Placement | undefined, private readonly idsOf: () => ReadonlyMap<string, StyledElement>) {}

  private get ids(): ReadonlyMap<string, StyledElement> { return this.idsOf(); }

  get used(): boolean { return this.said.length > 0; }

  /** whether every page reference resolves, with `next`, to what this pass laid out */
  settledWith(next: Placement): boolean {
    return this.said.every((s) => s.again(next) === s.value);
  }

  pieces(t: StyledText): (string | { leader: string })[] {
    const out: (string | { leader: string })[] = [];
    for (const piece of t.generated ?? []) {
      if (typeof piece === 'string') { out.push(piece); continue; }
      if (piece.kind === 'leader') { this.leaders = true; out.push({ leader: piece.fill }); continue; }
      out.push(this.item(piece, t));
    }
    return out;
  }

  private item(c: ContentItem, t: StyledText): string {
    switch (c.kind) {
      case 'counter': case 'counters': {
        const note = c.kind === 'counter' ? c.note : undefined;
        if (note !== undefined) return this.remember((p) => formatCounter(p ? p.footnotes.get(note) ?? 0 : note + 1, c.style));
        const again = (p: Placement | undefined) => {
          if (!p) return formatCounter(c.name === 'pages' ? 0 : 1, c.style);
          if (c.name === 'pages') return formatCounter(p.pages.length, c.style); // the number of pages, whatever they are numbered (as both references print)
          const page = p.generated.get(t.style) ?? 0;
          return formatCounter(p.counters[page]?.get(c.name) ?? 0, c.style);
        };
        return this.remember(again);
      }
      case 'target-counter': case 'target-counters': {
        const id = targetId('url' in c.target ? c.target.url : '');
        this.targets.add(id);
        if (c.name !== 'page') {
          // a counter of the document: its value at the target, known from the cascade
          const values = this.ids.get(id)?.counters?.get(c.name) ?? [0];
          return c.kind === 'target-counters' ? values.map((v) => formatCounter(v, c.style)).join(c.separator) : formatCounter(values[values.length - 1]!, c.style);
        }
        const again = (p: Placement | undefined) => {
          const target = this.ids.get(id);
          if (!p || !target) return p && !target ? '' : formatCounter(0, c.style);
          const at = p.at(target);
          return formatCounter(at ? p.counters[at.page]?.get('page') ?? 0 : 0, c.style);
        };
        return this.remember(again);
      }
      case 'target-text': {
        const id = targetId('url' in c.target ? c.target.url : '');
        this.targets.add(id);
        const target = this.ids.get(id);
        return target ? elementText(target, c.which === 'content' ? 'text' : c.which) : '';
      }
      default: return ''; // string(), element(), content() belong to margin boxes, string-set and bookmarks
    }
  }

  private remember(again: (p: Placement | undefined) => string): string {
    const value = again(this.placement);
    this.said.push({ again, value });
    return value;
  }
}

/**
 * CSS GCPM 3 §4 leader(): each leader placeholder on a line takes the line's free space
 * (what follows it moves to the line's end) and is filled with whole copies of its string,
 * set flush right so the leaders of a table of contents line up.
 */
function stretchLeaders(root: BoxFragment | undefined, ctx: Omit<LayoutContext, 'pages'>): void {
  if (!root) return;
  const visit = (f: Fragment): void => {
    if (f.kind === 'box') { for (const c of f.children) visit(c); return; }
    if (f.kind !== 'line') return;
    const i = f.children.findIndex((c) => c.kind === 'box' && c.element?.tag === LEADER_TAG);
    if (i < 0) { for (const c of f.children) if (c.kind === 'box') visit(c); return; }
    stretch(f, i, ctx);
  };
  visit(root);
}

function stretch(line: LineFragment, at: number, ctx: Omit<LayoutContext, 'pages'>): void {
  const leader = line.children[at] as BoxFragment;
  let right = line.x;
  for (const c of line.children) right = Math.max(right, rightOf(c));
  const free = line.x + line.width - right;
  if (free <= 0) return;
  const start = leader.x;
  for (const c of line.children) {
    if (c === leader) continue;
    if (c.kind === 'inline-box' && c.x <= start && c.x + c.width >= start - 0.01) (c as { width: number }).width += free;
    else if (leftOf(c) >= start - 0.01) translate(c, free, 0);
  }
  const style = leader.style;
  const fill = leader.element?.attrs.fill ?? '.';
  const w = ctx.faces.width(fill, style);
  const n = w > 0 ? Math.floor(free / w) : 0;
  if (n <= 0) return;
  const text = fill.repeat(n);
  const dots: TextFragment = {
    kind: 'text', style, font: ctx.faces.of(style), text, x: start + free - n * w, baseline: line.baseline, width: n * w, wordSpacing: 0,
  };
  line.children.splice(at, 1, dots);
}

const leftOf = (f: Fragment): number => f.x;
function rightOf(f: Fragment): number {
  switch (f.kind) {
    case 'text': case 'inline-box': case 'image': case 'box': case 'line': return f.x + f.width;
  }
}

// ---- named strings ---------------------------------------------------------------------

/** per page, per name: the value of each policy (GCPM 3 §1.2) */
type PerPage<T> = readonly ReadonlyMap<string, Readonly<Record<PagePolicy, T | undefined>>>[];
type PageStrings = PerPage<string>;

/** Named strings (string-set) and running elements (position: running()) in document order, with their page. */
function assignments(root: StyledElement, p: Placement): { strings: PageStrings; running: PerPage<StyledElement> } {
  const strings: Assignment<string>[] = [];
  const running: Assignment<StyledElement>[] = [];
  assign(root, p, strings, running);
  return { strings: perPage(strings, p, ''), running: perPage(running, p, undefined) };
}

/** assignments of e and the elements below it, in document order */
function assign(e: StyledElement, p: Placement, strings: Assignment<string>[], running: Assignment<StyledElement>[]): void {
  const at = e.strings || e.style.running ? p.at(e) : undefined;
  if (at && e.strings) for (const s of e.strings) strings.push({ page: at.page, y: at.y, name: s.name, value: s.value });
  if (at && e.style.running) running.push({ page: at.page, y: at.y, name: e.style.running.name, value: e });
  const children = e.children;
  for (let i = 0; i < children.length; i++) { const c = children[i]!; if (c.kind === 'element') assign(c, p, strings, running); }
}

interface Assignment<T> { readonly page: number; readonly y: number; readonly name: string; readonly value: T }

/**
 * GCPM 3 §1.2 on each page: `first` the first assignment on the page (else the entry value: the
 * last one before), `start` the entry value unless an assignment starts the page, `last` the
 * exit value, `first-except` nothing on a page that assigns.
 */
function perPage<T>(sets: readonly Assignment<T>[], p: Placement, none: T): Map<string, Record<PagePolicy, T | undefined>>[] {
  const names = new Set(sets.map((s) => s.name));
  const out: Map<string, Record<PagePolicy, T | undefined>>[] = p.pages.map(() => new Map());
  for (const name of names) {
    const list = sets.filter((s) => s.name === name);
    let entry: T | undefined;
    let k = 0;
    for (let i = 0; i < p.pages.length; i++) {
      const here: Assignment<T>[] = [];
      while (k < list.length && list[k]!.page <= i) { if (list[k]!.page === i) here.push(list[k]!); else entry = list[k]!.value; k++; }
      const first = here[0];
      const last = here[here.length - 1];
      const atTop = first !== undefined && first.y <= p.pages[i]!.flowTop + 0.5;
      out[i]!.set(name, {
        first: first ? first.value : entry,
        start: atTop ? first.value : entry,
        last: last ? last.value : entry,
        'first-except': first ? none : entry,
      });
      if (last) entry = last.value;
    }
  }
  return out;
}

// ---- margin boxes ----------------------------------------------------------------------

interface MarginContext {
  readonly done: Placement;
  readonly strings: PageStrings;
  readonly running: PerPage<StyledElement>;
  readonly ctx: Omit<LayoutContext, 'pages'>;
}

type Side = 'top' | 'bottom' | 'left' | 'right';

/** where each box sits: its side, and its slot (0 = start corner side, 1 = middle, 2 = end) or corner */
const PLACES: Readonly<Record<MarginBoxName, { side: Side; slot: 0 | 1 | 2 } | { corner: 'tl' | 'tr' | 'bl' | 'br' }>> = {
  'top-left-corner': { corner: 'tl' }, 'top-right-corner': { corner: 'tr' }, 'bottom-left-corner': { corner: 'bl' }, 'bottom-right-corner': { corner: 'br' },
  'top-left': { side: 'top', slot: 0 }, 'top-center': { side: 'top', slot: 1 }, 'top-right': { side: 'top', slot: 2 },
  'bottom-left': { side: 'bottom', slot: 0 }, 'bottom-center': { side: 'bottom', slot: 1 }, 'bottom-right': { side: 'bottom', slot: 2 },
  'left-top': { side: 'left', slot: 0 }, 'left-middle': { side: 'left', slot: 1 }, 'left-bottom': { side: 'left', slot: 2 },
  'right-top': { side: 'right', slot: 0 }, 'right-middle': { side: 'right', slot: 1 }, 'right-bottom': { side: 'right', slot: 2 },
};

type Align = 'start' | 'middle' | 'end';

/**
 * a box's slot: where it may sit, and which end of the slot a box of a specified size keeps to
 * in x and y (along its side: its slot's end; across it: the edge next to the page area)
 */
interface Rect { x: number; y: number; width: number; height: number; alignX: Align; alignY: Align; /** the side's length: what percentages refer to */ side: number }

/** One page's margin boxes laid out, relative to its page area's top-left corner. */
function layoutMarginBoxes(page: PageFragment, styles: PageContextStyle, m: MarginContext): BoxFragment[] {
  const ctx: LayoutContext = { ...m.ctx, pages: NO_BREAKS };
  const made = styles.boxes.map((b) => ({ name: b.name, style: b.style, box: marginBox(b.style, b.name, marginContent(b.style, page.index, m)) }));
  const { width: W, height: H } = page;
  const M = page.cssMargin ?? page.margin;
  const rects = new Map<MarginBoxName, Rect>();
  // corners: the page margins' corners
  for (const b of made) {
    const p = PLACES[b.name];
    if (!('corner' in p)) continue;
    const left = p.corner === 'tl' || p.corner === 'bl'; const top = p.corner === 'tl' || p.corner === 'tr';
    rects.set(b.name, {
      x: left ? 0 : W - M.right, y: top ? 0 : H - M.bottom, width: left ? M.left : M.right, height: top ? M.top : M.bottom,
      alignX: left ? 'end' : 'start', alignY: top ? 'end' : 'start', side: left ? M.left : M.right,
    });
  }
  // §6.3.2 the three boxes of each side share its length
  for (const side of ['top', 'bottom', 'left', 'right'] as const) {
    const slots: ((typeof made)[number] | undefined)[] = [undefined, undefined, undefined];
    for (const b of made) { const p = PLACES[b.name]; if ('side' in p && p.side === side) slots[p.slot] = b; }
    if (!slots.some(Boolean)) continue;
    const horizontal = side === 'top' || side === 'bottom';
    const thickness = side === 'top' ? M.top : side === 'bottom' ? M.bottom : side === 'left' ? M.left : M.right;
    const start = horizontal ? M.left : M.top;
    const length = horizontal ? W - M.left - M.right : H - M.top - M.bottom;
    const sizes = slots.map((b) => (b ? (horizontal ? widthsOf(b.box, b.style, length, ctx) : heightsOf(b.box, b.style, thickness, length, ctx)) : undefined));
    const [a, c, e] = resolveSide(length, sizes[0], sizes[1], sizes[2]);
    const offsets = [start, start + a, start + length - e];
    const extents = [a, c, e];
    slots.forEach((b, i) => {
      if (!b) return;
      const along = offsets[i]!; const extent = extents[i]!;
      const across = side === 'top' || side === 'left' ? 0 : side === 'bottom' ? H - M.bottom : W - M.right;
      const align = i === 0 ? 'start' : i === 1 ? 'middle' : 'end';
      const inner = side === 'top' || side === 'left' ? 'end' : 'start';
      rects.set(b.name, horizontal
        ? { x: along, y: across, width: extent, height: thickness, alignX: align, alignY: inner, side: length }
        : { x: across, y: along, width: thickness, height: extent, alignX: inner, alignY: align, side: length });
    });
  }
  const out: BoxFragment[] = [];
  for (const b of made) {
    const r = rects.get(b.name);
    if (!r) continue;
    const p = PLACES[b.name];
    const f = layoutInRect(b.box, b.style, r, 'side' in p && (p.side === 'left' || p.side === 'right'), ctx);
    if (!f) continue;
    translate(f, -page.margin.left, -page.margin.top); // paint places the page area at page.margin
    out.push(f);
  }
  return out;
}

/** A margin box's `content` on a page: text, and the running elements element() places. */
function marginContent(style: ComputedStyle, pageIndex: number, m: MarginContext): (string | StyledElement)[] {
  const content = style.content;
  if (content === 'none' || content === 'normal') return [];
  const counters = m.done.counters[pageIndex];
  const body = m.done.bodyCounters[pageIndex];
  const total = m.done.pages.length;
  const out: (string | StyledElement)[] = [];
  for (const c of content) {
    switch (c.kind) {
      case 'string': out.push(c.value); break;
      case 'counter': case 'counters': {
        // the page context's counters hide the document's of the same name (CSS Paged Media 3 §4.4)
        const page = c.name === 'pages' ? total : counters?.get(c.name);
        if (page !== undefined) { out.push(formatCounter(page, c.style)); break; }
        const values = body?.get(c.name) ?? [0];
        out.push(c.kind === 'counters' ? values.map((v) => formatCounter(v, c.style)).join(c.separator) : formatCounter(values[values.length - 1]!, c.style));
        break;
      }
      case 'string-ref': out.push(m.strings[pageIndex]?.get(c.name)?.[c.which] ?? ''); break;
      case 'element': {
        const e = m.running[pageIndex]?.get(c.name)?.[c.which];
        if (e && e.style.running) out.push({ ...e, style: { ...e.style, display: blockLevel(e.style.running.display) } });
        break;
      }
      case 'url': out.push(imageElement(c.url, style)); break;
      default: break; // quotes and attr() say nothing in a margin box
    }
  }
  return out;
}

/** `content: url(logo.png)` in a margin box: an image at its natural size, as an <img> is */
function imageElement(url: string, parent: ComputedStyle): StyledElement {
  const zero = { pt: 0, pct: 0 };
  const style: ComputedStyle = {
    ...parent, display: 'inline-block', position: 'static', float: 'none', width: 'auto', height: 'auto', minWidth: 'auto', minHeight: 'auto', maxWidth: 'none', maxHeight: 'none',
    margin: { top: zero, right: zero, bottom: zero, left: zero }, padding: { top: zero, right: zero, bottom: zero, left: zero },
    borderWidth: { top: 0, right: 0, bottom: 0, left: 0 }, backgroundColor: { r: 0, g: 0, b: 0, a: 0 }, backgroundImage: 'none', verticalAlign: 'baseline',
  };
  return { kind: 'element', tag: 'img', attrs: { src: url }, style, children: [], loc: { line: 0, column: 0 } };
}

/** a running element shows as a block-level box (its inline display blockified, CSS Display 3 §2.7) */
function blockLevel(d: ComputedStyle['display']): ComputedStyle['display'] {
  return d === 'inline' || d === 'inline-block' || d === 'contents' || d === 'none' ? 'block' : d === 'inline-flex' ? 'flex' : d === 'inline-table' ? 'table' : d;
}

/** The box tree of a margin box: a block container of its content. */
function marginBox(style: ComputedStyle, name: MarginBoxName, content: readonly (string | StyledElement)[]): BlockLevelBox {
  const s: ComputedStyle = { ...style, display: 'block', position: 'static', float: 'none' };
  const children: StyledNode[] = content.filter((c) => c !== '').map((c) => (typeof c === 'string' ? { kind: 'text', text: c, style: s } : c));
  const el: StyledElement = { kind: 'element', tag: `@${name}`, attrs: {}, style: s, children, loc: { line: 0, column: 0 } };
  return buildBoxes(el, { diagnostics: quiet });
}

interface Sizes { readonly min: number; readonly max: number; readonly fixed: boolean }

/** outer min-content and max-content widths (a specified width is both) */
function widthsOf(box: BlockLevelBox, style: ComputedStyle, length: number, ctx: LayoutContext): Sizes {
  const w = specifiedWidth(style, length);
  if (w !== undefined) { const outer = w + hMargins(style, length); return { min: outer, max: outer, fixed: true }; }
  const s = ctx.intrinsic.block(box);
  return { min: s.min, max: s.max, fixed: false };
}

/** the border-box width a margin box's `width` gives, percentages of the side's length */
function specifiedWidth(style: ComputedStyle, length: number): number | undefined {
  const sw = lengthOr(style.width, 'auto');
  if (sw === 'auto') return undefined;
  const w = sw.pt + sw.pct * length / 100;
  return style.boxSizing === 'border-box' ? w : w + style.padding.left.pt + style.padding.right.pt + style.borderWidth.left + style.borderWidth.right;
}

/** the border-box height a margin box's `height` gives */
function specifiedHeight(style: ComputedStyle, length: number): number | undefined {
  const sh = lengthOr(style.height, 'auto');
  if (sh === 'auto') return undefined;
  const h = sh.pt + sh.pct * length / 100;
  return style.boxSizing === 'border-box' ? h : h + style.padding.top.pt + style.padding.bottom.pt + style.borderWidth.top + style.borderWidth.bottom;
}

/** the outer height of a side box's content at the side's thickness (min and max alike) */
function heightsOf(box: BlockLevelBox, style: ComputedStyle, thickness: number, length: number, ctx: LayoutContext): Sizes {
  const specified = specifiedHeight(style, length);
  if (specified !== undefined) { const h = specified + vMargins(style, thickness); return { min: h, max: h, fixed: true }; }
  const r = ctx.layoutIndependent(box, { x: 0, y: 0, cbWidth: thickness, cbHeight: undefined, borderBoxWidth: Math.max(0, thickness - hMargins(style, thickness)), absolutes: [] }, ctx);
  const h = (r.fragment?.height ?? 0) + vMargins(style, thickness);
  return { min: h, max: h, fixed: false };
}

const pt = (v: ComputedStyle['margin']['top'], basis: number) => (v === 'auto' ? 0 : v.pt + v.pct * basis / 100);
const hMargins = (s: ComputedStyle, basis: number) => pt(s.margin.left, basis) + pt(s.margin.right, basis);
const vMargins = (s: ComputedStyle, basis: number) => pt(s.margin.top, basis) + pt(s.margin.bottom, basis);

const NONE: Sizes = { min: 0, max: 0, fixed: false };

/**
 * CSS Paged Media 3 §6.3.2: the extents of the start, middle and end boxes of a side. Without a
 * middle box the two others share the side; with one, it is resolved against twice the larger
 * of its neighbours (so it stays centred), and they take half of what is left each.
 */
export function resolveSide(length: number, a: Sizes | undefined, b: Sizes | undefined, c: Sizes | undefined): [number, number, number] {
  if (!b) {
    const [x, y] = distribute(length, a ?? NONE, c ?? NONE);
    return [x, 0, y];
  }
  const double = (s: Sizes | undefined): Sizes => (s ? { min: s.min * 2, max: s.max * 2, fixed: s.fixed } : NONE);
  const middle = Math.min(distribute(length, b, double(a))[0], distribute(length, b, double(c))[0]);
  const side = Math.max(0, (length - middle) / 2);
  return [side, middle, side];
}

/** two boxes on `length`: a fixed one keeps its size; auto ones share by max-content, else from min-content by their flex (max − min) */
function distribute(length: number, a: Sizes, b: Sizes): [number, number] {
  if (a.fixed && b.fixed) return [a.max, b.max];
  if (a.fixed) return [a.max, Math.max(0, length - a.max)];
  if (b.fixed) return [Math.max(0, length - b.max), b.max];
  const sumMax = a.max + b.max;
  if (sumMax <= length) {
    if (sumMax <= 0) return [length / 2, length / 2];
    const x = a.max + (length - sumMax) * a.max / sumMax;
    return [x, length - x];
  }
  const sumMin = a.min + b.min;
  if (sumMin <= length) {
    const flex = a.max - a.min + b.max - b.min;
    const x = a.min + (flex > 0 ? (length - sumMin) * (a.max - a.min) / flex : 0);
    return [x, length - x];
  }
  const x = sumMin > 0 ? a.min + (length - sumMin) * a.min / sumMin : length / 2;
  return [x, length - x];
}

/**
 * Lays a margin box out in its slot. Without a specified size it fills the slot (less its
 * margins); with one it keeps it: along its side at the slot's start, centre or end (a
 * `width: 100%` top-right box spans the page area, right-aligned), and across it next to the
 * page area (§6.3.2: the over-constrained margin is the one at the page's edge; a 1cm-high
 * top box sits at the bottom of the top margin, one in a margin of 0 off the page), as Chromium
 * 156 and WeasyPrint print it. Its content is placed in it by `vertical-align`.
 */
function layoutInRect(box: BlockLevelBox, style: ComputedStyle, r: Rect, vertical: boolean, ctx: LayoutContext): BoxFragment | undefined {
  const ml = pt(style.margin.left, r.width); const mr = pt(style.margin.right, r.width);
  const mt = pt(style.margin.top, r.width); const mb = pt(style.margin.bottom, r.width);
  const sideLength = r.side;
  const w = specifiedWidth(style, vertical ? r.width : sideLength) ?? Math.max(0, r.width - ml - mr);
  const h = specifiedHeight(style, vertical ? sideLength : r.height) ?? Math.max(0, r.height - mt - mb);
  const place = (align: Align, start: number, extent: number, size: number, before: number, after: number) =>
    align === 'start' ? start + before : align === 'end' ? start + extent - after - size : start + (extent - size) / 2;
  const x = place(r.alignX, r.x, r.width, w, ml, mr);
  const y = place(r.alignY, r.y, r.height, h, mt, mb);
  const res = ctx.layoutIndependent(box, { x: x - ml, y: y - mt, cbWidth: vertical ? r.width : sideLength, cbHeight: r.height, borderBoxWidth: w, absolutes: [] }, ctx);
  const f = res.fragment;
  if (!f) return undefined;
  const height = Math.max(f.height, h);
  const contentTop = f.y + f.border.top + f.padding.top;
  let contentBottom = contentTop;
  for (const c of f.children) contentBottom = Math.max(contentBottom, bottomOf(c));
  const extra = height - f.border.top - f.padding.top - f.padding.bottom - f.border.bottom - (contentBottom - contentTop);
  const va = style.verticalAlign;
  const k = va === 'top' ? 0 : va === 'bottom' ? 1 : 0.5;
  const dx = x - f.x; const dy = y - f.y;
  for (const c of f.children) translate(c, dx, dy + (extra > 0 ? extra * k : 0));
  f.x = x; f.y = y;
  f.height = height;
  return f;
}

function bottomOf(f: Fragment): number {
  switch (f.kind) {
    case 'text': return f.baseline;
    case 'inline-box': case 'image': case 'box': case 'line': return f.y + f.height;
  }
}

// ---- bookmarks -------------------------------------------------------------------------

/** CSS GCPM 3 §6: one outline entry per element with a bookmark-level, at its page and y from the page's top. */
function bookmarks(root: StyledElement, p: Placement): OutlineItem[] {
  const marked: StyledElement[] = [];
  bookmarked(root, marked);
  const out: OutlineItem[] = [];
  if (!marked.length) return out;
  const own = p.ownOf(new Set(marked));
  for (const e of marked) {
    const b = e.bookmark!;
    const y = own.get(e);
    const at = y !== undefined ? { page: pageIndexAt(p.pages, y), y } : p.at(e);
    if (!at) continue;
    const page = p.pages[at.page]!;
    out.push({ title: b.label, level: b.level, pageIndex: at.page, y: (page.bleed ?? 0) + page.margin.top + at.y - page.flowTop, open: b.open });
  }
  return out;
}

/** the elements with a bookmark label, e and those below it, in document order */
function bookmarked(e: StyledElement, out: StyledElement[]): void {
  if (e.bookmark?.label) out.push(e);
  const children = e.children;
  for (let i = 0; i < children.length; i++) { const c = children[i]!; if (c.kind === 'element') bookmarked(c, out); }
}

export type { GeneratedPiece };
