// The orchestrator: the pipeline of DESIGN.md as straight-line code.
//   template (Nunjucks) → engine (layout) → pdf (pdfmake) → Buffer
import { layoutHtml, type EngineOptions, type Diagnostic } from '../engine';
import { toPdf } from '../pdf';

export interface RenderHtmlInput {
  readonly html: string;
  readonly css: string;
  readonly engine: EngineOptions;
}

export interface RenderOutput {
  readonly pdf: Buffer;
  readonly diagnostics: readonly Diagnostic[];
}

/** HTML + CSS → PDF bytes (no template step): the CLI's `render` and the last half of a request. */
export async function renderHtmlToPdf(input: RenderHtmlInput): Promise<RenderOutput> {
  const { docDefinition, fonts, diagnostics } = layoutHtml(input.html, input.css, input.engine);
  const pdf = await toPdf(docDefinition, fonts);
  return { pdf, diagnostics };
}
