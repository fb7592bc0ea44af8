// What every layout algorithm gets (block, inline, float, table, flex), and the contracts
// between them. The algorithms call each other through LayoutContext's functions rather than
// importing each other, so there is no import cycle between block.ts and table/flex/inline.
import type { BlockLevelBox, Footnote, ReplacedBox } from '../boxes/types';
import type { ComputedStyle } from '../cascade/computed';
import type { DiagnosticList } from '../diagnostics';
import type { LoadedImage } from '../types';
import type { FaceResolver } from './faces';
import type { BoxFragment, Fragment, LinkTarget } from './fragments';
import type { Intrinsic } from './intrinsic';

/**
 * CSS Fragmentation 3 over the flow: page areas follow each other in one continuous strip of
 * flow positions. Layout asks where the page holding a position ends; when a line or a
 * monolithic box would cross that end and is not already at a page's start, it moves down to
 * `pageEnd(y)` (the next page's first flow position): a pagination strut.
 */
export interface Fragmentainer {
  /** whether breaking is possible at all (false while measuring, and inside monolithic boxes) */
  readonly paginates: boolean;
  /**
   * Whether the content is in a fragmentation context, even where it is measured without breaks
   * (a flex or grid item): false only inside monolithic boxes (atomic inlines, orthogonal flows,
   * fixed boxes, margin boxes, repeated table headers). Blink lays some things out differently
   * there: table cells align on the row's baseline only outside a fragmentation context.
   */
  readonly fragmented: boolean;
  /**
   * CSS Fragmentation 3 §3.2: which breaks this fragmentainer's ends are, so which `avoid-*`
   * values hold there: 'column' between the columns of a multi-column container (avoid-column,
   * not avoid-page); absent: pages (avoid-page, not avoid-column).
   */
  readonly breaks?: 'column';
  /** the flow position where the page holding `y` ends (= the next page's first position); Infinity when not paginating */
  pageEnd(y: number): number;
  /** the flow position where the page holding `y` starts */
  pageStart(y: number): number;
  /** whether `y` is (within 0.01pt) the first position of a page: pushing a box from there gains nothing */
  atPageStart(y: number): boolean;
  /**
   * A forced break (CSS Fragmentation 3 §3.1) before content at `y`: the first position of the
   * next page. At a page's top it ends that page only when `occupied`: a sibling before the break
   * was placed there (even with no height, as Chromium 156 breaks after an empty box).
   */
  forcedBreak(y: number, occupied?: boolean): number;
  /** the page area height of the page holding `y` */
  pageHeight(y: number): number;
  /**
   * The page area width of the page holding `y`. Pages of one document may differ in width
   * (`@page :first`, `:left`/`:right`, named pages); as Blink prints, each page's part of a box
   * is laid out in that page's inline size (see BlockInput.pageInset). Absent: one width.
   */
  areaWidth?(y: number): number;
  /**
   * CSS Paged Media 3 §7.1: content of used page name `name` starting at `y`: a new page of
   * that name when the current page has another name (`occupied`: something already sits at
   * `y`'s page, even with no height). Returns where the content goes.
   */
  pageNamed?(y: number, name: string, occupied?: boolean): number;
  /** The used page name of the page holding `y` (CSS Paged Media 3 §7); absent: 'auto'. */
  pageNameAt?(y: number): string;
  /**
   * CSS GCPM 3 §2: the footnote bodies of the ::footnote-call boxes that a line box at
   * [top, bottom) opens go to the footnote area at the bottom of the line's page, and that page's
   * area ends higher by what the footnote area grows. A body that does not fit on the page with
   * the line moves to the next page's footnote area (`footnote-policy: auto`, as WeasyPrint
   * prints), or, with `footnote-policy: line` or `block` and the line not at its page's start,
   * nothing is placed and the answer is false: the line moves to the next page. Placing a body
   * again (a line laid out again) moves it. Absent: footnotes stay out of the flow unplaced.
   */
  footnotes?(bodies: readonly Footnote[], line: { readonly top: number; readonly bottom: number }, ctx: LayoutContext): boolean;
  /**
   * Records that a block-level box laid out in the flow covers [top, bottom) (see hasContentBefore).
   */
  content?(top: number, bottom: number): void;
  /**
   * Whether a box recorded by `content` starts on the page of `y` above `y`. Without one,
   * only the margins, borders and padding of ancestors precede `y` on its page, and moving
   * content from `y` to the next page would leave this page empty. Absent: atPageStart decides.
   */
  hasContentBefore?(y: number): boolean;
}

