// Template versions and content-addressed asset blobs in the store (migration 2).
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  createStore, MIGRATIONS, openDatabase, schemaVersion, sha256Hex, TemplateAssetsTooLargeError, TemplateIdTakenError, TemplateVersionMismatchError,
  type Db, type Store,
} from '../../src/store';
import { openTestStore, removeTestStore } from '../helpers/store';

const blobCount = (db: Db) => (db.prepare('SELECT count(*) AS n FROM asset_blobs').get() as { n: number }).n;

describe('store: template versions and assets', () => {
  let dir: string;
  let db: Db;
  let store: Store;
  let accountId: string;

  beforeEach(() => {
    ({ dir, db, store } = openTestStore('platen-versions-'));
    accountId = store.accounts.create({ name: 'Acme' }).id;
  });
  afterEach(() => removeTestStore({ dir, db }));

  it('migrates a schema-1 database: each template becomes its own version row', () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(join(tmpdir(), 'platen-versions-'));
    const old = new Database(join(dir, 'platen.db'));
    old.exec(MIGRATIONS[0]!);
    old.pragma('user_version = 1');
    old.prepare("INSERT INTO accounts (id, name, created_at) VALUES ('acc_1', 'Old', '2026-01-01T00:00:00.000Z')").run();
    old.prepare("INSERT INTO templates (id, account_id, name, html, css, sample_params, version, created_at, updated_at) VALUES ('inv', 'acc_1', 'Invoice', '<p>{{ n }}</p>', 'p{}', '{\"n\":1}', 3, '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z')").run();
    old.close();
    db = openDatabase({ dataDir: dir });
    store = createStore(db);
    expect(schemaVersion(db)).to.equal(MIGRATIONS.length);
    const v = store.templates.getVersion('acc_1', 'inv', 3);
    expect(v).to.include({ version: 3, html: '<p>{{ n }}</p>', css: 'p{}', name: 'Invoice' });
    expect(v!.sampleParams).to.deep.equal({ n: 1 });
    expect(store.templates.update('acc_1', 'inv', { html: '<p>new</p>' })!.version).to.equal(4);
  });

  it('keeps every version immutable and readable; the latest is what get() returns', () => {
    const t1 = store.templates.create({ accountId, id: 'inv', name: 'Invoice', html: '<p>one</p>', css: 'p{color:red}', sampleParams: { a: 1 } });
    expect(t1.version).to.equal(1);
    const t2 = store.templates.update(accountId, 'inv', { html: '<p>two</p>' })!;
    expect(t2).to.include({ version: 2, html: '<p>two</p>', css: 'p{color:red}', name: 'Invoice' });
    expect(store.templates.get(accountId, 'inv')!.html).to.equal('<p>two</p>');
    expect(store.templates.getVersion(accountId, 'inv', 1)!.html).to.equal('<p>one</p>');
    expect(store.templates.versions(accountId, 'inv')!.map((v) => v.version)).to.deep.equal([1, 2]);
    expect(store.templates.getVersion(accountId, 'inv', 3)).to.equal(undefined);
  });

  it('refuses an existing ID on create, and a stale version on update', () => {
    store.templates.create({ accountId, id: 'inv', name: 'Invoice', html: 'x' });
    const other = store.accounts.create({ name: 'Other' }).id;
    expect(() => store.templates.create({ accountId: other, id: 'inv', name: 'Mine', html: 'y' })).to.throw(TemplateIdTakenError);
    expect(() => store.templates.create({ accountId, id: 'inv', name: 'Again', html: 'y' })).to.throw(TemplateIdTakenError);
    store.templates.update(accountId, 'inv', { html: 'v2' }, { ifVersion: 1 });
    expect(() => store.templates.update(accountId, 'inv', { html: 'v3' }, { ifVersion: 1 })).to.throw(TemplateVersionMismatchError);
    expect(store.templates.get(accountId, 'inv')!.version).to.equal(2);
  });

  it("scopes every read and write to the account: another account's template is not there", () => {
    store.templates.create({ accountId, id: 'inv', name: 'Invoice', html: 'x' });
    const other = store.accounts.create({ name: 'Other' }).id;
    expect(store.templates.get(other, 'inv')).to.equal(undefined);
    expect(store.templates.versions(other, 'inv')).to.equal(undefined);
    expect(store.templates.getVersion(other, 'inv', 1)).to.equal(undefined);
    expect(store.templates.update(other, 'inv', { html: 'evil' })).to.equal(undefined);
    expect(store.templates.putAsset(other, 'inv', { path: 'a.css', bytes: Buffer.from('p{}'), contentType: 'text/css' })).to.equal(undefined);
    expect(store.templates.removeOwned(other, 'inv')).to.equal(false);
    expect(store.templates.get(accountId, 'inv')!.html).to.equal('x');
  });

  it('shares unchanged asset bytes between versions, one blob per SHA-256, and drops blobs no version uses', () => {
    store.templates.create({ accountId, id: 'inv', name: 'Invoice', html: 'x' });
    const logo = Buffer.from('logo bytes');
    const css = Buffer.from('p { color: red }');
    const a = store.templates.putAsset(accountId, 'inv', { path: 'img/logo.png', bytes: logo, contentType: 'image/png' })!;
    expect(a).to.include({ changed: true });
    expect(a.template.version).to.equal(2);
    const b = store.templates.putAsset(accountId, 'inv', { path: 'style.css', bytes: css, contentType: 'text/css' })!;
    expect(b.template.version).to.equal(3);
    // the same bytes again: no new version
    expect(store.templates.putAsset(accountId, 'inv', { path: 'img/logo.png', bytes: logo, contentType: 'image/png' })).to.include({ changed: false });
    // the same bytes under a second path: still one blob
    store.templates.putAsset(accountId, 'inv', { path: 'img/copy.png', bytes: logo, contentType: 'image/png' });
    expect(blobCount(db)).to.equal(2);
    store.templates.update(accountId, 'inv', { html: 'y' });
    const latest = store.templates.get(accountId, 'inv')!;
    expect(store.templates.assetsOf('inv', latest.version).map((x) => x.path)).to.deep.equal(['img/copy.png', 'img/logo.png', 'style.css']);
    expect(store.templates.assetsOf('inv', 2).map((x) => x.path)).to.deep.equal(['img/logo.png']);
    expect(store.templates.blob(sha256Hex(logo))!.equals(logo)).to.equal(true);
    // deleting from the latest version keeps the blob: old versions still use it
    store.templates.deleteAsset(accountId, 'inv', 'img/logo.png');
    store.templates.deleteAsset(accountId, 'inv', 'img/copy.png');
    expect(blobCount(db)).to.equal(2);
    expect(store.templates.removeOwned(accountId, 'inv')).to.equal(true);
    expect(blobCount(db)).to.equal(0);
    expect((db.prepare('SELECT count(*) AS n FROM template_versions').get() as { n: number }).n).to.equal(0);
  });

  it('refuses assets over the per-template total, writing nothing', () => {
    store.templates.create({ accountId, id: 'inv', name: 'Invoice', html: 'x' });
    store.templates.putAsset(accountId, 'inv', { path: 'a.bin', bytes: Buffer.alloc(600), contentType: 'font/ttf', maxTemplateBytes: 1000 });
    expect(() => store.templates.putAsset(accountId, 'inv', { path: 'b.bin', bytes: Buffer.alloc(500, 1), contentType: 'font/ttf', maxTemplateBytes: 1000 }))
      .to.throw(TemplateAssetsTooLargeError);
    // replacing the same path counts the new size only
    expect(store.templates.putAsset(accountId, 'inv', { path: 'a.bin', bytes: Buffer.alloc(900, 2), contentType: 'font/ttf', maxTemplateBytes: 1000 })!.changed).to.equal(true);
    // the refused 500 bytes were never stored; version 2 still holds the first 600
    expect(blobCount(db)).to.equal(2);
    expect(store.templates.get(accountId, 'inv')!.version).to.equal(3);
  });

  it('restores an older version as a new one with that version\'s content and assets', () => {
    const png = (n: number) => Buffer.from([0x89, 0x50, 0x4e, 0x47, n]);
    store.templates.create({ accountId, id: 'inv', name: 'Invoice', html: '<img src="logo.png">', css: 'p{}', sampleParams: { a: 1 } });
    store.templates.putAsset(accountId, 'inv', { path: 'logo.png', bytes: png(1), contentType: 'image/png' }); // v2
    store.templates.update(accountId, 'inv', { name: 'Invoice B', html: '<p>b</p>', sampleParams: { b: 2 } }); // v3
    store.templates.putAsset(accountId, 'inv', { path: 'logo.png', bytes: png(2), contentType: 'image/png' }); // v4
    store.templates.putAsset(accountId, 'inv', { path: 'extra.png', bytes: png(3), contentType: 'image/png' }); // v5
    expect(() => store.templates.restore(accountId, 'inv', 2, { ifVersion: 4 })).to.throw(TemplateVersionMismatchError);
    const t = store.templates.restore(accountId, 'inv', 2, { ifVersion: 5 })!;
    expect(t).to.include({ version: 6, name: 'Invoice', html: '<img src="logo.png">', css: 'p{}' });
    expect(t.sampleParams).to.deep.equal({ a: 1 });
    const assets = store.templates.assetsOf('inv', 6);
    expect(assets.map((a) => [a.path, a.sha256])).to.deep.equal([['logo.png', sha256Hex(png(1))]]);
    expect(store.templates.blob(assets[0]!.sha256)).to.deep.equal(png(1));
    // the versions in between are untouched; a missing version or another account restores nothing
    expect(store.templates.assetsOf('inv', 5).map((a) => a.path)).to.deep.equal(['extra.png', 'logo.png']);
    expect(store.templates.restore(accountId, 'inv', 9)).to.equal(undefined);
    const other = store.accounts.create({ name: 'Other' }).id;
    expect(store.templates.restore(other, 'inv', 1)).to.equal(undefined);
    expect(store.templates.get(accountId, 'inv')!.version).to.equal(6);
  });

  it('pages in ID order with a cursor and filters by name', () => {
    for (const [id, name] of [['c', 'Invoice C'], ['a', 'Invoice A'], ['b', 'Report'], ['d', '50%_off']]) store.templates.create({ accountId, id: id!, name: name!, html: 'x' });
    const first = store.templates.page(accountId, { limit: 2 });
    expect(first.map((t) => t.id)).to.deep.equal(['a', 'b']);
    expect(store.templates.page(accountId, { limit: 2, after: 'b' }).map((t) => t.id)).to.deep.equal(['c', 'd']);
    expect(store.templates.page(accountId, { nameContains: 'invoice' }).map((t) => t.id)).to.deep.equal(['a', 'c']);
    expect(store.templates.page(accountId, { nameContains: '%_' }).map((t) => t.id)).to.deep.equal(['d']);
  });
});
