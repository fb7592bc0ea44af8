// @page margin boxes (laid out by the layout stage, layout/paged.ts) get the same per-character font fallback as the
// body (CSS Fonts 4 §5.3): the corpus invoice's footer "♥ Thank you!" in Pacifico, which has no
// ♥, draws the heart with a shipped face instead of an empty box. Checked through a real PDF.
import { expect } from 'chai';
import { layoutHtml, type Diagnostic } from '../../src/engine';
import { toPdf } from '../../src/pdf';
import { placedText } from '../helpers/engine';
import { fixture, pdfFonts, pdfText } from './tools';

/** The text runs of a definition with their font (and more keys), in drawing order. */
const runsOf = (definition: unknown, more = ''): string[] => JSON.stringify(definition).match(new RegExp(`"text":"[^"]*","font":"[^"]*"${more}`, 'g')) ?? [];

const css = `
@font-face { font-family: Pacifico; src: url(pacifico.ttf); }
@page { size: 300pt 200pt; margin: 40pt 20pt;
  @bottom-left { content: '\\2665  Thank you!'; font-family: Pacifico; font-size: 14pt; }
  @bottom-right { content: 'page ' counter(page) ' of ' counter(pages); font-family: Pacifico; }
}
body { font-family: Pacifico; margin: 0; }`;

async function render(extraCss = ''): Promise<{ pdf: Buffer; diagnostics: readonly Diagnostic[]; runs: string[] }> {
  const r = layoutHtml('<p>Invoice</p>', css + extraCss, { resources: (p) => (p === 'pacifico.ttf' ? { bytes: fixture('pacifico.ttf') } : undefined) });
  const runs = runsOf(r.docDefinition.content);
  return { pdf: await toPdf(r.docDefinition, r.fonts), diagnostics: r.diagnostics, runs };
}

describe('pdf: margin boxes fall back per character like the body', function () {
  this.timeout(30000);

  it('a ♥ the margin box font lacks is drawn with a shipped face that has it (Liberation Serif), the rest stays in Pacifico', async () => {
    const { pdf, diagnostics, runs } = await render();
    expect(diagnostics).to.deep.equal([]);
    const margin = runs.filter((r) => !r.includes('Invoice'));
    expect(margin.filter((r) => r.includes('♥'))).to.deep.equal(['"text":"♥","font":"Liberation Serif"']);
    const rest = margin.filter((r) => !r.includes('♥'));
    expect(rest.map((r) => /"text":"([^"]*)"/.exec(r)![1]).join('|')).to.be.oneOf([' Thank you!|page |1| of |1', 'page |1| of |1| Thank you!']);
    expect(rest.filter((r) => !r.endsWith('"font":"Pacifico#400"'))).to.deep.equal([]);
    expect(pdfFonts(pdf).sort()).to.deep.equal(['LiberationSerif', 'Pacifico-Regular']);
    const text = pdfText(pdf);
    expect(text).to.contain('♥');
    expect(text).to.contain('Thank you!');
    expect(text).to.contain('page 1 of 1');
  });

  it('margin boxes inherit font-family and color from the @page context (the corpus invoice footer)', async () => {
    const r = layoutHtml('<p>Invoice</p>', `@font-face { font-family: Pacifico; src: url(pacifico.ttf); }
      @page { font-family: Pacifico; color: #1ee494; margin: 40pt 20pt; @bottom-left { content: 'Thank you!'; } @bottom-right { content: 'Page'; color: #aa99aa; } }
      html { font-family: sans-serif; }`, { resources: (p) => (p === 'pacifico.ttf' ? { bytes: fixture('pacifico.ttf') } : undefined) });
    expect(r.diagnostics).to.deep.equal([]);
    expect(runsOf(r.docDefinition.content, ',"bold":false,"italics":false,"fontSize":[\\d.]+,"color":"[^"]*"').filter((t) => !t.includes('Invoice')).sort()).to.deep.equal([
      '"text":"Page","font":"Pacifico#400","bold":false,"italics":false,"fontSize":12,"color":"#aa99aa"',
      '"text":"Thank you!","font":"Pacifico#400","bold":false,"italics":false,"fontSize":12,"color":"#1ee494"',
    ]);
    const pdf = await toPdf(r.docDefinition, r.fonts);
    expect(pdfFonts(pdf).sort()).to.deep.equal(['LiberationSans', 'Pacifico-Regular']);
  });

  it('left and right boxes share the page area (a long right box stays on one line), in left-right order whatever the rule order', async () => {
    const right = 'contact@courtbouillon.org | courtbouillon.org';
    const r = layoutHtml('<p>Invoice</p>', `@page { size: A4; margin: 3cm; font-size: 9pt;
      @bottom-right { content: '${right}'; } @bottom-left { content: 'Thank you!'; } }`);
    expect(r.diagnostics).to.deep.equal([]);
    const pdf = await toPdf(r.docDefinition, r.fonts);
    const placed = (await placedText(pdf)).filter((t) => t.str !== 'Invoice').sort((a, b) => a.x - b.x);
    // CSS Paged Media 3 §6.3.2: the boxes share the bottom edge between the page margins, the left one first
    expect(placed.map((t) => t.str)).to.deep.equal(['Thank you!', right]);
    expect(placed[0]!.x).to.be.closeTo(85.04, 0.01);
    expect(placed[1]!.x + placed[1]!.width).to.be.closeTo(595.28 - 85.04, 0.5);
    expect(placed[1]!.y).to.equal(placed[0]!.y);
    const text = pdfText(pdf);
    expect(text).to.contain(right); // wrapped, it would read 'contact@courtbouillon.org |\ncourtbouillon.org'
    expect(text).to.contain('Thank you!');
  });

});
