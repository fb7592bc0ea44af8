// The orchestrator: the pipeline of DESIGN.md as straight-line code.
//   template (Nunjucks) → engine (layout) → pdf (pdfmake) → Buffer
// The same code runs on the calling thread (CLI, tests, `createInProcessRenderer`) and inside
// each pool worker (`worker.ts`); the pool only moves jobs and bytes between threads.
import { layoutHtml, standardAllowsAttachments, type DocumentMetadata, type EngineOptions, type Diagnostic, type PageFormat, type PdfStandard, type Resource } from '../engine';
import { PlatenError } from '../errors';
import { toPdf, type PdfAttachment, type PdfOptions } from '../pdf';
import { fontFeatures, glyphInk, measureText } from '../render/measure';
import { compileTemplate, type TemplateContext } from '../template';
import { TemplateCache } from './templateCache';
import { capPages, checkPdfBytes, outputLimitsFromEnv, type OutputLimits } from './outputLimits';
import { redactCause, templateRenderFailure } from './redactCause';

export interface RenderHtmlInput {
  readonly html: string;
  readonly css: string;
  readonly engine: EngineOptions;
  /** the PDF's date, standard and attachments; title, author, language come from the document */
  readonly pdf?: PdfJobOptions;
  /** page, PDF-size and DOM-node caps; those not given from PLATEN_MAX_PAGES / PLATEN_MAX_PDF_BYTES / PLATEN_MAX_DOM_NODES (outputLimits.ts) */
  readonly limits?: Partial<OutputLimits>;
}

export interface RenderOutput {
  readonly pdf: Buffer;
  readonly diagnostics: readonly Diagnostic[];
  /** the PDF's page count, when the renderer knows it without reading the PDF back */
  readonly pages?: number;
}

export interface RenderJob {
  /** identifies the template version for caches (compiled Nunjucks, parsed CSS) */
  readonly template: { readonly id: string; readonly version: number; readonly html: string; readonly css: string };
  readonly params: Record<string, unknown>;
  readonly globals: Record<string, unknown>;
  readonly format: PageFormat;
  /**
   * the template version's assets by normalised path (`img/logo.png`): the only files the
   * engine may load besides data: URIs. Carried with the job because a pool worker cannot
   * call back into the HTTP thread while it lays out
   */
  readonly assets?: Readonly<Record<string, Resource>>;
  readonly pdf?: PdfJobOptions;
}

/** What a request asks of the PDF beyond its pages. */
export interface PdfJobOptions {
  /** ISO 8601: the PDF's CreationDate and ModDate (the template version's time); default a fixed date, never "now" */
  readonly date?: string;
  /** wins over the template's <meta name="pdf-standard"> */
  readonly standard?: PdfStandard;
  readonly attachments?: readonly PdfAttachment[];
}

/** A template compiled once and rendered many times. */
export type CompiledTemplate = (context: TemplateContext) => string;

/** What one thread keeps between renders. */
export interface RenderCaches {
  readonly templates: TemplateCache<CompiledTemplate>;
}

export function createRenderCaches(options: { maxTemplates?: number } = {}): RenderCaches {
  return { templates: new TemplateCache<CompiledTemplate>({ maxEntries: options.maxTemplates }) };
}

/** Compiles template source once for the cache (exported for the benchmark's stage timings). */
export function compileTemplateSource(source: string): CompiledTemplate {
  const compiled = compileTemplate(source);
  return (context) => compiled.render(context);
}

/** HTML + CSS → PDF bytes (no template step): the CLI's `render` and the last half of a request. */
export async function renderHtmlToPdf(input: RenderHtmlInput): Promise<RenderOutput> {
  const limits: OutputLimits = { ...outputLimitsFromEnv(), ...input.limits };
  const engine: EngineOptions = { measureText, fontFeatures, glyphInk, ...input.engine, maxPages: limits.maxPages, limits: { maxDomNodes: limits.maxDomNodes, ...input.engine.limits } };
  const { docDefinition, pages, fonts, diagnostics, metadata, outline, pageBoundaries } = layoutHtml(input.html, input.css, engine);
  capPages(pages, limits.maxPages);
  const pdf = await toPdf(docDefinition, fonts, { ...pdfOptions(input.pdf ?? {}, metadata ?? {}), ...(outline?.length ? { outline } : {}), ...(pageBoundaries ? { pageBoundaries } : {}) });
  checkPdfBytes(pdf, limits.maxPdfBytes);
  return { pdf, diagnostics, pages };
}

/**
 * The standard is the request's, else the template's. Attachments need PDF/A-3 (PDF/A-2 embeds
 * only PDF/A files): a request that sends them to a template asking for PDF/A-2b gets PDF/A-3b,
 * its superset (a request that asks for PDF/A-2b with attachments is refused before this).
 */
function pdfOptions(job: PdfJobOptions, metadata: DocumentMetadata): PdfOptions {
  let standard = job.standard ?? metadata.pdfStandard;
  if (job.attachments?.length && !standardAllowsAttachments(standard)) standard = 'PDF/A-3b';
  const date = job.date === undefined ? undefined : new Date(job.date);
  return {
    metadata,
    ...(date && !Number.isNaN(date.getTime()) ? { creationDate: date } : {}),
    ...(standard ? { standard } : {}),
    ...(job.attachments?.length ? { attachments: job.attachments } : {}),
  };
}

/** One request's render: stored template + params → PDF. Failures are PlatenError('render_failed'). */
export async function renderJob(job: RenderJob, caches: RenderCaches): Promise<RenderOutput> {
  let html: string;
  try {
    const template = caches.templates.get(job.template, job.template.html, compileTemplateSource);
    html = template({ params: job.params, globals: job.globals });
  } catch (err) {
    throw templateRenderFailure(err, job.template.html);
  }
  try {
    const assets = job.assets;
    const engine: EngineOptions = assets
      ? { format: job.format, resources: (path) => (Object.prototype.hasOwnProperty.call(assets, path) ? assets[path] : undefined) }
      : { format: job.format };
    return await renderHtmlToPdf({ html, css: job.template.css, engine, ...(job.pdf ? { pdf: job.pdf } : {}) });
  } catch (err) {
    if (err instanceof PlatenError) throw err; // a cap (outputLimits.ts) with its own detail
    throw new PlatenError('render_failed', 'The document could not be laid out or written as PDF.', { cause: redactCause(err) });
  }
}
