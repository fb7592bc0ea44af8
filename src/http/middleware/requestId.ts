// Every response carries X-Request-Id: a sane incoming one is echoed, otherwise one is made.
// The request's logger carries it, so every log line of the request can be found by it.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../log';
import type { Middleware } from '../context';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const reqId = SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.reqId = reqId;
    ctx.state.log = logger.child({ reqId });
    ctx.set('X-Request-Id', reqId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // method, route and status only: never headers (keys), query values or bodies
      ctx.state.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Number(process.hrtime.bigint() - started) / 1e6 }, 'request');
    }
  };
}
