// The key, account, template and asset-list rows an API request reads are kept per connection
// (store/readCache.ts) until the database changes. A change made by another process (the CLI
// while the server runs) or through the server's own connection counts from the next request.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generate, seedAccount, startTestServer, type TestServer } from '../helpers/server';

const CLI = resolve(__dirname, '../../src/cli/main.js');

/** the built CLI against the server's data directory: a second process, a second connection */
function platen(server: TestServer, ...args: string[]): Record<string, unknown> {
  const r = spawnSync(process.execPath, [CLI, ...args, '--data', server.dataDir, '--json'], { encoding: 'utf8', env: { ...process.env, PLATEN_DATA: '' } });
  expect(r.status, r.stderr).to.equal(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe('http: rows kept between requests follow every change to the database', function () {
  this.timeout(60_000);
  let server: TestServer;
  let dir: string;

  before(async () => {
    server = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'platen-cache-'));
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ok = async (key: string, templateId: string) => {
    const a = await generate(server, { key, body: { templateId } });
    expect(a.status, JSON.stringify(a.json)).to.equal(200);
    return a;
  };

  it('a key revoked by the CLI while the server runs is refused at the next request', async () => {
    const s = seedAccount(server.store);
    server.store.templates.save({ accountId: s.account.id, id: 'rev', name: 'R', html: '<p>x</p>' });
    await ok(s.key, 'rev');
    await ok(s.key, 'rev');
    expect(platen(server, 'keys', 'revoke', s.keyId).revokedAt).to.be.a('string');
    expect((await generate(server, { key: s.key, body: { templateId: 'rev' } })).status).to.equal(401);
  });

  it('an account suspended by the CLI is refused at the next request, and served again once active', async () => {
    const s = seedAccount(server.store);
    server.store.templates.save({ accountId: s.account.id, id: 'sus', name: 'S', html: '<p>x</p>' });
    await ok(s.key, 'sus');
    platen(server, 'accounts', 'subscription', s.account.id, '--status', 'past_due');
    const refused = await generate(server, { key: s.key, body: { templateId: 'sus' } });
    expect(refused.status).to.equal(403);
    expect(refused.json.code).to.equal('subscription_inactive');
    platen(server, 'accounts', 'subscription', s.account.id, '--status', 'active');
    await ok(s.key, 'sus');
  });

  it('a template the CLI changes renders as its new version at the next request', async () => {
    const s = seedAccount(server.store);
    server.store.templates.save({ accountId: s.account.id, id: 'greeting', name: 'G', html: '<p>old words</p>' });
    expect((await ok(s.key, 'greeting')).headers.get('x-template-version')).to.equal('1');
    writeFileSync(join(dir, 'g.html'), '<p>new words</p>');
    platen(server, 'templates', 'add', '--account', s.account.id, '--name', 'G', '--id', 'greeting', '--replace', '--html', join(dir, 'g.html'));
    const after = await ok(s.key, 'greeting');
    expect(after.headers.get('x-template-version')).to.equal('2');
    expect(after.bytes.toString('latin1')).to.not.equal((await generate(server, { key: s.key, body: { templateId: 'greeting', templateVersion: 1 } })).bytes.toString('latin1'));
  });

  it('another process\'s commit alone (no write of this connection in between) drops the kept rows', () => {
    const s = seedAccount(server.store);
    server.store.usage.flush();
    expect(server.store.apiKeys.authenticate(s.key)?.id).to.equal(s.keyId);
    expect(server.store.accounts.get(s.account.id)?.subscriptionStatus).to.equal('active');
    // served from the cache: nothing this connection wrote since
    expect(server.store.apiKeys.authenticate(s.key)?.id).to.equal(s.keyId);
    platen(server, 'keys', 'revoke', s.keyId);
    expect(server.store.apiKeys.authenticate(s.key)).to.equal(undefined);
    platen(server, 'accounts', 'subscription', s.account.id, '--status', 'canceled');
    expect(server.store.accounts.get(s.account.id)?.subscriptionStatus).to.equal('canceled');
  });

  it('a change through the server\'s own connection counts at the next request too', async () => {
    const s = seedAccount(server.store);
    server.store.templates.save({ accountId: s.account.id, id: 'own', name: 'O', html: '<p>x</p>' });
    await ok(s.key, 'own');
    server.store.accounts.setSubscription(s.account.id, 'canceled', null);
    expect((await generate(server, { key: s.key, body: { templateId: 'own' } })).status).to.equal(403);
    server.store.accounts.setSubscription(s.account.id, 'active', null);
    await ok(s.key, 'own');
    expect(server.store.apiKeys.revoke(s.keyId)).to.equal(true);
    expect((await generate(server, { key: s.key, body: { templateId: 'own' } })).status).to.equal(401);
  });

  it('rows handed out are frozen: no caller can change what the next request reads', () => {
    const s = seedAccount(server.store, { globals: { company: { name: 'Acme' } } });
    const account = server.store.accounts.get(s.account.id)!;
    expect(Object.isFrozen(account.globals.company)).to.equal(true);
    expect(() => { (account.globals.company as Record<string, unknown>).name = 'Other'; }).to.throw(TypeError);
    expect(server.store.accounts.get(s.account.id)!.globals).to.deep.equal({ company: { name: 'Acme' } });
  });
});
