// CSS Cascading 4 §6: origin, importance, specificity, order; inheritance (§7); CSS-wide
// keywords; custom properties (CSS Variables 1).
import { expect } from 'chai';
import { run, styleOf } from './helpers';

const red = { r: 255, g: 0, b: 0, a: 1 };
const green = { r: 0, g: 128, b: 0, a: 1 };
const blue = { r: 0, g: 0, b: 255, a: 1 };

describe('cascade: precedence (Cascading 4 §6)', () => {
  const cases: [string, string, string, typeof red][] = [
    ['later rule wins at equal specificity', 'div { color: red } div { color: green }', '<div id="t"></div>', green],
    ['higher specificity wins over order', '#t { color: green } div { color: red }', '<div id="t"></div>', green],
    ['class beats type', '.c { color: green } div.x, div { color: red }', '<div id="t" class="c"></div>', green],
    ['!important beats specificity', 'div { color: green !important } #t { color: red }', '<div id="t"></div>', green],
    ['style attribute beats id', '#t { color: red }', '<div id="t" style="color: green"></div>', green],
    ['author !important beats style attribute', '#t { color: green !important }', '<div id="t" style="color: red"></div>', green],
    ['style attribute !important beats author !important', '#t { color: red !important }', '<div id="t" style="color: green !important"></div>', green],
    ['author beats UA (a:link colour)', 'a { color: green }', '<a id="t" href="x">x</a>', green],
    ['presentational hint loses to any author rule', 'font { color: green }', '<font id="t" color="red">x</font>', green],
    ['presentational hint beats UA', '', '<font id="t" color="green">x</font>', green],
    ['last declaration in a block wins', 'div { color: red; color: green }', '<div id="t"></div>', green],
    [':where() adds nothing', ':where(#t) { color: red } div { color: green }', '<div id="t"></div>', green],
    [':is() takes its most specific argument', ':is(#t, p) { color: green } div.a.b { color: red }', '<div id="t" class="a b"></div>', green],
  ];
  for (const [name, css, html, want] of cases) {
    it(name, () => {
      const s = styleOf(css, html);
      expect(s.style.color).to.deep.equal(want);
      expect(s.diagnostics).to.deep.equal([]);
    });
  }
  it('an invalid declaration does not override, and is reported', () => {
    const s = styleOf('div { color: green; color: nonsense }', '<div id="t"></div>');
    expect(s.style.color).to.deep.equal(green);
    expect(s.diagnostics.map((d) => d.code)).to.deep.equal(['invalid-value']);
  });
  it('a later <style> beats an earlier one; the template CSS comes last', () => {
    const r = run('<style>p { color: red }</style><style>p { color: blue }</style><p id="t">x</p>', 'p { color: green }');
    expect(r.byId('t').style.color).to.deep.equal(green);
  });
});

