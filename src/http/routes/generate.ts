// POST /v1/pdf/generate — the last steps after the checks in app.ts: validate (6–11),
// template lookup (12), render (13/14), answer the PDF.
import { PlatenError } from '../../errors';
import type { Renderer } from '../../render';
import type { Store } from '../../store';
import type { Middleware } from '../context';
import { validateGenerateBody, type ValidateOptions } from '../schemas/generate';

export function validate(options: ValidateOptions = {}): Middleware {
  return async (ctx, next) => {
    ctx.state.request = validateGenerateBody(ctx.state.body!, options);
    ctx.state.log = ctx.state.log.child({ templateId: ctx.state.request.templateId.slice(0, 128), format: ctx.state.request.format });
    await next();
  };
}

/** How many diagnostics one request logs (codes and locations only: messages may quote params). */
const LOGGED_DIAGNOSTICS = 20;

export function generatePdf(deps: { store: Store; renderer: Renderer }): Middleware {
  return async (ctx) => {
    const request = ctx.state.request!;
    const account = ctx.state.account!;
    const template = deps.store.templates.get(account.id, request.templateId);
    if (!template) throw new PlatenError('template_not_found', 'No template with this templateId in your account.');
    let output;
    try {
      output = await deps.renderer.render({
        template: { id: template.id, version: template.version, html: template.html, css: template.css },
        params: request.params,
        globals: account.globals,
        format: request.format,
      });
    } catch (err) {
      if (err instanceof PlatenError) throw err;
      throw new PlatenError('render_failed', 'The document could not be rendered.', { cause: err });
    }
    if (output.diagnostics.length) {
      ctx.state.log.info({
        templateId: template.id,
        version: template.version,
        diagnosticCount: output.diagnostics.length,
        diagnostics: output.diagnostics.slice(0, LOGGED_DIAGNOSTICS).map((d) => ({ code: d.code, line: d.line, column: d.column, source: d.source })),
      }, 'engine diagnostics');
    }
    ctx.status = 200;
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="${template.id}.pdf"`);
    ctx.body = output.pdf; // a Buffer: Koa sets Content-Length
  };
}
