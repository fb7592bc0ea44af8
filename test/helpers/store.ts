// A store on its own SQLite file in a temporary directory, for the store tests' beforeEach/afterEach.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStore, openDatabase, type Db, type Store } from '../../src/store';

export interface TestStore { readonly dir: string; readonly db: Db; readonly store: Store }

/** A fresh database (every migration applied) in a new directory named after `prefix`. */
export function openTestStore(prefix: string): TestStore {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const db = openDatabase({ dataDir: dir });
  return { dir, db, store: createStore(db) };
}

/** Closes the database and deletes its directory. */
export function removeTestStore(t: { readonly dir: string; readonly db: Db }): void {
  t.db.close();
  rmSync(t.dir, { recursive: true, force: true });
}
