// POST /v1/pdf/generate — the last steps after the checks in app.ts: validate (6–11),
// template lookup (12), render (13/14), answer the PDF.
// POST /v1/pdf/preview — a draft (not saved) through the same checks, limits, deadline and
// closed world; the engine's diagnostics come back in a header, or as JSON.
import { createHash } from 'node:crypto';
import { PlatenError } from '../../errors';
import type { Renderer, RenderJob, RenderOutput } from '../../render';
import { warningFromDiagnostic, warningFromRenderError } from '../../render/sample';
import type { Store } from '../../store';
import type { AppContext, Middleware } from '../context';
import { validateGenerateBody, type ValidateOptions } from '../schemas/generate';
import { validatePreviewBody } from '../schemas/templates';
import { loadAssets, ownTemplate, refuseInvalid } from './templates';
import { bindLog } from '../middleware/requestId';

export function validate(options: ValidateOptions = {}): Middleware {
  return async (ctx, next) => {
    ctx.state.request = validateGenerateBody(ctx.state.body!, options);
    bindLog(ctx, { templateId: ctx.state.request.templateId.slice(0, 128), format: ctx.state.request.format });
    await next();
  };
}

/** How many diagnostics one request logs (codes and locations only: messages may quote params). */
const LOGGED_DIAGNOSTICS = 20;

async function render(ctx: AppContext, renderer: Renderer, job: RenderJob): Promise<RenderOutput> {
  let output: RenderOutput;
  try {
    output = await renderer.render(job);
  } catch (err) {
    if (err instanceof PlatenError) throw err;
    throw new PlatenError('render_failed', 'The document could not be rendered.', { cause: err });
  }
  if (output.diagnostics.length) {
    ctx.state.log.info({
      templateId: job.template.id,
      version: job.template.version,
      diagnosticCount: output.diagnostics.length,
      diagnostics: output.diagnostics.slice(0, LOGGED_DIAGNOSTICS).map((d) => ({ code: d.code, line: d.line, column: d.column, source: d.source })),
    }, 'engine diagnostics');
  }
  return output;
}

/** A strong ETag of the PDF's bytes: the same inputs give the same bytes, so the same tag. */
const pdfEtag = (pdf: Buffer) => `"${createHash('sha256').update(pdf).digest('base64url')}"`;

export function generatePdf(deps: { store: Store; renderer: Renderer }): Middleware {
  return async (ctx) => {
    const request = ctx.state.request!;
    const account = ctx.state.account!;
    const template = ownTemplate(deps.store, account, request.templateId);
    const version = request.templateVersion === undefined ? template : deps.store.templates.getVersion(account.id, template.id, request.templateVersion);
    if (!version) throw new PlatenError('template_version_not_found', `The template has no version ${request.templateVersion}.`, { extra: { latestVersion: template.version } });
    const output = await render(ctx, deps.renderer, {
      template: { id: template.id, version: version.version, html: version.html, css: version.css },
      params: request.params,
      globals: account.globals,
      format: request.format,
      assets: loadAssets(deps.store, deps.store.templates.assetsOf(template.id, version.version)),
      // dated by the version it prints (the latest's time is the template's updatedAt): same version and params, same bytes
      pdf: { date: 'updatedAt' in version ? version.updatedAt : version.createdAt, ...(request.pdfStandard ? { standard: request.pdfStandard } : {}), ...(request.attachments ? { attachments: request.attachments } : {}) },
    });
    ctx.state.rendered = { templateId: template.id, version: version.version, pages: output.pages ?? countPdfPages(output.pdf) };
    ctx.status = 200;
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="${template.id}.pdf"`);
    ctx.set('X-Template-Version', String(version.version));
    ctx.set('ETag', pdfEtag(output.pdf));
    ctx.body = output.pdf; // a Buffer: Koa sets Content-Length
  };
}

/** The cache key of drafts: no template ID can hold NUL, so a draft never shares a real template's entry. */
const DRAFT_ID = '\u0000draft';
/** Longest X-Diagnostics header value; diagnostics past it are counted in X-Diagnostics-Count only. */
export const MAX_DIAGNOSTICS_HEADER = 8 * 1024;

/** JSON with every non-ASCII character escaped, so it is a valid header value. */
const asciiJson = (value: unknown) => JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function diagnosticsHeader(warnings: readonly unknown[]): string {
  let n = warnings.length;
  let text = asciiJson(warnings);
  while (text.length > MAX_DIAGNOSTICS_HEADER && n > 0) text = asciiJson(warnings.slice(0, --n));
  return text;
}

export function previewPdf(deps: { store: Store; renderer: Renderer }): Middleware {
  return async (ctx) => {
    const body = validatePreviewBody(ctx.state.body!);
    const account = ctx.state.account!;
    await refuseInvalid(body.html);
    let assets = {};
    if (body.assetsFrom !== undefined) {
      const from = ownTemplate(deps.store, account, body.assetsFrom);
      assets = loadAssets(deps.store, deps.store.templates.assetsOf(from.id, from.version));
    }
    let output: RenderOutput;
    try {
      output = await render(ctx, deps.renderer, { template: { id: DRAFT_ID, version: 0, html: body.html, css: body.css }, params: body.params, globals: account.globals, format: body.format, assets });
    } catch (err) {
      // a draft's author is the one asking: say where the template failed
      if (err instanceof PlatenError && err.code === 'render_failed') {
        throw new PlatenError('render_failed', err.message, { cause: err.cause, extra: { ...err.extra, problems: [warningFromRenderError(err)] } });
      }
      throw err;
    }
    const diagnostics = output.diagnostics.map(warningFromDiagnostic);
    ctx.status = 200;
    ctx.set('X-Diagnostics-Count', String(diagnostics.length));
    if (ctx.accepts('application/pdf', 'application/json') === 'application/json') {
      ctx.type = 'application/json';
      ctx.body = { pdf: output.pdf.toString('base64'), diagnostics };
      return;
    }
    ctx.set('X-Diagnostics', diagnosticsHeader(diagnostics));
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', 'inline; filename="preview.pdf"');
    ctx.body = output.pdf;
  };
}

/** The page count of a PDF as its page tree's root states it (`/Type /Pages /Count N`); 0 when not found. */
export function countPdfPages(pdf: Buffer): number {
  let count = 0;
  const text = pdf.toString('latin1');
  const root = /\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/g;
  for (let m = root.exec(text); m; m = root.exec(text)) count = Math.max(count, Number(m[1]));
  return count;
}
