// CSS 2.1 §10.3.5 / §10.3.7 shrink-to-fit widths, min(max(min-content, available), max-content),
// as Chromium 156 lays them out when the content is wider than the room:
// - an absolutely positioned box fills its containing block less its insets: from `left` (or,
//   with `left` and `right` auto, from its static position) to the containing block's end, or from
//   the start to `right` (certificates of text blocks at `left: 53.7%` moved back by `translate`);
// - its margins, and a float's or an inline-block's, come off the available width once.
// Each case's figures are Chromium 156's, checked by the test.
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 200pt 400pt; margin: 10pt } body { margin: 0; font: 12pt/15pt "Liberation Sans" } .cb { position: relative; height: 300pt } ';
const TEXT = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega';

const CASES: ChromiumFact[] = [
  {
    name: 'left: the containing block\'s width less left',
    html: `<div class="cb"><div id="a" style="position:absolute;top:0;left:60pt">${TEXT}</div></div>`,
    css: '',
    expect: { a: { x: 60, width: 120 } },
  },
  {
    name: 'a percentage left, and a percentage and a fixed margin',
    html: `<div class="cb"><div id="a" style="position:absolute;top:0;left:25%;margin:0 10pt 0 10%">${TEXT}</div></div>`,
    css: '',
    expect: { a: { x: 63, width: 107 } },
  },
  {
    name: 'right only: from the start to right',
    html: `<div class="cb"><div id="a" style="position:absolute;top:0;right:50pt">${TEXT}</div></div>`,
    css: '',
    expect: { a: { x: 0, width: 130 } },
  },
  {
    name: 'left and right auto: from the static position',
    html: `<div class="cb"><div style="padding-left:90pt"><div id="a" style="position:absolute">${TEXT}</div></div></div>`,
    css: '',
    expect: { a: { x: 90, width: 90 } },
  },
  {
    name: 'a float with margins: the margins come off once',
    html: `<div><div id="a" style="float:left;margin:0 15pt 0 20pt">${TEXT}</div></div>`,
    css: '',
    expect: { a: { x: 20, width: 145 } },
  },
  {
    name: 'an inline-block with margins: the margins come off once',
    html: `<div><span id="a" style="display:inline-block;margin:0 12pt 0 8pt">${TEXT}</span></div>`,
    css: '',
    expect: { a: { x: 8, width: 160 } },
  },
];

describe('layout: shrink-to-fit widths in the room left by insets and margins', function () {
  this.timeout(60000);
  itAgreesWithChromium(CASES, { pageCss: PAGE, tolerance: 0.03 });
});
