// The property table and shorthands: specified → computed, case by case.
import { expect } from 'chai';
import type { ComputedStyle } from '../../../src/engine/cascade/computed';
import { styleOf } from './helpers';

const L = (pt: number, pct = 0) => ({ pt, pct });
const black = { r: 0, g: 0, b: 0, a: 1 };
const red = { r: 255, g: 0, b: 0, a: 1 };

type Check = (s: ComputedStyle) => void;
const cases: [string, Check][] = [
  // box model shorthands
  ['margin: 1px', (s) => expect(s.margin).to.deep.equal({ top: L(0.75), right: L(0.75), bottom: L(0.75), left: L(0.75) })],
  ['margin: 1px 2px', (s) => expect(s.margin).to.deep.equal({ top: L(0.75), right: L(1.5), bottom: L(0.75), left: L(1.5) })],
  ['margin: 1px 2px 3px', (s) => expect(s.margin).to.deep.equal({ top: L(0.75), right: L(1.5), bottom: L(2.25), left: L(1.5) })],
  ['margin: 1pt 2pt 3pt 4pt', (s) => expect(s.margin).to.deep.equal({ top: L(1), right: L(2), bottom: L(3), left: L(4) })],
  ['margin: 0 auto', (s) => expect(s.margin).to.deep.equal({ top: L(0), right: 'auto', bottom: L(0), left: 'auto' })],
  ['margin: -5% 10pt', (s) => expect(s.margin.top).to.deep.equal(L(0, -5))],
  ['padding: 10% 2pt', (s) => expect(s.padding).to.deep.equal({ top: L(0, 10), right: L(2), bottom: L(0, 10), left: L(2) })],
  ['margin-inline: 3pt 4pt', (s) => { expect(s.margin.left).to.deep.equal(L(3)); expect(s.margin.right).to.deep.equal(L(4)); }],
  ['padding-block: 2pt', (s) => { expect(s.padding.top).to.deep.equal(L(2)); expect(s.padding.bottom).to.deep.equal(L(2)); }],
  ['inset: 1pt 2pt', (s) => { expect(s.top).to.deep.equal(L(1)); expect(s.left).to.deep.equal(L(2)); }],
  ['width: calc(100% - 2 * 10px)', (s) => expect(s.width).to.deep.equal(L(-15, 100))],
  ['width: fit-content', (s) => expect(s.width).to.deep.equal({ size: 'fit-content' })],
  ['min-width: -webkit-min-content; max-width: -moz-available', (s) => { expect(s.minWidth).to.deep.equal({ size: 'min-content' }); expect(s.maxWidth).to.deep.equal({ size: 'stretch' }); }],
  ['height: max-content; min-height: -webkit-fill-available; max-height: fit-content', (s) => { expect(s.height).to.equal('auto'); expect(s.minHeight).to.deep.equal({ size: 'stretch' }); expect(s.maxHeight).to.equal('none'); }],
  ['flex-basis: min-content', (s) => expect(s.flexBasis).to.deep.equal({ size: 'min-content' })],
  ['max-width: none; min-height: 2em', (s) => { expect(s.maxWidth).to.equal('none'); expect(s.minHeight).to.deep.equal(L(24)); }],
  ['box-sizing: border-box', (s) => expect(s.boxSizing).to.equal('border-box')],
  // borders
  ['border: 2px dashed red', (s) => { expect(s.borderWidth).to.deep.equal({ top: 1.5, right: 1.5, bottom: 1.5, left: 1.5 }); expect(s.borderStyle.top).to.equal('dashed'); expect(s.borderColor.bottom).to.deep.equal(red); }],
  ['border: solid', (s) => expect(s.borderWidth.top).to.equal(2.25)],
  ['border: thin solid; border-left: thick double', (s) => { expect(s.borderWidth.top).to.equal(0.75); expect(s.borderWidth.left).to.equal(3.75); expect(s.borderStyle.left).to.equal('double'); }],
  ['border: 1px solid red; border-top: none', (s) => { expect(s.borderWidth.top).to.equal(0); expect(s.borderColor.top).to.deep.equal(black); expect(s.borderWidth.right).to.equal(0.75); }],
  ['border-width: 1px 2px; border-style: solid dotted none', (s) => { expect(s.borderWidth).to.deep.equal({ top: 0.75, right: 1.5, bottom: 0, left: 1.5 }); expect(s.borderStyle.left).to.equal('dotted'); }],
  ['border-color: red blue', (s) => expect(s.borderColor.right).to.deep.equal({ r: 0, g: 0, b: 255, a: 1 })],
  ['border-bottom: 3px solid #00f8', (s) => expect(s.borderColor.bottom.a).to.be.closeTo(0x88 / 255, 1e-9)],
  ['border-radius: 4px', (s) => expect(s.borderRadius.bottomLeft).to.deep.equal(L(3))],
  ['border-radius: 1pt 2pt 3pt', (s) => expect(s.borderRadius).to.deep.equal({ topLeft: L(1), topRight: L(2), bottomRight: L(3), bottomLeft: L(2) })],
  ['border-radius: 10% / 5pt', (s) => expect(s.borderRadius.topLeft).to.deep.equal(L(0, 10))],
  ['border-top-left-radius: 3pt 5pt', (s) => expect(s.borderRadius.topLeft).to.deep.equal(L(3))],
  ['border-radius: calc(infinity * 1px)', (s) => expect(s.borderRadius.topLeft).to.deep.equal(L(1e5))],
  ['z-index: calc(-infinity)', (s) => expect(s.zIndex).to.be.below(-1e9)],
  // backgrounds
  ['background: red', (s) => expect(s.backgroundColor).to.deep.equal(red)],
  ['background: url(a.png) no-repeat center / cover #fff', (s) => { expect(s.backgroundImage).to.deep.equal([{ url: 'a.png' }]); expect(s.backgroundColor).to.deep.equal({ r: 255, g: 255, b: 255, a: 1 }); expect(s.backgroundSize).to.equal('cover'); expect(s.backgroundRepeat).to.equal('no-repeat'); expect(s.backgroundPosition).to.equal('center'); }],
  ['background: linear-gradient(red, blue)', (s) => { expect(s.backgroundImage).to.have.length(1); expect((s.backgroundImage as { gradient: unknown }[])[0]).to.have.property('gradient'); expect(s.backgroundColor.a).to.equal(0); }],
  ['background-color: red; background: none', (s) => expect(s.backgroundColor.a).to.equal(0)],
  ['background: rgba(0,0,0,.5)', (s) => expect(s.backgroundColor).to.deep.equal({ r: 0, g: 0, b: 0, a: 0.5 })],
  // fonts
  ['font: 12px Arial', (s) => { expect(s.fontSize).to.equal(9); expect(s.fontFamily).to.deep.equal(['Arial']); expect(s.fontWeight).to.equal(400); }],
  ['font: italic bold 10pt/1.5 "Times New Roman", serif', (s) => { expect(s.fontStyle).to.equal('italic'); expect(s.fontWeight).to.equal(700); expect(s.fontSize).to.equal(10); expect(s.lineHeight).to.deep.equal({ kind: 'number', value: 1.5 }); expect(s.fontFamily).to.deep.equal(['Times New Roman', 'serif']); }],
  ['font: small-caps 600 x-large/20px Helvetica Neue, sans-serif', (s) => { expect(s.fontVariantCaps).to.equal('small-caps'); expect(s.fontWeight).to.equal(600); expect(s.fontSize).to.equal(18); expect(s.lineHeight).to.deep.equal({ kind: 'length', pt: 15 }); expect(s.fontFamily).to.deep.equal(['Helvetica Neue', 'sans-serif']); }],
  ['line-height: 2; font: 10pt serif', (s) => expect(s.lineHeight).to.deep.equal({ kind: 'normal' })],
  ['font-family: Arial, Helvetica, SANS-SERIF', (s) => expect(s.fontFamily).to.deep.equal(['Arial', 'Helvetica', 'sans-serif'])],
  ['font-size: small', (s) => expect(s.fontSize).to.equal(9.75)],
  ['font-size: xx-large', (s) => expect(s.fontSize).to.equal(24)],
  ['font-weight: 350', (s) => expect(s.fontWeight).to.equal(350)],
  ['font-style: oblique 10deg', (s) => expect(s.fontStyle).to.equal('oblique')],
  // text
  ['text-decoration: underline dotted red', (s) => { expect(s.textDecorationLine).to.deep.equal({ underline: true, overline: false, lineThrough: false }); expect(s.textDecorationStyle).to.equal('dotted'); expect(s.textDecorationColor).to.deep.equal(red); }],
  ['text-decoration: underline overline', (s) => expect(s.textDecorationLine).to.deep.equal({ underline: true, overline: true, lineThrough: false })],
  ['color: red; text-decoration-line: line-through', (s) => expect(s.textDecorationColor).to.deep.equal(red)],
  ['text-align: justify; text-indent: 2em; text-transform: uppercase', (s) => { expect(s.textAlign).to.equal('justify'); expect(s.textIndent).to.deep.equal(L(24)); expect(s.textTransform).to.equal('uppercase'); }],
  ['letter-spacing: 0.1em; word-spacing: 2px', (s) => { expect(s.letterSpacing).to.be.closeTo(1.2, 1e-9); expect(s.wordSpacing).to.equal(1.5); }],
  ['letter-spacing: normal', (s) => expect(s.letterSpacing).to.equal(0)],
  ['white-space: pre-wrap; word-wrap: break-word; word-break: break-all', (s) => { expect(s.whiteSpace).to.equal('pre-wrap'); expect(s.overflowWrap).to.equal('break-word'); expect(s.wordBreak).to.equal('break-all'); }],
  ['vertical-align: -2px', (s) => expect(s.verticalAlign).to.deep.equal(L(-1.5))],
  ['vertical-align: middle', (s) => expect(s.verticalAlign).to.equal('middle')],
  // lists
  ['list-style: square inside', (s) => { expect(s.listStyleType).to.equal('square'); expect(s.listStylePosition).to.equal('inside'); }],
  ['list-style: none', (s) => { expect(s.listStyleType).to.equal('none'); expect(s.listStyleImage).to.equal('none'); }],
  ['list-style: upper-roman url(x.png)', (s) => { expect(s.listStyleType).to.equal('upper-roman'); expect(s.listStyleImage).to.deep.equal({ url: 'x.png' }); }],
  ['list-style-type: "- "', (s) => expect(s.listStyleType).to.deep.equal({ string: '- ' })],
  ['counter-reset: a 2 b; counter-increment: a', (s) => { expect(s.counterReset).to.deep.equal([{ name: 'a', value: 2 }, { name: 'b', value: 0 }]); expect(s.counterIncrement).to.deep.equal([{ name: 'a', value: 1 }]); }],
  // tables
  ['border-collapse: collapse; border-spacing: 2px 4px', (s) => { expect(s.borderCollapse).to.equal('collapse'); expect(s.borderSpacing).to.deep.equal({ horizontal: 1.5, vertical: 3 }); }],
  ['table-layout: fixed; caption-side: bottom; empty-cells: hide', (s) => { expect(s.tableLayout).to.equal('fixed'); expect(s.captionSide).to.equal('bottom'); expect(s.emptyCells).to.equal('hide'); }],
  // fragmentation
  ['page-break-before: always; page-break-after: avoid; page-break-inside: avoid', (s) => { expect(s.breakBefore).to.equal('page'); expect(s.breakAfter).to.equal('avoid'); expect(s.breakInside).to.equal('avoid'); }],
  ['break-before: always; break-after: always', (s) => { expect(s.breakBefore).to.equal('auto'); expect(s.breakAfter).to.equal('auto'); }],
  ['page-break-after: always', (s) => expect(s.breakAfter).to.equal('page')],
  ['break-before: page; break-inside: avoid-page; orphans: 3; widows: 4', (s) => { expect(s.breakBefore).to.equal('page'); expect(s.breakInside).to.equal('avoid-page'); expect(s.orphans).to.equal(3); expect(s.widows).to.equal(4); }],
  // flex, gap, columns
  ['display: flex; flex-flow: column wrap', (s) => { expect(s.display).to.equal('flex'); expect(s.flexDirection).to.equal('column'); expect(s.flexWrap).to.equal('wrap'); }],
  ['flex: 1', (s) => { expect(s.flexGrow).to.equal(1); expect(s.flexShrink).to.equal(1); expect(s.flexBasis).to.deep.equal(L(0, 0)); }],
  ['flex: 2 3 10px', (s) => { expect(s.flexGrow).to.equal(2); expect(s.flexShrink).to.equal(3); expect(s.flexBasis).to.deep.equal(L(7.5)); }],
  ['flex: none', (s) => { expect(s.flexGrow).to.equal(0); expect(s.flexShrink).to.equal(0); expect(s.flexBasis).to.equal('auto'); }],
  ['flex: auto', (s) => { expect(s.flexGrow).to.equal(1); expect(s.flexBasis).to.equal('auto'); }],
  ['flex: 1 30%', (s) => { expect(s.flexGrow).to.equal(1); expect(s.flexBasis).to.deep.equal(L(0, 30)); }],
  ['gap: 4px 8px', (s) => { expect(s.rowGap).to.deep.equal(L(3)); expect(s.columnGap).to.deep.equal(L(6)); }],
  ['gap: 1em', (s) => expect(s.columnGap).to.deep.equal(L(12))],
  ['justify-content: space-between; align-items: center; align-self: flex-end', (s) => { expect(s.justifyContent).to.equal('space-between'); expect(s.alignItems).to.equal('center'); expect(s.alignSelf).to.equal('flex-end'); }],
  ['place-content: center start', (s) => { expect(s.alignContent).to.equal('center'); expect(s.justifyContent).to.equal('start'); }],
  ['columns: 3 10em', (s) => { expect(s.columnCount).to.equal(3); expect(s.columnWidth).to.equal(120); }],
  ['columns: 8em', (s) => { expect(s.columnCount).to.equal('auto'); expect(s.columnWidth).to.equal(96); }],
  ['column-rule: 2px dashed red; column-span: all; column-fill: auto', (s) => {
    expect(s.columnRule).to.deep.equal({ width: 1.5, style: 'dashed', color: { r: 255, g: 0, b: 0, a: 1 } });
    expect(s.columnSpan).to.equal('all'); expect(s.columnFill).to.equal('auto');
  }],
  ['column-rule-width: 3px', (s) => expect(s.columnRule.width).to.equal(0)],
  ['order: -1', (s) => expect(s.order).to.equal(-1)],
  // display, position, misc
  ['display: inline-block', (s) => expect(s.display).to.equal('inline-block')],
  ['display: inline flex', (s) => expect(s.display).to.equal('inline-flex')],
  ['display: block flow-root', (s) => expect(s.display).to.equal('flow-root')],
  ['position: absolute; top: 10px; left: 50%; z-index: 3', (s) => { expect(s.position).to.equal('absolute'); expect(s.top).to.deep.equal(L(7.5)); expect(s.left).to.deep.equal(L(0, 50)); expect(s.zIndex).to.equal(3); }],
  ['float: right; clear: both', (s) => { expect(s.float).to.equal('right'); expect(s.clear).to.equal('both'); }],
  ['overflow: hidden', (s) => expect(s.overflow).to.equal('hidden')],
  ['overflow: visible auto', (s) => expect(s.overflow).to.equal('auto')],
  ['opacity: 50%', (s) => expect(s.opacity).to.equal(0.5)],
  ['opacity: 2', (s) => expect(s.opacity).to.equal(1)],
  ['visibility: hidden', (s) => expect(s.visibility).to.equal('hidden')],
  ['object-fit: cover', (s) => expect(s.objectFit).to.equal('cover')],
  ['text-shadow: 1px 2px red, 3pt -4pt 5pt', (s) => expect(s.textShadow).to.deep.equal([{ x: 0.75, y: 1.5, blur: 0, color: { r: 255, g: 0, b: 0, a: 1 } }, { x: 3, y: -4, blur: 5, color: 'currentcolor' }])],
  // CSS Backgrounds 3 §7.1: offsets, blur, spread in pt; the colour and inset anywhere around the lengths; currentcolor is the element's color
  ['box-shadow: 1px 2px red', (s) => expect(s.boxShadow).to.deep.equal([{ x: 0.75, y: 1.5, blur: 0, spread: 0, color: { r: 255, g: 0, b: 0, a: 1 }, inset: false }])],
  ['color: rgb(0, 128, 0); font-size: 10pt; box-shadow: inset 1em -2pt 4px 3pt, rgba(0, 0, 255, .5) 0 0 0 -1pt inset', (s) => expect(s.boxShadow).to.deep.equal([
    { x: 10, y: -2, blur: 3, spread: 3, color: { r: 0, g: 128, b: 0, a: 1 }, inset: true },
    { x: 0, y: 0, blur: 0, spread: -1, color: { r: 0, g: 0, b: 255, a: 0.5 }, inset: true },
  ])],
  ['box-shadow: 0 0 0 1px #fff, 0 0 0 2px rgba(52, 58, 64, .25)', (s) => expect(s.boxShadow.map((b) => [b.spread, b.color.a])).to.deep.equal([[0.75, 1], [1.5, 0.25]])],
  ['box-shadow: none', (s) => expect(s.boxShadow).to.deep.equal([])],
  ['-webkit-box-shadow: inset 0 1px red', (s) => expect(s.boxShadow).to.deep.equal([{ x: 0, y: 0.75, blur: 0, spread: 0, color: { r: 255, g: 0, b: 0, a: 1 }, inset: true }])],
  ['width: 10vw', (s) => { expect((s.width as { pt: number }).pt).to.be.closeTo((595.28 - 2 * 28) / 10, 1e-9); expect((s.width as { pct: number }).pct).to.equal(0); }],
];

