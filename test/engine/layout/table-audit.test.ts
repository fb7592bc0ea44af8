// Table facts found by auditing Platen against Chromium 156 on tiny tables (issue #18): each
// figure (pt) holds in Chromium and in the fragment tree. The page area is 180pt wide.
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } ';
const TIGHT = 'table { border-spacing: 0 } td, th { padding: 0 } ';
const block = (w: number, h = 10) => `<div style="width:${w}pt;height:${h}pt"></div>`;
/** n inline-blocks a line may break between (min-content one, max-content all: style them by the case's css) */
const inlines = (n: number) => Array.from({ length: n }, () => '<i></i>').join(' ');

// CSS 2.1 §17.5.2.1 fixed table layout: the column elements and the first row's cells decide,
// never the content or the later rows (Blink's constraints and its sharing of the width)
const FIXED: ChromiumFact[] = [
  { name: 'fixed layout: the later rows\' widths do not count', html: `<table style="width:180pt"><tr><td id="a" style="width:30pt"></td><td id="b"></td></tr><tr><td style="width:120pt">${block(150)}</td><td></td></tr></table>`, css: `${TIGHT} table { table-layout: fixed }`, expect: { a: { width: 30 }, b: { x: 30, width: 150 } } },
  { name: 'fixed layout: a <col> width wins over the first row\'s cell; length columns alone grow in proportion to fill the table', html: '<table style="width:180pt"><col style="width:20pt"><tr><td id="a" style="width:60pt"></td><td id="b" style="width:40pt"></td></tr></table>', css: `${TIGHT} table { table-layout: fixed }`, expect: { a: { width: 60 }, b: { x: 60, width: 120 } } },
  { name: 'fixed layout: a cell\'s length width is a content box (the padding on top)', html: '<table style="width:180pt"><tr><td id="a" style="width:30pt"></td><td id="b"></td></tr></table>', css: `${TIGHT} table { table-layout: fixed } td { padding: 0 5pt }`, expect: { a: { width: 40 }, b: { x: 40, width: 140 } } },
  { name: 'fixed layout: a first-row percentage is of the grid, with the cell\'s padding on top', html: '<table style="width:180pt"><tr><td id="a" style="width:25%"></td><td id="b"></td></tr><tr><td style="width:70%"></td><td></td></tr></table>', css: `${TIGHT} table { table-layout: fixed } td { padding: 0 5pt }`, expect: { a: { width: 55 }, b: { x: 55, width: 125 } } },
  { name: 'fixed layout: percentages over 100% are scaled to 100%, then with their padding to the grid', html: '<table style="width:180pt"><tr><td id="a" style="width:50%"></td><td id="b" style="width:80%"></td><td></td></tr></table>', css: `${TIGHT} table { table-layout: fixed } td { padding: 0 5pt }`, expect: { a: { width: 71.31 }, b: { x: 71.31, width: 108.69 } } },
  { name: 'fixed layout: a spanning first-row cell shares its width equally between its columns', html: '<table style="width:180pt"><tr><td colspan="2" style="width:60pt"></td><td></td></tr><tr><td id="a"></td><td id="b"></td><td id="c"></td></tr></table>', css: `${TIGHT} table { table-layout: fixed }`, expect: { a: { width: 30 }, b: { x: 30, width: 30 }, c: { x: 60, width: 120 } } },
  { name: 'fixed layout: length columns wider than the table widen it', html: '<table id="t" style="width:60pt"><tr><td id="a" style="width:50pt"></td><td id="b" style="width:40pt"></td></tr></table>', css: `${TIGHT} table { table-layout: fixed }`, expect: { t: { width: 90 }, a: { width: 50 }, b: { x: 50, width: 40 } } },
  { name: 'fixed layout: a column group without columns gives its width to the columns it spans; one with columns does not', html: '<table style="width:180pt"><colgroup style="width:30pt"></colgroup><colgroup style="width:90pt"><col></colgroup><tr><td id="a"></td><td id="b"></td><td id="c"></td></tr></table>', css: `${TIGHT} table { table-layout: fixed }`, expect: { a: { width: 30 }, b: { x: 30, width: 75 }, c: { x: 105, width: 75 } } },
];

