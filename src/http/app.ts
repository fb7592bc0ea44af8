// The Koa application. The generate route reads as its checks, in CONTRACT.md's order.
import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import Koa from 'koa';
import Router from '@koa/router';
import type { Config } from '../config';
import { PlatenError } from '../errors';
import type { Logger } from '../log';
import type { Renderer } from '../render';
import { createStore, type Db } from '../store';
import type { AppState, Middleware } from './context';
import { activeSubscription, auth } from './middleware/auth';
import { readJsonBody, requireJson } from './middleware/body';
import { problemBody, problemMapper } from './middleware/problem';
import { requestId } from './middleware/requestId';
import { recordUsage } from './middleware/usage';
import { createMetrics, type Metrics } from './metrics';
import { openApiDocument } from './openapi';
import { generatePdf, previewPdf, validate } from './routes/generate';
import { addTemplateRoutes } from './routes/templates';
import { addHealthRoutes } from './routes/health';

export interface AppOptions {
  readonly db: Db;
  readonly renderer: Renderer;
  readonly config: Config;
  readonly logger: Logger;
  /** the clock for subscription end dates (tests) */
  readonly now?: () => Date;
  /** Prometheus metrics (GET /metrics); default: a fresh registry for this app */
  readonly metrics?: Metrics;
}

const VERSION = '0.1.0';

/** the logger each app was made with, for the server-level handlers of listen() */
const appLoggers = new WeakMap<Koa<AppState>, Logger>();

export function createApp(options: AppOptions): Koa<AppState> {
  const { config, logger } = options;
  const metrics = options.metrics ?? createMetrics();
  const renderer = metrics.instrumentRenderer(options.renderer);
  const store = createStore(options.db);
  const app = new Koa<AppState>({ proxy: false });
  appLoggers.set(app, logger);
  app.silent = true; // errors are answered and logged by problemMapper, never printed by Koa
  // what still reaches Koa (a socket error while the response is written) is logged, not printed
  app.on('error', (err: Error & { code?: string }, ctx?: { state?: Partial<AppState> }) => {
    (ctx?.state?.log ?? logger).warn({ err: { name: err.name, code: err.code, message: err.message } }, 'response error');
  });

  const api = new Router<AppState>();
  api.post('/v1/pdf/generate',
    auth(store),                                // 1 401 unauthorized
    recordUsage(store, options.now),            // every answer from here on is counted for the account
    activeSubscription(store, options.now),     // 2 403 subscription_inactive
    requireJson(),                              // 3 415 unsupported_media_type
    readJsonBody({ limit: config.bodyLimitBytes }), // 4 413, 5 400 invalid_json
    validate(),                                 // 6–11 400
    generatePdf({ store, renderer }),           // 12 404, 13 500, 14 503
  );
  const guard = [auth(store), activeSubscription(store, options.now)];
  api.post('/v1/pdf/preview', ...guard, requireJson(), readJsonBody({ limit: config.bodyLimitBytes }), previewPdf({ store, renderer }));
  addTemplateRoutes(api, { store, renderer, config, guard });
  const openapi = JSON.stringify(openApiDocument(VERSION));
  api.get('/v1/openapi.json', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = openapi;
  });
  addHealthRoutes(api, store);
  api.get('/metrics', metrics.handler());

  app.use(requestId(logger));
  app.use(metrics.countRequests());
  app.use(problemMapper());
  app.use(async (ctx, next) => {
    await next();
    // what no route answered becomes problem+json too (allowedMethods has set Allow for a 405)
    if (ctx.body != null) return;
    if (ctx.status === 404) throw new PlatenError('not_found', `No route for ${ctx.method} ${ctx.path}.`);
    if (ctx.status === 405 || ctx.status === 501) throw new PlatenError('method_not_allowed', `${ctx.path} does not take ${ctx.method}; allowed: ${ctx.response.get('Allow') || 'none'}.`);
  });
  app.use(dashboard({ store, renderer, config, ...(options.now ? { now: options.now } : {}) }));
  app.use(api.routes());
  app.use(api.allowedMethods());
  return app;
}

/**
 * The dashboard (src/dashboard) under /dashboard. It is loaded on its first request: its views
 * and the template check load Nunjucks, which a server used only through the API never needs
 * on its HTTP thread (test/http/footprint.test.ts).
 */
function dashboard(options: import('../dashboard').DashboardOptions): Middleware {
  let routes: Promise<Middleware> | undefined;
  return async (ctx, next) => {
    if (ctx.path === '/dashboard') return ctx.redirect('/dashboard/templates');
    if (!ctx.path.startsWith('/dashboard/')) return next();
    routes ??= import('../dashboard/index.js').then((m) => m.createDashboardRouter(options).routes() as unknown as Middleware);
    return (await routes)(ctx, next);
  };
}

/**
 * Requests Node's HTTP parser refuses before the app sees them (malformed HTTP, headers over
 * Node's 16 KiB cap, a client too slow to send its request) still get problem+json with an
 * X-Request-Id, like every other answer, and the connection is closed.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex, logger: Logger | undefined): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const problem = err.code === 'HPE_HEADER_OVERFLOW' ? new PlatenError('headers_too_large', 'The request headers are larger than the server accepts.')
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? new PlatenError('request_timeout', 'The request was not received in time.')
      : new PlatenError('malformed_request', 'The request is not valid HTTP/1.1.');
  const reqId = randomUUID();
  const body = JSON.stringify(problemBody(problem));
  socket.end(`HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? ''}\r\n`
    + `Content-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`
    + `X-Request-Id: ${reqId}\r\nConnection: close\r\n\r\n${body}`);
  logger?.info({ reqId, status: problem.status, code: problem.code, parserError: err.code }, 'client error');
}

export interface ListenOptions {
  readonly host: string;
  readonly port: number;
}

/**
 * An HTTP server for the app with timeouts for slow clients: headers must arrive within
 * headersTimeoutMs, the whole request within requestTimeoutMs.
 */
export function listen(app: Koa<AppState>, config: Config, at: ListenOptions): Promise<Server> {
  const handler = app.callback();
  const server = createServer({
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    // how often Node checks those timeouts (its default, 30 s, would let a slow client stay far longer)
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.headersTimeoutMs / 4))),
  }, handler);
  const logger = appLoggers.get(app);
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => answerClientError(err, socket, logger));
  // `Expect: 100-continue`: answer without inviting the body; readJsonBody sends the
  // 100 Continue only once auth and subscription have passed.
  server.on('checkContinue', handler);
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
