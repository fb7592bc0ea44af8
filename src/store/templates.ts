// Templates: Nunjucks HTML + CSS + sample params + assets, owned by one account, kept in
// numbered versions. The template ID is unique across the installation (it is what clients
// send as `templateId`); a lookup is always by (account, ID), so another account's template
// is simply not found.
//
// Versions are immutable: every change (content, an asset added, replaced or removed) makes
// version N+1 and leaves version N as it was, so an old version renders the same bytes
// forever. The `templates` row mirrors the latest version. Asset bytes live once per SHA-256 in
// `asset_blobs`; a version lists (path → sha256, content type), so unchanged assets are shared
// by every version without copying bytes. A blob no version refers to any more is deleted in
// the same transaction that dropped its last reference.
import { createHash } from 'node:crypto';
import { statement, type Db } from './db';
import { newId, nowIso } from './ids';
import { readCacheFor, type ReadCache } from './readCache';

/** IDs chosen by clients: URL-safe (letters, digits, `_ . -`), starting with a letter or digit, at most 64 characters. */
export const TEMPLATE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export interface Template {
  readonly id: string;
  readonly accountId: string;
  readonly name: string;
  readonly html: string;
  readonly css: string;
  readonly sampleParams: Record<string, unknown>;
  /** the latest version: starts at 1, +1 on every change; the render layer caches compiled templates by (id, version) */
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A template without its content, for listings. */
export interface TemplateSummary {
  readonly id: string;
  readonly name: string;
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** One stored asset of a version. */
export interface AssetRef {
  /** normalised relative path, e.g. `img/logo.png` */
  readonly path: string;
  /** hex SHA-256 of the bytes: the blob's key */
  readonly sha256: string;
  readonly size: number;
  readonly contentType: string;
}

/** One immutable version of a template. */
export interface TemplateVersion {
  readonly templateId: string;
  readonly version: number;
  readonly name: string;
  readonly html: string;
  readonly css: string;
  readonly sampleParams: Record<string, unknown>;
  readonly assets: readonly AssetRef[];
  readonly createdAt: string;
}

/** A version without its content, for listings. */
export interface TemplateVersionSummary {
  readonly version: number;
  readonly name: string;
  readonly createdAt: string;
  readonly assetCount: number;
  readonly assetBytes: number;
}

interface TemplateRow {
  id: string; account_id: string; name: string; html: string; css: string; sample_params: string; version: number; created_at: string; updated_at: string;
}
interface VersionRow { template_id: string; version: number; name: string; html: string; css: string; sample_params: string; created_at: string }
interface AssetRow { path: string; sha256: string; size: number; content_type: string }

function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id, accountId: row.account_id, name: row.name, html: row.html, css: row.css,
    sampleParams: JSON.parse(row.sample_params) as Record<string, unknown>, version: row.version, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

const toAsset = (r: AssetRow): AssetRef => ({ path: r.path, sha256: r.sha256, size: r.size, contentType: r.content_type });

export class TemplateIdTakenError extends Error {
  constructor(id: string) {
    super(`template ID "${id}" is already taken`);
    this.name = 'TemplateIdTakenError';
  }
}

/** An update was conditional on a version that is no longer the latest (HTTP If-Match → 412). */
export class TemplateVersionMismatchError extends Error {
  constructor(readonly expected: number, readonly actual: number) {
    super(`the template is at version ${actual}, not ${expected}`);
    this.name = 'TemplateVersionMismatchError';
  }
}

/** The assets of a version would exceed the per-template byte limit. */
export class TemplateAssetsTooLargeError extends Error {
  constructor(readonly totalBytes: number, readonly maxBytes: number) {
    super(`the template's assets would take ${totalBytes} bytes, over the limit of ${maxBytes}`);
    this.name = 'TemplateAssetsTooLargeError';
  }
}

export interface SaveTemplateInput {
  readonly accountId: string;
  readonly id?: string;
  readonly name: string;
  readonly html: string;
  readonly css?: string;
  readonly sampleParams?: Record<string, unknown>;
}

export interface TemplateContent {
  readonly name?: string;
  readonly html?: string;
  readonly css?: string;
  readonly sampleParams?: Record<string, unknown>;
}

export interface UpdateOptions {
  /** only if the latest version is this one (If-Match); else TemplateVersionMismatchError */
  readonly ifVersion?: number;
}

export interface PutAssetInput extends UpdateOptions {
  readonly path: string;
  readonly bytes: Uint8Array;
  readonly contentType: string;
  /** largest total of the new version's asset sizes; TemplateAssetsTooLargeError above */
  readonly maxTemplateBytes?: number;
}

export interface ListOptions {
  /** IDs after this one (the cursor), in ID order */
  readonly after?: string;
  /** at most this many; default 50 */
  readonly limit?: number;
  /** only templates whose name contains this, case-insensitively (ASCII) */
  readonly nameContains?: string;
}

export interface AssetChange {
  readonly template: Template;
  /** false when the asset was already there with the same bytes and type (no new version) */
  readonly changed: boolean;
  readonly asset?: AssetRef;
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export class TemplateStore {
  private readonly cache: ReadCache;

  constructor(private readonly db: Db) { this.cache = readCacheFor(db); }

  /**
   * Creates a template, or makes a new version of the account's own template with that ID
   * (its assets carried over). An ID held by another account is refused. For the CLI and the
   * demo; the API uses create() and update(), which do not overwrite silently.
   */
  save(input: SaveTemplateInput): Template {
    const id = input.id ?? newId('tpl');
    if (!TEMPLATE_ID_PATTERN.test(id)) throw new Error(`template ID "${id}" must match ${TEMPLATE_ID_PATTERN}`);
    return this.db.transaction(() => {
      const existing = this.getAny(id);
      if (existing && existing.accountId !== input.accountId) throw new TemplateIdTakenError(id);
      if (existing) return this.writeVersion(existing, { name: input.name, html: input.html, css: input.css ?? '', sampleParams: input.sampleParams ?? {} }, this.assetsOf(id, existing.version));
      return this.insertNew(id, input);
    }).immediate();
  }

  /** Creates a new template at version 1; an existing ID (of any account) is TemplateIdTakenError. */
  create(input: SaveTemplateInput): Template {
    const id = input.id ?? newId('tpl');
    if (!TEMPLATE_ID_PATTERN.test(id)) throw new Error(`template ID "${id}" must match ${TEMPLATE_ID_PATTERN}`);
    return this.db.transaction(() => {
      if (this.getAny(id)) throw new TemplateIdTakenError(id);
      return this.insertNew(id, input);
    }).immediate();
  }

  /**
   * A new version of the account's template: fields not given keep the latest version's value;
   * assets are carried over. undefined when the account has no such template.
   */
  update(accountId: string, id: string, content: TemplateContent, options: UpdateOptions = {}): Template | undefined {
    return this.db.transaction(() => {
      const current = this.get(accountId, id);
      if (!current) return undefined;
      this.checkVersion(current, options);
      return this.writeVersion(current, {
        name: content.name ?? current.name, html: content.html ?? current.html, css: content.css ?? current.css, sampleParams: content.sampleParams ?? current.sampleParams,
      }, this.assetsOf(id, current.version));
    }).immediate();
  }

  /**
   * A new version with an older version's content and assets, so it renders as that version
   * did; undefined when the account has no such template or the template no such version.
   */
  restore(accountId: string, id: string, version: number, options: UpdateOptions = {}): Template | undefined {
    return this.db.transaction(() => {
      const current = this.get(accountId, id);
      if (!current) return undefined;
      const old = this.getVersion(accountId, id, version);
      if (!old) return undefined;
      this.checkVersion(current, options);
      return this.writeVersion(current, old, old.assets);
    }).immediate();
  }

  /** The account's template with that ID (its latest version); another account's is undefined too. */
  get(accountId: string, id: string): Template | undefined {
    return this.cache.get(`template\0${accountId}\0${id}`, () => {
      const row = statement(this.db, 'SELECT * FROM templates WHERE id = ? AND account_id = ?').get(id, accountId) as TemplateRow | undefined;
      return row && [toTemplate(row), row.html.length + row.css.length + row.sample_params.length + row.name.length] as const;
    });
  }

  /** Administrative lookup (CLI), regardless of account. */
  getAny(id: string): Template | undefined {
    const row = statement(this.db, 'SELECT * FROM templates WHERE id = ?').get(id) as TemplateRow | undefined;
    return row && toTemplate(row);
  }

  list(accountId: string): Template[] {
    return (statement(this.db, 'SELECT * FROM templates WHERE account_id = ? ORDER BY created_at, id').all(accountId) as TemplateRow[]).map(toTemplate);
  }

  /** Every template of the account without its content (the dashboard's list), by name. */
  summaries(accountId: string): TemplateSummary[] {
    return (statement(this.db, 'SELECT id, name, version, created_at, updated_at FROM templates WHERE account_id = ? ORDER BY name, id').all(accountId) as
      { id: string; name: string; version: number; created_at: string; updated_at: string }[])
      .map((r) => ({ id: r.id, name: r.name, version: r.version, createdAt: r.created_at, updatedAt: r.updated_at }));
  }

  /** One page of the account's templates in ID order: pass the last ID of a page as `after` for the next. */
  page(accountId: string, options: ListOptions = {}): Template[] {
    const limit = Math.max(1, Math.min(1000, Math.floor(options.limit ?? 50)));
    const like = options.nameContains ? `%${options.nameContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : '%';
    return (statement(this.db, "SELECT * FROM templates WHERE account_id = ? AND id > ? AND name LIKE ? ESCAPE '\\' ORDER BY id LIMIT ?")
      .all(accountId, options.after ?? '', like, limit) as TemplateRow[]).map(toTemplate);
  }

  /** Every version of the account's template, oldest first; undefined when no such template. */
  versions(accountId: string, id: string): TemplateVersionSummary[] | undefined {
    if (!this.get(accountId, id)) return undefined;
    const rows = statement(this.db, `SELECT v.version, v.name, v.created_at,
        (SELECT count(*) FROM template_assets a WHERE a.template_id = v.template_id AND a.version = v.version) AS asset_count,
        (SELECT coalesce(sum(b.size), 0) FROM template_assets a JOIN asset_blobs b ON b.sha256 = a.sha256 WHERE a.template_id = v.template_id AND a.version = v.version) AS asset_bytes
      FROM template_versions v WHERE v.template_id = ? ORDER BY v.version`).all(id) as { version: number; name: string; created_at: string; asset_count: number; asset_bytes: number }[];
    return rows.map((r) => ({ version: r.version, name: r.name, createdAt: r.created_at, assetCount: r.asset_count, assetBytes: r.asset_bytes }));
  }

  /** One version of the account's template with its assets (without bytes); undefined when either does not exist. */
  getVersion(accountId: string, id: string, version: number): TemplateVersion | undefined {
    if (!this.get(accountId, id)) return undefined;
    const row = statement(this.db, 'SELECT * FROM template_versions WHERE template_id = ? AND version = ?').get(id, version) as VersionRow | undefined;
    if (!row) return undefined;
    return {
      templateId: row.template_id, version: row.version, name: row.name, html: row.html, css: row.css,
      sampleParams: JSON.parse(row.sample_params) as Record<string, unknown>, assets: this.assetsOf(id, version), createdAt: row.created_at,
    };
  }

  /** The assets of a version, by path. */
  assetsOf(id: string, version: number): readonly AssetRef[] {
    return this.cache.get(`assets\0${id}\0${version}`, () => {
      const rows = (statement(this.db, `SELECT a.path, a.sha256, b.size, a.content_type FROM template_assets a JOIN asset_blobs b ON b.sha256 = a.sha256
        WHERE a.template_id = ? AND a.version = ? ORDER BY a.path`).all(id, version) as AssetRow[]).map(toAsset);
      return [rows, rows.reduce((n, a) => n + 128 + a.path.length, 0)] as const;
    })!;
  }

  /** The bytes of a blob; undefined when no version refers to it any more. */
  blob(sha256: string): Buffer | undefined {
    return (statement(this.db, 'SELECT bytes FROM asset_blobs WHERE sha256 = ?').get(sha256) as { bytes: Buffer } | undefined)?.bytes;
  }

  /**
   * Adds or replaces one asset: a new version with the same content and that asset. The same
   * bytes and type already at that path change nothing. undefined when no such template.
   */
  putAsset(accountId: string, id: string, input: PutAssetInput): AssetChange | undefined {
    const sha256 = sha256Hex(input.bytes);
    return this.db.transaction((): AssetChange | undefined => {
      const current = this.get(accountId, id);
      if (!current) return undefined;
      this.checkVersion(current, input);
      const assets = this.assetsOf(id, current.version);
      const old = assets.find((a) => a.path === input.path);
      if (old && old.sha256 === sha256 && old.contentType === input.contentType) return { template: current, changed: false, asset: old };
      const asset: AssetRef = { path: input.path, sha256, size: input.bytes.byteLength, contentType: input.contentType };
      const next = [...assets.filter((a) => a.path !== input.path), asset];
      const total = next.reduce((sum, a) => sum + a.size, 0);
      if (input.maxTemplateBytes !== undefined && total > input.maxTemplateBytes) throw new TemplateAssetsTooLargeError(total, input.maxTemplateBytes);
      statement(this.db, 'INSERT INTO asset_blobs (sha256, size, bytes) VALUES (?, ?, ?) ON CONFLICT (sha256) DO NOTHING')
        .run(sha256, input.bytes.byteLength, Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength));
      return { template: this.writeVersion(current, current, next), changed: true, asset };
    }).immediate();
  }

  /** Removes one asset: a new version without it. `changed: false` when there was no such asset; undefined when no such template. */
  deleteAsset(accountId: string, id: string, path: string, options: UpdateOptions = {}): AssetChange | undefined {
    return this.db.transaction((): AssetChange | undefined => {
      const current = this.get(accountId, id);
      if (!current) return undefined;
      this.checkVersion(current, options);
      const assets = this.assetsOf(id, current.version);
      if (!assets.some((a) => a.path === path)) return { template: current, changed: false };
      return { template: this.writeVersion(current, current, assets.filter((a) => a.path !== path)), changed: true };
    }).immediate();
  }

  /** Deletes a template with all its versions (any account: the CLI); false when no such template. */
  remove(id: string): boolean {
    return this.db.transaction(() => {
      const removed = statement(this.db, 'DELETE FROM templates WHERE id = ?').run(id).changes === 1;
      if (removed) this.dropUnreferencedBlobs();
      return removed;
    }).immediate();
  }

  /** Deletes the account's template with all its versions; false when the account has no such template. */
  removeOwned(accountId: string, id: string, options: UpdateOptions = {}): boolean {
    return this.db.transaction(() => {
      const current = this.get(accountId, id);
      if (!current) return false;
      this.checkVersion(current, options);
      statement(this.db, 'DELETE FROM templates WHERE id = ? AND account_id = ?').run(id, accountId);
      this.dropUnreferencedBlobs();
      return true;
    }).immediate();
  }

  private checkVersion(current: Template, options: UpdateOptions): void {
    if (options.ifVersion !== undefined && options.ifVersion !== current.version) throw new TemplateVersionMismatchError(options.ifVersion, current.version);
  }

  private insertNew(id: string, input: SaveTemplateInput): Template {
    const now = nowIso();
    const css = input.css ?? '';
    const sample = JSON.stringify(input.sampleParams ?? {});
    statement(this.db, 'INSERT INTO templates (id, account_id, name, html, css, sample_params, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)')
      .run(id, input.accountId, input.name, input.html, css, sample, now, now);
    statement(this.db, 'INSERT INTO template_versions (template_id, version, name, html, css, sample_params, created_at) VALUES (?, 1, ?, ?, ?, ?, ?)')
      .run(id, input.name, input.html, css, sample, now);
    return this.getAny(id)!;
  }

  /** Writes version current.version + 1 with this content and these assets; the caller holds the transaction. */
  private writeVersion(current: Template, content: Required<Omit<TemplateContent, never>>, assets: readonly AssetRef[]): Template {
    const now = nowIso();
    const version = current.version + 1;
    const sample = JSON.stringify(content.sampleParams);
    statement(this.db, 'UPDATE templates SET name = ?, html = ?, css = ?, sample_params = ?, version = ?, updated_at = ? WHERE id = ?')
      .run(content.name, content.html, content.css, sample, version, now, current.id);
    statement(this.db, 'INSERT INTO template_versions (template_id, version, name, html, css, sample_params, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(current.id, version, content.name, content.html, content.css, sample, now);
    const insert = statement(this.db, 'INSERT INTO template_assets (template_id, version, path, sha256, content_type) VALUES (?, ?, ?, ?, ?)');
    for (const a of assets) insert.run(current.id, version, a.path, a.sha256, a.contentType);
    this.dropUnreferencedBlobs();
    return this.getAny(current.id)!;
  }

  private dropUnreferencedBlobs(): void {
    statement(this.db, 'DELETE FROM asset_blobs WHERE NOT EXISTS (SELECT 1 FROM template_assets a WHERE a.sha256 = asset_blobs.sha256)').run();
  }
}
