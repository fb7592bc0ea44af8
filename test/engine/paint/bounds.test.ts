// Paint and the page's edges: what starts past a page's right or bottom edge shows nothing of
// itself, so paint draws none of it, and the PDF has exactly the pages the layout made (pdfmake
// would start a page for a node far below its page).
import { expect } from 'chai';
import { renderHtmlToPdf } from '../../../src/render/renderDocument';
import { PlatenError } from '../../../src/errors';
import { layoutOf } from '../../helpers/layout';
import { parsePdf } from '../../helpers/pdf';

describe('paint: nodes past the page\'s edge', () => {
  const cases: { name: string; html: string; shown: string }[] = [
    { name: 'a fixed line whose line-height puts its text far below the page', html: '<p>kept</p><div style="position: fixed; line-height: 1e9">gone</div>', shown: 'kept' },
    { name: 'text placed right of the page', html: '<p>kept</p><div style="position: absolute; left: 1000000px">gone</div>', shown: 'kept' },
    { name: 'an image placed right of the page', html: '<p>kept</p><svg style="position: absolute; left: 2000px" width="10" height="10"><text y="8">gone</text></svg>', shown: 'kept' },
  ];
  for (const c of cases) {
    it(`${c.name}: not drawn, and the PDF has the layout's pages`, async () => {
      const { pages } = layoutOf(c.html);
      const pdf = await parsePdf((await renderHtmlToPdf({ html: c.html, css: '', engine: {} })).pdf);
      expect(pdf.pages.length).to.equal(pages.length);
      expect(pdf.text.trim()).to.equal(c.shown);
    });
  }

  it('an absolutely positioned line whose line-height is 1e9: its box breaks across the pages it covers, which stop at the page cap with the clear error', async () => {
    const html = '<p>kept</p><div style="position: absolute; line-height: 1e9">gone</div>';
    const failed = await renderHtmlToPdf({ html, css: '', engine: {}, limits: { maxPages: 5 } }).then(() => undefined, (e: unknown) => e);
    expect(failed).to.be.instanceOf(PlatenError);
    expect((failed as PlatenError).code).to.equal('render_failed');
    expect((failed as Error).message).to.match(/more than 5 pages/);
  });
});