// CSS 2.1 §17.5.2.2 automatic layout with percentages (CSS Tables 3 §3.9.3, as Blink shares the width)
const AUTO: ChromiumFact[] = [
  { name: 'auto layout: percentages over 100% are cut from the last columns', html: `<table style="width:180pt"><tr><td id="a" style="width:60%"></td><td id="b" style="width:60%"></td><td id="c">${block(10)}</td></tr></table>`, css: TIGHT, expect: { a: { width: 102 }, b: { x: 102, width: 68 }, c: { x: 170, width: 10 } } },
  { name: 'auto layout: a spanning cell\'s percentage goes to its columns in proportion to their max-content', html: `<table style="width:180pt"><tr><td colspan="2" style="width:50%"></td><td></td></tr><tr><td id="a">${block(10)}</td><td id="b">${block(30)}</td><td id="c">${block(10)}</td></tr></table>`, css: TIGHT, expect: { a: { width: 22.5 }, b: { x: 22.5, width: 67.5 }, c: { x: 90, width: 90 } } },
  { name: 'auto layout: a percentage column\'s max-content widens an auto-width table to its percentage', html: `<table id="t"><tr><td id="a" style="width:25%">${block(30)}</td><td id="b">${block(10)}</td></tr></table>`, css: TIGHT, expect: { t: { width: 120 }, a: { width: 30 }, b: { x: 30, width: 90 } } },
  // CSS Tables 3 §3.9.3 (Blink's DistributeColspanCellToColumnsAuto): a spanning cell's min-content is
  // shared among its columns by the width distribution: above their max-content the auto columns
  // take the rest in proportion to their max-content, a fixed column keeps its width
  { name: 'auto layout: a spanning cell wider than its columns\' max-content widens the auto columns by their max-content', html: `<table><tr><td id="a">${inlines(2)}</td><td id="b">${inlines(4)}</td><td id="c" style="width:20pt"></td></tr><tr><td colspan="3">${block(150)}</td></tr></table>`, css: `${TIGHT} td { font-size: 0 } i { display: inline-block; width: 15pt; height: 10pt }`, expect: { a: { width: 43.33 }, b: { x: 43.33, width: 86.67 }, c: { x: 130, width: 20 } } },
  // between the specified and the max-content guess, the auto columns grow from their min-content in
  // proportion to what they lack of their max-content
  { name: 'auto layout: a spanning cell between its columns\' widths and max-content grows the auto columns from min-content', html: `<table style="width:90pt"><tr><td id="a">${inlines(2)}</td><td id="b">${inlines(4)}</td><td id="c" style="width:20pt"></td></tr><tr><td colspan="3">${block(80)}</td></tr></table>`, css: `${TIGHT} td { font-size: 0 } i { display: inline-block; width: 15pt; height: 10pt }`, expect: { a: { width: 25 }, b: { x: 25, width: 45 }, c: { x: 70, width: 20 } } },
  // above the max-content guess without auto columns (Blink's kAboveMax): percentage columns share
  // the rest in proportion to their percentages, one held at its min-content above its share too;
  // a fixed column takes it before them, in an auto-width table too
  { name: 'auto layout: percentages summing under 100% share the rest by percentage, not by width', html: `<table style="width:180pt"><tr><td id="a" style="width:25%"></td><td id="b" style="width:25%">${block(10)}</td><td id="c" style="width:10%">${block(60)}</td></tr></table>`, css: TIGHT, expect: { a: { width: 57.5 }, b: { x: 57.5, width: 57.5 }, c: { x: 115, width: 65 } } },
  { name: 'auto layout: in an auto-width table a fixed column, not a percentage one, takes what the percentage adds', html: `<table id="t"><tr><td id="a" style="width:20pt"></td><td id="b" style="width:25%">${block(30)}</td></tr></table>`, css: TIGHT, expect: { t: { width: 120 }, a: { width: 90 }, b: { x: 90, width: 30 } } },
  { name: 'auto layout: too narrow for every width, length columns give way first and percentages keep their share', html: `<table style="width:120pt"><tr><td id="a" style="width:50%">${block(10)}</td><td id="b" style="width:80pt">${block(10)}</td><td id="c">${block(10)}</td></tr></table>`, css: TIGHT, expect: { a: { width: 60 }, b: { x: 60, width: 50 }, c: { x: 110, width: 10 } } },
];

// CSS 2.1 §17.4.1: each caption goes above or below the table by its own caption-side
const CAPTIONS: ChromiumFact[] = [
  { name: 'a caption with caption-side: bottom goes below the table, one without stays above', html: `<table id="t"><caption id="top">${block(10, 5)}</caption><caption id="cap" style="caption-side:bottom">${block(10, 15)}</caption><tr><td id="c">${block(80)}</td></tr></table>`, css: TIGHT, expect: { top: { y: 0 }, c: { y: 5 }, cap: { y: 15, width: 80 } } },
];

// CSS 2.1 §17.5.2, §17.5.3: a table without columns (no cells) still has its specified width and height
const EMPTY: ChromiumFact[] = [
  { name: 'a table without rows or cells is as wide and as tall as specified', html: '<table id="t" style="width:100pt;height:50pt;border:2pt solid"></table><table id="u" style="width:50%;height:30pt"></table>', css: TIGHT, expect: { t: { width: 100, height: 50 }, u: { y: 50, width: 90, height: 30 } } },
  { name: 'a table whose row has no cells is as wide and as tall as specified; its caption as wide', html: '<table id="t" style="width:100pt;height:50pt"><tr></tr></table><table style="width:120pt;border:2pt solid;padding:5pt"><caption id="cap">cap</caption></table>', css: TIGHT, expect: { t: { width: 100, height: 50 }, cap: { y: 50, width: 120 } } },
];

// CSS 2.1 §17.6.2: in the collapsing model a column holds half of the resolved borders on its edges
const COLLAPSED: ChromiumFact[] = [
  { name: 'collapsed borders: a column is wide enough for half of a wider neighbour\'s border on its edge', html: `<table><tr><td id="a">${block(20)}</td><td id="b" style="border-width:4.5pt">${block(20)}</td></tr><tr><td>${block(20)}</td><td id="d">${block(20)}</td></tr></table>`, css: `${TIGHT} table { border-collapse: collapse } td { border: 1.5pt solid }`, expect: { a: { x: 0.75, width: 23 }, b: { x: 23.75, width: 24.5 }, d: { x: 23.75 } } },
];

describe('layout: tables audited against Chromium 156', function () {
  this.timeout(60000);
  // (Chromium snaps to 1/64 px)
  itAgreesWithChromium([...FIXED, ...AUTO, ...CAPTIONS, ...EMPTY, ...COLLAPSED], { pageCss: PAGE, tolerance: 0.05 });
});
