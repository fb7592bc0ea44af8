// CSS 2.1 §9.2.1.1 anonymous block boxes around inline boxes with no line content (an empty
// <span>, <a name>), §9.4.2 their zero-height line boxes, and CSS Fragmentation 3 §3.1 forced
// breaks next to them, as Chromium 156 prints them (pt; @page 200pt × 300pt, margin 10pt, a
// 12pt line). Every figure was read from Chromium's PDF (pdftotext -bbox-layout) of the same HTML.
import { expect } from 'chai';
import { boxOf, layoutOf, pageAt } from '../../helpers/layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } ';
const pagesOf = (html: string) => layoutOf(html, PAGE).pages.length;

describe('layout: anonymous blocks of empty inline boxes (CSS 2.1 §9.2.1.1, §9.4.2)', () => {
  const brk = '<div style="break-after:page">A</div>';
  const cases: { name: string; html: string; pages: number }[] = [
    { name: 'an empty span after a forced break makes the next page', html: `${brk}<span></span>`, pages: 2 },
    { name: 'an empty <a name> after a forced break makes the next page', html: `${brk}<a name="x"></a>`, pages: 2 },
    { name: 'a span holding only a space after a forced break makes the next page', html: `${brk}<span> </span>`, pages: 2 },
    { name: 'collapsible white space after a forced break makes no page', html: `${brk} \n `, pages: 1 },
    { name: 'the closing part of a span after its block makes the next page', html: '<span><div style="break-after:page">A</div></span>', pages: 2 },
    { name: 'the opening part of a span before its block makes no line (no page before a forced break-before)', html: '<span><i></i><div style="break-before:page">A</div></span>', pages: 1 },
    { name: 'an empty span before a forced break-before ends the first page', html: '<span></span><div style="break-before:page">A</div>', pages: 2 },
    { name: 'an empty block before a forced break-before ends the first page', html: '<div></div><div style="break-before:page">A</div>', pages: 2 },
    { name: 'an empty span between two forced breaks has a page of its own', html: `${brk}<span></span><div style="break-before:page">B</div>`, pages: 3 },
    { name: 'an absolutely positioned span after a forced break goes to the next page', html: `${brk}<span style="position:absolute">Z</span>`, pages: 2 },
  ];
  for (const c of cases) it(`${c.name} (Chromium: ${c.pages})`, () => expect(pagesOf(c.html)).to.equal(c.pages));

  it('margins collapse through the anonymous block of an empty span (B 34.5pt down: 12 + 22.5)', () => {
    const { root } = layoutOf('<div style="margin-bottom:20px">A</div><span></span><div id="b" style="margin-top:30px">B</div>', PAGE);
    expect(boxOf(root, '#b').y).to.be.closeTo(34.5, 0.01);
  });
  it('an empty span with padding makes a line box: margins do not collapse through it (B 61.5pt down: 12 + 15 + 12 + 22.5)', () => {
    const { root } = layoutOf('<div style="margin-bottom:20px">A</div><span style="padding:5px"></span><div id="b" style="margin-top:30px">B</div>', PAGE);
    expect(boxOf(root, '#b').y).to.be.closeTo(61.5, 0.01);
  });
  it('a split span with padding makes a line before its block (A 34.5pt down: 12 + 22.5)', () => {
    const { root } = layoutOf('<span style="padding:5px"><div id="a" style="margin-top:30px">A</div></span>', PAGE);
    expect(boxOf(root, '#a').y).to.be.closeTo(34.5, 0.01);
  });
  it('a forced break-after still applies across an absolutely positioned sibling (B and Z on page 2)', () => {
    const { root, pages } = layoutOf(`${brk}<span id="z" style="position:absolute">Z</span><div id="b">B</div>`, PAGE);
    expect(pageAt(pages, boxOf(root, '#b').y)).to.equal(1);
    expect(boxOf(root, '#b').y).to.be.closeTo(pages[1]!.flowTop, 0.01);
  });
});
