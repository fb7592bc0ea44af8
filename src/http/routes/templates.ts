// The templates API: templates with immutable numbered versions and stored assets, all scoped
// to the key's account (another account's template answers 404 like a missing one).
//
//   GET    /v1/templates                        ?limit=&cursor=&name=   one page, in ID order
//   POST   /v1/templates                        {name, html, css?, sampleParams?, id?} → 201, version 1
//   GET    /v1/templates/:id                    the latest version, ETag "v<N>"
//   PUT    /v1/templates/:id                    {name?, html, css?, sampleParams?} → version N+1 (If-Match)
//   DELETE /v1/templates/:id                    every version and asset (If-Match)
//   GET    /v1/templates/:id/versions           summaries, oldest first
//   GET    /v1/templates/:id/versions/:n        one version with its asset list
//   GET    /v1/templates/:id/assets             the latest version's assets (?version=N for another)
//   PUT    /v1/templates/:id/assets/{*path}     raw bytes → version N+1 with that asset (If-Match)
//   GET    /v1/templates/:id/assets/{*path}     the bytes (?version=N)
//   DELETE /v1/templates/:id/assets/{*path}     version N+1 without it (If-Match)
//
// Saving checks the template (src/template/check.ts: 400 template_invalid with located
// problems) and then renders it once with its sample params; the engine's diagnostics come
// back as `warnings`, never as a refusal.
import type Router from '@koa/router';
import type { Config } from '../../config';
import type { Resource } from '../../engine';
import { PlatenError } from '../../errors';
import type { Renderer } from '../../render';
import { sampleWarnings, type RenderWarning } from '../../render/sample';
import {
  TemplateAssetsTooLargeError, TemplateIdTakenError, TemplateVersionMismatchError,
  type Account, type AssetRef, type Store, type Template, type TemplateVersion,
} from '../../store';
import type { AppContext, AppState, Middleware } from '../context';
import { assetPathProblem, sniffAssetType } from '../assets';
import { readJsonBody, readRaw, requireJson } from '../middleware/body';
import { validateCreateBody, validateUpdateBody } from '../schemas/templates';

export interface TemplatesDeps {
  readonly store: Store;
  readonly renderer: Renderer;
  readonly config: Config;
  /** auth and subscription (checks 1–2), run before anything else */
  readonly guard: readonly Middleware[];
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** The ETag of a template version. */
export const versionEtag = (version: number): string => `"v${version}"`;

/** The bytes of a version's assets, by path: what the engine's resolver may load. */
export function loadAssets(store: Store, assets: readonly AssetRef[]): Record<string, Resource> {
  const out: Record<string, Resource> = Object.create(null) as Record<string, Resource>;
  for (const a of assets) {
    const bytes = store.templates.blob(a.sha256);
    if (bytes) out[a.path] = { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: a.contentType };
  }
  return out;
}

/** The account's template, or 404 template_not_found. */
export function ownTemplate(store: Store, account: Account, id: string): Template {
  const t = store.templates.get(account.id, id);
  if (!t) throw new PlatenError('template_not_found', 'No template with this ID in your account.');
  return t;
}

const assetJson = (a: AssetRef) => ({ path: a.path, size: a.size, sha256: a.sha256, contentType: a.contentType });
const summaryJson = (t: Template) => ({ id: t.id, name: t.name, version: t.version, etag: versionEtag(t.version), createdAt: t.createdAt, updatedAt: t.updatedAt });

function templateJson(store: Store, t: Template): Record<string, unknown> {
  return { ...summaryJson(t), html: t.html, css: t.css, sampleParams: t.sampleParams, assets: store.templates.assetsOf(t.id, t.version).map(assetJson) };
}

function versionJson(v: TemplateVersion): Record<string, unknown> {
  return { templateId: v.templateId, version: v.version, etag: versionEtag(v.version), name: v.name, html: v.html, css: v.css, sampleParams: v.sampleParams, assets: v.assets.map(assetJson), createdAt: v.createdAt };
}

/**
 * If-Match → the version a write is conditional on: undefined without the header or with `*`
 * (the template exists: the lookup checks that). A list that names no version of this
 * template's form (`"v3"`) can never match: 412.
 */
function ifMatchVersion(ctx: AppContext, current: () => number): number | undefined {
  const header = ctx.get('if-match').trim();
  if (header === '' || header === '*') return undefined;
  const versions = header.split(',').map((t) => /^"v([1-9]\d{0,15})"$/.exec(t.trim())?.[1]).filter((v): v is string => v !== undefined).map(Number);
  const now = current();
  return versions.includes(now) ? now : -1;
}

function preconditionFailed(err: TemplateVersionMismatchError): PlatenError {
  return new PlatenError('precondition_failed', `If-Match does not name the latest version: the template is at version ${err.actual}.`, { extra: { currentVersion: err.actual, etag: versionEtag(err.actual) } });
}

/** Runs a store write, turning its refusals into problems. */
function write<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof TemplateVersionMismatchError) throw preconditionFailed(err);
    if (err instanceof TemplateIdTakenError) throw new PlatenError('template_exists', 'A template with this ID already exists; choose another ID or PUT a new version of yours.');
    if (err instanceof TemplateAssetsTooLargeError) {
      throw new PlatenError('asset_too_large', `The template's assets would take ${err.totalBytes} bytes, over the limit of ${err.maxBytes}.`, { extra: { limit: 'template', maxBytes: err.maxBytes } });
    }
    throw err;
  }
}

