// Right-to-left layout facts (UAX #9 per line, CSS Writing Modes 3 §2, CSS 2.1 §10.3.3 and
// §17.5 in rtl): positions in pt from the fragment tree. The expected x positions are Chromium's
// own rendering of the same HTML (headless print to PDF, read with pdftotext -bbox; DejaVu Sans
// 16px, body margin 0: Chromium's x less its 27.75pt page margin).
import { expect } from 'chai';
import { embeddingLevels, reorderLine, visualText } from '../../../src/engine/layout/bidi';
import type { BoxFragment, TextFragment } from '../../../src/engine/layout/fragments';
import { boxesOf, layoutOf, linesOf } from '../../helpers/layout';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { wordsOf } from '../../helpers/pdf';

const F = "font: 16px 'DejaVu Sans'; margin: 0";
const texts = (root: BoxFragment) => linesOf(root).flatMap((l) => l.children.filter((c): c is TextFragment => c.kind === 'text'));
/** the text runs of the first element matching `sel`, left to right, as [x, logical text] */
const runs = (html: string, sel: string) => texts(boxesOf(lay(html), sel)[0]!).filter((t) => t.text.trim())
  .map((t) => [Math.round(t.x * 10) / 10, t.text] as const).sort((a, b) => a[0] - b[0]);
const lay = (html: string) => layoutOf(html, 'body { margin: 0 }').root;

describe('layout/bidi: UAX #9 and right-to-left layout', () => {
  it('UAX #9 levels: Arabic is 1, Latin and digits 2 in an rtl paragraph; an ltr paragraph without rtl text has none', () => {
    const l = embeddingLevels('ab عر 12', 'rtl')!;
    expect(Array.from(l)).to.deep.equal([2, 2, 1, 1, 1, 1, 2, 2]);
    expect(embeddingLevels('plain text', 'ltr')).to.equal(undefined);
  });

  it('L2: runs at odd levels reverse, nested higher levels reverse again', () => {
    const order = reorderLine([{ level: 1, n: 'a' }, { level: 2, n: 'b' }, { level: 2, n: 'c' }, { level: 1, n: 'd' }]).map((p) => p.n);
    expect(order).to.deep.equal(['d', 'b', 'c', 'a']);
  });

  it('visual text: a neutral rtl piece is mirrored and reversed, Arabic digits at an even level pre-reversed for the shaper', () => {
    expect(visualText('(1)', 1)).to.equal('(1)');
    expect(visualText('x)', 1)).to.equal('(x');
    expect(visualText('١٤', 2)).to.equal('٤١');
    expect(visualText('abc', 0)).to.equal('abc');
  });

  // UAX #9 L4: a bracket at an odd level is drawn as its mirror glyph. fontkit reverses a Hebrew
  // or Arabic piece itself but mirrors only through a face's rtlm feature (DejaVu and Liberation
  // have none), so the piece is handed over with its characters mirrored and not reversed.
  // Chromium 156 draws <p dir=rtl>שלום (עולם) [מחיר]</p> as "[מחיר] (עולם) שלום" read left to right.
  const mirroring: { text: string; level: number; drawn: string }[] = [
    { text: '(עולם)', level: 1, drawn: ')עולם(' },
    { text: '[سعر]', level: 1, drawn: ']سعر[' },
    { text: '«מחיר»', level: 1, drawn: '»מחיר«' },
    { text: '(USD)', level: 2, drawn: '(USD)' },
  ];
  for (const c of mirroring) {
    it(`L4: ${c.text} at level ${c.level} is handed to the shaper as ${c.drawn}`, () => {
      expect(visualText(c.text, c.level)).to.equal(c.drawn);
    });
  }

  it('L4 in a line: the text fragments of an rtl paragraph with bracketed Hebrew carry mirrored brackets', () => {
    const frags = texts(boxesOf(lay(`<p dir="rtl" style="${F}; width: 400px">שלום (עולם) [מחיר]</p>`), 'p')[0]!);
    const drawn = frags.map((t) => t.text).join('');
    expect(drawn).to.include(')עולם(');
    expect(drawn).to.include(']מחיר[');
  });

  it('an rtl paragraph places its words right to left, an embedded Latin word left to right (Chromium)', () => {
    const r = runs(`<div dir="rtl" style="${F}; width: 400px">مرحبا abc عالم</div>`, 'div');
    // Chromium: عالم 220.6, abc 246.9, مرحبا 272.3 (right edge 300 = 400px)
    expect(r.map(([, t]) => t.trim())).to.deep.equal(['عالم', 'abc', 'مرحبا']);
    expect(r[0]![0]).to.be.closeTo(220.6, 0.7);
    expect(r[1]![0]).to.be.closeTo(246.9, 0.7);
    expect(r[2]![0]).to.be.closeTo(272.3, 0.7);
  });

  it('text-indent is on the right of an rtl paragraph (Chromium)', () => {
    const frags = texts(boxesOf(lay(`<p dir="rtl" style="${F}; width: 300px; text-indent: 20px">xyz (مرحبا) ok.</p>`), 'p')[0]!);
    // Chromium: "xyz" from 189.5 to 210 = 225 - 15pt of indent, "(مرحبا)" from 148.6, mirrored
    const xyz = frags.find((t) => t.text.includes('xyz'))!;
    expect(xyz.x + xyz.width).to.be.closeTo(210, 0.7);
    expect(frags.find((t) => t.text.includes('مرحبا'))!.x).to.be.closeTo(148.6, 0.7);
  });

  it('over-constrained margins: the left margin gives way in an rtl containing block, not in an ltr one (CSS 2.1 §10.3.3)', () => {
    const ltr = boxesOf(lay(`<div style="${F}"><div dir="rtl" style="width: 200px; margin: 0 100px 0 20px">x</div></div>`), 'div')[1]!;
    expect(ltr.x).to.be.closeTo(15, 0.01);
    const rtl = boxesOf(lay(`<div dir="rtl" style="${F}; width: 500px"><div style="width: 200px; margin: 0 100px 0 20px">x</div></div>`), 'div')[1]!;
    expect(rtl.x).to.be.closeTo(375 - 75 - 150, 0.01);
  });

  it('table columns run right to left in an rtl table (CSS 2.1 §17.5)', () => {
    const root = lay(`<table dir="rtl" style="${F}; width: 300px; border-spacing: 0"><tr><td style="width: 100px">AAA</td><td>BBB</td></tr></table>`);
    const [a, b] = boxesOf(root, 'td');
    // Chromium: AAA's cell (100px and 1px of padding each side) on the right, BBB's on the left
    expect(a!.x).to.be.closeTo(148.5, 0.01);
    expect(a!.width).to.be.closeTo(76.5, 0.01);
    expect(b!.x).to.be.closeTo(0, 0.01);
    expect(b!.width).to.be.closeTo(148.5, 0.01);
  });

  it('the PDF text reads back in logical order: Arabic words, Arabic-Indic digits not reversed', async () => {
    const r = layoutHtml(`<div dir="rtl" style="${F}; width: 400px">مبنى ١٤، شارع</div>`, '', { measureText });
    const words = (await wordsOf(await toPdf(r.docDefinition, r.fonts))).map((w) => w.text);
    // (pdf.js applies UAX #9 to the glyphs drawn in visual order)
    expect(words.join(' ').replace(/\s+/g, ' ')).to.equal('مبنى ١٤، شارع');
  });
});
