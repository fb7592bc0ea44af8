// CSS Overflow 3 §3: a box whose overflow is not visible clips its content to its padding box.
// Read back from the PDF, as Chromium 156 prints the same document (pdftotext of its PDF:
// "one two five … seven eight after escapes"): text wholly outside the clip is not drawn; an
// absolutely positioned descendant escapes the clip of a box that is not its containing block's.
// What straddles the edge is cut there (pixels at 72 dpi at points where Chromium's print of
// the same document is cut), inside rounded corners too.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { wordsOf } from '../../helpers/pdf';
import { pixelsOf } from '../../pdf/tools';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif }';

async function texts(html: string): Promise<string[]> {
  const r = layoutHtml(html, PAGE, { measureText });
  expect(r.diagnostics).to.deep.equal([]);
  return (await wordsOf(await toPdf(r.docDefinition, r.fonts))).map((w) => w.text.trim()).filter(Boolean);
}

describe('paint: overflow clips to the padding box', () => {
  const cases: { name: string; html: string; drawn: string[]; hidden: string[] }[] = [
    { name: 'overflow: hidden leaves out the lines below the box', html: '<div style="overflow: hidden; height: 24pt">one<br>two<br>three<br>four</div><p>after</p>',
      drawn: ['one', 'two', 'after'], hidden: ['three', 'four'] },
    { name: 'overflow: visible draws them', html: '<div style="height: 24pt">one<br>two<br>three<br>four</div>',
      drawn: ['one', 'two', 'three', 'four'], hidden: [] },
    { name: 'overflow: clip and the padding box', html: '<div style="overflow: clip; height: 12pt; padding: 3pt">five<br>six<br>seven</div>',
      drawn: ['five', 'six'], hidden: ['seven'] },
    { name: 'an absolutely positioned descendant escapes a box that is not positioned', html: '<div style="overflow: hidden; height: 12pt">seven<div style="position: absolute; top: 200pt">escapes</div></div>',
      drawn: ['seven', 'escapes'], hidden: [] },
    { name: 'a positioned box clips its absolutely positioned descendants', html: '<div style="overflow: hidden; height: 12pt; position: relative">eight<div style="position: absolute; top: 100pt">clipped</div></div>',
      drawn: ['eight'], hidden: ['clipped'] },
    { name: 'a line below the clip whose relatively positioned inline-block moves back inside draws it', html: '<div style="overflow: hidden; height: 24pt">one<div style="height: 40pt"></div><span style="display: inline-block; position: relative; top: -40pt">back</span></div>',
      drawn: ['one', 'back'], hidden: [] },
    { name: 'a line below the clip whose inline-block is moved back by a transform draws it', html: '<div style="overflow: hidden; height: 24pt">one<div style="height: 40pt"></div><span style="display: inline-block; transform: translateY(-40pt)">moved</span></div>',
      drawn: ['one', 'moved'], hidden: [] },
    { name: 'overflow on body is the page\'s: nothing is clipped', html: '<body style="overflow: hidden; height: 12pt">nine<br>ten</body>',
      drawn: ['nine', 'ten'], hidden: [] },
    // CSS Overflow 3 §3.3: the root's overflow goes to the viewport (which clips nothing in print),
    // and the body keeps its own
    { name: 'overflow on the root is the page\'s: nothing is clipped', html: '<html style="overflow: hidden"><body style="height: 12pt">nine<br>ten</body></html>',
      drawn: ['nine', 'ten'], hidden: [] },
    { name: 'overflow on body with overflow on the root: the body clips', html: '<html style="overflow: hidden"><body style="overflow: hidden; height: 12pt">nine<br>ten</body></html>',
      drawn: ['nine'], hidden: ['ten'] },
    // (Chromium 156: "above cell data below after")
    { name: 'a table\'s captions, above or below, are outside the table box its overflow clips', html: '<table style="overflow: hidden"><caption>above</caption><tr><td>cell</td></tr></table><table style="overflow-x: auto; caption-side: bottom"><caption>below</caption><tr><td>data</td></tr></table><p>after</p>',
      drawn: ['above', 'cell', 'data', 'below', 'after'], hidden: [] },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const ws = await texts(c.html);
      for (const w of c.drawn) expect(ws, w).to.include(w);
      for (const w of c.hidden) expect(ws, w).to.not.include(w);
    });
  }
});

