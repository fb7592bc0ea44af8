// CSS Paged Media 3 @page size and margins; Media Queries for print.
import { expect } from 'chai';
import { run } from './helpers';

const MM = 72 / 25.4;
const page = (css: string, format?: 'A4' | 'Letter') => {
  const r = run(`<style>${css}</style><p id="t">x</p>`, '', format ? { format } : {});
  return { page: r.result.page, diagnostics: r.diagnostics, t: r.byId('t') };
};

describe('cascade: @page size (Paged Media 3 §7.1)', () => {
  const cases: [string, { width: number; height: number } | undefined, ('landscape' | 'portrait')?][] = [
    ['size: A4', { width: 210 * MM, height: 297 * MM }],
    ['size: a5', { width: 148 * MM, height: 210 * MM }],
    ['size: A4 landscape', { width: 297 * MM, height: 210 * MM }],
    ['size: landscape A3', { width: 420 * MM, height: 297 * MM }],
    ['size: A6 portrait', { width: 105 * MM, height: 148 * MM }],
    ['size: A0', { width: 841 * MM, height: 1189 * MM }],
    ['size: letter', { width: 612, height: 792 }],
    ['size: legal landscape', { width: 1008, height: 612 }],
    ['size: ledger', { width: 792, height: 1224 }],
    ['size: tabloid', { width: 792, height: 1224 }],
    ['size: B5', { width: 176 * MM, height: 250 * MM }],
    ['size: B4', { width: 250 * MM, height: 353 * MM }],
    ['size: 200pt 300pt', { width: 200, height: 300 }],
    ['size: 100mm', { width: 100 * MM, height: 100 * MM }],
    ['size: 8.5in 11in', { width: 612, height: 792 }],
    ['size: landscape', undefined, 'landscape'],
    ['size: portrait', undefined, 'portrait'],
    ['size: auto', undefined],
  ];
  for (const [decl, size, orientation] of cases) {
    it(decl, () => {
      const p = page(`@page { ${decl} }`);
      if (size) {
        expect(p.page.size!.width).to.be.closeTo(size.width, 1e-6);
        expect(p.page.size!.height).to.be.closeTo(size.height, 1e-6);
      } else expect(p.page.size).to.equal(undefined);
      expect(p.page.orientation).to.equal(orientation);
      expect(p.diagnostics).to.deep.equal([]);
    });
  }
  for (const bad of ['size: A4 200pt', 'size: 1px 2px 3px', 'size: landscape portrait', 'size: huge', 'size: 10pt landscape']) {
    it(`rejects ${bad}`, () => {
      const p = page(`@page { ${bad} }`);
      expect(p.page.size).to.equal(undefined);
      expect(p.diagnostics.map((d) => d.code)).to.deep.equal(['invalid-value']);
    });
  }
  it('no @page: no size, the request format decides', () => {
    expect(page('p { color: red }').page.size).to.equal(undefined);
  });
  it('the last @page rule wins per property', () => {
    const p = page('@page { size: A4; margin: 1cm } @page { size: A5 }');
    expect(p.page.size!.width).to.be.closeTo(148 * MM, 1e-6);
    expect(p.page.margin.top).to.be.closeTo(10 * MM, 1e-6);
  });
});

describe('cascade: @page margin (Paged Media 3 §3.3)', () => {
  const cases: [string, { top?: number; right?: number; bottom?: number; left?: number }][] = [
    ['margin: 10pt', { top: 10, right: 10, bottom: 10, left: 10 }],
    ['margin: 1cm 2cm', { top: 10 * MM, right: 20 * MM, bottom: 10 * MM, left: 20 * MM }],
    ['margin: 1pt 2pt 3pt', { top: 1, right: 2, bottom: 3, left: 2 }],
    ['margin: 1pt 2pt 3pt 4pt', { top: 1, right: 2, bottom: 3, left: 4 }],
    ['margin-top: 1in; margin-left: 2in', { top: 72, left: 144 }],
    ['margin: 0', { top: 0, right: 0, bottom: 0, left: 0 }],
    ['size: 200pt 400pt; margin: 10%', { top: 40, right: 20, bottom: 40, left: 20 }],
    ['margin: 1em', { top: 12, right: 12, bottom: 12, left: 12 }],
    ['margin: 10pt; margin-bottom: 20pt', { top: 10, right: 10, bottom: 20, left: 10 }],
  ];
  for (const [decl, margin] of cases) {
    it(decl, () => {
      const p = page(`@page { ${decl} }`);
      for (const side of ['top', 'right', 'bottom', 'left'] as const) {
        if (margin[side] === undefined) expect(p.page.margin[side], side).to.equal(undefined);
        else expect(p.page.margin[side], side).to.be.closeTo(margin[side]!, 1e-6);
      }
      expect(p.diagnostics).to.deep.equal([]);
    });
  }
  it('the content width of @page { size: 200pt 300pt; margin: 10pt } is 180pt (vw = 1% of it)', () => {
    const r = run('<style>@page { size: 200pt 300pt; margin: 10pt } #t { width: 100vw; height: 10vh }</style><div id="t"></div>');
    expect(r.byId('t').style.width).to.deep.equal({ pt: 180, pct: 0 });
    expect(r.byId('t').style.height).to.deep.equal({ pt: 28, pct: 0 });
  });
  it('keeps :first/:left/:right rules and margin boxes for later', () => {
    const p = page('@page { margin: 1cm } @page :first { margin-top: 3cm } @page :left { margin-left: 2cm; @bottom-center { content: counter(page) } }');
    expect(p.page.margin.top).to.be.closeTo(10 * MM, 1e-6);
    expect(p.page.variants![':first']!.margin.top).to.be.closeTo(30 * MM, 1e-6);
    expect(p.page.variants![':left']!.margin.left).to.be.closeTo(20 * MM, 1e-6);
    expect(p.page.marginBoxes!.map((b) => [b.selector, b.name])).to.deep.equal([[':left', 'bottom-center']]);
  });
  it('page background colour', () => {
    expect(page('@page { background: #ff0 }').page.backgroundColor).to.deep.equal({ r: 255, g: 255, b: 0, a: 1 });
  });
});

