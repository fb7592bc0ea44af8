// API keys: `plt_` + 40 base62 characters (≈238 bits). Shown once at creation; the database
// keeps only the SHA-256 of the key (a fast hash is enough for a high-entropy secret), a
// visible prefix to tell keys apart, a name, and created / last used / revoked times.
import { createHash, timingSafeEqual } from 'node:crypto';
import { statement, type Db } from './db';
import { newId, nowIso, randomBase62 } from './ids';
import { readCacheFor, type ReadCache } from './readCache';

export const KEY_PREFIX = 'plt_';
export const KEY_RANDOM_LENGTH = 40;
/** what a key looks like; anything else is refused before the database is asked */
export const KEY_PATTERN = /^plt_[0-9A-Za-z]{32,200}$/;
const VISIBLE_PREFIX_LENGTH = KEY_PREFIX.length + 8;
/** last_used_at is written at most this often per key, so requests do not each cost a write */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface ApiKey {
  readonly id: string;
  readonly accountId: string;
  readonly name: string;
  readonly prefix: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

interface KeyRow {
  id: string; account_id: string; name: string; prefix: string; hash: Buffer; created_at: string; last_used_at: string | null; revoked_at: string | null;
}

function toKey(row: KeyRow): ApiKey {
  return { id: row.id, accountId: row.account_id, name: row.name, prefix: row.prefix, createdAt: row.created_at, lastUsedAt: row.last_used_at, revokedAt: row.revoked_at };
}

export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

export class ApiKeyStore {
  private readonly cache: ReadCache;

  constructor(private readonly db: Db) { this.cache = readCacheFor(db); }

  /** The only time the key itself exists outside the client: return it to the caller once. */
  create(input: { accountId: string; name?: string }): { apiKey: ApiKey; key: string } {
    const key = KEY_PREFIX + randomBase62(KEY_RANDOM_LENGTH);
    const id = newId('key');
    statement(this.db, 'INSERT INTO api_keys (id, account_id, name, prefix, hash, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, input.accountId, input.name ?? 'default', key.slice(0, VISIBLE_PREFIX_LENGTH), hashKey(key), nowIso());
    return { apiKey: this.get(id)!, key };
  }

  get(id: string): ApiKey | undefined {
    const row = statement(this.db, 'SELECT * FROM api_keys WHERE id = ?').get(id) as KeyRow | undefined;
    return row && toKey(row);
  }

  list(accountId: string): ApiKey[] {
    return (statement(this.db, 'SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id').all(accountId) as KeyRow[]).map(toKey);
  }

  /** Revokes the account's own key; false when the account has no such key or it was already revoked. */
  revokeOwned(accountId: string, id: string): boolean {
    return statement(this.db, 'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL').run(nowIso(), id, accountId).changes === 1;
  }

  /** Returns false when there is no such key or it was already revoked. */
  revoke(id: string): boolean {
    return statement(this.db, 'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(nowIso(), id).changes === 1;
  }

  /**
   * The key record for a presented key, if it is well-formed, known and not revoked.
   * Looked up by hash, then the hashes compared in constant time.
   */
  authenticate(presented: string, now: Date = new Date()): ApiKey | undefined {
    if (!KEY_PATTERN.test(presented)) return undefined;
    const hash = hashKey(presented);
    const found = this.cache.get(`key\0${hash.toString('base64')}`, () => {
      const row = statement(this.db, 'SELECT * FROM api_keys WHERE hash = ?').get(hash) as KeyRow | undefined;
      return row && [{ key: toKey(row), hash: row.hash }, 200] as const;
    });
    if (!found || found.hash.length !== hash.length || !timingSafeEqual(found.hash, hash) || found.key.revokedAt !== null) return undefined;
    const row = { id: found.key.id, last_used_at: found.key.lastUsedAt };
    const last = row.last_used_at === null ? 0 : Date.parse(row.last_used_at);
    if (now.getTime() - last >= LAST_USED_RESOLUTION_MS) {
      // a locked database must not stop or stall rendering: last_used is best effort, so it
      // does not wait out busy_timeout (that would block the event loop for every request)
      const busyTimeout = this.db.pragma('busy_timeout', { simple: true }) as number;
      try {
        this.db.pragma('busy_timeout = 0');
        statement(this.db, 'UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(nowIso(now), row.id);
      } catch {
        // skipped; the next request after the lock is gone records it
      } finally {
        this.db.pragma(`busy_timeout = ${busyTimeout}`);
      }
    }
    return found.key;
  }
}
