// Text shaping across documents. pdfkit's EmbeddedFont (one per document and face) keeps its
// word cache per document, so every document shaped every word it used afresh (fontkit's
// layout: cmap lookup, GSUB, GPOS kerning: 15-17% of a one-page invoice), scaled it to 1000
// units per em, and split every measured string at spaces again. Both things kept here depend
// only on the face (pdfkit's EmbeddedFont.font, the parsed font fontkit-cache.ts shares
// across documents) and the string, so they are kept per face, bounded:
//  - widthOfString for strings without font features (what pdfmake measures every inline with);
//  - layoutCached: the scaled run of a word. pdfkit reads these runs and never writes them
//    (encode() collects glyphs and positions; _fragment copies a position before changing
//    it), so documents can share them.
// pdfkit's EmbeddedFont class is not exported: its prototype is patched the first time a
// document selects an embedded font (see the font() wrapper in index.ts).
import { plainRun } from './plain-shaping';
import { FastPath } from './internals';

interface GlyphLike { id: number; advanceWidth: number; codePoints: number[] }
interface RunLike { advanceWidth: number; glyphs: GlyphLike[]; positions: unknown[] }
interface EmbeddedFontLike {
  font: object;
  /** the string layoutWords last laid out, and its advance width (see widthOfString) */
  lastLaidOut?: string;
  lastAdvanceWidth?: number;
  scale: number;
  subset: { includeGlyph(id: number): number };
  widths: (number | undefined)[];
  unicode: (number[] | undefined)[];
  layout(text: string, features: unknown, onlyWidth?: boolean): { advanceWidth: number; glyphs: GlyphLike[] | null; positions: unknown[] | null };
  encode(text: string, features?: unknown): [string[], unknown[]];
  layoutRun(text: string, features?: unknown): RunLike;
  layoutCached(text: string): RunLike;
  /** pdfkit's per-document cache of shaped words (its EmbeddedFont is made per document) */
  layoutCache?: Record<string, RunLike>;
  widthOfString(text: string, size: number, features?: unknown): number;
}

/**
 * Each table is two generations of at most GENERATION entries: lookups that hit the older
 * one move into the newer, and when the newer is full the older is dropped. What a run of
 * documents keeps using stays; a long-running server that meets new words forever holds at
 * most 2 × GENERATION per face and table. Measured: a kept word costs about 1 KB of heap (a
 * 100-page report's 8,000 distinct words, 7.5 MB); that report renders 27% faster when its
 * vocabulary stays than with 4,000-entry tables dropped whole (CPU 1,082 vs 1,475 ms median).
 *
 * Words with a digit in them get their own, small pair of generations. Real traffic brings
 * new amounts, dates and references with every document, almost never seen again: in the
 * vocabulary's tables they filled all 16,000 places of every face a document uses (a worker
 * rendering invoices with fresh digits grew its heap from 61 to 120 MB over 2,000 renders)
 * and pushed the words that do repeat out. Numbers that repeat (a year, a VAT rate) stay in
 * the small tables, and every number stays for the rest of its document in pdfkit's own
 * per-document cache (a 100-page report shows ~10,000 figures, many of them more than once).
 */
const GENERATION = 8_000;
const NUMBER_GENERATION = 500;
const stats = { runHits: 0, runMisses: 0 };

class Generations<V> {
  private newer = new Map<string, V>();
  private older = new Map<string, V>();
  constructor(private readonly capacity: number) {}
  get(key: string): V | undefined {
    const hit = this.newer.get(key);
    if (hit !== undefined) return hit;
    const old = this.older.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }
  set(key: string, value: V): void {
    if (this.newer.size >= this.capacity) { this.older = this.newer; this.newer = new Map(); }
    this.newer.set(key, value);
  }
}

const hasDigit = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
};

