// Images identified from their headers before decoding; bombs and undrawable formats refused.
import { expect } from 'chai';
import { DiagnosticList } from '../../../src/engine/diagnostics';
import { checkPngData, prepareImage, probeImage } from '../../../src/engine/resources';
import { gif, jpegHeader, png, pngZlibBomb, webpLossless } from './images-data';

const svgBytes = (s: string) => new TextEncoder().encode(s);

describe('resources: probeImage reads sizes from headers', () => {
  it('PNG IHDR, JPEG SOF0/SOF2, GIF, WebP', () => {
    expect(probeImage(png(3, 2))).to.deep.equal({ type: 'png', width: 3, height: 2 });
    expect(probeImage(jpegHeader(640, 480))).to.deep.equal({ type: 'jpeg', width: 640, height: 480 });
    expect(probeImage(jpegHeader(1200, 800, 0xc2))).to.deep.equal({ type: 'jpeg', width: 1200, height: 800 });
    expect(probeImage(gif(16, 9))).to.deep.equal({ type: 'gif', width: 16, height: 9 });
    expect(probeImage(webpLossless(100, 50))).to.deep.equal({ type: 'webp', width: 100, height: 50 });
  });

  it('SVG: width/height in absolute units, a viewBox alone (its ratio, no natural size), or 300×150', () => {
    expect(probeImage(svgBytes('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"/>'))).to.deep.equal({ type: 'svg', width: 120, height: 60 });
    expect(probeImage(svgBytes('\uFEFF<?xml version="1.0"?>\n<!-- logo --><!DOCTYPE svg><svg viewBox="0 0 40 10"></svg>'))).to.deep.equal({ type: 'svg', width: 40, height: 10, ratioOnly: true }); // no natural size: the viewBox's ratio
    expect(probeImage(svgBytes("<svg width='1in' viewBox='0 0 2 1'/>"))).to.deep.equal({ type: 'svg', width: 96, height: 48 });
    expect(probeImage(svgBytes('<svg></svg>'))).to.deep.equal({ type: 'svg', width: 300, height: 150 });
  });

  it('anything else, or a damaged header, is undefined', () => {
    expect(probeImage(svgBytes('<html><svg/></html>'))).to.equal(undefined);
    expect(probeImage(svgBytes('GIF'))).to.equal(undefined);
    expect(probeImage(png(1, 1).slice(0, 20))).to.equal(undefined);
    expect(probeImage(png(0, 0, [0, 0, 0], { width: 0, height: 5 }))).to.equal(undefined);
    const badDepth = png(1, 1); badDepth[24] = 3; // 3-bit RGB does not exist
    expect(probeImage(badDepth)).to.equal(undefined);
    expect(probeImage(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]))).to.equal(undefined);
  });
});

describe('resources: prepareImage', () => {
  const ctx = (maxImagePixels = 40_000_000) => ({ diagnostics: new DiagnosticList(), maxImagePixels, label: 'logo.png' });

  it('a PNG becomes a data: URL of the sniffed type, whatever type it was declared as', () => {
    const c = ctx();
    const img = prepareImage({ bytes: png(4, 3), contentType: 'image/gif' }, c);
    expect(img).to.deep.include({ kind: 'raster', width: 4, height: 3 });
    expect(img && img.kind === 'raster' && img.dataUrl.startsWith('data:image/png;base64,iVBOR')).to.equal(true);
    expect(c.diagnostics.items).to.deep.equal([]);
  });

  it('a crafted PNG claiming 100000×100000 pixels is refused from its header (no decoding)', () => {
    const c = ctx();
    const bomb = png(1, 1, [0, 0, 0], { width: 100000, height: 100000 });
    expect(bomb.length).to.be.lessThan(100);
    expect(prepareImage({ bytes: bomb }, c)).to.equal(undefined);
    expect(c.diagnostics.items.map((d) => d.code)).to.deep.equal(['resource-invalid']);
    expect(c.diagnostics.items[0]!.message).to.contain('100000×100000');
  });

  it('a PNG with an honest 100×100 header whose data inflates to 64 MB is refused, inflating at most what the header allows', () => {
    const c = ctx();
    const bomb = pngZlibBomb(100, 100, 64 * 1024 * 1024);
    expect(bomb.length).to.be.lessThan(200_000);
    expect(prepareImage({ bytes: bomb }, c)).to.equal(undefined);
    expect(c.diagnostics.items[0]!.message).to.contain('inflates past');
    expect(checkPngData(png(5, 5))).to.equal(undefined);
    expect(checkPngData(png(5, 5).slice(0, 60))).to.be.a('string');
  });

  it('GIF and WebP are unsupported-value; bytes that are no image are resource-invalid', () => {
    const c = ctx();
    expect(prepareImage({ bytes: gif(2, 2) }, c)).to.equal(undefined);
    expect(prepareImage({ bytes: webpLossless(2, 2) }, c)).to.equal(undefined);
    expect(prepareImage({ bytes: svgBytes('just text') }, c)).to.equal(undefined);
    expect(c.diagnostics.items.map((d) => d.code)).to.deep.equal(['unsupported-value', 'unsupported-value', 'resource-invalid']);
  });

  it('an SVG image comes back sanitized with its intrinsic size', () => {
    const c = ctx();
    const img = prepareImage({ bytes: svgBytes('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"><script>alert(1)</script><rect width="10" height="20"/></svg>') }, c);
    expect(img).to.deep.include({ kind: 'svg', width: 10, height: 20 });
    expect(img && img.kind === 'svg' && img.svg).to.equal('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"><rect width="10" height="20"/></svg>');
    expect(c.diagnostics.items.map((d) => d.code)).to.deep.equal(['html-unsupported']);
  });
});