/**
 * 400 template_invalid when the save-time check finds problems. Nunjucks' parser is loaded on
 * the first save, not at start-up: the HTTP thread of a server that only renders stays small.
 */
export async function refuseInvalid(html: string): Promise<void> {
  const { checkTemplate } = await import('../../template/check.js');
  const problems = checkTemplate(html);
  if (problems.length) {
    const first = problems[0]!;
    throw new PlatenError('template_invalid', `The template is refused: ${first.line}:${first.column}: ${first.message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}.`, { extra: { problems } });
  }
}

async function warningsFor(deps: TemplatesDeps, account: Account, t: Template): Promise<RenderWarning[]> {
  return sampleWarnings(deps.renderer, {
    template: { id: t.id, version: t.version, html: t.html, css: t.css },
    params: t.sampleParams,
    globals: account.globals,
    format: 'A4',
    assets: loadAssets(deps.store, deps.store.templates.assetsOf(t.id, t.version)),
  });
}

function positiveInt(raw: string | undefined, name: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^[1-9]\d{0,15}$/.test(raw) || Number(raw) > max) {
    throw new PlatenError('invalid_query', `"${name}" must be an integer from 1 to ${max}.`, { extra: { parameter: name } });
  }
  return Number(raw);
}

function queryString(ctx: AppContext, name: string): string | undefined {
  const v = ctx.query[name];
  if (Array.isArray(v)) throw new PlatenError('invalid_query', `"${name}" may be given once.`, { extra: { parameter: name } });
  return v;
}

const cursorFor = (id: string) => Buffer.from(id, 'utf8').toString('base64url');
function afterCursor(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const id = Buffer.from(raw, 'base64url').toString('utf8');
  if (raw === '' || cursorFor(id) !== raw || id.length > 64) throw new PlatenError('invalid_query', '"cursor" is not a cursor this API gave out.', { extra: { parameter: 'cursor' } });
  return id;
}

/** The version ?version=N names (the latest without it), or 404. */
function versionOf(ctx: AppContext, store: Store, t: Template): TemplateVersion {
  const n = positiveInt(queryString(ctx, 'version'), 'version') ?? t.version;
  const v = store.templates.getVersion(t.accountId, t.id, n);
  if (!v) throw new PlatenError('template_version_not_found', `The template has no version ${n}.`, { extra: { latestVersion: t.version } });
  return v;
}

function assetPathParam(ctx: AppContext): string {
  const raw = (ctx.params as Record<string, string | undefined>).path ?? '';
  const problem = assetPathProblem(raw);
  if (problem) throw new PlatenError('invalid_asset_path', `Invalid asset path: ${problem}.`);
  return raw;
}

