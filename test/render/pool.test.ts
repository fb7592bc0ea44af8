// The worker pool as the service uses it: real worker threads running the compiled worker
// entry (dist/src/render/worker.js), real PDFs parsed back. Deadlines are short so the
// suite stays fast; no assertion is about speed.
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { PlatenError } from '../../src/errors';
import { createWorkerPoolRenderer, type RenderJob, type WorkerPoolRenderer } from '../../src/render';
import { parsePdf } from '../helpers/pdf';

function job(html: string, overrides: { id?: string; version?: number; params?: Record<string, unknown> } = {}): RenderJob {
  return {
    template: { id: overrides.id ?? 'tpl', version: overrides.version ?? 1, html, css: '' },
    params: overrides.params ?? {},
    globals: { company: 'Acme' },
    format: 'A4',
  };
}

// Nunjucks loops that never end in practice (10^10 iterations, little memory).
const NEVER_ENDS = '{% for i in range(0, 100000) %}{% for j in range(0, 100000) %}{% endfor %}{% endfor %}';
// Many small strings: the worker reaches its heap cap (a clean ERR_WORKER_OUT_OF_MEMORY).
const EATS_MEMORY = '{% for i in range(0, 5000) %}{% for j in range(0, 5000) %}<p>{{ i }}-{{ j }}</p>{% endfor %}{% endfor %}';

async function rejection(p: Promise<unknown>): Promise<PlatenError> {
  try {
    await p;
  } catch (err) {
    expect(err).to.be.instanceOf(PlatenError);
    return err as PlatenError;
  }
  throw new Error('expected the render to fail');
}

