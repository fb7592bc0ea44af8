// Backup and restore of the one SQLite file (issue #5 "Data").
//
// backup: SQLite's online backup API (better-sqlite3 `db.backup()`), so the copy is a
//   consistent snapshot even while `platen serve` is running and writing: the API copies pages
//   in steps and restarts a step that a concurrent write changed. The copy is then opened
//   read-only and must pass `PRAGMA integrity_check` before the backup is reported done.
//   A backup never overwrites an existing file.
//
// restore (decided and documented in README "Backup and restore"):
//   - the copy is checked first: it must be a SQLite database passing integrity_check, with
//     Platen's tables and a schema version this Platen knows (an older one is migrated after);
//   - the server must be stopped: restore takes SQLite's exclusive lock on the live database
//     with no waiting, and refuses ("database in use") when any other connection has it open;
//   - the live database is kept, not deleted: it is checkpointed and renamed to
//     `platen.db.before-restore-<timestamp>`, then the copy is written in its place with the
//     backup API and migrations run.
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DB_FILE_NAME, MIGRATIONS, openDatabase, schemaVersion, type Db } from './db';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupInfo {
  readonly file: string;
  readonly bytes: number;
  readonly pages: number;
  readonly schemaVersion: number;
}

const REQUIRED_TABLES = ['accounts', 'api_keys', 'templates'];

/** Opens a database file read-only and checks it is a sound Platen database; returns its schema version. */
export function verifyDatabaseFile(file: string): { schemaVersion: number; pages: number } {
  if (!existsSync(file)) throw new BackupError(`no such file: ${file}`);
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`${file} fails PRAGMA integrity_check: ${String(integrity)}`);
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name));
    const missing = REQUIRED_TABLES.filter((t) => !tables.has(t));
    if (missing.length) throw new BackupError(`${file} is not a Platen database (no table ${missing.join(', ')})`);
    const version = schemaVersion(db);
    if (version > MIGRATIONS.length) throw new BackupError(`${file} has schema version ${version}, newer than this Platen (${MIGRATIONS.length})`);
    return { schemaVersion: version, pages: db.pragma('page_count', { simple: true }) as number };
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} is not a readable SQLite database: ${(err as Error).message}`);
  } finally {
    db?.close();
  }
}

/** A consistent copy of the database behind `db` (which may be in use) into `to`, verified. */
export async function backupDatabase(db: Db, to: string): Promise<BackupInfo> {
  if (existsSync(to)) throw new BackupError(`${to} already exists; a backup never overwrites a file`);
  try {
    await db.backup(to);
  } catch (err) {
    rmSync(to, { force: true });
    throw new BackupError(`backup to ${to} failed: ${(err as Error).message}`);
  }
  const { schemaVersion: version, pages } = verifyDatabaseFile(to);
  return { file: to, bytes: statSync(to).size, pages, schemaVersion: version };
}

export interface RestoreInfo {
  readonly from: string;
  readonly database: string;
  /** where the database that was replaced now is; null when there was none */
  readonly previous: string | null;
  readonly schemaVersion: number;
}

/** Throws BackupError('database in use') when another connection has the database open. */
function assertNotInUse(file: string): void {
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (err) {
    throw new BackupError(`the database ${file} is in use (is \`platen serve\` running?): stop the server, then restore (${(err as Error).message})`);
  } finally {
    db.close();
  }
}

/** Replaces `<dataDir>/platen.db` with the copy in `from` (checked first); the server must be stopped. */
export async function restoreDatabase(options: { dataDir: string; from: string; now?: Date }): Promise<RestoreInfo> {
  const { schemaVersion: version } = verifyDatabaseFile(options.from);
  const live = join(options.dataDir, DB_FILE_NAME);
  let previous: string | null = null;
  if (existsSync(live)) {
    assertNotInUse(live);
    previous = `${live}.before-restore-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
    renameSync(live, previous);
    for (const suffix of ['-wal', '-shm']) rmSync(`${live}${suffix}`, { force: true });
  }
  const source = new Database(options.from, { readonly: true, fileMustExist: true });
  try {
    await source.backup(live);
  } catch (err) {
    if (previous) renameSync(previous, live);
    throw new BackupError(`restore from ${options.from} failed: ${(err as Error).message}`);
  } finally {
    source.close();
  }
  // WAL, pragmas and pending migrations, as the server would open it
  const db = openDatabase({ dataDir: options.dataDir });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`the restored database fails integrity_check: ${String(integrity)}`);
  } finally {
    db.close();
  }
  return { from: options.from, database: live, previous, schemaVersion: version };
}
