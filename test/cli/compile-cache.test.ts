// The compile cache (src/compileCache.ts) in real processes: the first run writes an entry per
// module, the next compiles from them, a changed module is compiled afresh (never served
// another source's code), NODE_DISABLE_COMPILE_CACHE turns it off, and the CLI's PDF is the same
// byte for byte with a cold cache, a warm one and none.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fixturesDir } from '../../src/paths';

const COMPILE_CACHE = resolve(__dirname, '../../src/compileCache.js');
const CLI = resolve(__dirname, '../../src/cli/main.js');
const nodeHasItsOwn = typeof (Module as unknown as { enableCompileCache?: unknown }).enableCompileCache === 'function';

interface ChildReport { mode: string; value: string; stats: { hits: number; misses: number; rejected: number; written: number } }

describe('compile cache', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'platen-compile-cache-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** A process that turns the cache on, loads ./mod.js, flushes at exit and reports. */
  function run(cacheDir: string, env: Record<string, string> = {}): ChildReport {
    const script = `const c = require(${JSON.stringify(COMPILE_CACHE)});
      const mode = c.enableCompileCache();
      const value = require(${JSON.stringify(join(dir, 'mod.js'))}).value();
      process.on('exit', () => process.stdout.write(JSON.stringify({ mode, value, stats: c.compileCacheStats() })));`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '', NODE_COMPILE_CACHE: cacheDir, ...env } });
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stderr).to.equal('');
    return JSON.parse(r.stdout) as ChildReport;
  }

  it('writes an entry on the first run, compiles from it on the next, and never serves a changed module old code', function () {
    if (nodeHasItsOwn) this.skip(); // Node's own cache keeps no counts this test could read
    const cache = join(dir, 'cache');
    writeFileSync(join(dir, 'mod.js'), '#!/usr/bin/env node\nexports.value = () => "first";\n');
    const first = run(cache);
    expect(first).to.deep.include({ mode: 'hook', value: 'first' });
    expect(first.stats).to.deep.equal({ hits: 0, misses: 1, rejected: 0, written: 1 });
    expect(readdirSync(cache).filter((f) => f.endsWith('.bin'))).to.have.length(1);

    const second = run(cache);
    expect(second.value).to.equal('first');
    expect(second.stats).to.deep.equal({ hits: 1, misses: 0, rejected: 0, written: 0 });

    // the same length, another source: V8 alone would accept the old entry for it
    writeFileSync(join(dir, 'mod.js'), '#!/usr/bin/env node\nexports.value = () => "other";\n');
    const changed = run(cache);
    expect(changed.value).to.equal('other');
    expect(changed.stats).to.deep.equal({ hits: 0, misses: 1, rejected: 0, written: 1 });
  });

  it('NODE_DISABLE_COMPILE_CACHE=1 turns it off: nothing is written', () => {
    const cache = join(dir, 'off');
    writeFileSync(join(dir, 'mod.js'), 'exports.value = () => "plain";\n');
    const r = run(cache, { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(r).to.deep.include({ mode: 'off', value: 'plain' });
    expect(() => readdirSync(cache)).to.throw(/ENOENT/);
  });

  it('platen render writes the same PDF with a cold cache, a warm one and none', () => {
    const cache = join(dir, 'cli');
    const render = (out: string, env: Record<string, string>) => {
      const r = spawnSync(process.execPath, [CLI, 'render', join(fixturesDir, 'demo', 'invoice.html'), '--css', join(fixturesDir, 'demo', 'invoice.css'),
        '--params', join(fixturesDir, 'demo', 'invoice.sample.json'), '-o', join(dir, out)], { encoding: 'utf8', env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '', NODE_COMPILE_CACHE: cache, ...env } });
      expect(r.status, r.stderr).to.equal(0);
      return readFileSync(join(dir, out));
    };
    const cold = render('cold.pdf', {});
    expect(readdirSync(cache).length).to.be.greaterThan(50); // the engine, pdfmake and their libraries
    const warm = render('warm.pdf', {});
    const none = render('none.pdf', { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(cold.subarray(0, 5).toString()).to.equal('%PDF-');
    expect(warm.equals(cold)).to.equal(true);
    expect(none.equals(cold)).to.equal(true);
  });
});
