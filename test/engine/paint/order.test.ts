// Text is written in painting order (CSS 2.1 Appendix E), as Chromium 156 writes it: a viewer's
// search, copy and reading order follow the content stream. Each case lists the words in the
// order Chromium's PDF holds them (`pdftotext -raw`).
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { measureText } from '../../../src/render/measure';
import { wordsOf } from '../../helpers/pdf';
import { layoutOf } from '../../helpers/layout';
import type { BoxFragment } from '../../../src/engine/layout/fragments';

const PAGE = '@page { size: 300pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif }';

async function streamOrder(html: string, css: string): Promise<string[]> {
  const r = layoutHtml(html, css, { measureText });
  return (await wordsOf(await toPdf(r.docDefinition, r.fonts))).flatMap((w) => w.text.split(/\s+/).filter(Boolean));
}

describe('paint: text in painting order (CSS 2.1 Appendix E)', () => {
  const cases: { name: string; css: string; html: string; words: string[] }[] = [
    {
      // CSS 2.1 §9.2.1.1: the anonymous block around "From" is neither positioned nor floated
      name: 'text before a block inside a position: relative box comes first',
      css: '.c { position: relative; width: 45%; float: left }',
      html: '<div class="c">From <address>Admin<br>Street</address></div><div class="c">To <address>John</address></div>',
      words: ['From', 'Admin', 'Street', 'To', 'John'],
    },
    {
      name: 'text before a block inside a transformed box comes first',
      css: '.c { transform: translateX(1pt) }',
      html: '<div class="c">From <p>Admin</p> tail</div>',
      words: ['From', 'Admin', 'tail'],
    },
    {
      // fixed and absolutely positioned boxes are positioned descendants of the root, painted in tree order
      name: 'a fixed box written before an absolutely positioned one comes before it',
      css: '.f { position: fixed; top: 0; left: 0 } .a { position: absolute; top: 100pt }',
      html: '<div class="f">Fixed</div><p>Body</p><div class="a">Abs</div>',
      words: ['Body', 'Fixed', 'Abs'],
    },
    {
      // CSS 2.1 Appendix E: an inline-block paints as if it made a stacking context, but its
      // positioned descendants belong to the enclosing one: in tree order with its positioned boxes
      name: 'a positioned box inside an inline-block comes after an absolutely positioned box before it',
      css: '.ib { display: inline-block } .a { position: absolute; top: 100pt } .r { position: relative }',
      html: '<div class="ib"><div class="a">Abs</div><div class="r">Rel</div></div>',
      words: ['Abs', 'Rel'],
    },
    {
      // (the same for a float: its positioned descendants paint after the in-flow text, step 8)
      name: 'a positioned box inside a float comes after the in-flow text beside it',
      css: '.fl { float: left } .r { position: relative }',
      html: '<div class="fl"><div class="r">Rel</div></div><p>Text</p>',
      words: ['Text', 'Rel'],
    },
    {
      // CSS 2.1 Appendix E: a positioned box paints as a whole in step 8, the floats inside it
      // included, after the root's in-flow text (not in the root's float step 5)
      name: 'a float inside a position: relative box comes after the in-flow text that follows the box',
      css: '.r { position: relative; background: #eee } .fl { float: left; width: 50pt }',
      html: '<div class="r"><div class="fl">Float</div><p style="margin: 0">Inside</p></div><p>After</p>',
      words: ['After', 'Float', 'Inside'],
    },
    {
      // (CSS Color 4 §3.2: the same for a box with an opacity: its floats are in its group)
      name: 'a float inside a box with an opacity comes after the in-flow text that follows the box',
      css: '.r { opacity: .5; background: #eee } .fl { float: left; width: 50pt }',
      html: '<div class="r"><div class="fl">Float</div><p style="margin: 0">Inside</p></div><p>After</p>',
      words: ['After', 'Float', 'Inside'],
    },
    {
      name: "each page's margin boxes come before its content",
      css: '@page { margin: 40pt; @top-center { content: "Top" } @bottom-center { content: "Bottom" } }',
      html: '<p>Body</p><p style="break-before: page">Next</p>',
      words: ['Top', 'Bottom', 'Body', 'Top', 'Bottom', 'Next'],
    },
    {
      // CSS 2.1 §17.2 a header group repeated on a continuation page comes before that page's rows
      name: 'a repeated table header comes before the rows of its page',
      css: 'td, th { padding: 0; height: 100pt } th { height: 60pt }',
      // (the header is at most a quarter of the page area, so it repeats; r3's row starts on page 1 and
      // its text, centred in the row, is printed there)
      html: '<table><thead><tr><th>Head</th></tr></thead><tbody><tr><td>r1</td></tr><tr><td>r2</td></tr><tr><td>r3</td></tr><tr><td>r4</td></tr></tbody></table>',
      words: ['Head', 'r1', 'r2', 'r3', 'Head', 'r4'],
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      expect(await streamOrder(c.html, `${PAGE} ${c.css}`)).to.deep.equal(c.words);
    });
  }

  it('an anonymous block box takes only inherited properties from its parent (CSS 2.1 §9.2.1.1)', () => {
    const { root } = layoutOf('<div id="c">From <p>Admin</p></div>', `${PAGE} #c { position: relative; z-index: 2; background: rgba(255,0,0,.5); color: blue; opacity: .5 }`);
    const anonymous: BoxFragment[] = [];
    const walk = (f: BoxFragment) => { for (const c of f.children) if (c.kind === 'box') { if (!c.element && c.children.some((l) => l.kind === 'line')) anonymous.push(c); walk(c); } };
    walk(root);
    // the line of "From" (the paragraph's own lines are in an anonymous block too)
    expect(anonymous.length).to.equal(2);
    const s = anonymous[0]!.style;
    expect({ position: s.position, zIndex: s.zIndex, background: s.backgroundColor.a, opacity: s.opacity, color: s.color })
      .to.deep.equal({ position: 'static', zIndex: 'auto', background: 0, opacity: 1, color: { r: 0, g: 0, b: 255, a: 1 } });
  });
});
