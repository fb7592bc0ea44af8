// The database and configuration of a command: `--data DIR`, else PLATEN_DATA, else ./data.
import { loadConfig, type Config } from '../config';
import { createStore, openDatabase, type Store } from '../store';
import type { Parsed } from './args';

export function configFor(parsed: Parsed, extra: Partial<Config> = {}): Config {
  const data = parsed.str('data');
  return loadConfig(process.env, { ...(data ? { dataDir: data } : {}), ...extra });
}

/** Opens the database of `--data` / PLATEN_DATA, runs `fn`, closes it. */
export function withStore<T>(parsed: Parsed, fn: (store: Store) => T): T {
  const db = openDatabase({ dataDir: configFor(parsed).dataDir });
  try {
    return fn(createStore(db));
  } finally {
    db.close();
  }
}
