// The engine: HTML + CSS → pdfmake document definition. A pure function: no I/O, no
// Koa, no SQLite, no pdfmake runtime. Everything it may read comes in through options.
//
//   dom (htmlparser2) → css (css-tree) → cascade → boxes → layout (@page geometry, used values)
//   → paint (pdfmake nodes)

import type { Diagnostic } from './diagnostics';
import { layoutDocument } from './pipeline';

export type { Diagnostic, DiagnosticCode } from './diagnostics';

/** The request's `format` (CONTRACT.md): portrait page sizes in points. */
export const PAGE_FORMATS = {
  A0: { width: 2383.94, height: 3370.39 },
  A1: { width: 1683.78, height: 2383.94 },
  A2: { width: 1190.55, height: 1683.78 },
  A3: { width: 841.89, height: 1190.55 },
  A4: { width: 595.28, height: 841.89 },
  A5: { width: 419.53, height: 595.28 },
  A6: { width: 297.64, height: 419.53 },
  Letter: { width: 612, height: 792 },
  Legal: { width: 612, height: 1008 },
  Tabloid: { width: 792, height: 1224 },
  Ledger: { width: 1224, height: 792 },
} as const;
export type PageFormat = keyof typeof PAGE_FORMATS;

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
