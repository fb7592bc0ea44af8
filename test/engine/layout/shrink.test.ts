// Chromium's shrink-to-fit printing (Blink LocalFrameView::ForceLayoutForPagination), read from
// the fragment tree (pt). Checked against Chromium 156's PDF of the same HTML: a 560pt wide
// block on an A4 page with 27.75pt margins prints 0.964 times as large, a 1000pt one at 1/1.5
// (the maximum shrink), its text cut off at the page's edge.
import { expect } from 'chai';
import { transformMatrix } from '../../../src/engine/cascade/transform';
import { printZoom } from '../../../src/engine/layout/shrink';
import { boxOf, layoutOf, linesOf } from '../../helpers/layout';

// a page area of 540 × 500 px (405 × 375pt)
const CSS = `@page { size: 600px 560px; margin: 30px } body { margin: 0; font: 12pt/20pt 'DejaVu Sans' } p { margin: 0 }`;

describe('layout: content wider than the page shrinks to fit (as Chromium prints)', () => {
  it('the zoom is the document width over the page area width, at most 1.5', () => {
    const cases: [number, number, number][] = [[400, 400, 1], [500, 400, 1.25], [600, 400, 1.5], [1000, 400, 1.5], [560, 539.78, 560 / 539.78]];
    for (const [width, area, zoom] of cases) expect(printZoom(width, area), `${width} in ${area}`).to.be.closeTo(zoom, 1e-9);
  });

  it('a block 506.25pt wide is laid out whole and scaled by 405/506.25 = 0.8 onto the page', () => {
    const { root } = layoutOf('<div id="w" style="width:506.25pt;height:100pt"><p>Left</p><p id="r" style="text-align:right">Right</p></div><p id="after">After</p>', CSS);
    const w = boxOf(root, '#w');
    expect(w.width).to.be.closeTo(405, 0.01);
    expect(w.height).to.be.closeTo(80, 0.01);
    // the right-aligned line ends at the block's right edge; the next block starts below it, scaled
    const r = linesOf(boxOf(root, '#r'))[0]!;
    const text = r.children.find((c) => c.kind === 'text')!;
    expect(text.x + text.width).to.be.closeTo(405, 0.05);
    expect(linesOf(boxOf(root, '#after'))[0]!.y).to.be.closeTo(80, 0.01);
    // text is drawn 0.8 times as large
    expect(text.kind === 'text' && text.font.size).to.be.closeTo(9.6, 0.001);
  });

  it('a document that fits is not scaled, and an auto-width block fills the wider area when one is wider', () => {
    const fits = layoutOf('<div id="w" style="width:405pt;height:10pt"></div>', CSS);
    expect(boxOf(fits.root, '#w').height).to.equal(10);
    const wide = layoutOf('<div id="a" style="height:10pt"></div><div style="width:506.25pt;height:10pt"></div>', CSS);
    expect(boxOf(wide.root, '#a').width).to.be.closeTo(405, 0.01);
    expect(boxOf(wide.root, '#a').height).to.be.closeTo(8, 0.01);
  });

  it('each page compares what starts on it with its own page area: a wide box on a narrower page sets the zoom', () => {
    // Chromium 156: with `@page :first { margin: 0 }` (a 600px page area) and 30px margins after it (540px), a
    // 675px block on page 2 prints the whole document at 540/675 = 0.8 (against the first page's area it would be 600/675)
    const first = `@page :first { margin: 0 }`;
    const wide = layoutOf(`<p id="one">One</p><p id="two" style="break-before:page">Two</p><div style="width:506.25pt;height:10pt"></div>`, CSS + first);
    const two = linesOf(boxOf(wide.root, '#two'))[0]!.children.find((c) => c.kind === 'text')!;
    expect(two.kind === 'text' && two.font.size).to.be.closeTo(9.6, 0.001);
    // the same block on the first page, 600px wide: 600/675
    const onFirst = layoutOf(`<p>One</p><div style="width:506.25pt;height:10pt"></div><p id="two" style="break-before:page">Two</p>`, CSS + first);
    const t = linesOf(boxOf(onFirst.root, '#two'))[0]!.children.find((c) => c.kind === 'text')!;
    expect(t.kind === 'text' && t.font.size).to.be.closeTo(12 * 600 / 675, 0.001);
  });

  it('a transform\'s lengths are scaled with the content: translate() and matrix() move the box 0.8 times as far', () => {
    // Chromium 156: with a page scaled to 0.728, `translate(60pt, 30pt)` moves a box's text by 43.7pt and 21.8pt
    const { root } = layoutOf('<div style="width:506.25pt;height:10pt"></div><div id="t" style="width:100pt;transform:translate(50pt, 20pt) rotate(90deg)">T</div>' +
      '<div id="m" style="width:100pt;transform:matrix(1, 0, 0, 1, 40, 10)">M</div><div id="p" style="width:100pt;transform:translateX(50%)">P</div>', CSS);
    const offset = (sel: string) => { const b = boxOf(root, sel); const m = transformMatrix(b.style, b)!; return [m[4] - (b.x + b.width / 2 - m[0] * (b.x + b.width / 2) - m[2] * (b.y + b.height / 2)), m[5] - (b.y + b.height / 2 - m[1] * (b.x + b.width / 2) - m[3] * (b.y + b.height / 2))]; };
    // (the translation part of the matrix, less what rotating about the box's centre moves)
    expect(offset('#t')[0]).to.be.closeTo(40, 0.01);
    expect(offset('#t')[1]).to.be.closeTo(16, 0.01);
    expect(offset('#m')[0]).to.be.closeTo(40 * 0.75 * 0.8, 0.01); // (matrix() e and f are px)
    expect(offset('#m')[1]).to.be.closeTo(10 * 0.75 * 0.8, 0.01);
    expect(offset('#p')[0]).to.be.closeTo(40, 0.01); // 50% of the box, 80pt wide once scaled
  });

  it('boxes placed against the initial containing block\'s bottom and right edges land on the page area\'s edges', () => {
    // Chromium 156's PDF of the same page: "Foot" (fixed, bottom:50px, 20pt tall) at 353.2pt from the page's top,
    // "Abs" (absolute, bottom:0; right:0, 50pt wide) ending at the page area's right edge, 405.2pt; both scaled by 0.8
    const { root, fixed } = layoutOf('<div style="width:506.25pt;height:10pt"></div><div id="f" style="position:fixed;bottom:50px;left:0;height:20pt">Foot</div>'
      + '<div id="a" style="position:absolute;bottom:0;right:0;width:50pt;height:20pt">Abs</div>', CSS);
    const f = fixed.find((b) => b.element?.attrs.id === 'f')!;
    expect(f.y).to.be.closeTo(375 - 30 - 16, 0.01);
    expect(f.height).to.be.closeTo(16, 0.01);
    const a = boxOf(root, '#a');
    expect(a.x + a.width).to.be.closeTo(405, 0.01);
    expect(a.y + a.height).to.be.closeTo(375, 0.01);
  });

  it('pages hold 1.25 times as much when the zoom is 1.25', () => {
    // 23 lines of 20pt = 460 layout units: one page area of 375pt × 1.25 = 468.75 units holds them (unscaled: 18 lines)
    const lines = Array.from({ length: 23 }, (_, i) => `<p>L${i}</p>`).join('');
    const { pages } = layoutOf(`<div style="width:506.25pt">${lines}</div>`, CSS);
    expect(pages).to.have.length(1);
    expect(pages[0]!.flowBottom - pages[0]!.flowTop).to.be.closeTo(375, 0.01);
  });
});

