// Dashboard users, sessions and usage rows in the store: scrypt hashes, session expiry, and
// usage aggregation and pruning on a real SQLite file.
import { expect } from 'chai';
import { hashPassword, SESSION_TTL_MS, UserInputError, verifyPassword, type Db, type Store } from '../../src/store';
import { openTestStore, removeTestStore } from '../helpers/store';

describe('store: dashboard users, sessions and usage', function () {
  this.timeout(20_000);
  let dir: string;
  let db: Db;
  let store: Store;
  let accountId: string;

  beforeEach(() => {
    ({ dir, db, store } = openTestStore('platen-users-'));
    accountId = store.accounts.create({ name: 'A' }).id;
  });
  afterEach(() => removeTestStore({ dir, db }));

  it('stores an scrypt hash with its own salt, never the password', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).to.match(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).to.not.equal(b);
    expect(await verifyPassword('correct horse battery', a)).to.equal(true);
    expect(await verifyPassword('correct horse batterY', a)).to.equal(false);
    expect(await verifyPassword('x', 'not a hash')).to.equal(false);
    await store.users.create({ accountId, email: 'a@example.test', password: 'correct horse battery' });
    const row = db.prepare('SELECT password_hash FROM users').get() as { password_hash: string };
    expect(row.password_hash).to.not.contain('correct horse');
  });

  it('authenticates by email (any case) and password, and refuses bad input with a reason', async () => {
    const user = await store.users.create({ accountId, email: 'Ada@Example.test', password: 'long enough password' });
    expect((await store.users.authenticate('ada@example.test', 'long enough password'))?.id).to.equal(user.id);
    expect(await store.users.authenticate('ada@example.test', 'wrong password')).to.equal(undefined);
    expect(await store.users.authenticate('nobody@example.test', 'long enough password')).to.equal(undefined);
    await expectRefused(() => store.users.create({ accountId, email: 'ada@example.test', password: 'long enough password' }), /already exists/);
    await expectRefused(() => store.users.create({ accountId, email: 'not an email', password: 'long enough password' }), /not an email/);
    await expectRefused(() => store.users.create({ accountId, email: 'b@example.test', password: 'short' }), /at least 10/);
    await expectRefused(() => store.users.create({ accountId: 'acc_nope', email: 'c@example.test', password: 'long enough password' }), /no account/);
  });

  it('keeps sessions by the hash of their token, until they expire or end', async () => {
    const user = await store.users.create({ accountId, email: 's@example.test', password: 'long enough password' });
    const now = new Date('2026-01-01T00:00:00Z');
    const { token, csrfToken } = store.users.createSession(user.id, now);
    expect(JSON.stringify(db.prepare('SELECT * FROM sessions').all())).to.not.contain(token);
    expect(store.users.session(token, now)).to.deep.include({ csrfToken });
    expect(store.users.session(token, new Date(now.getTime() + SESSION_TTL_MS + 1))).to.equal(undefined);
    expect(store.users.session(`${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`, now)).to.equal(undefined);
    store.users.endSession(token);
    expect(store.users.session(token, now)).to.equal(undefined);
  });

  it('counts usage per day and template, gives p50 and p95, lists failures and prunes old rows', () => {
    const row = (at: string, templateId: string, status: number, durationMs: number) => store.usage.record({
      accountId, at: new Date(at), templateId, version: 1, status, code: status === 200 ? null : 'render_failed', durationMs, pages: 1, bytes: 100, requestId: `req-${at}-${durationMs}`,
    });
    for (let i = 1; i <= 20; i++) row('2026-03-02T10:00:00Z', 'a', 200, i);
    row('2026-03-02T11:00:00Z', 'b', 500, 99);
    row('2026-01-01T00:00:00Z', 'a', 200, 1000);
    const since = new Date('2026-02-01T00:00:00Z');
    expect(store.usage.perDay(accountId, since)).to.deep.equal([
      { day: '2026-03-02', templateId: 'a', renders: 20, failures: 0 },
      { day: '2026-03-02', templateId: 'b', renders: 1, failures: 1 },
    ]);
    expect(store.usage.durations(accountId, since)).to.deep.equal({ count: 20, p50: 10, p95: 19 });
    expect(store.usage.failures(accountId).map((f) => f.requestId)).to.deep.equal(['req-2026-03-02T11:00:00Z-99']);
    expect(store.usage.prune(since)).to.equal(1);
    expect(store.usage.durations(accountId, new Date(0)).count).to.equal(20);
  });
});

async function expectRefused(fn: () => Promise<unknown>, message: RegExp): Promise<void> {
  try {
    await fn();
  } catch (err) {
    expect(err).to.be.instanceOf(UserInputError);
    expect((err as Error).message).to.match(message);
    return;
  }
  expect.fail('not refused');
}
