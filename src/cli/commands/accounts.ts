// platen accounts create --name N | list | subscription ID --status S [--until ISO]
//        globals set --account ID --file FILE.json
import { SUBSCRIPTION_STATUSES, type Account, type SubscriptionStatus } from '../../store';
import { CliError, createIo, parse, readJsonObject, required, table, UsageError, withStore } from '../io';

function accountJson(a: Account): Record<string, unknown> {
  return { id: a.id, name: a.name, subscriptionStatus: a.subscriptionStatus, subscriptionUntil: a.subscriptionUntil, createdAt: a.createdAt };
}

export function accountsCommand(sub: string | undefined, args: string[]): void {
  switch (sub) {
    case 'create': {
      const p = parse(args, { name: { type: 'string' } });
      const name = required(p.str('name'), '--name');
      const account = withStore(p, (store) => store.accounts.create({ name }));
      createIo(p.json).result({ id: account.id }, `created account ${account.id} (${account.name})`);
      return;
    }
    case 'list': {
      const p = parse(args);
      const accounts = withStore(p, (store) => store.accounts.list()).map(accountJson);
      createIo(p.json).result({ accounts }, table(accounts, [['id', 'ID'], ['name', 'NAME'], ['subscriptionStatus', 'SUBSCRIPTION'], ['subscriptionUntil', 'UNTIL'], ['createdAt', 'CREATED']]));
      return;
    }
    case 'subscription': {
      const p = parse(args, { status: { type: 'string' }, until: { type: 'string' } });
      const id = p.positionals[0];
      if (!id) throw new UsageError('usage: platen accounts subscription ACCOUNT_ID --status active|past_due|canceled [--until ISO-8601]');
      const status = required(p.str('status'), '--status');
      if (!(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) throw new UsageError(`--status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`);
      const untilRaw = p.str('until');
      let until: string | null = null;
      if (untilRaw !== undefined) {
        const ms = Date.parse(untilRaw);
        if (!/^\d{4}-\d{2}-\d{2}/.test(untilRaw) || !Number.isFinite(ms)) throw new UsageError(`--until must be an ISO-8601 date or date-time, got "${untilRaw}"`);
        until = new Date(ms).toISOString();
      }
      const account = withStore(p, (store) => {
        if (!store.accounts.setSubscription(id, status as SubscriptionStatus, until)) throw new CliError(`no account ${id}`);
        return store.accounts.get(id)!;
      });
      createIo(p.json).result(accountJson(account), `account ${id}: subscription ${account.subscriptionStatus}${account.subscriptionUntil ? ` until ${account.subscriptionUntil}` : ''}`);
      return;
    }
    default:
      throw new UsageError('usage: platen accounts create --name N | list | subscription ACCOUNT_ID --status S [--until ISO-8601]');
  }
}

export function globalsCommand(sub: string | undefined, args: string[]): void {
  if (sub !== 'set') throw new UsageError('usage: platen globals set --account ACCOUNT_ID --file FILE.json');
  const p = parse(args, { account: { type: 'string' }, file: { type: 'string' } });
  const accountId = required(p.str('account'), '--account');
  const globals = readJsonObject(required(p.str('file'), '--file'), 'globals file');
  withStore(p, (store) => {
    if (!store.accounts.setGlobals(accountId, globals)) throw new CliError(`no account ${accountId}`);
  });
  createIo(p.json).result({ id: accountId, globals }, `account ${accountId}: ${Object.keys(globals).length} global variable(s) set`);
}
