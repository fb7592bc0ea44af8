// HTML's legacy alignment as Chromium prints it. A containing block whose text-align is
// -webkit-center / -webkit-right (from <center> or an align attribute, HTML §15.3.3) moves a
// block-level child whose inline margins are not auto into the room left (Blink
// ResolveInlineAutoMargins); a plain text-align: center does not. The UA centres a th only when
// its parent's text-align is the initial start (HTML §15.3.8), so a th under a text-align: left
// table or row inherits left. Each case is checked against Chromium and against fixed figures.
import { itAgreesWithChromium, type ChromiumFact } from '../../helpers/chromium-layout';

const PAGE = '@page { size: 200pt 300pt; margin: 10pt } body { margin: 0; font: 10pt/12pt sans-serif } ';
const W = (id: string, pt = 60) => `<div id="${id}" style="width:${pt}pt">x</div>`;
const IB = (id: string) => `<span id="${id}" style="display:inline-block;width:30pt">x</span>`;

const ALIGN: ChromiumFact[] = [
  { name: '<center> centres a fixed-width block', html: `<center>${W('b')}</center>`, css: '', expect: { b: { x: 60, width: 60 } } },
  { name: '<center> centres a block with margin-left: 0 (neither margin is auto)', html: `<center><p id="b" style="width:60pt;margin:0">x</p></center>`, css: '', expect: { b: { x: 60 } } },
  { name: '<center> centres a 50% table, whose text starts at the left again', html: '<center><table id="t" width="50%" style="border-spacing:0"><tr><td id="c" style="padding:0">' + IB('s') + '</td></tr></table></center>', css: '', expect: { t: { x: 45, width: 90 }, s: { x: 45 } } },
  { name: 'div align=center centres a block; its margin shifts by half the room', html: `<div align="center">${W('b')}</div>`, css: '', expect: { b: { x: 60 } } },
  { name: 'div align=right puts a block at the right', html: `<div align="right"><div id="b" style="width:60pt;margin-right:10pt">x</div></div>`, css: '', expect: { b: { x: 110 } } },
  { name: 'td align=center centres a nested fixed-width table', html: '<table style="width:180pt;border-spacing:0"><tr><td align="center" style="padding:0"><table id="t" style="width:60pt;border-spacing:0"><tr><td>x</td></tr></table></td></tr></table>', css: '', expect: { t: { x: 60, width: 60 } } },
  { name: 'a flex container is moved too', html: '<div align="center"><div id="b" style="display:flex;width:60pt">x</div></div>', css: '', expect: { b: { x: 60 } } },
  { name: 'an auto margin keeps its own rule', html: '<div align="center"><div id="b" style="width:60pt;margin-right:auto">x</div></div>', css: '', expect: { b: { x: 0 } } },
  { name: 'text-align: center moves no block', html: `<div style="text-align:center">${W('b')}</div>`, css: '', expect: { b: { x: 0 } } },
  { name: 'a block wider than its container is not moved', html: `<center>${W('b', 240)}</center>`, css: '', expect: { b: { x: 0 } } },
];

const TH = 'table { width: 150pt; border-spacing: 0 } th { padding: 0 } ';
const th = (id: string, table: string, tr = '') => `<table${table}><tr${tr}><th>${IB(id)}</th></tr></table>`;
const HEADERS: ChromiumFact[] = [
  { name: 'a th is centred under the initial text-align', html: th('s', ''), css: TH, expect: { s: { x: 60 } } },
  { name: 'a th under text-align: start is centred', html: th('s', ' style="text-align:start"'), css: TH, expect: { s: { x: 60 } } },
  { name: 'a th under a text-align: left table starts at the left', html: th('s', ' style="text-align:left"'), css: TH, expect: { s: { x: 0 } } },
  { name: 'a th under a text-align: right row ends at the right', html: th('s', '', ' style="text-align:right"'), css: TH, expect: { s: { x: 120 } } },
  { name: 'a th under a text-align: end table ends at the right', html: th('s', ' style="text-align:end"'), css: TH, expect: { s: { x: 120 } } },
  { name: 'a th under a table reset from align=right is centred (in the table the div moved right)', html: `<div align="right">${th('s', '')}</div>`, css: TH, expect: { s: { x: 90 } } },
];

describe('layout: HTML legacy alignment (Blink -webkit-* block alignment, HTML §15.3.8 th)', function () {
  this.timeout(60000);
  describe('blocks in a -webkit-* aligned containing block', () => itAgreesWithChromium(ALIGN, { pageCss: PAGE, tolerance: 0.02 }));
  describe('th alignment', () => itAgreesWithChromium(HEADERS, { pageCss: PAGE, tolerance: 0.02 }));
});
