// Fault tests, rendering (issue #5), through the real app on the worker pool:
//   - a worker that runs out of memory fails only its request (500 render_failed); the next succeed;
//   - a render that never ends is stopped at its deadline (500 render_timeout) while /healthz and
//     another render go on; the replaced worker serves the next request;
//   - a full queue answers 503 `overloaded` with Retry-After (1 worker, queue 1);
//   - GET /metrics counts all of it (requests by route and status, render durations, restarts).
import { expect } from 'chai';
import { createWorkerPoolRenderer } from '../../src/render';
import { generate, seedAccount, startTestServer, type Answer, type SeededAccount, type TestServer } from '../helpers/server';

/** long enough that the out-of-memory render dies of its heap cap first, even on a busy machine */
const DEADLINE_MS = 8_000;
// range() is capped (100,000 numbers), so memory is taken 100,000 numbers at a time
const OOM = '{% set a = [] %}{% for i in range(0, 5000) %}{% set _ = a.push(range(0, 100000)) %}{% endfor %}{{ a | length }}';
const FOREVER = '{% for i in range(0, 100000) %}{% for j in range(0, 100000) %}{% endfor %}{% endfor %}never';

async function metricValue(server: TestServer, line: RegExp): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const found = text.split('\n').find((l) => line.test(l));
  return found === undefined ? NaN : Number(found.split(' ').pop());
}

describe('faults: worker out of memory, render that never ends (real app, worker pool)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let account: SeededAccount;
  before(async () => {
    server = await startTestServer({ renderer: createWorkerPoolRenderer({ workers: 2, deadlineMs: DEADLINE_MS, maxWaitMs: 60_000, maxQueue: 8, maxOldGenerationSizeMb: 64 }) });
    account = seedAccount(server.store);
    const save = (id: string, html: string) => server.store.templates.save({ accountId: account.account.id, id, name: id, html });
    save('oom', OOM);
    save('forever', FOREVER);
    save('hello', '<p>hello {{ who }}</p>');
  });
  after(async () => { await server.close(); });

  /** what the server answered, by code, to compare with /metrics */
  const seen: Record<string, number> = {};
  const post = async (templateId: string, params: Record<string, unknown> = {}): Promise<Answer> => {
    const a = await generate(server, { key: account.key, body: { templateId, params } });
    const code = a.status === 200 ? 'ok' : String(a.json.code);
    seen[code] = (seen[code] ?? 0) + 1;
    return a;
  };
  const hello = (): Promise<Answer> => post('hello', { who: 'world' });

  it('a worker out of memory → 500 render_failed; the next requests succeed', async () => {
    const crashed = await post('oom');
    expect(crashed.status).to.equal(500);
    expect(crashed.json.code).to.equal('render_failed');
    expect(crashed.json.detail).to.match(/ran out of memory: its worker ended at the heap cap of 64 MB/); // the worker died; not a template error
    expect(crashed.json).to.include({ limit: 'worker_heap', max: 64 });
    expect(JSON.stringify(crashed.json)).not.to.match(/JavaScript heap|ERR_WORKER|stack|\/work\//i);
    for (let i = 0; i < 3; i++) { const a = await hello(); expect(a.status, String(a.json.detail)).to.equal(200); }
  });

  it('two workers out of memory at once, then a burst of good renders all succeed', async () => {
    const crashes = await Promise.all([1, 2].map(() => post('oom')));
    for (const c of crashes) expect(c.json.code).to.equal('render_failed');
    const burst = await Promise.all(Array.from({ length: 6 }, hello));
    expect(burst.map((a) => a.status), burst.map((a) => String(a.json.detail)).join(' | ')).to.deep.equal([200, 200, 200, 200, 200, 200]);
  });

  it('a render that never ends → 500 render_timeout; /healthz and another render answer meanwhile', async () => {
    const started = Date.now();
    const hung = post('forever');
    await new Promise((r) => setTimeout(r, 300));
    const t = Date.now();
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).to.equal(200);
    expect(Date.now() - t).to.be.below(1_000);
    const other = await hello();
    expect(other.status, String(other.json.detail)).to.equal(200);
    const answer = await hung;
    expect(answer.status).to.equal(500);
    expect(answer.json.code).to.equal('render_timeout');
    expect(Date.now() - started).to.be.within(DEADLINE_MS - 100, DEADLINE_MS + 20_000);
    expect((await hello()).status).to.equal(200);
  });

  it('GET /metrics counts requests by route and status, render outcomes and worker restarts', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).to.match(/^platen_http_requests_total\{route="\/v1\/pdf\/generate",method="POST",status="200"\} \d+$/m);
    expect(seen.render_failed).to.equal(3);
    expect(seen.render_timeout).to.equal(1);
    expect(await metricValue(server, /^platen_http_requests_total\{route="\/v1\/pdf\/generate",method="POST",status="500"\}/)).to.equal(4);
    expect(await metricValue(server, /^platen_http_requests_total\{route="\/v1\/pdf\/generate",method="POST",status="200"\}/)).to.equal(seen.ok);
    expect(await metricValue(server, /^platen_worker_restarts_total /)).to.be.at.least(4);
    expect(await metricValue(server, /^platen_render_duration_seconds_count\{outcome="render_failed"\}/)).to.equal(3);
    expect(await metricValue(server, /^platen_render_duration_seconds_count\{outcome="render_timeout"\}/)).to.equal(1);
    expect(await metricValue(server, /^platen_render_duration_seconds_count\{outcome="ok"\}/)).to.equal(seen.ok);
    expect(text).to.match(/^platen_render_queue_depth 0$/m);
    expect(text).to.match(/^platen_process_resident_memory_bytes \d+/m);
    // labels carry no account, key or template ID
    expect(text).not.to.include(account.account.id);
    expect(text).not.to.include('hello');
  });
});