describe('cascade: properties and shorthands', () => {
  for (const [css, check] of cases) {
    it(css, () => {
      const s = styleOf(`#t { ${css} }`);
      check(s.style);
      expect(s.diagnostics).to.deep.equal([]);
    });
  }
});

describe('cascade: invalid values are dropped with a located diagnostic', () => {
  const bad = ['color: 12px', 'margin: 1px 2px 3px 4px 5px', 'padding: -1px', 'display: sideways', 'width: 10', 'border: 1px 2px solid', 'font: bold', 'font-size: -2px', 'flex: 1 2 3 4', 'line-height: -1', 'opacity: red', 'list-style: disc circle', 'background: url(a) url(b)', 'z-index: 1.5px',
    'box-shadow: 1px', 'box-shadow: 1px 2px -3px', 'box-shadow: 1px red 2px', 'box-shadow: inset inset 1px 1px', 'box-shadow: 1px 2px 3px 4px 5px', 'box-shadow: red blue 1px 1px', 'box-shadow: none, 1px 1px', 'box-shadow: 1px 2px 50%'];
  for (const decl of bad) {
    it(decl, () => {
      const s = styleOf(`\n#t {\n  ${decl};\n}`);
      expect(s.diagnostics.map((d) => [d.code, d.line, d.column])).to.deep.equal([['invalid-value', 3, 3]]);
      expect(s.diagnostics[0]!.message).to.include(decl.split(':')[0]);
    });
  }
  it('unknown properties are reported once per name; vendor-prefixed ones silently ignored', () => {
    const s = styleOf('#t { colr: red; mso-line-height-rule: exactly; -webkit-box-shadow: none; -moz-appearance: none } p { mso-line-height-rule: exactly }', '<div id="t"></div><p>x</p>');
    expect(s.diagnostics.map((d) => [d.code, d.message])).to.deep.equal([
      ['unknown-property', 'Ignored unknown property "colr"'],
      ['unknown-property', 'Ignored unknown property "mso-line-height-rule"'],
    ]);
  });
  it('vendor values are dropped silently, the standard one kept', () => {
    const s = styleOf('#t { display: -webkit-box; display: flex; width: -moz-available }');
    expect(s.style.display).to.equal('flex');
    expect(s.diagnostics).to.deep.equal([]);
  });
  it('style="" attributes report at the element', () => {
    const s = styleOf('', '\n\n  <div id="t" style="color: nope; margin: 2px"></div>');
    expect(s.style.margin.top).to.deep.equal(L(1.5));
    expect(s.diagnostics.map((d) => [d.code, d.line, d.column])).to.deep.equal([['invalid-value', 3, 3]]);
  });
  it('CSS syntax errors recover at the next declaration', () => {
    const s = styleOf('#t { color red; margin: 1pt; ;; padding: 2pt }');
    expect(s.style.margin.top).to.deep.equal(L(1));
    expect(s.style.padding.top).to.deep.equal(L(2));
    expect(s.diagnostics.map((d) => d.code)).to.deep.equal(['css-parse-error']);
  });
});

