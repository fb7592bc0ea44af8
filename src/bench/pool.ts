// A long document through one service worker: the worker pool with the service's V8 limits
// (young generation, old-generation cap) in a process with the service's node flags, rendering
// one document at a time. HTTP cannot carry report-100 (its params exceed the contract's
// 10,000-value limit) and the in-process rows run on a main thread with V8's defaults, so
// without this row nothing shows what the service's memory settings cost a long document.
import { createWorkerPoolRenderer } from '../render';
import { loadBenchDoc, type BenchDocName } from './fixtures';
import { round, summarize } from './stats';

export interface PoolRunResult {
  readonly doc: BenchDocName;
  readonly warmupRuns: number;
  readonly runs: number;
  readonly p50: number;
  readonly p95: number;
  readonly nodeFlags: readonly string[];
  readonly workerYoungMb: number;
  readonly workerOldMb: number;
}

/** Renders `doc` warmup + runs times through a one-worker pool; wall time per render as the caller of the pool sees it. */
export async function measureThroughPool(doc: BenchDocName, runs: number, warmupRuns: number, nodeFlags: readonly string[]): Promise<PoolRunResult> {
  const { job } = loadBenchDoc(doc);
  const pool = createWorkerPoolRenderer({ workers: 1 });
  try {
    await pool.ready();
    for (let i = 0; i < warmupRuns; i++) await pool.render(job);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await pool.render(job);
      times.push(performance.now() - t0);
    }
    const s = summarize(times);
    return {
      doc, warmupRuns, runs, p50: round(s.p50, 1), p95: round(s.p95, 1), nodeFlags,
      workerYoungMb: pool.settings.maxYoungGenerationSizeMb ?? 0, workerOldMb: pool.settings.maxOldGenerationSizeMb,
    };
  } finally {
    await pool.close();
  }
}
