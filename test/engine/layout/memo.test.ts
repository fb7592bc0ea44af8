// The memos of layout and paint (issue #4) give the values the plain computation gives.
import { expect } from 'chai';
import { FACE_METRICS, METRIC_RANGES } from '../../../src/engine/layout/metrics.data';
import { contentAreaHeight, measurePieces, normalLineHeight, textWidth } from '../../../src/engine/layout/metrics';
import { FaceResolver } from '../../../src/engine/layout/faces';
import { hexColor } from '../../../src/engine/paint/nodes';
import { FontMatcher } from '../../../src/engine/fonts';
import { layoutHtml } from '../../../src/engine';
import { run } from '../cascade/helpers';
import { processWhiteSpace } from '../../../src/engine/boxes/build';
import type { InlineLevelBox } from '../../../src/engine/boxes/types';
import type { ComputedStyle } from '../../../src/engine/cascade/computed';

/** The advance of one code point by the range tables, as metrics.ts computed it before its direct table. */
function referenceWidth(text: string, file: string, size: number): number {
  const m = FACE_METRICS[file]!;
  const widths = m.widths.split(',').map((s) => parseInt(s, 36));
  let sum = 0; let n = 0;
  for (let cp = 0x61; cp <= 0x7a; cp++) { const w = widths[cp - 0x20]!; if (w) { sum += w; n++; } }
  const average = n ? sum / n : 500;
  const advance = (cp: number): number => {
    let offset = 0;
    for (const [a, b] of METRIC_RANGES) {
      if (cp >= a && cp <= b) return Math.fround(widths[offset + cp - a]!) || average;
      offset += b - a + 1;
    }
    if (cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0xfeff || cp === 0xad) return 0;
    if (cp >= 0x2e80) return 1000;
    return average;
  };
  let w = 0;
  for (const ch of text) w += advance(ch.codePointAt(0)!);
  return (w / 1000) * size;
}

describe('layout memos: text widths from the direct table', () => {
  const samples = [
    'Invoice INV-2026-0042', 'Hafenstraße 12 — €1,234.56', '\t tab and controls \u0001', 'soft\u00adhyphen zero\u200bwidth',
    'Ωμέγα Кириллица', '→ ← ■ ●', '中文字符', 'emoji 😀 pair', 'lone \ud800 high and \udc00 low', '\ud83d', '',
    String.fromCodePoint(...Array.from({ length: 400 }, (_, i) => 0x20 + i * 24)),
  ];
  for (const file of ['LiberationSans-Regular.ttf', 'LiberationSerif-Bold.ttf', 'DejaVuSansMono.ttf', 'NoSuchFace.ttf']) {
    it(`measures as the range lookup does: ${file}`, () => {
      const measured = FACE_METRICS[file] ? file : 'LiberationSans-Regular.ttf';
      for (const s of samples) expect(textWidth(s, { file, size: 11 }), JSON.stringify(s)).to.equal(referenceWidth(s, measured, 11));
    });
  }

  it('adds letter and word spacing per code point and per space', () => {
    const plain = textWidth('a b 😀', { file: 'LiberationSans-Regular.ttf', size: 10 });
    expect(textWidth('a b 😀', { file: 'LiberationSans-Regular.ttf', size: 10, letterSpacing: 1, wordSpacing: 2 })).to.be.closeTo(plain + 5 * 1 + 2 * 2, 1e-9);
  });
});

