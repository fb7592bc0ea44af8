// The service's renderer: renders on worker threads (piscina), so the HTTP thread only
// validates, looks up and streams bytes.
//
//   render(job) → admission (bounded queue, else `overloaded` + Retry-After)
//               → piscina.run(task, { signal: deadline }) on a free worker
//               → the worker renders (template → engine → pdfmake) and moves the PDF's bytes back
//
// Deadline: the render's budget starts when a worker starts the job (worker.ts WorkerStarted: with
// every worker warm, when the job is handed over), so a queue or a replacement worker still
// warming up does not eat it; a job also waits at most one
// `maxWaitMs` in the queue (default: one deadline). When either fires, piscina removes a queued job from its queue, or
// terminates the worker running it and starts a replacement; the job rejects with
// `render_timeout` and every other job goes on. A worker that dies (out of memory under `resourceLimits`, a native crash) fails only
// the job it was running, with `render_failed`; piscina replaces it.
//
// piscina is used rather than a hand-made pool: it is maintained by Node.js core contributors,
// handles worker replacement, abort-by-termination, transfer lists and resource limits, and has
// no runtime dependencies.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { ResourceLimits } from 'node:worker_threads';
import Piscina from 'piscina';
import { PlatenError } from '../errors';
import { lowerAllButMainThread } from './priority';
import type { Renderer, RenderJob, RenderOutput } from './index';
import type { WorkerResult, WorkerSettings, WorkerStarted, WorkerTask, WorkerWarm } from './worker';

export interface WorkerPoolOptions {
  /** worker threads; default env PLATEN_WORKERS, else os.availableParallelism() */
  readonly workers?: number;
  /**
   * jobs that may wait for a worker beyond those running; one more is refused with
   * `overloaded`. Default env PLATEN_QUEUE, else 128: enough for 64 concurrent clients with
   * room to spare, and at a few milliseconds per one-page document well under a second of work.
   */
  readonly maxQueue?: number;
  /**
   * per-job render deadline, from the moment a worker starts the job.
   * Default env PLATEN_RENDER_TIMEOUT_MS, else 20,000
   */
  readonly deadlineMs?: number;
  /**
   * longest a job waits for a worker before it is dropped with `render_timeout` (this includes
   * a replacement worker's start-up). Default env PLATEN_QUEUE_TIMEOUT_MS, else the deadline
   */
  readonly maxWaitMs?: number;
  /** V8 old-generation heap cap per worker; default env PLATEN_WORKER_HEAP_MB, else 256 */
  readonly maxOldGenerationSizeMb?: number;
  /**
   * V8 young-generation size per worker (MB), the nursery every render allocates into. Default
   * env PLATEN_WORKER_YOUNG_MB, else 16; 0 leaves V8's own (48 MB, which a busy worker grows
   * into). V8 sizes it in powers of two: 16 gives each worker two 8 MB semi-spaces instead of
   * two 16 MB ones, 32 MB less server RSS with two workers under load (report-10 at 32
   * connections: 327 → 275 MB) for one extra young-generation collection per two invoices.
   *
   * V8 puts a `--max-semi-space-size` from node's command line above a worker's
   * `resourceLimits`; `npm start` gives the HTTP thread 2 MB semi-spaces that way, so the pool
   * clears that flag before it starts workers (the HTTP thread's heap is sized already): each
   * worker gets this young generation. With the command line's 2 MB semi-spaces a render
   * thread made four times as many young collections (invoice: 953 against 246 for 800
   * renders) and cost 15% more CPU per invoice (schedstat, interleaved rounds: 8.3-8.7 against
   * 7.1-7.4 ms on a loaded box).
   */
  readonly maxYoungGenerationSizeMb?: number;
  /**
   * nice increment of the worker threads (Linux), so the HTTP thread gets the CPU first and
   * /healthz and request intake stay responsive under full render load. Default env
   * PLATEN_WORKER_NICE, else 10; 0 turns it off
   */
  readonly workerNice?: number;
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
  /** the V8 heap limits the last warmed worker reported (Node's view of `resourceLimits`) */
  readonly workerResourceLimits?: ResourceLimits;
  /** kernel thread IDs of the most recently warmed workers, at most one per worker (Linux; empty elsewhere) */
  readonly workerOsThreads: readonly number[];
}

export interface WorkerPoolRenderer extends Renderer {
  stats(): WorkerPoolStats;
  /** resolves once every worker has started and done its warm-up render (fonts, UA sheet parsed) */
  ready(): Promise<void>;
  /** the effective settings, after options and environment */
  readonly settings: {
    readonly workers: number; readonly maxQueue: number; readonly deadlineMs: number; readonly maxWaitMs: number;
    readonly maxOldGenerationSizeMb: number; readonly maxYoungGenerationSizeMb: number | undefined; readonly workerNice: number;
  };
}

export const WORKER_NICE_DEFAULT = 10;
export const WORKER_YOUNG_MB_DEFAULT = 16;

