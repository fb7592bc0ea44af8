// The styled tree: the DOM with a ComputedStyle on every element. This is what the
// cascade hands to boxes/ (CSS Display 3 §2 box generation starts from it).

import type { SourceLocation } from '../diagnostics';
import type { ComputedStyle } from './computed';
import type { DocumentMetadata } from '../types';

export interface StyledElement {
  readonly kind: 'element';
  /**
   * lower-case tag name; '::before' / '::after' / '::marker' for generated boxes. A generated
   * box carries its `content` as style.content (attr() resolved) AND, as one StyledText child,
   * the text the cascade can produce from it: strings, attr(), counters (CSS Lists 3, in
   * document order), quotes. counter(page)/counter(pages) and url() are left to layout.
   */
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly style: ComputedStyle;
  readonly children: readonly StyledNode[];
  readonly loc: SourceLocation;
  /** (additive) CSS GCPM 3 §1.1 the named strings this element sets (string-set, resolved) */
  readonly strings?: readonly { readonly name: string; readonly value: string }[];
  /** (additive) an element with an id or its own counter-reset/-set/-increment: its counters (innermost last), for target-counter() (CSS GCPM 3 §2.2) and the counters of margin boxes */
  readonly counters?: ReadonlyMap<string, readonly number[]>;
  /** (additive) CSS GCPM 3 §6 the bookmark this element makes (bookmark-level/-label/-state) */
  readonly bookmark?: { readonly level: number; readonly label: string; readonly open: boolean };
  /**
   * (additive) CSS GCPM 3 §2.3 an element with `float: footnote`: its ::footnote-call, which
   * takes the element's place in the flow (null when its `content` is none), and its index among
   * the document's footnotes; the element itself goes to the footnote area, its
   * ::footnote-marker first among its children.
   */
  readonly footnote?: { readonly call: StyledElement | null; readonly index: number };
  /**
   * (additive) CSS 2.1 §10.3.7: an absolutely positioned element that was inline-level before
   * blockification (CSS Display 3 §2.7): its static position is where it stands in its line.
   */
  readonly inlineStatic?: true;
  /**
   * (additive) CSS Pseudo 4 §2.3 ::first-line: the element's style on the first formatted line
   * of its block container (its own rules cascaded over the ::first-line's values); for a block
   * container, the style of its first line's root inline box. Set only where ::first-line rules
   * reach; the text children of the element take it on that line.
   */
  firstLine?: ComputedStyle;
}

export interface StyledText {
  readonly kind: 'text';
  /** raw text as in the DOM (entities decoded); white-space processing is layout's job */
  readonly text: string;
  /** the parent element's computed style (text inherits everything) */
  readonly style: ComputedStyle;
  /**
   * (additive) generated text that only layout can finish (counter(page), target-counter(),
   * target-text(), leader()): the text in pieces, the cascade's parts already as strings.
   * `text` holds the strings alone.
   */
  readonly generated?: readonly GeneratedPiece[];
}

/** A piece of generated text: a finished string, or an item layout resolves (CSS GCPM 3). */
export type GeneratedPiece = string | import('./computed').ContentItem;

export type StyledNode = StyledElement | StyledText;

/** CSS Paged Media 3 §3 @page: what the cascade resolved from @page rules, in pt. */
export interface PageStyle {
  /** page box size from `size`, orientation applied; undefined when no rule sets it */
  readonly size?: { readonly width: number; readonly height: number };
  /** only an orientation was given (`size: landscape`): rotate the request's format */
  readonly orientation?: 'landscape' | 'portrait';
  /** page margins in pt (percentages resolved against the page box); undefined where not set */
  readonly margin: { top?: number; right?: number; bottom?: number; left?: number };
  /** background of the page box, when set */
  readonly backgroundColor?: import('./computed').RGBA;
  /**
   * (additive) `@page :first`, `:left`, `:right`, `:blank` and named pages, keyed by their
   * selector as written (lower-case, no spaces: ':first', 'cover', 'cover:first'). Same shape
   * as the plain page; only what each rule sets. Not applied by layout yet.
   */
  readonly variants?: Readonly<Record<string, PageRuleStyle>>;
  /** (additive) margin boxes (@top-center, ...) as parsed declarations, for the paged-media issue */
  readonly marginBoxes?: readonly { readonly selector: string; readonly name: string; readonly declarations: readonly import('../css/stylesheet').Declaration[] }[];
  /**
   * (additive) font and colour declarations of the plain @page rules, in order: margin boxes
   * inherit them from the page context (CSS Paged Media 3 §4.2, as Chromium prints them)
   */
  readonly contextDeclarations?: readonly import('../css/stylesheet').Declaration[];
}

/** (additive) What one @page rule sets: the plain PageStyle fields. */
export interface PageRuleStyle {
  readonly size?: { readonly width: number; readonly height: number };
  readonly orientation?: 'landscape' | 'portrait';
  readonly margin: { top?: number; right?: number; bottom?: number; left?: number };
  readonly backgroundColor?: import('./computed').RGBA;
  /** (additive) CSS Paged Media 3 §7.2 `bleed`: 'auto' or pt */
  readonly bleed?: 'auto' | number;
  /** (additive) CSS Paged Media 3 §7.3 `marks`: the printer's marks drawn in the bleed area (empty: none) */
  readonly marks?: readonly PrinterMark[];
}

/** CSS Paged Media 3 §7.3 a printer's mark */
export type PrinterMark = 'crop' | 'cross';

/** An @font-face face whose src resolved to bytes (data: URI or template asset). */
export interface FontFace {
  readonly family: string;        // as written in font-family, unquoted
  readonly weight: number;        // 100..900
  readonly style: 'normal' | 'italic';
  readonly data: Uint8Array;      // TTF/OTF bytes (WOFF already unwrapped, or rejected with a diagnostic)
  /** (additive) `font-weight: 100 900` on a variable face: the range it covers; `weight` is its lower end */
  readonly weightRange?: readonly [number, number];
}

export interface CascadeResult {
  readonly root: StyledElement;   // the <html> element
  readonly page: PageStyle;
  readonly fontFaces: readonly FontFace[];
  /**
   * (additive) HTML §13.2.6.4.1 document mode: Chromium prints a document without a DOCTYPE
   * in quirks mode (the cascade already applies quirks.css; layout may apply the layout quirks,
   * e.g. line height of images in table cells, percentage heights against the viewport).
   */
  readonly mode?: 'no-quirks' | 'limited-quirks' | 'quirks';
  /** what the head says about the document, for the PDF's info dictionary and catalog (dom/metadata.ts) */
  readonly metadata?: DocumentMetadata;
  /** (additive) CSS Paged Media 3 §3.4, §4.2, §5: the page context and margin box styles per kind of page */
  readonly pageContext?: import('./page-context').PageCascade;
  /** (additive) CSS GCPM 3 §2: how many `float: footnote` elements the document has (absent: not counted) */
  readonly footnotes?: number;
  /** (additive) whether the document's sheets or style attributes use a viewport-percentage unit (vw, vh, vmin, vmax and their kin) */
  readonly viewportUnits?: boolean;
}
