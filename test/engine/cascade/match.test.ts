// Selectors 4 matching against a real tree: a rule matches exactly the elements listed.
import { expect } from 'chai';
import { run } from './helpers';
import type { StyledElement } from '../../../src/engine/cascade/styled';
import { buildMatchTree } from '../../../src/engine/cascade/match';
import { parseHtml } from '../../../src/engine/dom';
import { DiagnosticList } from '../../../src/engine/diagnostics';

const DOC = `
<div id="root" class="box main" lang="en-GB" data-x="a-b c">
  <p id="p1" class="first">one</p>
  <p id="p2"></p>
  <span id="s1">s</span>
  <p id="p3" title="hello world">three</p>
  <ul id="list"><li id="l1">1</li><li id="l2" class="x">2</li><li id="l3">3</li><li id="l4" class="x">4</li><li id="l5">5</li></ul>
  <a id="a1" href="https://example.com/doc.pdf">link</a><a id="a2" name="n">anchor</a>
  <input id="i1" type="checkbox" checked disabled><input id="i2" type="TEXT" required>
  <section id="sec"><h2 id="h">t</h2></section>
</div>`;

function matched(selector: string): string[] {
  const r = run(`<style>${selector} { color: rgb(1, 2, 3) }</style>${DOC}`);
  const out: string[] = [];
  const walk = (el: StyledElement) => {
    if (el.attrs.id && el.style.color.r === 1 && el.style.color.g === 2 && (el.style.color.b === 3)) out.push(el.attrs.id);
    for (const c of el.children) if (c.kind === 'element') walk(c);
  };
  walk(r.result.root);
  return out;
}

// every element with an id under #root inherits colour from a matched ancestor, so only
// check selectors that match leaves or compare the direct set via the colour's own source
describe('cascade: selector matching', () => {
  const cases: [string, string[]][] = [
    ['#p1', ['p1']],
    ['p.first', ['p1']],
    ['.box.main > #p2', ['p2']],
    ['div p', ['p1', 'p2', 'p3']],
    ['#p1 + p', ['p2']],
    ['#p1 ~ p', ['p2', 'p3']],
    ['p:empty', ['p2']],
    ['p:first-child', ['p1']],
    ['li:last-child', ['l5']],
    ['p:last-of-type', ['p3']],
    ['span:only-of-type', ['s1']],
    ['li:nth-child(2n)', ['l2', 'l4']],
    ['li:nth-child(odd)', ['l1', 'l3', 'l5']],
    ['li:nth-child(-n+2)', ['l1', 'l2']],
    ['li:nth-last-child(2)', ['l4']],
    ['li:nth-child(2 of .x)', ['l4']],
    ['p:nth-of-type(2)', ['p2']],
    ['li:not(.x)', ['l1', 'l3', 'l5']],
    ['li:not(.x, :first-child)', ['l3', 'l5']],
    ['li:is(#l1, .x)', ['l1', 'l2', 'l4']],
    ['li:where(.x)', ['l2', 'l4']],
    ['[title]', ['p3']],
    ['[title="hello world"]', ['p3']],
    ['[title~="world"]', ['p3']],
    ['[lang|="en"]', ['root']],
    ['a[href^="https:"]', ['a1']],
    ['a[href$=".pdf"]', ['a1']],
    ['a[href*="example"]', ['a1']],
    ['input[type="text" i]', ['i2']],
    ['input[type="text"]', []],
    ['a:link', ['a1']],
    ['a:any-link', ['a1']],
    [':checked', ['i1']],
    [':disabled', ['i1']],
    [':required', ['i2']],
    ['a:hover', []],
    ['section:has(> h2)', ['sec']],
    ['h2:lang(en)', ['h']],
    // CSS Scoping 1 §3.2.1: no shadow host in a document, so :host matches nothing and keeps its list valid
    [':host, #p1', ['p1']],
    ['p:not(:host)', ['p1', 'p2', 'p3']],
    [':host(.box), #p2', ['p2']],
    // Selectors 4 §3.1: a valid pseudo-element that never applies in print drops out of its list alone
    ['#p1, ::backdrop, ::file-selector-button', ['p1']],
    ['#p1, ::-webkit-scrollbar', ['p1']],
    ['#p1, ::selection', ['p1']],
    // ... and keeps its place in the list: the selectors after it are still found by their position
    ['::-webkit-scrollbar, #p1', ['p1']],
    ['::backdrop, #p2, ::file-selector-button, #s1', ['p2', 's1']],
    ['#list > li::-webkit-details-marker, #list > li.x::marker', []],
    // an unknown vendor pseudo-element invalidates the whole list, in Chromium too
    ['#p1, ::-moz-selection', []],
  ];
  for (const [sel, want] of cases) {
    it(`${sel} → ${want.join(', ') || 'nothing'}`, () => {
      const got = matched(sel).filter((id) => want.includes(id) || !isDescendantOfMatch(id, want));
      expect(got).to.deep.equal(want);
    });
  }
  it(':host, :root matches html (Pico CSS declares its custom properties there)', () => {
    const r = run('<style>:host, :root { --c: rgb(1, 2, 3) } p { color: var(--c) }</style><p id="p">x</p>');
    expect(r.byId('p').style.color).to.deep.equal({ r: 1, g: 2, b: 3, a: 1 });
    expect(r.diagnostics.map((d) => d.code)).to.not.include('unsupported-selector');
  });
  it('a pseudo-element rule after a never-matching one in its list is not applied to the element (rustdoc: summary::-webkit-details-marker, summary::marker)', () => {
    // Chromium 156 prints the summary of `.t > summary::-webkit-details-marker, .t > summary::marker { display: none }`
    const r = run('<style>.t > summary::-webkit-details-marker, .t > summary::marker { display: none }</style><details class="t" open><summary id="s">head</summary><p>body</p></details>');
    expect(r.byId('s').style.display).to.not.equal('none');
  });
  it(':root matches html', () => {
    const r = run('<style>:root { color: rgb(1, 2, 3) }</style><p>x</p>');
    expect(r.result.root.style.color).to.deep.equal({ r: 1, g: 2, b: 3, a: 1 });
  });
});

