// CSS Backgrounds 3 §7 box-shadow, read back from the PDF at 72 dpi (1 px = 1 pt) at points
// where Chromium 156 paints the same documents so (its prints were rasterised with pdftoppm and
// compared pixel by pixel): an outer shadow only outside the border box, spread, an inset shadow
// inside the padding box, the blur's Gaussian (its edge at half the colour), rounded shadows,
// the first shadow on top, inline boxes per line, and the clip of an `overflow: hidden` ancestor.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import type { Fragment, InlineBoxFragment } from '../../../src/engine/layout/fragments';
import { outset, type RoundedRect } from '../../../src/engine/paint/shadow';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { layoutOf } from '../../helpers/layout';
import { pdfOfHtml } from '../../helpers/engine';
import { pixelsOf } from '../../pdf/tools';

const PAGE = '@page { size: 200pt 200pt; margin: 0 } body { margin: 0; font: 10pt/12pt sans-serif }';

const pdfOf = (html: string) => pdfOfHtml(html, PAGE);

type Px = [number, number, number];
const isBlue = (p: Px) => p[2] > 200 && p[0] < 60 && p[1] < 60;
const isRed = (p: Px) => p[0] > 200 && p[1] < 60 && p[2] < 60;
const isWhite = (p: Px) => p.every((c) => c > 240);

/** a 60 × 40 pt box at (50, 50) */
const box = (css: string) => `<div style="margin: 50pt; width: 60pt; height: 40pt; ${css}"></div>`;

