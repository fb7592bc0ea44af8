// What the document paints on a page shows inside the page area only, as Chromium 156 prints
// it (CSS Paged Media 3 §3.2 leaves overflow into the page margins to the UA): a negative
// margin's background is cut at the area's edge, a marker hanging left of it is not drawn. A
// position: fixed box (CSS 2.1 §9.6.1) has a copy per page placed against that page's area; a
// copy reaching past its area shows, cut, on the pages whose area it reaches: a footer at
// `bottom: -20pt` on no page of its own but at the top of the next one, a header at `top: -20pt`
// at the foot of the page before. (Chromium prints these documents so: pdftotext of its PDF.)
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { layoutOf } from '../../helpers/layout';
import { wordsOf, type PdfWord } from '../../helpers/pdf';
import { pixelsOf } from '../../pdf/tools';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt 20pt } body { margin: 0; font: 10pt/12pt sans-serif }';
const TWO_PAGES = '<p style="margin:0">first</p><div style="height:400pt"></div><p style="margin:0">second</p>';

async function render(html: string): Promise<Uint8Array> {
  const r = layoutHtml(html, PAGE, { measureText });
  expect(r.diagnostics).to.deep.equal([]);
  return toPdf(r.docDefinition, r.fonts);
}
const where = (ws: PdfWord[], text: string) => ws.filter((w) => w.text.includes(text)).map((w) => ({ page: w.page, baseline: w.baseline }));

describe('paint: the page area cuts what the document paints (as Chromium prints)', () => {
  it('a background reaching into the page margins by a negative margin is cut at the page area', async () => {
    const px = pixelsOf(await render('<div style="margin:0 -15pt;height:20pt;background:rgb(0,0,255)"></div>'));
    const blue = (p: [number, number, number]) => p[2] > 200 && p[0] < 60;
    expect(blue(px.at(25, 20)), 'inside the area').to.equal(true);
    expect(blue(px.at(175, 20)), 'inside the area, right').to.equal(true);
    expect(blue(px.at(12, 20)), 'in the left margin').to.equal(false);
    expect(blue(px.at(188, 20)), 'in the right margin').to.equal(false);
  });

  it('list markers hanging wholly left of the page area are not drawn; the items are', async () => {
    const ws = (await wordsOf(await render('<ol style="padding-left:0;margin:0"><li>apple</li><li>pear</li></ol>'))).map((w) => w.text.trim());
    expect(ws).to.include.members(['apple', 'pear']);
    expect(ws.filter((w) => /^\d\.$/.test(w))).to.deep.equal([]);
  });
});

describe('paint: fixed boxes in print, a copy per page (as Chromium prints)', () => {
  const cases: { name: string; css: string; pages: number[]; from: number; to: number }[] = [
    { name: 'inside the page area: on every page at its place', css: 'bottom: 0', pages: [0, 1], from: 270, to: 290 },
    { name: 'below the page area (bottom: -20pt): only at the top of page 2, 10pt into its area', css: 'bottom: -20pt', pages: [1], from: 10, to: 30 },
    { name: 'above the page area (top: -20pt): only at the foot of page 1, the copy of page 2', css: 'top: -20pt', pages: [0], from: 260, to: 290 },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const html = `<div style="position:fixed;${c.css};left:0;font:10pt/10pt sans-serif">Footer</div>${TWO_PAGES}`;
      expect(layoutOf(html, PAGE).pages).to.have.length(2);
      const at = where(await wordsOf(await render(html)), 'Footer');
      expect(at.map((w) => w.page)).to.deep.equal(c.pages);
      for (const w of at) expect(w.baseline).to.be.within(c.from, c.to);
    });
  }
});
