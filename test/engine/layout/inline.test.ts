// Inline layout facts (CSS 2.1 §10.8, CSS Text 3, CSS Inline 3) read from the line fragments of
// one inline formatting context, built through the real cascade and box builder and laid out
// with the block layout as ctx.layoutIndependent.
import { expect } from 'chai';
import type { BoxFragment, InlineBoxFragment, LineFragment, TextFragment } from '../../../src/engine/layout/fragments';
import { firstInlinesOf, lay, layBox, pagesOf } from '../../helpers/inline';
import { boxesOf as boxesIn, layoutOf, linesOf } from '../../helpers/layout';

const texts = (l: LineFragment) => l.children.filter((c): c is TextFragment => c.kind === 'text');
const textOf = (l: LineFragment) => texts(l).map((t) => t.text).join('');
const boxesOf = (l: LineFragment) => l.children.filter((c): c is InlineBoxFragment => c.kind === 'inline-box');
const S = 'font: 12px/20px sans-serif; margin: 0';
const px = (n: number) => n * 0.75;
const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.';

describe('layout/inline: line breaking (CSS Text 3 §5)', () => {
  it('fills lines greedily and breaks at spaces; trailing spaces hang', () => {
    const r = lay(`<p style="${S}">aaa bbb ccc ddd</p>`, { width: 40 });
    const w = (s: string) => r.faces.width(s, texts(r.lines[0]!)[0]!.style);
    // 9pt Liberation Sans: letters 5pt, space 2.5pt: 'aaa bbb' is 32.5pt, 'aaa bbb ccc' 50pt: two words per 40pt line
    expect(w('aaa bbb')).to.be.closeTo(32.53, 0.01);
    expect(w('aaa bbb ccc')).to.be.greaterThan(40);
    expect(r.lines.map(textOf)).to.deep.equal(['aaa bbb', 'ccc ddd']);
    expect(r.lines.map((l) => l.y)).to.deep.equal([0, px(20)]);
    expect(r.bottom).to.equal(px(40));
  });

  it('a word wider than the line overflows it, alone on its line', () => {
    const r = lay(`<p style="${S}">a bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb c</p>`, { width: 60 });
    expect(r.lines.map(textOf)).to.deep.equal(['a', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', 'c']);
  });

  it('overflow-wrap: break-word breaks inside the word', () => {
    const r = lay(`<p style="${S}; overflow-wrap: break-word">a bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb</p>`, { width: 60 });
    expect(r.lines.length).to.be.greaterThan(2);
    expect(r.lines.map(textOf).join('')).to.equal('abbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb');
    for (const l of r.lines) for (const t of texts(l)) expect(t.x + t.width).to.be.at.most(60.01);
  });

  it('word-break: break-all breaks between letters', () => {
    const r = lay(`<p style="${S}; word-break: break-all">aaaa bbbbbbbbbbbbbbbbbbbbbbbb</p>`, { width: 60 });
    expect(r.lines[0]!.children.length).to.equal(1);
    expect(textOf(r.lines[0]!).startsWith('aaaa b')).to.equal(true);
  });

  it('white-space: nowrap keeps the line whole; pre keeps line feeds; pre-wrap wraps too', () => {
    expect(lay(`<p style="${S}; white-space: nowrap">aaa bbb ccc ddd</p>`, { width: 30 }).lines.map(textOf)).to.deep.equal(['aaa bbb ccc ddd']);
    expect(lay(`<pre style="${S}">aaa bbb\n\nccc</pre>`, { width: 30 }).lines.map(textOf)).to.deep.equal(['aaa bbb', '', 'ccc']);
    expect(lay(`<p style="${S}; white-space: pre-wrap">aaa bbb\nccc</p>`, { width: 30 }).lines.map(textOf)).to.deep.equal(['aaa', 'bbb', 'ccc']);
    expect(lay(`<p style="${S}; white-space: pre-line">aaa   bbb\nccc</p>`, { width: 300 }).lines.map(textOf)).to.deep.equal(['aaa bbb', 'ccc']);
  });

  it('<br> forces a break; a trailing <br> makes no empty line', () => {
    expect(lay(`<p style="${S}">aaa<br>bbb<br></p>`).lines.map(textOf)).to.deep.equal(['aaa', 'bbb']);
    expect(lay(`<p style="${S}">aaa<br><br>bbb</p>`).lines.map(textOf)).to.deep.equal(['aaa', '', 'bbb']);
  });

  it('a soft hyphen breaks the word there and shows a hyphen (U+2010, the face has it); the text keeps the soft hyphen', () => {
    const r = lay(`<p style="${S}">aaaa bbbbbb\u00adcccccc</p>`, { width: 60 });
    expect(r.lines.map(textOf)).to.deep.equal(['aaaa bbbbbb\u00ad\u2010', 'cccccc']);
    const one = lay(`<p style="${S}">bbbbbb\u00adcccccc</p>`, { width: 300 });
    expect(one.lines.map(textOf)).to.deep.equal(['bbbbbb\u00adcccccc']);
  });
});

describe('layout/inline: break opportunities between ASCII characters (CSS Text 3 §5.1, as Blink tailors UAX #14)', () => {
  // Between two printable ASCII characters Blink uses its own table instead of UAX #14: it breaks
  // after '-' and '?' and before an opening bracket after punctuation, never after '/', '}', '|'
  // or '!' before a letter (where UAX #14 allows it), and after a '-' before a digit or another
  // '-' (where UAX #14 does not). Lines of a 120pt box at 10pt sans-serif,
  // as Chromium 156 prints them.
  const cases: { text: string; lines: string[] }[] = [
    { text: 'see github.com/vincentdoerig/latex-css here', lines: ['see', 'github.com/vincentdoerig/latex-', 'css here'] },
    { text: 'see a/b c/d efghijklmnop/qrstuvwxyz/abcdef here', lines: ['see a/b c/d', 'efghijklmnop/qrstuvwxyz/abcdef', 'here'] },
    { text: 'see abcd}efghijklmnopqrstuvwxyz', lines: ['see', 'abcd}efghijklmnopqrstuvwxyz'] },
    { text: 'see abcd|efghijklmnopqrstuvwxyz', lines: ['see', 'abcd|efghijklmnopqrstuvwxyz'] },
    { text: 'see abcd!efghijklmnopqrstuvwxyz', lines: ['see', 'abcd!efghijklmnopqrstuvwxyz'] },
    { text: 'see abcd?efghijklmnopqrstuvwxyz', lines: ['see abcd?', 'efghijklmnopqrstuvwxyz'] },
    { text: 'see abcd,(efghijklmnopqrstuvwxyz)', lines: ['see abcd,', '(efghijklmnopqrstuvwxyz)'] },
    // where UAX #14 keeps a hyphen and a digit together (LB25), Blink breaks after a '-' that
    // follows a letter or digit: dates, codes and phone numbers wrap at their hyphens
    { text: 'see INV-2026-11-0187-0042-000017 due', lines: ['see INV-2026-11-0187-', '0042-000017 due'] },
    { text: 'call +41-44-668-18-00-33-21-99-88 now', lines: ['call +41-44-668-18-00-33-', '21-99-88 now'] },
    // (a minus sign after a space keeps its number; a second hyphen breaks from the first)
    { text: 'see -123456789012345678901234567 here', lines: ['see', '-123456789012345678901234567', 'here'] },
    { text: 'see abc--123456789012345678901234 here', lines: ['see abc-', '-123456789012345678901234', 'here'] },
  ];
  for (const c of cases) {
    it(c.text, () => {
      const { root } = layoutOf(`<div id="d">${c.text}</div>`, '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } #d { width: 120pt }');
      const d = boxesIn(root, 'div')[0]!;
      expect(linesOf(d).map(textOf)).to.deep.equal(c.lines);
    });
  }

  // Blink breaks after every run of spaces, before a closing or separating mark too, where UAX #14
  // keeps it with the word before even after spaces (LB13, LB14): "Total :" in a narrow label cell.
  // Lines of a 9ch box at 10pt Noto Sans Mono, as Chromium 156 prints them.
  const spaces: [string, string, string[]][] = [
    ['a colon', 'xx yyyyyy :', ['xx yyyyyy', ':']],
    ['a semicolon in pre-wrap', 'xx yyyyyy ;', ['xx yyyyyy', ';']],
    ['a closing parenthesis', 'xx yyyyyy )', ['xx yyyyyy', ')']],
    ['after an opening parenthesis and a space', 'xx ( yyyyyyy', ['xx (', 'yyyyyyy']],
    ['a colon in an element of its own', 'xx yyyyyy <b>:</b>', ['xx yyyyyy', ':']],
    ['not at a no-break space', 'xx yyyyyy\u00a0:', ['xx', 'yyyyyy\u00a0:']],
  ];
  for (const [name, html, lines] of spaces) {
    it(`after a space: ${name}`, () => {
      const ws = name.includes('pre-wrap') ? '; white-space: pre-wrap' : '';
      const { root } = layoutOf(`<div id="d">${html}</div>`, `@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt "Noto Sans Mono" } #d { width: 9ch${ws} }`);
      expect(linesOf(boxesIn(root, 'div')[0]!).map(textOf).map((t) => t.trimEnd())).to.deep.equal(lines);
    });
  }
});

describe('layout/inline: text-align (CSS Text 3 §7)', () => {
  const html = (align: string) => `<p style="${S}; text-align: ${align}">aaa bbb ccc ddd eee</p>`;
  it('left, right and center place each line in the line box', () => {
    const left = lay(html('left'), { width: 40 });
    const right = lay(html('right'), { width: 40 });
    const center = lay(html('center'), { width: 40 });
    expect(left.lines.length).to.equal(3);
    for (let i = 0; i < 3; i++) {
      const l = texts(left.lines[i]!)[0]!; const r = texts(right.lines[i]!)[0]!; const c = texts(center.lines[i]!)[0]!;
      expect(l.x).to.equal(0);
      expect(r.x + r.width).to.be.closeTo(40, 0.001);
      expect(c.x).to.be.closeTo((40 - c.width) / 2, 0.001);
    }
  });

  it('justify spreads the free space over the spaces of every line but the last', () => {
    const r = lay(html('justify'), { width: 40 });
    const [a, b, c] = r.lines.map((l) => texts(l)[0]!);
    expect(r.lines.length).to.equal(3);
    expect(a!.text).to.equal('aaa bbb');
    expect(a!.x).to.equal(0);
    expect(a!.x + a!.width).to.be.closeTo(40, 0.001);
    const natural = r.faces.width(a!.text, a!.style);
    expect(a!.wordSpacing).to.be.closeTo(40 - natural, 0.001); // one space on the line
    expect(b!.wordSpacing).to.be.greaterThan(0);
    expect(c!.wordSpacing).to.equal(0);
  });

  it('text-indent moves the first line only', () => {
    const r = lay(`<p style="${S}; text-indent: 20pt">aaa bbb ccc ddd</p>`, { width: 40 });
    expect(texts(r.lines[0]!)[0]!.x).to.equal(20);
    expect(texts(r.lines[1]!)[0]!.x).to.equal(0);
  });
});

describe('layout/inline: line boxes (CSS 2.1 §10.8)', () => {
  it('the strut: one line of 12px/20px text is 20px tall, its baseline after half the leading', () => {
    const r = lay(`<p style="${S}">Hello</p>`);
    const l = r.lines[0]!;
    expect(l.height).to.equal(px(20));
    // Liberation Sans at 12px: ascent round(10.86) = 11px, descent round(2.54) = 3px; leading 6px
    expect(l.baseline).to.be.closeTo(px(11 + 3), 1e-9);
    expect(texts(l)[0]!.baseline).to.equal(l.baseline);
  });

  it('mixed font sizes: the line grows to hold the bigger text, on one baseline', () => {
    const r = lay(`<p style="font: 16px/1 sans-serif">small <span style="font-size: 32px">BIG</span></p>`);
    const l = r.lines[0]!;
    const [small, big] = texts(l);
    expect(small!.baseline).to.equal(big!.baseline);
    // line-height 1: each box is its font size tall; the 32px box's A' = 29px + (32 - 29 - 7)/2
    const bigAbove = 29 + (32 - 29 - 7) / 2; const bigBelow = 32 - bigAbove;
    const smallBelow = 16 - (14 - 1); // A' = ascent + the half-leading floored to a px, as Blink does
    expect(l.baseline - l.y).to.be.closeTo(px(bigAbove), 1e-9);
    expect(l.height).to.be.closeTo(px(bigAbove + Math.max(bigBelow, smallBelow)), 1e-9);
  });

  const va = (v: string) => {
    const r = lay(`<p style="font: 16px/20px sans-serif">x<span style="vertical-align: ${v}; font-size: 16px">y</span></p>`);
    const [x, y] = texts(r.lines[0]!);
    return y!.baseline - x!.baseline;
  };
  it('vertical-align: sub, super, middle, lengths (Blink: sub +fs/5+1px, super −(fs/3+1px))', () => {
    expect(va('baseline')).to.equal(0);
    expect(va('sub')).to.be.closeTo(px(16 / 5 + 1), 1e-9);
    expect(va('super')).to.be.closeTo(-px(16 / 3 + 1), 1e-9);
    expect(va('10px')).to.be.closeTo(-px(10), 1e-9);
    expect(va('50%')).to.be.closeTo(-px(10), 1e-9);
    // middle: the box's midpoint at the parent's baseline + half its x-height (Liberation Sans: 0.528em)
    // 16px Liberation Sans: ascent 14px, descent 3px; line-height 20px: A' = 14 + floor(1.5) = 15, D' = 5
    expect(va('middle')).to.be.closeTo(px((15 - 5) / 2 - (0.528 * 16) / 2), 1e-9);
  });

  it('vertical-align: top and bottom align with the line box edges', () => {
    const r = lay(`<p style="font: 16px/20px sans-serif">x<span style="vertical-align: top; font-size: 40px; line-height: 40px">T</span></p>`);
    const l = r.lines[0]!;
    expect(l.height).to.equal(px(40));
    const t = texts(l)[1]!;
    expect(t.baseline - l.y).to.be.closeTo(px(37 + (40 - 37 - 9) / 2), 1e-9);
  });
});

describe('layout/inline: line boxes as Chromium lays them out', () => {
  // Measured with Chromium 1xx (getBoundingClientRect, in pt) on the same markup in a 400px-wide div:
  // the paragraph's height and the border box of #s (an inline box or an atomic inline).
  const F = 'font: 16px/20px Liberation Sans; margin: 0';
  const cases: { name: string; html: string; height: number; s: [number, number, number, number]; f?: [number, number, number, number] }[] = [
    { name: 'a bigger inline box with line-height: 1', html: `<p style="font: 16px/1 Liberation Sans; margin: 0">small <span id=s style="font-size: 32px; background: #ff0">BIG</span></p>`, height: 24, s: [31.34, -1.5, 41.34, 27] },
    { name: 'sub', html: `<p style="${F}">x<span id=s style="vertical-align: sub; background: #ff0">y</span></p>`, height: 18.14, s: [6, 3.89, 6, 12.75] },
    { name: 'super', html: `<p style="${F}">x<span id=s style="vertical-align: super; background: #ff0">y</span></p>`, height: 19.75, s: [6, 0.75, 6, 12.75] },
    { name: 'middle beside a middle image', html: `<p style="${F}">x<span id=s style="vertical-align: middle; background: #ff0">y</span><img style="vertical-align: middle; width: 30px; height: 30px"></p>`, height: 22.5, s: [6, 4.5, 6, 12.75] },
    { name: 'an image on the baseline (the strut below it)', html: `<p style="${F}">x<img id=s style="width: 30px; height: 30px"></p>`, height: 26.25, s: [6, 0, 22.5, 22.5] },
    { name: 'an inline-block of two lines', html: `<p style="${F}">x<span id=s style="display: inline-block; background: #ff0">a<br>b</span>y</p>`, height: 30, s: [6, 0, 6.68, 30] },
    { name: 'an inline-block with margin, border, padding', html: `<p style="${F}">x<span id=s style="display: inline-block; background: #ff0; padding: 5px; margin: 3px; border: 1px solid">a</span>y</p>`, height: 28.5, s: [8.25, 2.25, 15.68, 24] },
    { name: 'top', html: `<p style="${F}">x<span id=s style="vertical-align: top; font-size: 40px; line-height: 40px; background: #ff0">T</span></p>`, height: 30, s: [6, -1.5, 18.33, 33] },
    { name: 'bottom', html: `<p style="${F}">x<span id=s style="vertical-align: bottom; font-size: 40px; line-height: 40px; background: #ff0">T</span></p>`, height: 30, s: [6, -1.5, 18.33, 33] },
    { name: 'text-top', html: `<p style="${F}">x<span id=s style="vertical-align: text-top; font-size: 10px; background: #ff0">T</span></p>`, height: 15.75, s: [6, 3.75, 4.58, 8.25] },
    { name: 'text-bottom', html: `<p style="${F}">x<span id=s style="vertical-align: text-bottom; font-size: 10px; background: #ff0">T</span></p>`, height: 16.5, s: [6, 3, 4.58, 8.25] },
    { name: 'a length', html: `<p style="${F}">x<span id=s style="vertical-align: 10px; background: #ff0">y</span></p>`, height: 22.5, s: [6, 0.75, 6, 12.75] },
    { name: 'padding and borders of an inline box do not grow the line', html: `<p style="${F}">aaa <span id=s style="padding: 5px 10px; border: 2px solid; background: #ff0">bbb</span> ccc</p>`, height: 15, s: [23.36, -4.5, 38.03, 23.25] },
    { name: 'another family', html: `<p style="font: 16px Liberation Serif; margin: 0">x<span id=s style="font-family: DejaVu Sans; background: #ff0">y</span></p>`, height: 14.25, s: [6, 0, 7.1, 14.25] },
    { name: 'sub in 13px/1.4 text', html: `<p style="font: 13px/1.4 Liberation Sans; margin: 0">x<sub id=s style="background: #ff0">2</sub> y<sup style="background: #ff0">3</sup></p>`, height: 18.06, s: [4.88, 7.44, 4.52, 9] },
    { name: 'the last word of a five-line paragraph', html: `<p style="${F}">${LOREM} <span id=s style="background: #ff0">end</span></p>`, height: 75, s: [118.07, 60.75, 20.03, 12.75] },
    { name: 'justified', html: `<p style="${F}; text-align: justify">${LOREM} <span id=s style="background: #ff0">end</span> more words here to fill</p>`, height: 75, s: [118.07, 60.75, 20.03, 12.75] },
    { name: 'centred', html: `<p style="${F}; text-align: center">${LOREM} <span id=s style="background: #ff0">end</span></p>`, height: 75, s: [199.02, 60.75, 20.03, 12.75] },
    { name: 'beside a left float', html: `<p style="${F}"><span id=f style="float: left; width: 100px; height: 50px"></span>${LOREM} <span id=s style="background: #ff0">end</span></p>`, height: 90, s: [118.07, 75.75, 20.03, 12.75], f: [0, 0, 75, 37.5] },
    { name: 'a right float met mid-line', html: `<p style="${F}">${LOREM.slice(0, 60)}<span id=f style="float: right; width: 100px; height: 50px"></span> ${LOREM.slice(60)} <span id=s style="background: #ff0">end</span></p>`, height: 90, s: [62.05, 75.75, 20.03, 12.75], f: [225, 15, 75, 37.5] },
    { name: 'letter-spacing and word-spacing', html: `<p style="${F}; letter-spacing: 1px; word-spacing: 3px">${LOREM} <span id=s style="background: #ff0">end</span></p>`, height: 90, s: [158, 75.75, 22.28, 12.75] },
    { name: 'soft hyphens', html: `<p style="${F}">Supercalifragilistic\u00adexpialidocious\u00adsupercalifragilistic\u00adexpialidocious\u00adsupercalifragilistic <span id=s style="background: #ff0">end</span></p>`, height: 30, s: [173.41, 15.75, 20.03, 12.75] },
    { name: 'overflow-wrap: break-word', html: `<p style="${F}; overflow-wrap: break-word">${'a'.repeat(89)} <span id=s style="background: #ff0">end</span></p>`, height: 45, s: [10.01, 30.75, 20.03, 12.75] },
    { name: 'pre-wrap', html: `<p style="${F}; white-space: pre-wrap">  two  spaces   and\na line feed    ${LOREM} <span id=s style="background: #ff0">end</span></p>`, height: 90, s: [188.79, 75.75, 20.03, 12.75] },
    { name: 'normalize.css sup: relatively positioned, line-height 0', html: `<p style="${F}">x<sup id=s style="font-size: 75%; line-height: 0; position: relative; vertical-align: baseline; top: -0.5em; background: #ff0">2</sup> y</p>`, height: 15, s: [6, -1.5, 5.02, 10.5] },
    { name: 'an inline box ending after a <br> ends on the <br>\'s line', html: `<p style="${F}">a <span id=s style="padding: 0 10px; background: #ff0">b<br></span></p>`, height: 15, s: [10.01, 0.75, 21.68, 12.75] },
    { name: 'an inline-block with overflow: hidden sits on its bottom margin edge', html: `<p style="${F}">a <span id=s style="display: inline-block; width: 50px; height: 10px; overflow: hidden; background: #ff0">b<br>c</span> d</p>`, height: 15, s: [10.01, 3.75, 37.5, 7.5] },
    { name: 'a float met where the line has no room for it goes below the line', html: `<p style="${F}">aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk<span id=f style="float: left; width: 200px; height: 30px"></span> llll mmmm nnnn oooo pppp qqqq rrrr ssss <span id=s style="background: #ff0">end</span></p>`, height: 45, s: [226.69, 30.75, 20.03, 12.75], f: [0, 15, 150, 22.5] },
    { name: 'a line too narrow beside a float for its first word moves below it', html: `<p style="${F}"><span id=f style="float: left; width: 380px; height: 30px"></span>Supercalifragilistic <span id=s style="background: #ff0">end</span></p>`, height: 37.5, s: [100.04, 23.25, 20.03, 12.75], f: [0, 0, 285, 22.5] },
    { name: 'left and right floats with margins', html: `<p style="${F}"><span id=f style="float: left; width: 100px; height: 30px; margin: 5px"></span><span style="float: right; width: 100px; height: 60px"></span>aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll <span id=s style="background: #ff0">end</span></p>`, height: 45, s: [41.33, 30.75, 20.03, 12.75], f: [3.75, 3.75, 75, 22.5] },
    { name: 'mixed styles and sizes', html: `<p style="${F}">a <b>bold</b> <i>it</i> <span style="font-size: 24px">big words</span> ${LOREM} <span id=s style="background: #ff0">end</span></p>`, height: 77.25, s: [223.46, 63, 20.03, 12.75] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const r = lay(c.html, { width: 300 });
      expect(r.bottom).to.be.closeTo(c.height, 0.02);
      const found: (InlineBoxFragment | BoxFragment)[] = [];
      for (const l of r.lines) for (const f of l.children) if ((f.kind === 'inline-box' || f.kind === 'box') && f.element?.attrs.id === 's') found.push(f);
      expect(found.length).to.equal(1);
      const f = found[0]!;
      const near = (g: { x: number; y: number; width: number; height: number }, want: readonly number[]) =>
        [g.x, g.y, g.width, g.height].every((v, i) => Math.abs(v - want[i]!) <= 0.04);
      expect(near(f, c.s), `#s at ${[f.x, f.y, f.width, f.height].map((v) => v.toFixed(2))}`).to.equal(true);
      if (c.f) {
        const fl = r.floats.fragments.find((g) => g.element?.attrs.id === 'f')!;
        expect(near(fl, c.f), `#f at ${[fl.x, fl.y, fl.width, fl.height].map((v) => v.toFixed(2))}`).to.equal(true);
      }
    });
  }
});

describe('layout/inline: font fallback widths (CSS Fonts 4 §5.3, as Chromium 156 measures them)', () => {
  // Liberation Sans has no ✈ or ✓: each is measured in DejaVu Sans, the face that draws it,
  // and the spaces around it in Liberation Sans (Chromium reshapes only the missing glyphs)
  const cases: { text: string; chromium: number }[] = [
    { text: 'A ✈ B', chromium: 40.09 },
    { text: '✈ ✈', chromium: 29.309 },
    { text: 'Go → ✓ done', chromium: 93.457 },
  ];
  for (const c of cases) {
    it(`"${c.text}" at 20px is ${c.chromium}pt wide`, () => {
      const { root } = layoutOf(`<p style="font: 20px 'Liberation Sans'; margin: 0; white-space: pre">${c.text}</p>`);
      const run = texts(linesOf(root)[0]!);
      expect(run[run.length - 1]!.x + run[run.length - 1]!.width - run[0]!.x).to.be.closeTo(c.chromium, 0.02);
    });
  }
});

describe('layout/inline: inline boxes and atomic inlines', () => {
  it('an inline box spanning lines has a fragment on each, its sides where it starts and ends', () => {
    const r = lay(`<p style="${S}">aaa <span style="background: yellow; padding: 0 10px; border-left: 2px solid">bbb ccc ddd</span> eee</p>`, { width: 60 });
    const parts = r.lines.flatMap((l) => boxesOf(l));
    expect(parts.length).to.be.greaterThan(1);
    expect(parts[0]!.starts).to.equal(true); expect(parts[0]!.ends).to.equal(false);
    expect(parts[parts.length - 1]!.ends).to.equal(true); expect(parts[parts.length - 1]!.starts).to.equal(false);
    // the start side takes room: 'bbb' begins after the border and padding
    const first = parts[0]!;
    const bbb = texts(r.lines[0]!).find((t) => t.text.startsWith('bbb'));
    if (bbb) expect(bbb.x).to.be.closeTo(first.x + px(2) + px(10), 1e-9);
    // the content area (ascent + descent) plus vertical padding and borders
    expect(first.height).to.be.closeTo(px(11 + 3), 1e-9);
  });

  it('an inline-block sits on the baseline of its last line', () => {
    const r = lay(`<p style="${S}">x<span style="display: inline-block; line-height: 20px">a<br>b</span>y</p>`);
    const l = r.lines[0]!;
    const ib = l.children.find((c): c is BoxFragment => c.kind === 'box')!;
    expect(ib.height).to.equal(px(40));
    const inner = (ib.children[0] as BoxFragment);
    const lastLine = inner.children[inner.children.length - 1] as LineFragment;
    expect(lastLine.baseline).to.be.closeTo(texts(l)[0]!.baseline, 1e-9);
    expect(l.height).to.be.closeTo(px(40), 1e-9);
  });

  it('a line beside a float is shortened; the float goes into the floats', () => {
    const r = lay(`<p style="${S}"><span style="float: left; width: 100pt; height: 30pt"></span>aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo ppp</p>`, { width: 200 });
    expect(r.floats.fragments.length).to.equal(1);
    expect(r.floats.fragments[0]!.float).to.equal(true);
    expect(texts(r.lines[0]!)[0]!.x).to.equal(100);
    const below = r.lines.find((l) => l.y >= 30)!;
    expect(texts(below)[0]!.x).to.equal(0);
  });

  it('text decorations propagate to the text of inline descendants (CSS Text Decoration 3 §2.1)', () => {
    const r = lay(`<p style="${S}"><span style="text-decoration: underline red">a <b>b</b></span> <i>c</i></p>`);
    const byText = (t: string) => texts(r.lines[0]!).find((f) => f.text === t)!;
    expect(byText('b').style.textDecorationLine.underline).to.equal(true);
    expect(byText('b').style.textDecorationColor).to.deep.equal({ r: 255, g: 0, b: 0, a: 1 });
    expect(byText('b').style.fontWeight).to.equal(700);
    expect(byText('c').style.textDecorationLine.underline).to.equal(false);
  });

  it('links: text inside <a href> carries the target', () => {
    const r = lay(`<p style="${S}">a <a href="https://example.com/x">b</a> <a href="#here">c</a></p>`);
    const t = texts(r.lines[0]!);
    expect(t.find((f) => f.text === 'b')!.link).to.deep.equal({ url: 'https://example.com/x' });
    expect(t.find((f) => f.text === 'c')!.link).to.deep.equal({ destination: 'here' });
    expect(t[0]!.link).to.equal(undefined);
  });
});

describe('layout/inline: pagination (CSS Fragmentation 3)', () => {
  const para = `<p style="${S}; orphans: 2; widows: 2">l1 l2 l3 l4 l5 l6</p>`;
  // one word per 15pt line: width 10pt
  it('a line crossing the page end moves to the next page (strut)', () => {
    const r = lay(para, { width: 10, pages: pagesOf(100) });
    expect(r.lines.length).to.equal(6);
    for (const l of r.lines) expect(Math.floor(l.y / 100)).to.equal(Math.floor((l.y + l.height - 0.01) / 100));
  });

  it('orphans: too few lines before the break move the paragraph to the next page', () => {
    const r = lay(para, { width: 10, pages: pagesOf(100), y: 80 });
    expect(r.lines[0]!.y).to.equal(100);
  });

  it('orphans count lines before a break where the previous line ends its page exactly', () => {
    // lines at 70 and 85 end at 100, the page end: the third line starts the next page unpushed
    const html = `<p style="${S}; orphans: 3; widows: 1">l1 l2 l3 l4 l5 l6</p>`;
    expect(lay(html, { width: 10, pages: pagesOf(100), y: 70 }).lines[0]!.y).to.equal(100);
    expect(lay(html.replace('orphans: 3', 'orphans: 2'), { width: 10, pages: pagesOf(100), y: 70 }).lines[0]!.y).to.equal(70);
  });

  it('widows: too few lines after the break pull lines to the next page', () => {
    // 100pt page: lines at 20, 35, 50, 65, 80 fit (5 lines), the 6th alone would be a widow
    const r = lay(para, { width: 10, pages: pagesOf(100), y: 20 });
    const onSecond = r.lines.filter((l) => l.y >= 100).length;
    expect(onSecond).to.equal(2);
  });

  // When orphans and widows cannot both hold, Chromium 156 still pulls lines for the widows, as
  // many as the orphans leave (checked on 300pt pages: five lines, four fit)
  const pulls: [string, number][] = [['orphans: 3; widows: 3', 3], ['orphans: 2; widows: 4', 2], ['orphans: 4; widows: 3', 4]];
  for (const [props, first] of pulls) {
    it(`widows pull as many lines as orphans leave: ${props} keeps ${first} of five lines on the first page`, () => {
      // 100pt page: lines at 40, 55, 70, 85 fit, the fifth goes over
      const r = lay(`<p style="${S}; ${props}">l1 l2 l3 l4 l5</p>`, { width: 10, pages: pagesOf(100), y: 40 });
      expect(r.lines.filter((l) => l.y < 100).length).to.equal(first);
      expect(r.lines.length).to.equal(5);
    });
  }

  it('an inline formatting context of only collapsible spaces and floats makes no line box', () => {
    const r = lay(`<p style="${S}"><span style="float: right; width: 10pt; height: 10pt"></span> </p>`);
    expect(r.lines.length).to.equal(0);
    expect(r.bottom).to.equal(0);
  });
});

describe('layout/inline: white space around floats (CSS Text 3 §4.1.1)', () => {
  it('a float is not on the line: the space after it at the start of a line is removed, and between words one space stays', () => {
    const start = lay(`<p style="${S}"><span style="float: left; width: 30pt; height: 10pt"></span> Text</p>`, { width: 200 });
    const t = texts(start.lines[0]!)[0]!;
    expect(t.text).to.equal('Text');
    expect(t.x).to.be.closeTo(30, 0.01);
    const middle = lay(`<p style="${S}">aa <span style="float: right; width: 30pt; height: 10pt"></span> bb</p>`, { width: 200 });
    expect(textOf(middle.lines[0]!)).to.equal('aa bb');
  });
});

describe('layout/inline: ::first-letter (CSS Pseudo 4 §2.3, as Chromium prints it)', () => {
  const first = (html: string, css: string) => {
    const { root } = layoutOf(html, `body { margin: 0; font: 16px/20px serif } ${css}`);
    return linesOf(root);
  };

  it('the first letter, with the punctuation around it, is an inline box of its own style', () => {
    const cases: [string, string, string][] = [
      ['<p>Alice was here.</p>', 'p::first-letter { font-size: 2em }', 'A'],
      ['<p>\u201cQuoted\u201d text.</p>', 'p::first-letter { font-size: 2em }', '\u201cQ'],
      ['<p>  (x) words.</p>', 'p:first-letter { font-size: 2em }', '(x)'],
      ['<p><span><b>In</b> a span</span></p>', 'p::first-letter { font-size: 2em }', 'I'],
      ['<p class="n">here</p>', 'p.n::before { content: "Note: " } p::first-letter { font-size: 2em }', 'N'],
    ];
    for (const [html, css, letter] of cases) {
      const line = first(html, css)[0]!;
      const big = line.children.filter((c): c is TextFragment => c.kind === 'text' && c.style.fontSize === 24);
      expect(big.map((t) => t.text).join(''), html).to.equal(letter);
      expect(textOf(line).replace(/\s+/g, ' ').trim(), html).to.not.equal('');
    }
  });

  it('the rest of the line follows the letter at its own size: the line is as tall as the bigger letter needs', () => {
    const [line] = first('<p>Alice</p>', 'p::first-letter { font-size: 32px; line-height: 1 }');
    const [a, rest] = texts(line!);
    expect(a!.text).to.equal('A');
    expect(rest!.text).to.equal('lice');
    expect(rest!.x).to.be.closeTo(a!.x + a!.width, 0.01);
    expect(rest!.baseline).to.be.closeTo(a!.baseline, 0.01);
    expect(line!.height).to.be.greaterThan(15);
  });

  it('the letter inherits from the element its text is in (as Blink styles it)', () => {
    const [line] = first('<p><b style="font-size:20px">In</b> a span</p>', 'p::first-letter { font-size: 2em }');
    const [i] = texts(line!);
    expect(i!.text).to.equal('I');
    expect(i!.style.fontSize).to.equal(30);
    expect(i!.style.fontWeight).to.equal(700);
  });

  it('a floated first letter is a drop cap: the first lines start beside it', () => {
    const lines = first('<p style="width:200px">Drop cap paragraph with enough words to wrap onto a second and a third line of text.</p>',
      'p::first-letter { float: left; font-size: 48px; line-height: 1; margin-right: 4px }');
    const lead = texts(lines[0]!)[0]!;
    expect(lead.text.startsWith('rop')).to.equal(true);
    expect(lead.x).to.be.greaterThan(20);
    expect(texts(lines[1]!)[0]!.x).to.be.closeTo(lead.x, 0.01);
  });

  it('no first letter past an image, a line break or an empty first block', () => {
    const img = `<img src="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')}">`;
    for (const html of [`<div>${img} Text</div>`, '<div><br>Text</div>', '<div><div style="height:5px"></div><p>Text</p></div>']) {
      const big = first(html, 'div::first-letter { font-size: 2em }').flatMap(texts).filter((t) => t.style.fontSize === 24);
      expect(big, html).to.deep.equal([]);
    }
  });
});

describe('layout/inline: linear time', () => {
  it('a paragraph of 100,000 inline runs', () => {
    // 50,000 times `<span>word</span>` and a space: the box tree of a two-run paragraph, repeated
    const one = firstInlinesOf(`<p style="${S}"><span>word</span> <span>word</span></p>`);
    const children = [];
    for (let i = 0; i < 50_000; i++) children.push(one.children[0]!, one.children[1]!);
    const r = layBox({ ...one, children }, '', { width: 400 });
    let words = 0; let spaces = 0;
    for (const l of r.lines) for (const t of texts(l)) { if (t.text === 'word') words++; else if (t.text === ' ') spaces++; }
    expect(words).to.equal(50_000);
    // the space ending each line hangs and is dropped: one run fewer per line
    expect(spaces).to.equal(50_000 - r.lines.length);
  });
});


describe('layout/inline: spaces that end a line are not in the max-content width (CSS Text 3 §4.1.2)', () => {
  // Chromium 156 prints each of these with the box's right edge at the end of its last word: the
  // source's line feed before the closing tag is a collapsible space that hangs, so a shrink-to-fit
  // box (float, inline-block, auto table cell) is not one space wider than its text
  const F = 'font: 16px Liberation Serif; margin: 0';
  const cases: { name: string; html: string }[] = [
    { name: 'a float', html: `<p style="${F}">Title <span id="s" style="float: right">\n  2008 to 2012\n</span>next</p>` },
    { name: 'an inline-block', html: `<p style="${F}"><span id="s" style="display: inline-block">\n  2008 to 2012\n</span>next</p>` },
    { name: 'an inline-block with white-space: nowrap', html: `<p style="${F}"><span id="s" style="display: inline-block; white-space: nowrap">2008 to 2012 </span>next</p>` },
    { name: 'the space inside an inline box at the end', html: `<p style="${F}"><span id="s" style="display: inline-block"><b>2008 to 2012 </b> </span>next</p>` },
    { name: 'an auto table cell', html: `<table style="border-spacing: 0; ${F}"><tr><td id="s" style="padding: 0">\n  2008 to 2012\n</td><td>next</td></tr></table>` },
    { name: 'the line before a <br> in an inline-block', html: `<p style="${F}"><span id="s" style="display: inline-block">2008 to 2012 <br>a</span>next</p>` },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root } = layoutOf(c.html, '@page { size: 400pt 300pt; margin: 0 } body { margin: 0 }');
      const s = boxesIn(root, '#s')[0]!;
      const words = linesOf(s).flatMap((l) => l.children).filter((t): t is TextFragment => t.kind === 'text' && t.text.trim() !== '');
      const right = Math.max(...words.map((t) => t.x + t.width));
      expect(s.x + s.width).to.be.closeTo(right, 0.01);
    });
  }
});
