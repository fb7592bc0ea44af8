// CSS Color 4 §3.2 `opacity`: the element and its descendants composited as one group (a PDF
// transparency group), read back from the PDF at 72 dpi (1 px = 1 pt). The colours are Chromium
// 156's print of the same document rasterised with pdftoppm. Overlapping children show through
// the group as one layer (blue over red stays blue at half strength, not a mix of both), an
// inline box's background and text fade together, nested opacities multiply, and an element of
// opacity 0 writes nothing: no text, no link (its named destinations stay, as in Chromium's PDF).
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { pixelsOf } from '../../pdf/tools';
import { links, pdfOfHtml, placedText } from '../../helpers/engine';

const PAGE = '@page { size: 200pt 200pt; margin: 0 } body { margin: 0; font: 20pt/20pt "Liberation Sans" } p { margin: 0 }';
type Px = [number, number, number];

const HTML = [
  '<div style="opacity:.5;position:relative;height:40pt">',
  '<div style="position:absolute;left:0;top:0;width:30pt;height:30pt;background:#f00"></div>',
  '<div style="position:absolute;left:15pt;top:10pt;width:30pt;height:30pt;background:#00f"></div></div>',
  '<div style="opacity:.3;background:#0a0;height:20pt;padding-left:40pt">&#x2588;</div>',
  '<p><span style="opacity:.4">&#x2588;</span> <span style="opacity:.5;background:#ff0">&#x2588;<b style="opacity:.5">&#x2588;</b></span></p>',
  '<div style="opacity:0"><p>Hidden <a href="https://example.com/">link</a></p><p id="t">target</p></div>',
  '<p><a href="#t">to</a></p>',
].join('');

describe('paint: opacity (CSS Color 4 §3.2)', () => {
  let bytes: Buffer;
  let at: (x: number, y: number) => Px;
  before(async () => {
    bytes = await pdfOfHtml(HTML, PAGE);
    const px = pixelsOf(bytes);
    at = (x, y) => px.at(x, y);
  });
  const near = (a: Px, b: Px) => a.every((c, i) => Math.abs(c - b[i]!) <= 3);
  const cases: [string, number, number, Px][] = [
    ['the group: red alone at half strength', 5, 5, [255, 127, 127]],
    ['the group: blue over red shows blue only', 25, 20, [127, 127, 255]],
    ['the group: blue alone', 40, 35, [127, 127, 255]],
    ['a block\'s background faded', 5, 50, [178, 229, 178]],
    ['its text over its background: black, faded as one with it', 50, 50, [178, 178, 178]],
    ['an inline box without decorations: its text faded', 5, 70, [153, 153, 153]],
    ['an inline box\'s text over its own background, in one group', 30, 70, [127, 127, 127]],
    ['nested opacities multiply (.5 × .5 over the outer box\'s yellow)', 45, 70, [191, 191, 127]],
  ];
  for (const [name, x, y, want] of cases) {
    it(name, () => expect(near(at(x, y), want), `${x},${y}: ${at(x, y).join(' ')} (want ${want.join(' ')})`).to.equal(true));
  }
  it('a gradient inside an opacity group is drawn where it is, faded (Chromium 156: #1e4fa1 at .1 over white)', async () => {
    const out = await pdfOfHtml('<div style="margin:20pt;width:100pt;height:100pt;background:linear-gradient(135deg, #1e4fa1 50%, transparent 50%);opacity:.1"></div>', PAGE);
    const px = pixelsOf(out);
    // the upper-left half: 0.1 × (30, 79, 161) + 0.9 × 255; the lower-right half: white
    expect(near(px.at(30, 30), [233, 237, 246]), px.at(30, 30).join(' ')).to.equal(true);
    expect(px.at(110, 110)).to.deep.equal([255, 255, 255]);
  });
  it('a page-margin box is drawn opaque whatever its opacity, as Chromium 156 prints it', async () => {
    const r = layoutHtml('x', '@page { size: 200pt 200pt; margin: 40pt 0 0 0; @top-center { content: ""; background: #f00; opacity: .5; height: 20pt; width: 100% } } body { margin: 0 }', { measureText });
    expect(pixelsOf(await toPdf(r.docDefinition, r.fonts)).at(100, 30)).to.deep.equal([255, 0, 0]);
  });
  it('absolutely positioned and fixed boxes placed outside elements with an opacity stay in their groups (on every page for a fixed one), as Chromium 156 prints them', async () => {
    const out = await pdfOfHtml('<div style="position:relative;height:100pt"><div style="opacity:.3">'
      + '<div style="position:absolute;left:0;top:0;width:40pt;height:30pt;background:#00f"></div>'
      + '<div style="opacity:.5"><div style="position:absolute;left:0;top:40pt;width:40pt;height:30pt;background:#00f"></div></div></div></div>'
      + '<div style="opacity:.5"><div style="position:fixed;right:0;bottom:0;width:40pt;height:30pt;background:#00f"></div><div style="height:300pt"></div></div>', PAGE);
    const first = pixelsOf(out, 1); const second = pixelsOf(out, 2);
    const want: [string, Px, Px][] = [
      ['absolute, outside one group of .3', first.at(20, 15), [178, 178, 255]],
      ['absolute, outside groups of .3 and .5', first.at(20, 55), [216, 216, 255]],
      ['fixed on the first page, group of .5', first.at(180, 185), [127, 127, 255]],
      ['fixed on the second page, group of .5', second.at(180, 185), [127, 127, 255]],
    ];
    for (const [name, got, px] of want) expect(near(got, px), `${name}: ${got.join(' ')} (want ${px.join(' ')})`).to.equal(true);
  });
  it('opacity 0 writes no text and no link; the destination inside it stays', async () => {
    const texts = (await placedText(bytes)).map((t) => t.str);
    expect(texts.join(' ')).to.not.match(/Hidden|link|target/);
    const all = await links(bytes);
    expect(all.filter((l) => l.url)).to.deep.equal([]);
    expect(all.filter((l) => l.dest)).to.have.length(1);
    const { docDefinition } = layoutHtml(HTML, PAGE, { measureText });
    expect(JSON.stringify(docDefinition)).to.contain('"destination":"t"');
  });
});
