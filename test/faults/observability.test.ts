// Observability (issue #5): every log line of a request carries its request id, and no log line
// ever holds the API key or a params value — for a good render, a refused one, a failed one and
// one with engine diagnostics that quote the document. Log lines are pino's real output,
// captured by the test server.
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { generate, seedAccount, startTestServer, type SeededAccount, type TestServer } from '../helpers/server';

describe('observability: request ids in every log line, no keys or params values', function () {
  this.timeout(20_000);
  let server: TestServer;
  let account: SeededAccount;
  const secret = () => `PARAMSECRET${randomBytes(6).toString('hex')}`;
  before(async () => {
    server = await startTestServer();
    account = seedAccount(server.store);
    server.store.templates.save({ accountId: account.account.id, id: 'show', name: 'show', html: '<p>{{ v }}</p><img src="{{ url }}"><p style="color: {{ color }}">x</p>' });
    server.store.templates.save({ accountId: account.account.id, id: 'boom', name: 'boom', html: '<p>{{ v.x.y.z() }}</p>' });
    server.store.templates.save({ accountId: account.account.id, id: 'quote', name: 'quote', html: '<p>{{ "x".repeat(n) }}{{ s.toFixed(2) }}</p>' });
  });
  after(async () => { await server.close(); });

  async function linesOf(reqId: string, call: Parameters<typeof generate>[1]): Promise<{ status: number; lines: Record<string, unknown>[]; raw: string[] }> {
    const before = server.logLines.length;
    const answer = await generate(server, { ...call, headers: { 'x-request-id': reqId } });
    expect(answer.headers.get('x-request-id')).to.equal(reqId);
    const raw = server.logLines.slice(before);
    return { status: answer.status, raw, lines: raw.map((l) => JSON.parse(l) as Record<string, unknown>) };
  }

  const cases: [string, (s: string) => Parameters<typeof generate>[1]][] = [
    ['a good render with diagnostics quoting params', (s) => ({ key: account.key, body: { templateId: 'show', params: { v: s, url: `http://${s}.example/${s}.png`, color: `${s}bogus` } } })],
    ['a template error (render_failed)', (s) => ({ key: account.key, body: { templateId: 'boom', params: { v: s } } })],
    ['a JavaScript error whose message quotes a param (String.repeat(-n))', (s) => ({ key: account.key, body: { templateId: 'quote', params: { n: -Number.parseInt(s.slice(-10), 16), s } } })],
    ['a params limit breach naming a key', (s) => ({ key: account.key, body: { templateId: 'show', params: { [s]: 'x'.repeat(10_001) } } })],
    ['invalid JSON holding the secret', (s) => ({ key: account.key, raw: `{"templateId":"show","params":{"v":"${s}"` })],
    ['an unknown template', (s) => ({ key: account.key, body: { templateId: 'nope', params: { v: s } } })],
    ['a bad key (the key itself is the secret)', (s) => ({ key: `plt_${s}${'A'.repeat(30)}`, body: { templateId: 'show', params: { v: s } } })],
  ];
  for (const [name, call] of cases) {
    it(`${name}: every line has the request id; neither the key nor the value appears`, async () => {
      const s = secret();
      const reqId = `req-${randomBytes(4).toString('hex')}`;
      const { lines, raw } = await linesOf(reqId, call(s));
      expect(lines.length).to.be.at.least(1);
      for (const line of lines) expect(line.reqId, JSON.stringify(line)).to.equal(reqId);
      expect(lines.some((l) => l.msg === 'request')).to.equal(true);
      const all = raw.join('\n');
      expect(all).not.to.include(s);
      expect(all).not.to.include(String(Number.parseInt(s.slice(-10), 16)));
      expect(all).not.to.include(account.key);
      expect(all).not.to.include(account.key.slice(12));
    });
  }
});
