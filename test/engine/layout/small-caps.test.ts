// CSS Fonts 4 §6.4 font-variant-caps: small-caps: a font without small-capital glyphs gets
// them synthesized, as Chromium 156 draws them: capitals at 0.7 of the font size rounded to a
// whole CSS px (13px text has 9px capitals, 15px has 11px, 17px has 12px, 26.88px has 19px).
// Widths of inline-blocks in pt, against Chromium's and against capitals at the rounded size.
import { expect } from 'chai';
import { chromiumRects } from '../../helpers/chromium-layout';
import { boxOf, layoutOf } from '../../helpers/layout';

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
