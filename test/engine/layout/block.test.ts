// CSS 2.1 §10.3.3 widths, §8.3.1 collapsing margins, §9.5 floats, §9.3 positioning and
// CSS Fragmentation 3 breaks, read from the fragment tree (pt; @page 200pt × 300pt, margin 10pt
// unless a case says otherwise: a 180pt × 280.5pt page area, since Chromium rounds the page
// area up to whole px: 373.33px high → 374px).
import { expect } from 'chai';
import type { BoxFragment, ImageFragment, TextFragment } from '../../../src/engine/layout/fragments';
import { redPng } from '../../helpers/canary';
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';
import { boxOf, layoutOf, linesOf, pageAt } from '../../helpers/layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif }';

describe('layout: block boxes (CSS 2.1 §10.3.3, §10.6.3)', () => {
  const cases: { name: string; css: string; sel: string; x: number; width: number }[] = [
    { name: 'auto width fills the containing block', css: '#a { margin: 0 }', sel: '#a', x: 0, width: 180 },
    { name: 'margins and padding take from an auto width', css: '#a { margin: 0 10pt; padding: 5pt; border: 1pt solid }', sel: '#a', x: 10, width: 160 },
    { name: 'margin: auto centres a fixed width', css: '#a { width: 100pt; margin: 0 auto }', sel: '#a', x: 40, width: 100 },
    { name: 'border-box includes padding and border', css: '#a { box-sizing: border-box; width: 100pt; padding: 10pt; border: 5pt solid }', sel: '#a', x: 0, width: 100 },
    { name: 'max-width clamps', css: '#a { max-width: 50% }', sel: '#a', x: 0, width: 90 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root } = layoutOf('<div id="a">x</div>', `${PAGE} ${c.css}`);
      const a = boxOf(root, c.sel);
      expect(a.x).to.be.closeTo(c.x, 0.01);
      expect(a.width).to.be.closeTo(c.width, 0.01);
    });
  }

  for (const kind of ['display: block', 'float: left', 'position: absolute', 'display: inline-block']) {
    it(`min-height with box-sizing: border-box includes padding and border (${kind})`, () => {
      const { root } = layoutOf('<div id="a">x</div>', `${PAGE} #a { ${kind}; width: 50pt; min-height: 75pt; padding: 15pt; border: 2pt solid; box-sizing: border-box }`);
      expect(boxOf(root, '#a').height).to.be.closeTo(75, 0.01);
    });
  }

  it('a specified height sets the border box height with padding added', () => {
    const { root } = layoutOf('<div id="a"></div>', `${PAGE} #a { height: 50pt; padding: 5pt }`);
    expect(boxOf(root, '#a').height).to.be.closeTo(60, 0.01);
  });

  it('percentage heights resolve against a definite containing block', () => {
    const { root } = layoutOf('<div id="p"><div id="c"></div></div>', `${PAGE} #p { height: 100pt } #c { height: 50% }`);
    expect(boxOf(root, '#c').height).to.be.closeTo(50, 0.01);
  });
});

describe('layout: border widths snapped as a border width (CSS Backgrounds 3 §4.3, CSS Values 4), as Chromium 156 prints them', () => {
  // the border box height of an empty block is its two border widths; a CSS px is 0.75pt
  const cases: { width: string; px: number }[] = [
    { width: '0.1px', px: 1 }, { width: '0.62px', px: 1 }, { width: '0.2mm', px: 1 }, { width: '1px', px: 1 },
    { width: '1.5px', px: 1 }, { width: '2.7px', px: 2 }, { width: '3.99px', px: 3 }, { width: '1.5pt', px: 2 },
    { width: 'thin', px: 1 }, { width: 'medium', px: 3 }, { width: '0', px: 0 },
  ];
  for (const c of cases) {
    it(`border-width ${c.width} is ${c.px}px`, () => {
      const { root } = layoutOf('<div id="a"></div>', `${PAGE} #a { border-style: solid none; border-width: ${c.width} }`);
      expect(boxOf(root, '#a').height).to.be.closeTo(2 * c.px * 0.75, 0.001);
    });
  }
});

