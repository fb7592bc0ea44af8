// CSS Grid Layout 1 read from the fragment tree (pt; @page 200pt × 300pt, margin 10pt: a 180pt ×
// 280pt page area). The expectations are worked from the spec; the last suite holds Chromium
// laying out the same documents to the same figures.
import { expect } from 'chai';
import { chromiumRects } from '../../helpers/chromium-layout';
import { boxOf, layoutOf, linesOf, pageAt } from '../../helpers/layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } #g { display: grid }';
const div = (id: string, style = '', inner = '') => `<div id="${id}" style="${style}">${inner}</div>`;
/** Inline content whose min-content width is the widest piece and max-content width their sum. */
const pieces = (...w: number[]) => w.map((x) => `<span style="display:inline-block;width:${x}pt;height:10pt"></span>`).join('');
const h10 = 'height: 10pt';

interface Case { name: string; container: string; items: string; expect: Record<string, Partial<{ x: number; y: number; width: number; height: number }>> }

const ALL: Case[] = [];

function check(c: Case) {
  ALL.push(c);
  it(c.name, () => {
    const { root, diagnostics } = layoutOf(`<div id="g" style="${c.container}">${c.items}</div>`, PAGE);
    expect(diagnostics).to.deep.equal([]);
    for (const [sel, want] of Object.entries(c.expect)) {
      const b = boxOf(root, `#${sel}`);
      for (const [k, v] of Object.entries(want)) expect(b[k as 'x'], `${sel}.${k}`).to.be.closeTo(v, 0.01);
    }
  });
}

