// The templates API through the real app on a real port with a real SQLite file: versions,
// assets used in real PDFs (read back), limits, types, paths, 409/412, account isolation,
// byte-identical output per version, and the draft preview.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { repoRoot } from '../../src/paths';
import { gif, png, webpLossless } from '../engine/resources/images-data';
import { parsePdf } from '../helpers/pdf';
import { seedAccount, startTestServer, toAnswer, type Answer, type SeededAccount, type TestServer } from '../helpers/server';

const PACIFICO = readFileSync(join(repoRoot, 'test/pdf/fixtures/pacifico.ttf'));

interface Call {
  readonly key?: string;
  readonly json?: unknown;
  readonly raw?: Uint8Array | string;
  readonly headers?: Record<string, string>;
}

async function call(server: TestServer, method: string, path: string, c: Call = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.key !== undefined) headers.authorization = `Bearer ${c.key}`;
  let body: string | Uint8Array | undefined;
  if (c.json !== undefined) { headers['content-type'] ??= 'application/json'; body = JSON.stringify(c.json); }
  if (c.raw !== undefined) { headers['content-type'] ??= 'application/octet-stream'; body = c.raw; }
  return toAnswer(await fetch(`${server.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) }));
}

/** A PUT whose request target goes to the server exactly as written. */
function rawPut(server: TestServer, target: string, key: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, method: 'PUT', path: target, headers: { authorization: `Bearer ${key}`, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
        resolve({ status: res.statusCode!, headers, bytes, json: /json/.test(res.headers['content-type'] ?? '') ? JSON.parse(bytes.toString()) as Record<string, unknown> : {} });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

function expectProblem(a: Answer, status: number, code: string): void {
  expect(a.status, JSON.stringify(a.json)).to.equal(status);
  expect(a.headers.get('content-type')).to.match(/^application\/problem\+json/);
  expect(a.json).to.include({ status, code });
  expect(a.headers.get('x-request-id')).to.be.a('string').and.not.be.empty;
}

/** The decoded text of a PDF's streams and its plain objects, for checks on XObjects and fonts. */
function pdfObjects(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const parts = [text];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const end = text.indexOf('endstream', m.index);
    try { parts.push(inflateSync(pdf.subarray(m.index + m[0].length, end)).toString('latin1')); } catch { /* not deflated */ }
  }
  return parts.join('\n');
}

describe('http: templates API, versions and assets', function () {
  this.timeout(60_000);
  let server: TestServer;
  let acme: SeededAccount;
  let other: SeededAccount;

  before(async () => {
    server = await startTestServer({ config: { assetMaxBytes: 64 * 1024, templateAssetsMaxBytes: 200 * 1024 } });
    acme = seedAccount(server.store, { name: 'Acme', globals: { company: 'Acme Corp' } });
    other = seedAccount(server.store, { name: 'Other' });
  });
  after(async () => { await server.close(); });

  const gen = (body: Record<string, unknown>, key = acme.key) => call(server, 'POST', '/v1/pdf/generate', { key, json: body });

  it('create → render → update → render → list versions → render the old version', async () => {
    const created = await call(server, 'POST', '/v1/templates', { key: acme.key, json: { id: 'cycle', name: 'Cycle', html: '<h1>First {{ n }}</h1>', sampleParams: { n: 1 } } });
    expect(created.status, JSON.stringify(created.json)).to.equal(201);
    expect(created.headers.get('location')).to.equal('/v1/templates/cycle');
    expect(created.headers.get('etag')).to.equal('"v1"');
    expect(created.json).to.include({ id: 'cycle', version: 1, name: 'Cycle' });
    expect(created.json.warnings).to.deep.equal([]);

    const r1 = await gen({ templateId: 'cycle', params: { n: 7 } });
    expect(r1.status).to.equal(200);
    expect(r1.headers.get('x-template-version')).to.equal('1');
    expect((await parsePdf(r1.bytes)).text).to.contain('First 7');

    const updated = await call(server, 'PUT', '/v1/templates/cycle', { key: acme.key, json: { html: '<h1>Second {{ n }}</h1>' }, headers: { 'if-match': '"v1"' } });
    expect(updated.status, JSON.stringify(updated.json)).to.equal(200);
    expect(updated.json).to.include({ version: 2, name: 'Cycle' });
    expect(updated.headers.get('etag')).to.equal('"v2"');

    const r2 = await gen({ templateId: 'cycle', params: { n: 7 } });
    expect(r2.headers.get('x-template-version')).to.equal('2');
    expect((await parsePdf(r2.bytes)).text).to.contain('Second 7');

    const versions = await call(server, 'GET', '/v1/templates/cycle/versions', { key: acme.key });
    expect(versions.status).to.equal(200);
    expect((versions.json.versions as { version: number }[]).map((v) => v.version)).to.deep.equal([1, 2]);
    const v1 = await call(server, 'GET', '/v1/templates/cycle/versions/1', { key: acme.key });
    expect(v1.json).to.include({ version: 1, html: '<h1>First {{ n }}</h1>' });

    const old = await gen({ templateId: 'cycle', params: { n: 7 }, templateVersion: 1 });
    expect(old.status).to.equal(200);
    expect(old.headers.get('x-template-version')).to.equal('1');
    expect((await parsePdf(old.bytes)).text).to.contain('First 7');
    // the same version and inputs: the same bytes, the same ETag (a hash of the PDF)
    expect(old.bytes.equals(r1.bytes)).to.equal(true);
    expect(old.headers.get('etag')).to.equal(r1.headers.get('etag')).and.match(/^"[A-Za-z0-9_-]{43}"$/);
    expect(r2.headers.get('etag')).not.to.equal(r1.headers.get('etag'));

    expectProblem(await gen({ templateId: 'cycle', templateVersion: 3 }), 404, 'template_version_not_found');
    expectProblem(await gen({ templateId: 'cycle', templateVersion: 0 }), 400, 'invalid_template_version');
    expectProblem(await gen({ templateId: 'cycle', templateVersion: '1' }), 400, 'invalid_template_version');
    expectProblem(await call(server, 'GET', '/v1/templates/cycle/versions/9', { key: acme.key }), 404, 'template_version_not_found');
  });

  it('uses a stored image and a custom font in the PDF (image XObject and font name read back), shared across versions', async () => {
    const html = '<link rel="stylesheet" href="style.css"><p class="brand">Brand Words</p><img src="img/logo.png" style="width: 40px">';
    expect((await call(server, 'POST', '/v1/templates', { key: acme.key, json: { id: 'branded', name: 'Branded', html } })).status).to.equal(201);
    const logo = png(7, 5, [0, 128, 255]);
    const putLogo = await call(server, 'PUT', '/v1/templates/branded/assets/img/logo.png', { key: acme.key, raw: logo });
    expect(putLogo.status, JSON.stringify(putLogo.json)).to.equal(201);
    expect(putLogo.json).to.deep.include({ version: 2, changed: true });
    expect(putLogo.json.asset).to.include({ path: 'img/logo.png', contentType: 'image/png', size: logo.length });
    expect((await call(server, 'PUT', '/v1/templates/branded/assets/fonts/Brand.ttf', { key: acme.key, raw: PACIFICO })).json).to.include({ version: 3 });
    const css = '@font-face { font-family: Brand; src: url(fonts/Brand.ttf) } .brand { font-family: Brand }';
    const putCss = await call(server, 'PUT', '/v1/templates/branded/assets/style.css', { key: acme.key, raw: css, headers: { 'content-type': 'text/css' } });
    expect(putCss.json).to.include({ version: 4 });
    expect((putCss.json.asset as { contentType: string }).contentType).to.equal('text/css');

    const r = await gen({ templateId: 'branded' });
    expect(r.status, r.bytes.toString()).to.equal(200);
    const objects = pdfObjects(r.bytes);
    expect(objects).to.match(/\/Subtype\s*\/Image[\s\S]{0,200}?\/Width\s+7|\/Width\s+7[\s\S]{0,200}?\/Subtype\s*\/Image/);
    expect(objects).to.match(/\/BaseFont\s*\/[A-Z]{6}\+Pacifico/);
    expect((await parsePdf(r.bytes)).text).to.contain('Brand Words');

    // the same bytes again: nothing changes; the assets are listed and readable
    expect((await call(server, 'PUT', '/v1/templates/branded/assets/img/logo.png', { key: acme.key, raw: logo })).json).to.include({ version: 4, changed: false });
    const list = await call(server, 'GET', '/v1/templates/branded/assets', { key: acme.key });
    expect((list.json.assets as { path: string }[]).map((a) => a.path)).to.deep.equal(['fonts/Brand.ttf', 'img/logo.png', 'style.css']);
    const got = await call(server, 'GET', '/v1/templates/branded/assets/img/logo.png', { key: acme.key });
    expect(got.status).to.equal(200);
    expect(got.headers.get('content-type')).to.equal('image/png');
    expect(got.bytes.equals(Buffer.from(logo))).to.equal(true);

    // a new content version keeps the assets (no bytes copied: one blob per SHA-256)
    const v5 = await call(server, 'PUT', '/v1/templates/branded', { key: acme.key, json: { html: `${html}<p>v5</p>` } });
    expect(v5.json).to.include({ version: 5 });
    expect((v5.json.assets as unknown[]).length).to.equal(3);
    const blobs = (server.db.prepare('SELECT count(*) AS n FROM asset_blobs').get() as { n: number }).n;
    expect(blobs).to.equal(3);

    // removing the image: the latest version renders without it, version 4 still with it
    expect((await call(server, 'DELETE', '/v1/templates/branded/assets/img/logo.png', { key: acme.key })).json).to.include({ version: 6 });
    expect(pdfObjects((await gen({ templateId: 'branded' })).bytes)).not.to.match(/\/Subtype\s*\/Image/);
    expect(pdfObjects((await gen({ templateId: 'branded', templateVersion: 4 })).bytes)).to.match(/\/Subtype\s*\/Image/);
    expectProblem(await call(server, 'GET', '/v1/templates/branded/assets/img/logo.png', { key: acme.key }), 404, 'asset_not_found');
    expect((await call(server, 'GET', '/v1/templates/branded/assets/img/logo.png?version=4', { key: acme.key })).status).to.equal(200);
    expectProblem(await call(server, 'DELETE', '/v1/templates/branded/assets/img/logo.png', { key: acme.key }), 404, 'asset_not_found');
  });

  it('checks asset types by content, not by name or Content-Type', async () => {
    await call(server, 'POST', '/v1/templates', { key: acme.key, json: { id: 'types', name: 'Types', html: '<p>x</p>' } });
    const put = (path: string, raw: Uint8Array | string, headers?: Record<string, string>) => call(server, 'PUT', `/v1/templates/types/assets/${path}`, { key: acme.key, raw, ...(headers ? { headers } : {}) });
    const typeOf = async (path: string, raw: Uint8Array | string) => ((await put(path, raw)).json.asset as { contentType: string } | undefined)?.contentType;
    expect(await typeOf('a.svg', '<?xml version="1.0"?>\n<!-- logo --><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>')).to.equal('image/svg+xml');
    expect(await typeOf('a.gif', gif(2, 2))).to.equal('image/gif');
    expect(await typeOf('f.woff2', readFileSync(join(repoRoot, 'test/pdf/fixtures/fa-regular-400.woff2')))).to.equal('font/woff2');
    expect(await typeOf('f.otf', Buffer.from('OTTO0000'))).to.equal('font/otf');
    // a PNG under a .css name is a PNG
    expect(await typeOf('looks-like.css', png(1, 1))).to.equal('image/png');
    expectProblem(await put('fake.png', 'not an image at all <html>', { 'content-type': 'image/png' }), 415, 'unsupported_asset_type');
    expectProblem(await put('page.html', '<!doctype html><html></html>'), 415, 'unsupported_asset_type');
    expectProblem(await put('img.webp', webpLossless(2, 2)), 415, 'unsupported_asset_type');
    expectProblem(await put('bin.dat', Buffer.from([0, 1, 2, 0xff, 0xfe, 0])), 415, 'unsupported_asset_type');
    expectProblem(await put('empty.css', ''), 415, 'unsupported_asset_type');
  });

  it('refuses asset paths that could leave the template, and odd ones', async () => {
    await call(server, 'POST', '/v1/templates', { key: acme.key, json: { id: 'paths', name: 'Paths', html: '<p>x</p>' } });
    // sent as raw request targets: fetch would resolve dot segments before sending
    for (const path of ['..%2F..%2Fetc%2Fpasswd', '%2E%2E/x.css', '../x.css', 'a/../../b.css', './a.css', 'a/./b.css', 'a//b.css', '.hidden.css', 'a%5Cb.css', 'a%00.css', 'sp%20ace.css', 'c%3A.css', '%2Fabs.css', 'a%25.css', `${'d/'.repeat(10)}x.css`]) {
      const a = await rawPut(server, `/v1/templates/paths/assets/${path}`, acme.key, 'p{}');
      expectProblem(a, 400, 'invalid_asset_path');
    }
    expect((await call(server, 'GET', '/v1/templates/paths/assets', { key: acme.key })).json.assets).to.deep.equal([]);
    // a path with folders and the allowed punctuation is fine
    expect((await call(server, 'PUT', '/v1/templates/paths/assets/img/logo@2x_v-1.min.css', { key: acme.key, raw: 'p{}' })).status).to.equal(201);
  });

  it('answers 413 over the asset and per-template limits, storing nothing', async () => {
    await call(server, 'POST', '/v1/templates', { key: acme.key, json: { id: 'big', name: 'Big', html: '<p>x</p>' } });
    const tooBig = `/*${'x'.repeat(64 * 1024)}*/`;
    const a = await call(server, 'PUT', '/v1/templates/big/assets/big.css', { key: acme.key, raw: tooBig });
    expectProblem(a, 413, 'asset_too_large');
    expect(a.json).to.include({ limit: 'asset', maxBytes: 64 * 1024 });
    const chunk = `/*${'y'.repeat(60 * 1024)}*/`;
    for (const n of [1, 2, 3]) expect((await call(server, 'PUT', `/v1/templates/big/assets/${n}.css`, { key: acme.key, raw: chunk + n })).status).to.equal(201);
    const over = await call(server, 'PUT', '/v1/templates/big/assets/4.css', { key: acme.key, raw: `${chunk}4` });
    expectProblem(over, 413, 'asset_too_large');
    expect(over.json).to.include({ limit: 'template', maxBytes: 200 * 1024 });
    expect((await call(server, 'GET', '/v1/templates/big', { key: acme.key })).json).to.include({ version: 4 });
  });

  it('validates on save: syntax errors and blocked names are 400 template_invalid at their line; sample diagnostics are warnings', async () => {
    const bad = await call(server, 'POST', '/v1/templates', { key: acme.key, json: { name: 'Bad', html: '<p>ok</p>\n<p>{{ a b }}</p>' } });
    expectProblem(bad, 400, 'template_invalid');
    expect(bad.json.problems).to.deep.equal([{ code: 'template-syntax', message: 'expected variable end', line: 2, column: 9 }]);
    const blocked = await call(server, 'POST', '/v1/templates', { key: acme.key, json: { name: 'Blocked', html: '{{ x.constructor }}' } });
    expectProblem(blocked, 400, 'template_invalid');
    expect((blocked.json.problems as { code: string; line: number }[])[0]).to.include({ code: 'template-blocked-name', line: 1 });
    const filter = await call(server, 'POST', '/v1/templates', { key: acme.key, json: { name: 'Filter', html: '{{ x | nope }}' } });
    expect((filter.json.problems as { code: string }[])[0]!.code).to.equal('template-unknown-filter');

    const warned = await call(server, 'POST', '/v1/templates', { key: acme.key, json: { id: 'warned', name: 'Warned', html: '<p>{{ n }}</p>\n<img src="missing.png">', css: 'p { colour: red }' } });
    expect(warned.status).to.equal(201);
    const warnings = warned.json.warnings as { code: string; line: number; source: string }[];
    expect(warnings.map((w) => w.code)).to.include.members(['unknown-property', 'resource-missing']);
    expect(warnings.find((w) => w.code === 'unknown-property')).to.include({ line: 1, source: 'template CSS' });
    const fails = await call(server, 'PUT', '/v1/templates/warned', { key: acme.key, json: { html: '<p>\n{{ nope() }}</p>' } });
    expect(fails.status).to.equal(200);
    expect((fails.json.warnings as { code: string; line: number }[])[0]).to.include({ code: 'template-render-error', line: 2 });
    // a {# that no #} follows is text (a minified stylesheet's '}{#id'): saved, with the warning at its line
    const minified = await call(server, 'PUT', '/v1/templates/warned', { key: acme.key, json: { html: '<style>\n@media print{#x{color:red}}</style><p id="x">{{ n }}</p>' } });
    expect(minified.status).to.equal(200);
    expect((minified.json.warnings as { code: string }[])[0]).to.include({ code: 'template-comment-as-text', line: 2, column: 13, source: 'template' });
  });

  it('answers 409 for an existing ID, 412 for a stale If-Match, and keeps IDs URL-safe', async () => {
    await call(server, 'POST', '/v1/templates', { key: acme.key, json: { id: 'taken', name: 'Taken', html: 'a' } });
    expectProblem(await call(server, 'POST', '/v1/templates', { key: acme.key, json: { id: 'taken', name: 'Again', html: 'b' } }), 409, 'template_exists');
    expectProblem(await call(server, 'POST', '/v1/templates', { key: other.key, json: { id: 'taken', name: 'Theirs', html: 'b' } }), 409, 'template_exists');
    for (const id of ['a/b', 'x'.repeat(65), '-lead', 'sp ace', 'é']) {
      expectProblem(await call(server, 'POST', '/v1/templates', { key: acme.key, json: { id, name: 'N', html: 'b' } }), 400, 'invalid_template_id');
    }
    expect((await call(server, 'POST', '/v1/templates', { key: acme.key, json: { id: 'x'.repeat(64), name: 'Long', html: 'b' } })).status).to.equal(201);

    await call(server, 'PUT', '/v1/templates/taken', { key: acme.key, json: { html: 'v2' }, headers: { 'if-match': '"v1"' } });
    // a second deploy that read version 1 loses, and nothing is written
    const stale = await call(server, 'PUT', '/v1/templates/taken', { key: acme.key, json: { html: 'v3' }, headers: { 'if-match': '"v1"' } });
    expectProblem(stale, 412, 'precondition_failed');
    expect(stale.json).to.include({ currentVersion: 2, etag: '"v2"' });
    expectProblem(await call(server, 'PUT', '/v1/templates/taken/assets/a.css', { key: acme.key, raw: 'p{}', headers: { 'if-match': '"v1"' } }), 412, 'precondition_failed');
    expectProblem(await call(server, 'DELETE', '/v1/templates/taken', { key: acme.key, headers: { 'if-match': 'W/"v2"' } }), 412, 'precondition_failed');
    expect((await call(server, 'GET', '/v1/templates/taken', { key: acme.key })).json).to.include({ version: 2, html: 'v2' });
    expect((await call(server, 'PUT', '/v1/templates/taken', { key: acme.key, json: { html: 'v3' }, headers: { 'if-match': '"v9", "v2"' } })).status).to.equal(200);
    expect((await call(server, 'DELETE', '/v1/templates/taken', { key: acme.key, headers: { 'if-match': '"v3"' } })).status).to.equal(204);
    expectProblem(await call(server, 'GET', '/v1/templates/taken', { key: acme.key }), 404, 'template_not_found');
  });

  it("scopes every route to the key's account: another account's template is 404", async () => {
    await call(server, 'POST', '/v1/templates', { key: acme.key, json: { id: 'mine', name: 'Mine', html: '<p>secret</p>' } });
    await call(server, 'PUT', '/v1/templates/mine/assets/s.css', { key: acme.key, raw: 'p{}' });
    const k = other.key;
    for (const [method, path, c] of [
      ['GET', '/v1/templates/mine', {}], ['PUT', '/v1/templates/mine', { json: { html: 'evil' } }], ['DELETE', '/v1/templates/mine', {}],
      ['GET', '/v1/templates/mine/versions', {}], ['GET', '/v1/templates/mine/versions/1', {}], ['GET', '/v1/templates/mine/assets', {}],
      ['GET', '/v1/templates/mine/assets/s.css', {}], ['PUT', '/v1/templates/mine/assets/s.css', { raw: 'p{color:red}' }], ['DELETE', '/v1/templates/mine/assets/s.css', {}],
    ] as [string, string, Call][]) {
      expectProblem(await call(server, method, path, { key: k, ...c }), 404, 'template_not_found');
    }
    expectProblem(await gen({ templateId: 'mine' }, k), 404, 'template_not_found');
    expectProblem(await call(server, 'POST', '/v1/pdf/preview', { key: k, json: { html: '<p>x</p>', assetsFrom: 'mine' } }), 404, 'template_not_found');
    const theirList = await call(server, 'GET', '/v1/templates', { key: k });
    expect((theirList.json.templates as { id: string }[]).map((t) => t.id)).not.to.include('mine');
    expect((await call(server, 'GET', '/v1/templates/mine', { key: acme.key })).json).to.include({ version: 2 });
    // and no key at all is 401 before anything is read
    expectProblem(await call(server, 'GET', '/v1/templates'), 401, 'unauthorized');
  });

  it('lists templates in pages with a cursor and filters by name', async () => {
    const key = seedAccount(server.store, { name: 'Lister' }).key;
    for (const id of ['t-e', 't-a', 't-d', 't-b', 't-c']) await call(server, 'POST', '/v1/templates', { key, json: { id, name: id === 't-c' ? 'Quarterly REPORT' : `Invoice ${id}`, html: 'x' } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Answer = await call(server, 'GET', `/v1/templates?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { key });
      expect(page.status).to.equal(200);
      seen.push(...(page.json.templates as { id: string }[]).map((t) => t.id));
      cursor = page.json.nextCursor as string | null;
    } while (cursor);
    expect(seen).to.deep.equal(['t-a', 't-b', 't-c', 't-d', 't-e']);
    expect(((await call(server, 'GET', '/v1/templates?name=report', { key })).json.templates as { id: string }[]).map((t) => t.id)).to.deep.equal(['t-c']);
    expectProblem(await call(server, 'GET', '/v1/templates?limit=0', { key }), 400, 'invalid_query');
    expectProblem(await call(server, 'GET', '/v1/templates?limit=201', { key }), 400, 'invalid_query');
    expectProblem(await call(server, 'GET', '/v1/templates?cursor=%%%', { key }), 400, 'invalid_query');
  });

  it('checks JSON bodies: 415, unknown fields, missing html or name', async () => {
    expectProblem(await call(server, 'POST', '/v1/templates', { key: acme.key, raw: '{"name":"a","html":"b"}', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
    const unknown = await call(server, 'POST', '/v1/templates', { key: acme.key, json: { name: 'a', html: 'b', sample: {} } });
    expectProblem(unknown, 400, 'unknown_field');
    expect(unknown.json.field).to.equal('sample');
    expectProblem(await call(server, 'POST', '/v1/templates', { key: acme.key, json: { name: 'a' } }), 400, 'invalid_field');
    expectProblem(await call(server, 'POST', '/v1/templates', { key: acme.key, json: { html: 'a' } }), 400, 'invalid_field');
    expectProblem(await call(server, 'POST', '/v1/templates', { key: acme.key, json: { name: 'a', html: 'b', sampleParams: { global: 1 } } }), 400, 'params_reserved_key');
    expectProblem(await call(server, 'POST', '/v1/templates', { key: acme.key, raw: '{"name":', headers: { 'content-type': 'application/json' } }), 400, 'invalid_json');
  });

  it('previews a draft: the PDF with diagnostics in a header, or JSON with Accept: application/json', async () => {
    await call(server, 'POST', '/v1/templates', { key: acme.key, json: { id: 'withlogo', name: 'With logo', html: 'x' } });
    await call(server, 'PUT', '/v1/templates/withlogo/assets/logo.png', { key: acme.key, raw: png(3, 3) });
    const body = { html: '<h2>Draft {{ who }} for {{ global.company }}</h2><img src="logo.png"><p style="colr: red">x</p>', params: { who: 'Ann' }, format: 'a5', assetsFrom: 'withlogo' };
    const pdf = await call(server, 'POST', '/v1/pdf/preview', { key: acme.key, json: body });
    expect(pdf.status, pdf.bytes.toString()).to.equal(200);
    expect(pdf.headers.get('content-type')).to.equal('application/pdf');
    const parsed = await parsePdf(pdf.bytes);
    expect(parsed.text).to.contain('Draft Ann for Acme Corp');
    expect(parsed.pages[0]).to.include({ width: 419.53 });
    expect(pdfObjects(pdf.bytes)).to.match(/\/Subtype\s*\/Image/);
    expect(pdf.headers.get('x-diagnostics-count')).to.equal('1');
    const header = JSON.parse(pdf.headers.get('x-diagnostics')!) as { code: string; line: number; message: string }[];
    expect(header.map((d) => d.code)).to.deep.equal(['unknown-property']);
    expect(header[0]!.message).to.contain('colr');

    const asJson = await call(server, 'POST', '/v1/pdf/preview', { key: acme.key, json: body, headers: { accept: 'application/json' } });
    expect(asJson.status).to.equal(200);
    const pdfBytes = Buffer.from(asJson.json.pdf as string, 'base64');
    expect(pdfBytes.subarray(0, 5).toString()).to.equal('%PDF-');
    expect((asJson.json.diagnostics as { code: string }[]).map((d) => d.code)).to.deep.equal(['unknown-property']);
    // nothing was saved
    expect(((await call(server, 'GET', '/v1/templates?limit=200', { key: acme.key })).json.templates as unknown[]).length).to.equal(server.store.templates.list(acme.account.id).length);

    // the same limits and closed world as generate
    expectProblem(await call(server, 'POST', '/v1/pdf/preview', { key: acme.key, json: { html: 'x', params: { global: {} } } }), 400, 'params_reserved_key');
    expectProblem(await call(server, 'POST', '/v1/pdf/preview', { key: acme.key, json: { html: 'x', params: { s: 'x'.repeat(10_001) } } }), 400, 'params_limit_exceeded');
    expectProblem(await call(server, 'POST', '/v1/pdf/preview', { key: acme.key, json: { html: 'x', format: 'B5' } }), 400, 'unsupported_format');
    expectProblem(await call(server, 'POST', '/v1/pdf/preview', { key: acme.key, json: { html: '{% include "x" %}' } }), 400, 'template_invalid');
    const closed = await call(server, 'POST', '/v1/pdf/preview', { key: acme.key, json: { html: '<img src="file:///etc/passwd"><img src="../withlogo/logo.png">' }, headers: { accept: 'application/json' } });
    expect((closed.json.diagnostics as { code: string }[]).map((d) => d.code)).to.deep.equal(['resource-refused', 'resource-refused']);
    const failing = await call(server, 'POST', '/v1/pdf/preview', { key: acme.key, json: { html: '<p>\n\n{{ nope() }}</p>' } });
    expectProblem(failing, 500, 'render_failed');
    expect((failing.json.problems as { line: number }[])[0]).to.include({ line: 3 });
  });
});