describe('layout: collapsing margins (CSS 2.1 §8.3.1)', () => {
  it('adjacent siblings take the larger margin', () => {
    const { root } = layoutOf('<div id="a" style="height:10pt;margin-bottom:20pt"></div><div id="b" style="height:10pt;margin-top:30pt"></div>', PAGE);
    expect(boxOf(root, '#b').y - (boxOf(root, '#a').y + 10)).to.be.closeTo(30, 0.01);
  });

  // the root establishes an independent formatting context (CSS Display 3 §2.2): Chromium 156
  // puts body's margin below html's, and keeps a last child's margin inside html's bottom
  const rootCases: { name: string; css: string; body: number; html: number }[] = [
    { name: 'body\'s top margin does not collapse with the root\'s', css: 'html { margin-top: 30pt } body { margin: 6pt }', body: 36, html: 30 },
    { name: 'a first child\'s margin does not collapse through the root', css: 'html { margin-top: 30pt } body { margin: 0 } #a { margin-top: 12pt }', body: 42, html: 30 },
    { name: 'without a root margin, body\'s margin stays', css: 'body { margin: 6pt }', body: 6, html: 0 },
  ];
  for (const c of rootCases) {
    it(`the root's margins collapse with none of its children's: ${c.name}`, () => {
      const { root } = layoutOf('<div id="a" style="height:10pt"></div>', `${PAGE} ${c.css}`);
      expect(boxOf(root, 'html').y, 'html').to.be.closeTo(c.html, 0.01);
      expect(boxOf(root, 'body').y, 'body').to.be.closeTo(c.body, 0.01);
    });
  }

  it('a positive and a negative margin add up', () => {
    const { root } = layoutOf('<div id="a" style="height:10pt;margin-bottom:20pt"></div><div id="b" style="height:10pt;margin-top:-5pt"></div>', PAGE);
    expect(boxOf(root, '#b').y - (boxOf(root, '#a').y + 10)).to.be.closeTo(15, 0.01);
  });

  it("a first child's top margin collapses through its parent", () => {
    const { root } = layoutOf('<div id="p" style="margin-top:10pt"><div id="c" style="margin-top:25pt;height:10pt"></div></div>', PAGE);
    const p = boxOf(root, '#p'); const c = boxOf(root, '#c');
    expect(p.y).to.be.closeTo(25, 0.01);
    expect(c.y).to.be.closeTo(25, 0.01);
  });

  it('a parent with a top border keeps its child\'s margin inside', () => {
    const { root } = layoutOf('<div id="p" style="margin-top:10pt;border-top:1.5pt solid"><div id="c" style="margin-top:25pt;height:10pt"></div></div>', PAGE);
    expect(boxOf(root, '#p').y).to.be.closeTo(10, 0.01);
    expect(boxOf(root, '#c').y).to.be.closeTo(36.5, 0.01);
  });

  it('margins collapse through an empty block', () => {
    const { root } = layoutOf('<div id="a" style="height:10pt;margin-bottom:10pt"></div><div style="margin:30pt 0"></div><div id="b" style="height:10pt;margin-top:5pt"></div>', PAGE);
    expect(boxOf(root, '#b').y - 10).to.be.closeTo(30, 0.01);
  });

  it("a last child's bottom margin collapses through its parent", () => {
    const { root } = layoutOf('<div id="p"><div style="height:10pt;margin-bottom:20pt"></div></div><div id="b" style="height:5pt"></div>', PAGE);
    expect(boxOf(root, '#p').height).to.be.closeTo(10, 0.01);
    expect(boxOf(root, '#b').y).to.be.closeTo(30, 0.01);
  });

  it('a floated table and a floated flex container float (CSS 2.1 §9.7): text goes beside them (Chromium)', () => {
    const { root } = layoutOf('<div><table id="t" style="float:right;width:100pt;margin-right:10pt;border-spacing:0"><tr><td style="padding:0;height:40pt"></td></tr></table>'
      + '<div id="f" style="display:flex;float:left;width:40pt"><div>a</div></div><span id="s">beside</span></div>', PAGE);
    const t = boxOf(root, '#t');
    expect([t.x, t.y, t.float]).to.deep.equal([70, 0, true]);
    expect(boxOf(root, '#f').float).to.equal(true);
    const line = linesOf(root).find((l) => l.children.some((c) => c.kind === 'text' && c.text.includes('beside')))!;
    expect(line.y).to.equal(0);
    expect(line.children.find((c) => c.kind === 'text')!.x).to.equal(40);
  });

  it('an empty block with clearance stays below the float, and its parent grows to hold it (§9.5.2, §10.6.3)', () => {
    // the clearfix idiom: Chromium puts the header's bottom border under the float
    const { root } = layoutOf('<div id="p" style="border-bottom:1.5pt solid"><div><div style="float:left;width:20pt;height:50pt"></div>text</div><div id="c" style="clear:both"></div></div><div id="b">after</div>', PAGE);
    expect(boxOf(root, '#c').y).to.be.closeTo(50, 0.01);
    expect(boxOf(root, '#p').height).to.be.closeTo(51.5, 0.01);
    expect(boxOf(root, '#b').y).to.be.closeTo(51.5, 0.01);
  });
});

