// CSS Text 3 facts as Chromium 156 prints them: tiny documents, each word's box read back from
// our PDF with `pdftotext -bbox` and compared with the same word in Chromium's own print of
// the same HTML (headless --print-to-pdf, A4, 20mm margins, read the same way).
import { expect } from 'chai';
import { words } from '../../helpers/text-facts';

interface Case {
  readonly name: string;
  readonly css: string;
  readonly html: string;
  /** Chromium's words: text, left edge and top, pt */
  readonly chromium: readonly (readonly [string, number, number])[];
}

function check(cases: readonly Case[]): void {
  for (const c of cases) {
    it(c.name, async () => {
      const ours = await words(c.html, c.css);
      const seen = (o: { text: string; left: number; top: number }) => `${o.text}@${o.left.toFixed(1)},${o.top.toFixed(1)}`;
      for (const [text, left, top] of c.chromium) {
        const w = ours.find((o) => o.text === text && Math.abs(o.top - top) < 0.6);
        expect(w, `"${text}" drawn on the line at ${top} (ours: ${ours.map(seen).join(' ')})`).to.not.equal(undefined);
        expect(w!.left, `"${text}" (ours: ${ours.map(seen).join(' ')})`).to.be.closeTo(left, 0.6);
      }
    });
  }
}

describe('text: preserved tabs and tab-size (CSS Text 3 §4.2)', function () {
  this.timeout(30000);
  check([
    {
      name: 'a tab advances to the next multiple of 8 spaces; one landing on a stop goes to the next',
      css: "pre { font: 12pt 'Liberation Mono'; margin: 0 }",
      html: '<pre>a\tb\tc\nabcdefgh\ti\nab\tc</pre>',
      chromium: [['a', 57, 56.76], ['b', 114.61, 56.76], ['c', 172.22, 56.76], ['abcdefgh', 57, 70.26], ['i', 172.22, 70.26], ['c', 114.61, 83.76]],
    },
    {
      name: 'tab-size: 4 is 4 spaces',
      css: "pre { font: 12pt 'Liberation Mono'; margin: 0; tab-size: 4 }",
      html: '<pre>a\tbb\tc</pre>',
      chromium: [['a', 57, 56.76], ['bb', 85.80, 56.76], ['c', 114.61, 56.76]],
    },
    {
      name: 'tab-size: a length in a proportional face; a stop nearer than half a space is skipped',
      css: 'pre { margin: 0; font: inherit; tab-size: 30pt }',
      html: '<pre>a\tbbbbbbb\tc</pre>',
      chromium: [['a', 57, 56.64], ['bbbbbbb', 87, 56.64], ['c', 147, 56.64]],
    },
    {
      name: 'pre-wrap: the stops count the letter-spacing of a space, and a line breaks after a tab',
      css: 'div { white-space: pre-wrap; width: 100pt; letter-spacing: 1pt }',
      html: '<div>aa\tbb\tcc\tdd</div>',
      chromium: [['aa', 57, 56.64], ['bb', 91.68, 56.64], ['cc', 126.35, 56.64], ['dd', 57, 70.14]],
    },
  ]);
});