/**
 * CSS Fragmentation 3 §4.4: whether content at `y` is the first content of its fragmentainer,
 * where pushing it to the next one (orphans, `break-inside: avoid`, a monolithic box) only
 * leaves an empty page: then it breaks where it is, as Chromium 156 does (a paragraph after its
 * top margin at the top of the first page keeps the lines that fit there, whatever `orphans` says).
 */
export function firstOnPage(pages: Fragmentainer, y: number): boolean {
  return pages.atPageStart(y) || (pages.hasContentBefore !== undefined && !pages.hasContentBefore(y));
}


/** A Fragmentainer that never breaks: for monolithic content. */
export const NO_BREAKS: Fragmentainer = {
  paginates: false,
  fragmented: false,
  pageEnd: () => Infinity,
  pageStart: () => -Infinity,
  atPageStart: () => false,
  forcedBreak: (y) => y,
  pageHeight: () => Infinity,
};

/**
 * The pages as an absolutely positioned box's content sees them (CSS Fragmentation 3, as Blink
 * fragments out-of-flow boxes): it breaks where the pages end, and the pages it reaches are made
 * (up to the document's page cap), but it records no content of the flow's (hasContentBefore
 * decides for the flow only), places no footnotes and starts no named pages.
 */
export function outOfFlowPages(pages: Fragmentainer): Fragmentainer {
  return {
    paginates: true,
    fragmented: true,
    pageEnd: (y) => pages.pageEnd(y),
    pageStart: (y) => pages.pageStart(y),
    atPageStart: (y) => pages.atPageStart(y),
    forcedBreak: (y, occupied) => pages.forcedBreak(y, occupied),
    pageHeight: (y) => pages.pageHeight(y),
  };
}

/**
 * CSS 2.1 §8.3.1: adjoining margins not yet turned into space: the largest positive and the most
 * negative. HTML §15.3.3 quirks: quirky positive margins are kept apart (`quirkyPos`), and a strut
 * that starts at the start of body, td or th (`quirkyStart`) takes no quirky margin at all.
 */
export interface MarginStrut {
  readonly pos: number;
  readonly neg: number;
  /** the largest quirky positive margin (0: none) */
  readonly quirkyPos: number;
  readonly quirkyStart: boolean;
}
/**
 * A strut, always made here in its one shape: the flow's optimized code (layoutBlockContainer,
 * strutWith) deoptimizes at a strut of a shape it has not met.
 */
export const marginStrut = (pos: number, neg: number, quirkyPos = 0, quirkyStart = false): MarginStrut => ({ pos, neg, quirkyPos, quirkyStart });
export const EMPTY_STRUT: MarginStrut = marginStrut(0, 0);
/** The strut at the start of a quirky container's content (HTML quirks mode: body, td, th). */
export const QUIRKY_START_STRUT: MarginStrut = marginStrut(0, 0, 0, true);
export const strutWith = (s: MarginStrut, m: number, quirky = false): MarginStrut => {
  if (m < 0) return m < s.neg ? marginStrut(s.pos, m, s.quirkyPos, s.quirkyStart) : s;
  if (!quirky) return m > s.pos ? marginStrut(m, s.neg, s.quirkyPos, s.quirkyStart) : s;
  if (s.quirkyStart) return s;
  return m > s.quirkyPos ? marginStrut(s.pos, s.neg, m, s.quirkyStart) : s;
};
/** (pos is never negative: a quirkyPos of 0 adds nothing) */
export const strutSize = (s: MarginStrut): number => Math.max(s.pos, s.quirkyPos) + s.neg;
/** The space a strut takes at the end of a quirky container: without its quirky margins. */
export const quirkyContainerStrutSize = (s: MarginStrut): number => s.pos + s.neg;

