// dom/metadata.ts: what a document's head says about it, as the engine hands it to the PDF writer.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';

const head = (inner: string, html = '<html>') => `<!doctype html>${html}<head>${inner}</head><body><p>x</p></body></html>`;

describe('engine: document metadata', () => {
  it('reads <title>, <meta name> and <html lang>, whitespace collapsed', () => {
    const r = layoutHtml(head('<title>\n  Invoice\t42 </title><meta name="AUTHOR" content="ACME Ltd"><meta name="description" content="March"><meta name="keywords" content="a, b"><meta name="generator" content="ERP 7"><meta name="author" content="second author is ignored">', '<html lang="de-CH">'), '');
    expect(r.metadata).to.deep.equal({ title: 'Invoice 42', author: 'ACME Ltd', subject: 'March', keywords: 'a, b', creator: 'ERP 7', lang: 'de-CH' });
    expect(r.diagnostics).to.deep.equal([]);
  });

  it('is empty for a document that says nothing', () => {
    expect(layoutHtml('<p>x</p>', '').metadata).to.deep.equal({});
  });

  it('drops control characters and lone surrogates, which would break the XMP packet', () => {
    const r = layoutHtml(head('<title>A&#1;B\uD800C</title>'), '');
    expect(r.metadata?.title).to.equal('A B\uFFFDC');
  });

  it('ignores a lang that is not a language tag, with a located diagnostic', () => {
    const r = layoutHtml('<!doctype html>\n<html lang="en us!"><p>x</p></html>', '');
    expect(r.metadata?.lang).to.equal(undefined);
    expect(r.diagnostics.map((d) => [d.code, d.line])).to.deep.equal([['invalid-value', 2]]);
  });

  it('takes the template\'s standard from <meta name="pdf-standard">, case-insensitively', () => {
    expect(layoutHtml(head('<meta name="pdf-standard" content="pdf/a-3B">'), '').metadata?.pdfStandard).to.equal('PDF/A-3b');
    const bad = layoutHtml(head('<meta name="pdf-standard" content="PDF/A-1a">'), '');
    expect(bad.metadata?.pdfStandard).to.equal(undefined);
    expect(bad.diagnostics.map((d) => d.code)).to.deep.equal(['invalid-value']);
    expect(bad.diagnostics[0]!.message).to.contain('PDF/A-2b, PDF/A-3b');
  });
});
