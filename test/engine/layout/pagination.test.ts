// CSS Fragmentation 3 and CSS Paged Media 3 over long documents, as Chromium prints them, read
// from the fragment tree (pt). Each expectation was checked against Chromium 156's own PDF of
// the same HTML (`chromium --headless --print-to-pdf`, positions from `pdftotext -bbox`).
import { expect } from 'chai';
import { boxOf, layoutOf, linesOf, pageAt, textOf } from '../../helpers/layout';

const WORDS = 'aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo ppp qqq rrr sss ttt uuu vvv www xxx yyy zzz';

describe('layout: pages of different widths (CSS Paged Media 3 §3.4, as Blink prints)', () => {
  // page area 280.5pt wide on the first page, 200.25pt on the others (373.33px and 266.67px
  // rounded up to whole px, as Chromium does); 13 lines of 20pt per page
  const CSS = `@page { size: 300pt 300pt; margin: 20pt 50pt } @page :first { margin: 20pt 10pt }
    body { margin: 0; font: 12pt/20pt 'DejaVu Sans' } p { margin: 0 }`;

  it('each line of a paragraph takes the width of the page it is on', () => {
    const { root, pages } = layoutOf(`<p id="p">${`${WORDS} `.repeat(10)}END</p>`, CSS);
    const lines = linesOf(boxOf(root, '#p'));
    const onPage = (k: number) => lines.filter((l) => pageAt(pages, l.y) === k);
    expect(onPage(0)).to.have.length(13);
    for (const l of onPage(0)) expect(l.width).to.be.closeTo(280.5, 0.01);
    expect(onPage(1)).to.have.length(13);
    for (const l of onPage(1)) expect(l.width).to.be.closeTo(200.25, 0.01);
    // Chromium's lines: "aaa … lll" first on the first page, "sss … zzz" first on the second
    expect(textOf(lines[0]!)).to.equal('aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll');
    expect(textOf(onPage(1)[0]!)).to.equal('sss ttt uuu vvv www xxx yyy zzz');
  });

  it('a block that starts on a narrower page is laid out at that page\'s width', () => {
    const { root, pages } = layoutOf(`<p>${`${WORDS} `.repeat(3)}</p><div id="d" style="height:20pt"></div>`, `${CSS} p { break-after: page }`);
    const d = boxOf(root, '#d');
    expect(pageAt(pages, d.y)).to.equal(1);
    expect(d.width).to.be.closeTo(200.25, 0.01);
  });

  it('a box of specified width keeps it on every page', () => {
    // (250pt is wider than the second page's area: Chromium 156 shrinks the whole document to fit
    // it there, by about 250/200.25, "zzz" of the second line at x 96.75 on page 1: see shrink.test.ts)
    const { root, pages } = layoutOf(`<div id="d" style="width:250pt">${`${WORDS} `.repeat(10)}</div>`, CSS);
    const lines = linesOf(boxOf(root, '#d'));
    const later = lines.filter((l) => pageAt(pages, l.y) === 1);
    expect(later.length).to.be.greaterThan(0);
    const zoom = pages[0]!.zoom ?? 1;
    expect(zoom).to.be.closeTo(250 / 200.25, 0.01);
    for (const l of lines) expect(l.width * zoom).to.be.closeTo(250, 0.01);
  });
});

describe('layout: the page area in whole px (as Blink prints)', () => {
  // Chromium 156: a float of 409px fits beside nothing on a 148mm page with 2cm margins, 409.3px
  // does not; a block of 972px fits in an A4 page area with 2cm margins, 972.3px does not
  const cases: { name: string; css: string; width: number; height: number; left: number }[] = [
    { name: '148mm × 210mm, margins 2cm 2cm 3cm: 408.19px × 604.72px → 409px × 605px', css: '@page { size: 148mm 210mm; margin: 2cm 2cm 3cm 2cm }', width: 306.75, height: 453.75, left: 57 },
    { name: 'A4, margin 2cm: 642.52px × 971.34px → 643px × 972px', css: '@page { size: A4; margin: 2cm }', width: 482.25, height: 729, left: 57 },
    { name: 'whole px stay: 300pt, margin 0', css: '@page { size: 300pt 300pt; margin: 0 }', width: 300, height: 300, left: 0 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root, pages } = layoutOf('<div style="height:2000pt"></div>', `${c.css} body { margin: 0 }`);
      expect(root.width).to.be.closeTo(c.width, 0.01);
      expect(pages[1]!.flowTop).to.be.closeTo(c.height, 0.01);
      expect(pages[0]!.margin.left).to.be.closeTo(c.left, 0.01);
    });
  }
});

