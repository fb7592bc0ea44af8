// CSS Fragmentation 3 and CSS Paged Media 3 over long documents, as Chromium prints them, read
// from the fragment tree (pt). Each expectation was checked against Chromium 156's own PDF of
// the same HTML (`chromium --headless --print-to-pdf`, positions from `pdftotext -bbox`).
import { expect } from 'chai';
import { boxOf, layoutOf, linesOf, pageAt, textOf } from '../../helpers/layout';

const WORDS = 'aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo ppp qqq rrr sss ttt uuu vvv www xxx yyy zzz';

describe('layout: pages of different widths (CSS Paged Media 3 §3.4, as Blink prints)', () => {
  // page area 280pt wide on the first page, 200pt on the others; 13 lines of 20pt per page
  const CSS = `@page { size: 300pt 300pt; margin: 20pt 50pt } @page :first { margin: 20pt 10pt }
    body { margin: 0; font: 12pt/20pt 'DejaVu Sans' } p { margin: 0 }`;

  it('each line of a paragraph takes the width of the page it is on', () => {
    const { root, pages } = layoutOf(`<p id="p">${`${WORDS} `.repeat(10)}END</p>`, CSS);
    const lines = linesOf(boxOf(root, '#p'));
    const onPage = (k: number) => lines.filter((l) => pageAt(pages, l.y) === k);
    expect(onPage(0)).to.have.length(13);
    for (const l of onPage(0)) expect(l.width).to.be.closeTo(280, 0.01);
    expect(onPage(1)).to.have.length(13);
    for (const l of onPage(1)) expect(l.width).to.be.closeTo(200, 0.01);
    // Chromium's lines: "aaa … lll" first on the first page, "sss … zzz" first on the second
    expect(textOf(lines[0]!)).to.equal('aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll');
    expect(textOf(onPage(1)[0]!)).to.equal('sss ttt uuu vvv www xxx yyy zzz');
  });

  it('a block that starts on a narrower page is laid out at that page\'s width', () => {
    const { root, pages } = layoutOf(`<p>${`${WORDS} `.repeat(3)}</p><div id="d" style="height:20pt"></div>`, `${CSS} p { break-after: page }`);
    const d = boxOf(root, '#d');
    expect(pageAt(pages, d.y)).to.equal(1);
    expect(d.width).to.be.closeTo(200, 0.01);
  });

  it('a box of specified width keeps it on every page', () => {
    const { root, pages } = layoutOf(`<div id="d" style="width:250pt">${`${WORDS} `.repeat(10)}</div>`, CSS);
    const lines = linesOf(boxOf(root, '#d'));
    const later = lines.filter((l) => pageAt(pages, l.y) === 1);
    expect(later.length).to.be.greaterThan(0);
    for (const l of lines) expect(l.width).to.be.closeTo(250, 0.01);
  });
});
