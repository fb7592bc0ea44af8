// CSS GCPM 3 §2 footnotes on the layout stage: `float: footnote` takes an element out of the
// flow into the footnote area at the bottom of the page of its ::footnote-call, the page area
// ending higher by the area's height; ::footnote-marker starts the note; `@footnote` styles the
// area; a note that does not fit moves to the next page (footnote-policy: auto, as WeasyPrint
// prints) or takes its line along (footnote-policy: line). Positions in pt from the fragments.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import type { BoxFragment } from '../../../src/engine/layout/fragments';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { wordsOf } from '../../helpers/pdf';
import { layoutOf, linesOf, pageAt, textOf } from '../../helpers/layout';

/** a 300 × 340pt page with 20pt margins: a page area of 260 × 300pt, lines of 15pt */
const PAGE = '@page { size: 300pt 340pt; margin: 20pt } body { margin: 0; font: 12pt/15pt serif } p { margin: 0 } .fn { float: footnote; line-height: 15pt } ::footnote-call { line-height: 15pt }';
const AREA_HEIGHT = 300;

const area = (r: { footnotes: readonly (BoxFragment | undefined)[] }, page: number): BoxFragment => {
  const f = r.footnotes[page];
  if (!f) throw new Error(`no footnote area on page ${page + 1}`);
  return f;
};
const lines = (n: number) => Array.from({ length: n }, (_, i) => `<p>Line ${i + 1}</p>`).join('');

