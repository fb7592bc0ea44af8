// CSS Fragmentation 3 §4 and CSS 2.1 §9.5: floats broken across pages, as Chromium 156 prints
// them, read from the fragment tree (pt). Every expectation was checked against Chromium's own
// PDF of the same HTML (`chromium --headless --print-to-pdf`, word positions from
// `pdftotext -bbox-layout`: a 12pt DejaVu Sans word's box starts 2.61pt below its 20pt line's top).
import { expect } from 'chai';
import { boxOf, boxesOf, layoutOf, linesOf, pageAt, textOf } from '../../helpers/layout';
import type { LaidOut } from '../../helpers/layout';
import type { LineFragment } from '../../../src/engine/layout/fragments';

// page area 360pt × 260pt: 13 lines of 20pt per page
const CSS = "@page { size: 400pt 300pt; margin: 20pt } body { margin: 0; font: 12pt/20pt 'DejaVu Sans' } p { margin: 0 }";
const H = 260.25; // (346.67px rounded up to whole px, as Blink does)
const lines = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const BESIDE = lines(300, 'w').join(' ');
const FLOAT_LINES = lines(20, 'F').join('<br>');
const before = (n: number) => lines(n, 'B').map((b) => `<p>${b}</p>`).join('');

/** the line (of any box) whose text starts with `word`, its page and its top on that page */
function lineOf(doc: LaidOut, word: string): { line: LineFragment; page: number; top: number } {
  const line = linesOf(doc.root).find((l) => textOf(l).split(' ')[0] === word);
  if (!line) throw new Error(`no line starts with ${word}`);
  const page = pageAt(doc.pages, line.y);
  return { line, page, top: line.y - doc.pages[page]!.flowTop };
}

