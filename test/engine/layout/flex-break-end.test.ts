// CSS Fragmentation 3 §4.1 class C breaks in flex and grid containers, as Chromium 156 breaks them: there is
// no break between a container's content edge and the last content that touches it, so when the
// last content fits on a page but the container's block-end padding and border do not, that
// content goes to the next page with them (a column item's last line; a row container's last flex
// line, and with it the whole container when the line is its first; a grid container's rows when
// they are all on that page, and the container with them: the rows of a grid begun on an earlier
// page stay, and its end padding goes on alone). A gap between the last
// content and the content edge is a break opportunity: then nothing moves. Every position below
// was read from Chromium 156's PDF of the same HTML (`pdftotext -bbox`): 400px pages, 15pt lines.
import { expect } from 'chai';
import { boxOf, layoutOf, linesOf, pageAt, textOf } from '../../helpers/layout';

const CSS = '@page { size: 400px 400px; margin: 0 } body { margin: 0; font: 16px/20px sans-serif } .box { border: 3px solid; padding: 0 0 12px 0 }';
/** the second page's top in the flow, in pt */
const PAGE2 = 300;

function lineOf(html: string, css: string, text: string) {
  const { root, pages } = layoutOf(html, css);
  const line = linesOf(root).find((l) => textOf(l) === text);
  if (!line) throw new Error(`no line ${text}`);
  return { line, page: pageAt(pages, line.y), root };
}