describe('layout/grid: §7.2 explicit tracks and §12 track sizing', () => {
  const cases: Case[] = [
    { name: 'fixed columns and a column gap; the third item wraps to a new row', container: 'grid-template-columns: 50pt 60pt; column-gap: 10pt',
      items: div('a', h10) + div('b', h10) + div('c', h10),
      expect: { a: { x: 0, y: 0, width: 50 }, b: { x: 60, width: 60 }, c: { x: 0, y: 10, width: 50 } } },
    { name: 'fr tracks share the space left after the gaps (150 as 1 : 2)', container: 'grid-template-columns: 1fr 2fr; gap: 5pt 30pt',
      items: div('a', h10) + div('b', h10) + div('c', h10),
      expect: { a: { x: 0, width: 50 }, b: { x: 80, width: 100 }, c: { y: 15 } } },
    { name: 'percentages resolve against the content box', container: 'grid-template-columns: 25% 1fr',
      items: div('a', h10) + div('b', h10), expect: { a: { width: 45 }, b: { x: 45, width: 135 } } },
    { name: 'auto tracks take their max-content, then stretch equally into the free space (§12.8)', container: 'grid-template-columns: auto auto',
      items: div('a', '', pieces(30, 30)) + div('b', '', pieces(20)),
      expect: { a: { x: 0, width: 110 }, b: { x: 110, width: 70 } } },
    { name: 'min-content and max-content tracks; 1fr takes the rest', container: 'grid-template-columns: min-content max-content 1fr',
      items: div('a', '', pieces(30, 20)) + div('b', '', pieces(30, 20)) + div('c', h10),
      expect: { a: { width: 30 }, b: { x: 30, width: 50 }, c: { x: 80, width: 100 } } },
    { name: 'a flexible track whose minimum exceeds its share is treated as inflexible (§12.7.1)', container: 'grid-template-columns: minmax(100pt, 1fr) 1fr',
      items: div('a', h10) + div('b', h10), expect: { a: { width: 100 }, b: { x: 100, width: 80 } } },
    { name: 'an auto minimum keeps a 1fr track at its item\'s min-content width', container: 'grid-template-columns: 1fr 1fr',
      items: div('a', '', `<div style="width:120pt;height:10pt"></div>`) + div('b', h10), expect: { a: { width: 120 }, b: { x: 120, width: 60 } } },
    { name: 'the automatic minimum is capped by a fixed max track size', container: 'grid-template-columns: minmax(auto, 50pt) 1fr',
      items: div('a', '', `<div style="width:120pt;height:10pt"></div>`) + div('b', h10), expect: { a: { width: 50 }, b: { x: 50, width: 130 } } },
    { name: 'minmax(0, 1fr) ignores the min-content width', container: 'grid-template-columns: minmax(0, 1fr) minmax(0, 1fr)',
      items: div('a', '', `<div style="width:120pt;height:10pt"></div>`) + div('b', h10), expect: { a: { width: 90 }, b: { x: 90, width: 90 } } },
    { name: 'fit-content() caps the max-content width', container: 'grid-template-columns: fit-content(40pt) fit-content(100pt) 1fr',
      items: div('a', '', pieces(30, 30)) + div('b', '', pieces(20)) + div('c', h10), expect: { a: { width: 40 }, b: { x: 40, width: 20 }, c: { x: 60 } } },
    { name: 'repeat(3, 1fr)', container: 'grid-template-columns: repeat(3, 1fr)',
      items: div('a', h10) + div('b', h10) + div('c', h10), expect: { a: { width: 60 }, b: { x: 60 }, c: { x: 120, width: 60 } } },
    { name: 'repeat(auto-fill, 50pt) fits as many columns as the width allows', container: 'grid-template-columns: repeat(auto-fill, 50pt); gap: 10pt',
      items: div('a', h10) + div('b', h10) + div('c', h10) + div('d', h10), expect: { c: { x: 120 }, d: { x: 0, y: 20 } } },
    { name: 'repeat(auto-fit, minmax(50pt, 1fr)) collapses the empty tracks', container: 'grid-template-columns: repeat(auto-fit, minmax(50pt, 1fr)); gap: 10pt',
      items: div('a', h10) + div('b', h10), expect: { a: { width: 85 }, b: { x: 95, width: 85 } } },
    { name: 'an item spanning two auto columns grows both equally', container: 'grid-template-columns: auto auto 100pt',
      items: div('a', 'grid-column: span 2', '<div style="width:70pt;height:10pt"></div>') + div('b', 'grid-row: 2', pieces(10)) + div('c', 'grid-row: 2', pieces(20)) + div('d', 'grid-row: 2', h10),
      expect: { b: { width: 35 }, c: { x: 35, width: 45 }, d: { x: 80 } } },
    { name: 'rows: auto rows take their tallest item; items stretch to the row', container: 'grid-template-columns: 1fr 1fr',
      items: div('a', 'height: 30pt') + div('b') + div('c', h10),
      expect: { a: { height: 30 }, b: { height: 30, y: 0 }, c: { y: 30, height: 10 } } },
    { name: 'grid-auto-rows sizes the implicit rows', container: 'grid-template-columns: 1fr; grid-auto-rows: 25pt',
      items: div('a') + div('b'), expect: { a: { height: 25 }, b: { y: 25, height: 25 } } },
    { name: 'fr rows share a definite height', container: 'height: 100pt; grid-template-rows: 1fr 3fr',
      items: div('a') + div('b'), expect: { a: { height: 25 }, b: { y: 25, height: 75 } } },
    { name: 'an auto row stretches into a definite height (§12.8)', container: 'height: 100pt; grid-template-rows: auto 20pt',
      items: div('a', '', pieces(10)) + div('b'), expect: { a: { height: 80 }, b: { y: 80 } } },
    { name: 'fr rows of an auto-height container take their content, grown to the largest fr', container: 'grid-template-rows: 1fr 2fr',
      items: div('a', h10) + div('b', h10), expect: { a: { height: 10 }, b: { y: 10, height: 10 }, g: { height: 30 } } },
  ];
  cases.forEach(check);
});

