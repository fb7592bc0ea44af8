// A table as a grid item, a flex item and an absolutely positioned box: CSS Box Alignment 3 §6
// (`normal` behaves as `stretch` for a table's box, which has no preferred aspect ratio, in a grid
// area and in a flex line's cross axis) and CSS 2.1 §10.3.7 / §10.6.4 as Blink lays out an
// absolutely positioned table (its own size between two insets). Each figure (pt) holds in
// Chromium 156 and in the fragment tree. The page area is 180pt wide.
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } ';
const TIGHT = 'table { border-spacing: 0 } td { padding: 0 } ';
const table = (id: string, style = '', w = 20) => `<table id="${id}" style="${style}"><tr><td><div style="width:${w}pt;height:10pt"></div></td></tr></table>`;

const FACTS: ChromiumFact[] = [
  { name: 'grid: justify-self and align-self normal stretch a width: auto table to its area', html: `<div style="display:grid;grid-template-columns:100pt 80pt;grid-template-rows:40pt">${table('a')}${table('b', 'justify-self:start;align-self:start')}</div>`, css: TIGHT,
    expect: { a: { x: 0, y: 0, width: 100, height: 40 }, b: { x: 100, width: 20, height: 10 } } },
  { name: 'grid: a stretched table keeps its margins, and max-width caps it', html: `<div style="display:grid;grid-template-columns:100pt 80pt">${table('a', 'margin:0 10pt')}${table('b', 'max-width:50pt')}</div>`, css: TIGHT,
    expect: { a: { x: 10, width: 80 }, b: { x: 100, width: 50 } } },
  { name: 'grid: a table with a width is not stretched', html: `<div style="display:grid;grid-template-columns:100pt 80pt">${table('a', 'width:50%')}${table('b', 'width:30pt')}</div>`, css: TIGHT,
    expect: { a: { x: 0, width: 50 }, b: { x: 100, width: 30 } } },
  { name: 'flex: a row\'s tables stretch in the cross axis; flex: 1 grows one in the main axis', html: `<div style="display:flex;height:50pt">${table('a')}${table('b', 'flex:1')}</div>`, css: TIGHT,
    expect: { a: { x: 0, width: 20, height: 50 }, b: { x: 20, width: 160, height: 50 } } },
  { name: 'flex: a column\'s table stretches in the cross axis and grows with flex: 1', html: `<div style="display:flex;flex-direction:column;height:60pt">${table('a')}${table('b', 'flex:1')}</div>`, css: TIGHT,
    expect: { a: { y: 0, width: 180, height: 10 }, b: { y: 10, width: 180, height: 50 } } },
  { name: 'absolute: a table between two insets keeps its own width and height', html: `<div style="position:relative;height:60pt">${table('a', 'position:absolute;left:0;right:0;top:0;bottom:0')}</div>`, css: TIGHT,
    expect: { a: { x: 0, y: 0, width: 20, height: 10 } } },
];

describe('layout/table-items: a table\'s box stretched in grid and flex, not between insets (Chromium 156)', function () {
  this.timeout(60_000);
  itAgreesWithChromium(FACTS, { pageCss: PAGE, tolerance: 0.05 });
});
