// CSS 2.1 §9.5.2 clearance and §8.3.1 margin collapsing: an empty box with `clear` (a clearfix
// `::after { display: block; clear: both }`) after a short float. Whether it has clearance
// decides whether the margins above it stay inside its parent or collapse through the parent's
// bottom. Chromium 156 decides it against the parent's top border edge plus the collapsed
// margins above the box (not the box's position after the content before it): the distances
// below, from the first line's top to the line after the section, in px, were measured there
// (10px/20px lines, the section's margin-bottom 12px).
import { expect } from 'chai';
import { boxOf, layoutOf, linesOf } from '../../helpers/layout';

const PAGE = '@page { size: 400px 2000px; margin: 0 } body { margin: 0; font: 10px/20px sans-serif } p { margin: 0 } section { margin-bottom: 12px }';
const float = (h: number): string => `<div style="float: left; width: 50px; height: ${h}px"></div>`;
const para = (m: number, id = ''): string => `<p${id ? ` id="${id}"` : ''} style="margin: 0 0 ${m}px 60px">x</p>`;
const clear = '<div style="clear: both"></div>';

describe('layout: clearance of an empty box after a short float (CSS 2.1 §9.5.2, §8.3.1)', () => {
  const cases: { name: string; section: string; style?: string; before?: string; distance: number }[] = [
    { name: 'margin 5 < float 10: the margin stays inside (clearance)', section: float(10) + para(5, 'a') + clear, distance: 37 },
    { name: 'margin 15 > float 10: it collapses with the section\'s', section: float(10) + para(15, 'a') + clear, distance: 35 },
    { name: 'margin 10 = float 10: it collapses', section: float(10) + para(10, 'a') + clear, distance: 32 },
    { name: 'float 30 below the paragraph: the clearfix goes below it', section: float(30) + para(5, 'a') + clear, distance: 42 },
    { name: 'margin 15 < float 30 while the paragraph ends at 35 > 30: still kept', section: float(30) + para(15, 'a') + clear, distance: 47 },
    { name: 'margin 35 > float 30: collapses', section: float(30) + para(35, 'a') + clear, distance: 55 },
    { name: 'float after a first line: its bottom 40 from the section top, margin 25 kept', section: '<p id="a">x</p>' + float(20) + para(25) + clear, distance: 77 },
    { name: 'float after a first line: margin 55 > 50 collapses', section: '<p id="a">x</p>' + float(30) + para(55) + clear, distance: 95 },
    { name: 'the section\'s padding-top counts (its border edge is the reference)', section: float(10) + para(15, 'a') + clear, style: 'padding-top: 20px', distance: 47 },
    { name: 'the section\'s margin-top does not', section: float(10) + para(15, 'a') + clear, style: 'margin-top: 20px', distance: 35 },
    { name: 'the margin comes out of a nested block', section: float(30) + `<div>${para(15, 'a')}</div>` + clear, distance: 47 },
    { name: 'the clearfix\'s own negative top margin joins the margins above', section: float(10) + para(15, 'a') + '<div style="clear: both; margin-top: -10px"></div>', distance: 37 },
    { name: 'a float before the section reaches into it', section: para(15, 'a') + clear, before: float(30), distance: 47 },
    { name: 'a section that is a BFC holds the float and the margin', section: float(10) + para(5, 'a') + clear, style: 'overflow: hidden', distance: 37 },
    { name: 'clear: right ignores a left float', section: float(30) + para(5, 'a') + '<div style="clear: right"></div>', distance: 32 },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.distance}px`, () => {
      const html = `<div style="border-top: 1px solid">${c.before ?? ''}<section style="${c.style ?? ''}">${c.section}</section><p id="b">B</p></div>`;
      const { root } = layoutOf(html, PAGE);
      const top = linesOf(boxOf(root, '#a'))[0]!.y;
      const after = linesOf(boxOf(root, '#b'))[0]!.y;
      expect(+((after - top) / 0.75).toFixed(2)).to.equal(c.distance);
    });
  }

  it('an empty box with clearance keeps the margins above it from the next sibling\'s (flat flow)', () => {
    // .w > [x, x, float 10, p margin 5, clearfix, p margin-top 8]: Chromium 156 puts the last line 73px below the first
    const html = `<div style="border-top: 1px solid"><p id="a">x</p><p>x</p>${float(10)}${para(5)}${clear}<p id="b" style="margin-top: 8px">B</p></div>`;
    const { root } = layoutOf(html, PAGE);
    expect(+((linesOf(boxOf(root, '#b'))[0]!.y - linesOf(boxOf(root, '#a'))[0]!.y) / 0.75).toFixed(2)).to.equal(73);
  });
});

describe('layout: a block with clearance keeps its first child\'s collapsed top margin above its border edge (CSS 2.1 §8.3.1, §9.5.2)', () => {
  // Chromium 156 (/tmp/heldlow-one/cl/c.html): a header with a 14px/14px heading and a float of
  // 14px lines with 5px padding (24px), then `<div style="clear: both; margin-top: M"><ul
  // style="margin-top: U">`. The div's and the ul's margins collapse (max); when that is less
  // than the float's 24px the div has clearance and the ul starts at the float's bottom, its own
  // margin not added again inside the div. The ul's first line, from the heading's line top, in px.
  const css = '@page { size: 400pt 400pt; margin: 20pt } body { margin: 0; font: 12px/14px sans-serif } h3 { margin: 0; font-size: 14px; line-height: 14px }' +
    ' .pl { float: left; padding: 5px 0 } ul { padding-left: 10px } li { list-style: none }';
  const cases: { div: number; ul: number; top: number }[] = [
    { div: 5, ul: 10, top: 38 }, // clearance: the float's bottom (14 + 24)
    { div: 24, ul: 10, top: 38 }, // 24 = 24: no clearance
    { div: 40, ul: 10, top: 54 },
    { div: 5, ul: 30, top: 44 },
  ];
  for (const c of cases) {
    it(`div margin ${c.div}px, ul margin ${c.ul}px: the ul at ${c.top}px`, () => {
      const { root } = layoutOf(`<header><h3 id="h">Head</h3><span class="pl">place</span></header><div style="clear: both; margin-top: ${c.div}px"><ul id="u" style="margin: ${c.ul}px 0"><li>item</li></ul></div>`, css);
      expect((boxOf(root, '#u').y - boxOf(root, '#h').y) / 0.75).to.be.closeTo(c.top, 0.01);
    });
  }
});
