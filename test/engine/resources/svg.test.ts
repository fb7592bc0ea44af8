// SVG sanitizer against the classic payloads: XXE, billion laughs, external images, scripts,
// <use> loops and nested-<use> bombs.
import { expect } from 'chai';
import { DiagnosticList } from '../../../src/engine/diagnostics';
import { sanitizeSvg } from '../../../src/engine/resources';

function run(markup: string): { out: string | undefined; codes: string[] } {
  const diagnostics = new DiagnosticList();
  const out = sanitizeSvg(markup, { diagnostics });
  return { out, codes: diagnostics.items.map((d) => d.code) };
}
const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

describe('resources: sanitizeSvg', () => {
  it('leaves ordinary SVG alone (local references, gradients, data: PNG images)', () => {
    const svg = `<svg ${NS} viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><circle id="c" r="2"/></defs><rect fill="url(#g)" width="10" height="10"/><use xlink:href="#c" x="5"/><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/><text x="1" y="9">a &amp; b &lt; c</text></svg>`;
    const { out, codes } = run(svg);
    expect(out).to.equal(svg);
    expect(codes).to.deep.equal([]);
  });

  it('XXE: the DOCTYPE and its external entity are dropped, the reference stays literal text', () => {
    const { out, codes } = run(`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg ${NS}><text>&xxe;</text></svg>`);
    expect(out).to.equal(`<svg ${NS}><text>&amp;xxe;</text></svg>`);
    expect(out).to.not.contain('ENTITY');
    expect(codes).to.deep.equal(['resource-refused']);
  });

  it('billion laughs: no entity is expanded, output stays small', () => {
    const lol = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`)].join('');
    const { out } = run(`<!DOCTYPE svg [${lol}]><svg ${NS}><text>&lol9;</text></svg>`);
    expect(out).to.equal(`<svg ${NS}><text>&amp;lol9;</text></svg>`);
  });

  it('external <image> hrefs (file:, http:, paths, SVG data:) are removed; PNG data: kept', () => {
    const { out, codes } = run(`<svg ${NS}><image xlink:href="file:///etc/passwd"/><image href="http://127.0.0.1:9/x.png"/><image href="/etc/hostname"/><image href="../secret.png"/><image href="data:image/svg+xml;base64,PHN2Zy8+"/><image href=" data:image/png;base64,iVBORw0KGgo="/><feImage href="http://x/y"/></svg>`);
    expect(out).to.equal(`<svg ${NS}><image href=" data:image/png;base64,iVBORw0KGgo="/></svg>`);
    expect(codes.every((c) => c === 'resource-refused')).to.equal(true);
  });

  it('scripts, foreignObject, event handlers, external <use>, url() and @import to outside are removed', () => {
    const { out } = run(`<svg ${NS} onload="alert(1)"><script>alert(1)</script><svg:script xmlns:svg="http://www.w3.org/2000/svg">x</svg:script><foreignObject><iframe src="file:///etc/passwd"/></foreignObject><a href="#x" onclick="y"><rect style="fill:url(http://evil/x)" filter="url('file:///x#f')" width="1"/></a><use href="other.svg#icon"/><style>@import url(http://evil/x.css); .a{background:url(file:///etc/passwd)} .b{fill:url(#g)}</style></svg>`);
    expect(out).to.not.match(/script|foreignObject|iframe|onload|onclick|evil|file:|other\.svg|@import/i);
    expect(out).to.contain('<a href="#x"><rect width="1"/></a>');
    expect(out).to.contain('.b{fill:url(#g)}');
  });

  it('<use> cycles are cut: self, ancestor and mutual references', () => {
    const { out, codes } = run(`<svg ${NS}><g id="a"><rect width="1"/><use href="#a"/></g><g id="b"><use xlink:href="#c"/></g><g id="c"><use xlink:href="#b"/></g><use href="#a"/></svg>`);
    expect(codes.filter((c) => c === 'resource-invalid')).to.have.length(2);
    expect(out).to.equal(`<svg ${NS}><g id="a"><rect width="1"/></g><g id="b"><use xlink:href="#c"/></g><g id="c"/><use href="#a"/></svg>`);
  });

  it('a nested-<use> bomb (10^8 elements once expanded) is refused', () => {
    let defs = '<g id="l0"><rect width="1"/></g>';
    for (let i = 1; i <= 8; i++) defs += `<g id="l${i}">${`<use href="#l${i - 1}"/>`.repeat(10)}</g>`;
    const { out, codes } = run(`<svg ${NS}><defs>${defs}</defs><use href="#l8"/></svg>`);
    expect(out).to.equal(undefined);
    expect(codes).to.deep.equal(['limit-exceeded']);
  });

  it('deep nesting and markup without <svg> are refused', () => {
    expect(run(`<svg ${NS}>${'<g>'.repeat(500)}${'</g>'.repeat(500)}</svg>`).codes).to.deep.equal(['limit-exceeded']);
    expect(run('<html><body>no svg</body></html>').out).to.equal(undefined);
  });

  it('finds the <svg> inside an HTML wrapper and drops the wrapper', () => {
    expect(run(`<div><svg ${NS}><rect width="2"/></svg></div>`).out).to.equal(`<svg ${NS}><rect width="2"/></svg>`);
  });
});

describe('resources: sanitizeSvg is idempotent', () => {
  it('cleaning cleaned markup changes nothing', () => {
    const once = sanitizeSvg(`<svg ${NS}><script>x</script><g id="a"><use href="#a"/><image href="file:///x"/></g><text>&lt;b&gt; &amp;amp;</text></svg>`)!;
    expect(sanitizeSvg(once)).to.equal(once);
  });
});