/** A face's table: the vocabulary, and the words with digits apart (see GENERATION). */
class WordTable<V> {
  private readonly words = new Generations<V>(GENERATION);
  private readonly numbers = new Generations<V>(NUMBER_GENERATION);
  get(key: string): V | undefined { return (hasDigit(key) ? this.numbers : this.words).get(key); }
  set(key: string, value: V): void { (hasDigit(key) ? this.numbers : this.words).set(key, value); }
}

const widths = new WeakMap<object, WordTable<number>>();
const runs = new WeakMap<object, WordTable<RunLike>>();
const patched = new WeakSet<object>();
const fastPath = new FastPath();

function tableFor<V>(tables: WeakMap<object, WordTable<V>>, font: object): WordTable<V> {
  let table = tables.get(font);
  if (!table) { table = new WordTable(); tables.set(font, table); }
  return table;
}

export function memoiseShaping(embedded: unknown): void {
  if (typeof embedded !== 'object' || embedded === null) return;
  const proto = Object.getPrototypeOf(embedded) as EmbeddedFontLike | null;
  if (!proto || patched.has(proto) || typeof proto.widthOfString !== 'function' || typeof proto.layoutCached !== 'function' || typeof proto.layoutRun !== 'function') return;
  patched.add(proto);
  const widthOfString = proto.widthOfString;
  const layoutCached = proto.layoutCached;
  const layout = proto.layout;
  const encode = proto.encode;
  proto.layout = function appendingLayout(this: EmbeddedFontLike, text: string, features: unknown, onlyWidth?: boolean) {
    if (!fastPath.on || features || typeof text !== 'string') return layout.call(this, text, features, onlyWidth);
    return layoutWords(this, text, onlyWidth === true);
  };
  proto.encode = function encodeWithHex(this: EmbeddedFontLike, text: string, features?: unknown): [string[], unknown[]] {
    if (!fastPath.on) return encode.call(this, text, features);
    if (!features && typeof text === 'string') return encodeWords(this, text);
    const { glyphs, positions } = this.layout(text, features);
    const res: string[] = [];
    for (let i = 0; i < glyphs!.length; i++) {
      const glyph = glyphs![i]!;
      const gid = this.subset.includeGlyph(glyph.id);
      res.push(hex4(gid));
      if (this.widths[gid] == null) this.widths[gid] = glyph.advanceWidth * this.scale;
      if (this.unicode[gid] == null) this.unicode[gid] = glyph.codePoints;
    }
    return [res, positions!];
  };
  proto.widthOfString = function memoWidthOfString(this: EmbeddedFontLike, text: string, size: number, features?: unknown): number {
    if (!fastPath.on || features || typeof text !== 'string' || typeof this.font !== 'object' || this.font === null) return widthOfString.call(this, text, size, features);
    // pdfkit measures every string it has just drawn (to advance doc.x): the layout that encode
    // made for it already summed the same pieces in the same order
    if (text === this.lastLaidOut) return this.lastAdvanceWidth! * (size / 1000);
    const table = tableFor(widths, this.font);
    let width = table.get(text);
    if (width === undefined) {
      width = this.layout(text, features, true).advanceWidth;
      table.set(text, width);
    }
    return width * (size / 1000);
  };
  proto.layoutCached = function sharedLayoutCached(this: EmbeddedFontLike, text: string): RunLike {
    if (!fastPath.on || typeof this.font !== 'object' || this.font === null) return layoutCached.call(this, text);
    // a number is kept for the rest of its document too (pdfkit's own per-document cache): the
    // small shared tables do not hold a 100-page report's thousands of figures
    const own = hasDigit(text) ? this.layoutCache : undefined;
    const table = tableFor(runs, this.font);
    let run = own?.[text] ?? table.get(text);
    if (own && run !== undefined) own[text] = run;
    if (run === undefined) {
      stats.runMisses++;
      run = plainRun(this.font, text, this.scale);
      if (run === undefined) {
        run = this.layoutRun(text);
        // fontkit's GlyphRun sums its positions at every read of advanceWidth (pdfkit reads it for
        // every piece it lays out); a shared run's positions never change after layoutRun scaled
        // them. (A plain run has its width as a field already.)
        Object.defineProperty(run, 'advanceWidth', { value: run.advanceWidth, configurable: true, enumerable: false, writable: false });
      }
      table.set(text, run);
      if (own) own[text] = run;
    } else {
      stats.runHits++;
    }
    return run;
  };
}

