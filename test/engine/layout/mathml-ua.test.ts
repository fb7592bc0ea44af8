// MathML Core's UA rules that print without MathML layout, checked against Chromium 156:
// `<p>Let <math><semantics>…<annotation>a=b</annotation></semantics></math> hold.</p>` prints
// "Let 𝑎 = 𝑏 hold." (no TeX source after the formula), and a `<math display="block">` is a
// line of its own between the paragraphs with its formula centred (Chromium: "𝑐" at
// 302.0–309.9pt of an A4 page whose content box is 33.75–561.5pt).
import { expect } from 'chai';
import type { Fragment, TextFragment } from '../../../src/engine/layout/fragments';
import { boxOf, layoutOf, linesOf, textOf } from '../../helpers/layout';

const HTML = `<p id="p">Let <math><semantics><mrow><mi>a</mi><mo>=</mo><mi>b</mi></mrow><annotation encoding="application/x-tex">a=b</annotation></semantics></math> hold.</p>
<math id="m" display="block"><semantics><mi>c</mi><annotation-xml encoding="MathML-Content"><ci>zz</ci></annotation-xml></semantics></math>
<p>End</p>`;

describe('layout: MathML Core UA rules', () => {
  it('a formula\'s annotation (its TeX source) is not printed', () => {
    const { root } = layoutOf(HTML);
    expect(textOf(boxOf(root, '#p')).replace(/\s+/g, ' ').trim()).to.equal('Let a=b hold.');
    expect(textOf(root)).to.not.contain('zz');
  });

  it('<math display="block"> is a block of its own whose formula is centred', () => {
    const { root } = layoutOf(HTML);
    const m = boxOf(root, '#m');
    const p = boxOf(root, '#p');
    expect(m.y).to.be.at.least(p.y + p.height);
    expect(m.width).to.be.closeTo(p.width, 0.01);
    const runs: TextFragment[] = [];
    const walk = (f: Fragment): void => { if (f.kind === 'text') runs.push(f); else if (f.kind === 'box' || f.kind === 'line') f.children.forEach(walk); };
    linesOf(m).forEach(walk);
    const run = runs.find((r) => r.text.trim() === 'c');
    expect(run, 'the formula\'s text run').to.exist;
    const centre = run!.x + run!.width / 2;
    // the centre of the content box, within the width difference of Chromium's italic 𝑐
    expect(centre).to.be.closeTo(m.x + m.width / 2, 5);
  });
});
