// Deeply nested tables and columns render without a MaxListenersExceededWarning: a nesting level
// must not hold a listener on a shared emitter (pdfmake's flow layout did, one `pageChanged`
// listener per nested table row, and warned from 11 levels on).
import { expect } from 'chai';
import { seedAccount, startTestServer, type TestServer } from '../helpers/server';

describe('render: deep nesting leaks no event listeners', () => {
  let server: TestServer;
  before(async () => { server = await startTestServer(); });
  after(async () => { await server.close(); });

  it('30 nested tables and 30 nested flex columns, across page breaks, emit no MaxListenersExceededWarning', async function () {
    this.timeout(60_000);
    const { key } = seedAccount(server.store);
    const warnings: string[] = [];
    const onWarning = (w: Error) => { warnings.push(`${w.name}: ${w.message}`); };
    process.on('warning', onWarning);
    try {
      const tables = `${'<table><tr><td>'.repeat(30)}cell${'</td></tr></table>'.repeat(30)}`;
      const columns = `${'<div style="display:flex"><div>a</div><div>'.repeat(30)}b${'</div></div>'.repeat(30)}`;
      const filler = '<p>line</p>'.repeat(120);
      for (const html of [`${tables}${filler}${tables}`, `${columns}${filler}${columns}`]) {
        const res = await fetch(`${server.url}/v1/pdf/preview`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify({ html }) });
        expect(res.status).to.equal(200);
      }
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on a later tick
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).to.deep.equal([]);
  });
});
