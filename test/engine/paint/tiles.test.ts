// CSS Backgrounds 3 §3.4 background-repeat and §3.6 background-position: the tiles paint draws
// for a background image (a 40×20px image = 30×15pt), in pt.
import { expect } from 'chai';
import type { ComputedStyle } from '../../../src/engine/cascade/computed';
import { layoutHtml } from '../../../src/engine';
import { backgroundTiles, type Rect } from '../../../src/engine/paint/tiles';
import { redPng } from '../../helpers/canary';

const style = (over: Partial<Pick<ComputedStyle, 'backgroundPosition' | 'backgroundRepeat' | 'backgroundSize'>>) =>
  ({ backgroundSize: 'auto', backgroundPosition: '0% 0%', backgroundRepeat: 'repeat', fontSize: 10, zoom: 1, ...over }) as unknown as ComputedStyle;
const AREA: Rect = { x: 100, y: 200, width: 100, height: 50 };
const at = (s: ComputedStyle) => backgroundTiles(s, AREA, AREA, 40, 20).map((t) => [t.x, t.y, t.width, t.height]);

describe('paint: background tiles (CSS Backgrounds 3)', () => {
  const single: { name: string; position: string; x: number; y: number }[] = [
    { name: 'lengths from the top left', position: '20px 10pt', x: 115, y: 210 },
    { name: 'center', position: 'center', x: 135, y: 217.5 },
    { name: 'percentages align the image point with the area point', position: '100% 100%', x: 170, y: 235 },
    { name: 'keywords in either order', position: 'bottom right', x: 170, y: 235 },
    { name: 'edge offsets', position: 'right 10px top 4pt', x: 162.5, y: 204 },
    { name: 'em of the font size', position: '1em 0', x: 110, y: 200 },
  ];
  for (const c of single) {
    it(`no-repeat, ${c.name}`, () => {
      expect(at(style({ backgroundRepeat: 'no-repeat', backgroundPosition: c.position }))).to.deep.equal([[c.x, c.y, 30, 15]]);
    });
  }

  it('repeat-y tiles the column through the area, the last tile cut to the visible part, its top shown', () => {
    const tiles = backgroundTiles(style({ backgroundRepeat: 'repeat-y', backgroundPosition: '175px 0' }), { x: 0, y: 0, width: 400, height: 40 }, { x: 0, y: 0, width: 400, height: 40 }, 40, 20);
    expect(tiles.map((t) => [t.x, t.y, t.width, t.height])).to.deep.equal([[131.25, 0, 30, 15], [131.25, 15, 30, 15], [131.25, 30, 30, 10]]);
    expect(tiles[2]!.cover).to.deep.equal({ align: 'center', valign: 'top' });
  });

  it('repeat starts before the position so that the whole area is covered', () => {
    const tiles = at(style({ backgroundPosition: '10pt 0' }));
    expect(tiles[0]).to.deep.equal([100, 200, 10, 15]); // the tile left of the position, cut: its right part shows
    expect(tiles.filter((t) => t[1] === 200).map((t) => t[0])).to.deep.equal([100, 110, 140, 170]);
  });

  it('a clip in another place than the area (a box continued on a later page) keeps the tiling of the area', () => {
    const tiles = backgroundTiles(style({ backgroundRepeat: 'repeat-y' }), { x: 0, y: -25, width: 30, height: 100 }, { x: 0, y: 0, width: 30, height: 30 }, 40, 20);
    expect(tiles.map((t) => [t.y, t.height])).to.deep.equal([[0, 5], [5, 15], [20, 10]]);
  });

  it('a single image larger than its box on both axes is cut to the box, its whole placement kept for the viewport', () => {
    // background-size: 125% of a 100 × 50pt box: 125 × 62.5pt from the top left, seen through 100 × 50pt
    const tiles = backgroundTiles(style({ backgroundRepeat: 'no-repeat', backgroundSize: '125%' }), AREA, AREA, 40, 20);
    expect(tiles).to.have.length(1);
    const t = tiles[0]!;
    expect([t.x, t.y, t.width, t.height]).to.deep.equal([100, 200, 100, 50]);
    expect(t.full).to.deep.equal({ x: 100, y: 200, width: 125, height: 62.5 });
    expect(t.cover).to.equal(undefined);
  });
});

describe('paint: background tiles in a whole document', () => {
  it('a small pattern on body covers the whole page area (1,600 tiles of 12px over 480px × 480px)', () => {
    // Chromium 156 (/tmp/heldlow-one/tile24.html): the page area is red to its bottom right corner,
    // the page margins white (certbuilder-certificate's 24px texture over an A4 page)
    const html = `<!DOCTYPE html><html><head><style>@page { size: 400pt 400pt; margin: 20pt } body { margin: 0; background: url(data:image/png;base64,${redPng(12, 12).toString('base64')}) }</style></head><body><p>x</p></body></html>`;
    const r = layoutHtml(html, '', {});
    const images = r.docDefinition.content.flatMap((page) => (page as { section: { image?: string; absolutePosition: { x: number; y: number }; width: number; height: number }[] }).section.filter((n) => n.image !== undefined));
    expect(images.length).to.equal(1600);
    expect(Math.max(...images.map((n) => n.absolutePosition.y + n.height))).to.be.closeTo(380, 0.3);
    expect(Math.max(...images.map((n) => n.absolutePosition.x + n.width))).to.be.closeTo(380, 0.3);
  });

  it('draws at most 20,000 tiles in a document, and says so when a pattern needs more', () => {
    // a 3×2 px pattern behind 100,000 px of flow: 4,000 tiles (tiles.ts MAX_TILES) on each of ~90 pages
    const html = `<div style="height: 100000px; background-image: url(data:image/png;base64,${redPng(3, 2).toString('base64')})"></div>`;
    const r = layoutHtml(html, '', {});
    expect(r.pages).to.be.greaterThan(50);
    const images = r.docDefinition.content.flatMap((page) => (page as { section: { image?: string }[] }).section.filter((n) => n.image !== undefined));
    expect(images.length).to.be.within(19_000, 20_000); // (a tile that starts past its page's edge counts, and is not drawn)
    expect(r.diagnostics.filter((d) => d.code === 'limit-exceeded').map((d) => d.message)).to.deep.equal(['The document\'s background images need more than 20000 tiles; the rest are not drawn']);
  });
});
