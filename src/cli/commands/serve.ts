// platen serve [--port 3000] [--host 127.0.0.1]
// Opens (or creates) the database, seeds the demo on first start, renders on the worker pool.
// SIGTERM / SIGINT: stop accepting, let in-flight requests finish, close the pool and the
// database (checkpointing the WAL), exit 0.
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pino from 'pino';
import { createApp, listen } from '../../http/app';
import { createLogger, type Logger } from '../../log';
import { createWorkerPoolRenderer, type WorkerPoolRenderer } from '../../render/pool';
import { createStore, openDatabase } from '../../store';
import { demoCurl, seedDemoIfEmpty } from '../demo';
import { UsageError, type Parsed } from '../args';
import { configFor } from '../db';
import { createIo } from '../io';

const SHUTDOWN_GRACE_MS = 25_000;

const WARM_UP_WAIT_MS = 30_000;

async function warmUp(renderer: WorkerPoolRenderer, logger: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), WARM_UP_WAIT_MS); });
  const outcome = await Promise.race([renderer.ready().then(() => 'warm' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') logger.warn({ waitedMs: WARM_UP_WAIT_MS }, 'render workers not warm yet; serving anyway');
}

export async function serveCommand(p: Parsed): Promise<void> {
  const portRaw = p.str('port');
  const port = portRaw === undefined ? undefined : Number(portRaw);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new UsageError('--port must be an integer 0–65535');
  const config = configFor(p, { ...(port !== undefined ? { port } : {}), ...(p.str('host') ? { host: p.str('host')! } : {}) });
  const io = createIo(p.json);

  // the check runs on its own thread while the render workers start (both load the pdf libraries)
  const patchesChecked = checkPdfPatches();
  patchesChecked.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
  const db = openDatabase({ dataDir: config.dataDir });
  const store = createStore(db);
  // with --json, stdout holds one JSON object; the logs go to stderr
  const logger = createLogger({ level: config.logLevel, destination: pino.destination({ fd: p.json ? 2 : 1, sync: true }) });
  const renderer = createWorkerPoolRenderer({ deadlineMs: config.renderTimeoutMs });
  const app = createApp({ db, renderer, config, logger });
  let server: Server;
  try {
    // workers start and warm up (fonts, UA stylesheet) before the first client waits on them;
    // the timer also keeps the process alive meanwhile (piscina's workers do not)
    await patchesChecked;
    await warmUp(renderer, logger);
    server = await listen(app, config, { host: config.host, port: config.port });
  } catch (err) {
    await renderer.close();
    db.close();
    throw err;
  }
  // usage rows past the retention go at start and then hourly
  const pruneUsage = () => {
    try {
      const pruned = store.usage.prune(new Date(Date.now() - config.usageRetentionDays * 86_400_000));
      if (pruned) logger.info({ pruned, retentionDays: config.usageRetentionDays }, 'usage pruned');
    } catch (err) {
      logger.warn({ err: { message: (err as Error).message } }, 'usage pruning failed; retried in an hour');
    }
  };
  pruneUsage();
  setInterval(pruneUsage, 3_600_000).unref();
  // seeded only once the port is ours: a failed start must not swallow the one-time key
  const demo = await seedDemoIfEmpty(store);
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${shownHost === '0.0.0.0' || shownHost === '[::]' ? '127.0.0.1' : shownHost}:${address.port}`;

  const human = [`Platen listening on ${url} (data: ${config.dataDir})`];
  if (demo) {
    human.push(
      '',
      'First start: created a demo account with two templates (demo-invoice, demo-report) and an API key.',
      'The key is shown this once; only its hash is stored:',
      '',
      `  ${demo.key}`,
      '',
      'Try it:',
      '',
      `  ${demoCurl(url, demo.key)}`,
      '',
      `The dashboard: ${url}/dashboard, signed in as ${demo.user.email} with the password (also shown this once):`,
      '',
      `  ${demo.user.password}`,
      '',
    );
  }
  io.result({ url, port: address.port, dataDir: config.dataDir, ...(demo ? { demo: { accountId: demo.accountId, keyId: demo.keyId, key: demo.key, templates: demo.templates, curl: demoCurl(url, demo.key), dashboard: `${url}/dashboard`, user: demo.user } } : {}) }, human.join('\n'));
  logger.info({ url, dataDir: config.dataDir }, 'listening');

  // Once stopping, every response not yet sent goes out with Connection: close, so no client
  // reuses a kept-alive socket to reach a server that is going away (closeIdleConnections only
  // closes the sockets idle at the moment it is called: one freed by a render finishing a
  // moment later stayed open and kept answering).
  let stopping = false;
  const unsent = new Set<ServerResponse>();
  server.on('request', (_req, res: ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
    unsent.add(res);
    res.once('close', () => unsent.delete(res));
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    for (const res of unsent) if (!res.headersSent) res.shouldKeepAlive = false;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.closeIdleConnections();
    // a response whose headers were already out keeps its socket until it finishes: sweep
    // the sockets that fall idle until the server has closed
    const sweep = setInterval(() => server.closeIdleConnections(), 25);
    sweep.unref();
    server.close(() => {
      clearTimeout(force);
      clearInterval(sweep);
      void renderer.close().finally(() => {
        try {
          store.usage.flush();
          db.pragma('wal_checkpoint(TRUNCATE)');
          db.close();
        } finally {
          logger.info('stopped');
          process.exit(0);
        }
      });
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

/**
 * The pdf layer's patched library targets (src/pdf/patches.ts), checked before anything starts:
 * in a thread of its own, since the HTTP thread loads no pdf library. A missing target refuses
 * the start with its one-line message.
 */
async function checkPdfPatches(): Promise<void> {
  const patches = join(__dirname, '..', '..', 'pdf', 'patches.js');
  const compileCache = join(__dirname, '..', '..', 'compileCache.js');
  const worker = new Worker(`require(${JSON.stringify(compileCache)}).enableCompileCache(); require(${JSON.stringify(patches)}).checkPatchTargets()`, { eval: true });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', (err) => reject(new Error(err instanceof Error ? err.message : String(err))));
    worker.once('exit', () => resolve());
  });
}