describe('text: text-align-last and -webkit-match-parent (CSS Text 3 §7.1, §7.2)', function () {
  this.timeout(30000);
  check([
    {
      name: 'text-align-last: justify justifies the last line and each line before a forced break',
      css: 'p { width: 200pt; text-align: justify; text-align-last: justify; margin: 0 }',
      html: '<p>Aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo<br>ppp qqq rrr<br>sss ttt</p>',
      chromium: [['jjj', 248.99, 56.64], ['ooo', 236.96, 70.14], ['qqq', 151.00, 83.64], ['rrr', 245.00, 83.64], ['ttt', 246.99, 97.14]],
    },
    {
      name: 'text-align-last: center centres the last line of a justified paragraph',
      css: 'p { width: 200pt; text-align: justify; text-align-last: center; margin: 0 }',
      html: '<p>Aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo</p>',
      chromium: [['jjj', 248.99, 56.64], ['kkk', 102.30, 70.14], ['ooo', 191.65, 70.14]],
    },
    {
      name: 'text-align-last applies under any text-align: right on a start-aligned paragraph, left on a centred one',
      css: 'p { width: 200pt; margin: 0 }',
      html: '<p style="text-align-last: right">Aaa bbb<br>ccc</p><p style="text-align: center; text-align-last: left">Ddd eee</p>',
      chromium: [['Aaa', 212.29, 56.64], ['bbb', 236.97, 56.64], ['ccc', 238.99, 70.14], ['Ddd', 57, 83.64]],
    },
    {
      name: 'text-align-last: end is the left in a right-to-left paragraph',
      css: 'p { width: 200pt; margin: 0 }',
      html: '<p dir="rtl" style="text-align-last: end">Aaa bbb</p>',
      chromium: [['Aaa', 57, 56.64]],
    },
    {
      name: "-webkit-match-parent takes the parent's start as its side; the unprefixed match-parent is invalid (the value inherits)",
      css: 'p { margin: 0; width: 200pt }',
      html: '<div dir="rtl"><p dir="ltr" style="text-align: match-parent">Aaa</p><p dir="ltr" style="text-align: -webkit-match-parent">Bbb</p></div>' +
        '<div style="text-align: center"><p style="text-align: match-parent">Eee</p></div>',
      chromium: [['Aaa', 339.26, 56.64], ['Bbb', 517.90, 70.14], ['Eee', 146.32, 83.64]],
    },
  ]);
});

describe('text: text-indent hanging and each-line (CSS Text 3 §8.1)', function () {
  this.timeout(30000);
  check([
    {
      name: 'hanging indents every line but the first',
      css: 'p { width: 150pt; margin: 0 }',
      html: '<p style="text-indent: 20pt hanging">Aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk</p>',
      chromium: [['Aaa', 57, 56.64], ['hhh', 76.99, 70.14]],
    },
    {
      name: 'each-line indents the first line and each line after a forced break, not a wrapped one',
      css: 'p { width: 150pt; margin: 0 }',
      html: '<p style="text-indent: 20pt each-line">Aaa bbb ccc ddd eee fff ggg<br>hhh iii jjj kkk lll mmm nnn</p>',
      chromium: [['Aaa', 76.99, 56.64], ['ggg', 57, 70.14], ['hhh', 76.99, 83.64], ['nnn', 57, 97.14]],
    },
    {
      name: 'hanging each-line (any order) indents the wrapped lines only; an inline box closing after the <br> keeps it a forced break',
      css: 'p { width: 100pt; margin: 0 }',
      html: '<p style="text-indent: each-line 10pt hanging">Aaa bbb ccc ddd eee fff ggg hhh iii<br>jjj kkk lll mmm nnn ooo ppp</p>' +
        '<p style="text-indent: 5% each-line"><b>Aaa bbb ccc ddd eee fff<br></b>ggg hhh iii jjj kkk lll</p>',
      chromium: [['Aaa', 57, 56.64], ['eee', 67.0, 70.14], ['iii', 67.0, 83.64], ['jjj', 57, 97.14], ['ooo', 67.0, 110.64],
        ['Aaa', 61.99, 124.14], ['ddd', 57, 137.64], ['ggg', 61.99, 151.14], ['lll', 57, 164.64]],
    },
    {
      name: 'a negative text-indent with as much padding hangs the first line (a bibliography)',
      css: 'div { padding-left: 30pt; text-indent: -30pt; width: 150pt }',
      html: '<div>Zzz bbb ccc ddd eee fff ggg hhh iii jjj kkk</div>',
      chromium: [['Zzz', 57, 56.64], ['iii', 87, 70.14]],
    },
  ]);
});

