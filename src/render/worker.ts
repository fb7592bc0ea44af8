// The pool's worker entry (piscina loads dist/src/render/worker.js on each worker thread).
// Each worker keeps its own caches for its whole life: compiled templates here; parsed fonts
// (pdf/), the UA stylesheet and parsed template CSS (engine) in their own modules, which are
// loaded once per thread like any module.
//
// Expected failures come back as values, not exceptions: a thrown Error loses its `code` on
// the way through postMessage. Only a dead worker (out of memory, killed at its deadline)
// rejects the pool's promise.
import '../enableCompileCache'; // first: the modules below load through the compile cache
import { parentPort, resourceLimits, workerData, type ResourceLimits } from 'node:worker_threads';
import Piscina from 'piscina';
import type { Diagnostic } from '../engine';
import { PlatenError, type ErrorCode } from '../errors';
import { flushCompileCache } from '../compileCache';
import { lowerThisThread, osThreadId } from './priority';
import { createRenderCaches, renderHtmlToPdf, renderJob, type RenderJob } from './renderDocument';

export interface WorkerTask {
  /** the pool's number for this job, for the messages below */
  readonly seq: number;
  readonly job: RenderJob;
  /** the pool has not started the deadline (a worker may still be warming up): post `platenJobStarted` when the job starts */
  readonly announce?: boolean;
}

/**
 * When a job starts, for the deadline. While every worker is warm the pool starts a job's
 * deadline as it hands the job over, and the worker posts nothing: a render costs the HTTP thread
 * one message (the result), not two. Otherwise (a worker starting or replaced) the task says
 * `announce` and the worker posts `platenJobStarted` when the job starts; a worker that gets a
 * job the pool did start the deadline for before its own warm-up is done posts `platenJobWaiting`
 * first (the job's wait goes on counting against maxWaitMs).
 */
export interface WorkerStarted {
  readonly platenJobWaiting?: number;
  readonly platenJobStarted?: number;
}

/** Posted to the pool once the worker's warm-up render is done. */
export interface WorkerWarm {
  readonly platenWorkerWarm: true;
  /** this thread's ID in the kernel (Linux), so its CPU time can be told from the other threads' */
  readonly osThreadId?: number;
  /** the V8 heap limits this worker runs under, as Node applied them */
  readonly resourceLimits: ResourceLimits;
}

export type WorkerResult =
  | { readonly ok: true; readonly pdf: Uint8Array; readonly diagnostics: readonly Diagnostic[]; readonly pages?: number; readonly ms: number }
  | { readonly ok: false; readonly code: ErrorCode; readonly detail: string; readonly cause: string; readonly extra?: Readonly<Record<string, unknown>> };

/** What the pool tells every worker at start-up (piscina's workerData). */
export interface WorkerSettings {
  /** nice increment for this thread (Linux): renders yield the CPU to the HTTP thread */
  readonly nice: number;
}

// Renders use whatever CPU the HTTP thread leaves (priority.ts); a worker that replaces a dead
// one lowers itself too, after the pool lowered the threads it found.
lowerThisThread((workerData as Partial<WorkerSettings> | undefined)?.nice ?? 0);

const caches = createRenderCaches();

// Warm the thread before its first request: module code, the UA stylesheet and the shipped
// faces a typical document uses are parsed here, not on a client's time.
const WARM_UP_HTML = '<h1>Platen</h1><p>warm <b>bold</b> <i>italic</i> <b><i>both</i></b> <code>mono</code></p>'
  + '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>';
let isWarm = false;
const warm: Promise<void> = renderHtmlToPdf({ html: WARM_UP_HTML, css: '', engine: {} })
  .then(() => undefined, () => undefined)
  .then(() => {
    isWarm = true;
    flushCompileCache(); // the code the warm-up compiled, for the next start's workers
 parentPort?.postMessage({ platenWorkerWarm: true, resourceLimits, osThreadId: osThreadId() } satisfies WorkerWarm); });

function asTransferable(bytes: Buffer): Uint8Array {
  // A Buffer may be a slice of a shared pool: transfer only a buffer that is wholly ours.
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) {
    return new Uint8Array(bytes.buffer, 0, bytes.byteLength);
  }
  return new Uint8Array(bytes);
}

export default async function render(task: WorkerTask): Promise<WorkerResult> {
  if (!isWarm || task.announce) {
    if (!isWarm && !task.announce) parentPort?.postMessage({ platenJobWaiting: task.seq } satisfies WorkerStarted);
    await warm;
    parentPort?.postMessage({ platenJobStarted: task.seq } satisfies WorkerStarted);
  }
  const started = performance.now();
  try {
    const { pdf, diagnostics, pages } = await renderJob(task.job, caches);
    const bytes = asTransferable(pdf);
    const result: WorkerResult = { ok: true, pdf: bytes, diagnostics, ...(pages !== undefined ? { pages } : {}), ms: performance.now() - started };
    // Piscina's transferable protocol: the value goes by structured clone, the ArrayBuffer
    // under the PDF is moved (not copied) to the main thread.
    return Piscina.move({
      [Piscina.transferableSymbol]: bytes.buffer,
      [Piscina.valueSymbol]: result,
    } as never) as unknown as WorkerResult;
  } catch (err) {
    if (err instanceof PlatenError) {
      const cause = err.cause instanceof Error ? err.cause.message : String(err.cause ?? '');
      return { ok: false, code: err.code, detail: err.message, cause, extra: err.extra };
    }
    return { ok: false, code: 'render_failed', detail: 'The document could not be rendered.', cause: err instanceof Error ? err.message : String(err) };
  }
}
