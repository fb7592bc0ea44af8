// Types shared across the engine's stages and with its callers: a leaf module (it imports
// nothing of the engine), so no engine module needs the facade in index.ts.
import type { Diagnostic } from './diagnostics';
import type { PageFormat } from './pageFormats';
import type { PdfStandard } from './pdfStandards';

/** A template asset (logo, font, stylesheet) already in memory. */
export interface Resource {
  readonly bytes: Uint8Array;
  /** MIME type when known (from the store, or guessed from the extension by the caller). */
  readonly contentType?: string;
}

/**
 * Looks up a template asset by the URL written in the document (relative, e.g. `img/logo.png`).
 * The caller decides what exists; the engine only asks. Absolute URLs, `file:`, `http(s):`
 * and `..` escapes are refused by the engine before this is ever called.
 */
export type ResourceResolver = (path: string) => Resource | undefined;

export interface EngineLimits {
  maxDomNodes: number;        // default 100,000
  maxDomDepth: number;        // default 256
  maxDataUriBytes: number;    // default 10 MiB (decoded)
  maxImagePixels: number;     // default 40 megapixels
}

/**
 * The advance width of `text` in a face, in 1/1000 em, as the PDF writer will draw it (kerning
 * and default OpenType features included); undefined when it cannot tell. The engine does no
 * I/O: the caller that has the font files measures (src/render/measure.ts).
 */
export type TextMeasurer = (face: FontSource, text: string, features?: readonly string[]) => number | undefined;

/**
 * The ink of the glyph a face draws for a code point (its bounding box), in 1/1000 em from the
 * glyph's origin on the baseline, y up; undefined when it cannot tell. An empty glyph (a space)
 * has no ink: left > right.
 */
export type GlyphInk = (face: FontSource, codePoint: number) => InkBox | undefined;
export interface InkBox { readonly left: number; readonly right: number; readonly top: number; readonly bottom: number }

/** The OpenType feature tags a face's layout tables offer (CSS Fonts 4 §6.4: `smcp`, `c2sc` draw small capitals). */
export type FeatureProbe = (face: FontSource) => ReadonlySet<string>;

export interface EngineOptions {
  /** page size when the CSS has no `@page { size }`; default 'A4' */
  readonly format?: PageFormat;
  /** template assets; default: none (only data: URIs load) */
  readonly resources?: ResourceResolver;
  readonly limits?: Partial<EngineLimits>;
  /** text widths as drawn; without it, the engine's compiled advance tables (no kerning) */
  readonly measureText?: TextMeasurer;
  /** the features of a face (with measureText: `features` are the ones applied beside the defaults); without it, small capitals are synthesized */
  readonly fontFeatures?: FeatureProbe;
  /** the ink of glyphs: paint leaves out the glyphs wholly outside an overflow clip, as Chromium's PDF does; without it, whole runs only */
  readonly glyphInk?: GlyphInk;
  /**
   * the page cap of the caller (PLATEN_MAX_PAGES): the layout stage stops one page past it, so
   * the caller can refuse the document before anything past the cap is laid out or painted
   */
  readonly maxPages?: number;
}

/**
 * Where the bytes of one font face come from. The engine picks families and faces;
 * pdf/ turns each source into bytes (shipped files are read once per process).
 */
export type FontSource =
  | { readonly kind: 'shipped'; readonly file: string }      // a file name under data/fonts/, e.g. 'LiberationSans-Regular.ttf'
  | { readonly kind: 'embedded'; readonly data: Uint8Array }; // @font-face bytes

/** pdfmake's font dictionary shape: one entry per family name used in the docDefinition. */
export type FontTable = Record<string, { normal: FontSource; bold: FontSource; italics: FontSource; bolditalics: FontSource }>;

/** Paint's placed pages (content: one section of absolutely positioned nodes per page, with its size), built fresh per call (the PDF writer mutates what it is given). */
export interface DocDefinition {
  pageSize: { width: number; height: number };
  content: unknown[];
  defaultStyle?: Record<string, unknown>;
  images?: Record<string, string>;
  [key: string]: unknown;
}

/** What a document says about itself (its head), for the PDF's info dictionary and catalog. */
export interface DocumentMetadata {
  /** <title>, whitespace collapsed */
  readonly title?: string;
  /** <meta name="author"> */
  readonly author?: string;
  /** <meta name="description"> */
  readonly subject?: string;
  /** <meta name="keywords"> */
  readonly keywords?: string;
  /** <meta name="generator">: the application that made the HTML */
  readonly creator?: string;
  /** <html lang>, a BCP 47 language tag: the PDF catalog's /Lang */
  readonly lang?: string;
  /** <meta name="pdf-standard">: the standard the template asks to be written in */
  readonly pdfStandard?: PdfStandard;
}

/** A PDF bookmark (CSS GCPM 3 §6): the writer's outline entry. */
export interface OutlineItem {
  readonly title: string;
  /** 1 for h1 (or bookmark-level: 1); deeper levels nest under the last shallower entry */
  readonly level: number;
  /** 0-based page index */
  readonly pageIndex: number;
  /** distance of the element's top from the page's top edge, pt */
  readonly y: number;
  /** bookmark-state: open */
  readonly open: boolean;
}

/** ISO 32000-1 §14.11.2 a page's boundaries, [left, bottom, right, top] in PDF user space */
export interface PageBoundaries { readonly TrimBox: readonly number[]; readonly BleedBox: readonly number[] }

export interface EngineResult {
  /**
   * the pdfmake document, one section per page; empty when the layout passed
   * EngineOptions.maxPages (nothing is painted for a document the caller refuses)
   */
  readonly docDefinition: DocDefinition;
  /** the pages the layout made (at most EngineOptions.maxPages + 1) */
  readonly pages: number;
  /** (additive) the document's bookmarks, for the PDF outline */
  readonly outline?: readonly OutlineItem[];
  /** (additive) per page: its TrimBox and BleedBox in PDF units, for pages with a bleed (CSS Paged Media 3 §7.2) */
  readonly pageBoundaries?: readonly (PageBoundaries | undefined)[];
  /** every family the docDefinition names, with the source of each face */
  readonly fonts: FontTable;
  readonly diagnostics: readonly Diagnostic[];
  /** the document's head: title, author, language... (empty when it says nothing) */
  readonly metadata?: DocumentMetadata;
}

/** An image ready for pdfmake, with its intrinsic size in CSS px. */
export type LoadedImage =
  | { readonly kind: 'raster'; readonly dataUrl: string; readonly width: number; readonly height: number }
  /**
   * (additive) `ratioOnly`: an SVG with a viewBox and no width or height has no natural size, only the viewBox's ratio (its width × height);
   * `inline`: an inline `<svg>` element, whose drawing is not scaled to its box without a viewBox (an SVG image's is)
   */
  | { readonly kind: 'svg'; readonly markup: string; readonly width: number; readonly height: number; readonly ratioOnly?: boolean; readonly inline?: boolean };
