// CSS Backgrounds 3 §4.3 border styles as the fragment painter draws them: one stroke for
// solid/dashed/dotted, two thirds for double, two tones for groove/ridge/inset/outset; §4.4
// the sides joined along the diagonal from the outer to the inner corner.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { borderSide } from '../../../src/engine/paint/fragments';
import { measureText } from '../../../src/render/measure';

const red = { r: 200, g: 0, b: 0, a: 1 };
const black = { r: 0, g: 0, b: 0, a: 1 };
const white = { r: 255, g: 255, b: 255, a: 1 };
const edge = { x1: 0, y1: 0, x2: 100, y2: 0 };

/** the canvas shapes of a one-element page */
function canvasOf(html: string): Record<string, unknown>[] {
  const r = layoutHtml(html, '@page { size: 200pt 100pt; margin: 0 } body { margin: 0 }', { measureText });
  return (r.docDefinition.content as { section: { canvas?: Record<string, unknown>[] }[] }[])[0]!.section.flatMap((n) => n.canvas ?? []);
}

describe('paint: border styles', () => {
  it('solid is one stroke centred in the border width', () => {
    const shapes = borderSide({ side: 'top', width: 4, style: 'solid', color: red, ...edge });
    expect(shapes).to.have.length(1);
    expect(shapes[0]).to.include({ y1: 2, lineWidth: 4, lineColor: '#c80000' });
  });

  it('double is two strokes of a third, at the outer and inner edges', () => {
    const shapes = borderSide({ side: 'top', width: 6, style: 'double', color: red, ...edge });
    expect(shapes.map((s) => [s.y1, s.lineWidth])).to.deep.equal([[1, 2], [5, 2]]);
  });

  it('double from 3px (2.25pt) on, as Chromium draws it; one line below', () => {
    expect(borderSide({ side: 'top', width: 2.25, style: 'double', color: red, ...edge }).map((s) => s.lineWidth)).to.deep.equal([0.75, 0.75]);
    expect(borderSide({ side: 'top', width: 1.5, style: 'double', color: red, ...edge }).map((s) => s.lineWidth)).to.deep.equal([1.5]);
  });

  it('a rounded double border is two rounded rings of a third (the seal of a certificate)', () => {
    const r = layoutHtml('<div style="width: 60pt; height: 60pt; border: 3px double red; border-radius: 50%"></div>', '@page { size: 100pt 100pt; margin: 0 } body { margin: 0 }', { measureText });
    const shapes = (r.docDefinition.content as { section: { canvas?: Record<string, unknown>[] }[] }[])[0]!.section.flatMap((n) => n.canvas ?? []).filter((c) => c.r);
    expect(shapes.map((c) => [c.x, c.lineWidth])).to.deep.equal([[0.375, 0.75], [1.875, 0.75]]);
  });

  it('inset darkens the top and left, outset the bottom and right, in Chromium\'s tones', () => {
    const top = (style: 'inset' | 'outset', color = red) => borderSide({ side: 'top', width: 2, style, color, ...edge })[0]!.lineColor;
    const bottom = (style: 'inset' | 'outset', color = red) => borderSide({ side: 'bottom', width: 2, style, color, ...edge })[0]!.lineColor;
    // Color::Dark() and Color::Light() of #c80000 (measured in Chromium 156: #740000, #ff0000)
    expect([top('inset'), bottom('inset')]).to.deep.equal(['#740000', '#ff0000']);
    expect([top('outset'), bottom('outset')]).to.deep.equal(['#ff0000', '#740000']);
    // black cannot darken: its tones are Light() once and twice (#545454, #a8a8a8); white stays the light tone
    expect([top('inset', black), bottom('inset', black)]).to.deep.equal(['#545454', '#a8a8a8']);
    expect([top('inset', white), bottom('inset', white)]).to.deep.equal(['#ababab', '#ffffff']);
  });

  it('groove and ridge draw two halves in opposite tones', () => {
    const groove = borderSide({ side: 'top', width: 4, style: 'groove', color: black, ...edge }).map((s) => s.lineColor);
    const ridge = borderSide({ side: 'top', width: 4, style: 'ridge', color: black, ...edge }).map((s) => s.lineColor);
    expect(groove).to.deep.equal(['#545454', '#a8a8a8']);
    expect(ridge).to.deep.equal(['#a8a8a8', '#545454']);
  });

  it('sides of different colours meet along the diagonal of the corner: a CSS triangle is a triangle', () => {
    const shapes = canvasOf('<div style="width: 0; height: 0; border-left: 40px solid transparent; border-right: 40px solid transparent; border-bottom: 40px solid red"></div>');
    const drawn = shapes.filter((s) => s.color || s.lineColor);
    expect(drawn).to.have.length(1);
    expect(drawn[0]).to.include({ type: 'polyline', closePath: true, color: '#ff0000' });
    // the outer edge (0, 30)–(60, 30), the inner edge shrunk to the apex (30, 0)
    expect(drawn[0]!.points).to.deep.equal([{ x: 0, y: 30 }, { x: 60, y: 30 }, { x: 30, y: 0 }, { x: 30, y: 0 }]);
  });

  it('a thick coloured left side ends in a mitre against thin grey sides', () => {
    // widths of whole px (1px = 0.75pt, 10px = 7.5pt), which border-width snapping keeps as they are
    const shapes = canvasOf('<div style="width: 100pt; height: 20pt; border: 0.75pt solid #ccc; border-left: 7.5pt solid #06c"></div>');
    const left = shapes.find((s) => s.color === '#0066cc')!;
    expect(left.points).to.deep.equal([{ x: 0, y: 0 }, { x: 0, y: 21.5 }, { x: 7.5, y: 20.75 }, { x: 7.5, y: 0.75 }]);
    const top = shapes.find((s) => s.color === '#cccccc' && (s.points as { y: number }[])[0]!.y === 0)!;
    expect(top.points).to.deep.equal([{ x: 0, y: 0 }, { x: 108.25, y: 0 }, { x: 107.5, y: 0.75 }, { x: 7.5, y: 0.75 }]);
  });

  it('sides alike (one opaque colour, solid) stay one stroke each', () => {
    const shapes = canvasOf('<div style="width: 100pt; height: 20pt; border: 2pt solid red; border-left-width: 6pt"></div>');
    expect(shapes.filter((s) => s.lineColor === '#ff0000').map((s) => s.type)).to.deep.equal(['line', 'line', 'line', 'line']);
    expect(shapes.filter((s) => s.type === 'polyline')).to.deep.equal([]);
  });

  it('none, hidden and transparent draw nothing', () => {
    expect(borderSide({ side: 'left', width: 3, style: 'none', color: red, ...edge })).to.deep.equal([]);
    expect(borderSide({ side: 'left', width: 3, style: 'hidden', color: red, ...edge })).to.deep.equal([]);
    expect(borderSide({ side: 'left', width: 3, style: 'solid', color: { ...red, a: 0 }, ...edge })).to.deep.equal([]);
  });
});

