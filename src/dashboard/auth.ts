// Sign-in and sign-out. Failed sign-ins are limited per account (or per unknown email) and per
// client address; a refused attempt does not even check the password.
import type Router from '@koa/router';
import type { AppContext, AppState } from '../http/context';
import { SESSION_TTL_MS } from '../store';
import { readForm } from './forms';
import { csrfRefused, type Dashboard } from './context';
import {
  FailureLimiter, SIGN_IN_CSRF_COOKIE, SIGN_IN_LIMITS, SESSION_COOKIE, clearCookie, clientAddress, currentSession, readCookie, sameToken, setSessionCookie, signInCsrfToken,
} from './session';

/** Where to go after signing in: a dashboard path of this site only. */
function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/dashboard(\/[^\\]*)?$/.test(next) && !next.startsWith('//') ? next : '/dashboard/templates';
}

export function addAuthRoutes(router: Router<AppState>, d: Dashboard): void {
  const perAccount = new FailureLimiter(SIGN_IN_LIMITS.perAccount);
  const perAddress = new FailureLimiter(SIGN_IN_LIMITS.perAddress);

  const signInPage = (ctx: AppContext, data: Record<string, unknown>, status = 200) => {
    d.page(ctx, 'sign-in.njk', { title: 'Sign in', signInCsrf: signInCsrfToken(ctx, d.config), ...data }, status);
  };

  router.get('/sign-in', (ctx) => {
    if (currentSession(ctx, d.store, d.now())) {
      ctx.redirect(safeNext(ctx.query.next));
      return;
    }
    signInPage(ctx, { next: safeNext(ctx.query.next) });
  });

  router.post('/sign-in', async (ctx) => {
    const form = await readForm(ctx, 16 * 1024);
    if (!sameToken(form._csrf, readCookie(ctx, SIGN_IN_CSRF_COOKIE))) throw csrfRefused();
    const email = (form.email ?? '').trim();
    const password = form.password ?? '';
    const next = safeNext(form.next);
    const now = d.now().getTime();
    const known = d.store.users.byEmail(email);
    const accountKey = known ? `account:${known.accountId}` : `email:${email.toLowerCase()}`;
    const addressKey = `address:${clientAddress(ctx, d.config)}`;
    const waitMs = Math.max(perAccount.retryAfterMs(accountKey, now), perAddress.retryAfterMs(addressKey, now));
    if (waitMs > 0) {
      const minutes = Math.ceil(waitMs / 60_000);
      ctx.set('Retry-After', String(Math.ceil(waitMs / 1000)));
      ctx.state.log.warn({ limited: true }, 'sign-in refused: too many failures');
      signInPage(ctx, { email, next, error: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` }, 429);
      return;
    }
    const user = email && password ? await d.store.users.authenticate(email, password) : undefined;
    if (!user) {
      perAccount.fail(accountKey, now);
      perAddress.fail(addressKey, now);
      ctx.state.log.info({ signIn: 'failed' }, 'sign-in failed');
      signInPage(ctx, { email, next, error: 'The email or the password is wrong.' }, 401);
      return;
    }
    perAccount.clear(accountKey);
    const { token } = d.store.users.createSession(user.id, d.now());
    setSessionCookie(ctx, d.config, token, Math.floor(SESSION_TTL_MS / 1000));
    clearCookie(ctx, d.config, SIGN_IN_CSRF_COOKIE);
    ctx.state.log.info({ userId: user.id, accountId: user.accountId }, 'signed in');
    ctx.status = 303;
    ctx.redirect(next);
  });

  router.post('/sign-out', async (ctx) => {
    const session = currentSession(ctx, d.store, d.now());
    if (session) {
      const form = await readForm(ctx, 16 * 1024);
      if (!sameToken(form._csrf, session.csrfToken)) throw csrfRefused();
      d.store.users.endSession(readCookie(ctx, SESSION_COOKIE)!);
    }
    clearCookie(ctx, d.config, SESSION_COOKIE);
    ctx.status = 303;
    ctx.redirect('/dashboard/sign-in?signed-out=1');
  });
}
