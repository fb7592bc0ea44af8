// The dashboard's pages: Nunjucks views in ./views (read from the source tree, so they need no
// build step), autoescaped. This environment is the dashboard's own: it shares nothing with the
// one that renders users' templates.
import { join } from 'node:path';
import nunjucks from 'nunjucks';
import { repoRoot } from '../paths';

export const VIEWS_DIR = join(repoRoot, 'src', 'dashboard', 'views');

export function createViews(options: { watch?: boolean } = {}): nunjucks.Environment {
  const loader = new nunjucks.FileSystemLoader(VIEWS_DIR, { noCache: options.watch === true });
  const env = new nunjucks.Environment(loader, { autoescape: true, throwOnUndefined: false, trimBlocks: true, lstripBlocks: true });
  /** an ISO time as `2026-11-26 18:40 UTC` */
  env.addFilter('when', (iso: unknown) => (typeof iso === 'string' && iso.length >= 16 ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '—'));
  env.addFilter('ms', (n: unknown) => (typeof n === 'number' ? `${n < 10 ? n.toFixed(1) : Math.round(n)} ms` : '—'));
  env.addFilter('kb', (n: unknown) => (typeof n === 'number' ? `${(n / 1024).toFixed(n < 10240 ? 1 : 0)} KB` : '—'));
  env.addFilter('json', (v: unknown) => JSON.stringify(v, null, 2));
  return env;
}
