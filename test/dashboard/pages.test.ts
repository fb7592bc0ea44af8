// The dashboard's pages over plain HTTP against the real app: what each page shows and what
// each form does (the templates list's columns, search and sort; delete's confirmation; the
// history, an older version and restoring it; keys; global variables; account; usage).
import { expect } from 'chai';
import { seedUser, type SeededUser } from '../helpers/browser';
import { DashboardClient } from '../helpers/dashboard';
import { parsePdf } from '../helpers/pdf';
import { generate, startTestServer, type TestServer } from '../helpers/server';

/** The template IDs of the list's rows, in order. */
const rowIds = (html: string) => [...html.slice(html.indexOf('<tbody')).matchAll(/data-copy="([^"]+)"/g)].map((m) => m[1]);

describe('dashboard: pages', function () {
  this.timeout(30_000);
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  /** A new account with a user, signed in. */
  const signedIn = async (globals: Record<string, unknown> = {}): Promise<{ user: SeededUser; c: DashboardClient }> => {
    const user = await seedUser(server.store, { globals });
    const c = new DashboardClient(server);
    expect(await c.signIn(user)).to.equal(303);
    return { user, c };
  };

  it('lists templates with Name, template ID (a copy button each), Version and Updated; searches and sorts', async () => {
    const { user, c } = await signedIn();
    const accountId = user.account.id;
    server.store.templates.create({ accountId, id: 'z-1', name: 'Zeta report', html: '<p>z</p>' });
    server.store.templates.create({ accountId, id: 'a-2', name: 'alpha invoice', html: '<p>a</p>' });
    server.store.templates.update(accountId, 'a-2', { html: '<p>a2</p>' });
    server.store.templates.update(accountId, 'a-2', { html: '<p>a3</p>' });
    server.store.templates.create({ accountId, id: 'm-3', name: 'Mid letter', html: '<p>m</p>' });

    const list = (await c.request('/dashboard/templates')).text;
    const headers = [...list.matchAll(/<th scope="col"[^>]*><a [^>]*>([^<]+)/g)].map((m) => m[1]!.trim());
    expect(headers).to.deep.equal(['Name', 'template ID', 'Version', 'Updated']);
    expect(rowIds(list)).to.deep.equal(['a-2', 'm-3', 'z-1']);
    expect(list).to.contain('aria-label="Copy template ID a-2"');
    expect(list).to.match(/<td class="num">3<\/td>/);
    expect(list).to.contain('3 of 3 templates');

    expect(rowIds((await c.request('/dashboard/templates?q=INVOICE')).text)).to.deep.equal(['a-2']);
    expect(rowIds((await c.request('/dashboard/templates?q=m-3')).text)).to.deep.equal(['m-3']);
    const none = (await c.request('/dashboard/templates?q=%3Cb%3Enothing')).text;
    expect(rowIds(none)).to.deep.equal([]);
    expect(none).to.contain('No template matches “&lt;b&gt;nothing”');
    expect(rowIds((await c.request('/dashboard/templates?sort=version&dir=desc')).text)[0]).to.equal('a-2');
    expect(rowIds((await c.request('/dashboard/templates?sort=id&dir=desc')).text)).to.deep.equal(['z-1', 'm-3', 'a-2']);
    expect(rowIds((await c.request('/dashboard/templates?sort=updated')).text)).to.deep.equal(['z-1', 'a-2', 'm-3']);
    // an unknown sort falls back to the name
    expect(rowIds((await c.request('/dashboard/templates?sort=nope')).text)).to.deep.equal(['a-2', 'm-3', 'z-1']);
  });

  it('deletes a template only after a confirmation page', async () => {
    const { user, c } = await signedIn();
    server.store.templates.create({ accountId: user.account.id, id: `del-${user.account.id.slice(4, 12).toLowerCase()}`, name: 'Doomed', html: '<p>x</p>' });
    const id = server.store.templates.list(user.account.id)[0]!.id;
    const confirm = await c.request(`/dashboard/templates/${id}/delete`);
    expect(confirm.status).to.equal(200);
    expect(confirm.text).to.contain(`Delete the template “Doomed” (${id}) and its only version?`);
    expect(confirm.text).to.contain('template_not_found');
    expect(server.store.templates.get(user.account.id, id), 'asking deletes nothing').to.not.equal(undefined);
    const token = /name="_csrf" value="([^"]+)"/.exec(confirm.text)![1]!;
    const done = await c.request(`/dashboard/templates/${id}/delete`, { form: { _csrf: token } });
    expect(done.status).to.equal(303);
    expect(done.headers.get('location')).to.equal(`/dashboard/templates?deleted=${id}`);
    expect(server.store.templates.get(user.account.id, id)).to.equal(undefined);
    expect((await generate(server, { key: user.key, body: { templateId: id } })).status).to.equal(404);
  });

  it('shows an older version read-only with its assets, restores it with them, and refuses a stale restore', async () => {
    const { user, c } = await signedIn();
    const accountId = user.account.id;
    const id = `hist-${accountId.slice(4, 12).toLowerCase()}`;
    const svg = (fill: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="${fill}"/></svg>`);
    server.store.templates.create({ accountId, id, name: 'First name', html: '<h1>First <b>{{ who }}</b></h1><img src="logo.svg" width="20" height="20">', sampleParams: { who: 'Ada' } });
    server.store.templates.putAsset(accountId, id, { path: 'logo.svg', bytes: svg('red'), contentType: 'image/svg+xml' }); // v2
    server.store.templates.update(accountId, id, { name: 'Second name', html: '<h1>Second</h1>', css: 'h1 { color: blue }' }); // v3
    server.store.templates.putAsset(accountId, id, { path: 'logo.svg', bytes: svg('blue'), contentType: 'image/svg+xml' }); // v4
    server.store.templates.putAsset(accountId, id, { path: 'extra.svg', bytes: svg('green'), contentType: 'image/svg+xml' }); // v5

    const editor = (await c.request(`/dashboard/templates/${id}`)).text;
    for (const v of [1, 2, 3, 4]) expect(editor).to.contain(`href="/dashboard/templates/${id}/versions/${v}" aria-label="View version ${v}"`);
    expect(editor).to.not.contain(`/versions/5"`);

    const page = await c.request(`/dashboard/templates/${id}/versions/2`);
    expect(page.status).to.equal(200);
    expect(page.text).to.contain('First name <span class="muted">· version 2</span>');
    expect(page.text).to.contain('&lt;h1&gt;First &lt;b&gt;{{ who }}&lt;/b&gt;&lt;/h1&gt;');
    expect(page.text).to.match(/<textarea id="html" name="html"[^>]* readonly>/);
    expect(page.text).to.contain('&quot;who&quot;: &quot;Ada&quot;');
    expect(page.text).to.contain('data-version="2"');
    expect(page.text).to.match(/<code>logo.svg<\/code><\/td><td>image\/svg\+xml<\/td><td class="num">[^<]+<\/td><td>differs from the current version/);
    expect(page.text).to.match(/<code>extra.svg<\/code><\/td><td colspan="2">not in this version<\/td><td>restoring removes it/);
    expect(page.text).to.contain('<input type="hidden" name="version" value="2"><input type="hidden" name="base" value="5">');
    for (const bad of ['9', '0', 'abc', '1.5']) expect((await c.request(`/dashboard/templates/${id}/versions/${bad}`)).status, bad).to.equal(404);

    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const stale = await c.request(`/dashboard/templates/${id}/restore`, { form: { _csrf: token, version: '2', base: '4' } });
    expect(stale.status).to.equal(409);
    expect(stale.text).to.contain('now at version 5');
    expect(server.store.templates.get(accountId, id)!.version).to.equal(5);

    const restored = await c.request(`/dashboard/templates/${id}/restore`, { form: { _csrf: token, version: '2', base: '5' } });
    expect(restored.status).to.equal(303);
    expect(restored.headers.get('location')).to.equal(`/dashboard/templates/${id}?saved=6&restored=2`);
    expect(server.store.templates.get(accountId, id)).to.include({ version: 6, name: 'First name', css: '' });
    expect(server.store.templates.assetsOf(id, 6).map((a) => a.path)).to.deep.equal(['logo.svg']);
    expect(server.store.templates.blob(server.store.templates.assetsOf(id, 6)[0]!.sha256)).to.deep.equal(svg('red'));
    expect((await c.request(restored.headers.get('location')!)).text).to.contain('Restored version 2 (its HTML, CSS, sample params and assets) as version 6.');
    // the API renders the restored version
    const pdf = await generate(server, { key: user.key, body: { templateId: id, params: { who: 'Bob' } } });
    expect(pdf.status).to.equal(200);
    expect(pdf.headers.get('x-template-version')).to.equal('6');
    expect((await parsePdf(pdf.bytes)).text).to.contain('First Bob');
  });

  it('shows the key list (name, prefix, created, last used) and the new key once, with a copy button and a warning', async () => {
    const { c, user } = await signedIn();
    const token = await c.csrf('/dashboard/keys');
    const created = await c.request('/dashboard/keys', { form: { _csrf: token, name: 'billing <svc>' } });
    expect(created.status).to.equal(200);
    const key = /id="new-key"[^>]* value="(plt_[^"]+)"/.exec(created.text)?.[1];
    expect(key, created.text).to.be.a('string');
    expect(created.text).to.contain(`data-copy="${key!}"`);
    expect(created.text).to.contain('shown this once');
    expect(created.text).to.contain('billing &lt;svc&gt;');
    const apiKey = server.store.apiKeys.list(user.account.id).find((k) => k.name === 'billing <svc>')!;

    const row = (html: string) => html.slice(html.indexOf('<td>billing &lt;svc&gt;</td>')).split('</tr>')[0]!;
    const before = (await c.request('/dashboard/keys')).text;
    expect(before).to.not.contain(key!);
    expect(row(before)).to.contain(`<code>${apiKey.prefix}…</code>`);
    expect(row(before)).to.contain(`<time datetime="${apiKey.createdAt}">`);
    expect(row(before)).to.contain('never');
    expect((await generate(server, { key: key!, body: { templateId: 'none' } })).status).to.equal(404);
    const used = server.store.apiKeys.get(apiKey.id)!.lastUsedAt;
    expect(used).to.be.a('string');
    expect(row((await c.request('/dashboard/keys')).text)).to.contain(`<time datetime="${used!}">`);
    // a key without a name is refused with a message, and none is created
    const count = server.store.apiKeys.list(user.account.id).length;
    const unnamed = await c.request('/dashboard/keys', { form: { _csrf: token, name: '  ' } });
    expect(unnamed.status).to.equal(422);
    expect(unnamed.text).to.contain('A key needs a name');
    expect(server.store.apiKeys.list(user.account.id).length).to.equal(count);
  });

  it('validates global variables with the limits of params, at their line, and shows an example of global.companyName', async () => {
    const { user, c } = await signedIn({ companyName: 'Before' });
    const page = await c.request('/dashboard/globals');
    expect(page.text).to.contain('{{ global.companyName }}');
    expect(page.text).to.contain('&quot;companyName&quot;: &quot;Before&quot;');
    const token = await c.csrf('/dashboard/globals');
    const post = (globals: string) => c.request('/dashboard/globals', { form: { _csrf: token, globals } });
    const problem = (html: string) => /<li class="error"[^>]*data-line="(\d+)"[^>]*data-message="([^"]*)"/.exec(html)?.slice(1);

    const badJson = await post('{\n  "a": 1,\n  "b": \n}');
    expect(badJson.status).to.equal(422);
    expect(problem(badJson.text)![0]).to.equal('4');
    expect(problem(badJson.text)![1]).to.equal('Global variables are not valid JSON: Unexpected token &#39;}&#39;');
    expect(badJson.text).to.contain('Line 4, column 1');
    // V8 gives no position for an unexpected token: the line is still the token's
    const token2 = await post('{\n  "a": nope,\n  "b": 2,\n  "c": 3\n}');
    expect(token2.text).to.contain('Line 2, column 8: Global variables are not valid JSON: Unexpected token &#39;o&#39;');
    expect(problem((await post('[1, 2]')).text)![1]).to.match(/must be a JSON object/);
    let deep: unknown = 1;
    for (let i = 0; i < 12; i++) deep = { d: deep };
    const tooDeep = await post(JSON.stringify(deep));
    expect(tooDeep.status).to.equal(422);
    expect(problem(tooDeep.text)![1]).to.match(/exceed the .* limit .* at global\./);
    expect(problem((await post(JSON.stringify({ s: 'x'.repeat(10_001) }))).text)![1]).to.match(/exceed the .* limit/);
    expect(server.store.accounts.get(user.account.id)!.globals).to.deep.equal({ companyName: 'Before' });

    const ok = await post('{ "companyName": "After" }');
    expect(ok.status).to.equal(303);
    expect(server.store.accounts.get(user.account.id)!.globals).to.deep.equal({ companyName: 'After' });
  });

  it('shows the subscription and its end date; an inactive one is a banner on every page explaining the 403', async () => {
    const { user, c } = await signedIn();
    const account = (await c.request('/dashboard/account')).text;
    expect(account).to.contain('<span class="status ok">active</span></dd>'); // not "active (active)"
    expect(account).to.contain('none (open-ended)');
    expect(account).to.not.contain('class="banner"');

    server.store.accounts.setSubscription(user.account.id, 'canceled', '2026-01-31T00:00:00.000Z');
    expect((await generate(server, { key: user.key, body: { templateId: 'x' } })).status).to.equal(403);
    for (const path of ['/dashboard/templates', '/dashboard/keys', '/dashboard/globals', '/dashboard/usage', '/dashboard/account']) {
      const text = (await c.request(path)).text;
      const banner = /<div class="banner" role="alert">([\s\S]*?)<\/div>/.exec(text)?.[1] ?? '';
      expect(banner, path).to.contain('Your subscription is not active');
      expect(banner, path).to.contain('canceled, end date 2026-01-31 00:00 UTC');
      expect(banner, path).to.contain('403 subscription_inactive');
    }
    const inactive = (await c.request('/dashboard/account')).text;
    expect(inactive).to.contain('<span class="status bad">inactive</span> (canceled)');
    expect(inactive).to.contain('<time datetime="2026-01-31T00:00:00.000Z">2026-01-31 00:00 UTC</time>');
  });

  it('shows usage: API requests per day by template (failed ones counted and said), p50 and p95, the last failures with codes and request IDs; never params', async () => {
    const { user, c } = await signedIn();
    const accountId = user.account.id;
    const now = new Date();
    for (let i = 1; i <= 20; i++) {
      server.store.usage.record({ accountId, at: now, templateId: i % 4 === 0 ? 'letter' : 'invoice', version: 1, status: 200, code: null, durationMs: i, pages: 1, bytes: 1000, requestId: `req-ok-${i}` });
    }
    server.store.usage.record({ accountId, at: new Date(now.getTime() - 86_400_000), templateId: 'invoice', version: 2, status: 422, code: 'template_render_failed', durationMs: 3, pages: null, bytes: null, requestId: 'req-failed-1' });
    server.store.usage.flush();
    // a real render with a param that must never be stored
    server.store.templates.create({ accountId, id: `u-${accountId.slice(4, 12).toLowerCase()}`, name: 'U', html: '<p>{{ secret }}</p>' });
    const secret = 'SECRET-PARAM-4f1c';
    expect((await generate(server, { key: user.key, body: { templateId: `u-${accountId.slice(4, 12).toLowerCase()}`, params: { secret } } })).status).to.equal(200);

    const usage = (await c.request('/dashboard/usage')).text;
    const today = now.toISOString().slice(0, 10);
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    expect(usage).to.contain(`data-day="${today}" data-total="21"`);
    expect(usage).to.contain(`data-day="${yesterday}" data-total="1"`);
    expect(usage).to.match(/id="renders-total">22<\/span><span class="label">API requests, last 30 days \(1 failed\)</);
    expect(usage).to.match(/invoice: 16<\/li>/);
    expect(usage).to.match(/letter: 5<\/li>/);
    // p50 and p95 of the successful renders' durations (1..20 ms and the real one)
    const stats = [...usage.matchAll(/<span class="value">([^<]+)<\/span><span class="label">(p\d\d) render time/g)].map((m) => [m[2], m[1]]);
    expect(stats.map(([p]) => p)).to.deep.equal(['p50', 'p95']);
    expect(stats[0]![1]).to.match(/^1\d(\.\d)? ms$/);
    expect(usage).to.contain('<code>template_render_failed</code>');
    expect(usage).to.contain('<code class="reqid">req-failed-1</code>');
    expect(usage).to.not.contain('req-ok-1<');
    const rows = server.db.prepare('SELECT * FROM usage WHERE account_id = ?').all(accountId);
    expect(rows.length).to.equal(22);
    expect(JSON.stringify(rows)).to.not.contain(secret);
  });
});
