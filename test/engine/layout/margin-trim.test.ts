// CSS Box 4 §3.3 margin-trim on block containers, as Chromium 156 prints it: `block-start` zeroes
// the top margins that adjoin the content's start (the first child's, and those collapsed into it
// from its own first children), `block-end` the bottom margins that adjoin the content's end; a
// flex container's items keep theirs (Chromium trims in block containers only). Numbers in pt,
// y in the flow from the page area's top; each checked against Chromium 156's word positions
// (a word's top is its box's top − 0.3pt in this font).
import { expect } from 'chai';
import { boxOf, layoutOf } from '../../helpers/layout';

const CSS = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } p { margin: 18pt 0 } .t { padding: 6pt 0 }';
const ys = (html: string, ids: readonly string[]): number[] => {
  const { root } = layoutOf(html, CSS);
  return ids.map((id) => boxOf(root, `#${id}`).y);
};

describe('layout: margin-trim (CSS Box 4 §3.3)', () => {
  it('block trims the first child\'s top margin and the last child\'s bottom margin inside the padding', () => {
    const y = ys('<div class="t" style="margin-trim:block"><p id="a">one</p><p id="b">two</p></div><div id="n">next</div>', ['a', 'b', 'n']);
    expect(y[0]).to.be.closeTo(6, 0.01); // not 6 + 18
    expect(y[1]).to.be.closeTo(36, 0.01); // the margins between the children stay
    expect(y[2]).to.be.closeTo(54, 0.01); // 36 + 12 + 6 padding: no 18pt margin before the padding
  });

  it('without padding the trimmed margins do not collapse through the container either', () => {
    const y = ys('<div style="margin-trim:block;margin-top:6pt"><p id="a">one</p><p id="b">two</p></div><div id="n">next</div>', ['a', 'b', 'n']);
    expect(y[0]).to.be.closeTo(6, 0.01); // the container's own 6pt, not the child's 18pt
    expect(y[1]).to.be.closeTo(36, 0.01);
    expect(y[2]).to.be.closeTo(48, 0.01);
  });

  it('block-start alone keeps the last child\'s bottom margin', () => {
    const y = ys('<div class="t" style="margin-trim:block-start"><p id="a">one</p><p>two</p></div><div id="n">next</div>', ['a', 'n']);
    expect(y[0]).to.be.closeTo(6, 0.01);
    expect(y[1]).to.be.closeTo(72, 0.01);
  });

  it('block-end alone keeps the first child\'s top margin, and trims a margin that collapsed from deeper', () => {
    const y = ys('<div class="t" style="margin-trim:block-end"><div><p id="a">one</p></div><div><p>two</p></div></div><div id="n">next</div>', ['a', 'n']);
    expect(y[0]).to.be.closeTo(24, 0.01);
    expect(y[1]).to.be.closeTo(72, 0.01);
  });

  it('trims a first margin that collapses up from a grandchild', () => {
    const y = ys('<div class="t" style="margin-trim:block"><div><p id="a">one</p></div><div><p>two</p></div></div><div id="n">next</div>', ['a', 'n']);
    expect(y[0]).to.be.closeTo(6, 0.01);
    expect(y[1]).to.be.closeTo(54, 0.01);
  });

  it('a column flex container keeps its items\' margins', () => {
    const y = ys('<div class="t" style="margin-trim:block;display:flex;flex-direction:column"><p id="a">one</p><p id="b">two</p></div><div id="n">next</div>', ['a', 'b', 'n']);
    expect(y[0]).to.be.closeTo(24, 0.01);
    expect(y[1]).to.be.closeTo(72, 0.01);
    expect(y[2]).to.be.closeTo(108, 0.01);
  });
});
