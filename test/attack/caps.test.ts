// Attack suite, engine caps (issue #5): absurd CSS numbers, a huge word, deep nesting, huge DOMs
// and tables, and documents over the page and output-byte caps. Each goes through the real app
// rendering on the worker pool with its deadline: it must end in a PDF or a clear render_*
// problem in time, never a crash or a hang, and the server must answer /healthz afterwards.
import { expect } from 'chai';
import { createWorkerPoolRenderer } from '../../src/render';
import { layoutHtml } from '../../src/engine';
import { renderHtmlToPdf } from '../../src/render/renderDocument';
import { parsePdf } from '../helpers/pdf';
import { generate, seedAccount, startTestServer, type Answer, type SeededAccount, type TestServer } from '../helpers/server';

const DEADLINE_MS = 20_000;

describe('attack: engine caps (real app, worker pool, 20 s deadline)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let account: SeededAccount;
  let n = 0;
  before(async () => {
    server = await startTestServer({ renderer: createWorkerPoolRenderer({ workers: 1, deadlineMs: DEADLINE_MS, maxQueue: 4 }) });
    account = seedAccount(server.store);
  });
  const outcomes: string[] = [];
  after(async () => {
    await server.close();
    // for the hardening report: what each cap case ended in, and how long it took
    console.log(outcomes.map((o) => `      ${o}`).join('\n'));
  });

  async function run(html: string, css = ''): Promise<{ answer: Answer; ms: number }> {
    const id = `cap-${++n}`;
    server.store.templates.save({ accountId: account.account.id, id, name: id, html, css });
    const started = Date.now();
    const answer = await generate(server, { key: account.key, body: { templateId: id } });
    const ms = Date.now() - started;
    outcomes.push(`${id}: ${answer.status} ${answer.status === 200 ? `${answer.bytes.length} bytes` : String(answer.json.code)} in ${ms} ms`);
    expect([200, 500], answer.bytes.toString('utf8').slice(0, 200)).to.include(answer.status);
    if (answer.status === 500) expect(String(answer.json.code)).to.match(/^render_(failed|timeout)$/);
    // the deadline runs from when a worker starts the job; allow for queueing on a busy machine
    expect(ms).to.be.below(DEADLINE_MS + 20_000);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).to.equal(200);
    return { answer, ms };
  }

  async function pdfPages(answer: Answer): Promise<{ width: number; height: number; text: string }[]> {
    expect(answer.status, String(answer.json.detail)).to.equal(200);
    return (await parsePdf(answer.bytes)).pages;
  }

  it('font-size: 1e9px', async () => {
    const { answer } = await run('<p class="a">huge</p><p>small</p>', '.a { font-size: 1e9px }');
    if (answer.status === 200) expect((await pdfPages(answer)).length).to.be.at.least(1);
  });
  it('font-size: -5px, 1e-9px, 1e308px, NaN-ish calc()', async () => {
    await run('<p class="a">a</p><p class="b">b</p><p class="c">c</p><p class="d">d</p>', '.a { font-size: -5px } .b { font-size: 1e-9px } .c { font-size: 1e308px } .d { font-size: calc(1e308px * 1e308) }');
  });
  it('width: -1px', async () => {
    const { answer } = await run('<div class="a">narrow</div>', '.a { width: -1px; border: 1px solid }');
    expect(answer.status).to.equal(200);
  });
  it('width: 1e9px, height: 1e9px, margin: -1e9px, padding: 1e9px', async () => {
    await run('<div class="a">wide</div><div class="b">tall</div><div class="c">neg</div><div class="d">pad</div>',
      '.a { width: 1e9px; border: 1px solid } .b { height: 1e9px } .c { margin: -1e9px } .d { padding: 1e9px }');
  });
  it('letter-spacing / line-height / border-width / text-indent at 1e9', async () => {
    await run('<p class="a">spaced out</p><p class="b">tall lines</p><p class="c">bordered</p><p class="d">indent</p>',
      '.a { letter-spacing: 1e9px } .b { line-height: 1e9 } .c { border: 1e9px solid red } .d { text-indent: 1e9px }');
  });
  it('a 50,000-character word never breaks the page width (and does not time out)', async () => {
    const { answer } = await run(`<p>${'W'.repeat(50_000)}</p>`);
    const pages = await pdfPages(answer);
    expect(pages.length).to.be.at.least(1);
    for (const p of pages) expect(p.width).to.be.closeTo(595.28, 1);
  });
  it('a 5,000-character word stays inside the page width', async () => {
    const { answer } = await run(`<p>${'W'.repeat(5_000)}</p><p>after</p>`);
    const pages = await pdfPages(answer);
    for (const p of pages) expect(p.width).to.be.closeTo(595.28, 1);
    expect(pages.map((p) => p.text).join('')).to.include('after');
  });
  it('deep nesting: 3,000 nested divs', async () => {
    const { answer } = await run(`${'<div style="margin-left:1px">'.repeat(3_000)}deep${'</div>'.repeat(3_000)}`);
    expect(answer.status).to.equal(200);
  });
  it('deep nesting: 3,000 nested inline spans and tables', async () => {
    await run(`${'<span>'.repeat(3_000)}x${'</span>'.repeat(3_000)}${'<table><tr><td>'.repeat(300)}y${'</td></tr></table>'.repeat(300)}`);
  });
  it('200,000 DOM nodes', async () => {
    await run(`<div>${'<b>x</b> '.repeat(100_000)}</div>`);
  });
  it('a table with 10,000 rows', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `<tr><td>${i}</td><td>row ${i}</td></tr>`).join('');
    const { answer } = await run(`<table><thead><tr><th>n</th><th>name</th></tr></thead><tbody>${rows}</tbody></table>`);
    if (answer.status === 200) expect((await pdfPages(answer)).length).to.be.above(100);
  });
  it('table spans: colspan 99999, rowspan 65534, <col span=100000>', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `<tr><td colspan="99999">${i}</td><td rowspan="65534">r</td></tr>`).join('');
    await run(`<table><colgroup><col span="100000" style="width: 1px"></colgroup>${rows}</table>`);
  });
  it('lists and counters: <ol start=1e15>, value=-1e15, counter-reset 1e308, 10,000 items', async () => {
    await run(`<ol start="999999999999999" style="list-style-type: upper-roman">${'<li value="-999999999999999">x</li>'.repeat(20)}</ol><ul>${'<li>y</li>'.repeat(10_000)}</ul>`,
      'body { counter-reset: c 1e308 } p::before { counter-increment: c 1e308; content: counter(c, lower-greek) }');
  });
  it('CSS bombs: 50,000 rules, a 10,000-part selector, :not() nested 1,000 deep, a 1 MB declaration value', async () => {
    const rules = Array.from({ length: 50_000 }, (_, i) => `.c${i} > p:nth-child(${i}n+${i}) { color: red }`).join('\n');
    const longSelector = `${Array.from({ length: 10_000 }, (_, i) => `.s${i}`).join(' ')} { color: blue }`;
    const notNest = `${':not('.repeat(1_000)}.x${')'.repeat(1_000)} { color: green }`;
    const huge = `p { font-family: ${'"A", '.repeat(200_000)}serif }`;
    await run('<p class="x">styled</p>', [rules, longSelector, notNest, huge].join('\n'));
  });
  it('generated content bombs: ::before with a 100,000-character string on 2,000 elements', async () => {
    await run('<p>x</p>'.repeat(2_000), `p::before { content: "${'z'.repeat(100_000)}" }`);
  });
  it('column-count, tab-size, z-index and border-spacing at 1e9', async () => {
    await run('<div class="a">cols</div><pre class="b">\t\ttabs</pre><table class="c"><tr><td>x</td></tr></table>',
      '.a { column-count: 1000000000 } .b { tab-size: 1000000000 } .c { border-spacing: 1e9px; z-index: 1e9 }');
  });
  it('over 2,000 pages: render_failed naming the page cap', async () => {
    const { answer } = await run('<div style="break-after: page">p</div>'.repeat(2_100));
    expect(answer.status).to.equal(500);
    expect(answer.json.code).to.equal('render_failed');
    expect(String(answer.json.detail)).to.match(/more than 2000 pages/);
  });
  it('exactly at a small page cap passes, one page more fails (in-process, caps as options)', async () => {
    const html = (pages: number) => '<div style="break-after: page">p</div>'.repeat(pages - 1) + '<div>last</div>';
    const ok = await renderHtmlToPdf({ html: html(5), css: '', engine: {}, limits: { maxPages: 5, maxPdfBytes: 10_000_000 } });
    expect((await parsePdf(ok.pdf)).pages).to.have.length(5);
    let failed: unknown;
    try { await renderHtmlToPdf({ html: html(6), css: '', engine: {}, limits: { maxPages: 5, maxPdfBytes: 10_000_000 } }); } catch (err) { failed = err; }
    expect(failed).to.have.property('code', 'render_failed');
    expect(String((failed as Error).message)).to.match(/more than 5 pages/);
  });
  it('the layout stage stops one page past the page cap and paints nothing (no pages made that the cap would refuse)', () => {
    const pages = '<div style="break-after: page">p</div>'.repeat(40) + '<div style="height: 1e7px">tall</div>';
    const over = layoutHtml(pages, '', { maxPages: 5 });
    expect(over.pages).to.equal(6);
    expect(over.docDefinition.content).to.deep.equal([]);
    const under = layoutHtml('<div style="break-after: page">p</div>'.repeat(40), '', { maxPages: 40 });
    expect(under.pages).to.equal(40);
    expect(under.docDefinition.content).to.have.length(40);
    expect(layoutHtml(pages, '', {}).pages).to.be.greaterThan(100);
  });
  it('over the output byte cap: render_failed naming the byte cap', async () => {
    let failed: unknown;
    try { await renderHtmlToPdf({ html: '<p>hello</p>', css: '', engine: {}, limits: { maxPages: 10, maxPdfBytes: 1_000 } }); } catch (err) { failed = err; }
    expect(failed).to.have.property('code', 'render_failed');
    expect(String((failed as Error).message)).to.match(/over the 1000-byte cap/);
  });
});