describe('layout/grid: §8 placement', () => {
  const cases: Case[] = [
    { name: 'line numbers and a negative end line', container: 'grid-template-columns: repeat(3, 60pt)',
      items: div('a', 'grid-column: 2 / 4; grid-row: 2; height: 10pt') + div('b', 'grid-column: 1 / -1; height: 10pt'),
      expect: { a: { x: 60, y: 10, width: 120 }, b: { x: 0, y: 0, width: 180 } } },
    { name: 'auto-placed items flow around placed ones', container: 'grid-template-columns: repeat(3, 60pt)',
      items: div('a', 'grid-column: 2; grid-row: 1; height: 10pt') + div('b', h10) + div('c', h10) + div('d', h10),
      expect: { b: { x: 0, y: 0 }, c: { x: 120, y: 0 }, d: { x: 0, y: 10 } } },
    { name: 'named areas from grid-template-areas', container: 'grid-template-areas: &quot;h h&quot; &quot;s m&quot;; grid-template-columns: 60pt 1fr',
      items: div('m', 'grid-area: m; height: 10pt') + div('h', 'grid-area: h; height: 20pt') + div('s', 'grid-area: s; height: 10pt'),
      expect: { h: { x: 0, y: 0, width: 180 }, s: { x: 0, y: 20, width: 60 }, m: { x: 60, y: 20, width: 120 } } },
    { name: 'named lines, with a span to a named line', container: 'grid-template-columns: [a] 40pt [b] 50pt [c] 60pt [d]',
      items: div('x', 'grid-column: b / d; height: 10pt') + div('y', 'grid-column: a / span c; grid-row: 2; height: 10pt'),
      expect: { x: { x: 40, width: 110 }, y: { x: 0, width: 90, y: 10 } } },
    { name: 'lines before the explicit grid make implicit columns', container: 'grid-template-columns: 50pt 50pt; grid-auto-columns: 20pt',
      items: div('a', 'grid-column: -4; height: 10pt') + div('b', 'grid-column: 1; grid-row: 1; height: 10pt'),
      expect: { a: { x: 0, width: 20 }, b: { x: 20, width: 50 } } },
    { name: 'grid-auto-flow: column fills columns first', container: 'grid-template-rows: 20pt 20pt; grid-auto-columns: 30pt; grid-auto-flow: column',
      items: div('a') + div('b') + div('c'), expect: { a: { x: 0, y: 0 }, b: { x: 0, y: 20 }, c: { x: 30, y: 0, width: 30 } } },
    { name: 'sparse placement never goes back', container: 'grid-template-columns: repeat(3, 60pt)',
      items: div('a', 'grid-column: span 2; height: 10pt') + div('b', 'grid-column: span 2; height: 10pt') + div('c', h10),
      expect: { b: { x: 0, y: 10 }, c: { x: 120, y: 10 } } },
    { name: 'dense placement fills the hole', container: 'grid-template-columns: repeat(3, 60pt); grid-auto-flow: row dense',
      items: div('a', 'grid-column: span 2; height: 10pt') + div('b', 'grid-column: span 2; height: 10pt') + div('c', h10),
      expect: { b: { x: 0, y: 10 }, c: { x: 120, y: 0 } } },
    { name: 'order changes the auto-placement order', container: 'grid-template-columns: 90pt 90pt',
      items: div('a', h10) + div('b', 'order: -1; height: 10pt'), expect: { a: { x: 90 }, b: { x: 0 } } },
  ];
  cases.forEach(check);
});

describe('layout/grid: §10 alignment', () => {
  const cases: Case[] = [
    { name: 'justify-items / align-items place items in their areas', container: 'grid-template-columns: 60pt 60pt; grid-template-rows: 30pt; justify-items: end; align-items: center',
      items: div('a', 'width: 20pt; height: 10pt') + div('b', 'justify-self: center; align-self: end; width: 20pt; height: 10pt'),
      expect: { a: { x: 40, y: 10, width: 20 }, b: { x: 80, y: 20 } } },
    { name: 'justify-items: start shrinks items to fit', container: 'grid-template-columns: 100pt; justify-items: start',
      items: div('a', '', pieces(30, 20)), expect: { a: { x: 0, width: 50 } } },
    { name: 'justify-content / align-content distribute the free space', container: 'height: 100pt; grid-template-columns: 40pt 40pt; grid-template-rows: 20pt 20pt; justify-content: space-between; align-content: center',
      items: div('a') + div('b') + div('c'), expect: { a: { x: 0, y: 30 }, b: { x: 140, y: 30 }, c: { y: 50 } } },
    { name: 'auto margins centre an item in its area', container: 'grid-template-columns: 100pt; grid-template-rows: 50pt',
      items: div('a', 'margin: auto; width: 20pt; height: 10pt'), expect: { a: { x: 40, y: 20 } } },
    { name: 'margins, borders and padding of items', container: 'grid-template-columns: 100pt 80pt',
      items: div('a', 'margin: 5pt; padding: 3pt; border: 1.5pt solid; height: 10pt') + div('b'),
      expect: { a: { x: 5, y: 5, width: 90, height: 19 }, b: { x: 100, height: 29 } } },
    { name: 'align-items: baseline moves items down by their shims, and the row grows by them (§10.6, §12.5)', container: 'grid-template-columns: 60pt 60pt 60pt; align-items: baseline',
      items: div('a', '', 'aa<div style="height:30pt"></div>') + div('b', 'font-size: 20pt; line-height: 30pt', 'BB') + div('c', '', 'cc'),
      expect: { a: { y: 12.75 }, b: { y: 0 }, c: { y: 12.75 }, g: { height: 54.75 } } },
    { name: 'a baseline-aligned item without a line has its baseline at its border box\'s bottom; align-self: start leaves the group', container: 'grid-template-columns: 60pt 60pt 60pt; align-items: baseline',
      items: div('a', '', 'dd') + div('b', 'height: 40pt') + div('c', 'font-size: 20pt; line-height: 30pt; align-self: start', 'EE'),
      expect: { a: { y: 31 }, b: { y: 0 }, c: { y: 0 }, g: { height: 43 } } },
    { name: 'an item spanning two rows is aligned in its first row\'s baseline group', container: 'grid-template-columns: 60pt 60pt 60pt; align-items: baseline',
      items: div('a', 'grid-row: span 2', 'jj') + div('b', 'font-size: 20pt; line-height: 30pt', 'KK') + div('c', '', 'll') + div('d', '', 'qq'),
      expect: { a: { y: 12.75 }, b: { y: 0 }, c: { y: 12.75 }, d: { y: 30 } } },
    { name: 'align-self: last baseline alone in its row falls back to end', container: 'grid-template-columns: 60pt; grid-template-rows: 50pt',
      items: div('a', 'align-self: last baseline', 'hh<br>ii'), expect: { a: { y: 26 } } },
  ];
  cases.forEach(check);
});

