// Matched-rules sharing (cascade/sharing.ts): elements no selector can tell apart share one
// matching; elements a selector can tell apart never do. Each case is checked twice: against
// the expected colours, and against the same document with sharing turned off (a :has() rule
// that matches nothing turns it off), which must give the same styled tree.
import { expect } from 'chai';
import fc from 'fast-check';
import { run } from './helpers';
import type { StyledElement, StyledNode } from '../../../src/engine/cascade/styled';
import { isKeyword, type ComputedStyle } from '../../../src/engine/cascade/computed';

/** A rule that changes nothing but turns sharing off for the document. */
const SHARING_OFF = 'x-never:has(x-never) { color: red }';

const RED = 'rgb(255, 0, 0)';

/**
 * Colour of every element with text of its own, as `text:r,g,b`. Elements are named by their
 * text, not by an id: an id would make every element its own kind, and nothing would be shared.
 */
function colours(root: StyledElement): string[] {
  const out: string[] = [];
  const walk = (el: StyledElement) => {
    const own = el.children.map((c) => (c.kind === 'text' ? c.text : '')).join('').trim();
    if (own && !el.tag.startsWith('::')) out.push(`${own}:${el.style.color.r},${el.style.color.g},${el.style.color.b}`);
    for (const c of el.children) if (c.kind === 'element') walk(c);
  };
  walk(root);
  return out;
}

/** The whole styled tree as text: tags, attributes, every computed value. */
function dump(n: StyledNode): unknown {
  if (n.kind === 'text') return { text: n.text, style: n.style };
  return { tag: n.tag, attrs: n.attrs, style: n.style, children: n.children.map(dump) };
}

function styled(html: string, css: string) {
  const on = run(`<!doctype html><html><head><style>${css}</style></head><body>${html}</body></html>`);
  const off = run(`<!doctype html><html><head><style>${css}\n${SHARING_OFF}</style></head><body>${html}</body></html>`);
  expect(on.diagnostics, 'no unexpected diagnostics').to.deep.equal([]);
  expect(JSON.stringify(dump(on.result.root)), 'sharing changes nothing').to.equal(JSON.stringify(dump(off.result.root)));
  return on;
}

/** The elements (named by their text) whose colour is red. */
function red(html: string, css: string): string[] {
  const r = styled(html, css);
  return colours(r.result.root).filter((c) => c.endsWith(':255,0,0')).map((c) => c.split(':')[0]!);
}

const rows = (n: number, cell = (i: number) => `<td>c${i}</td>`, row = (i: number) => `<th>r${i}</th>`) =>
  `<table><tbody>${Array.from({ length: n }, (_, i) => `<tr>${row(i + 1)}${cell(i + 1)}</tr>`).join('')}</tbody></table>`;