describe('layout: glyph advances at the size FreeType gets (as Chromium measures)', () => {
  // Chromium 156 draws 40 × "a" of DejaVu Sans 245.02pt wide at 10pt (13.333px → 13.328px) and
  // 269.44pt wide at 11pt (14.667px → 14.656px); 12pt (16px) is exact
  const cases = [{ size: 10, width: 245.02 }, { size: 11, width: 269.44 }, { size: 12, width: 294.14 }];
  for (const c of cases) {
    it(`${c.size}pt: ${c.width}pt`, () => {
      const { root } = layoutOf(`<p>${'a'.repeat(40)}</p>`, `body { margin: 0; font: ${c.size}pt 'DejaVu Sans' }`);
      const text = linesOf(root)[0]!.children[0]!;
      expect(text.kind === 'text' ? text.width : NaN).to.be.closeTo(c.width, 0.02);
    });
  }
});

describe('layout: break avoidance (CSS Fragmentation 3 §3.2)', () => {
  it('break-after: avoid before a paragraph whose first line starts the next page moves the box with it', () => {
    // Chromium 156 prints both on page 2
    const { root, pages } = layoutOf('<div style="height:250pt"></div><div id="i" style="height:20pt;break-after:avoid">IMG</div><p id="p">First line of the paragraph after it</p>',
      `@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt 'DejaVu Sans' } p { margin: 0 }`);
    expect(pageAt(pages, boxOf(root, '#i').y)).to.equal(1);
    expect(pageAt(pages, linesOf(boxOf(root, '#p'))[0]!.y)).to.equal(1);
  });

  // 13 lines of 20pt fill page 1 down to 260pt; a heading that avoids a break after it is the
  // first child of its section (or of a box inside it), the paragraph after it (orphans: 2) has
  // room for one line only. Chromium 156 prints "HEAD" at the top of page 2 (yMin 2.36pt) and
  // "ONE" below it (22.61pt): the break before the heading is the one before the section.
  const FILL = Array.from({ length: 13 }, (_, i) => `<p>F${i}</p>`).join('');
  const KEEP = `@page { size: 300pt 300pt; margin: 0 } body { margin: 0; font: 12pt/20pt 'DejaVu Sans' }
    p { margin: 0; orphans: 2 } h3 { margin: 0; font: inherit; break-after: avoid }`;
  const wrapped = [
    { name: 'a heading first in its section moves to the next page with the section', html: `<section id="s"><h3 id="h">HEAD</h3><p id="p">ONE<br>TWO</p></section>` },
    { name: 'a heading first in a box first in its section moves with both', html: `<section id="s"><div><h3 id="h">HEAD</h3><p id="p">ONE<br>TWO</p></div></section>` },
  ];
  for (const c of wrapped) {
    it(c.name, () => {
      const { root, pages } = layoutOf(`${FILL}${c.html}`, KEEP);
      expect(pages).to.have.length(2);
      expect(boxOf(root, '#s').y).to.be.closeTo(300, 0.01);
      expect(boxOf(root, '#h').y).to.be.closeTo(300, 0.01);
      expect(linesOf(boxOf(root, '#p'))[0]!.y).to.be.closeTo(320, 0.01);
    });
  }
});

