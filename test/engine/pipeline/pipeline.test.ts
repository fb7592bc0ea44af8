// End to end through the real cascade: tiny HTML + CSS → docDefinition → PDF, checked against
// facts from the specs. Every case asserts the diagnostics it expects (none, by default).
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { links, placedText, render, renderBytes } from '../../helpers/engine';

const small = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 12pt/14pt Arial }';

describe('pipeline: HTML + CSS → PDF', () => {
  it('@page { size: 200pt 300pt; margin: 10pt } → a 200×300 page whose text starts at x = 10', async () => {
    const r = layoutHtml(`<style>${small}</style><p style="margin:0">Hello</p>`, '');
    expect(r.diagnostics).to.deep.equal([]);
    expect(r.docDefinition.pageSize).to.deep.equal({ width: 200, height: 300 });
    const items = await placedText(await renderBytes(r));
    expect(items[0]!.x).to.be.closeTo(10, 0.5);
  });

  it('A4 and Chromium\'s 1cm margins when the CSS has no @page', () => {
    const r = layoutHtml('<p>x</p>', '');
    expect(r.docDefinition.pageSize).to.deep.equal({ width: 595.28, height: 841.89 });
    expect(r.docDefinition.pageMargins).to.deep.equal([28.35, 28.35, 28.35, 28.35]);
  });

  it('the request format applies when @page has no size; size: landscape rotates it', () => {
    expect(layoutHtml('<p>x</p>', '', { format: 'Letter' }).docDefinition.pageSize).to.deep.equal({ width: 612, height: 792 });
    expect(layoutHtml('<style>@page { size: landscape }</style><p>x</p>', '', { format: 'A5' }).docDefinition.pageSize).to.deep.equal({ width: 595.28, height: 419.53 });
  });

  it('@bottom-right margin box with counter(page) of counter(pages) on every page', async () => {
    const css = `${small} @page { margin: 30pt; @bottom-right { content: "Page " counter(page) " of " counter(pages) } } p { break-after: page; margin: 0 }`;
    const r = layoutHtml('<p>one</p><p>two</p><p>three</p>', css);
    expect(r.diagnostics).to.deep.equal([]);
    const pdf = await render(r);
    expect(pdf.pages).to.have.length(3);
    pdf.pages.forEach((p, i) => expect(p.text.replace(/\s+/g, ' ')).to.contain(`Page ${i + 1} of 3`));
    const footer = (await placedText(await renderBytes(r))).find((t) => t.str.startsWith('Page'))!;
    expect(footer.x + footer.width).to.be.closeTo(200 - 30, 1); // right-aligned to the page area
    expect(footer.y).to.be.greaterThan(300 - 30);
  });

  it('thead rows repeat on every page of a long table', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `<tr><td>r${i}</td></tr>`).join('');
    const r = layoutHtml(`<style>${small}</style><table><thead><tr><th>HEAD</th></tr></thead><tbody>${rows}</tbody></table>`, '');
    expect(r.diagnostics).to.deep.equal([]);
    const pdf = await render(r);
    expect(pdf.pages.length).to.be.greaterThan(2);
    for (const p of pdf.pages) expect(p.text).to.contain('HEAD');
  });

  it('the body background paints the page area (canvas background)', () => {
    const r = layoutHtml('<body style="background:#eeeeee"><p>x</p></body>', '');
    expect(r.docDefinition.background).to.be.a('function');
  });

  it('ul/ol markers: decimal, lower-roman, nested disc/circle', async () => {
    const r = layoutHtml(`<style>${small}</style><ol><li>a</li><li>b<ul><li>c</li></ul></li></ol><ol style="list-style-type: lower-roman" start="3"><li>d</li></ol>`, '');
    expect(r.diagnostics).to.deep.equal([]);
    const text = (await render(r)).text.replace(/\s+/g, ' ');
    expect(text).to.contain('1. a');
    expect(text).to.contain('2. b');
    expect(text).to.contain('iii. d');
  });

  it('<a href> links: external URL and an internal #id destination', async () => {
    const r = layoutHtml(`<style>${small}</style><p><a href="https://example.org/">ext</a> <a href="#end">int</a></p><h2 id="end" style="break-before: page">End</h2>`, '');
    expect(r.diagnostics).to.deep.equal([]);
    const ls = await links(await renderBytes(r));
    expect(ls.map((l) => l.url).filter(Boolean)).to.deep.equal(['https://example.org/']);
    expect(ls.some((l) => l.dest)).to.equal(true);
  });

  it('a word longer than the line is broken, never drawn past the page area', async () => {
    const r = layoutHtml(`<style>${small}</style><div style="width: 50pt">${'W'.repeat(60)}</div>`, '');
    for (const it of await placedText(await renderBytes(r))) expect(it.x + it.width).to.be.at.most(190.5);
  });

  it('an <img> from a template asset that does not exist is a diagnostic and the page still renders', async () => {
    const r = layoutHtml('<p>x <img src="missing.png"></p>', '', { resources: () => undefined });
    expect(r.diagnostics.map((d) => d.code)).to.deep.equal(['resource-missing']);
    expect((await render(r)).pages).to.have.length(1);
  });

  it('display: none and <script> generate no boxes', async () => {
    const r = layoutHtml('<p>seen</p><p style="display:none">hidden</p><script>var x = 1;</script>', '');
    const text = (await render(r)).text;
    expect(text).to.contain('seen');
    expect(text).not.to.contain('hidden');
    expect(text).not.to.contain('var x');
  });
});
