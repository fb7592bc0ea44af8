// SVG images (an <img> of an SVG file) in CSS Color 4 syntax: svg-to-pdfkit's own parser reads
// only named colours (lower case), #rgb, #rrggbb and comma-separated integer rgb()/rgba();
// anything else it drew black. (Inline <svg> is styled by the cascade: its colours are resolved already.)
// Chromium 156 paints these rects green, translucent red, blue and orange (pixels checked:
// (0,128,0), (255,119,119) on white, (0,0,255), (255,165,0)); the PDF's fill colours say the same.
import { expect } from 'chai';
import { pdfOfHtml } from '../helpers/engine';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">' +
  '<rect width="50" height="100" fill="hsl(120,100%,25%)"/>' +
  '<rect x="50" width="50" height="100" fill="#f008"/>' +
  '<rect x="100" width="50" height="100" style="fill: rgb(0 0 255)"/>' +
  '<rect x="150" width="50" height="100" fill="Orange"/></svg>';

/** the fill colours the PDF sets, as #rrggbb, in order */
async function fills(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const d = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const ops = await (await d.getPage(1)).getOperatorList();
  const out: string[] = [];
  ops.fnArray.forEach((f, i) => { if (f === pdfjs.OPS.setFillRGBColor) out.push(String(ops.argsArray[i]![0])); });
  await d.destroy();
  return out;
}

describe('pdf: SVG colours in CSS Color 4 syntax', function () {
  this.timeout(30000);

  it('hsl(), #rgba, space-separated rgb() and a capitalised name paint their colours, not black', async () => {
    const img = `<img src="data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}">`;
    const pdf = await pdfOfHtml(`<!DOCTYPE html><body>${img}</body>`, '@page { size: 200pt 100pt; margin: 0 } body { margin: 0 } img { display: block }');
    const f = await fills(pdf);
    expect(f).to.include.members(['#008000', '#ff0000', '#0000ff', '#ffa500']);
    expect(f).not.to.include('#000000');
  });
});
