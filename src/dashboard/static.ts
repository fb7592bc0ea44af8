// The dashboard's static files: its CSS and scripts, the committed CodeMirror bundle, and
// pdf.js from the pdfjs-dist package. A fixed list, read once and kept in memory with a gzip
// copy and an ETag; anything else under /dashboard/static is 404.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type Router from '@koa/router';
import type { AppState } from '../http/context';
import { repoRoot } from '../paths';

const STATIC_DIR = join(repoRoot, 'src', 'dashboard', 'static');
const PDFJS_DIR = join(dirname(require.resolve('pdfjs-dist/package.json')), 'build');

const FILES: Readonly<Record<string, string>> = {
  'app.css': join(STATIC_DIR, 'app.css'),
  'app.js': join(STATIC_DIR, 'app.js'),
  'editor.js': join(STATIC_DIR, 'editor.js'),
  'codemirror.js': join(STATIC_DIR, 'vendor', 'codemirror.js'),
  'pdf.min.mjs': join(PDFJS_DIR, 'pdf.min.mjs'),
  'pdf.worker.min.mjs': join(PDFJS_DIR, 'pdf.worker.min.mjs'),
};

const TYPES: Readonly<Record<string, string>> = { css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', mjs: 'text/javascript; charset=utf-8' };

interface Loaded { readonly bytes: Buffer; readonly gzip: Buffer; readonly etag: string; readonly type: string }

const loaded = new Map<string, Loaded>();

function load(name: string): Loaded {
  let file = loaded.get(name);
  if (!file) {
    const bytes = readFileSync(FILES[name]!);
    file = { bytes, gzip: gzipSync(bytes), etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`, type: TYPES[name.split('.').pop()!]! };
    loaded.set(name, file);
  }
  return file;
}

export function serveStatic(router: Router<AppState>): void {
  router.get('/static/:name', (ctx) => {
    const name = ctx.params.name!;
    if (!Object.prototype.hasOwnProperty.call(FILES, name)) return; // falls through to 404
    const file = load(name);
    ctx.set('ETag', file.etag);
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('Vary', 'Accept-Encoding');
    if (ctx.get('if-none-match') === file.etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = file.type;
    if (/\bgzip\b/.test(ctx.get('accept-encoding'))) {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = file.gzip;
    } else {
      ctx.body = file.bytes;
    }
  });
}
