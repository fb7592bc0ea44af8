// The benchmark's server: the real app (createApp + listen) with the worker-pool renderer and
// a real SQLite file in a temporary directory, started as its own process so its RSS is its
// own. Started by run.ts with an IPC channel; it answers { port, key } once it listens.
// Logs are written at the production level (info) to /dev/null: their cost is part of a request.
//
// BENCH_RENDERER=stub swaps the worker pool for a renderer that answers a fixed PDF at once:
// what is left is the service path alone (auth, SQLite, body, validation, logging, streaming),
// the per-request cost the HTTP thread adds to every render.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config';
import { createApp, listen } from '../http/app';
import { createLogger } from '../log';
import type { Renderer } from '../render';
import { createWorkerPoolRenderer } from '../render/pool';
import { createStore, openDatabase } from '../store';
import { BENCH_DOCS, benchGlobals, loadBenchDoc } from './documents';

export interface BenchServerReady {
  readonly port: number;
  readonly key: string;
  /** 0 with the stub renderer */
  readonly workers: number;
  readonly maxQueue: number;
  /** the pool's V8 limits per worker and nice increment (absent with the stub renderer) */
  readonly workerOldMb?: number;
  readonly workerYoungMb?: number;
  readonly workerNice?: number;
  /** server RSS once every worker is warm, before any request (MB) */
  readonly rssReadyMb: number;
  /** kernel thread IDs of the render workers (Linux; empty with the stub renderer) */
  readonly workerOsThreads: readonly number[];
}

/** A PDF-sized answer (30 kB, about the invoice) without rendering anything. */
function stubRenderer(): Renderer {
  const pdf = Buffer.alloc(30_000, 0x20);
  pdf.write('%PDF-1.7\n');
  return {
    render: async () => ({ pdf: Buffer.from(pdf), diagnostics: [] }),
    close: async () => {},
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-bench-db-'));
  const config = loadConfig(process.env, { dataDir, port: 0, host: '127.0.0.1' });
  const db = openDatabase({ dataDir });
  const store = createStore(db);
  const account = store.accounts.create({ name: 'bench', globals: benchGlobals() });
  store.accounts.setSubscription(account.id, 'active', null);
  const { key } = store.apiKeys.create({ accountId: account.id, name: 'bench' });
  const saved = new Set<string>();
  for (const name of BENCH_DOCS) {
    const doc = loadBenchDoc(name);
    if (saved.has(doc.templateId)) continue;
    store.templates.save({ accountId: account.id, id: doc.templateId, name: doc.templateId, html: doc.job.template.html, css: doc.job.template.css });
    saved.add(doc.templateId);
  }
  const stub = process.env.BENCH_RENDERER === 'stub';
  const pool = stub ? undefined : createWorkerPoolRenderer({ deadlineMs: config.renderTimeoutMs });
  const renderer: Renderer = pool ?? stubRenderer();
  const logger = createLogger({ level: config.logLevel, destination: pino.destination({ dest: '/dev/null', sync: true }) });
  const app = createApp({ db, renderer, config, logger });
  const server = await listen(app, config, { host: '127.0.0.1', port: 0 });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const stop = async () => {
    server.close();
    await renderer.close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('message', (m) => { if (m === 'stop') void stop(); });
  process.on('disconnect', () => void stop());
  await pool?.ready();
  const ready: BenchServerReady = {
    port, key, workers: pool?.settings.workers ?? 0, maxQueue: pool?.settings.maxQueue ?? 0,
    ...(pool ? { workerOldMb: pool.settings.maxOldGenerationSizeMb, workerYoungMb: pool.settings.maxYoungGenerationSizeMb ?? 0, workerNice: pool.settings.workerNice } : {}),
    rssReadyMb: Math.round(process.memoryUsage.rss() / 2 ** 20 * 10) / 10,
    workerOsThreads: pool?.stats().workerOsThreads ?? [],
  };
  process.send?.(ready);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
