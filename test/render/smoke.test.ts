import { expect } from 'chai';
import { renderHtmlToPdf } from '../../src/render/renderDocument';
import { parsePdf } from '../helpers/pdf';

describe('render: HTML to PDF end to end', () => {
  it('puts the document text on an A4 page by default', async () => {
    const { pdf } = await renderHtmlToPdf({ html: '<p>Hello Platen</p>', css: '', engine: {} });
    const parsed = await parsePdf(pdf);
    expect(parsed.pages).to.have.length(1);
    expect(parsed.pages[0]).to.include({ width: 595.28, height: 841.89 });
    expect(parsed.text).to.contain('Hello Platen');
  });

  it('gives byte-identical PDFs for the same input', async () => {
    const a = await renderHtmlToPdf({ html: '<p>same</p>', css: '', engine: {} });
    const b = await renderHtmlToPdf({ html: '<p>same</p>', css: '', engine: {} });
    expect(Buffer.compare(a.pdf, b.pdf)).to.equal(0);
  });
});
