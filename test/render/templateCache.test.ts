import { expect } from 'chai';
import { createInProcessRenderer } from '../../src/render';
import { TemplateCache } from '../../src/render/templateCache';
import { parsePdf } from '../helpers/pdf';

describe('render: compiled-template cache', () => {
  const compileCounting = () => {
    const compiled: string[] = [];
    return { compiled, compile: (src: string) => { compiled.push(src); return src.toUpperCase(); } };
  };

  it('compiles a template version once and serves it from the cache afterwards', () => {
    const cache = new TemplateCache<string>();
    const c = compileCounting();
    expect(cache.get({ id: 'a', version: 1 }, 'x', c.compile)).to.equal('X');
    expect(cache.get({ id: 'a', version: 1 }, 'x', c.compile)).to.equal('X');
    expect(c.compiled).to.deep.equal(['x']);
    expect(cache.stats()).to.deep.equal({ hits: 1, misses: 1, size: 1 });
  });

  it('recompiles when the version changes, and the new version replaces the old one', () => {
    const cache = new TemplateCache<string>();
    const c = compileCounting();
    cache.get({ id: 'a', version: 1 }, 'one', c.compile);
    expect(cache.get({ id: 'a', version: 2 }, 'two', c.compile)).to.equal('TWO');
    expect(cache.stats().size).to.equal(1);
    expect(c.compiled).to.deep.equal(['one', 'two']);
  });

  it('never serves stale code if the same version comes with different source', () => {
    const cache = new TemplateCache<string>();
    const c = compileCounting();
    cache.get({ id: 'a', version: 1 }, 'old', c.compile);
    expect(cache.get({ id: 'a', version: 1 }, 'new', c.compile)).to.equal('NEW');
  });

  it('keeps at most maxEntries templates, dropping the least recently used', () => {
    const cache = new TemplateCache<string>({ maxEntries: 2 });
    const c = compileCounting();
    cache.get({ id: 'a', version: 1 }, 'a', c.compile);
    cache.get({ id: 'b', version: 1 }, 'b', c.compile);
    cache.get({ id: 'a', version: 1 }, 'a', c.compile); // a is now the most recent
    cache.get({ id: 'c', version: 1 }, 'c', c.compile); // evicts b
    cache.get({ id: 'a', version: 1 }, 'a', c.compile);
    cache.get({ id: 'b', version: 1 }, 'b', c.compile);
    expect(c.compiled).to.deep.equal(['a', 'b', 'c', 'b']);
    expect(cache.stats().size).to.equal(2);
  });

  it('caches nothing when compiling throws', () => {
    const cache = new TemplateCache<string>();
    expect(() => cache.get({ id: 'a', version: 1 }, 'x', () => { throw new Error('syntax'); })).to.throw('syntax');
    expect(cache.stats().size).to.equal(0);
  });

  it('the in-process renderer renders the new version after a change', async () => {
    const renderer = createInProcessRenderer();
    const base = { params: {}, globals: {}, format: 'A4' as const };
    await renderer.render({ ...base, template: { id: 't', version: 1, html: '<p>old text</p>', css: '' } });
    const out = await renderer.render({ ...base, template: { id: 't', version: 2, html: '<p>new text</p>', css: '' } });
    expect(out.diagnostics).to.deep.equal([]);
    expect((await parsePdf(out.pdf)).text).to.contain('new text').and.not.contain('old text');
    await renderer.close();
  });
});
