// CSS 2.1 §11.1.2 `clip` (CSS Masking 1 §5.1): an absolutely positioned box and its content cut
// to rect(top, right, bottom, left) from its border box's top-left corner, `auto` its edge; a
// box that is not absolutely positioned is not cut. The "visually hidden" pattern (1px box,
// overflow hidden, clip: rect(0, 0, 0, 0)) writes no text into the PDF, as Chromium 156 prints
// it (pdftotext of its PDF); the colours are its print rasterised with pdftoppm at 72 dpi.
import { expect } from 'chai';
import { pixelsOf } from '../../pdf/tools';
import { links, pdfOfHtml, placedText } from '../../helpers/engine';

const PAGE = '@page { size: 200pt 200pt; margin: 0 } body { margin: 0; font: 12pt "Liberation Sans" }';
type Px = [number, number, number];

const HTML = [
  '<div style="position:absolute;left:0;top:0;width:40pt;height:40pt;background:#f00;clip:rect(10pt 30pt 30pt 10pt)"><div style="width:60pt;height:20pt;background:#00f"></div></div>',
  '<div style="position:absolute;left:50pt;top:0;width:40pt;height:40pt;background:#0f0;clip:rect(auto, auto, 20pt, auto)"></div>',
  '<div style="position:relative;left:100pt;top:0;width:40pt;height:40pt;background:#00f;clip:rect(0,0,0,0)"></div>',
  '<span style="position:absolute;top:60pt;left:0;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap">Skip to content</span>',
  '<p style="position:absolute;top:80pt;margin:0">Shown <a href="https://example.com/" style="position:absolute;clip:rect(0 0 0 0)">hidden words</a></p>',
].join('');

describe('paint: clip (CSS 2.1 §11.1.2)', () => {
  let bytes: Buffer;
  let at: (x: number, y: number) => Px;
  before(async () => {
    bytes = await pdfOfHtml(HTML, PAGE);
    const px = pixelsOf(bytes);
    at = (x, y) => px.at(x, y);
  });
  const cases: [string, number, number, Px][] = [
    ['outside the rectangle: nothing', 5, 5, [255, 255, 255]],
    ['inside it: the child over the box', 15, 15, [0, 0, 255]],
    ['inside it: the box', 15, 25, [255, 0, 0]],
    ['past its right and bottom offsets: nothing', 35, 35, [255, 255, 255]],
    ['auto sides are the border box edges', 55, 10, [0, 255, 0]],
    ['below the bottom offset: nothing', 55, 30, [255, 255, 255]],
    ['a box that is not absolutely positioned is not cut', 120, 20, [0, 0, 255]],
  ];
  for (const [name, x, y, want] of cases) {
    it(name, () => expect(at(x, y), `${x},${y}`).to.deep.equal(want));
  }
  it('text clipped to nothing is not written, nor its link', async () => {
    expect((await placedText(bytes)).map((t) => t.str).join(' ')).to.equal('Shown');
    expect(await links(bytes)).to.deep.equal([]);
  });
});
