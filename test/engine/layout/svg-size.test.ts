// The size of an SVG with a viewBox and no width or height (SVG 2 §8.2: both `auto`): it has
// no natural size, only the viewBox's ratio, so CSS 2.1 §10.3.2 makes it as wide as a block in
// flow and as tall as its ratio (Chromium: an icon sprite or a chart drawn full width), nothing
// in a shrink-to-fit box, the container's width as a flex item's content size. With a width or
// a height (attribute or CSS) the other follows the ratio; with neither nor a viewBox, 300×150.
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 400pt 600pt; margin: 10pt } body { margin: 0; width: 180pt; font: 10pt/12pt sans-serif } ';
const VB = 'viewBox="0 0 10 5"';
const IMG = `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" ${VB}><rect width="10" height="5"/></svg>`)}`;

const CASES: ChromiumFact[] = [
  { name: 'a viewBox alone: as wide as the containing block, as tall as the ratio', html: `<svg id="s" ${VB}></svg>`, css: '', expect: { s: { width: 180, height: 90 } } },
  { name: 'on a line of text, the same', html: `<p>text <svg id="s" ${VB}></svg> text</p>`, css: '', expect: { s: { width: 180, height: 90 } } },
  { name: 'less its margins', html: `<svg id="s" ${VB} style="display:block;margin:0 15pt"></svg>`, css: '', expect: { s: { width: 150, height: 75 } } },
  { name: 'a width attribute: the height from the ratio', html: `<svg id="s" ${VB} width="100"></svg>`, css: '', expect: { s: { width: 75, height: 37.5 } } },
  { name: 'a height attribute: the width from the ratio', html: `<svg id="s" ${VB} height="20"></svg>`, css: '', expect: { s: { width: 30, height: 15 } } },
  { name: 'a CSS max-width caps it, the ratio kept', html: `<svg id="s" ${VB} style="max-width:60pt"></svg>`, css: '', expect: { s: { width: 60, height: 30 } } },
  { name: 'neither size nor viewBox: 300 × 150px', html: '<svg id="s"></svg>', css: '', expect: { s: { width: 225, height: 112.5 } } },
  { name: 'a flex item: the container\'s width, shrunk beside its siblings', html: `<div style="display:flex"><svg id="s" ${VB}></svg><span style="flex:none;width:30pt"></span></div>`, css: '', expect: { s: { width: 150, height: 75 } } },
  { name: 'a column flex item: stretched, the height from the ratio', html: `<div style="display:flex;flex-direction:column"><svg id="s" ${VB}></svg></div>`, css: '', expect: { s: { width: 180, height: 90 } } },
  { name: 'in a shrink-to-fit inline-block: nothing', html: `<span id="b" style="display:inline-block"><svg id="s" ${VB}></svg></span>`, css: '', expect: { s: { width: 0, height: 0 }, b: { width: 0 } } },
  { name: 'an <img> of such an SVG: the same as inline', html: `<img id="s" src="${IMG}">`, css: '', expect: { s: { width: 180, height: 90 } } },
];

describe('layout: an SVG with a viewBox and no size (CSS 2.1 §10.3.2, SVG 2 §8.2)', function () {
  this.timeout(60000);
  itAgreesWithChromium(CASES, { pageCss: PAGE, tolerance: 0.05 });
});
