// CSS Sizing 3 §5.1 max-content inline size of a block container holding floats, with CSS 2.1
// §9.5.2 `clear` on the floats: a float that clears a side starts a new row of floats on that side,
// so a shrink-to-fit box is as wide as its widest row (plus the text of the line), not as all its
// floats side by side. Blink measures it so; the figures (pt) are Chromium 156's, checked in the test.
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 200pt 400pt; margin: 10pt } body { margin: 0; font: 12pt/15pt "Liberation Sans" } ';
const box = (style: string) => `<div style="${style};height:10pt"></div>`;

const CASES: ChromiumFact[] = [
  {
    name: 'a float that clears both starts a new row: the widest row counts',
    html: `<div id="t" style="float:left">${box('float:left;width:100pt')}${box('float:left;clear:both;width:50pt')}</div>`,
    css: '',
    expect: { t: { width: 100, height: 20 } },
  },
  {
    name: 'clear: right with no right float before it: the floats stay side by side',
    html: `<div id="t" style="float:left">${box('float:left;width:80pt')}${box('float:right;clear:right;width:50pt')}</div>`,
    css: '',
    expect: { t: { width: 130, height: 10 } },
  },
  {
    name: 'a right float that clears the left floats',
    html: `<div id="t" style="float:left">${box('float:left;width:80pt')}${box('float:right;clear:left;width:50pt')}</div>`,
    css: '',
    expect: { t: { width: 80, height: 20 } },
  },
  {
    name: 'the floats after a clearing float add up again',
    html: `<div id="t" style="float:left">${box('float:left;width:60pt')}${box('float:left;clear:both;width:50pt')}${box('float:left;width:40pt')}</div>`,
    css: '',
    expect: { t: { width: 90, height: 20 } },
  },
  {
    name: 'clear: right ends the row of right floats only',
    html: `<div id="t" style="float:left">${box('float:left;width:80pt')}${box('float:right;width:40pt')}${box('float:right;clear:right;width:30pt')}</div>`,
    css: '',
    expect: { t: { width: 120, height: 20 } },
  },
  {
    name: 'the text of the line sits beside each row of floats',
    html: `<div id="t" style="float:left">${box('float:left;width:60pt')}abc ${box('float:left;clear:both;width:90pt')}de</div>`,
    css: '',
    expect: { t: { width: 126.04, height: 25 } },
  },
  {
    name: 'floats between blocks',
    html: `<div id="t" style="float:left"><div>x</div>${box('float:left;width:100pt')}${box('float:left;clear:left;width:50pt')}<div>x</div></div>`,
    css: '',
    expect: { t: { width: 100, height: 40 } },
  },
  {
    name: 'a percentage margin of a stacked float resolves against the shrink-to-fit width (a stacked address block)',
    html: `<div style="float:right">${box('float:right;clear:both;width:100pt')}<div id="m" style="float:right;clear:both;margin-top:10%;width:40pt;height:10pt"></div></div>`,
    css: '',
    expect: { m: { x: 140, y: 20, width: 40 } },
  },
];

describe('layout: max-content width of floats that clear (CSS Sizing 3 §5.1, CSS 2.1 §9.5.2)', function () {
  this.timeout(60000);
  itAgreesWithChromium(CASES, { pageCss: PAGE, tolerance: 0.03 });
});