describe('cascade: display blockification (CSS 2.1 §9.7, CSS Display 3 §2.7)', () => {
  const cases: [string, string, string, string][] = [
    ['a float', '#t { float: left }', '<span id="t">x</span>', 'block'],
    ['an absolutely positioned box', '#t { position: absolute; float: left; display: inline-table }', '<span id="t">x</span>', 'table'],
    ['a flex item', '#p { display: flex }', '<div id="p"><span id="t">x</span></div>', 'block'],
    ['an inline-flex grid item', '#p { display: inline-grid } #t { display: inline-flex }', '<div id="p"><span id="t">x</span></div>', 'flex'],
    ['a table cell that floats', '#t { float: right }', '<table><tr><td id="t">x</td></tr></table>', 'block'],
    ['not a relatively positioned span', '#t { position: relative }', '<span id="t">x</span>', 'inline'],
    ['display: contents stays in a flex container', '#p { display: flex } #t { display: contents }', '<div id="p"><span id="t">x</span></div>', 'contents'],
  ];
  for (const [name, css, html, want] of cases) {
    it(name, () => {
      const s = styleOf(css, html);
      expect(s.style.display).to.equal(want);
    });
  }
  it('absolute positioning computes float to none', () => {
    expect(styleOf('#t { position: fixed; float: left }').style.float).to.equal('none');
  });
  it('the root is block-level', () => {
    const r = styleOf('html { display: inline }', '<p id="t">x</p>');
    expect(r).to.not.equal(undefined);
  });
});

describe('cascade: properties that are not rendered yet', () => {
  it('a visual property the engine cannot draw is one unsupported-value diagnostic per document', () => {
    const s = styleOf('#t { backdrop-filter: blur(2px) } p { backdrop-filter: blur(1px); clip-path: circle(50%) } #t { transform: rotate(5deg); mix-blend-mode: normal }', '<div id="t"></div><p>x</p>');
    expect(s.diagnostics.map((d) => [d.code, d.message])).to.deep.equal([
      ['unsupported-value', '"backdrop-filter" is not rendered yet; ignored'],
      ['unsupported-value', '"clip-path" is not rendered yet; ignored'],
    ]);
  });
  it('screen-only properties are silent', () => {
    const s = styleOf('#t { cursor: pointer; transition: all 1s; user-select: none; outline: 1px solid; pointer-events: none }');
    expect(s.diagnostics).to.deep.equal([]);
  });
});
