// CSS 2.1 §9.5 floats and §9.7 (display, position and float): a floated element is taken out of
// the flow whatever its kind, replaced elements included, and line boxes and later floats go
// beside it. Positions in pt from the fragment tree (@page 200pt × 300pt, margin 10pt: a
// 180pt-wide page area); each case is checked against Chromium 156.
import { expect } from 'chai';
import { boxOf, layoutOf, linesOf } from '../../helpers/layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif }';

/** One test per case: each selector's border box sits at [x, y] (pt, page area). */
function itPlacesBoxes(cases: readonly { name: string; html: string; boxes: Record<string, readonly [number, number]> }[]): void {
  for (const c of cases) {
    it(c.name, () => {
      const { root } = layoutOf(c.html, PAGE);
      for (const [sel, [x, y]] of Object.entries(c.boxes)) {
        const b = boxOf(root, sel);
        expect([+b.x.toFixed(2), +b.y.toFixed(2)], sel).to.deep.equal([x, y]);
      }
    });
  }
}
/** a 100 × 50 px image */
const SVG = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"/>');

describe('layout: floated replaced elements (CSS 2.1 §9.5, §9.7)', () => {
  const cases: { name: string; html: string; img: { x: number; y: number; width: number; height: number }; text: { sel: string; x: number; y: number } }[] = [
    {
      name: 'a left-floated image with only a height: width from its ratio, text beside it',
      html: `<div id="t"><img id="i" src="${SVG}" style="float: left; height: 30pt; margin-right: 6pt">aaa</div>`,
      img: { x: 0, y: 0, width: 60, height: 30 }, text: { sel: '#t', x: 66, y: 0 },
    },
    {
      name: 'a right-floated image: text starts at the left edge, beside it',
      html: `<div id="t"><img id="i" src="${SVG}" style="float: right; width: 60pt">bbb</div>`,
      img: { x: 120, y: 0, width: 60, height: 30 }, text: { sel: '#t', x: 0, y: 0 },
    },
    {
      name: 'a display: block image floated: still a float (float blockifies, it does not make a block in flow)',
      html: `<div id="t"><img id="i" src="${SVG}" style="display: block; float: left; width: 40pt">ccc</div>`,
      img: { x: 0, y: 0, width: 40, height: 20 }, text: { sel: '#t', x: 40, y: 0 },
    },
    {
      name: 'a later left float goes beside a floated image',
      html: `<div><img id="i" src="${SVG}" style="float: left; width: 45pt"><div id="t" style="float: left">ddd</div></div>`,
      img: { x: 0, y: 0, width: 45, height: 22.5 }, text: { sel: '#t', x: 45, y: 0 },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root } = layoutOf(c.html, PAGE);
      const img = boxOf(root, '#i');
      expect(img.float, 'the image is a float').to.equal(true);
      expect([img.x, img.y, img.width, img.height].map((v) => +v.toFixed(2))).to.deep.equal([c.img.x, c.img.y, c.img.width, c.img.height]);
      const line = linesOf(boxOf(root, c.text.sel))[0]!;
      const text = line.children.find((f) => f.kind === 'text')!;
      expect(+text.x.toFixed(2)).to.equal(c.text.x);
      expect(+line.y.toFixed(2)).to.equal(c.text.y);
    });
  }
});

describe('layout: floats inside inline boxes (CSS 2.1 §9.5, §9.2.1.1)', () => {
  // A float's containing block is its nearest block container, whatever inline boxes stand
  // between: a float inside a `display: inline` wrapper (a Markdown letter's blockquotes in an
  // inline #wrapper) floats as if the wrapper were not there, even when the wrapper holds no text.
  const cases: { name: string; html: string; boxes: Record<string, [number, number]> }[] = [
    {
      name: 'a span holding only a float: the float is placed, the next block goes beside it',
      html: '<span><div id="r" style="float: right; width: 50pt; height: 20pt">R</div></span><div id="t">after</div>',
      boxes: { '#r': [130, 0], '#t': [0, 0] },
    },
    {
      name: 'floats in an inline wrapper split by a block: both placed, the clearing block below them',
      html: '<div style="display: inline"><div id="a" style="float: right; width: 60pt; height: 30pt">A</div>'
        + '<div id="b" style="float: left; width: 60pt; height: 20pt">B</div><div id="h" style="clear: both">H</div></div>',
      boxes: { '#a': [120, 0], '#b': [0, 0], '#h': [0, 30] },
    },
  ];
  itPlacesBoxes(cases);
});

