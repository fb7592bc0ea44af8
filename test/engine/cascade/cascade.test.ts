// The cascade, WeasyPrint style: tiny HTML + CSS, computed values checked against spec facts.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../../src/paths';
import { QUIRKS_CSS, UA_CSS } from '../../../src/engine/cascade/ua';
import { initialStyle } from '../../../src/engine/cascade';
import { initialValues, PROPERTY_NAMES } from '../../../src/engine/cascade/properties';
import { px, run, styleOf } from './helpers';

describe('cascade: UA stylesheet', () => {
  it('ua.ts embeds ua.css exactly (regenerate: node dist/test/engine/cascade/ua-gen.js)', () => {
    const file = readFileSync(join(repoRoot, 'src/engine/cascade/ua.css'), 'utf8');
    expect(UA_CSS).to.equal(file);
    expect(QUIRKS_CSS).to.equal(readFileSync(join(repoRoot, 'src/engine/cascade/quirks.css'), 'utf8'));
  });

  it('parses without diagnostics', () => {
    const r = run('<p>x</p>');
    expect(r.diagnostics).to.deep.equal([]);
  });

  const cases: [string, string, (s: ReturnType<typeof styleOf>) => void][] = [
    ['body margin 8px', '<body>', () => undefined],
    ['h1 is 2em bold with 0.67em margins', '<h1 id="t">x</h1>', (s) => {
      expect(s.style.fontSize).to.equal(24); expect(s.style.fontWeight).to.equal(700);
      expect(s.style.margin.top).to.deep.equal({ pt: 24 * 0.67, pct: 0 });
    }],
    ['p has 1em vertical margins', '<p id="t">x</p>', (s) => { expect(s.style.margin.top).to.deep.equal({ pt: 12, pct: 0 }); expect(s.style.margin.left).to.deep.equal({ pt: 0, pct: 0 }); }],
    ['ul has 40px start padding and disc', '<ul id="t"><li>x</li></ul>', (s) => { expect(s.style.padding.left).to.deep.equal({ pt: 30, pct: 0 }); expect(s.style.listStyleType).to.equal('disc'); }],
    ['nested ul is circle without vertical margin', '<ul><li><ul id="t"><li>x</li></ul></li></ul>', (s) => { expect(s.style.listStyleType).to.equal('circle'); expect(s.style.margin.top).to.deep.equal({ pt: 0, pct: 0 }); }],
    ['strong is bolder', '<strong id="t">x</strong>', (s) => expect(s.style.fontWeight).to.equal(700)],
    ['em is italic', '<em id="t">x</em>', (s) => expect(s.style.fontStyle).to.equal('italic')],
    ['small is smaller', '<small id="t">x</small>', (s) => expect(s.style.fontSize).to.be.closeTo(10, 1e-9)],
    ['sup is super and smaller', '<sup id="t">x</sup>', (s) => { expect(s.style.verticalAlign).to.equal('super'); }],
    ['code is monospace', '<code id="t">x</code>', (s) => expect(s.style.fontFamily).to.deep.equal(['monospace'])],
    ['pre keeps white space', '<pre id="t">x</pre>', (s) => expect(s.style.whiteSpace).to.equal('pre')],
    ['u is underlined', '<u id="t">x</u>', (s) => expect(s.style.textDecorationLine.underline).to.equal(true)],
    ['s is struck', '<s id="t">x</s>', (s) => expect(s.style.textDecorationLine.lineThrough).to.equal(true)],
    ['table cells are table-cell with 1px padding', '<table><tr><td id="t">x</td></tr></table>', (s) => { expect(s.style.display).to.equal('table-cell'); expect(s.style.padding.top).to.deep.equal({ pt: 0.75, pct: 0 }); }],
    ['th is bold and centred', '<table><tr><th id="t">x</th></tr></table>', (s) => { expect(s.style.fontWeight).to.equal(700); expect(s.style.textAlign).to.equal('center'); }],
    ['blockquote has 40px side margins', '<blockquote id="t">x</blockquote>', (s) => expect(s.style.margin.left).to.deep.equal({ pt: 30, pct: 0 })],
    ['hr is an inset 1px border', '<hr id="t">', (s) => { expect(s.style.borderStyle.top).to.equal('inset'); expect(s.style.borderWidth.top).to.equal(0.75); }],
    ['a:link is blue and underlined', '<a id="t" href="#x">x</a>', (s) => { expect(s.style.color).to.deep.equal({ r: 0, g: 0, b: 0xee, a: 1 }); expect(s.style.textDecorationLine.underline).to.equal(true); }],
    ['head is display none', '', () => undefined],
    ['[hidden] is display none', '<div id="t" hidden>x</div>', (s) => expect(s.style.display).to.equal('none')],
  ];
  for (const [name, html, check] of cases) {
    it(name, () => {
      if (!html.includes('id="t"')) return;
      const s = styleOf('', html);
      check(s);
      expect(s.diagnostics).to.deep.equal([]);
    });
  }

  it('body margin is 8px and html font is 16px serif', () => {
    const r = run('<body id="b">x</body>');
    const body = r.result.root.children.find((c) => c.kind === 'element' && c.tag === 'body');
    expect(body && body.kind === 'element' && body.style.margin.top).to.deep.equal({ pt: px(8), pct: 0 });
    expect(r.result.root.style.fontSize).to.equal(12);
    expect(r.result.root.style.fontFamily).to.deep.equal(['serif']);
  });
});

