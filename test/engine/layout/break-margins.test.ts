// CSS Fragmentation 3 §5.2: a top margin that reaches past the page's end breaks there and
// truncates to zero: the box starts at the top of the next page, whether it holds content or
// only has a height. (As Chromium 156 prints `<div style="margin-top:12pt;height:400pt">` whose
// margin crosses the page end: its next sibling sits 400pt + its margin below page 2's top.)
// Read from the fragment tree (pt; a 280pt-high page area).
import { expect } from 'chai';
import { boxOf, layoutOf } from '../../helpers/layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } ';

describe('layout: a margin reaching past the page end truncates there (CSS Fragmentation 3 §5.2)', () => {
  const cases: { name: string; box: string }[] = [
    { name: 'a box with a height and no content starts at the top of page 2', box: '<div id="b" style="margin-top:20pt;height:50pt"></div>' },
    { name: 'a box with content starts at the top of page 2', box: '<div id="b" style="margin-top:20pt">text</div>' },
    { name: 'a box with a min-height and no content starts at the top of page 2', box: '<div id="b" style="margin-top:20pt;min-height:50pt"></div>' },
    { name: 'a table starts at the top of page 2 (its caption first)', box: '<table style="margin-top:20pt"><caption id="b">Caption</caption><tr><td>cell</td></tr></table>' },
    { name: 'a flex container starts at the top of page 2', box: '<div id="b" style="margin-top:20pt;display:flex"><div>item</div></div>' },
    { name: 'a grid container starts at the top of page 2', box: '<div id="b" style="margin-top:20pt;display:grid"><div>item</div></div>' },
    { name: 'a block image starts at the top of page 2', box: '<img id="b" style="display:block;margin-top:20pt;width:10pt;height:10pt" src="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2210%22 height=%2210%22/%3E">' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root, pages } = layoutOf(`<div style="height:270pt"></div>${c.box}`, PAGE);
      expect(pages).to.have.length(2);
      expect(boxOf(root, '#b').y).to.be.closeTo(pages[1]!.flowTop, 0.01);
    });
  }

  it('an empty box its margins collapse through leaves them to the next box, which truncates them', () => {
    const { root, pages } = layoutOf('<div style="height:270pt"></div><div style="margin-top:20pt"></div><div id="b" style="height:50pt"></div>', PAGE);
    expect(boxOf(root, '#b').y).to.be.closeTo(pages[1]!.flowTop, 0.01);
  });

  it('a margin that ends before the page end stays', () => {
    const { root } = layoutOf('<div style="height:200pt"></div><div id="b" style="margin-top:20pt;height:50pt"></div>', PAGE);
    expect(boxOf(root, '#b').y).to.be.closeTo(220, 0.01);
  });
});
