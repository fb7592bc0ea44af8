// `npm start`'s build step (src/build-if-stale.js) in a scratch package with a stand-in tsc that
// records each run: nothing is compiled when no source is newer than the last build, an edited,
// added or deleted source builds again, a failed build is retried on the next start, and a
// build empties the compile cache (src/compileCache.ts) of the code it replaced.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../src/paths';

describe('npm start: build only when a source is newer than dist/', function () {
  this.timeout(30_000);
  let root: string;
  const runs = () => (existsSync(join(root, 'tsc-runs')) ? readFileSync(join(root, 'tsc-runs'), 'utf8').split('\n').filter(Boolean).length : 0);
  const start = (env: Record<string, string> = {}) => spawnSync(process.execPath, [join(root, 'src', 'build-if-stale.js')], { encoding: 'utf8', env: { ...process.env, ...env } });
  const touch = (file: string) => { const t = new Date(); utimesSync(file, t, t); }; // modified now: after the last build

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'platen-build-'));
    for (const dir of ['src', 'test', 'node_modules/typescript/bin', 'dist/.compile-cache']) mkdirSync(join(root, dir), { recursive: true });
    copyFileSync(join(repoRoot, 'src', 'build-if-stale.js'), join(root, 'src', 'build-if-stale.js'));
    // the stand-in snapshot build (src/build-snapshot.js): one line per run
    writeFileSync(join(root, 'src', 'build-snapshot.js'), `require('node:fs').appendFileSync(${JSON.stringify(join(root, 'snapshot-runs'))}, 'run\\n');\n`);
    for (const file of ['tsconfig.json', 'package.json', 'package-lock.json']) writeFileSync(join(root, file), '{}\n');
    writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'dist', '.compile-cache', 'old.bin'), 'code of a replaced file');
    // the stand-in compiler: one line per run; TSC_FAIL=1 makes it fail as tsc does on a type error
    writeFileSync(join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
      `require('node:fs').appendFileSync(${JSON.stringify(join(root, 'tsc-runs'))}, process.argv.slice(2).join(' ') + '\\n');\nprocess.exit(process.env.TSC_FAIL === '1' ? 1 : 0);\n`);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const snapshots = () => (existsSync(join(root, 'snapshot-runs')) ? readFileSync(join(root, 'snapshot-runs'), 'utf8').split('\n').filter(Boolean).length : 0);

  it('builds (tsc --incremental, then the startup snapshot) when dist/ was never built, and empties the compile cache', () => {
    const r = start();
    expect(r.status, r.stderr).to.equal(0);
    expect(runs()).to.equal(1);
    expect(snapshots()).to.equal(1);
    expect(readFileSync(join(root, 'tsc-runs'), 'utf8')).to.contain('--incremental');
    expect(existsSync(join(root, 'dist', '.build-stamp'))).to.equal(true);
    expect(existsSync(join(root, 'dist', '.compile-cache'))).to.equal(false);
  });

  it('compiles nothing when no source changed since', () => {
    expect(start().status).to.equal(0);
    expect(start().status).to.equal(0);
    expect(runs()).to.equal(1);
    expect(snapshots()).to.equal(1);
  });

  it('builds again after an edit to a .ts file or to package-lock.json', () => {
    touch(join(root, 'src', 'a.ts'));
    expect(start().status).to.equal(0);
    expect(runs()).to.equal(2);
    expect(start().status).to.equal(0);
    expect(runs()).to.equal(2);
    touch(join(root, 'package-lock.json'));
    expect(start().status).to.equal(0);
    expect(runs()).to.equal(3);
  });

  it('builds again after a source is deleted (its folder changes)', () => {
    rmSync(join(root, 'src', 'a.ts'));
    expect(start().status).to.equal(0);
    expect(runs()).to.equal(4);
  });

  it('a failed build stops the start with its exit code, and the next start builds again', () => {
    writeFileSync(join(root, 'test', 'b.ts'), 'export const b = 2;\n');
    touch(join(root, 'test', 'b.ts'));
    expect(start({ TSC_FAIL: '1' }).status).to.equal(1);
    expect(runs()).to.equal(5);
    expect(start().status).to.equal(0);
    expect(runs()).to.equal(6);
  });
});
