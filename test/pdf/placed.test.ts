// Placed pages (src/pdf/placed.ts): a definition of absolutely positioned nodes skips pdfmake's
// layout and must draw what pdfmake's own layout draws of it. The same definition with one node
// left unplaced takes pdfmake's layout and Renderer: the same text at the same positions, the
// same links, the same pictures of the pages (placed text writes fewer operators).
import { expect } from 'chai';
import { layoutHtml, type DocDefinition } from '../../src/engine';
import { toPdf } from '../../src/pdf';
import { rgbaPng } from '../helpers/canary';
import { links, placedText } from '../helpers/engine';
import { pagePixels } from './tools';

const png = `data:image/png;base64,${rgbaPng(4, 2, 7).toString('base64')}`;
const svg = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="green"/></svg>');
const HTML = `<!doctype html><html lang="en"><head><style>
  @page { size: A5; margin: 15mm }
  @page wide { size: A5 landscape }
  .wide { page: wide }
  p { text-align: justify; font: 11pt/1.4 'Liberation Serif' }
  h2 { border-bottom: 2pt dashed #336; background: #eef; letter-spacing: 0.5pt }
  u { text-decoration: underline wavy red } s { text-decoration: line-through }
  td { border: 1pt solid #999; padding: 2pt } .tab { white-space: pre }
</style></head><body>
  <h2 id="top">Placed <u>pages</u> ✈ №42</h2>
  <p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(6)}<a href="#end">to the end</a>, <a href="https://example.com/x">a link</a>, <s>struck</s>.</p>
  <p class="tab">a\tb\t c</p>
  <img src="${png}" style="width: 40pt"> <img src="${svg}" style="width: 30pt">
  <div style="height: 20pt; width: 50pt; background: url(${png}) center / cover no-repeat"></div>
  <table><tr><td>one</td><td style="color: rgba(0,0,0,.5)">two</td></tr></table>
  <section class="wide"><h2 id="end">Landscape</h2><p>the last page</p></section>
</body></html>`;

/** the definition with its first section's mark unplaced: pdfmake lays that one out itself */
function unplaced(dd: DocDefinition): DocDefinition {
  const copy = structuredClone(dd) as DocDefinition & { content: { section: Record<string, unknown>[] }[] };
  delete copy.content[0]!.section[0]!.absolutePosition;
  return copy;
}

describe('pdf: placed pages', function () {
  this.timeout(30000);

  it('draw the same text, positions and links as pdfmake\'s own layout of the same nodes', async () => {
    const { docDefinition, fonts } = layoutHtml(HTML, '', {});
    const sections = docDefinition.content as { section: unknown[]; pageSize: { width: number } }[];
    expect(sections.length).to.be.greaterThan(1);
    expect(new Set(sections.map((s) => s.pageSize.width)).size).to.equal(2);
    const byPdfmake = await toPdf(unplaced(docDefinition), structuredClone(fonts));
    const placed = await toPdf(structuredClone(docDefinition), structuredClone(fonts));
    const at = (t: { page: number; str: string; x: number; y: number; fontSize: number }) => `${t.page} ${t.str} ${t.x.toFixed(3)} ${t.y.toFixed(3)} ${t.fontSize}`;
    const texts = (await placedText(placed)).map(at);
    expect(texts.length).to.be.greaterThan(10);
    expect(texts).to.deep.equal((await placedText(byPdfmake)).map(at));
    const placedLinks = await links(placed);
    // (a link is one rectangle per word of a justified line, one per line piece otherwise)
    expect([...new Set(placedLinks.map((l) => l.dest ?? l.url))]).to.deep.equal(['end', 'https://example.com/x']);
    expect(placedLinks).to.deep.equal(await links(byPdfmake));
    const pictures = pagePixels(placed, 72); const pdfmakePictures = pagePixels(byPdfmake, 72);
    expect(pictures.length).to.equal(pdfmakePictures.length).and.to.be.greaterThan(1);
    pictures.forEach((p, i) => expect(p.equals(pdfmakePictures[i]!), `page ${i + 1}`).to.equal(true));
  });
});
