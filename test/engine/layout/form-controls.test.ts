// HTML §15.5 form controls as Chromium 156 prints them (layout/control.ts): a text field is
// `size` average characters of its font wide (plus the widest character's excess), a text area
// `cols` characters and a scrollbar wide and `rows` lines high, a select as wide as its widest
// option, a checkbox or radio button 13px square with its baseline at its bottom; the control's
// line is centred in a taller or shorter content box. Each figure (pt) holds in Chromium and in
// the fragment tree. The page area is 180pt wide; controls use the UA's 13.333px fonts.
import { expect } from 'chai';
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';
import { boxOf, layoutOf, textOf } from '../../helpers/layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 12pt/15pt sans-serif } ';

const FACTS: ChromiumFact[] = [
  // Liberation Sans at 13.333px: average character 8px, widest 25px: 20 × 8 + 17 = 177px, plus 2px borders and padding
  { name: 'a text field is 20 average characters wide and one line high', html: '<input id="a">', css: '', expect: { a: { width: 138.75, height: 15.75 } } },
  { name: 'size sets the number of characters', html: '<input id="a" size="5" value="a value wider than five characters">', css: '', expect: { a: { width: 48.75, height: 15.75 } } },
  { name: 'a placeholder does not size the field', html: '<input id="a" placeholder="a placeholder much longer than twenty characters">', css: '', expect: { a: { width: 138.75 } } },
  { name: 'the author\'s padding and border go around the intrinsic width, whatever box-sizing', html: '<input id="a" style="padding:6px;border:1px solid;box-sizing:border-box">', css: '', expect: { a: { width: 143.25, height: 21.75 } } },
  { name: 'the characters are the field\'s font\'s (20px: 12px average, 37px widest)', html: '<input id="a" size="10" style="font-size:20px">', css: '', expect: { a: { width: 114.75, height: 21.75 } } },
  { name: 'a specified width wins', html: '<input id="a" style="width:50pt">', css: '', expect: { a: { width: 56.25 } } },
  { name: 'a block-level text field keeps its intrinsic width', html: '<input id="a" style="display:block">', css: '', expect: { a: { width: 138.75, height: 15.75 } } },
  { name: 'a submit button is its default label wide', html: '<input id="a" type="submit">', css: '', expect: { a: { width: 43.11, height: 15.75 } } },
  // Noto Sans Mono at 13.333px: average character 9px, lines of 18px; a 15px scrollbar; 1px border and 2px padding
  { name: 'a text area is 20 characters and a scrollbar wide, 2 lines high', html: '<textarea id="a">x</textarea>', css: '', expect: { a: { width: 150.75, height: 31.5 } } },
  { name: 'cols and rows', html: '<textarea id="a" cols="10" rows="3">x</textarea>', css: '', expect: { a: { width: 83.25, height: 45 } } },
  { name: 'a text area sits on the baseline with its bottom', html: '<div id="l">A<textarea id="a"></textarea>B</div>', css: '', expect: { l: { height: 35.25 }, a: { y: 0 } } },
  { name: 'a select is as wide as its widest option, with its arrow', html: '<div id="l">A<select id="a"><option>One</option><option selected>Second</option></select>B</div>', css: '', expect: { l: { height: 15 }, a: { width: 51, height: 14.25, y: 0.75 } } },
  { name: 'a checkbox is 13px with margins 3px 3px 3px 4px, its baseline at its bottom', html: '<div id="l">A<input id="a" type="checkbox" checked disabled>B</div>', css: '', expect: { l: { height: 15.75 }, a: { x: 11, y: 2.25, width: 9.75, height: 9.75 } } },
  { name: 'a radio button has margins 3px 3px 0 5px', html: '<div id="l">A<input id="a" type="radio">B</div>', css: '', expect: { l: { height: 15.75 }, a: { x: 11.75, y: 2.25, width: 9.75, height: 9.75 } } },
  { name: 'a taller text field centres its line: the baseline goes down with it', html: '<div id="l">A<input id="a" style="height:40px">B</div>', css: '', expect: { l: { height: 34.5 }, a: { y: 0, height: 34.5 } } },
  { name: 'an inline-block with overflow: clip keeps its last line\'s baseline (it is no scroll container)', html: '<div id="l">A<span id="a" style="display:inline-block;overflow:clip;height:40px;vertical-align:baseline">x</span></div>', css: '', expect: { l: { height: 30 }, a: { y: 0 } } },
  { name: 'a shorter text field centres its line too', html: '<div id="l">A<input id="a" style="height:10px">B</div>', css: '', expect: { l: { height: 15 }, a: { y: 1.875, height: 12 } } },
];

describe('layout: form controls (Chromium 156)', () => {
  itAgreesWithChromium(FACTS, { pageCss: PAGE, tolerance: 0.3 });

  it('a text field shows its value, a password one bullet per character, else its placeholder', () => {
    const { root } = layoutOf('<!doctype html><input id="a" value="Hello"><input id="b" type="password" value="abc"><input id="c" placeholder="Type to search">', PAGE);
    expect(textOf(boxOf(root, '#a'))).to.equal('Hello');
    expect(textOf(boxOf(root, '#b'))).to.equal('\u2022\u2022\u2022');
    expect(textOf(boxOf(root, '#c'))).to.equal('Type to search');
  });

  it('a control shows no ::before or ::after (Chromium generates none for them)', () => {
    const { root } = layoutOf('<!doctype html><textarea id="a">text</textarea><input id="b" value="v">', `${PAGE} textarea::before, input::before { content: "B" } textarea::after { content: "A" }`);
    expect(textOf(boxOf(root, '#a'))).to.equal('text');
    expect(textOf(boxOf(root, '#b'))).to.equal('v');
  });

  it('a select shows its selected option, else its first', () => {
    const { root } = layoutOf('<!doctype html><select id="a"><option>One</option><option selected>Two</option></select><select id="b"><optgroup label="g"><option>Three</option></optgroup><option>Four</option></select>', PAGE);
    expect(textOf(boxOf(root, '#a'))).to.equal('Two');
    expect(textOf(boxOf(root, '#b'))).to.equal('Three');
  });
});