describe('layout: the initial containing block (as Chromium 156 places boxes against it)', () => {
  it('right: 0 ends at the page area\'s exact width rounded to whole px, bottom: 0 at its exact height', () => {
    // 148mm × 210mm, margin 2cm: the page area is 408.19px wide, 642.52px high; Chromium draws a
    // right: 0 box's right edge at 363pt (76px + 408px), a bottom: 0 box's bottom edge 2cm above the page's
    const { root, pages } = layoutOf('<div id="r" style="position:absolute;right:0;top:0;width:30pt;height:10pt"></div><div id="b" style="position:absolute;bottom:0;left:0;width:30pt;height:10pt"></div>',
      '@page { size: 148mm 210mm; margin: 2cm } body { margin: 0 }');
    const r = boxOf(root, '#r'); const b = boxOf(root, '#b');
    expect(pages[0]!.margin.left + r.x + r.width).to.be.closeTo(363, 0.01);
    expect(pages[0]!.margin.top + b.y + b.height).to.be.closeTo(595.28 - 56.69, 0.3);
  });

  it('its width is the page area\'s rounded down to whole px, a px narrower than the flow\'s when not whole', () => {
    // Chromium 156's PDFs: the right edge of a right-aligned line in flow, and of a `left: 0; right: 0` box's
    const cases: { page: string; flow: number; icb: number }[] = [
      { page: 'size: A4; margin: .5cm', flow: 581.25, icb: 580.5 }, // 755.9px: the flow 756px, the initial containing block 755px
      { page: 'size: A4; margin: 0', flow: 595.5, icb: 594.75 }, // 793.7px
      { page: 'size: 400.5px 300px; margin: 0', flow: 300.75, icb: 300 },
      { page: 'size: letter; margin: 0', flow: 612, icb: 612 }, // 816px: whole
    ];
    for (const c of cases) {
      const { root, pages } = layoutOf('<!doctype html><div id="f" style="text-align:right">FLOW</div><div id="a" style="position:absolute;top:40px;left:0;right:0;text-align:right">ABS</div>',
        `@page { ${c.page} } body { margin: 0; font: 16px 'Liberation Sans' }`);
      const right = (id: string) => { const l = linesOf(boxOf(root, id))[0]!; const t = l.children.filter((x) => x.kind === 'text').pop()!; return pages[0]!.margin.left + t.x + t.width; };
      expect(right('#f'), c.page).to.be.closeTo(c.flow, 0.01);
      expect(right('#a'), c.page).to.be.closeTo(c.icb, 0.01);
    }
  });
});

describe('layout: em and rem in @page margins (as Chromium 156 resolves them)', () => {
  // Chromium: `@page { font-size: small; margin: 4rem 0 0 4em }` puts the page area 39pt (4 × 13px) from the top and left
  const cases = [{ fs: 'font-size: small;', m: 39 }, { fs: 'font-size: 10px;', m: 30 }];
  for (const c of cases) {
    it(`${c.fs} margin: 4rem 0 0 4em → ${c.m}pt`, () => {
      const { pages } = layoutOf('<p>X</p>', `@page { size: 400pt 400pt; ${c.fs} margin: 4rem 0 0 4em } body { margin: 0 }`);
      expect(pages[0]!.margin.top).to.be.closeTo(c.m, 0.01);
      expect(pages[0]!.margin.left).to.be.closeTo(c.m, 0.01);
    });
  }
});

describe('layout: no break between a box\'s top and its first content (as Blink breaks)', () => {
  it('a section whose first line starts the next page moves there with its padding, and its heading keeps its margin', () => {
    // Chromium 156: "Heading" and "text" on page 2, the heading's line 10pt (padding) + 15pt (margin) below the page top
    const { root, pages } = layoutOf('<div style="height:255pt"></div><section id="s"><h2 id="h">Heading</h2><p>text</p></section>',
      `@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt 'DejaVu Sans' } p { margin: 0 }
       section { padding-top: 10pt } h2 { margin: 15pt 0 0; font: 10pt/20pt 'DejaVu Sans' }`);
    const s = boxOf(root, '#s');
    expect(pageAt(pages, s.y)).to.equal(1);
    expect(s.y).to.be.closeTo(pages[1]!.flowTop, 0.01);
    expect(linesOf(boxOf(root, '#h'))[0]!.y - pages[1]!.flowTop).to.be.closeTo(25, 0.01);
  });
});

describe('layout: content that is first on its page is not pushed off it (CSS Fragmentation 3 §4.4, as Chromium prints)', () => {
  // a page area of 60pt: three lines of 20pt; nothing but a top margin or padding precedes the content on page 1
  const CSS = `@page { size: 200pt 80pt; margin: 10pt } body { margin: 0; font: 10pt/20pt 'DejaVu Sans' }`;
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join('<br>');

  it('a paragraph after its top margin keeps the lines that fit on the first page, orphans notwithstanding', () => {
    // Chromium 156: "w0 w1" on page 1, "w2" and the next paragraph on page 2 (no empty first page)
    const { root, pages } = layoutOf(`<p id="a">${lines(3)}</p><p id="b">x</p>`, `${CSS} p { margin: 10pt 0; orphans: 3; widows: 1 }`);
    const a = linesOf(boxOf(root, '#a'));
    expect(a.map((l) => pageAt(pages, l.y))).to.deep.equal([0, 0, 1]);
    expect(pageAt(pages, linesOf(boxOf(root, '#b'))[0]!.y)).to.equal(1);
  });

  it('the same paragraph after a sibling on the page still moves whole to the next page', () => {
    const { root, pages } = layoutOf(`<p id="x" style="margin:0">x</p><p id="a" style="margin:0">${lines(3)}</p>`, `${CSS} p { orphans: 3; widows: 1 }`);
    expect(pageAt(pages, linesOf(boxOf(root, '#x'))[0]!.y)).to.equal(0);
    expect(linesOf(boxOf(root, '#a')).map((l) => pageAt(pages, l.y))).to.deep.equal([1, 1, 1]);
  });

  it('a break-inside: avoid box below its parent\'s padding stays on the first page', () => {
    // Chromium 156: "A" on page 1 (the box overflows its page), "B" on page 2
    const { root, pages } = layoutOf(`<div style="padding-top:10pt"><div id="a" style="height:55pt;break-inside:avoid">A</div></div><p id="b" style="margin:0">B</p>`, CSS);
    expect(pageAt(pages, boxOf(root, '#a').y)).to.equal(0);
    expect(pageAt(pages, linesOf(boxOf(root, '#b'))[0]!.y)).to.equal(1);
  });
});

