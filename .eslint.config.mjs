// Lint rules, including the import direction of DESIGN.md:
//   http → render → {template, engine, pdf}, http → store;
//   inside the engine: dom → css → cascade → boxes → layout → paint.
// A module may import from its own stage and the stages before it, never after.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const later = (stages) => stages.flatMap((s) => [`../${s}`, `../${s}/*`, `../../${s}`, `../../${s}/*`]);
const engineStages = ['dom', 'css', 'cascade', 'boxes', 'layout', 'paint'];
const engineDirection = engineStages.map((stage, i) => ({
  files: [`src/engine/${stage}/**/*.ts`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [
        // paint is the last stage: an empty group is invalid config, so it gets no entry
        ...(i + 1 < engineStages.length ? [{ group: later(engineStages.slice(i + 1)), message: `engine/${stage} may not import a later stage (dom → css → cascade → boxes → layout → paint).` }] : []),
        // engine/types.ts is the leaf every stage shares; the facade engine/index.ts is for callers only
        { group: ['../index', '../../index'], message: 'Engine modules import shared types from engine/types.ts, never the facade engine/index.ts.' },
        { group: ['**/http/**', '**/store/**', '**/render/**', '**/cli/**', '**/template/**', '**/pdf/**', 'koa', 'better-sqlite3', 'fs', 'node:fs', 'pdfmake', 'pdfmake/*'], message: 'The engine is pure: no I/O, no HTTP, no store, no pdfmake runtime.' },
      ],
    }],
  },
}));

const noUp = (dirs, msg) => ({ 'no-restricted-imports': ['error', { patterns: [{ group: dirs.flatMap((d) => [`**/${d}`, `**/${d}/**`]), message: msg }] }] });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'fixtures/**', 'src/dashboard/static/vendor/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  { files: ['src/engine/*.ts'], rules: noUp(['http', 'store', 'render', 'cli', 'template', 'pdf'], 'The engine imports nothing from http, store, render, template, pdf or cli.') },
  ...engineDirection,
  { files: ['src/store/**/*.ts'], rules: noUp(['http', 'render', 'engine', 'cli', 'pdf', 'template', 'dashboard'], 'store is a leaf: http → store, never back.') },
  { files: ['src/template/**/*.ts', 'src/pdf/**/*.ts'], rules: noUp(['http', 'render', 'store', 'cli', 'dashboard'], 'template and pdf sit below render and http.') },
  { files: ['src/render/**/*.ts'], rules: noUp(['http', 'cli', 'store', 'dashboard'], 'render sits below http: http → render → {template, engine, pdf}.') },
  // the dashboard sits beside the API in http's process: it may use http's pieces, store, render and template, never the engine or pdf directly
  { files: ['src/dashboard/**/*.ts'], rules: noUp(['cli', 'engine', 'pdf'], 'The dashboard renders through render/, never the engine or pdf directly.') },
  // the dashboard's browser scripts (ES modules, no build step)
  {
    files: ['src/dashboard/static/**/*.js', 'src/dashboard/vendor/**/*.mjs'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(['window', 'document', 'navigator', 'fetch', 'performance', 'setTimeout', 'clearTimeout', 'atob', 'Element', 'console', 'URL'].map((g) => [g, 'readonly'])),
    },
  },
  { files: ['src/cli/**/*.ts', 'src/bench/**/*.ts', 'test/**/*.ts'], rules: { 'no-console': 'off' } },
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-unused-expressions': 'off' } },
  // the build check runs before anything is compiled: plain CommonJS for node
  { files: ['src/build-if-stale.js', 'src/build-snapshot.js'], languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', __dirname: 'readonly', process: 'readonly' } }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
