// Rows every API request reads (its key, its account, its template and the template's asset
// list), kept per connection until the database changes. Each lookup first asks SQLite whether
// anything was committed since the last one: `data_version` moves when another connection
// (the CLI, a second server process, a backup restore) commits, and `total_changes()` when this
// connection writes. One statement with no table read instead of one indexed read per row and
// its JSON decoded; a revoked key or a suspended account is refused from the next request on,
// whichever process changed it.
import { BoundedLru } from '../lru';
import { statement, type Db } from './db';

/** Characters of cached rows (template HTML and CSS, account globals) kept per connection. */
const MAX_CACHED_CHARS = 16 * 1024 * 1024;

export class ReadCache {
  private version = -1;
  private changes = -1;
  private rows = new BoundedLru<string, unknown>(MAX_CACHED_CHARS);

  constructor(private readonly db: Db) {}

  /**
   * The value cached under `key`, or the one `read()` answers with its size in characters (kept
   * and deep-frozen: every caller shares it). No answer is not kept: an unknown key stays a
   * database read.
   */
  get<T extends object>(key: string, read: () => readonly [value: T, size: number] | undefined): T | undefined {
    // inside a transaction a row may be one that a rollback takes back: read, keep nothing
    if (this.db.inTransaction) return read()?.[0];
    this.dropWhenChanged();
    const hit = this.rows.get(key) as T | undefined;
    if (hit !== undefined) return hit;
    const answer = read();
    if (answer === undefined) return undefined;
    this.rows.set(key, deepFreeze(answer[0]), 64 + key.length + answer[1]);
    return answer[0];
  }

  private dropWhenChanged(): void {
    if (!this.db.open) return;
    const now = statement(this.db, 'SELECT data_version AS v, total_changes() AS c FROM pragma_data_version').get() as { v: number; c: number };
    if (now.v === this.version && now.c === this.changes) return;
    this.version = now.v;
    this.changes = now.c;
    this.rows = new BoundedLru<string, unknown>(MAX_CACHED_CHARS);
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const caches = new WeakMap<Db, ReadCache>();

/** The connection's cache, shared by every Store over it. */
export function readCacheFor(db: Db): ReadCache {
  let cache = caches.get(db);
  if (!cache) { cache = new ReadCache(db); caches.set(db, cache); }
  return cache;
}
