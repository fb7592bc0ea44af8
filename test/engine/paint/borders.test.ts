// CSS Backgrounds 3 §4.3 border styles as the fragment painter draws them: one stroke for
// solid/dashed/dotted, two thirds for double, two tones for groove/ridge/inset/outset.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { borderSide } from '../../../src/engine/paint/fragments';
import { measureText } from '../../../src/render/measure';

const red = { r: 200, g: 0, b: 0, a: 1 };
const black = { r: 0, g: 0, b: 0, a: 1 };
const edge = { x1: 0, y1: 0, x2: 100, y2: 0 };

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

  it('inset darkens the top and left, outset the bottom and right', () => {
    const top = (style: 'inset' | 'outset') => borderSide({ side: 'top', width: 2, style, color: black, ...edge })[0]!.lineColor;
    const bottom = (style: 'inset' | 'outset') => borderSide({ side: 'bottom', width: 2, style, color: black, ...edge })[0]!.lineColor;
    expect([top('inset'), bottom('inset')]).to.deep.equal(['#ababab', '#000000']);
    expect([top('outset'), bottom('outset')]).to.deep.equal(['#000000', '#ababab']);
  });

  it('groove and ridge draw two halves in opposite tones', () => {
    const groove = borderSide({ side: 'top', width: 4, style: 'groove', color: black, ...edge }).map((s) => s.lineColor);
    const ridge = borderSide({ side: 'top', width: 4, style: 'ridge', color: black, ...edge }).map((s) => s.lineColor);
    expect(groove).to.deep.equal(['#ababab', '#000000']);
    expect(ridge).to.deep.equal(['#000000', '#ababab']);
  });

  it('none, hidden and transparent draw nothing', () => {
    expect(borderSide({ side: 'left', width: 3, style: 'none', color: red, ...edge })).to.deep.equal([]);
    expect(borderSide({ side: 'left', width: 3, style: 'hidden', color: red, ...edge })).to.deep.equal([]);
    expect(borderSide({ side: 'left', width: 3, style: 'solid', color: { ...red, a: 0 }, ...edge })).to.deep.equal([]);
  });
});
