// platen templates add | list | remove (flags: ../table.ts)
// A template is checked before it is saved (src/template/check.ts: syntax, unknown filters and
// tests, blocked names, no include), rendered once with its sample params, and refused when
// --strict-variables finds a variable the sample leaves undefined.
import { layoutHtml } from '../../engine';
import { templateRenderFailure } from '../../render/redactCause';
import { TEMPLATE_ID_PATTERN, TemplateIdTakenError, type Store, type Template } from '../../store';
import { checkTemplate, renderTemplate, templateWarnings } from '../../template';
import type { Parsed } from '../args';
import { withStore } from '../db';
import { formatDiagnostic, formatLocated, formatRenderFailure } from '../diagnostics';
import { CliError, createIo, readJsonObject, readText, table, UsageError } from '../io';

export interface AddTemplateInput {
  readonly accountId: string;
  readonly id?: string;
  readonly name: string;
  readonly htmlFile: string;
  readonly cssFile?: string;
  readonly sampleFile?: string;
  /** an existing ID gets a new version instead of being refused */
  readonly replace?: boolean;
  /** a variable the sample params leave undefined refuses the template */
  readonly strictVariables?: boolean;
}

export interface AddedTemplate {
  readonly template: Template;
  /** the version it replaced, when --replace met an existing template */
  readonly replacedVersion?: number;
}

/** Reads, checks and saves a template (also used by the first-start demo). */
export function addTemplate(store: Store, input: AddTemplateInput): AddedTemplate {
  if (input.id !== undefined && !TEMPLATE_ID_PATTERN.test(input.id)) {
    throw new UsageError('--id must be 1–64 letters, digits, "_", "." or "-", starting with a letter or digit');
  }
  const html = readText(input.htmlFile, 'HTML file');
  const problems = checkTemplate(html);
  if (problems.length) {
    throw new CliError(`template refused:\n${problems.map((p) => formatLocated(input.htmlFile, p)).join('\n')}`);
  }
  const css = input.cssFile === undefined ? undefined : readText(input.cssFile, 'CSS file');
  const sampleParams = input.sampleFile === undefined ? undefined : readJsonObject(input.sampleFile, 'sample params file');
  const account = store.accounts.get(input.accountId);
  if (!account) throw new CliError(`no account ${input.accountId}`);
  if (input.strictVariables) {
    try {
      renderTemplate(html, { params: sampleParams ?? {}, globals: account.globals }, { strictVariables: true });
    } catch (err) {
      throw new CliError(`template refused (--strict-variables, with ${input.sampleFile ? 'its sample params' : 'no sample params'}):\n${formatRenderFailure(input.htmlFile, templateRenderFailure(err, html))}`);
    }
  }
  const existing = input.id === undefined ? undefined : store.templates.get(input.accountId, input.id);
  if (existing) {
    if (!input.replace) throw new CliError(`template ${existing.id} exists (version ${existing.version}): add --replace to save a new version of it, or choose another --id`);
    const template = store.templates.update(input.accountId, existing.id, { name: input.name, html, ...(css === undefined ? {} : { css }), ...(sampleParams === undefined ? {} : { sampleParams }) })!;
    return { template, replacedVersion: existing.version };
  }
  try {
    return { template: store.templates.create({ accountId: input.accountId, name: input.name, html, css: css ?? '', sampleParams: sampleParams ?? {}, ...(input.id ? { id: input.id } : {}) }) };
  } catch (err) {
    if (err instanceof TemplateIdTakenError) throw new CliError(`${err.message} (by another account)`);
    throw err;
  }
}

/**
 * Lays the saved template out once with its sample params and the account's globals, so the
 * author sees the engine's diagnostics (and a template that fails on its own sample) at once,
 * each as `file:line:col: code: message`. Warnings only: the template is saved.
 */
export function sampleWarnings(store: Store, t: Template, files: { html: string; css?: string | undefined }): string[] {
  const globals = store.accounts.get(t.accountId)?.globals ?? {};
  const source = templateWarnings(t.html).map((w) => formatLocated(files.html, w));
  let html: string;
  try {
    html = renderTemplate(t.html, { params: t.sampleParams, globals });
  } catch (err) {
    return [...source, `${formatRenderFailure(files.html, templateRenderFailure(err, t.html))} (with the sample params)`];
  }
  const { diagnostics } = layoutHtml(html, t.css, {});
  // lines of `document` diagnostics are lines of the template rendered with the sample
  return source.concat(diagnostics.map((d) => `${formatDiagnostic(d, files)}${d.source === 'document' || d.source === undefined ? ' (in the sample rendering)' : ''}`));
}

function templateJson(t: Template): Record<string, unknown> {
  return { id: t.id, accountId: t.accountId, name: t.name, version: t.version, createdAt: t.createdAt, updatedAt: t.updatedAt };
}

export function templatesAdd(p: Parsed): void {
  const input: AddTemplateInput = {
    accountId: p.str('account')!,
    name: p.str('name')!,
    htmlFile: p.str('html')!,
    ...(p.str('css') !== undefined ? { cssFile: p.str('css')! } : {}),
    ...(p.str('sample') !== undefined ? { sampleFile: p.str('sample')! } : {}),
    ...(p.str('id') !== undefined ? { id: p.str('id')! } : {}),
    replace: p.flag('replace'),
    strictVariables: p.flag('strict-variables'),
  };
  const { added, warnings } = withStore(p, (store) => {
    const saved = addTemplate(store, input);
    return { added: saved, warnings: sampleWarnings(store, saved.template, { html: input.htmlFile, css: input.cssFile }) };
  });
  const t = added.template;
  for (const w of warnings) process.stderr.write(`${w}\n`);
  const what = added.replacedVersion === undefined ? 'saved' : `replaced version ${added.replacedVersion} of`;
  createIo(p.json).result(
    { id: t.id, version: t.version, ...(added.replacedVersion === undefined ? {} : { replacedVersion: added.replacedVersion }), warnings },
    `${what} template ${t.id} (${t.name}): now version ${t.version}${added.replacedVersion === undefined ? '' : ', earlier versions kept'}${warnings.length ? `, ${warnings.length} warning(s)` : ''}`,
  );
}

export function templatesList(p: Parsed): void {
  const templates = withStore(p, (store) => store.templates.list(p.str('account')!)).map(templateJson);
  createIo(p.json).result({ templates }, table(templates, [['id', 'TEMPLATE ID'], ['name', 'NAME'], ['version', 'VERSION'], ['updatedAt', 'UPDATED']]));
}

export function templatesRemove(p: Parsed): void {
  const id = p.positionals[0]!;
  withStore(p, (store) => {
    if (!store.templates.remove(id)) throw new CliError(`no template ${id}`);
  });
  createIo(p.json).result({ id, removed: true }, `removed template ${id}`);
}
