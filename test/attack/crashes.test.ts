// Inputs the property test (test/property/engine.test.ts) found that failed a whole render
// with an exception instead of a diagnostic; each is fixed and kept here as a regression test.
// In-process: the document must give a PDF, whatever the input.
import { expect } from 'chai';
import { renderHtmlToPdf } from '../../src/render/renderDocument';
import { parsePdf } from '../helpers/pdf';

async function pdfOf(html: string, css = ''): Promise<string> {
  const { pdf } = await renderHtmlToPdf({ html, css, engine: {} });
  expect(pdf.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
  return (await parsePdf(pdf)).text;
}

describe('attack: inputs that used to throw out of pdfmake now give a PDF', function () {
  this.timeout(30_000);

  it('an empty box taller than the page (height: 2000px with a border or a background)', async () => {
    expect(await pdfOf('<div style="height: 2000px; border: 1px solid"></div><p>after</p>')).to.include('after');
    expect(await pdfOf('<div style="height: 2000px; background: red"></div><p>after</p>')).to.include('after');
  });

  it('<hr> with a 1e9px dotted border', async () => {
    expect(await pdfOf('<p>before</p><hr style="border: 1e9px dotted"><p>after</p>')).to.include('before');
  });

  it('inline SVG whose style="..." quoting is broken (attribute names XML refuses)', async () => {
    expect(await pdfOf('<p>before</p><svg width="10" height="10" style="font-family: "No Such Font", serif"><rect width="5" height="5"/></svg><p>after</p>')).to.include('after');
    expect(await pdfOf('<svg width="10" height="10" a"b="1" 1x="2"><rect width="5" height="5"/></svg><p>after</p>')).to.include('after');
  });
});