describe('layout: positioned boxes (CSS 2.1 §10.3.7, §10.6.4)', () => {
  it('absolute against the padding box of the nearest positioned ancestor', () => {
    const { root } = layoutOf('<div id="p"><div id="a"></div></div>', `${PAGE} #p { position: relative; margin-top: 40pt; padding: 5pt; border: 1.5pt solid; height: 100pt } #a { position: absolute; right: 10pt; bottom: 0; width: 30pt; height: 20pt }`);
    const p = boxOf(root, '#p'); const a = boxOf(root, '#a');
    expect(a.x).to.be.closeTo(p.x + p.width - 1.5 - 10 - 30, 0.01);
    expect(a.y + a.height).to.be.closeTo(p.y + p.height - 1.5, 0.01);
  });

  it('absolute without a positioned ancestor takes the first page area', () => {
    const { root } = layoutOf('<p>x</p><div id="a"></div>', `${PAGE} #a { position: absolute; bottom: 0; left: 20pt; width: 30pt; height: 20pt }`);
    const a = boxOf(root, '#a');
    expect(a.y + a.height).to.be.closeTo(280, 0.01);
    expect(a.x).to.be.closeTo(20, 0.01);
  });

  it('an absolutely positioned span inside a line leaves the line whole, whatever its containing block (CSS 2.1 §9.3.1: out of flow)', () => {
    for (const cb of ['', 'position: relative']) {
      const { root } = layoutOf(`<p style="${cb}">Centered <span id="a">abs</span> after</p><p>one two <span id="b">x</span> three</p>`,
        `${PAGE} p { margin: 0; text-align: center } #a, #b { position: absolute }`);
      // one line each, centred as if the span were not there (Chromium: "Centered after" at x 51.76)
      const lines = linesOf(root).filter((l) => l.children.some((c) => c.kind === 'text' && /Centered|one/.test(c.text)));
      expect(lines.map((l) => l.children.filter((c): c is TextFragment => c.kind === 'text').map((c) => c.text).join('').replace(/\s+/g, ' ').trim()), cb).to.deep.equal(['Centered after', 'one two three']);
      expect(lines[1]!.y - lines[0]!.y, cb).to.be.closeTo(12, 0.01);
    }
  });

  // CSS 2.1 §10.3.7: with auto insets an absolutely positioned box takes its static position: where
  // it would be in flow. Inline-level, that is after the content before it on its line; block-level
  // after inline content, below that line at its start. x and y of the box #a, checked against
  // Chromium 156 (its text's left edge less the glyph's side bearing, and its line).
  const statics: [string, string, number, number][] = [
    ['after the text before it on its line', '<p>Infra structure <span id="a">Aa</span> after</p>', 64.45, 0],
    ['at a line end, after the text (its trailing space hangs)', '<p>Infrastructure <span id="a">Bb</span></p>', 58.9, 0],
    ['on the line it stands on, when the line breaks after it', '<p style="width: 60pt">one two three four <span id="a">Cc</span> five</p>', 42.8, 12],
    ['inside an inline box, after its padding and text', '<p>xy <span style="padding-left: 5pt">ab <span id="a">Dd</span></span></p>', 28.89, 0],
    ['display: inline-block', '<p>xy <span id="a" style="display: inline-block">Ee</span></p>', 10, 0],
    ['a block-level box after text: below the line, at its start', '<p>gh <span id="a" style="display: block">Gg</span></p>', 0, 12],
  ];
  for (const [name, html, x, y] of statics) {
    it(`the static position of an absolutely positioned box in a line: ${name}`, () => {
      const { root } = layoutOf(html, `${PAGE} p { margin: 0 } #a { position: absolute }`);
      const a = boxOf(root, '#a');
      expect(a.x, 'x').to.be.closeTo(x, 0.1);
      expect(a.y, 'y').to.be.closeTo(y, 0.01);
    });
  }

  it('relative moves the box after layout and keeps its place in flow', () => {
    const { root } = layoutOf('<div id="a" style="position:relative;top:5pt;left:7pt;width:50pt;height:10pt"></div><div id="b" style="height:10pt"></div>', PAGE);
    expect(boxOf(root, '#a').y).to.be.closeTo(5, 0.01);
    expect(boxOf(root, '#a').x).to.be.closeTo(7, 0.01);
    expect(boxOf(root, '#b').y).to.be.closeTo(10, 0.01);
  });

  it('fixed boxes are kept for every page', () => {
    const { fixed } = layoutOf('<div id="f" style="position:fixed;top:0;height:10pt">head</div><div style="height:600pt"></div>', PAGE);
    expect(fixed.length).to.equal(1);
  });

  // Chromium 156: FIXED prints on every page at the page area's (10, 10) under a relative parent, and
  // once, 10pt inside the moved box, under a transformed one
  it('a fixed box under a relatively positioned box still takes the page area and repeats on every page', () => {
    const { root, fixed } = layoutOf('<div style="position:relative;left:30pt;width:100pt;margin-top:40pt;height:60pt"><div id="f" style="position:fixed;top:10pt;left:10pt">FIXED</div></div><div style="height:600pt"></div>', PAGE);
    expect(fixed.map((f) => [f.x, f.y])).to.deep.equal([[10, 10]]);
    expect(() => boxOf(root, '#f')).to.throw();
  });

  it('a transformed box is the containing block of its fixed descendants: they are placed against it, once (CSS Transforms 1 §2)', () => {
    const { root, fixed } = layoutOf('<div id="t" style="transform:translateX(50pt);width:100pt;margin-top:40pt;height:60pt"><div id="f" style="position:fixed;top:10pt;left:10pt">FIXED</div></div><div style="height:600pt"></div>', PAGE);
    expect(fixed).to.have.length(0);
    const t = boxOf(root, '#t'); const f = boxOf(root, '#f');
    expect([f.x - t.x, f.y - t.y]).to.deep.equal([10, 10]);
    expect(f.fixed).to.not.equal(true);
  });
});

