// CSS Writing Modes 3 for horizontal-script text in vertical writing modes (§3.1 writing-mode,
// §7.3 orthogonal flows): positions in pt from the fragment tree, and the text's origin read
// back from the PDF where Chromium 156 prints it (each expected origin measured with pdfjs on
// Chromium's PDF of the same document).
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { wordsOf } from '../../helpers/pdf';
import { boxOf, layoutOf } from '../../helpers/layout';

// (each document in no-quirks mode, as Chromium printed it)
const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif }';

async function origins(html: string): Promise<[string, number, number][]> {
  const r = layoutHtml(`<!DOCTYPE html>${html}`, PAGE, { measureText });
  return (await wordsOf(await toPdf(r.docDefinition, r.fonts))).map((w) => [w.text, w.x, w.baseline]);
}

describe('layout: vertical writing modes (CSS Writing Modes 3)', () => {
  // [case, html, the text items' origins (x, y on the page) as Chromium 156 prints them]
  const cases: [string, string, [string, number, number][]][] = [
    ['vertical-rl: one line, turned clockwise, as wide as its line box (§7.3 fit-content in the initial containing block)',
      '<div style="writing-mode: vertical-rl">Hello world again</div><p>after</p>',
      [['Hello world again', 12.75, 9.75], ['after', 9.75, 105.75]]],
    ['vertical-rl: lines stacked from right to left; the left border is block-end, padding-top inline-start',
      '<div style="writing-mode: vertical-rl; height: 60pt; border-left: 4pt solid; padding-top: 5pt">one two three four five six</div>',
      [['one two', 40.5, 15], ['three four', 28.5, 15], ['five six', 16.5, 15]]],
    ['vertical-lr: lines stacked from left to right, glyphs still turned clockwise',
      '<div style="writing-mode: vertical-lr; height: 60pt; border-left: 4pt solid; padding-top: 5pt">one two three four five six</div>',
      [['one two', 16.5, 15], ['three four', 28.5, 15], ['five six', 40.5, 15]]],
    ['sideways-lr: turned counter-clockwise, read bottom to top, lines from left to right',
      '<div style="writing-mode: sideways-lr; height: 60pt">one two three four five six</div>',
      [['one two', 18.75, 69.75], ['three four', 30.75, 69.75], ['five six', 42.75, 69.75]]],
    ["§7.3: the available inline size is the containing block's definite height",
      '<div style="height: 50pt"><div style="writing-mode: vertical-rl">one two three four five six</div></div>',
      [['one two', 36.75, 9.75], ['three four', 24.75, 9.75], ['five six', 12.75, 9.75]]],
    ['§7.3: a flex item in vertical-rl is as wide as its block size in the row (its min-content and max-content width)',
      '<div style="display:flex"><div style="writing-mode: vertical-rl; border: 1pt solid">Spine text</div><div>Body text here</div></div>',
      [['Spine text', 13.5, 10.5], ['Body text here', 23.25, 18.75]]],
    ['a table column of vertical-rl header cells is as wide as their lines (CSS 2.1 §17.5.2.2 with the cells\' block sizes)',
      '<table style="border-collapse:collapse"><tr><th style="writing-mode: vertical-rl; border:1pt solid">Quantity</th><th style="border:1pt solid">Name</th></tr><tr><td>1</td><td>Widget</td></tr></table>',
      [['Quantity', 14.25, 11.25], ['Name', 27.06, 34.5], ['1', 10.87, 63], ['Widget', 25.12, 63]]],
  ];
  for (const [name, html, expected] of cases) {
    it(name, async () => {
      const got = await origins(html);
      expect(got.map((w) => w[0])).to.deep.equal(expected.map((w) => w[0]));
      got.forEach((w, i) => {
        expect(w[1], `${w[0]} x`).to.be.closeTo(expected[i]![1], 0.3);
        expect(w[2], `${w[0]} y`).to.be.closeTo(expected[i]![2], 0.3);
      });
    });
  }

  it('an orthogonal flow root is as wide as its lines and as high as its inline size', () => {
    const { root } = layoutOf('<!DOCTYPE html><div id="v" style="writing-mode: vertical-rl; height: 60pt; border-left: 4pt solid; padding-top: 5pt">one two three four five six</div>', PAGE);
    const v = boxOf(root, '#v');
    // three lines of 12pt and the 4pt border on whole px (3.75pt); 60pt and the 5pt padding
    expect([v.width, v.height, v.writingMode]).to.deep.equal([39.75, 65, 'vertical-rl']);
  });

  it('a stretched grid item in vertical-rl takes the grid area and lays its flex items out along its block axis (right to left)', async () => {
    const html = '<div style="display: grid; grid-template-columns: 1fr 40pt; height: 120pt"><div>main</div>' +
      '<div id="s" style="writing-mode: vertical-rl; display: flex; flex-direction: column; gap: 4pt; padding: 6pt"><p style="margin:0">ADMIT ONE</p><p style="margin:0">ROW A</p></div></div>';
    const s = boxOf(layoutOf(`<!DOCTYPE html>${html}`, PAGE).root, '#s');
    expect([s.x, s.width, s.height]).to.deep.equal([140, 40, 120]);
    const got = await origins(html);
    const admit = got.find((w) => w[0] === 'ADMIT ONE')!; const row = got.find((w) => w[0] === 'ROW A')!;
    // the first item at the right (block-start), the second 12pt + 4pt to its left (Chromium 156: 175.5 and 159.5)
    expect(admit[1] - row[1]).to.be.closeTo(16, 0.3);
    expect(admit[2]).to.be.closeTo(row[2], 0.01);
  });

  it('writing-mode is no longer reported as not rendered', () => {
    const { diagnostics } = layoutOf('<div style="writing-mode: vertical-rl">x</div>', PAGE);
    expect(diagnostics.filter((d) => d.message.includes('writing-mode'))).to.deep.equal([]);
  });
});
