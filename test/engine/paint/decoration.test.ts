// CSS Text Decoration 3 §2: underline, overline and line-through as Chromium 156 prints them
// (rectangles read from its PDF, in px: baseline-relative offsets from the size alone, the
// ascent rounded to a px; a justified line underlined in one piece, spaces included).
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';

type Shape = Record<string, unknown>;
const PAGE = '@page { size: 400pt 600pt; margin: 0 } body { margin: 0 } p { margin: 0; position: absolute; left: 10px; white-space: nowrap }';

/** the rectangles paint draws in a colour, in px to 0.1 (x, y, width, height; text widths differ from Chromium's by hundredths), in paint order with the text nodes as 'text' */
function drawn(html: string, css: string, color = '#000000'): (string | number[])[] {
  const out: (string | number[])[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) { for (const x of v) walk(x); return; }
    if (!v || typeof v !== 'object') return;
    const o = v as Shape;
    if (Array.isArray(o.text)) { out.push('text'); return; }
    if (o.type === 'rect' && o.color === color) { out.push([o.x, o.y, o.w, o.h].map((n) => Math.round((n as number) / 0.75 * 10) / 10)); return; }
    for (const x of Object.values(o)) walk(x);
  };
  walk(layoutHtml(html, `${PAGE} ${css}`).docDefinition.content);
  return out;
}
const rects = (html: string, css: string) => drawn(html, css).filter((x): x is number[] => Array.isArray(x));

