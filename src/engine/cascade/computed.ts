// CSS Cascading 4 §4.4 computed values. This is the CONTRACT between the cascade
// (which produces it) and boxes/layout/paint (which consume it).
//
// Phase: *computed*. Lengths are absolute points (pt, 1px = 0.75pt), em/rem/ex/vw/vh
// already resolved; percentages are kept (they need the containing block, a *used*-value
// question). Colours are parsed. Keywords are string literal unions.

/** A length-percentage after computation: pt + pct% of the reference (calc() folds into both). */
export interface LengthPct {
  readonly pt: number;
  readonly pct: number;
  /** a quirky margin (HTML §15.3.3: the quirks-mode UA margins of p, headings, lists...) */
  readonly quirky?: true;
}
export type LengthPctAuto = LengthPct | 'auto';
export type LengthPctNone = LengthPct | 'none';
/**
 * CSS Sizing 3 §3.2 and Sizing 4 §3.1 a sizing keyword of width, height and their min/max
 * (the prefixed forms folded in: -webkit-fill-available is stretch): layout resolves it against
 * the box's content sizes and the available space (layout/sizing.ts). In the block axis the
 * intrinsic keywords compute to auto (a block container's content height is all of them).
 */
export interface SizeKeyword { readonly size: 'min-content' | 'max-content' | 'fit-content' | 'stretch' }
export type Sizing = LengthPct | 'auto' | SizeKeyword;
export type MaxSizing = LengthPct | 'none' | SizeKeyword;
/** Whether a size is a sizing keyword (layout/sizing.ts resolves it into a length before the box is laid out). */
export const isKeyword = (v: Sizing | MaxSizing | 'content'): v is SizeKeyword => typeof v === 'object' && 'size' in v;
/** A size where keywords are not resolved: a sizing keyword acts as auto (or none). */
export const lengthOr = <K extends 'auto' | 'none'>(v: LengthPct | K | SizeKeyword, none: K): LengthPct | K => (isKeyword(v) ? none : v);

/** sRGB colour with alpha 0..1. */
export interface RGBA {
  readonly r: number; // 0..255
  readonly g: number;
  readonly b: number;
  readonly a: number; // 0..1
}

export type Display =
  | 'none' | 'contents'
  | 'block' | 'inline' | 'inline-block' | 'list-item' | 'flow-root'
  | 'table' | 'inline-table' | 'table-row' | 'table-cell' | 'table-row-group'
  | 'table-header-group' | 'table-footer-group' | 'table-column' | 'table-column-group' | 'table-caption'
  | 'flex' | 'inline-flex' | 'grid' | 'inline-grid'
  // the legacy flexible box (-webkit-box): made a flow or flex display by the cascade's fix-ups (adjust.ts), layout never meets it
  | '-webkit-box' | '-webkit-inline-box';

export type BorderStyle = 'none' | 'hidden' | 'solid' | 'dashed' | 'dotted' | 'double' | 'groove' | 'ridge' | 'inset' | 'outset';
export type OutlineStyle = Exclude<BorderStyle, 'hidden'> | 'auto';
export type BreakValue = 'auto' | 'avoid' | 'page' | 'left' | 'right' | 'recto' | 'verso' | 'always' | 'column' | 'avoid-page' | 'avoid-column';
export type BreakInside = 'auto' | 'avoid' | 'avoid-page' | 'avoid-column';
export type LineHeight = { kind: 'normal' } | { kind: 'number'; value: number } | { kind: 'length'; pt: number };
export type VerticalAlign = 'baseline' | 'sub' | 'super' | 'top' | 'middle' | 'bottom' | 'text-top' | 'text-bottom' | LengthPct;
export type WhiteSpace = 'normal' | 'pre' | 'pre-wrap' | 'pre-line' | 'nowrap' | 'break-spaces';
/** CSS Text 3 §8.1 text-indent: its length, and whether it is `hanging` (every line but the first) and `each-line` (also after each forced break) */
export type TextIndent = LengthPct & { readonly hanging?: true; readonly eachLine?: true };
/** CSS Text 3 §4.2 tab-size: a number of space advances, or a length in pt */
export type TabSize = { readonly spaces: number } | { readonly pt: number };
export type ListStyleType =
  | 'none' | 'disc' | 'circle' | 'square' | 'decimal' | 'decimal-leading-zero'
  | 'lower-alpha' | 'upper-alpha' | 'lower-latin' | 'upper-latin' | 'lower-roman' | 'upper-roman' | 'lower-greek'
  | 'disclosure-open' | 'disclosure-closed'
  | { string: string };