describe('layout: floats broken across pages (CSS Fragmentation 3 §4, as Chromium 156 prints)', () => {
  it('a float taller than the rest of the page continues at the next page\'s top; the lines beside it are shortened there too', () => {
    const doc = layoutOf(`<!doctype html>${before(1)}<div id="f" style="float:left;width:100pt">${FLOAT_LINES}</div><p>${BESIDE}</p><p>AFTER</p>`, CSS);
    // Chromium: F11 the last line of page 1 (top 240), F12 the first of page 2, w107 beside it at x 100
    expect([lineOf(doc, 'F11').page, lineOf(doc, 'F11').top]).to.deep.equal([0, 240]);
    expect([lineOf(doc, 'F12').page, lineOf(doc, 'F12').top]).to.deep.equal([1, 0]);
    const beside = lineOf(doc, 'w107');
    expect([beside.page, beside.top]).to.deep.equal([1, 0]);
    expect(beside.line.x).to.be.closeTo(100, 0.01);
    // the float reaches 400.25pt down the flow: AFTER at 220 on the third page
    const after = lineOf(doc, 'AFTER');
    expect([after.page, after.top]).to.deep.equal([2, 220]);
    expect(boxOf(doc.root, "#f").height).to.be.closeTo(400.25, 0.01); // (with the 0.25pt strut before F12)
  });

  it('a box whose only content is a float broken across pages, then a clearfix, stays where the float starts and shows it once', () => {
    // the box's in-flow content (the empty clearing div) is on the next page, but the float it placed is its first content
    const doc = layoutOf(`<!doctype html><p>B0</p><div id="w"><div id="f" style="float:left;width:100pt">${FLOAT_LINES}</div><div style="clear:both"></div></div><p>AFTER</p>`, CSS);
    // Chromium: F0 at 20 and F11 at 240 on page 1, F12 at the top of page 2, AFTER below the float at 160, each line once
    for (const [w, page, top] of [['F0', 0, 20], ['F11', 0, 240], ['F12', 1, 0], ['AFTER', 1, 160]] as const) {
      const l = lineOf(doc, w);
      expect([w, l.page, l.top]).to.deep.equal([w, page, top]);
    }
    expect(linesOf(doc.root).filter((l) => textOf(l) === 'F12')).to.have.length(1);
    expect(boxesOf(doc.root, '#f')).to.have.length(1);
    expect(boxOf(doc.root, '#w').y).to.be.closeTo(20, 0.01);
  });

  it('orphans hold inside floats side by side: a paragraph with one line left on the page moves to the next', () => {
    const s = lines(6, 'S').map((w) => `<p>${w} aaa bbb ccc ddd eee fff ggg hhh</p>`).join('');
    const m = lines(6, 'M').map((w) => `<p>${w} ${'mmm '.repeat(16)}</p>`).join('');
    const doc = layoutOf(`<!doctype html><div style="float:left;width:30%">${s}</div><div style="float:left;width:70%">${m}</div><p>AFTER</p>`, CSS);
    // Chromium: S3 and M3 at 180 (three lines each), S4 and M4 at the top of page 2, AFTER below them at 120
    for (const [w, page, top] of [['S3', 0, 180], ['M3', 0, 180], ['S4', 1, 0], ['M4', 1, 0], ['AFTER', 1, 120]] as const) {
      const l = lineOf(doc, w);
      expect([w, l.page, l.top]).to.deep.equal([w, page, top]);
    }
    expect(lineOf(doc, 'M4').line.x).to.be.closeTo(108, 0.01);
  });

  it('a float whose first line would start the next page moves there whole, its top border with it', () => {
    const doc = layoutOf(`<!doctype html>${before(12)}<div style="height:5pt"></div><div id="f" style="float:left;width:100pt;border-top:3pt solid">${FLOAT_LINES}</div><p>${BESIDE}</p>`, CSS);
    // Chromium: F0 3pt below the top of page 2, w0 beside it at the top
    const f = boxOf(doc.root, '#f');
    expect(f.y).to.be.closeTo(H, 0.01);
    expect([lineOf(doc, 'F0').page, lineOf(doc, 'F0').top]).to.deep.equal([1, 3]);
    const w0 = lineOf(doc, 'w0');
    expect([w0.page, w0.top, w0.line.x]).to.deep.equal([1, 0, 100]);
  });

  it('break-inside: avoid on a float that fits on a page moves it to the next page; the lines it left go full width', () => {
    const doc = layoutOf(`<!doctype html>${before(10)}<div id="f" style="float:left;width:100pt;break-inside:avoid">${lines(5, 'F').join('<br>')}</div><p>${BESIDE}</p>`, CSS);
    expect(boxOf(doc.root, '#f').y).to.be.closeTo(H, 0.01);
    const w0 = lineOf(doc, 'w0');
    expect([w0.page, w0.top, w0.line.x]).to.deep.equal([0, 200, 0]);
    expect([lineOf(doc, 'F0').page, lineOf(doc, 'F0').top]).to.deep.equal([1, 0]);
  });

  it('a floated image (monolithic) that crosses the page end moves to the next page', () => {
    const img = "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='100' height='400'><rect width='100' height='400' fill='blue'/></svg>";
    const doc = layoutOf(`<!doctype html>${before(2)}<img id="i" src="${img}" style="float:left;width:100pt;height:250pt"><p>${lines(120, 'w').join(' ')}</p><p>AFTER</p>`, CSS);
    // Chromium: every w on the first page at full width, AFTER beside the image at the top of the second
    expect(boxOf(doc.root, '#i').y).to.be.closeTo(H, 0.01);
    expect(lineOf(doc, 'w0').line.x).to.equal(0);
    const after = lineOf(doc, 'AFTER');
    expect([after.page, after.top, after.line.x]).to.deep.equal([1, 0, 100]);
  });

  it('a float\'s bottom margin follows its last page', () => {
    const doc = layoutOf(`<!doctype html>${before(1)}<div style="float:left;width:100pt;margin-bottom:30pt">${FLOAT_LINES}</div><div style="clear:both">AFTER</div>`, CSS);
    // Chromium: F19 at 140 on page 2, AFTER at 190
    const after = lineOf(doc, 'AFTER');
    expect([after.page, after.top]).to.deep.equal([1, 190]);
  });

  it('an absolutely positioned box in a float takes its static position where the float is placed (CSS 2.1 §10.3.7)', () => {
    const doc = layoutOf(`<!doctype html>${before(2)}<div style="float:right;width:100pt">FL<div style="position:absolute">ABS</div></div><p>text</p>`, CSS);
    // Chromium: ABS under FL, at the float's left edge (260) on the line below it (60)
    const abs = lineOf(doc, 'ABS');
    expect([abs.page, abs.top]).to.deep.equal([0, 60]);
    expect(abs.line.x).to.be.closeTo(260, 0.01);
  });

  it('a table in a float repeats its header on every page', () => {
    const rows = lines(30, 'r').map((r) => `<tr><td>${r}</td></tr>`).join('');
    const doc = layoutOf(`<!doctype html><p>before</p><div style="float:left;width:100%"><table style="border-spacing:0"><thead><tr><th>HEAD</th></tr></thead><tbody>${rows}</tbody></table></div><p>AFTER</p>`, `${CSS} td, th { padding: 0 }`);
    // Chromium: HEAD at the top of pages 2 and 3, r10 the last row of page 1, AFTER at 160 on page 3
    const heads = linesOf(doc.root).filter((l) => textOf(l) === 'HEAD').map((l) => [pageAt(doc.pages, l.y), l.y - doc.pages[pageAt(doc.pages, l.y)]!.flowTop]);
    expect(heads).to.deep.equal([[0, 20], [1, 0], [2, 0]]);
    expect([lineOf(doc, 'r10').page, lineOf(doc, 'r10').top]).to.deep.equal([0, 240]);
    expect([lineOf(doc, 'r11').page, lineOf(doc, 'r11').top]).to.deep.equal([1, 20]);
    const after = lineOf(doc, 'AFTER');
    expect([after.page, after.top]).to.deep.equal([2, 160]);
    expect(boxesOf(doc.root, 'table')).to.have.length.greaterThan(0);
  });
});