describe('layout: pages (CSS Fragmentation 3, CSS Paged Media 3)', () => {
  it('makes as many pages as the flow needs', () => {
    const { pages } = layoutOf('<div style="height:600pt"></div>', PAGE);
    expect(pages.length).to.equal(3);
    expect(pages[1]!.flowTop).to.be.closeTo(280.5, 0.01);
  });

  it('break-before: page starts the box on the next page', () => {
    const { root, pages } = layoutOf('<div style="height:10pt"></div><div id="b" style="break-before:page;height:10pt"></div>', PAGE);
    expect(pageAt(pages, boxOf(root, '#b').y)).to.equal(1);
    expect(boxOf(root, '#b').y).to.be.closeTo(280.5, 0.01);
  });

  it('the legacy page-break-after: always breaks after the box', () => {
    const { root, pages } = layoutOf('<div style="height:10pt;page-break-after:always"></div><div id="b" style="height:10pt"></div>', PAGE);
    expect(pageAt(pages, boxOf(root, '#b').y)).to.equal(1);
  });

  it('break-before: right breaks as page does, with no blank page (as Chromium prints)', () => {
    const { root, pages } = layoutOf('<div style="height:10pt"></div><div id="b" style="break-before:right;height:10pt"></div>', PAGE);
    expect(pageAt(pages, boxOf(root, '#b').y)).to.equal(1);
    expect(pages.length).to.equal(2);
  });

  it('margins above the first content do not start a page: its page name names the first page', () => {
    const { pages } = layoutOf('<h1 style="page:cover;margin-top:40pt">Title</h1><p>text</p>', `${PAGE} @page cover { margin: 0 }`);
    expect(pages[0]!.name).to.equal('cover');
    expect(pages[1]!.name).to.equal('auto');
  });

  it('a replaced element that would cross the page end moves to the next page', () => {
    const img = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"/>');
    const { root, pages } = layoutOf(`<div style="height:250pt"></div><img id="i" style="display:block;width:50pt;height:50pt" src="${img}">`, PAGE);
    expect(pageAt(pages, boxOf(root, '#i').y)).to.equal(1);
  });

  it('break-inside: avoid moves a box that fits on one page', () => {
    const { root, pages } = layoutOf('<div style="height:250pt"></div><div id="k" style="break-inside:avoid"><div style="height:20pt"></div><div style="height:20pt"></div></div>', PAGE);
    expect(pageAt(pages, boxOf(root, '#k').y)).to.equal(1);
  });

  it('break-inside: avoid moves a box taller than a page to the next page, where it breaks inside (CSS Fragmentation 3 §4.4: the break before it violates nothing; as Chromium 156 prints)', () => {
    const { root, pages } = layoutOf('<p style="margin:0">First</p><div id="k" style="break-inside:avoid"><p style="margin:0">S1</p><div style="height:400pt"></div><p id="e" style="margin:0">end</p></div><p id="n" style="margin:0">S2</p>', PAGE);
    const k = boxOf(root, '#k'); const e = boxOf(root, '#e'); const n = boxOf(root, '#n');
    expect(pageAt(pages, k.y)).to.equal(1);
    expect(k.y - pages[1]!.flowTop).to.be.closeTo(0, 0.01);
    // Chromium: the text tops of "end" and "S2" at 141.09pt and 153.09pt on page 3 (page 2 holds 280.5pt of the 412pt box)
    expect(pageAt(pages, e.y)).to.equal(2);
    expect(e.y - pages[2]!.flowTop).to.be.closeTo(131.5, 0.01);
    expect(n.y - pages[2]!.flowTop).to.be.closeTo(143.5, 0.01);
  });

  it('break-inside: avoid moves a box to the next page without its top margin, or the margin collapsed through it from its first child (CSS Fragmentation 3 §5.2, as Chromium prints it)', () => {
    for (const [html, what] of [
      ['<div id="k" style="break-inside:avoid;margin-top:15pt"><div style="height:20pt"></div><div style="height:20pt"></div></div>', 'own margin'],
      ['<div id="k" style="break-inside:avoid"><div style="margin-top:15pt;height:1pt"></div><div style="height:40pt"></div></div>', 'first child\'s margin'],
    ] as const) {
      const { root, pages } = layoutOf(`<div style="height:250pt"></div>${html}`, PAGE);
      const k = boxOf(root, '#k');
      expect(pageAt(pages, k.y), what).to.equal(1);
      expect(k.y - pages[1]!.flowTop, what).to.be.closeTo(0, 0.01);
      expect((k.children[0] as BoxFragment).y - pages[1]!.flowTop, what).to.be.closeTo(0, 0.01);
    }
  });

  it('@page :first margins apply to the first page only', () => {
    const { pages } = layoutOf('<div style="height:600pt"></div>', `${PAGE} @page :first { margin-top: 50pt }`);
    expect(pages[0]!.margin.top).to.equal(50.25); // 66.67px on a whole px
    expect(pages[1]!.margin.top).to.equal(9.75);
    expect(pages[0]!.flowBottom - pages[0]!.flowTop).to.be.closeTo(240, 0.01);
  });

  it('a named page with another size starts a page of that name and size (CSS Paged Media 3 §7)', () => {
    const { root, pages } = layoutOf('<div style="height:10pt"></div><div id="w" style="page:wide;height:10pt"></div><div id="c" style="height:10pt"></div>',
      `${PAGE} @page wide { size: 300pt 200pt; margin: 5pt }`);
    expect(pages.map((p) => `${p.name} ${p.width}x${p.height}`)).to.deep.equal(['auto 200x300', 'wide 300x200', 'auto 200x300']);
    expect(pageAt(pages, boxOf(root, '#w').y)).to.equal(1);
    expect(pageAt(pages, boxOf(root, '#c').y)).to.equal(2);
  });

  it('content that starts with a named page names the first page', () => {
    const { pages } = layoutOf('<div style="page:cover;height:10pt"></div>', `${PAGE} @page cover { margin: 0 }`);
    expect(pages.length).to.equal(1);
    expect(pages[0]!.name).to.equal('cover');
    expect(pages[0]!.margin.top).to.equal(0);
  });

  it("the anonymous block after a block ::before does not take its container's break-before", () => {
    const { root, pages } = layoutOf('<p>x</p><h2 id="h">Title</h2>', `${PAGE} h2 { break-before: page } h2::before { content: "Chapter"; display: block }`);
    const h = boxOf(root, '#h');
    expect(pageAt(pages, h.y)).to.equal(1);
    expect(pageAt(pages, h.y + h.height - 1)).to.equal(1);
    expect(pages.length).to.equal(2);
  });

  it('a named sibling of no height (only an absolutely positioned child) still has its page', () => {
    const { root, pages } = layoutOf('<section style="page:full"><div style="position:absolute;width:10pt;height:10pt"></div></section><p id="n">next</p>',
      `${PAGE} @page full { margin: 0 }`);
    expect(pages[0]!.name).to.equal('full');
    expect(pageAt(pages, boxOf(root, '#n').y)).to.equal(1);
  });

  it('a heading is not kept with what follows unless break-after says so (Chromium leaves it at the page end)', () => {
    const html = '<div style="height:250pt"></div><h2 id="h">Heading</h2><p id="p">one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen</p>';
    const css = `${PAGE} h2 { font-size: 12pt; margin: 0 } p { margin: 0; orphans: 2 }`;
    const plain = layoutOf(html, css);
    expect(pageAt(plain.pages, boxOf(plain.root, '#h').y)).to.equal(0);
    expect(pageAt(plain.pages, linesOf(boxOf(plain.root, '#p'))[0]!.y)).to.equal(1);
    const kept = layoutOf(html, `${css} h2 { break-after: avoid }`);
    expect(pageAt(kept.pages, boxOf(kept.root, '#h').y)).to.equal(1);
  });

  it('break-after: avoid does not move a heading off its page when the next sibling forces a break, or starts a new named page (CSS Fragmentation 3 §3.1: avoid weighs unforced breaks only)', () => {
    // Chromium 156: "A H" on page 1, then "toc B" (and "named", "B") on the next pages
    for (const [next, css] of [['<nav id="n" style="break-before:page">toc</nav>', ''], ['<nav></nav><p id="n" style="break-before:page">toc</p>', ''], ['<div id="n" style="page:x">named</div>', '@page x { margin: 20pt }']] as const) {
      const { root, pages } = layoutOf(`<p>A</p><h1 id="h" style="break-after:avoid;margin:0">H</h1>${next}<p>B</p>`, `${PAGE} ${css}`);
      expect(pageAt(pages, boxOf(root, '#h').y), next).to.equal(0);
      expect(pageAt(pages, boxOf(root, '#n').y), next).to.equal(1);
    }
  });

  // Chromium: 1, 2, 2 and 2 pages
  const trailing: { name: string; html: string; css?: string; pages: number }[] = [
    { name: 'break-after on the last box makes no page', html: '<div style="break-after:page">a</div>', pages: 1 },
    { name: 'an empty box after a forced break has its page', html: '<div style="break-after:page">a</div><p></p>', pages: 2 },
    { name: 'an empty box with break-before has its page', html: '<div>a</div><p style="break-before:page"></p>', pages: 2 },
    { name: 'an empty box of another page name has its page', html: '<div>a</div><p style="page:last"></p>', css: '@page last { margin: 20pt }', pages: 2 },
  ];
  for (const c of trailing) {
    it(c.name, () => {
      expect(layoutOf(c.html, `${PAGE} ${c.css ?? ''}`).pages.length).to.equal(c.pages);
    });
  }
});

