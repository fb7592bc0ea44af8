// Placed pages (src/pdf/placed.ts): paint's definition of absolutely positioned nodes, page by
// page, is the only one the pdf layer takes (pdfmake's layout never runs): its text, links,
// destinations and page sizes come back from the PDF; anything else is refused.
import { expect } from 'chai';
import { layoutHtml, type DocDefinition } from '../../src/engine';
import { toPdf } from '../../src/pdf';
import { rgbaPng } from '../helpers/canary';
import { links, placedText } from '../helpers/engine';

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

/** the definition with its first section's first node unplaced */
function unplaced(dd: DocDefinition): DocDefinition {
  const copy = structuredClone(dd) as DocDefinition & { content: { section: Record<string, unknown>[] }[] };
  delete copy.content[0]!.section[0]!.absolutePosition;
  return copy;
}

describe('pdf: placed pages', function () {
  this.timeout(30000);

  it('draw their text, links and destinations on pages of their own sizes', async () => {
    const { docDefinition, fonts } = layoutHtml(HTML, '', {});
    const sections = docDefinition.content as { section: unknown[]; pageSize: { width: number } }[];
    expect(sections.length).to.be.greaterThan(1);
    expect(new Set(sections.map((s) => s.pageSize.width)).size).to.equal(2);
    const pdf = await toPdf(structuredClone(docDefinition), structuredClone(fonts));
    const texts = await placedText(pdf);
    expect(texts.length).to.be.greaterThan(10);
    expect(texts.map((t) => t.str).join(' ')).to.contain('Landscape').and.to.contain('struck');
    expect(new Set(texts.map((t) => t.page)).size).to.equal(sections.length);
    // (a link is one rectangle per word of a justified line, one per line piece otherwise)
    expect([...new Set((await links(pdf)).map((l) => l.dest ?? l.url))]).to.deep.equal(['end', 'https://example.com/x']);
  });

  it('a named destination is at the top of its box, in the y-up space of the page', async () => {
    const { docDefinition, fonts } = layoutHtml(HTML, '', {});
    const pdf = await toPdf(structuredClone(docDefinition), structuredClone(fonts));
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const d = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
    const dest = await d.getDestination('end') as [unknown, { name: string }, number, number, null];
    const page = await d.getPage(d.numPages);
    const height = page.view[3]!;
    await d.destroy();
    expect(dest[1].name).to.equal('XYZ');
    // the landscape page's h2 starts in its page area, whose top is 15mm (42.52pt) below the page's top
    expect(dest[3]).to.be.within(height - 42.52 - 30, height - 42.52);
  });

  it('a definition with a node that is not placed is refused, not laid out by pdfmake', async () => {
    const { docDefinition, fonts } = layoutHtml(HTML, '', {});
    let error: unknown;
    try { await toPdf(unplaced(docDefinition), fonts); } catch (e) { error = e; }
    expect(error).to.be.instanceOf(Error);
    expect((error as Error).message).to.match(/placed pages/);
  });
});
