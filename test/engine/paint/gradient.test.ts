// CSS Images 3 §3 gradients: the computed values the cascade makes of them, the used geometry
// (gradient line and corner angle, radial ending shapes, stop fix-up), and pixels of the PDF
// read back with pdftoppm at the places Chromium 156's print of the same documents was sampled
// (chromium --headless --print-to-pdf, pdftoppm -r 96: the values in the comments).
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import type { Gradient } from '../../../src/engine/cascade/computed';
import { fixUpStops, gradientLine, gradientPaint, radialShape } from '../../../src/engine/paint/gradient';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { styleOf } from '../cascade/helpers';
import { pixelsOf } from '../../pdf/tools';

const L = (pt: number, pct = 0) => ({ pt, pct });
const red = { r: 255, g: 0, b: 0, a: 1 };
const blue = { r: 0, g: 0, b: 255, a: 1 };

/** the computed gradient of the first layer of `background-image: <value>` */
function gradientOf(value: string): Gradient {
  const s = styleOf(`#t { background-image: ${value} }`);
  expect(s.diagnostics).to.deep.equal([]);
  const layers = s.style.backgroundImage;
  if (layers === 'none' || layers[0] === 'none' || !('gradient' in layers[0]!)) throw new Error('no gradient');
  return layers[0].gradient;
}

const directionOf = (value: string) => (gradientOf(value) as Gradient & { kind: 'linear' }).direction;

describe('cascade: gradients are typed computed values (CSS Images 3 §3)', () => {
  it('linear-gradient: the default direction is to bottom; angles in deg, turn, rad; a unitless 0', () => {
    expect(gradientOf('linear-gradient(red, blue)')).to.deep.equal({ kind: 'linear', repeating: false, direction: { to: { x: 0, y: 1 } }, stops: [{ color: red }, { color: blue }] });
    expect(directionOf('linear-gradient(0.25turn, red, blue)')).to.deep.equal({ angle: 90 });
    expect(directionOf('linear-gradient(0, red, blue)')).to.deep.equal({ angle: 0 });
    expect(directionOf('linear-gradient(to top left, red, blue)')).to.deep.equal({ to: { x: -1, y: -1 } });
    // the legacy -webkit- form names the side it starts from
    expect(directionOf('-webkit-linear-gradient(left, red, blue)')).to.deep.equal({ to: { x: 1, y: 0 } });
  });

  it('stop positions in % and lengths (em resolved), two-position stops, hints; currentcolor is the colour', () => {
    const g = gradientOf('repeating-linear-gradient(red 0 2em, 30%, currentColor 50px)');
    expect(g.repeating).to.equal(true);
    expect(g.stops).to.deep.equal([{ color: red, at: L(0) }, { color: red, at: L(24) }, { hint: L(0, 30) }, { color: { r: 0, g: 0, b: 0, a: 1 }, at: L(37.5) }]);
  });

  it('radial-gradient: shape, extent or radii, and the centre as offsets from the top left', () => {
    const a = gradientOf('radial-gradient(circle closest-side at right 10px top 20%, red, blue)');
    expect(a).to.include({ kind: 'radial', shape: 'circle', size: 'closest-side' });
    expect((a as { at: unknown }).at).to.deep.equal({ x: L(-7.5, 100), y: L(0, 20) });
    const b = gradientOf('radial-gradient(red, blue)');
    expect(b).to.include({ shape: 'ellipse', size: 'farthest-corner' });
    expect((b as { at: unknown }).at).to.deep.equal({ x: L(0, 50), y: L(0, 50) });
    expect((gradientOf('radial-gradient(20px 50%, red, blue)') as { size: unknown }).size).to.deep.equal({ rx: L(15), ry: L(0, 50) });
    expect(gradientOf('radial-gradient(10px at center, red, blue)')).to.include({ shape: 'circle' });
  });

  it('several layers, gradients and url() mixed, each with its position, size, repeat, origin and clip', () => {
    const s = styleOf('#t { background: linear-gradient(red, red) no-repeat, url(a.png) 10px 20px / 5px repeat-x content-box, blue }');
    expect(s.diagnostics).to.deep.equal([]);
    const layers = s.style.backgroundImage as readonly unknown[];
    // the final layer (the colour's) has no image
    expect(layers).to.have.length(3);
    expect(layers[1]).to.deep.equal({ url: 'a.png' });
    expect(layers[2]).to.equal('none');
    expect(s.style.backgroundRepeat).to.equal('no-repeat, repeat-x, repeat');
    expect(s.style.backgroundSize).to.equal('auto, 5px, auto');
    expect(s.style.backgroundPosition).to.equal('0% 0%, 10px 20px, 0% 0%');
    expect(s.style.backgroundOrigin).to.equal('padding-box, content-box, padding-box');
    expect(s.style.backgroundClip).to.equal('border-box, content-box, border-box');
    expect(s.style.backgroundColor).to.deep.equal(blue);
  });

  const bad = ['linear-gradient(to middle, red, blue)', 'linear-gradient(red, 10%)', 'linear-gradient(10%, red, blue)', 'linear-gradient(red, 10%, 20%, blue)',
    'radial-gradient(circle 10% 20%, red, blue)', 'radial-gradient(circle 50%, red, blue)', 'linear-gradient(45deg)', 'linear-gradient(red blue)'];
  for (const value of bad) {
    it(`a syntax error drops the declaration, said where it is: ${value}`, () => {
      const s = styleOf(`\n#t {\n  background-color: green;\n  background: ${value};\n}`);
      expect(s.diagnostics.map((d) => [d.code, d.line, d.column])).to.deep.equal([['invalid-value', 4, 3]]);
      expect(s.style.backgroundColor).to.deep.equal({ r: 0, g: 128, b: 0, a: 1 });
    });
  }

  it('a conic gradient is kept (the declaration stays valid) and said not drawn where it is written', () => {
    const s = styleOf('\n#t {\n  background: conic-gradient(red, blue), green;\n}');
    expect(s.diagnostics.map((d) => [d.code, d.line, d.column])).to.deep.equal([['unsupported-value', 3, 3]]);
    expect(s.diagnostics[0]!.message).to.contain('conic-gradient() is not drawn');
    expect(s.style.backgroundColor).to.deep.equal({ r: 0, g: 128, b: 0, a: 1 });
  });
});

