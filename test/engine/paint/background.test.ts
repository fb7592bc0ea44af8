// CSS Backgrounds 3 §3.7 the background painting area clips a background image (as Chromium
// paints it): an image larger than its box shows only inside the box.
import { expect } from 'chai';
import { layoutHtml } from '../../../src/engine';
import { clippedImage } from '../../../src/engine/paint/background';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP4z8DAwPAfAAcAAf9+CLHQAAAAAElFTkSuQmCC';

describe('paint: background images are clipped to their box', () => {
  it('an image larger than the box is drawn in an SVG viewport of the visible part, which clips it', () => {
    // background-size: 125% of a 100pt wide box: 125 × 62.5pt in a 100 × 40pt area
    const node = clippedImage(PNG, { x: 10, y: 20, width: 100, height: 40 }, { x: 10, y: 20, width: 125, height: 62.5 }) as unknown as Record<string, unknown>;
    expect([node.width, node.height]).to.deep.equal([100, 40]);
    const svg = String(node.svg);
    expect(svg).to.match(/^<svg [^>]*width="100" height="40" viewBox="0 0 100 40">/);
    expect(svg).to.contain('<image x="0" y="0" width="125" height="62.5" preserveAspectRatio="none"');
    expect(svg).to.contain(PNG);
  });
});

describe('paint: border-radius rounds the background', () => {
  const rects = (v: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] => {
    if (Array.isArray(v)) for (const x of v) rects(x, out);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (o.type === 'rect') out.push(o);
      for (const x of Object.values(o)) rects(x, out);
    }
    return out;
  };
  const radiusOf = (css: string) => {
    const r = layoutHtml('<div></div>', `@page { size: 200pt 200pt; margin: 0 } body { margin: 0 } div { width: 80px; height: 60px; background: #c00; ${css} }`);
    return rects(r.docDefinition).find((x) => x.color === '#cc0000')?.r;
  };
  it('a length radius is used as given, in pt', () => expect(radiusOf('border-radius: 8px')).to.equal(6));
  it('a percentage is of the shorter side: 50% of a square is its circle', () => {
    expect(radiusOf('border-radius: 50%; height: 80px')).to.equal(30);
    expect(radiusOf('border-radius: 10%')).to.equal(4.5);
  });
  it('no radius, a plain rectangle', () => expect(radiusOf('')).to.equal(undefined));
  it('calc(infinity * 1px) (Tailwind v4 rounded-full) rounds to the shorter side\'s half, as the largest radius (CSS Values 4 §10.7.1)', () => {
    expect(radiusOf('border-radius: calc(infinity * 1px)')).to.equal(22.5);
    expect(radiusOf('border-radius: calc(-infinity * 1px)')).to.equal(undefined);
  });
});

// CSS Backgrounds 3 §2.11.1-2: body's background becomes the canvas's, and its images are sized
// and positioned against the root element's box, one box through the flow (Chromium 156 prints a
// centred no-repeat image at the middle of a short document's root box, not of the page; the
// root's margins do not move it: the area has the root's border-box size at the flow's origin)
describe('paint: the canvas image is positioned against the root element box', () => {
  const SVG = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>').toString('base64')}`;
  const svgNodes = (html: string, css: string) => {
    const r = layoutHtml(html, `@page { size: 240pt 300pt; margin: 0 } body { margin: 0; background: url(${SVG}) center / 30pt 30pt no-repeat } ${css}`);
    return (r.docDefinition.content as { section: Record<string, unknown>[] }[]).flatMap((p, page) => p.section.filter((n) => 'svg' in n).map((n) => ({ page, ...(n.absolutePosition as { x: number; y: number }) })));
  };
  const cases: { name: string; html: string; css: string; want: { page: number; x: number; y: number }[] }[] = [
    { name: 'a root box shorter than the page: centred in the root box', html: '<div style="height:60pt"></div>', css: '', want: [{ page: 0, x: 105, y: 15 }] },
    { name: 'a root box with a margin: its border-box size at the flow origin', html: '<div style="height:60pt"></div>', css: 'html { margin: 15pt }', want: [{ page: 0, x: 90, y: 15 }] },
    { name: 'a root box through two pages: centred in the whole box', html: '<div style="height:400pt"></div>', css: '', want: [{ page: 0, x: 105, y: 185 }] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const got = svgNodes(c.html, c.css);
      expect(got.length, JSON.stringify(got)).to.equal(c.want.length);
      got.forEach((g, i) => { expect(g.page).to.equal(c.want[i]!.page); expect(g.x).to.be.closeTo(c.want[i]!.x, 0.01); expect(g.y).to.be.closeTo(c.want[i]!.y, 0.01); });
    });
  }
  it('a repeat-y canvas image repeats down the whole page, below a root box shorter than the page (the canvas is its painting area)', () => {
    const got = svgNodes('<div style="height:60pt"></div>', 'body { background-position: 0 0; background-repeat: repeat-y }');
    expect(got.map((g) => g.y)).to.deep.equal([0, 30, 60, 90, 120, 150, 180, 210, 240, 270]);
  });
  it('a shrunk document (Chromium\'s shrink-to-fit printing): drawn once, by the canvas; body does not paint it again', () => {
    const got = svgNodes('<div style="height:60pt"></div>', 'body { width: 100%; margin-left: 15pt }');
    expect(got.length, JSON.stringify(got)).to.equal(1);
  });
});
