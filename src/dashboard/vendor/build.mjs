// Bundles the CodeMirror 6 modules the dashboard uses (codemirror-entry.mjs) into one minified
// ES module, ../static/vendor/codemirror.js. Run once after changing the entry or upgrading
// the @codemirror packages (devDependencies), and commit the result: `npm run build:vendor`.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
await build({
  entryPoints: [join(here, 'codemirror-entry.mjs')],
  outfile: join(here, '..', 'static', 'vendor', 'codemirror.js'),
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2020',
  legalComments: 'eof',
  banner: { js: '// CodeMirror 6 (MIT, Marijn Haverbeke and others), bundled by src/dashboard/vendor/build.mjs' },
});
