// The pdf layer's library patches (src/pdf/patches.ts): every patched target exists in the
// installed libraries, the versions they were written against are the ones package.json pins
// (dependencies and overrides) and the ones installed, and a missing target refuses the start
// with one line naming the library, its version and the target.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { layoutHtml } from '../../src/engine';
import { toPdf } from '../../src/pdf';
import { PATCHES, checkPatchTargets, missingPatchTargets, type PatchedObjects } from '../../src/pdf/patches';
import { measureText } from '../../src/render/measure';
import { indexedPng } from '../engine/resources/images-data';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>; overrides: Record<string, unknown>;
};
const installed = (name: string) => (JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** Objects with every patched target, as stubs. */
function complete(): { [K in keyof PatchedObjects]: Record<string, unknown> } {
  const f = () => undefined;
  return {
    fontkit: { create: f },
    pdfkitDocument: { font: f, registerFont: f, _addInfo: f, appendXML: f, file: f, initOutline: f, _convertRect: f },
    embeddedFont: { font: {}, subset: { includeGlyph: f }, widths: [], unicode: [] },
    png: { decodePixels: f },
    pdfmake: { PDFDocument: { provideFont: f, provideImage: f }, Renderer: { renderVector: f, renderImage: f, renderSVG: f } },
    pdfReference: { write: f, finalize: f },
  };
}
const VERSIONS = { pdfmake: '0.3.11', pdfkit: '0.19.1', fontkit: '2.0.4', 'png-js': '1.1.0' };

describe('pdf: library patches', () => {
  it('every patched target exists in the installed pdfmake, pdfkit, fontkit and png-js', () => {
    expect(missingPatchTargets()).to.deep.equal([]);
    expect(() => checkPatchTargets()).to.not.throw();
  });

  it('each patched library is pinned to the version its patches were written against, in dependencies and overrides, and installed at it', () => {
    const libraries = [...new Set(PATCHES.map((p) => p.library)), 'pdfmake' as const];
    for (const lib of libraries) {
      const versions = new Set(PATCHES.filter((p) => p.library === lib).map((p) => p.version));
      const pinned = pkg.dependencies[lib];
      expect(pinned, `${lib} in dependencies`).to.match(/^\d+\.\d+\.\d+$/);
      expect(pkg.overrides[lib], `${lib} in overrides`).to.equal(pinned);
      expect(installed(lib), `${lib} installed`).to.equal(pinned);
      if (versions.size) expect([...versions], `${lib} patches`).to.deep.equal([pinned]);
    }
  });

  it('stubs with every target pass (the refusal below comes from the missing member alone)', () => {
    expect(missingPatchTargets(complete(), VERSIONS)).to.deep.equal([]);
  });

  const cases: { name: string; remove: [keyof PatchedObjects, string]; line: string }[] = [
    { name: 'pdfkit without EmbeddedFont.widths', remove: ['embeddedFont', 'widths'], line: 'pdfkit 0.19.1 has no EmbeddedFont: font, subset.includeGlyph, widths, unicode (Platen\'s patch was written against pdfkit 0.19.1)' },
    { name: 'pdfmake without Renderer', remove: ['pdfmake', 'Renderer'], line: 'pdfmake 0.3.11 has no PDFDocument: provideFont, provideImage; Renderer: renderVector, renderImage, renderSVG (Platen\'s patch was written against pdfmake 0.3.11)' },
    { name: 'png-js without decodePixels', remove: ['png', 'decodePixels'], line: 'png-js 1.1.0 has no PNG.prototype.decodePixels (Platen\'s patch was written against png-js 1.1.0)' },
    { name: 'pdfkit without _addInfo', remove: ['pdfkitDocument', '_addInfo'], line: 'pdfkit 0.19.1 has no PDFDocument.prototype._addInfo (Platen\'s patch was written against pdfkit 0.19.1)' },
  ];
  for (const c of cases) {
    it(`refuses to start on ${c.name}, naming library, version and target in one line`, () => {
      const objects = complete();
      delete objects[c.remove[0]][c.remove[1]];
      expect(missingPatchTargets(objects, VERSIONS)).to.deep.equal([c.line]);
      expect(() => checkPatchTargets(objects)).to.throw(/^cannot start: .*has no /);
      try { checkPatchTargets(objects); } catch (err) { expect((err as Error).message).to.not.contain('\n'); }
    });
  }
});

describe('pdf: an indexed PNG keeps the alpha of its palette (png-js patch)', () => {
  it('palette entries past the end of tRNS are opaque, index 255 too (PNG 1.2 §11.3.2.1), read back from the PDF\'s image', async () => {
    // 256 dark entries; tRNS gives the first 255 an alpha of 0 (the corpus book's logo has this shape)
    const palette = Array.from({ length: 256 }, (): [number, number, number] => [41, 55, 59]);
    const alpha = Array.from({ length: 255 }, () => 0);
    const src = `data:image/png;base64,${Buffer.from(indexedPng([0, 255, 254, 255], palette, alpha)).toString('base64')}`;
    const r = layoutHtml(`<img src="${src}" style="width: 40pt">`, 'body { margin: 0 }', { measureText });
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(await toPdf(r.docDefinition, r.fonts)), verbosity: 0 }).promise;
    try {
      const page = await doc.getPage(1);
      const ops = await page.getOperatorList();
      const at = ops.fnArray.indexOf(pdfjs.OPS.paintImageXObject);
      expect(at).to.be.greaterThan(-1);
      const name = (ops.argsArray[at] as [string])[0];
      const img = await new Promise<{ width: number; data: Uint8ClampedArray }>((resolve) => page.objs.get(name, resolve));
      const alphas = Array.from({ length: img.width }, (_, i) => img.data[i * 4 + 3]);
      expect(alphas).to.deep.equal([0, 255, 0, 255]);
    } finally {
      await doc.destroy();
    }
  });
});
