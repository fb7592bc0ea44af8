// CSS 2.1 §17.5.3: a table whose height is more than its rows need gives the rest to its rows,
// as Chromium 156 distributes it among the table's sections: the body rows (tbody) take all of it,
// in proportion to their heights across the row groups, and a header and a footer keep their own
// heights (a letterhead in a <thead> of a `height: 100vh` table stays as tall as its content);
// a table with no body rows shares it among all rows. Each case's figures are Chromium 156's,
// checked by the test.
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 200pt 400pt; margin: 10pt } body { margin: 0; font: 12pt/15pt "Liberation Sans" } '
  + 'table { width: 100pt; border-spacing: 0 } td { padding: 0; vertical-align: top } ';

const CASES: ChromiumFact[] = [
  {
    name: 'thead, tbody and tfoot: only the body rows grow, in proportion to their heights',
    html: '<table style="height:300pt"><thead><tr><td id="h1">H</td></tr><tr><td id="h2">H</td></tr></thead>'
      + '<tbody><tr><td id="b1">B</td></tr><tr><td id="b2">B<br>B</td></tr></tbody><tfoot><tr><td id="f">F</td></tr></tfoot></table>',
    css: '',
    expect: { h1: { y: 0, height: 15 }, h2: { y: 15, height: 15 }, b1: { y: 30, height: 85 }, b2: { y: 115, height: 170 }, f: { y: 285, height: 15 } },
  },
  {
    name: 'two tbodies share it in proportion to their rows\' heights',
    html: '<table style="height:200pt"><thead><tr><td id="h">H</td></tr></thead>'
      + '<tbody><tr><td id="a">A</td></tr></tbody><tbody><tr><td id="b">B<br>B<br>B</td></tr></tbody></table>',
    css: '',
    expect: { h: { y: 0, height: 15 }, a: { y: 15, height: 46.25 }, b: { y: 61.25, height: 138.75 } },
  },
  {
    name: 'no tbody: a header and a footer share it',
    html: '<table style="height:120pt"><thead><tr><td id="h">H</td></tr></thead><tfoot><tr><td id="f">F<br>F</td></tr></tfoot></table>',
    css: '',
    expect: { h: { y: 0, height: 40 }, f: { y: 40, height: 80 } },
  },
  // percentage heights of rows and cells are of the table's height: such a row gets its share
  // first, the rows without one take the rest (all rows, in proportion, when every row has one)
  {
    name: 'percentage rows get their share of the table height, an auto row the rest',
    html: '<table style="height:200pt"><tr style="height:20%"><td id="a">A</td></tr><tr style="height:30%"><td id="b">B</td></tr><tr><td id="c">C</td></tr></table>',
    css: '',
    expect: { a: { y: 0, height: 40 }, b: { y: 40, height: 60 }, c: { y: 100, height: 100 } },
  },
  {
    name: 'percentage rows only: they share the rest in proportion',
    html: '<table style="height:200pt"><tr style="height:20%"><td id="a">A</td></tr><tr style="height:30%"><td id="b">B</td></tr></table>',
    css: '',
    expect: { a: { y: 0, height: 80 }, b: { y: 80, height: 120 } },
  },
  {
    name: 'a cell\'s percentage height sizes its row; content taller than the percentage wins',
    html: '<table style="height:200pt"><tr><td id="a" style="height:25%">A</td><td>x</td></tr><tr><td id="b">B</td><td>y</td></tr><tr><td id="c">C</td><td>z</td></tr></table>'
      + '<table style="height:100pt"><tr style="height:10%"><td id="d">D<br>D<br>D</td></tr><tr><td id="e">E</td></tr></table>',
    css: '',
    expect: { a: { y: 0, height: 50 }, b: { y: 50, height: 75 }, c: { y: 125, height: 75 }, d: { y: 200, height: 45 }, e: { y: 245, height: 55 } },
  },
  {
    name: 'without a table height, percentage heights are ignored',
    html: '<table><tr><td id="a" style="height:50%">A</td></tr><tr style="height:50%"><td id="b">B</td></tr></table>',
    css: '',
    expect: { a: { y: 0, height: 15 }, b: { y: 15, height: 15 } },
  },
];

describe('layout: a table taller than its rows', function () {
  this.timeout(60000);
  itAgreesWithChromium(CASES, { pageCss: PAGE, tolerance: 0.05 });
});
