// CSS 2.1 §17 tables read from the fragment tree (pt; @page 200pt × 300pt, margin 10pt: a
// 180pt × 280pt page area). Cells hold sized blocks so that column widths and row heights are
// exact spec facts, not text measurements.
import { expect } from 'chai';
import type { BoxFragment, BorderSegment } from '../../../src/engine/layout/fragments';
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';
import { boxesOf, boxOf, layoutOf, linesOf, pageAt } from '../../helpers/layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } ';
const TIGHT = 'table { border-spacing: 0 } td, th { padding: 0 } ';
const block = (w: number, h = 10) => `<div style="width:${w}pt;height:${h}pt"></div>`;
/** a table's collapsed border segments, in flow coordinates */
function segmentsOf(t: BoxFragment): BorderSegment[] {
  const out: BorderSegment[] = [];
  const walk = (f: BoxFragment) => { if (f.collapsedBorders) out.push(...f.collapsedBorders.map((s) => ({ ...s, x1: s.x1 + f.x, x2: s.x2 + f.x, y1: s.y1 + f.y, y2: s.y2 + f.y }))); for (const c of f.children) if (c.kind === 'box') walk(c); };
  walk(t);
  return out;
}

const widthsOf = (root: BoxFragment, row = 0) => boxesOf(boxesOf(root, 'tr')[row]!, 'td').map((td) => td.width);

describe('layout: table column widths (CSS 2.1 §17.5.2)', () => {
  const cases: { name: string; html: string; css: string; widths: number[]; table: number }[] = [
    { name: 'auto layout gives each column its max-content width when it fits', html: `<table><tr><td>${block(30)}</td><td>${block(60)}</td></tr></table>`, css: '', widths: [30, 60], table: 90 },
    { name: 'a specified width is shared in proportion to max-content', html: `<table style="width:180pt"><tr><td>${block(30)}</td><td>${block(60)}</td></tr></table>`, css: '', widths: [60, 120], table: 180 },
    { name: 'fixed layout takes the first row\'s widths and shares the rest', html: `<table><tr><td style="width:50pt"></td><td></td></tr><tr><td>${block(120)}</td><td></td></tr></table>`, css: 'table { table-layout: fixed; width: 150pt }', widths: [50, 100], table: 150 },
    { name: 'a percentage column takes its share of the table width', html: `<table style="width:180pt"><tr><td style="width:25%"></td><td></td></tr></table>`, css: '', widths: [45, 135], table: 180 },
    { name: 'max-width caps a percentage width', html: `<table style="width:100%;max-width:120pt"><tr><td></td><td></td></tr></table>`, css: '', widths: [60, 60], table: 120 },
    { name: 'min-width widens an auto table', html: `<table style="min-width:100pt"><tr><td>${block(10)}</td><td>${block(30)}</td></tr></table>`, css: '', widths: [25, 75], table: 100 },
    { name: 'the HTML width attribute is in CSS pixels', html: `<table width="200"><tr><td></td><td></td></tr></table>`, css: '', widths: [75, 75], table: 150 },
    { name: 'CSS width: auto overrides the width attribute (a presentational hint, CSS 2.1 §6.4.4)', html: `<table width="100%" style="width:auto"><tr><td>${block(30)}</td><td>${block(60)}</td></tr></table>`, css: '', widths: [30, 60], table: 90 },
    { name: 'CSS width: auto on a cell overrides its width attribute', html: `<table style="width:180pt"><tr><td width="150" style="width:auto">${block(30)}</td><td>${block(60)}</td></tr></table>`, css: '', widths: [60, 120], table: 180 },
    { name: 'a colspan cell wider than its columns widens them in proportion', html: `<table><tr><td colspan="2">${block(100)}</td></tr><tr><td>${block(20)}</td><td>${block(30)}</td></tr></table>`, css: '', widths: [40, 60], table: 100 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root } = layoutOf(c.html, PAGE + TIGHT + c.css);
      const row = c.html.includes('colspan') ? 1 : 0;
      const widths = widthsOf(root, row);
      expect(widths.length).to.equal(c.widths.length);
      widths.forEach((w, i) => expect(w, `column ${i}`).to.be.closeTo(c.widths[i]!, 0.01));
      expect(boxOf(root, 'table').width).to.be.closeTo(c.table, 0.01);
    });
  }

  it('auto layout with long text: the table fills the line and the short column keeps its max-content width', () => {
    const long = 'a long cell with many words that cannot fit on one line of the page area at all';
    const { root } = layoutOf(`<table><tr><td>${block(20)}</td><td>${long}</td></tr></table>`, PAGE + TIGHT);
    expect(boxOf(root, 'table').width).to.be.closeTo(180, 0.01);
    const [a, b] = widthsOf(root);
    expect(a).to.be.closeTo(20, 0.01);
    expect(b).to.be.closeTo(160, 0.01);
  });

  it('margin: auto centres the table', () => {
    const { root } = layoutOf(`<table><tr><td>${block(100)}</td></tr></table>`, `${PAGE}${TIGHT} table { margin: 0 auto }`);
    expect(boxOf(root, 'table').x).to.be.closeTo(40, 0.01);
  });

  it('border-spacing separates the cells and the table edge (§17.6.1)', () => {
    // (whole-px spacings: 6pt = 8px, 3pt = 4px; Chromium truncates others to whole px)
    const { root } = layoutOf(`<table><tr><td>${block(20)}</td><td>${block(30)}</td></tr></table>`, `${PAGE} td { padding: 0 } table { border-spacing: 6pt 3pt; border: 1.5pt solid }`);
    const t = boxOf(root, 'table');
    const [a, b] = boxesOf(root, 'td');
    expect(t.width).to.be.closeTo(1.5 + 6 + 20 + 6 + 30 + 6 + 1.5, 0.01);
    expect(a!.x - t.x).to.be.closeTo(7.5, 0.01);
    expect(b!.x - t.x).to.be.closeTo(7.5 + 20 + 6, 0.01);
    expect(a!.y - t.y).to.be.closeTo(4.5, 0.01);
    expect(t.height).to.be.closeTo(1.5 + 3 + 10 + 3 + 1.5, 0.01);
  });

  it('a table beside a float is narrowed to the space left (§9.4.1)', () => {
    const long = 'words enough to fill the whole line beside the float and more words';
    const { root } = layoutOf(`<div style="float:left;width:50pt;height:40pt"></div><table><tr><td>${long}</td></tr></table>`, PAGE + TIGHT);
    const t = boxOf(root, 'table');
    expect(t.x).to.be.closeTo(50, 0.01);
    expect(t.width).to.be.closeTo(130, 0.01);
  });

  it('captions are laid out above the table box, as wide as the table', () => {
    const { root } = layoutOf(`<table><caption>${block(10, 15)}</caption><tr><td>${block(80)}</td></tr></table>`, PAGE + TIGHT);
    const cap = boxOf(root, 'caption');
    const t = boxOf(root, 'table');
    expect(cap.width).to.be.closeTo(80, 0.01);
    expect(t.y - cap.y).to.be.closeTo(15, 0.01);
  });
});

