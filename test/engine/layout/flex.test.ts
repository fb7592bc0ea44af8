// CSS Flexbox 1 §9 read from the fragment tree (pt; @page 200pt × 300pt, margin 10pt: a 180pt ×
// 280pt page area). Every expectation is computed by hand from the spec; the last suite checks
// the same expectations against Chromium laying out the same documents.
import { expect } from 'chai';
import { chromiumRects } from '../../helpers/chromium-layout';
import { boxOf, layoutOf, linesOf, pageAt } from '../../helpers/layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } #f { display: flex }';
const div = (id: string, style = '', inner = '') => `<div id="${id}" style="${style}">${inner}</div>`;
/** A box whose min-content width is `w` (it holds a block of that width). */
const wide = (w: number) => `<div style="width:${w}pt;height:10pt"></div>`;

interface Case { name: string; container: string; items: string; expect: Record<string, Partial<{ x: number; y: number; width: number; height: number }>> }

const ALL: Case[] = [];

function check(c: Case) {
  ALL.push(c);
  it(c.name, () => {
    const { root, diagnostics } = layoutOf(`<div id="f" style="${c.container}">${c.items}</div>`, PAGE);
    expect(diagnostics).to.deep.equal([]);
    for (const [sel, want] of Object.entries(c.expect)) {
      const b = sel === 'f' ? boxOf(root, '#f') : boxOf(root, `#${sel}`);
      for (const [k, v] of Object.entries(want)) expect(b[k as 'x'], `${sel}.${k}`).to.be.closeTo(v, 0.01);
    }
  });
}

describe('layout/flex: §9.7 resolving flexible lengths', () => {
  const cases: Case[] = [
    { name: 'flex-grow shares the free space (180 − 90 = 90: 1 : 2)', container: '',
      items: div('a', 'flex: 1 1 50pt; height: 10pt') + div('b', 'flex: 2 1 40pt; height: 10pt'),
      expect: { a: { x: 0, width: 80 }, b: { x: 80, width: 100 } } },
    { name: 'flex-shrink is weighted by the flex base size (−70 as 150 : 200)', container: '',
      items: div('a', 'flex: 0 1 150pt; min-width: 0; height: 10pt') + div('b', 'flex: 0 2 100pt; min-width: 0; height: 10pt'),
      expect: { a: { width: 120 }, b: { x: 120, width: 60 } } },
    { name: 'min-width: auto stops shrinking at the min-content width (§4.5); the other item takes the rest', container: '',
      items: div('a', 'width: 150pt', wide(120)) + div('b', 'width: 150pt', wide(20)),
      expect: { a: { width: 120 }, b: { x: 120, width: 60 } } },
    { name: 'min-width: 0 shrinks both alike', container: '',
      items: div('a', 'width: 150pt; min-width: 0', wide(120)) + div('b', 'width: 150pt', wide(20)),
      expect: { a: { width: 90 }, b: { x: 90, width: 90 } } },
    { name: 'overflow: hidden has no automatic minimum', container: '',
      items: div('a', 'width: 150pt; overflow: hidden', wide(120)) + div('b', 'width: 150pt', wide(20)),
      expect: { a: { width: 90 } } },
    { name: 'an item frozen at max-width gives its share to the others', container: '',
      items: div('a', 'flex: 1 1 0; max-width: 30pt; height: 10pt') + div('b', 'flex: 1 1 0; height: 10pt'),
      expect: { a: { width: 30 }, b: { x: 30, width: 150 } } },
    { name: 'flex factors below 1 in sum take that fraction of the free space', container: '',
      items: div('a', 'flex: 0.25 1 40pt; height: 10pt') + div('b', 'flex: 0.25 1 40pt; height: 10pt'),
      expect: { a: { width: 65 }, b: { x: 65, width: 65 } } },
    { name: 'percentages of flex-basis resolve against the container', container: 'width: 100pt',
      items: div('a', 'flex: 0 0 30%; height: 10pt') + div('b', 'flex: 1 0 0; height: 10pt'),
      expect: { a: { width: 30 }, b: { x: 30, width: 70 } } },
    { name: 'box-sizing: border-box bases include padding', container: '',
      items: div('a', 'flex: 0 0 60pt; box-sizing: border-box; padding: 0 10pt; height: 10pt') + div('b', 'flex: 0 0 60pt; padding: 0 10pt; height: 10pt'),
      expect: { a: { width: 60 }, b: { x: 60, width: 80 } } },
  ];
  cases.forEach(check);
});

