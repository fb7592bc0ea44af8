// npm run load — the soak test of issue #5 (not a CI test): the real `platen serve` (built CLI,
// temp data dir, first-start demo) on 127.0.0.1 only, 64 connections posting the demo invoice
// for 60 s with autocannon. Reports non-2xx answers, errors and latency, and the server's RSS
// (its whole process: main thread and render workers) after a warm-up versus at the end; the
// run passes with zero non-2xx and an end RSS within 10% of the warm-up RSS.
//
//   LOAD_SECONDS (default 60), LOAD_CONNECTIONS (64), LOAD_WARMUP_SECONDS (45: on a busy 2-core
//   machine worker heaps still grow for ~40 s of load, then RSS is flat); the server
//   takes the usual PLATEN_* variables (PLATEN_WORKERS, PLATEN_QUEUE, ...).
// Bounded in time: the run ends after warm-up + LOAD_SECONDS + a few seconds of shutdown.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { repoRoot } from '../paths';

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 64);
const warmupSeconds = Number(process.env.LOAD_WARMUP_SECONDS ?? 45);

interface Ready { url: string; demo: { key: string; templates: string[] } }

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 102.4) / 10;
}

function blast(url: string, body: string, key: string, durationS: number, conns: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({
      url: `${url}/v1/pdf/generate`,
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body,
      connections: conns,
      duration: durationS,
      timeout: 30,
    }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platen-load-'));
  const server = spawn(process.execPath, [join(repoRoot, 'dist', 'src', 'cli', 'main.js'), 'serve', '--data', dataDir, '--port', '0', '--host', '127.0.0.1', '--json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PLATEN_LOG_LEVEL: process.env.PLATEN_LOG_LEVEL ?? 'warn' },
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve(JSON.parse(line) as Ready);
      });
      void exited.then((code) => reject(new Error(`serve exited (${code}) before listening`)));
    });
    const params = JSON.parse(readFileSync(join(repoRoot, 'fixtures', 'demo', 'invoice.sample.json'), 'utf8')) as Record<string, unknown>;
    const body = JSON.stringify({ templateId: 'demo-invoice', params });
    const pid = server.pid!;
    console.log(`platen load: ${ready.url} (pid ${pid}), demo invoice, ${connections} connections; warm-up ${warmupSeconds} s, run ${seconds} s`);

    const warm = await blast(ready.url, body, ready.demo.key, warmupSeconds, connections);
    const rssAfterWarmup = rssMb(pid);
    console.log(`warm-up: ${warm.requests.total} requests, non-2xx ${warm.non2xx}, RSS ${rssAfterWarmup} MB`);

    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssMb(pid)), 1_000);
    const run = await blast(ready.url, body, ready.demo.key, seconds, connections);
    clearInterval(sampler);
    const rssEnd = rssMb(pid);
    const growth = (rssEnd - rssAfterWarmup) / rssAfterWarmup;
    const ok2xx = run['2xx'];
    const report = {
      seconds, connections,
      requests: run.requests.total,
      ok2xx,
      non2xx: run.non2xx,
      errors: run.errors,
      timeouts: run.timeouts,
      throughputPerS: Math.round((ok2xx / seconds) * 10) / 10,
      latencyMs: { p50: run.latency.p50, p90: run.latency.p90, p99: run.latency.p99, max: run.latency.max },
      rssMb: { afterWarmup: rssAfterWarmup, end: rssEnd, max: Math.max(...samples, rssEnd), growthPct: Math.round(growth * 1000) / 10 },
      rssEvery10sMb: samples.filter((_, i) => i % 10 === 9),
    };
    console.log(JSON.stringify(report, null, 2));
    const pass = run.non2xx === 0 && run.errors === 0 && Math.abs(growth) <= 0.10;
    console.log(`${pass ? 'PASS' : 'FAIL'}: non-2xx ${run.non2xx} (want 0), errors ${run.errors} (want 0), RSS end/warm-up ${report.rssMb.growthPct}% (want within ±10%)`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    server.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000))]);
    if (code === 'timeout') server.kill('SIGKILL');
    else console.log(`server exit code after SIGTERM: ${code}`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