describe('layout: table rows and cells (CSS 2.1 §17.5.3, §17.5.4)', () => {
  it('a row is as tall as its tallest cell, and every cell is stretched to it', () => {
    const { root } = layoutOf(`<table><tr><td>${block(10, 20)}</td><td>${block(10, 40)}</td></tr></table>`, PAGE + TIGHT);
    expect(boxOf(root, 'tr').height).to.be.closeTo(40, 0.01);
    for (const td of boxesOf(root, 'td')) expect(td.height).to.be.closeTo(40, 0.01);
  });

  it('a specified row height is a minimum', () => {
    const { root } = layoutOf(`<table><tr style="height:50pt"><td>${block(10, 20)}</td></tr></table>`, PAGE + TIGHT);
    expect(boxOf(root, 'tr').height).to.be.closeTo(50, 0.01);
  });

  const aligns: { va: string; offset: number }[] = [{ va: 'top', offset: 0 }, { va: 'middle', offset: 15 }, { va: 'bottom', offset: 30 }];
  for (const a of aligns) {
    it(`vertical-align: ${a.va} places the content ${a.offset}pt below the cell's top`, () => {
      const { root } = layoutOf(`<table><tr><td style="vertical-align:${a.va}"><div id="c" style="height:10pt"></div></td><td>${block(10, 40)}</td></tr></table>`, PAGE + TIGHT);
      expect(boxOf(root, '#c').y - boxesOf(root, 'td')[0]!.y).to.be.closeTo(a.offset, 0.01);
    });
  }

  // Chromium 156 aligns cells on the row's baseline only outside block fragmentation: printed, a
  // baseline-aligned cell keeps its content at its top, in a row as tall as the alignment makes it;
  // inside a monolithic inline-block the cells align (figures read from Chromium's printed PDF)
  const baselineRow = (a: string, b: string) => `<table><tr><td style="vertical-align:baseline" id="${a}">aa<div style="height:30pt"></div></td><td style="vertical-align:baseline;font-size:20pt;line-height:30pt" id="${b}">BB</td></tr><tr><td>nn</td></tr></table>`;
  it('in a paged flow a baseline-aligned cell keeps its content at its top; the row is as tall as baseline alignment makes it', () => {
    const { root } = layoutOf(`<!doctype html>${baselineRow('a', 'b')}`, PAGE + TIGHT);
    expect(linesOf(boxOf(root, '#a'))[0]!.y - boxOf(root, '#a').y).to.be.closeTo(0, 0.01);
    expect(linesOf(boxOf(root, '#b'))[0]!.y - boxOf(root, '#b').y).to.be.closeTo(0, 0.01);
    expect(boxesOf(root, 'tr')[0]!.height).to.be.closeTo(54.75, 0.05);
  });

  const wrappers: { name: string; wrap: (t: string) => string }[] = [
    { name: 'a flex item', wrap: (t) => `<div style="display:flex"><div>${t}</div><div>x</div></div>` },
    { name: 'a grid item', wrap: (t) => `<div style="display:grid;grid-template-columns:100pt 50pt"><div>${t}</div><div>x</div></div>` },
    { name: 'a float', wrap: (t) => `<div style="float:left">${t}</div>` },
    { name: 'a multi-column container', wrap: (t) => `<div style="columns:2;column-fill:auto;height:100pt">${t}</div>` },
  ];
  for (const w of wrappers) {
    it(`in ${w.name} (still fragmented when printed) a baseline-aligned cell keeps its content at its top`, () => {
      const { root } = layoutOf(`<!doctype html>${w.wrap(baselineRow('a', 'b'))}`, PAGE + TIGHT);
      expect(linesOf(boxOf(root, '#a'))[0]!.y - boxOf(root, '#a').y).to.be.closeTo(0, 0.01);
      expect(boxesOf(root, 'tr')[0]!.height).to.be.closeTo(54.75, 0.05);
    });
  }

  it('inside an inline-block (monolithic) baseline-aligned cells share the row baseline', () => {
    const { root } = layoutOf(`<!doctype html><div style="display:inline-block">${baselineRow('a', 'b')}</div>`, PAGE + TIGHT);
    expect(linesOf(boxOf(root, '#a'))[0]!.y - boxOf(root, '#a').y).to.be.closeTo(12.75, 0.05);
    expect(linesOf(boxOf(root, '#a'))[0]!.baseline).to.be.closeTo(linesOf(boxOf(root, '#b'))[0]!.baseline, 0.01);
    expect(boxesOf(root, 'tr')[0]!.height).to.be.closeTo(54.75, 0.05);
  });

  it('a rowspan cell spans its rows, which share its extra height', () => {
    const { root } = layoutOf(`<table><tr><td rowspan="2" id="s">${block(10, 60)}</td><td>${block(10, 10)}</td></tr><tr><td>${block(10, 10)}</td></tr></table>`, PAGE + TIGHT);
    const [r1, r2] = boxesOf(root, 'tr');
    expect(r1!.height).to.be.closeTo(30, 0.01);
    expect(r2!.height).to.be.closeTo(30, 0.01);
    expect(boxOf(root, '#s').height).to.be.closeTo(60, 0.01);
  });

  it('with border-spacing a row\'s background shows in its cells, not in the spacing (§17.5.1)', () => {
    const { root } = layoutOf(`<table><tr id="r" style="background:#f00"><td>${block(10)}</td><td style="background:#00f">${block(10)}</td></tr></table>`, `${PAGE} td { padding: 0 } table { border-spacing: 4pt }`);
    expect(boxOf(root, '#r').style.backgroundColor.a).to.equal(0);
    const [a, b] = boxesOf(root, 'td');
    expect(a!.style.backgroundColor).to.deep.include({ r: 255, b: 0 });
    expect(b!.style.backgroundColor).to.deep.include({ r: 0, b: 255 });
  });

  it('HTML cellpadding pads every cell', () => {
    const { root } = layoutOf(`<table cellpadding="8" cellspacing="0"><tr><td>${block(10, 10)}</td></tr></table>`, PAGE + 'table { border-spacing: 0 }');
    expect(boxOf(root, 'td').height).to.be.closeTo(10 + 12, 0.01);
  });

  it('the table\'s first baseline is its first row\'s: a nested table aligns with its neighbour cell (in a monolithic inline-block)', () => {
    const nested = '<table><tr><td style="padding-top:20pt;vertical-align:baseline">x</td></tr><tr><td>y</td></tr></table>';
    const { root } = layoutOf(`<div style="display:inline-block"><table><tr><td style="vertical-align:baseline">${nested}</td><td style="vertical-align:baseline" id="b">x</td></tr></table></div>`, PAGE + TIGHT);
    const inner = boxesOf(root, 'td')[1]!;
    const lineIn = (f: BoxFragment): number => {
      for (const c of f.children) { if (c.kind === 'line') return c.baseline; if (c.kind === 'box') { const b = lineIn(c); if (!Number.isNaN(b)) return b; } }
      return NaN;
    };
    expect(lineIn(boxOf(root, '#b'))).to.be.closeTo(lineIn(inner), 0.01);
    expect(lineIn(boxOf(root, '#b')) - boxOf(root, '#b').y).to.be.greaterThan(20);
  });
});