describe('paint: text decoration lines (CSS Text Decoration 3 §2)', () => {
  it('an underline is max(1, ⌊size/10⌋) px thick, its top ⌈max(1, size/10)/2⌉ px below the baseline', () => {
    // Chromium: 16px at baseline 24 → y 25 h 1; 40px at baseline 167 → y 169 h 4; 21px at baseline 599 → y 601 h 2
    expect(rects('<p style="top:10px;font:16px \'Liberation Serif\'">Hxxxx</p>', 'p { text-decoration: underline }')).to.deep.equal([[10, 25, 43.6, 1]]);
    expect(rects('<p style="top:130px;font:40px \'Liberation Serif\'">Hxxxx</p>', 'p { text-decoration: underline }')).to.deep.equal([[10, 169, 108.9, 4]]);
    expect(rects('<p style="top:580px;font:21px \'Liberation Sans\'">Hxxxx</p>', 'p { text-decoration: underline }').map((r) => r.slice(1))).to.deep.equal([[601, 57.2, 2]]);
  });

  it('a line-through is centred 2/3 of the rounded ascent below the text top; an overline ends at that top', () => {
    // Chromium: 16px Liberation Serif at baseline 244 → y 239 h 1, at baseline 284 → overline y 269 h 1;
    // 40px Liberation Sans at baselines 346 / 416 → y 332 / 376 h 4
    expect(rects('<p style="top:230px;font:16px \'Liberation Serif\'">Hxxxx</p>', 'p { text-decoration: line-through }').map((r) => r.slice(1, 2).concat(r[3]!))).to.deep.equal([[239, 1]]);
    expect(rects('<p style="top:270px;font:16px \'Liberation Serif\'">Hxxxx</p>', 'p { text-decoration: overline }').map((r) => r.slice(1, 2).concat(r[3]!))).to.deep.equal([[269, 1]]);
    expect(rects('<p style="top:310px;font:40px \'Liberation Sans\'">Hxxxx</p>', 'p { text-decoration: line-through }').map((r) => r.slice(1, 2).concat(r[3]!))).to.deep.equal([[332, 4]]);
    expect(rects('<p style="top:380px;font:40px \'Liberation Sans\'">Hxxxx</p>', 'p { text-decoration: overline }').map((r) => r.slice(1, 2).concat(r[3]!))).to.deep.equal([[376, 4]]);
  });

  it('underline and overline are painted before the text, a line-through after it', () => {
    const order = drawn('<p style="top:450px;font:24px \'DejaVu Serif\'">Hxxxx</p>', 'p { text-decoration: underline line-through overline }');
    // Chromium: baseline 472 → underline y 474, overline y 448, line-through y 463, each 2 px
    expect(order).to.deep.equal([[10, 474, 75.1, 2], [10, 448, 75.1, 2], 'text', [10, 463, 75.1, 2]]);
  });

  it('a double underline is two lines round(size/10 + 1) px apart', () => {
    // Chromium: 16px at baseline 24 → y 25 and 28, h 1; 30px at baseline 77 → y 79 and 83, h 3
    expect(rects('<p style="top:10px;font:16px \'Liberation Sans\'">Hxxxx</p>', 'p { text-decoration: underline double }').map((r) => [r[1], r[3]])).to.deep.equal([[25, 1], [28, 1]]);
    expect(rects('<p style="top:50px;font:30px \'Liberation Sans\'">Hxxxx</p>', 'p { text-decoration: underline double }').map((r) => [r[1], r[3]])).to.deep.equal([[79, 3], [83, 3]]);
  });

  it('a justified line is underlined in one piece, its widened spaces included', () => {
    const css = 'p { white-space: normal; width: 200px; text-align: justify; font: 16px \'Liberation Sans\'; text-decoration: underline }';
    // Chromium: 10 25 200 1, 10 43 200 1, then the last line's own width
    expect(rects('<p style="top:10px">Lorem ipsum dolor sit amet consectetur adipiscing elit sed do</p>', css)).to.deep.equal([[10, 25, 200, 1], [10, 43, 200, 1], [10, 61, 48, 1]]);
  });

  it('the lines take text-decoration-color, and each run of mixed faces is underlined where it is', () => {
    const r = rects('<p style="top:360px;font:16px \'Liberation Sans\'">Hx<b>xx</b>x <i>abc</i></p>', 'p { text-decoration: underline red }');
    expect(r).to.deep.equal([]);
    const red = drawn('<p style="top:360px;font:16px \'Liberation Sans\'">Hx<b>xx</b>x <i>abc</i></p>', 'p { text-decoration: underline red }', '#ff0000').filter(Array.isArray) as number[][];
    // Chromium: y 375 h 1 from x 10 to 85.609 in four pieces
    expect(red.map((x) => x[1])).to.deep.equal([375, 375, 375, 375]);
    expect(red[0]![0]).to.equal(10);
    expect(Math.round((red[3]![0]! + red[3]![2]!) * 10) / 10).to.equal(85.6);
  });

  it('text-underline-offset moves the underline\'s top to that many px below the baseline, rounded', () => {
    // Chromium, 16px Liberation Sans: offset 0 → +0, 4px → +4, 0.3em → +5, -2px → -2 (1 px thick)
    const under = (css: string) => rects('<p style="top:10px;font:16px \'Liberation Sans\'">Hxxxg</p>', `p { text-decoration: underline; ${css} }`).map((r) => [r[1]! - 24, r[3]]);
    expect(under('text-underline-offset: 0')).to.deep.equal([[0, 1]]);
    expect(under('text-underline-offset: 4px')).to.deep.equal([[4, 1]]);
    expect(under('text-underline-offset: 0.3em')).to.deep.equal([[5, 1]]);
    expect(under('text-underline-offset: -2px')).to.deep.equal([[-2, 1]]);
  });

  it('text-decoration-thickness is rounded to a px (at least 1), the underline ⌈T/2⌉ below the baseline; the shorthand sets it', () => {
    // Chromium, 16px Liberation Sans: 2px → +1 h2, 3px → +2 h3, 0.5px → +1 h1, 2.6px → +2 h3, 0.2em → +2 h3
    const under = (css: string) => rects('<p style="top:10px;font:16px \'Liberation Sans\'">Hxxxg</p>', `p { text-decoration: underline; ${css} }`).map((r) => [r[1]! - 24, r[3]]);
    expect(under('text-decoration-thickness: 2px')).to.deep.equal([[1, 2]]);
    expect(under('text-decoration-thickness: 3px')).to.deep.equal([[2, 3]]);
    expect(under('text-decoration-thickness: 0.5px')).to.deep.equal([[1, 1]]);
    expect(under('text-decoration-thickness: 2.6px')).to.deep.equal([[2, 3]]);
    expect(under('text-decoration-thickness: 0.2em')).to.deep.equal([[2, 3]]);
    expect(under('text-decoration: underline 2px')).to.deep.equal([[1, 2]]);
    expect(under('text-decoration-thickness: 3px; text-underline-offset: 4px')).to.deep.equal([[4, 3]]);
  });

  // [top, height] in px from the baseline, from Chromium 156's rectangles (probed at 9–100px in
  // Liberation Sans, Serif and Mono and DejaVu Sans and Serif: all 240 cases equal)
  const lines = (font: string, css: string, baseline: number) => rects(`<p style="top:10px;font:${font}">xxxxx</p>`, `p { text-decoration: underline; ${css} }`).map((r) => [r[1]! - baseline, r[3]]);

  it('text-decoration-thickness: from-font is the face\'s underline thickness (at least 1px), drawn ⌊T⌋ px thick, ⌈T/2⌉ px below the baseline', () => {
    // Liberation Sans 100px: 150/2048 em = 7.32px → +4 h7; Liberation Serif 100px: 100/2048 em = 4.88px → +3 h4; 16px → +1 h1
    expect(lines("100px 'Liberation Sans'", 'text-decoration-thickness: from-font', 102)).to.deep.equal([[4, 7]]);
    expect(lines("100px 'Liberation Serif'", 'text-decoration-thickness: from-font', 101)).to.deep.equal([[3, 4]]);
    expect(lines("16px 'DejaVu Sans'", 'text-decoration-thickness: from-font', 25)).to.deep.equal([[1, 1]]);
    // the same thickness for a line-through and an overline; an offset still rounds
    expect(lines("100px 'Liberation Sans'", 'text-decoration-line: line-through; text-decoration-thickness: from-font', 102)).to.deep.equal([[-34, 7]]);
    expect(lines("100px 'Liberation Sans'", 'text-decoration-line: overline; text-decoration-thickness: from-font', 102)).to.deep.equal([[-98, 7]]);
    expect(lines("100px 'Liberation Sans'", 'text-decoration-thickness: from-font; text-underline-offset: 3px', 102)).to.deep.equal([[3, 7]]);
  });

  it('text-underline-position: under puts the underline\'s top ⌈D⌉ px below the baseline (D: the descent of the em box from the OS/2 typo metrics), plus the offset', () => {
    // Liberation Sans: 431/(1491+431) em → 100px +23, 40px +9, 9px +3; DejaVu Sans 492/(1556+492) em → 100px +25; Liberation Mono 386/(1255+386) em → 40px +10
    expect(lines("100px 'Liberation Sans'", 'text-underline-position: under', 102)).to.deep.equal([[23, 10]]);
    expect(lines("40px 'Liberation Sans'", 'text-underline-position: under', 46)).to.deep.equal([[9, 4]]);
    expect(lines("9px 'Liberation Sans'", 'text-underline-position: under', 18)).to.deep.equal([[3, 1]]);
    expect(lines("100px 'DejaVu Sans'", 'text-underline-position: under', 103)).to.deep.equal([[25, 10]]);
    expect(lines("40px 'Liberation Mono'", 'text-underline-position: under', 43)).to.deep.equal([[10, 4]]);
    expect(lines("100px 'Liberation Sans'", 'text-underline-position: under; text-decoration-thickness: from-font', 102)).to.deep.equal([[23, 7]]);
    expect(lines("40px 'Liberation Sans'", 'text-underline-position: under left; text-underline-offset: 3px', 46)).to.deep.equal([[12, 4]]);
  });
});

