// CSS Text 3 §7.3 shaping across boundaries, as Chromium 156 prints it: HarfBuzz shapes a run of
// one font whole, so the kerning pairs that straddle a space or an inline box's side (" A", "A ",
// " T", " Y" in Liberation Sans and Serif) count, in where words sit, in whether a line fits, and
// in a shrink-to-fit width; a line's end is shaped again without what followed it. Each word's box
// is read back from our PDF with `pdftotext -bbox` and compared with the same word in Chromium's
// print of the same HTML (page 400px square, 10px margins: x from the page's left edge, pt).
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { fontFeatures, measureText } from '../../../src/render/measure';
import { boxWordsOf, type BoxWord } from '../../helpers/pdf';

const PAGE = '@page { size: 400px 400px; margin: 10px } body { margin: 0; font: 16px "Liberation Sans" } p, div { margin: 0 }';

async function words(html: string, css = ''): Promise<BoxWord[]> {
  const r = layoutHtml(`<!doctype html><meta charset="utf-8">${html}`, PAGE + css, { measureText, fontFeatures });
  return boxWordsOf(await toPdf(r.docDefinition, r.fonts));
}

/** the words of one line (the line whose top is `top`, or the page's first line), left to right */
function line(ws: readonly BoxWord[], top?: number): BoxWord[] {
  const t = top ?? ws[0]!.top;
  return ws.filter((w) => Math.abs(w.top - t) < 1).sort((a, b) => a.left - b.left);
}

/** each word's left edge as Chromium prints it, pt */
function expectLefts(ours: readonly BoxWord[], chromium: readonly (readonly [string, number])[]): void {
  const shown = ours.map((o) => `${o.text}@${o.left.toFixed(3)}`).join(' ');
  expect(ours.map((o) => o.text), shown).to.deep.equal(chromium.map(([t]) => t));
  chromium.forEach(([text, left], i) => expect(ours[i]!.left, `"${text}" (ours: ${shown})`).to.be.closeTo(left, 0.05));
}

describe('kerning across spaces and inline boxes (CSS Text 3 §7.3, as Chromium 156 prints it)', function () {
  this.timeout(30000);

  it('a space kerns with the letter after it and a letter with the space after it (Liberation Sans, 16px)', async () => {
    // " A" and "A " -0.66pt each, " T" and " Y" -0.22pt; "To" inside a word as before
    const ws = line(await words('<p style="white-space:nowrap">a. A dry the T Y To end</p>'));
    expectLefts(ws, [['a.', 7.5], ['A', 20.180], ['dry', 30.855], ['the', 50.859], ['T', 70.658], ['Y', 80.889], ['To', 91.793], ['end', 107.801]]);
  });

  it('the same in Liberation Serif', async () => {
    const ws = line(await words('<p style="white-space:nowrap;font-family:\'Liberation Serif\'">a. A dry the T Y To end</p>'));
    expectLefts(ws, [['a.', 7.5], ['A', 18.164], ['dry', 29.168], ['the', 48.164], ['T', 65.607], ['Y', 75.275], ['To', 86.279], ['end', 101.771]]);
  });

  it('font-kerning: none kerns nothing, across spaces neither', async () => {
    const ws = line(await words('<p style="white-space:nowrap;font-kerning:none">a. A dry the T Y end</p>'));
    expectLefts(ws, [['a.', 7.5], ['A', 20.842], ['dry', 32.180], ['the', 52.184], ['T', 72.199], ['Y', 82.863], ['end', 94.201]]);
  });

  it('across an inline box of the same font (another colour too), not across a bold one, one with padding or one off the baseline', async () => {
    const html = '<p style="white-space:nowrap">x <span>A</span> y <span style="color:red">A</span> z <b>A</b> q <span style="padding-left:1px">A</span> w <span style="vertical-align:1px">A</span> v</p>';
    expectLefts(line(await words(html)), [
      ['x', 7.5], ['A', 16.172], ['y', 26.854], ['A', 35.531], ['z', 46.213], ['A', 55.547], ['q', 67.553], ['A', 78.316], ['w', 88.998], ['A', 101.004], ['v', 112.342],
    ]);
  });

  it('a line fits with the kerning of its last letter into the space that hangs after it', async () => {
    // "xxx A" is 38.234px as shaped alone, 37.352px with "A " kerned: it fits a 37.4px line, not a 37.3px one
    const ws = await words('<div style="width:37.4px">xxx A dry</div><div style="width:37.3px">xxx A dry</div>');
    expect(ws.map((w) => w.text)).to.deep.equal(['xxx', 'A', 'dry', 'xxx', 'A', 'dry']);
    expect(ws[1]!.top).to.be.closeTo(ws[0]!.top, 0.1);
    expect(ws[4]!.top).to.be.greaterThan(ws[3]!.top + 5);
    expect(ws[4]!.top).to.be.closeTo(ws[5]!.top, 0.1);
  });

  it("a line's end is shaped without what follows it: right-aligned, its last letter ends at the edge", async () => {
    const ws = await words('<div style="width:130px;text-align:right">run prints the A dry</div>');
    expectLefts(line(ws), [['run', 24.281], ['prints', 44.959], ['the', 77.637], ['A', 96.990]]);
  });

  it('justified lines spread the room left by the kerned words, and the last letter of each line loses its kerning', async () => {
    const ws = await words('<div style="width:200px;text-align:justify">Liberty T. A note To Yes Wave A dry run prints the AV. A dry end</div>');
    expectLefts(line(ws), [['Liberty', 7.5], ['T.', 51.904], ['A', 69.178], ['note', 85.123], ['To', 116.864], ['Yes', 137.924]]);
    const second = line(ws, ws.find((w) => w.text === 'Wave')!.top);
    expectLefts(second, [['Wave', 7.5], ['A', 43.677], ['dry', 57.629], ['run', 80.910], ['prints', 104.864], ['the', 140.818]]);
  });

  it("a float's max-content width counts the kerning (CSS Sizing 3 §5)", async () => {
    const ws = await words('<div style="float:left;margin-right:10px">A A T A A</div><div>next</div>');
    expect(ws.find((w) => w.text === 'next')!.left).to.be.closeTo(63.281, 0.05);
  });
});