describe('layout/flex: §9.3 lines, gaps, §9.5 justify-content, order, direction', () => {
  const three = div('a', 'width: 40pt; height: 10pt') + div('b', 'width: 40pt; height: 10pt') + div('c', 'width: 40pt; height: 10pt');
  const cases: Case[] = [
    { name: 'wrap: an item that does not fit starts a new line; gap between items and lines', container: 'flex-wrap: wrap; gap: 10pt 20pt',
      items: div('a', 'width: 70pt; height: 10pt') + div('b', 'width: 70pt; height: 15pt') + div('c', 'width: 70pt; height: 10pt'),
      expect: { a: { x: 0, y: 0 }, b: { x: 90, y: 0 }, c: { x: 0, y: 25 }, f: { height: 35 } } },
    { name: 'wrap-reverse: the first line at the bottom', container: 'flex-wrap: wrap-reverse; align-items: flex-start',
      items: div('a', 'width: 100pt; height: 10pt') + div('b', 'width: 100pt; height: 20pt'),
      expect: { a: { y: 20 }, b: { y: 0 }, f: { height: 30 } } },
    { name: 'justify-content: flex-end', container: 'justify-content: flex-end', items: three, expect: { a: { x: 60 }, b: { x: 100 }, c: { x: 140 } } },
    { name: 'justify-content: center', container: 'justify-content: center', items: three, expect: { a: { x: 30 }, b: { x: 70 }, c: { x: 110 } } },
    { name: 'justify-content: space-between', container: 'justify-content: space-between', items: three, expect: { a: { x: 0 }, b: { x: 70 }, c: { x: 140 } } },
    { name: 'justify-content: space-around', container: 'justify-content: space-around', items: three, expect: { a: { x: 10 }, b: { x: 70 }, c: { x: 130 } } },
    { name: 'justify-content: space-evenly', container: 'justify-content: space-evenly', items: three, expect: { a: { x: 15 }, b: { x: 70 }, c: { x: 125 } } },
    { name: 'row-reverse: the first item at the right', container: 'flex-direction: row-reverse', items: three, expect: { a: { x: 140 }, c: { x: 60 } } },
    { name: 'row-reverse with justify-content: start packs to the left', container: 'flex-direction: row-reverse; justify-content: start', items: three, expect: { a: { x: 80 }, c: { x: 0 } } },
    { name: 'order: order-modified document order', container: '',
      items: div('a', 'order: 2; width: 40pt; height: 10pt') + div('b', 'width: 40pt; height: 10pt') + div('c', 'order: -1; width: 40pt; height: 10pt'),
      expect: { c: { x: 0 }, b: { x: 40 }, a: { x: 80 } } },
    { name: 'column-gap as a percentage of the container width', container: 'column-gap: 10%', items: three, expect: { b: { x: 58 }, c: { x: 116 } } },
  ];
  cases.forEach(check);
});

