// CSS Values 4 and Color 4: units, calc(), colours.
import { expect } from 'chai';
import { componentValues, stripWhitespace } from '../../../src/engine/css/syntax';
import { NAMED_COLORS } from '../../../src/engine/css/colors';
import { parseColor, parseLength, resolveLength, type LengthContext } from '../../../src/engine/css/values';

const one = (text: string) => stripWhitespace(componentValues(text))[0];
const ctx: LengthContext = { em: 10, rem: 12, vw: 500, vh: 800, lh: 12, percentBasis: 500, ex: 5, ch: 5 };
const len = (text: string) => {
  const e = parseLength(one(text), { pct: true, negative: true });
  return e && resolveLength(e, ctx);
};

describe('css: lengths (CSS Values 4 §6)', () => {
  const cases: [string, number, number][] = [
    ['0', 0, 0], ['1px', 0.75, 0], ['1pt', 1, 0], ['1pc', 12, 0], ['1in', 72, 0], ['2.54cm', 72, 0], ['25.4mm', 72, 0], ['4Q', 72 / 25.4, 0],
    ['2em', 20, 0], ['2rem', 24, 0], ['2ex', 10, 0], ['2ch', 10, 0], ['10vw', 50, 0], ['10vh', 80, 0], ['10vmin', 50, 0], ['10vmax', 80, 0],
    ['50%', 0, 50], ['-3px', -2.25, 0], ['1E1px', 7.5, 0], ['10dvh', 80, 0], ['10svw', 50, 0], ['1rlh', 14.4, 0], ['2lh', 24, 0],
    ['calc(100% - 20px)', -15, 100], ['calc(2 * 3em)', 60, 0], ['calc((1in + 1pt) / 2)', 36.5, 0], ['calc(50% + 1em - 2px)', 8.5, 50],
    ['min(10px, 1em)', 7.5, 0], ['max(10px, 1em)', 10, 0], ['clamp(1px, 5em, 20pt)', 20, 0],
    ['min(100%, 600px)', 450, 0], ['max(50%, 10px)', 0, 50],
  ];
  for (const [text, pt, pct] of cases) {
    it(`${text} → ${pt}pt + ${pct}%`, () => {
      const r = len(text);
      expect(r, text).to.not.equal(undefined);
      expect(r!.pt).to.be.closeTo(pt, 1e-9);
      expect(r!.pct).to.be.closeTo(pct, 1e-9);
    });
  }
  for (const bad of ['1', '1xx', 'calc(1px + 2)', 'calc(1px * 2px)', 'calc(1px / 0)', 'auto', '"1px"']) {
    it(`rejects ${bad}`, () => expect(len(bad)).to.equal(undefined));
  }
  it('rejects percentages where none are allowed, negatives where none are allowed', () => {
    expect(parseLength(one('5%'), {})).to.equal(undefined);
    expect(parseLength(one('-5px'), { pct: true })).to.equal(undefined);
  });
  it('clamps absurd lengths', () => {
    expect(len('1e30px')!.pt).to.equal(1e5);
  });
});

describe('css: colours (CSS Color 4)', () => {
  const cases: [string, [number, number, number, number] | 'currentcolor'][] = [
    ['red', [255, 0, 0, 1]], ['RebeccaPurple', [102, 51, 153, 1]], ['transparent', [0, 0, 0, 0]], ['currentColor', 'currentcolor'],
    ['#abc', [0xaa, 0xbb, 0xcc, 1]], ['#abcd', [0xaa, 0xbb, 0xcc, 0xdd / 255]], ['#a1b2c3', [0xa1, 0xb2, 0xc3, 1]], ['#a1b2c380', [0xa1, 0xb2, 0xc3, 0x80 / 255]],
    ['rgb(1, 2, 3)', [1, 2, 3, 1]], ['rgba(1, 2, 3, 0.5)', [1, 2, 3, 0.5]], ['rgb(1 2 3 / 50%)', [1, 2, 3, 0.5]], ['rgb(100%, 0%, 50%)', [255, 0, 128, 1]],
    ['rgba(300, -5, 3, 2)', [255, 0, 3, 1]], ['rgb(1 2 3)', [1, 2, 3, 1]],
    ['hsl(0, 100%, 50%)', [255, 0, 0, 1]], ['hsl(120deg 100% 25%)', [0, 128, 0, 1]], ['hsla(240, 100%, 50%, 0.25)', [0, 0, 255, 0.25]], ['hsl(0.5turn 100% 50% / 1)', [0, 255, 255, 1]],
    ['hwb(0 0% 0%)', [255, 0, 0, 1]],
    // CSS Color 4 §9–10: the spec's own values for sRGB red, and Tailwind 4's red-500 (#fb2c36)
    ['oklch(62.8% 0.2577 29.23)', [255, 0, 0, 1]], ['oklab(0.628 0.2249 0.1258)', [255, 0, 0, 1]],
    ['lab(54.29 80.82 69.88)', [255, 0, 0, 1]], ['lch(54.29 106.84 40.85)', [255, 0, 0, 1]],
    ['oklch(0.637 0.237 25.331)', [251, 44, 54, 1]], ['oklch(63.7% 0.237 25.331 / 50%)', [251, 44, 54, 0.5]],
    ['oklch(1 0 0)', [255, 255, 255, 1]], ['lab(0 0 0)', [0, 0, 0, 1]],
    ['color(srgb 1 0.5 0)', [255, 128, 0, 1]], ['color(srgb-linear 1 0 0)', [255, 0, 0, 1]], ['color(display-p3 1 0 0)', [255, 0, 0, 1]],
    ['color(xyz-d65 0.9505 1 1.089)', [255, 255, 255, 1]],
    // CSS Color 5 color-mix()
    ['color-mix(in srgb, red, blue)', [128, 0, 128, 1]], ['color-mix(in srgb, red 25%, blue)', [64, 0, 191, 1]],
    ['color-mix(in oklab, red 50%, transparent)', [255, 0, 0, 0.5]], ['color-mix(in srgb, red 30%, blue 30%)', [128, 0, 128, 0.6]],
    ['color-mix(in oklch, white, black 0%)', [255, 255, 255, 1]],
    ['light-dark(white, black)', [255, 255, 255, 1]],
  ];
  for (const [text, want] of cases) {
    it(`${text}`, () => {
      const c = parseColor(one(text));
      if (want === 'currentcolor') { expect(c).to.equal('currentcolor'); return; }
      expect(c).to.not.equal(undefined);
      if (c === undefined || c === 'currentcolor') return;
      expect([c.r, c.g, c.b]).to.deep.equal(want.slice(0, 3));
      expect(c.a).to.be.closeTo(want[3], 1e-9);
    });
  }
  for (const bad of ['#12', '#12345', 'rgb(1, 2)', 'rgb(1 2, 3)', 'notacolor', 'hsl(1, 2, 3, 4, 5)', 'oklch(1, 0, 0)', 'color(rec9999 1 0 0)', 'color-mix(in srgb, red)', 'color-mix(in nowhere, red, blue)', 'color-mix(in srgb, red 0%, blue 0%)']) {
    it(`rejects ${bad}`, () => expect(parseColor(one(bad))).to.equal(undefined));
  }
  it('knows all 148 named colours', () => {
    expect(Object.keys(NAMED_COLORS)).to.have.length(148);
  });
});
