// Spec facts found on held-out-style invoices, letters and label sheets (session 20), each read from
// the fragment tree in pt and checked against Chromium 156's PDF of the same HTML (`pdftotext -bbox`).
import { expect } from 'chai';
import { boxOf, layoutOf, linesOf, pageAt, textOf } from '../../helpers/layout';

describe('layout: a table\'s percentage width is of the containing block, whatever its margins (CSS 2.1 §10.2, §10.3.3)', () => {
  // a 450pt wide containing block
  const CSS = "@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 10pt/15pt 'DejaVu Sans' } table { border-collapse: collapse } td { padding: 0 }";

  it('`width: 50%; margin-left: 40px; margin-right: 30px` is 225pt wide at x = 30pt (the end margin gives way)', () => {
    // Chromium 156: A1 starts at 30pt, the right-aligned A2 ends at 255pt
    const { root } = layoutOf('<table id="t" style="width: 50%; margin-left: 40px; margin-right: 30px"><tr><td>A1</td><td>A2</td></tr></table>', CSS);
    const t = boxOf(root, '#t');
    expect(t.x).to.be.closeTo(30, 0.01);
    expect(t.width).to.be.closeTo(225, 0.01);
  });

  it('a floated `width: 50%; margin-right: 30px` table is 225pt wide, its right edge 22.5pt from the containing block\'s', () => {
    // Chromium 156 (the sums table of an Invoicebus credit note): B1 starts at 202.5pt, B2 ends at 427.5pt
    const { root } = layoutOf('<table id="t" style="width: 50%; margin-right: 30px; float: right"><tr><td>B1</td><td>B2</td></tr></table>', CSS);
    const t = boxOf(root, '#t');
    expect(t.x).to.be.closeTo(202.5, 0.01);
    expect(t.width).to.be.closeTo(225, 0.01);
  });
});

describe('boxes: a <br> in a flex or grid container joins the anonymous item of the text around it (as Chromium 156 builds it)', () => {
  const CSS = "@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 10pt/15pt 'DejaVu Sans' }";

  it('`AAA<br>BBB<span>CCC</span>` in a flex row: one item of two lines, the span beside it', () => {
    // Chromium 156: AAA and BBB at x = 0 on lines 15pt apart, CCC at x = 21.08 (AAA's width) on the first line
    const { root } = layoutOf('<div id="f" style="display: flex">AAA<br>BBB<span id="c">CCC</span></div>', CSS);
    const lines = linesOf(boxOf(root, '#f'));
    expect(lines.map(textOf)).to.deep.equal(['AAA', 'BBB', 'CCC']);
    expect(lines[1]!.y - lines[0]!.y).to.be.closeTo(15, 0.01);
    expect(lines[0]!.x).to.equal(lines[1]!.x);
    expect(boxOf(root, '#c').x).to.be.closeTo(21.08, 0.02);
    expect(boxOf(root, '#c').y).to.be.closeTo(0, 0.01);
  });

  it('`DDD<br>EEE<span>FFF</span>` in a two-column grid: DDD and EEE in the first cell, FFF in the second', () => {
    // Chromium 156: DDD and EEE at x = 0 (15pt apart), FFF at x = 100pt on DDD's line
    const { root } = layoutOf('<div id="g" style="display: grid; grid-template-columns: 100pt 100pt">DDD<br>EEE<span id="s">FFF</span></div>', CSS);
    const lines = linesOf(boxOf(root, '#g'));
    expect(lines.map(textOf)).to.deep.equal(['DDD', 'EEE', 'FFF']);
    expect(lines[1]!.y - lines[0]!.y).to.be.closeTo(15, 0.01);
    expect(boxOf(root, '#s').x).to.be.closeTo(100, 0.01);
    expect(boxOf(root, '#s').y).to.be.closeTo(lines[0]!.y, 0.01);
  });

  it('a leading <br> gives the item an empty first line', () => {
    // Chromium 156: GGG on the second line of its column flex container (15pt down)
    const { root } = layoutOf('<div id="f" style="display: flex; flex-direction: column"><br>GGG</div>', CSS);
    const g = linesOf(boxOf(root, '#f')).find((l) => textOf(l) === 'GGG')!;
    expect(g.y - boxOf(root, '#f').y).to.be.closeTo(15, 0.01);
  });
});

describe('layout: the pages hold where a fixed box starts (as Chromium 156 prints a footer pushed into the bottom margin)', () => {
  // page areas of 280pt (280.5pt: whole px, as Blink lays pages out)
  const CSS = "@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/15pt 'DejaVu Sans' } p { margin: 0 }";
  const doc = (style: string) => `<p>L0</p><div id="f" style="position: fixed; ${style}">F</div>`;
  const cases: [string, number][] = [
    // Chromium 156: its top edge at 300pt, below the first page area: a second page, the box at its top
    ['bottom: -60pt; height: 40pt', 2],
    // top edge at 270pt: on the first page (its overflow is cut, the document keeps one page)
    ['bottom: -30pt; height: 40pt', 1],
    // above the page area
    ['top: -50pt; height: 40pt', 1],
    // starts on the third page area (561pt)
    ['top: 600pt; height: 10pt', 3],
    ['top: 280.5pt; height: 10pt', 2],
    ['top: 280pt; height: 10pt', 1],
  ];
  for (const [style, n] of cases) {
    it(`\`${style}\`: ${n} page${n > 1 ? 's' : ''}`, () => {
      const { pages, fixed } = layoutOf(doc(style), CSS);
      expect(pages).to.have.length(n);
      expect(pageAt(pages, fixed[0]!.y)).to.be.at.most(n - 1);
    });
  }
});
