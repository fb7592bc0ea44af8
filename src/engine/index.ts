// The engine: HTML + CSS → pdfmake document definition. A pure function: no I/O, no
// Koa, no SQLite, no pdfmake runtime. Everything it may read comes in through options.
//
//   dom (htmlparser2) → css (css-tree) → cascade → boxes → layout (@page geometry, used values)
//   → paint (pdfmake nodes)

import { layoutDocument } from './pipeline';

export type { Diagnostic, DiagnosticCode } from './diagnostics';

// The page sizes live in their own module so the HTTP thread can validate `format` without
// loading the engine (the service renders on worker threads; its HTTP thread stays small).
import { PAGE_FORMATS, type PageFormat } from './pageFormats';
export { PAGE_FORMATS, type PageFormat };
export { AF_RELATIONSHIPS, PDF_STANDARDS, pdfStandardFromName, standardAllowsAttachments, type AfRelationship, type PdfStandard } from './pdfStandards';

export type { Resource, ResourceResolver, EngineLimits, EngineOptions, FontSource, FontTable, DocDefinition, DocumentMetadata, EngineResult, LoadedImage, PageBoundaries, TextMeasurer, FeatureProbe, GlyphInk, InkBox } from './types';
import type { EngineOptions, EngineResult } from './types';

/** Lays out one document. Never throws for author mistakes: they come back as diagnostics. */
export function layoutHtml(html: string, css: string, options: EngineOptions = {}): EngineResult {
  return layoutDocument({ html, css, options });
}
