// The SQLite file: pragmas and numbered migrations (PRAGMA user_version).
// One file, `<dataDir>/platen.db`. WAL + synchronous=FULL: an acknowledged write survives
// a crash or power loss; busy_timeout: a second process (the CLI while serving) waits
// instead of failing at once.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

const statements = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * The statement for `sql` on `db`, prepared once per connection. Preparing on every call was
 * 11% of the HTTP thread's CPU per request (key, account and template looked up for each one);
 * SQLite re-prepares a kept statement by itself if the schema changes under it.
 */
export function statement(db: Db, sql: string): Database.Statement {
  let byText = statements.get(db);
  if (!byText) { byText = new Map(); statements.set(db, byText); }
  let prepared = byText.get(sql);
  if (!prepared) { prepared = db.prepare(sql); byText.set(sql, prepared); }
  return prepared;
}

export const DB_FILE_NAME = 'platen.db';

/** Migration N brings the schema from user_version N-1 to N. Append only; never edit one that shipped. */
export const MIGRATIONS: readonly string[] = [
  // 1: accounts, API keys, templates
  `
  CREATE TABLE accounts (
    id                  TEXT PRIMARY KEY,
    name                TEXT NOT NULL,
    subscription_status TEXT NOT NULL DEFAULT 'active' CHECK (subscription_status IN ('active', 'past_due', 'canceled')),
    subscription_until  TEXT,
    globals             TEXT NOT NULL DEFAULT '{}',
    created_at          TEXT NOT NULL
  ) STRICT;

  CREATE TABLE api_keys (
    id           TEXT PRIMARY KEY,
    account_id   TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    prefix       TEXT NOT NULL,
    hash         BLOB NOT NULL UNIQUE,
    created_at   TEXT NOT NULL,
    last_used_at TEXT,
    revoked_at   TEXT
  ) STRICT;
  CREATE INDEX api_keys_account ON api_keys(account_id);

  CREATE TABLE templates (
    id            TEXT PRIMARY KEY,
    account_id    TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    html          TEXT NOT NULL,
    css           TEXT NOT NULL DEFAULT '',
    sample_params TEXT NOT NULL DEFAULT '{}',
    version       INTEGER NOT NULL DEFAULT 1,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
  ) STRICT;
  CREATE INDEX templates_account ON templates(account_id);
  `,
  // 2: template versions and assets. `templates` keeps the latest version's content (what a
  // render without templateVersion reads); every version, the latest included, is a row of
  // template_versions. Asset bytes are stored once per SHA-256 in asset_blobs and referenced by
  // (template, version, path) rows, so a new version shares unchanged assets without copying bytes.
  `
  CREATE TABLE template_versions (
    template_id   TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
    version       INTEGER NOT NULL CHECK (version >= 1),
    name          TEXT NOT NULL,
    html          TEXT NOT NULL,
    css           TEXT NOT NULL DEFAULT '',
    sample_params TEXT NOT NULL DEFAULT '{}',
    created_at    TEXT NOT NULL,
    PRIMARY KEY (template_id, version)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE asset_blobs (
    sha256 TEXT PRIMARY KEY,
    size   INTEGER NOT NULL,
    bytes  BLOB NOT NULL
  ) STRICT;

  CREATE TABLE template_assets (
    template_id  TEXT NOT NULL,
    version      INTEGER NOT NULL,
    path         TEXT NOT NULL,
    sha256       TEXT NOT NULL REFERENCES asset_blobs(sha256),
    content_type TEXT NOT NULL,
    PRIMARY KEY (template_id, version, path),
    FOREIGN KEY (template_id, version) REFERENCES template_versions(template_id, version) ON DELETE CASCADE
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX template_assets_blob ON template_assets(sha256);

  INSERT INTO template_versions (template_id, version, name, html, css, sample_params, created_at)
    SELECT id, version, name, html, css, sample_params, updated_at FROM templates;
  `,
  // 3: the dashboard. Users of an account sign in with an email and a scrypt password hash;
  // sessions are kept by the SHA-256 of their cookie token, with their CSRF token. usage has
  // one row per API render (never its params); rows outlive the template they name.
  `
  CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    account_id    TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    created_at    TEXT NOT NULL
  ) STRICT;
  CREATE INDEX users_account ON users(account_id);

  CREATE TABLE sessions (
    token_hash BLOB PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX sessions_user ON sessions(user_id);

  CREATE TABLE usage (
    id          INTEGER PRIMARY KEY,
    account_id  TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    at          TEXT NOT NULL,
    template_id TEXT,
    version     INTEGER,
    status      INTEGER NOT NULL,
    code        TEXT,
    duration_ms REAL NOT NULL,
    pages       INTEGER,
    bytes       INTEGER,
    request_id  TEXT NOT NULL
  ) STRICT;
  CREATE INDEX usage_account_at ON usage(account_id, at);
  CREATE INDEX usage_at ON usage(at);
  `,
];

export interface OpenDatabaseOptions {
  /** directory holding platen.db; created when missing */
  readonly dataDir: string;
  /** ms to wait on a locked database; default 5000 */
  readonly busyTimeoutMs?: number;
}

/** Opens (creating if needed) the database and applies pending migrations. */
export function openDatabase(options: OpenDatabaseOptions): Db {
  mkdirSync(options.dataDir, { recursive: true });
  const db = new Database(join(options.dataDir, DB_FILE_NAME));
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function migrate(db: Db): void {
  const current = schemaVersion(db);
  if (current > MIGRATIONS.length) {
    throw new Error(`database schema version ${current} is newer than this Platen (${MIGRATIONS.length}); upgrade Platen`);
  }
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    }).immediate();
  }
}

/** `SELECT 1` — the readiness probe. */
export function isReachable(db: Db): boolean {
  try {
    return (statement(db, 'SELECT 1 AS ok').get() as { ok: number } | undefined)?.ok === 1;
  } catch {
    return false;
  }
}