describe('paint: gradient geometry at used time (CSS Images 3 §3.1, §3.2, §3.5.3)', () => {
  it('to <corner>: the 50% line passes through the other two corners', () => {
    // a 200 × 100 box: to top right is atan(100 / 200) from the vertical
    const up = gradientLine({ to: { x: 1, y: -1 } }, 200, 100);
    expect(up.angle).to.be.closeTo((Math.atan2(100, 200) * 180) / Math.PI, 1e-9);
    expect(gradientLine({ to: { x: 1, y: 1 } }, 200, 100).angle).to.be.closeTo(180 - up.angle, 1e-9);
    expect(gradientLine({ to: { x: -1, y: 1 } }, 200, 100).angle).to.be.closeTo(180 + up.angle, 1e-9);
    expect(gradientLine({ to: { x: -1, y: -1 } }, 200, 100).angle).to.be.closeTo(360 - up.angle, 1e-9);
    // the line's length: |w sin a| + |h cos a|; 90deg is the width, to bottom the height
    expect(gradientLine({ angle: 90 }, 200, 100).length).to.be.closeTo(200, 1e-9);
    expect(gradientLine({ to: { x: 0, y: 1 } }, 200, 100).length).to.be.closeTo(100, 1e-9);
    // the corner line passes through the corner: its half-length is the corner's distance along it
    const a = (up.angle * Math.PI) / 180;
    expect(up.length / 2).to.be.closeTo(100 * Math.sin(a) + 50 * Math.cos(a), 1e-9);
  });

  it('stop fix-up: ends at 0% and 100%, positions clamped non-decreasing, missing ones spread evenly', () => {
    const stops = fixUpStops([{ color: red }, { color: blue, at: L(0, 60) }, { color: red, at: L(0, 40) }, { color: blue }, { color: blue }, { color: red }], 100);
    expect(stops.map((s) => ('offset' in s ? Math.round(s.offset * 1000) / 1000 : s))).to.deep.equal([0, 0.6, 0.6, 0.733, 0.867, 1]);
    // lengths are of the line's length; a hint between its stops
    expect(fixUpStops([{ color: red, at: L(10) }, { hint: L(30) }, { color: blue, at: L(0, 50) }], 200)).to.deep.equal([{ offset: 0.05, color: red }, { hint: 0.15 }, { offset: 0.5, color: blue }]);
  });

  it('radial extents: closest-side, farthest-corner (an ellipse keeps the aspect ratio of its side)', () => {
    const g = (size: string, shape: 'circle' | 'ellipse') => ({ kind: 'radial', repeating: false, shape, size, at: { x: L(50), y: L(25) }, stops: [] }) as unknown as Gradient & { kind: 'radial' };
    // centre (50, 25) in 200 × 100: sides 50, 150 across and 25, 75 down
    expect(radialShape(g('closest-side', 'ellipse'), 200, 100)).to.deep.equal({ cx: 50, cy: 25, rx: 50, ry: 25 });
    expect(radialShape(g('farthest-side', 'circle'), 200, 100)).to.deep.equal({ cx: 50, cy: 25, rx: 150, ry: 150 });
    expect(radialShape(g('closest-corner', 'circle'), 200, 100).rx).to.be.closeTo(Math.hypot(50, 25), 1e-9);
    const e = radialShape(g('farthest-corner', 'ellipse'), 200, 100);
    expect(e.rx / e.ry).to.be.closeTo(150 / 75, 1e-9);
    expect((150 / e.rx) ** 2 + (75 / e.ry) ** 2).to.be.closeTo(1, 1e-9);
  });

  it('a gradient of one colour is a colour, a transparent stop takes its neighbour\'s colour', () => {
    const box = { x: 0, y: 0, width: 100, height: 10 };
    expect(gradientPaint({ kind: 'linear', repeating: false, direction: { angle: 90 }, stops: [{ color: red }, { color: red }] }, box)).to.deep.equal({ color: red });
    const p = gradientPaint({ kind: 'linear', repeating: false, direction: { angle: 90 }, stops: [{ color: red }, { color: { r: 0, g: 0, b: 0, a: 0 } }] }, box);
    expect(p).to.deep.equal({ shading: { kind: 'linear', x1: 0, y1: 5, x2: 100, y2: 5, stops: [[0, [255, 0, 0], 1], [1, [255, 0, 0], 0]] } });
  });
});