describe('layout: footnotes (CSS GCPM 3 §2)', () => {
  it('a float: footnote element leaves the flow for the footnote area at the bottom of its page; its call stays in the line', () => {
    const r = layoutOf('<p>Alpha<span class="fn">The note.</span> beta.</p><p>Next</p>', PAGE);
    const ls = linesOf(r.root);
    expect(ls.map(textOf)).to.deep.equal(['Alpha1 beta.', 'Next']);
    const a = area(r, 0);
    expect(textOf(a)).to.equal('1. The note.');
    // the area's margin box (1em top margin from the UA's @footnote, one 15pt line) ends at the page area's bottom
    expect(a.y).to.be.closeTo(AREA_HEIGHT - 15, 0.01);
    expect(a.height).to.be.closeTo(15, 0.01);
    // the page area ends where the area's margin box starts
    expect(r.pages[0]!.flowBottom).to.be.closeTo(AREA_HEIGHT - 15 - 12, 0.01);
  });

  it('::footnote-call is a superscript counter(footnote), smaller than its text; ::footnote-marker reads "1. "', () => {
    const r = layoutOf('<p>Alpha<span class="fn">Note</span></p>', PAGE);
    const runs = linesOf(r.root)[0]!.children.filter((c) => c.kind === 'text');
    const text = runs.find((c) => c.kind === 'text' && c.text === 'Alpha')!;
    const call = runs.find((c) => c.kind === 'text' && c.text === '1')!;
    expect(call.kind === 'text' && text.kind === 'text' && call.baseline).to.be.below(text.kind === 'text' ? text.baseline - 3 : 0);
    expect(call.kind === 'text' && call.style.fontSize).to.be.below(12);
    expect(linesOf(area(r, 0)).map(textOf)).to.deep.equal(['1. Note']);
  });

  it('the footnote counter counts the document\'s footnotes, and counter-reset on an element starts it again', () => {
    const html = '<section><p>a<span class="fn">A</span> b<span class="fn">B</span></p></section><section><p>c<span class="fn">C</span></p></section>';
    expect(linesOf(area(layoutOf(html, PAGE), 0)).map(textOf)).to.deep.equal(['1. A', '2. B', '3. C']);
    expect(linesOf(area(layoutOf(html, `${PAGE} section { counter-reset: footnote }`), 0)).map(textOf)).to.deep.equal(['1. A', '2. B', '1. C']);
    // one counter, as `page` is: a reset on a chapter's heading numbers the notes that follow it
    const flat = '<h1>One</h1><p>a<span class="fn">A</span> b<span class="fn">B</span></p><h1>Two</h1><p>c<span class="fn">C</span></p>';
    expect(linesOf(area(layoutOf(flat, `${PAGE} h1 { counter-reset: footnote }`), 0)).map(textOf)).to.deep.equal(['1. A', '2. B', '1. C']);
    const custom = `${PAGE} .fn::footnote-call { content: "[" counter(footnote, lower-roman) "]" } .fn::footnote-marker { content: counter(footnote, lower-roman) ") " }`;
    const r = layoutOf(html, custom);
    expect(linesOf(r.root).map(textOf)).to.deep.equal(['a[i] b[ii]', 'c[iii]']);
    expect(linesOf(area(r, 0)).map(textOf)).to.deep.equal(['i) A', 'ii) B', 'iii) C']);
  });

  it('counter-reset: footnote in @page numbers each page\'s footnotes from 1, calls and markers alike', () => {
    const html = `<p>a<span class="fn">A</span> b<span class="fn">B</span></p>${lines(19)}<p>c<span class="fn">C</span></p>`;
    const r = layoutOf(html, `${PAGE} @page { counter-reset: footnote }`);
    expect(linesOf(area(r, 0)).map(textOf)).to.deep.equal(['1. A', '2. B']);
    expect(linesOf(area(r, 1)).map(textOf)).to.deep.equal(['1. C']);
    const calls = linesOf(r.root).filter((l) => /^[abc]\d/.test(textOf(l))).map(textOf);
    expect(calls).to.deep.equal(['a1 b2', 'c1']);
    // without it, the document's count goes on
    expect(linesOf(area(layoutOf(html, PAGE), 1)).map(textOf)).to.deep.equal(['3. C']);
  });

  it('@footnote styles the area: its border, padding and margin take their part of the page area', () => {
    const css = `${PAGE} @page { @footnote { margin-top: 6pt; border-top: 0.75pt solid black; padding-top: 4pt } }`;
    const r = layoutOf('<p>Alpha<span class="fn">Note</span></p>', css);
    const a = area(r, 0);
    expect(a.border.top).to.equal(0.75);
    expect(a.padding.top).to.equal(4);
    expect(a.height).to.be.closeTo(0.75 + 4 + 15, 0.01);
    expect(a.y + a.height).to.be.closeTo(AREA_HEIGHT, 0.01);
    expect(r.pages[0]!.flowBottom).to.be.closeTo(AREA_HEIGHT - 19.75 - 6, 0.01);
  });

  it('content flows on to the next page earlier when the footnote area takes the bottom of the page', () => {
    // 20 lines fill 300pt; with a two-line note (12 + 30pt) 258pt are left: the call's line (19pt:
    // the superscript raises it) and 15 more
    const r = layoutOf(`<p>Call<span class="fn">One<br>Two</span></p>${lines(19)}`, PAGE);
    const ls = linesOf(r.root);
    expect(ls[1]!.y - ls[0]!.y).to.be.closeTo(19, 0.01);
    const onFirst = ls.filter((l) => pageAt(r.pages, l.y) === 0).length;
    expect(onFirst).to.equal(16);
    expect(r.pages[0]!.flowBottom).to.be.closeTo(AREA_HEIGHT - 42, 0.01);
    expect(r.pages[1]!.flowTop).to.be.closeTo(AREA_HEIGHT - 42, 0.01);
    expect(r.footnotes[1]).to.equal(undefined);
  });

  const lastLine = (policy: string) => layoutOf(`${lines(18)}<p>Call<span class="fn">One<br>Two</span></p><p>After</p>`, `${PAGE} .fn { footnote-policy: ${policy} }`);

  it('footnote-policy: auto — a note that does not fit below its call\'s line moves to the next page; the line stays (as WeasyPrint prints)', () => {
    const r = lastLine('auto');
    const call = linesOf(r.root).find((l) => textOf(l) === 'Call1')!;
    expect(pageAt(r.pages, call.y)).to.equal(0);
    expect(r.footnotes[0]).to.equal(undefined);
    expect(textOf(area(r, 1))).to.equal('1. One\nTwo');
  });

  it('footnote-policy: line — the line moves to the next page with its note', () => {
    const r = lastLine('line');
    const call = linesOf(r.root).find((l) => textOf(l) === 'Call1')!;
    expect(pageAt(r.pages, call.y)).to.equal(1);
    expect(call.y).to.be.closeTo(r.pages[1]!.flowTop, 0.01);
    expect(r.footnotes[0]).to.equal(undefined);
    expect(textOf(area(r, 1))).to.equal('1. One\nTwo');
  });

  it('a note called on the last line of the document that does not fit makes a page of its own', () => {
    const r = layoutOf(`${lines(18)}<p>Call<span class="fn">One<br>Two</span></p>`, PAGE);
    expect(r.pages.length).to.equal(2);
    expect(textOf(area(r, 1))).to.equal('1. One\nTwo');
  });

  it('max-height on @footnote: the note that would overflow the area moves to the next page', () => {
    const css = `${PAGE} @page { @footnote { margin-top: 0; max-height: 40pt } }`;
    const r = layoutOf('<p>a<span class="fn">A</span> b<span class="fn">B</span> c<span class="fn">C</span></p><p>after</p>', css);
    expect(linesOf(area(r, 0)).map(textOf)).to.deep.equal(['1. A', '2. B']);
    expect(linesOf(area(r, 1)).map(textOf)).to.deep.equal(['3. C']);
  });

  it('footnote-display: inline — notes run on in one line of the area', () => {
    const r = layoutOf('<p>a<span class="fn">A</span> b<span class="fn">B</span></p>', `${PAGE} .fn { footnote-display: inline }`);
    expect(linesOf(area(r, 0)).map(textOf)).to.deep.equal(['1. A 2. B']);
  });

  // GCPM 3 §2.4 compact: inline when the note fits on the line with the previous one, else a block
  const compact = `${PAGE} .fn { footnote-display: compact }`;
  it('footnote-display: compact — short notes share a line of the area', () => {
    const r = layoutOf('<p>a<span class="fn">A</span> b<span class="fn">B</span> c<span class="fn">C</span></p>', compact);
    expect(linesOf(area(r, 0)).map(textOf)).to.deep.equal(['1. A 2. B 3. C']);
  });

  it('footnote-display: compact — a note that does not fit after the previous one starts a line, whole', () => {
    const long = 'The second note is long enough to need';
    const html = `<p>a<span class="fn">A short one</span> b<span class="fn">${long}</span> c<span class="fn">C</span></p>`;
    // as inline notes, the second would start on the first note's line and wrap
    expect(linesOf(area(layoutOf(html, `${PAGE} .fn { footnote-display: inline }`), 0)).map(textOf)).to.have.length(2).and.not.include(`2. ${long}`);
    expect(linesOf(area(layoutOf(html, compact), 0)).map(textOf)).to.deep.equal(['1. A short one', `2. ${long} 3. C`]);
  });

  it('footnote-display: compact — a note longer than a line is a block; the next compact note starts after it', () => {
    const long = 'This note runs over more than one line of the footnote area, so it is a block';
    const r = layoutOf(`<p>a<span class="fn">A</span> b<span class="fn">${long}</span> c<span class="fn">C</span></p>`, compact);
    const ls = linesOf(area(r, 0)).map(textOf);
    expect(ls[0]).to.equal('1. A');
    expect(ls[1]).to.match(/^2\. This note/);
    expect(ls.length).to.be.greaterThan(3);
    expect(ls[ls.length - 1]).to.equal('3. C');
  });

  it('a footnote element of display: block keeps its margins and padding in the area', () => {
    const r = layoutOf('<p>a<div class="fn">Block note</div> b</p>', `${PAGE} .fn { padding-left: 10pt }`);
    const a = area(r, 0);
    const note = a.children.find((c): c is BoxFragment => c.kind === 'box' && c.element?.attrs.class === 'fn')!;
    expect(note.padding.left).to.equal(10);
    expect(linesOf(note)[0]!.x).to.be.closeTo(10, 0.01);
  });

  it('content: none on ::footnote-call leaves no call in the text; the note is still placed', () => {
    const r = layoutOf('<p>a<span class="fn">A</span> b</p>', `${PAGE} .fn::footnote-call { content: none }`);
    expect(linesOf(r.root).map(textOf)).to.deep.equal(['a b']);
    expect(textOf(area(r, 0))).to.equal('1. A');
  });

  // the page of each note's call, and the page of its area, for notes called further down the document
  const rows = (n: number, tag: string, close: string) => Array.from({ length: n }, (_, i) => `<${tag}>r${i}${[3, 22, 45].includes(i) ? `<span class="fn">N${i}</span>` : ''}</${close}>`).join('');
  const paginated: [string, string][] = [
    ['table rows', `<table style="border-spacing: 0">${rows(60, 'tr><td', 'td></tr')}</table>`],
    ['list items', `<ul>${rows(60, 'li', 'li')}</ul>`],
    ['nested list items', `<ol><li>first<ul>${rows(60, 'li', 'li')}</ul></li></ol>`],
    // laid out without pages, their notes placed after the flow: a second layout reserves each area on its call's page
    ['a long multi-column box', `<div style="columns: 2">${rows(130, 'p', 'p')}</div>`],
    ['a table with a header group', `<table style="border-spacing: 0"><thead><tr><td>H</td></tr></thead>${rows(60, 'tr><td', 'td></tr')}</table>`],
  ];
  for (const [where, html] of paginated) {
    it(`footnotes called from ${where} on later pages are at the foot of their call's page`, () => {
      const r = layoutOf(html, PAGE);
      const pages = new Set<number>();
      for (const [k, row] of [[1, 3], [2, 22], [3, 45]]) {
        const call = linesOf(r.root).find((l) => textOf(l) === `r${row}${k}`)!;
        const page = pageAt(r.pages, call.y);
        expect(textOf(area(r, page)), `note ${k}`).to.contain(`${k}. N${row}`);
        expect(call.y + call.height - r.pages[page]!.flowTop, `call ${k} above its area`).to.be.at.most(area(r, page).y + 0.01);
        pages.add(page);
      }
      expect(r.footnotes.filter(Boolean)).to.have.length(pages.size);
    });
  }

  const unpaginated: [string, string][] = [
    ['a flex item', '<div style="display: flex"><div>item<span class="fn">F</span></div></div>'],
    ['a multi-column box', '<div style="columns: 2">column text<span class="fn">M</span></div>'],
    ['a float', '<div style="float: left; width: 100pt">floated<span class="fn">FL</span></div>'],
    ['an inline-block', '<p><span style="display: inline-block">block<span class="fn">IB</span></span></p>'],
    ['an absolutely positioned box', '<div style="position: absolute; top: 50pt">placed<span class="fn">AB</span></div>'],
  ];
  for (const [where, html] of unpaginated) {
    it(`a footnote called from ${where} (laid out without pages) is placed at the foot of its page`, () => {
      const r = layoutOf(html, PAGE);
      const a = area(r, 0);
      expect(textOf(a)).to.match(/^1\. [A-Z]+$/);
      expect(a.y + a.height).to.be.closeTo(AREA_HEIGHT, 0.01);
    });
  }

  it('a late-placed footnote that does not fit below its page\'s content goes to the next page, the pages keeping their flow', () => {
    const r = layoutOf(`<div style="display: flex"><div>${lines(19)}<p>item<span class="fn">F</span></p></div></div><p>after</p>`, PAGE);
    expect(r.footnotes[0]).to.equal(undefined);
    expect(textOf(area(r, 1))).to.equal('1. F');
    expect(r.pages[1]!.flowTop).to.equal(AREA_HEIGHT);
  });

  it('in columns, a call line that would fall into its note\'s area moves on with its note (the area reserved on its page)', () => {
    // 20 lines per column; the call on the last line of the first page's second column: with the note's
    // area (one line) reserved there, that line no longer fits and starts the next page, the note with it
    const r = layoutOf(`<div style="columns: 2">${rows(80, 'p', 'p').replace('r39<', 'r39<span class="fn">Z</span><')}</div>`, PAGE);
    const call = linesOf(r.root).find((l) => textOf(l) === 'r393')!;
    const page = pageAt(r.pages, call.y);
    expect(textOf(area(r, page))).to.contain('3. Z');
    const a = area(r, page);
    expect(call.y + call.height - r.pages[page]!.flowTop).to.be.at.most(a.y + 0.01);
  });

  it('a document without footnotes keeps its whole page area', () => {
    const r = layoutOf(lines(3), PAGE);
    expect(r.pages[0]!.flowBottom).to.equal(AREA_HEIGHT);
    expect(r.footnotes.every((f) => f === undefined)).to.equal(true);
  });

  it('in the PDF, the note prints at the foot of the page of its call, below the text', async () => {
    const r = layoutHtml(lines(25).replace('Line 22', 'Line 22<span class="fn">Footnote body</span>'), PAGE, { measureText });
    const words = await wordsOf(await toPdf(r.docDefinition, r.fonts));
    const body = words.find((w) => w.text === '1. Footnote body')!;
    const line = words.find((w) => w.text === 'Line 22')!;
    const call = words.find((w) => w.text === '1')!;
    // (pages counted from 0) the second page, with the call raised above its line's baseline
    expect(line.page).to.equal(1);
    expect(call.page).to.equal(1);
    expect(call.baseline).to.be.below(line.baseline - 3);
    expect(body.page).to.equal(1);
    const lowestText = Math.max(...words.filter((w) => w.page === body.page && w.text.startsWith('Line')).map((w) => w.baseline));
    expect(body.baseline).to.be.greaterThan(lowestText + 15);
    // the area's bottom is the page area's: the note's line sits just above the 20pt bottom margin
    expect(340 - 20 - body.baseline).to.be.within(0, 15);
  });
});
