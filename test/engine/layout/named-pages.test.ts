// CSS Paged Media 3 §3.1 and §7: page names are case-sensitive <custom-ident>s, and `page: auto`
// takes the used page name of the parent, inside table cells, flex and grid items and floats too.
// Every expectation is what Chromium 156 prints for the same HTML.

import { expect } from 'chai';
import { boxOf, layoutOf, pageAt } from '../../helpers/layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } p { margin: 0 }';

describe('layout: named pages (CSS Paged Media 3 §7)', () => {
  // [@page name, page value, size of the first page]
  const names: [string, string, string][] = [
    ['WordSection1', 'WordSection1', '300x200'],
    ['Foo', 'foo', '200x300'],
    ['foo', 'Foo', '200x300'],
    ['FOO', 'Foo', '200x300'],
    ['Foo:FIRST', 'Foo', '300x200'],
  ];
  for (const [rule, value, size] of names) {
    it(`@page ${rule} ${size === '300x200' ? 'matches' : 'does not match'} page: ${value} (names are case-sensitive, pseudo-classes are not)`, () => {
      const { pages } = layoutOf(`<div style="page:${value}"><p>x</p></div>`, `${PAGE} @page ${rule} { size: 300pt 200pt }`);
      expect(pages.length).to.equal(1);
      expect(`${pages[0]!.width}x${pages[0]!.height}`).to.equal(size);
    });
  }

  // a named container whose first content is a formatting context of its own with two block children
  const contexts: [string, string][] = [
    ['a table cell', '<table><tr><td><p>a</p><p id="b">b</p></td></tr></table>'],
    ['a flex item', '<div style="display:flex"><div><p>a</p><p id="b">b</p></div></div>'],
    ['a grid item', '<div style="display:grid"><div><p>a</p><p id="b">b</p></div></div>'],
    ['a float', '<div style="float:left"><p>a</p><p id="b">b</p></div>'],
    ['an inline-block', '<div style="display:inline-block"><p>a</p><p id="b">b</p></div>'],
  ];
  for (const [what, html] of contexts) {
    it(`the block children of ${what} inside a named page stay on its page`, () => {
      const { root, pages } = layoutOf(`<div style="page:Labels">${html}</div>`, `${PAGE} @page Labels { size: 300pt 200pt; margin: 0 }`);
      expect(pages.map((p) => p.name)).to.deep.equal(['Labels']);
      expect(pageAt(pages, boxOf(root, '#b').y)).to.equal(0);
    });
  }

  it('a block in a table cell whose page name differs starts a page of that name', () => {
    const { root, pages } = layoutOf('<p>first</p><table><tr><td><p>a</p><p id="b" style="page:Y">b</p></td></tr></table>',
      `${PAGE} @page Y { size: 300pt 200pt }`);
    expect(pages.map((p) => `${p.name} ${p.width}x${p.height}`)).to.deep.equal(['auto 200x300', 'Y 300x200']);
    expect(pageAt(pages, boxOf(root, '#b').y)).to.equal(1);
  });
});
