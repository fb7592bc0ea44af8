// The startup snapshot's entry (issue #16). `platen render` through the launcher (src/cli/platen)
// starts from a V8 heap that already holds the render path loaded (engine, css-tree's lexer,
// Nunjucks, pdfmake and pdfkit with their patches), the Liberation faces parsed and one warm-up
// render done, instead of loading, compiling and warming all of that in every process.
//
// src/build-bundle.js bundles this file and what it imports into one script and runs it under
// `node --build-snapshot`: the heap after the warm-up render is the blob. When node starts from
// the blob, the deserialized main runs the CLI's own main() with the render command already
// loaded, so the same code writes the same bytes as `node dist/src/cli/main.js render`.
// Only `render` is routed here: the other commands load the store (a native addon, which a
// snapshot cannot hold) or cost no more than node's own start.
import * as v8 from 'node:v8';
import { checkPatchTargets } from '../pdf';
import { renderHtmlToPdf } from '../render/renderDocument';
import { checkTemplate, renderTemplate } from '../template';
import { CliError } from './args';
import { renderCommand } from './commands/render';
import { main } from './main';

/** The warm-up document: not the demo invoice (the bench renders that), but the same kinds of
 * work: a template loop and filters, headings, a table, a list, borders and the three Liberation
 * families in their four styles. */
const WARM_UP_HTML = `<!doctype html>
<html lang="en"><head><title>{{ title }}</title><meta name="author" content="Platen"></head>
<body>
<header><h1>{{ title | upper }}</h1><p class="note">Prepared {{ date }} for <b>{{ customer.name }}</b>, {{ customer.city }}</p></header>
<p>Regular text, <b>bold</b>, <i>italic</i> and <b><i>bold italic</i></b>; <span class="serif">serif, <b>bold</b>, <i>italic</i>, <b><i>both</i></b></span>;
<code>mono 0123456789</code>, <code><b>bold</b></code>, <code><i>italic</i></code>, <code><b><i>both</i></b></code>.</p>
<table>
  <thead><tr><th>Description</th><th class="num">Qty</th><th class="num">Price</th><th class="num">Amount</th></tr></thead>
  <tbody>{% for line in lines %}<tr><td>{{ line.name }}</td><td class="num">{{ line.qty }}</td><td class="num">{{ line.price | round(2) }}</td><td class="num">{{ (line.qty * line.price) | round(2) }}</td></tr>{% endfor %}</tbody>
  <tfoot><tr><td colspan="3">Total</td><td class="num">{{ total | round(2) }}</td></tr></tfoot>
</table>
<ol>{% for line in lines %}<li>{{ line.name }}{% if loop.last %}.{% else %};{% endif %}</li>{% endfor %}</ol>
<div class="box"><p>Quick brown foxes jump over the lazy dog: äöü ß €, “quotes” — and dashes.</p></div>
</body></html>`;
const WARM_UP_CSS = `@page { size: A4; margin: 20mm 18mm; @bottom-right { content: counter(page) " / " counter(pages); font-size: 8pt } }
body { font-family: "Liberation Sans", sans-serif; font-size: 10pt; line-height: 1.4; color: #222 }
h1 { font-size: 18pt; margin: 0 0 4pt; color: #1e3a8a }
.note { color: #666; font-size: 9pt }
.serif { font-family: "Liberation Serif", serif }
code { font-family: "Liberation Mono", monospace }
table { width: 100%; border-collapse: collapse; margin: 12pt 0 }
th, td { padding: 4pt 6pt; border-bottom: 0.5pt solid #ccc; text-align: left }
th { background: #f1f5f9; font-weight: bold }
.num { text-align: right }
tfoot td { font-weight: bold; border-top: 1pt solid #222 }
.box { border: 1pt solid #94a3b8; border-radius: 4pt; padding: 6pt 10pt; background: #f8fafc }`;
const WARM_UP_PARAMS = {
  title: 'Warm-up',
  date: '2026-01-01',
  customer: { name: 'Example Ltd', city: 'Lyon' },
  lines: Array.from({ length: 12 }, (_, i) => ({ name: `Item number ${i + 1}`, qty: i + 1, price: 9.5 + i * 3.25 })),
  total: 1234.5,
};

async function warmUp(): Promise<void> {
  checkPatchTargets();
  const refused = checkTemplate(WARM_UP_HTML);
  if (refused.length) throw new Error(`warm-up template refused: ${refused.map((r) => r.message).join('; ')}`);
  const html = renderTemplate(WARM_UP_HTML, { params: WARM_UP_PARAMS, globals: {} }, { strictVariables: false });
  const { pdf } = await renderHtmlToPdf({ html, css: WARM_UP_CSS, engine: {}, pdf: { date: '2026-01-01T00:00:00.000Z' } });
  if (pdf.length < 1000) throw new Error('warm-up render made no PDF');
}

if (!v8.startupSnapshot?.isBuildingSnapshot()) throw new Error('src/cli/snapshot.ts is the entry of `node --build-snapshot`, not a program');
v8.startupSnapshot.setDeserializeMainFunction(() => {
  // node [--snapshot-blob FILE] ARGS...: the arguments follow node's own, as for a script
  void main(process.argv.slice(1), {
    load: async (command) => {
      if (command.name !== 'render') throw new CliError(`the startup snapshot runs "render" only, not "${command.name}" (run dist/src/cli/main.js)`);
      return renderCommand;
    },
  }).then(() => {
    // The PDF is written (synchronously) and the summary too: exit now rather than wait for
    // V8's background compile jobs and tear the heap down page by page (the kernel frees it at
    // once). Output still queued on a stream (an asynchronous pipe) is left to drain normally.
    if (!process.stdout.writableLength && !process.stderr.writableLength) process.exit();
  });
});
warmUp().catch((err: unknown) => {
  process.stderr.write(`platen: the startup snapshot's warm-up render failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
