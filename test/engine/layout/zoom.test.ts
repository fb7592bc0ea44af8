// CSS Viewport 1 `zoom`, as Chromium 156 prints it: an element's effective zoom is its parent's
// times its own factor; absolute lengths, font sizes (inherited ones too) and the natural size of
// images are multiplied by it; percentages are not. And replaced elements' width/height
// attributes are presentational hints that CSS overrides (HTML §15.4.3, CSS 2.1 §6.4.4).
// Positions and sizes in pt read from the fragment tree (@page 400pt × 400pt, margin 0).
import { expect } from 'chai';
import { redPng } from '../../helpers/canary';
import { boxOf, layoutOf, linesOf } from '../../helpers/layout';

const PAGE = '@page { size: 400pt 400pt; margin: 0 } body { margin: 0; font: 10px/1 sans-serif }';
/** a 240 × 80px PNG */
const PNG = `data:image/png;base64,${redPng(240, 80).toString('base64')}`;

describe('layout: zoom (CSS Viewport 1, as Chromium 156 applies it)', () => {
  const cases: { name: string; html: string; css: string; sel: string; width: number; height: number }[] = [
    { name: 'absolute lengths of the zoomed element: width, padding, border', html: '<div id="a"></div>', css: '#a { zoom: 50%; width: 100px; height: 20px; padding: 10px; border: 4px solid }', sel: '#a', width: 0.5 * (100 + 20 + 8) * 0.75, height: 0.5 * (20 + 20 + 8) * 0.75 },
    { name: 'a number is a factor too, and descendants inherit the effective zoom', html: '<div style="zoom: 0.5"><div id="a"></div></div>', css: '#a { width: 100px; height: 40px }', sel: '#a', width: 37.5, height: 15 },
    { name: 'nested factors multiply', html: '<div style="zoom: 50%"><div style="zoom: 4"><div id="a"></div></div></div>', css: '#a { width: 10px; height: 10px }', sel: '#a', width: 15, height: 15 },
    { name: 'percentages are not zoomed', html: '<div style="width: 200pt"><div id="a"></div></div>', css: '#a { zoom: 50%; width: 50%; height: 8pt }', sel: '#a', width: 100, height: 4 },
    { name: 'em follows the zoomed font size', html: '<div style="zoom: 2; font-size: 10px"><div id="a"></div></div>', css: '#a { width: 3em; height: 1em }', sel: '#a', width: 45, height: 15 },
    { name: 'rem is the root font size times the element\'s zoom', html: '<div style="zoom: 2"><div id="a"></div></div>', css: 'html { font-size: 10px } #a { width: 3rem; height: 1rem }', sel: '#a', width: 45, height: 15 },
    { name: 'zoom: 0 and normal are a factor of 1', html: '<div style="zoom: 0"><div style="zoom: normal"><div id="a"></div></div></div>', css: '#a { width: 10px; height: 10px }', sel: '#a', width: 7.5, height: 7.5 },
    { name: 'the natural size of an image is zoomed', html: `<div style="zoom: 50%"><img id="a" src="${PNG}"></div>`, css: '', sel: '#a', width: 90, height: 30 },
    { name: 'an image\'s width attribute is a zoomed length like CSS width', html: `<div style="zoom: 50%"><img id="a" src="${PNG}" width="120"></div>`, css: '', sel: '#a', width: 45, height: 15 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root } = layoutOf(c.html, `${PAGE} ${c.css}`);
      const a = boxOf(root, c.sel);
      expect(a.width, 'width').to.be.closeTo(c.width, 0.01);
      expect(a.height, 'height').to.be.closeTo(c.height, 0.01);
    });
  }

  it('an inherited font size is zoomed, a declared one is zoomed once', () => {
    const { root } = layoutOf('<div style="zoom: 80%; font-size: 20px"><p id="a">x</p><p id="b" style="font-size: 2em">x</p></div>', `${PAGE} p { margin: 0 }`);
    expect(boxOf(root, '#a').style.fontSize).to.be.closeTo(20 * 0.8 * 0.75, 0.001);
    expect(boxOf(root, '#b').style.fontSize).to.be.closeTo(40 * 0.8 * 0.75, 0.001);
    expect(linesOf(boxOf(root, '#b'))[0]!.height).to.be.closeTo(40 * 0.8 * 0.75, 0.01);
  });
});

describe('layout: replaced elements\' width and height attributes are presentational hints (HTML §15.4.3)', () => {
  const cases: { name: string; attrs: string; css: string; width: number; height: number }[] = [
    { name: 'the attributes size the image', attrs: 'width="100" height="50"', css: '', width: 75, height: 37.5 },
    { name: 'CSS width: auto overrides the width attribute: the natural ratio gives the width', attrs: 'width="100" height="100"', css: 'width: auto', width: 225, height: 75 },
    { name: 'CSS width: auto without a height attribute: the natural size', attrs: 'width="100"', css: 'width: auto', width: 180, height: 60 },
    { name: 'CSS height: auto overrides the height attribute', attrs: 'height="40"', css: 'height: auto', width: 180, height: 60 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const { root } = layoutOf(`<img id="a" src="${PNG}" ${c.attrs} style="${c.css}">`, PAGE);
      const a = boxOf(root, '#a');
      expect(a.width, 'width').to.be.closeTo(c.width, 0.01);
      expect(a.height, 'height').to.be.closeTo(c.height, 0.01);
    });
  }
});
