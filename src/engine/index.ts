// The engine: HTML + CSS → pdfmake document definition. A pure function: no I/O, no
// Koa, no SQLite, no pdfmake runtime. Everything it may read comes in through options.
//
//   dom (htmlparser2) → css (css-tree) → cascade → boxes → layout (@page geometry, used values)
//   → paint (pdfmake nodes)

import type { Diagnostic } from './diagnostics';
import { layoutDocument } from './pipeline';

export type { Diagnostic, DiagnosticCode } from './diagnostics';

// The page sizes live in their own module so the HTTP thread can validate `format` without
// loading the engine (the service renders on worker threads; its HTTP thread stays small).
import { PAGE_FORMATS, type PageFormat } from './pageFormats';
export { PAGE_FORMATS, type PageFormat };

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

export interface EngineOptions {
  /** page size when the CSS has no `@page { size }`; default 'A4' */
  readonly format?: PageFormat;
  /** template assets; default: none (only data: URIs load) */
  readonly resources?: ResourceResolver;
  readonly limits?: Partial<EngineLimits>;
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

/** A pdfmake document definition, built fresh per call (pdfmake mutates what it is given). */
export interface DocDefinition {
  pageSize: { width: number; height: number };
  pageMargins: [number, number, number, number]; // left, top, right, bottom (pdfmake's order)
  content: unknown[];
  defaultStyle?: Record<string, unknown>;
  images?: Record<string, string>;
  [key: string]: unknown;
}

export interface EngineResult {
  readonly docDefinition: DocDefinition;
  /** every family the docDefinition names, with the source of each face */
  readonly fonts: FontTable;
  readonly diagnostics: readonly Diagnostic[];
}

/** Lays out one document. Never throws for author mistakes: they come back as diagnostics. */
export function layoutHtml(html: string, css: string, options: EngineOptions = {}): EngineResult {
  return layoutDocument({ html, css, options });
}