// The pattern Chromium 156 prints (Blink's DrawDashedOrDottedBoxSide and StyledStrokeData, read
// back from its PDF for 200px × 50px boxes): every side runs the whole outer length with a dash
// or a dot at both ends, in whole CSS px (1px = 0.75pt); dashes and square dots are filled,
// as in Chromium's PDF.
describe('paint: dashed and dotted sides as Chromium draws them', () => {
  const px = (n: number) => n * 0.75;
  /** the top side of a box, `w` px wide, `length` px long */
  const top = (style: 'dashed' | 'dotted', w: number, length = 200) => borderSide({ side: 'top', width: px(w), style, color: black, x1: 0, y1: 0, x2: px(length), y2: 0 });
  /** the filled stretches of a horizontal side's path, in px: [start, end] of each rectangle */
  const runsOf = (shapes: Record<string, unknown>[]) => {
    if (shapes[0]!.type === 'rect') return shapes.map((s) => { expect(s).to.include({ color: '#000000', y: 0 }); return [(s.x as number) / 0.75, ((s.x as number) + (s.w as number)) / 0.75]; });
    expect(shapes).to.have.length(1);
    expect(shapes[0]).to.include({ type: 'path', color: '#000000' });
    return [...(shapes[0]!.d as string).matchAll(/M([\d.]+) [\d.]+L([\d.]+)/g)].map((m) => [Number(m[1]) / 0.75, Number(m[2]) / 0.75]);
  };
  const near = (a: number[][], b: number[][]) => {
    expect(a).to.have.length(b.length);
    a.forEach((r, i) => { expect(r[0]).to.be.closeTo(b[i]![0]!, 0.01); expect(r[1]).to.be.closeTo(b[i]![1]!, 0.01); });
  };
  /** n dashes of `dash` px, `gap` px apart, from 0 */
  const dashes = (n: number, dash: number, gap: number) => Array.from({ length: n }, (_, i) => [i * (dash + gap), i * (dash + gap) + dash]);

  const dashed: { w: number; length: number; n: number; dash: number; gap: number; why: string }[] = [
    // 40 dashes of 3px: the gap 2px fitted to (200 − 120) / 39
    { w: 1, length: 200, n: 40, dash: 3, gap: 80 / 39, why: 'under 3px: dashes 3w, gaps 2w fitted so a dash ends each side' },
    { w: 2, length: 200, n: 20, dash: 6, gap: 80 / 19, why: '2px: 20 dashes of 6px' },
    // 23 dashes of 6px: (200 − 138) / 22 is nearer 3 than (200 − 132) / 21
    { w: 3, length: 200, n: 23, dash: 6, gap: 62 / 22, why: 'from 3px: dashes 2w, gaps w' },
    { w: 5, length: 203, n: 14, dash: 10, gap: 63 / 13, why: '5px: 14 dashes of 10px' },
    { w: 1, length: 7, n: 2, dash: 3 * 7 / 8, gap: 2 * 7 / 8, why: 'two dashes and a gap scaled to a side of 7px' },
  ];
  for (const c of dashed) {
    it(`dashed ${c.w}px over ${c.length}px: ${c.why}`, () => {
      const shapes = top('dashed', c.w, c.length);
      near(runsOf(shapes), dashes(c.n, c.dash, c.gap));
      // the band of the side: from the outer edge to the width
      expect((shapes[0]!.d as string).startsWith(`M0 0L${Math.round(px(c.dash) * 1000) / 1000} 0L`)).to.equal(true);
    });
  }

  it('a dashed side no longer than two dashes is solid', () => {
    near(runsOf(top('dashed', 1, 6)), [[0, 6]]);
  });

  it('dotted 1px: square dots 1px apart, the first grown to 2px where the length is even', () => {
    const runs = runsOf(top('dotted', 1));
    near(runs.slice(0, 3), [[0, 2], [3, 4], [5, 6]]);
    near(runs.slice(-1), [[199, 200]]);
  });

  it('dotted 2px and 3px: whole dots forced at the ends, the first gap shortened by 1px', () => {
    // 201 mod 4 = 1: the second dot 1px early, then every 4px to the end
    const two = runsOf(top('dotted', 2, 201));
    near(two.slice(0, 3), [[0, 2], [3, 5], [7, 9]]);
    near(two.slice(-1), [[199, 201]]);
    // 200 mod 6 = 2
    near(runsOf(top('dotted', 3)).slice(0, 3), [[0, 3], [5, 8], [11, 14]]);
  });

  it('dotted from 4px: round dots of the width, their spacing fitted, the line ends moved in by half a dot', () => {
    const [line] = top('dotted', 6, 205);
    expect(line).to.include({ type: 'line', lineCap: 'round', x1: px(3), x2: px(202), y1: px(3) });
    // 18 dots: the gap (205 − 108) / 17 and the dot, less Blink's 0.01px
    const dash = line!.dash as { length: number; space: number };
    expect(dash.length).to.equal(0);
    expect(dash.space).to.be.closeTo(px(97 / 17 + 6 - 0.01), 1e-9);
  });

  it('a box\'s four dashed sides each run corner to corner', () => {
    const shapes = canvasOf('<div style="width: 150pt; height: 37.5pt; border: 0.75pt dashed #000; box-sizing: border-box"></div>');
    const paths = shapes.filter((s) => s.type === 'path').map((s) => s.d as string);
    expect(paths).to.have.length(4);
    // top: from the left edge, 40 dashes to the right edge; right: the band at x 149.25–150, 10 dashes down to the bottom
    expect(paths[0]!.startsWith('M0 0L2.25 0L2.25 0.75L0 0.75Z')).to.equal(true);
    expect(paths[0]!.endsWith('L150 0L150 0.75L147.75 0.75Z')).to.equal(true);
    expect(paths[1]!.startsWith('M149.25 0L150 0L150 2.25L149.25 2.25Z')).to.equal(true);
    expect(paths[1]!.match(/M/g)).to.have.length(10);
  });
});