describe('layout: a flex or grid container\'s block-end padding and border take its last content to the next page (CSS Fragmentation 3 §4.1, as Chromium 156)', () => {
  it('an auto-height column: the last item\'s line goes to page 2 when the 15px below it would cross the page end', () => {
    // Chromium 156: LINEA at 265.14pt on page 1, LINEB at 0.39pt on page 2 (its line at the page's top)
    const html = '<div style="height: 350px"></div><div class="box" style="display: flex; flex-direction: column"><div>LINEA</div><div>LINEB</div></div>';
    expect(lineOf(html, CSS, 'LINEA').page).to.equal(0);
    const b = lineOf(html, CSS, 'LINEB');
    expect(b.page).to.equal(1);
    expect(b.line.y).to.be.closeTo(PAGE2, 0.01);
  });

  it('the last item\'s bottom margin goes with it: a 4px margin makes the line cross', () => {
    // Chromium 156: PA2 at 0.39pt on page 2, the block after the container at 29.64pt (4 + 12 + 3px below PA2's line)
    const html = '<div style="height: 340px"></div><div class="box" style="display: flex; flex-direction: column"><div>PA1</div><div style="margin-bottom: 4px">PA2</div></div><div id="after">PA3</div>';
    const a2 = lineOf(html, CSS, 'PA2');
    expect(a2.line.y).to.be.closeTo(PAGE2, 0.01);
    expect(boxOf(a2.root, '#after').y).to.be.closeTo(PAGE2 + 15 + 19 * 0.75, 0.01);
  });

  it('a definite height with the last item at the content edge (justify-content: space-between): its last line goes to page 2', () => {
    // Chromium 156: LINEB at 265.14pt on page 1, LINEC at 0.39pt on page 2
    const html = '<div style="height: 90px"></div><div class="box" style="display: flex; flex-direction: column; justify-content: space-between; height: 300px">'
      + '<div>LINEA</div><div><div>LINEB</div><div>LINEC</div></div></div>';
    expect(lineOf(html, CSS, 'LINEB').page).to.equal(0);
    expect(lineOf(html, CSS, 'LINEC').line.y).to.be.closeTo(PAGE2, 0.01);
  });

  it('a definite height with 3px between the last line and the content edge: nothing moves', () => {
    // Chromium 156: LINEC at 280.14pt on page 1 (the break falls in the gap)
    const html = '<div style="height: 330px"></div><div class="box" style="display: flex; flex-direction: column; height: 63px"><div>LINEA</div><div><div>LINEB</div><div>LINEC</div></div></div>';
    const c = lineOf(html, CSS, 'LINEC');
    expect(c.page).to.equal(0);
    expect(c.line.y).to.be.closeTo(279.75, 0.01);
  });

  it('a row container whose only flex line fits but not its end border: the whole container starts page 2', () => {
    // Chromium 156: PD1 and PD3 at 2.64pt on page 2 (below the container's 3px top border), PD2 at 17.64pt
    const html = '<div style="height: 350px"></div><div id="f" class="box" style="display: flex; align-items: flex-start"><div>PD1<br>PD2</div><div>PD3</div></div>';
    const d1 = lineOf(html, CSS, 'PD1');
    expect(boxOf(d1.root, '#f').y).to.be.closeTo(PAGE2, 0.01);
    expect(d1.line.y).to.be.closeTo(PAGE2 + 2.25, 0.01);
    expect(lineOf(html, CSS, 'PD3').line.y).to.be.closeTo(PAGE2 + 2.25, 0.01);
  });

  it('a wrapping row container: its last flex line goes to page 2, the first stays', () => {
    // Chromium 156: PG1 at 265.14pt on page 1, PG2 at 0.39pt on page 2, the next block at 26.64pt
    const html = '<div style="height: 350px"></div><div class="box" style="display: flex; flex-wrap: wrap; width: 100px"><div style="width: 100px">PG1</div><div style="width: 100px">PG2</div></div>';
    expect(lineOf(html, CSS, 'PG1').page).to.equal(0);
    expect(lineOf(html, CSS, 'PG2').line.y).to.be.closeTo(PAGE2, 0.01);
  });

  it('a grid container whose last row fits but not its end border: its rows and the container start page 2', () => {
    // Chromium 156: PH1 at 2.64pt and PH2 at 17.64pt on page 2; with 20px more room (PI) nothing moves
    const grid = (before: number, a: string, b: string) => `<div style="height: ${before}px"></div><div id="g" class="box" style="display: grid"><div>${a}</div><div>${b}</div></div>`;
    const h = lineOf(grid(350, 'PH1', 'PH2'), CSS, 'PH1');
    expect(boxOf(h.root, '#g').y).to.be.closeTo(PAGE2, 0.01);
    expect(h.line.y).to.be.closeTo(PAGE2 + 2.25, 0.01);
    expect(lineOf(grid(350, 'PH1', 'PH2'), CSS, 'PH2').line.y).to.be.closeTo(PAGE2 + 17.25, 0.01);
    expect(lineOf(grid(330, 'PI1', 'PI2'), CSS, 'PI2').page).to.equal(0);
  });

  it('a grid begun on page 1 whose last row ends at page 2\'s end: its rows stay, the end padding goes to page 3', () => {
    // Chromium 156: QB1 at 150.39pt on page 2 (below QA's 25 lines from page 1), QB10 at 285.39pt, the next block at 9.39pt on page 3
    const lines = (p: string, n: number) => Array.from({ length: n }, (_, i) => `<div>${p}${i + 1}</div>`).join('');
    const html = `<div style="height: 100px"></div><div style="display: grid; grid-template-columns: 50px 1fr; padding-bottom: 12px"><div>QT1</div><div>${lines('QA', 25)}</div><div>QT2</div><div>${lines('QB', 10)}</div></div><div>QAFTER</div>`;
    expect(lineOf(html, CSS, 'QB1').line.y).to.be.closeTo(PAGE2 + 150, 0.01);
    expect(lineOf(html, CSS, 'QB10').line.y).to.be.closeTo(PAGE2 + 285, 0.01);
    expect(lineOf(html, CSS, 'QAFTER').line.y).to.be.closeTo(2 * PAGE2 + 9, 0.01);
  });

  it('a grid that is the last content of a block with end padding and border: its four rows start page 2', () => {
    // Chromium 156: QR1 at 0.39pt on page 2, QR4 at 45.39pt, the next block at 71.64pt
    const rows = Array.from({ length: 4 }, (_, i) => `<div>QR${i + 1}</div><div>X</div>`).join('');
    const html = `<div style="height: 315px"></div><div style="padding-bottom: 12px; border-bottom: 3px solid"><div style="display: grid; grid-template-columns: 50px 1fr">${rows}</div></div><div>QNEXT</div>`;
    expect(lineOf(html, CSS, 'QR1').line.y).to.be.closeTo(PAGE2, 0.01);
    expect(lineOf(html, CSS, 'QR4').line.y).to.be.closeTo(PAGE2 + 45, 0.01);
    expect(lineOf(html, CSS, 'QNEXT').line.y).to.be.closeTo(PAGE2 + 71.25, 0.01);
  });
});
