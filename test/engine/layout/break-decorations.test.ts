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

// CSS Fragmentation 3 §4.1 as Chromium 156 breaks: a box's block-end padding and borders do not
// break, so when they do not fit below its last content on that page, the break goes earlier:
// before the last lines (as many as widows asks), before the last child, or before the box.
// The margin of the last child, inside that padding, goes with it. Expected: where Chromium 156
// prints the next paragraph on page 2, from the page area's top (a 160pt page area; 15pt lines).
const TALL = '@page { size: 300pt 200pt; margin: 20pt } body { margin: 0; font: 12pt/15pt serif } p { margin: 0 }';
const LINES = (n: number) => Array.from({ length: n }, (_, i) => `L${i + 1}`).join('<br>');

describe('layout: the block-end padding and borders go with the last content (CSS Fragmentation 3 §4.1, as Chromium prints)', () => {
  // [case, the boxes after a 40pt block, where "after" starts on page 2]
  const cases: [string, string, number][] = [
    ['padding below a paragraph: its last two lines (widows: 2) go to page 2', `<div style="padding-bottom:12pt"><p>${LINES(8)}</p></div>`, 42],
    ['a pre with padding: the same', `<pre style="font:inherit;margin:0;padding:12pt 0">${LINES(7).replace(/<br>/g, '\n')}</pre>`, 42],
    ['a bottom border: the same', `<div style="border-bottom:10pt solid"><p>${LINES(8)}</p></div>`, 39.75],
    ['widows: 1 moves one line', `<div style="padding-bottom:12pt;widows:1"><p>${LINES(8)}</p></div>`, 27],
    ['the paddings of nested boxes add up; the last child block moves', `<div style="padding-bottom:6pt"><div style="padding-bottom:6pt">${LINES(8).split('<br>').map((l) => `<div>${l}</div>`).join('')}</div></div>`, 27],
    ['the last child\'s bottom margin inside the padding counts', `<div style="padding-bottom:12pt"><p style="margin-bottom:10pt">${LINES(8)}</p></div>`, 52],
  ];
  for (const [name, boxes, after] of cases) {
    it(name, () => {
      const { root, pages } = layoutOf(`<!DOCTYPE html><div style="height:40pt"></div>${boxes}<p id="a">after</p>`, TALL);
      expect(pages).to.have.length(2);
      expect(boxOf(root, '#a').y - pages[1]!.flowTop).to.be.closeTo(after, 0.3);
    });
  }

  it('a margin alone (no padding or border below it) is not kept: it truncates at the break', () => {
    const { root, pages } = layoutOf(`<!DOCTYPE html><div style="height:40pt"></div><div><p style="margin-bottom:12pt">${LINES(8)}</p></div><p id="a">after</p>`, TALL);
    expect(pages).to.have.length(2);
    expect(boxOf(root, '#a').y - pages[1]!.flowTop).to.be.closeTo(0, 0.01);
  });

  it('a one-line box whose padding does not fit moves to the next page whole', () => {
    const { root, pages } = layoutOf(`<!DOCTYPE html><div style="height:135pt"></div><div id="b" style="padding-bottom:12pt">L1</div><p id="a">after</p>`, TALL);
    expect(pages).to.have.length(2);
    expect(boxOf(root, '#b').y - pages[1]!.flowTop).to.be.closeTo(0, 0.01);
    expect(boxOf(root, '#a').y - pages[1]!.flowTop).to.be.closeTo(27, 0.01);
  });
});