/**
 * pdfkit's EmbeddedFont.layout without features: the string cut after every space or tab,
 * each piece shaped (layoutCached), the pieces' glyphs and positions appended. pdfkit built
 * the lists with concat, a new array per piece (quadratic in the pieces of a joined run,
 * line-runs.ts); here they are appended in place. Same pieces, same order, same sums.
 */
function layoutWords(font: EmbeddedFontLike, text: string, onlyWidth: boolean): { advanceWidth: number; glyphs: GlyphLike[] | null; positions: unknown[] | null } {
  const glyphs: GlyphLike[] | null = onlyWidth ? null : [];
  const positions: unknown[] | null = onlyWidth ? null : [];
  let advanceWidth = 0;
  let last = 0;
  for (let index = 0; index < text.length; index++) {
    const c = text.charCodeAt(index);
    if (c !== 32 && c !== 9 && index !== text.length - 1) continue;
    const run = font.layoutCached(text.slice(last, index + 1));
    if (glyphs !== null) { for (const g of run.glyphs) glyphs.push(g); for (const p of run.positions) positions!.push(p); }
    advanceWidth += run.advanceWidth;
    last = index + 1;
  }
  font.lastLaidOut = text;
  font.lastAdvanceWidth = advanceWidth;
  return { glyphs, positions, advanceWidth };
}

/**
 * encode() without features: layoutWords' pieces, their glyphs coded as they come (no merged
 * glyph list), and the positions of a one-piece string (most drawn words) handed out as the
 * shared run's own array, which pdfkit's drawing only reads (_fragment copies before it
 * changes a position, text-draw.ts reads). The layout is remembered as layoutWords does.
 */
function encodeWords(font: EmbeddedFontLike, text: string): [string[], unknown[]] {
  const res: string[] = [];
  let positions: unknown[] = NO_POSITIONS;
  let pieces = 0;
  let advanceWidth = 0;
  let last = 0;
  for (let index = 0; index < text.length; index++) {
    const c = text.charCodeAt(index);
    if (c !== 32 && c !== 9 && index !== text.length - 1) continue;
    const run = font.layoutCached(text.slice(last, index + 1));
    for (const glyph of run.glyphs) {
      const gid = font.subset.includeGlyph(glyph.id);
      res.push(hex4(gid));
      if (font.widths[gid] == null) font.widths[gid] = glyph.advanceWidth * font.scale;
      if (font.unicode[gid] == null) font.unicode[gid] = glyph.codePoints;
    }
    if (pieces === 0) positions = run.positions;
    else {
      if (pieces === 1) positions = positions.slice();
      for (const p of run.positions) positions.push(p);
    }
    pieces++;
    advanceWidth += run.advanceWidth;
    last = index + 1;
  }
  font.lastLaidOut = text;
  font.lastAdvanceWidth = advanceWidth;
  return [res, pieces === 0 ? [] : positions];
}
const NO_POSITIONS: unknown[] = [];

/** `0000${gid.toString(16)}`.slice(-4), pdfkit's glyph code in a TJ string, made once per glyph id */
const HEX4: string[] = [];
function hex4(gid: number): string {
  return HEX4[gid] ??= `0000${gid.toString(16)}`.slice(-4);
}

/** Words shaped (misses) and served (hits) by the shared run cache since the process started. */
export function shapingStats(): { readonly runHits: number; readonly runMisses: number } {
  return { ...stats };
}

/** Turns both memos on or off (off: pdfkit's own code, for benchmark rows and tests); returns the previous setting. */
export function setShapingMemo(on?: boolean): boolean {
  return fastPath.set(on);
}
