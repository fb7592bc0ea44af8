// GET /metrics in Prometheus text format (prom-client), issue #5 "Observability":
//   platen_http_requests_total{route,method,status}   every answered request; `route` is the
//                                                     router's pattern (never the raw path, so
//                                                     the label set stays small), else "unmatched"
//   platen_render_duration_seconds{outcome}           histogram of renderer.render() time;
//                                                     outcome ok | render_failed | render_timeout | overloaded
//   platen_render_queue_depth                         renders waiting for a worker (pool only)
//   platen_render_in_flight                           renders admitted and not yet settled
//   platen_worker_restarts_total                      workers terminated and replaced (deadline, crash, OOM)
//   platen_process_* / platen_nodejs_*                prom-client's default process metrics (RSS, heap, ...)
// Labels never carry an account, a key, a template ID or a params value.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { PlatenError } from '../errors';
import type { Renderer } from '../render';
import type { AppContext, Middleware } from './context';

/** What the pool renderer reports (render/pool.ts WorkerPoolStats); other renderers have none. */
interface PoolStatsLike {
  readonly queued: number;
  readonly pending: number;
  readonly workerRestarts: number;
}

export interface MetricsOptions {
  /** add prom-client's default process metrics (RSS, heap, event loop lag); default true */
  readonly processMetrics?: boolean;
}

export interface Metrics {
  readonly registry: Registry;
  /** counts each request by route pattern, method and final status (mount right after requestId) */
  countRequests(): Middleware;
  /** the renderer with its render time observed; queue depth and restarts are read from it on scrape */
  instrumentRenderer(renderer: Renderer): Renderer;
  /** the GET /metrics handler */
  handler(): (ctx: AppContext) => Promise<void>;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];

function statsOf(renderer: Renderer): PoolStatsLike | undefined {
  const withStats = renderer as Renderer & { stats?: () => PoolStatsLike };
  return typeof withStats.stats === 'function' ? withStats.stats() : undefined;
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'platen_' });
  const renderers: Renderer[] = [];

  const requests = new Counter({
    name: 'platen_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const renderDuration = new Histogram({
    name: 'platen_render_duration_seconds',
    help: 'Time from handing a job to the renderer to its PDF or error, by outcome.',
    labelNames: ['outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'platen_render_queue_depth',
    help: 'Renders waiting for a free worker.',
    registers: [registry],
    collect() { this.set(renderers.reduce((n, r) => n + (statsOf(r)?.queued ?? 0), 0)); },
  });
  new Gauge({
    name: 'platen_render_in_flight',
    help: 'Renders admitted and not yet finished (running plus queued).',
    registers: [registry],
    collect() { this.set(renderers.reduce((n, r) => n + (statsOf(r)?.pending ?? 0), 0)); },
  });
  let restartsSeen = 0;
  new Counter({
    name: 'platen_worker_restarts_total',
    help: 'Render workers terminated and replaced (deadline, crash, out of memory).',
    registers: [registry],
    collect() {
      const now = renderers.reduce((n, r) => n + (statsOf(r)?.workerRestarts ?? 0), 0);
      if (now > restartsSeen) this.inc(now - restartsSeen);
      restartsSeen = Math.max(restartsSeen, now);
    },
  });

  return {
    registry,
    countRequests() {
      return async (ctx, next) => {
        try {
          await next();
        } finally {
          const matched = (ctx as AppContext & { _matchedRoute?: string | RegExp })._matchedRoute;
          requests.inc({ route: typeof matched === 'string' ? matched : 'unmatched', method: ctx.method, status: String(ctx.status) });
        }
      };
    },
    instrumentRenderer(renderer) {
      renderers.push(renderer);
      const instrumented: Renderer = {
        async render(job) {
          const stop = renderDuration.startTimer();
          try {
            const out = await renderer.render(job);
            stop({ outcome: 'ok' });
            return out;
          } catch (err) {
            stop({ outcome: err instanceof PlatenError ? err.code : 'render_failed' });
            throw err;
          }
        },
        close: () => renderer.close(),
      };
      // keep the pool's stats() and settings reachable through the wrapper
      return Object.setPrototypeOf(instrumented, renderer as object) as Renderer;
    },
    handler() {
      return async (ctx) => {
        const text = await registry.metrics();
        ctx.status = 200;
        ctx.type = registry.contentType;
        ctx.body = text;
      };
    },
  };
}