describe('text: -webkit-line-clamp (CSS Overflow 4 §5, the legacy form)', function () {
  this.timeout(30000);
  const clamp = '.c { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; width: 150pt; margin-bottom: 10pt }';
  check([
    {
      name: 'the Nth line ends with an ellipsis and the box ends after it; the unprefixed line-clamp does nothing in Chromium 156',
      css: clamp,
      html: '<div class="c">Aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo ppp</div>' +
        '<div class="c">Short</div><div style="line-clamp: 2; width: 150pt">Aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo ppp</div>',
      chromium: [['nnn…', 169.01, 70.14], ['Short', 57, 93.39], ['ooo', 57, 144.39]],
    },
    {
      name: 'lines are counted through the blocks inside the box',
      css: `${clamp} p { margin: 0 }`,
      html: '<div class="c" style="-webkit-line-clamp: 3"><p>Aaa bbb ccc ddd eee fff ggg hhh</p><p>iii jjj kkk lll mmm nnn ooo ppp qqq rrr sss</p></div><div>after</div>',
      chromium: [['hhh', 57, 70.14], ['ooo…', 169.01, 83.64], ['after', 57, 106.89]],
    },
    {
      name: 'a word the ellipsis would push past the end edge is cut; the padding and border stay below the Nth line',
      css: `${clamp} .c { padding: 5pt; border: 1pt solid }`,
      html: '<div class="c">Aaa bbb ccc ddd eee fff ggg hhhhhhhhhhhhhhhhhh iiiii jjj kkk</div><div>after</div>',
      chromium: [['iiiii…', 186.21, 76.14], ['after', 57, 105.39]],
    },
    {
      name: 'only a -webkit-box clamps: -webkit-box-orient alone, flow-root with overflow hidden, and a later display: flex do not',
      css: '.k { -webkit-box-orient: vertical; -webkit-line-clamp: 2; width: 150pt; margin-bottom: 10pt }',
      html: '<div class="k">Aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo ppp</div>' +
        '<div class="k" style="display: flow-root; overflow: hidden">Qqq bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo rrr</div>' +
        '<div class="k" style="display: -webkit-box; display: flex">Sss bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo ttt</div>' +
        '<div class="k" style="display: -webkit-box">Uuu bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo vvv</div>',
      chromium: [['nnn', 169.01, 70.14], ['ppp', 80.36, 83.64], ['Qqq', 57, 106.89], ['rrr', 103.71, 133.89], ['Sss', 57, 157.89], ['ttt', 80.36, 184.89],
        ['Uuu', 57, 208.14], ['nnn…', 169.01, 221.64]],
    },
    {
      name: 'display: -webkit-box is block-level, -webkit-inline-box inline-level; a horizontal -webkit-box lays its blocks in a row, a vertical one in a column (no margin collapsing)',
      css: '',
      html: 'Xxx <span style="display: -webkit-box">Aaa</span> Yyy <span style="display: -webkit-inline-box; -webkit-box-orient: vertical; -webkit-line-clamp: 1; width: 60pt">Bbb ccc ddd eee fff</span> Zzz' +
        '<div style="display: -webkit-box; width: 150pt"><div style="width: 50pt">Ccc</div><div style="width: 50pt; margin-left: 10pt">Ddd</div></div>' +
        '<div style="display: -webkit-box; -webkit-box-orient: vertical"><div style="margin: 10pt 0">Eee</div><div style="margin: 10pt 0">Fff</div></div>',
      chromium: [['Xxx', 57, 56.64], ['Aaa', 57, 70.14], ['Yyy', 57, 83.64], ['ccc…', 105.03, 83.64], ['Zzz', 143.68, 83.64], ['Ccc', 57, 97.14], ['Ddd', 116.99, 97.14],
        ['Eee', 57, 120.39], ['Fff', 57, 154.14]],
    },
  ]);
});

describe('text: text-transform: capitalize (CSS Text 3 §2.1)', function () {
  this.timeout(30000);
  check([
    {
      name: 'the first letter or digit of each word is capitalized, after punctuation; hyphens, dashes, stops and slashes end words, apostrophes and underscores do not',
      css: 'p { text-transform: capitalize; margin: 0 }',
      html: "<p>hello-world (paren) o'neil foo.bar 3rd x2y foo_bar a\u2014b</p><p>ab<b>cd</b> ef<b> gh</b></p>",
      chromium: [['Hello-World', 57, 56.64], ['(Paren)', 122.79, 56.64], ["O'neil", 166.14, 56.64], ['Foo.Bar', 199.78, 56.64], ['3rd', 245.80, 56.64],
        ['X2y', 266.48, 56.64], ['Foo_bar', 290.49, 56.64], ['A\u2014B', 337.86, 56.64], ['Abcd', 57, 70.14], ['Ef', 89.02, 70.14], ['Gh', 103.69, 70.14]],
    },
  ]);
});
