// The anchors: the same documents through headless Chromium and WeasyPrint, measured in the
// same run as Platen. Each gets the document as one standalone HTML file (template already
// rendered, CSS inlined in <style>), so no renderer does extra work the others do not.
//
//   chromium-process  one `chromium --headless --print-to-pdf` per document (the flags of
//                     /work/shared/tools/html2pdf-chromium.sh)
//   chromium-warm     one browser kept running, driven over CDP (playwright-core):
//                     a new page per document, setContent + page.pdf
//   weasyprint        one `weasyprint IN OUT` process per document
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { countPdfPages, loadBenchDoc, standaloneHtml, type BenchDocName } from './fixtures';
import type { WarmUp } from './inprocess';
import { round, summarize, type Summary } from './stats';

export type AnchorName = 'chromium-process' | 'chromium-warm' | 'weasyprint';

export interface AnchorResult {
  readonly anchor: AnchorName;
  readonly doc: BenchDocName;
  readonly pages: number;
  readonly times: Summary;
  /** CPU time (user + system of every process involved) per document: p50 */
  readonly cpuP50: number;
  /** peak RSS: largest single process for the per-document ones; the whole browser tree for the warm one */
  readonly peakRssMb: number;
  readonly error?: string;
}

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function onPath(cmd: string): string | undefined {
  for (const d of (process.env.PATH ?? '').split(':')) if (d && existsSync(join(d, cmd))) return join(d, cmd);
  return undefined;
}
export const WEASYPRINT = process.env.WEASYPRINT ?? onPath('weasyprint');

export function anchorsAvailable(): { chromium: boolean; weasyprint: boolean } {
  return { chromium: existsSync(CHROMIUM), weasyprint: WEASYPRINT !== undefined && existsSync(WEASYPRINT) };
}

export function anchorVersions(): Record<string, string> {
  const v: Record<string, string> = {};
  const { chromium, weasyprint } = anchorsAvailable();
  try { if (chromium) v.chromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(); } catch { /* unknown */ }
  try { if (weasyprint) v.weasyprint = execFileSync(WEASYPRINT as string, ['--version'], { encoding: 'utf8' }).trim(); } catch { /* unknown */ }
  return v;
}

/** Runs a command under /usr/bin/time to learn its peak RSS (KiB of the largest process). */
export function timedProcess(cmd: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<{ ms: number; maxRssKb: number; cpuMs: number; code: number | null }> {
  const dir = mkdtempSync(join(tmpdir(), 'platen-bench-time-'));
  const timeFile = join(dir, 'time');
  const useTime = existsSync('/usr/bin/time');
  const [exe, argv] = useTime ? ['/usr/bin/time', ['-f', '%M %U %S', '-o', timeFile, cmd, ...args]] : [cmd, [...args]];
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(exe, argv, { stdio: 'ignore', ...(env ? { env } : {}) });
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - t0;
      let maxRssKb = NaN; let cpuMs = NaN;
      try {
        const [rss, user, sys] = (readFileSync(timeFile, 'utf8').trim().split('\n').pop() ?? '').split(' ').map(Number);
        maxRssKb = rss ?? NaN;
        cpuMs = ((user ?? NaN) + (sys ?? NaN)) * 1000;
      } catch { /* no time(1) */ }
      rmSync(dir, { recursive: true, force: true });
      resolve({ ms, maxRssKb, cpuMs, code });
    });
  });
}

/** CPU time (ms) used so far by this process's descendants that are still running (the warm browser). */
function descendantsCpuMs(): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from 3 (state) on
      parent.set(Number(entry), Number(f[1]));
      ticks.set(Number(entry), Number(f[11]) + Number(f[12])); // utime + stime
    } catch { /* gone */ }
  }
  let total = 0;
  for (const [pid, t] of ticks) {
    let p = parent.get(pid);
    while (p !== undefined && p > 1 && p !== process.pid) p = parent.get(p);
    if (p === process.pid) total += t;
  }
  return total * 10; // USER_HZ is 100 on Linux
}

/**
 * Memory of this process's descendants (the warm browser's tree), from /proc: the sum of PSS
 * (shared pages divided among the processes sharing them; a plain RSS sum would count
 * Chromium's shared libraries once per process), RSS where smaps_rollup is unreadable.
 */
