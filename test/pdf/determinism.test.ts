// Same input, same bytes (fixed dates, ID derived from the info dictionary), within one
// process and across processes; pdfmake failures become rejections; images only as data: URLs.
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { FontMatcher } from '../../src/engine/fonts';
import type { DocDefinition } from '../../src/engine';
import { layoutHtml } from '../../src/engine';
import { toPdf } from '../../src/pdf';
import { rgbaPng } from '../helpers/canary';
import { placed } from '../helpers/placed';
import { repoRoot } from '../../src/paths';
import { pdfFonts, pdfText } from './tools';

function build(): { dd: DocDefinition; fonts: ReturnType<FontMatcher['table']> } {
  const m = new FontMatcher();
  const c = m.match({ families: ['Arial'], weight: 700, style: 'normal' });
  const runs = m.splitByCoverage('Invoice ✈ №42', c);
  return { dd: placed([{ text: runs }, { text: 'second line', font: 'Liberation Sans' }], { width: 595.28, height: 841.89 }), fonts: m.table() };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('pdf: deterministic bytes', function () {
  this.timeout(30000);

  it('two renders in one process are byte-identical, with a fixed CreationDate', async () => {
    const x = build(); const y = build();
    const a = await toPdf(x.dd, x.fonts);
    const b = await toPdf(y.dd, y.fonts);
    expect(sha(a)).to.equal(sha(b));
    const creation = /\/CreationDate (\d+) 0 R/.exec(a.toString('latin1'))?.[1];
    expect(a.toString('latin1')).to.contain(`${creation} 0 obj\n(D:20000101000000Z)`);
  });

  it('a render in a fresh process gives the same bytes', async () => {
    const x = build();
    const here = sha(await toPdf(x.dd, x.fonts));
    const script = `
      const { FontMatcher } = require(${JSON.stringify(join(repoRoot, 'dist/src/engine/fonts'))});
      const { toPdf } = require(${JSON.stringify(join(repoRoot, 'dist/src/pdf'))});
      const { placed } = require(${JSON.stringify(join(repoRoot, 'dist/test/helpers/placed'))});
      const m = new FontMatcher(); const c = m.match({ families: ['Arial'], weight: 700, style: 'normal' });
      const runs = m.splitByCoverage('Invoice ✈ №42', c);
      toPdf(placed([{ text: runs }, { text: 'second line', font: 'Liberation Sans' }], { width: 595.28, height: 841.89 }), m.table())
        .then((b) => process.stdout.write(require('crypto').createHash('sha256').update(b).digest('hex')));`;
    const there = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(there).to.equal(here);
  });

  it('with @font-face faces (TTF, OTF, WOFF2) too, in one process and in a fresh one', async () => {
    const script = `
      const { FontMatcher } = require(${JSON.stringify(join(repoRoot, 'dist/src/engine/fonts'))});
      const { toPdf } = require(${JSON.stringify(join(repoRoot, 'dist/src/pdf'))});
      const { placed } = require(${JSON.stringify(join(repoRoot, 'dist/test/helpers/placed'))});
      const fs = require('fs'); const dir = ${JSON.stringify(join(repoRoot, 'test/pdf/fixtures'))};
      const face = (family, weight, file) => ({ family, weight, style: 'normal', data: new Uint8Array(fs.readFileSync(dir + '/' + file)) });
      module.exports = () => {
        const m = new FontMatcher({ fontFaces: [face('P', 400, 'pacifico.ttf'), face('O', 400, 'OpenDyslexic-Regular.otf'), face('F', 400, 'fa-regular-400.woff2')] });
        const run = (fam, text) => ({ text: m.splitByCoverage(text, m.match({ families: [fam], weight: 400, style: 'normal' })) });
        return toPdf(placed([run('P', 'Pacifico ♥'), run('O', 'Dyslexic ✈'), run('F', '\\uf004\\uf005')], { width: 300, height: 300 }), m.table())
          .then((b) => require('crypto').createHash('sha256').update(b).digest('hex'));
      };`;
    const file = join(mkdtempSync(join(tmpdir(), 'platen-det-')), 'embedded.js');
    writeFileSync(file, script);
    const build = createRequire(__filename)(file) as () => Promise<string>;
    const a = await build();
    const b = await build();
    expect(b).to.equal(a);
    const there = execFileSync(process.execPath, ['-e', `require(${JSON.stringify(file)})().then((h) => process.stdout.write(h))`], { encoding: 'utf8' });
    rmSync(dirname(file), { recursive: true, force: true });
    expect(there).to.equal(a);
  });

  it('PNGs with alpha (decoded by png-js) do not make the object order vary: eight renders, one set of bytes', async () => {
    // same-sized images inflate in about the same time: their callbacks race in zlib's pool
    const imgs = Array.from({ length: 16 }, (_, i) => `<img src="data:image/png;base64,${rgbaPng(160, 120, i).toString('base64')}" style="width:80px">`).join('');
    const hashes = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const { docDefinition, fonts } = layoutHtml(`<p>alpha</p>${imgs}`, '', {});
      hashes.add(sha(await toPdf(docDefinition, fonts)));
    }
    expect(hashes.size).to.equal(1);
  });

  it('a different document gets a different ID when its info differs', async () => {
    const x = build();
    const a = await toPdf({ ...x.dd, info: { title: 'A' } }, x.fonts);
    const y = build();
    const b = await toPdf({ ...y.dd, info: { title: 'B' } }, y.fonts);
    const id = (pdf: Buffer) => /\/ID \[<([0-9a-f]+)>/.exec(pdf.toString('latin1'))?.[1];
    expect(id(a)).to.be.a('string');
    expect(id(a)).to.not.equal(id(b));
  });
});

describe('pdf: failures are rejections, files and URLs are never opened', () => {
  const fonts = () => new FontMatcher().table();
  const dd = (content: unknown[], extra: Partial<DocDefinition> = {}): DocDefinition => placed(content, { width: 200, height: 200 }, extra);

  it('a font name pdfmake lacks never fails the render: shipped families are added, others use the default font', async () => {
    const pdf = await toPdf(dd([{ text: 'unknown face', font: 'Nope' }, { text: 'mono face', font: 'DejaVu Sans Mono' }]), fonts());
    expect(pdfText(pdf)).to.contain('unknown face');
    expect(pdfFonts(pdf).sort()).to.deep.equal(['DejaVuSansMono', 'LiberationSerif']);
  });

  it('a corrupt JPEG data: image rejects; a corrupt PNG becomes a blank pixel', async () => {
    await expectReject(toPdf(dd([{ image: 'data:image/jpeg;base64,AAAA' }]), fonts()), /image|JPEG|SOI/i);
    const m = new FontMatcher(); m.match({ families: ['Arial'], weight: 400, style: 'normal' });
    const pdf = await toPdf(dd([{ image: 'data:image/png;base64,AAAA', width: 20 }, { text: 'still a pdf', font: 'Liberation Sans' }]), m.table());
    expect(pdf.subarray(0, 5).toString()).to.equal('%PDF-');
  });

  it('an image that is a path or a URL is refused, inline or in the images dictionary', async () => {
    await expectReject(toPdf(dd([{ image: 'logo' }], { images: { logo: '/etc/passwd' } }), fonts()), /data: URL/);
    await expectReject(toPdf(dd([{ image: 'logo' }], { images: { logo: 'http://127.0.0.1:9/x.png' } }), fonts()), /data: URL/);
    await expectReject(toPdf(dd([{ image: '/etc/hostname' }]), fonts()), /denied|Invalid image/i);
  });
});

async function expectReject(p: Promise<unknown>, pattern: RegExp): Promise<void> {
  let error: unknown;
  try { await p; } catch (e) { error = e; }
  expect(error, 'expected a rejection').to.be.instanceOf(Error);
  expect((error as Error).message).to.match(pattern);
}
