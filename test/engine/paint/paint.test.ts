// Paint facts: lists, tables, images, links, backgrounds — read back from the docDefinition
// and the rendered PDF. Every case also asserts that no diagnostics appeared.
import { expect } from 'chai';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { CascadeResult, StyledElement } from '../../../src/engine/cascade/styled';
import { doc, h, layout, links, pct, placedText, pt, render, renderBytes, sides } from '../../helpers/engine';

/** V8's full collection, without starting node with --expose-gc. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const page = { size: { width: 300, height: 400 }, margin: { top: 20, right: 20, bottom: 20, left: 20 } };
const PNG_2x1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP4z8DAwPAfAAcAAf9+CLHQAAAAAElFTkSuQmCC';

describe('paint: lists (CSS Lists 3)', () => {
  const cases: { name: string; type: NonNullable<Parameters<typeof h>[1]>['listStyleType']; attrs?: Record<string, string>; liAttrs?: Record<string, string>[]; markers: string[] }[] = [
    { name: 'decimal from 1', type: 'decimal', markers: ['1.', '2.', '3.'] },
    { name: 'ol start=4', type: 'decimal', attrs: { start: '4' }, markers: ['4.', '5.', '6.'] },
    { name: 'ol reversed', type: 'decimal', attrs: { reversed: '' }, markers: ['3.', '2.', '1.'] },
    { name: 'li value=10 renumbers', type: 'decimal', liAttrs: [{}, { value: '10' }, {}], markers: ['1.', '10.', '11.'] },
    { name: 'upper-roman', type: 'upper-roman', markers: ['I.', 'II.', 'III.'] },
    { name: 'lower-alpha', type: 'lower-alpha', markers: ['a.', 'b.', 'c.'] },
    { name: 'decimal-leading-zero', type: 'decimal-leading-zero', markers: ['01.', '02.', '03.'] },
    // Chromium paints disc, circle and square markers as shapes: no text
    { name: 'disc', type: 'disc', markers: ['', '', ''] },
  ];
  for (const c of cases) {
    it(`${c.name}: markers ${c.markers.join(' ').trim() || '(shapes)'}, left of the item text`, async () => {
      const li = (i: number) => h('li', { listStyleType: c.type }, c.liAttrs?.[i] ?? {}, `Item ${i}`);
      const r = layout(doc({ page }, h('ol', { padding: { ...sides(pt(0)), left: pt(30) } }, c.attrs ?? {}, li(0), li(1), li(2))));
      expect(r.diagnostics).to.deep.equal([]);
      const items = await placedText(await renderBytes(r));
      // pdf.js may merge a marker with its item's text: read each line from its first item on
      const lines = [...new Set(items.map((i) => Math.round(i.y)))].map((y) => items.filter((i) => Math.round(i.y) === y).sort((a, b) => a.x - b.x));
      expect(lines.map((l) => l.map((i) => i.str).join(' ').replace(/\s+/g, ' ').trim())).to.deep.equal(c.markers.map((m, i) => `${m} Item ${i}`.trim()));
      for (const l of lines) expect(l[0]!.x).to.be.lessThan(c.markers[0] ? 50 : 51);
    });
  }
});

describe('paint: tables (CSS 2.1 §17)', () => {
  it('header rows repeat on every page the table spans', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => h('tr', {}, {}, h('td', {}, {}, `row ${i}`), h('td', {}, {}, 'x')));
    const r = layout(doc({ page }, h('table', {}, {}, h('thead', {}, {}, h('tr', {}, {}, h('th', {}, {}, 'Head A'), h('th', {}, {}, 'Head B'))), h('tbody', {}, {}, ...rows))));
    expect(r.diagnostics).to.deep.equal([]);
    const pdf = await render(r);
    expect(pdf.pages.length).to.be.greaterThan(1);
    for (const p of pdf.pages) expect(p.text).to.contain('Head A');
  });

  it('visibility: collapse hides what it collapses: a row\'s cells, and any other element as hidden does (CSS 2.1 §11.2, §17.5.5)', async () => {
    const r = layout(doc({ page },
      h('table', {}, {}, h('tr', {}, {}, h('td', {}, {}, 'Shown')), h('tr', { visibility: 'collapse' }, {}, h('td', { visibility: 'collapse' }, {}, 'Gone'))),
      h('div', { visibility: 'collapse' }, {}, 'Hidden'), h('div', {}, {}, 'After')));
    expect(r.diagnostics).to.deep.equal([]);
    const text = (await placedText(await renderBytes(r))).map((i) => i.str).join(' ');
    expect(text).to.contain('Shown');
    expect(text).to.contain('After');
    expect(text).not.to.contain('Gone');
    expect(text).not.to.contain('Hidden');
  });

  it('colspan: a spanning cell covers two columns; widths follow content', async () => {
    const r = layout(doc({ page }, h('table', { width: pct(100) }, {},
      h('tr', {}, {}, h('td', {}, { colspan: '2' }, 'Wide')),
      h('tr', {}, {}, h('td', {}, {}, 'a'), h('td', {}, {}, 'much longer text')))));
    const items = await placedText(await renderBytes(r));
    const wide = items.find((i) => i.str === 'Wide')!;
    const a = items.find((i) => i.str === 'a')!;
    const longer = items.find((i) => i.str.startsWith('much'))!;
    expect(a.y).to.be.closeTo(longer.y, 0.5);
    expect(longer.x).to.be.greaterThan(a.x + 10);
    expect(longer.x + longer.width).to.be.at.most(280.5);
    expect(wide.x).to.be.closeTo(a.x, 0.5);
    expect(wide.y).to.be.lessThan(a.y);
  });

  it('column widths: a percentage column takes its share of a 100% table', async () => {
    const r = layout(doc({ page }, h('table', { width: pct(100) }, {},
      h('tr', {}, {}, h('td', { width: pct(80) }, {}, 'left'), h('td', {}, {}, 'right')))));
    const items = await placedText(await renderBytes(r));
    const right = items.find((i) => i.str === 'right')!;
    expect(right.x).to.be.closeTo(20 + 0.8 * 260, 2);
  });

  for (const side of ['top', 'bottom'] as const) {
    it(`caption-side: ${side} puts the caption ${side === 'top' ? 'above' : 'below'} the grid`, async () => {
      const r = layout(doc({ page }, h('table', { captionSide: side }, {}, h('caption', { captionSide: side }, {}, 'Cap'), h('tr', {}, {}, h('td', {}, {}, 'cell')))));
      expect(r.diagnostics).to.deep.equal([]);
      const items = await placedText(await renderBytes(r));
      const cap = items.find((i) => i.str === 'Cap')!;
      const cell = items.find((i) => i.str === 'cell')!;
      expect(side === 'top' ? cap.y < cell.y : cap.y > cell.y).to.equal(true);
    });
  }

  it('cell padding from CSS moves the text in', async () => {
    const r = layout(doc({ page }, h('table', {}, {}, h('tr', {}, {}, h('td', { padding: sides(pt(12)) }, {}, 'pad')))));
    const it0 = (await placedText(await renderBytes(r))).find((i) => i.str === 'pad')!;
    expect(it0.x).to.be.closeTo(20 + 12, 0.5);
  });

  // pdfmake keeps a table's layout callbacks until the page is drawn: they must not hold the
  // paint context, the box tree or the DOM (a 100-page report kept 13 MB more alive through
  // the pdf stage when they closed over gridNode's scope)
  it('the definition of a table with borders and fills keeps nothing of the styled tree alive', async () => {
    const gc = collector();
    const cell = (text: string) => h('td', { borderWidth: sides(1), borderStyle: sides('dashed'), backgroundColor: { r: 240, g: 240, b: 240, a: 1 } }, {}, text);
    // the tree is made and laid out in a function of its own, so no local of the test holds it
    const { table, r } = ((tree: CascadeResult) => ({ table: new WeakRef((tree.root.children[0] as StyledElement).children[0] as StyledElement), r: layout(tree) }))(
      doc({ page }, h('table', { borderCollapse: 'collapse' }, {}, h('tbody', {}, {}, h('tr', {}, {}, cell('a'), cell('b'))))));
    for (let i = 0; i < 3 && table.deref() !== undefined; i++) { await new Promise((resolve) => setImmediate(resolve)); gc(); }
    expect(table.deref(), 'the table element is still reachable from the definition').to.equal(undefined);
    expect((await render(r)).text).to.contain('a');
  });
});

describe('paint: images, links, boxes', () => {
  it('an image keeps its aspect ratio from one specified dimension', () => {
    const r = layout(doc({ page }, h('div', {}, {}, h('img', { width: pt(100) }, { src: PNG_2x1 }))));
    expect(r.diagnostics).to.deep.equal([]);
    const json = JSON.stringify(r.docDefinition.content);
    expect(json).to.match(/"image":"data:image\/png;base64,[^"]+","width":100,"height":50/);
  });

  it('max-width: 100% shrinks a wide image to the containing block', () => {
    const r = layout(doc({ page }, h('div', {}, {}, h('img', { maxWidth: pct(100), width: pt(750) }, { src: PNG_2x1 }))));
    const json = JSON.stringify(r.docDefinition.content);
    expect(json).to.match(/"width":260.25,"height":130.125/); // the page area: 346.67px rounded up to 347px, as Chromium
  });

  it('an image that does not decode is a diagnostic, not a crash', async () => {
    const r = layout(doc({ page }, h('img', {}, { src: 'data:image/png;base64,AAAA' })));
    expect(r.diagnostics.map((d) => d.code)).to.deep.equal(['resource-invalid']);
    expect((await render(r)).pages).to.have.length(1);
  });

  it('<a href> becomes a PDF link; #id jumps inside the document', async () => {
    const r = layout(doc({ page },
      h('p', {}, {}, h('a', {}, { href: 'https://example.com/x' }, 'out'), ' and ', h('a', {}, { href: '#target' }, 'in')),
      h('p', { breakBefore: 'page' }, { id: 'target' }, 'Target')));
    expect(r.diagnostics).to.deep.equal([]);
    const ls = await links(await renderBytes(r));
    expect(ls.some((l) => l.url === 'https://example.com/x')).to.equal(true);
    expect(ls.some((l) => l.dest !== undefined)).to.equal(true);
  });

  it('a block with background and border: its fill spans the border box (background-clip), its text sits inside border and padding', async () => {
    const r = layout(doc({ page }, h('div', { backgroundColor: { r: 255, g: 0, b: 0, a: 1 }, borderWidth: sides(2), borderStyle: sides('solid'), padding: sides(pt(5)) }, {}, 'Box')));
    const json = JSON.stringify(r.docDefinition.content);
    // the page area's 260.25pt (347px) from the 20.25pt (27px) page margin, as Chromium; 12pt of text + 2 × 5 padding + 2 × 2 border, less Arial's line-height: normal rounding
    expect(json).to.match(/\{"type":"rect","x":20.25,"y":20.25,"w":260.25,"h":27.5,"color":"#ff0000"\}/);
    const box = (await placedText(await renderBytes(r))).find((i) => i.str === 'Box')!;
    expect(box.x).to.be.closeTo(20.25 + 2 + 5, 0.01);
  });

  it('display: flex row → columns; flex-grow shares the free space', async () => {
    const r = layout(doc({ page }, h('div', { display: 'flex' }, {},
      h('div', { flexGrow: 1, flexBasis: pt(0) }, {}, 'A'), h('div', { flexGrow: 3, flexBasis: pt(0) }, {}, 'B'))));
    const items = await placedText(await renderBytes(r));
    const b = items.find((i) => i.str === 'B')!;
    expect(b.x).to.be.closeTo(20 + 65, 0.5);
  });

  it('position: absolute against the page area', async () => {
    const r = layout(doc({ page }, h('p', {}, {}, 'flow'), h('div', { position: 'absolute', top: pt(100), left: pt(50) }, {}, 'abs')));
    const abs = (await placedText(await renderBytes(r))).find((i) => i.str === 'abs')!;
    expect(abs.x).to.be.closeTo(20 + 50, 0.5);
    expect(abs.y).to.be.closeTo(20 + 100 + 0.905 * 12 + (1.149 - 1.117) * 6, 1);
  });
});
