// pdf/ as the second wall: even SVG that skipped the engine's sanitizer cannot make pdfkit read
// a file, and SVG text always has a font.
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FontMatcher } from '../../src/engine/fonts';
import type { DocDefinition } from '../../src/engine';
import { toPdf } from '../../src/pdf';
import { png, pngZlibBomb } from '../engine/resources/images-data';
import { placed } from '../helpers/placed';
import { inkShare, pdfText } from './tools';

describe('pdf: second wall for SVG', function () {
  this.timeout(20000);
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'platen-wall-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const fonts = () => { const m = new FontMatcher(); m.match({ families: ['sans-serif'], weight: 400, style: 'normal' }); return m.table(); };
  const doc = (svg: string, extra: Partial<DocDefinition> = {}): DocDefinition => placed([{ svg, width: 200, height: 200, absolutePosition: { x: 0, y: 0 } }], { width: 200, height: 200 }, { defaultStyle: { font: 'Liberation Sans' }, ...extra });

  it('an <image href> to a PNG on disk draws nothing; the same PNG as a data: URI draws', async () => {
    const red = png(8, 8, [200, 0, 0]);
    const file = join(dir, 'red.png');
    writeFileSync(file, red);
    const svgOf = (href: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><image href="${href}" x="0" y="0" width="200" height="200"/></svg>`;
    const fromDisk = await toPdf(doc(svgOf(file)), fonts());
    const fromData = await toPdf(doc(svgOf(`data:image/png;base64,${Buffer.from(red).toString('base64')}`)), fonts());
    expect(inkShare(fromData)).to.be.greaterThan(0.9);
    expect(inkShare(fromDisk)).to.equal(0);
    expect(fromDisk.toString('latin1')).to.not.contain('/Subtype /Image\n/Width 8');
  });

  it('a function in a definition (a header, a footer) is never run: the engine makes none, and its output would pass no wall', async () => {
    let calls = 0;
    const header = () => { calls++; return { text: 'from a function' }; };
    const pdf = await toPdf(doc('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>', { pageMargins: [0, 100, 0, 0], header }), fonts());
    expect(calls).to.equal(0);
    expect(pdfText(pdf)).to.not.contain('from a function');
  });

  it('SVG text naming an unknown family renders with the document font instead of failing', async () => {
    const pdf = await toPdf(doc('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><text x="10" y="50" font-family="Nonexistent Sans" font-size="20">svg words</text></svg>'), fonts());
    expect(pdfText(pdf)).to.contain('svg words');
  });
});

describe('pdf: SVG nodes are sanitized again before pdfmake sees them', function () {
  this.timeout(20000);
  const fonts = () => { const m = new FontMatcher(); m.match({ families: ['sans-serif'], weight: 400, style: 'normal' }); return m.table(); };

  it('a nested-<use> bomb in an svg node renders as an empty box of the same size, quickly', async () => {
    let defs = '<g id="l0"><rect width="1" height="1"/></g>';
    for (let i = 1; i <= 9; i++) defs += `<g id="l${i}">${`<use href="#l${i - 1}"/>`.repeat(10)}</g>`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs>${defs}</defs><use href="#l9"/></svg>`;
    const pdf = await toPdf(placed([{ svg }, { text: 'after the svg', absolutePosition: { x: 10, y: 150 } }], { width: 200, height: 200 }, { defaultStyle: { font: 'Liberation Sans' } }), fonts());
    expect(pdfText(pdf)).to.contain('after the svg');
  });
});

describe('pdf: PNG zlib bombs never reach pdfkit', function () {
  this.timeout(20000);
  it('an image node or images entry whose PNG data inflates past its header becomes a blank pixel', async () => {
    const m = new FontMatcher(); m.match({ families: ['sans-serif'], weight: 400, style: 'normal' });
    const url = `data:image/png;base64,${Buffer.from(pngZlibBomb(64, 64, 256 * 1024 * 1024)).toString('base64')}`;
    const pdf = await toPdf(placed([{ image: 'bomb', width: 50 }, { image: url, width: 50, absolutePosition: { x: 10, y: 70 } }, { text: 'survived', absolutePosition: { x: 10, y: 130 } }], { width: 200, height: 200 }, { images: { bomb: url }, defaultStyle: { font: 'Liberation Sans' } }), m.table());
    expect(pdfText(pdf)).to.contain('survived');
    expect(pdf.toString('latin1')).to.not.contain('/Width 64');
  });
});
