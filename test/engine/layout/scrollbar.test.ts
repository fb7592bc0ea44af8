// CSS Overflow 3 §3 scroll containers in print, as Chromium 156 prints them: an `overflow: auto`
// box whose content is wider than its content box keeps a 15px (11.25pt) horizontal scrollbar
// inside its border box, below its padding box, so the box is that much taller and what follows
// moves down (Chromium: "after" at 84.7pt instead of 73.45pt in the second case). Positions in pt
// from the fragment tree.
import { expect } from 'chai';
import { boxOf, layoutOf } from '../../helpers/layout';

const CSS = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } pre { width: 100pt; background: #eee; padding: 5pt; margin: 0; font: 10pt/12pt monospace }';
/** 25 characters of 6pt: 150pt, wider than the 100pt box, narrower than the page */
const LONG = 'a longer line of code: 25';

describe('layout: the horizontal scrollbar of a scroll container in print (CSS Overflow 3 §3)', () => {
  const cases: { name: string; html: string; height: number; bars: number }[] = [
    { name: 'overflow: auto, content that fits: no scrollbar', html: '<pre id="p" style="overflow: auto">short line</pre>', height: 22, bars: 0 },
    { name: 'overflow: auto, a line wider than the box: 11.25pt taller, a track and a thumb', html: `<pre id="p" style="overflow: auto">${LONG}</pre>`, height: 33.25, bars: 2 },
    { name: 'overflow-x: auto alone does the same', html: `<pre id="p" style="overflow-x: auto">${LONG}</pre>`, height: 33.25, bars: 2 },
    { name: 'overflow: hidden clips without a scrollbar', html: `<pre id="p" style="overflow: hidden">${LONG}</pre>`, height: 22, bars: 0 },
    { name: 'overflow: visible: no scrollbar', html: `<pre id="p">${LONG}</pre>`, height: 22, bars: 0 },
    { name: 'a fixed height keeps its height (the scrollbar takes room inside it)', html: `<pre id="p" style="overflow: auto; height: 30pt">${LONG}</pre>`, height: 40, bars: 2 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root } = layoutOf(c.html, CSS);
      const p = boxOf(root, '#p');
      expect(+p.height.toFixed(2)).to.equal(c.height);
      const bars = p.children.filter((f) => f.kind === 'box' && !f.element && f.children.length === 0);
      expect(bars).to.have.length(c.bars);
      if (c.bars) {
        const [track, thumb] = bars as [typeof p, typeof p];
        // the track: the padding box's width, at its bottom; the thumb after the 11.25pt arrow button, 2.25pt inside
        expect([track.x, +track.y.toFixed(2), track.width, track.height]).to.deep.equal([0, +(p.height - 11.25).toFixed(2), 110, 11.25]);
        expect([+thumb.x.toFixed(2), +(thumb.y - track.y).toFixed(2), +thumb.height.toFixed(2)]).to.deep.equal([13.5, 2.25, 6.75]);
        expect(thumb.width).to.be.greaterThan(20).and.lessThan(110 - 22.5);
      }
    });
  }
});
