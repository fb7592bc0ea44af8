// The dashboard's preview endpoint: a draft rendered as the service renders it, its problems at
// their lines, and a saved template's assets (or an older version's) available to its draft.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startTestServer, type TestServer } from '../helpers/server';

describe('dashboard: preview', () => {
  let server: TestServer;
  let accountId: string;
  let preview: (body: Record<string, unknown>) => Promise<{ problems: { code: string; field: string; line: number; column?: number; message?: string }[]; pdf?: string }>;

  before(async () => {
    server = await startTestServer();
    const account = server.store.accounts.create({ name: 'P' });
    accountId = account.id;
    server.store.templates.create({ accountId: account.id, id: 'withlogo', name: 'l', html: '<img src="logo.svg" width="20" height="20">' });
    server.store.templates.putAsset(account.id, 'withlogo', { path: 'logo.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'), contentType: 'image/svg+xml' });
    const user = await server.store.users.create({ accountId: account.id, email: 'p@example.test', password: 'long enough password' });
    const { token, csrfToken } = server.store.users.createSession(user.id);
    preview = async (body) => {
      const res = await fetch(`${server.url}/dashboard/api/preview`, { method: 'POST', headers: { cookie: `platen_session=${token}`, 'content-type': 'application/json', 'x-csrf-token': csrfToken }, body: JSON.stringify(body) });
      expect(res.status).to.equal(200);
      return await res.json() as { problems: { code: string; field: string; line: number; column?: number; message?: string }[]; pdf?: string };
    };
  });
  after(() => server?.close());

  it('answers a PDF, or the problems at their lines without one', async () => {
    const ok = await preview({ html: '<p>{{ x }}</p>', css: '', sample: '{"x": 1}' });
    expect(Buffer.from(ok.pdf!, 'base64').subarray(0, 5).toString()).to.equal('%PDF-');
    const bad = await preview({ html: '<p>\n{{ x | nope }}</p>', css: '', sample: '{\n "x": }' });
    expect(bad.pdf).to.equal(undefined);
    expect(bad.problems.map((p) => [p.field, p.code, p.line])).to.deep.equal([['html', 'template-unknown-filter', 2], ['sample', 'invalid-json', 2]]);
  });

  it('a {# that no #} follows: the PDF, with the warning at its line', async () => {
    const shown = await preview({ html: '<style>\n@media print{#x{color:red}}</style>\n<p id="x">{{ x }}</p>', css: '', sample: '{"x": 1}' });
    expect(Buffer.from(shown.pdf!, 'base64').subarray(0, 5).toString()).to.equal('%PDF-');
    expect(shown.problems.map((p) => [p.field, p.code, p.line, p.column]), JSON.stringify(shown.problems)).to.deep.equal([['html', 'template-comment-as-text', 2, 13]]);
  });

  it('a template that throws: the same line, column and message as the CLI\'s render prints', async () => {
    const html = '<p>ok</p>\n<p>{{ total | round(2) }} {{ missing() }}</p>';
    const shown = await preview({ html, css: '', sample: '{"total": 1}' });
    expect(shown.pdf).to.equal(undefined);
    expect(shown.problems).to.have.length(1);
    const [problem] = shown.problems;
    const dir = mkdtempSync(join(tmpdir(), 'platen-preview-cli-'));
    try {
      writeFileSync(join(dir, 't.html'), html);
      writeFileSync(join(dir, 'p.json'), '{"total": 1}');
      const cli = spawnSync(process.execPath, [resolve(__dirname, '../../src/cli/main.js'), 'render', join(dir, 't.html'), '--params', join(dir, 'p.json'), '-o', join(dir, 't.pdf')], { encoding: 'utf8' });
      expect(cli.status).to.equal(1);
      const located = new RegExp(`t\\.html:(\\d+):(\\d+): render_failed: (.*)`).exec(cli.stderr);
      expect(located, cli.stderr).to.not.equal(null);
      expect(problem!.line).to.equal(2);
      expect([problem!.line, problem!.column]).to.deep.equal([Number(located![1]), Number(located![2])]);
      // the editor frames it as the sample's failure; the template's own error is the same words
      const detail = problem!.message!.replace(/^the template fails with its sample params: /, '');
      expect(detail).to.match(/missing/);
      expect(located![3]).to.contain(detail);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives a saved template\'s draft that template\'s assets', async () => {
    const html = '<img src="logo.svg" width="20" height="20">';
    expect((await preview({ html, sample: '{}' })).problems.map((p) => p.code)).to.deep.equal(['resource-missing']);
    expect((await preview({ html, sample: '{}', templateId: 'withlogo' })).problems).to.deep.equal([]);
  });

  it('gives an older version\'s page that version\'s assets', async () => {
    const html = '<img src="logo.svg" width="20" height="20">';
    const latest = server.store.templates.get(accountId, 'withlogo')!.version;
    server.store.templates.deleteAsset(accountId, 'withlogo', 'logo.svg');
    expect((await preview({ html, sample: '{}', templateId: 'withlogo' })).problems.map((p) => p.code)).to.deep.equal(['resource-missing']);
    expect((await preview({ html, sample: '{}', templateId: 'withlogo', version: latest })).problems).to.deep.equal([]);
    // a version past the latest is the latest
    expect((await preview({ html, sample: '{}', templateId: 'withlogo', version: latest + 5 })).problems.map((p) => p.code)).to.deep.equal(['resource-missing']);
  });
});
