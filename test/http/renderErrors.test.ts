// A template that fails while it renders answers 500 render_failed with a detail its author can
// act on: Nunjucks' message, `line` and `column` in the template, the limit when one was hit,
// through the service's worker pool as the real service runs. Never a stack, a path or a params
// value. The CLI prints the same detail (test/cli/usage.test.ts).
import { expect } from 'chai';
import { createWorkerPoolRenderer } from '../../src/render';
import { generate, seedAccount, startTestServer, type SeededAccount, type TestServer } from '../helpers/server';

describe('render_failed: actionable template errors (worker pool)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let acme: SeededAccount;

  before(async () => {
    server = await startTestServer({ renderer: createWorkerPoolRenderer({ workers: 1, deadlineMs: 30_000, maxOldGenerationSizeMb: 128 }) });
    acme = seedAccount(server.store);
  });
  after(async () => server.close());

  const save = (id: string, html: string) => server.store.templates.save({ accountId: acme.account.id, id, name: id, html });

  it('names the template error with its line and column as extension members', async () => {
    save('throws', '<h1>Invoice</h1>\n<p>{{ totals.compute() }}</p>');
    const a = await generate(server, { key: acme.key, body: { templateId: 'throws', params: { totals: { secret: 'PARAM-VALUE-42' } } } });
    expect(a.status).to.equal(500);
    expect(a.json.code).to.equal('render_failed');
    expect(a.json.detail).to.match(/^The template failed at line 2, column \d+: Unable to call `totals\["compute"\]`, which is undefined or falsey$/);
    expect(a.json.line).to.equal(2);
    expect(a.json.column).to.be.a('number').and.greaterThan(3);
    const text = a.bytes.toString();
    expect(text).not.to.match(/at \w+ \(|\/work\/|\/tmp\/|node_modules|\.js:\d+|PARAM-VALUE-42/);
  });

  it('a JavaScript error is named by its class only (its message could quote params)', async () => {
    save('js-error', '<p>\n  {{ "x".repeat(n) }}</p>');
    const a = await generate(server, { key: acme.key, body: { templateId: 'js-error', params: { n: -424242 } } });
    expect(a.json.code).to.equal('render_failed');
    expect(a.json.detail).to.match(/^The template failed at line 2, column \d+: RangeError/);
    expect(a.json.line).to.equal(2);
    expect(a.bytes.toString()).not.to.contain('424242');
  });

  it('a range() the params make too large names the limit and its maximum', async () => {
    save('ranged', '<ul>{% for i in range(0, count) %}<li>{{ i }}</li>{% endfor %}</ul>');
    const a = await generate(server, { key: acme.key, body: { templateId: 'ranged', params: { count: 5_000_000 } } });
    expect(a.json).to.include({ code: 'render_failed', limit: 'range', max: 100_000, line: 1 });
    expect(a.json.detail).to.match(/^The template failed at line 1, column \d+: range\(\) is limited to 100000 numbers$/);
  });

  it('too many pages names the page cap', async () => {
    process.env.PLATEN_MAX_PAGES = '5';
    const capped = await startTestServer({});
    try {
      const who = seedAccount(capped.store);
      capped.store.templates.save({ accountId: who.account.id, id: 'long', name: 'long', html: '{% for i in range(0, 100) %}<p style="page-break-after: always">{{ i }}</p>{% endfor %}' });
      const a = await generate(capped, { key: who.key, body: { templateId: 'long' } });
      expect(a.json).to.include({ code: 'render_failed', limit: 'pages', max: 5 });
      expect(a.json.detail).to.contain('more than 5 pages');
    } finally {
      delete process.env.PLATEN_MAX_PAGES;
      await capped.close();
    }
  });
});
