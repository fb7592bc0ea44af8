// platen render FILE.html [--css FILE] [--params FILE.json] [--format A4] -o OUT.pdf
// No server, no database: the engine alone (after Nunjucks when --params is given).
// Relative resources resolve inside the HTML file's folder and never outside it.
// Diagnostics go to stderr as `file:line:col: code: message`.
import { statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../engine';
import { pageFormatFromName, PAGE_FORMAT_NAMES } from '../../http/schemas/generate';
import { renderHtmlToPdf } from '../../render/renderDocument';
import { renderTemplate } from '../../template';
import { folderResources } from '../fileResources';
import { CliError, createIo, parse, readJsonObject, readText, UsageError } from '../io';

/**
 * `file:line:col: code: message`. The engine names its inputs: `document` (the HTML, its
 * <style> blocks and style attributes), `template CSS` (the --css file), a linked or imported
 * asset by its path; anything else is shown after the message.
 */
export function formatDiagnostic(d: Diagnostic, files: { html: string; css?: string | undefined }): string {
  let where = files.html;
  let suffix = '';
  if (d.source === 'template CSS' && files.css) where = files.css;
  else if (d.source !== undefined && d.source !== 'document') {
    if (/^[\w./-]+\.\w+$/.test(d.source)) where = join(dirname(files.html), d.source);
    else suffix = ` [${d.source}]`;
  }
  return `${where}:${d.line}:${d.column}: ${d.code}: ${d.message}${suffix}`;
}

export async function renderCommand(args: string[]): Promise<void> {
  const p = parse(args, { css: { type: 'string' }, params: { type: 'string' }, format: { type: 'string' }, output: { type: 'string', short: 'o' } });
  const file = p.positionals[0];
  const out = p.str('output');
  if (!file || !out || p.positionals.length > 1) throw new UsageError('usage: platen render FILE.html [--css FILE] [--params FILE.json] [--format A4] -o OUT.pdf');
  const formatName = p.str('format');
  const format = formatName === undefined ? undefined : pageFormatFromName(formatName);
  if (formatName !== undefined && !format) throw new UsageError(`--format must be one of ${PAGE_FORMAT_NAMES.join(', ')}`);

  let html = readText(file, 'HTML file');
  const cssFile = p.str('css');
  const css = cssFile ? readText(cssFile, 'CSS file') : '';
  const paramsFile = p.str('params');
  if (paramsFile) {
    const params = readJsonObject(paramsFile, 'params file');
    try {
      html = renderTemplate(html, { params, globals: (params.global ?? {}) as Record<string, unknown> });
    } catch (err) {
      throw new CliError(`${file}: template error: ${(err as Error).message}`);
    }
  }
  const started = process.hrtime.bigint();
  // dated by its inputs, not by the clock: the same files give the same bytes
  const date = newestModification([file, cssFile, paramsFile]);
  const { pdf, diagnostics } = await renderHtmlToPdf({ html, css, engine: { resources: folderResources(dirname(file)), ...(format ? { format } : {}) }, pdf: { date } });
  writeFileSync(out, pdf);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  for (const d of diagnostics) process.stderr.write(`${formatDiagnostic(d, { html: file, css: cssFile })}\n`);
  // diagnostics (stderr) before the summary (stdout), so a terminal shows them in that order
  createIo(p.json).result({ output: out, bytes: pdf.length, ms: Math.round(ms), diagnostics }, `wrote ${out} (${pdf.length} bytes, ${Math.round(ms)} ms, ${diagnostics.length} diagnostic(s))`);
}

/** The newest modification time of the files given, to the second, as ISO 8601: the PDF's CreationDate and ModDate. */
function newestModification(files: readonly (string | undefined)[]): string {
  let newest = 0;
  for (const f of files) if (f !== undefined) newest = Math.max(newest, statSync(f).mtimeMs);
  return new Date(Math.floor(newest / 1000) * 1000).toISOString();
}