describe('render: worker pool', () => {
  let pool: WorkerPoolRenderer | undefined;
  afterEach(async () => { await pool?.close(); pool = undefined; });

  it('renders a template with params and globals on a worker and returns the PDF with its diagnostics', async () => {
    pool = createWorkerPoolRenderer({ workers: 1 });
    const out = await pool.render(job('<h1>Invoice {{ number }}</h1><p>{{ global.company }}</p>', { params: { number: 'INV-7' } }));
    expect(Buffer.isBuffer(out.pdf)).to.equal(true);
    expect(out.diagnostics).to.deep.equal([]);
    const parsed = await parsePdf(out.pdf);
    expect(parsed.pages).to.have.length(1);
    expect(parsed.text).to.contain('Invoice INV-7').and.to.contain('Acme');
    expect(pool.stats()).to.include({ completed: 1, failures: 0, workerRestarts: 0 });
  });

  it('says when every worker is warm', async () => {
    pool = createWorkerPoolRenderer({ workers: 2 });
    await pool.ready();
    expect(pool.stats().workers).to.equal(2);
  });

  it('names its workers\' kernel threads, so their CPU time can be told from the HTTP thread\'s and V8\'s helpers\' (Linux)', async function () {
    if (process.platform !== 'linux') this.skip();
    pool = createWorkerPoolRenderer({ workers: 2 });
    await pool.ready();
    const tids = pool.stats().workerOsThreads;
    expect(new Set(tids).size).to.equal(2);
    const threads = readdirSync('/proc/self/task').map(Number);
    for (const tid of tids) {
      expect(threads).to.include(tid);
      expect(tid).to.not.equal(process.pid);
    }
    // a busy worker's thread is the one that spends the CPU
    const cpu = (tid: number) => { const f = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8'); const v = f.slice(f.lastIndexOf(')') + 2).split(' '); return Number(v[11]) + Number(v[12]); };
    const before = tids.map(cpu);
    await Promise.all(Array.from({ length: 8 }, () => pool!.render(job('<table>' + '<tr><td>cell</td><td>cell</td></tr>'.repeat(400) + '</table>'))));
    expect(tids.map(cpu).reduce((a, b) => a + b) - before.reduce((a, b) => a + b)).to.be.above(0);
  });

  it('runs its workers, and V8\'s helper threads that collect and compile for them, at a lower priority than the HTTP thread (Linux)', async function () {
    if (process.platform !== 'linux') this.skip();
    const niceOfThreads = () => readdirSync('/proc/self/task').filter((tid) => Number(tid) !== process.pid).map((tid) => {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]); // field 19: nice
      } catch { return NaN; }
    }).filter((n) => !Number.isNaN(n));
    const mainNice = Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[16]);
    if (mainNice + 7 > 19) this.skip();
    pool = createWorkerPoolRenderer({ workers: 2, workerNice: 7 });
    await pool.ready();
    const others = niceOfThreads();
    expect(others.length).to.be.greaterThan(2); // two workers and V8's platform threads
    expect(others.filter((n) => n < mainNice + 7)).to.deep.equal([]);
    expect(Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[16])).to.equal(mainNice); // the main thread is untouched
  });

  it('reads its settings from the environment when options leave them out', async () => {
    pool = createWorkerPoolRenderer({ env: { PLATEN_WORKERS: '1', PLATEN_QUEUE: '3', PLATEN_RENDER_TIMEOUT_MS: '1234', PLATEN_WORKER_HEAP_MB: '96', PLATEN_WORKER_YOUNG_MB: '8', PLATEN_WORKER_NICE: '7' } });
    expect(pool.settings).to.deep.equal({ workers: 1, maxQueue: 3, deadlineMs: 1234, maxWaitMs: 1234, maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8, workerNice: 7 });
  });

  it('gives each worker the young-generation size asked for (default 16 MB; 0 leaves V8 its own)', async () => {
    pool = createWorkerPoolRenderer({ workers: 1 });
    await pool.ready();
    expect(pool.settings.maxYoungGenerationSizeMb).to.equal(16);
    expect(pool.stats().workerResourceLimits?.maxYoungGenerationSizeMb).to.equal(16);
    await pool.close();
    pool = createWorkerPoolRenderer({ workers: 1, env: { PLATEN_WORKER_YOUNG_MB: '0' } });
    await pool.ready();
    expect(pool.settings.maxYoungGenerationSizeMb).to.equal(undefined);
    expect(pool.stats().workerResourceLimits?.maxYoungGenerationSizeMb).to.be.above(16); // V8's default
  });

  it('runs waiting jobs first come, first served', async () => {
    // piscina's own queue moved the job after the one a freed worker took to the back of the
    // line: with one worker, eight jobs came back as 0 1 3 5 7 4 2 6
    pool = createWorkerPoolRenderer({ workers: 1 });
    await pool.ready();
    const order: number[] = [];
    const long = job('<table>' + '<tr><td>cell</td><td>cell</td></tr>'.repeat(300) + '</table>');
    await Promise.all(Array.from({ length: 8 }, (_, i) => pool!.render(i === 0 ? long : job(`<p>job ${i}</p>`)).then(() => { order.push(i); })));
    expect(order).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses a job with `overloaded` and Retry-After when the queue is full, and works again afterwards', async () => {
    pool = createWorkerPoolRenderer({ workers: 1, maxQueue: 1, deadlineMs: 800, maxWaitMs: 15_000 });
    const running = pool.render(job(NEVER_ENDS, { id: 'hog' }));
    const queued = pool.render(job(NEVER_ENDS, { id: 'hog' }));
    const refused = await rejection(pool.render(job('<p>one too many</p>')));
    expect(refused.code).to.equal('overloaded');
    expect(refused.status).to.equal(503);
    expect(refused.headers).to.deep.equal({ 'Retry-After': '1' });
    expect((await rejection(running)).code).to.equal('render_timeout');
    expect((await rejection(queued)).code).to.equal('render_timeout');
    const out = await pool.render(job('<p>room again</p>'));
    expect((await parsePdf(out.pdf)).text).to.contain('room again');
    expect(pool.stats().overloaded).to.equal(1);
  });

  it('drops a job that waits longer than maxWaitMs for a worker, with `render_timeout`', async () => {
    pool = createWorkerPoolRenderer({ workers: 1, deadlineMs: 3000, maxWaitMs: 300 });
    await pool.ready(); // a cold worker's start-up counts as waiting too
    const hog = rejection(pool.render(job(NEVER_ENDS, { id: 'hog' })));
    const waiting = await rejection(pool.render(job('<p>waits</p>')));
    expect(waiting.code).to.equal('render_timeout');
    expect(waiting.message).to.match(/waited 300 ms/);
    expect((await hog).code).to.equal('render_timeout');
  });

  it('stops a render over its deadline with `render_timeout` while a concurrent render succeeds, and keeps working', async () => {
    pool = createWorkerPoolRenderer({ workers: 2, deadlineMs: 800, maxWaitMs: 15_000 });
    const started = Date.now();
    const endless = rejection(pool.render(job(NEVER_ENDS, { id: 'endless' })));
    const normal = await pool.render(job('<p>meanwhile {{ n }}</p>', { params: { n: 42 } }));
    expect((await parsePdf(normal.pdf)).text).to.contain('meanwhile 42');
    const err = await endless;
    expect(err.code).to.equal('render_timeout');
    expect(err.status).to.equal(500);
    expect(Date.now() - started).to.be.at.least(800);
    // the worker that ran it was terminated and replaced: both slots render again
    const after = await Promise.all([pool.render(job('<p>after A</p>')), pool.render(job('<p>after B</p>'))]);
    expect((await parsePdf(after[1].pdf)).text).to.contain('after B');
    expect(pool.stats()).to.include({ timeouts: 1, workerRestarts: 1, workers: 2 });
  });

  it('fails only the job whose worker runs out of memory (`render_failed`); the next job succeeds', async function () {
    this.timeout(60_000); // filling 48 MB takes a second on a quiet machine, much longer on a busy one
    pool = createWorkerPoolRenderer({ workers: 1, deadlineMs: 45_000, maxOldGenerationSizeMb: 48 });
    const err = await rejection(pool.render(job(EATS_MEMORY, { id: 'greedy' })));
    expect(err.code).to.equal('render_failed');
    expect(err.message).to.match(/ran out of memory.*heap cap of 48 MB/);
    expect(err.extra).to.deep.equal({ limit: 'worker_heap', max: 48 });
    const next = await pool.render(job('<p>still here</p>'));
    expect((await parsePdf(next.pdf)).text).to.contain('still here');
    expect(pool.stats()).to.include({ failures: 1, workerRestarts: 1 });
  });

  it('survives range(0, 1e9) in a template: `render_failed`, the process and the pool live on', async () => {
    pool = createWorkerPoolRenderer({ workers: 1, maxOldGenerationSizeMb: 64 });
    const err = await rejection(pool.render(job('{% for i in range(0, 1000000000) %}{{ i }}{% endfor %}', { id: 'huge-range' })));
    expect(err.code).to.equal('render_failed');
    const ok = await pool.render(job('{% for i in range(3) %}<p>row {{ i }}</p>{% endfor %}'));
    expect((await parsePdf(ok.pdf)).text).to.contain('row 2');
  });

  it('answers a broken template with `render_failed` without losing the worker', async () => {
    pool = createWorkerPoolRenderer({ workers: 1 });
    const err = await rejection(pool.render(job('{% if %}', { id: 'broken' })));
    expect(err.code).to.equal('render_failed');
    expect(err.message).to.not.match(/\/|\.js|\.ts/); // no paths or stack in what may reach a client
    const next = await pool.render(job('<p>fine</p>'));
    expect((await parsePdf(next.pdf)).text).to.contain('fine');
    expect(pool.stats().workerRestarts).to.equal(0);
  });

  it('drops a cached template when its version changes', async () => {
    pool = createWorkerPoolRenderer({ workers: 1 });
    const v1 = await pool.render(job('<p>first {{ x }}</p>', { id: 'inv', version: 1, params: { x: 1 } }));
    const v1again = await pool.render(job('<p>first {{ x }}</p>', { id: 'inv', version: 1, params: { x: 2 } }));
    const v2 = await pool.render(job('<p>second {{ x }}</p>', { id: 'inv', version: 2, params: { x: 3 } }));
    expect((await parsePdf(v1.pdf)).text).to.contain('first 1');
    expect((await parsePdf(v1again.pdf)).text).to.contain('first 2');
    expect((await parsePdf(v2.pdf)).text).to.contain('second 3').and.not.contain('first');
  });

  it('lets admitted jobs finish when closed, and refuses new ones', async () => {
    pool = createWorkerPoolRenderer({ workers: 1 });
    await pool.ready();
    const inFlight = pool.render(job('<p>in flight</p>'));
    const queued = pool.render(job('<p>queued</p>'));
    const closing = pool.close();
    expect((await rejection(pool.render(job('<p>too late</p>')))).code).to.equal('overloaded');
    expect((await parsePdf((await inFlight).pdf)).text).to.contain('in flight');
    expect((await parsePdf((await queued).pdf)).text).to.contain('queued');
    await closing;
  });

  it('refuses new work once closed', async () => {
    pool = createWorkerPoolRenderer({ workers: 1 });
    await pool.close();
    expect((await rejection(pool.render(job('<p>late</p>')))).code).to.equal('overloaded');
  });
});
