// In-process figures for one document, measured in a fresh process (the bench starts one per
// document so peak RSS and the cold first render belong to that document alone).
//
//   first      the first render in a fresh process: module init, UA stylesheet, font parsing,
//              template compile — what the per-worker caches save on every later request
//   warm       p50/p95 of full renders (template → engine → PDF) after warm-up
//   stages     p50 of each stage: template (cached compile), layout (engine), pdf (pdfmake)
//   caches     the same stage with its cache defeated: template compiled every time; template
//              CSS changed every run (a unique comment) so a content-keyed memo misses
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { layoutHtml } from '../engine';
import { fontParseStats, toPdf } from '../pdf';
import { fontsDir } from '../paths';
import { createInProcessRenderer } from '../render';
import { compileTemplateSource, createRenderCaches } from '../render/renderDocument';
import { fontFeatures, glyphInk, measureText } from '../render/measure';
import { countPdfPages, freshDigits, loadBenchDoc, type BenchDocName } from './fixtures';
import { round, summarize, type Summary } from './stats';

export interface InProcessResult {
  readonly doc: BenchDocName;
  readonly pages: number;
  readonly designedPages: number;
  readonly pdfBytes: number;
  readonly diagnostics: number;
  readonly firstMs: number;
  /**
   * p50 of the ten renders after the first: what a fresh worker gives its first requests, while
   * V8 is still compiling the hot paths (about 100 invoice renders before it settles here)
   */
  readonly earlyP50: number;
  /** renders done between the first and the measured ones: at least the plan's count, and until `warmupMs` of rendering had passed */
  readonly warmupRuns: number;
  readonly warm: Summary;
  /** CPU time (user + system, all threads of the process) per warm render: p50. Less sensitive than wall time to other load on a shared machine. */
  readonly cpuP50: number;
  readonly perPageMs: number;
  readonly stages: { readonly templateMs: number; readonly layoutMs: number; readonly pdfMs: number };
  readonly caches: {
    readonly templateUncachedMs: number;
    readonly layoutCssChangedMs: number;
  };
  /**
   * Full renders with every digit of the params drawn afresh on each run (numbers, dates, amounts,
   * references differ from every earlier run; the words and the layout stay): what content-keyed caches see in real
   * traffic, where the fixed document above repeats exactly. p50 wall and CPU.
   */
  readonly varied: { readonly p50: number; readonly cpuP50: number };
  readonly peakRssMb: number;
  /** the pdf layer's parsed-font cache after all runs: parses should equal the faces used */
  readonly fontCache: { readonly parses: number; readonly hits: number; readonly subsetHits: number };
  /** what one uncached face costs: fontkit parse + first text layout, CPU ms, p50 over the faces measured */
  readonly fontParseMs: number;
}

/** The cost the font cache saves, per face and document: parse a shipped TTF and lay out a line with it (CPU time). */
async function fontParseCost(): Promise<number> {
  const fontkit = (await import('fontkit')) as unknown as { create(b: Uint8Array): { layout(t: string): unknown } };
  const faces = ['LiberationSans-Regular.ttf', 'LiberationSans-Bold.ttf', 'LiberationSerif-Regular.ttf', 'DejaVuSans.ttf'];
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const face of faces) {
      let bytes: Buffer;
      try { bytes = readFileSync(join(fontsDir, face)); } catch { continue; }
      const c0 = process.cpuUsage();
      fontkit.create(new Uint8Array(bytes)).layout('Invoice INV-2026-0042 total €1,234.56');
      const c = process.cpuUsage(c0);
      times.push((c.user + c.system) / 1000);
    }
  }
  return summarize(times).p50;
}

const ms = (t0: number) => performance.now() - t0;

export interface WarmUp {
  /** at least this many renders after the first */
  readonly runs: number;
  /** and at least this long (ms): a service renders thousands of documents per worker, so the figures quoted are V8's steady state, not its compile phase */
  readonly ms: number;
}

export async function measureInProcess(name: BenchDocName, runs: number, warmup: WarmUp): Promise<InProcessResult> {
  const doc = loadBenchDoc(name);
  const renderer = createInProcessRenderer();

  let t0 = performance.now();
  const first = await renderer.render(doc.job);
  const firstMs = ms(t0);
  const early: number[] = [];
  const warmStart = performance.now();
  let warmupRuns = 0;
  while (warmupRuns < warmup.runs || performance.now() - warmStart < warmup.ms) {
    t0 = performance.now();
    await renderer.render(doc.job);
    if (warmupRuns++ < 10) early.push(ms(t0));
  }

  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    t0 = performance.now();
    await renderer.render(doc.job);
    samples.push(ms(t0));
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const warm = summarize(samples);
  const pages = countPdfPages(first.pdf);

  const variedWall: number[] = []; const variedCpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const job = { ...doc.job, params: freshDigits(doc.job.params, i) };
    const c0 = process.cpuUsage();
    t0 = performance.now();
    await renderer.render(job);
    variedWall.push(ms(t0));
    const c = process.cpuUsage(c0);
    variedCpu.push((c.user + c.system) / 1000);
  }

  // stage timings, and each stage with its cache defeated
  const stageRuns = Math.max(3, Math.min(runs, 20));
  const caches = createRenderCaches();
  const ctx = { params: doc.job.params, globals: doc.job.globals };
  const tpl: number[] = []; const tplCold: number[] = []; const lay: number[] = []; const layCold: number[] = []; const pdf: number[] = [];
  for (let i = 0; i < stageRuns; i++) {
    t0 = performance.now();
    const html = caches.templates.get(doc.job.template, doc.job.template.html, compileTemplateSource)(ctx);
    tpl.push(ms(t0));
    t0 = performance.now();
    compileTemplateSource(doc.job.template.html)(ctx);
    tplCold.push(ms(t0));
    t0 = performance.now();
    const laid = layoutHtml(html, doc.job.template.css, { format: doc.job.format, measureText, fontFeatures, glyphInk });
    lay.push(ms(t0));
    t0 = performance.now();
    layoutHtml(html, `${doc.job.template.css}\n/* run ${i} ${Math.random()} */`, { format: doc.job.format, measureText, fontFeatures, glyphInk });
    layCold.push(ms(t0));
    t0 = performance.now();
    await toPdf(laid.docDefinition, laid.fonts);
    pdf.push(ms(t0));
  }
  const p50 = (xs: number[]) => round(summarize(xs).p50, 2);
  await renderer.close();
  const fontCache = fontParseStats();
  const fontParseMs = round(await fontParseCost(), 2);

  return {
    doc: name, pages, designedPages: doc.designedPages, pdfBytes: first.pdf.byteLength, diagnostics: first.diagnostics.length,
    firstMs: round(firstMs, 1),
    earlyP50: round(summarize(early).p50, 2),
    warmupRuns,
    warm: { ...warm, p50: round(warm.p50, 2), p95: round(warm.p95, 2), p99: round(warm.p99, 2), min: round(warm.min, 2), max: round(warm.max, 2), mean: round(warm.mean, 2) },
    cpuP50: round(summarize(cpu).p50, 2),
    perPageMs: round(warm.p50 / Math.max(1, pages), 3),
    stages: { templateMs: p50(tpl), layoutMs: p50(lay), pdfMs: p50(pdf) },
    caches: { templateUncachedMs: p50(tplCold), layoutCssChangedMs: p50(layCold) },
    varied: { p50: round(summarize(variedWall).p50, 2), cpuP50: round(summarize(variedCpu).p50, 2) },
    peakRssMb: round(process.resourceUsage().maxRSS / 1024, 1),
    fontCache, fontParseMs,
  };
}
