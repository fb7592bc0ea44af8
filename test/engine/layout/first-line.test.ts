// CSS Pseudo-Elements 4 §2.3 ::first-line, as Chromium 156 prints it: the first formatted line of
// a block container takes the pseudo-element's style, inherited through the inline boxes on it;
// the line is broken with that style; the lines after it keep the element's own.
import { expect } from 'chai';
import type { InlineBoxFragment, LineFragment, TextFragment } from '../../../src/engine/layout/fragments';
import { boxOf, layoutOf, linesOf } from '../../helpers/layout';

const texts = (l: LineFragment) => l.children.filter((c): c is TextFragment => c.kind === 'text');
const words = (l: LineFragment) => texts(l).map((t) => t.text).join('').trim();
const red = { r: 255, g: 0, b: 0, a: 1 };
const black = { r: 0, g: 0, b: 0, a: 1 };
const TEXT = 'It was a bright cold day in April, and the clocks were striking thirteen.';

function lines(html: string, css: string): LineFragment[] {
  const { root } = layoutOf(html, `body { margin: 0; font: 16px/20px serif } p { width: 240px; margin: 0 } ${css}`);
  return linesOf(root);
}

describe('layout/inline: ::first-line (CSS Pseudo 4 §2.3, as Chromium prints it)', () => {
  it('styles the first line only: its text takes the colour and weight, the next lines keep the paragraph\'s', () => {
    const ls = lines(`<p>${TEXT}</p>`, 'p::first-line { color: red; font-weight: bold }');
    expect(ls.length).to.be.greaterThan(1);
    expect(texts(ls[0]!).every((t) => t.style.fontWeight === 700 && t.style.color.r === 255)).to.equal(true);
    for (const l of ls.slice(1)) expect(texts(l).every((t) => t.style.fontWeight === 400 && t.style.color.r === 0), words(l)).to.equal(true);
    // nothing is lost or repeated where the line style ends
    expect(ls.map(words).join(' ')).to.equal(TEXT);
  });

  it('breaks the first line with its own style: twice the size holds fewer words, and the line box is taller', () => {
    const plain = lines(`<p>${TEXT}</p>`, '');
    const big = lines(`<p>${TEXT}</p>`, 'p::first-line { font-size: 2em; line-height: 40px }');
    expect(words(big[0]!).split(' ').length).to.be.lessThan(words(plain[0]!).split(' ').length);
    expect(big[0]!.height).to.equal(30);
    expect(big[1]!.height).to.equal(15);
    expect(big.map(words).join(' ')).to.equal(TEXT);
    // the second line starts with the word after the first line's last
    const after = TEXT.slice(words(big[0]!).length).trim().split(' ')[0];
    expect(words(big[1]!).split(' ')[0]).to.equal(after);
  });

  it('an inline box across the break takes the line style on the first line only (inherited through it)', () => {
    const ls = lines('<p>It was <em>a bright cold day in April, and the clocks were striking</em> thirteen.</p>', 'p::first-line { color: red }');
    const em1 = texts(ls[0]!).filter((t) => t.style.fontStyle === 'italic');
    const em2 = texts(ls[1]!).filter((t) => t.style.fontStyle === 'italic');
    expect(em1.length).to.be.greaterThan(0);
    expect(em2.length).to.be.greaterThan(0);
    expect(em1.every((t) => t.style.color.r === 255)).to.equal(true);
    expect(em2.every((t) => t.style.color.r === 0)).to.equal(true);
  });

  it('font-variant: small-caps on the first line: its lowercase letters become small capitals, the next lines stay', () => {
    const ls = lines(`<p>${TEXT}</p>`, 'p::first-line { font-variant: small-caps }');
    const first = texts(ls[0]!);
    expect(words(ls[0]!)).to.equal(words(ls[0]!).toUpperCase());
    expect(first[0]).to.include({ text: 'I' });
    expect(first[1]).to.include({ text: 'T' });
    // 12pt = 16px; small capitals at 0.7 of that rounded to a whole px: 11px = 8.25pt
    expect(first[1]!.style.fontSize).to.be.closeTo(8.25, 0.01);
    expect(texts(ls[1]!).every((t) => t.style.fontSize === 12 && t.text !== t.text.toUpperCase())).to.equal(true);
  });

  it('reaches into the first block child; a block\'s own ::first-line inherits from the block, not from the ancestor\'s', () => {
    const ls = lines(`<div><p>${TEXT}</p><p>${TEXT}</p></div><div><p class="own">${TEXT}</p></div>`,
      'div::first-line { color: red; text-transform: uppercase } p.own::first-line { font-weight: bold }');
    const [first, ...rest] = ls;
    expect(words(first!)).to.equal(words(first!).toUpperCase());
    expect(texts(first!)[0]!.style.color).to.deep.equal(red);
    // the second paragraph's first line is not the div's first line
    const second = ls.find((l, i) => i > 0 && words(l).startsWith('It was'))!;
    expect(texts(second)[0]!.style.color).to.deep.equal(black);
    const own = rest.filter((l) => texts(l).some((t) => t.style.fontWeight === 700));
    expect(own).to.have.length(1);
    expect(texts(own[0]!)[0]!.style.color).to.deep.equal(black);
    expect(words(own[0]!)).to.not.equal(words(own[0]!).toUpperCase());
  });

  it('paints its background behind the first line\'s content', () => {
    const ls = lines(`<p>${TEXT}</p>`, 'p::first-line { background: yellow }');
    const bg = ls[0]!.children.filter((c): c is InlineBoxFragment => c.kind === 'inline-box');
    expect(bg).to.have.length(1);
    expect(bg[0]!.style.backgroundColor).to.deep.equal({ r: 255, g: 255, b: 0, a: 1 });
    const t = texts(ls[0]!);
    expect(bg[0]!.x).to.be.closeTo(t[0]!.x, 0.01);
    expect(ls[1]!.children.some((c) => c.kind === 'inline-box')).to.equal(false);
  });

  it('costs nothing where no ::first-line rule exists: the box tree has no first-line content', () => {
    const { root } = layoutOf(`<p id="p">${TEXT}</p>`, 'p::first-letter { color: red }');
    expect(boxOf(root, '#p').element?.firstLine).to.equal(undefined);
  });
});
