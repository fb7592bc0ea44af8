// Markup that only the HTML Standard's tree construction gets right, rendered to PDF: the text
// pdftotext reads from Platen's PDF must be the text it reads from Chromium's. Chromium's side
// is stored below; it was printed once with
//   chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer --print-to-pdf=x.pdf file:///…/x.html
//   pdftotext -layout x.pdf -
// and both sides are compared line by line (blank lines dropped, whitespace runs as one space):
// which text shares a line and in which order is what the parse decides.
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiagnosticList } from '../../src/engine/diagnostics';
import { parseHtml, type DomElement, type DomNode } from '../../src/engine/dom';
import { renderHtmlToPdf } from '../../src/render/renderDocument';

interface ParityCase {
  readonly name: string;
  readonly html: string;
  /** pdftotext -layout of Chromium's PDF */
  readonly chromium: string;
  /** Chromium's tree: `chromium --headless --dump-dom`, after its DOCTYPE line */
  readonly dom: string;
}

const CASES: readonly ParityCase[] = [
  {
    name: 'a repeated <!DOCTYPE html><html><head> skeleton (a receipt assembled from partials)',
    html: '<!DOCTYPE html><html><head>\n<!DOCTYPE html><html><head><title>Receipt</title>\n<style>body { font-family: sans-serif }</style>\n</head><body>\n<h1>Receipt 2026-0042</h1>\n<p>Paid by card ending 4242</p>\n<p>Total: 42.00 EUR</p>\n</body></html>\n</body></html>',
    chromium: 'Receipt 2026-0042\nPaid by card ending 4242\n\nTotal: 42.00 EUR',
    dom: "<html><head>\n<title>Receipt</title>\n<style>body { font-family: sans-serif }</style>\n</head><body>\n<h1>Receipt 2026-0042</h1>\n<p>Paid by card ending 4242</p>\n<p>Total: 42.00 EUR</p>\n\n</body></html>",
  },
  {
    name: 'text directly inside <table> (foster-parented before the table)',
    html: '<!DOCTYPE html><table>Before the rows<tr><td>Cell one</td><td>Cell two</td></tr></table><p>After</p>',
    chromium: 'Before the rows\nCell one Cell two\n\nAfter',
    dom: "<html><head></head><body>Before the rows<table><tbody><tr><td>Cell one</td><td>Cell two</td></tr></tbody></table><p>After</p></body></html>",
  },
  {
    name: 'a second <body> start tag',
    html: '<!DOCTYPE html><body><p>First paragraph</p><body class="again"><p>Second paragraph</p></body>',
    chromium: 'First paragraph\n\nSecond paragraph',
    dom: "<html><head></head><body class=\"again\"><p>First paragraph</p><p>Second paragraph</p></body></html>",
  },
  {
    name: 'content after </html>',
    html: '<!DOCTYPE html><html><body><p>Inside the body</p></body></html><p>After the end tag</p>',
    chromium: 'Inside the body\n\nAfter the end tag',
    dom: "<html><head></head><body><p>Inside the body</p><p>After the end tag</p></body></html>",
  },
  {
    name: '<p> inside <h1>, and <h1> inside an open <p>',
    html: '<!DOCTYPE html><h1>Heading text<p>Paragraph inside</p></h1><p>Opened<h1>Closes it</h1>Trailing',
    chromium: 'Heading text\n\nParagraph inside\nOpened\n\n\nCloses it\nTrailing',
    dom: "<html><head></head><body><h1>Heading text<p>Paragraph inside</p></h1><p>Opened</p><h1>Closes it</h1>Trailing</body></html>",
  },
  {
    name: 'unclosed <li>, <td>, <tr> and <p>',
    html: '<!DOCTYPE html><ul><li>Apples<li>Pears</ul><table><tr><td>A1<td>B1<tr><td>A2<td>B2</table><p>One<p>Two',
    chromium: '      Apples\n      Pears\n\nA1 B1\nA2 B2\n\nOne\n\nTwo',
    dom: "<html><head></head><body><ul><li>Apples</li><li>Pears</li></ul><table><tbody><tr><td>A1</td><td>B1</td></tr><tr><td>A2</td><td>B2</td></tr></tbody></table><p>One</p><p>Two</p></body></html>",
  },
];

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW = new Set(['style', 'script', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

/** HTML §13.3 serialization of an element, as Chromium's --dump-dom writes it (enough for these cases). */
function outerHtml(el: DomElement): string {
  const esc = (t: string, attr: boolean) => t.replace(/&/g, '&amp;').replace(/\u00a0/g, '&nbsp;')
    .replace(attr ? /"/g : /[<>]/g, (c) => (c === '"' ? '&quot;' : c === '<' ? '&lt;' : '&gt;'));
  const attrs = Object.entries(el.attrs).map(([k, v]) => ` ${k}="${esc(v, true)}"`).join('');
  if (VOID.has(el.tag)) return `<${el.tag}${attrs}>`;
  const inner = el.children.map((c: DomNode) => (c.kind === 'element' ? outerHtml(c) : c.kind === 'text' ? (RAW.has(el.tag) ? c.text : esc(c.text, false)) : `<!--${c.text}-->`)).join('');
  return `<${el.tag}${attrs}>${inner}</${el.tag}>`;
}

// (Platen prints a list's bullets as text, Chromium draws them: they are left out)
const lines = (s: string) => s.replace(/\u2022/g, ' ').split('\n').map((l) => l.trim().split(/\s+/).join(' ')).filter((l) => l !== '');

describe('render: markup parsed as browsers parse it, printed as Chromium prints it', () => {
  let dir: string;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'platen-parsing-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const c of CASES) {
    it(`${c.name}: Chromium's tree`, () => {
      const doc = parseHtml(c.html, { limits: { maxDomNodes: 10_000, maxDomDepth: 100 }, diagnostics: new DiagnosticList(), complete: true });
      expect(outerHtml(doc.root)).to.equal(c.dom);
    });
    it(`${c.name}: Chromium's text`, async () => {
      const { pdf, diagnostics } = await renderHtmlToPdf({ html: c.html, css: '', engine: {} });
      const file = join(dir, 'out.pdf');
      writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(lines(text)).to.deep.equal(lines(c.chromium));
      expect(diagnostics).to.deep.equal([]);
    });
  }

  it('says so when the source has text and nothing of it prints (an unclosed <title> swallows the receipt)', async () => {
    const html = '<!DOCTYPE html><html><head>\n<title>Receipt\n<body><p>Total: 42.00 EUR</p></body></html>';
    const { pdf, diagnostics } = await renderHtmlToPdf({ html, css: '', engine: {} });
    expect(pdf.length).to.be.greaterThan(0);
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).to.deep.equal([['html-nothing-visible', 2, 8]]);
    expect(diagnostics[0]!.message).to.contain('<title>');
  });

  it('stays quiet for a document without text', async () => {
    const { diagnostics } = await renderHtmlToPdf({ html: '<!DOCTYPE html><style>p { color: red }</style><script>var x = 1</script>', css: '', engine: {} });
    expect(diagnostics).to.deep.equal([]);
  });
});