/** Elements below a matched one inherit its colour; they are not matches of their own. */
function isDescendantOfMatch(id: string, matches: string[]): boolean {
  const parents: Record<string, string> = { h: 'sec' };
  for (const li of ['l1', 'l2', 'l3', 'l4', 'l5']) parents[li] = 'list';
  for (const x of ['p1', 'p2', 'p3', 's1', 'list', 'a1', 'a2', 'i1', 'i2', 'sec']) parents[x] = 'root';
  for (let p = parents[id]; p; p = parents[p]) if (matches.includes(p)) return true;
  return false;
}

describe('cascade: the ancestor filter never rejects a real match', () => {
  const html = '<div class="a"><h1 class="h">t</h1><div class="b"><p id="t" class="c">x</p></div></div>';
  const sels = ['.a .c', '.a > .b > .c', '.h + .b .c', '.h ~ .b > p', 'div div p', '.a p.c', 'div.a :is(.b) .c', 'html body .a .b .c', '.a .b ~ p, #t', ':not(.z) .c'];
  for (const sel of sels) {
    it(sel, () => {
      const r = run(`<style>${sel} { color: rgb(1, 2, 3) }</style>${html}`);
      expect(r.byId('t').style.color).to.deep.equal({ r: 1, g: 2, b: 3, a: 1 });
    });
  }
  for (const sel of ['.z .c', '.b .a .c', 'span .c', '.h > .c']) {
    it(`not ${sel}`, () => {
      const r = run(`<style>${sel} { color: rgb(1, 2, 3) }</style>${html}`);
      expect(r.byId('t').style.color).to.deep.equal({ r: 0, g: 0, b: 0, a: 1 });
    });
  }
});

describe('cascade: :has() is anchored at its element', () => {
  const cases: [string, string, boolean][] = [
    ['#t:has(> .c)', '<div id="t"><p class="c">x</p></div>', true],
    ['#t:has(> .c)', '<div id="t"><div><p class="c">x</p></div></div>', false],
    ['#t:has(.c)', '<div id="t"><div><p class="c">x</p></div></div>', true],
    ['#t:has(.a .c)', '<div class="a"><div id="t"><p class="c">x</p></div></div>', false],
    ['#t:has(.a .c)', '<div id="t"><div class="a"><p class="c">x</p></div></div>', true],
    ['#t:has(+ .n)', '<div id="t">x</div><p class="n">y</p>', true],
    ['#t:has(+ .n)', '<div id="t">x</div><p>z</p><p class="n">y</p>', false],
    ['#t:has(~ .n)', '<div id="t">x</div><p>z</p><p class="n">y</p>', true],
    ['#t:has(> p + .c)', '<div id="t"><p>x</p><span class="c">y</span></div>', true],
  ];
  for (const [sel, html, want] of cases) {
    it(`${sel} on ${html} → ${want}`, () => {
      const r = run(`<style>${sel} { color: rgb(1, 2, 3) }</style>${html}`);
      expect(r.byId('t').style.color.r === 1).to.equal(want);
    });
  }
});

describe('match tree: one class list per class name', () => {
  it('elements with the same single class share its list; each list still names its own class', () => {
    // more distinct names than the shared lists keep, so the store is cleared on the way
    const names = Array.from({ length: 5000 }, (_, i) => `c${i}`);
    const html = `<div>${names.map((n) => `<i class="${n}"></i><b class="${n}"></b>`).join('')}<i class="two words"></i></div>`;
    const doc = parseHtml(html, { limits: { maxDomNodes: 100_000, maxDomDepth: 256 }, diagnostics: new DiagnosticList() });
    const div = buildMatchTree(doc.root).children.find((c) => c.tag === 'body')!.children[0]!;
    names.forEach((n, k) => {
      const [i, b] = [div.children[2 * k]!, div.children[2 * k + 1]!];
      expect(i.classes).to.deep.equal([n]);
      expect(b.classes).to.equal(i.classes);
    });
    expect(div.children[names.length * 2]!.classes).to.deep.equal(['two', 'words']);
    expect(matched('.x')).to.deep.equal(['l2', 'l4']);
  });
});