describe('layout/grid: §7.4, §7.8, §8.4 shorthands', () => {
  const cases: Case[] = [
    { name: 'grid-template with areas, row sizes and columns', container: 'grid-template: &quot;a b&quot; 20pt &quot;c c&quot; 15pt / 50pt 1fr',
      items: div('c', 'grid-area: c') + div('b', 'grid-area: b') + div('a', 'grid-area: a'),
      expect: { a: { x: 0, y: 0, width: 50, height: 20 }, b: { x: 50, width: 130 }, c: { y: 20, height: 15, width: 180 } } },
    { name: 'grid: auto-flow 12pt / 1fr 2fr', container: 'grid: auto-flow 12pt / 1fr 2fr',
      items: div('a') + div('b') + div('c'), expect: { b: { x: 60, width: 120, height: 12 }, c: { y: 12 } } },
    { name: 'grid: 20pt / auto-flow 40pt', container: 'grid: 20pt / auto-flow 40pt',
      items: div('a') + div('b'), expect: { a: { width: 40, height: 20 }, b: { x: 40, y: 0 } } },
    { name: 'grid-area with four lines; place-items', container: 'grid-template-columns: repeat(4, 45pt); grid-auto-rows: 20pt; place-items: end center',
      items: div('a', 'grid-area: 2 / 2 / 3 / 4; width: 10pt; height: 10pt'), expect: { a: { x: 85, y: 30 } } },
    { name: 'grid-row / grid-column with span', container: 'grid-template-columns: repeat(3, 60pt); grid-auto-rows: 10pt',
      items: div('a', 'grid-column: 2 / span 2; grid-row: span 2 / 4'), expect: { a: { x: 60, width: 120, y: 10, height: 20 } } },
  ];
  cases.forEach(check);
});

describe('layout/grid: containers', () => {
  const cases: Case[] = [
    { name: 'padding and border of the container; auto height from its rows', container: 'padding: 5pt; border: 1.5pt solid; grid-template-columns: 1fr 1fr; row-gap: 4pt',
      items: div('a', h10) + div('b', h10) + div('c', h10), expect: { g: { height: 37, width: 180 }, a: { x: 6.5, y: 6.5, width: 83.5 }, c: { y: 20.5 } } },
    { name: 'a floated grid shrinks to its max-content width', container: 'float: left; grid-template-columns: auto 30pt; column-gap: 10pt',
      items: div('a', '', pieces(20, 20)) + div('b', h10), expect: { g: { width: 80 }, b: { x: 50 } } },
    { name: 'a résumé layout: a header across, main and a fixed sidebar', container: 'grid-template-columns: 1fr 60pt; grid-template-rows: auto 1fr; gap: 0 15pt',
      items: div('h', 'grid-column: 1/-1; height: 20pt') + div('m', 'grid-column: 1; height: 40pt') + div('s', 'grid-column: 2', pieces(10)),
      expect: { h: { width: 180 }, m: { x: 0, y: 20, width: 105 }, s: { x: 120, y: 20, width: 60, height: 40 }, g: { height: 60 } } },
  ];
  cases.forEach(check);
});

