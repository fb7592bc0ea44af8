// pdf/subset.ts writes a TrueType subset from per-face parts: its bytes must be fontkit's own
// (TTFSubset.encode), glyph for glyph, for every shipped face, composite glyphs included.
import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import '../../src/pdf';
import { fontkitShared } from '../../src/pdf/fontkitShared';
import { shippedFontBytes } from '../../src/pdf/shippedFonts';
import { fontsDir } from '../../src/paths';

interface Subset { glyphs: number[]; includeGlyph(gid: number): number; encode(): Uint8Array }
interface Font { numGlyphs: number; createSubset(): Subset; glyphForCodePoint(cp: number): { id: number } }

/** a small deterministic generator, so a failure names a glyph set that can be replayed */
function random(seed: number): () => number {
  let s = seed;
  return () => { s = (s * 48271) % 2147483647; return s / 2147483647; };
}

describe('pdf/subset: TrueType subsets written from per-face parts', () => {
  const faces = readdirSync(fontsDir).filter((f) => f.endsWith('.ttf'));

  it('finds the shipped faces', () => expect(faces.length).to.be.greaterThan(20));

  for (const file of faces) {
    it(`${file}: the same bytes as fontkit's encode for random glyph sets, composite glyphs included`, () => {
      // a copy of the bytes: a font of its own, whose subsets no earlier test has cached
      const font = (fontkitShared.create as (b: Uint8Array) => Font)(Uint8Array.from(shippedFontBytes(file)));
      const next = random(faces.indexOf(file) + 7);
      // accented letters are composite glyphs in these faces
      const composites = [...'éüÅçñØœ'].map((c) => font.glyphForCodePoint(c.codePointAt(0)!).id);
      for (let round = 0; round < 12; round++) {
        const gids = Array.from({ length: 1 + Math.floor(next() * 60) }, () => Math.floor(next() * font.numGlyphs));
        if (round % 2) gids.push(...composites.filter(() => next() < 0.5));
        const ours = font.createSubset();
        const theirs = font.createSubset();
        for (const g of gids) { ours.includeGlyph(g); theirs.includeGlyph(g); }
        const a = ours.encode();
        // the prototype's encode is fontkit's own (the cache wraps each subset's)
        const b = (Object.getPrototypeOf(theirs) as Subset).encode.call(theirs);
        expect(ours.glyphs, `glyphs of round ${round}`).to.deep.equal(theirs.glyphs);
        expect(Buffer.compare(Buffer.from(a), Buffer.from(b)), `bytes of round ${round} (${gids.join(',')})`).to.equal(0);
      }
    });
  }
});