describe('layout: collapsed table borders (CSS 2.1 §17.6.2)', () => {
  const html = `<table><tr><td id="a">${block(20)}</td><td id="b">${block(20)}</td></tr></table>`;

  const cases: { name: string; css: string; line: 'middle' | 'left'; width: number; style: string; red?: number }[] = [
    { name: 'the wider border wins', css: 'td { border: 0.75pt solid } #a { border-right: 3pt solid }', line: 'middle', width: 3, style: 'solid' },
    { name: 'at equal width the style decides (double over solid)', css: 'td { border: 3pt solid } #b { border-left: 3pt double }', line: 'middle', width: 3, style: 'double' },
    { name: 'hidden suppresses every other border', css: 'td { border: 3pt solid } #a { border-right: hidden }', line: 'middle', width: 0, style: 'none' },
    { name: 'the table\'s wider border wins over the cell\'s on the outer edge', css: 'table { border: 4.5pt solid } td { border: 1.5pt dotted }', line: 'left', width: 4.5, style: 'solid' },
    { name: 'at equal width and style the cell wins over the table', css: 'table { border: 1.5pt solid red } td { border: 1.5pt solid blue }', line: 'left', width: 1.5, style: 'solid', red: 0 },
    { name: 'at equal width the style decides over the source (dashed table over dotted cell)', css: 'table { border: 1.5pt dashed red } td { border: 1.5pt dotted blue }', line: 'left', width: 1.5, style: 'dashed', red: 255 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root } = layoutOf(html, `${PAGE} td { padding: 0 } table { border-collapse: collapse } ${c.css}`);
      const a = boxOf(root, '#a');
      const x = c.line === 'middle' ? a.x + a.width : a.x; // a vertical grid line
      const seg = segmentsOf(boxOf(root, 'table')).find((s) => s.x1 === s.x2 && Math.abs(s.x1 - x) < 0.01);
      if (c.width === 0) { expect(seg).to.equal(undefined); return; }
      expect(seg, 'a segment on the line').to.not.equal(undefined);
      expect(seg!.width).to.equal(c.width);
      expect(seg!.style).to.equal(c.style);
      if (c.red !== undefined) expect(seg!.color.r).to.equal(c.red);
    });
  }

  it('cells and the table take half of each collapsed border', () => {
    const { root } = layoutOf(html, `${PAGE} td { padding: 0; border: 3pt solid } table { border-collapse: collapse }`);
    const t = boxOf(root, 'table');
    // each grid line is 3pt wide, centred between the cells and on the table's edge: 3 + 20 + 3 + 20 + 3
    expect(t.width).to.be.closeTo(49, 0.01);
    expect(t.height).to.be.closeTo(16, 0.01);
    expect(boxOf(root, '#a').x - t.x).to.be.closeTo(1.5, 0.01);
    expect(boxOf(root, '#a').width).to.be.closeTo(23, 0.01);
    expect(boxOf(root, '#a').border.right).to.be.closeTo(1.5, 0.01);
  });

  // A specified width is the table's border box, whose borders are half of the widest outer
  // collapsed edges, the cells' when the table has none of its own (Chromium 156: `width: 600px`
  // with 1px cell borders puts the second column at 300.5px, with 4px cell borders at 302px, with
  // a 6px table border at 300.5px; `width: 50%` of 794px at 199px).
  const widths: [string, string, number][] = [
    ['the cells\' outer borders', 'td { border: 1px solid }', 300.5],
    ['wider cell borders', 'td { border: 4px solid }', 302],
    ['the table\'s own wider border', 'table { border: 6px solid } td { border: 1px solid }', 300.5],
    ['a percentage width', 'table { width: 50% !important } td { border: 1px solid }', 199],
    ['box-sizing: content-box: the grid is the specified width', 'table { box-sizing: content-box } td { border: 1px solid }', 301],
  ];
  for (const [name, css, bx] of widths) {
    it(`a specified width holds half the outer collapsed borders: ${name}`, () => {
      const { root } = layoutOf('<table style="width:600px"><tr><td></td><td id="b"></td></tr></table>',
        `@page { size: 794px 400px; margin: 0 } body { margin: 0 } table { border-collapse: collapse } td { padding: 0 } ${css}`);
      const b = boxOf(root, '#b');
      expect((b.x + b.border.left - boxOf(root, 'table').x) / 0.75, 'the second cell\'s content edge, px').to.be.closeTo(bx, 0.01);
    });
  }
});

