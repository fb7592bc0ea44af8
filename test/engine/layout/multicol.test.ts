// CSS Multi-column Layout 1 as Chromium prints it, read from the fragment tree (pt). Each
// expectation was checked against Chromium 156's PDF of the same HTML (`chromium --headless
// --print-to-pdf`, word positions from `pdftotext -bbox`; Chromium's page margins and 1pt
// borders are snapped to device pixels, a few tenths of a point that these tests do not model).
import { expect } from 'chai';
import type { Fragment, LineFragment } from '../../../src/engine/layout/fragments';
import { boxesOf, layoutOf, linesOf, pageAt, textOf } from '../../helpers/layout';

const WORDS = 'aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo ppp qqq rrr sss ttt uuu vvv www xxx yyy zzz';
// a 400.5pt wide page area (533.33px rounded up to whole px, as Chromium lays pages out); 20pt lines
const W = 400.5;
const CSS = `@page { size: 440pt 400pt; margin: 20pt } body { margin: 0; font: 12pt/20pt 'DejaVu Sans' } p { margin: 0 }`;

/** the line whose text starts with `start` */
function line(root: Fragment, start: string): LineFragment {
  const l = linesOf(root).find((x) => textOf(x).startsWith(start));
  if (!l) throw new Error(`no line starts with ${start}`);
  return l;
}