describe('cascade: media queries for print', () => {
  const green = { r: 0, g: 128, b: 0, a: 1 };
  const cases: [string, boolean][] = [
    ['print', true], ['all', true], ['screen', false], ['only print', true], ['not screen', true], ['not print', false],
    ['print and (min-width: 100px)', true], ['print and (max-width: 100px)', false], ['(min-width: 600px)', true], ['(max-width: 767.98px)', true],
    ['(min-width: 800px)', false], ['(orientation: portrait)', true], ['(orientation: landscape)', false],
    ['(prefers-color-scheme: dark)', false], ['(prefers-color-scheme: light)', true], ['(prefers-reduced-motion: reduce)', false],
    ['screen, print', true], ['screen and (max-width: 600px), print and (color)', true], ['(width >= 600px)', true], ['(400px < width < 600px)', false],
    ['(hover: hover)', false], ['(min-resolution: 2dppx)', true], ['(-webkit-min-device-pixel-ratio: 2)', true], ['(unknown-feature)', false], ['tv', false],
  ];
  // A4 with the default 28.35pt margins: the page area is about 718px x 1047px
  for (const [query, applies] of cases) {
    it(`@media ${query} ${applies ? 'applies' : 'does not apply'}`, () => {
      const r = run(`<style>#t { color: red } @media ${query} { #t { color: green } }</style><p id="t">x</p>`);
      expect(r.byId('t').style.color).to.deep.equal(applies ? green : { r: 255, g: 0, b: 0, a: 1 });
    });
  }
  it('<style media> and <link media> are honoured', () => {
    const r = run('<style media="screen">#t { color: red }</style><style media="print">#u { color: green }</style><link rel="stylesheet" href="s.css" media="screen"><p id="t">x</p><p id="u">x</p>', '', { assets: { 's.css': '#u { color: red }' } });
    expect(r.byId('t').style.color).to.deep.equal({ r: 0, g: 0, b: 0, a: 1 });
    expect(r.byId('u').style.color).to.deep.equal(green);
  });
  // Chromium 156 evaluates print media queries against the paper of its print settings with the
  // default margins, whatever @page says: with `@page { size: a3 }` or `{ size: 400pt 600pt; margin: 0 }`
  // a (min-width: 700px) rule still applies and a (min-width: 768px) one does not.
  const pageCases: [string, string, boolean][] = [
    ['size: a3', '(min-width: 768px)', false],
    ['size: a3', '(min-width: 700px)', true],
    ['size: 400pt 600pt; margin: 0', '(max-width: 534px)', false],
    ['size: 400pt 600pt; margin: 0', '(min-width: 700px)', true],
    ['size: A4 landscape', '(orientation: portrait)', true],
    ['margin: 0', '(min-width: 794px)', false],
  ];
  for (const [page, query, applies] of pageCases) {
    it(`@page { ${page} } leaves @media ${query} ${applies ? 'applying' : 'not applying'}`, () => {
      const r = run(`<style>@page { ${page} } #t { color: red } @media ${query} { #t { color: green } }</style><p id="t">x</p>`);
      expect(r.byId('t').style.color).to.deep.equal(applies ? green : { r: 255, g: 0, b: 0, a: 1 });
    });
  }
  it('@supports applies what we parse', () => {
    const r = run('<style>@supports (display: grid) { #t { color: green } } @supports (display: nonsense) { #t { color: red } } @supports not (foo: bar) { #u { color: green } }</style><p id="t">x</p><p id="u">x</p>');
    expect(r.byId('t').style.color).to.deep.equal(green);
    expect(r.byId('u').style.color).to.deep.equal(green);
  });
});
