// CSS Fragmentation 3 §4.1 in table rows, as Chromium 156 breaks them: a row crossing a page end
// moves to the next page whole when its cells' first in-flow content would start there; floats
// are not in-flow content, so a cell holding only a float does not move its row: the row breaks
// inside and the float goes to the next page's top by itself (the cell's vertical-align offset
// stays on the page before). Positions checked against Chromium 156's PDF (`pdftotext -bbox`).
import { expect } from 'chai';
import { boxOf, layoutOf, linesOf, pageAt, textOf } from '../../helpers/layout';

const CSS = '@page { size: 300pt 200pt; margin: 10pt } body { margin: 0; font: 10pt/15pt sans-serif } table { border-spacing: 0 } td { padding: 0 }';
const table = (content: string) => `<!doctype html><table><tr><td style="height: 170pt">X1</td></tr><tr id="r"><td style="height: 60pt">${content}</td></tr><tr><td>X3</td></tr></table>`;

describe('layout: a table row whose cell holds only a float breaks inside (CSS Fragmentation 3 §4.1, as Chromium 156)', () => {
  it('the row starts on page 1; the float\'s first line is at page 2\'s top, not 15pt (the middle alignment) below it', () => {
    // Chromium 156: FA1 at 11.20pt on page 2 (the page area's top at 9.75pt)
    const { root, pages } = layoutOf(table('<div style="float: left">FA1<br>FA2</div>'), CSS);
    expect(pageAt(pages, boxOf(root, '#r').y)).to.equal(0);
    const fa1 = linesOf(root).find((l) => textOf(l) === 'FA1')!;
    expect(pageAt(pages, fa1.y)).to.equal(1);
    expect(fa1.y).to.be.closeTo(pages[1]!.flowTop, 0.01);
  });

  it('the same cell with its content in flow: the row moves to page 2 whole, its content 15pt below the page\'s top', () => {
    // Chromium 156: FA1 at 26.20pt on page 2
    const { root, pages } = layoutOf(table('<div>FA1<br>FA2</div>'), CSS);
    expect(pageAt(pages, boxOf(root, '#r').y)).to.equal(1);
    const fa1 = linesOf(root).find((l) => textOf(l) === 'FA1')!;
    expect(fa1.y).to.be.closeTo(pages[1]!.flowTop + 15, 0.01);
  });
});
