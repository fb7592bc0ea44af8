// Templates in the dashboard: the list (Name, template ID, Version, Updated; search, sort), the
// editor (create, edit, history, an older version, restore, delete) and the live preview's JSON endpoint.
import type Router from '@koa/router';
import { PlatenError } from '../errors';
import type { AppContext, AppState } from '../http/context';
import { loadAssets } from '../http/routes/templates';
import type { Renderer, RenderJob } from '../render';
import { sourceWarnings, warningFromDiagnostic, warningFromRenderError, type RenderWarning } from '../render/sample';
import { TEMPLATE_ID_PATTERN, TemplateIdTakenError, TemplateVersionMismatchError, type Template, type TemplateSummary } from '../store';
import { DashboardError, type Dashboard } from './context';
import { readText } from './forms';
import { parseJsonObject, templateProblems, type Problem } from './validate';

const SORTS = {
  name: (a: TemplateSummary, b: TemplateSummary) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  id: (a: TemplateSummary, b: TemplateSummary) => a.id.localeCompare(b.id),
  version: (a: TemplateSummary, b: TemplateSummary) => a.version - b.version || a.id.localeCompare(b.id),
  updated: (a: TemplateSummary, b: TemplateSummary) => a.updatedAt.localeCompare(b.updatedAt) || a.id.localeCompare(b.id),
} as const;
type SortKey = keyof typeof SORTS;

const MAX_NAME_LENGTH = 200;

/** TEMPLATE_ID_PATTERN for an HTML pattern attribute: anchored by the browser, compiled with the `v` flag (a literal `-` escaped). */
const ID_PATTERN_ATTRIBUTE = TEMPLATE_ID_PATTERN.source.replace(/^\^|\$$/g, '').replace('_.-]', '_.\\-]');

interface Draft {
  readonly id: string;
  readonly name: string;
  readonly html: string;
  readonly css: string;
  readonly sample: string;
}

function draftOf(t: Template): Draft {
  return { id: t.id, name: t.name, html: t.html, css: t.css, sample: JSON.stringify(t.sampleParams, null, 2) };
}

/** Where an engine or render warning belongs in the editors. */
function toProblem(w: RenderWarning): Problem {
  // sources as the engine and src/render/sample name them
  const field = w.source === 'template CSS' ? 'css' : 'html';
  const inDocument = w.source !== 'template CSS' && w.source !== 'template';
  return {
    field, code: w.code, severity: 'warning',
    message: inDocument && w.line > 0 ? `${w.message} (line ${w.line} of the HTML as rendered with the sample)` : w.message,
    // a line of the rendered document is not a line of the template: listed, not marked
    line: inDocument ? 0 : w.line, column: inDocument ? 0 : w.column,
  };
}

/** Renders a draft with its sample params and the account's globals: the PDF and the engine's warnings. */
async function renderDraft(renderer: Renderer, job: RenderJob): Promise<{ pdf?: Buffer; warnings: Problem[]; failed?: Problem }> {
  const source = sourceWarnings(job.template.html).map(toProblem);
  try {
    const out = await renderer.render(job);
    return { pdf: out.pdf, warnings: [...source, ...out.diagnostics.map((diag) => toProblem(warningFromDiagnostic(diag)))] };
  } catch (err) {
    if (err instanceof PlatenError && (err.code === 'overloaded' || err.code === 'storage_unavailable')) throw err;
    const w = toProblem(warningFromRenderError(err));
    return { warnings: source, failed: { ...w, severity: 'error' } };
  }
}

function previewJob(accountId: string, draft: { html: string; css: string }, params: Record<string, unknown>, globals: Record<string, unknown>, assets: RenderJob['assets']): RenderJob {
  // one cache slot per account's draft: the cache recompiles when the source differs
  return { template: { id: `dashboard-preview:${accountId}`, version: 0, html: draft.html, css: draft.css }, params, globals, format: 'A4', ...(assets ? { assets } : {}) };
}

