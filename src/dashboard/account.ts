// The account's side of the dashboard: API keys, global variables, subscription, usage.
import type Router from '@koa/router';
import type { AppContext, AppState } from '../http/context';
import { hasActiveSubscription } from '../store';
import { usageChart } from './chart';
import { DashboardError, type Dashboard } from './context';
import { parseJsonObject, type Problem } from './validate';

const MAX_KEY_NAME = 100;
const USAGE_DAYS = 30;

export function addAccountRoutes(router: Router<AppState>, d: Dashboard): void {
  const accountOf = (ctx: AppContext) => d.store.accounts.get(d.session(ctx).user.accountId)!;

  const keysPage = (ctx: AppContext, data: Record<string, unknown> = {}, status = 200) => {
    const keys = d.store.apiKeys.list(accountOf(ctx).id);
    d.page(ctx, 'keys.njk', { title: 'API keys', keys: keys.filter((k) => !k.revokedAt), revoked: keys.filter((k) => k.revokedAt), ...data }, status);
  };

  router.get('/keys', (ctx) => keysPage(ctx, { revokedNow: ctx.query.revoked }));

  router.post('/keys', async (ctx) => {
    const form = await d.form(ctx);
    const name = (form.name ?? '').trim();
    if (name === '' || name.length > MAX_KEY_NAME) {
      return keysPage(ctx, { name, error: `A key needs a name of 1–${MAX_KEY_NAME} characters, so you can tell it apart later.` }, 422);
    }
    const { apiKey, key } = d.store.apiKeys.create({ accountId: accountOf(ctx).id, name });
    ctx.state.log.info({ keyId: apiKey.id }, 'API key created');
    // the one time the key is shown: this answer is not stored by the browser (Cache-Control: no-store)
    d.page(ctx, 'key-created.njk', { title: 'API key created', apiKey, key });
  });

  router.get('/keys/:id/revoke', (ctx) => {
    const key = d.store.apiKeys.list(accountOf(ctx).id).find((k) => k.id === ctx.params.id && !k.revokedAt);
    if (!key) throw new DashboardError(404, 'Your account has no active key with this ID.');
    d.page(ctx, 'confirm.njk', {
      title: `Revoke ${key.name}?`, action: `/dashboard/keys/${encodeURIComponent(key.id)}/revoke`, cancel: '/dashboard/keys',
      question: `Revoke the API key “${key.name}” (${key.prefix}…)?`,
      consequence: 'Every request with this key gets 401 from now on. This cannot be undone.', button: 'Revoke key',
    });
  });

  router.post('/keys/:id/revoke', async (ctx) => {
    await d.form(ctx);
    if (!d.store.apiKeys.revokeOwned(accountOf(ctx).id, ctx.params.id ?? '')) throw new DashboardError(404, 'Your account has no active key with this ID.');
    ctx.state.log.info({ keyId: ctx.params.id }, 'API key revoked');
    ctx.status = 303;
    ctx.redirect(`/dashboard/keys?revoked=${encodeURIComponent(ctx.params.id!)}`);
  });

  const globalsPage = (ctx: AppContext, data: { text: string; problems?: Problem[]; saved?: boolean }, status = 200) => {
    d.page(ctx, 'globals.njk', { title: 'Global variables', ...data, problems: data.problems ?? [] }, status);
  };

  router.get('/globals', (ctx) => globalsPage(ctx, { text: JSON.stringify(accountOf(ctx).globals, null, 2), saved: ctx.query.saved === '1' }));

  router.post('/globals', async (ctx) => {
    const form = await d.form(ctx);
    const text = form.globals ?? '';
    const parsed = parseJsonObject(text, 'globals', 'Global variables');
    if (parsed.problem || !parsed.value) return globalsPage(ctx, { text, problems: [parsed.problem!] }, 422);
    d.store.accounts.setGlobals(accountOf(ctx).id, parsed.value);
    ctx.status = 303;
    ctx.redirect('/dashboard/globals?saved=1');
  });

  router.get('/account', (ctx) => {
    const account = accountOf(ctx);
    d.page(ctx, 'account.njk', { title: 'Account', active: hasActiveSubscription(account, d.now()), users: d.store.users.list(account.id) });
  });

  router.get('/usage', (ctx) => {
    const account = accountOf(ctx);
    const now = d.now();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (USAGE_DAYS - 1)));
    const rows = d.store.usage.perDay(account.id, since);
    d.page(ctx, 'usage.njk', {
      title: 'Usage',
      chart: usageChart(rows, { since, days: USAGE_DAYS }),
      durations: d.store.usage.durations(account.id, since),
      failures: d.store.usage.failures(account.id, 50),
      retentionDays: d.config.usageRetentionDays,
    });
  });
}