describe('cascade: inheritance and CSS-wide keywords', () => {
  it('inherited properties flow down, others do not', () => {
    const s = styleOf('#p { color: blue; border: 1px solid; font-size: 20px; padding: 3px }', '<div id="p"><span id="t">x</span></div>');
    expect(s.style.color).to.deep.equal(blue);
    expect(s.style.fontSize).to.equal(15);
    expect(s.style.borderWidth.top).to.equal(0);
    expect(s.style.padding.top).to.deep.equal({ pt: 0, pct: 0 });
  });
  const cases: [string, string, (s: ReturnType<typeof styleOf>) => void][] = [
    ['inherit takes the parent value of a non-inherited property', '#p { padding: 4px } #t { padding: inherit }', (s) => expect(s.style.padding.left).to.deep.equal({ pt: 3, pct: 0 })],
    ['initial resets an inherited property', '#p { color: blue } #t { color: initial }', (s) => expect(s.style.color).to.deep.equal({ r: 0, g: 0, b: 0, a: 1 })],
    ['unset inherits an inherited property', '#p { color: blue } #t { color: red; color: unset }', (s) => expect(s.style.color).to.deep.equal(blue)],
    ['unset resets a non-inherited property', '#p { margin: 5px } #t { margin: 9px; margin: unset }', (s) => expect(s.style.margin.top).to.deep.equal({ pt: 0, pct: 0 })],
    ['revert behaves as unset', '#p { color: blue } #t { color: red; color: revert }', (s) => expect(s.style.color).to.deep.equal(blue)],
    ['inherit on a shorthand sets every longhand', '#p { margin: 1px 2px 3px 4px } #t { margin: inherit }', (s) => expect(s.style.margin.left).to.deep.equal({ pt: 3, pct: 0 })],
    ['em font sizes compound', '#p { font-size: 20px } #t { font-size: 1.5em }', (s) => expect(s.style.fontSize).to.equal(22.5)],
    ['em lengths use the element\'s own font size', '#t { font-size: 20px; margin-top: 2em }', (s) => expect(s.style.margin.top).to.deep.equal({ pt: 30, pct: 0 })],
    ['rem uses the root font size', 'html { font-size: 10px } #t { margin-top: 2rem; font-size: 3rem }', (s) => { expect(s.style.margin.top).to.deep.equal({ pt: 15, pct: 0 }); expect(s.style.fontSize).to.equal(22.5); }],
    ['font-size percentage of the parent', '#p { font-size: 20px } #t { font-size: 50% }', (s) => expect(s.style.fontSize).to.equal(7.5)],
    ['larger/smaller scale by 1.2', '#p { font-size: 12pt } #t { font-size: larger }', (s) => expect(s.style.fontSize).to.be.closeTo(14.4, 1e-9)],
    ['line-height number inherits as a number', '#p { line-height: 1.5; font-size: 10px } #t { font-size: 20px }', (s) => expect(s.style.lineHeight).to.deep.equal({ kind: 'number', value: 1.5 })],
    ['line-height percentage inherits as a length', '#p { line-height: 150%; font-size: 10px } #t { font-size: 20px }', (s) => expect(s.style.lineHeight).to.deep.equal({ kind: 'length', pt: 11.25 })],
    ['bolder from 400 is 700, from 700 is 900', '#p { font-weight: bold } #t { font-weight: bolder }', (s) => expect(s.style.fontWeight).to.equal(900)],
    ['lighter from 700 is 400', '#p { font-weight: 700 } #t { font-weight: lighter }', (s) => expect(s.style.fontWeight).to.equal(400)],
    ['lighter from 300 is 100', '#p { font-weight: 300 } #t { font-weight: lighter }', (s) => expect(s.style.fontWeight).to.equal(100)],
    ['currentColor in borders takes the element colour', '#t { color: red; border: 1px solid currentColor }', (s) => expect(s.style.borderColor.top).to.deep.equal(red)],
    ['border colour defaults to currentColor', '#t { color: red; border: 1px solid }', (s) => expect(s.style.borderColor.left).to.deep.equal(red)],
    ['color: currentColor inherits', '#p { color: red } #t { color: currentColor }', (s) => expect(s.style.color).to.deep.equal(red)],
    ['absurd font sizes are clamped', '#t { font-size: 1e9px }', (s) => expect(s.style.fontSize).to.equal(2000)],
  ];
  for (const [name, css, check] of cases) {
    it(name, () => {
      const s = styleOf(css, '<div id="p"><div id="t"></div></div>');
      check(s);
      expect(s.diagnostics).to.deep.equal([]);
    });
  }
});

describe('cascade: custom properties (CSS Variables 1)', () => {
  const cases: [string, string, (s: ReturnType<typeof styleOf>) => void][] = [
    ['var() reads an inherited custom property', ':root { --c: #008000 } #t { color: var(--c) }', (s) => expect(s.style.color).to.deep.equal(green)],
    ['custom property names are case-sensitive', ':root { --C: red; --c: #008000 } #t { color: var(--c) }', (s) => expect(s.style.color).to.deep.equal(green)],
    ['fallback when undefined', '#t { color: var(--nope, #008000) }', (s) => expect(s.style.color).to.deep.equal(green)],
    ['nested fallback', '#t { color: var(--a, var(--b, #008000)) }', (s) => expect(s.style.color).to.deep.equal(green)],
    ['var() in a shorthand', ':root { --w: 2px; --s: solid } #t { border: var(--w) var(--s) red }', (s) => { expect(s.style.borderWidth.top).to.equal(1.5); expect(s.style.borderStyle.left).to.equal('solid'); }],
    ['var() inside calc()', ':root { --gap: 10px } #t { margin-left: calc(var(--gap) * 2) }', (s) => expect(s.style.margin.left).to.deep.equal({ pt: 15, pct: 0 })],
    ['custom properties referencing each other', ':root { --a: var(--b); --b: 4px } #t { padding-top: var(--a) }', (s) => expect(s.style.padding.top).to.deep.equal({ pt: 3, pct: 0 })],
    ['overridden on the element', ':root { --c: red } #t { --c: #008000; color: var(--c) }', (s) => expect(s.style.color).to.deep.equal(green)],
    ['a cycle falls back when var() has a fallback', '#t { --a: var(--a); color: var(--a, #008000) }', (s) => expect(s.style.color).to.deep.equal(green)],
    ['var() resolved per element (em)', ':root { --m: 1em } #t { font-size: 20px; margin-top: var(--m) }', (s) => expect(s.style.margin.top).to.deep.equal({ pt: 15, pct: 0 })],
  ];
  for (const [name, css, check] of cases) {
    it(name, () => {
      const s = styleOf(css, '<div id="p"><div id="t"></div></div>');
      check(s);
      expect(s.diagnostics).to.deep.equal([]);
    });
  }
  it('a cycle makes the value invalid at computed time (unset), with a diagnostic', () => {
    const s = styleOf('#p { color: blue } #t { --a: var(--b); --b: var(--a); color: var(--a) }', '<div id="p"><div id="t"></div></div>');
    expect(s.style.color).to.deep.equal(blue);
    expect(s.diagnostics.map((d) => d.code)).to.deep.equal(['invalid-value']);
  });
  it('a custom property declared empty or to a CSS-wide keyword is a deliberate unset: no diagnostic (Bootstrap\'s hooks)', () => {
    const s = styleOf(':root { --font: ; --heading: inherit } #p { color: blue } #t { font-family: var(--font); color: var(--heading) }', '<div id="p"><div id="t"></div></div>');
    expect(s.style.color).to.deep.equal(blue);
    expect(s.diagnostics).to.deep.equal([]);
  });
  it('a custom property no sheet declares is said once, by name, however many declarations and elements use it', () => {
    const s = run('<style>p { color: var(--mian) } h1, h2 { background-color: var(--mian) } @keyframes spin { to { rotate: 1turn } }</style><p>a</p><div><p>b</p><h1>c</h1></div>');
    expect(s.diagnostics.map((d) => d.message)).to.deep.equal(['Ignored "color": var(--mian) refers to a custom property no style sheet declares']);
  });
  it('an undefined var() without fallback behaves as unset, with a diagnostic', () => {
    const s = styleOf('#p { color: blue } #t { color: var(--missing) }', '<div id="p"><div id="t"></div></div>');
    expect(s.style.color).to.deep.equal(blue);
    expect(s.diagnostics.map((d) => d.code)).to.deep.equal(['invalid-value']);
  });
  it('deep var() chains and huge expansions stay bounded', () => {
    let css = ':root { --v0: 1px;';
    for (let i = 1; i < 40; i++) css += ` --v${i}: var(--v${i - 1}) var(--v${i - 1});`;
    css += '} #t { margin: var(--v39) }';
    const s = styleOf(css);
    expect(s.style.margin.top).to.deep.equal({ pt: 0, pct: 0 });
  });
});