export function addTemplateRoutes(router: Router<AppState>, d: Dashboard): void {
  const accountOf = (ctx: AppContext) => d.session(ctx).user.accountId;
  const owned = (ctx: AppContext): Template => {
    const t = d.store.templates.get(accountOf(ctx), ctx.params.id ?? '');
    if (!t) throw new DashboardError(404, 'Your account has no template with this ID.');
    return t;
  };

  router.get('/templates', (ctx) => {
    const q = typeof ctx.query.q === 'string' ? ctx.query.q.trim().slice(0, 200) : '';
    const sort: SortKey = typeof ctx.query.sort === 'string' && ctx.query.sort in SORTS ? ctx.query.sort as SortKey : 'name';
    const dir = ctx.query.dir === 'desc' ? 'desc' : 'asc';
    const all = d.store.templates.summaries(accountOf(ctx));
    const needle = q.toLowerCase();
    const shown = needle ? all.filter((t) => t.name.toLowerCase().includes(needle) || t.id.toLowerCase().includes(needle)) : all;
    shown.sort(SORTS[sort]);
    if (dir === 'desc') shown.reverse();
    d.page(ctx, 'templates.njk', { title: 'Templates', templates: shown, total: all.length, q, sort, dir, deleted: ctx.query.deleted });
  });

  const editor = (ctx: AppContext, data: { mode: 'create' | 'edit'; draft: Draft; version?: number; problems?: Problem[]; saved?: number; restored?: number }, status = 200) => {
    const versions = data.mode === 'edit' ? d.store.templates.versions(accountOf(ctx), data.draft.id) ?? [] : [];
    const problems = data.problems ?? [];
    d.page(ctx, 'template.njk', {
      title: data.mode === 'create' ? 'New template' : data.draft.name, ...data, problems,
      errors: problems.filter((p) => p.severity === 'error'), warnings: problems.filter((p) => p.severity === 'warning'),
      versions: [...versions].reverse(), idPattern: ID_PATTERN_ATTRIBUTE,
    }, status);
  };

  router.get('/templates/new', (ctx) => {
    editor(ctx, { mode: 'create', draft: { id: '', name: '', html: NEW_HTML, css: NEW_CSS, sample: NEW_SAMPLE } });
  });

  router.get('/templates/:id', (ctx) => {
    const t = owned(ctx);
    const saved = Number(ctx.query.saved);
    const restored = Number(ctx.query.restored);
    editor(ctx, {
      mode: 'edit', draft: draftOf(t), version: t.version,
      ...(Number.isInteger(saved) && saved > 0 ? { saved } : {}), ...(Number.isInteger(restored) && restored > 0 ? { restored } : {}),
    });
  });

  /** Checks a posted draft; the problems, and the sample params when they parse. */
  const check = (draft: Draft, isNew: boolean): { problems: Problem[]; sample?: Record<string, unknown> } => {
    const problems: Problem[] = [];
    if (draft.name.trim() === '') problems.push({ field: 'name', code: 'required', message: 'A name is required.', line: 0, column: 0, severity: 'error' });
    else if (draft.name.length > MAX_NAME_LENGTH) problems.push({ field: 'name', code: 'too-long', message: `The name may have at most ${MAX_NAME_LENGTH} characters.`, line: 0, column: 0, severity: 'error' });
    if (isNew && draft.id !== '' && !TEMPLATE_ID_PATTERN.test(draft.id)) {
      problems.push({ field: 'id', code: 'invalid-id', message: 'A template ID has 1–64 letters, digits, "_", "." or "-", and starts with a letter or digit.', line: 0, column: 0, severity: 'error' });
    }
    problems.push(...templateProblems(draft.html));
    const sample = parseJsonObject(draft.sample, 'sample', 'Sample params');
    if (sample.problem) problems.push(sample.problem);
    return { problems, ...(sample.value ? { sample: sample.value } : {}) };
  };

  /** After a save: the engine's warnings on the sample, shown on the editor; none → back to it by redirect. */
  const afterSave = async (ctx: AppContext, t: Template) => {
    const account = d.store.accounts.get(t.accountId)!;
    const { warnings, failed } = await renderDraft(d.renderer, {
      template: { id: t.id, version: t.version, html: t.html, css: t.css }, params: t.sampleParams, globals: account.globals, format: 'A4',
      assets: loadAssets(d.store, d.store.templates.assetsOf(t.id, t.version)),
    });
    const all = failed ? [{ ...failed, severity: 'warning' as const }, ...warnings] : warnings;
    if (all.length === 0) {
      ctx.status = 303;
      ctx.redirect(`/dashboard/templates/${encodeURIComponent(t.id)}?saved=${t.version}`);
      return;
    }
    editor(ctx, { mode: 'edit', draft: draftOf(t), version: t.version, saved: t.version, problems: all });
  };

  const draftFrom = (form: Readonly<Record<string, string>>, id: string): Draft => ({
    id, name: (form.name ?? '').trim(), html: form.html ?? '', css: form.css ?? '', sample: form.sample ?? '',
  });

  router.post('/templates', async (ctx) => {
    const form = await d.form(ctx);
    const draft = draftFrom(form, (form.id ?? '').trim());
    const { problems, sample } = check(draft, true);
    if (problems.length || !sample) return editor(ctx, { mode: 'create', draft, problems }, 422);
    let t: Template;
    try {
      t = d.store.templates.create({ accountId: accountOf(ctx), name: draft.name, html: draft.html, css: draft.css, sampleParams: sample, ...(draft.id ? { id: draft.id } : {}) });
    } catch (err) {
      if (!(err instanceof TemplateIdTakenError)) throw err;
      return editor(ctx, { mode: 'create', draft, problems: [{ field: 'id', code: 'id-taken', message: `The template ID "${draft.id}" is taken: choose another.`, line: 0, column: 0, severity: 'error' }] }, 409);
    }
    await afterSave(ctx, t);
  });

  router.post('/templates/:id', async (ctx) => {
    const current = owned(ctx);
    const form = await d.form(ctx);
    const draft = draftFrom(form, current.id);
    const { problems, sample } = check(draft, false);
    const base = Number(form.version);
    if (problems.length || !sample) return editor(ctx, { mode: 'edit', draft, version: Number.isInteger(base) ? base : current.version, problems }, 422);
    let t: Template | undefined;
    try {
      t = d.store.templates.update(accountOf(ctx), current.id, { name: draft.name, html: draft.html, css: draft.css, sampleParams: sample }, Number.isInteger(base) ? { ifVersion: base } : {});
    } catch (err) {
      if (!(err instanceof TemplateVersionMismatchError)) throw err;
      return editor(ctx, { mode: 'edit', draft, version: err.actual, problems: [{ field: 'name', code: 'version-conflict', severity: 'error', line: 0, column: 0,
        message: `This template was changed elsewhere (it is now at version ${err.actual}) since you opened it. Your draft is below: save again to replace that version, or reload to see it.` }] }, 409);
    }
    if (!t) throw new DashboardError(404, 'Your account has no template with this ID.');
    await afterSave(ctx, t);
  });

  // An older version read-only: its source, its assets and its preview, and the restore button.
  router.get('/templates/:id/versions/:n', (ctx) => {
    const t = owned(ctx);
    const n = Number(ctx.params.n);
    const old = Number.isInteger(n) ? d.store.templates.getVersion(accountOf(ctx), t.id, n) : undefined;
    if (!old) throw new DashboardError(404, `The template ${t.id} has no version ${ctx.params.n ?? ''}.`);
    const current = new Map(d.store.templates.assetsOf(t.id, t.version).map((a) => [a.path, a.sha256]));
    const assets = old.assets.map((a) => ({ ...a, change: !current.has(a.path) ? 'not in the current version' : current.get(a.path) === a.sha256 ? 'same as now' : 'differs from the current version' }));
    const dropped = [...current.keys()].filter((path) => !old.assets.some((a) => a.path === path));
    d.page(ctx, 'version.njk', {
      title: `${old.name}, version ${old.version}`, template: t, old, assets, dropped,
      draft: { html: old.html, css: old.css, sample: JSON.stringify(old.sampleParams, null, 2) },
    });
  });

  // Restoring makes a new version with the old version's content and assets (store.restore).
  router.post('/templates/:id/restore', async (ctx) => {
    const current = owned(ctx);
    const form = await d.form(ctx);
    const n = Number(form.version);
    const base = Number(form.base);
    let t: Template | undefined;
    try {
      t = Number.isInteger(n) ? d.store.templates.restore(accountOf(ctx), current.id, n, Number.isInteger(base) ? { ifVersion: base } : {}) : undefined;
    } catch (err) {
      if (!(err instanceof TemplateVersionMismatchError)) throw err;
      throw new DashboardError(409, `This template was changed elsewhere (it is now at version ${err.actual}) since you opened this page: nothing was restored. Look at the history again, then restore.`);
    }
    if (!t) throw new DashboardError(404, 'This template has no such version.');
    ctx.status = 303;
    ctx.redirect(`/dashboard/templates/${encodeURIComponent(t.id)}?saved=${t.version}&restored=${n}`);
  });

  router.get('/templates/:id/delete', (ctx) => {
    const t = owned(ctx);
    d.page(ctx, 'confirm.njk', {
      title: `Delete ${t.name}?`, action: `/dashboard/templates/${encodeURIComponent(t.id)}/delete`, cancel: `/dashboard/templates/${encodeURIComponent(t.id)}`,
      question: `Delete the template “${t.name}” (${t.id}) and ${t.version === 1 ? 'its only version' : `all its ${t.version} versions`}?`,
      consequence: 'API requests naming this template ID will get 404 template_not_found. This cannot be undone.', button: 'Delete template',
    });
  });

  router.post('/templates/:id/delete', async (ctx) => {
    const t = owned(ctx);
    await d.form(ctx);
    d.store.templates.removeOwned(accountOf(ctx), t.id);
    ctx.status = 303;
    ctx.redirect(`/dashboard/templates?deleted=${encodeURIComponent(t.id)}`);
  });

  // The live preview: the draft as the service renders it. JSON in ({html, css, sample}), JSON out
  // ({problems, pdf: base64}); problems that stop a render come back without a PDF.
  router.post('/api/preview', async (ctx) => {
    const type = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
    if (type !== 'application/json') throw new DashboardError(415, 'The preview takes application/json.');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readText(ctx, d.config.bodyLimitBytes)) as Record<string, unknown>;
    } catch (err) {
      if (err instanceof PlatenError) throw err;
      throw new DashboardError(400, 'The preview request is not valid JSON.');
    }
    const text = (k: string) => (typeof body?.[k] === 'string' ? body[k] as string : '');
    const draft = { html: text('html'), css: text('css') };
    const started = process.hrtime.bigint();
    const problems = templateProblems(draft.html);
    const sample = parseJsonObject(text('sample'), 'sample', 'Sample params');
    if (sample.problem) problems.push(sample.problem);
    if (problems.length || !sample.value) {
      ctx.body = { problems };
      return;
    }
    const account = d.store.accounts.get(accountOf(ctx))!;
    // a saved template's draft sees that template's assets (its images, fonts)
    // (an older version's page previews with that version's assets)
    const saved = typeof body.templateId === 'string' ? d.store.templates.get(account.id, body.templateId) : undefined;
    const version = Number.isInteger(body.version) && (body.version as number) > 0 && (body.version as number) <= (saved?.version ?? 0) ? body.version as number : saved?.version;
    const assets = saved && version ? loadAssets(d.store, d.store.templates.assetsOf(saved.id, version)) : undefined;
    const { pdf, warnings, failed } = await renderDraft(d.renderer, previewJob(account.id, draft, sample.value, account.globals, assets));
    ctx.body = {
      problems: failed ? [failed, ...warnings] : warnings,
      ...(pdf ? { pdf: pdf.toString('base64'), bytes: pdf.length } : {}),
      ms: Number(process.hrtime.bigint() - started) / 1e6,
    };
  });
}

const NEW_HTML = `<h1>Hello, {{ name }}</h1>
<p>From {{ global.companyName or "your company" }}.</p>
`;
const NEW_CSS = `@page { size: A4; margin: 2cm; }
body { font-family: Helvetica, sans-serif; }
h1 { color: #1f4e79; }
`;
const NEW_SAMPLE = `{
  "name": "Ada"
}
`;
