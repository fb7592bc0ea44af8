// Every shipped face is measured with its own vertical metrics (metrics.data.ts, generated from
// data/fonts): the bold and italic faces of the monospaced families too. Blink's line spacing is
// the face's ascent, descent and line gap each rounded to whole px (SimpleFontData), so
// `line-height: normal` differs per family; and an inline box of a face whose metrics equal its
// parent's sits on the parent's baseline without growing a line of fixed line-height (CSS 2.1
// §10.8.1: each inline box's half-leading comes from its own face). Figures checked against
// Chromium 156 (getBoundingClientRect heights, pt, in standards mode), and held live against it below.
import { expect } from 'chai';
import { chromiumRects } from '../../helpers/chromium-layout';
import { boxOf, layoutOf } from '../../helpers/layout';

const PAGE = '@page { size: 500pt 500pt; margin: 10pt } body { margin: 0 } ';
const CSS = 'div { white-space: nowrap }';
const STYLES = [['bold', 'font-weight: bold'], ['italic', 'font-style: italic'], ['bold italic', 'font-weight: bold; font-style: italic']] as const;
/** the height of one 100px line of `line-height: normal`, pt: (round(ascent) + round(descent) + round(lineGap)) px */
const FAMILIES = [['Liberation Mono', 84.75], ['DejaVu Sans Mono', 87.75], ['Noto Sans Mono', 102]] as const;

const cases: { name: string; html: string; height: number }[] = [];
for (const [family, normal] of FAMILIES) {
  for (const [name, style] of STYLES) {
    cases.push({ name: `${family} ${name}: line-height normal at 100px`, html: `<div id="x" style="font: 100px '${family}'; ${style}">Ab</div>`, height: normal });
    cases.push({ name: `${family} ${name} span in a 40px/20px line: the line stays 20px`, html: `<div id="x" style="font: 40px/20px '${family}'">a<span style="${style}">b</span></div>`, height: 15 });
  }
}

describe('layout: the vertical metrics of every shipped face (as Chromium 156 lays them out)', function () {
  this.timeout(60000);
  const rectsOf = chromiumRects();
  for (const c of cases) {
    it(c.name, async () => {
      const { root } = layoutOf(`<!doctype html>${c.html}`, PAGE + CSS);
      expect(boxOf(root, '#x').height, 'fragment tree').to.be.closeTo(c.height, 0.01);
      const rects = await rectsOf({ pageCss: PAGE, css: CSS, html: c.html }, ['x']);
      expect(rects.x!.height, 'Chromium').to.be.closeTo(c.height, 0.01);
    });
  }
});
