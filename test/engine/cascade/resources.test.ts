// Stylesheets and fonts from outside the document: <link>, @import, @font-face; all through
// the closed world (template assets and data: URIs only).
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { fontsDir } from '../../../src/paths';
import { run } from './helpers';

const green = { r: 0, g: 128, b: 0, a: 1 };
const TTF = new Uint8Array(readFileSync(join(fontsDir, 'DejaVuSans.ttf')));

describe('cascade: <link> and @import', () => {
  it('a linked template asset applies, in document order with <style>', () => {
    const r = run('<style>#t { color: red }</style><link rel="stylesheet" href="css/a.css"><p id="t">x</p>', '', { assets: { 'css/a.css': '#t { color: green }' } });
    expect(r.byId('t').style.color).to.deep.equal(green);
    expect(r.diagnostics).to.deep.equal([]);
  });
  it('@import comes before the importing sheet, relative to it, with its media', () => {
    const r = run('<link rel="stylesheet" href="css/main.css"><p id="t">x</p><p id="u">y</p>', '', {
      assets: {
        'css/main.css': '@import "parts/base.css"; @import url(parts/screen.css) screen; #t { color: green }',
        'css/parts/base.css': '#t { color: red } #u { color: green }',
        'css/parts/screen.css': '#u { color: red }',
      },
    });
    expect(r.byId('t').style.color).to.deep.equal(green);
    expect(r.byId('u').style.color).to.deep.equal(green);
    expect(r.diagnostics).to.deep.equal([]);
  });
  it('@import of anything but a template asset is refused with a diagnostic', () => {
    const r = run('<style>@import url(https://example.com/x.css); @import "/etc/passwd"; @import "../../up.css"; #t { color: green }</style><p id="t">x</p>');
    expect(r.byId('t').style.color).to.deep.equal(green);
    expect(r.diagnostics.map((d) => d.code)).to.deep.equal(['import-refused', 'import-refused', 'import-refused']);
    expect(r.diagnostics.map((d) => d.line)).to.deep.equal([1, 1, 1]);
  });
  it('a missing asset and an @import cycle are diagnostics, not errors', () => {
    const r = run('<link rel="stylesheet" href="a.css"><link rel="stylesheet" href="gone.css"><p id="t">x</p>', '', { assets: { 'a.css': '@import "b.css"; #t { color: green }', 'b.css': '@import "a.css";' } });
    expect(r.byId('t').style.color).to.deep.equal(green);
    expect(r.diagnostics.map((d) => d.code).sort()).to.deep.equal(['import-refused', 'resource-missing']);
  });
  it('@import after a rule is ignored', () => {
    const r = run('<style>p { color: red } @import "a.css";</style><p id="t">x</p>', '', { assets: { 'a.css': '#t { color: blue }' } });
    expect(r.byId('t').style.color).to.deep.equal({ r: 255, g: 0, b: 0, a: 1 });
    expect(r.diagnostics.map((d) => d.code)).to.deep.equal(['css-parse-error']);
  });
  it('url()s in a linked sheet are relative to the sheet', () => {
    const r = run('<link rel="stylesheet" href="css/a.css"><p id="t">x</p>', '', { assets: { 'css/a.css': '#t { background: url(../img/bg.png) } ' } });
    expect(r.byId('t').style.backgroundImage).to.deep.equal([{ url: 'css/../img/bg.png' }]);
  });
  it('a data: URI stylesheet applies', () => {
    const r = run(`<link rel="stylesheet" href="data:text/css;base64,${Buffer.from('#t { color: green }').toString('base64')}"><p id="t">x</p>`);
    expect(r.byId('t').style.color).to.deep.equal(green);
  });
});

