// platen render FILE.html -o OUT.pdf [--css FILE] [--params FILE.json] [--format A4] [--strict-variables]
// No server, no database: Nunjucks (params default {}) then the engine, as the service runs them.
// Relative resources resolve inside the HTML file's folder and never outside it.
// Diagnostics go to stderr as `file:line:col: code: message`.
import { statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PAGE_FORMATS, type PageFormat } from '../../engine/pageFormats';
import { PlatenError } from '../../errors';
import { checkPatchTargets } from '../../pdf';
import { templateRenderFailure } from '../../render/redactCause';
import { renderHtmlToPdf, type RenderOutput } from '../../render/renderDocument';
import { checkTemplate, renderTemplate, templateWarnings } from '../../template';
import { CliError, UsageError, type Parsed } from '../args';
import { formatDiagnostic, formatLocated, formatRenderFailure } from '../diagnostics';
import { folderResources } from '../fileResources';
import { createIo, readJsonObject, readText } from '../io';

const PAGE_FORMAT_NAMES = Object.keys(PAGE_FORMATS) as PageFormat[];
/** `a4` → `A4`, as the API matches it (without loading the API's request schemas) */
const pageFormatFromName = (name: string) => PAGE_FORMAT_NAMES.find((n) => n.toLowerCase() === name.toLowerCase());

export async function renderCommand(p: Parsed): Promise<void> {
  checkPatchTargets(); // a pdfmake/pdfkit/fontkit/png-js upgrade that lost a patched target stops here, named
  const file = p.positionals[0]!;
  const out = p.str('output')!;
  const formatName = p.str('format');
  const format = formatName === undefined ? undefined : pageFormatFromName(formatName);
  if (formatName !== undefined && !format) throw new UsageError(`--format must be one of ${PAGE_FORMAT_NAMES.join(', ')} (case-insensitive)`);

  const source = readText(file, 'HTML file');
  const cssFile = p.str('css');
  const css = cssFile ? readText(cssFile, 'CSS file') : '';
  const paramsFile = p.str('params');
  const params = paramsFile ? readJsonObject(paramsFile, 'params file') : {};
  const refused = checkTemplate(source);
  if (refused.length) throw new CliError(`template refused:\n${refused.map((r) => formatLocated(file, r)).join('\n')}`);
  for (const w of templateWarnings(source)) process.stderr.write(`${formatLocated(file, w)}\n`);
  // always through Nunjucks, as the service renders it: what this prints is what the API prints
  let html: string;
  try {
    html = renderTemplate(source, { params, globals: (params.global ?? {}) as Record<string, unknown> }, { strictVariables: p.flag('strict-variables') });
  } catch (err) {
    throw new CliError(formatRenderFailure(file, templateRenderFailure(err, source)));
  }
  const started = process.hrtime.bigint();
  let result: RenderOutput;
  try {
    // dated by its inputs, not by the clock: the same files give the same bytes
    const date = newestModification([file, cssFile, paramsFile]);
    result = await renderHtmlToPdf({ html, css, engine: { resources: folderResources(dirname(file)), ...(format ? { format } : {}) }, pdf: { date } });
  } catch (err) {
    if (err instanceof PlatenError) throw new CliError(`${file}: ${err.code}: ${err.message}`);
    throw err;
  }
  const { pdf, diagnostics } = result;
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
