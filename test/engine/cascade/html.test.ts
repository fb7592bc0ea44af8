// HTML presentational hints (HTML §15) and generated content (::before/::after).
import { expect } from 'chai';
import { px, run, styleOf } from './helpers';
import type { StyledElement } from '../../../src/engine/cascade/styled';
import { compileSheet } from '../../../src/engine/cascade/sheets';

const L = (pt: number, pct = 0) => ({ pt, pct });

describe('cascade: presentational attributes', () => {
  const cases: [string, string, (s: StyledElement) => void][] = [
    ['img width/height', '<img id="t" width="120" height="40%" src="x.png">', (s) => { expect(s.style.width).to.deep.equal(L(px(120))); expect(s.style.height).to.deep.equal(L(0, 40)); }],
    ['table width, bgcolor, align=center', '<table id="t" width="80%" bgcolor="#ff0000" align="center"><tr><td>x</td></tr></table>', (s) => { expect(s.style.width).to.deep.equal(L(0, 80)); expect(s.style.backgroundColor).to.deep.equal({ r: 255, g: 0, b: 0, a: 1 }); expect(s.style.margin.left).to.equal('auto'); }],
    ['table border=1 gives an outset border', '<table id="t" border="1"><tr><td>x</td></tr></table>', (s) => { expect(s.style.borderWidth.top).to.equal(0.75); expect(s.style.borderStyle.top).to.equal('outset'); }],
    ['table cellspacing', '<table id="t" cellspacing="0"><tr><td>x</td></tr></table>', (s) => expect(s.style.borderSpacing).to.deep.equal({ horizontal: 0, vertical: 0 })],
    ['cellpadding pads the cells', '<table cellpadding="6"><tr><td id="t">x</td></tr></table>', (s) => expect(s.style.padding.left).to.deep.equal(L(px(6)))],
    // HTML §2.3.4.1 non-negative integers, as Chromium 156 lays them out: "5.5" and "5.9" are 5px, "7px" 7px, "20%" 20px
    ['cellpadding is a whole number of px', '<table cellpadding="5.9"><tr><td id="t">x</td></tr></table>', (s) => expect(s.style.padding.left).to.deep.equal(L(px(5)))],
    ['cellpadding in % is px', '<table cellpadding="20%"><tr><td id="t">x</td></tr></table>', (s) => expect(s.style.padding.top).to.deep.equal(L(px(20)))],
    ['cellspacing is a whole number of px', '<table id="t" cellspacing="5.5"><tr><td>x</td></tr></table>', (s) => expect(s.style.borderSpacing).to.deep.equal({ horizontal: px(5), vertical: px(5) })],
    ['table border=1 borders the cells', '<table border="1"><tr><td id="t">x</td></tr></table>', (s) => { expect(s.style.borderWidth.top).to.equal(0.75); expect(s.style.borderStyle.top).to.equal('inset'); }],
    // Chromium 156 (getComputedStyle): the borders of border=1 are in the text colour, not gray
    ['table border=1 is in the text colour', '<table id="t" border="1" style="color:red"><tr><td>x</td></tr></table>', (s) => expect(s.style.borderColor.top).to.deep.equal({ r: 255, g: 0, b: 0, a: 1 })],
    ['its cells too', '<table border="1" style="color:red"><tr><td id="t">x</td></tr></table>', (s) => { expect(s.style.borderColor.bottom).to.deep.equal({ r: 255, g: 0, b: 0, a: 1 }); expect(s.style.borderStyle.bottom).to.equal('inset'); }],
    ['bordercolor makes the table border solid in that colour', '<table id="t" border="1" bordercolor="blue"><tr><td>x</td></tr></table>', (s) => { expect(s.style.borderStyle.left).to.equal('solid'); expect(s.style.borderColor.left).to.deep.equal({ r: 0, g: 0, b: 255, a: 1 }); }],
    ['and the cell borders', '<table border="2" bordercolor="blue"><tr><td id="t">x</td></tr></table>', (s) => { expect(s.style.borderStyle.top).to.equal('solid'); expect(s.style.borderWidth.top).to.equal(0.75); expect(s.style.borderColor.top).to.deep.equal({ r: 0, g: 0, b: 255, a: 1 }); }],
    ['td align/valign/width/bgcolor/nowrap', '<table><tr><td id="t" align="right" valign="top" width="50" bgcolor="navy" nowrap>x</td></tr></table>', (s) => { expect(s.style.textAlign).to.equal('-webkit-right'); expect(s.style.verticalAlign).to.equal('top'); expect(s.style.width).to.deep.equal(L(px(50))); expect(s.style.backgroundColor).to.deep.equal({ r: 0, g: 0, b: 128, a: 1 }); expect(s.style.whiteSpace).to.equal('nowrap'); }],
    ['tr valign is inherited by cells', '<table><tr valign="bottom"><td id="t">x</td></tr></table>', (s) => expect(s.style.verticalAlign).to.equal('bottom')],
    ['col width', '<table><col id="t" width="30"><tr><td>x</td></tr></table>', (s) => expect(s.style.width).to.deep.equal(L(px(30)))],
    ['p align', '<p id="t" align="center">x</p>', (s) => expect(s.style.textAlign).to.equal('-webkit-center')],
    // Blink StyleAdjuster: a <table> resets the -webkit-* alignment it inherits from an align attribute ...
    ['table inside td align=center starts at start', '<table><tr><td align="center"><table id="t"><tr><td>x</td></tr></table></td></tr></table>', (s) => expect(s.style.textAlign).to.equal('start')],
    // ... but an author's own text-align: center inside that table stays
    ['author center inside a reset table stays', '<table><tr><td align="center"><table><tr><td id="t" style="text-align: center">x</td></tr></table></td></tr></table>', (s) => expect(s.style.textAlign).to.equal('center')],
    ['font color/face/size', '<font id="t" color="red" face="Arial, Helvetica" size="5">x</font>', (s) => { expect(s.style.color).to.deep.equal({ r: 255, g: 0, b: 0, a: 1 }); expect(s.style.fontFamily).to.deep.equal(['Arial', 'Helvetica']); expect(s.style.fontSize).to.equal(18); }],
    ['font size=+1', '<font id="t" size="+1">x</font>', (s) => expect(s.style.fontSize).to.equal(13.5)],
    ['img border and align', '<img id="t" border="2" align="right" src="x.png">', (s) => { expect(s.style.borderWidth.left).to.equal(1.5); expect(s.style.float).to.equal('right'); }],
    ['body bgcolor and text', '<div id="t"></div>', () => undefined],
    ['ol type=a', '<ol id="t" type="a"><li>x</li></ol>', (s) => expect(s.style.listStyleType).to.equal('lower-alpha')],
    ['ol type=I', '<ol id="t" type="I"><li>x</li></ol>', (s) => expect(s.style.listStyleType).to.equal('upper-roman')],
    ['hidden', '<div id="t" hidden>x</div>', (s) => expect(s.style.display).to.equal('none')],
  ];
  for (const [name, html, check] of cases) {
    it(name, () => {
      const s = styleOf('', html);
      check(s);
      expect(s.diagnostics).to.deep.equal([]);
    });
  }
  it('any author rule beats a presentational hint', () => {
    const s = styleOf('td { text-align: left; padding: 0 }', '<table cellpadding="9"><tr><td id="t" align="right">x</td></tr></table>');
    expect(s.style.textAlign).to.equal('left');
    expect(s.style.padding.top).to.deep.equal(L(0));
  });
  it('body bgcolor', () => {
    const r = run('<body bgcolor="#00ff00" text="blue"><p id="t">x</p></body>');
    expect(r.byId('t').style.color).to.deep.equal({ r: 0, g: 0, b: 255, a: 1 });
  });
});

