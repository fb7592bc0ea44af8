// `platen templates push` and `pull`, the built CLI spawned against the real app on a real port
// (what CI does against a remote Platen): a folder becomes versions, only what changed is sent,
// a concurrent save stops a push with 412, pull writes the same files back.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { repoRoot } from '../../src/paths';
import { png } from '../engine/resources/images-data';
import { seedAccount, startTestServer, type SeededAccount, type TestServer } from '../helpers/server';

const CLI = resolve(__dirname, '../../src/cli/main.js');

interface Run { status: number | null; stdout: string; stderr: string; json: Record<string, unknown> }

/** Spawns the CLI without blocking this process, which serves the requests it makes. */
function platen(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, PLATEN_API_KEY: '', PLATEN_URL: '', ...env } }, (err, stdout, stderr) => {
      let json: Record<string, unknown> = {};
      try { json = JSON.parse(stdout) as Record<string, unknown>; } catch { /* not JSON */ }
      done({ status: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr, json });
    });
  });
}

describe('cli: templates push and pull over HTTP', function () {
  this.timeout(60_000);
  let server: TestServer;
  let acme: SeededAccount;
  let dir: string;
  let src: string;
  const logo = Buffer.from(png(4, 4, [10, 20, 30]));
  const font = readFileSync(join(repoRoot, 'test/pdf/fixtures/pacifico.ttf'));

  before(async () => {
    server = await startTestServer();
    acme = seedAccount(server.store, { name: 'Acme' });
    dir = mkdtempSync(join(tmpdir(), 'platen-push-'));
    src = join(dir, 'invoice');
    mkdirSync(join(src, 'assets', 'img'), { recursive: true });
    mkdirSync(join(src, 'assets', 'fonts'), { recursive: true });
    writeFileSync(join(src, 'index.html'), '<h1 class="brand">Invoice {{ number }}</h1>\n<img src="assets/img/logo.png" width="20">');
    writeFileSync(join(src, 'style.css'), '@font-face { font-family: Brand; src: url(assets/fonts/Brand.ttf) }\n.brand { font-family: Brand }');
    writeFileSync(join(src, 'sample.json'), '{"number": "INV-1"}');
    writeFileSync(join(src, 'assets', 'img', 'logo.png'), logo);
    writeFileSync(join(src, 'assets', 'fonts', 'Brand.ttf'), font);
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const push = (...extra: string[]) => platen(['templates', 'push', src, '--url', server.url, '--json', ...extra], { PLATEN_API_KEY: acme.key });

  it('creates the template from the folder, with its assets, and reports no warnings for a clean template', async () => {
    const r = await push();
    expect(r.status, r.stderr).to.equal(0);
    expect(r.json).to.include({ id: 'invoice', version: 3, dryRun: false });
    expect((r.json.changes as { action: string; what: string }[]).map((c) => `${c.action} ${c.what}`)).to.deep.equal([
      'create invoice (index.html, style.css, sample.json)', 'add assets/fonts/Brand.ttf', 'add assets/img/logo.png',
    ]);
    expect(r.json.warnings).to.deep.equal([]);
    const t = server.store.templates.get(acme.account.id, 'invoice')!;
    expect(t.sampleParams).to.deep.equal({ number: 'INV-1' });
    expect(server.store.templates.assetsOf('invoice', t.version).map((a) => `${a.path} ${a.contentType}`)).to.deep.equal(['assets/fonts/Brand.ttf font/ttf', 'assets/img/logo.png image/png']);
  });

  it('pushes nothing when nothing changed', async () => {
    const r = await push();
    expect(r.json).to.include({ version: 3 });
    expect(r.json.changes).to.deep.equal([]);
  });

  it('sends only what changed: a --dry-run first writes nothing, then the push makes the versions', async () => {
    writeFileSync(join(src, 'index.html'), '<h1 class="brand">Invoice {{ number }}!</h1>\n<img src="assets/img/logo.png" width="20">\n<p style="colr: red">x</p>');
    unlinkSync(join(src, 'assets', 'fonts', 'Brand.ttf'));
    writeFileSync(join(src, 'style.css'), '.brand { color: navy }');
    const dry = await push('--dry-run');
    expect(dry.status, dry.stderr).to.equal(0);
    expect(dry.json).to.include({ dryRun: true, version: 3 });
    expect(server.store.templates.get(acme.account.id, 'invoice')!.version).to.equal(3);
    const r = await push();
    expect((r.json.changes as { action: string; what: string }[]).map((c) => `${c.action} ${c.what}`)).to.deep.equal(['update index.html, style.css', 'delete assets/fonts/Brand.ttf']);
    expect(r.json).to.include({ version: 5 });
    const warnings = r.json.warnings as string[];
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.match(/^index\.html \(rendered with sample\.json\):3:\d+: warning: unknown-property: .*colr/);
    // the human form says the same
    const human = await platen(['templates', 'push', src, '--url', server.url, '--key', acme.key]);
    expect(human.stdout).to.match(/invoice is up to date at version 5/);
  });

  it('stops with 412 when someone else saves while the push runs, writing nothing over it', async () => {
    writeFileSync(join(src, 'sample.json'), '{"number": "INV-2"}');
    writeFileSync(join(src, 'assets', 'img', 'logo.png'), Buffer.from(png(4, 4, [200, 20, 30])));
    // a proxy in front of the server lets another deploy save just before the push's first write
    let raced = false;
    const proxy = createServer((req, res) => {
      if (req.method !== 'GET' && !raced) {
        raced = true;
        const t = server.store.templates.get(acme.account.id, 'invoice')!;
        server.store.templates.update(acme.account.id, 'invoice', { html: `${t.html}<!-- theirs -->` });
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const up = httpRequest(`${server.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        });
        up.end(Buffer.concat(chunks));
      });
    });
    await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok));
    try {
      const before = server.store.templates.get(acme.account.id, 'invoice')!.version;
      const r = await platen(['templates', 'push', src, '--url', `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, '--key', acme.key]);
      expect(r.status, r.stdout).to.equal(1);
      expect(r.stderr).to.contain('precondition_failed');
      expect(r.stderr).to.contain('push again');
      const after = server.store.templates.get(acme.account.id, 'invoice')!;
      expect(after.version).to.equal(before + 1); // theirs only
      expect(after.html).to.contain('<!-- theirs -->');
    } finally {
      await new Promise<void>((ok) => proxy.close(() => ok()));
    }
    // pushing again applies the change on top of theirs
    const again = await push();
    expect(again.status, again.stderr).to.equal(0);
    expect((again.json.changes as { action: string; what: string }[]).map((c) => `${c.action} ${c.what}`)).to.deep.equal(['replace assets/img/logo.png', 'update index.html, sample.json']);
    expect(again.json).to.include({ version: 8 });
  });

  it('refuses a template with a syntax error, naming the file, line and column', async () => {
    const bad = join(dir, 'bad');
    mkdirSync(bad);
    writeFileSync(join(bad, 'template.njk'), '<p>ok</p>\n<p>{% if %}</p>');
    const r = await platen(['templates', 'push', bad, '--url', server.url, '--key', acme.key]);
    expect(r.status).to.equal(1);
    expect(r.stderr).to.contain('template_invalid');
    expect(r.stderr).to.match(/bad[\\/]template\.njk:2:\d+: template-syntax/);
    expect(server.store.templates.get(acme.account.id, 'bad')).to.equal(undefined);
  });

  it('needs a key and a URL, and says so; a wrong key is refused by the server', async () => {
    const noKey = await platen(['templates', 'push', src, '--url', server.url]);
    expect(noKey.status).to.equal(2);
    expect(noKey.stderr).to.contain('PLATEN_API_KEY');
    const wrong = await platen(['templates', 'push', src, '--url', server.url, '--key', 'plt_nope']);
    expect(wrong.status).to.equal(1);
    expect(wrong.stderr).to.contain('unauthorized');
  });

  it('pull writes the template and its assets back, byte for byte, and an old version on request', async () => {
    const out = join(dir, 'pulled');
    const r = await platen(['templates', 'pull', 'invoice', out, '--url', server.url, '--json'], { PLATEN_API_KEY: acme.key });
    expect(r.status, r.stderr).to.equal(0);
    expect(r.json).to.include({ version: 8 });
    expect(readFileSync(join(out, 'template.njk'), 'utf8')).to.equal(readFileSync(join(src, 'index.html'), 'utf8'));
    expect(readFileSync(join(out, 'style.css'), 'utf8')).to.equal(readFileSync(join(src, 'style.css'), 'utf8'));
    expect(JSON.parse(readFileSync(join(out, 'sample.json'), 'utf8'))).to.deep.equal({ number: 'INV-2' });
    expect(readFileSync(join(out, 'assets', 'img', 'logo.png')).equals(readFileSync(join(src, 'assets', 'img', 'logo.png')))).to.equal(true);
    const old = join(dir, 'v3');
    const r3 = await platen(['templates', 'pull', 'invoice', old, '--version', '3', '--url', server.url, '--key', acme.key, '--json']);
    expect(r3.status, r3.stderr).to.equal(0);
    expect(readFileSync(join(old, 'assets', 'fonts', 'Brand.ttf')).equals(font)).to.equal(true);
    // another account cannot pull it
    const other = seedAccount(server.store, { name: 'Other' });
    const denied = await platen(['templates', 'pull', 'invoice', join(dir, 'x'), '--url', server.url, '--key', other.key]);
    expect(denied.status).to.equal(1);
    expect(denied.stderr).to.contain('template_not_found');
  });
});