/** One item of the `content` property of ::before/::after (CSS Generated Content §1). */
export type ContentItem =
  | { kind: 'string'; value: string }
  | { kind: 'attr'; name: string }
  /** `note`: in a footnote's call or marker when @page rules number footnotes per page (CSS GCPM 3 §2.4): the footnote's index in the document, for layout to number */
  | { kind: 'counter'; name: string; style: ListStyleType; note?: number }
  | { kind: 'counters'; name: string; separator: string; style: ListStyleType }
  | { kind: 'url'; url: string }
  | { kind: 'open-quote' } | { kind: 'close-quote' }
  // (additive) CSS GCPM 3 and CSS Generated Content 3 §2-§4: what only layout can resolve
  /** string(name, first|start|last|first-except): a named string in force on the page (margin boxes) */
  | { kind: 'string-ref'; name: string; which: PagePolicy }
  /** element(name, ...): a running element (margin boxes) */
  | { kind: 'element'; name: string; which: PagePolicy }
  /** target-counter(<url>, name, style): the counter's value at the link's target; `page` is its page */
  | { kind: 'target-counter'; target: ContentTarget; name: string; style: ListStyleType }
  | { kind: 'target-counters'; target: ContentTarget; name: string; separator: string; style: ListStyleType }
  /** target-text(<url>, content|before|after|first-letter): the target's text */
  | { kind: 'target-text'; target: ContentTarget; which: 'content' | 'before' | 'after' | 'first-letter' }
  /** leader(dotted|solid|space|"string"): repeats `fill` to the end of the line */
  | { kind: 'leader'; fill: string }
  /** content(text|before|after|first-letter) in string-set and bookmark-label: the element's own text */
  | { kind: 'content'; which: 'text' | 'before' | 'after' | 'first-letter' };

/** CSS GCPM 3 §1.2 which assignment of a named string or running element a page shows */
export type PagePolicy = 'first' | 'start' | 'last' | 'first-except';

/** the URL of target-counter()/target-text(): written, or attr(name) of the element (resolved by the cascade into `url`) */
export type ContentTarget = { readonly url: string } | { readonly attr: string };

/** CSS Grid Layout 1 §7.2 a track's sizing function: min and max breadths (fit-content(l): auto / max-content capped at l). */
export type GridBreadth = LengthPct | { readonly fr: number } | 'auto' | 'min-content' | 'max-content';
export interface GridTrackSize { readonly min: GridBreadth; readonly max: GridBreadth; readonly fitContent?: LengthPct }
/**
 * §7.2 an explicit track list: sizes, and the names of each line (sizes.length + 1 entries).
 * With one repeat(auto-fill | auto-fit) at index `at`, names has one entry more: names[at]
 * before the repetitions, names[at + 1] after them.
 */
export interface GridTrackList {
  readonly sizes: readonly GridTrackSize[];
  readonly names: readonly (readonly string[])[];
  readonly repeat?: { readonly kind: 'auto-fill' | 'auto-fit'; readonly at: number; readonly sizes: readonly GridTrackSize[]; readonly names: readonly (readonly string[])[] };
}
/** §7.3 grid-template-areas: each named area's lines (1-based, end exclusive) */
export interface GridAreas {
  readonly rows: number;
  readonly columns: number;
  readonly areas: Readonly<Record<string, { rowStart: number; rowEnd: number; columnStart: number; columnEnd: number }>>;
}
/** §8.3 a grid-placement property: auto, a line (nth line, or nth line named `name`; `bare`: a lone name), or a span */
export type GridLine =
  | { readonly kind: 'auto' }
  | { readonly kind: 'line'; readonly n: number; readonly name?: string; readonly bare?: boolean }
  | { readonly kind: 'span'; readonly n: number; readonly name?: string };

/** CSS Transforms 1 §14 one transform function, computed: lengths as pt plus % of the border box, angles in degrees, matrix e and f in pt. */
export type TransformFunction =
  | { readonly f: 'translate'; readonly x: LengthPct; readonly y: LengthPct }
  | { readonly f: 'rotate'; readonly deg: number }
  | { readonly f: 'scale'; readonly x: number; readonly y: number }
  | { readonly f: 'skew'; readonly x: number; readonly y: number }
  | { readonly f: 'matrix'; readonly m: readonly [number, number, number, number, number, number] };
