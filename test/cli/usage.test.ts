// The CLI's arguments, through real processes of the built CLI: every command and group answers
// --help / -h with its own usage and does nothing else, --version, unknown flags named, required
// flags and arguments; `render` always runs Nunjucks and reports a template's failure at its
// line; `templates add` refuses an existing ID without --replace and keeps the history with it;
// --strict-variables; a past --until warns.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { COMMANDS } from '../../src/cli/table';
import { repoRoot } from '../../src/paths';
import { createStore, openDatabase } from '../../src/store';
import { parsePdf } from '../helpers/pdf';

const CLI = resolve(__dirname, '../../src/cli/main.js');

interface Run { status: number | null; stdout: string; stderr: string }

function cli(args: string[], env: Record<string, string> = {}): Run {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const json = (r: Run) => JSON.parse(r.stdout) as Record<string, unknown>;

describe('cli: arguments and help', function () {
  this.timeout(60_000);
  let dir: string;
  let data: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'platen-usage-'));
    data = join(dir, 'data');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('--help and -h on every command print its own usage, exit 0 and do nothing (not even create the data dir)', () => {
    // required flags and arguments given, as a user would: the help must still win over running
    const full: Record<string, string[]> = {
      'accounts create': ['--name', 'X'], 'accounts subscription': ['acc_x', '--status', 'active'], 'render': ['in.html', '-o', join(dir, 'out.pdf')],
      'serve': ['--port', '0'], 'backup': ['--to', join(dir, 'b.db')], 'restore': ['--from', join(dir, 'b.db')], 'keys revoke': ['key_x'], 'templates remove': ['x'],
    };
    for (const c of COMMANDS) {
      for (const flag of ['--help', '-h']) {
        const r = cli([...c.name.split(' '), ...(full[c.name] ?? []), flag, '--data', data]);
        expect(r.status, `${c.name} ${flag}: ${r.stderr}`).to.equal(0);
        expect(r.stdout, c.name).to.match(new RegExp(`^usage: platen ${c.name}\\b`));
        for (const name of Object.keys(c.flags)) expect(r.stdout, `${c.name} documents --${name}`).to.contain(`--${name}`);
        expect(r.stderr, c.name).to.equal('');
      }
    }
    expect(existsSync(data), 'no command ran').to.equal(false);
    expect(existsSync(join(dir, 'out.pdf'))).to.equal(false);
  });

  it('groups list their subcommands on --help; a group without a subcommand is a usage error', () => {
    for (const group of ['accounts', 'keys', 'templates', 'globals']) {
      const r = cli([group, '--help']);
      expect(r.status, r.stderr).to.equal(0);
      expect(r.stdout).to.match(new RegExp(`^usage: platen ${group} <`));
      for (const c of COMMANDS.filter((x) => x.name.startsWith(`${group} `))) expect(r.stdout).to.contain(c.name);
      const bare = cli([group]);
      expect(bare.status).to.equal(2);
      expect(bare.stderr).to.contain(`"${group}" needs a subcommand`);
    }
  });

  it('platen, platen --help and platen help list every command; platen --version prints the package version', () => {
    const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
    for (const args of [[], ['--help'], ['-h'], ['help']]) {
      const r = cli(args);
      expect(r.status).to.equal(0);
      for (const c of COMMANDS) expect(r.stdout).to.contain(c.name);
    }
    expect(cli(['help', 'templates', 'add']).stdout).to.match(/^usage: platen templates add /);
    const v = cli(['--version']);
    expect(v.status).to.equal(0);
    expect(v.stdout).to.equal(`${version}\n`);
  });

  it('an unknown flag, a missing required flag or argument, and an extra argument are usage errors (exit 2) that say which', () => {
    const unknown = cli(['accounts', 'create', '--name', 'X', '--nmae', 'Y', '--data', data]);
    expect(unknown.status).to.equal(2);
    expect(unknown.stderr).to.contain('unknown flag "--nmae"');
    expect(unknown.stderr).to.contain('usage: platen accounts create --name N');
    expect(existsSync(data), 'nothing created').to.equal(false);
    const missing = cli(['keys', 'create', '--data', data]);
    expect(missing.status).to.equal(2);
    expect(missing.stderr).to.contain('--account is required');
    const noArg = cli(['render', '-o', join(dir, 'x.pdf')]);
    expect(noArg.status).to.equal(2);
    expect(noArg.stderr).to.contain('FILE.html is required');
    const extra = cli(['accounts', 'list', 'surplus', '--data', data]);
    expect(extra.status).to.equal(2);
    expect(extra.stderr).to.contain('unexpected argument "surplus"');
    const noValue = cli(['accounts', 'create', '--name']);
    expect(noValue.status).to.equal(2);
    expect(noValue.stderr).to.contain('--name');
    const cmd = cli(['acounts', 'list']);
    expect(cmd.status).to.equal(2);
    expect(cmd.stderr).to.contain('unknown command "acounts"');
    const asJson = cli(['accounts', 'create', '--bogus', '--json']);
    expect(json(asJson).error).to.deep.include({ exitCode: 2 });
  });

  it('render without --params still runs Nunjucks (params {}), as the service does', async () => {
    writeFileSync(join(dir, 'hello.html'), '<p>Hello {{ name | default("nobody") }}, {{ 6 * 7 }}</p>');
    const r = cli(['render', join(dir, 'hello.html'), '-o', join(dir, 'hello.pdf')]);
    expect(r.status, r.stderr).to.equal(0);
    const text = (await parsePdf(readFileSync(join(dir, 'hello.pdf')))).text;
    expect(text).to.contain('Hello nobody, 42');
    expect(text).not.to.contain('{{');
  });

  it('render reports a template that throws at its line and column, names a limit it hits, and writes no PDF', () => {
    writeFileSync(join(dir, 'throws.html'), '<h1>Invoice</h1>\n<p>{{ total() }}</p>');
    const t = cli(['render', join(dir, 'throws.html'), '-o', join(dir, 'throws.pdf')]);
    expect(t.status).to.equal(1);
    expect(t.stderr).to.contain(`${join(dir, 'throws.html')}:2:`);
    expect(t.stderr).to.match(/render_failed: The template failed at line 2, column \d+: Unable to call `total`, which is undefined or falsey/);
    expect(t.stderr).not.to.match(/\bat \w+ \(|node_modules|\.js:\d+/);
    writeFileSync(join(dir, 'range.html'), '{% for i in range(0, 1000000000) %}{{ i }}{% endfor %}');
    const l = cli(['render', join(dir, 'range.html'), '-o', join(dir, 'range.pdf')]);
    expect(l.status).to.equal(1);
    expect(l.stderr).to.match(/range\.html:1:\d+: render_failed: .*range\(\) is limited to 100000 numbers/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.pdf'))).to.deep.equal(['hello.pdf']);
  });

  it('render --strict-variables makes an undefined variable an error at its line, naming it', () => {
    writeFileSync(join(dir, 'strict.html'), '<p>Dear {{ customer.name }},</p>\n<p>you owe {{ amount }}.</p>');
    writeFileSync(join(dir, 'strict.json'), '{"customer": {"name": "Ada"}}');
    const loose = cli(['render', join(dir, 'strict.html'), '--params', join(dir, 'strict.json'), '-o', join(dir, 'loose.pdf')]);
    expect(loose.status, loose.stderr).to.equal(0);
    const strict = cli(['render', join(dir, 'strict.html'), '--params', join(dir, 'strict.json'), '-o', join(dir, 'strict.pdf'), '--strict-variables']);
    expect(strict.status).to.equal(1);
    expect(strict.stderr).to.contain(`${join(dir, 'strict.html')}:2:12: render_failed: The template failed at line 2, column 12: {{ amount }} is undefined or null`);
    rmSync(join(dir, 'loose.pdf'));
  });

  it('templates add: an existing ID is refused without --replace; with it, a new version, history and CSS kept', () => {
    const home = join(dir, 'tpl');
    const acc = json(cli(['accounts', 'create', '--name', 'T', '--data', home, '--json'])).id as string;
    writeFileSync(join(dir, 'c1.html'), '<p class="x">{{ who }}</p>');
    writeFileSync(join(dir, 'c2.html'), '<p class="x">v2 {{ who }}</p>');
    writeFileSync(join(dir, 'c.css'), '.x { color: red }');
    const add = (html: string, ...more: string[]) => cli(['templates', 'add', '--account', acc, '--name', 'Cert', '--id', 'cert', '--html', join(dir, html), '--data', home, ...more]);
    expect(add('c1.html', '--css', join(dir, 'c.css')).status).to.equal(0);
    const again = add('c2.html');
    expect(again.status).to.equal(1);
    expect(again.stderr).to.contain('template cert exists (version 1): add --replace');
    const replaced = add('c2.html', '--replace');
    expect(replaced.status, replaced.stderr).to.equal(0);
    expect(replaced.stdout).to.contain('replaced version 1 of template cert');
    expect(replaced.stdout).to.contain('now version 2, earlier versions kept');
    const db = openDatabase({ dataDir: home });
    try {
      const store = createStore(db);
      expect(store.templates.versions(acc, 'cert')!.map((v) => v.version)).to.deep.equal([1, 2]);
      const latest = store.templates.get(acc, 'cert')!;
      expect(latest.html).to.contain('v2');
      expect(latest.css, 'CSS not given: kept').to.equal('.x { color: red }');
      expect(store.templates.getVersion(acc, 'cert', 1)!.html).not.to.contain('v2');
    } finally {
      db.close();
    }
  });

  it('templates add refuses an unknown filter at its true position, and --strict-variables a variable the sample lacks', () => {
    const home = join(dir, 'check');
    const acc = json(cli(['accounts', 'create', '--name', 'C', '--data', home, '--json'])).id as string;
    writeFileSync(join(dir, 'shout.html'), '<p>\n  {{ name | shout }}</p>');
    const r = cli(['templates', 'add', '--account', acc, '--name', 'S', '--html', join(dir, 'shout.html'), '--data', home]);
    expect(r.status).to.equal(1);
    expect(r.stderr).to.contain(`${join(dir, 'shout.html')}:2:13: template-unknown-filter: unknown filter "shout"`);
    writeFileSync(join(dir, 'needs.html'), '<p>{{ name }} {{ city }}</p>');
    writeFileSync(join(dir, 'needs.json'), '{"name": "Ada"}');
    const base = ['templates', 'add', '--account', acc, '--name', 'N', '--html', join(dir, 'needs.html'), '--sample', join(dir, 'needs.json'), '--data', home];
    const strict = cli([...base, '--strict-variables']);
    expect(strict.status).to.equal(1);
    expect(strict.stderr).to.match(/needs\.html:1:\d+: render_failed: .*\{\{ city \}\} is undefined/);
    const db = openDatabase({ dataDir: home });
    try {
      expect(createStore(db).templates.list(acc)).to.deep.equal([]);
    } finally {
      db.close();
    }
    expect(cli(base).status, 'without the flag it is saved').to.equal(0);
  });

  it('accounts subscription --until in the past warns on stderr and in --json', () => {
    const home = join(dir, 'sub');
    const acc = json(cli(['accounts', 'create', '--name', 'S', '--data', home, '--json'])).id as string;
    const past = cli(['accounts', 'subscription', acc, '--status', 'active', '--until', '2020-01-01', '--data', home, '--json']);
    expect(past.status, past.stderr).to.equal(0);
    expect(past.stderr).to.contain('warning: --until 2020-01-01T00:00:00.000Z is in the past');
    expect((json(past).warnings as string[]).length).to.equal(1);
    const future = cli(['accounts', 'subscription', acc, '--status', 'active', '--until', '2999-01-01', '--data', home, '--json']);
    expect(future.stderr).to.equal('');
    expect(json(future).warnings).to.deep.equal([]);
  });
});
