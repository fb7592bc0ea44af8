// HTML §15.4.1: an <img> whose image does not load (no source, an unknown URL) is rendered as
// Chromium 156 renders it (Blink's HTMLImageFallbackHelper): with alt text, as an inline-block of
// automatic size holding a 16px broken-image icon floated left and the text (its width and height
// do not apply, its margins do); with a width and a height and no alt text, as the replaced box of
// that size; `alt=""` and no size, as nothing. A logo or photo whose URL cannot be fetched moves
// the text after it as Chromium does. Figures (pt) are Chromium 156's, checked in the test. (An
// image without alt text and without a size is the 16px icon alone where the load fails, as
// Chromium prints a file whose image is missing; on about:blank, where this test's Chromium
// lays out, the URL does not resolve and it is nothing, so that case is not here.)
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 200pt 400pt; margin: 10pt } body { margin: 0; font: 10pt/12pt "Liberation Sans" } ';

const CASES: ChromiumFact[] = [
  {
    name: 'alt text with a width and a height: the icon and the text, the size ignored',
    html: '<div>a<img id="i" src="missing.png" alt="Logo" width="100" height="50"><span id="b" style="display:inline-block">b</span></div><div id="n">n</div>',
    css: '',
    expect: { i: { x: 5.57, y: 0, width: 34.24, height: 12 }, b: { x: 39.81 }, n: { y: 12 } },
  },
  {
    name: 'no alt text and a width and a height: the replaced box of that size',
    html: '<div>a<img id="i" src="missing.png" width="100" height="50"><span id="b" style="display:inline-block">b</span></div><div id="n">n</div>',
    css: '',
    expect: { i: { width: 75, height: 37.5 }, b: { x: 80.57 }, n: { y: 40.5 } },
  },
  {
    name: 'an empty alt and no size: nothing',
    html: '<div>a<img id="i" src="missing.png" alt=""><span id="b" style="display:inline-block">b</span></div><div id="n">n</div>',
    css: '',
    expect: { b: { x: 5.57 }, n: { y: 12 } },
  },
  {
    name: 'no src at all, alt text with a top margin: an inline-block, its margin lowers the line',
    html: '<div>a<img id="i" alt="Photo" style="margin-top:20px;width:80px;height:80px"><span id="b" style="display:inline-block">b</span></div><div id="n">n</div>',
    css: '',
    expect: { i: { y: 15, width: 38.13, height: 12 }, b: { x: 43.7 }, n: { y: 27 } },
  },
  {
    name: 'a GIF (there, though Platen cannot draw it) keeps its box, as Chromium draws it',
    html: '<div>a<img id="i" src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" alt="Logo" width="100" height="50"><span id="b" style="display:inline-block">b</span></div>',
    css: '',
    expect: { i: { width: 75, height: 37.5 }, b: { x: 80.57 } },
  },
  {
    name: 'display: block keeps its height, the text at its top after the icon',
    html: '<img id="i" src="missing.png" alt="Banner" style="display:block;width:100px;height:40px"><div id="n">n</div>',
    css: '',
    expect: { i: { width: 75, height: 30 }, n: { y: 30 } },
  },
];

describe('layout: an image that does not load, as its alt text (HTML §15.4.1)', function () {
  this.timeout(60000);
  itAgreesWithChromium(CASES, { pageCss: PAGE, tolerance: 0.03 });
});
