// SVG images (an <img> of an SVG file) name the family of their <text> as CSS does, and Chromium
// resolves the name through the same fontconfig aliases as the document's text: Arial and
// Helvetica print in Liberation Sans, the generic monospace in Noto Sans Mono, a family it does
// not have in its default, Liberation Serif (an image does not see the page's fonts: the body's
// DejaVu Sans does not reach it). The word widths below are Chromium 156's (pdftotext -bbox on
// its print of the same page; pdffonts: LiberationSans-Bold, LiberationSans, NotoSansMono-Regular,
// LiberationSerif).
import { expect } from 'chai';
import { pdfOfHtml } from '../helpers/engine';
import { boxWordsOf } from '../helpers/pdf';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120">'
  + '<text x="5" y="20" font-family="Arial" font-weight="bold" font-size="16">Arial bold words</text>'
  + '<text x="5" y="45" font-family="Helvetica, sans-serif" font-size="16">Helvetica words</text>'
  + '<text x="5" y="70" style="font: 12px monospace">ATK-0001</text>'
  + '<text x="5" y="95" font-family="Montserrat" font-size="16">Unknown family words</text></svg>';

describe('pdf: the font families of SVG text', function () {
  this.timeout(30000);

  it('Arial, Helvetica, monospace and an unknown family print in the faces Chromium picks', async () => {
    const img = `<img src="data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}">`;
    const pdf = await pdfOfHtml(`<!DOCTYPE html><body>${img}</body>`, '@page { size: A4; margin: 0 } body { margin: 0; font-family: "DejaVu Sans" }');
    const words = boxWordsOf(pdf);
    const width = (text: string) => { const w = words.find((v) => v.text === text); return w && w.right - w.left; };
    // Chromium: Arial 3.8–30.4, Helvetica 3.8–53.1, ATK-0001 3.8–47.0, Unknown 3.8–51.1
    expect(width('Arial'), 'Arial bold').to.be.closeTo(26.6, 0.3);
    expect(width('Helvetica'), 'Helvetica').to.be.closeTo(49.3, 0.3);
    expect(width('ATK-0001'), 'monospace').to.be.closeTo(43.2, 0.3);
    expect(width('Unknown'), 'unknown family').to.be.closeTo(47.3, 0.3);
  });
});
