// platen templates push DIR [--id ID] [--name NAME] [--dry-run] --url URL --key KEY
// platen templates pull ID DIR [--version N] --url URL --key KEY
//
// Deploys from CI: a folder ⇄ a template on a remote Platen, over its HTTP API (no database
// here). The folder holds:
//
//   template.njk or index.html   the template (one of the two)
//   style.css                    the template's CSS (optional)
//   sample.json                  its sample params (optional)
//   assets/…                     files the template refers to by relative URL, e.g.
//                                <img src="assets/img/logo.png">: stored under that same path,
//                                so `platen render DIR/index.html` resolves them the same way
//
// A push changes only what differs, and every write is conditional on the version the push
// started from (If-Match), so two deploys cannot silently overwrite each other: the second
// stops with 412. Order: new and changed assets, then the content, then removed assets, so no
// version refers to an asset it lacks. At the end the template is previewed with its sample
// params and the engine's diagnostics are printed as warnings. The key comes from --key or
// PLATEN_API_KEY, the URL from --url or PLATEN_URL.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { assetPathProblem } from '../../http/assets';
import { CliError, UsageError, type Parsed } from '../args';
import { formatLocated } from '../diagnostics';
import { createIo } from '../io';

// Flags and help: ../table.ts.

const TEMPLATE_FILES = ['template.njk', 'index.html'] as const;
const ASSETS_DIR = 'assets';

interface RemoteAsset { path: string; size: number; sha256: string; contentType: string }
interface RemoteTemplate { id: string; name: string; version: number; etag: string; html: string; css: string; sampleParams: Record<string, unknown>; assets: RemoteAsset[] }
interface Located { code: string; message: string; line: number; column: number; source?: string }

/** The remote Platen: one fetch per call, problem+json turned into a CliError naming its code. */
class Remote {
  constructor(readonly base: string, private readonly key: string) {}

