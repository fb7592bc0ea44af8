// CSS Backgrounds 3 §6 border images, read back from the PDF at 72 dpi (1 px = 1 pt) at points
// where Chromium 156 paints the same documents so (its prints rasterised with pdftoppm and
// compared): the nine slices, stretch and round edges, fill, outset, widths as multiples of the
// border width, a gradient source, and the border styles when the image does not load. The
// cascade side: the shorthand and its longhands.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { pixelsOf } from '../../pdf/tools';
import { styleOf } from '../cascade/helpers';

const PAGE = '@page { size: 200pt 120pt; margin: 0 } body { margin: 0 } div { position: absolute; left: 20pt; top: 20pt; width: 100pt; height: 40pt; border: 10pt solid black }';
/** 30 × 30 px: red corners, green edges (the top one's right half yellow), a blue middle, sliced at 10 */
const NINE = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30"><rect width="30" height="30" fill="#00c000"/><rect width="10" height="10" fill="#e00000"/><rect x="20" width="10" height="10" fill="#e00000"/><rect y="20" width="10" height="10" fill="#e00000"/><rect x="20" y="20" width="10" height="10" fill="#e00000"/><rect x="15" width="5" height="10" fill="#f0e000"/><rect x="10" y="10" width="10" height="10" fill="#0000e0"/></svg>').toString('base64')}`;

type Px = [number, number, number];
const RED: Px = [224, 0, 0]; const GREEN: Px = [0, 192, 0]; const YELLOW: Px = [240, 224, 0]; const BLUE: Px = [0, 0, 224]; const WHITE: Px = [255, 255, 255];
const near = (a: Px, b: Px, d = 12) => a.every((c, i) => Math.abs(c - b[i]!) <= d);

async function render(css: string): Promise<{ at(x: number, y: number): Px; diagnostics: string[] }> {
  const r = layoutHtml(`<div style="${css}"></div>`, PAGE, { measureText });
  const px = pixelsOf(await toPdf(r.docDefinition, r.fonts));
  return { at: (x, y) => px.at(x, y), diagnostics: r.diagnostics.map((d) => `${d.code}: ${d.message}`) };
}

describe('paint: border-image (CSS Backgrounds 3 §6)', () => {
  // the border box: x 20–140, y 20–80; the border 10pt wide
  const cases: { name: string; css: string; at: [number, number, Px][] }[] = [
    { name: 'the slices: corners in the corners, edges stretched along the sides, no middle without fill', css: `border-image: url(${NINE}) 10`,
      at: [[25, 25, RED], [135, 75, RED], [60, 25, GREEN], [110, 25, YELLOW], [25, 50, GREEN], [135, 50, GREEN], [80, 75, GREEN], [80, 50, WHITE]] },
    { name: 'round: whole tiles along the edge (10 of 10pt on the top edge); fill draws the middle', css: `border-image: url(${NINE}) 10 fill round`,
      at: [[32, 25, GREEN], [37, 25, YELLOW], [122, 25, GREEN], [127, 25, YELLOW], [80, 50, BLUE], [25, 25, RED]] },
    { name: 'outset grows the border image area beyond the border box', css: `border-image: url(${NINE}) 10 / 1 / 10pt`,
      at: [[12, 12, RED], [15, 50, GREEN], [25, 50, WHITE], [145, 85, RED]] },
    { name: 'a width as a number multiplies the border width', css: `border-image: url(${NINE}) 10 / 2`,
      at: [[36, 36, RED], [124, 64, RED], [60, 35, GREEN], [100, 35, YELLOW], [80, 50, WHITE]] },
    { name: 'a gradient source', css: 'border-image: linear-gradient(90deg, red, blue) 30%',
      at: [[22, 50, [250, 0, 5]], [138, 50, [5, 0, 250]], [80, 50, WHITE]] },
    { name: 'border-image-repeat: stretch across, round down; the longhands', css: `border-width: 5pt 20pt; border-image-source: url(${NINE}); border-image-slice: 10; border-image-repeat: stretch round`,
      at: [[30, 22, RED], [60, 22, GREEN], [120, 22, YELLOW], [30, 45, GREEN]] },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const px = await render(c.css);
      for (const [x, y, want] of c.at) expect(near(px.at(x, y), want, 15), `${x},${y}: ${px.at(x, y).join(' ')} (want ${want.join(' ')})`).to.equal(true);
      expect(px.diagnostics).to.deep.equal([]);
    });
  }

  it('an image that does not load leaves the border styles', async () => {
    const px = await render('border-image: url(missing.svg) 10; border-color: #800080');
    expect(near(px.at(25, 50), [128, 0, 128])).to.equal(true);
    expect(px.diagnostics.length).to.equal(1);
  });
});

describe('cascade: border-image and its longhands (CSS Backgrounds 3 §6)', () => {
  it('the shorthand: source, slice with fill, width, outset, repeat', () => {
    const s = styleOf('#t { border-image: url(a.png) 10% 20 fill / 2 auto 3px / 4px round space }').style;
    expect(s.borderImageSource).to.deep.equal({ url: 'a.png' });
    expect(s.borderImageSlice).to.deep.equal({ top: { v: 10, pct: true }, right: { v: 20, pct: false }, bottom: { v: 10, pct: true }, left: { v: 20, pct: false }, fill: true });
    expect(s.borderImageWidth).to.deep.equal({ top: { n: 2 }, right: 'auto', bottom: { len: { pt: 2.25, pct: 0 } }, left: 'auto' });
    expect(s.borderImageOutset.top).to.deep.equal({ len: { pt: 3, pct: 0 } });
    expect(s.borderImageRepeat).to.deep.equal(['round', 'space']);
  });
  it('the initial values: 100% slices, widths of one border width, no outset, stretch', () => {
    const s = styleOf('#t { border-image: url(a.png) }').style;
    expect(s.borderImageSlice.top).to.deep.equal({ v: 100, pct: true });
    expect(s.borderImageWidth.left).to.deep.equal({ n: 1 });
    expect(s.borderImageOutset.left).to.deep.equal({ n: 0 });
    expect(s.borderImageRepeat).to.deep.equal(['stretch', 'stretch']);
  });
  for (const bad of ['border-image: url(a) url(b)', 'border-image: url(a) 10 / / ', 'border-image-slice: -1', 'border-image-repeat: round round round', 'border-image-width: -2px', 'border-image-outset: 10%']) {
    it(`"${bad}" is dropped with a diagnostic`, () => {
      const s = styleOf(`#t { ${bad} }`);
      expect(s.diagnostics.map((d) => d.code)).to.deep.equal(['invalid-value']);
      expect(s.style.borderImageSource).to.equal('none');
    });
  }
});
