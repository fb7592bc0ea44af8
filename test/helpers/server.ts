// The real app on a real loopback port (port 0) with a real SQLite file in a temp dir.
// Log lines are captured so tests can check what is (and is not) logged.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig, type Config } from '../../src/config';
import { createApp, listen } from '../../src/http/app';
import { createLogger } from '../../src/log';
import { createInProcessRenderer, type Renderer } from '../../src/render';
import { createStore, openDatabase, type Account, type Db, type Store, type SubscriptionStatus } from '../../src/store';

export interface TestServer {
  readonly url: string;
  readonly port: number;
  readonly db: Db;
  readonly store: Store;
  readonly dataDir: string;
  readonly config: Config;
  /** every log line written so far, raw JSON text */
  readonly logLines: string[];
  close(): Promise<void>;
}

export interface TestServerOptions {
  readonly renderer?: Renderer;
  readonly config?: Partial<Config>;
  readonly now?: () => Date;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-test-'));
  const config = loadConfig({}, { dataDir, host: '127.0.0.1', port: 0, ...options.config });
  const db = openDatabase({ dataDir });
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      cb();
    },
  });
  const logger = createLogger({ level: 'info', destination: sink });
  const renderer = options.renderer ?? createInProcessRenderer();
  const app = createApp({ db, renderer, config, logger, ...(options.now ? { now: options.now } : {}) });
  const server: Server = await listen(app, config, { host: '127.0.0.1', port: 0 });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port, db, store: createStore(db), dataDir, config, logLines,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await renderer.close();
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SeededAccount {
  readonly account: Account;
  readonly key: string;
  readonly keyId: string;
}

/** An account with one API key; active unless told otherwise. */
export function seedAccount(store: Store, options: { name?: string; status?: SubscriptionStatus; until?: string | null; globals?: Record<string, unknown> } = {}): SeededAccount {
  const created = store.accounts.create({ name: options.name ?? 'Test account', globals: options.globals ?? {} });
  if (options.status || options.until) store.accounts.setSubscription(created.id, options.status ?? 'active', options.until ?? null);
  const { apiKey, key } = store.apiKeys.create({ accountId: created.id, name: 'test' });
  return { account: store.accounts.get(created.id)!, key, keyId: apiKey.id };
}

export interface GenerateCall {
  readonly key?: string;
  readonly body?: unknown;
  /** raw body text, sent as is */
  readonly raw?: string | Buffer;
  readonly contentType?: string | null;
  readonly headers?: Record<string, string>;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Buffer;
  /** parsed JSON when the answer is (problem+)json */
  readonly json: Record<string, unknown>;
}

/** POST /v1/pdf/generate through fetch. */
export async function generate(server: TestServer, call: GenerateCall): Promise<Answer> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.key !== undefined) headers.authorization = `Bearer ${call.key}`;
  if (call.contentType !== null) headers['content-type'] = call.contentType ?? 'application/json';
  const body = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  const res = await fetch(`${server.url}/v1/pdf/generate`, { method: 'POST', headers, ...(body === undefined ? {} : { body }) });
  return toAnswer(res);
}

export async function toAnswer(res: Response): Promise<Answer> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  const json = /json/.test(type) ? JSON.parse(bytes.toString('utf8')) as Record<string, unknown> : {};
  return { status: res.status, headers: res.headers, bytes, json };
}