/** CSS Transforms 1 §7 transform-origin (x, y of the border box) */
export interface TransformOrigin { readonly x: LengthPct; readonly y: LengthPct }

/**
 * CSS Backgrounds 3 §7.1 one box shadow, computed: offsets, blur radius (≥ 0) and spread
 * distance in pt, its colour (currentcolor resolved against the element's `color`), inset or outer.
 */
export interface BoxShadow {
  readonly x: number;
  readonly y: number;
  readonly blur: number;
  readonly spread: number;
  readonly color: RGBA;
  readonly inset: boolean;
}

/**
 * Filter Effects 1 §13 one filter function, computed: a colour function's amount (hue-rotate:
 * degrees; the amounts of grayscale, invert, opacity and sepia at most 1), blur and drop-shadow
 * lengths in pt.
 */
export type FilterFunction =
  | { readonly f: 'brightness' | 'contrast' | 'grayscale' | 'hue-rotate' | 'invert' | 'opacity' | 'saturate' | 'sepia'; readonly amount: number }
  | { readonly f: 'blur'; readonly radius: number }
  | { readonly f: 'drop-shadow'; readonly x: number; readonly y: number; readonly blur: number; readonly color: RGBA };

export interface Side<T> { top: T; right: T; bottom: T; left: T }

/** CSS 2.1 §11.1.2 `clip`: auto, or the offsets (pt) of the clip rectangle's edges from the border box's top-left corner, auto: the border box's edge */
export type ClipRect = 'auto' | Readonly<Side<number | 'auto'>>;

/** CSS Backgrounds 3 §6.2 border-image-slice: numbers (image pixels) or percentages of the image, and whether the middle is drawn */
export interface BorderImageSlice extends Side<{ readonly v: number; readonly pct: boolean }> { readonly fill: boolean }
/** §6.3 / §6.4 a border image width or outset: a multiple of the border width, a length-percentage, or auto (the slice) */
export type BorderImageLength = { readonly n: number } | { readonly len: LengthPct } | 'auto';

/** The contract itself: derived from the property table (style.ts), every property declared once. */
export type { ComputedStyle } from './style';

/**
 * CSS Images 3 §3.5 one item of a computed colour stop list: a colour stop (its position a
 * length-percentage of the gradient line, or of the full turn for a conic gradient; absent when
 * not written), or a transition hint between two stops. Two-position stops are two stops here.
 */
export type GradientStop =
  | { readonly color: RGBA; readonly at?: LengthPct }
  | { readonly hint: LengthPct };

/** CSS Values 4 <position> computed: offsets from the left and top of the box (`right 10px` is 100% − 10px). */
export interface BackgroundPosition { readonly x: LengthPct; readonly y: LengthPct }

/** CSS Images 3 §3.4 a radial gradient's ending shape size: an extent keyword, or radii (one for a circle). */
export type RadialSize =
  | 'closest-side' | 'closest-corner' | 'farthest-side' | 'farthest-corner'
  | { readonly rx: LengthPct; readonly ry: LengthPct };

/** CSS Images 3 §3 a gradient, computed: angles in degrees (0 points up, clockwise), currentcolor resolved. */
export type Gradient =
  | { readonly kind: 'linear'; readonly repeating: boolean; readonly direction: { readonly angle: number } | { readonly to: { readonly x: -1 | 0 | 1; readonly y: -1 | 0 | 1 } }; readonly stops: readonly GradientStop[] }
  | { readonly kind: 'radial'; readonly repeating: boolean; readonly shape: 'circle' | 'ellipse'; readonly size: RadialSize; readonly at: BackgroundPosition; readonly stops: readonly GradientStop[] }
  | { readonly kind: 'conic'; readonly repeating: boolean; readonly from: number; readonly at: BackgroundPosition; readonly stops: readonly GradientStop[] };

/** CSS Backgrounds 3 §3.1 one layer of background-image. */
/** SVG 2 §13.2 a computed paint: none, a colour, or a paint server's url */
export type SvgPaint = 'none' | RGBA | { readonly url: string };
export type BackgroundImage = 'none' | { readonly url: string } | { readonly gradient: Gradient };
