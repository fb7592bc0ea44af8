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

  it('reports the page count the PDF\'s page tree has (forced breaks, a named landscape page, content taller than a page)', async () => {
    const documents = [
      '<p>one page</p>',
      '<h1>a</h1><p style="break-after: page">first</p><p>second</p>',
      '<p>first</p><h1 style="break-before: right">right-hand</h1>',
      '<style>@page wide { size: A4 landscape } .w { page: wide }</style><p>portrait</p><div class="w">landscape</div><p>portrait again</p>',
      '<div style="height: 2500pt">tall</div>',
    ];
    for (const html of documents) {
      const out = await renderHtmlToPdf({ html, css: '', engine: {} });
      const parsed = await parsePdf(out.pdf);
      expect(out.pages, html).to.equal(parsed.pages.length);
    }
  });
});
