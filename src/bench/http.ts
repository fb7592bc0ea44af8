// Over HTTP: autocannon against the real service (server.ts in its own process) on 127.0.0.1.
// For each document and connection count: throughput, p50/p99 latency, non-2xx, the server's
// RSS (sampled every 200 ms during the run, and its high-water mark); while the heaviest load
// runs, a second autocannon probes GET /healthz at a fixed rate for its p99.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freshDigits, loadBenchDoc, type BenchDocName } from './fixtures';
import { probeOnOwnThread } from './probe';
import type { BenchServerReady } from './server';
import { round } from './stats';

export interface HttpRun {
  readonly doc: BenchDocName;
  readonly connections: number;
  readonly durationS: number;
  readonly requests: number;
  readonly throughput: number;       // 2xx responses per second
  readonly latencyP50: number;       // ms
  readonly latencyP99: number;       // ms
  readonly non2xx: number;
  readonly errors: number;           // connection errors and timeouts
  readonly serverRssMb: number;      // max sampled during the run
  /** server CPU per 2xx response (ms): the HTTP thread alone, and the whole process (workers included) */
  readonly cpuPerPdfMain: number;
  readonly cpuPerPdfTotal: number;
  /**
   * server CPU per 2xx response (ms) on threads that are neither the HTTP thread nor a render
   * worker: V8's helper threads (under --single-threaded-gc, its optimising compiler: work a
   * young server still does) and libuv's pool. NaN where the workers' threads are unknown.
   */
  readonly cpuPerPdfHelpers: number;
  /**
   * CPU of the load generator (autocannon, in the bench process) per 2xx response (ms): it
   * shares the machine with the server, so this is CPU the server did not get
   */
  readonly cpuPerPdfLoadGen: number;
  /** server RSS right before the run (after earlier rows and warm-up) */
  readonly serverRssBeforeMb: number;
  /** non-2xx answers of POST /v1/pdf/generate during the run, by status (from the server's /metrics) */
  readonly non2xxByStatus?: Readonly<Record<string, number>>;
  /** 'stub': the service path with a renderer that answers a fixed PDF (BENCH_RENDERER=stub) */
  readonly renderer: 'pool' | 'stub';
  /** every request's params with fresh digits (new amounts, dates, references: real traffic), or the same body every time */
  readonly freshDigits: boolean;
  readonly healthzP99?: number;      // ms, when probed during this run
  readonly healthzRequests?: number;
  /** ms, the slowest of the probe's unmeasured warm-up requests */
  readonly healthzFirstMax?: number;
}

export interface BenchServer {
  readonly ready: BenchServerReady;
  readonly pid: number;
  /** the node flags the server process runs with (see serverNodeFlags) */
  readonly nodeFlags: readonly string[];
  rssMb(): { rss: number; hwm: number };
  /**
   * CPU ms so far: the main (HTTP) thread, the render workers' threads, the other threads (V8's
   * helpers, libuv's pool; NaN, as the workers, where the workers' threads are unknown), and the
   * whole process
   */
  cpuMs(): { main: number; workers: number; helpers: number; total: number };
  stop(): Promise<void>;
}

/**
 * Node flags `npm start` gives the service process (package.json; a test keeps the two in
 * step), so the bench measures the process a user runs. A 2 MB semi-space for the HTTP thread:
 * V8 otherwise grows its young generation to 16 MB semi-spaces under load, about 20 MB of RSS
 * for objects that die within a request (the no-render server at 200 and 1,000 req/s: 98 and
 * 121-131 MB → 81 and 102-103 MB, HTTP-thread CPU per request unchanged at 0.36 ms). The
 * render workers do not keep it: the pool clears the flag before it starts them, so they get
 * PLATEN_WORKER_YOUNG_MB (render/pool.ts). Measured, when the flag still held for them too,
 * on 2026-11-25 without the flag and with 8 MB workers: invoice 344, statement 111, report-10
 * 21 PDFs/s at 32 connections (338, 107, 16 with it), /healthz p99 10-14 ms (18-34), but server
 * RSS up to 323 MB (292): over the 300 MB budget, so the flag stays.
 *
 * `--single-threaded-gc`: V8 collects on the thread that allocates, without parallel and
 * concurrent helper threads. Under full load every core already runs a render worker, so the
 * helpers only took CPU from the renders and the HTTP thread (2-core box, invoice at 32
 * connections, four interleaved rounds: 204-216 → 238-263 PDFs/s, p99 300-325 → 233-248 ms,
 * CPU per PDF 8.3-8.6 → 6.9-7.7 ms; statement +13-26%, report-10 +16%; one connection: same
 * p50 and p99; RSS +15-20 MB). V8 does not take it from NODE_OPTIONS.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2', '--single-threaded-gc'];

/**
 * The service's node flags, or those of PLATEN_BENCH_NODE_FLAGS when it is set (space-separated;
 * empty for node's defaults): an A/B of the flags is two bench runs, e.g.
 * `PLATEN_BENCH_NODE_FLAGS=--max-semi-space-size=2 npm run bench -- --no-anchors --docs invoice`.
 */