describe('paint: html, body { height: 100%; overflow: hidden } (CSS Overflow 3 §3.3)', () => {
  it('prints one page: the body cuts what overflows its height, as Chromium 156 prints it (L0 to L23 of L0 to L39)', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `L${i}`).join('<br>');
    const r = layoutHtml(`<style>html, body { height: 100%; overflow: hidden }</style><div>${lines}</div>`, PAGE, { measureText });
    expect(r.diagnostics).to.deep.equal([]);
    const ws = await wordsOf(await toPdf(r.docDefinition, r.fonts));
    expect(ws.map((w) => w.page).filter((p) => p > 0)).to.deep.equal([]);
    expect(ws.map((w) => w.text.trim()).filter(Boolean)).to.deep.equal(Array.from({ length: 24 }, (_, i) => `L${i}`));
  });
});

const BLUE = 'background: rgb(0, 0, 255)';
const isBlue = (p: [number, number, number]) => p[2] > 200 && p[0] < 60 && p[1] < 60;
const isWhite = (p: [number, number, number]) => p.every((c) => c > 240);

async function pixels(html: string) {
  const r = layoutHtml(html, '@page { size: 200pt 200pt; margin: 0 } body { margin: 0; font: 10pt/12pt sans-serif }', { measureText });
  expect(r.diagnostics).to.deep.equal([]);
  return pixelsOf(await toPdf(r.docDefinition, r.fonts));
}

describe('paint: overflow cuts what straddles the padding edge', () => {
  const big = `<div style="width: 150pt; height: 150pt; ${BLUE}"></div>`;
  const cases: { name: string; html: string; blue: [number, number][]; white: [number, number][] }[] = [
    { name: 'overflow: hidden cuts a child at the padding box\'s right and bottom edges', html: `<div style="overflow: hidden; width: 100pt; height: 50pt">${big}</div>`,
      blue: [[95, 45]], white: [[105, 45], [95, 55]] },
    { name: 'the padding box, inside the border', html: `<div style="overflow: hidden; width: 100pt; height: 50pt; border: 10pt solid white; padding: 0">${big}</div>`,
      blue: [[105, 55]], white: [[115, 55], [105, 65]] },
    { name: 'overflow-x: clip with overflow-y: visible cuts the right edge only', html: `<div style="overflow-x: clip; width: 100pt; height: 50pt">${big}</div>`,
      blue: [[95, 95]], white: [[105, 45]] },
    { name: 'overflow-x: hidden with overflow-y: visible cuts both (visible computes to auto)', html: `<div style="overflow-x: hidden; width: 100pt; height: 50pt">${big}</div>`,
      blue: [[95, 45]], white: [[105, 45], [95, 55]] },
    { name: 'border-radius: the rounded padding box cuts the corner', html: `<div style="overflow: hidden; width: 100pt; height: 100pt; border-radius: 40pt">${big}</div>`,
      blue: [[50, 50], [50, 2], [20, 20]], white: [[3, 3], [97, 97]] },
    { name: 'an image with border-radius: 50% is a circle without overflow (its content cut to the content box curve)',
      html: `<img style="display: block; width: 100pt; height: 100pt; border-radius: 50%" src="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect width='10' height='10' fill='blue'/></svg>">`,
      blue: [[50, 50], [50, 3], [3, 50]], white: [[10, 10], [90, 90]] },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const px = await pixels(c.html);
      for (const [x, y] of c.blue) expect(isBlue(px.at(x, y)), `blue at ${x},${y}`).to.equal(true);
      for (const [x, y] of c.white) expect(isWhite(px.at(x, y)), `white at ${x},${y}`).to.equal(true);
    });
  }

  it('a line straddling the bottom edge is cut and stays text', async () => {
    const html = '<div style="overflow: hidden; height: 18pt">one<br>two<br>three</div>';
    const ws = await texts(html);
    expect(ws).to.deep.equal(['one', 'two']);
    const px = await pixels(html);
    // "two" (baseline about 21pt) is cut at 18pt: no ink below
    for (let x = 0; x < 30; x++) expect(isWhite(px.at(x, 19)), `${x}`).to.equal(true);
  });
});