describe('layout/flex: §8.1 auto margins, §8.3 align-items / align-self, §8.4 align-content', () => {
  const pair = div('a', 'width: 40pt', '<div style="height:20pt"></div>') + div('b', 'width: 40pt', '<div style="height:40pt"></div>');
  const cases: Case[] = [
    { name: 'align-items: stretch (normal) makes auto heights the line\'s', container: 'height: 100pt', items: pair, expect: { a: { y: 0, height: 100 }, b: { height: 100 } } },
    { name: 'without a definite height the line is as tall as its tallest item', container: '', items: pair, expect: { a: { height: 40 }, f: { height: 40 } } },
    { name: 'align-items: center', container: 'height: 100pt; align-items: center', items: pair, expect: { a: { y: 40, height: 20 }, b: { y: 30 } } },
    { name: 'align-items: flex-end', container: 'height: 100pt; align-items: flex-end', items: pair, expect: { a: { y: 80 }, b: { y: 60 } } },
    { name: 'align-self wins; max-height caps a stretch', container: 'height: 100pt',
      items: div('a', 'align-self: flex-end; width: 40pt', wide(10)) + div('b', 'max-height: 50pt; width: 40pt'),
      expect: { a: { y: 90 }, b: { y: 0, height: 50 } } },
    { name: 'margin-left: auto pushes an item to the end; both auto centre it', container: '',
      items: div('a', 'width: 40pt; height: 10pt') + div('b', 'margin-left: auto; width: 40pt; height: 10pt'),
      expect: { a: { x: 0 }, b: { x: 140 } } },
    { name: 'margin: auto centres in both axes', container: 'height: 100pt', items: div('a', 'margin: auto; width: 40pt; height: 20pt'), expect: { a: { x: 70, y: 40 } } },
    { name: 'align-content: center places the lines together in the middle', container: 'flex-wrap: wrap; height: 100pt; align-content: center',
      items: div('a', 'width: 100pt; height: 10pt') + div('b', 'width: 100pt; height: 20pt'),
      expect: { a: { y: 35 }, b: { y: 45 } } },
    { name: 'align-content: space-between', container: 'flex-wrap: wrap; height: 100pt; align-content: space-between',
      items: div('a', 'width: 100pt; height: 10pt') + div('b', 'width: 100pt; height: 20pt'),
      expect: { a: { y: 0 }, b: { y: 80 } } },
    { name: 'align-content: normal stretches the lines (80pt shared: 40pt more each)', container: 'flex-wrap: wrap; height: 100pt',
      items: div('a', 'width: 100pt') + div('b', 'width: 100pt; height: 20pt'),
      expect: { a: { y: 0, height: 40 }, b: { y: 40, height: 20 } } },
  ];
  cases.forEach(check);

  it('align-items: baseline lines up the first lines\' baselines', () => {
    const { root } = layoutOf(`<div id="f" style="align-items: baseline">${div('a', 'padding-top: 15pt', 'Ag')}${div('b', 'font-size: 20pt; line-height: 24pt', 'Ag')}</div>`, PAGE);
    const [la] = linesOf(boxOf(root, '#a')); const [lb] = linesOf(boxOf(root, '#b'));
    expect(la!.baseline).to.be.closeTo(lb!.baseline, 0.01);
    expect(boxOf(root, '#a').y).to.be.closeTo(0, 0.01);
    expect(boxOf(root, '#b').y).to.be.greaterThan(0);
  });

  // Box Alignment 3 §9.3: the last-baseline group shares the items' last baselines and sits at the
  // line's end (its fallback alignment); in a column container it falls back to end
  it('align-items: last baseline lines up the last lines\' baselines at the line\'s end', () => {
    const items = div('a', '', 'Ag<br>Ag<br>Ag') + div('b', 'font-size: 20pt; line-height: 24pt', 'Ag') + div('c', 'padding-bottom: 10pt', 'Ag<br>Ag')
      + div('d', 'align-self: baseline', 'Ag<br>Ag');
    const { root } = layoutOf(`<div id="f" style="align-items: last baseline; height: 80pt">${items}</div>`, PAGE);
    const last = (id: string) => linesOf(boxOf(root, `#${id}`)).at(-1)!.baseline;
    expect(last('b')).to.be.closeTo(last('a'), 0.01);
    expect(last('c')).to.be.closeTo(last('a'), 0.01);
    // c's 10pt padding is the group's largest descent: its bottom is the line's end
    const c = boxOf(root, '#c');
    expect(c.y + c.height).to.be.closeTo(80, 0.01);
    expect(boxOf(root, '#d').y).to.be.closeTo(0, 0.01);
  });
  const lastBaselineCases: Case[] = [
    { name: 'align-items: last baseline: boxes without lines align their bottom edges at the line\'s end (a 5pt margin below b)', container: 'align-items: last baseline; height: 80pt',
      items: div('a', 'height: 20pt') + div('b', 'height: 30pt; margin-bottom: 5pt'),
      expect: { a: { y: 55 }, b: { y: 45 } } },
    { name: 'align-items: last baseline in a column container falls back to end', container: 'flex-direction: column; align-items: last baseline',
      items: div('a', 'width: 50pt; height: 10pt'), expect: { a: { x: 130 } } },
  ];
  lastBaselineCases.forEach(check);
});

