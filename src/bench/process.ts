// Whole processes (issue #16): what a user waits for when they type a command, start to exit,
// beside WeasyPrint's process on the same document, and the service's start to its "listening"
// line. The commands run interleaved (one round runs each once), so a change in the machine's
// load reaches every row alike; each row gives the median wall time and the median CPU time
// (user + system of the process and its children, from time(1)): on a shared machine the CPU
// column is the one to compare, wall times grow with the load average.
//
//   node -e 0                      the floor: node's own start
//   node -e 0, no extra CA         the same without NODE_EXTRA_CA_CERTS, when it is set: node parses that
//                                  file at every start; the launcher drops it for render, help and --version
//   platen --help / --version      the table alone (src/cli/platen, the launcher, runs dist/src/cli/main.js)
//   platen render (demo invoice)   fixtures/demo/invoice.html with its CSS and sample params, through
//                                  src/cli/platen: node starts from the CLI's startup snapshot
//   node main.js render            the same without the snapshot (node dist/src/cli/main.js render)
//   weasyprint (demo invoice)      the same document as one HTML file (template rendered, CSS inlined)
//   serve, first start             an empty data directory (database created, demo seeded)
//   serve, second start            the same directory again
//   serve, first render            after each start, POST /v1/pdf/generate of the demo invoice sent
//                                  at the "listening" line: its time to the last byte of the PDF
//                                  (the render workers may still be starting then)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fixturesDir, repoRoot } from '../paths';
import { renderTemplate } from '../template';
import { timedProcess, WEASYPRINT } from './anchors';
import { SERVICE_NODE_FLAGS } from './http';
import { round } from './stats';

export interface ProcessRow {
  readonly name: string;
  readonly runs: number;
  readonly wallP50: number;
  readonly cpuP50: number;
  /** every run's CPU ms, in order */
  readonly cpu: readonly number[];
  readonly error?: string;
}

const CLI = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
/** the `platen` command (package.json "bin"): a sh script that starts render from the startup snapshot */
const LAUNCHER = join(repoRoot, 'src', 'cli', 'platen');
const demo = (file: string) => join(fixturesDir, 'demo', file);
const median = (xs: readonly number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length ? (s[Math.floor((s.length - 1) / 2)] as number) : NaN; };

/** The demo invoice as WeasyPrint gets it: one HTML file, template rendered with the sample params, CSS inlined. */
function demoInvoiceStandalone(dir: string): string {
  const params = JSON.parse(readFileSync(demo('invoice.sample.json'), 'utf8')) as Record<string, unknown>;
  const html = renderTemplate(readFileSync(demo('invoice.html'), 'utf8'), { params, globals: (params.global ?? {}) as Record<string, unknown> });
  const style = `<style>\n${readFileSync(demo('invoice.css'), 'utf8')}\n</style>`;
  const file = join(dir, 'invoice.html');
  writeFileSync(file, html.includes('</head>') ? html.replace('</head>', `${style}\n</head>`) : `${style}\n${html}`);
  return file;
}

/** The demo invoice's render request, as `serve`'s first start prints it (cli/demo.ts). */
async function firstRender(url: string, key: string): Promise<number> {
  const params = JSON.parse(readFileSync(demo('invoice.sample.json'), 'utf8')) as Record<string, unknown>;
  const t0 = performance.now();
  const res = await fetch(`${url}/v1/pdf/generate`, {
    method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ templateId: 'demo-invoice', params }),
  });
  const pdf = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error(`first render answered ${res.status}`);
  return performance.now() - t0;
}

/**
 * Spawns `node [flags] main.js serve` and resolves at its "listening" line: wall ms and the
 * process's CPU ms so far; then, with `key` (or the demo key a first start prints), the first
 * render's ms; then stops it.
 */
export function timeServeStart(dataDir: string, key?: string): Promise<{ ms: number; cpuMs: number; key?: string; renderMs?: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, CLI, 'serve', '--port', '0'], {
    env: { ...process.env, PLATEN_DATA: dataDir, PLATEN_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let errText = '';
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error('serve did not say "listening" within 120 s')); }, 120_000);
    child.stderr.on('data', (d: Buffer) => { errText += d.toString(); });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`serve exited (${code}) before listening: ${errText.slice(-300)}`)); });
    let seen = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (seen || !/listening/.test(out)) return;
      seen = true;
      const ms = performance.now() - t0;
      let cpuMs = NaN;
      try {
        const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        cpuMs = (Number(f[11]) + Number(f[12])) * 10; // utime + stime of every thread, USER_HZ 100
      } catch { /* not Linux */ }
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const demoKey = key ?? /Bearer (\S+?)'/.exec(out)?.[1] ?? /^ {2}(\S{20,})$/m.exec(out)?.[1];
      const stop = (renderMs?: number) => {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        child.once('exit', () => resolve({ ms, cpuMs, ...(demoKey ? { key: demoKey } : {}), ...(renderMs !== undefined ? { renderMs } : {}) }));
        child.kill('SIGTERM');
      };
      if (!url || !demoKey) { stop(); return; }
      firstRender(url, demoKey).then(stop, (err: unknown) => { child.kill('SIGKILL'); reject(err instanceof Error ? err : new Error(String(err))); });
    });
  });
}

