import { expect } from 'chai';
import { inflateSync } from 'node:zlib';
import { renderHtmlToPdf } from '../../src/render/renderDocument';

/** q/Q balance of every text-bearing content stream of a PDF (inflated). */
function stateBalances(pdf: Buffer): { depth: number; lowest: number }[] {
  const out: { depth: number; lowest: number }[] = [];
  const text = pdf.toString('latin1');
  const re = /\/FlateDecode[^]*?stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    let body: string;
    try { body = inflateSync(pdf.subarray(start, end)).toString('latin1'); } catch { continue; }
    if (!body.includes('BT')) continue; // fonts and images are streams too
    let depth = 0, lowest = 0;
    for (const op of body.match(/(?<![A-Za-z])[qQ](?![A-Za-z])/g) ?? []) {
      depth += op === 'q' ? 1 : -1;
      lowest = Math.min(lowest, depth);
    }
    out.push({ depth, lowest });
  }
  return out;
}

describe('pdf: graphics state stays balanced on every page', () => {
  it('a table with vertically centred cells that breaks across pages opens and closes q/Q on each page', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `<tr><td>Row ${i}</td><td style="vertical-align: bottom">${i * 7}</td><td>x</td></tr>`).join('');
    const html = `<!doctype html><table><thead><tr><th>Name</th><th>Value</th><th>Mark</th></tr></thead><tbody>${rows}</tbody></table>`;
    const { pdf } = await renderHtmlToPdf({ html, css: 'td { padding: 4px; vertical-align: middle }', engine: {} });
    const pages = stateBalances(pdf);
    expect(pages.length).to.be.greaterThan(1);
    for (const page of pages) expect(page).to.deep.equal({ depth: 0, lowest: 0 });
  });
});
