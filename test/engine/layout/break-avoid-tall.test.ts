// CSS Fragmentation 3 §3.2 `break-inside: avoid`, as Chromium 156 breaks: a box that avoids
// breaks inside it and crosses a page (or column) end moves to the next page or column even when
// it is taller than that one, and breaks there (the break before it is the better break; what
// follows is not looked at). Only a box first in its fragmentainer stays. Every position below was
// read from Chromium 156's PDF of the same HTML (`pdftotext -bbox`): 300px pages, 15pt lines.
import { expect } from 'chai';
import { layoutOf, linesOf, pageAt, textOf } from '../../helpers/layout';

const CSS = '@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 12px/20px sans-serif }';
/** the second page's top in the flow, in pt */
const PAGE2 = 225;
const lines = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `<div>${prefix}${i + 1}</div>`).join('');

function lineOf(html: string, text: string) {
  const { root, pages } = layoutOf(html, CSS);
  const line = linesOf(root).find((l) => textOf(l) === text);
  if (!line) throw new Error(`no line ${text}`);
  return { x: line.x, y: line.y, page: pageAt(pages, line.y) };
}

describe('layout: break-inside: avoid moves a box taller than a page to the next page (CSS Fragmentation 3 §3.2, as Chromium 156)', () => {
  it('a 20-line box (400px) starting 100px down page 1 starts page 2 and breaks on page 2', () => {
    // Chromium 156: "top" alone on page 1; L1 at the top of page 2, L15 its last line there, L16 on page 3
    const html = `<div style="height: 100px">top</div><div style="break-inside: avoid">${lines('L', 20)}</div><div>after</div>`;
    const l1 = lineOf(html, 'L1');
    expect(l1.page).to.equal(1);
    expect(l1.y).to.be.closeTo(PAGE2, 0.01);
    expect(lineOf(html, 'L15').page).to.equal(1);
    expect(lineOf(html, 'L16').y).to.be.closeTo(2 * PAGE2, 0.01);
  });

  it('the box inside a section: the section stays, the box starts page 2', () => {
    // Chromium 156: S1 at 75pt on page 1 (line top), L1 at the top of page 2
    const html = `<div style="height: 100px">top</div><section><div>S1</div><div style="break-inside: avoid">${lines('L', 18)}</div></section>`;
    expect(lineOf(html, 'S1').y).to.be.closeTo(75, 0.01);
    expect(lineOf(html, 'L1').y).to.be.closeTo(PAGE2, 0.01);
  });

  it('a multicol with a fixed height over a page end: the box goes to the short row of columns on page 2 and breaks there', () => {
    // columns of 100px; row 1 is 200px (page 1), row 2 the 60px left of the 260px height (page 2).
    // Chromium 156: L1 at (75, 75)pt; M1 at (0, 0)pt on page 2, M4 at (75, 0)pt, M6 at (75, 30)pt
    const html = '<div style="height: 100px">top</div><div style="columns: 2; column-gap: 0; column-fill: auto; height: 260px; width: 200px">'
      + `<div style="height: 150px">A</div><div style="break-inside: avoid">${lines('L', 6)}</div><div style="break-inside: avoid">${lines('M', 6)}</div></div>`;
    const l1 = lineOf(html, 'L1');
    expect([l1.x, l1.y]).to.deep.equal([75, 75]);
    const m1 = lineOf(html, 'M1');
    expect(m1.x).to.be.closeTo(0, 0.01);
    expect(m1.y).to.be.closeTo(PAGE2, 0.01);
    const m4 = lineOf(html, 'M4');
    expect(m4.x).to.be.closeTo(75, 0.01);
    expect(m4.y).to.be.closeTo(PAGE2, 0.01);
    expect(lineOf(html, 'M6').y).to.be.closeTo(PAGE2 + 30, 0.01);
  });

  describe('the same rule in flex, grid and float layout', () => {
    const box = `<div style="break-inside: avoid">${lines('L', 20)}</div>`;
    /** Chromium 156's breaks of the 20-line box: L1 at the top of page 2, L15 its last line there, L16 at the top of page 3 */
    const expectMovedAt = (html: string, x: number) => {
      const l1 = lineOf(html, 'L1');
      expect([l1.page, l1.x]).to.deep.equal([1, x]);
      expect(l1.y).to.be.closeTo(PAGE2, 0.01);
      expect(lineOf(html, 'L15').page).to.equal(1);
      expect(lineOf(html, 'L16').y).to.be.closeTo(2 * PAGE2, 0.01);
    };

    it('an item of a column flex container', () => {
      // Chromium 156: "after", the next item, at 75pt on page 3
      const html = `<div style="height: 100px">top</div><div style="display: flex; flex-direction: column">${box}<div>after</div></div>`;
      expectMovedAt(html, 0);
      expect(lineOf(html, 'after').y).to.be.closeTo(2 * PAGE2 + 75, 0.01);
    });

    it('the flex line of a row flex container: its other items move with it', () => {
      const html = `<div style="height: 100px">top</div><div style="display: flex"><div style="width: 100px">B1</div>${box}</div><div>after</div>`;
      expectMovedAt(html, 75);
      expect(lineOf(html, 'B1').y).to.be.closeTo(PAGE2, 0.01);
      expect(lineOf(html, 'after').y).to.be.closeTo(2 * PAGE2 + 75, 0.01);
    });

    it('the grid row: its other items move with it', () => {
      const html = `<div style="height: 100px">top</div><div style="display: grid; grid-template-columns: 100px 1fr"><div>B1</div>${box}</div><div>after</div>`;
      expectMovedAt(html, 75);
      expect(lineOf(html, 'B1').y).to.be.closeTo(PAGE2, 0.01);
      expect(lineOf(html, 'after').y).to.be.closeTo(2 * PAGE2 + 75, 0.01);
    });

    it('a float: it moves, the text after it stays on page 1', () => {
      const html = `<div style="height: 100px">top</div><div style="float: left; width: 100px; break-inside: avoid">${lines('L', 20)}</div><div>after</div>`;
      expectMovedAt(html, 0);
      const after = lineOf(html, 'after');
      expect([after.page, after.x]).to.deep.equal([0, 0]);
      expect(after.y).to.be.closeTo(75, 0.01);
    });
  });
});

// CSS Fragmentation 3 §3.2 / §4.4: the break that a break-inside: avoid box moves to is the one
// before it; when its previous sibling avoids a break after it (a heading), the break goes before
// that sibling too. Chromium 156 (`pdftotext -bbox`): "Head" at the top of page 2, L1 15pt below.
describe('layout: a heading with break-after: avoid goes with the break-inside: avoid box that moves to the next page', () => {
  const head = '<h3 style="margin: 0; font: inherit; break-after: avoid">Head</h3>';
  const box = `<div style="break-inside: avoid">${lines('L', 5)}</div>`;
  it('siblings: the heading starts page 2', () => {
    const html = `<div style="height: 200px">top</div>${head}${box}`;
    expect(lineOf(html, 'Head').y).to.be.closeTo(PAGE2, 0.01);
    expect(lineOf(html, 'L1').y).to.be.closeTo(PAGE2 + 15, 0.01);
  });
  it('the heading first in its section: the section starts page 2', () => {
    const html = `<div style="height: 200px">top</div><section>${head}${box}</section>`;
    expect(lineOf(html, 'Head').y).to.be.closeTo(PAGE2, 0.01);
    expect(lineOf(html, 'L1').y).to.be.closeTo(PAGE2 + 15, 0.01);
  });
});