describe('cascade: matched-rules sharing', () => {
  it('tells rows apart by :nth-child, in the row and through an ancestor', () => {
    expect(red(rows(6), `tr:nth-child(even) td { color: ${RED} }`)).to.deep.equal(['c2', 'c4', 'c6']);
    expect(red(rows(6), `tr:nth-child(3n+1) { color: ${RED} }`)).to.deep.equal(['r1', 'c1', 'r4', 'c4']);
    expect(red(rows(5, (i) => `<td><span>s${i}</span></td>`), `tr:nth-last-child(2) span { color: ${RED} }`)).to.deep.equal(['s4']);
  });

  it('tells siblings apart by :first-child, :last-child, :only-child, :empty and the -of-type classes', () => {
    const list = '<ul><li>a</li><li>b</li><li><b>c</b></li><li></li><li>d</li></ul><ul><li>e</li></ul>';
    expect(red(list, `li:first-child { color: ${RED} }`)).to.deep.equal(['a', 'e']);
    expect(red(list, `li:last-child { color: ${RED} }`)).to.deep.equal(['d', 'e']);
    expect(red(list, `li:only-child { color: ${RED} }`)).to.deep.equal(['e']);
    expect(red(list, `li:not(:empty) + li:empty + li { color: ${RED} }`)).to.deep.equal(['d']);
    expect(red(list, `li:not(:first-child):not(:last-child) { color: ${RED} }`)).to.deep.equal(['b', 'c']);
    const mixed = '<div><p>p1</p><span>s1</span><p>p2</p><p>p3</p></div>';
    expect(red(mixed, `p:first-of-type, p:last-of-type { color: ${RED} }`)).to.deep.equal(['p1', 'p3']);
    expect(red(mixed, `p:nth-of-type(2) { color: ${RED} }`)).to.deep.equal(['p2']);
  });

  it('tells siblings apart by the sibling combinators, also inside :is() and on an ancestor', () => {
    const list = '<ul><li>a</li><li class="x">b</li><li>c</li><li>d</li><li class="x">e</li><li>f</li></ul>';
    expect(red(list, `li + li { color: ${RED} }`)).to.deep.equal(['b', 'c', 'd', 'e', 'f']);
    expect(red(list, `.x + li { color: ${RED} }`)).to.deep.equal(['c', 'f']);
    expect(red(list, `.x ~ li:not(.x) { color: ${RED} }`)).to.deep.equal(['c', 'd', 'f']);
    expect(red(list, `li:is(.x + *) { color: ${RED} }`)).to.deep.equal(['c', 'f']);
    const nested = '<div><h2>t</h2><p><b>b1</b></p><p><b>b2</b></p></div><div><p><b>b3</b></p></div>';
    expect(red(nested, `h2 + p b { color: ${RED} }`)).to.deep.equal(['b1']);
    expect(red(nested, `h2 ~ p b { color: ${RED} }`)).to.deep.equal(['b1', 'b2']);
  });

  it('tells elements apart by any attribute, and by the attributes of an ancestor', () => {
    expect(red(rows(4, (i) => `<td data-k="${i % 2}">c${i}</td>`), `[data-k="1"] { color: ${RED} }`)).to.deep.equal(['c1', 'c3']);
    expect(red(rows(3, (i) => `<td ${i === 2 ? 'style="color: red"' : ''}>c${i}</td>`), '')).to.deep.equal(['c2']);
    expect(red(rows(3, (i) => `<td><span lang="${i === 3 ? 'fr' : 'en'}">s${i}</span></td>`), `:lang(fr) { color: ${RED} }`)).to.deep.equal(['s3']);
    expect(red(rows(3, (i) => `<td><span>s${i}</span></td>`, (i) => (i === 2 ? '<td lang="fr"></td>' : '<td lang="en"></td>')), `td:lang(fr) + td span { color: ${RED} }`)).to.deep.equal(['s2']);
    const deep = '<div title="a"><p><i>i1</i></p></div><div title="b"><p><i>i2</i></p></div>';
    expect(red(deep, `[title=b] i { color: ${RED} }`)).to.deep.equal(['i2']);
  });

  it('keeps tags and positions apart in the keys it remembers, past the number of tags it keeps', () => {
    // 600 custom tags (more than the remembered key heads), each as first and last child
    const tags = Array.from({ length: 600 }, (_, i) => `x-t${i}`);
    const html = tags.map((t, i) => `<div><${t}>f${i}</${t}><${t}>l${i}</${t}></div>`).join('') + '<div><b>b1</b><i>i1</i><b>b2</b></div>';
    const css = `${tags.filter((_, i) => i % 2 === 0).join(', ')} { color: ${RED} } :last-child { color: rgb(0, 0, 255) } b:first-child { color: ${RED} }`;
    const want = [...tags.flatMap((_, i) => (i % 2 === 0 ? [`f${i}`] : [])), 'b1'];
    expect(red(html, css)).to.deep.equal(want);
  });

  it('shares nothing between documents or sheets: each cascade starts afresh', () => {
    const css = `li:first-child { color: ${RED} }`;
    expect(red('<ul><li>a</li><li>b</li></ul>', css)).to.deep.equal(['a']);
    expect(red('<ul><li>b</li><li>a</li></ul>', css)).to.deep.equal(['b']);
    // the same sheet, then the same sheet with a sibling rule added after it
    expect(red('<ul><li>a</li><li>b</li></ul>', `${css} li + li { color: ${RED} }`)).to.deep.equal(['a', 'b']);
    expect(red('<ul><li>a</li><li>b</li></ul>', css)).to.deep.equal(['a']);
  });

  it('gives ::before and ::after the matching of their own element', () => {
    const r = styled('<ul id="list"><li>a</li><li>b</li><li>c</li></ul>', 'li:nth-child(2)::before { content: "two" } li + li::after { content: "next" }');
    const items = r.byId('list').children.filter((c): c is StyledElement => c.kind === 'element');
    const gen = items.map((li) => li.children.filter((c): c is StyledElement => c.kind === 'element').map((c) => c.tag).join(' '));
    expect(gen).to.deep.equal(['', '::before ::after', '::after']);
  });

  it('is the same styled tree with and without sharing, for random documents and selectors', function () {
    this.timeout(60_000);
    const tag = fc.constantFrom('div', 'p', 'span', 'li', 'b');
    const attrs = fc.constantFrom('', ' class="a"', ' class="b"', ' class="a b"', ' data-x="1"', ' title="t"', ' lang="fr"');
    type Tree = { tag: string; attrs: string; kids: Tree[]; text: boolean };
    const level = (depth: number): fc.Arbitrary<Tree[]> => fc.array(
      fc.record({ tag, attrs, kids: depth > 0 ? level(depth - 1) : fc.constant([]), text: fc.boolean() }),
      { maxLength: 4 },
    );
    const tree = level(3);
    const toHtml = (ts: Tree[]): string => ts.map((n) => `<${n.tag}${n.attrs}>${n.text ? 'x' : ''}${toHtml(n.kids)}</${n.tag}>`).join('');
    const compound = fc.tuple(fc.constantFrom('', 'div', 'p', 'span', 'li', '*'), fc.constantFrom('', '.a', '.b', '[data-x]', ':first-child', ':last-child', ':nth-child(2n)', ':nth-last-child(2)', ':empty', ':first-of-type', ':only-of-type', ':not(.a)', ':is(.b + *)', ':lang(fr)'))
      .map(([t, rest]) => (t === '' && rest === '' ? '*' : t + rest));
    const selector = fc.tuple(compound, fc.array(fc.tuple(fc.constantFrom(' ', ' > ', ' + ', ' ~ '), compound), { maxLength: 3 }))
      .map(([first, more]) => first + more.map(([c, s]) => c + s).join(''));
    const colour = fc.constantFrom('red', 'blue', 'green', 'inherit');
    const rules = fc.array(fc.tuple(selector, colour, fc.constantFrom('', '::before')), { minLength: 1, maxLength: 5 })
      .map((rs) => rs.map(([s, c, pe]) => `${s}${pe} { color: ${c}${pe ? '; content: "g"' : ''} }`).join('\n'));
    fc.assert(fc.property(tree, rules, (t, css) => { styled(`<div id="top">${toHtml(t)}</div>`, css); }),
      { numRuns: Number(process.env.PLATEN_FUZZ_RUNS ?? 300), seed: Number(process.env.PLATEN_FUZZ_SEED ?? 7) });
  });
});