describe('layout: multi-column containers (CSS Multi-column 1)', () => {
  it('§3.4 column-count: n columns of (W - (n-1) gaps) / n, side by side', () => {
    const { root } = layoutOf('<div style="columns:3;column-gap:20pt"><p>A1</p><p>A2</p><p>A3</p><p>A4</p><p>A5</p><p>A6</p></div><p>END</p>', CSS);
    const cw = (W - 2 * 20) / 3;
    const cases: [string, number, number][] = [['A1', 0, 0], ['A2', 0, 20], ['A3', cw + 20, 0], ['A4', cw + 20, 20], ['A5', 2 * (cw + 20), 0], ['A6', 2 * (cw + 20), 20]];
    for (const [text, x, y] of cases) {
      const l = line(root, text);
      expect(l.x, text).to.be.closeTo(x, 0.01);
      expect(l.y, text).to.be.closeTo(y, 0.01);
      expect(l.width, text).to.be.closeTo(cw, 0.01);
    }
    // the container is as tall as its balanced columns
    expect(line(root, 'END').y).to.be.closeTo(40, 0.01);
  });

  it('§3.4 column-width: as many columns as fit, widened to fill the container', () => {
    // (W + 10) / (100 + 10) = 3.7: three columns of (W - 2 × 10) / 3
    const { root } = layoutOf('<div style="column-width:100pt;column-gap:10pt"><p>A1</p><p>A2</p><p>A3</p></div>', CSS);
    expect(line(root, 'A2').x).to.be.closeTo((W - 20) / 3 + 10, 0.01);
    expect(line(root, 'A3').x).to.be.closeTo(2 * ((W - 20) / 3 + 10), 0.01);
  });

  it('§3.4 column-gap: normal is 1em', () => {
    const { root } = layoutOf('<div style="columns:2;font-size:10pt"><p>A1</p><p>A2</p></div>', CSS);
    expect(line(root, 'A2').x).to.be.closeTo((W - 10) / 2 + 10, 0.01);
  });

  it('§6 column-fill: balance breaks a paragraph into lines of equal count per column', () => {
    const { root } = layoutOf(`<div style="columns:3;column-gap:12pt"><p>${WORDS}</p></div><p>END</p>`, CSS);
    const lines = linesOf(root).filter((l) => textOf(l) !== 'END');
    const xs = [...new Set(lines.map((l) => Math.round(l.x)))];
    expect(xs).to.have.length(3);
    for (const x of xs) expect(lines.filter((l) => Math.round(l.x) === x)).to.have.length(lines.length / 3);
    expect(line(root, 'END').y).to.be.closeTo((lines.length / 3) * 20, 0.01);
  });

  it('§6 column-fill: auto fills each column to the container\'s height in turn', () => {
    const { root } = layoutOf('<div style="columns:2;column-fill:auto;height:60pt"><p>A1</p><p>A2</p><p>A3</p><p>A4</p></div>', CSS);
    expect(line(root, 'A3').x).to.equal(0);
    expect(line(root, 'A4').x).to.be.greaterThan(100);
    expect(line(root, 'A4').y).to.be.closeTo(0, 0.01);
  });

  it('CSS Fragmentation 3 §5.2: the margin above a block that starts a column after an unforced break truncates to zero', () => {
    // Chromium: Gamma at the container's top in the second column, Alpha 14pt below it in the first
    const { root } = layoutOf('<div style="columns:2;margin-top:20pt"><div><h4>Alpha</h4><p>one</p></div><div><h4>Beta</h4><p>two</p></div>' +
      '<div><h4>Gamma</h4><p>three</p></div><div><h4>Delta</h4><p>four</p></div></div>', `${CSS} h4 { margin: 14pt 0; font-size: 12pt; line-height: 20pt }`);
    expect(line(root, 'Alpha').y).to.be.closeTo(34, 0.01);
    expect(line(root, 'Gamma').y).to.be.closeTo(20, 0.01);
    expect(line(root, 'Gamma').x).to.be.greaterThan(150);
    expect(line(root, 'three').y).to.be.closeTo(54, 0.01);
  });

  it('break-inside: avoid moves a block to the next column, and balancing makes the columns at least as tall as it', () => {
    const { root } = layoutOf('<div style="columns:3;column-gap:10pt"><p>B1</p><p>B2</p><div id="k" style="break-inside:avoid;border:0.75pt solid red"><p>K1</p><p>K2</p></div><p>B3</p></div><p>END</p>', CSS);
    const k = boxesOf(root, '#k');
    expect(k).to.have.length(1);
    expect(k[0]!.x).to.be.closeTo((W - 20) / 3 + 10, 0.01);
    expect(k[0]!.y).to.be.closeTo(0, 0.01);
    expect(line(root, 'B3').y).to.be.closeTo(0, 0.01);
    expect(line(root, 'END').y).to.be.closeTo(41.5, 0.01);
  });

  it('CSS Fragmentation 3 §3.2: between columns avoid and avoid-column keep a box whole, avoid-page and auto do not', () => {
    // four groups of 5, 5, 4 and 4 lines: balanced at 180pt the second group breaks after B4,
    // unless it avoids column breaks; then the first column holds A and B (200pt)
    const group = (n: string, k: number) => `<div class="g">${Array.from({ length: k }, (_, i) => `<p>${n}${i + 1}</p>`).join('')}</div>`;
    const html = `<div style="columns:2;column-gap:20pt">${group('A', 5)}${group('B', 5)}${group('C', 4)}${group('D', 4)}</div><p>END</p>`;
    const col2 = (W - 20) / 2 + 20;
    const cases: [string, [string, number, number][]][] = [
      ['avoid-column', [['B1', 0, 100], ['B5', 0, 180], ['C1', col2, 0], ['D4', col2, 140], ['END', 0, 200]]],
      ['avoid', [['B1', 0, 100], ['B5', 0, 180], ['C1', col2, 0], ['D4', col2, 140], ['END', 0, 200]]],
      ['avoid-page', [['B1', 0, 100], ['B5', col2, 0], ['C1', col2, 20], ['D4', col2, 160], ['END', 0, 180]]],
      ['auto', [['B1', 0, 100], ['B5', col2, 0], ['C1', col2, 20], ['D4', col2, 160], ['END', 0, 180]]],
    ];
    for (const [value, lines] of cases) {
      const { root } = layoutOf(html, `${CSS} .g { break-inside: ${value} }`);
      for (const [text, x, y] of lines) {
        expect(line(root, text).x, `${value} ${text}`).to.be.closeTo(x, 0.01);
        expect(line(root, text).y, `${value} ${text}`).to.be.closeTo(y, 0.01);
      }
    }
  });

  it('CSS Fragmentation 3 §3.2: between pages avoid-page keeps a box whole, avoid-column does not', () => {
    const cases: [string, number][] = [['avoid-page', 1], ['avoid-column', 0], ['avoid', 1]];
    for (const [value, page] of cases) {
      const { pages, root } = layoutOf(`<div style="height:330pt"></div><div style="break-inside:${value}"><p>P1</p><p>P2</p></div>`, CSS);
      expect(pageAt(pages, line(root, 'P1').y), value).to.equal(page);
      expect(pageAt(pages, line(root, 'P2').y), value).to.equal(1);
    }
  });

  it('a box that continues in the next column is cut in two; each part draws the borders of its own end only', () => {
    const { root } = layoutOf('<div style="columns:2"><div id="b" style="border:2pt solid"><p>A1</p><p>A2</p><p>A3</p><p>A4</p></div></div>', CSS);
    const parts = boxesOf(root, '#b');
    expect(parts).to.have.length(2);
    expect(parts[0]!.continuesTo).to.equal(true);
    expect(parts[0]!.continuesFrom ?? false).to.equal(false);
    expect(parts[1]!.continuesFrom).to.equal(true);
    expect(parts[1]!.continuesTo ?? false).to.equal(false);
    expect(parts[1]!.y).to.be.closeTo(0, 0.01);
    expect(parts[1]!.x).to.be.greaterThan(150);
  });

  it('§7.1 column-span: all ends the column set above it and spans the container', () => {
    const { root } = layoutOf('<div style="columns:3;column-gap:10pt"><p>A1</p><p>A2</p><p>A3</p><p>A4</p><p>A5</p><p>A6</p>' +
      '<h2 style="column-span:all;margin:10pt 0;font:16pt/24pt \'DejaVu Sans\'">Span</h2><p>B1</p><p>B2</p><p>B3</p></div>', CSS);
    // Chromium: A1–A6 in three columns of two lines, Span below them at full width, B1–B3 in a row after it
    const span = line(root, 'Span');
    expect(span.y).to.be.closeTo(50, 0.01);
    expect(span.width).to.be.closeTo(W, 0.01);
    expect(line(root, 'B1').y).to.be.closeTo(84, 0.01);
    expect(line(root, 'B3').y).to.be.closeTo(84, 0.01);
    expect(line(root, 'B3').x).to.be.closeTo(2 * ((W - 20) / 3 + 10), 0.01);
  });

  it('an empty block whose margins end the content stays in the last column: no overflow column widens the document', () => {
    // the empty paragraph's collapsed-through margin ends the content exactly at the column's end;
    // in an overflow column to the right it would make the document wider than the page (shrunk)
    const one = layoutOf('<div style="columns:1"><p>A1</p><p>A2</p><p class="e" style="margin:10pt 0"></p></div><p>END</p>', CSS).root;
    expect(line(one, 'A1').width).to.be.closeTo(W, 0.01);
    expect(boxesOf(one, '.e')[0]!.x).to.be.closeTo(0, 0.01);
    expect(line(one, 'END').y).to.be.closeTo(50, 0.01);
    const two = layoutOf('<div style="columns:2;column-gap:12pt"><p>A1</p><p>A2</p><p class="e" style="margin:10pt 0"></p></div><p>END</p>', CSS).root;
    const cw = (W - 12) / 2;
    expect(line(two, 'A1').width).to.be.closeTo(cw, 0.01);
    expect(line(two, 'A2').x).to.be.closeTo(cw + 12, 0.01);
    expect(boxesOf(two, '.e')[0]!.x).to.be.closeTo(cw + 12, 0.01);
    expect(line(two, 'END').y).to.be.closeTo(30, 0.01);
  });

  it('an absolutely positioned box whose containing block is outside the columns takes its static position in its column', () => {
    // a list marker as an absolute span with a negative margin, at the start of each item's line
    const css = `${CSS} ul { margin: 0; padding: 0 0 0 20pt; list-style: none } .m { position: absolute; margin-left: -12pt }`;
    const { root } = layoutOf('<div style="columns:2;column-gap:12pt"><ul><li><span class="m">X</span>A1</li><li><span class="m">Y</span>A2</li>'
      + '<li><span class="m">Z</span>A3</li><li><span class="m">W</span>A4</li></ul></div><p>END</p>', css);
    const step = (W - 12) / 2 + 12;
    const cases: [number, number, number][] = [[0, 8, 0], [1, 8, 20], [2, step + 8, 0], [3, step + 8, 20]];
    const marks = boxesOf(root, '.m');
    for (const [i, x, y] of cases) {
      expect(marks[i]!.x, `mark ${i}`).to.be.closeTo(x, 0.01);
      expect(marks[i]!.y, `mark ${i}`).to.be.closeTo(y, 0.01);
    }
  });

  it('§4.2 column-rule: one segment in the middle of each gap, as tall as the columns', () => {
    const { root } = layoutOf('<div id="m" style="columns:3;column-gap:20pt;column-rule:1.5pt solid black"><p>A1</p><p>A2</p><p>A3</p><p>A4</p><p>A5</p></div>', CSS);
    const m = boxesOf(root, '#m')[0]!;
    const rules = m.children.flatMap((c) => (c.kind === 'box' && c.collapsedBorders ? c.collapsedBorders : []));
    expect(rules).to.have.length(2);
    const cw = (W - 40) / 3;
    expect(rules[0]!.x1).to.be.closeTo(cw + 10, 0.01);
    expect(rules[1]!.x1).to.be.closeTo(2 * cw + 30, 0.01);
    expect(rules[0]!.y2 - rules[0]!.y1).to.be.closeTo(40, 0.01);
    expect(rules[0]!.width).to.equal(1.5);
  });

  it('§8 columns that reach the page end continue in a row of columns on the next page, the last row balanced', () => {
    // a 260pt page area: 13 lines of 20pt per column; Chromium puts "qqq …" and "kkk …" first in the columns of page 2
    const { root, pages } = layoutOf(`<div style="columns:2;column-gap:20pt"><p>${`${WORDS} `.repeat(8)}</p></div><p>END</p>`,
      `${CSS} @page { size: 400pt 300pt }`);
    const lines = linesOf(root);
    const page2 = lines.filter((l) => pageAt(pages, l.y) === 1 && textOf(l) !== 'END');
    expect(lines.filter((l) => pageAt(pages, l.y) === 0)).to.have.length(26);
    expect(page2).to.have.length(6);
    expect(page2.filter((l) => l.x > 100)).to.have.length(3);
    expect(textOf(page2[0]!).startsWith('qqq')).to.equal(true);
    expect(textOf(page2[3]!).startsWith('kkk')).to.equal(true);
    const endLine = line(root, 'END');
    expect(endLine.y - pages[1]!.flowTop).to.be.closeTo(60, 0.01);
  });
});

describe('layout: margins at breaks (CSS Fragmentation 3 §5.2, as Chromium prints)', () => {
  // a 260.25pt page area (346.67px rounded up to whole px, as Chromium lays pages out): 13 lines of 20pt
  const PAGE = `@page { size: 300pt 300pt; margin: 20pt } body { margin: 0; font: 12pt/20pt 'DejaVu Sans' } p { margin: 0 }`;
  const twelve = Array.from({ length: 12 }, (_, i) => `<p>L${i + 1}</p>`).join('');

  it('a margin that reaches past the page end breaks before its box and truncates; after a forced break margins stay', () => {
    const { root } = layoutOf(`${twelve}<p style="margin-top:30pt">X1</p><p>Y1</p>${twelve}<p style="margin-top:10pt">X2</p>` +
      '<p style="break-before:page;margin:15pt 0"></p><p style="margin-top:10pt">X3</p>', PAGE);
    const cases: [string, number][] = [['X1', 260.25], ['Y1', 280.25], ['X2', 550.5], ['X3', 780.75 + 15]];
    for (const [text, y] of cases) expect(line(root, text).y, text).to.be.closeTo(y, 0.01);
  });
});
