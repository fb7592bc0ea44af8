// The GET /healthz probe of the 32-connection run, on its own thread. Run on the bench's main
// thread, beside the autocannon that drives the load, a probe answer waits until that event
// loop has handled whatever PDF responses arrived first, and the load generator's own delay is
// counted as the server's. Here it has an event loop of its own.
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
}

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
  const options = { url, connections: 1, overallRate: ratePerS, duration: durationS };
  autocannon(options, (err, raw) => {
    if (err) throw err;
    // off the main thread autocannon hands back its histograms encoded; aggregate them as it would
    const aggregate = (autocannon as unknown as { aggregateResult(results: unknown[], opts: unknown): autocannon.Result }).aggregateResult;
    const result = aggregate([raw], options);
    const out: ProbeResult = { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, requests: result.requests.total, non2xx: result.non2xx };
    parentPort?.postMessage(out);
  });
}
