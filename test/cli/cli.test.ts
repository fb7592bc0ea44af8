// The built CLI, spawned against a temp data dir: the admin commands' JSON outputs, a served
// request with the key it created, SIGTERM → exit 0, and `render` without server or database.
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { folderResources } from '../../src/cli/fileResources';
import { fixturesDir } from '../../src/paths';
import { parsePdf, wordsOf } from '../helpers/pdf';

const CLI = resolve(__dirname, '../../src/cli/main.js');

interface Run { status: number | null; stdout: string; stderr: string; json: Record<string, unknown> }

function platen(dataDir: string, ...args: string[]): Run {
  const r = spawnSync(process.execPath, [CLI, ...args, '--data', dataDir, '--json'], { encoding: 'utf8', env: { ...process.env, PLATEN_DATA: '' } });
  let json: Record<string, unknown> = {};
  try { json = JSON.parse(r.stdout) as Record<string, unknown>; } catch { /* not JSON: the test says so */ }
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, json };
}

describe('cli: platen', function () {
  this.timeout(60_000);
  let dir: string;
  let data: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'platen-cli-'));
    data = join(dir, 'data');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  let accountId = '';
  let key = '';
  let keyId = '';

  it('accounts create → {id}; accounts list', () => {
    const r = platen(data, 'accounts', 'create', '--name', 'Acme');
    expect(r.status, r.stderr).to.equal(0);
    expect(r.json.id).to.match(/^acc_/);
    accountId = r.json.id as string;
    const list = platen(data, 'accounts', 'list');
    expect((list.json.accounts as { id: string; subscriptionStatus: string }[]).map((a) => [a.id, a.subscriptionStatus])).to.deep.equal([[accountId, 'active']]);
  });

  it('keys create → {id, key, prefix}; keys list shows the prefix, never the key', () => {
    const r = platen(data, 'keys', 'create', '--account', accountId, '--name', 'ci');
    expect(r.status, r.stderr).to.equal(0);
    expect(r.json.key).to.match(/^plt_[0-9A-Za-z]{40}$/);
    key = r.json.key as string;
    keyId = r.json.id as string;
    expect(key.startsWith(r.json.prefix as string)).to.equal(true);
    const list = platen(data, 'keys', 'list', '--account', accountId);
    expect(list.stdout).to.contain(r.json.prefix as string);
    expect(list.stdout).not.to.contain(key);
  });

  it('users create reads the password from standard input, never a flag; users list', () => {
    const run = (input: string, email: string) => spawnSync(process.execPath, [CLI, 'users', 'create', '--account', accountId, '--email', email, '--data', data, '--json'], { encoding: 'utf8', input, env: { ...process.env, PLATEN_DATA: '' } });
    const made = run('a long enough password\nsecond line ignored\n', 'cli-user@example.test');
    expect(made.status, made.stderr).to.equal(0);
    expect(JSON.parse(made.stdout)).to.include({ email: 'cli-user@example.test', accountId });
    const empty = run('', 'nobody@example.test');
    expect(empty.status).to.not.equal(0);
    expect(empty.stderr).to.contain('read from standard input');
    const short = run('short\n', 'short@example.test');
    expect(short.status).to.not.equal(0);
    expect(short.stderr).to.contain('at least 10');
    const list = platen(data, 'users', 'list', '--account', accountId);
    expect((list.json.users as { email: string }[]).map((u) => u.email)).to.deep.equal(['cli-user@example.test']);
  });

  it('templates add → {id}; templates list; globals set', () => {
    writeFileSync(join(dir, 't.html'), '<h1>{{ title }}</h1><p>{{ global.company }}</p>');
    writeFileSync(join(dir, 't.css'), 'h1 { color: #333 }');
    writeFileSync(join(dir, 'g.json'), JSON.stringify({ company: 'Acme From Globals' }));
    const r = platen(data, 'templates', 'add', '--account', accountId, '--name', 'T', '--html', join(dir, 't.html'), '--css', join(dir, 't.css'), '--id', 'greeting');
    expect(r.status, r.stderr).to.equal(0);
    expect(r.json.id).to.equal('greeting');
    expect((platen(data, 'templates', 'list', '--account', accountId).json.templates as { id: string }[]).map((t) => t.id)).to.deep.equal(['greeting']);
    expect(platen(data, 'globals', 'set', '--account', accountId, '--file', join(dir, 'g.json')).status).to.equal(0);
  });

  it('templates add saves a sloppy template but warns with located engine diagnostics', () => {
    writeFileSync(join(dir, 'sloppy.html'), '<p>{{ who }}</p>');
    writeFileSync(join(dir, 'sloppy.css'), 'p {\n  colr: red;\n}');
    writeFileSync(join(dir, 'sloppy.json'), '{"who": "sample"}');
    const r = platen(data, 'templates', 'add', '--account', accountId, '--name', 'Sloppy', '--id', 'sloppy', '--html', join(dir, 'sloppy.html'), '--css', join(dir, 'sloppy.css'), '--sample', join(dir, 'sloppy.json'));
    expect(r.status, r.stderr).to.equal(0);
    expect(r.json.id).to.equal('sloppy');
    expect(r.stderr).to.contain(`${join(dir, 'sloppy.css')}:2:3: unknown-property`);
    expect((r.json.warnings as string[]).length).to.equal(1);
    writeFileSync(join(dir, 'fails.html'), '<p>{{ nothing() }}</p>');
    const f = platen(data, 'templates', 'add', '--account', accountId, '--name', 'Fails', '--id', 'fails', '--html', join(dir, 'fails.html'));
    expect(f.status, f.stderr).to.equal(0);
    expect(f.stderr).to.match(/fails\.html:1:\d+: render_failed: The template failed at line 1, column \d+: Unable to call `nothing`, which is undefined or falsey \(with the sample params\)/);
    for (const id of ['sloppy', 'fails']) expect(platen(data, 'templates', 'remove', id).status).to.equal(0);
  });

  it('templates add refuses a sandbox escape, clearly, and saves nothing', () => {
    writeFileSync(join(dir, 'evil.html'), '<p>{{ range.constructor("return process")() }}</p>');
    const r = platen(data, 'templates', 'add', '--account', accountId, '--name', 'Evil', '--html', join(dir, 'evil.html'), '--id', 'evil');
    expect(r.status).to.equal(1);
    expect(r.stderr).to.match(/evil\.html:1:\d+: template-blocked-name: the property "constructor" is blocked/);
    expect((platen(data, 'templates', 'list', '--account', accountId).json.templates as { id: string }[]).map((t) => t.id)).to.deep.equal(['greeting']);
  });

  it('accounts subscription sets status and end date; usage errors exit 2', () => {
    const r = platen(data, 'accounts', 'subscription', accountId, '--status', 'active', '--until', '2999-01-01');
    expect(r.status, r.stderr).to.equal(0);
    expect(r.json).to.include({ subscriptionStatus: 'active', subscriptionUntil: '2999-01-01T00:00:00.000Z' });
    expect(platen(data, 'accounts', 'subscription', accountId, '--status', 'gold').status).to.equal(2);
    expect(platen(data, 'keys', 'create').status).to.equal(2);
    expect(platen(data, 'nonsense').status).to.equal(2);
  });

  it('serve answers a request with the created key, then exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, 'serve', '--data', data, '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const first = await new Promise<Record<string, unknown>>((resolveLine, reject) => {
        let buf = '';
        child.stdout.on('data', (c: Buffer) => {
          buf += c.toString();
          const nl = buf.indexOf('\n');
          if (nl >= 0) resolveLine(JSON.parse(buf.slice(0, nl)) as Record<string, unknown>);
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
      });
      expect(first.demo, 'no demo when accounts exist').to.equal(undefined);
      const res = await fetch(`${first.url as string}/v1/pdf/generate`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ templateId: 'greeting', params: { title: 'Served by the CLI' }, format: 'letter' }) });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.status, bytes.toString().slice(0, 300)).to.equal(200);
      const pdf = await parsePdf(bytes);
      expect(pdf.pages[0]).to.include({ width: 612, height: 792 });
      expect(pdf.text).to.contain('Served by the CLI');
      expect(pdf.text).to.contain('Acme From Globals');
      const code = await new Promise<number | null>((done) => { child.once('exit', (c) => done(c)); child.kill('SIGTERM'); });
      expect(code).to.equal(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    // revoke, and the same key is refused by a fresh server
    expect(platen(data, 'keys', 'revoke', keyId).json.revokedAt).to.be.a('string');
  });

  it('serve on an empty data dir seeds the demo: key, two templates, a working curl line', async () => {
    const fresh = join(dir, 'fresh');
    const child = spawn(process.execPath, [CLI, 'serve', '--data', fresh, '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const first = await new Promise<Record<string, unknown>>((resolveLine, reject) => {
        let buf = '';
        child.stdout.on('data', (c: Buffer) => {
          buf += c.toString();
          const nl = buf.indexOf('\n');
          if (nl >= 0) resolveLine(JSON.parse(buf.slice(0, nl)) as Record<string, unknown>);
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
      });
      const demo = first.demo as { key: string; templates: string[]; curl: string; user: { email: string; password: string } };
      expect(demo.templates).to.deep.equal(['demo-invoice', 'demo-report']);
      // the demo user's password, shown this once, signs in to the dashboard
      const signInPage = await fetch(`${first.url as string}/dashboard/sign-in`);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(await signInPage.text())![1]!;
      const cookie = signInPage.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const signedIn = await fetch(`${first.url as string}/dashboard/sign-in`, {
        method: 'POST', redirect: 'manual', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: csrf, email: demo.user.email, password: demo.user.password }).toString(),
      });
      expect(signedIn.status).to.equal(303);
      expect(signedIn.headers.getSetCookie().some((c) => c.startsWith('platen_session='))).to.equal(true);
      expect(demo.curl).to.contain(demo.key);
      const curl = spawnSync('sh', ['-c', demo.curl], { cwd: dir, encoding: 'utf8' });
      expect(curl.status, curl.stderr).to.equal(0);
      const invoice = await parsePdf(readFileSync(join(dir, 'invoice.pdf')));
      expect(invoice.text).to.contain('INV-2026-042');
      expect(invoice.text).to.contain('Platen Demo Ltd');
      const res = await fetch(`${first.url as string}/v1/pdf/generate`, { method: 'POST', headers: { authorization: `Bearer ${demo.key}`, 'content-type': 'application/json' }, body: '{"templateId":"demo-report","format":"letter"}' });
      expect(res.status).to.equal(200);
      const report = await parsePdf(Buffer.from(await res.arrayBuffer()));
      expect(report.text).to.contain('Weekly figures');
      expect(report.pages.length).to.be.greaterThan(1);
      for (const page of report.pages) expect(page).to.include({ width: 612, height: 792 });
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('serve on SIGTERM lets the renders in flight finish, then exits 0', async () => {
    const home = join(dir, 'sigterm');
    const acc = platen(home, 'accounts', 'create', '--name', 'S').json.id as string;
    const k = platen(home, 'keys', 'create', '--account', acc).json.key as string;
    const fx = join(fixturesDir, 'demo');
    expect(platen(home, 'templates', 'add', '--account', acc, '--name', 'R', '--id', 'report', '--html', join(fx, 'report.html'), '--css', join(fx, 'report.css')).status).to.equal(0);
    const child = spawn(process.execPath, [CLI, 'serve', '--data', home, '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    child.stderr.resume();
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        let buf = '';
        child.stdout.on('data', (c: Buffer) => {
          buf += c.toString();
          const nl = buf.indexOf('\n');
          if (nl >= 0) resolveUrl((JSON.parse(buf.slice(0, nl)) as { url: string }).url);
        });
        void exited.then((code) => reject(new Error(`serve exited ${code}`)));
      });
      const body = JSON.stringify({ templateId: 'report', params: { weeks: 60 } });
      const inFlight = [1, 2, 3].map(() => fetch(`${url}/v1/pdf/generate`, { method: 'POST', headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' }, body }));
      // SIGTERM once the three are admitted and rendering (polled: a fixed wait lost the race on a
      // busy machine, the requests not yet read when the server stopped accepting)
      for (let t0 = Date.now(); Date.now() - t0 < 15_000;) {
        const metrics = await (await fetch(`${url}/metrics`)).text();
        if (Number(/^platen_render_in_flight (\d+)/m.exec(metrics)?.[1] ?? 0) >= 3) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      child.kill('SIGTERM');
      const answers = await Promise.all(inFlight);
      expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200]);
      for (const a of answers) expect((await parsePdf(Buffer.from(await a.arrayBuffer()))).text).to.contain('Week 60');
      expect(await exited).to.equal(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('render FILE.html -o OUT.pdf works without server or database, with --params and --format', async () => {
    writeFileSync(join(dir, 'doc.html'), '<h1>{{ heading }}</h1>');
    writeFileSync(join(dir, 'doc.json'), JSON.stringify({ heading: 'Rendered offline' }));
    const out = join(dir, 'doc.pdf');
    const r = spawnSync(process.execPath, [CLI, 'render', join(dir, 'doc.html'), '--params', join(dir, 'doc.json'), '--format', 'a5', '-o', out], { encoding: 'utf8' });
    expect(r.status, r.stderr).to.equal(0);
    const pdf = await parsePdf(readFileSync(out));
    expect(pdf.pages[0]).to.include({ width: 419.53, height: 595.28 });
    expect(pdf.text).to.contain('Rendered offline');
    expect(existsSync(join(dir, 'doc.pdf'))).to.equal(true);
  });

  it('render prints a minified stylesheet\'s unclosed {# as CSS, with a located warning, and still runs the tags after it', async () => {
    // Asciidoctor's default stylesheet has '@media screen and (min-width:768px){#toctitle{...}'
    writeFileSync(join(dir, 'minified.html'), '<style>\n@media print{#toctitle{margin:0 0 0 200px}}</style>\n<p id="toctitle">{{ title }}</p><p>{{ title }}</p>');
    writeFileSync(join(dir, 'minified.json'), JSON.stringify({ title: 'Contents' }));
    const out = join(dir, 'minified.pdf');
    const r = spawnSync(process.execPath, [CLI, 'render', join(dir, 'minified.html'), '--params', join(dir, 'minified.json'), '-o', out], { encoding: 'utf8' });
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stderr).to.contain(`${join(dir, 'minified.html')}:2:13: template-comment-as-text:`);
    // the id rule applied (200px = 150pt), so the stylesheet reached the engine whole
    const [title, plain] = await wordsOf(readFileSync(out));
    expect([title!.text, plain!.text]).to.deep.equal(['Contents', 'Contents']);
    expect(title!.x - plain!.x).to.be.closeTo(150, 0.01);
  });

  it('render resources: files inside the HTML folder only, no symlink escape', () => {
    const site = join(dir, 'site');
    mkdirSync(join(site, 'img'), { recursive: true });
    writeFileSync(join(site, 'img', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, 'secret.txt'), 'CANARY');
    symlinkSync(join(dir, 'secret.txt'), join(site, 'link.txt'));
    const resolver = folderResources(site);
    expect(resolver('img/logo.svg')?.contentType).to.equal('image/svg+xml');
    expect(resolver('link.txt')).to.equal(undefined);
    expect(resolver('../secret.txt')).to.equal(undefined);
    expect(resolver(join(dir, 'secret.txt'))).to.equal(undefined);
    expect(resolver('img')).to.equal(undefined);
    expect(resolver('missing.png')).to.equal(undefined);
  });
});
