// The service's HTTP thread validates, looks up and streams; the render workers render. The
// HTTP thread must not load the engine, pdfmake or the fonts just to validate a request: each
// is memory the server process holds once more beside every worker (issue #4, server RSS).
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const distSrc = join(__dirname, '..', '..', 'src');
const repo = join(__dirname, '..', '..', '..');

/**
 * Modules of the given entry points, loaded in a fresh process, whose path inside the repository
 * matches `pattern` (the checkout's own folder names, such as a worktree called pdf, never count).
 */
function loadedModules(entries: readonly string[], pattern: RegExp): string[] {
  const script = `for (const m of ${JSON.stringify(entries)}) require(m);`
    + `process.stdout.write(JSON.stringify(Object.keys(require.cache)));`;
  const all = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[];
  return all.map((path) => (path.startsWith(repo) ? path.slice(repo.length) : path)).filter((path) => pattern.test(path));
}

describe('http: what the HTTP thread loads', () => {
  const renderSide = /[\\/](engine|pdf)[\\/](?!(?:pageFormats|pdfStandards)\.js$)|[\\/]node_modules[\\/](pdfmake|pdfkit|fontkit|htmlparser2|css-tree|nunjucks)[\\/]/;

  it('the app, the store and the worker pool load no engine, pdf, pdfmake, fontkit or Nunjucks module', () => {
    const entries = ['http/app.js', 'render/pool.js', 'store/index.js', 'log.js', 'config.js'].map((m) => join(distSrc, m));
    expect(loadedModules(entries, renderSide)).to.deep.equal([]);
  });

  it('the check is able to fail: the in-process renderer does load them', () => {
    expect(loadedModules([join(distSrc, 'render/index.js')], renderSide)).to.not.be.empty;
  });
});