/**
 * The floats of one block formatting context (CSS 2.1 §9.5), in flow coordinates. Lines and
 * boxes that establish a new formatting context ask it for the room beside the floats.
 */
export interface FloatContext {
  /** the horizontal band [left, right) free of floats for content at [y, y + height), inside [minX, maxX) */
  space(y: number, height: number, minX: number, maxX: number): { left: number; right: number };
  /**
   * CSS 2.1 §9.5.1: places a float whose margin box is `width` × `height`, no higher than `y`,
   * inside [minX, maxX); returns its margin box's top-left corner. In a paginated flow `layout`
   * lays the float out where it goes (CSS Fragmentation 3 §4): its broken height is the one
   * the float excludes, and it may move the float down (to the next page).
   */
  place(side: 'left' | 'right', width: number, height: number, y: number, minX: number, maxX: number, layout?: FloatLayout): { x: number; y: number };
  /** CSS 2.1 §9.5.2: the flow position below every float of `side` ('both' for either) */
  clearance(side: 'left' | 'right' | 'both'): number;
  /** the lowest margin-box bottom of the floats (a BFC root's auto height includes them: §10.6.7) */
  bottom(): number;
  /** the fragments of the floats placed so far */
  readonly fragments: readonly BoxFragment[];
  /** the fragments that the formatting context's root adds to its children: those no box took with `adopt` */
  readonly rootFragments: readonly BoxFragment[];
  /**
   * The fragments placed since `mark` that no box has taken yet, now taken by the caller: a
   * positioned box, or one with an opacity or a filter, paints the floats of its descendants in
   * its own layers (CSS 2.1 Appendix E: it is painted as a whole, floats included).
   */
  adopt(mark: FloatMark): BoxFragment[];
  /** adds a float's fragment (once placed) */
  addFragment(f: BoxFragment): void;
  /** where the floats stand now, to undo the ones a box places before it is laid out again */
  mark(): FloatMark;
  /** forgets the floats placed since `mark` (a box laid out again places its floats again) */
  rollback(mark: FloatMark): void;
  /** the highest margin-box top of the floats placed since `mark`, if any */
  topSince(mark: FloatMark): number | undefined;
}

/** How many floats a FloatContext had placed (FloatContext.mark). */
export interface FloatMark { readonly placed: number; readonly fragments: number; readonly lastTop: number }

/**
 * Lays a float out with its margin box's top-left corner at (x, y) of the flow; returns where its
 * margin box's top went (below y when it moved down) and its margin-box height there.
 */
export type FloatLayout = (x: number, y: number) => { readonly y: number; readonly height: number };

/** An absolutely positioned box waiting for its containing block's size (CSS 2.1 §10.3.7, §10.6.4). */
export interface PendingAbsolute {
  readonly box: BlockLevelBox;
  /** the static position: where the box would have been in flow (its margin box's top-left) */
  readonly staticX: number;
  readonly staticY: number;
  /** the opacities below 1 of the elements between it and its containing block, multiplied (BoxFragment.escapedOpacity) */
  readonly opacity?: number;
}

