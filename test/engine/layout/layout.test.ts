// Layout facts from the specs, read back from the docDefinition and the rendered PDF.
import { expect } from 'chai';
import { doc, h, layout, pct, placedText, pt, renderBytes, sides } from '../../helpers/engine';
import { render } from '../../helpers/engine';
import { pageBox } from '../../../src/engine/layout/document';
import { collapseMargins, usedBlockBox } from '../../../src/engine/layout/used';
import { normalLineHeight } from '../../../src/engine/layout/metrics';
import { baseStyle } from '../../helpers/engine';

describe('layout: page geometry (CSS Paged Media 3)', () => {
  const A4 = { width: 595.28, height: 841.89 };
  const cases: { name: string; page: Parameters<typeof pageBox>[0]['page']; width: number; height: number; area: number }[] = [
    { name: 'size 200pt 300pt, margin 10pt → page area 180 wide', page: { size: { width: 200, height: 300 }, margin: { top: 10, right: 10, bottom: 10, left: 10 } }, width: 200, height: 300, area: 180 },
    { name: 'no @page: the format with Chromium\'s default margins, 1cm in whole pt', page: { margin: {} }, width: 595.28, height: 841.89, area: 540 }, // 595.28 - 2 × 28pt = 719.04px rounded up to whole px, as Chromium lays pages out
    { name: 'size: landscape rotates the format', page: { orientation: 'landscape', margin: { left: 0, right: 0 } }, width: 841.89, height: 595.28, area: 842.25 }, // 1122.52px → 1123px
    { name: 'size wins over the format', page: { size: { width: 612, height: 792 }, margin: { left: 72, right: 72 } }, width: 612, height: 792, area: 468 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const g = pageBox({ page: c.page, format: A4 }, 0);
      expect(g.width).to.equal(c.width);
      expect(g.height).to.equal(c.height);
      expect(g.width - g.margin.left - g.margin.right).to.be.closeTo(c.area, 0.01);
    });
  }
});

describe('layout: used widths (CSS 2.1 §10.3.3)', () => {
  const s = baseStyle();
  const cases: { name: string; style: Partial<typeof s>; cb: number; content: number; ml: number }[] = [
    { name: 'auto width fills the containing block minus margins, borders, padding', style: { margin: { ...sides(pt(10)) }, padding: sides(pt(5)), borderWidth: sides(1) }, cb: 200, content: 200 - 20 - 10 - 2, ml: 10 },
    { name: 'percentage width', style: { width: pct(50) }, cb: 200, content: 100, ml: 0 },
    { name: 'auto margins centre a fixed width', style: { width: pt(100), margin: { top: pt(0), bottom: pt(0), left: 'auto', right: 'auto' } }, cb: 300, content: 100, ml: 100 },
    { name: 'box-sizing: border-box', style: { width: pt(100), boxSizing: 'border-box', padding: sides(pt(10)) }, cb: 300, content: 80, ml: 0 },
    { name: 'max-width caps', style: { maxWidth: pt(50) }, cb: 300, content: 50, ml: 0 },
    { name: 'min-width wins over max-width', style: { maxWidth: pt(50), minWidth: pt(70) }, cb: 300, content: 70, ml: 0 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const u = usedBlockBox({ ...s, ...c.style }, c.cb);
      expect(u.contentWidth).to.be.closeTo(c.content, 0.01);
      expect(u.marginLeft).to.be.closeTo(c.ml, 0.01);
    });
  }
  it('collapses margins (CSS 2.1 §8.3.1)', () => {
    expect(collapseMargins(10, 20)).to.equal(20);
    expect(collapseMargins(-10, 20)).to.equal(10);
    expect(collapseMargins(-10, -20)).to.equal(-20);
  });
});