describe('cascade: computed styles shared across documents', () => {
  const page = (size: string, body: string, css = '') => run(`<!doctype html><html><head><style>@page { size: ${size}; margin: 0 } ${css}</style></head><body>${body}</body></html>`);

  it('the same document twice: the same styles, and each time the same diagnostics', () => {
    const body = '<div id="a" style="width: var(--missing); color: var(--nope)">x</div><p id="b">y</p>';
    const first = page('A4', body);
    const second = page('A4', body);
    expect(JSON.stringify(dump(second.result.root))).to.equal(JSON.stringify(dump(first.result.root)));
    expect(first.diagnostics.map((d) => d.code)).to.deep.equal(['invalid-value', 'invalid-value']);
    expect(second.diagnostics).to.deep.equal(first.diagnostics);
  });

  it('page-relative lengths follow each document\'s page area (same sheets, another format)', () => {
    const html = '<!doctype html><html><head><style>@page { margin: 0 } html { font-size: 2vw } #a { width: 50vw; height: 10vh }</style></head><body><div id="a">x</div></body></html>';
    const a4 = run(html, '', { format: 'A4' });
    const a5 = run(html, '', { format: 'A5' });
    const again = run(html, '', { format: 'A4' });
    const pt = (v: ComputedStyle['width']) => (v === 'auto' || isKeyword(v) ? NaN : v.pt);
    expect(pt(a4.byId('a').style.width)).to.be.closeTo(595.28 / 2, 1e-9);
    expect(pt(a5.byId('a').style.width)).to.be.closeTo(419.53 / 2, 1e-9);
    expect(a5.byId('a').style.fontSize).to.be.closeTo(419.53 * 0.02, 1e-9);
    expect(pt(again.byId('a').style.height)).to.be.closeTo(84.189, 1e-9);
    expect(again.byId('a').style.fontSize).to.be.closeTo(595.28 * 0.02, 1e-9);
  });

  it('registered custom properties (@property) are computed for their own document', () => {
    const reg = '@property --w { syntax: "<length>"; inherits: false; initial-value: 40pt } #a { width: var(--w) }';
    expect(page('A4', '<div id="a">x</div>', reg).byId('a').style.width).to.deep.equal({ pt: 40, pct: 0 });
    expect(page('A4', '<div id="a">x</div>', '#a { width: var(--w, 10pt) }').byId('a').style.width).to.deep.equal({ pt: 10, pct: 0 });
  });

  it('a table and another element with the same declarations are not confused (the table resets align)', () => {
    const r = page('A4', '<div align="center"><section id="s">x</section><table id="t"><tr><td>y</td></tr></table></div>', 'section, table { display: block }');
    expect(r.byId('s').style.textAlign).to.equal('-webkit-center');
    expect(r.byId('t').style.textAlign).to.equal('start');
  });

  it('a document with thousands of distinct styles is styled right the first time and the next', () => {
    const body = Array.from({ length: 2100 }, (_, i) => `<p style="margin-left: ${i}px">p${i}</p>`).join('');
    for (let round = 0; round < 2; round++) {
      const r = run(`<!doctype html><body>${body}<div id="last" style="margin-left: 7px">x</div></body>`);
      expect(r.byId('last').style.margin.left).to.deep.equal({ pt: 5.25, pct: 0 });
      const ps = r.result.root.children.filter((c): c is StyledElement => c.kind === 'element' && c.tag === 'body')[0]!.children.filter((c): c is StyledElement => c.kind === 'element');
      expect(ps[1234]!.style.margin.left).to.deep.equal({ pt: 1234 * 0.75, pct: 0 });
    }
  });
});

