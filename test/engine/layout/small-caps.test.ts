// CSS Fonts 4 §6.4 font-variant-caps: small-caps: a font without small-capital glyphs gets
// them synthesized, as Chromium 156 draws them: capitals at 0.7 of the font size rounded to a
// whole CSS px (13px text has 9px capitals, 15px has 11px, 17px has 12px, 26.88px has 19px).
// Widths of inline-blocks in pt, against Chromium's and against capitals at the rounded size.
// The capitals are glyphs of the inline box's text: the line box takes the box's metrics, not
// those of a font at the capitals' size.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { fontFeatures, measureText } from '../../../src/render/measure';
import { chromiumRects } from '../../helpers/chromium-layout';
import { boxOf, layoutOf } from '../../helpers/layout';
import { wordsOf } from '../../helpers/pdf';

const PAGE = '@page { size: 400pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } ';
const CSS = "span { display: inline-block; font-family: 'DejaVu Sans'; white-space: pre }";

describe('layout: synthesized small capitals at a whole px (as Chromium 156 draws them)', function () {
  this.timeout(60000);
  const rectsOf = chromiumRects();
  const cases: { size: number; caps: number }[] = [{ size: 13, caps: 9 }, { size: 15, caps: 11 }, { size: 17, caps: 12 }, { size: 26.88, caps: 19 }];
  for (const c of cases) {
    it(`${c.size}px small-caps text has ${c.caps}px capitals`, async () => {
      const html = `<span id="a" style="font-size:${c.size}px;font-variant:small-caps">nnnnnnnnnn</span><br><span id="b" style="font-size:${c.caps}px">NNNNNNNNNN</span>`;
      const { root } = layoutOf(html, PAGE + CSS);
      const rects = await rectsOf({ pageCss: PAGE, css: CSS, html }, ['a', 'b']);
      const a = boxOf(root, '#a').width; const b = boxOf(root, '#b').width;
      expect(a, 'as capitals at the rounded size').to.be.closeTo(b, 0.001);
      expect(rects.a!.width, 'Chromium').to.be.closeTo(a, 0.05);
    });
  }
});

describe('layout: synthesized small capitals leave the line box to their inline box (as Chromium 156 lays them out)', function () {
  this.timeout(60000);
  const rectsOf = chromiumRects();
  const cases = [{ size: 22.4, lh: 32 }, { size: 15, lh: 22 }, { size: 17, lh: 25 }];
  for (const c of cases) {
    it(`${c.size}px text with ${c.lh}px lines and a 1.2em small-caps span: as tall as without small capitals`, async () => {
      const css = `p { margin: 0; font-family: 'DejaVu Sans'; font-size: ${c.size}px; line-height: ${c.lh}px; } .n { font-variant: small-caps; font-size: 1.2em }`;
      const html = '<p id="p"><span class="n">In his books</span><br>starts each</p><p id="q"><span style="font-size:1.2em">In his books</span><br>starts each</p>';
      const { root } = layoutOf(html, PAGE + css);
      const rects = await rectsOf({ pageCss: PAGE, css, html }, ['p', 'q']);
      // (the 1.2em box's own half-leading lowers its first line by a px or so, small capitals or not)
      expect(rects.p!.height, 'Chromium: as without small capitals').to.be.closeTo(rects.q!.height, 0.01);
      expect(boxOf(root, '#p').height, 'as without small capitals').to.be.closeTo(boxOf(root, '#q').height, 0.01);
    });
  }
});

describe("layout → PDF: a face's own small capitals (OpenType smcp, c2sc), as Chromium 156 draws them", () => {
  // Noto Sans Mono (the shipped monospace) has smcp and c2sc: its small-capital glyphs are
  // drawn at the text's size, and the text reads back as written (Chromium 156: "La course",
  // each glyph 0.6 em wide like the others, "course" from 60.75pt to 114.75pt at 20px)
  const cases: { caps: string; text: string }[] = [{ caps: 'small-caps', text: 'La course' }, { caps: 'all-small-caps', text: 'La course' }];
  for (const c of cases) {
    it(`font-variant-caps: ${c.caps} in a face with small capitals keeps the text and its size`, async () => {
      const html = `<p id="p" style="margin:0;font:20px monospace;font-variant-caps:${c.caps}">${c.text}</p>`;
      const r = layoutHtml(html, '@page { size: 300pt 200pt; margin: 0 } body { margin: 0 }', { measureText, fontFeatures });
      const words = await wordsOf(await toPdf(r.docDefinition, r.fonts));
      expect(words.map((w) => w.text).join(' ').split(/\s+/).filter(Boolean)).to.deep.equal(['La', 'course']);
      // one run at the text's size: 9 glyphs of 0.6 em at 15pt
      expect(words[0]!.width).to.be.closeTo(9 * 0.6 * 15, 0.01);
    });
  }
});
