import { expect } from 'chai';
import { createStore, hasActiveSubscription, hashKey, MIGRATIONS, openDatabase, schemaVersion, TemplateIdTakenError, type Db, type Store } from '../../src/store';
import { openTestStore, removeTestStore } from '../helpers/store';

describe('store: SQLite file, migrations, accounts, keys, templates', () => {
  let dir: string;
  let db: Db;
  let store: Store;

  beforeEach(() => {
    ({ dir, db, store } = openTestStore('platen-store-'));
  });
  afterEach(() => removeTestStore({ dir, db }));

  it('applies every migration, in WAL mode with synchronous=FULL and a busy timeout', () => {
    expect(schemaVersion(db)).to.equal(MIGRATIONS.length);
    expect(db.pragma('journal_mode', { simple: true })).to.equal('wal');
    expect(db.pragma('synchronous', { simple: true })).to.equal(2); // FULL
    expect(db.pragma('busy_timeout', { simple: true })).to.be.greaterThan(0);
  });

  it('reopens an existing file without re-running migrations, keeping the data', () => {
    const acc = store.accounts.create({ name: 'Acme' });
    db.close();
    db = openDatabase({ dataDir: dir });
    store = createStore(db);
    expect(store.accounts.get(acc.id)?.name).to.equal('Acme');
    expect(schemaVersion(db)).to.equal(MIGRATIONS.length);
  });

  it('creates keys as plt_ + 40 base62, stores only the SHA-256, authenticates and revokes', () => {
    const acc = store.accounts.create({ name: 'Acme' });
    const { apiKey, key } = store.apiKeys.create({ accountId: acc.id, name: 'ci' });
    expect(key).to.match(/^plt_[0-9A-Za-z]{40}$/);
    expect(key.startsWith(apiKey.prefix)).to.equal(true);
    const rows = db.prepare('SELECT * FROM api_keys').all() as Record<string, unknown>[];
    expect(JSON.stringify(rows)).not.to.contain(key.slice(4));
    expect((rows[0]!.hash as Buffer).equals(hashKey(key))).to.equal(true);
    expect(store.apiKeys.authenticate(key)?.id).to.equal(apiKey.id);
    expect(store.apiKeys.get(apiKey.id)?.lastUsedAt).to.be.a('string');
    expect(store.apiKeys.authenticate(key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a'))).to.equal(undefined);
    expect(store.apiKeys.revoke(apiKey.id)).to.equal(true);
    expect(store.apiKeys.authenticate(key)).to.equal(undefined);
    expect(store.apiKeys.revoke(apiKey.id)).to.equal(false);
  });

  it('judges subscriptions: only active and before the end date pass', () => {
    const acc = store.accounts.create({ name: 'Acme' });
    const now = new Date('2030-01-01T00:00:00Z');
    expect(hasActiveSubscription(store.accounts.get(acc.id)!, now)).to.equal(true);
    store.accounts.setSubscription(acc.id, 'active', '2030-01-01T00:00:01Z');
    expect(hasActiveSubscription(store.accounts.get(acc.id)!, now)).to.equal(true);
    store.accounts.setSubscription(acc.id, 'active', '2030-01-01T00:00:00Z');
    expect(hasActiveSubscription(store.accounts.get(acc.id)!, now)).to.equal(false);
    store.accounts.setSubscription(acc.id, 'past_due', null);
    expect(hasActiveSubscription(store.accounts.get(acc.id)!, now)).to.equal(false);
    store.accounts.setSubscription(acc.id, 'canceled', null);
    expect(hasActiveSubscription(store.accounts.get(acc.id)!, now)).to.equal(false);
  });

  it('keeps templates per account, bumps the version on save, refuses another account\'s ID', () => {
    const a = store.accounts.create({ name: 'A' });
    const b = store.accounts.create({ name: 'B' });
    const t1 = store.templates.save({ accountId: a.id, id: 'invoice', name: 'Invoice', html: '<p>1</p>' });
    expect(t1.version).to.equal(1);
    const t2 = store.templates.save({ accountId: a.id, id: 'invoice', name: 'Invoice', html: '<p>2</p>', css: 'p{}' });
    expect(t2.version).to.equal(2);
    expect(t2.css).to.equal('p{}');
    expect(store.templates.get(b.id, 'invoice')).to.equal(undefined);
    expect(() => store.templates.save({ accountId: b.id, id: 'invoice', name: 'X', html: '' })).to.throw(TemplateIdTakenError);
    expect(store.templates.list(a.id).map((t) => t.id)).to.deep.equal(['invoice']);
    expect(store.templates.remove('invoice')).to.equal(true);
    expect(store.templates.get(a.id, 'invoice')).to.equal(undefined);
  });

  it('stores globals as a JSON object', () => {
    const a = store.accounts.create({ name: 'A' });
    store.accounts.setGlobals(a.id, { company: 'Acme GmbH', vat: 0.19 });
    expect(store.accounts.get(a.id)!.globals).to.deep.equal({ company: 'Acme GmbH', vat: 0.19 });
  });
});
