// Usage: every generate request past authentication leaves one row (time, template, version,
// status, error code, duration, pages, bytes; never params) for the dashboard's Usage page.
import { PlatenError } from '../../errors';
import type { Store } from '../../store';
import type { Middleware } from '../context';

export function recordUsage(store: Store, now: () => Date = () => new Date()): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    let failure: { status: number; code: string } | undefined;
    try {
      await next();
    } catch (err) {
      failure = err instanceof PlatenError ? { status: err.status, code: err.code } : { status: 500, code: 'internal_error' };
      throw err;
    } finally {
      const rendered = ctx.state.rendered;
      const requested = ctx.state.request?.templateId;
      store.usage.record({
        accountId: ctx.state.apiKey!.accountId,
        at: now(),
        templateId: rendered?.templateId ?? (requested ? requested.slice(0, 128) : null),
        version: rendered?.version ?? null,
        status: failure?.status ?? ctx.status,
        code: failure?.code ?? null,
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        pages: failure ? null : rendered?.pages ?? null,
        bytes: failure ? null : Buffer.isBuffer(ctx.body) ? ctx.body.length : null,
        requestId: ctx.state.reqId,
      });
    }
  };
}
