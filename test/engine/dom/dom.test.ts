// The document tree: skeleton, implied tbody, dropped elements, limits, locations.
import { expect } from 'chai';
import { parseHtml, textOf, type DomElement } from '../../../src/engine/dom';
import { DiagnosticList } from '../../../src/engine/diagnostics';

const parse = (html: string, limits = { maxDomNodes: 100_000, maxDomDepth: 256 }) => {
  const diagnostics = new DiagnosticList();
  const doc = parseHtml(html, { limits, diagnostics });
  return { doc, diagnostics: diagnostics.items };
};
const tags = (el: DomElement): string[] => el.children.filter((c) => c.kind === 'element').map((c) => (c as DomElement).tag);

describe('dom: parsing', () => {
  it('adds html/head/body around a fragment', () => {
    const { doc } = parse('<h1>Hi</h1><p>there</p>');
    expect(doc.root.tag).to.equal('html');
    expect(tags(doc.root)).to.deep.equal(['head', 'body']);
    expect(tags(doc.body)).to.deep.equal(['h1', 'p']);
  });
  it('puts a leading <title> into the head', () => {
    const { doc } = parse('<title>T</title><p>x</p>');
    expect(tags(doc.head)).to.deep.equal(['title']);
    expect(tags(doc.body)).to.deep.equal(['p']);
  });
  it('keeps a full document as written', () => {
    const { doc } = parse('<!doctype html><html lang="en"><head><title>T</title></head><body class="b"><p>x</p></body></html>');
    expect(doc.root.attrs.lang).to.equal('en');
    expect(doc.body.attrs.class).to.equal('b');
    expect(tags(doc.body)).to.deep.equal(['p']);
  });
  it('wraps bare table rows in an implied tbody', () => {
    const { doc } = parse('<table><thead><tr><th>a</th></tr></thead><tr><td>1</td></tr><tr><td>2</td></tr></table>');
    const table = doc.body.children[0] as DomElement;
    expect(tags(table)).to.deep.equal(['thead', 'tbody']);
    expect(tags(table.children[1] as DomElement)).to.deep.equal(['tr', 'tr']);
  });
  it('decodes entities and joins text', () => {
    const { doc } = parse('<p>a &amp; b &lt; c&nbsp;d</p>');
    expect(textOf(doc.body)).to.equal('a & b < c\u00a0d');
  });
  it('collects <style> and <link rel=stylesheet> in document order with media, and keeps them in the tree empty', () => {
    const { doc } = parse('<link rel="stylesheet" href="a.css"><style media="print">p{}</style><link rel="icon" href="x.ico"><p>x</p><style>q{}</style>');
    expect(doc.styles.map((s) => (s.kind === 'style' ? `style:${s.text}:${s.media}` : `link:${s.href}`))).to.deep.equal(['link:a.css', 'style:p{}:print', 'style:q{}:']);
    // (selectors see them as siblings, as in browsers; the UA sheet does not display them)
    expect(tags(doc.head)).to.deep.equal(['link', 'style', 'link']);
    expect(tags(doc.body)).to.deep.equal(['p', 'style']);
    expect(textOf(doc.body)).to.equal('x');
  });
  it('keeps scripts and templates empty, drops iframes and objects with a diagnostic; <noscript> content is raw text, dropped', () => {
    // (the scripting flag is on, as Chromium prints: Chromium 156 prints only "kept" of this document)
    const html = '<script>alert(1)</script><template><p>t</p></template><noscript><p>n</p></noscript><iframe src="x"></iframe><p>kept</p><object data="y"></object>';
    const { doc, diagnostics } = parse(html);
    expect(tags(doc.head)).to.deep.equal(['script', 'template', 'noscript']);
    expect(tags(doc.body)).to.deep.equal(['p']);
    expect(textOf(doc.body)).to.equal('kept');
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).to.deep.equal([['html-unsupported', 1, html.indexOf('<iframe') + 1], ['html-unsupported', 1, html.indexOf('<object') + 1]]);
  });
  it('with the scripting flag off, <noscript> content is markup (a <p> ends the head\'s noscript and goes to the body)', () => {
    const doc = parseHtml('<noscript><p>n</p></noscript><p>kept</p>', { limits: { maxDomNodes: 1000, maxDomDepth: 64 }, diagnostics: new DiagnosticList(), scripting: false });
    expect(tags(doc.body)).to.deep.equal(['p', 'p']);
    expect(textOf(doc.body)).to.equal('nkept');
  });
  it('a <noscript> in the body drops its content, <style> included, up to its end tag; what follows parses as before', () => {
    const doc = parseHtml('<p>a</p><noscript><style>p{color:red}</style><div>banner <b>x</noscript><p>b</p>', { limits: { maxDomNodes: 1000, maxDomDepth: 64 }, diagnostics: new DiagnosticList() });
    expect(tags(doc.body)).to.deep.equal(['p', 'noscript', 'p']);
    expect(textOf(doc.body)).to.equal('ab');
    expect(doc.styles).to.have.length(0);
  });
  it('gives elements their line and column', () => {
    const { doc } = parse('<html>\n<body>\n  <div id="x">\n    <span>y</span></div></body></html>');
    const div = doc.body.children.find((c) => c.kind === 'element') as DomElement;
    expect([div.loc.line, div.loc.column]).to.deep.equal([3, 3]);
    const span = div.children.find((c) => c.kind === 'element') as DomElement;
    expect([span.loc.line, span.loc.column]).to.deep.equal([4, 5]);
  });
  it('caps the number of nodes with one limit-exceeded diagnostic', () => {
    const { doc, diagnostics } = parse('<p>x</p>'.repeat(100), { maxDomNodes: 50, maxDomDepth: 256 });
    expect(doc.body.children.length).to.be.at.most(50);
    expect(diagnostics.map((d) => d.code)).to.deep.equal(['limit-exceeded']);
  });
  it('caps the depth with one limit-exceeded diagnostic', () => {
    const { doc, diagnostics } = parse('<div>'.repeat(500) + 'deep' + '</div>'.repeat(500), { maxDomNodes: 100_000, maxDomDepth: 64 });
    let depth = 0;
    for (let el: DomElement | undefined = doc.root; el; el = el.children.find((c): c is DomElement => c.kind === 'element')) depth++;
    expect(depth).to.be.at.most(64);
    expect(diagnostics.map((d) => d.code)).to.deep.equal(['limit-exceeded']);
  });
  it('treats conditional comments as comments', () => {
    const { doc } = parse('<!--[if mso]><table><tr><td>mso</td></tr></table><![endif]--><p>x</p>');
    expect(tags(doc.body)).to.deep.equal(['p']);
  });
  it('keeps inline svg with its case', () => {
    const { doc } = parse('<svg viewBox="0 0 10 10"><linearGradient id="g"/><rect width="5"/></svg>');
    const svg = doc.body.children[0] as DomElement;
    expect(svg.tag).to.equal('svg');
    expect(tags(svg)).to.deep.equal(['linearGradient', 'rect']);
  });
});

