// HTML §4.11.1 / §15.3.8 the details and summary elements as Chromium 156 prints them: a closed
// details element shows its summary alone, the summary is a list item whose marker is a
// disclosure triangle (a shape, no text) in a 0.66em square on the baseline, the text 0.4em after
// it. Every number below was read from Chromium 156's PDF of the same HTML (the content stream's
// triangle path and `pdftotext -bbox`), 16px sans-serif on 20px lines.
import { expect } from 'chai';
import type { Fragment, ImageFragment, LineFragment, TextFragment } from '../../../src/engine/layout/fragments';
import { boxesOf, boxOf, layoutOf, linesOf, textOf } from '../../helpers/layout';

const CSS = '@page { size: 300pt 400pt; margin: 0 } body { margin: 0; font: 12pt/15pt sans-serif } p { margin: 0 }';
/** 0.66 × 16px in 1/64 px (10.546875px), in pt */
const SIDE = 7.91015625;
/** the summary's text: the square and 0.4em (6.390625px) after the line's start, in pt */
const TEXT_X = 12.703125;

function imagesIn(f: Fragment, out: ImageFragment[] = []): ImageFragment[] {
  if (f.kind === 'image') out.push(f);
  if (f.kind === 'box' || f.kind === 'line') for (const c of f.children) imagesIn(c, out);
  return out;
}

const firstText = (line: LineFragment): TextFragment => line.children.find((c): c is TextFragment => c.kind === 'text')!;

describe('layout: details and summary (HTML §15.3.8, as Chromium 156 prints them)', () => {
  it('a closed details shows only its summary: the next block starts one line (15pt) below it', () => {
    const { root } = layoutOf('<details id="d"><summary>Closed</summary><p id="hidden">Hidden</p>Text</details><p id="after">After</p>', CSS);
    expect(textOf(boxOf(root, '#d'))).to.equal('Closed');
    expect(boxesOf(root, '#hidden')).to.have.length(0);
    expect(boxOf(root, '#after').y).to.be.closeTo(15, 0.01);
  });

  it('the closed summary\'s marker is a right-pointing triangle in a 7.91pt square on the baseline; its text starts at 12.70pt', () => {
    // Chromium 156: the path (0, 24.453125) (9.0703125, 29.726563) (0, 35) px on a line whose baseline is at 35px
    const { root } = layoutOf('<details><summary id="s">Closed</summary></details>', CSS);
    const line = linesOf(boxOf(root, '#s'))[0]!;
    const [marker] = imagesIn(boxOf(root, '#s'));
    expect(marker!.x).to.be.closeTo(0, 0.001);
    expect(marker!.width).to.be.closeTo(SIDE, 0.001);
    expect(marker!.y).to.be.closeTo(line.baseline - SIDE, 0.001);
    expect(marker!.image.kind === 'svg' && marker!.image.markup).to.contain('0,0 0.86,0.5 0,1');
    expect(firstText(line).x).to.be.closeTo(TEXT_X, 0.001);
  });

  it('an open details shows its content, its summary\'s marker the downward triangle', () => {
    // Chromium 156: the path (0, 45.19) (5.27, 54.26) (10.55, 45.19) px, the content on the next lines
    const { root } = layoutOf('<details open><summary id="s">Open</summary><p>Shown</p>Text</details>', CSS);
    const [marker] = imagesIn(boxOf(root, '#s'));
    expect(marker!.image.kind === 'svg' && marker!.image.markup).to.contain('0,0.07 0.5,0.93 1,0.07');
    expect(linesOf(root).map(textOf)).to.deep.equal(['Open', 'Shown', 'Text']);
  });

  it('the square is 0.66em and the gap 0.4em, each in whole 1/64 px, at any font size', () => {
    // Chromium 156 at 40px: the square 26.390625px, the text at 42.390625px
    const { root } = layoutOf('<details><summary id="s" style="font-size: 40px; line-height: 80px">Big</summary></details>', CSS);
    const [marker] = imagesIn(boxOf(root, '#s'));
    expect(marker!.width).to.be.closeTo(26.390625 * 0.75, 0.001);
    expect(firstText(linesOf(boxOf(root, '#s'))[0]!).x).to.be.closeTo(42.390625 * 0.75, 0.001);
  });

  it('without a summary, a closed details shows a generated "Details" summary with the marker, an open one its content after it', () => {
    const { root } = layoutOf('<details id="c"><p>Hidden</p></details><details id="o" open><p>Shown</p></details>', CSS);
    expect(textOf(boxOf(root, '#c'))).to.equal('Details');
    expect(imagesIn(boxOf(root, '#c'))).to.have.length(1);
    expect(textOf(boxOf(root, '#o'))).to.equal('Details\nShown');
    expect(firstText(linesOf(boxOf(root, '#c'))[0]!).x).to.be.closeTo(TEXT_X, 0.001);
  });

  it('the first summary child is the summary wherever it stands; a second one is content', () => {
    const { root } = layoutOf('<details id="d"><div>First</div><summary>Sum1</summary><summary>Sum2</summary></details>', CSS);
    expect(textOf(boxOf(root, '#d'))).to.equal('Sum1');
  });

  it('`list-style: none` or `display: block` on the summary removes the marker; `::marker { display: none }` does not', () => {
    const { root } = layoutOf(
      '<details id="a"><summary style="list-style: none">A</summary></details><details id="b"><summary style="display: block">B</summary></details>'
      + '<details id="c" class="m"><summary>C</summary></details>',
      `${CSS} .m summary::marker { display: none }`,
    );
    expect(imagesIn(boxOf(root, '#a'))).to.have.length(0);
    expect(imagesIn(boxOf(root, '#b'))).to.have.length(0);
    expect(imagesIn(boxOf(root, '#c'))).to.have.length(1);
    expect(firstText(linesOf(boxOf(root, '#a'))[0]!).x).to.be.closeTo(0, 0.001);
  });
});