describe('layout: list markers (CSS Lists 3, as Blink paints them)', () => {
  // Chromium 156, 20px Liberation Sans (ascent 18px), padding-left 60px: a 4.5pt disc at x 30.75, y 6.75
  const css = '@page { size: 200pt 200pt; margin: 0 } body { margin: 0; font: 20px sans-serif } ul { margin: 0; padding-left: 60px }';
  for (const type of ['disc', 'circle', 'square'] as const) {
    it(`an outside ${type} is a shape ⌊2a/3⌋ + 7px before the content, not a glyph`, () => {
      const { root } = layoutOf(`<ul style="list-style-type:${type}"><li id="li">Item</li></ul>`, css);
      const li = boxOf(root, '#li');
      const marker = li.children.find((c) => c.kind === 'box' && !c.element);
      expect(marker, 'marker box').to.not.equal(undefined);
      const m = marker as BoxFragment;
      expect([m.x, m.y, m.width, m.height]).to.deep.equal([30.75, 6.75, 4.5, 4.5]);
      expect(li.children.some((c) => c.kind === 'text')).to.equal(false);
    });
  }

  // Chromium 156: an inside symbol marker is a box ⌊(⌊2a/3⌋ + 1)/2⌋ + 2px wide with margins -1px
  // and 1em (ListMarker::WidthOfSymbol, InlineMarginsForInside), the shape 1px into it: at 20px
  // the text starts 27px after the content edge, at 10px 14px (not after a bullet glyph and a space)
  for (const type of ['disc', 'circle', 'square'] as const) {
    it(`an inside ${type} is a shape at the content edge, the text 1em + the symbol's width after it`, () => {
      const { root } = layoutOf(`<ul style="list-style: ${type} inside"><li id="li">Item one</li></ul>`, css);
      const line = linesOf(boxOf(root, '#li'))[0]!;
      const words = line.children.filter((c): c is TextFragment => c.kind === 'text');
      expect(words.map((t) => t.text.trim())).to.deep.equal(['Item one']);
      expect(words[0]!.x).to.be.closeTo(45 + 20.25, 0.01);
      const shape = line.children.find((c): c is BoxFragment => c.kind === 'box' && !c.element);
      expect(shape, 'marker shape').to.not.equal(undefined);
      expect([shape!.x, shape!.y, shape!.width, shape!.height]).to.deep.equal([45, 6.75, 4.5, 4.5]);
    });
  }

  it('an inside marker takes its size from its own font: 10px text starts 14px after the content edge', () => {
    const { root } = layoutOf('<ul style="list-style: circle inside"><li id="li" style="font-size: 10px">Item one</li></ul>', css);
    const first = linesOf(boxOf(root, '#li'))[0]!.children.find((c): c is TextFragment => c.kind === 'text')!;
    expect(first.x).to.be.closeTo(45 + 10.5, 0.01);
  });

  it('a line may break after an inside symbol marker: at min-content it stands alone on the first line', () => {
    const { root } = layoutOf('<ul style="list-style: square inside; width: min-content"><li id="li">Item one</li></ul>', css);
    const lines = linesOf(boxOf(root, '#li'));
    expect(lines.map((l) => l.children.filter((c): c is TextFragment => c.kind === 'text').map((t) => t.text.trim()).join(' '))).to.deep.equal(['', 'Item', 'one']);
    // Chromium: "Item" at y 34.42pt, x 45 (the content edge)
    expect(lines[1]!.children.find((c): c is TextFragment => c.kind === 'text')!.x).to.be.closeTo(45, 0.01);
  });

  it('a decimal marker stays text', () => {
    const { root } = layoutOf('<ol><li id="li">Item</li></ol>', css);
    expect(boxOf(root, '#li').children.some((c) => c.kind === 'text' && c.text.startsWith('1.'))).to.equal(true);
  });

  describe('list-style-image (CSS Lists 3 §3.2)', () => {
    const icon = `data:image/png;base64,${redPng(16, 24).toString('base64')}`;
    const imageOf = (html: string) => {
      const li = boxOf(layoutOf(html, css).root, '#li');
      return { li, image: li.children.find((c): c is ImageFragment => c.kind === 'image') };
    };

    it('draws the image at its natural size, its bottom on the first baseline and its end 7px before the content', () => {
      for (const type of ['disc', 'none']) {
        const { li, image } = imageOf(`<ul style="list-style: ${type} url(${icon})"><li id="li">Item</li></ul>`);
        expect(image, type).to.not.equal(undefined);
        // 16 × 24px is 12 × 18pt; the content starts at 60px = 45pt
        expect([image!.x, image!.width, image!.height], type).to.deep.equal([45 - 5.25 - 12, 12, 18]);
        expect(image!.y + image!.height, type).to.be.closeTo(linesOf(li)[0]!.baseline, 0.01);
        // (no disc shape before the content)
        expect(li.children.some((c) => c.kind === 'box' && c.x < 45), type).to.equal(false);
      }
    });

    it('falls back to list-style-type when the image does not load', () => {
      const { li, image } = imageOf('<ul style="list-style: square url(data:image/png;base64,AAAA)"><li id="li">Item</li></ul>');
      expect(image).to.equal(undefined);
      expect(li.children.some((c) => c.kind === 'box' && c.x < 45)).to.equal(true);
    });

    it('::marker content replaces it', () => {
      const { li, image } = imageOf(`<ul style="list-style-image: url(${icon})"><li id="li">Item</li></ul><style>li::marker { content: "- " }</style>`);
      expect(image).to.equal(undefined);
      expect(li.children.some((c) => c.kind === 'text' && c.text === '- ')).to.equal(true);
    });
  });
});