export function serverNodeFlags(env: Readonly<Record<string, string | undefined>> = process.env): readonly string[] {
  const custom = env.PLATEN_BENCH_NODE_FLAGS;
  return custom === undefined ? SERVICE_NODE_FLAGS : custom.split(/\s+/).filter(Boolean);
}

/** Starts server.ts in its own process; `execArgv` e.g. ['--cpu-prof'] to profile it. */
export function startServer(env: Record<string, string | undefined> = {}, execArgv: readonly string[] = []): Promise<BenchServer> {
  return new Promise((resolve, reject) => {
    const nodeFlags = [...serverNodeFlags(), ...execArgv];
    const child: ChildProcess = fork(join(__dirname, 'server.js'), [], { env: { ...process.env, ...env }, execArgv: nodeFlags, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited early (${code})`)));
    child.once('message', (ready) => {
      child.removeAllListeners('exit');
      const pid = child.pid as number;
      resolve({
        ready: ready as BenchServerReady,
        pid,
        nodeFlags,
        rssMb() {
          try {
            const status = readFileSync(`/proc/${pid}/status`, 'utf8');
            const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
            return { rss: round(kb('VmRSS') / 1024), hwm: round(kb('VmHWM') / 1024) };
          } catch {
            return { rss: NaN, hwm: NaN };
          }
        },
        cpuMs() {
          const ticks = (path: string) => {
            try {
              const stat = readFileSync(path, 'utf8');
              const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
              return (Number(f[11]) + Number(f[12])) * 10; // utime + stime, USER_HZ = 100
            } catch { return NaN; }
          };
          const tids = (ready as BenchServerReady).workerOsThreads;
          const workers = tids.length ? tids.reduce((sum, tid) => sum + ticks(`/proc/${pid}/task/${tid}/stat`), 0) : NaN;
          const main = ticks(`/proc/${pid}/task/${pid}/stat`);
          const total = ticks(`/proc/${pid}/stat`);
          return { main, workers, helpers: total - main - workers, total };
        },
        stop: () => new Promise<void>((done) => {
          child.once('exit', () => done());
          child.send('stop');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }),
      });
    });
  });
}

/** POST /v1/pdf/generate answers so far by status, from the server's Prometheus counters. */
async function generateAnswers(url: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  try {
    const text = await (await fetch(`${url}/metrics`)).text();
    const line = /^platen_http_requests_total\{([^}]*)\} (\d+)/gm;
    for (let m = line.exec(text); m; m = line.exec(text)) {
      const labels = m[1] as string;
      if (!labels.includes('route="/v1/pdf/generate"')) continue;
      const status = /status="(\d+)"/.exec(labels)?.[1] ?? '?';
      counts.set(status, (counts.get(status) ?? 0) + Number(m[2]));
    }
  } catch { /* no figures then */ }
  return counts;
}

function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export interface LoadTestOptions {
  readonly doc: BenchDocName;
  readonly connections: number;
  readonly durationS: number;
  /** probe GET /healthz on its own thread during the run */
  readonly probeHealthz?: boolean;
  /** every request with fresh digits in its params (what content-keyed caches meet in real traffic) */
  readonly freshDigits?: boolean;
}

export async function loadTest(server: BenchServer, options: LoadTestOptions): Promise<HttpRun> {
  const { doc: name, connections, durationS, probeHealthz = false, freshDigits: fresh = false } = options;
  const doc = loadBenchDoc(name);
  const url = `http://127.0.0.1:${server.ready.port}`;
  const bodyOf = (params: unknown) => JSON.stringify({ templateId: doc.templateId, params, format: 'A4' });
  const body = bodyOf(doc.job.params);
  let sent = 0;
  const requests: autocannon.Request[] | undefined = fresh
    ? [{ setupRequest: (req) => ({ ...req, body: bodyOf(freshDigits(doc.job.params, sent++)) }) }]
    : undefined;
  const headers = { authorization: `Bearer ${server.ready.key}`, 'content-type': 'application/json' };

  const rssBefore = server.rssMb().rss;
  const answersBefore = await generateAnswers(url);
  let rssMax = 0;
  const cpu0 = server.cpuMs();
  const gen0 = process.cpuUsage();
  const sampler = setInterval(() => { rssMax = Math.max(rssMax, server.rssMb().rss); }, 200);
  const load = cannon({ url: `${url}/v1/pdf/generate`, method: 'POST', headers, body, ...(requests ? { requests } : {}), connections, duration: durationS, timeout: 60 });
  // the probe starts with the load, warms up for half a second (probe.ts) and ends before the
  // load, so it measures only loaded time; it runs on its own thread, so the load generator's
  // event loop does not delay its answers
  const probe = probeHealthz
    ? probeOnOwnThread({ url: `${url}/healthz`, ratePerS: 20, durationS: Math.max(1, durationS - 1.5) })
    : undefined;
  const [result, health] = await Promise.all([load, probe]);
  clearInterval(sampler);
  rssMax = Math.max(rssMax, server.rssMb().rss);

  const cpu1 = server.cpuMs();
  const gen = process.cpuUsage(gen0);
  const answersAfter = await generateAnswers(url);
  const non2xxByStatus: Record<string, number> = {};
  for (const [status, n] of answersAfter) {
    const during = n - (answersBefore.get(status) ?? 0);
    if (!status.startsWith('2') && during > 0) non2xxByStatus[status] = during;
  }
  const ok = result['2xx'];
  return {
    doc: name, connections, durationS,
    requests: result.requests.total,
    throughput: round(ok / (result.duration || durationS), 1),
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    non2xx: result.non2xx,
    ...(Object.keys(non2xxByStatus).length ? { non2xxByStatus } : {}),
    errors: result.errors + result.timeouts,
    serverRssMb: rssMax,
    cpuPerPdfMain: round((cpu1.main - cpu0.main) / Math.max(1, ok), 2),
    cpuPerPdfTotal: round((cpu1.total - cpu0.total) / Math.max(1, ok), 1),
    cpuPerPdfHelpers: round((cpu1.helpers - cpu0.helpers) / Math.max(1, ok), 2),
    cpuPerPdfLoadGen: round((gen.user + gen.system) / 1000 / Math.max(1, ok), 2),
    serverRssBeforeMb: rssBefore,
    renderer: server.ready.workers > 0 ? 'pool' : 'stub',
    freshDigits: fresh,
    ...(health ? { healthzP99: health.p99, healthzRequests: health.requests, healthzFirstMax: health.firstMax } : {}),
  };
}

/**
 * Every worker past V8's compile phase before anything is measured: each document for `seconds`
 * at one connection per worker (a worker needs ~100 invoice renders before its optimised code
 * settles; the service spends its life past that point). The first renders also parse the
 * fonts and compile the template.
 */
export async function warmUp(server: BenchServer, names: readonly BenchDocName[], seconds: number): Promise<void> {
  await loadEach(server, names, { seconds, connections: Math.max(1, server.ready.workers) });
}

/** Each document in turn for `seconds` at `connections`, its unchanged body every time; the 2xx answers in all. */
async function loadEach(server: BenchServer, names: readonly BenchDocName[], options: { seconds: number; connections: number }): Promise<number> {
  let ok = 0;
  for (const name of names) {
    const doc = loadBenchDoc(name);
    const r = await cannon({
      url: `http://127.0.0.1:${server.ready.port}/v1/pdf/generate`, method: 'POST',
      headers: { authorization: `Bearer ${server.ready.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ templateId: doc.templateId, params: doc.job.params, format: 'A4' }),
      connections: options.connections, duration: options.seconds, timeout: 60,
    });
    ok += r['2xx'];
  }
  return ok;
}

export interface SettleSlice {
  /** seconds since the settling began, at the end of this slice */
  readonly atS: number;
  /** share of the server's CPU in this slice spent by V8's helper threads (neither the HTTP thread nor a worker) */
  readonly helpersShare: number;
  /** 2xx responses per second over the slice (every document in turn) */
  readonly pdfsPerS: number;
}

export interface SettleResult {
  readonly seconds: number;
  /** the helpers' share fell under the threshold before the time ran out */
  readonly settled: boolean;
  readonly threshold: number;
  readonly slices: readonly SettleSlice[];
}

/**
 * A server's steady state before its rows are measured. V8 keeps optimising a worker's code for
 * about half a minute of full load (measured here: ~1,600 optimised functions over 40 s of
 * invoices at 32 connections, on 4 helper threads), and until it has, the compiler takes CPU
 * from the renders (invoice at 32 connections on a 2-core box: 157 PDFs/s after a 3 s warm-up,
 * 221 after 45 s). A service spends its life past that point, as the in-process rows' warm-up
 * assumes too; the first slice printed shows what a young server gives.
 *
 * Loads every document in turn (`sliceS` seconds each, two connections per worker) until the
 * helpers take less than `threshold` of the server's CPU in a slice, or `maxS` has passed.
 */
export async function settle(server: BenchServer, names: readonly BenchDocName[], options: { sliceS: number; maxS: number; threshold: number }): Promise<SettleResult> {
  const slices: SettleSlice[] = [];
  const start = performance.now();
  const elapsedS = () => (performance.now() - start) / 1000;
  let settled = false;
  while (!settled && elapsedS() < options.maxS) {
    const cpu0 = server.cpuMs();
    const t0 = performance.now();
    const ok = await loadEach(server, names, { seconds: options.sliceS, connections: Math.max(1, 2 * server.ready.workers) });
    const cpu1 = server.cpuMs();
    const total = cpu1.total - cpu0.total;
    const share = total > 0 ? (cpu1.helpers - cpu0.helpers) / total : 0;
    slices.push({ atS: round(elapsedS(), 1), helpersShare: round(share, 3), pdfsPerS: round(ok / ((performance.now() - t0) / 1000), 1) });
    settled = Number.isFinite(share) && share < options.threshold;
    if (!Number.isFinite(share)) break; // the workers' threads are unknown (not Linux): nothing to wait for
  }
  return { seconds: round(elapsedS(), 1), settled, threshold: options.threshold, slices };
}
