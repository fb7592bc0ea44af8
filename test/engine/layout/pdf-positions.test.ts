// The layout stage's positions as a viewer reads them back from the PDF (pdfjs-dist): text at
// its baseline, a bottom: 0 footer at its page coordinate, the page a heading starts on.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { wordsOf, type PdfWord } from '../../helpers/pdf';
import { boxOf, layoutOf, linesOf } from '../../helpers/layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif }';

async function words(html: string, css: string): Promise<PdfWord[]> {
  const r = layoutHtml(html, css, { measureText });
  return wordsOf(await toPdf(r.docDefinition, r.fonts));
}

const find = (ws: PdfWord[], text: string) => {
  const w = ws.find((x) => x.text.includes(text));
  if (!w) throw new Error(`no word ${text} in ${ws.map((x) => x.text).join(' | ')}`);
  return w;
};

describe('layout → PDF: positions read back', () => {
  it("a line's text sits on the baseline layout gave it", async () => {
    const html = '<p id="p" style="margin:0;font-size:20pt">Hg</p>';
    const { root, pages } = layoutOf(html, PAGE);
    const line = linesOf(boxOf(root, '#p'))[0]!;
    const w = find(await words(html, PAGE), 'Hg');
    expect(w.baseline).to.be.closeTo(pages[0]!.margin.top + line.baseline, 0.2);
    expect(w.x).to.be.closeTo(9.75, 0.2); // the 13.33px margin on a whole px, where Chromium draws it
  });

  it('a position: absolute; bottom: 0 footer ends at the page area bottom of page 1', async () => {
    const css = `${PAGE} #f { position: absolute; bottom: 0; left: 0; font: 10pt/10pt sans-serif }`;
    const ws = await words('<p>body</p><div id="f">Footer</div>', css);
    const f = find(ws, 'Footer');
    expect(f.page).to.equal(0);
    // the line box (10pt) ends at 290pt; its baseline is above that by the descent share of the line
    expect(f.baseline).to.be.within(284, 290);
  });

  it('a heading after a forced break starts on page 2', async () => {
    const ws = await words('<p>one</p><h2 style="break-before:page">Second</h2>', PAGE);
    expect(find(ws, 'Second').page).to.equal(1);
  });

  it('a fixed box repeats on every page', async () => {
    const ws = await words('<div style="position:fixed;top:0">Banner</div><div style="height:500pt"></div>', PAGE);
    expect(ws.filter((w) => w.text.includes('Banner')).map((w) => w.page)).to.deep.equal([0, 1]);
  });

  it('the same input gives byte-identical PDFs', async () => {
    const html = '<h1>Title</h1><p>Some text <b>bold</b> and <a href="#t">a link</a>.</p><div id="t" style="border:1pt dashed red;background:#eee">target</div>';
    const render = async () => { const r = layoutHtml(html, PAGE, { measureText }); return Buffer.from(await toPdf(r.docDefinition, r.fonts)); };
    const [a, b] = [await render(), await render()];
    expect(a.equals(b)).to.equal(true);
  });

  it('synthesized small capitals sit where Chromium 156 prints them (CSS Fonts 4 §6.4)', async () => {
    // lowercase letters become capitals at 0.7 of the size; capitals and spaces keep theirs (x in pt as Chromium prints them)
    const css = '@page { size: 400px 200px; margin: 10px } body { margin: 0; font: 20px/1.2 "Liberation Serif" } p { margin: 0 }';
    const ws = await words('<p><span style="font-variant: small-caps">In his Later books</span> x</p><p style="font-variant: all-small-caps">Ab 12</p>', css);
    const chromium: [string, number][] = [['HIS', 23.828], ['ATER', 53.659], ['BOOKS', 83.659], ['x', 123.001], ['AB 12', 7.5]];
    for (const [text, x] of chromium) expect(find(ws, text).x, text).to.be.closeTo(x, 0.02);
    expect(find(ws, 'HIS').width).to.be.closeTo(16.919, 0.02); // capitals at 10.5pt, not 15pt
    expect(find(ws, 'AB 12').width).to.be.closeTo(27.711, 0.02); // the space and digits too
  });

  it('text-overflow: ellipsis cuts an overflowing line where the text and an ellipsis fit (CSS Overflow 3 §7.1, as Chromium 156 prints it)', async () => {
    const css = '@page { size: 300px 200px; margin: 10px } body { margin: 0; font: 12px "Liberation Sans" } div { width: 150px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis }';
    const ws = await words('<div>Customer 10 Müller Lüdenscheidt</div><div>Short</div><div>Customer <b>bold part that overflows</b> end</div><div style="overflow: visible">Customer 10 Müller Lüdenscheidt</div>', css);
    const cut = find(ws, 'Lüde…');
    expect(cut.text).to.equal('Customer 10 Müller Lüde…');
    expect(cut.x + cut.width).to.be.closeTo(117.551, 0.05); // where Chromium's ellipsis ends
    expect(ws.map((w) => w.text).join(' ')).to.match(/Short .*Customer\s*bold part that …/);
    expect(ws.some((w) => w.text.includes('end'))).to.equal(false);
    expect(ws.some((w) => w.text.includes('Lüdenscheidt'))).to.equal(true); // overflow: visible is never cut
  });

  it('text-overflow: ellipsis in a right-to-left line: the line overflows its left edge, the ellipsis goes left of what stays (as Chromium 156 prints it)', async () => {
    const css = '@page { size: 300px 200px; margin: 10px } body { margin: 0; font: 12px "Liberation Sans" } div { width: 150px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis }';
    const ws = await words('<div dir="rtl">Customer 10 Müller Lüdenscheidt</div><div dir="rtl">שלום עולם זה טקסט ארוך מאוד מאוד</div><div dir="rtl">Short</div>', css);
    // Chromium's words (pdftotext -bbox): "…r" from 12.434, "Lüdenscheidt" ending at the right edge (120)
    expect(find(ws, '…r').x).to.be.closeTo(12.434, 0.05);
    expect(find(ws, 'Lüdenscheidt').x + find(ws, 'Lüdenscheidt').width).to.be.closeTo(120, 0.05);
    expect(ws.some((w) => w.text.includes('Customer'))).to.equal(false);
    // a Hebrew line: the word crossing the edge goes whole, the ellipsis from 11.449 just left of the space before ארוך
    const hebrew = ws.filter((w) => /[\u0590-\u05ff]/.test(w.text) || (w.text.startsWith('…') && !w.text.includes('r')));
    expect(Math.min(...hebrew.map((w) => w.x))).to.be.closeTo(11.449, 0.05);
    expect(find(ws, 'Short').x).to.be.closeTo(98.484, 0.05);
  });
});