function descendantsRssMb(): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      let kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      try { kb = Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/smaps_rollup`, 'utf8'))?.[1] ?? kb); } catch { /* RSS then */ }
      parent.set(Number(entry), ppid);
      rss.set(Number(entry), kb);
    } catch { /* gone */ }
  }
  let total = 0;
  for (const [pid, kb] of rss) {
    let p = parent.get(pid);
    while (p !== undefined && p > 1 && p !== process.pid) p = parent.get(p);
    if (p === process.pid) total += kb;
  }
  return total / 1024;
}

interface Prepared { readonly dir: string; readonly htmlFile: string; readonly html: string }
function prepare(name: BenchDocName): Prepared {
  const dir = mkdtempSync(join(tmpdir(), `platen-bench-${name}-`));
  const html = standaloneHtml(loadBenchDoc(name));
  const htmlFile = join(dir, `${name}.html`);
  writeFileSync(htmlFile, html);
  return { dir, htmlFile, html };
}

async function perProcess(anchor: AnchorName, name: BenchDocName, runs: number, command: (input: string, output: string, profile: string) => [string, string[]]): Promise<AnchorResult> {
  const prep = prepare(name);
  const times: number[] = [];
  const cpu: number[] = [];
  let peak = 0; let pages = 0;
  try {
    for (let i = 0; i <= runs; i++) { // run 0 warms the OS page cache and is not counted
      const out = join(prep.dir, `out-${i}.pdf`);
      const profile = join(prep.dir, `profile-${i}`);
      const [cmd, args] = command(prep.htmlFile, out, profile);
      const r = await timedProcess(cmd, args);
      if (!existsSync(out)) throw new Error(`${anchor} produced no PDF (exit ${r.code})`);
      if (i === 0) { pages = countPdfPages(readFileSync(out)); continue; }
      times.push(r.ms);
      cpu.push(r.cpuMs);
      peak = Math.max(peak, r.maxRssKb / 1024);
      rmSync(out, { force: true }); rmSync(profile, { recursive: true, force: true });
    }
    return { anchor, doc: name, pages, times: roundSummary(summarize(times)), cpuP50: round(summarize(cpu).p50), peakRssMb: round(peak) };
  } catch (err) {
    return { anchor, doc: name, pages, times: roundSummary(summarize(times)), cpuP50: round(summarize(cpu).p50), peakRssMb: round(peak), error: err instanceof Error ? err.message : String(err) };
  } finally {
    rmSync(prep.dir, { recursive: true, force: true });
  }
}

const roundSummary = (s: Summary): Summary => ({ n: s.n, p50: round(s.p50, 1), p95: round(s.p95, 1), p99: round(s.p99, 1), min: round(s.min, 1), max: round(s.max, 1), mean: round(s.mean, 1) });

export function chromiumPerProcess(name: BenchDocName, runs: number): Promise<AnchorResult> {
  return perProcess('chromium-process', name, runs, (input, output, profile) => [CHROMIUM, [
    ...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--no-pdf-header-footer', `--print-to-pdf=${output}`, pathToFileURL(input).href,
  ]]);
}

export function weasyprintPerProcess(name: BenchDocName, runs: number): Promise<AnchorResult> {
  return perProcess('weasyprint', name, runs, (input, output) => [WEASYPRINT as string, [input, output]]);
}

/**
 * A warm browser over CDP: launched once for all documents; one page per document, reused for
 * every render of it (setContent + pdf). Reusing the page is the fastest way to drive a warm
 * Chromium, so the ratio against it is the conservative one.
 */
export async function chromiumWarm(docs: readonly { name: BenchDocName; runs: number; warmup: WarmUp }[]): Promise<AnchorResult[]> {
  const { chromium } = await import('playwright-core');
  // playwright adds its own headless switch and a temporary profile (it refuses --user-data-dir here)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.filter((f) => f !== '--headless') });
  const results: AnchorResult[] = [];
  try {
    const context = await browser.newContext();
    for (const { name, runs, warmup } of docs) {
      const html = standaloneHtml(loadBenchDoc(name));
      const times: number[] = [];
      const cpu: number[] = [];
      let pages = 0; let peak = 0;
      const page = await context.newPage();
      try {
        // the same warm-up as Platen's in-process figures: at least as many renders, at least as long
        const warmStart = performance.now();
        let warm = 0;
        for (; warm < warmup.runs || performance.now() - warmStart < warmup.ms; warm++) {
          await page.setContent(html, { waitUntil: 'load' });
          const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
          if (warm === 0) pages = countPdfPages(pdf);
        }
        for (let i = 0; i < runs; i++) {
          const c0 = descendantsCpuMs();
          const t0 = performance.now();
          await page.setContent(html, { waitUntil: 'load' });
          const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
          const dt = performance.now() - t0;
          const dc = descendantsCpuMs() - c0;
          if (pages === 0) pages = countPdfPages(pdf);
          times.push(dt); cpu.push(dc);
          if (i % 5 === 0) peak = Math.max(peak, descendantsRssMb());
        }
        results.push({ anchor: 'chromium-warm', doc: name, pages, times: roundSummary(summarize(times)), cpuP50: round(summarize(cpu).p50), peakRssMb: round(peak) });
      } catch (err) {
        results.push({ anchor: 'chromium-warm', doc: name, pages, times: roundSummary(summarize(times)), cpuP50: round(summarize(cpu).p50), peakRssMb: round(peak), error: err instanceof Error ? err.message : String(err) });
      } finally {
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
