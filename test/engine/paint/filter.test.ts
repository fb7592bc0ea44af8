// Filter Effects 1 §13 the colour filter functions, read back from the PDF at 72 dpi (1 px = 1 pt)
// where Chromium 156 prints the same documents so (its prints rasterised with pdftoppm, the
// colours below are Chromium's, within 3 of 255): a box's colours, a PNG's and a JPEG's pixels,
// an SVG image's paint colours (a black icon turned white by invert(1) on a dark sidebar), a
// filter inside a filter, and what is not drawn (blur) said where it is written.
import { expect } from 'chai';
import { encode as encodeJpeg } from 'jpeg-js';
import { layoutHtml } from '../../../src/engine';
import { encodePixels, decodePng } from '../../../src/engine/paint/png';
import { colorFilter, filterColor } from '../../../src/engine/paint/filter';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { pixelsOf } from '../../pdf/tools';

const PAGE = '@page { size: 200pt 200pt; margin: 0 } body { margin: 0 } img, .b { display: block; width: 30pt; height: 30pt }';
type Px = [number, number, number];

/** 30 × 30 px in three columns: red, green, blue */
function stripes(): { width: number; height: number; data: Uint8Array } {
  const w = 30; const h = 30; const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set([...(x < 10 ? [200, 40, 40] : x < 20 ? [40, 160, 60] : [30, 60, 200]), 255], (y * w + x) * 4);
  return { width: w, height: h, data };
}
const PNG = `data:image/png;base64,${encodePixels(stripes()).toString('base64')}`;
const JPEG = `data:image/jpeg;base64,${encodeJpeg({ ...stripes(), data: Buffer.from(stripes().data) }, 95).data.toString('base64')}`;
const SVG = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v5H0z"/><rect y="5" width="10" height="5" style="fill: rgb(200,0,0)"/></svg>').toString('base64')}`;

async function render(html: string): Promise<{ at(x: number, y: number): Px; diagnostics: string[] }> {
  const r = layoutHtml(html, PAGE, { measureText });
  const px = pixelsOf(await toPdf(r.docDefinition, r.fonts));
  return { at: (x, y) => px.at(x, y), diagnostics: r.diagnostics.map((d) => `${d.code}: ${d.message}`) };
}

const near = (a: Px, b: Px) => a.every((c, i) => Math.abs(c - b[i]!) <= 3);

describe('paint: filter colour functions (Filter Effects 1 §13)', () => {
  // one 30pt box at (0, 0); the probes at its middle
  const box = (filter: string) => `<div class="b" style="background: #c83232; filter: ${filter}"></div>`;
  const cases: { name: string; html: string; at: [number, number, Px][] }[] = [
    { name: 'invert(1) on a box', html: box('invert(1)'), at: [[15, 15, [55, 205, 205]]] },
    { name: 'grayscale(1)', html: box('grayscale(1)'), at: [[15, 15, [82, 82, 82]]] },
    { name: 'sepia(1)', html: box('sepia(1)'), at: [[15, 15, [127, 113, 88]]] },
    { name: 'brightness(0.5)', html: box('brightness(0.5)'), at: [[15, 15, [100, 25, 25]]] },
    { name: 'contrast(0.5)', html: box('contrast(0.5)'), at: [[15, 15, [164, 89, 89]]] },
    { name: 'saturate(3), clamped', html: box('saturate(3)'), at: [[15, 15, [255, 0, 0]]] },
    { name: 'hue-rotate(90deg)', html: box('hue-rotate(90deg)'), at: [[15, 15, [50, 103, 0]]] },
    { name: 'opacity(0.5) over white', html: box('opacity(50%)'), at: [[15, 15, [227, 152, 152]]] },
    { name: 'two functions, in order', html: box('grayscale(1) invert(1)'), at: [[15, 15, [173, 173, 173]]] },
    { name: 'a filter inside a filter: the inner one first', html: `<div style="filter: invert(1)">${box('grayscale(1)')}</div>`, at: [[15, 15, [173, 173, 173]]] },
    { name: 'borders and text inside the filtered box; no background stays none', html: '<div style="filter: invert(1); border: 10pt solid #ff0; height: 20pt; font: 20pt/20pt sans-serif; color: white">&#x2588;</div>', at: [[5, 5, [0, 0, 255]], [15, 20, [0, 0, 0]], [60, 20, [255, 255, 255]]] },
    { name: 'a PNG\'s pixels', html: `<img src="${PNG}" style="filter: invert(1)">`, at: [[5, 15, [55, 215, 215]], [15, 15, [215, 95, 195]], [25, 15, [225, 195, 55]]] },
    { name: 'a JPEG\'s pixels', html: `<img src="${JPEG}" style="filter: grayscale(1)">`, at: [[5, 15, [74, 74, 74]], [25, 15, [64, 64, 64]]] },
    { name: 'an SVG image\'s paint colours, black by default', html: `<img src="${SVG}" style="filter: invert(1)">`, at: [[15, 5, [255, 255, 255]], [15, 25, [55, 255, 255]]] },
    { name: 'an inline image', html: `<p style="margin: 0; line-height: 0"><img src="${SVG}" style="display: inline; width: 30pt; height: 30pt; filter: invert(1)"></p>`, at: [[15, 5, [255, 255, 255]]] },
    { name: 'filter: none draws as written', html: box('none'), at: [[15, 15, [200, 50, 50]]] },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const px = await render(c.html);
      for (const [x, y, want] of c.at) expect(near(px.at(x, y), want), `${x},${y}: ${px.at(x, y).join(' ')} (want ${want.join(' ')})`).to.equal(true);
      expect(px.diagnostics).to.deep.equal([]);
    });
  }

  it('blur() and drop-shadow() are not drawn: said where they are written, the colour functions beside them still are', async () => {
    const px = await render(box('blur(2px) invert(1)'));
    expect(near(px.at(15, 15), [55, 205, 205])).to.equal(true);
    expect(px.diagnostics).to.deep.equal(['unsupported-value: "filter: blur(2px) invert(1)": blur() is not drawn']);
  });

  it('an invalid filter is dropped with a diagnostic', async () => {
    const px = await render(box('invert(-1)'));
    expect(near(px.at(15, 15), [200, 50, 50])).to.equal(true);
    expect(px.diagnostics).to.deep.equal(['invalid-value: Ignored "filter: invert(-1)"']);
  });

  it('one image filtered the same way twice is one image in the PDF', () => {
    const r = layoutHtml(`<img src="${PNG}" style="filter: sepia(1)"><img src="${PNG}" style="filter: sepia(1)"><img src="${PNG}" style="filter: sepia(0.5)">`, PAGE, { measureText });
    const images = r.docDefinition.content ? JSON.stringify(r.docDefinition).match(/data:image\/png;base64,[A-Za-z0-9+/=]+/g) ?? [] : [];
    expect(new Set(images).size).to.equal(2);
  });

  it('the PNG decoder reads what the encoder wrote, and the colour matrix clamps each step', () => {
    const p = decodePng(encodePixels(stripes()))!;
    expect(Array.from(p.data.subarray(0, 4))).to.deep.equal([200, 40, 40, 255]);
    expect(Array.from(p.data.subarray(4 * 25, 4 * 26))).to.deep.equal([30, 60, 200, 255]);
    // brightness(3) clamps to white before invert: black, not (1 - 3 × 0.8)
    const c = filterColor({ r: 204, g: 204, b: 204, a: 1 }, colorFilter([{ f: 'brightness', amount: 3 }, { f: 'invert', amount: 1 }])!);
    expect([c.r, c.g, c.b]).to.deep.equal([0, 0, 0]);
  });
});
