// The second wall (issue #5): whatever the engine might let through, the PDF writer itself
// reads no file and opens no URL. Hand-made docDefinitions name the canary file, the canary
// PNG and the canary server directly — as an image, in the images dictionary, in an SVG
// <image>, as a link — and toPdf must either refuse or draw nothing of them.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { DocDefinition, FontTable } from '../../src/engine';
import { toPdf } from '../../src/pdf';
import { startCanary, type Canary } from '../helpers/canary';
import { parsePdf } from '../helpers/pdf';
import { placed } from '../helpers/placed';

const FONTS: FontTable = {
  'Liberation Sans': {
    normal: { kind: 'shipped', file: 'LiberationSans-Regular.ttf' },
    bold: { kind: 'shipped', file: 'LiberationSans-Bold.ttf' },
    italics: { kind: 'shipped', file: 'LiberationSans-Italic.ttf' },
    bolditalics: { kind: 'shipped', file: 'LiberationSans-BoldItalic.ttf' },
  },
};

function doc(content: unknown[], images?: Record<string, string>): DocDefinition {
  return placed(content, { width: 300, height: 300 }, { defaultStyle: { font: 'Liberation Sans' }, ...(images ? { images } : {}) });
}

describe('attack: the PDF writer is a second wall (toPdf directly)', function () {
  this.timeout(20_000);
  let canary: Canary;
  before(async () => { canary = await startCanary(); });
  after(async () => { await canary.close(); });

  /** toPdf either rejects or gives a PDF without the token; the canary server sees nothing */
  async function wall(definition: DocDefinition): Promise<'refused' | 'pdf'> {
    let pdf: Buffer | undefined;
    try {
      pdf = await toPdf(definition, FONTS);
    } catch {
      // refused: fine
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(canary.connections()).to.equal(0);
    if (!pdf) return 'refused';
    expect(pdf.includes(Buffer.from(canary.token))).to.equal(false);
    // the canary PNG's bytes are not embedded either
    const idat = readFileSync(canary.png).subarray(33, 60);
    expect(pdf.includes(idat)).to.equal(false);
    expect((await parsePdf(pdf)).text).not.to.include(canary.token);
    return 'pdf';
  }

  it('an image node naming a local file path', async () => {
    await wall(doc([{ text: 'x' }, { image: canary.png, width: 20 }]));
  });
  it('an image node naming a file: URL and an http URL', async () => {
    await wall(doc([{ image: `file://${canary.png}`, width: 20 }]));
    await wall(doc([{ image: `${canary.origin}/x.png`, width: 20 }]));
  });
  it('the images dictionary naming a path, a file: URL, a URL (refused outright)', async () => {
    for (const src of [canary.png, `file://${canary.png}`, `${canary.origin}/x.png`, { url: `${canary.origin}/y.png`, headers: {} }]) {
      expect(await wall(doc([{ image: 'logo', width: 20 }], { logo: src as string }))).to.equal('refused');
    }
  });
  it('an SVG node with <image href> to a path, a file: URL and the canary server', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40"><image href="${canary.png}" width="10" height="10"/><image xlink:href="file://${canary.png}" width="10" height="10"/><image href="${canary.origin}/s.png" width="10" height="10"/></svg>`;
    await wall(doc([{ svg, width: 40 }]));
  });
  it('an SVG node with an XXE entity naming the canary file', async () => {
    const svg = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file://${canary.file}">]><svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><text x="0" y="20">&x;</text></svg>`;
    await wall(doc([{ svg, width: 200 }]));
  });
  it('a font family whose source is a file path is not read (only the font table is used)', async () => {
    const fonts = { ...FONTS, Evil: { normal: { kind: 'shipped', file: '../../../../etc/passwd' }, bold: FONTS['Liberation Sans']!.bold, italics: FONTS['Liberation Sans']!.italics, bolditalics: FONTS['Liberation Sans']!.bolditalics } } as FontTable;
    let failed = false;
    try { await toPdf(doc([{ text: 'x', font: 'Evil' }]), fonts); } catch { failed = true; }
    expect(failed).to.equal(true);
  });
});
