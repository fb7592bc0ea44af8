#!/usr/bin/env node
// Builds dist/ with tsc only when a source is newer than the last build, so `npm start`,
// `npm run platen` and `npm run bench` start at once when nothing changed. The last build is
// the stamp file written after tsc succeeded; any .ts under src/ or test/, tsconfig.json,
// package.json or package-lock.json modified after it (a checkout, an edit, a pull) builds again,
// incrementally (tsc --incremental keeps its own record in dist/). `npm run build` always builds.
// A build empties dist/.compile-cache, V8's code for the files it replaced (src/compileCache.ts),
// and builds the CLI's startup snapshot again (src/build-snapshot.js).
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const stamp = join(root, 'dist', '.build-stamp');

function newest(path) {
  let st;
  try { st = statSync(path); } catch { return 0; }
  if (!st.isDirectory()) return path.endsWith('.ts') || path.endsWith('.json') ? st.mtimeMs : 0;
  let max = st.mtimeMs; // a deleted or renamed file changes its folder
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sources = Math.max(...['src', 'test', 'tsconfig.json', 'package.json', 'package-lock.json'].map((p) => newest(join(root, p))));
if (built > 0 && sources < built) process.exit(0);

const tsc = require.resolve('typescript/bin/tsc');
const started = Date.now();
const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.json'), '--incremental'], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
// the compile cache (src/compileCache.ts) holds code of the files this build replaced
rmSync(join(root, 'dist', '.compile-cache'), { recursive: true, force: true });
const snapshot = spawnSync(process.execPath, [join(__dirname, 'build-snapshot.js')], { stdio: 'inherit' });
if (snapshot.status !== 0) process.exit(snapshot.status ?? 1);
writeFileSync(stamp, `built in ${Date.now() - started} ms\n`);