/** Where a block-level box is laid out. */
export interface BlockInput {
  /** the containing block's content box: left edge and width */
  readonly cbX: number;
  readonly cbWidth: number;
  /** the containing block's content height when definite (CSS 2.1 §10.5 percentage heights) */
  readonly cbHeight: number | undefined;
  /** the flow position where the box's top margin edge would be, before collapsing */
  readonly y: number;
  /** margins adjoining the box's top margin from above (CSS 2.1 §8.3.1) */
  readonly marginStrut: MarginStrut;
  /** the floats of the enclosing block formatting context */
  readonly floats: FloatContext;
  /** absolutely positioned descendants are queued here for their containing block */
  readonly absolutes: PendingAbsolute[];
  /** the enclosing <a href>, for atomic inlines and block content inside links */
  readonly link?: LinkTarget;
  /** the used page name of the containing block (CSS Paged Media 3 §7: `page: auto` takes it) */
  readonly pageName?: string;
  /**
   * When the containing block's width follows the page area (every box between it and the root
   * has an auto width): how much narrower it is than the page area. Its width at flow position
   * y is then `pages.areaWidth(y) - pageInset`, the width of its fragment on that page.
   */
  readonly pageInset?: number;
  /**
   * CSS Fragmentation 3 §5.2: the box's top margin edge follows an unforced break (a page or
   * column start that is not the flow's first): the margins adjoining it truncate to zero.
   */
  readonly afterBreak?: boolean;
  /** the used border-box size when a parent (flex container, table, layoutIndependent) decided it */
  readonly borderBoxWidth?: number;
  readonly borderBoxHeight?: number;
  /** the containing block's `direction` (CSS 2.1 §10.3.3: which margin gives way when over-constrained); ltr when absent */
  readonly cbDirection?: 'ltr' | 'rtl';
  /** the containing block's `text-align`: its -webkit-* values align a block-level box that leaves room (used.ts legacyAlignShift) */
  readonly cbTextAlign?: ComputedStyle['textAlign'];
  /**
   * (additive) the containing block's top border edge when it is a block container in normal
   * flow: whether an empty box has clearance is decided against it (block.ts clearance)
   */
  readonly cbTop?: number;
  /**
   * (additive) the root element's box: it establishes an independent formatting context (CSS
   * Display 3 §2.2), so its margins collapse with none of its children's (CSS 2.1 §8.3.1)
   */
  readonly root?: boolean;
  /**
   * CSS Fragmentation 3 §4.1 as Blink 156 breaks: what follows the box's bottom border edge on
   * its page when the box is the last content of the boxes around it: their block-end padding
   * and borders, and the margins between them, which do not break (0 or absent: nothing).
   */
  readonly endReserve?: number;
}

/** A block-level box after layout. */
export interface BlockResult {
  /** undefined when the box generates nothing (e.g. an empty anonymous box) */
  readonly fragment: BoxFragment | undefined;
  /** the margins adjoining the box's bottom (its own bottom margin, and what collapsed through it) */
  readonly marginStrut: MarginStrut;
  /** the flow position of the box's bottom border edge (or, for an empty box that margins collapse through, its top) */
  readonly bottom: number;
  /** the first line's baseline, for inline-block / flex / table-cell baseline alignment */
  readonly firstBaseline: number | undefined;
  /** the last line's baseline (inline-block's baseline: CSS 2.1 §10.8.1) */
  readonly lastBaseline: number | undefined;
  /**
   * CSS Fragmentation 3 §3.2 / §4.4: the box's content needs a page break that break avoidance
   * moves to before its first child, which is the break before the box itself (no break lies
   * between a box's top and its first content): the box asks to start on the next page.
   */
  readonly breakBefore?: true;
}

/** A block container's block-level children after layout in its content box (one flow, or columns). */
export interface FlowResult {
  readonly fragments: Fragment[];
  /** the bottom border edge of the last in-flow content */
  readonly bottom: number;
  /** the margins adjoining the bottom of the last child */
  readonly strut: MarginStrut;
  readonly firstBaseline: number | undefined;
  /** the index in `fragments` of the child the first baseline is in */
  readonly firstBaselineChild?: number;
  readonly lastBaseline: number | undefined;
  /** BlockResult.breakBefore: the break the flow needs lies before its first child */
  readonly breakBefore?: true;
}