describe('layout: margins before a forced break truncate (CSS Fragmentation 3 §5.2)', () => {
  // "When a forced break occurs there, adjoining margins before the break are truncated": a box
  // ending near its page's end whose bottom margin would reach into the next page breaks to that
  // next page, not to the one after it (Chromium 156: no blank page between).
  const CSS = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif }';
  const cases: { name: string; html: string; pages: Record<string, number> }[] = [
    { name: 'a bottom margin past the page end', html: '<div style="height: 270pt; margin-bottom: 20pt">A</div><div id="b" style="break-before: page">B</div>', pages: { '#b': 1 } },
    { name: 'a bottom margin longer than a page', html: '<div style="height: 250pt; margin-bottom: 300pt">A</div><div id="b" style="break-before: page">B</div>', pages: { '#b': 1 } },
    {
      name: 'a margin collapsed out of nested sections',
      html: '<section><section><div style="height: 260pt"></div><p style="margin: 0 0 10pt">A</p></section></section><section id="b" style="break-before: page">B</section>',
      pages: { '#b': 1 },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root, pages } = layoutOf(c.html, CSS);
      for (const [sel, page] of Object.entries(c.pages)) expect(pageAt(pages, boxOf(root, sel).y), sel).to.equal(page);
      expect(pages).to.have.length(2);
    });
  }
});

describe('layout: a first child\'s forced break-before and a last child\'s break-after are their container\'s (CSS Fragmentation 3 §3.1)', () => {
  // breaks occur only between siblings: Chromium 156 starts a section whose first heading has
  // break-before: page on a new page, and breaks after a container whose last child breaks after
  const CSS = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } p, h2 { margin: 0 }';
  const cases: { name: string; html: string; pages: Record<string, number> }[] = [
    { name: 'sections starting with a heading that breaks before', html: '<div><h2 id="a" style="break-before: page">A</h2><p>a</p></div><div><h2 id="b" style="break-before: page">B</h2><p>b</p></div>', pages: { '#a': 0, '#b': 1 } },
    { name: 'through a bordered container and two levels', html: '<p>x</p><div style="border-top: 2pt solid; padding-top: 5pt"><div><h2 id="b" style="page-break-before: always">B</h2></div></div>', pages: { '#b': 1 } },
    { name: 'a list item of a list', html: '<p>x</p><ul><li id="b" style="break-before: page">B</li></ul>', pages: { '#b': 1 } },
    { name: 'a last child that breaks after', html: '<div><p>a</p><p style="break-after: page">a2</p></div><div id="b">B</div>', pages: { '#b': 1 } },
    { name: 'an absolutely positioned first child is skipped', html: '<p>x</p><div><div style="position: absolute">abs</div><h2 id="b" style="break-before: page">B</h2></div>', pages: { '#b': 1 } },
    { name: 'a first child that does not force: no break', html: '<p>x</p><div><h2 id="b" style="break-before: auto">B</h2><p style="break-before: page">c</p></div>', pages: { '#b': 0 } },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root, pages } = layoutOf(c.html, CSS);
      for (const [sel, page] of Object.entries(c.pages)) expect(pageAt(pages, boxOf(root, sel).y), sel).to.equal(page);
    });
  }
});

