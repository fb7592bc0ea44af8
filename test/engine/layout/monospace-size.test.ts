// The generic monospace font size, as Blink computes it (FontBuilder::CheckForGenericFamilyChange;
// HTML's rendering section leaves default sizes to the UA): Chromium's default fixed font size
// is 13px beside its 16px default font size. An element whose font-family is `monospace` alone
// takes keyword sizes from the 13px table (9 10 12 13 16 20 26 39 px) and scales a size that no
// absolute length decided (medium, em or % of it, larger) by 13/16, and back by 16/13 where the
// generic monospace ends. Each case: the width of ten monospace (or serif) letters in an
// inline-block, in pt, in the fragment tree and in Chromium.
import { expect } from 'chai';
import { chromiumRects } from '../../helpers/chromium-layout';
import { boxOf, layoutOf } from '../../helpers/layout';

const PAGE = '@page { size: 500pt 300pt; margin: 10pt } body { margin: 0 } ';
const CSS = '#x { display: inline-block }';
/** advance of Noto Sans Mono (0.6 em) and Liberation Serif 'o' (0.5 em) */
const MONO = 0.6;
const SERIF_O = 0.5;

const cases: { name: string; html: string; px: number; advance?: number }[] = [
  { name: '<code> in a medium paragraph: 13px', html: '<p><code id="x">aaaaaaaaaa</code></p>', px: 13 },
  { name: '<pre> of the initial medium size: 13px', html: '<pre id="x">aaaaaaaaaa</pre>', px: 13 },
  { name: '<code> under a 14px div: 14px (an absolute length decided it)', html: '<div style="font-size:14px"><code id="x">aaaaaaaaaa</code></div>', px: 14 },
  { name: '<code> with font-size 2em in a medium paragraph: 26px', html: '<p><code id="x" style="font-size:2em">aaaaaaaaaa</code></p>', px: 26 },
  { name: '<code> in an h1 (2em of medium): 26px', html: '<h1><code id="x">aaaaaaaaaa</code></h1>', px: 26 },
  { name: '<code> under a 150% div: 19.5px', html: '<div style="font-size:150%"><code id="x">aaaaaaaaaa</code></div>', px: 19.5 },
  { name: '<code> under a 1.5rem div: 24px (rem is absolute here)', html: '<div style="font-size:1.5rem"><code id="x">aaaaaaaaaa</code></div>', px: 24 },
  { name: 'font-size: small on <code>: 12px from the 13px table', html: '<code id="x" style="font-size:small">aaaaaaaaaa</code>', px: 12 },
  { name: 'x-large inherited by <code>: 20px from the 13px table', html: '<div style="font-size:x-large"><code id="x">aaaaaaaaaa</code></div>', px: 20 },
  { name: 'xxx-large on <code>: 39px', html: '<code id="x" style="font-size:xxx-large">aaaaaaaaaa</code>', px: 39 },
  { name: '`monospace, monospace`: 16px (not the generic alone)', html: '<code id="x" style="font-family:monospace,monospace">aaaaaaaaaa</code>', px: 16 },
  { name: 'a named family before monospace: 16px', html: '<code id="x" style="font-family:\'Noto Sans Mono\',monospace">aaaaaaaaaa</code>', px: 16 },
  { name: 'serif inside <pre>: back to 16px', html: '<pre>a<span id="x" style="font-family:serif">oooooooooo</span></pre>', px: 16, advance: SERIF_O },
  { name: 'serif inside a 1.5em monospace paragraph: 24px', html: '<p style="font-family:monospace;font-size:1.5em">a<span id="x" style="font-family:serif">oooooooooo</span></p>', px: 24, advance: SERIF_O },
];

describe('layout: the generic monospace font size (as Chromium 156 computes it)', function () {
  this.timeout(60000);
  const rectsOf = chromiumRects();
  for (const c of cases) {
    it(c.name, async () => {
      const width = 10 * (c.advance ?? MONO) * c.px * 0.75;
      const { root } = layoutOf(c.html, PAGE + CSS);
      expect(boxOf(root, '#x').width, 'fragment tree').to.be.closeTo(width, 0.1);
      const rects = await rectsOf({ pageCss: PAGE, css: CSS, html: c.html }, ['x']);
      expect(rects.x!.width, 'Chromium').to.be.closeTo(width, 0.1);
    });
  }
});
