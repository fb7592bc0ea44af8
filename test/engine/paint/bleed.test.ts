// CSS Paged Media 3 §7.2 `bleed` and §7.3 `marks`, read back from the PDF: the PDF page is the
// page box grown by the bleed on every side, with the page box as its TrimBox and the whole
// sheet as its BleedBox; the page background reaches the sheet's edge; crop marks continue the
// trim lines in the outer half of the bleed; cross marks sit at the middle of each side.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { renderHtmlToPdf } from '../../../src/render/renderDocument';
import { parsePdf, wordsOf } from '../../helpers/pdf';
import { pdfObjects } from '../../helpers/pdfObjects';

const MM = 72 / 25.4;
const A4 = { width: 210 * MM, height: 297 * MM };

interface Sheet { media: number[]; trim?: number[]; bleed?: number[]; content: string }

/** Each page's boxes and (inflated) content stream, read from the PDF's objects. */
async function sheets(html: string, css: string): Promise<{ pdf: Buffer; pages: Sheet[] }> {
  const { pdf } = await renderHtmlToPdf({ html, css, engine: {} });
  const objects = pdfObjects(pdf);
  const box = (dict: string, key: string) => { const m = new RegExp(`/${key} \\[([^\\]]*)\\]`).exec(dict); return m ? m[1]!.trim().split(/\s+/).map(Number) : undefined; };
  const pages: Sheet[] = [];
  for (const o of objects.values()) {
    if (!/\/Type \/Page\b/.test(o.dict)) continue;
    const contents = objects.get(Number(/\/Contents (\d+) 0 R/.exec(o.dict)![1]))!;
    pages.push({ media: box(o.dict, 'MediaBox')!, trim: box(o.dict, 'TrimBox'), bleed: box(o.dict, 'BleedBox'), content: contents.stream!.toString('latin1') });
  }
  return { pdf, pages };
}

/** the stroked straight segments of a content stream, "x1,y1-x2,y2" (y down: pdfkit flips the page first) */
function segments(content: string): string[] {
  const out: string[] = [];
  const re = /(-?[\d.]+) (-?[\d.]+) m\n(-?[\d.]+) (-?[\d.]+) l\n/g;
  for (let m = re.exec(content); m; m = re.exec(content)) {
    const [x1, y1, x2, y2] = [m[1], m[2], m[3], m[4]].map((v) => Math.round(Number(v) * 100) / 100);
    if (x1 === x2 && y1 === y2) continue; // pdfmake's empty-page mark
    out.push(`${x1},${y1}-${x2},${y2}`);
  }
  return out.sort();
}

const close = (actual: readonly number[] | undefined, expected: readonly number[]) => {
  expect(actual, 'box').to.have.length(expected.length);
  actual!.forEach((v, i) => expect(v).to.be.closeTo(expected[i]!, 0.01));
};