describe('layout: a line too narrow beside a float moves below it (CSS 2.1 §9.5)', () => {
  // "If a shortened line box is too small to contain any content, then the line box is shifted
  // downward": the content that must fit is everything up to the first break opportunity, which
  // may run over several inline boxes (nowrap items written without spaces between them, as a
  // CV's contact list). With an opportunity, the line breaks beside the float instead.
  const FLOAT = '<div style="float: right; width: 80pt; height: 30pt">F</div>';
  const cases: { name: string; html: string; lines: number[] }[] = [
    {
      name: 'two nowrap spans with no space between: one unbreakable piece wider than the room beside the float',
      html: `${FLOAT}<div id="t"><span style="white-space: nowrap">aaaa bbbb</span><span style="white-space: nowrap">cccc dddd eeee ffff</span></div>`,
      lines: [30],
    },
    {
      name: 'the same spans with a space between: broken beside the float',
      html: `${FLOAT}<div id="t"><span style="white-space: nowrap">aaaa bbbb</span> <span style="white-space: nowrap">cccc dddd eeee ffff</span></div>`,
      lines: [0, 12],
    },
    {
      name: 'one nowrap span wider than the room: below the float',
      html: `${FLOAT}<div id="t"><span style="white-space: nowrap">aaaa bbbb cccc dddd eeee ffff</span></div>`,
      lines: [30],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root } = layoutOf(c.html, PAGE);
      expect(linesOf(boxOf(root, '#t')).map((l) => +l.y.toFixed(2))).to.deep.equal(c.lines);
    });
  }
});

describe('layout: clear on a float (CSS 2.1 §9.5.2)', () => {
  // "[clear] may also be applied to floats: the top outer edge of the float must be below the
  // bottom outer edge of all earlier left-floating boxes (clear: left), right-floating boxes
  // (right) or both": a Markdown letter's date floats right, cleared below the letterhead.
  const A = '<div id="a" style="float: right; width: 60pt; height: 50pt"></div><div id="b" style="float: left; width: 60pt; height: 20pt"></div>';
  const cases: { name: string; html: string; boxes: Record<string, [number, number]> }[] = [
    { name: 'clear: both below the taller earlier float', html: `${A}<div id="c" style="float: right; clear: both; width: 60pt; height: 10pt"></div>`, boxes: { '#c': [120, 50] } },
    { name: 'clear: left below the left float only', html: `${A}<div id="c" style="float: left; clear: left; width: 60pt; height: 10pt"></div>`, boxes: { '#c': [0, 20] } },
    { name: 'clear: right, a left float below the right one', html: `${A}<div id="c" style="float: left; clear: right; width: 60pt; height: 10pt"></div>`, boxes: { '#c': [0, 50] } },
    { name: 'clear: none goes beside both', html: `${A}<div id="c" style="float: right; width: 60pt; height: 10pt"></div>`, boxes: { '#c': [60, 0] } },
    {
      name: 'inside an inline wrapper, then a block cleared below all',
      html: `<span>${A}<div id="c" style="float: right; clear: both; width: 60pt; height: 10pt"></div></span><div id="h" style="clear: both">H</div>`,
      boxes: { '#c': [120, 50], '#h': [0, 60] },
    },
  ];
  itPlacesBoxes(cases);
});

describe('layout: clear on a <br> (CSS 2.1 §9.5.2, HTML §15.3.10)', () => {
  // the line after a <br> with `clear` (or the clear attribute) starts below the floats it
  // clears; the lines' positions as Chromium 156 prints them (a 40pt left and a 20pt right float)
  it('the next line starts below the floats cleared: right, all, then left', () => {
    const { root } = layoutOf('<!doctype html><div><div style="float:left;width:50pt;height:40pt"></div><div style="float:right;width:50pt;height:20pt"></div>aa<br style="clear:right">bb<br clear="all">cc<br style="clear:left">dd</div><p style="margin:0">ee</p>', PAGE);
    expect(linesOf(root).map((l) => [l.x, l.y])).to.deep.equal([[50, 0], [50, 20], [0, 40], [0, 52], [0, 64]]);
  });

  it('the block after a line ended by a clearing <br> starts below the float', () => {
    const { root } = layoutOf('<!doctype html><div style="float:left;width:100pt;height:150pt"></div><br style="clear:both"><div id="f">footer</div>', PAGE);
    expect(boxOf(root, '#f').y).to.be.closeTo(150, 0.01);
  });
});

