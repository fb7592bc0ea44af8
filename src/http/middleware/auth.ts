// CONTRACT.md checks 1 and 2. Every bad key gets the identical 401 (same body, same headers):
// missing header, wrong scheme, malformed, unknown or revoked key. The key is never logged.
import { PlatenError } from '../../errors';
import { hasActiveSubscription, type Store } from '../../store';
import type { Middleware } from '../context';
import { bindLog } from './requestId';

function unauthorized(): PlatenError {
  return new PlatenError('unauthorized', 'A valid API key is required: Authorization: Bearer <key>.', { headers: { 'WWW-Authenticate': 'Bearer' } });
}

/** `Bearer <token>`, scheme case-insensitive; the token itself is checked by the store. */
const BEARER = /^bearer +([^\s]{1,512}) *$/i;

export function auth(store: Store): Middleware {
  return async (ctx, next) => {
    const match = BEARER.exec(ctx.get('authorization'));
    const apiKey = match ? store.apiKeys.authenticate(match[1]!) : undefined;
    if (!apiKey) throw unauthorized();
    ctx.state.apiKey = apiKey;
    bindLog(ctx, { accountId: apiKey.accountId, keyId: apiKey.id });
    await next();
  };
}

export function activeSubscription(store: Store, now: () => Date = () => new Date()): Middleware {
  return async (ctx, next) => {
    const account = store.accounts.get(ctx.state.apiKey!.accountId);
    if (!account || !hasActiveSubscription(account, now())) {
      throw new PlatenError('subscription_inactive', 'The account behind this API key has no active subscription.');
    }
    ctx.state.account = account;
    await next();
  };
}