export function addTemplateRoutes(api: Router<AppState>, deps: TemplatesDeps): void {
  const { store, config } = deps;
  const guard = deps.guard as Middleware[];
  const json = [requireJson(), readJsonBody({ limit: config.bodyLimitBytes })];
  const account = (ctx: AppContext) => ctx.state.account!;
  const idParam = (ctx: AppContext) => (ctx.params as Record<string, string>).id!;

  api.get('/v1/templates', ...guard, async (ctx) => {
    const limit = positiveInt(queryString(ctx, 'limit'), 'limit', MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE;
    const after = afterCursor(queryString(ctx, 'cursor'));
    const nameContains = queryString(ctx, 'name');
    // one more than asked tells whether there is a next page
    const rows = store.templates.page(account(ctx).id, { limit: limit + 1, ...(after !== undefined ? { after } : {}), ...(nameContains ? { nameContains } : {}) });
    const page = rows.slice(0, limit);
    ctx.body = { templates: page.map(summaryJson), nextCursor: rows.length > limit ? cursorFor(page[page.length - 1]!.id) : null };
  });

  api.post('/v1/templates', ...guard, ...json, async (ctx) => {
    const body = validateCreateBody(ctx.state.body!);
    await refuseInvalid(body.html);
    const t = write(() => store.templates.create({ accountId: account(ctx).id, ...body }));
    const warnings = await warningsFor(deps, account(ctx), t);
    ctx.status = 201;
    ctx.set('Location', `/v1/templates/${encodeURIComponent(t.id)}`);
    ctx.set('ETag', versionEtag(t.version));
    ctx.body = { ...templateJson(store, t), warnings };
  });

  api.get('/v1/templates/:id', ...guard, async (ctx) => {
    const t = ownTemplate(store, account(ctx), idParam(ctx));
    ctx.set('ETag', versionEtag(t.version));
    ctx.body = templateJson(store, t);
  });

  api.put('/v1/templates/:id', ...guard, async (ctx, next) => {
    ownTemplate(store, account(ctx), idParam(ctx)); // 404 before the body is read
    await next();
  }, ...json, async (ctx) => {
    const body = validateUpdateBody(ctx.state.body!);
    await refuseInvalid(body.html);
    const id = idParam(ctx);
    const ifVersion = ifMatchVersion(ctx, () => ownTemplate(store, account(ctx), id).version);
    const t = write(() => store.templates.update(account(ctx).id, id, body, ifVersion === undefined ? {} : { ifVersion }));
    if (!t) throw new PlatenError('template_not_found', 'No template with this ID in your account.');
    const warnings = await warningsFor(deps, account(ctx), t);
    ctx.set('ETag', versionEtag(t.version));
    ctx.body = { ...templateJson(store, t), warnings };
  });

  api.delete('/v1/templates/:id', ...guard, async (ctx) => {
    const id = idParam(ctx);
    const current = ownTemplate(store, account(ctx), id);
    const ifVersion = ifMatchVersion(ctx, () => current.version);
    if (!write(() => store.templates.removeOwned(account(ctx).id, id, ifVersion === undefined ? {} : { ifVersion }))) {
      throw new PlatenError('template_not_found', 'No template with this ID in your account.');
    }
    ctx.status = 204;
  });

  api.get('/v1/templates/:id/versions', ...guard, async (ctx) => {
    const t = ownTemplate(store, account(ctx), idParam(ctx));
    ctx.body = { templateId: t.id, latestVersion: t.version, versions: store.templates.versions(account(ctx).id, t.id) ?? [] };
  });

  api.get('/v1/templates/:id/versions/:n', ...guard, async (ctx) => {
    const t = ownTemplate(store, account(ctx), idParam(ctx));
    const raw = (ctx.params as Record<string, string>).n!;
    const n = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
    if (n === undefined) throw new PlatenError('invalid_template_version', 'A version is a positive integer.');
    const v = store.templates.getVersion(account(ctx).id, t.id, n);
    if (!v) throw new PlatenError('template_version_not_found', `The template has no version ${n}.`, { extra: { latestVersion: t.version } });
    ctx.set('ETag', versionEtag(v.version));
    ctx.body = versionJson(v);
  });

  api.get('/v1/templates/:id/assets', ...guard, async (ctx) => {
    const t = ownTemplate(store, account(ctx), idParam(ctx));
    const v = versionOf(ctx, store, t);
    ctx.body = { templateId: t.id, version: v.version, assets: v.assets.map(assetJson) };
  });

  api.put('/v1/templates/:id/assets/{*path}', ...guard, async (ctx) => {
    const id = idParam(ctx);
    const path = assetPathParam(ctx);
    const current = ownTemplate(store, account(ctx), id);
    const max = config.assetMaxBytes;
    const bytes = await readRaw(ctx, max, () => new PlatenError('asset_too_large', `The asset is larger than ${max} bytes.`, { extra: { limit: 'asset', maxBytes: max } }));
    const sniffed = sniffAssetType(bytes);
    if (!sniffed.ok) throw new PlatenError('unsupported_asset_type', `The asset is not accepted: ${sniffed.why}.`);
    // an image, font or CSS type the client declared must be what the bytes are; any other
    // (octet-stream, or what curl and fetch send by default) leaves it to the bytes
    const declared = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
    if ((/^(image|font)\//.test(declared) || declared === 'text/css') && declared !== sniffed.type && !(declared === 'image/jpg' && sniffed.type === 'image/jpeg')) {
      throw new PlatenError('unsupported_asset_type', `The bytes are ${sniffed.type}, not the declared ${declared.slice(0, 100)}; send the right Content-Type or application/octet-stream.`, { extra: { detectedType: sniffed.type } });
    }
    const ifVersion = ifMatchVersion(ctx, () => current.version);
    const existed = store.templates.assetsOf(id, current.version).some((a) => a.path === path);
    const change = write(() => store.templates.putAsset(account(ctx).id, id, {
      path, bytes, contentType: sniffed.type, maxTemplateBytes: config.templateAssetsMaxBytes, ...(ifVersion === undefined ? {} : { ifVersion }),
    }));
    if (!change) throw new PlatenError('template_not_found', 'No template with this ID in your account.');
    ctx.status = existed ? 200 : 201;
    if (!existed) ctx.set('Location', `/v1/templates/${encodeURIComponent(id)}/assets/${path}`);
    ctx.set('ETag', versionEtag(change.template.version));
    ctx.body = { templateId: id, version: change.template.version, changed: change.changed, asset: assetJson(change.asset!) };
  });

  api.get('/v1/templates/:id/assets/{*path}', ...guard, async (ctx) => {
    const path = assetPathParam(ctx);
    const t = ownTemplate(store, account(ctx), idParam(ctx));
    const v = versionOf(ctx, store, t);
    const asset = v.assets.find((a) => a.path === path);
    const bytes = asset && store.templates.blob(asset.sha256);
    if (!asset || !bytes) throw new PlatenError('asset_not_found', `Version ${v.version} of the template has no asset "${path}".`);
    ctx.set('ETag', `"${asset.sha256}"`);
    ctx.set('X-Template-Version', String(v.version));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    ctx.type = asset.contentType;
    ctx.body = bytes;
  });

  api.delete('/v1/templates/:id/assets/{*path}', ...guard, async (ctx) => {
    const id = idParam(ctx);
    const path = assetPathParam(ctx);
    const current = ownTemplate(store, account(ctx), id);
    const ifVersion = ifMatchVersion(ctx, () => current.version);
    const change = write(() => store.templates.deleteAsset(account(ctx).id, id, path, ifVersion === undefined ? {} : { ifVersion }));
    if (!change) throw new PlatenError('template_not_found', 'No template with this ID in your account.');
    if (!change.changed) throw new PlatenError('asset_not_found', `The latest version of the template has no asset "${path}".`);
    ctx.set('ETag', versionEtag(change.template.version));
    ctx.body = { templateId: id, version: change.template.version, changed: true };
  });
}
