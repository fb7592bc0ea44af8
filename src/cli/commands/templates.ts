// platen templates add --account ID --name N --html FILE [--css FILE] [--sample FILE] [--id TEMPLATE_ID]
//                  list --account ID | remove TEMPLATE_ID
// A template is checked before it is saved (src/template: syntax, blocked names, no include).
import { layoutHtml } from '../../engine';
import { checkTemplate, renderTemplate } from '../../template';
import { formatDiagnostic } from './render';
import { TEMPLATE_ID_PATTERN, TemplateIdTakenError, type Store, type Template } from '../../store';
import { CliError, createIo, parse, readJsonObject, readText, required, table, UsageError, withStore } from '../io';

export interface AddTemplateInput {
  readonly accountId: string;
  readonly id?: string;
  readonly name: string;
  readonly htmlFile: string;
  readonly cssFile?: string;
  readonly sampleFile?: string;
}

/** Reads, checks and saves a template (also used by the first-start demo). */
export function addTemplate(store: Store, input: AddTemplateInput): Template {
  if (input.id !== undefined && !TEMPLATE_ID_PATTERN.test(input.id)) {
    throw new UsageError(`--id must be 1–64 letters, digits, "_", "." or "-", starting with a letter or digit`);
  }
  const html = readText(input.htmlFile, 'HTML file');
  const problems = checkTemplate(html);
  if (problems.length) {
    throw new CliError(`template refused:\n${problems.map((p) => `${input.htmlFile}:${p.line}:${p.column}: ${p.code}: ${p.message}`).join('\n')}`);
  }
  const css = input.cssFile ? readText(input.cssFile, 'CSS file') : '';
  const sampleParams = input.sampleFile ? readJsonObject(input.sampleFile, 'sample params file') : {};
  if (!store.accounts.get(input.accountId)) throw new CliError(`no account ${input.accountId}`);
  try {
    return store.templates.save({ accountId: input.accountId, name: input.name, html, css, sampleParams, ...(input.id ? { id: input.id } : {}) });
  } catch (err) {
    if (err instanceof TemplateIdTakenError) throw new CliError(err.message);
    throw err;
  }
}

/**
 * Lays the saved template out once with its sample params and the account's globals, so the
 * author sees the engine's diagnostics (and a template that fails on its own sample) at once.
 * Warnings only: the template is saved either way.
 */
export function sampleWarnings(store: Store, t: Template, files: { html: string; css?: string | undefined }): string[] {
  const globals = store.accounts.get(t.accountId)?.globals ?? {};
  let html: string;
  try {
    html = renderTemplate(t.html, { params: t.sampleParams, globals });
  } catch (err) {
    return [`${files.html}: warning: the template fails with its sample params: ${(err as Error).message.split('\n').map((l) => l.trim()).filter(Boolean).join(' ')}`];
  }
  const { diagnostics } = layoutHtml(html, t.css, {});
  // lines of `document` diagnostics are lines of the template rendered with the sample
  return diagnostics.map((d) => `${formatDiagnostic(d, files)}${d.source === 'document' || d.source === undefined ? ' (in the sample rendering)' : ''}`);
}

function templateJson(t: Template): Record<string, unknown> {
  return { id: t.id, accountId: t.accountId, name: t.name, version: t.version, createdAt: t.createdAt, updatedAt: t.updatedAt };
}

export function templatesCommand(sub: string | undefined, args: string[]): void {
  switch (sub) {
    case 'add': {
      const p = parse(args, { account: { type: 'string' }, name: { type: 'string' }, html: { type: 'string' }, css: { type: 'string' }, sample: { type: 'string' }, id: { type: 'string' } });
      const input: AddTemplateInput = {
        accountId: required(p.str('account'), '--account'),
        name: required(p.str('name'), '--name'),
        htmlFile: required(p.str('html'), '--html'),
        ...(p.str('css') ? { cssFile: p.str('css')! } : {}),
        ...(p.str('sample') ? { sampleFile: p.str('sample')! } : {}),
        ...(p.str('id') ? { id: p.str('id')! } : {}),
      };
      const { t, warnings } = withStore(p, (store) => {
        const saved = addTemplate(store, input);
        return { t: saved, warnings: sampleWarnings(store, saved, { html: input.htmlFile, css: input.cssFile }) };
      });
      for (const w of warnings) process.stderr.write(`${w}\n`);
      createIo(p.json).result({ id: t.id, version: t.version, warnings }, `saved template ${t.id} (${t.name}), version ${t.version}${warnings.length ? `, ${warnings.length} warning(s)` : ''}`);
      return;
    }
    case 'list': {
      const p = parse(args, { account: { type: 'string' } });
      const accountId = required(p.str('account'), '--account');
      const templates = withStore(p, (store) => store.templates.list(accountId)).map(templateJson);
      createIo(p.json).result({ templates }, table(templates, [['id', 'TEMPLATE ID'], ['name', 'NAME'], ['version', 'VERSION'], ['updatedAt', 'UPDATED']]));
      return;
    }
    case 'remove': {
      const p = parse(args);
      const id = p.positionals[0];
      if (!id) throw new UsageError('usage: platen templates remove TEMPLATE_ID');
      withStore(p, (store) => {
        if (!store.templates.remove(id)) throw new CliError(`no template ${id}`);
      });
      createIo(p.json).result({ id, removed: true }, `removed template ${id}`);
      return;
    }
    default:
      throw new UsageError('usage: platen templates add --account ACCOUNT_ID --name N --html FILE [--css FILE] [--sample FILE] [--id TEMPLATE_ID] | list --account ACCOUNT_ID | remove TEMPLATE_ID');
  }
}