describe('layout: an outside marker pushes content whose first baseline is above its own (Blink UnpositionedListMarker::AddToBox)', () => {
  // Chromium 156, 16px/20px Liberation Serif: the marker's line puts its baseline 15px below its
  // top; a first child whose baseline is nearer its top than that moves down by the difference
  // (/tmp/heldb-one/li3.html, /tmp/heldlow-one/li/b.html: text positions from Chromium's PDF)
  const css = '@page { size: 400pt 600pt; margin: 20pt } body { margin: 0; font: 16px/20px serif } ul { margin: 0 } p { margin: 0 }' +
    ' .t::before { content: ""; display: table } .s::before { content: " "; display: table } .f::before { content: ""; display: flex } .g::before { content: ""; display: grid }';
  const cases: { name: string; html: string; y: number }[] = [
    { name: 'a clearfix ::before table (content "") has its baseline at its top: 15px down', html: '<ul><li class="t"><p id="p">A</p></li></ul>', y: 11.25 },
    { name: 'so does one with content " "', html: '<ul><li class="s"><p id="p">A</p></li></ul>', y: 11.25 },
    { name: 'and a ::before flex or grid container', html: '<ul><li class="f"><p id="p">A</p></li></ul><ul><li class="g"><p>B</p></li></ul>', y: 11.25 },
    { name: 'an empty display:table element has no baseline: the marker goes to the paragraph', html: '<ul><li><div style="display:table"></div><p id="p">A</p></li></ul>', y: 0 },
    { name: 'the marker line of line-height 40px: 25px', html: '<ul style="line-height:40px"><li class="t"><p id="p">A</p></li></ul>', y: 18.75 },
    { name: 'a 32px marker on a 20px line: 21px', html: '<ul style="font-size:32px"><li class="t"><p id="p">A</p></li></ul>', y: 15.75 },
    { name: 'no marker, no push', html: '<ul><li class="t" style="list-style:none"><p id="p">A</p></li></ul>', y: 0 },
    { name: 'a first paragraph of 10px/12px (baseline 9px down): 6px', html: '<ul><li><p id="p" style="font-size:10px;line-height:12px">A</p></li></ul>', y: 4.5 },
    { name: 'its padding counts: 4px', html: '<ul><li><p id="p" style="font-size:10px;line-height:12px;padding-top:2px">A</p></li></ul>', y: 3 },
    { name: 'a clearfix inside the first child', html: '<ul><li><div class="t"></div><p id="p">A</p></li></ul>', y: 11.25 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root } = layoutOf(c.html, css);
      expect(boxOf(root, '#p').y).to.be.closeTo(c.y, 0.01);
    });
  }

  it('a flex item with a clearfix ::before table aligns that baseline (its top) on the line: 15px down', () => {
    const { root } = layoutOf('<div style="display:flex;align-items:baseline"><div id="a">A</div><div id="b" class="t" style="font-size:10px">B</div></div>', css);
    expect(boxOf(root, '#b').y - boxOf(root, '#a').y).to.be.closeTo(11.25, 0.01);
  });
});