describe('cascade: ::before and ::after (CSS Generated Content 3)', () => {
  it('generated boxes are the first and last children, with content resolved against attributes', () => {
    const s = styleOf('#t::before { content: "[" attr(data-n) "] "; color: red } #t::after { content: counter(c) "."; display: block }', '<p id="t" data-n="7">x</p>');
    const kids = s.children;
    expect(kids[0]!.kind === 'element' && kids[0]!.tag).to.equal('::before');
    expect(kids[kids.length - 1]!.kind === 'element' && (kids[kids.length - 1] as StyledElement).tag).to.equal('::after');
    const before = kids[0] as StyledElement;
    expect(before.style.content).to.deep.equal([{ kind: 'string', value: '[' }, { kind: 'string', value: '7' }, { kind: 'string', value: '] ' }]);
    expect(before.style.color).to.deep.equal({ r: 255, g: 0, b: 0, a: 1 });
    expect(before.style.display).to.equal('inline');
    const after = kids[kids.length - 1] as StyledElement;
    expect(after.style.content).to.deep.equal([{ kind: 'counter', name: 'c', style: 'decimal' }, { kind: 'string', value: '.' }]);
    expect(after.style.display).to.equal('block');
    expect(s.diagnostics).to.deep.equal([]);
  });
  it('generated boxes inherit from their element', () => {
    const s = styleOf('#t { font-size: 20px; color: blue } #t:before { content: "*" }', '<p id="t">x</p>');
    const before = s.children[0] as StyledElement;
    expect(before.style.fontSize).to.equal(15);
    expect(before.style.color).to.deep.equal({ r: 0, g: 0, b: 255, a: 1 });
  });
  it('no box for content: none / normal, display: none, or an element that is display: none', () => {
    for (const css of ['#t::before { content: none }', '#t::before { color: red }', '#t::before { content: "x"; display: none }', '#t { display: none } #t::before { content: "x" }']) {
      const s = styleOf(css, '<p id="t">x</p>');
      expect(s.children.filter((c) => c.kind === 'element'), css).to.deep.equal([]);
    }
  });
  it('q gets open/close quotes from the UA sheet', () => {
    const s = styleOf('', '<q id="t">x</q>');
    expect((s.children[0] as StyledElement).style.content).to.deep.equal([{ kind: 'open-quote' }]);
  });
  it('::first-line styles the first line, not the element; vendor pseudo-elements are silent', () => {
    const s = styleOf('p::first-line { color: red } p::-moz-selection { color: red } div::marker { color: red }', '<p id="t">x</p>');
    expect(s.diagnostics.map((d) => d.code)).to.deep.equal([]);
    expect(s.style.color).to.deep.equal({ r: 0, g: 0, b: 0, a: 1 });
  });
  it('one invalid selector drops the whole rule, as in browsers', () => {
    const s = styleOf('#t, p::-moz-selection { color: red }', '<p id="t">x</p>');
    expect(s.style.color).to.deep.equal({ r: 0, g: 0, b: 0, a: 1 });
  });
});