describe('faults: overload answers 503 overloaded with Retry-After (1 worker, queue 1)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let account: SeededAccount;
  before(async () => {
    server = await startTestServer({ renderer: createWorkerPoolRenderer({ workers: 1, maxQueue: 1, deadlineMs: 2_000, maxWaitMs: 30_000 }) });
    account = seedAccount(server.store);
    server.store.templates.save({ accountId: account.account.id, id: 'slow', name: 'slow', html: FOREVER });
    server.store.templates.save({ accountId: account.account.id, id: 'hello', name: 'hello', html: '<p>hello</p>' });
  });
  after(async () => { await server.close(); });

  it('the third concurrent slow render is refused at once; the queue drains and rendering works again', async () => {
    const running = generate(server, { key: account.key, body: { templateId: 'slow' } });
    await new Promise((r) => setTimeout(r, 100));
    const queued = generate(server, { key: account.key, body: { templateId: 'slow' } });
    await new Promise((r) => setTimeout(r, 100));
    const t = Date.now();
    const refused = await generate(server, { key: account.key, body: { templateId: 'hello' } });
    expect(Date.now() - t).to.be.below(1_000);
    expect(refused.status).to.equal(503);
    expect(refused.json.code).to.equal('overloaded');
    expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
    expect((await fetch(`${server.url}/metrics`)).status).to.equal(200);
    const depth = await metricValue(server, /^platen_render_queue_depth /);
    // one render waits behind the running one
    expect(depth).to.equal(1);
    expect((await running).json.code).to.equal('render_timeout');
    expect((await queued).json.code).to.equal('render_timeout');
    const after = await generate(server, { key: account.key, body: { templateId: 'hello' } });
    expect(after.status, String(after.json.detail)).to.equal(200);
    expect(await metricValue(server, /^platen_http_requests_total\{route="\/v1\/pdf\/generate",method="POST",status="503"\}/)).to.equal(1);
  });
});