describe('layout: ::marker (CSS Pseudo 4 §3.2, CSS Lists 3 §3.1, as Chromium 156 prints it)', () => {
  const css = '@page { size: 300pt 300pt; margin: 0 } body { margin: 0; font: 16px sans-serif } ul, ol { margin: 0; padding-left: 40px }';
  const markerOf = (html: string, extra: string) => {
    const li = boxOf(layoutOf(html, `${css} ${extra}`).root, '#li');
    // (the marker sits before the content edge, 40px = 30pt in)
    return li.children.find((c) => (c.kind === 'text' || (c.kind === 'box' && !c.element)) && c.x + c.width <= 30.01) as BoxFragment | TextFragment | undefined;
  };

  it('its colour draws the bullet; the shape keeps its place', () => {
    const m = markerOf('<ul><li id="li">Item</li></ul>', 'li::marker { color: rgb(255, 0, 0) }') as BoxFragment;
    const plain = markerOf('<ul><li id="li">Item</li></ul>', '') as BoxFragment;
    expect(m.kind).to.equal('box');
    expect(m.style.backgroundColor).to.include({ r: 255, g: 0, b: 0 });
    expect([m.x, m.y, m.width]).to.deep.equal([plain.x, plain.y, plain.width]);
  });

  it('content replaces the marker text, drawn as written and ending at the content edge', () => {
    for (const [rule, text] of [['li::marker { content: "\u2192 " }', '\u2192 '], ['li::marker { content: counter(list-item) ") " }', '1) ']] as const) {
      const m = markerOf('<ol><li id="li">Item</li></ol>', rule) as TextFragment;
      expect(m.kind, rule).to.equal('text');
      expect(m.text, rule).to.equal(text);
      expect(m.x + m.width, rule).to.be.closeTo(30, 0.01);
    }
  });

  it('content: none leaves no marker; inside markers take the ::marker style', () => {
    expect(markerOf('<ul><li id="li">Item</li></ul>', 'li::marker { content: none }')).to.equal(undefined);
    const { root } = layoutOf('<ol style="list-style-position: inside"><li id="li">Item</li></ol>', `${css} li::marker { font-weight: bold }`);
    const first = linesOf(boxOf(root, '#li'))[0]!.children.filter((c): c is TextFragment => c.kind === 'text');
    expect(first.map((t) => [t.text, t.style.fontWeight])).to.deep.equal([['1. ', 700], ['Item', 400]]);
  });
});

describe('layout: quirky margins (HTML §15.3.3, as Chromium 156 prints a document without a DOCTYPE)', () => {
  // 20px text; the UA margins of p (16px at the quirks table's medium size, 20px in body), h3 and ul
  const css = '@page { size: 400px 300px; margin: 10px } body { margin: 0; font: 20px/1.2 "Liberation Serif" } td { border: 1px solid; padding: 0 } table { border-collapse: collapse }';
  const top = (html: string, sel: string) => boxOf(layoutOf(html, css).root, sel).y;
  const cases: { name: string; html: string; sel: string; quirks: number; standard: number }[] = [
    { name: "a p's margin at the start of body is dropped", html: '<p id="x">A</p>', sel: '#x', quirks: 0, standard: 15 },
    { name: 'through a block that does not separate it from body', html: '<div><p id="x">A</p></div>', sel: '#x', quirks: 0, standard: 15 },
    { name: "an author's margin is not quirky", html: '<p id="x" style="margin-top: 1em">A</p>', sel: '#x', quirks: 15, standard: 15 },
    { name: 'inside a bordered block it is kept', html: '<div style="border-top: 1px solid"><p id="x">A</p></div>', sel: '#x', quirks: 15.75, standard: 15.75 },
    { name: 'a heading at the start of a table cell', html: '<table><tr><td><h3 id="x">B</h3></td></tr></table>', sel: '#x', quirks: 0.75, standard: 0.75 + 17.55 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(top(c.html, c.sel), 'quirks').to.be.closeTo(c.quirks, 0.01);
      expect(top(`<!DOCTYPE html>${c.html}`, c.sel), 'standard').to.be.closeTo(c.standard, 0.01);
    });
  }

  it("a cell ends at its last p's text: the quirky bottom margin is dropped too", () => {
    const height = (cell: string) => boxOf(layoutOf(`<table><tr><td id="c">${cell}</td></tr></table>`, css).root, '#c').height;
    expect(height('<p>B</p>')).to.be.closeTo(height('B'), 0.01);
    expect(height('<p style="margin-bottom: 16px">B</p>')).to.be.closeTo(height('B') + 12, 0.01);
  });
});

