// Output caps (issue #5): a document may lay out to at most `maxPages` pages (default 2,000,
// env PLATEN_MAX_PAGES) and its PDF may be at most `maxPdfBytes` bytes (default 100 MiB, env
// PLATEN_MAX_PDF_BYTES). Over either cap the render fails with `render_failed` and a detail
// naming the cap, instead of filling the worker's memory or a client's disk.
//
// A document may hold at most `maxDomNodes` DOM nodes (default 250,000, env
// PLATEN_MAX_DOM_NODES), above the engine's own default of 100,000: a paragraph of 100,000
// inline runs is 150,000 nodes and renders whole (issue #18), and the worker's heap cap and the
// render deadline still bound what a document costs. Nodes past the cap are dropped with a
// `limit-exceeded` diagnostic (the engine's rule).
//
// The page cap stops the layout early: the engine lays out at most one page past the cap
// (EngineOptions.maxPages) and paints nothing when it gets there, so a 100,000-page document
// costs 2,001 pages of layout, not 100,000, and is refused before paint and pdfmake.
import { PlatenError } from '../errors';

export interface OutputLimits {
  readonly maxPages: number;
  readonly maxPdfBytes: number;
  readonly maxDomNodes: number;
}

export const DEFAULT_OUTPUT_LIMITS: OutputLimits = { maxPages: 2_000, maxPdfBytes: 100 * 1024 * 1024, maxDomNodes: 250_000 };

function positive(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** The caps from PLATEN_MAX_PAGES / PLATEN_MAX_PDF_BYTES / PLATEN_MAX_DOM_NODES (invalid values fall back to the defaults). */
export function outputLimitsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): OutputLimits {
  return {
    maxPages: positive(env.PLATEN_MAX_PAGES, DEFAULT_OUTPUT_LIMITS.maxPages),
    maxPdfBytes: positive(env.PLATEN_MAX_PDF_BYTES, DEFAULT_OUTPUT_LIMITS.maxPdfBytes),
    maxDomNodes: positive(env.PLATEN_MAX_DOM_NODES, DEFAULT_OUTPUT_LIMITS.maxDomNodes),
  };
}

export function tooManyPages(maxPages: number): PlatenError {
  return new PlatenError('render_failed', `The document lays out to more than ${maxPages} pages (the page cap, PLATEN_MAX_PAGES).`, { extra: { limit: 'pages', max: maxPages } });
}

export function pdfTooLarge(bytes: number, maxPdfBytes: number): PlatenError {
  return new PlatenError('render_failed', `The PDF would be ${bytes} bytes, over the ${maxPdfBytes}-byte cap (PLATEN_MAX_PDF_BYTES).`, { extra: { limit: 'pdf_bytes', max: maxPdfBytes } });
}

/** Throws `tooManyPages` when the layout made more pages than the cap, before pdfmake writes any. */
export function capPages(laidOutPages: number, maxPages: number): void {
  if (laidOutPages > maxPages) throw tooManyPages(maxPages);
}

/** Throws `pdfTooLarge` when the PDF is over the byte cap. */
export function checkPdfBytes(pdf: Buffer, maxPdfBytes: number): void {
  if (pdf.length > maxPdfBytes) throw pdfTooLarge(pdf.length, maxPdfBytes);
}