describe('paint: box-shadow (CSS Backgrounds 3 §7)', () => {
  const cases: { name: string; html: string; blue?: [number, number][]; red?: [number, number][]; white?: [number, number][] }[] = [
    { name: 'an outer shadow is drawn at its offset, outside the border box only (a transparent box shows none inside)', html: box('box-shadow: 10pt 10pt blue'),
      blue: [[115, 95], [65, 95], [115, 65]], white: [[100, 80], [55, 55], [45, 60], [65, 45], [125, 95]] },
    { name: 'under the background', html: box('box-shadow: 10pt 10pt blue; background: red'),
      blue: [[115, 95]], red: [[100, 80], [55, 55]] },
    { name: 'the spread grows the shape on every side', html: box('box-shadow: 0 0 0 8pt blue'),
      blue: [[45, 70], [115, 70], [80, 45], [80, 95], [43, 43]], white: [[40, 70], [120, 70], [80, 40], [80, 100], [80, 70]] },
    { name: 'a negative spread shrinks it', html: box('box-shadow: 0 15pt 0 -5pt blue'),
      blue: [[80, 97]], white: [[52, 97], [108, 97], [80, 103]] },
    { name: 'an inset shadow darkens the inside of the padding box, above the background', html: box('box-shadow: inset 0 0 0 10pt blue; background: white'),
      blue: [[55, 70], [105, 70], [80, 55], [80, 85]], white: [[80, 70], [65, 65], [45, 70]] },
    { name: 'an inset shadow\'s offset moves its hole', html: box('box-shadow: inset 20pt 0 blue'),
      blue: [[55, 70], [68, 70]], white: [[72, 70], [105, 70]] },
    { name: 'an inset shadow stays inside the border', html: box('box-shadow: inset 0 0 0 30pt blue; border: 5pt solid red'),
      blue: [[58, 70], [80, 60]], red: [[52, 70], [80, 52]] },
    { name: 'the first shadow is on top', html: box('box-shadow: 10pt 0 red, 20pt 0 blue'),
      red: [[115, 70]], blue: [[125, 70]], white: [[135, 70]] },
    { name: 'rounded corners: the shadow has the border radius', html: box('box-shadow: 40pt 0 blue; border-radius: 20pt'),
      blue: [[140, 70], [130, 52], [140, 80]], white: [[148, 53], [148, 87]] },
    { name: 'border-radius grows with the spread', html: box('box-shadow: 0 0 0 10pt blue; border-radius: 10pt'),
      blue: [[42, 70], [80, 42]], white: [[43, 43], [117, 97]] },
    { name: 'an overflow: hidden ancestor clips it', html: '<div style="overflow: hidden; width: 100pt; height: 100pt"><div style="margin: 20pt; width: 60pt; height: 60pt; box-shadow: 40pt 0 blue"></div></div>',
      blue: [[95, 50]], white: [[105, 50], [120, 50]] },
    { name: 'a shadow in transparent colour draws nothing', html: box('box-shadow: 10pt 10pt transparent, inset 0 0 0 10pt rgba(0, 0, 255, 0)'),
      white: [[115, 95], [55, 70]] },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const px = pixelsOf(await pdfOf(c.html));
      for (const [x, y] of c.blue ?? []) expect(isBlue(px.at(x, y)), `blue at ${x},${y}: ${px.at(x, y).join(' ')}`).to.equal(true);
      for (const [x, y] of c.red ?? []) expect(isRed(px.at(x, y)), `red at ${x},${y}: ${px.at(x, y).join(' ')}`).to.equal(true);
      for (const [x, y] of c.white ?? []) expect(isWhite(px.at(x, y)), `white at ${x},${y}: ${px.at(x, y).join(' ')}`).to.equal(true);
    });
  }

  it('a blur is a Gaussian of deviation blur/2: half the colour at the shape\'s edge, nearly all of it two deviations inside, none three outside', async () => {
    // the shape: x 50–110, y 90–130 (offset 40pt down); deviation 8pt
    const px = pixelsOf(await pdfOf(box('box-shadow: 0 40pt 16pt black')));
    const grey = (x: number, y: number) => px.at(x, y)[0];
    // the pixel row from 129.5 to 130.5... at 72 dpi row 129 spans 129–130 (centre 0.5pt inside: 52%), row 130 the next (48%)
    expect(grey(80, 129)).to.be.within(255 * 0.4, 255 * 0.56);
    expect(grey(80, 130)).to.be.within(255 * 0.44, 255 * 0.6);
    expect(grey(80, 113)).to.be.below(20);
    expect(grey(80, 154)).to.be.above(250);
    // along the sides too, and the corner fades both ways (a quarter of the colour at the corner point)
    expect(grey(110, 105)).to.be.within(255 * 0.4, 255 * 0.6);
    expect(grey(110, 130)).to.be.within(255 * 0.65, 255 * 0.85);
  });

  it('an inset blur shades the inside edge and leaves the middle', async () => {
    const px = pixelsOf(await pdfOf(box('box-shadow: inset 0 0 8pt rgb(0, 0, 255); background: white')));
    const red = (x: number, y: number) => px.at(x, y)[0];
    expect(red(51, 70)).to.be.below(200);
    expect(red(80, 70)).to.be.above(250);
    expect(red(45, 70)).to.be.above(250);
  });

  it('an inline box has its shadow on every line it spans, cut where the line breaks it', async () => {
    const html = '<p style="width: 100pt; margin: 20pt"><span style="box-shadow: 0 4pt blue">aaaa bbbb cccc dddd eeee ffff</span></p>';
    const spans: InlineBoxFragment[] = [];
    const walk = (f: Fragment) => { if (f.kind === 'inline-box') spans.push(f); if ('children' in f) for (const c of f.children) walk(c); };
    walk(layoutOf(html, PAGE).root);
    expect(spans.length).to.be.at.least(2);
    const px = pixelsOf(await pdfOf(html));
    for (const s of spans) {
      const y = s.y + s.height + 2;
      expect(isBlue(px.at(s.x + s.width / 2, y)), `under the line at ${s.y}`).to.equal(true);
      // (a line's fragment ends at its last glyph: nothing beyond, on either side)
      expect(isWhite(px.at(s.x + s.width + 3, y)), `after the line at ${s.y}`).to.equal(true);
    }
  });

  it('an inline-block\'s shadow is drawn once (not again by the anonymous block of its lines)', async () => {
    const r = layoutHtml('<p><span style="display: inline-block; border: 6pt solid white; box-shadow: 0 2pt 3pt black">text</span></p>', PAGE, { measureText });
    const pdf = await toPdf(r.docDefinition, r.fonts);
    expect(pdf.toString('latin1').match(/\/SMask \d+ 0 R/g) ?? []).to.have.length(1);
  });

  it('the same input gives the same bytes, and one mask per distinct blurred shadow', async () => {
    const html = box('box-shadow: 0 4pt 12pt rgba(0, 0, 0, .3)') + box('box-shadow: 0 4pt 12pt rgba(0, 0, 0, .3)') + box('box-shadow: 0 4pt 12pt rgba(255, 0, 0, .3)');
    const page = '@page { size: 200pt 800pt; margin: 0 } body { margin: 0 }';
    const pdf = async () => { const r = layoutHtml(html, page, { measureText }); return toPdf(r.docDefinition, r.fonts); };
    const a = await pdf(); const b = await pdf();
    expect(a.equals(b)).to.equal(true);
    expect(a.toString('latin1').match(/\/SMask \d+ 0 R/g) ?? []).to.have.length(2);
    expect(a.length).to.be.below(20_000);
  });
});

describe('paint: the shadow shape (CSS Backgrounds 3 §7.2)', () => {
  const r = (x: number, y = x) => ({ x, y });
  const shape = (radius: number): RoundedRect => ({ x: 0, y: 0, width: 100, height: 60, radii: [r(radius), r(radius), r(radius), r(radius)] });
  const cases: [string, RoundedRect, number, number | undefined][] = [
    ['a radius at least the spread grows by the spread', shape(10), 5, 15],
    ['a smaller one by spread × (1 + (r/spread − 1)³)', shape(2), 20, 2 + 20 * (1 + (0.1 - 1) ** 3)],
    ['a square corner stays square', shape(0), 20, 0],
    ['a negative spread shrinks the radius, down to zero', shape(10), -15, 0],
    ['a spread that leaves nothing leaves no shape', shape(0), -30, undefined],
  ];
  for (const [name, s, spread, radius] of cases) {
    it(name, () => {
      const o = outset(s, spread);
      if (radius === undefined) { expect(o).to.equal(undefined); return; }
      expect(o!.x).to.equal(-spread);
      expect(o!.width).to.equal(100 + 2 * spread);
      expect(o!.radii[0].x).to.be.closeTo(radius, 1e-9);
    });
  }
});
