// Usage: one row per API render (POST /v1/pdf/generate past authentication), for the dashboard.
// A row holds when, which template and version, the status and error code, how long, how many
// pages and bytes: never params. Rows are written in batches (at most a second late, or at once
// when a reader asks), so a render does not wait for its own fsync. Rows older than the
// retention are pruned.
//
// A batch written by the timer commits with synchronous=NORMAL: in WAL mode the commit is in
// the operating system's hands at once (it survives the process crashing) and reaches the disk
// with the next fsync of the WAL (the next FULL commit of this connection, a checkpoint, or the
// checkpoint of closing the database at shutdown). Only a power loss can take it back, and then
// at most the rows since that fsync: what the batching already risks, since pending rows are
// memory until they are written. Every other write, and a flush a reader or shutdown asks for,
// stays FULL. The fsync of each batch's WAL commit ran on the event loop (15% of the HTTP
// thread's profile at 32 connections).
import { statement, type Db } from './db';
import { nowIso } from './ids';

export interface UsageRecord {
  readonly accountId: string;
  readonly at: Date;
  readonly templateId: string | null;
  readonly version: number | null;
  readonly status: number;
  readonly code: string | null;
  readonly durationMs: number;
  readonly pages: number | null;
  readonly bytes: number | null;
  readonly requestId: string;
}

export interface DayCount {
  /** YYYY-MM-DD (UTC) */
  readonly day: string;
  readonly templateId: string | null;
  readonly renders: number;
  readonly failures: number;
}

export interface Failure {
  readonly at: string;
  readonly templateId: string | null;
  readonly version: number | null;
  readonly status: number;
  readonly code: string | null;
  readonly requestId: string;
  readonly durationMs: number;
}

export interface DurationSummary {
  /** successful renders counted */
  readonly count: number;
  readonly p50: number | null;
  readonly p95: number | null;
}

/** Pending rows are written when this many wait, or after FLUSH_MS. */
const BATCH = 200;
const FLUSH_MS = 1000;
/** Rows kept while the database refuses writes (locked, full); past this the oldest are dropped. */
const MAX_PENDING = 10_000;

export class UsageStore {
  private pending: UsageRecord[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db) {}

  record(row: UsageRecord): void {
    this.pending.push(row);
    if (this.pending.length >= BATCH) this.write(false);
    else if (!this.timer) {
      this.timer = setTimeout(() => {
        try {
          this.write(false);
        } catch {
          // kept for the next flush: usage is best effort and must never stop rendering
        }
      }, FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes the pending rows in one transaction, on disk when it returns; called by every reader and at shutdown. */
  flush(): void {
    this.write(true);
  }

  private write(durable: boolean): void {
    if (this.timer) { clearTimeout(this.timer); this.timer = undefined; }
    if (this.pending.length === 0 || !this.db.open) return;
    const rows = this.pending;
    this.pending = [];
    const insert = statement(this.db, `INSERT INTO usage (account_id, at, template_id, version, status, code, duration_ms, pages, bytes, request_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const synchronous = durable ? undefined : this.db.pragma('synchronous', { simple: true }) as number;
    try {
      if (synchronous !== undefined) this.db.pragma('synchronous = NORMAL');
      this.db.transaction(() => {
        for (const r of rows) insert.run(r.accountId, nowIso(r.at), r.templateId, r.version, r.status, r.code, r.durationMs, r.pages, r.bytes, r.requestId);
      })();
    } catch (err) {
      this.pending = [...rows, ...this.pending].slice(-MAX_PENDING);
      throw err;
    } finally {
      if (synchronous !== undefined) this.db.pragma(`synchronous = ${synchronous}`);
    }
  }

  /** Renders per UTC day and template since `since`, oldest first. */
  perDay(accountId: string, since: Date): DayCount[] {
    this.flush();
    return (statement(this.db, `SELECT substr(at, 1, 10) AS day, template_id, count(*) AS renders, sum(status >= 400) AS failures
      FROM usage WHERE account_id = ? AND at >= ? GROUP BY day, template_id ORDER BY day, template_id`)
      .all(accountId, nowIso(since)) as { day: string; template_id: string | null; renders: number; failures: number }[])
      .map((r) => ({ day: r.day, templateId: r.template_id, renders: r.renders, failures: r.failures }));
  }

  /** p50 and p95 of successful render durations since `since` (nearest rank). */
  durations(accountId: string, since: Date): DurationSummary {
    this.flush();
    const at = nowIso(since);
    const { n } = statement(this.db, 'SELECT count(*) AS n FROM usage WHERE account_id = ? AND at >= ? AND status = 200').get(accountId, at) as { n: number };
    if (n === 0) return { count: 0, p50: null, p95: null };
    const rank = (q: number) => (statement(this.db, 'SELECT duration_ms AS ms FROM usage WHERE account_id = ? AND at >= ? AND status = 200 ORDER BY duration_ms LIMIT 1 OFFSET ?')
      .get(accountId, at, Math.max(0, Math.ceil(q * n) - 1)) as { ms: number }).ms;
    return { count: n, p50: rank(0.5), p95: rank(0.95) };
  }

  /** The latest failed requests (status 400 and above), newest first. */
  failures(accountId: string, limit = 50): Failure[] {
    this.flush();
    return (statement(this.db, `SELECT at, template_id, version, status, code, request_id, duration_ms FROM usage
      WHERE account_id = ? AND status >= 400 ORDER BY at DESC, id DESC LIMIT ?`).all(accountId, limit) as
      { at: string; template_id: string | null; version: number | null; status: number; code: string | null; request_id: string; duration_ms: number }[])
      .map((r) => ({ at: r.at, templateId: r.template_id, version: r.version, status: r.status, code: r.code, requestId: r.request_id, durationMs: r.duration_ms }));
  }

  /** Deletes rows recorded before `before`; returns how many. */
  prune(before: Date): number {
    this.flush();
    return statement(this.db, 'DELETE FROM usage WHERE at < ?').run(nowIso(before)).changes;
  }
}