describe('paint: transparent text with a text-shadow (CSS Text Decoration 3 §4)', () => {
  const texts = (html: string) => {
    const out: { text: string; color: string; opacity?: number }[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) { v.forEach(walk); return; }
      if (!v || typeof v !== 'object') return;
      const o = v as Shape;
      if (Array.isArray(o.text)) { for (const r of o.text as { text: string; color: string; opacity?: number }[]) out.push({ text: r.text, color: r.color, ...(r.opacity !== undefined ? { opacity: r.opacity } : {}) }); return; }
      for (const x of Object.values(o)) walk(x);
    };
    walk(layoutHtml(html, `${PAGE} body { font: 20px 'Liberation Sans' }`).docDefinition.content);
    return out;
  };
  it('an unblurred shadow is painted as the text in its colour, the text itself at opacity 0 (Chromium 156 prints both in its text layer)', () => {
    expect(texts('<p style="top:10px"><span style="color:transparent;text-shadow:2px 2px 0 #0a0">GH</span></p>')).to.deep.equal([
      { text: 'GH', color: '#00aa00' }, { text: 'GH', color: '#000000', opacity: 0 },
    ]);
  });
  it('transparent text without a shadow paints nothing', () => {
    expect(texts('<p style="top:10px"><span style="color:transparent">GH</span></p>')).to.deep.equal([]);
  });
});
