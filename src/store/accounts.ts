// Accounts: subscription state and the `global` variables every template of the account sees.
import { statement, type Db } from './db';
import { newId, nowIso } from './ids';
import { readCacheFor, type ReadCache } from './readCache';

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface Account {
  readonly id: string;
  readonly name: string;
  readonly subscriptionStatus: SubscriptionStatus;
  /** ISO-8601; the subscription lapses at this instant. null: open-ended */
  readonly subscriptionUntil: string | null;
  readonly globals: Record<string, unknown>;
  readonly createdAt: string;
}

interface AccountRow {
  id: string; name: string; subscription_status: SubscriptionStatus; subscription_until: string | null; globals: string; created_at: string;
}

function toAccount(row: AccountRow): Account {
  return {
    id: row.id, name: row.name, subscriptionStatus: row.subscription_status, subscriptionUntil: row.subscription_until,
    globals: JSON.parse(row.globals) as Record<string, unknown>, createdAt: row.created_at,
  };
}

/** CONTRACT.md check 2: only `active` and not past its end date passes. */
export function hasActiveSubscription(account: Account, now: Date = new Date()): boolean {
  if (account.subscriptionStatus !== 'active') return false;
  if (account.subscriptionUntil === null) return true;
  const until = Date.parse(account.subscriptionUntil);
  return Number.isFinite(until) && now.getTime() < until;
}

export class AccountStore {
  private readonly cache: ReadCache;

  constructor(private readonly db: Db) { this.cache = readCacheFor(db); }

  create(input: { name: string; globals?: Record<string, unknown> }): Account {
    const id = newId('acc');
    statement(this.db, 'INSERT INTO accounts (id, name, globals, created_at) VALUES (?, ?, ?, ?)')
      .run(id, input.name, JSON.stringify(input.globals ?? {}), nowIso());
    return this.get(id)!;
  }

  /** The account (shared and frozen: kept until the database changes). */
  get(id: string): Account | undefined {
    return this.cache.get(`account\0${id}`, () => {
      const row = statement(this.db, 'SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined;
      return row && [toAccount(row), row.globals.length + row.name.length] as const;
    });
  }

  list(): Account[] {
    return (statement(this.db, 'SELECT * FROM accounts ORDER BY created_at, id').all() as AccountRow[]).map(toAccount);
  }

  count(): number {
    return (statement(this.db, 'SELECT count(*) AS n FROM accounts').get() as { n: number }).n;
  }

  /** Returns false when no such account. */
  setSubscription(id: string, status: SubscriptionStatus, until: string | null): boolean {
    return statement(this.db, 'UPDATE accounts SET subscription_status = ?, subscription_until = ? WHERE id = ?').run(status, until, id).changes === 1;
  }

  setGlobals(id: string, globals: Record<string, unknown>): boolean {
    return statement(this.db, 'UPDATE accounts SET globals = ? WHERE id = ?').run(JSON.stringify(globals), id).changes === 1;
  }
}
