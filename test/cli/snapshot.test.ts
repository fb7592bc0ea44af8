// The CLI's startup snapshot (src/cli/snapshot.ts, built by src/build-snapshot.js) and its
// launcher (src/cli/platen), through real processes: `platen render` through the launcher starts
// from the snapshot (`sh -x` shows the command it executes) and writes the same bytes, stdout
// and stderr as `node dist/src/cli/main.js render`; other commands run main.js; a snapshot that
// does not fit (another node binary, another folder, a build of dist/src after it, NODE_OPTIONS)
// is passed over silently.
import { expect } from 'chai';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fixturesDir, repoRoot } from '../../src/paths';
import { indexedPng } from '../engine/resources/images-data';

const LAUNCHER = join(repoRoot, 'src', 'cli', 'platen');
const CLI = join(repoRoot, 'dist', 'src', 'cli', 'main.js');
const SNAPSHOT = join(repoRoot, 'dist', 'snapshot');
const demo = (file: string) => join(fixturesDir, 'demo', file);
// the launcher runs the `node` on PATH: this test's node, whose build made the snapshot
const env = (extra: Record<string, string> = {}) => {
  const e: Record<string, string | undefined> = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`, ...extra };
  if (!('NODE_OPTIONS' in extra)) delete e.NODE_OPTIONS;
  return e;
};

/** `sh -x launcher args`: the result, and the command line the launcher executed. */
function launch(launcher: string, args: readonly string[], extra: Record<string, string> = {}): { r: SpawnSyncReturns<string>; exec: string; stderr: string } {
  const r = spawnSync('sh', ['-x', launcher, ...args], { encoding: 'utf8', env: env(extra) });
  const lines = r.stderr.split('\n');
  const exec = lines.filter((l) => l.startsWith('+ exec ')).pop() ?? '';
  return { r, exec, stderr: lines.filter((l) => !l.startsWith('+')).join('\n') };
}
const direct = (args: readonly string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: env() });
/** the summary line without its timing */
const summary = (stdout: string) => stdout.replace(/, \d+ ms,/, ', N ms,');

describe('cli: the startup snapshot and its launcher', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'platen-snapshot-'));
    // `npm test` builds it (npm run build); after a bare `tsc` the launcher would pass over a stale one
    const built = (file: string) => { try { return statSync(file).mtimeMs; } catch { return 0; } };
    if (built(join(SNAPSHOT, 'render.blob')) <= Math.max(built(CLI), built(join(repoRoot, 'dist', 'tsconfig.tsbuildinfo')))) {
      const r = spawnSync(process.execPath, [join(repoRoot, 'src', 'build-snapshot.js')], { encoding: 'utf8', env: env() });
      expect(r.status, r.stderr).to.equal(0);
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the build made a snapshot keyed to this node binary and this folder', () => {
    const st = statSync(process.execPath);
    expect(statSync(join(SNAPSHOT, 'render.blob')).size).to.be.greaterThan(1_000_000);
    expect(readFileSync(join(SNAPSHOT, 'key'), 'utf8')).to.match(new RegExp(`^${st.size} ${Math.floor(st.mtimeMs / 1000)} ${st.ino} ${repoRoot}\n(--[a-z-]+=\\d+ ?)*\n$`));
  });

  const renders: { name: string; args: (out: string) => string[]; files?: Record<string, string | Buffer> }[] = [
    { name: 'the demo invoice', args: (out) => ['render', demo('invoice.html'), '--css', demo('invoice.css'), '--params', demo('invoice.sample.json'), '-o', out] },
    { name: 'the demo report', args: (out) => ['render', demo('report.html'), '--css', demo('report.css'), '--params', demo('report.sample.json'), '-o', out, '--format', 'letter'] },
    {
      name: 'a WOFF2 face, a PNG, an SVG, DejaVu glyphs and a diagnostic',
      files: {
        'doc.html': `<!doctype html><html><head><title>{{ title }}</title><style>
          @font-face { font-family: Awesome; src: url(fa-regular-400.woff2) format("woff2") }
          .icon { font-family: Awesome; font-size: 20pt } body { font-family: serif }
          .unknown { float: sideways }</style></head>
          <body><h1 class="unknown">{{ title }}</h1><p class="icon">&#xf004; &#xf005;</p>
          <p>Ωμέγα, Привет, <code>mono</code>, <i>italic</i></p><img src="logo.png" style="width: 30pt">
          <svg width="40" height="40"><circle cx="20" cy="20" r="15" fill="#c00"/></svg></body></html>`,
        'fa-regular-400.woff2': readFileSync(join(repoRoot, 'test', 'pdf', 'fixtures', 'fa-regular-400.woff2')),
        'logo.png': Buffer.from(indexedPng([0, 1, 2, 1], [[200, 0, 0], [0, 120, 0], [0, 0, 200]], [255, 128])),
        'params.json': '{"title": "Fonts & images"}',
      },
      args: (out) => ['render', join(dir, 'doc.html'), '--params', join(dir, 'params.json'), '-o', out],
    },
  ];
  for (const c of renders) {
    it(`platen render of ${c.name} starts from the snapshot and writes the bytes main.js writes`, () => {
      for (const [name, data] of Object.entries(c.files ?? {})) writeFileSync(join(dir, name), data);
      const a = direct(c.args(join(dir, 'direct.pdf')));
      expect(a.status, a.stderr).to.equal(0);
      const b = launch(LAUNCHER, c.args(join(dir, 'snapshot.pdf')));
      expect(b.exec).to.contain(` --snapshot-blob ${join(SNAPSHOT, 'render.blob')} render `);
      expect(b.r.status, b.r.stderr).to.equal(0);
      expect(readFileSync(join(dir, 'snapshot.pdf')).equals(readFileSync(join(dir, 'direct.pdf')))).to.equal(true);
      expect(summary(b.r.stdout).replace('snapshot.pdf', 'direct.pdf')).to.equal(summary(a.stdout));
      expect(b.stderr.trim()).to.equal(a.stderr.trim());
    });
  }

  it('a refused template, a bad flag and render --help answer as main.js answers them', () => {
    writeFileSync(join(dir, 'bad.html'), '<p>{{ name | shout }}</p>\n<p>{% if %}</p>');
    for (const args of [['render', join(dir, 'bad.html'), '-o', join(dir, 'x.pdf')], ['render', join(dir, 'bad.html'), '--frmat', 'A4', '-o', join(dir, 'x.pdf')], ['render', '--help'], ['render', '-o', join(dir, 'x.pdf'), join(dir, 'missing.html'), '--json']]) {
      const a = direct(args);
      const b = launch(LAUNCHER, args);
      expect(b.exec, args.join(' ')).to.contain('--snapshot-blob');
      expect([b.r.status, b.r.stdout, b.stderr.trim()], args.join(' ')).to.deep.equal([a.status, a.stdout, a.stderr.trim()]);
    }
  });

  it('--help, --version and the other commands run dist/src/cli/main.js, answering as it does', () => {
    for (const args of [['--help'], ['--version'], ['templates', 'add', '--help'], ['serve', '--bogus']]) {
      const a = direct(args);
      const b = launch(LAUNCHER, args);
      expect(b.exec, args.join(' ')).to.equal(`+ exec node ${CLI} ${args.join(' ')}`);
      expect([b.r.status, b.r.stdout, b.stderr.trim()], args.join(' ')).to.deep.equal([a.status, a.stdout, a.stderr.trim()]);
    }
  });

  it('render, help and --version start node without NODE_EXTRA_CA_CERTS; the other commands keep it', () => {
    // node warns at start when the file cannot be read: the warning says whether node got the variable
    const extra = { NODE_EXTRA_CA_CERTS: join(dir, 'no-such-bundle.pem') };
    const warned = (l: ReturnType<typeof launch>) => l.stderr.includes('Ignoring extra certs');
    for (const args of [['--help'], ['--version'], ['help', 'render'], ['render', '--help'], ['render', demo('invoice.html'), '-o', join(dir, 'ca.pdf')]]) {
      const l = launch(LAUNCHER, args, extra);
      expect(l.r.status, l.r.stderr).to.equal(0);
      expect(warned(l), args.join(' ')).to.equal(false);
    }
    for (const args of [['serve', '--bogus'], ['templates', 'push', '--help']]) expect(warned(launch(LAUNCHER, args, extra)), args.join(' ')).to.equal(true);
  });

  describe('a snapshot that does not fit is passed over', () => {
    // a package folder of its own: the launcher, dist/src of this build, the blob, and a key written per case
    let pkg: string;
    const nodeId = () => { const st = statSync(process.execPath); return `${st.size} ${Math.floor(st.mtimeMs / 1000)} ${st.ino}`; };
    const args = (out: string) => ['render', demo('invoice.html'), '--css', demo('invoice.css'), '--params', demo('invoice.sample.json'), '-o', out];
    before(() => {
      pkg = mkdtempSync(join(tmpdir(), 'platen-launcher-'));
      mkdirSync(join(pkg, 'src', 'cli'), { recursive: true });
      mkdirSync(join(pkg, 'dist', 'snapshot'), { recursive: true });
      copyFileSync(LAUNCHER, join(pkg, 'src', 'cli', 'platen'));
      symlinkSync(join(repoRoot, 'dist', 'src'), join(pkg, 'dist', 'src'));
      symlinkSync(join(SNAPSHOT, 'render.blob'), join(pkg, 'dist', 'snapshot', 'render.blob'));
    });
    after(() => rmSync(pkg, { recursive: true, force: true }));
    const flags = () => readFileSync(join(SNAPSHOT, 'key'), 'utf8').split('\n')[1];
    const run = (key: string, extra: Record<string, string> = {}) => {
      writeFileSync(join(pkg, 'dist', 'snapshot', 'key'), `${key}${flags()}\n`);
      rmSync(join(dir, 'out.pdf'), { force: true });
      return launch(join(pkg, 'src', 'cli', 'platen'), args(join(dir, 'out.pdf')), extra);
    };
    const fallback = (l: ReturnType<typeof launch>) => {
      expect(l.exec).to.equal(`+ exec node ${join(pkg, 'dist', 'src', 'cli', 'main.js')} ${args(join(dir, 'out.pdf')).join(' ')}`);
      expect(l.r.status, l.r.stderr).to.equal(0);
      expect(l.stderr.trim()).to.equal('');
    };
    const pkgRoot = () => spawnSync('sh', ['-c', `cd ${pkg} && pwd -P`], { encoding: 'utf8' }).stdout.trim();

    it('the control: a key for this node and this folder starts from the snapshot', () => {
      const l = run(`${nodeId()} ${pkgRoot()}\n`);
      expect(l.exec).to.contain('--snapshot-blob');
      expect(l.r.status, l.r.stderr).to.equal(0);
    });

    it('a blob built by another node binary', () => fallback(run(`1 2 3 ${pkgRoot()}\n`)));
    it('a blob built in another folder', () => fallback(run(`${nodeId()} /elsewhere/platen\n`)));
    it('a blob older than the last build of dist/src', () => {
      writeFileSync(join(pkg, 'dist', 'tsconfig.tsbuildinfo'), '{}');
      try { fallback(run(`${nodeId()} ${pkgRoot()}\n`)); } finally { rmSync(join(pkg, 'dist', 'tsconfig.tsbuildinfo')); }
    });
    it('NODE_OPTIONS set (V8 refuses a snapshot built with other flags)', () => fallback(run(`${nodeId()} ${pkgRoot()}\n`, { NODE_OPTIONS: '--max-old-space-size=512' })));
    it('no key: the build made no snapshot', () => {
      rmSync(join(pkg, 'dist', 'snapshot', 'key'), { force: true });
      const l = launch(join(pkg, 'src', 'cli', 'platen'), args(join(dir, 'out.pdf')));
      fallback(l);
    });
  });
});