describe('layout → PDF: where Chromium 156 prints (default page margins, baselines on whole px)', () => {
  // Chromium prints a page without @page margins with 1cm truncated to whole points (28pt):
  // the page area starts at 37px and is as wide as its exact size rounded up to whole px
  const margins: { format: 'A4' | 'Letter' | 'A3'; x: number; area: number }[] = [
    { format: 'A4', x: 27.75, area: 540 }, // 793.7 - 74.67 = 719.03px -> 720px
    { format: 'Letter', x: 27.75, area: 556.5 }, // 816 - 74.67 = 741.33px -> 742px
    { format: 'A3', x: 27.75, area: 786 }, // 1122.52 - 74.67 = 1047.85px -> 1048px
  ];
  for (const c of margins) {
    it(`${c.format} without @page margins: text at ${c.x}pt, a ${c.area}pt wide page area`, async () => {
      const html = '<p style="margin:0;text-align:right">right</p><p style="margin:0">left</p>';
      const css = 'body { margin: 0; font: 10pt/12pt "Liberation Sans" }';
      const r = layoutHtml(html, css, { measureText, format: c.format });
      const ws = await wordsOf(await toPdf(r.docDefinition, r.fonts));
      const left = find(ws, 'left'); const right = find(ws, 'right');
      expect(left.x).to.be.closeTo(c.x, 0.01);
      expect(right.x + right.width).to.be.closeTo(c.x + c.area, 0.05);
    });
  }

  // Blink paints a text run at its baseline rounded to a whole CSS px of the page area, in
  // layout px (before the shrink-to-fit scale): the yMin of 'Hg' in Chromium's PDF, 16px/20px
  // Liberation Sans (baseline 15px into its line) after a block of `gap` px, on a page area at 13px
  const baselines: { gap: number; wide?: boolean; chromiumPx: number }[] = [
    { gap: 0.2, chromiumPx: 13 + 15 },
    { gap: 0.4, chromiumPx: 13 + 15 },
    { gap: 0.5, chromiumPx: 13 + 16 },
    { gap: 0.6, chromiumPx: 13 + 16 },
    { gap: 38.4, chromiumPx: 13 + 53 },
    // a 125% wide block: laid out 1.25 times wider and scaled by 0.8; 1 + 0.5 + 15 = 16.5 -> 17 layout px
    { gap: 0.5, wide: true, chromiumPx: 13 + 17 * 0.8 },
    { gap: 38.4, wide: true, chromiumPx: 13 + 54 * 0.8 },
  ];
  for (const c of baselines) {
    it(`after a ${c.gap}px block${c.wide ? ' in a shrunk page' : ''}: the baseline at ${c.chromiumPx}px`, async () => {
      const css = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 16px/20px "Liberation Sans" }';
      const html = `${c.wide ? '<div style="width:125%;height:1px"></div>' : ''}<div style="height:${c.gap}px"></div><div>Hg</div>`;
      expect(find(await words(html, css), 'Hg').baseline).to.be.closeTo(c.chromiumPx * 0.75, 0.01);
    });
  }
});

describe('layout → PDF: text-shadow (CSS Text Decoration 3 §4, as Chromium 156 prints it)', () => {
  // Chromium prints a shadow without blur as the text again, under it, offset and in its colour
  const css = '@page { size: 300pt 200pt; margin: 10pt } body { margin: 0; font: 20px "Liberation Sans" } p { margin: 0 }';
  const cases: { shadow: string; copies: [number, number][] }[] = [
    { shadow: '2px 3px red', copies: [[1.5, 2.25]] },
    { shadow: '0.03em 0 #fffff8, -0.03em 0 #fffff8, 0 0.03em #fffff8', copies: [[0, 0.45], [-0.45, 0], [0.45, 0]] },
    { shadow: '2px 2px 3px red', copies: [] }, // blurred: not drawn
    { shadow: '1px 1px transparent', copies: [] },
    { shadow: 'none', copies: [] },
  ];
  for (const c of cases) {
    it(`text-shadow: ${c.shadow} draws ${c.copies.length} copies`, async () => {
      const ws = (await words('<p>Shadow</p>', `${css} p { text-shadow: ${c.shadow} }`)).filter((w) => w.text === 'Shadow');
      expect(ws).to.have.length(c.copies.length + 1);
      const text = ws[ws.length - 1]!; // drawn last, over its shadows
      expect(ws.slice(0, -1).map((w) => [Number((w.x - text.x).toFixed(2)), Number((w.baseline - text.baseline).toFixed(2))])).to.deep.equal(c.copies);
    });
  }
});
