// A paragraph of 100,000 inline runs through the service (issue #18): the real app on a real
// port, the worker pool with the service's render deadline and heap cap, a stored template that
// makes the runs from a count in params. The answer is the whole PDF: 150,000 DOM nodes are
// under the service's DOM-node cap (PLATEN_MAX_DOM_NODES), so no run is dropped.
import { expect } from 'chai';
import { createWorkerPoolRenderer } from '../../src/render';
import { outputLimitsFromEnv } from '../../src/render/outputLimits';
import { parsePdf } from '../helpers/pdf';
import { generate, seedAccount, startTestServer, type SeededAccount, type TestServer } from '../helpers/server';

/** `n` times `<span>word</span>` and a space, then `n` times `<b>bold</b>` and a space: 4n text runs, 6n DOM nodes */
const RUNS = '<p>{% for i in range(0, n) %}<span>word</span> {% endfor %}{% for i in range(0, n) %}<b>bold</b> {% endfor %}</p>';

describe('http: a paragraph of 100,000 inline runs (real app, worker pool)', function () {
  this.timeout(300_000);
  let server: TestServer;
  let account: SeededAccount;
  before(async () => {
    // the service's own settings: deadline, heap cap and DOM-node cap from the environment's defaults
    server = await startTestServer({ renderer: createWorkerPoolRenderer({ workers: 1 }) });
    account = seedAccount(server.store);
    server.store.templates.save({ accountId: account.account.id, id: 'runs', name: 'runs', html: RUNS });
  });
  after(async () => { await server.close(); });

  it('the service admits its 150,000 DOM nodes', () => {
    expect(outputLimitsFromEnv({}).maxDomNodes).to.be.at.least(150_000);
  });

  it('answers 200 with a PDF holding every run', async () => {
    const answer = await generate(server, { key: account.key, body: { templateId: 'runs', params: { n: 25_000 } } });
    expect(answer.status, String(answer.json.detail)).to.equal(200);
    expect(answer.headers.get('content-type')).to.equal('application/pdf');
    const parsed = await parsePdf(answer.bytes);
    expect(parsed.text.match(/word/g)?.length).to.equal(25_000);
    expect(parsed.text.match(/bold/g)?.length).to.equal(25_000);
  });
});
