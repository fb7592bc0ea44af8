// Sign-in state of the dashboard: the session cookie, the CSRF token every form carries, and
// the limits on failed sign-ins.
//
// The session cookie is HttpOnly, SameSite=Strict, Path=/dashboard, and Secure when the
// request came over TLS (X-Forwarded-Proto counts only with PLATEN_TRUST_PROXY). Every POST
// under a session must carry the session's CSRF token (form field `_csrf` or header
// X-CSRF-Token); the sign-in form, before any session, carries a token that must equal a
// cookie set with the form (double submit).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { AppContext } from '../http/context';
import type { SessionInfo, Store } from '../store';

export const SESSION_COOKIE = 'platen_session';
export const SIGN_IN_CSRF_COOKIE = 'platen_signin';
const COOKIE_PATH = '/dashboard';

export function isSecureRequest(ctx: AppContext, config: Config): boolean {
  if ((ctx.req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!config.trustProxy) return false;
  return (ctx.get('x-forwarded-proto').split(',')[0] ?? '').trim().toLowerCase() === 'https';
}

/** The client's address for sign-in limits: the socket's, or the first X-Forwarded-For when trusted. */
export function clientAddress(ctx: AppContext, config: Config): string {
  if (config.trustProxy) {
    const forwarded = (ctx.get('x-forwarded-for').split(',')[0] ?? '').trim();
    if (forwarded) return forwarded;
  }
  return ctx.req.socket.remoteAddress ?? 'unknown';
}

function cookieHeader(name: string, value: string, options: { secure: boolean; maxAgeS?: number }): string {
  const parts = [`${name}=${value}`, `Path=${COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict'];
  if (options.secure) parts.push('Secure');
  if (options.maxAgeS !== undefined) parts.push(`Max-Age=${options.maxAgeS}`);
  return parts.join('; ');
}

export function readCookie(ctx: AppContext, name: string): string | undefined {
  for (const part of ctx.get('cookie').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function appendCookie(ctx: AppContext, header: string): void {
  const existing = ctx.response.get('Set-Cookie') as unknown as string[] | string | undefined;
  const list = Array.isArray(existing) ? existing : existing ? [existing] : [];
  ctx.set('Set-Cookie', [...list, header]);
}

export function setSessionCookie(ctx: AppContext, config: Config, token: string, maxAgeS: number): void {
  appendCookie(ctx, cookieHeader(SESSION_COOKIE, token, { secure: isSecureRequest(ctx, config), maxAgeS }));
}

export function clearCookie(ctx: AppContext, config: Config, name: string): void {
  appendCookie(ctx, cookieHeader(name, '', { secure: isSecureRequest(ctx, config), maxAgeS: 0 }));
}

/** The token of the sign-in form: the cookie's if it is there, else a new one set now. */
export function signInCsrfToken(ctx: AppContext, config: Config): string {
  const existing = readCookie(ctx, SIGN_IN_CSRF_COOKIE);
  if (existing && /^[0-9a-f]{32}$/.test(existing)) return existing;
  const token = randomBytes(16).toString('hex');
  appendCookie(ctx, cookieHeader(SIGN_IN_CSRF_COOKIE, token, { secure: isSecureRequest(ctx, config), maxAgeS: 3600 }));
  return token;
}

export function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function currentSession(ctx: AppContext, store: Store, now: Date): SessionInfo | undefined {
  const token = readCookie(ctx, SESSION_COOKIE);
  return token ? store.users.session(token, now) : undefined;
}

export interface LimiterOptions {
  /** failures allowed within the window; the next attempt is refused */
  readonly maxFailures: number;
  readonly windowMs: number;
}

/**
 * Failed sign-ins per key (an account, an address) within a sliding window. In memory: a
 * restart forgets them, which costs an attacker a restart they cannot cause. Bounded: past
 * MAX_KEYS keys, the oldest are forgotten first.
 */
export class FailureLimiter {
  private static readonly MAX_KEYS = 50_000;
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly options: LimiterOptions) {}

  /** ms until `key` may try again; 0 when it may now. */
  retryAfterMs(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.options.maxFailures) return 0;
    return recent[recent.length - this.options.maxFailures]! + this.options.windowMs - now;
  }

  fail(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.delete(key);
    this.failures.set(key, recent);
    while (this.failures.size > FailureLimiter.MAX_KEYS) this.failures.delete(this.failures.keys().next().value as string);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.options.windowMs);
    if (list.length === 0) this.failures.delete(key); else this.failures.set(key, list);
    return list;
  }
}

/** 5 failed sign-ins per account and 20 per address within 15 minutes; the next is refused until the oldest ages out. */
export const SIGN_IN_LIMITS = {
  perAccount: { maxFailures: 5, windowMs: 15 * 60_000 },
  perAddress: { maxFailures: 20, windowMs: 15 * 60_000 },
} as const satisfies Record<string, LimiterOptions>;
