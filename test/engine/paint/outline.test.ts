// CSS UI 4 §4 outlines as the fragment painter draws them (checked against Chromium 156's
// print): outside the border box, moved by outline-offset, no effect on layout, painted after
// the stacking context's content (CSS 2.1 Appendix E step 10); an inline box on several lines
// gets one contour around its pieces.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { boundaries } from '../../../src/engine/paint/outline';
import { measureText } from '../../../src/render/measure';
import { boxOf, layoutOf } from '../../helpers/layout';

type Shape = Record<string, unknown>;

/** the canvas shapes of a one-page document, in painting order */
function canvasOf(html: string, css = ''): Shape[] {
  const r = layoutHtml(html, `@page { size: 300pt 200pt; margin: 0 } body { margin: 0; font: 12pt sans-serif } ${css}`, { measureText });
  // (less the page's zero-width placeholder line)
  return (r.docDefinition.content as { section: { canvas?: Shape[] }[] }[])[0]!.section.flatMap((n) => n.canvas ?? []).filter((s) => s.lineWidth !== 0);
}

const box = 'margin: 20pt; width: 60pt; height: 30pt';

describe('paint: outline (CSS UI 4 §4)', () => {
  it('a solid outline is a border of its width just outside the border box', () => {
    const lines = canvasOf(`<div style="${box}; outline: 3px solid red"></div>`);
    expect(lines).to.have.length(4);
    const top = lines.find((l) => l.y1 === l.y2 && (l.y1 as number) < 20)!;
    // 3px is 2.25pt: the stroke is centred 1.125pt outside the top edge, across the outline's whole outer width
    expect(top).to.include({ x1: 17.75, x2: 82.25, y1: 18.875, lineWidth: 2.25, lineColor: '#ff0000' });
  });

  it('outline-offset moves it out, a negative one in', () => {
    const out = canvasOf(`<div style="${box}; outline: 2px solid red; outline-offset: 4pt"></div>`).find((l) => l.y1 === l.y2 && (l.y1 as number) < 20)!;
    expect(out).to.include({ x1: 14.5, y1: 15.25 });
    const inside = canvasOf(`<div style="${box}; outline: 2px solid red; outline-offset: -10pt"></div>`).find((l) => l.y1 === l.y2 && (l.y1 as number) < 40)!;
    expect(inside).to.include({ x1: 28.5, y1: 29.25 });
  });

  it('does not move or size anything', () => {
    const plain = boxOf(layoutOf(`<div style="${box}"></div><p>after</p>`).root, 'p')!;
    const outlined = boxOf(layoutOf(`<div style="${box}; outline: 20px solid red; outline-offset: 10px"></div><p>after</p>`).root, 'p')!;
    expect([outlined.x, outlined.y, outlined.width, outlined.height]).to.deep.equal([plain.x, plain.y, plain.width, plain.height]);
  });

  it('none, a zero width and a transparent colour draw nothing', () => {
    for (const o of ['none', '0 solid red', '3px solid transparent', '3px red']) {
      expect(canvasOf(`<div style="${box}; outline: ${o}"></div>`), o).to.deep.equal([]);
    }
  });

  it('takes currentColor by default, and for invert', () => {
    for (const o of ['3px solid', '3px solid invert', '3px solid currentcolor']) {
      expect(canvasOf(`<div style="${box}; color: #0000ff; outline: ${o}"></div>`).map((l) => l.lineColor), o).to.deep.equal(['#0000ff', '#0000ff', '#0000ff', '#0000ff']);
    }
  });

  it('the longhands cascade over the shorthand', () => {
    const lines = canvasOf(`<div style="${box}; outline: 1px solid red; outline-width: 4px; outline-color: #00ff00; outline-offset: 1pt"></div>`);
    expect(lines[0]).to.include({ lineWidth: 3, lineColor: '#00ff00' });
  });

  it('dashed and double draw as the border styles do', () => {
    const dashed = canvasOf(`<div style="${box}; outline: 3px dashed red"></div>`);
    // each side its dashes, as filled quadrilaterals: the top one starts at the outline's outer corner
    expect(dashed.map((d) => d.type)).to.deep.equal(['path', 'path', 'path', 'path']);
    expect(dashed[0]!.d).to.match(/^M17\.75 17\.75L22\.25 17\.75L22\.25 20L17\.75 20Z/);
    const double = canvasOf(`<div style="${box}; outline: 6px double red"></div>`);
    // each side its outer and inner thirds, mitred: the top's outer band from 4.5pt to 3pt above the box
    expect(double).to.have.length(8);
    const ys = (double[0]!.points as { y: number }[]).map((p) => p.y);
    expect([Math.min(...ys), Math.max(...ys)]).to.deep.equal([15.5, 17]);
  });

  it('follows border-radius, the radius grown by the offset', () => {
    const [ring] = canvasOf(`<div style="${box}; border-radius: 10pt; outline: 6px solid red; outline-offset: 2pt"></div>`);
    // the stroke's middle runs 2pt + 2.25pt outside the border box: radius 10 + 4.25
    expect(ring).to.include({ type: 'rect', x: 15.75, y: 15.75, w: 68.5, h: 38.5, r: 14.25, lineWidth: 4.5 });
  });

  it('auto is a focus ring: 2px in the outline colour centred on the box, its corners rounded by 3px', () => {
    const [ring] = canvasOf(`<div style="${box}; color: red; outline: auto 9px"></div>`);
    expect(ring).to.include({ type: 'rect', x: 20, y: 20, w: 60, h: 30, r: 2.25, lineWidth: 1.5, lineColor: '#ff0000' });
  });

  it('is painted after the content of its stacking context (Appendix E step 10)', () => {
    // the second block's background covers the first one's outline in the flow, but the outline is painted after it
    const shapes = canvasOf(`<div style="${box}; outline: 3px solid red"></div><div style="margin-top: -22pt; height: 10pt; background: #00ff00"></div>`);
    const bg = shapes.findIndex((s) => s.color === '#00ff00');
    const outline = shapes.findIndex((s) => s.lineColor === '#ff0000');
    expect(bg).to.be.at.least(0);
    expect(outline).to.be.greaterThan(bg);
  });

  it('an inline box on two lines gets one contour around its pieces', () => {
    const shapes = canvasOf('<p style="width: 100pt; margin: 20pt">aaa <span style="outline: 2px solid red">bbbb cccc dddd</span> eee</p>');
    const paths = shapes.filter((s) => s.lineColor === '#ff0000');
    expect(paths).to.have.length(1);
    expect(paths[0]).to.include({ type: 'polyline', closePath: true, lineWidth: 1.5 });
    // a staircase: the first line's piece starts right of the second line's
    expect((paths[0]!.points as unknown[]).length).to.equal(8);
  });

  it('an inline box on one line is a rectangle around it', () => {
    const shapes = canvasOf('<p style="margin: 20pt">aaa <span style="outline: 1pt solid red">bbb</span></p>');
    expect(shapes.filter((s) => s.lineColor === '#ff0000')).to.have.length(4);
  });
});

describe('paint: outline contours', () => {
  it('the boundary of a union of rectangles: overlapping ones merge, apart ones stay apart', () => {
    const l = boundaries([{ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 10, width: 10, height: 10 }]);
    expect(l).to.have.length(1);
    expect(l[0]).to.have.length(8);
    expect(boundaries([{ x: 0, y: 0, width: 10, height: 10 }, { x: 20, y: 20, width: 10, height: 10 }])).to.have.length(2);
    expect(boundaries([{ x: 0, y: 0, width: 10, height: 10 }, { x: 2, y: 2, width: 5, height: 5 }])).to.deep.equal([[{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }]]);
  });
});
