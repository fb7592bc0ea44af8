// pdf/: @font-face formats embedded and visible, per-glyph fallback through a real PDF, the
// parsed-font cache. PDFs are read back with poppler (pdffonts, pdftotext, pdftoppm).
import { expect } from 'chai';
import { compress as woff2Compress } from 'wawoff2';
import * as fontkit from 'fontkit';
import { deflateSync } from 'node:zlib';
import { FontMatcher, unwrapWoff } from '../../src/engine/fonts';
import { DiagnosticList } from '../../src/engine/diagnostics';
import type { FontFace } from '../../src/engine/cascade/styled';
import type { DocDefinition } from '../../src/engine';
import { fontParseStats, toPdf } from '../../src/pdf';
import { woffToSfnt } from '../../src/engine/fonts';
import { placed } from '../helpers/placed';
import { fixture, inkShare, pdfFonts, pdfText } from './tools';

/** sfnt → WOFF 1.0 (each table zlib-compressed), to test the WOFF path without a binary fixture. */
function sfntToWoff(sfnt: Uint8Array): Uint8Array {
  const src = Buffer.from(sfnt);
  const numTables = src.readUInt16BE(4);
  const entries: { tag: number; checksum: number; data: Buffer; orig: number }[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 12 + i * 16;
    const raw = src.subarray(src.readUInt32BE(e + 8), src.readUInt32BE(e + 8) + src.readUInt32BE(e + 12));
    const z = deflateSync(raw);
    entries.push({ tag: src.readUInt32BE(e), checksum: src.readUInt32BE(e + 4), data: z.length < raw.length ? z : Buffer.from(raw), orig: raw.length });
  }
  let offset = 44 + 20 * numTables;
  const parts: Buffer[] = [];
  const dir = Buffer.alloc(20 * numTables);
  entries.forEach((t, i) => {
    dir.writeUInt32BE(t.tag, i * 20); dir.writeUInt32BE(offset, i * 20 + 4); dir.writeUInt32BE(t.data.length, i * 20 + 8);
    dir.writeUInt32BE(t.orig, i * 20 + 12); dir.writeUInt32BE(t.checksum, i * 20 + 16);
    const padded = Buffer.alloc((t.data.length + 3) & ~3); t.data.copy(padded);
    parts.push(padded); offset += padded.length;
  });
  const header = Buffer.alloc(44);
  header.write('wOFF', 0, 'latin1'); header.writeUInt32BE(src.readUInt32BE(0), 4); header.writeUInt32BE(offset, 8);
  header.writeUInt16BE(numTables, 12); header.writeUInt32BE(sfnt.length, 16);
  return new Uint8Array(Buffer.concat([header, dir, ...parts]));
}

const page = (content: unknown[]): DocDefinition => placed(content, { width: 300, height: 200 });

/** One @font-face family rendered through the matcher into a PDF. */
async function renderWithFace(data: Uint8Array, text: string, fontSize = 24): Promise<{ pdf: Buffer; diagnostics: DiagnosticList }> {
  const diagnostics = new DiagnosticList();
  const m = new FontMatcher({ diagnostics, fontFaces: [{ family: 'Web', weight: 400, style: 'normal', data }] });
  const c = m.match({ families: ['Web', 'serif'], weight: 400, style: 'normal' });
  const runs = m.splitByCoverage(text, c);
  const pdf = await toPdf(page([{ text: runs, fontSize }]), m.table());
  return { pdf, diagnostics };
}