describe('cascade: matched rules kept for the next document with the same sheets', () => {
  const css = 'p { color: nonsense; margin: 1px } p:first-line { color: red } div { width: var(--nope) } .x { widht: 1px }';
  const doc = (before: string, body: string) => run(`<!doctype html><html><head>${before}<style>\n${css}\n</style></head><body>${body}</body></html>`);
  const said = (r: ReturnType<typeof run>) => r.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`);

  it('says each rule\'s problems again in every document, where that document has them', () => {
    const body = '<p>a</p><div class="x">b</div><p>c</p>';
    const first = doc('', body);
    const again = doc('', body);
    const lower = doc('<title>t</title>\n\n\n', body);
    expect(said(first)).to.have.length.greaterThan(2);
    expect(said(again)).to.deep.equal(said(first));
    // the same sheet three lines lower: same problems, three lines lower
    expect(said(lower)).to.deep.equal(first.diagnostics.map((d) => `${d.code}@${d.line! + 3}:${d.column}`));
  });

  it('says them in document order, when the elements that meet them come in another order', () => {
    const a = doc('', '<p>a</p><div class="x">b</div>');
    const b = doc('', '<div class="x">b</div><p>a</p>');
    const codes = (r: ReturnType<typeof run>) => r.diagnostics.map((d) => d.message);
    expect(codes(b)).to.have.members(codes(a));
    expect(codes(b)).to.not.deep.equal(codes(a));
    expect(codes(doc('', '<div class="x">b</div><p>a</p>'))).to.deep.equal(codes(b));
    expect(codes(doc('', '<p>a</p><div class="x">b</div>'))).to.deep.equal(codes(a));
  });

  it('styles the next document like a fresh cascade would (turned off by a :has() rule)', () => {
    const body = '<ul><li>a</li><li class="x">b</li><li>c</li></ul><p>d</p>';
    const sheets = `${css} li:nth-child(odd) { color: blue } .x + li { color: green }`;
    const plain = (extra: string) => run(`<!doctype html><html><head><style>${sheets}${extra}</style></head><body>${body}</body></html>`);
    const fresh = plain(` ${SHARING_OFF}`);
    for (let i = 0; i < 3; i++) {
      const kept = plain('');
      expect(JSON.stringify(dump(kept.result.root))).to.equal(JSON.stringify(dump(fresh.result.root)));
      expect(kept.diagnostics.map((d) => d.message)).to.deep.equal(fresh.diagnostics.map((d) => d.message));
    }
  });
});