describe('layout: a last child\'s margin kept inside its container is truncated at the page end (CSS Fragmentation 3 §5.2, as Chromium 156 prints)', () => {
  const CSS = '@page { size: 200pt 300pt; margin: 0 } body { margin: 0; font: 10pt/12pt sans-serif } #a { height: 280pt; margin-bottom: 60pt }';
  const cases: { name: string; html: string; css: string; pages: number }[] = [
    { name: 'inside the root (an independent formatting context): no page for the margin alone', html: '<div id="a"></div>', css: '', pages: 1 },
    { name: 'inside an overflow: hidden block', html: '<div id="b"><div id="a"></div></div>', css: '#b { overflow: hidden }', pages: 1 },
    { name: 'inside a block with a bottom border: the border starts the next page', html: '<div id="b"><div id="a"></div></div>', css: '#b { border-bottom: 3pt solid }', pages: 2 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { pages } = layoutOf(c.html, `${CSS} ${c.css}`);
      expect(pages).to.have.length(c.pages);
    });
  }
});

describe('layout: a clipping box that ends on its page does not break inside (as Blink prints)', () => {
  // Chromium 156, a 300pt page with no margins, lines of 20pt: a line at 285pt crosses the page
  // end; in a box of height 295pt that clips its overflow it stays on page 1 (pdftotext: "XY" at
  // 287.36 on page 1, cut at the clip edge); in a box that does not clip, or that reaches past the
  // page end, or has no definite height, it moves to page 2 ("XY" at 2.36 there).
  const CSS = `@page { size: 300pt 300pt; margin: 0 } body { margin: 0; font: 12pt/20pt 'DejaVu Sans' } p { margin: 0 }`;
  const cases: { box: string; spacer: number; page: number; top: number }[] = [
    { box: 'height: 295pt; overflow: hidden', spacer: 285, page: 0, top: 285 },
    { box: 'height: 295pt; overflow: clip', spacer: 285, page: 0, top: 285 },
    { box: 'height: 295pt; overflow: auto', spacer: 285, page: 0, top: 285 },
    { box: 'height: 295pt; overflow-y: hidden', spacer: 285, page: 0, top: 285 },
    { box: 'height: 295pt', spacer: 285, page: 1, top: 300 },
    { box: 'height: 310pt; overflow: hidden', spacer: 285, page: 1, top: 300 },
    { box: 'overflow: hidden', spacer: 285, page: 1, top: 300 },
    { box: 'height: 295pt; overflow: hidden', spacer: 100, page: 0, top: 100 },
  ];
  for (const c of cases) {
    it(`a line at ${c.spacer}pt in a box with ${c.box} is on page ${c.page + 1} at ${c.top}pt`, () => {
      const { root, pages } = layoutOf(`<div id="d" style="${c.box}"><div style="height: ${c.spacer}pt"></div>XY</div><p id="p">after</p>`, CSS);
      const line = linesOf(boxOf(root, '#d')).find((l) => textOf(l) === 'XY')!;
      expect(pageAt(pages, line.y)).to.equal(c.page);
      expect(line.y).to.be.closeTo(c.top, 0.01);
      // what follows the box starts below it, on page 2 (its line crosses the page end) or with the moved line
      expect(pageAt(pages, linesOf(boxOf(root, '#p'))[0]!.y)).to.equal(1);
    });
  }
});

describe('layout: lines overflowing the last box are printed (CSS Overflow 3 §2.2, as Blink prints)', () => {
  // Chromium 156: 20 lines of 24pt in a box of height 100pt on a 300pt page; the box ends on
  // page 1, its overflowing lines go on: "L12" at 264pt on page 1, "L13" at the top of page 2.
  // Lines that the box clips away make no page.
  const CSS = `@page { size: 300pt 300pt; margin: 0 } body { margin: 0; font: 12pt/24pt 'DejaVu Sans' }`;
  const lines = Array.from({ length: 20 }, (_, i) => `L${i + 1}`).join('<br>');

  it('the lines below a box of fixed height go on to page 2', () => {
    const { root, pages } = layoutOf(`<div id="d" style="height: 100pt">${lines}</div>`, CSS);
    expect(pages).to.have.length(2);
    const ls = linesOf(boxOf(root, '#d'));
    expect(ls[11]!.y).to.be.closeTo(264, 0.01);
    expect(ls[12]!.y).to.be.closeTo(300, 0.01);
    expect(pageAt(pages, ls[19]!.y)).to.equal(1);
  });

  it('the lines that a box clips away make no page', () => {
    const { pages } = layoutOf(`<div style="height: 100pt; overflow: hidden">${lines}</div>`, CSS);
    expect(pages).to.have.length(1);
  });
});
