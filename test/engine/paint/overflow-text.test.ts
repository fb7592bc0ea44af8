// CSS Overflow 3 §3 text at the edge of an overflow clip, as Chromium 156's PDF holds it: only
// the glyphs whose ink meets the clip are written (read back with pdftotext -bbox, the same words
// at the same places as in Chromium's PDF of the same document). A 1px box with overflow hidden
// (the visually-hidden pattern without `clip`) writes nothing; a word cut by the clip keeps the
// letters that reach into it; a line just below a clipped box's bottom writes only the glyphs
// tall enough to reach in (Ê over a line of x-height letters).
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { toPdf } from '../../../src/pdf';
import { glyphInk, measureText } from '../../../src/render/measure';
import { boxWordsOf } from '../../helpers/pdf';

const CSS = "@page { size: 300pt 300pt; margin: 10pt } body { margin: 0; font: 15px 'Liberation Sans' } div { margin-bottom: 20pt }";
const HTML = '<span style="position:absolute;width:1px;height:1px;overflow:hidden;white-space:nowrap">Skip to content</span>'
  + '<div style="width:1px;height:1px;overflow:hidden">Block hidden words</div>'
  + '<div style="width:50pt;height:20pt;overflow:hidden;white-space:nowrap">Partly visible clipped sentence</div>'
  + '<div style="height:15px;line-height:15px;overflow:hidden">first line<br>xxx xÊxx aaa<br>third</div>'
  + '<div style="height:10px;overflow:hidden;padding-top:5px">gjpq under</div><p>After</p>';

/** Chromium 156's words of the document: text, left, top (pdftotext -bbox of its print) */
const CHROMIUM: readonly (readonly [string, number, number])[] = [
  ['Partly', 9.75, 31.07], ['visib', 41.63, 31.07], ['first', 9.75, 70.07], ['line', 31.0, 70.07], ['Ê', 35.38, 81.32],
  ['gjpq', 9.75, 106.07], ['under', 34.15, 106.07], ['After', 9.75, 133.07],
];

describe('paint: text at the edge of an overflow clip (CSS Overflow 3 §3)', () => {
  it('writes only the glyphs whose ink meets the clip, as Chromium 156 does', async () => {
    const r = layoutHtml(`<!doctype html><meta charset="utf-8">${HTML}`, CSS, { measureText, glyphInk });
    expect(r.diagnostics.map((d) => d.message)).to.deep.equal([]);
    const words = boxWordsOf(await toPdf(r.docDefinition, r.fonts));
    expect(words.map((w) => w.text)).to.deep.equal(CHROMIUM.map((w) => w[0]));
    for (const [i, [text, left, top]] of CHROMIUM.entries()) {
      expect(words[i]!.left, `${text} left`).to.be.closeTo(left, 0.05);
      expect(words[i]!.top, `${text} top`).to.be.closeTo(top, 0.05);
    }
  });

  // the page area cuts what the document paints (paint openPageArea) in the same way: a nowrap line
  // running past its right edge keeps the glyphs that reach into it (Chromium: "Kub")
  it('writes only the glyphs whose ink meets the page area, as Chromium 156 does', async () => {
    const line = 'Kubernetes Docker Helm Containers orchestration '.repeat(3);
    const r = layoutHtml(`<!doctype html><p>Normal text</p><div style="margin-left:100pt;width:60pt;white-space:nowrap">${line}</div>`,
      '@page { size: 300pt 200pt; margin: 20pt } body { margin: 0; font: 12pt/15pt sans-serif }', { measureText, glyphInk });
    const words = boxWordsOf(await toPdf(r.docDefinition, r.fonts));
    // (the document is wider than 1.5 page areas: shrunk by 1.5, the rest cut at the page area's edge)
    const chromium: readonly (readonly [string, number])[] = [['Normal', 20.25], ['text', 48.25], ['Kubernetes', 86.91], ['Docker', 130.05], ['Helm', 157.62],
      ['Containers', 178.51], ['orchestration', 219.42], ['Kub', 267.89]];
    expect(words.map((w) => w.text)).to.deep.equal(chromium.map((w) => w[0]));
    for (const [i, [text, left]] of chromium.entries()) expect(words[i]!.left, `${text} left`).to.be.closeTo(left, 0.05);
    expect(words[7]!.right, 'Kub right').to.be.closeTo(282.12, 0.05);
  });

  // under a transform the cut is the same, each glyph's ink transformed onto the page: Chromium
  // 156 writes "d text alpha" of a div moved 40pt left, and of a rotated line reaching past the
  // page's left edge the letters "d partly outside" ("Rotate" lies wholly outside the page area)
  it('under a transform, writes only the glyphs whose transformed ink meets the page area, as Chromium 156 does', async () => {
    const r = layoutHtml('<!doctype html><div style="transform:translateX(-40pt)">Shifted text alpha</div>'
      + '<div style="position:absolute;left:-50pt;top:80pt;transform:rotate(-30deg)">Rotated partly outside</div>',
    '@page { size: 300pt 200pt; margin: 20pt } body { margin: 0; font: 12pt/15pt "DejaVu Sans" }', { measureText, glyphInk });
    const words = boxWordsOf(await toPdf(r.docDefinition, r.fonts));
    const letters = (ws: readonly string[]) => [...ws.join('')].sort().join('');
    expect(words.slice(0, 3).map((w) => w.text)).to.deep.equal(['d', 'text', 'alpha']);
    // (Chromium: "d" at 14.91pt)
    expect(words[0]!.left).to.be.closeTo(14.91, 0.5);
    expect(letters(words.slice(3).map((w) => w.text))).to.equal(letters(['dpartlyoutside']));
  });

  it('without the glyphs\' ink (no EngineOptions.glyphInk) whole runs are culled as before: the run cut by the clip is written whole', async () => {
    const r = layoutHtml(`<!doctype html><meta charset="utf-8">${HTML}`, CSS, { measureText });
    const words = boxWordsOf(await toPdf(r.docDefinition, r.fonts)).map((w) => w.text);
    expect(words).to.include('visible');
    expect(words).to.not.include('Ê');
  });
});
