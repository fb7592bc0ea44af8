// The pdf layer's caches (shaped words and string widths per face, deflated streams per
// content) and the faster pdfmake style lookups must change nothing but time: the same documents give the same bytes
// with the caches off, cold, and warm, in any order; and the caches must actually answer.
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { layoutHtml, type DocDefinition } from '../../src/engine';
import { deflateCacheStats, setPdfFastPaths, shapingStats, toPdf } from '../../src/pdf';
import { loadBenchDoc, standaloneHtml } from '../../src/bench/fixtures';
import { pdfText } from './tools';
import { redPng } from '../helpers/canary';

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

// runs glued with no break opportunity between them (pdfmake's noNewLine) inside a paragraph
// long enough for the linear line breaking to take over
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

describe('pdf: caches and fast paths change nothing but time', function () {
  this.timeout(60000);
  afterEach(() => setPdfFastPaths({ shaping: true, deflate: true, styles: true, paragraphs: true, inlines: true, colors: true, plainText: true, pageBreaks: true, matrices: true, nodes: true, plainShaping: true }));

  it('each document gives the same bytes with the libraries’ own code, and with the caches cold and warm (renders interleaved)', async () => {
    const list = docs();
    setPdfFastPaths({ shaping: false, deflate: false, styles: false, paragraphs: false, inlines: false, colors: false, plainText: false, pageBreaks: false, matrices: false, nodes: false, plainShaping: false });
    const off = await Promise.all(list.map(async (d) => sha(await render(d.html))));
    setPdfFastPaths({ shaping: true, deflate: true, styles: true, paragraphs: true, inlines: true, colors: true, plainText: true, pageBreaks: true, matrices: true, nodes: true, plainShaping: true });
    for (let round = 0; round < 2; round++) {
      for (let i = list.length - 1; i >= 0; i--) {
        expect(sha(await render(list[i]!.html)), `${list[i]!.name}, round ${round}`).to.equal(off[i]);
      }
    }
  });

  it('a second render of a document is answered by the shaping and deflate caches', async () => {
    const html = TYPOGRAPHY.replace('Justified', 'Another justified');
    await render(html);
    const s0 = shapingStats(); const d0 = deflateCacheStats();
    const pdf = await render(html);
    const s1 = shapingStats(); const d1 = deflateCacheStats();
    expect(s1.runMisses - s0.runMisses, 'words shaped afresh').to.equal(0);
    expect(s1.runHits - s0.runHits, 'words served').to.be.greaterThan(0);
    expect(d1.hits - d0.hits, 'font streams deflated from the cache').to.be.greaterThan(0);
    expect(pdfText(pdf).replace(/\s+/g, ' ')).to.contain('Another justified text repeats words');
  });

  it('a new word is shaped once and then served, with the right width (right-aligned text ends at the same x)', async () => {
    const word = `Zyxwv${Date.now().toString(36)}`;
    const html = `<p style="text-align:right;font-family:Arial">${word} total</p>`;
    setPdfFastPaths({ shaping: false });
    const cold = sha(await render(html));
    setPdfFastPaths({ shaping: true });
    const s0 = shapingStats().runMisses;
    const first = sha(await render(html));
    const s1 = shapingStats().runMisses;
    const second = sha(await render(html));
    expect(s1 - s0).to.be.greaterThan(0);
    expect(shapingStats().runMisses).to.equal(s1);
    expect(first).to.equal(cold);
    expect(second).to.equal(cold);
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

describe('pdf: the style lookup shortcuts answer as pdfmake does on definitions the engine does not make', () => {
  afterEach(() => setPdfFastPaths({ styles: true }));

  it('named styles, a style key only in a header function, pageReference links and table fills: same bytes as pdfmake\'s own lookups', async () => {
    const build = (): DocDefinition => ({
      pageSize: { width: 400, height: 300 }, pageMargins: [30, 40, 30, 30],
      styles: { big: { fontSize: 18, decoration: 'underline' }, red: { color: '#c00' } },
      defaultStyle: { font: 'Liberation Sans', fontSize: 10 },
      header: (page: number) => ({ stack: [{ text: `header ${page}` }], characterSpacing: 2, margin: [30, 10, 30, 0] }),
      content: [
        { text: 'Chapter', style: ['big', 'red'], id: 'ch1' },
        { text: [{ text: 'see page ' }, { pageReference: 'ch1' }] },
        { stack: [{ text: 'inherits opacity', opacity: 0.5 }, 'plain'], style: 'red' },
        { table: { body: [[{ text: 'cell', fillColor: '#eee' }, 'b'], ['c', { text: 'd', style: 'big' }]] } },
        { text: 'last', pageBreak: 'before' },
      ],
    } as unknown as DocDefinition);
    setPdfFastPaths({ styles: false });
    const own = sha(await toPdf(build(), {}));
    setPdfFastPaths({ styles: true });
    expect(sha(await toPdf(build(), {}))).to.equal(own);
  });
});

describe('pdf: words split and measured in one pass, colour operators made once and plain words drawn directly give pdfmake\'s bytes', () => {
  afterEach(() => setPdfFastPaths({ inlines: true, colors: true, plainText: true, pageBreaks: true, matrices: true, nodes: true }));

  // what the engine never writes but a definition may: every text rule of TextBreaker and
  // TextInlines.measure (leading indent, sup/sub, kept spaces, noWrap, break-all, hard line
  // breaks, glue between runs, a run's own extra keys, strings and numbers as runs)
  const build = (): DocDefinition => ({
    pageSize: { width: 300, height: 400 }, pageMargins: [20, 20, 20, 20],
    defaultStyle: { font: 'Liberation Sans', fontSize: 10 },
    content: [
      { text: ['  leading and trailing  ', { text: 'x', sup: true }, { text: '2', sub: true, color: 'red' }, ' after\u00a0nbsp\u2003 '], leadingIndent: 12 },
      { text: [{ text: 'glued', bold: true }, { text: 'together', italics: true }, 'still', ' free'], alignment: 'justify' },
      { text: 'line one\nline two\r\nline three', preserveLeadingSpaces: true },
      { text: '   kept spaces   ', preserveLeadingSpaces: true, preserveTrailingSpaces: true, background: 'yellow' },
      { text: 'nowrap text that is far too long to fit on the line at this size, really', noWrap: true },
      { text: 'breakall\nwords Supercalifragilisticexpialidocious', wordBreak: 'break-all', characterSpacing: 1.5 },
      { text: ['', 42, { text: 'lh', lineHeight: 1.7, decoration: 'underline', link: 'https://example.com', opacity: 0.4 }] },
      { text: 'Averyveryverylongwordwithoutanyopportunitytobreakthatmustbehardwrappedbypdfmake', fontSize: 14 },
      { ul: ['one', { text: ['two ', { text: 'bold', bold: true }] }] },
      { text: [{ text: 'short hex ', color: '#0a3' }, { text: 'named ', color: 'navy' }, { text: 'cmyk ', color: [0, 50, 100, 0] }, { text: 'unknown', color: 'nocolor' }] },
      { text: 'Combining marks: e\u0301 a\u0308 o\u0323\u0302 AVATAR Wave', font: 'DejaVu Serif' },
      { text: 'after a break', pageBreak: 'before', margin: [5, 10, 5, 10] },
      { text: 'placed', absolutePosition: { x: 50, y: 50 } },
      { text: 'moved', relativePosition: { x: 5, y: 5 } },
      { stack: ['kept', 'together'], unbreakable: true, marginTop: 4 },
      { text: 'then an odd page', pageBreak: 'afterOdd' },
      { canvas: [{ type: 'rect', x: 0, y: 0, w: 60, h: 20, color: '#ABCDEF', lineColor: 'teal' }, { type: 'line', x1: 0, y1: 25, x2: 60, y2: 25, lineColor: '#f00' }] },
    ],
  } as unknown as DocDefinition);

  it('same bytes with the fused pass, the kept colour operators and the direct text drawing on and off', async () => {
    setPdfFastPaths({ inlines: false, colors: false, plainText: false, pageBreaks: false, matrices: false, nodes: false });
    const own = sha(await toPdf(build(), {}));
    setPdfFastPaths({ inlines: true, colors: true, plainText: true, pageBreaks: true, matrices: true, nodes: true });
    expect(sha(await toPdf(build(), {})), 'both on').to.equal(own);
    expect(sha(await toPdf(build(), {})), 'both on, colours kept').to.equal(own);
    setPdfFastPaths({ inlines: false });
    expect(sha(await toPdf(build(), {})), 'colours and text drawing only').to.equal(own);
  });
});

describe('pdf: the pageBreakBefore callback is told what pdfmake\'s own layoutDocument tells it', () => {
  afterEach(() => setPdfFastPaths({ pageBreaks: true, nodes: true }));

  it('same node descriptions, helper answers and bytes with the lean descriptions on and off', async () => {
    const build = (seen: string[]): DocDefinition => ({
      pageSize: { width: 200, height: 160 }, pageMargins: [10, 10, 10, 10],
      defaultStyle: { font: 'Liberation Sans', fontSize: 9 },
      content: [
        { text: 'Heading', id: 'h1', headlineLevel: 1, style: 'x' },
        { stack: [{ text: 'para one para one para one para one para one para one' }, { text: 'para two '.repeat(20) }] },
        { table: { body: [['a', 'b'], ['c', { text: 'd', id: 'cell' }]] }, width: 120 },
        { ul: ['one', 'two', 'three'] },
        { text: 'Second heading', headlineLevel: 1 },
        { text: 'tail '.repeat(40) },
      ],
      pageBreakBefore: (node: Record<string, unknown>, helpers: Record<string, () => unknown[]>) => {
        seen.push(JSON.stringify([node, helpers.getFollowingNodesOnPage!().length, helpers.getNodesOnNextPage!().length, helpers.getPreviousNodesOnPage!().length]));
        return node.headlineLevel === 1 && (node.startPosition as { verticalRatio: number }).verticalRatio > 0.3 && seen.length < 40;
      },
    } as unknown as DocDefinition);
    const own: string[] = [];
    setPdfFastPaths({ pageBreaks: false, nodes: false });
    const ownPdf = sha(await toPdf(build(own), {}));
    const lean: string[] = [];
    setPdfFastPaths({ pageBreaks: true, nodes: true });
    const leanPdf = sha(await toPdf(build(lean), {}));
    expect(own.length, 'callback calls').to.be.greaterThan(10);
    expect(lean).to.deep.equal(own);
    expect(leanPdf).to.equal(ownPdf);
  });
});

describe('pdf: a pageBreakBefore callback that names the nodes it asks about', () => {
  afterEach(() => setPdfFastPaths({ pageBreaks: true, nodes: true, inlines: true }));

  // a heading near the bottom of a small page is moved (the document laid out again) until
  // the budget runs out; the long word is split by pdfmake in every layout, so text kept
  // from the first measure must come back as it was measured, not as the first layout left it
  const build = (seen: string[]): DocDefinition => {
    let budget = 3;
    const callback = (node: Record<string, unknown>, helpers: Record<string, () => unknown[]>) => {
      seen.push(JSON.stringify([node, helpers.getFollowingNodesOnPage!().length, helpers.getNodesOnNextPage!().length, helpers.getPreviousNodesOnPage!().length]));
      if (node.headlineLevel !== 1 || (node.startPosition as { verticalRatio: number }).verticalRatio < 0.3 || budget <= 0) return false;
      budget--;
      return true;
    };
    return {
      pageSize: { width: 200, height: 160 }, pageMargins: [10, 10, 10, 10],
      defaultStyle: { font: 'Liberation Sans', fontSize: 9 },
      content: [
        { text: 'para one para one para one para one para one para one' },
        { text: 'Heading', headlineLevel: 1 },
        { text: 'Averyveryverylongwordwithoutanyopportunitytobreakthatmustbehardwrapped and more', fontSize: 12 },
        { table: { body: [['a', 'b'], ['c', { text: 'd', id: 'cell' }]] } },
        { text: 'Second heading', headlineLevel: 1 },
        { text: 'tail '.repeat(60) },
        { text: 'Third heading', headlineLevel: 1 },
        { text: 'end '.repeat(30) },
      ],
      pageBreakBefore: Object.assign(callback, { asks: (node: { headlineLevel?: unknown }) => node.headlineLevel === 1 }),
    } as unknown as DocDefinition;
  };

  it('is asked about those nodes alone, told what pdfmake tells it of them, and the pages are the same', async () => {
    setPdfFastPaths({ pageBreaks: false, nodes: false, inlines: false });
    const own: string[] = [];
    const ownPdf = await toPdf(build(own), {});
    setPdfFastPaths({ pageBreaks: true, nodes: true, inlines: true });
    const lean: string[] = [];
    const leanPdf = await toPdf(build(lean), {});
    const headings = own.filter((s) => JSON.parse(s)[0].headlineLevel === 1);
    expect(own.length, 'pdfmake asks about every node').to.be.greaterThan(headings.length + 10);
    expect(lean).to.deep.equal(headings);
    expect(pdfText(leanPdf).match(/Averyvery/g), 'the long word split, once per copy').to.have.length(1);
    expect(sha(leanPdf), 'bytes (laid out four times, the text measured once)').to.equal(sha(ownPdf));
  });
});