/** The compiled worker entry, next to this module in dist/src/render/. */
export const WORKER_FILENAME = join(__dirname, 'worker.js');

function positiveInt(value: number | string | undefined, fallback: number, min = 1): number {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  return n !== undefined && Number.isFinite(n) && n >= min ? Math.floor(n) : fallback;
}

/**
 * The line of jobs waiting for a worker, first come first served. A job goes to piscina only
 * once a worker is free, so piscina's own queue stays empty: that queue reorders jobs that carry
 * an abort signal, as ours all do (each time a worker finishes, the job after the one it takes
 * goes to the back of the line; with `stricterFIFO`, a new job that cannot be placed goes to the
 * front). Under sustained load some jobs waited seconds while hundreds of later ones went by:
 * the statement at 32 connections, p50 0.34 s and p99 6.7 s, one job overtaken by 399 others.
 * Reported upstream as piscinajs/piscina#1031 (open when this was written).
 */
class WorkerSlots {
  private free: number;
  private readonly line: { grant: () => void }[] = [];

  constructor(slots: number) { this.free = slots; }

  /** Resolves when a worker is free for this job; rejects if `signal` aborts first (the job leaves the line). */
  acquire(signal: AbortSignal): Promise<void> {
    if (this.free > 0 && this.line.length === 0) { this.free--; return Promise.resolve(); }
    return new Promise<void>((resolve, reject) => {
      const entry = { grant: () => { signal.removeEventListener('abort', leave); resolve(); } };
      const leave = () => {
        const i = this.line.indexOf(entry);
        if (i >= 0) this.line.splice(i, 1);
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted while waiting for a worker'));
      };
      signal.addEventListener('abort', leave, { once: true });
      this.line.push(entry);
    });
  }

  /** The job's worker is free again: the next job in line takes it. */
  release(): void {
    const next = this.line.shift();
    if (next) next.grant();
    else this.free++;
  }

  get waiting(): number { return this.line.length; }
}

