// The one place errors become responses: application/problem+json (RFC 9457).
// A PlatenError answers its status, code, detail and extra members; anything else is a 500
// `internal_error` with a generic detail. No stack, SQL or path ever reaches the client:
// the cause is logged (with the request id) instead.
import { ERROR_CODES, PlatenError } from '../../errors';
import type { AppContext, Middleware } from '../context';

export function problemBody(err: PlatenError, instance?: string): Record<string, unknown> {
  return {
    ...err.extra,
    type: 'about:blank',
    title: ERROR_CODES[err.code].title,
    status: err.status,
    code: err.code,
    detail: err.message,
    ...(instance ? { instance } : {}),
  };
}

export function sendProblem(ctx: AppContext, err: PlatenError): void {
  ctx.status = err.status;
  for (const [name, value] of Object.entries(err.headers)) ctx.set(name, value);
  ctx.type = 'application/problem+json';
  ctx.body = JSON.stringify(problemBody(err));
}

/** SQLite could not do it now (locked by another process, disk full, read-only, I/O error): a 503, not a 500. */
const STORAGE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|READONLY|IOERR|CANTOPEN|PROTOCOL)/;
function isStorageUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && STORAGE_UNAVAILABLE.test(code);
}

export function problemMapper(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const err = caught instanceof PlatenError ? caught
        : isStorageUnavailable(caught) ? new PlatenError('storage_unavailable', 'The database is busy or unavailable; retry shortly.', { headers: { 'Retry-After': '1' }, cause: caught })
          : new PlatenError('internal_error', 'An internal error occurred; the request id identifies it in the server log.', { cause: caught });
      if (err.status >= 500) {
        const cause = err.cause instanceof Error ? { name: err.cause.name, message: err.cause.message, stack: err.cause.stack } : err.cause;
        ctx.state.log.error({ code: err.code, cause }, 'request failed');
      }
      // A body the server did not read (an early 401/403/415/413) is not drained: close the connection.
      if (!ctx.req.complete) ctx.set('Connection', 'close');
      sendProblem(ctx, err);
    }
  };
}
