// The engine's view of a template before it is saved: render it once with its sample params
// and hand back the engine's diagnostics as warnings. Saving goes on either way; a template
// that fails on its own sample is one warning (`template-render-error`) with the line Nunjucks
// names. Used by the templates API, the CLI and the dashboard, through whichever Renderer they
// have (the service's worker pool keeps the render deadline and limits).
import type { Diagnostic } from '../engine';
import { PlatenError } from '../errors';
import { templateWarnings } from '../template/comments';
import type { Renderer, RenderJob } from './index';

export interface RenderWarning {
  /** a DiagnosticCode of the engine, or `template-render-error` */
  readonly code: string;
  readonly message: string;
  /** 1-based; 0 when unknown */
  readonly line: number;
  readonly column: number;
  /**
   * where the line is: `template CSS`, `document` (the HTML as rendered with the
   * sample params), `template` (the Nunjucks source), or another engine source (`style[2]`, an asset path)
   */
  readonly source: string;
}

export function warningFromDiagnostic(d: Diagnostic): RenderWarning {
  return { code: d.code, message: d.message, line: d.line, column: d.column, source: d.source ?? 'document' };
}

/** how Nunjucks writes where a run-time error happened: 0-based, and left out at 0:0 */
const NUNJUCKS_POSITION = /\[Line (\d+), Column (\d+)\]/;

/** A failed render as one warning, located when Nunjucks said where. */
export function warningFromRenderError(err: unknown): RenderWarning {
  const cause = err instanceof PlatenError && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
  const at = NUNJUCKS_POSITION.exec(cause);
  // Nunjucks' words without its class prefix, as the API's and the CLI's render_failed give them (redactCause.ts)
  const detail = cause.replace(NUNJUCKS_POSITION, '').trim().replace(/^(Error|Template render error): /, '');
  const message = err instanceof PlatenError && err.code !== 'render_failed' ? err.message : `the template fails with its sample params: ${detail || 'render failed'}`;
  // Nunjucks' run-time positions are 0-based (its parse-time ones are 1-based)
  return { code: 'template-render-error', message, line: at ? Number(at[1]) + 1 : 0, column: at ? Number(at[2]) + 1 : 0, source: at ? 'template' : 'document' };
}

/** What the template's source itself warns of (src/template/check.ts templateWarnings), located in the source. */
export function sourceWarnings(html: string): RenderWarning[] {
  return templateWarnings(html).map((w) => ({ ...w, source: 'template' }));
}

/** The source's warnings, then `job` (a template with its sample params) rendered and its diagnostics as warnings; never throws for a template's fault. */
export async function sampleWarnings(renderer: Renderer, job: RenderJob): Promise<RenderWarning[]> {
  const source = sourceWarnings(job.template.html);
  try {
    const { diagnostics } = await renderer.render(job);
    return [...source, ...diagnostics.map(warningFromDiagnostic)];
  } catch (err) {
    if (err instanceof PlatenError && err.code === 'overloaded') throw err;
    return [...source, warningFromRenderError(err)];
  }
}