describe('pdf: @font-face formats', function () {
  this.timeout(30000);

  it('TTF is embedded and its text extracts', async () => {
    const { pdf, diagnostics } = await renderWithFace(fixture('pacifico.ttf'), 'Hello Pacifico');
    expect(pdfFonts(pdf)).to.deep.equal(['Pacifico-Regular']);
    expect(pdfText(pdf)).to.contain('Hello Pacifico');
    expect(diagnostics.items).to.deep.equal([]);
  });

  it('OTF (CFF outlines) is embedded and its text extracts', async () => {
    const { pdf } = await renderWithFace(fixture('OpenDyslexic-Regular.otf'), 'Dyslexic text');
    expect(pdfFonts(pdf)).to.deep.equal(['OpenDyslexic-Regular']);
    expect(pdfText(pdf)).to.contain('Dyslexic text');
  });

  it('WOFF 1.0 is unwrapped to the same sfnt and embedded', async () => {
    const woff = sfntToWoff(fixture('pacifico.ttf'));
    const unwrapped = fontkit.create(woffToSfnt(woff)); const original = fontkit.create(fixture('pacifico.ttf'));
    if ('fonts' in unwrapped || 'fonts' in original) throw new Error('collection');
    expect(unwrapped.type).to.equal('TTF');
    expect([unwrapped.numGlyphs, unwrapped.characterSet]).to.deep.equal([original.numGlyphs, original.characterSet]);
    const { pdf } = await renderWithFace(woff, 'Woff one');
    expect(pdfFonts(pdf)).to.deep.equal(['Pacifico-Regular']);
    expect(pdfText(pdf)).to.contain('Woff one');
  });

  it('unwrapWoff (for the cascade): a sound WOFF gives the sfnt, a bomb or junk gives undefined without inflating', () => {
    const woff = sfntToWoff(fixture('pacifico.ttf'));
    const sfnt = unwrapWoff(woff)!;
    const parsed = fontkit.create(sfnt);
    expect('fonts' in parsed ? '' : parsed.postscriptName).to.equal('Pacifico-Regular');
    const bomb = Uint8Array.from(woff); new DataView(bomb.buffer).setUint32(44 + 12, 0xffffffff); // first table claims 4 GB
    expect(unwrapWoff(bomb)).to.equal(undefined);
    expect(unwrapWoff(fixture('pacifico.ttf'))).to.equal(undefined);
  });

  it('WOFF2 glyphs are drawn (pdfkit alone embeds them empty), same ink as the TTF', async () => {
    const icons = '\uf004\uf005\uf007\uf017';
    const fromTtf = await renderWithFace(fixture('fa-regular-400.ttf'), icons, 60);
    const fromWoff2 = await renderWithFace(fixture('fa-regular-400.woff2'), icons, 60);
    expect(pdfFonts(fromWoff2.pdf)).to.deep.equal(['FontAwesome5Free-Regular']);
    const ink = inkShare(fromTtf.pdf);
    expect(ink).to.be.greaterThan(0.01);
    expect(inkShare(fromWoff2.pdf)).to.be.closeTo(ink, ink * 0.05);
    // and a WOFF2 made here from a TTF
    const made = await woff2Compress(fixture('pacifico.ttf'));
    const { pdf } = await renderWithFace(made, 'Brotli');
    expect(pdfText(pdf)).to.contain('Brotli');
  });

  it('a family with weights 300/400/700 renders each weight with its own face', async () => {
    const faces: FontFace[] = [
      { family: 'Brand', weight: 300, style: 'normal', data: fixture('pacifico.ttf') },
      { family: 'Brand', weight: 400, style: 'normal', data: fixture('OpenDyslexic-Regular.otf') },
      { family: 'Brand', weight: 700, style: 'normal', data: fixture('OpenDyslexic-Bold.otf') },
    ];
    const m = new FontMatcher({ fontFaces: faces });
    const content = [300, 400, 700].map((weight) => ({ text: `weight ${weight}`, ...m.match({ families: ['Brand'], weight, style: 'normal' }) }));
    const pdf = await toPdf(page(content), m.table());
    expect(pdfFonts(pdf).sort()).to.deep.equal(['OpenDyslexic-Bold', 'OpenDyslexic-Regular', 'Pacifico-Regular']);
    expect(pdfText(pdf)).to.match(/weight 300\s+weight 400\s+weight 700/);
  });

  it('bytes fontkit reads but that are not embeddable still give a PDF (DejaVu Sans stands in)', async () => {
    // a WOFF2 header with garbage behind it: the engine would refuse it; pdf/ must not crash either
    const bogus = new Uint8Array(64); bogus.set([0x77, 0x4f, 0x46, 0x32]);
    const pdf = await toPdf(page([{ text: 'still here', font: 'Bogus' }]), { Bogus: { normal: { kind: 'embedded', data: bogus }, bold: { kind: 'embedded', data: bogus }, italics: { kind: 'embedded', data: bogus }, bolditalics: { kind: 'embedded', data: bogus } } });
    expect(pdfText(pdf)).to.contain('still here');
    expect(pdfFonts(pdf)).to.deep.equal(['DejaVuSans']);
  });
});

describe('pdf: per-glyph fallback through a real PDF', () => {
  it('"Ωμέγα Привет café ♥ ✈" comes back as text, with DejaVu Sans for ✈ and Liberation Serif for a monospace ♥ (as in Chromium)', async () => {
    const m = new FontMatcher();
    const text = 'Ωμέγα Привет café ♥ ✈ 10 € a‑b';
    const runs = m.splitByCoverage(text, m.match({ families: ['Arial'], weight: 400, style: 'normal' }));
    const mono = m.splitByCoverage('♥ mono', m.match({ families: ['monospace'], weight: 400, style: 'normal' }));
    const pdf = await toPdf(page([{ text: runs }, { text: mono }]), m.table());
    const out = pdfText(pdf);
    expect(out).to.contain('Ωμέγα Привет café ♥ ✈ 10 €');
    expect(out).to.contain('♥ mono');
    expect(pdfFonts(pdf).sort()).to.deep.equal(['DejaVuSans', 'LiberationSans', 'LiberationSerif', 'NotoSansMono-Regular']);
  });
});

describe('pdf: parsed fonts are cached per process', () => {
  it('renders after the first parse no face again, and each document has its own subset', async () => {
    const m = new FontMatcher();
    const c = m.match({ families: ['DejaVu Serif'], weight: 400, style: 'normal' });
    const a = await toPdf(page([{ text: 'AAAA', ...c }]), m.table());
    const before = fontParseStats();
    const b = await toPdf(page([{ text: 'zzzz', ...c }]), m.table());
    const after = fontParseStats();
    expect(after.parses).to.equal(before.parses);
    expect(after.hits).to.be.greaterThan(before.hits);
    // subsets are per document: the second PDF does not carry the first one's glyphs
    expect(pdfText(a)).to.contain('AAAA');
    expect(pdfText(b)).to.contain('zzzz');
    expect(b.length).to.be.lessThan(a.length + 200);
  });

  it('an identical subset is encoded once; a different glyph set is encoded afresh', async () => {
    const m = new FontMatcher();
    const c = m.match({ families: ['DejaVu Sans Mono'], weight: 700, style: 'normal' });
    const first = await toPdf(page([{ text: 'subset memo', ...c }]), m.table());
    const s0 = fontParseStats().subsetHits;
    const again = await toPdf(page([{ text: 'subset memo', ...c }]), m.table());
    expect(fontParseStats().subsetHits).to.equal(s0 + 1);
    expect(Buffer.compare(first, again)).to.equal(0);
    const other = await toPdf(page([{ text: 'another text', ...c }]), m.table());
    expect(fontParseStats().subsetHits).to.equal(s0 + 1);
    expect(pdfText(other)).to.contain('another text');
  });
});