describe('cascade: @font-face (CSS Fonts 4 §4)', () => {
  it('loads a template asset, with weight and style', () => {
    const r = run('<style>@font-face { font-family: "My Font"; src: url(fonts/f.ttf) format("truetype"); font-weight: bold; font-style: italic }</style><p>x</p>', '', { assets: { 'fonts/f.ttf': TTF } });
    expect(r.result.fontFaces).to.have.length(1);
    const f = r.result.fontFaces[0]!;
    expect([f.family, f.weight, f.style, f.data.length]).to.deep.equal(['My Font', 700, 'italic', TTF.length]);
    expect(r.diagnostics).to.deep.equal([]);
  });
  it('loads a data: URI', () => {
    const r = run(`<style>@font-face { font-family: X; src: url(data:font/ttf;base64,${Buffer.from(TTF).toString('base64')}) }</style><p>x</p>`);
    expect(r.result.fontFaces.map((f) => [f.family, f.weight, f.style])).to.deep.equal([['X', 400, 'normal']]);
  });
  it('skips local() and unusable formats, takes the first source that loads', () => {
    const r = run('<style>@font-face { font-family: X; src: local("X"), url(x.eot) format("embedded-opentype"), url(x.svg) format("svg"), url(gone.woff2) format("woff2"), url(x.ttf) }</style><p>x</p>', '', { assets: { 'x.ttf': TTF } });
    expect(r.result.fontFaces).to.have.length(1);
    expect(r.diagnostics.map((d) => d.code)).to.deep.equal(['resource-missing']);
  });
  it('a weight range keeps its range', () => {
    const r = run('<style>@font-face { font-family: V; src: url(v.ttf); font-weight: 100 900 }</style><p>x</p>', '', { assets: { 'v.ttf': TTF } });
    expect(r.result.fontFaces[0]!.weight).to.equal(100);
    expect(r.result.fontFaces[0]!.weightRange).to.deep.equal([100, 900]);
  });
  it('unwraps WOFF 1.0 into the same sfnt tables', () => {
    const woff = toWoff(TTF);
    const r = run('<style>@font-face { font-family: W; src: url(w.woff) format("woff") }</style><p>x</p>', '', { assets: { 'w.woff': woff } });
    const data = r.result.fontFaces[0]!.data;
    expect(Buffer.from(data.subarray(0, 4)).toString('hex')).to.equal('00010000');
    expect(data.length).to.be.closeTo(TTF.length, 64);
  });
  it('bytes that are no font are a resource-invalid diagnostic', () => {
    const r = run('<style>@font-face { font-family: B; src: url(b.ttf) }</style><p>x</p>', '', { assets: { 'b.ttf': 'not a font at all' } });
    expect(r.result.fontFaces).to.deep.equal([]);
    expect(r.diagnostics.map((d) => d.code)).to.deep.equal(['resource-invalid']);
  });
  it('a font from http is refused', () => {
    const r = run('<style>@font-face { font-family: H; src: url(https://fonts.example/h.woff2) }</style><p>x</p>');
    expect(r.result.fontFaces).to.deep.equal([]);
    expect(r.diagnostics.map((d) => d.code)).to.deep.equal(['resource-refused']);
  });
});

/** A minimal WOFF 1.0 writer (W3C WOFF §3–5), to test the reader against. */
function toWoff(sfnt: Uint8Array): Uint8Array {
  const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const numTables = view.getUint16(4);
  const tables = [];
  for (let i = 0; i < numTables; i++) {
    const o = 12 + i * 16;
    const tag = view.getUint32(o), checksum = view.getUint32(o + 4), offset = view.getUint32(o + 8), length = view.getUint32(o + 12);
    const orig = sfnt.subarray(offset, offset + length);
    const comp = deflateSync(orig);
    tables.push({ tag, checksum, orig, data: comp.length < orig.length ? new Uint8Array(comp) : orig });
  }
  let size = 44 + numTables * 20;
  for (const t of tables) size += (t.data.length + 3) & ~3;
  const out = new Uint8Array(size);
  const ov = new DataView(out.buffer);
  ov.setUint32(0, 0x774f4646);
  ov.setUint32(4, view.getUint32(0));
  ov.setUint32(8, size);
  ov.setUint16(12, numTables);
  let offset = 44 + numTables * 20;
  tables.forEach((t, i) => {
    const o = 44 + i * 20;
    ov.setUint32(o, t.tag); ov.setUint32(o + 4, offset); ov.setUint32(o + 8, t.data.length); ov.setUint32(o + 12, t.orig.length); ov.setUint32(o + 16, t.checksum);
    out.set(t.data, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}
