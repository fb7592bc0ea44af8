// The text layer as Chromium 156 writes it, read back with `pdftotext -bbox` (which splits a word
// where the gap between two glyphs exceeds 0.1 of the font size): each word's box from our PDF
// against the same word in Chromium's print of the same HTML (A4, 20mm margins, Liberation Sans 12pt).
import { expect } from 'chai';
import { words } from '../../helpers/text-facts';

type Word = readonly [text: string, left: number, right: number];

async function expectWords(html: string, chromium: readonly Word[]): Promise<void> {
  const ours = await words(html, 'p { margin: 0 }');
  const shown = ours.map((o) => `${o.text}@${o.left.toFixed(3)}-${o.right.toFixed(3)}`).join(' ');
  expect(ours.map((o) => o.text), shown).to.deep.equal(chromium.map(([t]) => t));
  chromium.forEach(([text, left, right], i) => {
    expect(ours[i]!.left, `"${text}" left (ours: ${shown})`).to.be.closeTo(left, 0.01);
    expect(ours[i]!.right, `"${text}" right (ours: ${shown})`).to.be.closeTo(right, 0.01);
  });
}

describe('text layer: letter-spaced words (CSS Text 3 §8.2, as Chromium 156 writes them)', function () {
  this.timeout(30000);

  it('letter-spacing: 0.1em keeps each word whole (the gap is 1/65536 px under 0.1 of the font size)', async () => {
    await expectWords('<p style="letter-spacing:0.1em">ABOUT ME Experience</p><p style="letter-spacing:0.1em;font-size:14px">SKILLS Tailwind</p>', [
      ['ABOUT', 57, 103.138], ['ME', 108.655, 127.855], ['Experience', 133.589, 204.424], ['SKILLS', 57, 97.857], ['Tailwind', 102.684, 147.384],
    ]);
  });

  it('letter-spacing: 0.05em and 2px keep words whole, at the same glyph positions', async () => {
    await expectWords('<p style="letter-spacing:0.05em">ABOUT ME</p><p style="letter-spacing:2px">Projects</p>', [
      ['ABOUT', 57, 100.738], ['ME', 105.055, 123.655], ['Projects', 57, 110.848],
    ]);
  });
});

describe('text layer: soft hyphens (CSS Text 3 §6.1, as Chromium 156 writes them)', function () {
  this.timeout(30000);

  it('a soft hyphen where the line does not break is no glyph and no advance, but U+00AD in the word', async () => {
    await expectWords('<p>A mo&shy;bile sec&shy;tions word.</p><p style="font-family:\'DejaVu Sans\'">De&shy;jaVu mo&shy;bile</p>', [
      ['A', 57, 65.004], ['mo\u00adbile', 67.676, 103.025], ['sec\u00adtions', 106.359, 150.381], ['word.', 153.715, 183.059],
      ['De\u00adjaVu', 57, 99.311], ['mo\u00adbile', 103.125, 143.824],
    ]);
  });

  it('where the line breaks at a soft hyphen: U+00AD, then the drawn U+2010 HYPHEN (the face has it)', async () => {
    await expectWords('<p style="width:60pt">Extra&shy;ordinary inter&shy;national</p>', [
      ['Extra\u00ad\u2010', 57, 89.004], ['ordinary', 57, 100.354], ['inter\u00ad\u2010', 57, 84.34], ['national', 57, 99.035],
    ]);
  });

  it('a soft hyphen takes no letter-spacing', async () => {
    // 2px of spacing is over 0.1 of the font size: pdftotext splits Chromium's letters too
    await expectWords('<p style="letter-spacing:2px">mo&shy;bile</p>', [
      ['m', 57, 66.996], ['o', 68.496, 75.17], ['\u00adb', 76.67, 83.344], ['i', 84.844, 87.51], ['l', 89.01, 91.676], ['e', 93.176, 99.85],
    ]);
  });
});
