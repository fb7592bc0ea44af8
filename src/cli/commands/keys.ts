// platen keys create --account ID [--name N] | list --account ID | revoke KEY_ID
// The key is printed once, at creation; only its SHA-256 is stored.
import type { ApiKey } from '../../store';
import { CliError, createIo, parse, required, table, UsageError, withStore } from '../io';

function keyJson(k: ApiKey): Record<string, unknown> {
  return { id: k.id, accountId: k.accountId, name: k.name, prefix: k.prefix, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt, revokedAt: k.revokedAt };
}

export function keysCommand(sub: string | undefined, args: string[]): void {
  switch (sub) {
    case 'create': {
      const p = parse(args, { account: { type: 'string' }, name: { type: 'string' } });
      const accountId = required(p.str('account'), '--account');
      const name = p.str('name') ?? 'default';
      const { apiKey, key } = withStore(p, (store) => {
        if (!store.accounts.get(accountId)) throw new CliError(`no account ${accountId}`);
        return store.apiKeys.create({ accountId, name });
      });
      createIo(p.json).result({ id: apiKey.id, key, prefix: apiKey.prefix },
        `created API key ${apiKey.id} (${name}) for account ${accountId}\n\n  ${key}\n\nThis is the only time the key is shown: store it now.`);
      return;
    }
    case 'list': {
      const p = parse(args, { account: { type: 'string' } });
      const accountId = required(p.str('account'), '--account');
      const keys = withStore(p, (store) => store.apiKeys.list(accountId)).map(keyJson);
      createIo(p.json).result({ keys }, table(keys, [['id', 'ID'], ['prefix', 'PREFIX'], ['name', 'NAME'], ['createdAt', 'CREATED'], ['lastUsedAt', 'LAST USED'], ['revokedAt', 'REVOKED']]));
      return;
    }
    case 'revoke': {
      const p = parse(args);
      const id = p.positionals[0];
      if (!id) throw new UsageError('usage: platen keys revoke KEY_ID');
      const key = withStore(p, (store) => {
        const existing = store.apiKeys.get(id);
        if (!existing) throw new CliError(`no API key ${id}`);
        store.apiKeys.revoke(id);
        return store.apiKeys.get(id)!;
      });
      createIo(p.json).result(keyJson(key), `revoked API key ${id} (${key.prefix}…)`);
      return;
    }
    default:
      throw new UsageError('usage: platen keys create --account ACCOUNT_ID [--name N] | list --account ACCOUNT_ID | revoke KEY_ID');
  }
}
