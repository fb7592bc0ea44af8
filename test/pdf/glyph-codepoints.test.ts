// The ToUnicode entry of a glyph comes from the text it was shaped from: fontkit keeps one glyph
// object per id with the code points of whoever asked first, and a composite glyph's bbox (the
// glyph ink the engine reads at clips: 'Ê') asks for its component 'E' with none.
import { expect } from 'chai';
import * as fontkit from 'fontkit';
import { join } from 'node:path';
import { shaped } from '../../src/pdf/glyphs';
import { fontsDir } from '../../src/paths';

describe('pdf: glyph code points for ToUnicode', () => {
  it('a letter shaped after a composite glyph that holds it keeps its own code point', () => {
    const font = fontkit.openSync(join(fontsDir, 'LiberationSans-Regular.ttf')) as unknown as Parameters<typeof shaped>[0] & { glyphForCodePoint(c: number): { bbox: unknown } };
    void font.glyphForCodePoint(0xca).bbox; // Ê: its component E is now cached with no code points
    expect(shaped(font, 'Ef').glyphs.map((g) => g.codePoints)).to.deep.equal([[0x45], [0x66]]);
  });
});