/** Every command `runs` times, interleaved; then the service's first and second start, `starts` times each. */
export async function measureProcesses(runs: number, starts: number): Promise<ProcessRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'platen-bench-process-'));
  try {
    const node = process.execPath;
    const withoutExtraCa = { ...process.env };
    delete withoutExtraCa.NODE_EXTRA_CA_CERTS;
    const commands: { name: string; cmd: string; args: string[]; output?: string; env?: NodeJS.ProcessEnv }[] = [
      { name: 'node -e 0', cmd: node, args: ['-e', '0'] },
      ...(process.env.NODE_EXTRA_CA_CERTS ? [{ name: 'node -e 0 (NODE_EXTRA_CA_CERTS unset)', cmd: node, args: ['-e', '0'], env: withoutExtraCa }] : []),
      { name: 'platen --help', cmd: LAUNCHER, args: ['--help'] },
      { name: 'platen --version', cmd: LAUNCHER, args: ['--version'] },
      { name: 'platen render (demo invoice)', cmd: LAUNCHER, output: join(dir, 'platen.pdf'),
        args: ['render', demo('invoice.html'), '--css', demo('invoice.css'), '--params', demo('invoice.sample.json'), '-o', join(dir, 'platen.pdf')] },
      { name: 'node main.js render (no snapshot)', cmd: node, output: join(dir, 'main.pdf'),
        args: [CLI, 'render', demo('invoice.html'), '--css', demo('invoice.css'), '--params', demo('invoice.sample.json'), '-o', join(dir, 'main.pdf')] },
    ];
    if (WEASYPRINT && existsSync(WEASYPRINT)) commands.push({ name: 'weasyprint (demo invoice)', cmd: WEASYPRINT, args: [demoInvoiceStandalone(dir), join(dir, 'weasyprint.pdf')], output: join(dir, 'weasyprint.pdf') });
    const samples = new Map(commands.map((c) => [c.name, { wall: [] as number[], cpu: [] as number[], error: undefined as string | undefined }]));
    for (let round0 = 0; round0 <= runs; round0++) { // round 0 fills the OS page cache and the compile cache, and is not counted
      for (const c of commands) {
        const s = samples.get(c.name)!;
        if (c.output) rmSync(c.output, { force: true });
        const r = await timedProcess(c.cmd, c.args, c.env);
        if (r.code !== 0 || (c.output && !existsSync(c.output))) { s.error = `exit ${r.code}`; continue; }
        if (round0 > 0) { s.wall.push(r.ms); s.cpu.push(r.cpuMs); }
      }
    }
    const rows: ProcessRow[] = commands.map((c) => {
      const s = samples.get(c.name)!;
      return { name: c.name, runs: s.wall.length, wallP50: round(median(s.wall)), cpuP50: round(median(s.cpu)), cpu: s.cpu.map((x) => round(x)), ...(s.error ? { error: s.error } : {}) };
    });
    // the service: a first start on an empty data directory, then a second on the same one
    const first = { wall: [] as number[], cpu: [] as number[] };
    const second = { wall: [] as number[], cpu: [] as number[] };
    const renderAfterFirst: number[] = [];
    const renderAfterSecond: number[] = [];
    let serveError: string | undefined;
    for (let i = 0; i < starts; i++) {
      const data = join(dir, `data-${i}`);
      try {
        const a = await timeServeStart(data);
        first.wall.push(a.ms); first.cpu.push(a.cpuMs);
        if (a.renderMs !== undefined) renderAfterFirst.push(a.renderMs);
        const b = await timeServeStart(data, a.key);
        second.wall.push(b.ms); second.cpu.push(b.cpuMs);
        if (b.renderMs !== undefined) renderAfterSecond.push(b.renderMs);
      } catch (err) {
        serveError = err instanceof Error ? err.message : String(err);
      }
    }
    const row = (name: string, s: typeof first): ProcessRow => ({ name, runs: s.wall.length, wallP50: round(median(s.wall)), cpuP50: round(median(s.cpu)), cpu: s.cpu.map((x) => round(x)), ...(serveError ? { error: serveError } : {}) });
    rows.push(row('serve to "listening", first start (empty data dir)', first), row('serve to "listening", second start', second));
    // the first render's CPU is not the client's to read: the column repeats nothing, it is NaN
    const renderRow = (name: string, ms: number[]): ProcessRow => ({ name, runs: ms.length, wallP50: round(median(ms)), cpuP50: NaN, cpu: [], ...(serveError ? { error: serveError } : {}) });
    rows.push(renderRow('serve: first render (demo invoice) at "listening", first start', renderAfterFirst), renderRow('serve: first render at "listening", second start', renderAfterSecond));
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
