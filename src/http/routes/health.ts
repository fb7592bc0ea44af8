// Probes: /healthz (the process answers) and /readyz (the database answers too).
import Router from '@koa/router';
import { isReachable, type Store } from '../../store';
import type { AppState } from '../context';

export function addHealthRoutes(router: Router<AppState>, store: Store): void {
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', (ctx) => {
    const ok = isReachable(store.db);
    ctx.status = ok ? 200 : 503;
    ctx.body = { status: ok ? 'ready' : 'unavailable', checks: { database: ok ? 'ok' : 'unreachable' } };
  });
}
