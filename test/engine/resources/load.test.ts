// The closed world: every spelling of a way out is refused before the resolver is asked.
import { expect } from 'chai';
import { DiagnosticList } from '../../../src/engine/diagnostics';
import { loadResource, normaliseAssetPath, type LoadContext } from '../../../src/engine/resources';
import type { Resource } from '../../../src/engine';

function spyContext(maxDataUriBytes = 1024): { ctx: LoadContext; calls: string[]; diagnostics: DiagnosticList } {
  const calls: string[] = [];
  const diagnostics = new DiagnosticList();
  const asset: Resource = { bytes: new TextEncoder().encode('p { color: red }'), contentType: 'text/css' };
  const ctx: LoadContext = { resolver: (path) => { calls.push(path); return path === 'missing.css' ? undefined : asset; }, diagnostics, maxDataUriBytes };
  return { ctx, calls, diagnostics };
}

describe('resources: refused URL spellings never reach the resolver', () => {
  const refused = [
    'file:///etc/passwd', 'FILE:///etc/passwd', 'File://localhost/etc/passwd', 'file:/etc/passwd', '  file:///etc/passwd',
    '\tfile:///etc/passwd', 'fi\tle:///etc/passwd', 'fi\nle:///etc/passwd',
    'http://127.0.0.1:1/x.css', 'HTTPS://example.com/x.png', 'hTtP://[::1]/x', 'ftp://x/y', 'javascript:alert(1)', 'blob:x', 'about:blank', 'cid:logo',
    '//127.0.0.1/x.png', '///etc/passwd', '\\\\server\\share\\x.png', '/\\server/x', '\\/server/x',
    '/etc/passwd', '\\etc\\passwd', 'C:\\Windows\\win.ini', 'c:/windows/win.ini', '~/secret.png', '~root/x',
    '../secret.png', '../../etc/passwd', 'img/../../secret.png', 'img\\..\\..\\secret.png', './../secret.png',
    '%2e%2e/secret.png', '%2E%2E%2Fsecret.png', '..%2fsecret.png', 'img/%2e%2e/%2e%2e/secret.png', '%2fetc%2fpasswd', '%5cetc%5cpasswd',
    'file%3a///etc/passwd', '%66ile:///etc/passwd', '%252e%252e/secret.png', '%c0%ae%c0%ae/secret.png', '%zz.png',
    'logo.png\u0000.css', 'logo%00.png', 'logo\u2028.png', 'img/ ../x.png', 'img/.../x.png', '', '   ',
    'a'.repeat(3000),
  ];
  for (const url of refused) {
    it(`refuses ${JSON.stringify(url.length > 60 ? `${url.slice(0, 20)}…(${url.length})` : url)}`, () => {
      const { ctx, calls, diagnostics } = spyContext();
      expect(loadResource(url, 'image', ctx, { line: 3, column: 7 })).to.equal(undefined);
      expect(calls).to.deep.equal([]);
      expect(diagnostics.items).to.have.length(1);
      expect(diagnostics.items[0]).to.include({ code: 'resource-refused', line: 3, column: 7 });
    });
  }

  it('asks the resolver for plain relative paths, normalised', () => {
    const { ctx, calls, diagnostics } = spyContext();
    for (const url of ['logo.png', './img/logo.png?v=3#x', 'img/./sub/../logo.png', 'img//logo.png', 'img\\logo.png', 'my%20logo.png', 'résumé.png']) {
      expect(loadResource(url, 'image', ctx)).to.not.equal(undefined);
    }
    expect(calls).to.deep.equal(['logo.png', 'img/logo.png', 'img/logo.png', 'img/logo.png', 'img/logo.png', 'my logo.png', 'résumé.png']);
    expect(diagnostics.items).to.deep.equal([]);
    expect(normaliseAssetPath('a/./b/../c.png?x#y')).to.equal('a/c.png');
    expect(normaliseAssetPath('../c.png')).to.equal(undefined);
  });

  it('a missing asset is resource-missing; a throwing resolver is treated as missing', () => {
    const { ctx, diagnostics } = spyContext();
    expect(loadResource('missing.css', 'stylesheet', ctx)).to.equal(undefined);
    expect(diagnostics.items.map((d) => d.code)).to.deep.equal(['resource-missing']);
    const throwing: LoadContext = { resolver: () => { throw new Error('boom'); }, diagnostics: new DiagnosticList(), maxDataUriBytes: 10 };
    expect(loadResource('x.css', 'stylesheet', throwing)).to.equal(undefined);
    expect(throwing.diagnostics.items.map((d) => d.code)).to.deep.equal(['resource-missing']);
  });
});

describe('resources: data: URIs', () => {
  it('decode base64 and percent-encoded bodies, any case of the scheme, without the resolver', () => {
    const { ctx, calls } = spyContext();
    const a = loadResource('data:text/css;base64,cCB7IGNvbG9yOiByZWQgfQ==', 'stylesheet', ctx)!;
    expect(Buffer.from(a.bytes).toString()).to.equal('p { color: red }');
    expect(a.contentType).to.equal('text/css');
    const b = loadResource('DATA:image/svg+xml,%3Csvg%2F%3E', 'image', ctx)!;
    expect(Buffer.from(b.bytes).toString()).to.equal('<svg/>');
    expect(b.contentType).to.equal('image/svg+xml');
    const c = loadResource(' data:;base64,\n  aGk=\n', 'image', ctx)!;
    expect(Buffer.from(c.bytes).toString()).to.equal('hi');
    expect(calls).to.deep.equal([]);
  });

  it('are refused over the size cap (before decoding when the length alone says so), and when malformed', () => {
    const { ctx, diagnostics } = spyContext(100);
    expect(loadResource(`data:image/png;base64,${'A'.repeat(200)}`, 'image', ctx)).to.equal(undefined);
    expect(loadResource(`data:text/plain,${'x'.repeat(101)}`, 'image', ctx)).to.equal(undefined);
    expect(loadResource(`data:text/plain,${'x'.repeat(400)}`, 'image', ctx)).to.equal(undefined);
    expect(loadResource('data:image/png;base64', 'image', ctx)).to.equal(undefined);
    expect(loadResource('data:image/png;base64,@@@@', 'image', ctx, { line: 1 })).to.equal(undefined);
    expect(diagnostics.items.map((d) => d.code)).to.deep.equal(['resource-invalid', 'resource-invalid', 'resource-invalid', 'resource-invalid', 'resource-invalid']);
    // 99 bytes written as %XX: 297 characters, under the cap once decoded
    expect(loadResource(`data:text/plain,${'%41'.repeat(99)}`, 'image', ctx)!.bytes.length).to.equal(99);
  });

  it('decode leniently like a browser: a lone % stays, # ends the data, UTF-8 text is kept', () => {
    const { ctx, diagnostics } = spyContext();
    const svg = loadResource(`data:image/svg+xml;utf8,<svg width='100%' viewBox='0 0 1 1'><rect fill='%23f00'/></svg>`, 'image', ctx)!;
    expect(Buffer.from(svg.bytes).toString()).to.equal(`<svg width='100%' viewBox='0 0 1 1'><rect fill='#f00'/></svg>`);
    expect(Buffer.from(loadResource('data:,caf%C3%A9 ☕#fragment', 'image', ctx)!.bytes).toString()).to.equal('café ☕');
    expect(Buffer.from(loadResource('data:text/plain,%E0%A4%A', 'image', ctx)!.bytes)).to.deep.equal(Buffer.from([0xe0, 0xa4, 0x25, 0x41]));
    expect(diagnostics.items).to.deep.equal([]);
  });
});
