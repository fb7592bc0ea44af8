// CSS Overflow 3 §3: a box whose overflow is not visible clips its content to its padding box.
// Read back from the PDF, as Chromium 156 prints the same document (pdftotext of its PDF:
// "one two five … seven eight after escapes"): text wholly outside the clip is not drawn; an
// absolutely positioned descendant escapes the clip of a box that is not its containing block's.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { wordsOf } from '../../helpers/pdf';

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
    { name: 'overflow on body is the page\'s: nothing is clipped', html: '<body style="overflow: hidden; height: 12pt">nine<br>ten</body>',
      drawn: ['nine', 'ten'], hidden: [] },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const ws = await texts(c.html);
      for (const w of c.drawn) expect(ws, w).to.include(w);
      for (const w of c.hidden) expect(ws, w).to.not.include(w);
    });
  }
});
