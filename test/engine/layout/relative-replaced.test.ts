// CSS 2.1 §9.4.3 relative positioning of a replaced element in a line (an <img> signature or
// stamp moved with position: relative): the image is drawn moved by left/top (right/bottom when
// they are auto), the line keeps its place. Figures (pt) are Chromium 156's, checked in the test.
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 200pt 400pt; margin: 10pt } body { margin: 0; font: 10pt/12pt "Liberation Sans" } ';
/** a 40 × 40 px image: 30 × 30 pt */
const IMG = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40"/></svg>');

const CASES: ChromiumFact[] = [
  {
    name: 'left and a negative top move the image; the text after it stays',
    html: `<div style="height:60pt"></div><div><img id="i" src="${IMG}" style="position:relative;left:3cm;top:-15mm"><span id="s" style="display:inline-block">x</span></div>`,
    css: '',
    expect: { i: { x: 85.04, y: 17.48, width: 30, height: 30 }, s: { x: 30 } },
  },
  {
    name: 'right and bottom when left and top are auto',
    html: `<div style="height:60pt"></div><div><img id="i" src="${IMG}" style="position:relative;right:20pt;bottom:10pt"></div>`,
    css: '',
    expect: { i: { x: -20, y: 50 } },
  },
  {
    name: 'in a table cell (a signature image 5mm down)',
    html: `<div style="display:table"><div style="display:table-row"><div style="display:table-cell">a<img id="i" src="${IMG}" style="position:relative;top:5mm"></div></div></div>`,
    css: '',
    expect: { i: { y: 14.17 } },
  },
];

describe('layout: relatively positioned replaced elements in a line (CSS 2.1 §9.4.3)', function () {
  this.timeout(60000);
  itAgreesWithChromium(CASES, { pageCss: PAGE, tolerance: 0.03 });
});
