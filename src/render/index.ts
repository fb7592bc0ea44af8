// What http/ asks of rendering. One interface, two implementations: in-process (CLI, tests)
// and the worker pool (the service; issue #4). Errors are PlatenError with code
// render_failed | render_timeout | overloaded.
import type { Diagnostic, PageFormat } from '../engine';
import { PlatenError } from '../errors';
import { renderTemplate } from '../template';
import { renderHtmlToPdf } from './renderDocument';

export interface RenderJob {
  /** identifies the template version for caches (compiled Nunjucks, parsed CSS) */
  readonly template: { readonly id: string; readonly version: number; readonly html: string; readonly css: string };
  readonly params: Record<string, unknown>;
  readonly globals: Record<string, unknown>;
  readonly format: PageFormat;
}

export interface RenderOutput {
  readonly pdf: Buffer;
  readonly diagnostics: readonly Diagnostic[];
}

export interface Renderer {
  render(job: RenderJob): Promise<RenderOutput>;
  close(): Promise<void>;
}

/** Renders on the calling thread. For the CLI and tests; the service uses the pool. */
export function createInProcessRenderer(): Renderer {
  return {
    async render(job) {
      let html: string;
      try {
        html = renderTemplate(job.template.html, { params: job.params, globals: job.globals });
      } catch (err) {
        throw new PlatenError('render_failed', 'The template could not be rendered.', { cause: err });
      }
      try {
        return await renderHtmlToPdf({ html, css: job.template.css, engine: { format: job.format } });
      } catch (err) {
        throw new PlatenError('render_failed', 'The document could not be laid out or written as PDF.', { cause: err });
      }
    },
    async close() {},
  };
}
