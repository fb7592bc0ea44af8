// The GET /healthz probe of the 32-connection run, on its own thread. Run on the bench's main
// thread, beside the autocannon that drives the load, a probe answer waits until that event
// loop has handled whatever PDF responses arrived first, and the load generator's own delay is
// counted as the server's. Here it has an event loop of its own.
//
// The first /healthz a server ever answers under the 32-connection load took 20-32 ms, against
// 1-2 ms for a fresh probe thread's first request in a later row, and 3-4 ms for the first
// loaded probe of a server that had answered /healthz once at idle (2026-11-25). Out of ~170
// probes the p99 is one of the two slowest, so that one cold answer was the figure. The probe
// now sends WARM_UP_PROBES at the same rate first and reports their slowest apart (firstMax).
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

export interface ProbeRequest {
  readonly url: string;
  readonly ratePerS: number;
  readonly durationS: number;
}

export interface ProbeResult {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly requests: number;
  readonly non2xx: number;
  /** the slowest of the unmeasured warm-up probes (ms) */
  readonly firstMax: number;
}

/** Probes sent before the measured ones: half a second at 20/s. */
const WARM_UP_PROBES = 10;

/** Probes `url` at a fixed rate from a worker thread; resolves with its latencies (ms). */
export function probeOnOwnThread(request: ProbeRequest): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(__filename, { workerData: request });
    worker.once('message', (result: ProbeResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => { if (code !== 0) reject(new Error(`probe thread exited with ${code}`)); });
  });
}

if (!isMainThread && parentPort) {
  const { url, ratePerS, durationS } = workerData as ProbeRequest;
  // off the main thread autocannon hands back its histograms encoded; aggregate them as it would
  const aggregate = (autocannon as unknown as { aggregateResult(results: unknown[], opts: unknown): autocannon.Result }).aggregateResult;
  const rate = { url, connections: 1, overallRate: ratePerS };
  const options = { ...rate, duration: durationS };
  let firstMax = 0;
  const measured = () => autocannon(options, (err, raw) => {
    if (err) throw err;
    const result = aggregate([raw], options);
    const out: ProbeResult = { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, requests: result.requests.total, non2xx: result.non2xx, firstMax };
    parentPort?.postMessage(out);
  });
  const warmOptions = { ...rate, amount: WARM_UP_PROBES };
  autocannon(warmOptions, (err, raw) => {
    if (err) throw err;
    firstMax = aggregate([raw], warmOptions).latency.max;
    measured();
  });
}
