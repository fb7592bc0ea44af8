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
interface RunLike { advanceWidth: number }
interface EmbeddedFontLike {
  font: object;
  layout(text: string, features: unknown, onlyWidth: boolean): RunLike;
  layoutRun(text: string, features?: unknown): RunLike;
  layoutCached(text: string): RunLike;
  widthOfString(text: string, size: number, features?: unknown): number;
}

/**
 * Each table is two generations of at most GENERATION entries: lookups that hit the older
 * one move into the newer, and when the newer is full the older is dropped. What a run of
 * documents keeps using stays; a long-running server that meets new words forever holds at
 * most 2 × GENERATION per face and table. Measured: a kept word costs about 1 KB of heap (a
 * 100-page report's 8,000 distinct words, 7.5 MB); that report renders 27% faster when its
 * vocabulary stays than with 4,000-entry tables dropped whole (CPU 1,082 vs 1,475 ms median).
 */
const GENERATION = 8_000;
const stats = { runHits: 0, runMisses: 0 };

class Generations<V> {
  private newer = new Map<string, V>();
  private older = new Map<string, V>();
  get(key: string): V | undefined {
    const hit = this.newer.get(key);
    if (hit !== undefined) return hit;
    const old = this.older.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }
  set(key: string, value: V): void {
    if (this.newer.size >= GENERATION) { this.older = this.newer; this.newer = new Map(); }
    this.newer.set(key, value);
  }
}

const widths = new WeakMap<object, Generations<number>>();
const runs = new WeakMap<object, Generations<RunLike>>();
const patched = new WeakSet<object>();
let enabled = true;

function tableFor<V>(tables: WeakMap<object, Generations<V>>, font: object): Generations<V> {
  let table = tables.get(font);
  if (!table) { table = new Generations(); tables.set(font, table); }
  return table;
}

export function memoiseShaping(embedded: unknown): void {
  if (typeof embedded !== 'object' || embedded === null) return;
  const proto = Object.getPrototypeOf(embedded) as EmbeddedFontLike | null;
  if (!proto || patched.has(proto) || typeof proto.widthOfString !== 'function' || typeof proto.layoutCached !== 'function' || typeof proto.layoutRun !== 'function') return;
  patched.add(proto);
  const widthOfString = proto.widthOfString;
  const layoutCached = proto.layoutCached;
  proto.widthOfString = function memoWidthOfString(this: EmbeddedFontLike, text: string, size: number, features?: unknown): number {
    if (!enabled || features || typeof text !== 'string' || typeof this.font !== 'object' || this.font === null) return widthOfString.call(this, text, size, features);
    const table = tableFor(widths, this.font);
    let width = table.get(text);
    if (width === undefined) {
      width = this.layout(text, features, true).advanceWidth;
      table.set(text, width);
    }
    return width * (size / 1000);
  };
  proto.layoutCached = function sharedLayoutCached(this: EmbeddedFontLike, text: string): RunLike {
    if (!enabled || typeof this.font !== 'object' || this.font === null) return layoutCached.call(this, text);
    const table = tableFor(runs, this.font);
    let run = table.get(text);
    if (run === undefined) {
      stats.runMisses++;
      run = this.layoutRun(text);
      table.set(text, run);
    } else {
      stats.runHits++;
    }
    return run;
  };
}

/** Words shaped (misses) and served (hits) by the shared run cache since the process started. */
export function shapingStats(): { readonly runHits: number; readonly runMisses: number } {
  return { ...stats };
}

/** Turns both memos on or off (off: pdfkit's own code, for benchmark rows and tests); returns the previous setting. */
export function setShapingMemo(on?: boolean): boolean {
  const previous = enabled;
  if (on !== undefined) enabled = on;
  return previous;
}