describe('layout/flex: column direction', () => {
  const cases: Case[] = [
    { name: 'items stack at the container\'s width; the container is as tall as they are', container: 'flex-direction: column',
      items: div('a', 'height: 20pt') + div('b', 'height: 30pt; margin: 5pt'),
      expect: { a: { y: 0, width: 180 }, b: { x: 5, y: 25, width: 170 }, f: { height: 60 } } },
    { name: 'a definite height: flex-grow fills it', container: 'flex-direction: column; height: 200pt',
      items: div('a', 'height: 20pt') + div('b', 'flex-grow: 1'),
      expect: { b: { y: 20, height: 180 } } },
    { name: 'align-items: center sizes items to fit-content', container: 'flex-direction: column; align-items: center',
      items: div('a', '', wide(50)), expect: { a: { x: 65, width: 50 } } },
    { name: 'column-reverse: the first item at the bottom', container: 'flex-direction: column-reverse; height: 100pt',
      items: div('a', 'height: 20pt') + div('b', 'height: 30pt'), expect: { a: { y: 80 }, b: { y: 50 } } },
    { name: 'justify-content: space-between in a column', container: 'flex-direction: column; height: 100pt; justify-content: space-between',
      items: div('a', 'height: 20pt') + div('b', 'height: 30pt'), expect: { a: { y: 0 }, b: { y: 70 } } },
    { name: 'min-height: auto keeps flex: 1 items at their content height (§4.5)', container: 'flex-direction: column; height: 50pt',
      items: div('a', 'flex: 1', '<div style="height:40pt"></div>') + div('b', 'flex: 1', '<div style="height:40pt"></div>'),
      expect: { a: { height: 40 }, b: { y: 40, height: 40 }, f: { height: 50 } } },
    { name: 'min-height: 0 lets them shrink', container: 'flex-direction: column; height: 50pt',
      items: div('a', 'flex: 1; min-height: 0', '<div style="height:40pt"></div>') + div('b', 'flex: 1; min-height: 0', '<div style="height:40pt"></div>'),
      expect: { a: { height: 25 }, b: { y: 25, height: 25 } } },
    { name: 'an item\'s height in a column of auto height is not definite: percentages in it are auto (§9.8)', container: 'flex-direction: column',
      items: div('a', '', '<div id="c" style="height: 50%"></div><div style="height: 40pt"></div>'), expect: { a: { height: 40 }, c: { height: 0 } } },
    { name: 'a stretched item\'s height is definite: percentages in it resolve (§9.8)', container: 'height: 100pt',
      items: div('a', 'width: 40pt', '<div id="c" style="height: 50%"></div>'), expect: { a: { height: 100 }, c: { height: 50 } } },
    { name: 'min-height on the container makes room for flex-grow', container: 'flex-direction: column; min-height: 100pt',
      items: div('a', 'height: 20pt') + div('b', 'flex-grow: 1'), expect: { b: { y: 20, height: 80 }, f: { height: 100 } } },
  ];
  cases.forEach(check);
});