// Pagination as Chromium 156 prints the same documents (read back with pdftotext -bbox): a row
// crossing the page end has its items broken where they stand, and the next row follows the
// tallest one; an item that avoids breaking inside takes its whole row to the next page.
describe('layout/grid: fragmentation row by row', () => {
  const css = `${PAGE} body { font: 10pt/10pt sans-serif } #g { grid-template-columns: 1fr 1fr }`;
  const lines = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i + 1}`).join('<br>');
  const doc = (a: string, b: string) => `<div id="g"><div style="grid-column: 1/-1; height: 250pt"></div>${a}${b}<div id="c">c1</div></div>`;
  it('items of a row crossing the page end break inside; the next row starts below the longest', () => {
    const { root, pages } = layoutOf(doc(`<div id="a">${lines('a', 6)}</div>`, `<div id="b">${lines('b', 8)}</div>`), css);
    const a = linesOf(boxOf(root, '#a')).map((l) => pageAt(pages, l.y));
    expect(a).to.deep.equal([0, 0, 0, 1, 1, 1]);
    expect(linesOf(boxOf(root, '#b')).map((l) => pageAt(pages, l.y))).to.deep.equal([0, 0, 0, 1, 1, 1, 1, 1]);
    // (the page area is 374px: page 2 starts at flow position 280.5)
    expect(boxOf(root, '#c').y).to.be.closeTo(280.5 + 50, 0.01);
  });
  it('an item with break-inside: avoid moves its whole row to the next page', () => {
    const { root } = layoutOf(doc(`<div id="a" style="break-inside: avoid">${lines('a', 6)}</div>`, '<div id="b">b1</div>'), css);
    expect(boxOf(root, '#a').y).to.be.closeTo(280.5, 0.01);
    expect(boxOf(root, '#b').y).to.be.closeTo(280.5, 0.01);
    expect(boxOf(root, '#c').y).to.be.closeTo(340.5, 0.01);
  });
  it('break-inside: avoid on an item that does not cross the page end keeps the row breaking', () => {
    const { root, pages } = layoutOf(doc(`<div id="a">${lines('a', 6)}</div>`, '<div id="b" style="align-self: start; break-inside: avoid">b1<br>b2</div>'), css);
    expect(linesOf(boxOf(root, '#a')).map((l) => pageAt(pages, l.y))).to.deep.equal([0, 0, 0, 1, 1, 1]);
    expect(pageAt(pages, boxOf(root, '#b').y)).to.equal(0);
  });
  // (a break inside an item before its first line, or before a monolithic box it starts with, is no
  // better than the break before the row: Blink takes that one)
  const late: [string, string][] = [
    ['its first line does not fit', '<div id="b" style="padding-top: 25pt">b1</div>'],
    ['one line of it fits (orphans: 2)', '<div id="b" style="padding-top: 20pt">b1<br>b2</div>'],
    ['it starts with an image that does not fit', '<div id="b"><img style="display: block; width: 10pt; height: 40pt" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="></div>'],
  ];
  for (const [name, b] of late) {
    it(`an item whose content would start on the next page moves its whole row there: ${name}`, () => {
      const { root } = layoutOf(doc(`<div id="a">${lines('a', 6)}</div>`, b), css);
      expect(boxOf(root, '#a').y).to.be.closeTo(280.5, 0.01);
      expect(boxOf(root, '#b').y).to.be.closeTo(280.5, 0.01);
    });
  }
});

describe('layout/grid: the same figures in Chromium', function () {
  this.timeout(60_000);
  const rectsOf = chromiumRects();
  for (const c of ALL) {
    it(c.name, async () => {
      const rects = await rectsOf({ pageCss: PAGE, html: `<div id="g" style="${c.container}">${c.items}</div>` }, Object.keys(c.expect));
      for (const [id, want] of Object.entries(c.expect)) {
        for (const [k, v] of Object.entries(want)) expect(rects[id]![k as 'x'], `${id}.${k}`).to.be.closeTo(v, 0.05);
      }
    });
  }
});
