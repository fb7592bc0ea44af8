// What http/ asks of rendering. One interface, two implementations: in-process (CLI, tests)
// and the worker pool (the service; `createWorkerPoolRenderer` in pool.ts). Errors are
// PlatenError with code render_failed | render_timeout | overloaded.
import { createRenderCaches, renderJob, type RenderJob, type RenderOutput } from './renderDocument';

export type { RenderJob, RenderOutput } from './renderDocument';
export { sampleWarnings, warningFromDiagnostic, warningFromRenderError, type RenderWarning } from './sample';
export { createWorkerPoolRenderer, type WorkerPoolOptions, type WorkerPoolRenderer, type WorkerPoolStats } from './pool';

export interface Renderer {
  render(job: RenderJob): Promise<RenderOutput>;
  close(): Promise<void>;
}

/** Renders on the calling thread, with its own template cache. For the CLI and tests; the service uses the pool. */
export function createInProcessRenderer(): Renderer {
  const caches = createRenderCaches();
  return {
    render: (job) => renderJob(job, caches),
    async close() { caches.templates.clear(); },
  };
}
