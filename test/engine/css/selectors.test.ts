// Selectors 4 parsing: specificity (§16) and what is rejected, from spec examples.
import { expect } from 'chai';
import { keyOf, keysFromTokens, parseSelectorList, specificityOf } from '../../../src/engine/css/selectors';
import { componentValues, TokenStream } from '../../../src/engine/css/syntax';

const parse = (text: string) => parseSelectorList(componentValues(text));

describe('css: selector specificity (Selectors 4 §16)', () => {
  const cases: [string, [number, number, number]][] = [
    ['*', [0, 0, 0]],
    ['li', [0, 0, 1]],
    ['ul li', [0, 0, 2]],
    ['ul ol+li', [0, 0, 3]],
    ['h1 + *[rel=up]', [0, 1, 1]],
    ['ul ol li.red', [0, 1, 3]],
    ['li.red.level', [0, 2, 1]],
    ['#x34y', [1, 0, 0]],
    ['#s12:not(FOO)', [1, 0, 1]],
    [':is(em, #foo)', [1, 0, 0]],
    [':where(em, #foo)', [0, 0, 0]],
    ['.qux:where(em, #foo#bar#baz)', [0, 1, 0]],
    [':not(em, strong#foo)', [1, 0, 1]],
    [':nth-child(2n+1 of li.x)', [0, 2, 1]],
    ['p::before', [0, 0, 2]],
    ['li::marker', [0, 0, 2]],
    ['p:first-letter', [0, 0, 2]],
    ['a:hover', [0, 1, 1]],
    ['input[type="text" i]', [0, 1, 1]],
  ];
  for (const [sel, [a, b, c]] of cases) {
    it(`${sel} → (${a},${b},${c})`, () => {
      const r = parse(sel);
      expect(r.ok, JSON.stringify(r)).to.equal(true);
      if (r.ok) expect(r.selectors[0]!.specificity).to.equal(specificityOf(a, b, c));
    });
  }
});

describe('css: selector parsing', () => {
  it('splits lists and keeps combinators', () => {
    const r = parse('div > p.a, ul ~ li + em');
    expect(r.ok).to.equal(true);
    if (!r.ok) return;
    expect(r.selectors).to.have.length(2);
    expect(r.selectors[0]!.combinators).to.deep.equal(['>']);
    expect(r.selectors[1]!.combinators).to.deep.equal(['~', '+']);
  });

  it('reads An+B forms', () => {
    const forms: [string, number, number][] = [['odd', 2, 1], ['even', 2, 0], ['3', 0, 3], ['n', 1, 0], ['-n+3', -1, 3], ['2n+1', 2, 1], ['2n + 1', 2, 1], ['+3n-2', 3, -2], ['-2n', -2, 0], ['n-1', 1, -1]];
    for (const [text, a, b] of forms) {
      const r = parse(`li:nth-child(${text})`);
      expect(r.ok, text).to.equal(true);
      if (r.ok) expect(r.selectors[0]!.compounds[0]!.pseudos[0], text).to.include({ a, b });
    }
  });

  const rejected: [string, boolean][] = [
    ['a:nonsense', false], ['ns|p', false], ['p >', false], ['> p', false],
    ['::selection', true], ['input::-webkit-input-placeholder', true], ['a:-moz-focusring', true],
  ];
  for (const [sel, silent] of rejected) {
    it(`rejects ${sel}${silent ? ' silently' : ''}`, () => {
      const r = parse(sel);
      expect(r.ok).to.equal(false);
      if (!r.ok) expect(r.silent).to.equal(silent);
    });
  }

  it(':is() forgives invalid arguments, :not() does not', () => {
    expect(parse(':is(p, a:nonsense)').ok).to.equal(true);
    expect(parse(':not(p, a:nonsense)').ok).to.equal(false);
  });
});

describe('css: rule-hash keys read from tokens agree with the parsed selectors', () => {
  const lists = [
    'p', ' p ', 'div > p.a ', '#x.y', 'a.b.c', 'ul li:first-child', '.a:not(.b) ', '*', '[type=x]', ':is(.a, .b)', 'p::before', '.x:after',
    '.md\\:flex', 'h1 + h2 ~ .z#q', 'a, b , .c ,#d', 'div::before, span', 'table > tbody > tr:nth-child(2n+1 of .row) td', '.a .b::after ',
  ];
  for (const text of lists) {
    it(JSON.stringify(text), () => {
      const ts = new TokenStream(text);
      const fromTokens = keysFromTokens({ ts, from: 0, to: ts.count });
      const parsed = parse(text);
      expect(parsed.ok).to.equal(true);
      if (parsed.ok) expect(fromTokens).to.deep.equal(parsed.selectors.map(keyOf));
    });
  }
});
