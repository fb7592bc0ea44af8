// CSS 2.1 §10.1 and §17.5.3: a relatively positioned table cell is the containing block of its
// absolutely positioned children as its final padding box, the height of its row: `bottom: 0`
// is the row's bottom, `top: 50%` half the row's height, and a box at its static position moves
// with the cell's content when vertical-align shifts it. Expectations are Chromium 156's.

import { expect } from 'chai';
import { boxOf, layoutOf } from '../../helpers/layout';

const PAGE = '@page { size: 300pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } td { padding: 0 } table { border-spacing: 0 }';

describe('layout: a positioned table cell as containing block (CSS 2.1 §10.1)', () => {
  const cell = (style: string) => `<table><tr><td id="c" style="position:relative;width:100pt;${style}">a`
    + '<span id="bottom" style="position:absolute;bottom:0;right:0">x</span><span id="top" style="position:absolute;top:0;left:0">t</span>'
    + '<span id="half" style="position:absolute;top:50%;left:0">m</span><span id="static" style="position:absolute;left:50pt">s</span>'
    + '</td><td style="height:200pt">b</td></tr></table>';
  // [vertical-align of the cell, offsets from the cell's top: bottom box's bottom, top box, half box, static box]
  // (the static box's text lands where Chromium prints it, level with the line's)
  const cases: [string, [number, number, number, number]][] = [
    ['middle', [200, 0, 100, 93.25]],
    ['top', [200, 0, 100, 0]],
    ['bottom', [200, 0, 100, 186.5]],
  ];
  for (const [va, [bottom, top, half, stat]] of cases) {
    it(`vertical-align: ${va}: insets against the row's height, the static position with the content`, () => {
      const { root } = layoutOf(cell(`vertical-align:${va}`), PAGE);
      const c = boxOf(root, '#c');
      expect(c.height).to.be.closeTo(200, 0.01);
      const b = boxOf(root, '#bottom');
      expect(b.y + b.height - c.y).to.be.closeTo(bottom, 0.01);
      expect(boxOf(root, '#top').y - c.y).to.be.closeTo(top, 0.01);
      expect(boxOf(root, '#half').y - c.y).to.be.closeTo(half, 0.01);
      expect(boxOf(root, '#static').y - c.y).to.be.closeTo(stat, 0.01);
    });
  }

  it('a display: table-cell div with a height of its own', () => {
    const { root } = layoutOf('<div style="display:table"><div id="c" style="display:table-cell;height:200pt;position:relative;width:100pt">a<span id="x" style="position:absolute;bottom:0;right:0">x</span></div></div>', PAGE);
    const c = boxOf(root, '#c'); const x = boxOf(root, '#x');
    expect(x.y + x.height).to.be.closeTo(c.y + c.height, 0.01);
    expect(x.x + x.width).to.be.closeTo(c.x + c.width, 0.01);
  });
});
