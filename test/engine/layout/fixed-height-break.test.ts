// CSS Fragmentation 3 §4.1 and CSS Break 3 §5.3 "fragmented boxes": a block with a definite
// `height` that crosses a page end, as Chromium 156 prints it. The height is consumed across the
// fragments (the box ends where its unbroken border box would, counted in the flow of the pages),
// and the content that overflows it goes on breaking between pages like any other line. Every
// position below was read from Chromium 156's PDF of the same HTML (`pdftotext -bbox`): 300px
// pages, 15pt lines.
import { expect } from 'chai';
import { layoutOf, linesOf, pageAt, textOf } from '../../helpers/layout';

const CSS = '@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 12px/20px sans-serif }';
/** the second page's top in the flow, in pt */
const PAGE2 = 225;
const lines = Array.from({ length: 10 }, (_, i) => `<div>L${i + 1}</div>`).join('');

function lineOf(html: string, text: string) {
  const { root, pages } = layoutOf(html, CSS);
  const line = linesOf(root).find((l) => textOf(l) === text);
  if (!line) throw new Error(`no line ${text}`);
  return { y: line.y, page: pageAt(pages, line.y) };
}

describe('layout: a block with a definite height across a page end (CSS Fragmentation 3, as Chromium 156)', () => {
  it('height: 150px from 200px down: 4 lines on page 1, the block ends 70px into page 2 and the next block follows it there', () => {
    // Chromium 156: L1 at 157.5pt (below the 5px border and 5px padding), L5 at the top of page 2, "after" at 52.5pt on page 2
    const html = `<div style="height: 200px"></div><div style="height: 150px; border: 5px solid; padding: 5px">${lines}</div><div>after</div>`;
    expect(lineOf(html, 'L1').y).to.be.closeTo(157.5, 0.01);
    expect(lineOf(html, 'L4').page).to.equal(0);
    expect(lineOf(html, 'L5').y).to.be.closeTo(PAGE2, 0.01);
    expect(lineOf(html, 'after').y).to.be.closeTo(PAGE2 + 52.5, 0.01);
  });

  it('height: 60px: the block ends on page 1 with the next block after it; its overflowing lines go on to page 2', () => {
    // Chromium 156: "after" at 202.5pt on page 1, L4 at 198.75pt, L5 at the top of page 2
    const html = `<div style="height: 200px"></div><div style="height: 60px; border: 5px solid">${lines}</div><div>after</div>`;
    expect(lineOf(html, 'after').y).to.be.closeTo(202.5, 0.01);
    expect(lineOf(html, 'L4').y).to.be.closeTo(198.75, 0.01);
    expect(lineOf(html, 'L5').y).to.be.closeTo(PAGE2, 0.01);
  });
});
