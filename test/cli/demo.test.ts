// The first-start demo templates: accepted by the save-time check, laid out without a single
// diagnostic, and giving the documents they promise (a one-page invoice, a report of several pages).
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_TEMPLATES } from '../../src/cli/demo';
import { fixturesDir } from '../../src/paths';
import { renderHtmlToPdf } from '../../src/render/renderDocument';
import { checkTemplate, renderTemplate } from '../../src/template';
import { parsePdf, wordsOf } from '../helpers/pdf';

const demo = (file: string) => readFileSync(join(fixturesDir, 'demo', file), 'utf8');

async function renderDemo(base: string) {
  const html = renderTemplate(demo(`${base}.html`), { params: JSON.parse(demo(`${base}.sample.json`)) as Record<string, unknown>, globals: JSON.parse(demo('globals.json')) as Record<string, unknown> });
  const out = await renderHtmlToPdf({ html, css: demo(`${base}.css`), engine: {} });
  return { ...out, parsed: await parsePdf(out.pdf) };
}

describe('demo templates (fixtures/demo)', () => {
  it('are accepted by the save-time template check', () => {
    for (const t of DEMO_TEMPLATES) expect(checkTemplate(demo(`${t.base}.html`)), t.id).to.deep.equal([]);
  });

  it('invoice: one A4 page, no diagnostics, computed totals and globals in the text', async () => {
    const { diagnostics, parsed } = await renderDemo('invoice');
    expect(diagnostics).to.deep.equal([]);
    expect(parsed.pages).to.have.length(1);
    expect(parsed.pages[0]).to.include({ width: 595.28, height: 841.89 });
    for (const text of ['INV-2026-042', 'Ada Lovelace', 'Platen Demo Ltd', '1,350.00', '1,389.90', '1,667.88']) expect(parsed.text).to.contain(text);
  });

  it('invoice: the numeric columns\' headers end where their numbers end (right-aligned over right-aligned numbers)', async () => {
    const { pdf } = await renderDemo('invoice');
    const words = await wordsOf(pdf);
    const right = (w: { x: number; width: number }) => w.x + w.width;
    const description = words.find((w) => w.text.startsWith('Description'))!;
    expect(description, 'the Description header').to.not.equal(undefined);
    for (const header of ['Qty', 'Unit price', 'Amount']) {
      const h = words.find((w) => w.text.startsWith(header) && Math.abs(w.baseline - description.baseline) < 1);
      expect(h, header).to.not.equal(undefined);
      // the numbers below the header whose right edge is nearest to the header's
      const numbers = words.filter((w) => /^[\d.,]+$/.test(w.text) && w.baseline > h!.baseline + 1);
      const nearest = Math.min(...numbers.map((n) => Math.abs(right(n) - right(h!))));
      expect(nearest, `${header}: header right edge vs its column's numbers`).to.be.lessThan(0.5);
      expect(numbers.filter((n) => Math.abs(right(n) - right(h!)) < 0.5).length, header).to.be.greaterThan(1);
    }
  });

  it('report: several A4 pages, no diagnostics, every week and region present', async () => {
    const { diagnostics, parsed } = await renderDemo('report');
    expect(diagnostics).to.deep.equal([]);
    expect(parsed.pages.length).to.be.greaterThan(1);
    for (const text of ['Quarterly report', 'Revenue by region', 'Week 13', 'West', 'Note 3']) expect(parsed.text).to.contain(text);
  });
});