/** An independent formatting context root (atomic inline, float, flex item, table cell) at a given width. */
export interface IndependentInput {
  /** left edge of the box's margin box, and its flow top */
  readonly x: number;
  readonly y: number;
  /** the containing block's width (percentages of margins, padding, width) */
  readonly cbWidth: number;
  readonly cbHeight: number | undefined;
  /** the used border-box width when the caller decided it (flex items, table cells); else the box's own width rules apply, shrink-to-fit where auto */
  readonly borderBoxWidth?: number;
  /** the room a shrink-to-fit width fills (CSS 2.1 §10.3.7: an absolutely positioned box's containing block less its insets); cbWidth when absent */
  readonly availableWidth?: number;
  /** the used border-box height when the caller decided it (stretched flex items, table cells) */
  readonly borderBoxHeight?: number;
  readonly absolutes: PendingAbsolute[];
  readonly link?: LinkTarget;
  /** BlockInput.endReserve: what must follow the box on its last content's page (a flex item at its container's content edge) */
  readonly endReserve?: number;
}

/** Per-render caches (layout keeps no module state: a cache lives as long as one render). */
export interface LayoutCaches {
  readonly logicalBoxes: WeakMap<BlockLevelBox, BlockLevelBox>;
}
export const newLayoutCaches = (): LayoutCaches => ({ logicalBoxes: new WeakMap() });

export interface LayoutContext {
  readonly faces: FaceResolver;
  readonly intrinsic: Intrinsic;
  readonly diagnostics: DiagnosticList;
  readonly pages: Fragmentainer;
  /** the image of a replaced box, loaded once (undefined: refused, missing or undecodable) */
  readonly image: (box: ReplacedBox) => LoadedImage | undefined;
  /**
   * (additive) whether an image source cannot be had at all (an unknown URL, a missing asset: what
   * a browser cannot fetch either). An image that is there but that Platen cannot draw (GIF, WebP,
   * over the pixel cap) is not missing: a browser draws it, its box keeps its place.
   */
  readonly imageMissing?: (src: string, at: ReplacedBox['element']['loc']) => boolean;
  /** ids that some `<a href="#id">` points at: their boxes become destinations */
  readonly anchors: ReadonlySet<string>;
  /**
   * The line height calculation quirk (Quirks Mode §3.3: documents in quirks and limited-quirks
   * mode): an inline box without text on a line, nor vertical padding or border, adds nothing to
   * the line's height, the root inline box included.
   */
  readonly lineHeightQuirk?: boolean;
  /**
   * HTML quirks mode (not limited-quirks): a table cell's specified height is a border-box
   * height whatever its box-sizing, as Blink sizes rows in quirks mode.
   */
  readonly quirksMode?: boolean;
  /** (additive) CSS 2.1 §10.1 the initial containing block's size, pt (an orthogonal flow's fallback inline size, CSS Writing Modes 3 §7.3) */
  readonly icb?: { readonly width: number; readonly height: number };
  /**
   * One render's caches keyed by box identity: each orthogonal flow root's logical copy
   * (writing.ts logicalTree), made once so that `intrinsic` caches its sizes by identity.
   */
  readonly caches: LayoutCaches;
  /** lays out any block-level box in normal flow (block.ts dispatches on its kind) */
  readonly layoutBlockLevel: (box: BlockLevelBox, input: BlockInput, ctx: LayoutContext) => BlockResult;
  /** lays out a box that establishes an independent formatting context; its margin box starts at (x, y) */
  readonly layoutIndependent: (box: BlockLevelBox, input: IndependentInput, ctx: LayoutContext) => BlockResult;
}

/** A Fragmentainer that never breaks inside a fragmentation context: for measuring there. */
const MEASURING: Fragmentainer = { ...NO_BREAKS, fragmented: true };

/** The same context without page breaks, still in its fragmentation context: for measuring. */
export function withoutBreaks(ctx: LayoutContext): LayoutContext {
  return ctx.pages.paginates ? { ...ctx, pages: ctx.pages.fragmented ? MEASURING : NO_BREAKS } : ctx;
}

/** The context inside a monolithic box (CSS Fragmentation 3 §4.1): no breaks, no fragmentation context. */
export function monolithic(ctx: LayoutContext): LayoutContext {
  return ctx.pages === NO_BREAKS ? ctx : { ...ctx, pages: NO_BREAKS };
}
