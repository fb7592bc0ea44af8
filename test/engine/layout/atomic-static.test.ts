// CSS 2.1 §10.3.7 / §10.6.4 static positions of absolutely positioned boxes (left/top auto) as
// Chromium 156 places them:
// - inside an atomic inline (inline-block, inline-flex, inline-table) whose containing block is
//   outside it: the atomic inline is laid out at the origin, then its line box puts it in place,
//   and the static positions move with it (label sheets of inline-block cells with absolutely
//   placed logos);
// - an inline-level one with no line content before it: where text-align puts the line's start
//   (the line its content is on, or an empty line when there is none).
// Each case's figures are Chromium 156's, checked by the test.
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 200pt 400pt; margin: 10pt } body { margin: 0; font: 15px "Liberation Sans" } '
  + '.cell { display: inline-block; width: 60pt; height: 40pt; border: 1pt solid; vertical-align: top } .abs { position: absolute; width: 10pt; height: 10pt } ';

const CASES: ChromiumFact[] = [
  {
    name: 'an inline one after text in an inline-block: the cell\'s x plus the text before it',
    html: '<div>AAA<span class="cell">c1 <span class="abs" id="a"></span>after</span></div>',
    css: '',
    expect: { a: { x: 38.27, y: 0.75 } },
  },
  {
    name: 'a block-level one after a block in the second inline-block of a line: below the block, at the cell\'s content edge',
    html: '<div><span class="cell">one</span><span class="cell"><div>c2</div><div class="abs" id="a"></div></span></div>',
    css: '',
    expect: { a: { x: 62.25, y: 13.5 } },
  },
  {
    name: 'an inline-block on the second line of a padded block: the line\'s top and the cell\'s margin, border and padding',
    html: '<div style="padding-left:30pt"><span class="cell"></span><span class="cell"></span><span class="cell" style="margin-left:20pt;padding:5pt"><div class="abs" id="a"></div>x</span></div>',
    css: '',
    expect: { a: { x: 55.74, y: 47.24 } },
  },
  {
    name: 'inline-flex and inline-table after text: their content\'s static positions',
    html: '<div>Label <span style="display:inline-flex;border:2pt solid"><span style="width:20pt">i</span><span class="abs" id="a"></span></span></div>'
      + '<div>Label <span style="display:inline-table;border:2pt solid"><span style="display:table-cell;padding:3pt">i<span class="abs" id="b"></span></span></span></div>',
    css: '',
    expect: { a: { x: 32.15, y: 1.5 }, b: { x: 37.66, y: 20.25 } },
  },
  {
    name: 'an inline one alone in a centred inline-block: the middle of the cell\'s empty line',
    html: '<div style="text-align:center">Label <span class="cell"><span class="abs" id="a"></span></span></div>',
    css: '',
    expect: { a: { x: 105.33, y: 0.75 } },
  },
  {
    name: 'white space, then an inline one, then text in centred and right-aligned cells: the aligned line\'s start',
    html: '<div><span class="cell" style="text-align:right">\n <img class="abs" id="a">\n</span><span class="cell" style="text-align:center">\n <span class="abs" id="b"></span> QR</span></div>',
    css: '',
    expect: { a: { x: 60.75, y: 0.75 }, b: { x: 83.81, y: 0.75 } },
  },
  {
    name: 'a block-level one in a centred block stays at the start',
    html: '<div style="text-align:center">\n <div class="abs" id="a"></div>\n</div>',
    css: '',
    expect: { a: { x: 0, y: 0 } },
  },
];

describe('layout: static positions inside atomic inlines and aligned lines', function () {
  this.timeout(60000);
  itAgreesWithChromium(CASES, { pageCss: PAGE, tolerance: 0.03 });
});