describe('layout memos: a segment\'s pieces measured in one pass', () => {
  /** What min-content measuring did with substrings: split at spaces and U+200B, then after hyphens. */
  const bySplit = (text: string, face: Parameters<typeof textWidth>[1]) => {
    const events: string[] = [];
    text.split(/[ \u200b]/).forEach((part, j) => {
      if (j > 0) events.push('break');
      part.split(/(?<=-)/).forEach((piece, k) => { if (k > 0) events.push('break'); events.push(String(textWidth(piece, face))); });
    });
    return { events, width: textWidth(text, face) };
  };
  const byScan = (text: string, face: Parameters<typeof textWidth>[1], advance?: (cp: number) => number) => {
    const events: string[] = [];
    const width = measurePieces(text, face, { piece: (w) => events.push(String(w)), breakHere: () => events.push('break') }, advance);
    return { events, width };
  };
  // '' pieces measure 0 whichever way they are cut: compare the pieces with width
  const solid = (r: { events: string[]; width: number }) => ({ width: r.width, events: r.events.filter((e) => e !== '0') });
  const alphabet = ['a', 'W', ' ', '-', '\u200b', 'é', '😀', '\ud800', '中', '\t', '.', '--'];
  const strings = ['', ' ', '-', 'a-', '-a', 'a--b', 'well-known  words ', 'pre-', 'x\u200by', 'SKU-1-002 €12,345.00'];
  let seed = 7;
  const next = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  for (let i = 0; i < 300; i++) strings.push(Array.from({ length: Math.floor(next() * 14) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
  for (const face of [{ file: 'LiberationSans-Regular.ttf', size: 11 }, { file: 'DejaVuSansMono.ttf', size: 9.5, letterSpacing: 0.7, wordSpacing: -1.3 }]) {
    it(`gives the widths and breaks the split substrings give: ${face.file}`, () => {
      for (const s of strings) expect(solid(byScan(s, face)), JSON.stringify(s)).to.deep.equal(solid(bySplit(s, face)));
    });
  }
  it('an embedded face\'s advances (0 unmapped → 500) are summed the same way', () => {
    const advance = (cp: number) => (cp < 0x80 ? 400 + (cp % 7) * 31 : 0);
    const face = { file: '', size: 12, letterSpacing: 0.25, wordSpacing: 1 };
    for (const s of strings) {
      const events: string[] = []; const ref: string[] = [];
      measurePieces(s, face, { piece: (w) => events.push(String(w)), breakHere: () => events.push('break') }, advance);
      const width = (t: string) => { let w = 0; let n = 0; let sp = 0; for (const ch of t) { const cp = ch.codePointAt(0)!; w += advance(cp) || 500; n++; if (cp === 0x20) sp++; } return (w / 1000) * 12 + 0.25 * n + 1 * sp; };
      s.split(/[ \u200b]/).forEach((part, j) => {
        if (j > 0) ref.push('break');
        part.split(/(?<=-)/).forEach((piece, k) => { if (k > 0) ref.push('break'); ref.push(String(width(piece))); });
      });
      expect(events.filter((e) => e !== '0'), JSON.stringify(s)).to.deep.equal(ref.filter((e) => e !== '0'));
    }
  });
});

describe('fonts: the covered-text fast path of splitByCoverage', () => {
  const runs = (text: string, families: string[]) => {
    const m = new FontMatcher();
    return m.splitByCoverage(text, m.match({ families, weight: 400, style: 'normal' })).map((r) => `${r.font}${r.bold ? ' bold' : ''}${r.italics ? ' italic' : ''}:${r.text}`);
  };
  it('text the face covers whole stays one run, unchanged, in the run\'s own face', () => {
    expect(runs('€12,345.00 · Ωμέγα Привет café ♥', ['Arial'])).to.deep.equal(['Liberation Sans:€12,345.00 · Ωμέγα Привет café ♥']);
    expect(runs('€ 1\u00a02', ['monospace'])).to.deep.equal(['Noto Sans Mono:€ 1\u00a02']);
  });
  it('one character the face lacks still splits the run, wherever it is', () => {
    expect(runs('✈€', ['Arial'])).to.deep.equal(['DejaVu Sans:✈', 'Liberation Sans:€']);
    expect(runs('€€✈', ['Arial'])).to.deep.equal(['Liberation Sans:€€', 'DejaVu Sans:✈']);
    expect(runs('a\u2011b', ['Arial'])).to.deep.equal(['Liberation Sans:a\u2010b']);
  });
});

describe('paint memos', () => {
  it('hexColor: one string per colour object, right for every object', () => {
    const a = { r: 30, g: 64, b: 175, a: 1 };
    expect(hexColor(a)).to.equal('#1e40af');
    expect(hexColor(a)).to.equal('#1e40af');
    expect(hexColor({ r: 255.4, g: -3, b: 300, a: 0.5 })).to.equal('#ff00ff');
    expect(hexColor({ r: 0, g: 0, b: 0, a: 1 })).to.equal('#000000');
  });
});

describe('paint memos: data: images prepared once per process', () => {
  // a PNG whose data: URI no other test uses (the memo is per process)
  const png = (() => {
    const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
    const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
    const crc = (b: Buffer) => { let c = 0xffffffff; for (const x of b) c = crcTable[(c ^ x) & 255]! ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
    const chunk = (type: string, data: Buffer) => Buffer.concat([u32(data.length), Buffer.from(type, 'latin1'), data, u32(crc(Buffer.concat([Buffer.from(type, 'latin1'), data])))]);
    const ihdr = Buffer.concat([u32(30), u32(20), Buffer.from([8, 2, 0, 0, 0])]);
    const raw = Buffer.alloc(20 * (1 + 30 * 3), 0x5a);
    for (let y = 0; y < 20; y++) raw[y * 91] = 0;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { deflateSync } = require('node:zlib') as typeof import('node:zlib');
    const bytes = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
    return `data:image/png;base64,${bytes.toString('base64')}`;
  })();
  const html = `<!doctype html><img src="${png}" style="width: 30px">`;
  const imageOf = (r: ReturnType<typeof layoutHtml>) => JSON.stringify(r.docDefinition.content).match(/"image":"(data:[^"]+)"/)?.[1];

  it('gives the same image again, and still refuses it under smaller caps', () => {
    const first = layoutHtml(html, '');
    expect(first.diagnostics).to.deep.equal([]);
    expect(imageOf(first)).to.equal(png);
    const again = layoutHtml(html, '');
    expect(again.diagnostics).to.deep.equal([]);
    expect(JSON.stringify(again.docDefinition.content)).to.equal(JSON.stringify(first.docDefinition.content));
    const fewPixels = layoutHtml(html, '', { limits: { maxImagePixels: 100 } });
    expect(fewPixels.diagnostics.map((d) => d.code)).to.deep.equal(['resource-invalid']);
    expect(imageOf(fewPixels)).to.equal(undefined);
    const fewBytes = layoutHtml(html, '', { limits: { maxDataUriBytes: 50 } });
    expect(fewBytes.diagnostics.map((d) => d.code)).to.deep.equal(['resource-invalid']);
    expect(imageOf(fewBytes)).to.equal(undefined);
    expect(imageOf(layoutHtml(html, ''))).to.equal(png);
  });
});

describe('boxes: white space collapsing skips text with nothing to collapse', () => {
  it('gives what collapsing every run of white space gives', () => {
    const style = { whiteSpace: 'normal', textTransform: 'none', fontVariantCaps: 'normal' } as unknown as ComputedStyle;
    const alphabet = ['a', ' ', '  ', '\t', '\n', '\r', '\f', '\u00a0', 'é', 'b'];
    let seed = 11;
    const next = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    for (let i = 0; i < 500; i++) {
      const texts = Array.from({ length: 1 + Math.floor(next() * 3) }, () => Array.from({ length: Math.floor(next() * 8) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
      const runs: InlineLevelBox[] = texts.map((text) => ({ kind: 'text', style, text }));
      processWhiteSpace(runs);
      // the reference: CSS Text 3 §4.1.1 with every run collapsed by the regular expression
      let atSpace = true;
      const want = texts.map((text) => {
        let t = text.replace(/[ \t\n\r\f]+/g, ' ');
        if (atSpace && t.startsWith(' ')) t = t.slice(1);
        if (t.length) atSpace = t.endsWith(' ');
        return t;
      });
      expect(runs.map((r) => (r as { text: string }).text), JSON.stringify(texts)).to.deep.equal(want);
    }
  });
});

describe('lists made to size: no holes where the count was reserved ahead', () => {
  const holes = (root: unknown): string[] => {
    const found: string[] = [];
    const seen = new Set<unknown>();
    const walk = (v: unknown, path: string) => {
      if (!v || typeof v !== 'object' || seen.has(v)) return;
      seen.add(v);
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) if (!(i in v)) found.push(`${path}[${i}]`);
        v.forEach((x, i) => walk(x, `${path}[${i}]`));
      } else for (const [k, x] of Object.entries(v)) if (k !== 'style' && k !== 'parent') walk(x, `${path}.${k}`);
    };
    walk(root, '');
    return found;
  };
  const html = `<!doctype html><html><body>
    <p class="q">quoted <b>bold</b> text</p>
    <div><div></div><p>after an empty block</p><div style="position:absolute;top:0">detached</div><p>last</p></div>
    <table><tr><td>a</td><td><div></div></td></tr></table>
    <ul><li>one</li><li>two <span style="display:block">block in inline</span> tail</li></ul>
  </body></html>`;
  const css = '.q::before { content: "«" } .q::after { content: "»" } p { margin: 4pt 0 }';
  it('the styled tree and the document definition are dense lists', () => {
    expect(holes(run(html, css).result.root)).to.deep.equal([]);
    const out = layoutHtml(html, css);
    expect(out.diagnostics).to.deep.equal([]);
    expect(holes(out.docDefinition)).to.deep.equal([]);
  });
});

describe('anchors: ids looked for only when a link asks', () => {
  /** the texts of the text nodes, each with the destination of the link node after it (paint emits a text's link right after its text) */
  const runsOf = (node: unknown): { text: string; linkToDestination?: string }[] => {
    const out: { text: string; linkToDestination?: string }[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) { v.forEach(walk); return; }
      if (!v || typeof v !== 'object') return;
      const o = v as Record<string, unknown>;
      if (Array.isArray(o.text)) { out.push({ text: (o.text as { text: string }[]).map((r) => r.text).join('') }); return; }
      if (o.link && out.length) { const to = o.link as { destination?: string }; if (to.destination) out[out.length - 1]!.linkToDestination = to.destination; return; }
      for (const x of Object.values(o)) walk(x);
    };
    walk(node);
    return out;
  };
  const idsOf = (node: unknown): string[] => {
    const out: string[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) { v.forEach(walk); return; }
      if (!v || typeof v !== 'object') return;
      const o = v as Record<string, unknown>;
      if (typeof o.destination === 'string') out.push(o.destination);
      if (o.link) return;
      for (const x of Object.values(o)) walk(x);
    };
    walk(node);
    return out;
  };
  it('links to ids that exist (percent-decoded) get destinations; the others and the unlinked ids do not', () => {
    const out = layoutHtml('<p><a href="#intro">to intro</a> <a href="#s%C3%A9c">to séc</a> <a href="#nowhere">nowhere</a> <a href="#">top</a></p>'
      + '<h2 id="intro">Intro</h2><div id="séc"><p>text</p></div><p id="unlinked">unlinked</p>', '');
    const links = Object.fromEntries(runsOf(out.docDefinition.content).filter((r) => r.text.startsWith('to') || r.text === 'nowhere' || r.text === 'top').map((r) => [r.text, r.linkToDestination ?? null]));
    expect(links).to.deep.equal({ 'to intro': 'intro', 'to séc': 'séc', nowhere: null, top: null });
    expect(idsOf(out.docDefinition.content).sort()).to.deep.equal(['intro', 'séc']);
  });
  it('a document without links names no destinations', () => {
    const out = layoutHtml('<h2 id="intro">Intro</h2><p id="p">text</p>', '');
    expect(idsOf(out.docDefinition.content)).to.deep.equal([]);
  });
});

describe('layout memos: a style\'s line measures computed once with its face', () => {
  it('line-height and the content area are what the metrics give, on first and later asks', () => {
    const styles = ['line-height: normal; font-size: 13px', 'line-height: 1.35; font: bold 9pt serif', 'line-height: 17px; font-family: monospace',
      'line-height: 2em; font: italic 20px sans-serif', 'font-size: 7.3pt; font-family: "Noto Sans"'];
    const doc = run(styles.map((st, i) => `<p id="p${i}" style='${st}'>x</p>`).join(''));
    const faces = new FaceResolver(new FontMatcher());
    styles.forEach((_, i) => {
      const s = doc.byId(`p${i}`).style;
      const f = faces.of(s);
      const lh = s.lineHeight;
      const want = lh.kind === 'normal' ? normalLineHeight(f.file, s.fontSize) : lh.kind === 'number' ? lh.value * s.fontSize : lh.pt;
      for (let ask = 0; ask < 2; ask++) {
        expect(faces.lineHeight(s), styles[i]).to.equal(want);
        expect(faces.contentArea(s), styles[i]).to.equal(contentAreaHeight(f.file, s.fontSize));
      }
    });
  });
});
