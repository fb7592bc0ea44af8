// Font matching as headless Chromium on Debian does it (families checked with pdffonts on
// Chromium's own prints), CSS Fonts 4 §5.2 weights and styles, @font-face precedence.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiagnosticList } from '../../../src/engine/diagnostics';
import { FontMatcher, declaredTableBytes, matchWeight, type FontRequest } from '../../../src/engine/fonts';
import type { FontFace } from '../../../src/engine/cascade/styled';
import { repoRoot } from '../../../src/paths';

const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(repoRoot, 'test', 'pdf', 'fixtures', name)));

function faceFile(families: string[], weight = 400, style: FontRequest['style'] = 'normal'): { file: string; diagnostics: DiagnosticList } {
  const diagnostics = new DiagnosticList();
  const m = new FontMatcher({ diagnostics });
  const src = m.sourceOf(m.match({ families, weight, style }));
  expect(src.kind).to.equal('shipped');
  return { file: src.kind === 'shipped' ? src.file : '', diagnostics };
}

describe('fonts: family matching like Chromium on Debian', () => {
  const cases: [string[], string][] = [
    [['serif'], 'LiberationSerif-Regular.ttf'],
    [['sans-serif'], 'LiberationSans-Regular.ttf'],
    [['monospace'], 'NotoSansMono-Regular.ttf'],
    [['cursive'], 'LiberationSerif-Regular.ttf'],
    [['fantasy'], 'LiberationSerif-Regular.ttf'],
    [['system-ui'], 'DejaVuSans.ttf'],
    [['Arial'], 'LiberationSans-Regular.ttf'],
    [['Helvetica'], 'LiberationSans-Regular.ttf'],
    [['Arimo'], 'LiberationSans-Regular.ttf'],
    [['Times'], 'LiberationSerif-Regular.ttf'],
    [['Times New Roman'], 'LiberationSerif-Regular.ttf'],
    [['Courier'], 'LiberationMono-Regular.ttf'],
    [['Courier New'], 'LiberationMono-Regular.ttf'],
    [['DejaVu Sans'], 'DejaVuSans.ttf'],
    [['DejaVu Serif'], 'DejaVuSerif.ttf'],
    [['DejaVu Sans Mono'], 'DejaVuSansMono.ttf'],
    [['Liberation Sans'], 'LiberationSans-Regular.ttf'],
    [['liberation   serif'], 'LiberationSerif-Regular.ttf'],
    [['Liberation Mono'], 'LiberationMono-Regular.ttf'],
    [['Noto Sans Mono'], 'NotoSansMono-Regular.ttf'],
    // fontconfig's alias `sans`, as Chromium 156 resolves it (pdffonts: DejaVuSans)
    [['sans'], 'DejaVuSans.ttf'],
    [['Sans'], 'DejaVuSans.ttf'],
    // names Chromium here does not know fall through to the next family
    [['Segoe UI', '-apple-system', 'BlinkMacSystemFont', 'Roboto', 'Helvetica Neue', 'Arial', 'sans-serif'], 'LiberationSans-Regular.ttf'],
    [['Helvetica Neue', 'monospace'], 'NotoSansMono-Regular.ttf'],
    [['ui-monospace', 'Courier New'], 'LiberationMono-Regular.ttf'],
  ];
  for (const [families, file] of cases) {
    it(`font-family: ${families.join(', ')} → ${file}`, () => {
      const r = faceFile(families);
      expect(r.file).to.equal(file);
      expect(r.diagnostics.items).to.deep.equal([]);
    });
  }

  it('a list with no known family lands on Liberation Serif (Chromium\'s default) with a font-fallback diagnostic', () => {
    for (const families of [['Open Sans'], ['Segoe UI', 'Helvetica Neue'], ['-apple-system', 'BlinkMacSystemFont'], []]) {
      const r = faceFile(families);
      expect(r.file).to.equal('LiberationSerif-Regular.ttf');
      expect(r.diagnostics.items.map((d) => d.code)).to.deep.equal(['font-fallback']);
    }
  });

  it('weights 100–900 map onto regular (≤ 500) and bold (≥ 600), italic and oblique onto the slanted face', () => {
    const expected: Record<number, string> = { 100: 'Regular', 200: 'Regular', 300: 'Regular', 400: 'Regular', 500: 'Regular', 600: 'Bold', 700: 'Bold', 800: 'Bold', 900: 'Bold' };
    for (const [w, face] of Object.entries(expected)) {
      expect(faceFile(['Arial'], Number(w)).file).to.equal(`LiberationSans-${face}.ttf`);
    }
    expect(faceFile(['Arial'], 400, 'italic').file).to.equal('LiberationSans-Italic.ttf');
    expect(faceFile(['Arial'], 700, 'oblique').file).to.equal('LiberationSans-BoldItalic.ttf');
    expect(faceFile(['DejaVu Sans'], 700, 'italic').file).to.equal('DejaVuSans-BoldOblique.ttf');
    // Noto Sans Mono ships upright only
    expect(faceFile(['monospace'], 700, 'italic').file).to.equal('NotoSansMono-Bold.ttf');
  });

  it('CSS Fonts 4 §5.2 weight matching order', () => {
    expect(matchWeight(400, [300, 500, 700])).to.equal(500);
    expect(matchWeight(500, [300, 400, 700])).to.equal(400);
    expect(matchWeight(450, [300, 700])).to.equal(300);
    expect(matchWeight(300, [400, 700])).to.equal(400);
    expect(matchWeight(300, [200, 400])).to.equal(200);
    expect(matchWeight(600, [300, 400])).to.equal(400);
    expect(matchWeight(600, [500, 800])).to.equal(800);
    expect(matchWeight(900, [])).to.equal(undefined);
  });

  it('table() names every family used, with the four faces of each', () => {
    const m = new FontMatcher();
    m.match({ families: ['Arial'], weight: 400, style: 'normal' });
    m.match({ families: ['monospace'], weight: 400, style: 'normal' });
    const t = m.table();
    expect(Object.keys(t).sort()).to.deep.equal(['Liberation Sans', 'Noto Sans Mono']);
    expect(t['Liberation Sans']!.bolditalics).to.deep.equal({ kind: 'shipped', file: 'LiberationSans-BoldItalic.ttf' });
  });
});

