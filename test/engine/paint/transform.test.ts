// CSS Transforms 1 and 2: `transform`, `transform-origin`, `translate`, `rotate`, `scale`.
// The computed functions, the matrix paint emits around the box, and pixels of the PDF at
// points Chromium 156 paints in its print of the same documents (its PNGs at 72 dpi were
// compared by eye with ours); text under a transform stays extractable, a link's rectangle is
// the bounding box of the transformed one.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { transformMatrix, type Matrix } from '../../../src/engine/cascade/transform';
import { measureText } from '../../../src/render/measure';
import { links, pdfOfHtml } from '../../helpers/engine';
import { boxOf, layoutOf } from '../../helpers/layout';
import { wordsOf } from '../../helpers/pdf';
import { pixelsOf } from '../../pdf/tools';

const PAGE = '@page { size: 200pt 200pt; margin: 0 } body { margin: 0; font: 10pt/12pt sans-serif }';

const pdfOf = (html: string) => pdfOfHtml(html, PAGE);

/** the matrices paint emits on page 1 */
function matrices(html: string): number[][] {
  const r = layoutHtml(html, PAGE, { measureText });
  const content = r.docDefinition.content as { section: Record<string, unknown>[] }[];
  return content[0]!.section.filter((n) => n.matrix).map((n) => [...(n.matrix as number[])]);
}

const close = (a: readonly number[], b: readonly number[]) => a.every((v, i) => Math.abs(v - b[i]!) < 0.01);
const isBlue = (p: [number, number, number]) => p[2] > 200 && p[0] < 60 && p[1] < 60;
const isWhite = (p: [number, number, number]) => p.every((c) => c > 240);

describe('cascade: transform properties (CSS Transforms 1 §14, 2 §5)', () => {
  const cases: { css: string; transform?: unknown; origin?: unknown }[] = [
    { css: 'transform: translate(-50%, -50%)', transform: [{ f: 'translate', x: { pt: 0, pct: -50 }, y: { pt: 0, pct: -50 } }] },
    { css: 'transform: translateX(10px) translateY(2em)', transform: [{ f: 'translate', x: { pt: 7.5, pct: 0 }, y: { pt: 0, pct: 0 } }, { f: 'translate', x: { pt: 0, pct: 0 }, y: { pt: 24, pct: 0 } }] },
    { css: 'transform: rotate(0.25turn) scale(2) skewX(10deg)', transform: [{ f: 'rotate', deg: 90 }, { f: 'scale', x: 2, y: 2 }, { f: 'skew', x: 10, y: 0 }] },
    { css: 'transform: matrix(1, 0, 0, 1, 20, 40)', transform: [{ f: 'matrix', m: [1, 0, 0, 1, 15, 30] }] },
    { css: '-webkit-transform: scaleY(50%)', transform: [{ f: 'scale', x: 1, y: 0.5 }] },
    { css: 'transform: rotate(10px)', transform: 'none' },
    { css: 'transform: rotate3d(0, 0, 1, 3deg)', transform: [{ f: 'rotate', deg: 3 }] },
    { css: 'transform: translateZ(0) translate3d(1px, 2px, 3px)', transform: [{ f: 'scale', x: 1, y: 1 }, { f: 'translate', x: { pt: 0.75, pct: 0 }, y: { pt: 1.5, pct: 0 } }] },
    { css: 'transform: rotateY(60deg) matrix3d(2,0,0,0, 0,3,0,0, 0,0,1,0, 4,8,0,1)', transform: [{ f: 'scale', x: Math.cos(Math.PI / 3), y: 1 }, { f: 'matrix', m: [2, 0, 0, 3, 3, 6] }] },
    { css: 'transform-origin: top left', origin: { x: { pt: 0, pct: 0 }, y: { pt: 0, pct: 0 } } },
    { css: 'transform-origin: bottom', origin: { x: { pt: 0, pct: 50 }, y: { pt: 0, pct: 100 } } },
    { css: 'transform-origin: 10px 30%', origin: { x: { pt: 7.5, pct: 0 }, y: { pt: 0, pct: 30 } } },
  ];
  for (const c of cases) {
    it(c.css, () => {
      // (a box narrower than the page: moved past the page area's edge, it would shrink the page to fit, its lengths with it)
      const s = boxOf(layoutOf(`<div id="d" style="width: 100pt; ${c.css}">x</div>`).root, '#d').style;
      if (c.transform !== undefined) expect(s.transform).to.deep.equal(c.transform);
      if (c.origin !== undefined) expect(s.transformOrigin).to.deep.equal(c.origin);
    });
  }

  it('translate, rotate and scale apply before transform, about the origin (Transforms 2 §6)', () => {
    const s = boxOf(layoutOf('<div id="d" style="translate: 10px; rotate: 90deg; scale: 2; transform: translateX(1px)">x</div>').root, '#d').style;
    // origin (50, 25) of a 100 x 50 box at (0, 0): T(o) T(7.5, 0) R(90) S(2) T(0.75, 0) T(-o)
    const m = transformMatrix(s, { x: 0, y: 0, width: 100, height: 50 })!;
    const p = (x: number, y: number) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
    expect(close(p(50, 25), [57.5 + 0, 25 + 1.5])).to.equal(true);
    expect(close(p(60, 25), [57.5, 25 + 1.5 + 20])).to.equal(true);
  });
});

