// A character no face has is drawn as its face's .notdef glyph (glyph 0), advancing as the
// layout measured it (fontkit: DejaVu Sans's .notdef is 1229/2048 em, as Chromium 156
// advances it). pdfkit 0.19.1 starts an embedded font's width table with glyph 0's advance in
// font units, so a viewer advanced 1229/1000 em and moved the rest of the run right.
import { expect } from 'chai';
import { layoutHtml } from '../../src/engine';
import { glyphInk, measureText } from '../../src/render/measure';
import { renderBytes } from '../helpers/engine';
import { boxWordsOf } from '../helpers/pdf';

describe('pdf: a .notdef glyph advances as laid out', function () {
  this.timeout(20000);
  it('the text after a character no face has is where Chromium prints it', async () => {
    const r = layoutHtml('<div>X\u09f385 Y</div>', 'body { margin: 0; font: 12px "DejaVu Sans" } div { margin: 10px }', { measureText, glyphInk });
    const words = boxWordsOf(await renderBytes(r));
    // Chromium 156 (pdftotext -bbox): "X" at 36.000, "85" at 47.566, "Y" at 61.879
    const at = (t: string) => words.find((w) => w.text === t)!.left - words.find((w) => w.text === 'X')!.left;
    expect(at('85')).to.be.closeTo(11.57, 0.05);
    expect(at('Y')).to.be.closeTo(25.88, 0.05);
  });
});