describe('cascade: CSS Nesting 1', () => {
  const green = { r: 0, g: 128, b: 0, a: 1 };
  const cases: [string, string, string][] = [
    ['a nested rule is relative to its parent', '.a { color: red; .b { color: green } }', '<div class="a"><p class="b" id="t">x</p></div>'],
    ['& is the parent', '.a { color: red; &.b { color: green } }', '<div class="a b" id="t">x</div>'],
    ['& in the middle', '.b { color: red; .a & { color: green } }', '<div class="a"><p class="b" id="t">x</p></div>'],
    ['a nested combinator', '.a { > .b { color: green } }', '<div class="a"><p class="b" id="t">x</p></div>'],
    ['declarations after a nested rule still apply', '.a { .x { color: red } color: green }', '<div class="a" id="t">x</div>'],
    ['nested @media print', '#t { color: red; @media print { color: green } }', '<div id="t">x</div>'],
    ['nested @media screen does not apply', '#t { color: green; @media screen { color: red } }', '<div id="t">x</div>'],
    ['nesting two levels', '.a { .b { .c { color: green } } }', '<div class="a"><div class="b"><p class="c" id="t">x</p></div></div>'],
  ];
  for (const [name, css, html] of cases) {
    it(name, () => {
      const s = styleOf(css, html);
      expect(s.style.color).to.deep.equal(green);
      expect(s.diagnostics).to.deep.equal([]);
    });
  }
});

describe('cascade: @property (CSS Properties and Values API 1), as Tailwind 4 uses it', () => {
  const TW = `@property --tw-border-style { syntax: "*"; inherits: false; initial-value: solid }
    @property --tw-ring { syntax: "*"; inherits: true; initial-value: 3px }
    @property --tw-none { syntax: "*"; inherits: false }
    .border { border-style: var(--tw-border-style); border-width: 1px }
    .border-dashed { --tw-border-style: dashed; border-style: dashed }
    .ring { outline-width: 0; margin-top: var(--tw-ring) }`;
  it('an initial value applies without a declaration', () => {
    const s = styleOf(TW, '<div id="t" class="border">x</div>');
    expect(s.style.borderStyle.top).to.equal('solid');
    expect(s.diagnostics).to.deep.equal([]);
  });
  it('a non-inherited registered property does not inherit', () => {
    const s = styleOf(TW, '<div class="border-dashed"><div id="t" class="border">x</div></div>');
    expect(s.style.borderStyle.top).to.equal('solid');
  });
  it('an inherited registered property inherits a declared value', () => {
    const s = styleOf(`${TW} #p { --tw-ring: 5px }`, '<div id="p"><div id="t" class="ring">x</div></div>');
    expect(s.style.margin.top).to.deep.equal({ pt: 3.75, pct: 0 });
  });
  it('an unregistered property still inherits', () => {
    const s = styleOf('#p { --x: 2px } #t { margin-top: var(--x) }', '<div id="p"><div><div id="t">x</div></div></div>');
    expect(s.style.margin.top).to.deep.equal({ pt: 1.5, pct: 0 });
  });
});
