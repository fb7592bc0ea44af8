// The dashboard's two speed figures (issue #15), on a real server over loopback with the
// service's worker pool: the templates list of an account with 500 templates (target < 50 ms),
// and the live preview of the demo invoice, request to JSON answer (target < 100 ms).
// `npm run bench:dashboard`; prints p50 / p95 / max of N rounds after a warm-up.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { createApp, listen } from '../http/app';
import { silentLogger } from '../log';
import { fixturesDir } from '../paths';
import { createWorkerPoolRenderer } from '../render';
import { createStore, openDatabase } from '../store';

const ROUNDS = 40;

function summary(name: string, ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1);
  return `${name.padEnd(38)} p50 ${at(0.5).padStart(6)} ms   p95 ${at(0.95).padStart(6)} ms   max ${sorted[sorted.length - 1]!.toFixed(1).padStart(6)} ms   (${ms.length} rounds)`;
}

async function time(fn: () => Promise<void>, rounds: number): Promise<number[]> {
  for (let i = 0; i < 5; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await fn();
    out.push(performance.now() - started);
  }
  return out;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-bench-dashboard-'));
  const db = openDatabase({ dataDir });
  const store = createStore(db);
  const config = loadConfig({}, { dataDir, host: '127.0.0.1', port: 0 });
  const renderer = createWorkerPoolRenderer({ deadlineMs: config.renderTimeoutMs });
  await renderer.ready();
  const server = await listen(createApp({ db, renderer, config, logger: silentLogger() }), config, { host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const account = store.accounts.create({ name: 'Bench', globals: JSON.parse(readFileSync(join(fixturesDir, 'demo', 'globals.json'), 'utf8')) as Record<string, unknown> });
    const html = readFileSync(join(fixturesDir, 'demo', 'invoice.html'), 'utf8');
    const css = readFileSync(join(fixturesDir, 'demo', 'invoice.css'), 'utf8');
    const sample = readFileSync(join(fixturesDir, 'demo', 'invoice.sample.json'), 'utf8');
    db.transaction(() => {
      for (let i = 0; i < 500; i++) store.templates.create({ accountId: account.id, id: `bench-${String(i).padStart(3, '0')}`, name: `Template ${i}`, html, css });
    })();
    const password = 'bench password 123';
    const user = await store.users.create({ accountId: account.id, email: 'bench@example.test', password });
    const { token, csrfToken } = store.users.createSession(user.id);
    const cookie = `platen_session=${token}`;

    const list = await time(async () => {
      const res = await fetch(`${url}/dashboard/templates`, { headers: { cookie } });
      const text = await res.text();
      if (res.status !== 200 || !text.includes('bench-499')) throw new Error(`templates list: ${res.status}`);
    }, ROUNDS);
    const body = JSON.stringify({ html, css, sample });
    const preview = await time(async () => {
      const res = await fetch(`${url}/dashboard/api/preview`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrfToken }, body });
      const answer = await res.json() as { pdf?: string };
      if (res.status !== 200 || !answer.pdf) throw new Error(`preview: ${res.status}`);
    }, ROUNDS);
    console.log(summary('GET /dashboard/templates (500 templates)', list));
    console.log(summary('POST /dashboard/api/preview (demo invoice)', preview));
  } finally {
    server.closeAllConnections();
    server.close();
    await renderer.close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
