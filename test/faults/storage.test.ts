// A locked database (issue #5 "Data"): another process holding the write lock must not stop
// rendering — the key lookup reads (WAL readers are not blocked) and the last_used update is
// best effort and does not wait out busy_timeout. A database that cannot take writes (locked,
// full) fails them with SQLITE_BUSY / SQLITE_FULL, which the HTTP layer answers as 503
// `storage_unavailable` with Retry-After, never a 500 with SQL in it.
import { expect } from 'chai';
import Database from 'better-sqlite3';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { AppState } from '../../src/http/context';
import { problemMapper } from '../../src/http/middleware/problem';
import { requestId } from '../../src/http/middleware/requestId';
import { createLogger } from '../../src/log';
import { DB_FILE_NAME } from '../../src/store';
import { generate, seedAccount, startTestServer, type SeededAccount, type TestServer } from '../helpers/server';

describe('faults: a locked database', function () {
  this.timeout(30_000);
  let server: TestServer;
  let account: SeededAccount;
  let other: Database.Database;
  before(async () => {
    server = await startTestServer();
    account = seedAccount(server.store);
    server.store.templates.save({ accountId: account.account.id, id: 'hello', name: 'hello', html: '<p>hello</p>' });
    other = new Database(join(server.dataDir, DB_FILE_NAME));
  });
  after(async () => {
    if (other.inTransaction) other.exec('ROLLBACK');
    other.close();
    await server.close();
  });

  it('another connection holds the write lock: generate still renders, quickly, and last_used is skipped', async () => {
    other.exec('BEGIN IMMEDIATE');
    other.prepare("UPDATE accounts SET name = name || '' WHERE id = ?").run(account.account.id);
    try {
      const started = Date.now();
      const answer = await generate(server, { key: account.key, body: { templateId: 'hello' } });
      expect(answer.status, String(answer.json.detail)).to.equal(200);
      // busy_timeout is 5 s: the best-effort write must not wait it out on the event loop
      expect(Date.now() - started).to.be.below(2_500);
      expect(server.store.apiKeys.get(account.keyId)!.lastUsedAt).to.equal(null);
      // a write through the store fails fast with SQLITE_BUSY once its own busy_timeout passes
      server.db.pragma('busy_timeout = 50');
      let code: unknown;
      try { server.store.apiKeys.create({ accountId: account.account.id, name: 'while locked' }); } catch (err) { code = (err as { code?: unknown }).code; }
      expect(code).to.match(/^SQLITE_BUSY/);
    } finally {
      other.exec('ROLLBACK');
      server.db.pragma('busy_timeout = 5000');
    }
    const after = await generate(server, { key: account.key, body: { templateId: 'hello' } });
    expect(after.status).to.equal(200);
    expect(server.store.apiKeys.get(account.keyId)!.lastUsedAt).to.be.a('string');
  });

  it('a full database (max_page_count reached): writes fail with SQLITE_FULL, rendering goes on, and the error maps to 503 storage_unavailable', async () => {
    const pages = server.db.pragma('page_count', { simple: true }) as number;
    server.db.pragma(`max_page_count = ${pages}`);
    let writeError: unknown;
    try {
      for (let i = 0; i < 200; i++) server.store.templates.save({ accountId: account.account.id, name: `filler ${i}`, html: 'x'.repeat(4_000) });
    } catch (err) { writeError = err; } finally {
      server.db.pragma('max_page_count = 1073741823');
    }
    expect((writeError as { code?: string }).code).to.equal('SQLITE_FULL');
    server.db.pragma(`max_page_count = ${server.db.pragma('page_count', { simple: true }) as number}`);
    try {
      const answer = await generate(server, { key: account.key, body: { templateId: 'hello' } });
      expect(answer.status, String(answer.json.detail)).to.equal(200);
    } finally {
      server.db.pragma('max_page_count = 1073741823');
    }
    // the HTTP mapping of such an error, through the real middleware on a real port
    const app = new Koa<AppState>();
    app.silent = true;
    const logLines: string[] = [];
    app.use(requestId(createLogger({ level: 'info', destination: new Writable({ write(c: Buffer, _e, cb) { logLines.push(c.toString()); cb(); } }) })));
    app.use(problemMapper());
    app.use(() => { throw writeError; });
    const http = app.listen(0, '127.0.0.1');
    await new Promise((r) => http.once('listening', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/`, { method: 'POST' });
      const body = await res.json() as Record<string, unknown>;
      expect(res.status).to.equal(503);
      expect(body.code).to.equal('storage_unavailable');
      expect(res.headers.get('retry-after')).to.match(/^\d+$/);
      expect(JSON.stringify(body)).not.to.match(/SQLITE|sql|\/tmp\//i);
      expect(logLines.join('')).to.include('storage_unavailable').and.to.include('SqliteError');
    } finally {
      await new Promise((r) => http.close(r));
    }
  });
});
