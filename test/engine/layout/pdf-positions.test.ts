// The layout stage's positions as a viewer reads them back from the PDF (pdfjs-dist): text at
// its baseline, a bottom: 0 footer at its page coordinate, the page a heading starts on.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { wordsOf, type PdfWord } from '../../helpers/pdf';
import { boxOf, layoutOf, linesOf } from '../../helpers/layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif }';

async function words(html: string, css: string): Promise<PdfWord[]> {
  const r = layoutHtml(html, css, { measureText });
  return wordsOf(await toPdf(r.docDefinition, r.fonts));
}

const find = (ws: PdfWord[], text: string) => {
  const w = ws.find((x) => x.text.includes(text));
  if (!w) throw new Error(`no word ${text} in ${ws.map((x) => x.text).join(' | ')}`);
  return w;
};

describe('layout → PDF: positions read back', () => {
  it("a line's text sits on the baseline layout gave it", async () => {
    const html = '<p id="p" style="margin:0;font-size:20pt">Hg</p>';
    const { root, pages } = layoutOf(html, PAGE);
    const line = linesOf(boxOf(root, '#p'))[0]!;
    const w = find(await words(html, PAGE), 'Hg');
    expect(w.baseline).to.be.closeTo(pages[0]!.margin.top + line.baseline, 0.2);
    expect(w.x).to.be.closeTo(9.75, 0.2); // the 13.33px margin on a whole px, where Chromium draws it
  });

  it('a position: absolute; bottom: 0 footer ends at the page area bottom of page 1', async () => {
    const css = `${PAGE} #f { position: absolute; bottom: 0; left: 0; font: 10pt/10pt sans-serif }`;
    const ws = await words('<p>body</p><div id="f">Footer</div>', css);
    const f = find(ws, 'Footer');
    expect(f.page).to.equal(0);
    // the line box (10pt) ends at 290pt; its baseline is above that by the descent share of the line
    expect(f.baseline).to.be.within(284, 290);
  });

  it('a heading after a forced break starts on page 2', async () => {
    const ws = await words('<p>one</p><h2 style="break-before:page">Second</h2>', PAGE);
    expect(find(ws, 'Second').page).to.equal(1);
  });

  it('a fixed box repeats on every page', async () => {
    const ws = await words('<div style="position:fixed;top:0">Banner</div><div style="height:500pt"></div>', PAGE);
    expect(ws.filter((w) => w.text.includes('Banner')).map((w) => w.page)).to.deep.equal([0, 1]);
  });

  it('the same input gives byte-identical PDFs', async () => {
    const html = '<h1>Title</h1><p>Some text <b>bold</b> and <a href="#t">a link</a>.</p><div id="t" style="border:1pt dashed red;background:#eee">target</div>';
    const render = async () => { const r = layoutHtml(html, PAGE, { measureText }); return Buffer.from(await toPdf(r.docDefinition, r.fonts)); };
    const [a, b] = [await render(), await render()];
    expect(a.equals(b)).to.equal(true);
  });
});
