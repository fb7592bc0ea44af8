// CSS Fragmentation 3 §4.1 as Chromium 156 fragments a box: its borders and padding do not
// break, so a box with nothing inside whose padding crosses the page's end moves to the next
// page whole, while a box with a content height is sliced inside that height. (Each expected
// position is where Chromium 156 prints the box's next sibling.) Read from the fragment tree
// (pt; the page area 280.5pt high: its 10pt margins on whole px; borders on whole px).
import { expect } from 'chai';
import { boxOf, layoutOf } from '../../helpers/layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } p { margin: 0 }';

describe('layout: borders and padding do not break (CSS Fragmentation 3 §4.1, as Chromium prints)', () => {
  // [case, the boxes after a 200pt (or `before`) block, where "after" starts on page 2 (from its top)]
  const cases: [string, string, number, number?][] = [
    ['an empty box of padding only (height: 0) moves to page 2 whole', '<div style="padding-top:20pt;padding-bottom:100pt;height:0"></div>', 120],
    ['an empty box of padding only (height: auto) moves to page 2 whole', '<div style="padding-top:20pt;padding-bottom:100pt"></div>', 120],
    ['an empty box of border only moves to page 2 whole', '<div style="border-top:20pt solid;border-bottom:100pt solid"></div>', 119.25],
    ['an empty box whose top padding fits on page 1 but not the rest moves whole too', '<div style="padding-top:20pt;padding-bottom:100pt;height:0"></div>', 120, 270],
    ['two such boxes: both on page 2', '<div style="padding:20pt 0 100pt;height:0"></div><div style="padding:20pt 0 100pt;height:0"></div>', 240],
    ['a box with a content height is sliced inside it', '<div style="height:120pt"></div>', 39.5],
    ['a box with padding and a content height is sliced inside the height', '<div style="padding-top:20pt;height:100pt"></div>', 39.5],
  ];
  for (const [name, boxes, after, before] of cases) {
    it(name, () => {
      const { root, pages } = layoutOf(`<!DOCTYPE html><div style="height:${before ?? 200}pt"></div>${boxes}<p id="a">after</p>`, PAGE);
      expect(pages).to.have.length(2);
      expect(boxOf(root, '#a').y - pages[1]!.flowTop).to.be.closeTo(after, 0.01);
    });
  }

  it('an empty box at the top of a page stays there (nothing is gained by moving it)', () => {
    const { root, pages } = layoutOf('<!DOCTYPE html><div id="b" style="padding-bottom:400pt"></div><p>after</p>', PAGE);
    expect(boxOf(root, '#b').y).to.equal(0);
    expect(pages.length).to.equal(2);
  });
});