const PAGE = '@page { size: 300px 300px; margin: 0 } body { margin: 0 }';

async function pixels(body: string) {
  const r = layoutHtml(`<!doctype html>${body}`, PAGE, { measureText });
  expect(r.diagnostics).to.deep.equal([]);
  const pdf = await toPdf(r.docDefinition, r.fonts);
  const px = pixelsOf(pdf);
  // pixelsOf reads at 72 dpi: one pixel per pt; CSS px here
  return (x: number, y: number) => px.at(x * 0.75, y * 0.75);
}

const near = (a: readonly number[], b: readonly number[], tol = 4) => a.every((v, i) => Math.abs(v - b[i]!) <= tol);

describe('paint: gradients drawn as PDF shadings, read back with pdftoppm', () => {
  it('a linear gradient: its start, middle and end colours', async () => {
    const at = await pixels('<div style="width: 300px; height: 40px; background: linear-gradient(to right, red, blue)"></div>');
    // Chromium: (255, 1, 1) at x = 2, (128, 0, 127) in the middle, (1, 0, 254) at the end
    expect(near(at(2, 20), [254, 0, 1], 6)).to.equal(true, String(at(2, 20)));
    expect(near(at(150, 20), [128, 0, 127], 6)).to.equal(true, String(at(150, 20)));
    expect(near(at(297, 20), [1, 0, 254], 6)).to.equal(true, String(at(297, 20)));
  });

  it('a transparent stop over a coloured background fades the colour out (premultiplied, not through grey)', async () => {
    const at = await pixels('<div style="width: 300px; height: 40px; background: yellow linear-gradient(to right, blue, transparent)"></div>');
    // half way: half blue over yellow, (128, 128, 128) without premultiplying would be darker
    expect(near(at(150, 20), [128, 128, 127], 6)).to.equal(true, String(at(150, 20)));
    expect(near(at(298, 20), [255, 255, 0], 8)).to.equal(true, String(at(298, 20)));
  });

  it('a radial gradient: its centre and its ending shape', async () => {
    const at = await pixels('<div style="width: 200px; height: 200px; background: radial-gradient(circle 100px at 100px 100px, red, blue)"></div>');
    expect(near(at(100, 100), [255, 0, 0], 6)).to.equal(true, String(at(100, 100)));
    expect(near(at(150, 100), [128, 0, 127], 8)).to.equal(true, String(at(150, 100)));
    expect(near(at(199, 199), [0, 0, 255], 4)).to.equal(true, String(at(199, 199)));
  });

  it('a repeating gradient repeats its period; hard steps stay hard', async () => {
    const at = await pixels('<div style="width: 300px; height: 40px; background: repeating-linear-gradient(to right, red 0 20px, blue 20px 40px)"></div>');
    for (const x of [5, 15, 45, 55, 245]) expect(at(x, 20)).to.deep.equal([255, 0, 0], `x = ${x}`);
    for (const x of [25, 35, 65, 265]) expect(at(x, 20)).to.deep.equal([0, 0, 255], `x = ${x}`);
  });

  it('border-radius cuts the gradient to the rounded border box', async () => {
    const at = await pixels('<div style="width: 200px; height: 100px; border-radius: 40px; background: linear-gradient(red, red 50%, blue 50%)"></div>');
    expect(at(3, 3)).to.deep.equal([255, 255, 255]);
    expect(at(197, 97)).to.deep.equal([255, 255, 255]);
    expect(at(100, 25)).to.deep.equal([255, 0, 0]);
    expect(at(100, 75)).to.deep.equal([0, 0, 255]);
  });

  it('layers: the first on top; background-size and background-repeat tile a gradient', async () => {
    const at = await pixels('<div style="width: 200px; height: 100px; background: linear-gradient(blue, blue) 0 50% / 100% 2px repeat-x, linear-gradient(to right, red 50%, lime 50%) 0 0 / 40px 100%"></div>');
    // the 2px blue band across the middle, over 40px tiles half red, half lime
    expect(at(10, 50)).to.deep.equal([0, 0, 255]);
    expect(at(10, 20)).to.deep.equal([255, 0, 0]);
    expect(at(30, 20)).to.deep.equal([0, 255, 0]);
    expect(at(50, 20)).to.deep.equal([255, 0, 0]);
    expect(at(190, 80)).to.deep.equal([0, 255, 0]);
  });

  it('an inline box across lines: one gradient over the whole box, cut per line (box-decoration-break: slice)', async () => {
    const at = await pixels('<div style="width: 100px; font: 20px/40px monospace"><span style="background: linear-gradient(to right, red, blue)">aaaa bbbb</span></div>');
    // line 1 holds the first half of the box: its start is red, its end half way; line 2 goes on from there to blue
    const first = at(1, 30); const second = at(1, 70);
    expect(first[0]).to.be.greaterThan(230);
    expect(second[0]).to.be.lessThan(160);
    expect(second[2]).to.be.greaterThan(100);
  });
});
