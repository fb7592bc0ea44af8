// CSS Text 3 §5.1 line breaking around atomic inlines, as Chromium 156 (Blink's line breaker)
// does it, checked against Chromium with 12pt/15pt DejaVu Sans in zero-width boxes (every
// opportunity taken, so each line is one unbreakable piece):
// - where the text before an atomic inline wraps, a line may break before it whatever that text
//   ends with: after an opening "[" or "(" (UAX #14 LB14 keeps "[" with what follows), after a
//   no-break space (LB12);
// - where the atomic inline's parent wraps, a line may break after it whatever follows: before
//   "]" or ")" (LB13), a no-break space, another atomic inline;
// - where a box that does not wrap ends inside one that does, UAX #14 decides the opportunity at
//   its end: "q-" | "q" breaks, "q(q" and "qX]q" do not.
import { expect } from 'chai';
import type { Fragment, LineFragment } from '../../../src/engine/layout/fragments';
import { boxOf, layoutOf, linesOf, textOf } from '../../helpers/layout';

/** a line's text with its inline-blocks' text in place */
const lineText = (l: LineFragment): string => l.children.map((c: Fragment) => (c.kind === 'text' ? c.text : c.kind === 'box' ? textOf(c) : '')).join('').trim();
const CSS = 'body{margin:0;font:12pt/15pt "DejaVu Sans", sans-serif} div{width:0} i{display:inline-block;font-style:normal} .n{white-space:nowrap}';
const lines = (html: string): string[] => linesOf(boxOf(layoutOf(`<div id="d">${html}</div>`, CSS).root, '#d')).map(lineText);

describe('layout: line breaks around atomic inlines (Blink)', () => {
  it('breaks before and after an atomic inline between brackets', () => {
    expect(lines('q[<i>X</i>]q')).to.deep.equal(['q[', 'X', ']q']);
    expect(lines('q(<i>X</i><i>X</i>)q')).to.deep.equal(['q(', 'X', 'X', ')q']);
  });

  it('breaks between an atomic inline and a no-break space', () => {
    expect(lines('q&nbsp;<i>X</i>&nbsp;q').map((s) => s.replace(/\u00a0/g, ''))).to.deep.equal(['q', 'X', 'q']);
  });

  it('the atomic inline starts a line of its own, 15pt below the one that ends with "["', () => {
    const { root } = layoutOf('<div id="d">q[<i id="x">X</i>]q</div>', CSS);
    const d = boxOf(root, '#d');
    expect(boxOf(root, '#x').y - d.y).to.be.closeTo(15, 0.01);
    expect(boxOf(root, '#x').x - d.x).to.be.closeTo(0, 0.01);
  });

  it('a box that does not wrap keeps UAX #14 at its ends', () => {
    expect(lines('<span class="n">q[</span><i>X</i>]q')).to.deep.equal(['q[X', ']q']);
    expect(lines('<span class="n">q</span><i>X</i>]q')).to.deep.equal(['q', 'X', ']q']);
    expect(lines('<span class="n">q-</span>q')).to.deep.equal(['q-', 'q']);
    expect(lines('<span class="n">q</span>(q')).to.deep.equal(['q(q']);
    expect(lines('<span class="n">q<i>X</i></span>]q')).to.deep.equal(['qX]q']);
    expect(lines('<span class="n">q<i>X</i></span>(q')).to.deep.equal(['qX', '(q']);
    expect(lines('q[<span class="n"><i>X</i></span>]q')).to.deep.equal(['q[', 'X]q']);
  });

  it('a citation "[10]" whose number is a nowrap inline-block in pre-wrap text breaks around the number', () => {
    expect(lines('<cite style="white-space:pre-wrap">[<a class="n" style="display:inline-block">10</a>]</cite> a')).to.deep.equal(['[', '10', ']', 'a']);
  });
});