describe('fonts: @font-face faces', () => {
  const face = (family: string, weight: number, file: string, style: 'normal' | 'italic' = 'normal'): FontFace => ({ family, weight, style, data: fixture(file) });

  it('win over shipped families by name, and each declared weight gets its own face', () => {
    const diagnostics = new DiagnosticList();
    const m = new FontMatcher({ diagnostics, fontFaces: [face('Brand', 300, 'pacifico.ttf'), face('Brand', 400, 'OpenDyslexic-Regular.otf'), face('Brand', 700, 'OpenDyslexic-Bold.otf'), face('Arial', 400, 'pacifico.ttf')] });
    const pick = (weight: number, families = ['Brand', 'serif']) => {
      const c = m.match({ families, weight, style: 'normal' });
      const src = m.sourceOf(c);
      return { c, bytes: src.kind === 'embedded' ? src.data.length : -1 };
    };
    expect(pick(300).bytes).to.equal(fixture('pacifico.ttf').length);
    expect(pick(400).bytes).to.equal(fixture('OpenDyslexic-Regular.otf').length);
    expect(pick(500).bytes).to.equal(fixture('OpenDyslexic-Regular.otf').length);
    expect(pick(600).bytes).to.equal(fixture('OpenDyslexic-Bold.otf').length);
    expect(pick(900).bytes).to.equal(fixture('OpenDyslexic-Bold.otf').length);
    expect(pick(100).bytes).to.equal(fixture('pacifico.ttf').length);
    expect(pick(400, ['arial']).bytes).to.equal(fixture('pacifico.ttf').length);
    // italic requested, only upright faces: the upright face of the matching weight
    const c = m.match({ families: ['Brand'], weight: 700, style: 'italic' });
    expect(c).to.deep.include({ bold: false, italics: false });
    expect(m.sourceOf(c)).to.deep.include({ kind: 'embedded' });
    // one pdfmake family per face, all four slots the same bytes
    const table = m.table();
    const brand = Object.keys(table).filter((k) => k.startsWith('Brand'));
    expect(brand).to.have.length(3);
    for (const k of brand) expect(table[k]!.bold).to.equal(table[k]!.normal);
    expect(diagnostics.items).to.deep.equal([]);
  });

  it('bytes that are not a font become resource-invalid and the family falls through', () => {
    const diagnostics = new DiagnosticList();
    const junk: FontFace = { family: 'Broken', weight: 400, style: 'normal', data: new TextEncoder().encode('<html>not a font at all, but long enough</html>') };
    const truncated: FontFace = { family: 'Broken', weight: 700, style: 'normal', data: fixture('pacifico.ttf').slice(0, 200) };
    const m = new FontMatcher({ diagnostics, fontFaces: [junk, truncated] });
    const c = m.match({ families: ['Broken', 'sans-serif'], weight: 400, style: 'normal' });
    expect(c.font).to.equal('Liberation Sans');
    expect(diagnostics.items.map((d) => d.code)).to.deep.equal(['resource-invalid', 'resource-invalid']);
  });

  it('reads WOFF2 bytes in memory for matching and coverage', () => {
    const m = new FontMatcher({ fontFaces: [face('Font Awesome 5 Free', 400, 'fa-regular-400.woff2')] });
    const c = m.match({ families: ['Font Awesome 5 Free'], weight: 400, style: 'normal' });
    const runs = m.splitByCoverage('\uf004 x', c);
    expect(runs.map((r) => [r.font === c.font, r.text])).to.deep.equal([[true, '\uf004'], [false, ' x']]);
  });
});