describe('layout: a transformed box widens the document by its transformed bounding box (CSS Overflow 3 §2.2)', () => {
  // a 60pt square at the page area's right edge (405pt), with "Mark" 200pt from the left; Chromium 156
  // prints Mark at 200 / zoom, the zoom being the document's scrollable width over 405pt
  const square = (transform: string, inner = '') =>
    `<div style="position:relative;height:100pt"><p id="m" style="padding-left:200pt">Mark</p><div style="position:absolute;right:0;top:20pt;width:60pt;height:60pt;transform:${transform}">${inner}</div></div>`;
  const cases: { name: string; html: string; width: number }[] = [
    { name: 'untransformed: it fits', html: square('none'), width: 405 },
    { name: 'turned 45°: its corners reach 375 + 30√2', html: square('rotate(45deg)'), width: 375 + 30 * Math.SQRT2 },
    { name: 'a child turned back inside it: the child\'s bounding box is turned again', html: square('rotate(45deg)', '<div style="height:60pt;transform:rotate(-45deg)"></div>'), width: 435 },
    { name: 'translateX(-50%) pulls a box that overflows untransformed back inside', html: '<div style="position:relative;height:100pt"><p id="m" style="padding-left:200pt">Mark</p><div style="position:absolute;left:375pt;width:60pt;height:60pt;transform:translateX(-50%)"></div></div>', width: 405 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root } = layoutOf(c.html, CSS);
      const text = linesOf(boxOf(root, '#m'))[0]!.children.find((k) => k.kind === 'text')!;
      expect(text.x).to.be.closeTo(200 / printZoom(c.width, 405), 0.01);
    });
  }
});

describe('layout: viewport units of a document that shrinks to fit resolve against the widened area (as Chromium prints)', () => {
  // Chromium 156's PDF of this document (US Letter, no margins, a body 10in wide: laid out in a
  // 720 × 931.76pt area, scaled by 0.85): "ENDW" ends at the page's right edge (612pt), "HALF"
  // at 306pt, "MIDH" is 396pt down, and the 20vh block ends 158.4pt below its top
  const PAGE = `@page { size: letter; margin: 0 } body { margin: 0; width: 10in; font: 12px 'Liberation Sans' }`;
  const html = '<!doctype html><div id="w" style="width:100vw;text-align:right">ENDW</div><div id="h" style="width:50vw;text-align:right">HALF</div>'
    + '<div id="m" style="position:absolute;top:50vh;left:0">MIDH</div><div id="v" style="height:20vh">H20</div>';
  it('vw and vh are hundredths of the widened area, scaled back onto the page', () => {
    const { root } = layoutOf(html, PAGE);
    expect(boxOf(root, '#w').width).to.be.closeTo(612, 0.01);
    expect(boxOf(root, '#h').width).to.be.closeTo(306, 0.01);
    expect(boxOf(root, '#m').y).to.be.closeTo(396, 0.01);
    expect(boxOf(root, '#v').height).to.be.closeTo(158.4, 0.01);
  });

  it('a document that fits resolves them against the page area', () => {
    const { root } = layoutOf(html, PAGE.replace('width: 10in', 'width: auto'));
    expect(boxOf(root, '#w').width).to.be.closeTo(612, 0.01);
    expect(boxOf(root, '#h').width).to.be.closeTo(306, 0.01);
    expect(boxOf(root, '#m').y).to.be.closeTo(396, 0.01);
    expect(boxOf(root, '#v').height).to.be.closeTo(158.4, 0.01);
  });
});
