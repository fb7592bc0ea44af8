// CSS Values 4 §6.1.1 `ex` and `ch`: the x-height (OS/2 sxHeight) and the advance of "0" of the
// element's first available font, at its font size (for font-size itself, the parent's font).
// Each case is checked against Chromium and against fixed figures: 20px (15pt) text, so 20ex is
// 300 × the x-height per em.
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { boxesOf, layoutOf } from '../../helpers/layout';
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 600pt 300pt; margin: 10pt } body { margin: 0; font-size: 20px } div { height: 1pt } ';

const CASES: ChromiumFact[] = [
  {
    name: 'Liberation Serif (the default font): ex is 0.459em (sxHeight 940/2048), ch 0.5em',
    html: '<div id="x" style="width:20ex"></div><div id="c" style="width:20ch"></div>',
    css: '',
    expect: { x: { width: 300 * 940 / 2048 }, c: { width: 150 } },
  },
  {
    name: 'Arial is Liberation Sans: ex is 0.528em (1082/2048), ch 0.556em (1139/2048)',
    html: '<div style="font-family:Arial"><div id="x" style="width:20ex"></div><div id="c" style="width:20ch"></div></div>',
    css: '',
    expect: { x: { width: 300 * 1082 / 2048 }, c: { width: 300 * 1139 / 2048 } },
  },
  {
    name: 'a family the page has no font for is passed over: the next family in the list measures ex',
    html: '<div id="x" style="font-family:Nonexistent, \'Liberation Sans\';width:20ex"></div>',
    css: '',
    expect: { x: { width: 300 * 1082 / 2048 } },
  },
  {
    name: 'ch follows the weight: bold DejaVu Sans "0" is 1425/2048 em, regular 1303/2048',
    html: '<div style="font-family:\'DejaVu Sans\'"><div id="b" style="font-weight:bold;width:20ch"></div><div id="r" style="width:20ch"></div></div>',
    css: '',
    expect: { b: { width: 300 * 1425 / 2048 }, r: { width: 300 * 1303 / 2048 } },
  },
  {
    name: 'font-size in ex is measured in the parent\'s font: 2ex of 20px Liberation Sans is 21.13px',
    html: '<div style="font-family:\'Liberation Sans\'"><div id="x" style="font-size:2ex;width:10em"></div></div>',
    css: '',
    expect: { x: { width: 10 * 2 * 15 * 1082 / 2048 } },
  },
  {
    name: 'Liberation Mono: ex is 0.528em, ch 0.6em (1229/2048)',
    html: '<div style="font-family:\'Courier New\'"><div id="x" style="width:20ex"></div><div id="c" style="width:20ch"></div></div>',
    css: '',
    expect: { x: { width: 300 * 1082 / 2048 }, c: { width: 300 * 1229 / 2048 } },
  },
];

// An @font-face family is measured in its own face: Liberation Mono's bytes under another name
// (OS/2 sxHeight 1082/2048, "0" 1229/2048); a face whose bytes are not a font is passed over.
const MONO = readFileSync('data/fonts/LiberationMono-Regular.ttf').toString('base64');
const FACES = `@font-face { font-family: 'Custom Face'; src: url(data:font/ttf;base64,${MONO}) } @font-face { font-family: Broken; src: url(data:font/ttf;base64,AAAA) } `;

const DECLARED: ChromiumFact[] = [
  {
    name: 'an @font-face family: ex and ch of its face (a bold request takes the one face there is)',
    html: '<div style="font-family:\'Custom Face\', serif"><div id="x" style="width:20ex"></div><div id="c" style="width:20ch"></div><div id="b" style="font-weight:bold;width:20ch"></div></div>',
    css: FACES,
    expect: { x: { width: 300 * 1082 / 2048 }, c: { width: 300 * 1229 / 2048 }, b: { width: 300 * 1229 / 2048 } },
  },
  {
    name: 'a shipped family before it in the list is the first available font',
    html: '<div style="font-family:serif, \'Custom Face\'"><div id="x" style="width:20ex"></div></div>',
    css: FACES,
    expect: { x: { width: 300 * 940 / 2048 } },
  },
];

describe('layout: ex and ch of @font-face faces', function () {
  this.timeout(60000);
  itAgreesWithChromium(DECLARED, { pageCss: PAGE, tolerance: 0.01 });

  it('a face whose bytes are not a font is passed over: the next family measures ex', () => {
    const { root } = layoutOf('<div style="font-family:Broken, \'Liberation Sans\'"><div id="x" style="width:20ex"></div></div>', PAGE + FACES);
    expect(boxesOf(root, '#x')[0]!.width).to.be.closeTo(300 * 1082 / 2048, 0.01);
  });
});

describe('layout: ex and ch from the first available font', function () {
  this.timeout(60000);
  itAgreesWithChromium(CASES, { pageCss: PAGE, tolerance: 0.01 });

  // Noto Sans Mono (the monospace family) is not installed for the Chromium these tests start;
  // these figures are Chromium 156's with data/fonts added to its fontconfig (160.793pt, 179.988pt, 163.793pt).
  it('monospace is Noto Sans Mono: ex 0.536em, ch 0.6em; bold ex 0.546em', () => {
    const { root } = layoutOf('<div style="font-family:monospace;font-size:20px"><div id="x" style="width:20ex"></div><div id="c" style="width:20ch"></div><div id="b" style="font-weight:bold;width:20ex"></div></div>', PAGE.replace('font-size: 20px', ''));
    expect(boxesOf(root, '#x')[0]!.width).to.be.closeTo(160.793, 0.01);
    expect(boxesOf(root, '#c')[0]!.width).to.be.closeTo(179.988, 0.015);
    expect(boxesOf(root, '#b')[0]!.width).to.be.closeTo(163.793, 0.01);
  });
});
