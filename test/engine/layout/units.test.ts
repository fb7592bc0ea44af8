// Chromium keeps used lengths in a fixed point of 1/64 px (0.75/64 pt). Where its rounding
// decides a line break, the fragment tree rounds the same way: a percentage table column is
// truncated to the unit (the width distribution algorithm of CSS Tables 3, as Blink resolves a
// percentage column, in auto and fixed layout), and a line's content fits when it overflows the room by at most one unit (CSS Text 3
// §5, Blink's line breaker). Each case is checked against Chromium and against fixed figures.
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 600pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } ';
const TIGHT = 'table { border-spacing: 0 } td, th { padding: 0 } ';
const U = 0.75 / 64;
/** a bold DejaVu Sans 14px line that measures 354.6006px: between 22694 and 22695 units (1/64 px) */
const LINE = 'Thru-axle 12 × 142 mm, Syntace X-12 thread';
const TEXT = "font: 700 14px/12pt 'DejaVu Sans'";

const CASES: ChromiumFact[] = [
  {
    name: 'a 7% column of a 160px table is 11.1875px (11.2px truncated to 1/64 px); the auto column takes the rest',
    html: '<table style="width:120pt"><tr><td id="p" style="width:7%"></td><td id="a"></td></tr></table>',
    css: TIGHT,
    expect: { p: { width: 716 * U }, a: { x: 716 * U, width: 120 - 716 * U } },
  },
  {
    name: 'fixed layout truncates a percentage column the same way',
    html: '<table style="width:120pt;table-layout:fixed"><tr><td id="p" style="width:7%"></td><td id="a"></td></tr></table>',
    css: TIGHT,
    expect: { p: { width: 716 * U }, a: { x: 716 * U, width: 120 - 716 * U } },
  },
  {
    name: 'four truncated percentage columns of a 42024-unit table leave the auto column 22695 units: room for its one line',
    html: `<table style="width:${42024 * U}pt"><tr><td style="width:6%"></td><td id="a" style="${TEXT}">${LINE}</td><td style="width:10%"></td><td style="width:15%"></td><td style="width:15%"></td></tr></table>`,
    css: TIGHT,
    expect: { a: { x: 2521 * U, width: 22695 * U, height: 12 } },
  },
  {
    name: 'text 0.007px wider than its box (less than 1/64 px) stays on one line',
    html: `<div id="a" style="width:${22694 * U}pt;${TEXT}">${LINE}</div>`,
    css: '',
    expect: { a: { height: 12 } },
  },
  {
    name: 'text 0.022px wider than its box (more than 1/64 px) wraps',
    html: `<div id="a" style="width:${22693 * U}pt;${TEXT}">${LINE}</div>`,
    css: '',
    expect: { a: { height: 24 } },
  },
];

describe('layout: Chromium\'s layout unit (1/64 px) where it decides a break', function () {
  this.timeout(60000);
  itAgreesWithChromium(CASES, { pageCss: PAGE, tolerance: 0.001 });
});
