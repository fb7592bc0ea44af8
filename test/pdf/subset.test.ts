// The fast TrueType glyph copy (src/pdf/fontkit-cache.ts) gives fontkit's own subset bytes,
// for every shipped face and the TTF test fonts, with composite glyphs (accents) included.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { shippedFaceFiles } from '../../src/engine/fonts';
import '../../src/pdf';
import { encodeSubsetBothWays } from '../../src/pdf/fontkit-cache';
import { fontsDir } from '../../src/paths';
import { fixture } from './tools';

const SAMPLE = 'Invoice №42 — Ωμέγα Привет café ÀÉÎÕÜ àéîõü çÇ ñÑ œŒ ǅ ﬁ ﬂ ♥ ✈ € 0123456789 ẞ ŉ Ǻǻ Ǽǽ';

function glyphIds(font: fontkit.Font & { glyphForCodePoint(cp: number): { id: number } }, text: string): number[] {
  const ids: number[] = [];
  for (const ch of text) if (font.hasGlyphForCodePoint(ch.codePointAt(0)!)) ids.push(font.glyphForCodePoint(ch.codePointAt(0)!).id);
  return ids;
}

describe('pdf: fast TrueType glyph copy', () => {
  const faces: [string, Uint8Array][] = [
    ...shippedFaceFiles().map((f): [string, Uint8Array] => [f, new Uint8Array(readFileSync(join(fontsDir, f)))]),
    ['pacifico.ttf', fixture('pacifico.ttf')], ['fa-regular-400.ttf', fixture('fa-regular-400.ttf')],
  ];
  for (const [name, bytes] of faces) {
    it(`${name}: same subset bytes as fontkit`, () => {
      const font = fontkit.create(bytes) as fontkit.Font & { glyphForCodePoint(cp: number): { id: number }; numGlyphs: number };
      const ids = [...glyphIds(font, SAMPLE), ...Array.from({ length: 40 }, (_, i) => (i * 37) % font.numGlyphs)];
      const { fast, original } = encodeSubsetBothWays(font, ids);
      expect(fast.length).to.be.greaterThan(100);
      expect(Buffer.compare(Buffer.from(fast), Buffer.from(original))).to.equal(0);
      // and again, now from the per-glyph cache
      const again = encodeSubsetBothWays(font, ids);
      expect(Buffer.compare(Buffer.from(again.fast), Buffer.from(original))).to.equal(0);
    });
  }
});