describe('layout/flex: replaced items keep their ratio', () => {
  const svg = 'data:image/svg+xml;utf8,<svg xmlns=%22http://www.w3.org/2000/svg%22 width=%22200%22 height=%22100%22></svg>';
  const cases: Case[] = [
    { name: 'an image shrunk by the flex algorithm is as tall as its ratio makes it; the line stretches the text beside it', container: '',
      items: `<img id="i" src="${svg}" style="width: 300pt; min-width: 0"><div id="t" style="width: 60pt; flex-shrink: 0">text</div>`,
      expect: { i: { width: 120, height: 60 }, t: { x: 120, height: 60 } } },
    { name: 'a column container stretches an image to its width, its height by the ratio', container: 'flex-direction: column',
      items: `<img id="i" src="${svg}"><div id="t" style="height: 10pt"></div>`,
      expect: { i: { width: 180, height: 90 }, t: { y: 90 } } },
    // CSS Sizing 3 §5.2: the percentage max-height resolves against the container's definite
    // height (72pt) and the image's content width follows it through the ratio (144pt)
    { name: "an image's percentage max-height in a container of definite height narrows its flex base size", container: 'height: 80pt',
      items: `<div id="t" style="flex: 1">text</div><img id="i" src="${svg}" style="max-height: 90%; border: 1.5pt solid">`,
      expect: { i: { x: 33, width: 147, height: 75 }, t: { width: 33 } } },
  ];
  cases.forEach(check);
});

describe('layout/flex: the container in flow', () => {
  it('its top margin collapses with the previous sibling\'s bottom margin; its own margins and padding frame the items', () => {
    const { root } = layoutOf(`<div style="height:10pt;margin-bottom:20pt"></div><div id="f" style="margin: 30pt 10pt 0; padding: 5pt; border: 0.75pt solid">${div('a', 'height: 10pt; width: 10pt')}</div>`, PAGE);
    const f = boxOf(root, '#f'); const a = boxOf(root, '#a');
    expect([f.x, f.y, f.width, f.height]).to.deep.equal([10, 40, 160, 21.5]);
    expect([a.x, a.y]).to.deep.equal([15.75, 45.75]);
  });

  it('a flex container as an item that does not stretch is as wide as its items (fit-content)', () => {
    const { root } = layoutOf(`<div style="display: flex; flex-direction: column; align-items: flex-start"><div id="f">${div('a', 'width: 30pt; height: 10pt')}${div('b', 'width: 20pt; height: 10pt')}</div></div>`, PAGE);
    expect(boxOf(root, '#f').width).to.be.closeTo(50, 0.01);
    expect(boxOf(root, '#b').x - boxOf(root, '#f').x).to.be.closeTo(30, 0.01);
  });

  it('a nested flex container as an item is stretched, and lays out its own items', () => {
    const { root } = layoutOf(`<div id="f" style="height: 60pt">${div('n', 'display: flex; flex: 1; flex-direction: column; justify-content: flex-end', div('a', 'height: 10pt'))}</div>`, PAGE);
    expect(boxOf(root, '#n').height).to.be.closeTo(60, 0.01);
    expect(boxOf(root, '#a').y).to.be.closeTo(50, 0.01);
    expect(boxOf(root, '#a').width).to.be.closeTo(180, 0.01);
  });
});

