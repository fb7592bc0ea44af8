// CSS Display 3 §2 box generation: the box tree built from the styled tree.
// Every box has a `kind`; consumers dispatch once with an exhaustive switch (assertNever).
// Phase: computed values (ComputedStyle), text after white-space processing (CSS Text 3 §4).
import type { ComputedStyle } from '../cascade/computed';
import type { StyledElement } from '../cascade/styled';
import type { TableBox } from './table';

/** A block container whose children are block-level (CSS 2.1 §9.2.1). */
export interface BlockBox {
  readonly kind: 'block';
  readonly style: ComputedStyle;
  /** undefined for an anonymous block box */
  readonly element: StyledElement | undefined;
  readonly children: BlockLevelBox[];
  /** a text field or text area: the intrinsic size its auto width and height take (layout/control.ts) */
  readonly control?: FormControl;
}

/** HTML §4.10 the form controls whose intrinsic size comes from their font, not their content. */
export type FormControl =
  | { readonly kind: 'text-field'; readonly size: number }
  | { readonly kind: 'textarea'; readonly cols: number; readonly rows: number }
  /** a select (drop-down): as wide as its widest option's label */
  | { readonly kind: 'select'; readonly labels: readonly string[] }
  /** a checkbox or radio button: 13px square, its baseline at its border box's bottom */
  | { readonly kind: 'check' };

/** An anonymous block box holding one inline formatting context (CSS 2.1 §9.2.1.1). */
export interface InlineFormattingBox {
  readonly kind: 'inlines';
  readonly style: ComputedStyle;   // the block container's style (text-align, line-height strut)
  readonly children: InlineLevelBox[];
  /** first line of the block container: text-indent applies */
  readonly first: boolean;
  /**
   * CSS Pseudo 4 §2.3 ::first-line: the same content styled as the first formatted line shows
   * it (`style`: the line's root inline box); the first line is broken and drawn from it.
   */
  readonly firstLine?: { readonly style: ComputedStyle; readonly children: InlineLevelBox[] };
}

/** display: list-item (CSS Lists 3 §3): a block box with a ::marker. */
export interface ListItemBox {
  readonly kind: 'list-item';
  readonly style: ComputedStyle;
  readonly element: StyledElement;
  /** marker text ('' = no marker), from list-style-type and the list's counter, or the ::marker's `content` */
  readonly marker: string;
  /** the ::marker's style when rules style it (CSS Pseudo 4 §3.2); `content` other than normal: `marker` is its text, drawn as it is */
  readonly markerStyle?: ComputedStyle;
  readonly children: BlockLevelBox[];
}

/** display: flex (CSS Flexbox 1 §4): its in-flow children are blockified flex items. */
export interface FlexBox {
  readonly kind: 'flex';
  readonly style: ComputedStyle;
  readonly element: StyledElement;
  readonly items: BlockLevelBox[];
}

/** display: grid (CSS Grid Layout 1 §6): its in-flow children are blockified grid items. */
export interface GridBox {
  readonly kind: 'grid';
  readonly style: ComputedStyle;
  readonly element: StyledElement;
  readonly items: BlockLevelBox[];
}

/** A replaced element placed as a block (display: block img / svg). */
export interface BlockReplacedBox {
  readonly kind: 'block-replaced';
  readonly style: ComputedStyle;
  readonly replaced: ReplacedBox;
}

/**
 * An absolutely positioned box (CSS 2.1 §10.3.7). `page`: its containing block is the initial
 * one (the page area); `flow`: a positioned ancestor's, approximated by where the box sits in flow.
 */
export interface AbsoluteBox {
  readonly kind: 'absolute';
  readonly style: ComputedStyle;
  readonly box: BlockLevelBox;
  readonly anchor: 'page' | 'flow';
  /** (in an inline formatting context) it was block-level: its static position is below its line, at the line's start */
  readonly blockStatic?: true;
  /** (among block-level boxes) it was inline-level: its static position is where text-align puts the start of an empty line */
  readonly inlineStatic?: true;
}

export type BlockLevelBox = BlockBox | InlineFormattingBox | ListItemBox | FlexBox | GridBox | TableBox | BlockReplacedBox | AbsoluteBox;

/** A run of text after white-space processing and text-transform. */
export interface TextRun {
  readonly kind: 'text';
  readonly style: ComputedStyle;
  text: string;
  /** synthesized small capitals (CSS Fonts 4 §6.4): the style sizes the glyphs only, the line box takes the inline box's metrics */
  readonly smallCaps?: true;
}

/** An inline box (display: inline) with its inline-level children. */
export interface InlineBox {
  readonly kind: 'inline';
  readonly style: ComputedStyle;
  readonly element: StyledElement;
  readonly children: InlineLevelBox[];
  /** CSS GCPM 3 §2: the footnote a ::footnote-call box calls */
  readonly footnote?: Footnote;
}

/** CSS GCPM 3 §2: the boxes of one `float: footnote` element in the footnote area, and its `footnote-policy` (§2.7). */
export interface Footnote {
  readonly boxes: readonly BlockLevelBox[];
  /** its index among the document's footnotes */
  readonly index: number;
  readonly policy: 'auto' | 'line' | 'block';
  /** `footnote-display: compact`: the note as inline content, for the area to run it on when it fits (`boxes`: as a block) */
  readonly compact?: readonly BlockLevelBox[];
}

/** An atomic inline: inline-block / inline-table / inline-flex (CSS Display 3 §2.4). */
export interface InlineBlockBox {
  readonly kind: 'inline-block';
  readonly style: ComputedStyle;
  readonly element: StyledElement;
  readonly box: BlockLevelBox;
}

export type ReplacedContent =
  | { readonly type: 'image'; readonly src: string }
  | { readonly type: 'svg'; readonly markup: string };

/** A replaced element: <img>, inline <svg> (CSS 2.1 §10.3.2 sizing). */
export interface ReplacedBox {
  readonly kind: 'replaced';
  readonly style: ComputedStyle;
  readonly element: StyledElement;
  readonly content: ReplacedContent;
}

/**
 * CSS Lists 3 §3.1 an inside `disc`, `circle`, `square`, `disclosure-open` or `disclosure-closed` marker (list-style-position: inside,
 * ::marker content normal) as Blink lays it out: an atomic inline as wide as the symbol Blink
 * draws (ListMarker::WidthOfSymbol, from the font's ascent), not as the glyph and its suffix, with
 * margins -1px and 1em (ListMarker::InlineMarginsForInside), painted as a shape (layout/marker.ts).
 */
export interface SymbolMarkerBox {
  readonly kind: 'symbol-marker';
  /** the marker's style (::marker's, else the list item's) */
  readonly style: ComputedStyle;
  readonly symbol: 'disc' | 'circle' | 'square' | 'disclosure-open' | 'disclosure-closed';
}

/** <br>: a forced line break. */
export interface LineBreakBox {
  readonly kind: 'line-break';
  readonly style: ComputedStyle;
}

/** A float taken out of an inline formatting context (approximated as a side column). */
export interface FloatBox {
  readonly kind: 'float';
  readonly style: ComputedStyle;
  readonly element: StyledElement;
  readonly box: BlockLevelBox;
}

/** an absolutely positioned box that was inline-level, where it stands in its line (its static position, CSS 2.1 §10.3.7) */
export type InlineLevelBox = TextRun | InlineBox | InlineBlockBox | ReplacedBox | SymbolMarkerBox | LineBreakBox | FloatBox | AbsoluteBox;

export function assertNever(x: never): never {
  throw new Error(`unexpected box ${JSON.stringify((x as { kind?: string }).kind)}`);
}
