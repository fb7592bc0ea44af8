// @page margin boxes (pdfmake header/footer) get the same per-character font fallback as the
// body (CSS Fonts 4 §5.3): the corpus invoice's footer "♥ Thank you!" in Pacifico, which has no
// ♥, draws the heart with a shipped face instead of an empty box. Checked through a real PDF.
import { expect } from 'chai';
import { layoutHtml, type Diagnostic } from '../../src/engine';
import { toPdf } from '../../src/pdf';
import { fixture, pdfFonts, pdfText } from './tools';

const css = `
@font-face { font-family: Pacifico; src: url(pacifico.ttf); }
@page { size: 300pt 200pt; margin: 40pt 20pt;
  @bottom-left { content: '\\2665  Thank you!'; font-family: Pacifico; font-size: 14pt; }
  @bottom-right { content: 'page ' counter(page) ' of ' counter(pages); font-family: Pacifico; }
}
body { font-family: Pacifico; margin: 0; }`;

async function render(extraCss = ''): Promise<{ pdf: Buffer; diagnostics: readonly Diagnostic[]; footer: unknown }> {
  const r = layoutHtml('<p>Invoice</p>', css + extraCss, { resources: (p) => (p === 'pacifico.ttf' ? { bytes: fixture('pacifico.ttf') } : undefined) });
  const footer = (r.docDefinition as { footer?: (p: number, n: number) => unknown }).footer?.(1, 1);
  return { pdf: await toPdf(r.docDefinition, r.fonts), diagnostics: r.diagnostics, footer };
}

describe('pdf: margin boxes fall back per character like the body', function () {
  this.timeout(30000);

  it('a ♥ the margin box font lacks is drawn with a shipped face that has it (Liberation Serif), the rest stays in Pacifico', async () => {
    const { pdf, diagnostics, footer } = await render();
    expect(diagnostics).to.deep.equal([]);
    const runs = JSON.stringify(footer).match(/"text":"[^"]*","font":"[^"]*"/g);
    expect(runs).to.deep.equal(['"text":"♥ ","font":"Liberation Serif"', '"text":"Thank you!","font":"Pacifico#400"', '"text":"page 1 of 1","font":"Pacifico#400"']);
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
    const footer = JSON.stringify((r.docDefinition as { footer?: (p: number, n: number) => unknown }).footer?.(1, 1));
    expect(footer.match(/"text":"[^"]*","font":"[^"]*","fontSize":[\d.]+,"color":"[^"]*"/g)).to.deep.equal([
      '"text":"Thank you!","font":"Pacifico#400","fontSize":12,"color":"#1ee494"',
      '"text":"Page","font":"Pacifico#400","fontSize":12,"color":"#aa99aa"',
    ]);
    const pdf = await toPdf(r.docDefinition, r.fonts);
    expect(pdfFonts(pdf).sort()).to.deep.equal(['LiberationSans', 'Pacifico-Regular']);
  });

  it('left and right boxes share the page area (a long right box stays on one line), in left-right order whatever the rule order', async () => {
    const right = 'contact@courtbouillon.org | courtbouillon.org';
    const r = layoutHtml('<p>Invoice</p>', `@page { size: A4; margin: 3cm; font-size: 9pt;
      @bottom-right { content: '${right}'; } @bottom-left { content: 'Thank you!'; } }`);
    expect(r.diagnostics).to.deep.equal([]);
    const footer = (r.docDefinition as { footer?: (p: number, n: number) => { columns?: { stack: { text: { text: string }[] }[] }[]; margin?: number[] } }).footer!(1, 1);
    expect(footer.margin![0]).to.be.closeTo(85.04, 0.01); // the edge keeps the page margins, not each column
    expect(footer.margin![2]).to.be.closeTo(85.04, 0.01);
    expect(footer.columns!.map((c) => c.stack[0]!.text.map((t) => t.text).join(''))).to.deep.equal(['Thank you!', right]);
    const text = pdfText(await toPdf(r.docDefinition, r.fonts));
    expect(text).to.contain(right); // wrapped, it would read 'contact@courtbouillon.org |\ncourtbouillon.org'
    expect(text).to.contain('Thank you!');
  });

});