describe('layout/flex: pagination (CSS Flexbox 1 §12)', () => {
  it('a row flex line that crosses the page end breaks inside its items: an empty item is sliced, not moved', () => {
    const items = ['a', 'b', 'c'].map((id) => div(id, 'width: 180pt; height: 100pt')).join('');
    const { root, pages } = layoutOf(`<div id="f" style="flex-wrap: wrap">${items}</div>`, PAGE);
    const c = boxOf(root, '#c');
    expect(c.y).to.be.closeTo(200, 0.01);
    expect(c.height).to.be.closeTo(100, 0.01);
    expect(pageAt(pages, c.y + c.height - 0.01)).to.equal(1); // the page area: 373.33px rounded up to 374px (280.5pt), as Chromium
    expect(boxOf(root, '#f').height).to.be.closeTo(300, 0.01);
  });

  // Chromium 156 (LayoutNG block fragmentation) prints a single-line row container across a page end
  // by fragmenting its items in parallel; the row moves whole only when an item that crosses the end
  // avoids breaks inside, or when an item's first line (orphans included) or monolithic box would
  // go to the next page anyway: a break before the row is no worse then.
  const lines5 = (p: string) => Array.from({ length: 5 }, (_, i) => `${p}${i}`).join('<br>');
  const spacer = (h: number) => `<div style="height: ${h}pt"></div>`;
  const pagesOfLines = (root: ReturnType<typeof layoutOf>['root'], pages: ReturnType<typeof layoutOf>['pages'], sel: string) => linesOf(boxOf(root, sel)).map((l) => pageAt(pages, l.y));

  it('a single-line row breaks inside its items in parallel: each item continues at the next page\'s top', () => {
    const { root, pages } = layoutOf(`${spacer(250)}<div id="f">${div('a', 'flex: 1', lines5('A'))}${div('b', 'flex: 1', 'B0<br>B1')}</div><p id="after" style="margin: 0">after</p>`, PAGE);
    expect(pagesOfLines(root, pages, '#a')).to.deep.equal([0, 0, 1, 1, 1]);
    expect(pagesOfLines(root, pages, '#b')).to.deep.equal([0, 0]);
    expect(linesOf(boxOf(root, '#a'))[2]!.y).to.be.closeTo(280.5, 0.01);
    // the row ends below the last line of its tallest item; the stretched item follows it
    expect(boxOf(root, '#after').y).to.be.closeTo(280.5 + 36, 0.01);
    expect(boxOf(root, '#b').height).to.be.closeTo(boxOf(root, '#a').height, 0.01);
  });

  const moves: [string, string, string][] = [
    ['an item that crosses the end has break-inside: avoid', spacer(250), div('b', 'flex: 1; break-inside: avoid', 'B0<br>B1<br>B2')],
    ['an item\'s first line does not fit', spacer(270), div('b', 'flex: 1', 'B0')],
    ['only one line of an item fits (orphans: 2)', spacer(260), div('b', 'flex: 1', 'B0<br>B1')],
    ['an item starts with an image that does not fit', spacer(250), div('b', 'flex: 1', '<img style="display: block; width: 10pt; height: 40pt" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==">')],
  ];
  for (const [name, before, b] of moves) {
    it(`the row moves to the next page as a whole when ${name}`, () => {
      const { root, pages } = layoutOf(`${before}<div id="f">${div('a', 'flex: 1', lines5('A'))}${b}</div>`, PAGE);
      // (the container goes with its first content: no break between its top and its first line, CSS
      // Fragmentation 3 §4.1; Chromium 156 moves a bordered container's top border with it, flex-break-end.test.ts)
      expect(boxOf(root, '#f').y).to.be.closeTo(280.5, 0.01);
      expect(boxOf(root, '#a').y).to.be.closeTo(280.5, 0.01);
      expect(boxOf(root, '#b').y).to.be.closeTo(280.5, 0.01);
      expect(pagesOfLines(root, pages, '#a')).to.deep.equal([1, 1, 1, 1, 1]);
    });
  }

  it('a column container moves an item whose first line does not fit to the next page; a later item breaks inside', () => {
    const { root, pages } = layoutOf(`${spacer(240)}<div id="f" style="flex-direction: column">${div('a', 'padding: 5pt', 'A0')}${div('b', 'padding: 5pt', lines5('B'))}</div>`, PAGE);
    expect(boxOf(root, '#b').y).to.be.closeTo(280.5, 0.01);
    expect(pagesOfLines(root, pages, '#b')).to.deep.equal([1, 1, 1, 1, 1]);
    const split = layoutOf(`${spacer(200)}<div id="f" style="flex-direction: column">${div('a', 'padding: 5pt', 'A0')}${div('b', 'padding: 5pt', lines5('B'))}</div>`, PAGE);
    expect(boxOf(split.root, '#b').y).to.be.closeTo(222, 0.01);
    expect(pagesOfLines(split.root, split.pages, '#b')).to.deep.equal([0, 0, 0, 1, 1]); // widows: 2
  });

  it('a column flex body breaks across pages between and inside its items', () => {
    const paras = Array.from({ length: 60 }, (_, i) => `<div>Line ${i}</div>`).join('');
    const { root, pages } = layoutOf(paras, `${PAGE} body { display: flex; flex-direction: column }`);
    const lines = linesOf(root);
    expect(lines).to.have.length(60);
    expect(pages.length).to.be.at.least(3);
    for (const l of lines) expect(pageAt(pages, l.y), `line at ${l.y}`).to.equal(pageAt(pages, l.y + l.height - 0.01));
  });

  it('break-before: page on an item of a column container starts a page; on an item of a row line, that line', () => {
    const col = layoutOf(`<div id="f" style="flex-direction: column">${div('a', 'height: 20pt')}${div('b', 'height: 20pt; break-before: page')}</div>`, PAGE);
    expect(boxOf(col.root, '#b').y).to.be.closeTo(280.5, 0.01);
    expect(boxOf(col.root, '#f').height).to.be.closeTo(300.5, 0.01);
    const row = layoutOf(`<div id="f" style="flex-wrap: wrap">${div('a', 'width: 100pt; height: 20pt')}${div('b', 'width: 100pt; height: 20pt')}${div('c', 'width: 10pt; height: 10pt; break-before: page')}</div>`, PAGE);
    expect(boxOf(row.root, '#b').y).to.be.closeTo(280.5, 0.01);
    expect(boxOf(row.root, '#c').y).to.be.closeTo(280.5, 0.01);
  });

  it('a flex container beside a float narrows to the room left of it', () => {
    const { root } = layoutOf(`<div style="float: left; width: 50pt; height: 30pt"></div><div id="f">${div('a', 'flex: 1; height: 10pt')}</div>`, PAGE);
    expect(boxOf(root, '#f').x).to.be.closeTo(50, 0.01);
    expect(boxOf(root, '#a').width).to.be.closeTo(130, 0.01);
  });

  it('a row line taller than a page: its items break across pages, the stretched sidebar follows', () => {
    const main = Array.from({ length: 40 }, (_, i) => `<p style="margin:0">Line ${i}</p>`).join('');
    const { root, pages } = layoutOf(`<div id="f">${div('side', 'width: 40pt; background: #eee', 'Side')}${div('main', 'flex: 1', main)}</div>`, PAGE);
    const lines = linesOf(boxOf(root, '#main'));
    for (const l of lines) expect(pageAt(pages, l.y), `line at ${l.y}`).to.equal(pageAt(pages, l.y + l.height - 0.01));
    const m = boxOf(root, '#main');
    expect(pageAt(pages, m.y + m.height - 0.01)).to.equal(1);
    expect(boxOf(root, '#side').height).to.be.closeTo(m.height, 0.01);
  });
});

describe('layout/flex: the same expectations in Chromium', function () {
  this.timeout(60000);
  const rectsOf = chromiumRects();

  for (const c of ALL) {
    it(c.name, async () => {
      const rects = await rectsOf({ pageCss: PAGE, html: `<div id="f" style="${c.container}">${c.items}</div>` }, Object.keys(c.expect));
      for (const [id, want] of Object.entries(c.expect)) {
        // (Chromium snaps to 1/64 px: sums of thirds of a px come out a few hundredths of a pt off)
        for (const [k, v] of Object.entries(want)) expect(rects[id]![k as 'x'], `${id}.${k}`).to.be.closeTo(v, 0.05);
      }
    });
  }
});
