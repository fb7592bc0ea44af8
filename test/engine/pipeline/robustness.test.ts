// Nothing in the engine throws for any input, and pdfmake never receives a node it cannot
// handle: odd documents render to a PDF (author mistakes come back as diagnostics).
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { renderBytes } from '../../helpers/engine';

const cases: { name: string; html: string; css?: string }[] = [
  { name: 'empty document', html: '' },
  { name: 'only whitespace', html: '   \n\t ' },
  { name: 'text without elements', html: 'just text' },
  { name: 'unclosed tags', html: '<div><p><b>bold <i>both</div>' },
  { name: 'table without rows', html: '<table></table><table><tbody></tbody></table>' },
  { name: 'cells outside rows and rows outside tables', html: '<table><td>a</td><td>b</td></table><tr><td>stray</td></tr><td>cell</td>' },
  { name: 'huge and zero colspan/rowspan', html: '<table><tr><td colspan="100000" rowspan="0">a</td><td colspan="-3">b</td></tr><tr><td>c</td></tr></table>' },
  { name: 'rowspan past the last row', html: '<table><tr><td rowspan="9">a</td><td>b</td></tr></table>' },
  { name: 'deeply nested tables', html: '<table><tr><td>'.repeat(30) + 'deep' + '</td></tr></table>'.repeat(30) },
  { name: 'deeply nested lists', html: '<ul><li>'.repeat(40) + 'x' + '</li></ul>'.repeat(40) },
  { name: 'negative and enormous sizes', html: '<div style="width:-50px;height:-10px;margin:-999px;padding:-4px">a</div><div style="width:99999px;font-size:0">b</div><div style="width:1e9px;min-width:1e9px">c</div>' },
  { name: 'zero-width containers', html: '<div style="width:0"><p>text that cannot fit anywhere at all</p><table><tr><td>x</td><td>y</td></tr></table></div>' },
  { name: 'font-size 0 and tiny line-height', html: '<p style="font-size:0">zero</p><p style="line-height:0">lh0</p><p style="line-height:-2">neg</p>' },
  { name: 'images without src, broken data, svg', html: '<img><img src=""><img src="data:image/png;base64,###"><img src="data:image/svg+xml,<svg xmlns=%22http://www.w3.org/2000/svg%22/>"><svg width="0" height="0"></svg><svg><circle r="5"/></svg>' },
  { name: 'absolute and fixed boxes everywhere', html: '<div style="position:absolute;bottom:-100px;right:-50px">a</div><span style="position:fixed;top:200%">b</span><div style="position:relative"><img style="position:absolute;width:50%" src="data:,x"></div>' },
  { name: 'flex and grid with odd values', html: '<div style="display:flex;flex-wrap:wrap;gap:-5px"><div style="flex:0 0 200%">a</div><div style="flex-grow:-1">b</div></div><div style="display:grid">g</div><div style="display:inline-flex"></div>' },
  { name: 'page breaks inside everything', html: '<table><tr><td><p style="break-before:page">a</p></td></tr></table><ul><li style="page-break-after:always">b</li></ul><div style="break-inside:avoid">' + '<p>long</p>'.repeat(200) + '</div>' },
  { name: 'margin boxes and odd @page', html: '<p>x</p>', css: '@page { size: 10pt 10pt; margin: 50pt; @top-left { content: counter(page) } @bottom-center { content: "a" counter(pages) } } @page :first { margin: 0 }' },
  { name: 'links to missing ids and odd hrefs', html: '<a href="#nowhere">a</a><a href="javascript:alert(1)">b</a><a href="#">c</a><p id="x">x</p><p id="x">dup</p><a href="#x">d</a><a href="#x">e</a>' },
  { name: 'pre with tabs and very long lines', html: '<pre>\tA\t\tB\n' + 'x'.repeat(5000) + '</pre>' },
  { name: 'multicol and columns of nothing', html: '<div style="columns:3"></div><div style="columns:5"><p>a</p></div>' },
  { name: 'every list-style-type', html: ['disc', 'circle', 'square', 'decimal', 'decimal-leading-zero', 'lower-alpha', 'upper-alpha', 'lower-roman', 'upper-roman', 'lower-greek', 'none', '"★"'].map((t) => `<ol style="list-style-type:${t}" start="-3"><li>a</li><li value="99999">b</li></ol>`).join('') },
];

describe('pipeline: robustness (no input makes the engine or pdfmake throw)', () => {
  for (const c of cases) {
    it(c.name, async function () {
      this.timeout(60000);
      const r = layoutHtml(c.html, c.css ?? '');
      const bytes = await renderBytes(r);
      expect(bytes.subarray(0, 5).toString()).to.equal('%PDF-');
      for (const d of r.diagnostics) expect(d.code).to.be.a('string');
    });
  }
});
