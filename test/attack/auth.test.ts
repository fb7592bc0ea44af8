// Attack suite, authentication (CONTRACT.md check 1): every bad key gets the identical 401 —
// same status, same body (minus request-specific members), `WWW-Authenticate: Bearer` — so a
// client cannot tell "unknown" from "revoked" from "malformed". Another account's key reaches
// only that account: this account's template is a 404 identical to a template that does not
// exist. Nothing of the presented key is logged.
import { expect } from 'chai';
import { request } from 'node:http';
import { generate, seedAccount, startTestServer, type SeededAccount, type TestServer } from '../helpers/server';

interface RawAnswer { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** A POST with a raw Authorization header value (bytes as latin1), which fetch would refuse. */
function rawPost(server: TestServer, authorization: Buffer | undefined, body: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method: 'POST', path: '/v1/pdf/generate', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (authorization) req.setHeader('authorization', authorization.toString('latin1'));
    req.end(body);
  });
}

/** The body without members that may legitimately differ per request. */
function stable(body: string): Record<string, unknown> {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  delete parsed.instance;
  delete parsed.requestId;
  return parsed;
}

describe('attack: authentication answers one identical 401', function () {
  this.timeout(20_000);
  let server: TestServer;
  let mine: SeededAccount;
  let other: SeededAccount;
  let revokedKey: string;
  const body = () => JSON.stringify({ templateId: 'mine', params: {} });
  let reference: RawAnswer;

  before(async () => {
    server = await startTestServer();
    mine = seedAccount(server.store, { name: 'mine' });
    other = seedAccount(server.store, { name: 'other' });
    server.store.templates.save({ accountId: mine.account.id, id: 'mine', name: 'mine', html: '<p>mine</p>' });
    const created = server.store.apiKeys.create({ accountId: mine.account.id, name: 'to revoke' });
    revokedKey = created.key;
    server.store.apiKeys.revoke(created.apiKey.id);
    reference = await rawPost(server, undefined, body());
    expect(reference.status).to.equal(401);
  });
  after(async () => { await server.close(); });

  const cases: [string, () => Buffer | undefined][] = [
    ['no Authorization header', () => undefined],
    ['empty header', () => Buffer.from('')],
    ['only spaces', () => Buffer.from('   ')],
    ['"Bearer" with no key', () => Buffer.from('Bearer')],
    ['"Bearer " and spaces', () => Buffer.from('Bearer    ')],
    ['lowercase "bearer" with an unknown key', () => Buffer.from(`bearer plt_${'A'.repeat(40)}`)],
    ['"Basic" with a valid key', () => Buffer.from(`Basic ${mine.key}`)],
    ['"Token" with a valid key', () => Buffer.from(`Token ${mine.key}`)],
    ['the key without a scheme', () => Buffer.from(mine.key)],
    ['a 10 KB key', () => Buffer.from(`Bearer plt_${'a'.repeat(10 * 1024)}`)],
    ['a 10 KB key that starts with a valid key', () => Buffer.from(`Bearer ${mine.key}${'a'.repeat(10 * 1024)}`)],
    ['a non-ASCII key (latin1 bytes)', () => Buffer.from(`Bearer plt_${'é'.repeat(40)}`, 'latin1')],
    ['a non-ASCII key (UTF-8 bytes)', () => Buffer.concat([Buffer.from('Bearer plt_'), Buffer.from('ключ'.repeat(10), 'utf8')])],
    ['a valid key with one character changed', () => Buffer.from(`Bearer ${mine.key.slice(0, -1)}${mine.key.endsWith('a') ? 'b' : 'a'}`)],
    ['a valid key plus a trailing character', () => Buffer.from(`Bearer ${mine.key}x`)],
    ['a valid key and a second token', () => Buffer.from(`Bearer ${mine.key} ${mine.key}`)],
    ['a revoked key', () => Buffer.from(`Bearer ${revokedKey}`)],
    ['SQL in the key', () => Buffer.from("Bearer plt_' OR '1'='1")],
    ['a tab inside the key', () => Buffer.from(`Bearer plt_${'A'.repeat(20)}\t${'A'.repeat(20)}`)],
  ];
  for (const [name, header] of cases) {
    it(`${name} → the identical 401`, async () => {
      const answer = await rawPost(server, header(), body());
      expect(answer.status).to.equal(401);
      expect(answer.headers['www-authenticate']).to.equal('Bearer');
      expect(answer.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(stable(answer.body)).to.deep.equal(stable(reference.body));
      expect(answer.body).not.to.include('plt_');
    });
  }

  it('lowercase "bearer" with a valid key is accepted (the scheme is case-insensitive)', async () => {
    const answer = await rawPost(server, Buffer.from(`bearer ${mine.key}`), body());
    expect(answer.status).to.equal(200);
  });

  it("another account's key: this account's template is a 404 identical to a missing one", async () => {
    const theirs = await generate(server, { key: other.key, body: { templateId: 'mine' } });
    const missing = await generate(server, { key: other.key, body: { templateId: 'no-such-template' } });
    expect(theirs.status).to.equal(404);
    expect(theirs.json.code).to.equal('template_not_found');
    expect(theirs.json).to.deep.equal(missing.json);
  });

  it('no log line holds any presented key', () => {
    const log = server.logLines.join('\n');
    expect(log).not.to.include(mine.key);
    expect(log).not.to.include(other.key);
    expect(log).not.to.include(revokedKey);
    expect(log).not.to.include('plt_aaaa');
  });
});
