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