describe('cascade: quirks mode (Chromium quirks.css)', () => {
  const doc = (doctype: string) => run(`${doctype}<html><head><style>body { font-size: 11pt; font-weight: bold; line-height: 2 }</style></head><body><table><tr><td id="t">x</td></tr></table></body></html>`);
  it('without a DOCTYPE, tables reset font size, weight and line height', () => {
    const r = doc('');
    expect(r.result.mode).to.equal('quirks');
    const s = r.byId('t').style;
    expect([s.fontSize, s.fontWeight, s.lineHeight]).to.deep.equal([12, 400, { kind: 'normal' }]);
    expect(r.diagnostics).to.deep.equal([]);
  });
  it('with <!DOCTYPE html>, tables inherit', () => {
    const r = doc('<!DOCTYPE html>');
    expect(r.result.mode).to.equal('no-quirks');
    const s = r.byId('t').style;
    expect([s.fontSize, s.fontWeight, s.lineHeight]).to.deep.equal([11, 700, { kind: 'number', value: 2 }]);
  });
});

describe('cascade: generated text and counters (CSS Lists 3 §4)', () => {
  const textOf = (el: StyledElement): string => el.children.map((c) => (c.kind === 'text' ? c.text : textOf(c))).join('');
  it('strings and attr() become the generated box text', () => {
    const s = styleOf('#t::before { content: "[" attr(data-n) "] " } #t::after { content: "!" }', '<p id="t" data-n="7">x</p>');
    expect(textOf(s)).to.equal('[7] x!');
  });
  it('counters number headings, nested with counters()', () => {
    const r = run(`<!doctype html><style>
      body { counter-reset: h2 }
      h2 { counter-increment: h2; counter-reset: h3 }
      h3 { counter-increment: h3 }
      h2::before { content: counter(h2) ". " }
      h3::before { content: counter(h2) "." counter(h3, lower-roman) " " }
    </style><h2 id="a">A</h2><h3 id="a1">x</h3><h3 id="a2">y</h3><h2 id="b">B</h2><h3 id="b1">z</h3>`);
    expect(['a', 'a1', 'a2', 'b', 'b1'].map((id) => textOf(r.byId(id)))).to.deep.equal(['1. A', '1.i x', '1.ii y', '2. B', '2.i z']);
  });
  it('a counter-reset on a later sibling replaces the sibling\'s counter; one nested in a parent\'s counter is the element\'s own (CSS Lists 3 §4.4.1)', () => {
    const r = run(`<!doctype html><style>
      h2 { counter-reset: sub } h3 { counter-increment: sub } h3::before { content: "[" counters(sub, ".") "] " } h2::after { content: " {" counters(sub, ".") "}" }
    </style><h2 id="a">A</h2><h3 id="a1">x</h3><h3 id="a2">y</h3><h2 id="b">B</h2><h3 id="b1">z</h3><div><h2 id="c">C</h2><h3 id="c1">w</h3></div><h3 id="b2">v</h3>`);
    // Chromium 156 prints these: C's counter nests in B's, seen by C alone, not by its sibling w
    expect(['a', 'a1', 'a2', 'b', 'b1', 'c', 'c1', 'b2'].map((id) => textOf(r.byId(id))))
      .to.deep.equal(['A {0}', '[1] x', '[2] y', 'B {0}', '[1] z', 'C {1.0}', '[2] w', '[3] v']);
  });
  it('counters() joins nested instances', () => {
    const r = run(`<!doctype html><style>ol { counter-reset: item; list-style: none } li { counter-increment: item } li::before { content: counters(item, ".") " " }</style>
      <ol><li id="x">a<ol><li id="y">b</li><li id="z">c</li></ol></li><li id="w">d</li></ol>`);
    expect(textOf(r.byId('y'))).to.equal('1.1 b');
    expect(textOf(r.byId('z'))).to.equal('1.2 c');
    expect(textOf(r.byId('w')).startsWith('2 d')).to.equal(true);
  });
  it('an increment without a reset creates a counter at the root', () => {
    const r = run('<!doctype html><style>p { counter-increment: n } p::after { content: " #" counter(n, upper-alpha) }</style><p id="a">x</p><p id="b">y</p>');
    expect([textOf(r.byId('a')), textOf(r.byId('b'))]).to.deep.equal(['x #A', 'y #B']);
  });
  it('quotes nest', () => {
    const s = styleOf('', '<p id="t"><q>a <q>b</q></q></p>');
    expect(textOf(s)).to.equal('\u201ca \u2018b\u2019\u201d');
  });
  it('counter(page) is left to layout', () => {
    const s = styleOf('#t::after { content: "p. " counter(page) }', '<p id="t">x</p>');
    expect(textOf(s)).to.equal('xp. ');
  });
});