describe('layout: the line height quirk (Quirks Mode §3.3, as Chromium 156 prints a document without a DOCTYPE)', () => {
  // 20px Liberation Sans (line-height normal: 17.25pt); <small> is 16px (a 15pt line, as Chromium spaces them)
  const css = '@page { size: 300px 300px; margin: 10px } body { margin: 0; font: 20px "Liberation Sans" } img { display: inline }';
  const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP4z8DAwPAfAAcAAf9+CLHQAAAAAElFTkSuQmCC';
  const heights = (html: string) => linesOf(boxOf(layoutOf(html, css).root, '#d')).map((l) => Math.round(l.height * 100) / 100);
  const cases: { name: string; html: string; quirks: number[]; standard: number[] }[] = [
    { name: 'a line with only smaller text takes its height, not the block\'s strut', html: '<div id="d">A<br><small>b</small></div>', quirks: [17.25, 15], standard: [17.25, 17.25] },
    { name: 'a line that is only a <br> keeps the strut', html: '<div id="d">A<br><br>B</div>', quirks: [17.25, 17.25, 17.25], standard: [17.25, 17.25, 17.25] },
    // (16px text: 14px ascent and 3px descent; a 5px line-height puts its extent 8px to 3px above the baseline)
    { name: 'a line-height below the font\'s height: each line is the line-height, its baseline below the line', html: '<div id="d" style="font-size:16px;line-height:5px">Alpha<br>Beta</div>', quirks: [3.75, 3.75], standard: [3.75, 3.75] },
    { name: 'line-height: 0.5 (8px of 16px text)', html: '<div id="d" style="font-size:16px;line-height:0.5">Gamma<br>Delta</div>', quirks: [6, 6], standard: [6, 6] },
    { name: 'an image alone on its line leaves no gap below it', html: `<div id="d"><img src="${PNG}" width="40" height="40"></div>`, quirks: [30], standard: [33.75] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(heights(c.html), 'quirks').to.deep.equal(c.quirks);
      expect(heights(`<!DOCTYPE html>${c.html}`), 'standard').to.deep.equal(c.standard);
    });
  }
});

describe('layout: the percentage height calculation quirk (Quirks Mode §3.5, as Chromium 156 prints a document without a DOCTYPE)', () => {
  // a 380pt page area; the figures are the gaps between the words of Chromium's PDF
  const css = '@page { size: 300pt 400pt; margin: 10pt } body { margin: 0; font: 12pt sans-serif }';
  const heightOf = (html: string) => boxOf(layoutOf(html, css).root, '#x').height;
  it('a percentage height skips auto-height blocks up to the page area', () => {
    expect(heightOf('<div><div id="x" style="height:50%">Pct of auto</div>after</div>')).to.be.closeTo(190, 0.3);
    expect(heightOf('<!DOCTYPE html><div><div id="x" style="height:50%">Pct of auto</div>after</div>'), 'standard: auto').to.be.closeTo(13.5, 0.3);
  });
  it('a block of definite height stops the skip', () => {
    expect(heightOf('<div style="height:50pt"><div><div id="x" style="height:50%">Half</div></div></div>')).to.be.closeTo(25, 0.01);
  });
});

// CSS 2.1 §10.3.7: an absolutely positioned box inside an inline-block whose containing block is
// outside it takes its static position where the inline-block stands on its line (the
// inline-block is laid out at the origin, then moved onto its line: the box moves with it).
const IN_INLINE_BLOCK: ChromiumFact[] = [
  {
    name: 'an absolutely positioned box first in an inline-block below a paragraph',
    html: '<p style="margin:0">para</p><div style="display:inline-block;margin-left:20pt"><div id="a" style="position:absolute;width:30pt;height:20pt"></div><div style="width:50pt;height:40pt"></div></div>',
    css: '', expect: { a: { x: 20, y: 12 } },
  },
  {
    name: 'after a block inside the second inline-block of a line, inside its padding',
    html: '<div style="display:inline-block;width:40pt;height:10pt"></div><div style="display:inline-block;padding:5pt;vertical-align:top"><div style="height:7pt"></div><div id="a" style="position:absolute;width:10pt;height:10pt"></div><div style="width:20pt;height:20pt"></div></div>',
    css: '', expect: { a: { x: 45, y: 12 } },
  },
  {
    name: 'inline-level, first in an inline-block with a top margin and border',
    html: '<div style="height:30pt"></div><span style="display:inline-block;margin-top:6pt;border-top:2pt solid"><span id="a" style="position:absolute;width:10pt;height:10pt"></span>x</span>',
    css: '', expect: { a: { x: 0, y: 37.5 } },
  },
];

describe('layout: the static position of an absolutely positioned box in an inline-block (CSS 2.1 §10.3.7), against Chromium', function () {
  this.timeout(60000);
  // (Chromium snaps to 1/64 px)
  itAgreesWithChromium(IN_INLINE_BLOCK, { pageCss: PAGE, tolerance: 0.05 });
});

describe('layout: nested lists and definition lists (HTML §15.3.8 UA margins)', () => {
  it('an ol, ul or dl inside a dl or list has no block margins; one outside keeps 1em', () => {
    // Chromium 156: with 12pt/15pt text and body margin 0, the OL line 15pt below T, P 15pt below OL, and the top-level
    // ul's 12pt margins around its nested dl
    const { root } = layoutOf('<p id="t">T</p><dl><dd><ol id="ol"><li>OL</li></ol></dd></dl><p id="p">P</p><ul id="u"><li><dl id="d"><dd>D</dd></dl></li></ul>',
      '@page { size: 300pt 300pt; margin: 0 } body { margin: 0; font: 12pt/15pt serif } p { margin: 0 }');
    expect(boxOf(root, '#ol').y - boxOf(root, '#t').y).to.be.closeTo(15 + 12, 0.01); // (the outer dl's 1em only)
    expect(boxOf(root, '#p').y - boxOf(root, '#ol').y).to.be.closeTo(15 + 12, 0.01);
    expect(boxOf(root, '#d').y - boxOf(root, '#u').y).to.be.closeTo(0, 0.01);
    expect(boxOf(root, '#d').height).to.be.closeTo(15, 0.01);
  });
});

