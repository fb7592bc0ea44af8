// CSS Quirks Mode §3.2 the hashless hex color quirk and §3.3 the unitless length quirk, as
// Chromium 156 computes them (getComputedStyle on the same rules in a document without a
// DOCTYPE): each expected value was read there.
import { expect } from 'chai';
import type { StyledElement } from '../../../src/engine/cascade/styled';
import { run } from './helpers';

/** `#t` styled by `css`, in a quirks-mode document (no DOCTYPE) or a standards one */
function quirks(css: string, attr = ''): StyledElement {
  return run(`<html><head><style>${css}</style></head><body><div id="t"${attr}>x</div></body></html>`).byId('t');
}
function standards(css: string, attr = ''): StyledElement {
  return run(`<!DOCTYPE html><html><head><style>${css}</style></head><body><div id="t"${attr}>x</div></body></html>`).byId('t');
}
const rgb = (r: number, g: number, b: number) => ({ r, g, b, a: 1 });

describe('cascade: quirky values of a quirks-mode document (CSS Quirks Mode §3.2, §3.3)', () => {
  it('a colour without its # is read as hex: identifiers of 3 or 6 digits, numbers zero-padded to 6', () => {
    const cases: [string, ReturnType<typeof rgb>][] = [
      ['ff0000', rgb(255, 0, 0)], ['abc', rgb(170, 187, 204)], ['ABCDEF', rgb(171, 205, 239)],
      ['333', rgb(0, 3, 51)], ['123456', rgb(18, 52, 86)], ['870CA5', rgb(135, 12, 165)],
      ['0f0', rgb(0, 0, 240)], ['12', rgb(0, 0, 18)], ['f00 !important', rgb(255, 0, 0)],
    ];
    for (const [v, want] of cases) expect(quirks(`#t { color: ${v} }`).style.color, v).to.deep.equal(want);
  });
  it('a signed, decimal or exponent number is not a quirky colour', () => {
    for (const v of ['-123', '12.0', '1e3']) expect(quirks(`#t { color: ${v} }`).style.color, v).to.deep.equal(rgb(0, 0, 0));
  });
  it('background-color and border colours take it; the background and border shorthands do not', () => {
    expect(quirks('#t { background-color: ff0000 }').style.backgroundColor).to.deep.equal(rgb(255, 0, 0));
    expect(quirks('#t { background: ff0000 }').style.backgroundColor).to.deep.equal({ r: 0, g: 0, b: 0, a: 0 });
    const b = quirks('#t { border-color: ff0000 00ff00 }').style.borderColor;
    expect([b.top, b.right]).to.deep.equal([rgb(255, 0, 0), rgb(0, 255, 0)]);
    expect(quirks('#t { border-top-color: abc }').style.borderColor.top).to.deep.equal(rgb(170, 187, 204));
    expect(quirks('#t { border: 1px solid ff0000 }').style.borderColor.top).to.deep.equal(rgb(0, 0, 0));
    expect(quirks('#t { outline-color: ff0000 }').style.outlineColor).to.deep.equal(rgb(0, 0, 0));
  });
  it('a bare number is px in the listed properties and their margin/padding/background-position shorthands', () => {
    const q = quirks('#t { width: 100; height: 30; margin: 10 20; padding: 5; font-size: 20; top: 7; text-indent: 12; letter-spacing: 2; background-position: 10 20; border-spacing: 4 }');
    const s = standards('#t { width: 100px; height: 30px; margin: 10px 20px; padding: 5px; font-size: 20px; top: 7px; text-indent: 12px; letter-spacing: 2px; background-position: 10px 20px; border-spacing: 4px }');
    for (const k of ['width', 'height', 'margin', 'padding', 'fontSize', 'top', 'textIndent', 'letterSpacing', 'backgroundPosition', 'borderSpacing'] as const) {
      expect(q.style[k], k).to.deep.equal(s.style[k]);
    }
    expect(quirks('#t { width: 50.5 }').style.width).to.deep.equal(standards('#t { width: 50.5px }').style.width);
  });
  it('line-height keeps its number; a number inside calc() is not a length', () => {
    expect(quirks('#t { line-height: 2 }').style.lineHeight).to.deep.equal(standards('#t { line-height: 2 }').style.lineHeight);
    expect(quirks('#t { width: calc(10 + 5px) }').style.width).to.deep.equal(standards('').style.width);
  });
  it('a style attribute takes them too', () => {
    const t = quirks('', ' style="color:00ff00;width:77"');
    expect(t.style.color).to.deep.equal(rgb(0, 255, 0));
    expect(t.style.width).to.deep.equal(standards('#t { width: 77px }').style.width);
  });
  it('a standards-mode document drops them', () => {
    const t = standards('#t { color: ff0000; width: 100 }', ' style="background-color:00ff00"');
    expect(t.style.color).to.deep.equal(rgb(0, 0, 0));
    expect(t.style.width).to.deep.equal(standards('').style.width);
    expect(t.style.backgroundColor).to.deep.equal({ r: 0, g: 0, b: 0, a: 0 });
  });
});
