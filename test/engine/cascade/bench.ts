// Cascade timings (not a test: speed targets live in benchmarks). Run:
//   npx tsc -p tsconfig.json && node dist/test/engine/cascade/bench.js
// Prints CPU milliseconds (wall time is meaningless on a shared machine) for the corpus
// documents (first cascade in the process, then warm), and a 4,000-row Bootstrap table.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cascade } from '../../../src/engine/cascade';
import { DiagnosticList } from '../../../src/engine/diagnostics';
import type { Resource } from '../../../src/engine';
import { LIMITS } from './helpers';

const CORPUS = process.env.PLATEN_CORPUS ?? '/work/shared/corpus';

function cpu(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function cascadeDoc(dir: string, html: string): void {
  const resources = (path: string): Resource | undefined => {
    const full = join(dir, path);
    return existsSync(full) && statSync(full).isFile() ? { bytes: readFileSync(full) } : undefined;
  };
  cascade({ html, css: '', options: { format: 'A4', resources, limits: { ...LIMITS, maxDomNodes: 1_000_000 } }, diagnostics: new DiagnosticList() });
}

if (require.main === module) {
  const rows: string[] = [];
  for (const doc of existsSync(CORPUS) ? readdirSync(CORPUS) : []) {
    const dir = join(CORPUS, doc);
    if (!existsSync(join(dir, 'index.html'))) continue;
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const first = cpu(() => cascadeDoc(dir, html));
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) warm.push(cpu(() => cascadeDoc(dir, html)));
    warm.sort((a, b) => a - b);
    rows.push(`${doc.padEnd(20)} first ${first.toFixed(0).padStart(5)} ms   warm median ${warm[2]!.toFixed(1).padStart(6)} ms`);
  }
  const bootstrap = join(CORPUS, 'adminlte-invoice/dist/css/adminlte.min.css');
  if (existsSync(bootstrap)) {
    const css = readFileSync(bootstrap, 'utf8');
    let body = '';
    for (let i = 0; i < 4000; i++) body += `<tr class="${i % 2 ? 'odd' : 'even'}"><td class="text-right">${i}</td><td><span class="badge badge-success">ok</span></td><td>Item ${i}</td><td class="font-weight-bold">${i}.00</td></tr>\n`;
    const html = `<!doctype html><html><head><style>${css}</style></head><body><div class="container"><table class="table table-striped"><tbody>${body}</tbody></table></div></body></html>`;
    const times = [0, 1, 2].map(() => cpu(() => cascadeDoc('.', html)));
    rows.push(`${'4000-row table'.padEnd(20)} (24k elements + 1.4 MB Bootstrap) ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')}`);
  }
  console.log(rows.join('\n'));
}
