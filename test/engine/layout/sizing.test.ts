// CSS Sizing 3 §3.2 / Sizing 4 §3.1 sizing keywords as Chromium prints them: width, min-width,
// max-width and flex-basis take min-content, max-content, fit-content and stretch
// (-webkit-fill-available) on block boxes, floats, absolutely positioned boxes and flex items;
// in the block axis stretch is the definite containing block's height (as the border box) and
// the intrinsic keywords are auto. CSS 2.1 §10.3.7 / §10.6.4: an absolutely positioned box with
// both insets and a size shares the rest between its auto margins. Each case is checked against
// Chromium and against fixed figures.
import { expect } from 'chai';
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';
import { boxOf, layoutOf } from '../../helpers/layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } ';
const B = 'border:1px solid';

const SIZING: ChromiumFact[] = [
  { name: 'width: max-content shrinks a heading to its text', html: `<h2 id="a" style="width:max-content;border-bottom:2px solid;margin:0">Total due</h2>`, css: '', expect: { a: { width: 65.56 } } },
  { name: 'width: min-content takes the longest word', html: `<div id="a" style="width:min-content;${B}">Two words</div>`, css: '', expect: { a: { width: 28.16, height: 25.5 } } },
  { name: 'width: fit-content with margin: 0 auto centres a pill', html: `<div id="a" style="width:fit-content;margin:0 auto;padding:2px 8px;${B}">Paid</div>`, css: '', expect: { a: { x: 73.24, width: 33.52 } } },
  { name: 'width: fit-content is the available width for long text', html: `<div id="a" style="width:fit-content;${B}">a long text that wraps over lines for sure here and there</div>`, css: '', expect: { a: { width: 180 } } },
  { name: '-webkit-fill-available and stretch fill the containing block less the margins', html: `<div id="a" style="width:-webkit-fill-available;margin:0 10pt;${B}">x</div><div id="c" style="width:stretch;margin:0 auto;padding:0 5pt">x</div>`, css: '', expect: { a: { x: 10, width: 160.01 }, c: { x: 0, width: 180 } } },
  { name: 'max-width: max-content caps an auto width', html: `<div id="a" style="max-width:max-content;${B}">abc</div>`, css: '', expect: { a: { width: 17.63 } } },
  { name: 'min-width: max-content raises a fixed width', html: `<div id="a" style="width:20pt;min-width:max-content;${B}">abc def</div>`, css: '', expect: { a: { width: 34.3, height: 13.5 } } },
  { name: 'box-sizing: border-box adds the frame to max-content', html: `<div id="a" style="box-sizing:border-box;width:max-content;padding:10pt;${B}">abc</div>`, css: '', expect: { a: { width: 37.62 } } },
  { name: 'a float with width: min-content', html: `<div id="a" style="float:left;width:min-content;${B}">abc def</div>`, css: '', expect: { a: { width: 17.63, height: 25.5 } } },
  { name: 'an absolutely positioned box with width: max-content centred by auto margins', html: `<div style="position:relative;height:50pt;width:100pt"><div id="a" style="position:absolute;left:0;right:0;width:max-content;margin:0 auto;${B}">abc def</div></div>`, css: '', expect: { a: { x: 32.85, width: 34.3 } } },
  { name: 'an absolutely positioned box with width: stretch fills from its left', html: `<div style="position:relative;height:50pt"><div id="a" style="position:absolute;left:10pt;width:stretch;${B}">abc</div></div>`, css: '', expect: { a: { x: 10, width: 170 } } },
  { name: 'flex items: width: min-content, flex-basis: max-content', html: `<div style="display:flex"><div id="a" style="width:min-content;${B}">abc def</div><div id="c" style="flex-basis:max-content;${B}">x y</div></div>`, css: '', expect: { a: { x: 0, width: 17.63 }, c: { x: 17.63, width: 14.27 } } },
  { name: 'flex item min-width: max-content overflows its container', html: `<div style="display:flex;width:50pt"><div id="a" style="min-width:max-content;${B}">abcdef ghijk</div></div>`, css: '', expect: { a: { width: 54.86 } } },
  { name: 'a column flex item with width: fit-content', html: `<div style="display:flex;flex-direction:column"><div id="a" style="width:fit-content;${B}">abc</div></div>`, css: '', expect: { a: { width: 17.63 } } },
  { name: 'height: -webkit-fill-available is the definite containing block height (border box)', html: `<div style="height:100pt"><div style="height:20pt"></div><div id="a" style="height:-webkit-fill-available;margin:5pt;padding:3pt;${B}">x</div></div>`, css: '', expect: { a: { height: 100 } } },
  { name: 'height: stretch in an auto-height containing block is auto', html: `<div><div id="a" style="height:stretch;${B}">x</div></div>`, css: '', expect: { a: { height: 13.5 } } },
  { name: 'min-height: -webkit-fill-available', html: `<div style="height:100pt"><div id="a" style="min-height:-webkit-fill-available;${B}">x</div></div>`, css: '', expect: { a: { height: 100 } } },
  { name: 'height: max-content is the content height', html: `<div id="a" style="height:max-content;${B}">x</div>`, css: '', expect: { a: { height: 13.5 } } },
  { name: 'an absolutely positioned box with a width and left/right centres by auto margins', html: `<div style="position:relative;height:50pt;width:100pt"><div id="a" style="position:absolute;left:0;right:0;width:40pt;margin:0 auto;${B}">abc</div></div>`, css: '', expect: { a: { x: 29.25 } } },
  { name: 'an absolutely positioned box with a height and top/bottom centres by auto margins', html: `<div style="position:relative;height:50pt;width:100pt"><div id="a" style="position:absolute;top:0;bottom:0;height:20pt;margin:auto 0;${B}">abc</div></div>`, css: '', expect: { a: { y: 14.25 } } },
  { name: 'an absolutely positioned box wider than its space keeps margin-left 0', html: `<div style="position:relative;height:50pt;width:100pt"><div id="a" style="position:absolute;left:0;right:0;width:140pt;margin:0 auto;${B}">abc</div></div>`, css: '', expect: { a: { x: 0 } } },
  { name: 'a float around a collapsed-border table is as wide as the table (half the outer collapsed borders, CSS 2.1 §17.6.2)', html: `<div id="f" style="float:left"><table id="t" style="font:inherit;border-collapse:collapse"><tr><td id="a" style="border:6px solid">abc def</td><td style="border:6px solid">gh</td></tr></table></div>`, css: '', expect: { f: { width: 60.42, height: 22.5 }, t: { width: 60.42 }, a: { width: 38.8, height: 18 } } },
  { name: 'a display: block table with width: max-content keeps its cells on one line', html: `<table id="t" style="font:inherit;display:block;width:max-content;max-width:100%;border-collapse:collapse"><tr><td id="a" style="border:1px solid;padding:4pt">Operating temperature</td><td style="border:1px solid">−40 … +70 °C</td></tr></table>`, css: '', expect: { t: { width: 175.78, height: 21.49 }, a: { width: 109.32, height: 20.74 } } },
];

describe('layout: sizing keywords (CSS Sizing 3 §3.2, Sizing 4 §3.1) and auto margins of absolutely positioned boxes (CSS 2.1 §10.3.7)', function () {
  this.timeout(60000);
  itAgreesWithChromium(SIZING, { pageCss: PAGE, tolerance: 0.05 });

  it('fit-content(<length>) on width is dropped with a diagnostic naming the property, as Chromium drops it', () => {
    const r = layoutOf('<div id="a" style="width:fit-content(50pt)">abc def ghi</div>', PAGE);
    expect(boxOf(r.root, '#a').width).to.equal(180);
    expect(r.diagnostics.map((d) => d.message).join('\n')).to.match(/width: fit-content\(50pt\)/);
  });

  it('a keyword of a nested box resolves against that box\'s own containing block', () => {
    const { root } = layoutOf(`<div style="width:100pt"><div id="a" style="width:stretch;margin-left:30pt">x</div></div>`, PAGE);
    expect(boxOf(root, '#a').x).to.be.closeTo(30, 0.01);
    expect(boxOf(root, '#a').width).to.be.closeTo(70, 0.01);
  });
});