describe('layout: tables across pages (CSS Fragmentation 3)', () => {
  const rows = (n: number, h = 20) => Array.from({ length: n }, (_, i) => `<tr><td>${block(20, h)}</td><td>row ${i}</td></tr>`).join('');

  it('a header group repeats at the top of page 2', () => {
    const { root, pages } = layoutOf(`<table><thead><tr><th>${block(20, 15)}</th></tr></thead><tbody>${rows(20)}</tbody></table>`, PAGE + TIGHT);
    const heads = boxesOf(root, 'thead');
    expect(heads.length).to.be.at.least(2);
    expect(heads[1]!.y).to.be.closeTo(pages[1]!.flowTop, 0.01);
    // the first body row of page 2 sits right below the repeated header (in the row group's piece on page 2)
    const onPage2 = boxesOf(root, 'tbody').flatMap((g) => boxesOf(g, 'tr')).find((tr) => pageAt(pages, tr.y) === 1)!;
    expect(onPage2.y).to.be.closeTo(pages[1]!.flowTop + 15, 0.01);
  });

  // CSS Fragmentation 3 §4.4 with captions (Chromium 156, page area 280pt, unbreakable 20pt rows):
  // a break between the captions above and the table box is taken when they and the table box's
  // top border fit; a header alone on a page stays there only after a caption
  const capRows = [1, 2, 3].map((i) => `<tr style="break-inside:avoid"><td id="r${i}">${block(20, 20)}</td></tr>`).join('');
  it('a caption that fits with the table\'s top border stays at the page foot; the table box moves on', () => {
    const { root, pages } = layoutOf(`${block(20, 250)}<table style="border-top:3pt solid"><caption id="cap">${block(10, 15)}</caption><tbody>${capRows}</tbody></table>`, PAGE + TIGHT);
    const cap = boxOf(root, '#cap');
    expect(pageAt(pages, cap.y)).to.equal(0);
    expect(cap.y).to.be.closeTo(250, 0.01);
    expect(boxOf(root, '#r1').y).to.be.closeTo(pages[1]!.flowTop + 3, 0.01);
  });
  it('a caption whose table\'s top border would cross the page end moves with the table', () => {
    const { root, pages } = layoutOf(`${block(20, 262)}<table style="border-top:4pt solid"><caption id="cap">${block(10, 15)}</caption><tbody>${capRows}</tbody></table>`, PAGE + TIGHT);
    expect(boxOf(root, '#cap').y).to.be.closeTo(pages[1]!.flowTop, 0.01);
    // (a 4pt border is 5.33px, used as 5px: 3.75pt)
    expect(boxOf(root, '#r1').y).to.be.closeTo(pages[1]!.flowTop + 18.75, 0.01);
  });
  it('a caption and a header with no body row after them stay; the header repeats above the rows on the next page', () => {
    const { root, pages } = layoutOf(`${block(20, 240)}<table><caption id="cap">${block(10, 15)}</caption><thead><tr><th>${block(20, 20)}</th></tr></thead><tbody>${capRows}</tbody></table>`, PAGE + TIGHT);
    expect(boxOf(root, '#cap').y).to.be.closeTo(240, 0.01);
    const heads = boxesOf(root, 'thead');
    expect(heads.map((h) => +h.y.toFixed(2))).to.deep.equal([255, +pages[1]!.flowTop.toFixed(2)]);
    expect(boxOf(root, '#r1').y).to.be.closeTo(pages[1]!.flowTop + 20, 0.01);
  });
  it('a header that just fits with no body row after it and no caption before it moves with the table', () => {
    const { root, pages } = layoutOf(`${block(20, 260)}<table><thead><tr><th>${block(20, 20)}</th></tr></thead><tbody>${capRows}</tbody></table>`, PAGE + TIGHT);
    const heads = boxesOf(root, 'thead');
    expect(heads.map((h) => pageAt(pages, h.y))).to.deep.equal([1]);
    expect(heads[0]!.y).to.be.closeTo(pages[1]!.flowTop, 0.01);
    expect(boxOf(root, '#r1').y).to.be.closeTo(pages[1]!.flowTop + 20, 0.01);
  });

  // a caption that moves to the next page by itself takes the table box along: the header and
  // rows follow it there (Chromium 156: the caption, H and R1 on page 2 at 0, 15 and 35pt)
  const headed = `<thead><tr><th id="h">${block(20, 20)}</th></tr></thead><tbody>${capRows}</tbody>`;
  it('a caption that moves on by itself is followed by its header and rows on the next page', () => {
    // (the caption's line of text crosses the page end)
    const { root, pages } = layoutOf(`${block(20, 270)}<table><caption><div id="cap" style="height:15pt">C</div></caption>${headed}</table>`, PAGE + TIGHT);
    const top = pages[1]!.flowTop;
    expect([boxOf(root, '#cap').y, boxOf(root, '#h').y, boxOf(root, '#r1').y].map((y) => +(y - top).toFixed(2))).to.deep.equal([0, 15, 35]);
  });
  it('a caption broken across the page end is followed by its header on the page it ends on', () => {
    // (Chromium 156: the caption's second block, H and R1 on page 2 at 0, 20 and 40pt)
    const { root, pages } = layoutOf(`${block(20, 250)}<table><caption><div style="height:20pt">C</div><div id="c2" style="height:20pt">D</div></caption>${headed}</table>`, PAGE + TIGHT);
    const top = pages[1]!.flowTop;
    expect([boxOf(root, '#c2').y, boxOf(root, '#h').y, boxOf(root, '#r1').y].map((y) => +(y - top).toFixed(2))).to.deep.equal([0, 20, 40]);
  });

  it('a footer group repeats right after the last row of every page the table continues from (as Chromium places it)', () => {
    // rows of 100pt: two and the 15pt footer fit the 280pt page area, the third moves on and
    // leaves 65pt empty below the first page's footer (Chromium 156: F 200pt down page 1, 100pt down page 2)
    const tall = (i: number) => `<tr style="break-inside: avoid"><td>${block(20, 100)}</td></tr>`.replace('<td>', `<td id="r${i}">`);
    const { root, pages } = layoutOf(`<table><tfoot><tr><td>${block(20, 15)}</td></tr></tfoot><tbody>${[1, 2, 3].map(tall).join('')}</tbody></table>`, PAGE + TIGHT);
    const feet = boxesOf(root, 'tfoot');
    expect(feet.map((f) => +f.y.toFixed(2))).to.deep.equal([200, +(pages[1]!.flowTop + 100).toFixed(2)]);
    expect(boxOf(root, '#r3').y).to.be.closeTo(pages[1]!.flowTop, 0.01);
  });

  // Chromium 156 repeats a header or footer group only when it is at most a quarter of the page
  // area (70pt here), each group on its own (page area 280pt, unbreakable 20pt rows, header H and
  // footer F): H 70 F 15 → both on all 3 pages, row 9 70pt down page 2; H 72 → H on page 1 only, F on
  // both pages, row 9 at the top of page 2; F 72 → F at the table's end only, H on both, row 13 15pt down page 2
  const quarterTable = (h: number, f: number) => `<table><thead><tr><th><div style="height:${h}pt">HEAD</div></th></tr></thead><tbody>${
    Array.from({ length: 20 }, (_, i) => `<tr id="q${i}" style="break-inside:avoid"><td>${block(20, 20)}</td><td>row ${i}</td></tr>`).join('')}</tbody><tfoot><tr><td><div style="height:${f}pt">FOOT</div></td></tr></tfoot></table>`;
  const quarterCases: { name: string; h: number; f: number; heads: number; feet: number; row: string; down: number }[] = [
    { name: 'a header and a footer of a quarter of the page area repeat', h: 70, f: 15, heads: 3, feet: 3, row: '#q9', down: 70 },
    { name: 'a header taller than a quarter of the page area stays on the first page; the footer still repeats', h: 72, f: 15, heads: 1, feet: 2, row: '#q9', down: 0 },
    { name: 'a footer taller than a quarter of the page area stays at the table\'s end; the header still repeats', h: 15, f: 72, heads: 2, feet: 1, row: '#q13', down: 15 },
  ];
  for (const c of quarterCases) {
    it(c.name, () => {
      const { root, pages } = layoutOf(quarterTable(c.h, c.f), PAGE + TIGHT);
      expect(boxesOf(root, 'thead').length).to.equal(c.heads);
      expect(boxesOf(root, 'tfoot').length).to.equal(c.feet);
      const row = boxOf(root, c.row);
      expect(pageAt(pages, row.y)).to.equal(1);
      expect(row.y - pages[1]!.flowTop).to.be.closeTo(c.down, 0.01);
    });
  }

  // Chromium 156 (page area 280pt; rows of 30pt, a 20pt header): the border-spacing after a
  // page's last row is dropped; a continuation page starts with the repeated header at its top
  // (no table border, no spacing above it), then the spacing, then its first row, on every page alike
  it('border-spacing at a page end: the repeated header is at the page top and the rows do not drift', () => {
    const body = Array.from({ length: 20 }, (_, i) => `<tr><td id="r${i}">${block(20, 30)}</td></tr>`).join('');
    const { root, pages } = layoutOf(`<table><thead><tr><th>${block(20, 20)}</th></tr></thead><tbody>${body}</tbody><tfoot><tr><td>${block(20, 15)}</td></tr></tfoot></table>`,
      `${PAGE} td, th { padding: 0 } table { border-spacing: 4pt 7pt }`);
    const heads = boxesOf(root, 'thead');
    const feet = boxesOf(root, 'tfoot');
    // (7pt spacing is 9px: 6.75pt; Chromium: the header text 27.75pt above the first row's on every page)
    expect(heads[0]!.y).to.be.closeTo(6.75, 0.01);
    for (const k of [1, 2, 3]) {
      const head = heads.find((h) => pageAt(pages, h.y) === k)!;
      expect(head.y, `header on page ${k + 1}`).to.be.closeTo(pages[k]!.flowTop, 0.01);
      expect(boxOf(root, `#r${6 * k}`).y, `first row on page ${k + 1}`).to.be.closeTo(pages[k]!.flowTop + 26.75, 0.01);
    }
    // the footer follows each page's last row by the spacing (Chromium: 247.25pt down pages 2 and 3)
    for (const k of [1, 2]) expect(feet.find((f) => pageAt(pages, f.y) === k)!.y - pages[k]!.flowTop).to.be.closeTo(247.25, 0.01);
  });

  it('border-spacing at a page end without a header: the next row starts at the page top', () => {
    // rows of 30pt every 39.75pt (10pt spacing is 13px: 9.75pt); the 7th ends 0.25pt above the page end
    const body = Array.from({ length: 10 }, (_, i) => `<tr><td id="r${i}">${block(20, 30)}</td></tr>`).join('');
    const { root, pages } = layoutOf(`<table><tbody>${body}</tbody></table>`, `${PAGE} td { padding: 0 } table { border-spacing: 0 10pt; border: 2pt solid }`);
    expect(pageAt(pages, boxOf(root, '#r6').y)).to.equal(0);
    expect(boxOf(root, '#r7').y).to.be.closeTo(pages[1]!.flowTop, 0.01);
    expect(boxOf(root, '#r8').y).to.be.closeTo(pages[1]!.flowTop + 39.75, 0.01);
  });

  it('collapsed borders stop at the last row of a page when the next row moves on', () => {
    const tall = `<tr style="break-inside: avoid"><td>${block(20, 100)}</td><td>x</td></tr>`;
    const { root, pages } = layoutOf(`<table><thead><tr><th>${block(20, 15)}</th><th>h</th></tr></thead><tbody>${tall.repeat(3)}</tbody></table>`,
      `${PAGE} table { border-collapse: collapse } td, th { padding: 0; border: 1pt solid }`);
    const t = boxesOf(root, 'table')[0]!;
    const lastRowBottom = Math.max(...boxesOf(t, 'tr').filter((tr) => pageAt(pages, tr.y) === 0).map((tr) => tr.y + tr.height));
    const vertical = segmentsOf(t).filter((g) => g.x1 === g.x2 && pageAt(pages, g.y1) === 0);
    expect(vertical.length).to.be.greaterThan(0);
    for (const g of vertical) expect(g.y2, 'a grid line on page 1').to.be.at.most(lastRowBottom + 0.51);
  });

  it('a row with break-inside: avoid moves whole to the next page', () => {
    const { root, pages } = layoutOf(`<div style="height:250pt"></div><table><tr style="break-inside:avoid" id="r"><td>${block(20, 60)}</td><td>a<br>b<br>c</td></tr></table>`, PAGE + TIGHT);
    const r = boxOf(root, '#r');
    expect(r.y).to.be.closeTo(pages[1]!.flowTop, 0.01);
    for (const td of boxesOf(r, 'td')) expect(pageAt(pages, td.y)).to.equal(1);
  });

  // A break before a cell's first line or box is a break before the cell, and so before its row
  // (CSS Fragmentation 3 §4.1): when one cell's content would start on the next page, the row
  // moves there whole, even if another cell's line fits. Checked against Chromium 156 (page area
  // 280pt, lines of 12pt): 'a' is the first cell's one line.
  const starts: [string, number, string, number][] = [
    ['only one of two lines fits (orphans: 2)', 260, '<td>b1<br>b2</td>', 1],
    ['the same with vertical-align: top', 260, '<td style="vertical-align: top">b1<br>b2</td>', 1],
    ['its padding pushes its first line past the end', 250, '<td style="padding-top: 35pt">b1</td>', 1],
    ['two of five lines fit: the row breaks inside', 250, '<td>b1<br>b2<br>b3<br>b4<br>b5</td>', 0],
  ];
  for (const [name, before, cell, page] of starts) {
    it(`a row whose second cell's content would start on the next page: ${name}`, () => {
      const { root, pages } = layoutOf(`<div style="height:${before}pt"></div><table><tr id="r"><td id="a">a</td>${cell}</tr></table>`, PAGE + TIGHT);
      const a = linesOf(boxOf(root, '#a'))[0]!;
      expect(pageAt(pages, a.y), 'the first cell\'s line').to.equal(page);
      expect(boxOf(root, '#r').y).to.be.closeTo(page ? pages[1]!.flowTop : before, 0.01);
    });
  }

  // A cell holding a table starts with that table's first line, wherever the table's synthesized
  // baseline is (a row whose cells are all vertical-align: middle has its lowest cell's bottom as
  // its baseline): the outer row breaks inside the nested table, as Chromium 156 prints (b1 and b2
  // end page 1 at 259.4pt and 271.4pt of the page, b3 starts page 2).
  const inner = '<table><tr><td id="b1">b1</td></tr><tr><td>b2</td></tr><tr><td id="b3">b3</td></tr><tr><td>b4</td></tr></table>';
  const nested: [string, string][] = [
    ['a table in a table cell', `<table><tr><td>${inner}</td></tr></table>`],
    ['a table in a floated table', `<table style="float:left"><tr><td valign="top">${inner}</td></tr></table>`],
  ];
  for (const [name, cell] of nested) {
    it(`a row whose cell holds ${name} breaks inside the innermost table`, () => {
      const { root, pages } = layoutOf(`<div style="height:250pt"></div><table><tr id="r"><td>a</td><td>${cell}</td></tr></table>`, PAGE + TIGHT);
      expect(boxOf(root, '#r').y, 'the row stays').to.be.closeTo(250, 0.01);
      expect(pageAt(pages, linesOf(boxOf(root, '#b1'))[0]!.y), 'b1').to.equal(0);
      expect(pageAt(pages, linesOf(boxOf(root, '#b3'))[0]!.y), 'b3').to.equal(1);
    });
  }

  it('break-before: page on a row starts it on the next page, below the repeated header', () => {
    const { root, pages } = layoutOf(`<table><thead><tr><th>${block(20, 15)}</th></tr></thead><tbody><tr><td>${block(20)}</td></tr><tr id="r" style="break-before:page"><td>${block(20)}</td></tr></tbody></table>`, PAGE + TIGHT);
    expect(boxOf(root, '#r').y).to.be.closeTo(pages[1]!.flowTop + 15, 0.01);
  });

  it('no row of a 200-row table straddles a page end', () => {
    const { root, pages } = layoutOf(`<p>before</p><table><thead><tr><th>h</th><th>h</th></tr></thead><tbody>${rows(200, 12)}</tbody></table>`, `${PAGE} table { border-collapse: collapse } td, th { border: 1pt solid }`);
    const trs = boxesOf(root, 'tr');
    expect(trs.length).to.be.greaterThan(200);
    expect(pages.length).to.be.greaterThan(5);
    for (const tr of trs) expect(pageAt(pages, tr.y), `row at ${tr.y}`).to.equal(pageAt(pages, tr.y + tr.height - 0.01));
  });

  it('a row taller than a page splits and its cell\'s lines flow on', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('<br>');
    const { root, pages } = layoutOf(`<div style="height:100pt"></div><table><tr id="r"><td>${lines}</td></tr></table>`, PAGE + TIGHT);
    const r = boxOf(root, '#r');
    expect(r.y).to.be.closeTo(100, 0.01);
    expect(pageAt(pages, r.y + r.height)).to.equal(1);
  });

  // A cell spanning rows crosses the page end with its content: when that content breaks, the
  // row it starts in breaks inside; a cell's first line pushed on (orphans) or break-inside: avoid
  // on the row then moves the row whole, the rows it spans with it. Checked against Chromium 156
  // (page area 280pt, the table at 260pt: s1 fits on page 1, s2 does not; b is beside s2).
  const spanning: [string, string, string, number][] = [
    ['its two lines would leave one on page 1 (orphans: 2): the row moves', '', '', 1],
    ['with orphans: 1 and widows: 1 it breaks inside: the row stays', '', 'style="orphans:1;widows:1"', 0],
    ['with orphans: 1 and break-inside: avoid on the row: the row moves', 'style="break-inside:avoid"', 'style="orphans:1;widows:1"', 1],
  ];
  for (const [name, tr, td, page] of spanning) {
    it(`a rowspan cell whose content crosses the page end: ${name}`, () => {
      const { root, pages } = layoutOf(`<div style="height:260pt"></div><table><tr id="r" ${tr}><td rowspan="2" id="s" ${td}>s1<br>s2</td><td id="a">a</td></tr><tr id="r2"><td>b</td></tr></table>`, PAGE + TIGHT);
      const lines = linesOf(boxOf(root, '#s'));
      expect(boxOf(root, '#r').y).to.be.closeTo(page ? pages[1]!.flowTop : 260, 0.01);
      expect(pageAt(pages, lines[0]!.y), 's1').to.equal(page);
      expect(pageAt(pages, lines[1]!.y), 's2').to.equal(1);
      expect(linesOf(boxOf(root, '#r2'))[0]!.y, 'b beside s2').to.be.closeTo(lines[1]!.y, 0.01);
    });
  }

  it('a rowspan cell whose content fits on page 1 stays there while the row it spans moves on', () => {
    const { root, pages } = layoutOf('<div style="height:260pt"></div><table><tr id="r"><td rowspan="2" style="vertical-align:top">s</td><td>a</td></tr><tr id="r2"><td>b</td></tr></table>', PAGE + TIGHT);
    expect(boxOf(root, '#r').y).to.be.closeTo(260, 0.01);
    expect(boxOf(root, '#r2').y).to.be.closeTo(pages[1]!.flowTop, 0.01);
  });

  it('a rowspan crossing a page break keeps its cell spanning both pages', () => {
    const { root, pages } = layoutOf(`<table><tr><td rowspan="3" id="s">${block(10, 10)}</td><td>${block(10, 100)}</td></tr><tr><td>${block(10, 100)}</td></tr><tr><td>${block(10, 100)}</td></tr></table>`, PAGE + TIGHT);
    const s = boxOf(root, '#s');
    const trs = boxesOf(root, 'tr');
    expect(pageAt(pages, trs[2]!.y)).to.equal(1);
    expect(trs[2]!.y).to.be.closeTo(pages[1]!.flowTop, 0.01);
    expect(pageAt(pages, s.y)).to.equal(0);
    expect(s.y + s.height).to.be.closeTo(trs[2]!.y + trs[2]!.height, 0.01);
  });
});