describe('paint: bleed and printer marks (CSS Paged Media 3 §7.2, §7.3)', () => {
  it('size: A4 with bleed: 3mm gives a sheet of A4 + 2 × 3mm, the TrimBox A4 inside it, the BleedBox the sheet', async () => {
    const { pdf, pages } = await sheets('<p>x</p>', '@page { size: A4; bleed: 3mm }');
    const b = 3 * MM;
    const parsed = await parsePdf(pdf);
    expect(parsed.pages[0]!.width).to.be.closeTo(A4.width + 2 * b, 0.01);
    expect(parsed.pages[0]!.height).to.be.closeTo(A4.height + 2 * b, 0.01);
    close(pages[0]!.trim, [b, b, b + A4.width, b + A4.height]);
    close(pages[0]!.bleed, [0, 0, A4.width + 2 * b, A4.height + 2 * b]);
  });

  it('the content keeps its place on the trimmed page: it moves by the bleed on the sheet', async () => {
    const css = '@page { size: 300pt 200pt; margin: 30pt 30pt 30pt 45pt; bleed: 12pt } body { margin: 0; font: 12pt/15pt sans-serif }';
    const [plain] = await wordsOf((await renderHtmlToPdf({ html: '<p>Word</p>', css: css.replace('bleed: 12pt', ''), engine: {} })).pdf);
    const [bled] = await wordsOf((await renderHtmlToPdf({ html: '<p>Word</p>', css, engine: {} })).pdf);
    expect(bled!.x - plain!.x).to.be.closeTo(12, 0.01);
    expect(bled!.baseline - plain!.baseline).to.be.closeTo(12, 0.01);
  });

  it('a bookmark points at its heading on the sheet: the bleed above the page box counts', () => {
    const css = '@page { size: 300pt 200pt; margin: 30pt; bleed: 12pt } body { margin: 0 }';
    const plain = layoutHtml('<h1 style="margin: 0">T</h1>', css.replace('bleed: 12pt', '')).outline![0]!;
    const bled = layoutHtml('<h1 style="margin: 0">T</h1>', css).outline![0]!;
    expect(bled.y - plain.y).to.equal(12);
  });

  it('the page background paints the bleed area, up to the sheet\'s edge', async () => {
    const { pages } = await sheets('<p>x</p>', '@page { size: 300pt 200pt; bleed: 9pt; background: #00ff00 }');
    // the first rectangle filled in green is the page's background: the whole sheet
    const rect = /\/DeviceRGB cs\n0 1 0 scn\n(?:[^\n]*\n)*?(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re\nf\n/.exec(pages[0]!.content);
    expect(rect, 'a green rectangle').to.not.equal(null);
    expect(rect!.slice(1).map(Number)).to.deep.equal([0, 0, 318, 218]);
  });

  it('marks: crop with bleed: auto gives a 6pt bleed and the trim lines continued in its outer half at each corner', async () => {
    const { pages } = await sheets('<p>x</p>', '@page { size: 200pt 100pt; marks: crop }');
    const p = pages[0]!;
    close(p.media, [0, 0, 212, 112]);
    close(p.trim, [6, 6, 206, 106]);
    // trim edges at x = 6 and 206, y = 6 and 106; the sheet's edges at 0 and 212 / 112
    expect(segments(p.content)).to.deep.equal([
      '0,106-3,106', '0,6-3,6', // left side: the top and bottom trim lines
      '206,0-206,3', '206,112-206,109', // right trim line: above and below the page
      '212,106-209,106', '212,6-209,6', // right side
      '6,0-6,3', '6,112-6,109', // left trim line
    ].sort());
  });

  it('marks: crop cross adds a cross and a circle at the middle of each side, a quarter of the bleed in from the sheet\'s edge', async () => {
    const { pages } = await sheets('<p>x</p>', '@page { size: 200pt 100pt; bleed: 16pt; marks: crop cross }');
    const p = pages[0]!;
    close(p.media, [0, 0, 232, 132]);
    const segs = segments(p.content);
    // the top cross: centre (16 + 100, 4), arms of 4pt
    expect(segs).to.include.members(['112,4-120,4', '116,0-116,8']);
    // the left cross: centre (4, 16 + 50)
    expect(segs).to.include.members(['0,66-8,66', '4,62-4,70']);
    // the bottom and right crosses
    expect(segs).to.include.members(['112,128-120,128', '224,66-232,66']);
    expect(segs).to.have.length(8 + 4 * 2);
    // four circles: closed paths of four curves each
    expect(p.content.match(/ c\n[^\n]* c\n[^\n]* c\n[^\n]* c\nh\n/g)).to.have.length(4);
  });

  it('without a bleed, marks draw nothing and the sheet is the page box (marks: cross, bleed auto is 0)', async () => {
    const { pages } = await sheets('<p>x</p>', '@page { size: 200pt 100pt; marks: cross }');
    close(pages[0]!.media, [0, 0, 200, 100]);
    expect(pages[0]!.trim).to.equal(undefined);
    expect(segments(pages[0]!.content)).to.deep.equal([]);
  });

  it('bleed and marks cascade per page: a named page and :first have their own', async () => {
    const html = '<p>one</p><section style="page: wide"><p>two</p></section><p style="break-before: page">three</p>';
    const css = '@page { size: 200pt 100pt; bleed: 5pt } @page :first { bleed: 0 } @page wide { marks: crop; bleed: auto }';
    const { pages } = await sheets(html, css);
    expect(pages.map((p) => p.media[2])).to.deep.equal([200, 212, 210]);
    expect(pages.map((p) => segments(p.content).length)).to.deep.equal([0, 8, 0]);
  });

  it('an invalid bleed or marks value is ignored with a diagnostic', () => {
    const r = layoutHtml('<p>x</p>', '@page { bleed: -3mm; marks: crop crop; bleed: 10% }');
    expect(r.diagnostics.map((d) => d.message)).to.include.members(['Ignored "bleed" in @page', 'Ignored "marks" in @page']);
    expect(r.diagnostics.filter((d) => d.message === 'Ignored "bleed" in @page')).to.have.length(2);
  });
});