describe('fonts: metrics of @font-face faces', () => {
  it('come from the face\'s own tables, per 1000 em', async () => {
    const fontkit = await import('fontkit');
    const data = fixture('pacifico.ttf');
    const m = new FontMatcher({ fontFaces: [{ family: 'P', weight: 400, style: 'normal', data }] });
    const c = m.match({ families: ['P'], weight: 400, style: 'normal' });
    const metrics = m.metricsOf(c)!;
    const font = fontkit.create(data) as unknown as { unitsPerEm: number; ascent: number; glyphForCodePoint(cp: number): { advanceWidth: number } };
    expect(metrics.advance(0x61)).to.be.closeTo(font.glyphForCodePoint(0x61).advanceWidth * 1000 / font.unitsPerEm, 1e-9);
    expect(metrics.ascent).to.be.closeTo(font.ascent * 1000 / font.unitsPerEm, 1e-9);
    expect(metrics.advance(0x4e2d)).to.equal(0);
    expect(m.metricsOf(m.match({ families: ['Arial'], weight: 400, style: 'normal' }))).to.equal(undefined);
  });
});

describe('fonts: @font-face weight ranges', () => {
  it('a face declared for 100–500 takes every weight in its range; a heavier face takes the rest', () => {
    const m = new FontMatcher({ fontFaces: [
      { family: 'V', weight: 100, weightRange: [100, 500], style: 'normal', data: fixture('pacifico.ttf') },
      { family: 'V', weight: 700, style: 'normal', data: fixture('OpenDyslexic-Bold.otf') },
    ] });
    const bytes = (weight: number) => { const s = m.sourceOf(m.match({ families: ['V'], weight, style: 'normal' })); return s.kind === 'embedded' ? s.data.length : 0; };
    for (const w of [100, 300, 400, 500]) expect(bytes(w), String(w)).to.equal(fixture('pacifico.ttf').length);
    for (const w of [600, 700, 900]) expect(bytes(w), String(w)).to.equal(fixture('OpenDyslexic-Bold.otf').length);
  });
});

describe('fonts: compressed-font bombs are refused from the directory', () => {
  it('a WOFF2 or WOFF declaring gigabytes of tables is resource-invalid before anything is inflated', () => {
    const real = fixture('fa-regular-400.woff2');
    const size = declaredTableBytes(real)!;
    expect(size).to.be.within(real.length, 200_000);
    // WOFF2: one table (cmap, untransformed) claiming 2^31 bytes, in UIntBase128
    const woff2 = new Uint8Array(64); woff2.set([0x77, 0x4f, 0x46, 0x32]); woff2[13] = 1; woff2.set([0x00, 0x88, 0x80, 0x80, 0x80, 0x00], 48);
    expect(declaredTableBytes(woff2)).to.equal(2 ** 31);
    // WOFF 1.0: one table whose origLength is 0xFFFFFFFF
    const woff = new Uint8Array(64); woff.set([0x77, 0x4f, 0x46, 0x46]); woff[13] = 1; woff.set([0xff, 0xff, 0xff, 0xff], 44 + 12);
    const diagnostics = new DiagnosticList();
    const m = new FontMatcher({ diagnostics, fontFaces: [
      { family: 'Bomb', weight: 400, style: 'normal', data: woff2 }, { family: 'Bomb', weight: 700, style: 'normal', data: woff },
    ] });
    expect(m.match({ families: ['Bomb', 'monospace'], weight: 400, style: 'normal' }).font).to.equal('Noto Sans Mono');
    expect(diagnostics.items.map((d) => d.code)).to.deep.equal(['resource-invalid', 'resource-invalid']);
    expect(diagnostics.items[0]!.message).to.contain('over the');
  });
});