describe('layout: split rows below a repeated header (CSS Fragmentation 3)', () => {
  it('a cell continuing on page 2 resumes below the repeated header, its lines too', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('<br>');
    const { root, pages } = layoutOf(`<table><thead><tr><th>${block(20, 15)}</th></tr></thead><tbody><tr><td id="c" style="border:1pt solid">${lines}</td></tr></tbody></table>`, PAGE + TIGHT);
    const parts = boxesOf(root, '#c');
    expect(parts.length).to.be.at.least(2);
    expect(parts[1]!.y).to.be.closeTo(pages[1]!.flowTop + 15, 0.01);
    expect(parts[0]!.border.bottom).to.equal(0);
    expect(parts[1]!.border.top).to.equal(0);
    for (const l of linesOf(parts[0]!)) {
      const page = pageAt(pages, l.y);
      if (page > 0) expect(l.y, `line at ${l.y}`).to.be.at.least(pages[page]!.flowTop + 15 - 0.01);
      expect(pageAt(pages, l.y + l.height - 0.01)).to.equal(page);
    }
  });
});

// The same facts measured in Chromium: each case's boxes as Chromium lays them out, read back in pt.
const CHROME_CASES: ChromiumFact[] = [
  // CSS 2.1 §17.2.1: content straight inside a `display: table` element goes into an anonymous row and cell of
  // anonymous style; the element's padding, border and height are the table box's only
  { name: 'display: table with padding: its content in an anonymous cell without it', html: `<div id="t" style="display:table;padding:10pt;border:3pt solid">${block(50, 20).replace('<div', '<div id="c"')}</div>`, css: '', expect: { t: { width: 76, height: 46 }, c: { x: 13, y: 13 } } },
  { name: 'display: table with a height: the anonymous row is not given it again', html: `<div id="t" style="display:table;height:100pt;border:3pt solid">${block(50, 20).replace('<div', '<div id="c"')}</div><div id="n" style="height:1pt"></div>`, css: '', expect: { t: { height: 106 }, c: { y: 3 }, n: { y: 106 } } },
  { name: 'auto widths at max-content', html: `<table id="t"><tr><td id="a">${block(30)}</td><td id="b">${block(60)}</td></tr></table>`, css: TIGHT, expect: { t: { width: 90 }, a: { width: 30 }, b: { x: 30, width: 60 } } },
  { name: 'a specified width shared by max-content', html: `<table id="t" style="width:180pt"><tr><td id="a">${block(30)}</td><td id="b">${block(60)}</td></tr></table>`, css: TIGHT, expect: { a: { width: 60 }, b: { width: 120 } } },
  { name: 'fixed layout', html: `<table id="t"><tr><td id="a" style="width:50pt"></td><td id="b"></td></tr><tr><td>${block(120)}</td><td></td></tr></table>`, css: `${TIGHT} table { table-layout: fixed; width: 150pt }`, expect: { a: { width: 50 }, b: { x: 50, width: 100 } } },
  { name: 'a percentage column', html: '<table id="t" style="width:180pt"><tr><td id="a" style="width:25%"></td><td id="b"></td></tr></table>', css: TIGHT, expect: { a: { width: 45 }, b: { width: 135 } } },
  { name: 'a colspan cell widens its columns', html: `<table id="t"><tr><td colspan="2">${block(100)}</td></tr><tr><td id="a">${block(20)}</td><td id="b">${block(30)}</td></tr></table>`, css: TIGHT, expect: { a: { width: 40 }, b: { width: 60 } } },
  { name: 'max-width caps width: 100%', html: '<table id="t" style="width:100%;max-width:120pt"><tr><td id="a"></td><td></td></tr></table>', css: TIGHT, expect: { t: { width: 120 }, a: { width: 60 } } },
  { name: 'border-spacing and a table border', html: `<table id="t"><tr><td id="a">${block(20)}</td><td id="b">${block(30)}</td></tr></table>`, css: 'td { padding: 0 } table { border-spacing: 6pt 3pt; border: 3pt solid }', expect: { t: { width: 74, height: 22 }, a: { x: 9, y: 6 }, b: { x: 35 } } },
  { name: 'collapsed borders: half in each cell', html: `<table id="t"><tr><td id="a">${block(20)}</td><td id="b">${block(20)}</td></tr></table>`, css: 'td { padding: 0; border: 3pt solid } table { border-collapse: collapse }', expect: { t: { width: 49, height: 16 }, a: { x: 1.5, width: 23 }, b: { x: 24.5 } } },
  { name: 'collapsed: the outer cells hold half of a thick table border', html: `<table id="t"><tr><td id="a">${block(40)}</td><td id="b">${block(20)}</td></tr></table>`, css: 'td { padding: 0 } table { border-collapse: collapse; border: 30pt solid; width: 150pt }', expect: { t: { width: 150 }, a: { x: 15, width: 73.33 }, b: { width: 46.67 } } },
  { name: 'row height and vertical-align: middle', html: '<table id="t"><tr><td><div id="c" style="height:10pt"></div></td><td><div style="height:40pt;width:10pt"></div></td></tr></table>', css: TIGHT, expect: { c: { y: 15 }, t: { height: 40 } } },
  { name: 'a rowspan cell grows the last row', html: `<table id="t"><tr id="r1"><td rowspan="2" id="s">${block(10, 60)}</td><td>${block(10, 10)}</td></tr><tr id="r2"><td>${block(10, 10)}</td></tr></table>`, css: TIGHT, expect: { r1: { height: 30 }, r2: { y: 30, height: 30 }, s: { height: 60 } } },
  { name: 'a rowspan shares its extra height in proportion to the rows', html: `<table id="t"><tr id="r1"><td rowspan="2">${block(10, 80)}</td><td>${block(10, 10)}</td></tr><tr id="r2"><td>${block(10, 30)}</td></tr></table>`, css: TIGHT, expect: { r1: { height: 20 }, r2: { y: 20, height: 60 } } },
  { name: 'a caption above the table', html: `<table id="t"><caption id="cap">${block(10, 15)}</caption><tr><td id="c">${block(80)}</td></tr></table>`, css: TIGHT, expect: { cap: { y: 0, width: 80, height: 15 }, c: { y: 15 } } },
  { name: 'a table height is shared by the rows', html: `<table id="t" style="height:100pt"><tr id="r1"><td>${block(10, 10)}</td></tr><tr id="r2"><td>${block(10, 30)}</td></tr></table>`, css: TIGHT, expect: { t: { height: 100 }, r1: { height: 25 }, r2: { y: 25, height: 75 } } },
  { name: 'margin: auto centres', html: `<table id="t"><tr><td>${block(100)}</td></tr></table>`, css: `${TIGHT} table { margin: 0 auto }`, expect: { t: { x: 40 } } },
  // CSS 2.1 §17.2.1 rule 3: consecutive table parts outside a table share ONE anonymous table
  { name: 'a display: block table: its thead and tbody share one anonymous table and its columns', html: `<table style="display:block"><thead><tr><th id="h">${block(60)}</th><th id="h2">${block(10)}</th></tr></thead>\n<tbody><tr><td id="b">${block(20)}</td><td id="b2">${block(30)}</td></tr></tbody></table>`, css: TIGHT, expect: { h: { width: 60 }, b: { y: 10, width: 60 }, b2: { x: 60, width: 30 }, h2: { width: 30 } } },
  { name: 'table-row divs in a block share one anonymous table', html: `<div><div style="display:table-row"><div style="display:table-cell" id="a">${block(30)}</div><div style="display:table-cell" id="b">${block(50)}</div></div>\n  <div style="display:table-row"><div style="display:table-cell" id="c">${block(40)}</div><div style="display:table-cell">${block(5)}</div></div></div>`, css: TIGHT, expect: { a: { width: 40 }, b: { x: 40 }, c: { y: 10, width: 40 } } },
  { name: 'a lone table-cell: the anonymous table around it has none of the cell\'s padding or border', html: `<div><div id="c" style="display:table-cell;padding:6pt;border:3pt solid">${block(20)}</div></div>`, css: '', expect: { c: { x: 0, y: 0, width: 38, height: 28 } } },
  // Blink's cell inline-size constraints: a fixed max-width caps the column's max-content, a fixed min-width raises its minimum
  { name: 'a cell\'s max-width caps its max-content contribution (the width is shared by the capped max-content)', html: `<table id="t" style="width:180pt"><tr><td id="a">${block(15)}</td><td id="b" style="max-width:30pt"><i></i> <i></i> <i></i> <i></i></td></tr></table>`, css: `${TIGHT} td { font-size: 0 } i { display: inline-block; width: 15pt; height: 10pt }`, expect: { a: { width: 60 }, b: { x: 60, width: 120 } } },
  { name: 'a cell\'s min-width raises its column', html: `<table id="t"><tr><td id="a" style="min-width:50pt">${block(10)}</td><td id="b">${block(20)}</td></tr></table>`, css: TIGHT, expect: { t: { width: 70 }, a: { width: 50 }, b: { x: 50 } } },
  // Chromium keeps border-spacing in whole px (truncated after a 0.01px nudge): 1.6px is 1px, 2.7px 2px, 20.99px 21px
  { name: 'border-spacing in whole pixels', html: `<table id="t" style="border-spacing:1.6px 2.7px"><tr><td id="a">${block(30)}</td></tr></table><table id="u" style="border-spacing:20.99px 0"><tr><td id="b">${block(30)}</td></tr></table>`, css: 'td { padding: 0 }', expect: { t: { width: 31.5, height: 13 }, a: { x: 0.75, y: 1.5 }, b: { x: 15.75 } } },
  // HTML §15.3.8: th is centred only under a parent whose text-align is the initial start; otherwise it takes the parent's
  { name: 'th text-align: centred by default, the table\'s left or right otherwise', html: '<table id="t" style="width:100pt"><tr><th><i id="c"></i></th></tr></table><table style="width:100pt;text-align:left"><tr><th><i id="l"></i></th></tr></table><table style="width:100pt;text-align:right"><tr><th><i id="r"></i></th></tr></table><table style="width:100pt;text-align:left"><tr><th style="text-align:center"><i id="a"></i></th></tr></table>', css: `${TIGHT} th { font-size: 0 } i { display: inline-block; width: 20pt; height: 10pt }`, expect: { c: { x: 40 }, l: { x: 0 }, r: { x: 80 }, a: { x: 40 } } },
  // HTML §15.3.8: align=right floats the table right; the float is placed once, by its margin box
  { name: 'a table with align=right is a right float', html: '<table id="t" align="right" style="width:60pt"><tr><td></td></tr></table>', css: TIGHT, expect: { t: { x: 120, width: 60 } } },
  // CSS 2.1 §17.2: the first thead in document order is the header wherever it stands (placed first), a later thead an ordinary row group where it stands
  { name: 'the first thead is the header even after a tbody; a second thead stays in place', html: `<table><tbody><tr id="b1"><td>${block(20)}</td></tr></tbody><thead><tr id="h"><td>${block(20)}</td></tr></thead><tbody><tr id="b2"><td>${block(20)}</td></tr></tbody><thead><tr id="h2"><td>${block(20)}</td></tr></thead></table>`, css: TIGHT, expect: { h: { y: 0 }, b1: { y: 10 }, b2: { y: 20 }, h2: { y: 30 } } },
  { name: 'the first tfoot is the footer; a second tfoot is an ordinary row group where it stands', html: `<table><tfoot><tr id="f1"><td>${block(20)}</td></tr></tfoot><tfoot><tr id="f2"><td>${block(20)}</td></tr></tfoot><tbody><tr id="b"><td>${block(20)}</td></tr></tbody></table>`, css: TIGHT, expect: { f2: { y: 0 }, b: { y: 10 }, f1: { y: 20 } } },
  // CSS 2.1 §17.4: a caption's min-content width widens the table (its columns share the rest)
  { name: 'an unbreakable caption wider than the columns widens the table', html: `<table><caption id="cap">${block(120, 5)}</caption><tr><td id="a">${block(30)}</td></tr></table>`, css: TIGHT, expect: { cap: { width: 120 }, a: { y: 5, width: 120 } } },
  { name: 'a caption widens a table of a narrower specified width, border and spacing inside it', html: `<table style="width:50pt"><caption id="cap">${block(120, 5)}</caption><tr><td id="a">${block(30)}</td></tr></table>`, css: 'td { padding: 0 } table { border: 3pt solid; border-spacing: 6pt }', expect: { cap: { width: 120 }, a: { x: 9, y: 14, width: 102 } } },
  // CSS 2.1 §17.6.2: in the collapsing model a cell's used borders are half its collapsed edges, its specified height too
  { name: 'collapsed: a cell height adds its padding and half of each collapsed edge', html: `<table id="t"><tr id="r"><td id="a" style="height:30pt">${block(20)}</td><td>${block(20)}</td></tr></table>`, css: 'table { border-collapse: collapse } td { padding: 6pt; border: 6px solid }', expect: { r: { y: 2.25, height: 46.5 }, a: { height: 46.5 } } },
  // CSS 2.1 §17.5.5 visibility: collapse: a row or column takes no space and no border-spacing before it; its cells still count for the widths
  { name: 'a collapsed row takes no height and no spacing; its cells still widen their column', html: `<table id="t"><tr id="r1"><td id="a">${block(20)}</td><td>${block(50)}</td></tr><tr id="r2" style="visibility:collapse"><td id="c">${block(80, 20)}</td><td>${block(20)}</td></tr><tr id="r3"><td>${block(20)}</td><td>${block(20)}</td></tr></table>`, css: 'table { border-spacing: 6pt } td { padding: 0 }', expect: { t: { height: 38 }, a: { width: 80 }, r2: { y: 16, height: 0 }, c: { height: 0 }, r3: { y: 22 } } },
  { name: 'a collapsed first row: no double spacing above the next', html: `<table id="t"><tr id="r1" style="visibility:collapse"><td>${block(20)}</td></tr><tr id="r2"><td>${block(20)}</td></tr></table>`, css: 'table { border-spacing: 6pt } td { padding: 0 }', expect: { t: { height: 22 }, r2: { y: 6 } } },
  { name: 'a rowspan into a collapsed row: the rows share its height first, then the collapsed one gives up its share', html: `<table id="t"><tr id="r1"><td id="a" rowspan="2">${block(20, 50)}</td><td>${block(50)}</td></tr><tr id="r2" style="visibility:collapse"><td>${block(20, 20)}</td></tr><tr id="r3"><td>${block(20)}</td><td>${block(20)}</td></tr></table>`, css: TIGHT, expect: { r1: { height: 16.67 }, a: { height: 16.67 }, r3: { y: 16.67 } } },
  { name: 'a collapsed column gives up its width and spacing after the widths are shared', html: `<table id="t" style="width:150pt"><col><col style="visibility:collapse"><col><tr><td id="a">${block(20)}</td><td id="b">${block(50)}</td><td id="c">${block(30)}</td></tr></table>`, css: 'table { border-spacing: 6pt } td { padding: 0 }', expect: { t: { width: 81 }, a: { x: 6, width: 25.19 }, b: { x: 31.19, width: 0 }, c: { x: 37.19, width: 37.81 } } },
  // CSS 2.1 §17.5.3: a row without baseline-aligned cells (td is vertical-align: middle in HTML) has its baseline at the bottom content edge of its lowest cell; an inline-table sits on its first row's
  { name: 'an inline-table of middle-aligned cells sits on its first row\'s lowest cell\'s bottom content edge', html: `<div style="font-size:0"><span id="m" style="display:inline-block;width:10pt;height:50pt"></span><table id="t" style="display:inline-table"><tr id="r1"><td>${block(10, 10)}</td><td>${block(10, 35)}</td></tr><tr><td>${block(10, 20)}</td></tr></table></div>`, css: 'table { border-spacing: 0 } td { padding: 2pt 0 3pt }', expect: { m: { y: 0 }, t: { y: 13, height: 65 } } },
  { name: 'an inline-table with a caption and a border: the first row\'s content edge', html: `<div style="font-size:0"><span id="m" style="display:inline-block;width:10pt;height:30pt"></span><table id="t" style="display:inline-table"><caption>${block(20, 7)}</caption><tr id="r1"><td>${block(10, 12)}</td></tr></table></div>`, css: 'table { border: 3pt solid; padding: 5pt; border-spacing: 2pt } td { padding: 4pt }', expect: { m: { y: 2.49 }, r1: { y: 16.49 } } },
  // a cell's percentage padding resolves against the table's content width (less the border-spacing: none here) and adds nothing to its column's width
  { name: 'a cell\'s percentage padding resolves against the table\'s content width', html: '<table style="width:120pt"><tr><td id="a"><div id="ia" style="height:10pt"></div></td><td><div style="height:10pt"></div></td></tr></table>', css: 'table { border-spacing: 0; padding: 9pt } td { padding: 10% 0 0 10% }', expect: { a: { x: 9, width: 51, height: 20.19 }, ia: { x: 19.2, y: 19.2 } } },
  { name: 'collapsed: a cell\'s percentage padding resolves against the table\'s content width', html: '<table style="width:100pt"><tr><td id="a"><div id="ia" style="height:10pt"></div></td></tr></table>', css: 'table { border-collapse: collapse; border: 6px solid } td { padding: 10% 0 0 10% }', expect: { a: { height: 24.04 }, ia: { x: 14.04, y: 14.04 } } },
  { name: 'a cell\'s percentage padding adds nothing to its column\'s width', html: `<table><tr><td id="a"><div id="ia" style="width:40pt;height:10pt"></div></td><td id="b"><div id="ib" style="width:40pt;height:10pt"></div></td></tr></table>`, css: 'table { border-spacing: 0 } td { padding: 0 0 0 20% }', expect: { a: { width: 40 }, ia: { x: 16 }, b: { x: 40 }, ib: { x: 56 } } },
  // TablesNG's mergeable columns: in automatic layout a column in which no cell starts (and that no <col> sizes) takes no width and no border-spacing
  { name: 'a column in which no cell starts takes no width and no spacing', html: `<table id="t"><tr><td id="a" colspan="3">${block(60)}</td><td id="b">${block(20)}</td></tr><tr><td id="x">${block(10)}</td><td id="y" colspan="3">${block(20)}</td></tr></table>`, css: 'table { border-spacing: 6pt } td { padding: 0 }', expect: { t: { width: 98 }, a: { width: 60 }, b: { x: 72 }, y: { x: 66, width: 26 } } },
  { name: 'a cell before merged columns ends at the table\'s edge', html: `<table id="t"><tr><td id="a">${block(20)}</td><td id="b" colspan="4">${block(100)}</td></tr><tr><td colspan="2">${block(10)}</td><td id="y">${block(10)}</td></tr></table>`, css: 'table { border-spacing: 6pt } td { padding: 0 }', expect: { t: { width: 138 }, b: { x: 32, width: 100 }, y: { x: 38, width: 94 } } },
  { name: 'a <col> width keeps its column; fixed layout keeps every column', html: `<table id="t"><col><col><col style="width:30pt"><tr><td id="a">${block(20)}</td><td id="b" colspan="3">${block(100)}</td><td id="c">${block(10)}</td></tr></table><table style="table-layout:fixed;width:150pt"><tr><td>${block(10)}</td><td id="f" colspan="3"></td><td id="g"></td></tr></table>`, css: TIGHT, expect: { t: { width: 130 }, b: { x: 20 }, c: { x: 120 }, f: { x: 30, width: 90 }, g: { x: 120 } } },
  { name: 'a spanning cell left with one column still shares its width out as a spanning cell', html: `<table id="t" style="width:180pt"><tr><td id="a" colspan="2" style="width:60pt">${block(10)}</td><td id="b" colspan="4">${block(30)}</td></tr><tr><td colspan="6">${block(10)}</td></tr></table>`, css: TIGHT, expect: { a: { width: 120 }, b: { x: 120, width: 60 } } },
  { name: 'collapsed: the table\'s outer half border is the widest row\'s', html: `<table id="t"><tr><td id="a" style="border:1px solid">${block(20)}</td></tr><tr><td id="c" style="border:1px solid;border-left:6px solid">${block(20)}</td></tr></table>`, css: 'td { padding: 0 } table { border-collapse: collapse }', expect: { t: { width: 25.25 }, a: { x: 2.25, width: 22.63 }, c: { x: 2.25, y: 11.13 } } },
];

