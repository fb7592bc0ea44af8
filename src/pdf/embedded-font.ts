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
 * Per face and table; a full table is dropped whole (a long-running server meets new words
 * forever). A shaped word costs about 2 KB of heap (glyph positions are objects of boxed
 * numbers): 8,000 distinct words kept 17 MB. 4,000 bounds a face at ~8 MB per worker and
 * still holds a long report's vocabulary (an invoice uses a few hundred words).
 */
const MAX_ENTRIES = 4_000;
const stats = { runHits: 0, runMisses: 0 };
const widths = new WeakMap<object, Map<string, number>>();
const runs = new WeakMap<object, Map<string, RunLike>>();
const patched = new WeakSet<object>();
let enabled = true;

function tableFor<V>(tables: WeakMap<object, Map<string, V>>, font: object): Map<string, V> {
  let table = tables.get(font);
  if (!table) { table = new Map(); tables.set(font, table); }
  if (table.size >= MAX_ENTRIES) table.clear();
  return table;
}

export function memoiseWidths(embedded: unknown): void {
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
