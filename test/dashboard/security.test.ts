// The dashboard's walls, over plain HTTP against the real app: sessions, CSRF, one account
// never reaching another's data, escaping, the sign-in limit, and the Content-Security-Policy.
import { expect } from 'chai';
import { seedUser, type SeededUser } from '../helpers/browser';
import { DashboardClient as Client } from '../helpers/dashboard';
import { generate, startTestServer, type TestServer } from '../helpers/server';

const PAGES = ['/dashboard/templates', '/dashboard/templates/new', '/dashboard/keys', '/dashboard/globals', '/dashboard/account', '/dashboard/usage'];

describe('dashboard: security', function () {
  this.timeout(30_000);
  let server: TestServer;
  let alice: SeededUser;
  let bob: SeededUser;

  before(async () => {
    server = await startTestServer();
    alice = await seedUser(server.store, { name: 'Alice Co' });
    bob = await seedUser(server.store, { name: 'Bob Co' });
    server.store.templates.create({ accountId: bob.account.id, id: 'bob-secret', name: 'Bob secret', html: '<p>{{ x }}</p>' });
  });
  after(() => server?.close());

  it('sends every page without a session to sign-in, and the preview gets 401', async () => {
    const anon = new Client(server);
    for (const path of [...PAGES, '/dashboard/templates/bob-secret']) {
      const res = await anon.request(path);
      expect(res.status, path).to.equal(303);
      expect(res.headers.get('location'), path).to.equal(`/dashboard/sign-in?next=${encodeURIComponent(path)}`);
    }
    expect((await anon.request('/dashboard/keys', { form: { name: 'x' } })).status).to.equal(303);
    expect((await anon.request('/dashboard/api/preview', { json: { html: 'x' } })).status).to.equal(401);
  });

  it('sets the session cookie HttpOnly and SameSite=Strict, and Secure only over TLS or a trusted proxy', async () => {
    const signIn = async (headers: Record<string, string>) => {
      const c = new Client(server);
      const t = await c.csrf('/dashboard/sign-in');
      const res = await fetch(`${server.url}/dashboard/sign-in`, {
        method: 'POST', redirect: 'manual',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', cookie: `platen_signin=${t}` },
        body: new URLSearchParams({ _csrf: t, email: alice.email, password: alice.password }).toString(),
      });
      return res.headers.getSetCookie().find((c) => c.startsWith('platen_session='))!;
    };
    const plain = await signIn({});
    expect(plain).to.match(/HttpOnly/).and.match(/SameSite=Strict/).and.match(/Path=\/dashboard/);
    expect(plain).to.not.match(/Secure/);
    // X-Forwarded-Proto is not trusted unless PLATEN_TRUST_PROXY says so
    expect(await signIn({ 'x-forwarded-proto': 'https' })).to.not.match(/Secure/);
    const proxied = await startTestServer({ config: { trustProxy: true } });
    try {
      const user = await seedUser(proxied.store);
      const c = new Client(proxied);
      const t = await c.csrf('/dashboard/sign-in');
      const res = await fetch(`${proxied.url}/dashboard/sign-in`, {
        method: 'POST', redirect: 'manual',
        headers: { 'x-forwarded-proto': 'https', 'content-type': 'application/x-www-form-urlencoded', cookie: `platen_signin=${t}` },
        body: new URLSearchParams({ _csrf: t, email: user.email, password: user.password }).toString(),
      });
      expect(res.headers.getSetCookie().find((x) => x.startsWith('platen_session='))).to.match(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a form without its CSRF token, or with another session\'s', async () => {
    const a = new Client(server);
    expect(await a.signIn(alice)).to.equal(303);
    const before = server.store.apiKeys.list(alice.account.id).length;
    expect((await a.request('/dashboard/keys', { form: { name: 'no token' } })).status).to.equal(403);
    const b = new Client(server);
    await b.signIn(bob);
    const bobsToken = await b.csrf('/dashboard/keys');
    expect((await a.request('/dashboard/keys', { form: { _csrf: bobsToken, name: 'wrong token' } })).status).to.equal(403);
    expect((await a.request('/dashboard/globals', { form: { globals: '{"x":1}' } })).status).to.equal(403);
    expect((await a.request('/dashboard/api/preview', { json: { html: '<p>x</p>' } })).status).to.equal(403);
    expect(server.store.apiKeys.list(alice.account.id).length).to.equal(before);
    expect(server.store.accounts.get(alice.account.id)!.globals).to.deep.equal({});
    // sign-in and sign-out are forms too
    const anon = new Client(server);
    expect((await anon.request('/dashboard/sign-in', { form: { email: alice.email, password: alice.password } })).status).to.equal(403);
    expect((await a.request('/dashboard/sign-out', { form: {} })).status).to.equal(403);
    // with the token, the same form works
    expect((await a.request('/dashboard/keys', { form: { _csrf: await a.csrf('/dashboard/keys'), name: 'with token' } })).status).to.equal(200);
  });

  it('never shows or changes another account\'s templates, keys or usage', async () => {
    const a = new Client(server);
    await a.signIn(alice);
    const token = await a.csrf('/dashboard/templates');
    // Bob renders once, so his usage has a row with his request ID
    const bobRender = await generate(server, { key: bob.key, body: { templateId: 'nope' } });
    expect(bobRender.status).to.equal(404);
    expect((await a.request('/dashboard/templates')).text).to.not.contain('bob-secret');
    expect((await a.request('/dashboard/templates/bob-secret')).status).to.equal(404);
    expect((await a.request('/dashboard/templates/bob-secret', { form: { _csrf: token, name: 'pwned', html: 'pwned', css: '', sample: '{}' } })).status).to.equal(404);
    expect((await a.request('/dashboard/templates/bob-secret/delete', { form: { _csrf: token } })).status).to.equal(404);
    expect((await a.request('/dashboard/templates/bob-secret/restore', { form: { _csrf: token, version: '1' } })).status).to.equal(404);
    // Alice cannot take Bob's template ID either
    expect((await a.request('/dashboard/templates', { form: { _csrf: token, id: 'bob-secret', name: 'mine', html: '<p>x</p>', css: '', sample: '{}' } })).status).to.equal(409);
    expect(server.store.templates.get(bob.account.id, 'bob-secret')).to.include({ name: 'Bob secret', version: 1 });

    expect((await a.request('/dashboard/keys')).text).to.not.contain(bob.keyId);
    expect((await a.request(`/dashboard/keys/${bob.keyId}/revoke`)).status).to.equal(404);
    expect((await a.request(`/dashboard/keys/${bob.keyId}/revoke`, { form: { _csrf: token } })).status).to.equal(404);
    expect(server.store.apiKeys.get(bob.keyId)!.revokedAt).to.equal(null);

    const usage = await a.request('/dashboard/usage');
    expect(usage.status).to.equal(200);
    expect(usage.text).to.not.contain(bobRender.headers.get('x-request-id')!);
    const b = new Client(server);
    await b.signIn(bob);
    expect((await b.request('/dashboard/usage')).text).to.contain(bobRender.headers.get('x-request-id')!);
  });

  it('escapes template HTML in the editor and in error messages', async () => {
    const a = new Client(server);
    await a.signIn(alice);
    const token = await a.csrf('/dashboard/templates/new');
    const attack = '</textarea><script>alert(1)</script>';
    // a syntax error: the page shows the draft back, and the message
    const refused = await a.request('/dashboard/templates', { form: { _csrf: token, name: '<img src=x onerror=alert(2)>', html: `${attack}{% if %}`, css: '', sample: '{}' } });
    expect(refused.status).to.equal(422);
    expect(refused.text).to.contain('&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(refused.text).to.contain('&lt;img src=x onerror=alert(2)&gt;');
    expect(refused.text).to.not.contain('<script>alert');
    expect(refused.text).to.not.contain('<img src=x');
    // a template whose render error quotes its own source
    const saved = await a.request('/dashboard/templates', { form: { _csrf: token, id: 'quoting', name: 'q', html: `${attack}{{ x["<script>alert(3)</script>"]() }}`, css: '', sample: '{}' } });
    expect(saved.status).to.equal(200); // saved, shown with its warning
    expect(saved.text).to.contain('Saved as version 1');
    expect(saved.text).to.contain('&lt;script&gt;alert(3)&lt;/script&gt;');
    expect(saved.text).to.not.match(/<script>alert\(\d\)/);
    const editor = await a.request('/dashboard/templates/quoting');
    expect(editor.text).to.not.match(/<script>alert\(\d\)/);
    expect(editor.text).to.contain('&lt;/textarea&gt;');
  });

  it('limits failed sign-ins per account, and per address', async () => {
    const user = await seedUser(server.store);
    const c = new Client(server);
    for (let i = 0; i < 5; i++) expect(await c.signIn({ email: user.email, password: `wrong ${i}` })).to.equal(401);
    // the right password is refused too while the limit holds: the password is not even checked
    const token = await c.csrf('/dashboard/sign-in');
    const limited = await c.request('/dashboard/sign-in', { form: { _csrf: token, email: user.email, password: user.password } });
    expect(limited.status).to.equal(429);
    expect(Number(limited.headers.get('retry-after'))).to.be.greaterThan(0);
    expect(limited.text).to.contain('Too many failed sign-ins');
    expect(limited.headers.getSetCookie().some((x) => x.startsWith('platen_session='))).to.equal(false);
    // another account from the same address still signs in (its address has 5 of 20 failures)
    expect(await new Client(server).signIn(bob)).to.equal(303);
    // unknown emails from one address: past 20 failures in the window, the next attempt is refused
    const d = new Client(server);
    for (let i = 0; i < 15; i++) await d.signIn({ email: `nobody${i}@example.test`, password: 'x' });
    expect(await d.signIn({ email: alice.email, password: alice.password })).to.equal(429);
  });

  it('sends a Content-Security-Policy without inline script, and no page has inline script or handlers', async () => {
    const a = new Client(server);
    const signInPage = await a.request('/dashboard/sign-in');
    await a.signIn({ email: bob.email, password: bob.password });
    const pages = [signInPage, ...await Promise.all([...PAGES, '/dashboard/templates/bob-secret', '/dashboard/nope'].map((p) => a.request(p)))];
    for (const page of pages) {
      const csp = page.headers.get('content-security-policy')!;
      expect(csp).to.match(/script-src 'self'(;|$)/);
      expect(csp).to.not.match(/unsafe-inline|unsafe-eval/);
      expect(csp).to.contain("default-src 'none'");
      for (const script of page.text.match(/<script\b[^>]*>/g) ?? []) expect(script).to.match(/ src="\/dashboard\/static\//);
      expect(page.text).to.not.match(/<script\b[^>]*>[^<]/);
      expect(page.text).to.not.match(/\son[a-z]+\s*=/i);
      expect(page.text).to.not.match(/\sstyle\s*=/i);
    }
  });
});
