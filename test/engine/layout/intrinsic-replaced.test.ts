// CSS Sizing 3 §5.2.1-5.2.2: the intrinsic contributions of replaced elements. A percentage
// width, min-width or max-width is cyclic while a table column or a shrink-to-fit box is sized,
// so the max-content contribution takes the image's natural width; a replaced element whose
// width or max-width is a percentage is compressible, its min-content contribution zero (its
// padding and border remain). A percentage height is not cyclic in a block of fixed height: it
// resolves, and the width follows the ratio. Each case is checked against Chromium and against fixed figures.
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';
import { redPng } from '../../helpers/canary';

const PAGE = '@page { size: 400pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } ';
const TIGHT = 'table { border-spacing: 0 } td { padding: 0 } img { vertical-align: top } ';
/** a 64 × 16 px image: 48 × 12 pt */
const IMG = `data:image/png;base64,${redPng(64, 16).toString('base64')}`;
const span = (pt: number) => `<span style="display:inline-block;width:${pt}pt"></span>`;

const CASES: ChromiumFact[] = [
  {
    name: 'an image with max-width: 100% lets a 1px table shrink to nothing',
    html: `<table style="width:1px"><tr><td id="c"><img src="${IMG}" style="max-width:100%"></td></tr></table>`,
    css: TIGHT,
    expect: { c: { width: 0.75 } },
  },
  {
    name: 'so does an image with width: 50%',
    html: `<table style="width:1px"><tr><td id="c"><img src="${IMG}" style="width:50%"></td></tr></table>`,
    css: TIGHT,
    expect: { c: { width: 0.75 } },
  },
  {
    name: 'an image without percentages keeps its natural width as the minimum',
    html: `<table style="width:1px"><tr><td id="c"><img src="${IMG}"></td></tr></table>`,
    css: TIGHT,
    expect: { c: { width: 48 } },
  },
  {
    name: 'the compressed image keeps its padding and border',
    html: `<table style="width:1px"><tr><td id="c"><img src="${IMG}" style="max-width:100%;padding:0 6pt;border:0.75pt solid"></td></tr></table>`,
    css: TIGHT,
    expect: { c: { width: 13.5 } },
  },
  {
    name: 'an auto table sizes the column to the natural width, a percentage width resolving as auto',
    html: `<table><tr><td id="c"><img src="${IMG}" style="width:50%"></td></tr></table>`,
    css: TIGHT,
    expect: { c: { width: 48 } },
  },
  {
    name: 'fixed-width columns share a wider table in proportion to their widths; the image does not widen its column (Foundation for Emails footers)',
    html: `<table style="width:150pt"><tr><td id="a" style="width:30pt">${span(20)}</td><td id="b" style="width:30pt">${span(60)}</td><td id="c" style="width:30pt"><img src="${IMG}" style="max-width:100%"></td></tr></table>`,
    css: TIGHT,
    expect: { a: { x: 0, width: 37.5 }, b: { x: 37.5, width: 75 }, c: { x: 112.5, width: 37.5 } },
  },
  {
    name: 'a shrink-to-fit float takes the natural width (the max-content contribution)',
    html: `<div id="f" style="float:left"><img src="${IMG}" style="max-width:100%"></div>`,
    css: TIGHT,
    expect: { f: { width: 48 } },
  },
  {
    name: 'a percentage height in a block of fixed height resolves, and the width follows the ratio (a QR code in a ticket stub)',
    html: `<div id="f" style="float:left"><div style="height:30pt"><img id="i" src="${IMG}" style="height:100%"></div></div>`,
    css: TIGHT,
    expect: { f: { width: 120 }, i: { width: 120, height: 30 } },
  },
  {
    name: 'the fixed height is the content box of a border-box block',
    html: `<div id="f" style="float:left"><div style="height:40pt;padding:5pt;box-sizing:border-box"><img id="i" src="${IMG}" style="height:50%"></div></div>`,
    css: TIGHT,
    expect: { f: { width: 70 }, i: { width: 60 } },
  },
  {
    name: 'in a block of auto height a percentage height is auto: the natural width',
    html: `<div id="f" style="float:left"><div><img id="i" src="${IMG}" style="height:100%"></div></div>`,
    css: TIGHT,
    expect: { f: { width: 48 }, i: { width: 48 } },
  },
];

describe('layout: intrinsic contributions of replaced elements (CSS Sizing 3 §5.2)', function () {
  this.timeout(60000);
  itAgreesWithChromium(CASES, { pageCss: PAGE, tolerance: 0.02 });
});
