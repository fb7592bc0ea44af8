#!/usr/bin/env node
// Builds the CLI's startup snapshot (issue #16), after tsc has built dist/src:
//  1. esbuild bundles dist/src/cli/snapshot.js and the render path it imports into one script,
//     dist/snapshot/render.js (a V8 startup snapshot takes one script: no require of files);
//  2. `node --build-snapshot` runs that script (modules loaded, a warm-up render done) and writes
//     the heap to dist/snapshot/render.blob;
//  3. dist/snapshot/key records what the blob is only valid for: the node binary that built it
//     (size, modification time, inode: a blob is specific to one node build) and this folder,
//     and on its second line the V8 flags it was built with, which the launcher passes again.
// src/cli/platen starts `platen render` from the blob when the key matches, else runs
// dist/src/cli/main.js. Without esbuild (an install without dev dependencies) or when node
// cannot build the snapshot, it says so and leaves no blob: the CLI then runs as before.
// esbuild runs here only, at build time; nothing is downloaded or built at run time.
'use strict';
const { spawnSync } = require('node:child_process');
const { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { createRequire, isBuiltin } = require('node:module');
const { dirname, join, relative } = require('node:path');

const root = join(__dirname, '..');
const out = join(root, 'dist', 'snapshot');
const bundle = join(out, 'render.js');
const blob = join(out, 'render.blob');
const keyFile = join(out, 'key');

// A render allocates a few MB on top of the ~23 MB heap it starts from: a young generation that
// starts at 16 MB and an old one at 96 MB spare it a dozen scavenges and a full mark-compact
// (-10-15% CPU). TurboFan's tier-up budget 8 times V8's default (67584): a render in a fresh
// process spent more CPU compiling optimized code (on V8's background threads, which the
// process also waits for at exit) than that code saved; with the larger budget the functions
// that stay hot through a long document are still optimized (demo invoice -10%, report-10
// -50%, report-100 about the same). V8 checks the flags: a blob runs only with the flags it
// was built with.
const V8_FLAGS = ['--min-semi-space-size=16', '--initial-old-space-size=96', '--interrupt-budget=540672'];

/** What the launcher compares (the node binary's size, mtime in s, inode; the package folder), then the flags to run with. */
function snapshotKey() {
  const st = statSync(process.execPath);
  return `${st.size} ${Math.floor(st.mtimeMs / 1000)} ${st.ino} ${root}\n${V8_FLAGS.join(' ')}\n`;
}

// esbuild resolves as node's require() does (tsc's output requires): one copy of each package
// (fontkit's ESM build would be a second copy beside the CommonJS one pdfkit requires).
const platenPlugin = {
  name: 'platen',
  setup(b) {
    // the CLI's other commands stay files (they load the store, a native addon): the snapshot runs render only
    b.onResolve({ filter: /^\.\/commands\// }, (args) => {
      if (!args.importer.endsWith(join('cli', 'table.js')) || args.path === './commands/render.js') return undefined;
      return { path: `./${relative(out, join(args.resolveDir, args.path))}`, external: true };
    });
    // fontkit: every importer but fontkitShared gets fontkitShared's copy, as the compiled tree does
    b.onResolve({ filter: /^fontkit$/ }, (args) => (args.importer.endsWith('fontkitShared.js') ? undefined : { path: 'fontkit', namespace: 'fontkit-shared' }));
    b.onLoad({ filter: /.*/, namespace: 'fontkit-shared' }, () => ({
      contents: `module.exports = require(${JSON.stringify(join(root, 'dist', 'src', 'pdf', 'fontkitShared.js'))}).fontkitShared;`, loader: 'js', resolveDir: out,
    }));
    // fontkit's WOFF2 reader (brotli, 1.3 MB of code): Platen decodes WOFF2 before fontkit sees
    // it, so brotli is required from node_modules on first use instead of held in the snapshot
    b.onResolve({ filter: /^brotli\/decompress(\.js)?$/ }, (args) => ({ path: args.path, namespace: 'on-first-use' }));
    b.onLoad({ filter: /.*/, namespace: 'on-first-use' }, (args) => ({
      contents: `let m; module.exports = (...a) => (m ??= require('node:module').createRequire(__filename)(${JSON.stringify(args.path)}))(...a);`, loader: 'js',
    }));
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      try { return { path: createRequire(args.importer || join(args.resolveDir, 'entry.js')).resolve(args.path) }; } catch { return undefined; }
    });
    // libraries that read their own files by __dirname (pdfkit's AFM metrics and ICC profile)
    // read them from node_modules, relative to the bundle
    b.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!/\b__dirname\b/.test(text)) return undefined;
      return { contents: text.replace(/\b__dirname\b/g, `__platenDirname(${JSON.stringify(relative(out, dirname(args.path)))})`), loader: 'js' };
    });
  },
};

async function main() {
  rmSync(out, { recursive: true, force: true });
  let esbuild;
  try { esbuild = require('esbuild'); } catch {
    process.stderr.write('build-snapshot: esbuild is not installed (dev dependency): no startup snapshot, `platen render` starts without one\n');
    return;
  }
  mkdirSync(out, { recursive: true });
  const started = Date.now();
  await esbuild.build({
    stdin: { contents: 'require("./src/cli/snapshot.js");', resolveDir: join(root, 'dist'), sourcefile: 'snapshot-entry.js' },
    bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: bundle,
    // smaller source, smaller heap to deserialize; names kept (errors and pdfkit's class checks read them)
    minify: true, keepNames: true, legalComments: 'none', logLevel: 'error',
    banner: { js: 'var __platenDirname = (rel) => require("path").join(__dirname, rel);' },
    plugins: [platenPlugin],
  });
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // V8 refuses a blob built with other V8 flags than it runs with
  // --no-warnings: node warns that snapshots of node:module and node:vm are not fully verified;
  // the launcher's tests compare the snapshot's PDFs with the compiled tree's, byte for byte
  const r = spawnSync(process.execPath, ['--no-warnings', ...V8_FLAGS, '--snapshot-blob', `${blob}.tmp`, '--build-snapshot', bundle], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) {
    rmSync(`${blob}.tmp`, { force: true });
    process.stderr.write(`build-snapshot: node --build-snapshot failed (exit ${r.status ?? r.signal}): no startup snapshot, \`platen render\` starts without one\n`);
    return;
  }
  renameSync(`${blob}.tmp`, blob);
  writeFileSync(keyFile, snapshotKey());
  process.stdout.write(`build-snapshot: dist/snapshot/render.blob (${(statSync(blob).size / 1e6).toFixed(1)} MB) in ${Date.now() - started} ms\n`);
}

main().catch((err) => {
  rmSync(out, { recursive: true, force: true });
  process.stderr.write(`build-snapshot: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
