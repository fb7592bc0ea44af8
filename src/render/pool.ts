// The service's renderer: renders on worker threads (piscina), so the HTTP thread only
// validates, looks up and streams bytes.
//
//   render(job) → admission (bounded queue, else `overloaded` + Retry-After)
//               → piscina.run(task, { signal: deadline }) on a free worker
//               → the worker renders (template → engine → pdfmake) and moves the PDF's bytes back
//
// Deadline: one timer per job, started when the job is admitted, so it bounds queue wait plus
// render. When it fires, piscina removes a queued job from its queue, or terminates the worker
// running it and starts a replacement; the job rejects with `render_timeout` and every other job
// goes on. A worker that dies (out of memory under `resourceLimits`, a native crash) fails only
// the job it was running, with `render_failed`; piscina replaces it.
//
// piscina is used rather than a hand-made pool: it is maintained by Node.js core contributors,
// handles worker replacement, abort-by-termination, transfer lists and resource limits, and has
// no runtime dependencies.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import Piscina from 'piscina';
import { PlatenError } from '../errors';
import type { Renderer, RenderJob, RenderOutput } from './index';
import type { WorkerResult, WorkerTask } from './worker';

export interface WorkerPoolOptions {
  /** worker threads; default env PLATEN_WORKERS, else os.availableParallelism() */
  readonly workers?: number;
  /**
   * jobs that may wait for a worker beyond those running; one more is refused with
   * `overloaded`. Default env PLATEN_QUEUE, else 128: enough for 64 concurrent clients with
   * room to spare, and at a few milliseconds per one-page document well under a second of work.
   */
  readonly maxQueue?: number;
  /** per-job deadline from admission (queue wait + render); default env PLATEN_RENDER_TIMEOUT_MS, else 20,000 */
  readonly deadlineMs?: number;
  /** V8 old-generation heap cap per worker; default env PLATEN_WORKER_HEAP_MB, else 256 */
  readonly maxOldGenerationSizeMb?: number;
  /** the environment to read the defaults from; default process.env */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface WorkerPoolStats {
  readonly workers: number;
  /** jobs waiting for a worker */
  readonly queued: number;
  /** jobs admitted and not yet settled (running + queued) */
  readonly pending: number;
  readonly completed: number;
  readonly timeouts: number;
  readonly failures: number;
  readonly overloaded: number;
  /** workers terminated and replaced (deadline, crash, out of memory) */
  readonly workerRestarts: number;
}

export interface WorkerPoolRenderer extends Renderer {
  stats(): WorkerPoolStats;
  /** the effective settings, after options and environment */
  readonly settings: { readonly workers: number; readonly maxQueue: number; readonly deadlineMs: number; readonly maxOldGenerationSizeMb: number };
}

/** The compiled worker entry, next to this module in dist/src/render/. */
export const WORKER_FILENAME = join(__dirname, 'worker.js');

function positiveInt(value: number | string | undefined, fallback: number, min = 1): number {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  return n !== undefined && Number.isFinite(n) && n >= min ? Math.floor(n) : fallback;
}

export function createWorkerPoolRenderer(options: WorkerPoolOptions = {}): WorkerPoolRenderer {
  const env = options.env ?? process.env;
  const settings = {
    workers: positiveInt(options.workers ?? env.PLATEN_WORKERS, availableParallelism()),
    maxQueue: positiveInt(options.maxQueue ?? env.PLATEN_QUEUE, 128, 0),
    deadlineMs: positiveInt(options.deadlineMs ?? env.PLATEN_RENDER_TIMEOUT_MS, 20_000),
    maxOldGenerationSizeMb: positiveInt(options.maxOldGenerationSizeMb ?? env.PLATEN_WORKER_HEAP_MB, 256, 16),
  };

  const pool = new Piscina<WorkerTask, WorkerResult>({
    filename: WORKER_FILENAME,
    minThreads: settings.workers,
    maxThreads: settings.workers,
    idleTimeout: Infinity,
    // admission is ours (below), with an exact bound; piscina's own queue (unbounded by
    // default) then never fills
    concurrentTasksPerWorker: 1,
    // 'async' lets a worker's event loop run while it waits for work (its warm-up render)
    atomics: 'async',
    resourceLimits: { maxOldGenerationSizeMb: settings.maxOldGenerationSizeMb },
  });

  let pending = 0;
  let closed = false;
  const counters = { completed: 0, timeouts: 0, failures: 0, overloaded: 0, workerRestarts: 0 };
  let expectedDestroys = 0;
  pool.on('workerDestroy', () => {
    if (expectedDestroys > 0) expectedDestroys--;
    else counters.workerRestarts++;
  });
  // A worker dying with no task on it is reported as an 'error' event; piscina has already
  // replaced it. Without a listener the event would crash the process.
  pool.on('error', () => { /* counted by 'workerDestroy' */ });

  async function render(job: RenderJob): Promise<RenderOutput> {
    if (closed) throw new PlatenError('overloaded', 'The renderer is shutting down.', { headers: { 'Retry-After': '1' } });
    if (pending >= settings.workers + settings.maxQueue) {
      counters.overloaded++;
      throw new PlatenError('overloaded', 'Too many renders are waiting; retry shortly.', {
        headers: { 'Retry-After': '1' },
        extra: { queue: settings.maxQueue },
      });
    }
    pending++;
    const deadline = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; deadline.abort(); }, settings.deadlineMs);
    try {
      let result: WorkerResult;
      try {
        result = await pool.run({ job }, { signal: deadline.signal });
      } catch (err) {
        if (timedOut) {
          counters.timeouts++;
          throw new PlatenError('render_timeout', `The render did not finish within ${settings.deadlineMs} ms.`, { extra: { deadlineMs: settings.deadlineMs }, cause: err });
        }
        counters.failures++;
        throw new PlatenError('render_failed', 'The render stopped unexpectedly (its worker ended).', { cause: err });
      }
      if (!result.ok) {
        counters.failures++;
        throw new PlatenError(result.code, result.detail, { cause: new Error(result.cause) });
      }
      counters.completed++;
      const pdf = Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength);
      return { pdf, diagnostics: result.diagnostics };
    } finally {
      clearTimeout(timer);
      pending--;
    }
  }

  return {
    render,
    settings,
    stats() {
      return { workers: pool.threads.length, queued: pool.queueSize, pending, ...counters };
    },
    async close() {
      if (closed) return;
      closed = true;
      expectedDestroys += pool.threads.length;
      await pool.destroy();
    },
  };
}