describe('cascade: the implicit list-item counter', () => {
  const textOf = (el: StyledElement): string => el.children.map((c) => (c.kind === 'text' ? c.text : textOf(c))).join('');
  it('counts list items, from start and value', () => {
    const r = run('<!doctype html><style>li::before { content: counter(list-item) ") " }</style><ol start="4"><li id="a">a</li><li id="b" value="10">b</li><li id="c">c</li></ol><ul><li id="d">d</li></ul>');
    expect(['a', 'b', 'c', 'd'].map((id) => textOf(r.byId(id)))).to.deep.equal(['4) a', '10) b', '11) c', '1) d']);
  });
});

describe('cascade: document metadata', () => {
  it('comes from <title> and <meta name>', () => {
    const r = run('<!doctype html><html><head><title> Invoice\n 42 </title><meta name="Author" content="ACME Ltd"><meta name="description" content="March invoice"><meta name="keywords" content="invoice, march"><meta charset="utf-8"></head><body>x</body></html>');
    expect(r.result.metadata).to.deep.equal({ title: 'Invoice 42', author: 'ACME Ltd', subject: 'March invoice', keywords: 'invoice, march' });
  });
  it('is empty without a head', () => {
    expect(run('<p>x</p>').result.metadata).to.deep.equal({});
  });
});

describe('cascade: reversed lists and sheet memoization', () => {
  const textOf = (el: StyledElement): string => el.children.map((c) => (c.kind === 'text' ? c.text : textOf(c))).join('');
  it('a reversed list counts down', () => {
    const r = run('<!doctype html><style>li::before { content: counter(list-item) ". " }</style><ol reversed><li id="a">a</li><li id="b">b</li><li id="c">c</li></ol><ol reversed start="10"><li id="d">d</li><li id="e">e</li></ol>');
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => textOf(r.byId(id)))).to.deep.equal(['3. a', '2. b', '1. c', '10. d', '9. e']);
  });
  it('a stylesheet is compiled once per process for the same text', () => {
    const css = '.memo-test { color: red }';
    expect(compileSheet(css)).to.equal(compileSheet(css));
  });
});
