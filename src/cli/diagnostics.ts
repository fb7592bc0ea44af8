// Located messages in the `file:line:col: code: message` form editors and terminals link to:
// the engine's diagnostics and a template's run-time failure.
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../engine';
import type { PlatenError } from '../errors';

/** What every located message has: a 1-based line and column (0 when unknown), a stable code and words. */
export interface Located { readonly line: number; readonly column: number; readonly code: string; readonly message: string }

/** `file:line:col: code: message` */
export const formatLocated = (file: string, p: Located): string => `${file}:${p.line}:${p.column}: ${p.code}: ${p.message}`;

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
  return `${formatLocated(where, d)}${suffix}`;
}

/** A template's run-time failure in the `file:line:col: code: message` form. */
export function formatRenderFailure(file: string, err: PlatenError): string {
  const line = typeof err.extra.line === 'number' ? err.extra.line : 0;
  const column = typeof err.extra.column === 'number' ? err.extra.column : 0;
  return formatLocated(file, { line, column, code: err.code, message: err.message });
}
