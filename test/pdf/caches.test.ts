// The pdf layer's caches (patches.ts: parsed fonts, encoded subsets; glyphs.ts: shaped words per
// face) must change nothing but time: the same documents give the same bytes whichever
// documents the process rendered before, in any order; and the word cache must actually answer.
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { layoutHtml } from '../../src/engine';
import { toPdf, wordRunStats } from '../../src/pdf';
import { loadBenchDoc, standaloneHtml } from '../../src/bench/fixtures';
import { pdfText } from './tools';
import { redPng } from '../helpers/canary';
import { pdfObjects, refOf } from '../helpers/pdfObjects';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const TYPOGRAPHY = `<!doctype html><style>
  body { font-family: Arial, sans-serif; font-size: 11pt }
  .j { text-align: justify; width: 300px } .ls { letter-spacing: 2px } .r { text-align: right }
  .lig { font-family: 'DejaVu Serif'; font-feature-settings: "liga" 1, "kern" 1 }
  .mono { font-family: monospace } .u { text-decoration: underline }
</style>
<h1>AVATAR WAVE Tÿpo — “quotes” fi fl ffi</h1>
<p class="j">Justified text repeats words: the quick brown fox jumps over the lazy dog, the quick brown fox jumps over the lazy dog again and again.</p>
<p class="ls">Letter spaced AVATAR</p><p class="r">Right aligned total €1,234.56</p>
<p class="lig">office affine ﬁnal AV To</p><p class="mono">mono 0123456789 AV</p>
<p class="u">Ωμέγα Привет café ♥ ✈ underlined</p>`;

// a long paragraph of runs in several faces
const LONG_PARAGRAPH = `<!doctype html><p style="width:420px;font-family:Arial">${Array.from({ length: 400 }, (_, i) =>
  i % 9 === 0 ? `glued<b>bold</b><i>it</i>${i}` : i % 5 === 0 ? `<span style="color:red">w${i}</span>` : `word${i}`).join(' ')}</p>
<p>${Array.from({ length: 3000 }, (_, i) => (i % 4 ? `w${i}` : `<b>b${i}</b>`)).join(' ')}</p>`;

function docs(): { name: string; html: string }[] {
  return [
    { name: 'long paragraphs', html: LONG_PARAGRAPH },
    { name: 'bench invoice', html: standaloneHtml(loadBenchDoc('invoice')) },
    { name: 'bench statement', html: standaloneHtml(loadBenchDoc('statement')) },
    { name: 'typography', html: TYPOGRAPHY },
  ];
}

async function render(html: string): Promise<Buffer> {
  const { docDefinition, fonts } = layoutHtml(html, '', {});
  return toPdf(docDefinition, fonts);
}

describe('pdf: caches change nothing but time', function () {
  this.timeout(60000);
  it('each document gives the same bytes after the others, in any order (renders interleaved)', async () => {
    const list = docs();
    const own = await Promise.all(list.map(async (d) => sha(await render(d.html))));
    for (let round = 0; round < 2; round++) {
      for (let i = list.length - 1; i >= 0; i--) {
        expect(sha(await render(list[i]!.html)), `${list[i]!.name}, round ${round}`).to.equal(own[i]);
      }
    }
  });

  it('a second render of a document shapes no word again', async () => {
    const html = TYPOGRAPHY.replace('Justified', `Another${Date.now().toString(36)} justified`);
    await render(html);
    const s0 = wordRunStats();
    const pdf = await render(html);
    const s1 = wordRunStats();
    expect(s1.misses - s0.misses, 'words shaped afresh').to.equal(0);
    expect(s1.hits - s0.hits, 'words served').to.be.greaterThan(20);
    expect(pdfText(pdf).replace(/\s+/g, ' ')).to.contain('justified text repeats words');
  });
});

describe('pdf: a font subset depends on the glyphs a document uses, not on their order', () => {
  /** each font's embedded subset and ToUnicode CMap, inflated, in the order the fonts appear */
  const fontStreams = (pdf: Buffer) => {
    const objects = pdfObjects(pdf);
    const streams = (key: string) => [...objects.values()].filter((o) => o.dict.includes(`/${key} `)).map((o) => refOf(objects, o.dict, key)!.stream!.toString('latin1'));
    return { subsets: streams('FontFile2'), cmaps: streams('ToUnicode') };
  };
  it('the same letters and digits in another order give the same subset and CMap bytes, and each document its own text', async () => {
    const page = (t: string) => `<!doctype html><p style="font-family: Arial">${t}</p><p style="font-family: 'DejaVu Serif'"><b>${t}</b></p>`;
    const a = await render(page('Invoice 1234 due 2026-11-27 total 987.50'));
    const b = await render(page('Invoice 4321 due 7202-62-11 total 057.89'));
    const fa = fontStreams(a); const fb = fontStreams(b);
    expect(fa.subsets, 'subsets').to.have.length(2);
    expect(fb.subsets).to.deep.equal(fa.subsets);
    expect(fa.cmaps, 'ToUnicode CMaps').to.have.length(2);
    expect(fb.cmaps).to.deep.equal(fa.cmaps);
    expect(pdfText(a)).to.contain('Invoice 1234 due 2026-11-27 total 987.50');
    expect(pdfText(b)).to.contain('Invoice 4321 due 7202-62-11 total 057.89');
  });
});

describe('pdf: a data: image used many times is embedded once', () => {
  it('the same logo on three pages (and once more, resized) is one image object drawn four times', async () => {
    const logo = `data:image/png;base64,${redPng(40, 20).toString('base64')}`;
    const other = `data:image/png;base64,${redPng(20, 40).toString('base64')}`;
    const page = (i: number) => `<section style="break-after:page"><img src="${logo}" width="40"> page ${i}</section>`;
    const pdf = await render(`${page(1)}${page(2)}${page(3)}<img src="${logo}" width="80"><img src="${other}">`);
    const raw = pdf.toString('latin1');
    expect(raw.match(/\/Subtype \/Image/g) ?? [], 'image XObjects').to.have.length(2);
    expect(pdfText(pdf)).to.contain('page 3');
  });
});