describe('layout: documents', () => {
  const page = { size: { width: 200, height: 300 }, margin: { top: 10, right: 10, bottom: 10, left: 10 } };

  it('@page size 200pt 300pt, margin 10pt: page size and margins in the PDF', async () => {
    const r = layout(doc({ page }, h('p', {}, {}, 'Hello')));
    expect(r.docDefinition.pageSize).to.deep.equal({ width: 200, height: 300 });
    expect(r.diagnostics).to.deep.equal([]);
    const pdf = await render(r);
    expect(pdf.pages).to.have.length(1);
    expect(pdf.pages[0]).to.include({ width: 200, height: 300 });
    const items = await placedText(await renderBytes(r));
    expect(items[0]!.x).to.be.closeTo(9.75, 0.01); // the 13.33px margin on a whole px, as Chromium draws it
    expect(items[0]!.y).to.be.within(10, 10 + 14);
  });

  it('sibling margins collapse: 20pt and 30pt give 30pt between the lines', async () => {
    const lh = { kind: 'length' as const, pt: 14 };
    const r = layout(doc({ page },
      h('p', { margin: { top: pt(0), right: pt(0), bottom: pt(20), left: pt(0) }, lineHeight: lh }, {}, 'One'),
      h('p', { margin: { top: pt(30), right: pt(0), bottom: pt(0), left: pt(0) }, lineHeight: lh }, {}, 'Two')));
    const items = await placedText(await renderBytes(r));
    const one = items.find((i) => i.str === 'One')!;
    const two = items.find((i) => i.str === 'Two')!;
    expect(two.y - one.y).to.be.closeTo(14 + 30, 0.5);
  });

  /** the baseline of a 14pt-high line of 'First' at the page area's top */
  const unmarginedBaseline = async () => {
    const r = layout(doc({ page }, h('p', { lineHeight: { kind: 'length', pt: 14 } }, {}, 'First')));
    return (await placedText(await renderBytes(r))).find((i) => i.str === 'First')!.y;
  };

  it('a parent\'s top margin collapses with its first child\'s (no border, no padding)', async () => {
    const lh = { kind: 'length' as const, pt: 14 };
    const r = layout(doc({ page },
      h('div', { margin: { top: pt(10), right: pt(0), bottom: pt(0), left: pt(0) } }, {},
        h('p', { margin: { top: pt(25), right: pt(0), bottom: pt(0), left: pt(0) }, lineHeight: lh }, {}, 'First'))));
    const items = await placedText(await renderBytes(r));
    // the collapsed margin is max(10, 25): the baseline sits 25pt below where it sits without margins
    const first = items.find((i) => i.str === 'First')!;
    expect(first.y - await unmarginedBaseline()).to.be.closeTo(25, 0.375); // (baselines are drawn on whole px)
  });

  it('padding stops the collapse: 10pt padding + 25pt margin inside', async () => {
    const lh = { kind: 'length' as const, pt: 14 };
    const r = layout(doc({ page },
      h('div', { padding: { ...sides(pt(0)), top: pt(10) } }, {},
        h('p', { margin: { top: pt(25), right: pt(0), bottom: pt(0), left: pt(0) }, lineHeight: lh }, {}, 'First'))));
    const first = (await placedText(await renderBytes(r))).find((i) => i.str === 'First')!;
    expect(first.y - await unmarginedBaseline()).to.be.closeTo(10 + 25, 0.375); // (baselines are drawn on whole px)
  });

  it('a block of fixed width with auto margins is centred', async () => {
    const r = layout(doc({ page },
      h('div', { width: pt(100), margin: { top: pt(0), bottom: pt(0), left: 'auto', right: 'auto' } }, {}, 'Mid')));
    const mid = (await placedText(await renderBytes(r))).find((i) => i.str === 'Mid')!;
    expect(mid.x).to.be.closeTo(10 + 40, 0.5);
  });

  it('break-before: page starts a new page', async () => {
    const r = layout(doc({ page }, h('p', {}, {}, 'A'), h('p', { breakBefore: 'page' }, {}, 'B')));
    const pdf = await render(r);
    expect(pdf.pages).to.have.length(2);
    expect(pdf.pages[1]!.text).to.contain('B');
  });

  it('white space collapses across inline boundaries (CSS Text 3 §4)', async () => {
    const r = layout(doc({ page }, h('p', {}, {}, '  Hello  ', h('b', {}, {}, '  big  '), '\n world ')));
    const pdf = await render(r);
    expect(pdf.text.replace(/\n/g, '')).to.equal('Hello big world');
  });

  it('white-space: pre keeps spaces and line breaks', async () => {
    const r = layout(doc({ page }, h('pre', { whiteSpace: 'pre', fontFamily: ['monospace'] }, {}, 'a  b\nc')));
    const items = await placedText(await renderBytes(r));
    const text = items.map((i) => i.str).join('');
    const a = items.find((i) => i.str.startsWith('a'))!;
    const c = items.find((i) => i.str === 'c')!;
    expect(text.replace(/ /g, '')).to.equal('abc');
    // 'b' starts three monospace advances after 'a' (two spaces kept); 'c' is on the next line
    const bX = a.str.length > 1 ? a.x + (a.width * 3) / a.str.length : items.find((i) => i.str.startsWith('b'))!.x;
    expect(bX - a.x).to.be.closeTo(3 * 0.6 * 12, 1);
    expect(c.y).to.be.greaterThan(a.y + 10);
  });

  it('text-transform: uppercase', async () => {
    const r = layout(doc({ page }, h('p', { textTransform: 'uppercase' }, {}, 'shout')));
    expect((await render(r)).text).to.contain('SHOUT');
  });

  it('overflow-wrap: break-word keeps a long word inside the page area', async () => {
    const r = layout(doc({ page }, h('p', { overflowWrap: 'break-word' }, {}, 'x'.repeat(200))));
    const items = await placedText(await renderBytes(r));
    expect(items.map((i) => i.str).join('')).to.equal('x'.repeat(200));
    for (const it of items) expect(it.x + it.width).to.be.at.most(190.5);
  });
});

describe('layout: line-height normal as Chromium computes it', () => {
  // Blink rounds ascent, descent and line gap to whole px before adding them
  const cases: { file: string; size: number; px: number }[] = [
    { file: 'LiberationSans-Regular.ttf', size: 12, px: 14 + 3 + 1 },  // 16px: 14.48 → 14, 3.39 → 3, 0.53 → 1
    { file: 'LiberationSerif-Regular.ttf', size: 12, px: 14 + 3 + 1 },
    { file: 'LiberationSans-Regular.ttf', size: 7.5, px: 9 + 2 + 0 },  // 10px
  ];
  for (const c of cases) {
    it(`${c.file} at ${c.size}pt → ${c.px}px`, () => {
      expect(normalLineHeight(c.file, c.size)).to.be.closeTo(c.px * 0.75, 1e-9);
    });
  }
});
