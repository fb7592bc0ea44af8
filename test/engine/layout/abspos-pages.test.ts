// CSS Fragmentation 3 over absolutely positioned boxes, as Chromium 156 prints them: a box whose
// top edge is known before its height (`top`, or its static position) breaks across the pages
// it crosses, its content continuing at the next page's top as flow content does, and the
// document gets the pages it covers. Each expectation was checked against Chromium 156's PDF of
// the same HTML (positions from `pdftotext -bbox`). Flow positions in pt: the page areas are
// stacked, each 280.5pt tall (280pt rounded up to whole px, as Blink lays pages out).
import { expect } from 'chai';
import { boxOf, layoutOf, linesOf, pageAt, textOf } from '../../helpers/layout';

const CSS = "@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/15pt 'DejaVu Sans' } p { margin: 0 }";
const lines = (n: number) => Array.from({ length: n }, (_, i) => `<p>L${i}</p>`).join('');

describe('layout: absolutely positioned boxes break across pages (CSS Fragmentation 3, as Chromium 156 prints)', () => {
  const cases: { name: string; html: string; pages: number; first: Record<string, number> }[] = [
    // Chromium: L0 at 20pt on page 1, L16 its last line; L17 at the top of page 2
    { name: 'a box at `top` whose lines run past the page end', html: `<div id="a" style="position: absolute; top: 20pt">${lines(30)}</div>`, pages: 2, first: { L0: 20, L16: 260, L17: 280.5, L29: 460.5 } },
    // Chromium: the box at its static position below "flow"; L17 (which would cross the page end from 270) at page 2's top
    { name: 'a box at its static position', html: `<p>flow</p><div id="a" style="position: absolute">${lines(30)}</div>`, pages: 2, first: { L0: 15, L16: 255, L17: 280.5 } },
    // Chromium: the content overflowing a 100pt tall box goes on to page 2 as well
    { name: 'the content overflowing a box of fixed height', html: `<div id="a" style="position: absolute; top: 20pt; height: 100pt">${lines(30)}</div>`, pages: 2, first: { L16: 260, L17: 280.5 } },
    // the Woo-style invoice: the whole body is an absolutely positioned box of the page's height in a page-sized wrapper
    { name: 'a page-high box (`height: 100%`) in a page-sized relatively positioned wrapper', html: `<div style="position: relative; height: 280pt"><div id="a" style="position: absolute; top: 0; left: 0; width: 100%; height: 100%">${lines(40)}</div></div>`, pages: 3, first: { L17: 255, L18: 280.5, L36: 561 } },
    // Chromium honours a forced break inside the box
    { name: 'a forced break inside the box', html: `<div id="a" style="position: absolute; top: 20pt">${lines(5)}<p style="break-before: page">P</p></div>`, pages: 2, first: { L4: 80, P: 280.5 } },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root, pages } = layoutOf(c.html, CSS);
      expect(pages).to.have.length(c.pages);
      const all = linesOf(boxOf(root, '#a'));
      for (const [text, y] of Object.entries(c.first)) {
        const line = all.find((l) => textOf(l) === text);
        expect(line, text).to.not.equal(undefined);
        expect(line!.y, text).to.be.closeTo(y, 0.01);
      }
    });
  }

  it('an empty box taller than the page: the pages grow to hold its border box', () => {
    // Chromium: 2 pages for a 500pt box at 20pt (it ends at 520, on page 2)
    const { root, pages } = layoutOf('<div id="a" style="position: absolute; top: 20pt; height: 500pt; width: 50pt; background: #ccc">x</div>', CSS);
    expect(pages).to.have.length(2);
    expect(boxOf(root, '#a').height).to.be.closeTo(500, 0.01);
  });

  it('an in-flow box taller than a `height: 100%` root: the pages grow to hold its border box', () => {
    // Chromium: 2 pages for a 500pt box in html, body { height: 100% } (the body ends on page 1, the box on page 2)
    const { root, pages } = layoutOf('<div id="a" style="height: 500pt; width: 50pt; background: #ccc">x</div>', CSS + ' html, body { height: 100% }');
    expect(pages).to.have.length(2);
    expect(boxOf(root, '#a').height).to.be.closeTo(500, 0.01);
  });

  it('a box placed below the first page: the page that shows it is printed', () => {
    // Chromium: "far" on page 2, 120pt below its page area's top
    const { root, pages } = layoutOf('<div id="a" style="position: absolute; top: 400pt">far</div>', CSS);
    expect(pages).to.have.length(2);
    expect(pageAt(pages, boxOf(root, '#a').y)).to.equal(1);
  });

  it('a box at `bottom` is not broken: its lines rise above the page and the document keeps one page', () => {
    // Chromium: one page, L29 the last line at the page area's bottom, L0 above the page
    const { root, pages } = layoutOf(`<div id="a" style="position: absolute; bottom: 0">${lines(30)}</div>`, CSS);
    expect(pages).to.have.length(1);
    const all = linesOf(boxOf(root, '#a'));
    expect(all[29]!.y + all[29]!.height).to.be.closeTo(280, 0.01);
    expect(all[0]!.y).to.be.lessThan(0);
  });

  it('a fixed box is not broken: it repeats on every page', () => {
    const { fixed, pages } = layoutOf(`<div style="position: fixed; top: 20pt">${lines(30)}</div>${lines(30)}`, CSS);
    expect(pages).to.have.length(2);
    const f = fixed[0]!;
    expect(linesOf(f)[17]!.y).to.be.closeTo(275, 0.01);
  });
});