  async call(method: string, path: string, options: { json?: unknown; bytes?: Buffer; headers?: Record<string, string> } = {}): Promise<{ status: number; headers: Headers; body: Buffer; json: Record<string, unknown> }> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}`, ...options.headers };
    let body: string | Uint8Array | undefined;
    if (options.json !== undefined) { headers['content-type'] = 'application/json'; body = JSON.stringify(options.json); }
    if (options.bytes !== undefined) { headers['content-type'] = 'application/octet-stream'; body = new Uint8Array(options.bytes); }
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    } catch (err) {
      throw new CliError(`cannot reach ${this.base}: ${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message}`);
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = /json/.test(res.headers.get('content-type') ?? '') && bytes.length ? JSON.parse(bytes.toString('utf8')) as Record<string, unknown> : {};
    return { status: res.status, headers: res.headers, body: bytes, json };
  }

  /** The answer, or a CliError for anything but the expected statuses. */
  async expect(statuses: number[], method: string, path: string, options: Parameters<Remote['call']>[2] = {}, where?: string) {
    const a = await this.call(method, path, options);
    if (!statuses.includes(a.status)) throw problemError(a.status, a.json, where);
    return a;
  }
}

function problemError(status: number, p: Record<string, unknown>, where?: string): CliError {
  const code = typeof p.code === 'string' ? p.code : `HTTP ${status}`;
  const lines = [`${code}: ${typeof p.detail === 'string' ? p.detail : 'the server refused the request'}`];
  for (const problem of (Array.isArray(p.problems) ? p.problems : []) as Located[]) lines.push(formatLocated(where ?? 'template', problem));
  if (code === 'precondition_failed') lines.push('someone saved the template while this push ran; push again to apply your changes on top of theirs');
  return new CliError(lines.join('\n'));
}

function remoteFrom(p: Parsed): Remote {
  const url = p.str('url') ?? process.env.PLATEN_URL;
  const key = p.str('key') ?? process.env.PLATEN_API_KEY;
  if (!url) throw new UsageError('--url (or PLATEN_URL) is required: the Platen to talk to, e.g. https://pdf.example.com');
  if (!key) throw new UsageError('--key (or PLATEN_API_KEY) is required: an API key of the account');
  let base: URL;
  try { base = new URL(url); } catch { throw new UsageError(`--url "${url}" is not a URL`); }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new UsageError('--url must be http:// or https://');
  return new Remote(base.href.replace(/\/+$/, ''), key);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const idPath = (id: string) => `/v1/templates/${encodeURIComponent(id)}`;
const assetUrl = (id: string, path: string) => `${idPath(id)}/assets/${path.split('/').map(encodeURIComponent).join('/')}`;

/** Stable JSON: sampleParams compare equal whatever the order of their keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(value);
}

interface LocalTemplate {
  readonly file: string;
  readonly html: string;
  readonly css: string;
  readonly sampleParams: Record<string, unknown>;
  /** path (`assets/…`) → bytes */
  readonly assets: Map<string, Buffer>;
}

function readLocal(dir: string): LocalTemplate {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new CliError(`${dir} is not a folder`);
  const present = TEMPLATE_FILES.filter((f) => existsSync(join(dir, f)));
  if (present.length === 0) throw new CliError(`${dir} has no template.njk or index.html`);
  if (present.length > 1) throw new CliError(`${dir} has both template.njk and index.html: keep one`);
  const file = present[0]!;
  const html = readFileSync(join(dir, file), 'utf8');
  const css = existsSync(join(dir, 'style.css')) ? readFileSync(join(dir, 'style.css'), 'utf8') : '';
  let sampleParams: Record<string, unknown> = {};
  if (existsSync(join(dir, 'sample.json'))) {
    try {
      sampleParams = JSON.parse(readFileSync(join(dir, 'sample.json'), 'utf8')) as Record<string, unknown>;
    } catch (err) {
      throw new CliError(`${join(dir, 'sample.json')} is not valid JSON: ${(err as Error).message}`);
    }
    if (!sampleParams || typeof sampleParams !== 'object' || Array.isArray(sampleParams)) throw new CliError(`${join(dir, 'sample.json')} must hold a JSON object`);
  }
  const assets = new Map<string, Buffer>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) { walk(full); continue; }
      if (!entry.isFile()) continue; // symlinks and the like are not deployed
      const path = relative(dir, full).split(sep).join('/');
      const problem = assetPathProblem(path);
      if (problem) throw new CliError(`${full}: cannot be an asset: ${problem}`);
      assets.set(path, readFileSync(full));
    }
  };
  if (existsSync(join(dir, ASSETS_DIR))) walk(join(dir, ASSETS_DIR));
  return { file, html, css, sampleParams, assets };
}

async function getTemplate(remote: Remote, id: string): Promise<RemoteTemplate | undefined> {
  const a = await remote.call('GET', idPath(id));
  if (a.status === 404 && a.json.code === 'template_not_found') return undefined;
  if (a.status !== 200) throw problemError(a.status, a.json);
  return a.json as unknown as RemoteTemplate;
}

function formatWarning(w: Located, local: LocalTemplate): string {
  const where = w.source === 'template CSS' ? 'style.css' : w.source === 'template' ? local.file : `${local.file} (rendered with sample.json)`;
  return `${where}:${w.line}:${w.column}: warning: ${w.code}: ${w.message}`;
}

export async function pushCommand(p: Parsed): Promise<void> {
  const dir = p.positionals[0]!;
  const remote = remoteFrom(p);
  const id = p.str('id') ?? basename(resolve(dir));
  const dryRun = p.values['dry-run'] === true;
  const io = createIo(p.json);
  const local = readLocal(dir);
  const current = await getTemplate(remote, id);
  const name = p.str('name') ?? current?.name ?? id;

  const changes: { action: 'create' | 'update' | 'add' | 'replace' | 'delete'; what: string }[] = [];
  const remoteAssets = new Map((current?.assets ?? []).map((a) => [a.path, a]));
  const uploads = [...local.assets].filter(([path, bytes]) => remoteAssets.get(path)?.sha256 !== sha256(bytes));
  const deletions = [...remoteAssets.keys()].filter((path) => path.startsWith(`${ASSETS_DIR}/`) && !local.assets.has(path));
  const contentChanged = !current || current.html !== local.html || current.css !== local.css || canonical(current.sampleParams) !== canonical(local.sampleParams) || current.name !== name;

  if (!current) changes.push({ action: 'create', what: `${id} (${local.file}${local.css ? ', style.css' : ''}${Object.keys(local.sampleParams).length ? ', sample.json' : ''})` });
  for (const [path] of uploads) changes.push({ action: remoteAssets.has(path) ? 'replace' : 'add', what: path });
  if (current && contentChanged) {
    const parts = [current.html !== local.html && local.file, current.css !== local.css && 'style.css', canonical(current.sampleParams) !== canonical(local.sampleParams) && 'sample.json', current.name !== name && 'name'].filter(Boolean);
    changes.push({ action: 'update', what: parts.join(', ') });
  }
  for (const path of deletions) changes.push({ action: 'delete', what: path });

  let version = current?.version ?? 0;
  let etag = current?.etag;
  if (!dryRun) {
    const conditional = () => (etag ? { 'if-match': etag } : undefined);
    const step = (a: { json: Record<string, unknown>; headers: Headers }) => {
      version = typeof a.json.version === 'number' ? a.json.version : version;
      etag = a.headers.get('etag') ?? etag;
    };
    if (!current) {
      step(await remote.expect([201], 'POST', '/v1/templates', { json: { id, name, html: local.html, css: local.css, sampleParams: local.sampleParams } }, join(dir, local.file)));
    }
    for (const [path, bytes] of uploads) {
      const h = conditional();
      step(await remote.expect([200, 201], 'PUT', assetUrl(id, path), { bytes, ...(h ? { headers: h } : {}) }, path));
    }
    if (current && contentChanged) {
      const h = conditional();
      step(await remote.expect([200], 'PUT', idPath(id), { json: { name, html: local.html, css: local.css, sampleParams: local.sampleParams }, ...(h ? { headers: h } : {}) }, join(dir, local.file)));
    }
    for (const path of deletions) {
      const h = conditional();
      step(await remote.expect([200], 'DELETE', assetUrl(id, path), h ? { headers: h } : {}));
    }
  }

  // the engine's view of what is now deployed (or, with --dry-run, of the local files with the assets already deployed)
  const preview = await remote.expect([200], 'POST', '/v1/pdf/preview', {
    json: { html: local.html, css: local.css, params: local.sampleParams, ...(current || !dryRun ? { assetsFrom: id } : {}) },
    headers: { accept: 'application/json' },
  }, join(dir, local.file));
  const warnings = ((preview.json.diagnostics ?? []) as Located[]).map((w) => formatWarning(w, local));

  const sign = { create: '+', add: '+', replace: '~', update: '~', delete: '-' } as const;
  const lines = changes.map((c) => `  ${sign[c.action]} ${c.action} ${c.what}`);
  const summary = dryRun
    ? `${id}: ${changes.length ? `${changes.length} change(s) would be pushed onto version ${current?.version ?? '(new template)'}` : `up to date at version ${version}`} (dry run: nothing was written)`
    : changes.length ? `pushed ${id}: version ${version} (${changes.length} change(s))` : `${id} is up to date at version ${version}`;
  for (const w of warnings) io.note(w);
  io.result({ id, version, dryRun, changes, warnings }, [...lines, summary].join('\n'));
}

export async function pullCommand(p: Parsed): Promise<void> {
  const [id, dir] = p.positionals as [string, string];
  const remote = remoteFrom(p);
  const wanted = p.str('version');
  if (wanted !== undefined && !/^[1-9]\d{0,15}$/.test(wanted)) throw new UsageError('--version must be a positive integer');
  const t = wanted === undefined
    ? (await remote.expect([200], 'GET', idPath(id))).json as unknown as RemoteTemplate
    : (await remote.expect([200], 'GET', `${idPath(id)}/versions/${wanted}`)).json as unknown as RemoteTemplate & { templateId: string };
  mkdirSync(dir, { recursive: true });
  const root = realpathSync(dir);
  const file = existsSync(join(root, 'index.html')) ? 'index.html' : 'template.njk';
  const written: string[] = [];
  const write = (path: string, bytes: Buffer | string) => {
    const target = resolve(root, path);
    if (!target.startsWith(root + sep)) throw new CliError(`refusing to write ${path}: outside ${dir}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    written.push(path);
  };
  write(file, t.html);
  if (t.css) write('style.css', t.css);
  write('sample.json', `${JSON.stringify(t.sampleParams ?? {}, null, 2)}\n`);
  for (const asset of t.assets) {
    const problem = assetPathProblem(asset.path);
    if (problem) throw new CliError(`the server sent an asset path it should not have: ${asset.path} (${problem})`);
    const a = await remote.expect([200], 'GET', `${assetUrl(id, asset.path)}?version=${t.version}`);
    if (sha256(a.body) !== asset.sha256) throw new CliError(`${asset.path}: the bytes received do not match their SHA-256`);
    write(asset.path, a.body);
  }
  createIo(p.json).result({ id, version: t.version, dir, files: written }, `${written.map((f) => `  ${f}`).join('\n')}\npulled ${id} version ${t.version} into ${dir}`);
}