describe('paint: transforms', () => {
  it('the matrix of rotate(90deg) is emitted about the centre of the border box, in page coordinates', () => {
    const [m] = matrices('<div style="margin: 10pt 0 0 20pt; width: 40pt; height: 20pt; background: blue; transform: rotate(90deg)"></div>');
    // centre (40, 20): x' = -(y - 20) + 40, y' = (x - 40) + 20
    expect(close(m!, [0, 1, -1, 0, 60, -20] as Matrix)).to.equal(true);
  });

  it('no transform emits no matrix (the PDF stays as it was)', () => {
    expect(matrices('<div style="width: 40pt; height: 20pt; background: blue"></div>')).to.deep.equal([]);
  });

  it('translate(-50%, -50%) centres an absolutely positioned box on its containing block', async () => {
    const px = pixelsOf(await pdfOf('<div style="position: absolute; left: 50%; top: 50%; width: 60pt; height: 40pt; background: blue; transform: translate(-50%, -50%)"></div>'));
    expect(isBlue(px.at(75, 85)), 'top left inside').to.equal(true);
    expect(isBlue(px.at(125, 115)), 'bottom right inside').to.equal(true);
    expect(isWhite(px.at(135, 125)), 'where it was without the transform').to.equal(true);
    expect(isWhite(px.at(68, 78)), 'left of it').to.equal(true);
  });

  it('a rotated stamp: its border turns, its text is still text', async () => {
    const html = '<div style="position: absolute; left: 50pt; top: 80pt; width: 100pt; height: 40pt; background: blue; transform: rotate(-30deg)">PAID</div>';
    const bytes = await pdfOf(html);
    const px = pixelsOf(bytes);
    // a corner of the unrotated box is outside the rotated one; a point beyond its top edge near the right is inside
    expect(isWhite(px.at(52, 82)), 'unrotated top-left corner').to.equal(true);
    expect(isBlue(px.at(140, 70)), 'above the unrotated box, inside the rotated one').to.equal(true);
    expect((await wordsOf(bytes)).map((w) => w.text)).to.deep.equal(['PAID']);
  });

  it('transform-origin: 0 0 and scale(2) double the box from its top left', async () => {
    const px = pixelsOf(await pdfOf('<div style="position: absolute; left: 20pt; top: 20pt; width: 30pt; height: 30pt; background: blue; transform-origin: 0 0; transform: scale(2)"></div>'));
    expect(isBlue(px.at(22, 22))).to.equal(true);
    expect(isBlue(px.at(78, 78))).to.equal(true);
    expect(isWhite(px.at(82, 82))).to.equal(true);
  });

  it('a transformed box is the containing block of its absolutely positioned descendants (CSS Transforms 1 §3)', () => {
    const r = layoutOf('<div style="margin-top: 50pt"><div id="t" style="margin-left: 30pt; width: 100pt; height: 60pt; transform: translateX(0)"><div id="a" style="position: absolute; right: 0; bottom: 0; width: 10pt; height: 10pt"></div></div></div>',
      '@page { size: 200pt 200pt; margin: 0 } body { margin: 0 }');
    const t = boxOf(r.root, '#t'); const a = boxOf(r.root, '#a');
    expect([a.x, a.y]).to.deep.equal([t.x + 90, t.y + 50]);
  });

  it('a link inside a rotated box: its rectangle is the bounding box of the rotated one', async () => {
    const bytes = await pdfOf('<div style="position: absolute; left: 50pt; top: 50pt; width: 100pt; transform: rotate(90deg)"><a href="https://example.com/r">link</a></div>');
    const [l] = await links(bytes);
    expect(l!.url).to.equal('https://example.com/r');
    const [x1, y1, x2, y2] = l!.rect as [number, number, number, number];
    // the text runs down the page: taller than wide
    expect(y2 - y1).to.be.greaterThan(x2 - x1);
    expect(x2 - x1).to.be.within(10, 14);
  });
});