describe('layout: table facts, the fragment tree against Chromium', function () {
  this.timeout(60000);
  // (Chromium snaps to 1/64 px)
  itAgreesWithChromium(CHROME_CASES, { pageCss: PAGE, tolerance: 0.05 });
});

describe('layout: a table cell\'s specified height in quirks mode (as Chromium 156 prints a document without a DOCTYPE)', () => {
  // Blink sizes rows in quirks mode with a cell's `height` as its border-box height, whatever its
  // box-sizing (limited-quirks documents size them as standard ones do). Heights in pt, read from
  // Chromium 156's getBoundingClientRect for the same documents.
  const LIMITED = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
  const cases: { name: string; cell: string; table?: string; quirks: number; standard: number }[] = [
    { name: 'padding is inside the height', cell: 'height:20px;padding:10px', quirks: 15, standard: 30 },
    { name: 'borders are inside the height', cell: 'height:20px;padding:0;border:5px solid', quirks: 15, standard: 22.5 },
    { name: 'content taller than the height still grows the cell', cell: 'height:20px;padding:10px;font:16px/30px sans-serif', quirks: 37.5, standard: 37.5 },
    { name: 'box-sizing: border-box is the same in both modes', cell: 'height:20px;padding:10px;box-sizing:border-box', quirks: 15, standard: 15 },
    { name: 'collapsed borders are inside the height too', cell: 'height:20px;padding:4px;border:6px solid', table: 'border-collapse:collapse', quirks: 15, standard: 25.5 },
  ];
  const heightOf = (doctype: string, c: typeof cases[number]) => {
    const html = `${doctype}<html><body><table style="border-spacing:0;${c.table ?? ''}"><tr><td id="c" style="${c.cell}">${c.cell.includes('font') ? 'x' : ''}</td></tr></table></body></html>`;
    return boxOf(layoutOf(html, PAGE).root, '#c').height;
  };
  for (const c of cases) {
    it(c.name, () => {
      expect(heightOf('', c), 'quirks').to.be.closeTo(c.quirks, 0.01);
      expect(heightOf(LIMITED, c), 'limited quirks').to.be.closeTo(c.standard, 0.01);
      expect(heightOf('<!DOCTYPE html>', c), 'standard').to.be.closeTo(c.standard, 0.01);
    });
  }
});