export function createWorkerPoolRenderer(options: WorkerPoolOptions = {}): WorkerPoolRenderer {
  const env = options.env ?? process.env;
  const settings = {
    workers: positiveInt(options.workers ?? env.PLATEN_WORKERS, availableParallelism()),
    maxQueue: positiveInt(options.maxQueue ?? env.PLATEN_QUEUE, 128, 0),
    deadlineMs: positiveInt(options.deadlineMs ?? env.PLATEN_RENDER_TIMEOUT_MS, 20_000),
    maxWaitMs: 0,
    workerNice: positiveInt(options.workerNice ?? env.PLATEN_WORKER_NICE, WORKER_NICE_DEFAULT, 0),
    maxOldGenerationSizeMb: positiveInt(options.maxOldGenerationSizeMb ?? env.PLATEN_WORKER_HEAP_MB, 256, 16),
    maxYoungGenerationSizeMb: undefined as number | undefined,
  };
  const young = positiveInt(options.maxYoungGenerationSizeMb ?? env.PLATEN_WORKER_YOUNG_MB, WORKER_YOUNG_MB_DEFAULT, 0);
  if (young > 0) settings.maxYoungGenerationSizeMb = young;
  settings.maxWaitMs = positiveInt(options.maxWaitMs ?? env.PLATEN_QUEUE_TIMEOUT_MS, settings.deadlineMs);

  // the workers' young generation is theirs (resourceLimits), not the command line's
  if (settings.maxYoungGenerationSizeMb) setFlagsFromString('--max-semi-space-size=0');
  const pool = new Piscina<WorkerTask, WorkerResult>({
    filename: WORKER_FILENAME,
    minThreads: settings.workers,
    maxThreads: settings.workers,
    idleTimeout: Infinity,
    // admission and the line of waiting jobs are ours (WorkerSlots): piscina is handed a job
    // only when a worker is free, so its own queue stays empty
    concurrentTasksPerWorker: 1,
    // 'async' lets a worker's event loop run while it waits for work (its warm-up render)
    atomics: 'async',
    resourceLimits: {
      maxOldGenerationSizeMb: settings.maxOldGenerationSizeMb,
      ...(settings.maxYoungGenerationSizeMb ? { maxYoungGenerationSizeMb: settings.maxYoungGenerationSizeMb } : {}),
    },
    workerData: { nice: settings.workerNice } satisfies WorkerSettings,
  });

  let pending = 0;
  const slots = new WorkerSlots(settings.workers);
  let closed = false;
  /** set by close() while it waits for admitted jobs to settle */
  let drained: (() => void) | undefined;
  let seq = 0;
  /** jobs handed to a worker that is still warming up: what to call when it says so, and when it starts them */
  const onStart = new Map<number, { waiting(): void; started(): void }>();
  let warmWorkers = 0;
  /** workers warm now: warm-up messages less workers destroyed (a destroyed cold worker makes it an underestimate: safe) */
  let warmLive = 0;
  let workerResourceLimits: ResourceLimits | undefined;
  let workerOsThreads: number[] = [];
  let markReady: () => void = () => {};
  const allWarm = new Promise<void>((resolve) => { markReady = resolve; });
  pool.on('message', (message: unknown) => {
    const m = message as Partial<WorkerStarted & WorkerWarm> | null;
    if (typeof m?.platenJobWaiting === 'number') onStart.get(m.platenJobWaiting)?.waiting();
    else if (typeof m?.platenJobStarted === 'number') onStart.get(m.platenJobStarted)?.started();
    else if (m?.platenWorkerWarm === true) {
      warmLive++;
      workerResourceLimits = m.resourceLimits;
      if (typeof m.osThreadId === 'number') workerOsThreads = [...workerOsThreads, m.osThreadId].slice(-settings.workers);
      if (++warmWorkers >= settings.workers) { lowerAllButMainThread(settings.workerNice); markReady(); }
    }
  });
  const counters = { completed: 0, timeouts: 0, failures: 0, overloaded: 0, workerRestarts: 0 };
  let expectedDestroys = 0;
  pool.on('workerDestroy', () => {
    warmLive = Math.max(0, warmLive - 1);
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
    const id = ++seq;
    const deadline = new AbortController();
    let timedOut: 'queued' | 'rendering' | undefined;
    const expire = (phase: 'queued' | 'rendering') => () => { timedOut = phase; deadline.abort(); };
    const admitted = performance.now();
    let timer = setTimeout(expire('queued'), settings.maxWaitMs);
    const startDeadline = () => {
      clearTimeout(timer);
      timer = setTimeout(expire('rendering'), settings.deadlineMs);
    };
    onStart.set(id, {
      // a worker still warming up has the job: it waits on, within what is left of maxWaitMs
      waiting() {
        clearTimeout(timer);
        timer = setTimeout(expire('queued'), Math.max(0, settings.maxWaitMs - (performance.now() - admitted)));
      },
      started() { onStart.delete(id); startDeadline(); },
    });
    let slot = false;
    try {
      let result: WorkerResult;
      try {
        await slots.acquire(deadline.signal);
        slot = true;
        // a worker is free for the job. Every worker warm: it starts the job at once and posts
        // nothing, so the deadline starts here. Else (a worker starting, or a replacement loading,
        // while piscina holds the job) the worker says when it starts the job.
        const announce = warmLive < settings.workers;
        if (!announce) startDeadline();
        result = await pool.run({ seq: id, job, ...(announce ? { announce } : {}) } satisfies WorkerTask, { signal: deadline.signal });
      } catch (err) {
        if (timedOut) {
          counters.timeouts++;
          const detail = timedOut === 'rendering'
            ? `The render did not finish within ${settings.deadlineMs} ms.`
            : `The render waited ${settings.maxWaitMs} ms for a free worker and was dropped.`;
          throw new PlatenError('render_timeout', detail, { extra: { deadlineMs: settings.deadlineMs }, cause: err });
        }
        counters.failures++;
        if ((err as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new PlatenError('render_failed', `The render ran out of memory: its worker ended at the heap cap of ${settings.maxOldGenerationSizeMb} MB (PLATEN_WORKER_HEAP_MB).`, {
            extra: { limit: 'worker_heap', max: settings.maxOldGenerationSizeMb }, cause: err,
          });
        }
        throw new PlatenError('render_failed', 'The render stopped unexpectedly (its worker ended).', { cause: err });
      }
      if (!result.ok) {
        counters.failures++;
        throw new PlatenError(result.code, result.detail, { cause: new Error(result.cause), ...(result.extra ? { extra: { ...result.extra } } : {}) });
      }
      counters.completed++;
      const pdf = Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength);
      return { pdf, diagnostics: result.diagnostics, ...(result.pages !== undefined ? { pages: result.pages } : {}) };
    } finally {
      if (slot) slots.release();
      clearTimeout(timer);
      onStart.delete(id);
      pending--;
      if (pending === 0) drained?.();
    }
  }

  return {
    render,
    settings,
    ready() {
      // piscina unrefs idle workers: keep the process alive while someone waits for them
      const keepAlive = setInterval(() => {}, 1 << 30);
      return allWarm.finally(() => clearInterval(keepAlive));
    },
    stats() {
      return { workers: pool.threads.length, queued: slots.waiting + pool.queueSize, pending, ...counters, workerOsThreads, ...(workerResourceLimits ? { workerResourceLimits } : {}) };
    },
    async close() {
      if (closed) return;
      closed = true; // new jobs are refused from here on
      // jobs already admitted finish (each is bounded by its own wait and deadline timers)
      while (pending > 0) await new Promise<void>((resolve) => { drained = resolve; });
      expectedDestroys += pool.threads.length;
      await pool.destroy();
    },
  };
}
