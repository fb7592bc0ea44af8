// The dashboard, under /dashboard in the API's process and port: server-rendered Nunjucks pages,
// plain CSS and small scripts from ./static, CodeMirror and pdf.js served locally. Nothing is
// fetched from elsewhere, and the Content-Security-Policy allows no inline script.
//
// Every page but sign-in needs a session; every POST needs the session's CSRF token. Errors
// are pages (or JSON for the preview), never problem+json.
import Router from '@koa/router';
import type { Config } from '../config';
import { PlatenError } from '../errors';
import type { AppState, Middleware } from '../http/context';
import type { Renderer } from '../render';
import { hasActiveSubscription, type Store } from '../store';
import { addAccountRoutes } from './account';
import { addAuthRoutes } from './auth';
import { serveStatic } from './static';
import { addTemplateRoutes } from './templates';
import { createViews } from './views';
import { readForm } from './forms';
import { DashboardError, csrfRefused, type Dashboard } from './context';
import { currentSession, sameToken } from './session';

export interface DashboardOptions {
  readonly store: Store;
  readonly renderer: Renderer;
  readonly config: Config;
  readonly now?: () => Date;
}

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const NAV = [
  { href: '/dashboard/templates', label: 'Templates' },
  { href: '/dashboard/keys', label: 'API keys' },
  { href: '/dashboard/globals', label: 'Global variables' },
  { href: '/dashboard/usage', label: 'Usage' },
  { href: '/dashboard/account', label: 'Account' },
];

/** The HTML error page of a failure; JSON for the preview's fetch. */
function errorMiddleware(d: Pick<Dashboard, 'page'>): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null) throw new DashboardError(404, 'There is no such page.');
    } catch (caught) {
      const err = caught instanceof PlatenError || caught instanceof DashboardError ? caught : new DashboardError(500, 'Something went wrong on our side.', { cause: caught });
      if (err.status >= 500) {
        const cause = err.cause instanceof Error ? { name: err.cause.name, message: err.cause.message, stack: err.cause.stack } : err.cause;
        ctx.state.log.error({ cause }, 'dashboard request failed');
      }
      if (!ctx.req.complete) ctx.set('Connection', 'close');
      for (const [name, value] of Object.entries(err.headers)) ctx.set(name, value);
      if (ctx.path.startsWith('/dashboard/api/')) {
        ctx.status = err.status;
        ctx.body = { error: { message: err.message, requestId: ctx.state.reqId } };
        return;
      }
      d.page(ctx, 'error.njk', { title: err.status === 404 ? 'Not found' : 'Error', status: err.status, message: err.message }, err.status);
    }
  };
}

function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'DENY');
    await next();
    if (!ctx.path.startsWith('/dashboard/static/')) ctx.set('Cache-Control', 'no-store');
  };
}

/** Largest form the dashboard reads: the API's body limit, since a template may be as large as a request. */
export function createDashboardRouter(options: DashboardOptions): Router<AppState> {
  const { store, config } = options;
  const now = options.now ?? (() => new Date());
  const views = createViews();
  const d: Dashboard = {
    store, config, now, renderer: options.renderer,
    page(ctx, view, data = {}, status = 200) {
      const session = ctx.state.session;
      const account = session ? store.accounts.get(session.user.accountId) : undefined;
      ctx.status = status;
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = views.render(view, {
        nav: NAV, path: ctx.path, user: session?.user, account, csrf: session?.csrfToken,
        inactive: account ? !hasActiveSubscription(account, now()) : false, requestId: ctx.state.reqId, ...data,
      });
    },
    session(ctx) {
      return ctx.state.session!;
    },
    async form(ctx) {
      const form = await readForm(ctx, config.bodyLimitBytes);
      if (!sameToken(form._csrf, ctx.state.session?.csrfToken)) throw csrfRefused();
      return form;
    },
  };

  const router = new Router<AppState>({ prefix: '/dashboard' });
  router.use(securityHeaders());
  router.use(errorMiddleware(d));
  serveStatic(router);
  addAuthRoutes(router, d);
  router.use(requireSession(d));
  router.get('/', (ctx) => ctx.redirect('/dashboard/templates'));
  addTemplateRoutes(router, d);
  addAccountRoutes(router, d);
  router.all('/{*rest}', () => {
    throw new DashboardError(404, 'There is no such page.');
  });
  return router;
}

/** A page without a session goes to sign-in (303), remembering where it was going; a fetch gets 401. */
function requireSession(d: Dashboard): Middleware {
  return async (ctx, next) => {
    const session = currentSession(ctx, d.store, d.now());
    if (!session) {
      if (ctx.path.startsWith('/dashboard/api/')) throw new DashboardError(401, 'Your session has ended: sign in again.');
      const next = ctx.method === 'GET' ? `?next=${encodeURIComponent(ctx.originalUrl)}` : '';
      ctx.status = 303;
      ctx.redirect(`/dashboard/sign-in${next}`);
      return;
    }
    ctx.state.session = session;
    ctx.state.log = ctx.state.log.child({ accountId: session.user.accountId, userId: session.user.id });
    // a fetch from the page sends the token as a header
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.path.startsWith('/dashboard/api/') && !sameToken(ctx.get('x-csrf-token'), session.csrfToken)) throw csrfRefused();
    await next();
  };
}
