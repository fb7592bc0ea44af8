// SVG 2 §6.6 and §13: an inline <svg>'s presentation attributes take part in the cascade as
// author rules of no specificity, so the document's stylesheets set fill, stroke, stroke-width
// and the opacities of SVG elements (class selectors on shapes, `fill` on the <svg> inherited
// by its paths), as Chromium 156 prints them.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { measureText } from '../../../src/render/measure';

/** the markup of the page's first inline SVG */
function svgOf(html: string, css: string): string {
  const r = layoutHtml(html, `@page { size: 200pt 100pt; margin: 0 } body { margin: 0 } svg { width: 20px; height: 20px } ${css}`, { measureText });
  expect(r.diagnostics.filter((d) => d.code === 'unknown-property')).to.deep.equal([]);
  const json = JSON.stringify(r.docDefinition.content);
  const m = /"svg":"((?:[^"\\]|\\.)*)"/.exec(json);
  return JSON.parse(`"${m![1]!}"`) as string;
}

describe('paint: inline SVG painted by the cascade', () => {
  const cases: { name: string; html: string; css: string; has: string[]; lacks?: string[] }[] = [
    { name: 'a class rule overrides the fill attribute', html: '<svg viewBox="0 0 10 10"><path class="a" fill="black" d="M0 0h10v10z"/></svg>', css: '.a { fill: red }', has: ['<path class="a" fill="rgb(255, 0, 0)"'] },
    { name: 'fill set on an HTML ancestor is inherited by the paths', html: '<div class="i"><svg viewBox="0 0 10 10"><path d="M0 0h10v10z"/></svg></div>', css: '.i { fill: #8fd3cb }', has: ['xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" fill="rgb(143, 211, 203)">', '<path d="M0 0h10v10z"/>'] },
    { name: 'stroke and stroke-width from a rule, in user units', html: '<svg viewBox="0 0 10 10"><rect class="b" width="8" height="8" fill="yellow"/></svg>', css: 'rect.b { stroke: blue; stroke-width: 3px; fill: none }', has: ['fill="none"', 'stroke="rgb(0, 0, 255)"', 'stroke-width="3"'] },
    { name: 'an attribute with no rule keeps its value, its children inherit it', html: '<svg viewBox="0 0 10 10"><g fill="blue" stroke-width="2"><path d="M0 0h10v10z"/></g></svg>', css: '', has: ['<g fill="rgb(0, 0, 255)" stroke-width="2">', '<path d="M0 0h10v10z"/>'] },
    { name: 'opacity and fill-opacity on a shape', html: '<svg viewBox="0 0 10 10"><circle r="4" fill-opacity="0.5"/></svg>', css: 'circle { opacity: 0.25 }', has: ['fill-opacity="0.5"', 'opacity="0.25"'] },
    { name: 'a paint server by url stays a reference', html: '<svg viewBox="0 0 10 10"><path class="g" d="M0 0h10v10z"/></svg>', css: '.g { fill: url(#grad) }', has: ['fill="url(#grad)"'] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const svg = svgOf(c.html, c.css);
      for (const h of c.has) expect(svg).to.contain(h);
    });
  }
});

describe('paint: <use> of an element in another <svg> (SVG 2 §5.6.2, an icon sprite)', () => {
  const SPRITE = '<svg style="display: none"><symbol id="star" viewBox="0 0 10 10"><path d="M5 0L10 10L0 10Z" fill="currentColor"/></symbol></svg>';

  it('copies the element into the using svg\'s <defs>, its currentColor kept for the <use>\'s colour', () => {
    const svg = svgOf(`${SPRITE}<p style="color: red"><svg><use href="#star"/></svg></p>`, '');
    expect(svg).to.match(/<use href="#star" color="rgb\(255, 0, 0\)"\/><defs><symbol id="star" viewBox="0 0 10 10"><path d="M5 0L10 10L0 10Z" fill="currentColor"\/><\/symbol><\/defs><\/svg>$/);
  });

  it('also by xlink:href, and from a zero-sized svg\'s <defs>; an element of its own svg is not copied', () => {
    const svg = svgOf('<svg><use xlink:href="#dot"/><use href="#mine"/><rect id="mine" width="1" height="1"/></svg><svg width="0" height="0"><defs><circle id="dot" r="5" fill="green"/></defs></svg>', '');
    expect(svg.match(/<circle id="dot"/g)).to.have.length(1);
    expect(svg.match(/id="mine"/g)).to.have.length(1);
  });

  it('a reference to nothing stays as it is', () => {
    expect(svgOf('<svg><use href="#none"/></svg>', '')).to.not.contain('<defs>');
  });
});

// SVG 2 §8.2 as Chromium 156 prints it: an SVG without a viewBox drawn in a box of another size
// scales to the box as an image (<img src="x.svg">: a viewBox of its natural size), but not as an
// inline <svg> (its user units stay CSS px). The root reaches the PDF writer at the box's size in pt.
describe('paint: an SVG root is written at its box size', () => {
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="green"/></svg>';
  const rootOf = (html: string) => {
    const r = layoutHtml(html, '@page { size: 200pt 100pt; margin: 0 } body { margin: 0 } img, svg { width: 80px; height: 40px }', { measureText });
    const m = /"svg":"((?:[^"\\]|\\.)*)"/.exec(JSON.stringify(r.docDefinition.content));
    return /<svg\b[^>]*>/.exec(JSON.parse(`"${m![1]!}"`) as string)![0];
  };
  it('an SVG image without a viewBox gets its natural size as one: it scales to the box', () => {
    expect(rootOf(`<img src="data:image/svg+xml,${encodeURIComponent(SVG)}">`)).to.equal('<svg width="60" height="30" viewBox="0 0 20 10" xmlns="http://www.w3.org/2000/svg">');
  });
  it('an inline <svg> without a viewBox gets the box in px as one: its drawing keeps its size', () => {
    expect(rootOf(SVG)).to.equal('<svg width="60" height="30" viewBox="0 0 80 40" xmlns="http://www.w3.org/2000/svg">');
  });
  it('a viewBox the root has is kept', () => {
    expect(rootOf(SVG.replace('width="20" height="10"', 'viewBox="0 0 4 2"'))).to.equal('<svg width="60" height="30" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 2">');
  });
});
