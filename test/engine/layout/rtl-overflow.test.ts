// CSS 2.1 §10.3.3 in an rtl containing block, as Blink lays it out: a box wider than its
// containing block takes its auto margins as 0 and keeps its right margin, so it overflows to the
// left (a block with margin: auto, and a table with or without auto margins). Each figure (pt)
// holds in Chromium 156 and in the fragment tree. The page area is 180pt wide.
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } ';
const TIGHT = 'table { border-spacing: 0 } td { padding: 0 } ';
const cell = '<tr><td><div style="height:10pt"></div></td></tr>';

const FACTS: ChromiumFact[] = [
  { name: 'rtl: a block wider than its containing block with margin: auto overflows to the left', html: '<div dir="rtl"><div id="a" style="width:250pt;margin:auto;height:10pt"></div><div id="b" style="width:100pt;margin:auto;height:10pt"></div></div>', css: TIGHT,
    expect: { a: { x: -70, width: 250 }, b: { x: 40, width: 100 } } },
  { name: 'ltr: the same block overflows to the right (the print shrinks it: its x only)', html: '<div><div id="a" style="width:250pt;margin:auto;height:10pt"></div></div>', css: TIGHT,
    expect: { a: { x: 0 } } },
  { name: 'rtl: a table wider than its containing block keeps its right margin edge there', html: `<div dir="rtl"><div style="width:100pt;margin-right:20pt"><table id="t" style="width:150pt">${cell}</table></div><table id="u" style="width:250pt;margin:auto">${cell}</table><table id="v" style="width:150pt;margin-right:40pt">${cell}</table></div>`, css: TIGHT,
    expect: { t: { x: 10, width: 150 }, u: { x: -70, width: 250 }, v: { x: -10, width: 150 } } },
];

describe('layout/rtl-overflow: boxes wider than an rtl containing block (Chromium 156)', function () {
  this.timeout(60_000);
  itAgreesWithChromium(FACTS, { pageCss: PAGE, tolerance: 0.05 });
});