describe('dom: document mode (HTML §13.2.6.4.1)', () => {
  const cases: [string, string][] = [
    ['<!DOCTYPE html>', 'no-quirks'],
    ['<!doctype HTML>', 'no-quirks'],
    ['', 'quirks'],
    ['<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">', 'limited-quirks'],
    ['<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">', 'limited-quirks'],
    ['<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">', 'quirks'],
    ['<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">', 'no-quirks'],
    ['<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">', 'no-quirks'],
    ['<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">', 'quirks'],
    ['<!DOCTYPE svg>', 'quirks'],
  ];
  for (const [doctype, mode] of cases) {
    it(`${doctype || '(none)'} → ${mode}`, () => expect(parse(`${doctype}<p>x</p>`).doc.mode).to.equal(mode));
  }
});

describe('dom: <style> inside inline SVG', () => {
  it('applies to the document and stays inside the SVG', () => {
    const { doc } = parse('<svg viewBox="0 0 10 10"><style>.r { fill: red }</style><rect class="r" width="5"/></svg><p>x</p>');
    expect(doc.styles.map((s) => s.kind === 'style' && s.text)).to.deep.equal(['.r { fill: red }']);
    const svg = doc.body.children[0] as DomElement;
    expect(tags(svg)).to.deep.equal(['style', 'rect']);
    expect(textOf(svg.children[0] as DomElement)).to.equal('.r { fill: red }');
  });
});
