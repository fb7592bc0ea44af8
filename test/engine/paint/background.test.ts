// CSS Backgrounds 3 §3.7 the background painting area clips a background image (as Chromium
// paints it): an image larger than its box shows only inside the box.
import { expect } from 'chai';
import { DiagnosticList } from '../../../src/engine/diagnostics';
import { backgroundImageNode } from '../../../src/engine/paint/background';
import { baseStyle } from '../../helpers/engine';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP4z8DAwPAfAAcAAf9+CLHQAAAAAElFTkSuQmCC';
// a 200 × 100 px image (150 × 75pt)
const ctx = { diagnostics: new DiagnosticList(), imageUrl: () => ({ kind: 'raster' as const, dataUrl: PNG, width: 200, height: 100 }) };
const style = (size: string) => ({ ...baseStyle(), backgroundImage: { url: 'x.png' }, backgroundSize: size, backgroundRepeat: 'no-repeat' });

describe('paint: background images are clipped to their box', () => {
  it('an image that fits is drawn as an image at its size', () => {
    const node = backgroundImageNode(style('auto'), { width: 300, height: 100 }, ctx) as unknown as Record<string, unknown>;
    expect(node.image).to.equal(PNG);
    expect([node.width, node.height]).to.deep.equal([150, 75]);
  });

  it('an image larger than the box is drawn in an SVG viewport of the box\'s size, which clips it', () => {
    // background-size: 125% of a 100pt wide box: 125 × 62.5pt in a 100 × 40pt area
    const node = backgroundImageNode(style('125%'), { width: 100, height: 40 }, ctx) as unknown as Record<string, unknown>;
    expect([node.width, node.height]).to.deep.equal([100, 40]);
    const svg = String(node.svg);
    expect(svg).to.match(/^<svg [^>]*width="100" height="40" viewBox="0 0 100 40">/);
    expect(svg).to.contain('<image x="0" y="0" width="125" height="62.5" preserveAspectRatio="none"');
    expect(svg).to.contain(PNG);
  });
});