describe('layout: a new formatting context beside a float (CSS 2.1 §9.5)', () => {
  // "The border box of a table, a block-level replaced element, or an element in the normal flow
  // that establishes a new block formatting context must not overlap the margin box of any floats":
  // its border box, not its margins (a specified margin reaches under the float); a percentage width
  // is of the containing block, so a `width: 100%` table (doxygen's memitem after its floated title)
  // moves below the float. Auto margins share the room beside the float.
  const F = '<div style="float: left; width: 40pt; height: 20pt"></div>';
  const C = 'id="c" style="background: #9cf;';
  itPlacesBoxes([
    { name: 'a width: 100% table moves below the float', html: `${F}<div ${C} display: table; width: 100%">T</div>`, boxes: { '#c': [0, 20] } },
    { name: 'an auto-width table goes beside it', html: `${F}<div ${C} display: table">T</div>`, boxes: { '#c': [40, 0] } },
    { name: 'a table with margin-left: 10pt: its margin under the float', html: `${F}<div ${C} display: table; width: 100pt; margin-left: 10pt">T</div>`, boxes: { '#c': [40, 0] } },
    { name: 'overflow: hidden, width 100pt: beside it', html: `${F}<div ${C} overflow: hidden; width: 100pt">T</div>`, boxes: { '#c': [40, 0] } },
    { name: 'overflow: hidden, width 150pt: below it', html: `${F}<div ${C} overflow: hidden; width: 150pt">T</div>`, boxes: { '#c': [0, 20] } },
    { name: 'overflow: hidden, margin-left 10pt: under the float', html: `${F}<div ${C} overflow: hidden; margin-left: 10pt">T</div>`, boxes: { '#c': [40, 0] } },
    { name: 'overflow: hidden, margin-left 50pt: past the float', html: `${F}<div ${C} overflow: hidden; margin-left: 50pt">T</div>`, boxes: { '#c': [50, 0] } },
  ]);
  // auto margins: Chromium 156 puts the box 1px (0.75pt) further right at margin-left: auto and half of
  // that centred (90.75 and 60.38 with a 30pt float and a 90pt box), hence the tolerance
  for (const [name, margin, x] of [['margin-left: auto: at the right', 'margin-left: auto', 90], ['margin: 0 auto: centred in the room beside the float', 'margin: 0 auto', 60]] as const) {
    it(`overflow: hidden, width 90pt, ${name}`, () => {
      const { root } = layoutOf(`<div style="float: left; width: 30pt; height: 20pt"></div><div ${C} overflow: hidden; width: 90pt; ${margin}">T</div>`, PAGE);
      const b = boxOf(root, '#c');
      expect(b.x).to.be.closeTo(x, 0.8);
      expect(b.y).to.be.closeTo(0, 0.01);
    });
  }
});

// CSS 2.1 §9.4.3: a relatively positioned box moves with everything inside it, its floats
// included (they stay in the formatting context's exclusions where they were laid out).
// Checked against Chromium 156: the float's word starts 30pt right and 20pt down of where it
// stands without the offsets, at the same place as the box's first line.
describe('layout: floats inside a relatively positioned box (CSS 2.1 §9.4.3)', () => {
  const CASE = '<div id="r" style="position: relative; top: 20pt; left: 30pt; width: 100pt"><div id="fl" style="float: left; width: 50pt">Float</div><p id="p" style="margin: 0">Inside</p></div><p id="after" style="margin: 0">After</p>';
  itPlacesBoxes([{ name: 'the float moves with the box; the paragraph after the box does not', html: CASE, boxes: { '#r': [30, 20], '#fl': [30, 20], '#p': [30, 20], '#after': [0, 12] } }]);
  it("the float is painted with the box: its fragment is the box's child", () => {
    const { root } = layoutOf(CASE, PAGE);
    const r = boxOf(root, '#r');
    expect(r.children.some((c) => c.kind === 'box' && c.element?.attrs.id === 'fl')).to.equal(true);
  });
});
