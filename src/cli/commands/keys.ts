// platen keys create | list | revoke (flags: ../table.ts)
// The key is printed once, at creation; only its SHA-256 is stored.
import type { ApiKey } from '../../store';
import type { Parsed } from '../args';
import { withStore } from '../db';
import { CliError, createIo, table } from '../io';

function keyJson(k: ApiKey): Record<string, unknown> {
  return { id: k.id, accountId: k.accountId, name: k.name, prefix: k.prefix, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt, revokedAt: k.revokedAt };
}

export function keysCreate(p: Parsed): void {
  const accountId = p.str('account')!;
  const name = p.str('name') ?? 'default';
  const { apiKey, key } = withStore(p, (store) => {
    if (!store.accounts.get(accountId)) throw new CliError(`no account ${accountId}`);
    return store.apiKeys.create({ accountId, name });
  });
  createIo(p.json).result({ id: apiKey.id, key, prefix: apiKey.prefix },
    `created API key ${apiKey.id} (${name}) for account ${accountId}\n\n  ${key}\n\nThis is the only time the key is shown: store it now.`);
}

export function keysList(p: Parsed): void {
  const keys = withStore(p, (store) => store.apiKeys.list(p.str('account')!)).map(keyJson);
  createIo(p.json).result({ keys }, table(keys, [['id', 'ID'], ['prefix', 'PREFIX'], ['name', 'NAME'], ['createdAt', 'CREATED'], ['lastUsedAt', 'LAST USED'], ['revokedAt', 'REVOKED']]));
}

export function keysRevoke(p: Parsed): void {
  const id = p.positionals[0]!;
  const key = withStore(p, (store) => {
    const existing = store.apiKeys.get(id);
    if (!existing) throw new CliError(`no API key ${id}`);
    store.apiKeys.revoke(id);
    return store.apiKeys.get(id)!;
  });
  createIo(p.json).result(keyJson(key), `revoked API key ${id} (${key.prefix}…)`);
}
