// Words no default OpenType lookup can touch are laid out from the cmap and advance widths
// (src/pdf/plain-shaping.ts). Whenever that path answers, its run must be fontkit's layout as
// pdfkit's layoutRun scales it, to the last bit: same glyph objects, same positions, same width.
// Kerned pairs, ligatures, marks and soft hyphens must go to fontkit.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { shippedFaceFiles } from '../../src/engine/fonts';
import { layoutHtml } from '../../src/engine';
import { plainShapingStats, setPdfFastPaths, toPdf } from '../../src/pdf';
import { plainRun, rememberedPairs, setMaxPairsPerFace } from '../../src/pdf/plain-shaping';
import { fontsDir } from '../../src/paths';
import { fixture, pdfText } from './tools';

interface Glyph { id: number; advanceWidth: number }
interface Font { unitsPerEm: number; layout(text: string): { glyphs: Glyph[]; positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[] } }

/** pdfkit's EmbeddedFont.layoutRun: fontkit's layout, positions scaled to 1000 units per em, advanceWidth added. */
function pdfkitRun(font: Font, text: string, scale: number) {
  const run = font.layout(text);
  const positions = run.positions.map((p, i) => ({ xAdvance: p.xAdvance * scale, yAdvance: p.yAdvance * scale, xOffset: p.xOffset * scale, yOffset: p.yOffset * scale, advanceWidth: run.glyphs[i]!.advanceWidth * scale }));
  let advanceWidth = 0;
  for (const p of positions) advanceWidth += p.xAdvance;
  return { glyphs: run.glyphs, positions, advanceWidth };
}

const SENTENCES = 'Invoice No. 2026-0042 dated 24/11/2026: 12 items, subtotal $1,234.56 + VAT 20% = €1,481.47 (paid). ' +
  'The quick brown fox jumps over the lazy dog; AVATAR WAVE To Ta Yo 11 111 1/2 \u00bd caf\u00e9 na\u00efve \u00c5ngstr\u00f6m \u0141\u00f3d\u017a \u0159\u00ed\u017e ' +
  'office affine fluffy final flow ff fi fl -- --- ... "quoted" \u2018single\u2019 \u201cdouble\u201d 3\u00d74 \u00b1 \u00a9 \u00ae \u00b0C';

function words(): string[] {
  const out = SENTENCES.split(/(?<= )/);
  let seed = 42;
  const rnd = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const pool = '0123456789.,-+%/$\u20ac ()' + 'AVTYWLafiltoerwy\u00e9\u00c5\u0141';
  for (let i = 0; i < 1500; i++) {
    let w = '';
    const n = 1 + Math.floor(rnd() * 9);
    for (let k = 0; k < n; k++) w += pool[Math.floor(rnd() * pool.length)];
    out.push(w);
  }
  return out;
}

describe('pdf: plain runs are fontkit\'s runs', function () {
  this.timeout(60000);
  afterEach(() => setPdfFastPaths({ plainShaping: true }));
  const faces: [string, Uint8Array][] = [
    ...shippedFaceFiles().map((f): [string, Uint8Array] => [f, new Uint8Array(readFileSync(join(fontsDir, f)))]),
    ['pacifico.ttf', fixture('pacifico.ttf')],
  ];
  const list = words();
  for (const [name, bytes] of faces) {
    it(`${name}: every word laid out plainly matches fontkit's layout, and most words are`, () => {
      const font = fontkit.create(bytes) as unknown as Font;
      const scale = 1000 / font.unitsPerEm;
      let plain = 0;
      for (const w of list) {
        const run = plainRun(font, w, scale);
        if (!run) continue;
        plain++;
        const expected = pdfkitRun(font, w, scale);
        expect(run.glyphs.length, w).to.equal(expected.glyphs.length);
        run.glyphs.forEach((g, i) => expect(g, `${w}: glyph ${i}`).to.equal(expected.glyphs[i]));
        expect(run.positions, w).to.deep.equal(expected.positions);
        expect(run.advanceWidth, w).to.equal(expected.advanceWidth);
      }
      expect(plain, 'words laid out plainly').to.be.greaterThan(list.length / 3);
    });
  }

  it('kerned pairs, ligatures, combining marks and soft hyphens go to fontkit', () => {
    const sans = fontkit.create(readFileSync(join(fontsDir, 'LiberationSans-Regular.ttf'))) as unknown as Font;
    const serif = fontkit.create(readFileSync(join(fontsDir, 'DejaVuSerif.ttf'))) as unknown as Font;
    const s = 1000 / sans.unitsPerEm;
    expect(sans.layout('AV').positions[0]!.xAdvance, 'Liberation Sans kerns AV').to.be.lessThan(sans.layout('A').positions[0]!.xAdvance);
    expect(plainRun(sans, 'AV', s)).to.equal(undefined);
    expect(plainRun(sans, 'A', s), 'A alone').to.not.equal(undefined);
    expect(serif.layout('fi').glyphs.length, 'DejaVu Serif ligates fi').to.equal(1);
    expect(plainRun(serif, 'fi', 1000 / serif.unitsPerEm)).to.equal(undefined);
    expect(plainRun(sans, 'e\u0301', s)).to.equal(undefined);
    expect(plainRun(sans, 'co\u00adop', s)).to.equal(undefined);
    expect(plainRun(sans, '1,234.56 ', s), 'a figure with its trailing space').to.not.equal(undefined);
    setPdfFastPaths({ plainShaping: false });
    expect(plainRun(sans, '1,234.56 ', s)).to.equal(undefined);
  });

  it('remembers a bounded number of pairs per face, and stays exact past the bound', () => {
    const font = fontkit.create(readFileSync(join(fontsDir, 'LiberationSerif-Regular.ttf'))) as unknown as Font;
    const s = 1000 / font.unitsPerEm;
    const previous = setMaxPairsPerFace(50);
    try {
      const chars = 'AVTWYLPFRafilo.,0123456789 '.split('');
      let plain = 0;
      for (const a of chars) for (const b of chars) {
        const run = plainRun(font, a + b, s);
        if (!run) continue;
        plain++;
        expect(run.positions, a + b).to.deep.equal(pdfkitRun(font, a + b, s).positions);
      }
      expect(rememberedPairs(font), 'pairs remembered').to.equal(50);
      expect(plain, 'pairs still laid out plainly past the bound (first glyph starts no kerning pair)').to.be.greaterThan(50);
    } finally {
      setMaxPairsPerFace(previous);
    }
  });

  it('a document of new figures is laid out plainly, with the same bytes as fontkit\'s shaping', async () => {
    const figures = Array.from({ length: 60 }, (_, i) => `<tr><td>${(i * 7919 + Date.now()) % 100000}.${i % 100}</td><td>Item ${i}</td></tr>`).join('');
    const html = `<table style="font-family:Arial">${figures}</table>`;
    const render = async () => { const { docDefinition, fonts } = layoutHtml(html, '', {}); return toPdf(docDefinition, fonts); };
    setPdfFastPaths({ plainShaping: false, shaping: false });
    const shaped = await render();
    setPdfFastPaths({ plainShaping: true, shaping: true });
    const before = plainShapingStats().plain;
    const plain = await render();
    expect(plainShapingStats().plain - before, 'words laid out plainly').to.be.greaterThan(60);
    expect(plain.equals(shaped), 'same bytes').to.equal(true);
    expect(pdfText(plain)).to.contain('Item 59');
  });
});
