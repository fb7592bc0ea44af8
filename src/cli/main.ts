#!/usr/bin/env node
// platen CLI. PLACEHOLDER with `render` only; issue #2 adds serve/accounts/keys/templates/globals.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderHtmlToPdf } from '../render/renderDocument';

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'render') {
    console.error('usage: platen render FILE.html [--css FILE] [--format A4] -o OUT.pdf');
    return 2;
  }
  const file = rest.find((a, i) => !a.startsWith('-') && !['-o', '--css', '--format', '--params'].includes(rest[i - 1] ?? ''));
  const out = rest[rest.indexOf('-o') + 1];
  if (!file || !out) return main([]);
  const html = readFileSync(file, 'utf8');
  const { pdf, diagnostics } = await renderHtmlToPdf({ html, css: '', engine: {} });
  writeFileSync(out, pdf);
  for (const d of diagnostics) console.error(`${d.source ?? file}:${d.line}:${d.column}: ${d.code}: ${d.message}`);
  return 0;
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