describe('cascade: initial values', () => {
  it('initialStyle() has CSS initial values', () => {
    const s = initialStyle();
    expect(s.display).to.equal('inline');
    expect(s.margin.top).to.deep.equal({ pt: 0, pct: 0 });
    expect(s.width).to.equal('auto');
    expect(s.fontSize).to.equal(12);
    expect(s.color).to.deep.equal({ r: 0, g: 0, b: 0, a: 1 });
    expect(s.borderWidth.top).to.equal(0); // medium, but style none
  });

  it('ComputedStyle holds every longhand of the property table under its camel-case name, currentcolor resolved', () => {
    const s = initialStyle() as unknown as Record<string, unknown>;
    // the longhands the contract groups per side/corner, into the column rule, into one overflow, or as position without running()
    const grouped = /^(margin|padding)-|^border-(top|right|bottom|left)-(width|style|color)$|-radius$|^column-rule-|^overflow-[xy]$|^position$/;
    const initial = initialValues();
    const black = { r: 0, g: 0, b: 0, a: 1 };
    for (const name of PROPERTY_NAMES.filter((n) => !grouped.test(n))) {
      const key = name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
      const value: unknown = initial[name];
      expect(s, name).to.have.property(key).that.deep.equals(value === 'currentcolor' ? black : value);
    }
  });

  it('a declared value reaches the ComputedStyle through the table alone (no second declaration)', () => {
    const t = styleOf('#t { column-fill: auto; text-decoration-color: currentcolor; color: red; bookmark-state: open; column-rule: solid 2px }');
    expect(t.diagnostics).to.deep.equal([]);
    const s = t.style;
    expect(s.columnFill).to.equal('auto');
    expect(s.textDecorationColor).to.deep.equal({ r: 255, g: 0, b: 0, a: 1 });
    expect(s.bookmarkState).to.equal('open');
    expect(s.columnRule).to.deep.equal({ width: 1.5, style: 'solid', color: { r: 255, g: 0, b: 0, a: 1 } });
  });
});

describe('cascade: hostile input never throws', () => {
  const hostile: [string, string, string][] = [
    ['deep parentheses in a value', '#t { width: calc' + '('.repeat(100_000) + '1px' + ')'.repeat(100_000) + ' }', '<p id="t">x</p>'],
    ['deep :not()', ':not(' .repeat(5000) + 'p' + ')'.repeat(5000) + ' { color: red }', '<p id="t">x</p>'],
    ['deep @media', '@media print {'.repeat(5000) + '#t { color: red }' + '}'.repeat(5000), '<p id="t">x</p>'],
    ['deep nesting', '.a {'.repeat(5000) + 'color: red' + '}'.repeat(5000), '<p id="t" class="a">x</p>'],
    ['unclosed everything', '#t { color: red; @media { p { width: calc(1px + [ "abc', '<p id="t">x</p>'],
    ['a selector list of 20,000', Array.from({ length: 20_000 }, (_, i) => `.c${i}`).join(',') + ' { color: red }', '<p id="t" class="c19999">x</p>'],
    ['binary garbage', String.fromCharCode(...Array.from({ length: 5000 }, (_, i) => (i * 7919) % 65536)), '<p id="t">x</p>'],
    ['custom property bomb', ':root { --a: 1px 1px 1px 1px 1px 1px 1px 1px; --b: var(--a) var(--a) var(--a) var(--a) var(--a) var(--a) var(--a) var(--a); --c: var(--b) var(--b) var(--b) var(--b) var(--b) var(--b) var(--b) var(--b); --d: var(--c) var(--c) var(--c) var(--c) var(--c) var(--c) var(--c) var(--c); --e: var(--d) var(--d) var(--d) var(--d) var(--d) var(--d) var(--d) var(--d) } #t { margin: var(--e) }', '<p id="t">x</p>'],
    ['huge numbers', '#t { width: 1e308px; font-size: 1e308px; margin: -1e308px; line-height: 1e308; z-index: 99999999999999999999; flex: 1e308 }', '<p id="t">x</p>'],
    ['nth-child with huge coefficients', 'li:nth-child(99999999999999999999n+99999999999999999999) { color: red }', '<ul><li id="t">x</li></ul>'],
  ];
  for (const [name, css, html] of hostile) {
    it(name, function () {
      this.timeout(20_000);
      const r = run(html, css);
      expect(r.byId('t').style.display).to.be.a('string');
    });
  }
});

describe('cascade: UA details checked against Chromium 156', () => {
  it('an h1 inside sectioning content is still 2em', () => {
    const r = run('<!doctype html><section><article><h1 id="t">x</h1></article></section>');
    expect(r.byId('t').style.fontSize).to.equal(24);
  });
});
