// CSS 2.1 §17.5.3: a table whose height is more than its rows need gives the rest to its rows,
// as Chromium 156 distributes it among the table's sections: the body rows (tbody) take all of it,
// in proportion to their heights across the row groups, and a header and a footer keep their own
// heights (a letterhead in a <thead> of a `height: 100vh` table stays as tall as its content);
// a table with no body rows shares it among all rows; inside a row group the rows without a
// height of their own take it first. Each case's figures are Chromium 156's,
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
  // inside a row group: the rows neither empty nor constrained (a length or percentage height of the
  // row or of a cell in it) take the rest; without such rows the empty rows share it equally, else
  // the constrained rows grow in proportion (Blink's DistributeExcessBlockSizeToRows)
  {
    name: 'rows of a given height and an empty filler row: the filler takes the rest',
    html: '<table style="height:200pt;border-spacing:4pt"><thead><tr id="h"><td>H</td></tr></thead><tbody><tr id="r1"><td style="height:15pt">A</td></tr>'
      + '<tr id="r2" style="height:20pt"><td>B</td></tr><tr id="fill"><td></td></tr></tbody></table>',
    css: '',
    expect: { h: { y: 3.75, height: 15 }, r1: { y: 22.5, height: 15 }, r2: { y: 41.25, height: 20 }, fill: { y: 65, height: 131.25 } },
  },
  {
    name: 'a row with a cell of a given height keeps it; the other rows take the rest',
    html: '<table style="height:150pt"><tr id="r1"><td>one</td><td style="height:30pt">x</td></tr><tr id="r2"><td>two</td><td>y</td></tr><tr id="r3"><td>three<br>3</td><td>z</td></tr></table>',
    css: '',
    expect: { r1: { y: 0, height: 30 }, r2: { y: 30, height: 40 }, r3: { y: 70, height: 80 } },
  },
  {
    name: 'only empty rows and rows of a given height: the empty rows share it equally',
    html: '<table style="height:150pt"><tr id="r1"><td></td></tr><tr id="r2" style="height:10pt"><td></td></tr><tr id="r3"><td></td></tr></table>',
    css: '',
    expect: { r1: { y: 0, height: 70 }, r2: { y: 70, height: 10 }, r3: { y: 80, height: 70 } },
  },
  {
    name: 'every row of a given height and none empty: they grow in proportion',
    html: '<table style="height:150pt;border:3pt solid;padding:5pt"><tr id="r1" style="height:20pt"><td>A</td></tr><tr id="r2" style="height:40pt"><td>B</td></tr></table>',
    css: '',
    expect: { r1: { y: 8, height: 44.67 }, r2: { y: 52.67, height: 89.33 } },
  },
  {
    name: 'each tbody shares its part among its own rows',
    html: '<table style="height:150pt"><tbody><tr id="a1" style="height:20pt"><td>A</td></tr><tr id="a2"><td></td></tr></tbody><tbody><tr id="b1"><td>B<br>B</td></tr></tbody></table>',
    css: '',
    expect: { a1: { y: 0, height: 20 }, a2: { y: 20, height: 40 }, b1: { y: 60, height: 90 } },
  },
  // a row group's length height is a minimum: its rows share the rest as a table's (Blink's
  // DistributeSectionFixedBlockSizeToRows), and a table's extra height goes to the other body groups first
  {
    name: 'a tbody of a given height: its rows share the rest',
    html: '<table><tbody style="height:100pt"><tr id="r1"><td>A</td></tr><tr id="r2"><td>B<br>B</td></tr></tbody><tbody><tr id="r3"><td>C</td></tr></tbody></table>',
    css: '',
    expect: { r1: { y: 0, height: 33.33 }, r2: { y: 33.33, height: 66.67 }, r3: { y: 100, height: 15 } },
  },
  {
    name: 'a tbody of a given height keeps it in a taller table; the other tbody takes the rest',
    html: '<table style="height:200pt"><tbody style="height:60pt"><tr id="a"><td>A</td></tr></tbody><tbody><tr id="b"><td>B</td></tr></tbody></table>',
    css: '',
    expect: { a: { y: 0, height: 60 }, b: { y: 60, height: 140 } },
  },
];

describe('layout: a table taller than its rows', function () {
  this.timeout(60000);
  itAgreesWithChromium(CASES, { pageCss: PAGE, tolerance: 0.05 });
});

// A rowspan cell taller than its rows gives them the rest (Blink's DistributeRowspanCellToRows):
// first to the rows after its first where another rowspan cell starts, equally; else to the rows
// neither empty nor constrained by a length height, in proportion; over empty rows only, to the
// last; else to the rows that are not empty, in proportion. Figures are Chromium 156's.
const block = (h: number) => `<div style="width:10pt;height:${h}pt"></div>`;
const ROWSPAN: ChromiumFact[] = [
  {
    name: 'over empty rows only: the last row takes it',
    html: `<table><tr id="r1"><td rowspan="3">${block(90)}</td><td></td></tr><tr id="r2"><td></td></tr><tr id="r3"><td></td></tr></table>`,
    css: '',
    expect: { r1: { y: 0, height: 0 }, r2: { y: 0, height: 0 }, r3: { y: 0, height: 90 } },
  },
  {
    name: 'a row of a given height keeps it',
    html: `<table><tr id="r1" style="height:20pt"><td rowspan="2">${block(90)}</td><td>A</td></tr><tr id="r2"><td>B</td></tr></table>`,
    css: '',
    expect: { r1: { y: 0, height: 20 }, r2: { y: 20, height: 70 } },
  },
  {
    name: 'a row where another rowspan cell starts takes it first',
    html: `<table><tr id="r1"><td rowspan="3">${block(120)}</td><td>A</td><td></td></tr><tr id="r2"><td>B</td><td rowspan="2">C</td></tr><tr id="r3"><td>D</td></tr></table>`,
    css: '',
    expect: { r1: { y: 0, height: 15 }, r2: { y: 15, height: 90 }, r3: { y: 105, height: 15 } },
  },
  {
    name: 'a percentage row height does not constrain it; a cell\'s length height does; an empty row stays empty',
    html: `<table><tr id="p1" style="height:50%"><td rowspan="2">${block(90)}</td><td>A</td></tr><tr id="p2"><td>B<br>B</td></tr></table>`
      + `<table><tr id="r1"><td rowspan="3">${block(90)}</td><td style="height:20pt">A</td></tr><tr id="r2"><td></td></tr><tr id="r3"><td style="height:10pt"></td></tr></table>`,
    css: '',
    expect: { p1: { y: 0, height: 30 }, p2: { y: 30, height: 60 }, r1: { y: 90, height: 60 }, r2: { y: 150, height: 0 }, r3: { y: 150, height: 30 } },
  },
];

describe('layout: a rowspan cell taller than its rows', function () {
  this.timeout(60000);
  itAgreesWithChromium(ROWSPAN, { pageCss: PAGE, tolerance: 0.05 });
});
