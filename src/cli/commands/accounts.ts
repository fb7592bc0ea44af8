// platen accounts create | list | subscription; platen globals set (flags: ../table.ts)
import { SUBSCRIPTION_STATUSES, type Account, type SubscriptionStatus } from '../../store';
import type { Parsed } from '../args';
import { withStore } from '../db';
import { CliError, createIo, readJsonObject, table, UsageError } from '../io';

function accountJson(a: Account): Record<string, unknown> {
  return { id: a.id, name: a.name, subscriptionStatus: a.subscriptionStatus, subscriptionUntil: a.subscriptionUntil, createdAt: a.createdAt };
}

export function accountsCreate(p: Parsed): void {
  const name = p.str('name')!;
  const account = withStore(p, (store) => store.accounts.create({ name }));
  createIo(p.json).result({ id: account.id }, `created account ${account.id} (${account.name})`);
}

export function accountsList(p: Parsed): void {
  const accounts = withStore(p, (store) => store.accounts.list()).map(accountJson);
  createIo(p.json).result({ accounts }, table(accounts, [['id', 'ID'], ['name', 'NAME'], ['subscriptionStatus', 'SUBSCRIPTION'], ['subscriptionUntil', 'UNTIL'], ['createdAt', 'CREATED']]));
}

export function accountsSubscription(p: Parsed): void {
  const id = p.positionals[0]!;
  const status = p.str('status')!;
  if (!(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) throw new UsageError(`--status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`);
  const untilRaw = p.str('until');
  let until: string | null = null;
  const warnings: string[] = [];
  if (untilRaw !== undefined) {
    const ms = Date.parse(untilRaw);
    if (!/^\d{4}-\d{2}-\d{2}/.test(untilRaw) || !Number.isFinite(ms)) throw new UsageError(`--until must be an ISO-8601 date or date-time, got "${untilRaw}"`);
    until = new Date(ms).toISOString();
    if (ms <= Date.now()) warnings.push(`--until ${until} is in the past: the account's keys are refused (403 subscription_inactive) from now on`);
  }
  const account = withStore(p, (store) => {
    if (!store.accounts.setSubscription(id, status as SubscriptionStatus, until)) throw new CliError(`no account ${id}`);
    return store.accounts.get(id)!;
  });
  const io = createIo(p.json);
  for (const w of warnings) io.note(`platen: warning: ${w}`);
  io.result({ ...accountJson(account), warnings }, `account ${id}: subscription ${account.subscriptionStatus}${account.subscriptionUntil ? ` until ${account.subscriptionUntil}` : ''}`);
}

export function globalsSet(p: Parsed): void {
  const accountId = p.str('account')!;
  const globals = readJsonObject(p.str('file')!, 'globals file');
  withStore(p, (store) => {
    if (!store.accounts.setGlobals(accountId, globals)) throw new CliError(`no account ${accountId}`);
  });
  createIo(p.json).result({ id: accountId, globals }, `account ${accountId}: ${Object.keys(globals).length} global variable(s) set`);
}
