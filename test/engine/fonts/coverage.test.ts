// Per-glyph fallback (CSS Fonts 4 §5.3) and the committed coverage data it runs on.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { join } from 'node:path';
import { CodePointSet, FontMatcher, shippedFaceFiles } from '../../../src/engine/fonts';
import { DiagnosticList } from '../../../src/engine/diagnostics';
import { coverageJsonPath, generateCoverageJson } from './gen-coverage';
import { fontsDir } from '../../../src/paths';

describe('fonts: glyph coverage data', () => {
  it('the committed coverage.json matches data/fonts (rerun test/engine/fonts/gen-coverage when fonts change)', () => {
    expect(readFileSync(coverageJsonPath, 'utf8')).to.equal(generateCoverageJson());
  });

  it('CodePointSet round-trips and answers membership like the cmap', () => {
    const font = fontkit.create(readFileSync(join(fontsDir, 'DejaVuSans.ttf')));
    if ('fonts' in font) throw new Error('collection');
    const set = CodePointSet.decode(CodePointSet.fromCodePoints(font.characterSet).encode());
    expect(set.size).to.equal(new Set(font.characterSet.filter((c) => c > 0)).size);
    for (let cp = 0; cp < 0x3000; cp += 7) expect(set.has(cp), `U+${cp.toString(16)}`).to.equal(cp > 0 && font.hasGlyphForCodePoint(cp));
    expect(shippedFaceFiles()).to.have.length(26);
  });
});

describe('fonts: splitByCoverage', () => {
  const matcher = () => new FontMatcher();
  const runsOf = (m: FontMatcher, text: string, families: string[], weight = 400) =>
    m.splitByCoverage(text, m.match({ families, weight, style: 'normal' })).map((r) => `${r.font}${r.bold ? ' bold' : ''}:${r.text}`);

  it('keeps Latin, accented Latin, Greek, Cyrillic and ♥ in Liberation Sans; ✈ goes to DejaVu Sans', () => {
    const m = matcher();
    // U+2011 is not in Liberation Sans: drawn with its U+2010 glyph, as HarfBuzz does in Chromium
    expect(runsOf(m, 'Ωμέγα Привет café ♥ ✈ a‑b', ['Arial'])).to.deep.equal([
      'Liberation Sans:Ωμέγα Привет café ♥ ', 'DejaVu Sans:✈', 'Liberation Sans: a\u2010b',
    ]);
    // the spaces between fallback glyphs are the run's face's, as Chromium shapes them
    expect(runsOf(m, 'A ✈ ✈ B', ['Arial'])).to.deep.equal(['Liberation Sans:A ', 'DejaVu Sans:✈', 'Liberation Sans: ', 'DejaVu Sans:✈', 'Liberation Sans: B']);
    expect(Object.keys(m.table()).sort()).to.deep.equal(['DejaVu Sans', 'Liberation Sans']);
  });

  it('falls back with the same weight, and returns ASCII untouched in one run', () => {
    const m = matcher();
    expect(runsOf(m, 'x✈', ['monospace'], 700)).to.deep.equal(['Noto Sans Mono bold:x', 'DejaVu Sans bold:✈']);
    expect(runsOf(m, 'plain ASCII text, 100%', ['serif'])).to.deep.equal(['Liberation Serif:plain ASCII text, 100%']);
  });

  it('Chromium\'s default font comes first in the fallback: ♥ in monospace prints in Liberation Serif, ★ in DejaVu Sans', () => {
    const m = matcher();
    expect(runsOf(m, '♥€★', ['monospace'])).to.deep.equal(['Liberation Serif:♥', 'Noto Sans Mono:€', 'DejaVu Sans:★']);
    // U+4E2D is in no shipped face: it stays in the run's own face (a .notdef box, as in Chromium here)
    expect(runsOf(m, 'a中', ['Arial'])).to.deep.equal(['Liberation Sans:a中']);
  });

  it('says once per character when no face has a glyph for it', () => {
    const diagnostics = new DiagnosticList();
    const m = new FontMatcher({ diagnostics });
    const c = m.match({ families: ['Arial'], weight: 400, style: 'normal' });
    m.splitByCoverage('中 中 \uf0ac', c);
    m.splitByCoverage('中', c);
    expect(diagnostics.items.map((d) => [d.code, /U\+[0-9A-F]+/.exec(d.message)?.[0]])).to.deep.equal([
      ['font-fallback', 'U+4E2D'], ['font-fallback', 'U+F0AC'],
    ]);
  });

  it('combining marks and zero-width characters never start a run of their own', () => {
    const m = matcher();
    expect(runsOf(m, 'e\u0301\u200b✈\u0301', ['Arial'])).to.deep.equal(['Liberation Sans:e\u0301\u200b', 'DejaVu Sans:✈\u0301']);
  });
});
