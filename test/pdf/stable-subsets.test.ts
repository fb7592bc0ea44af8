// Documents that differ only in their numbers share font subsets (src/pdf/stable-subsets.ts):
// the first digit a subset meets brings all ten in a fixed order, so the subset's bytes, and
// the caches keyed by them, are the same for every invoice of a template.
import { expect } from 'chai';
import { layoutHtml } from '../../src/engine';
import { fontParseStats, setPdfFastPaths, toPdf } from '../../src/pdf';
import { pdfText } from './tools';

const doc = (n: string) => `<!doctype html><body style="font-family: 'Liberation Sans'">
  <h1>Invoice INV-${n}</h1><p>Total due ${n.split('').reverse().join('')} EUR, every digit 0123456789 once more.</p>
  <p style="font-family: 'Liberation Serif'">No digits in this face.</p></body>`;

async function render(html: string): Promise<Buffer> {
  const { docDefinition, fonts } = layoutHtml(html, '', {});
  return toPdf(docDefinition, fonts);
}

/** Font subsets served from the subset cache while rendering `html`. */
async function subsetHits(html: string): Promise<{ hits: number; pdf: Buffer }> {
  const before = fontParseStats().subsetHits;
  const pdf = await render(html);
  return { hits: fontParseStats().subsetHits - before, pdf };
}

describe('pdf: font subsets do not depend on which digits a document shows', function () {
  this.timeout(30000);
  afterEach(() => setPdfFastPaths({ digits: true }));

  it('a second document with other digits (first met in another order) reuses every subset, and its text reads back', async () => {
    await render(doc('2026-0042'));
    const second = await subsetHits(doc('9871-5533'));
    // Liberation Sans bold (h1), regular (p) and Liberation Serif: three faces, three subsets
    expect(second.hits).to.equal(3);
    const text = pdfText(second.pdf).replace(/\s+/g, ' ');
    expect(text).to.contain('Invoice INV-9871-5533');
    expect(text).to.contain('Total due 3355-1789 EUR, every digit 0123456789 once more.');
  });

  it('with the digit block off, the same pair makes new subsets (what the block saves)', async () => {
    setPdfFastPaths({ digits: false });
    await render(doc('1111-0000'));
    const second = await subsetHits(doc('7777-2222'));
    expect(second.hits).to.equal(1); // only the face without digits repeats
    expect(pdfText(second.pdf).replace(/\s+/g, ' ')).to.contain('Invoice INV-7777-2222');
  });
});
