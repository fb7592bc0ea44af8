// Issue #4: parsed fonts loaded once per process (or worker). pdfkit calls fontkit.create()
// on the font bytes for every document, re-parsing cmap, hmtx, GSUB/GPOS... each time (tens
// of ms for a TTF). fontkit's exports are read-only getters, so the cache goes in one step
// earlier: before pdfkit is first required, the fontkit module pdfkit will receive is replaced
// by a copy whose create() remembers the parsed font per byte buffer. Buffers come from
// pdfmake's virtual file system, which hands back the same Buffer for the same key, so a
// WeakMap keyed by the buffer is exact and lets evicted fonts be collected.
//
// What stays per document: pdfkit's EmbeddedFont (one per document and face) owns the
// subset (font.createSubset()), the glyph widths and the layout cache, so no document sees
// another's glyphs. The shared fontkit object only memoises decoded tables and glyphs.
import { fontkitPath, loadModule, pdfkitPath } from './internals';
import { BoundedLru } from './lru';

type FontkitModule = typeof import('fontkit');

const stats = { parses: 0, hits: 0, subsetHits: 0 };
let active = false;

if (!require.cache[pdfkitPath]) {
  const real = loadModule<FontkitModule>(fontkitPath);
  const parsed = new WeakMap<Uint8Array, ReturnType<FontkitModule['create']>>();
  const wrapped: Record<string, unknown> = {};
  for (const key of Object.keys(real)) wrapped[key] = (real as unknown as Record<string, unknown>)[key];
  wrapped.create = (buffer: Uint8Array, postscriptName?: string) => {
    if (postscriptName !== undefined || !(buffer instanceof Uint8Array)) { stats.parses++; return real.create(buffer, postscriptName); }
    const hit = parsed.get(buffer);
    if (hit) { stats.hits++; return hit; }
    stats.parses++;
    const font = real.create(buffer);
    if (!('fonts' in font)) memoiseSubsets(font as unknown as SubsettableFont);
    parsed.set(buffer, font);
    return font;
  };
  require.cache[fontkitPath]!.exports = wrapped;
  active = true;
}

// Encoding a TrueType subset costs ~3 ms a face (fontkit re-encodes fpgm/prep/cvt element by
// element on every call). The output depends only on the face and the glyphs included before
// encode(), so identical subsets (the same template rendered again) are served from a bounded
// cache. Bytes are handed out read-only: pdfkit only deflates them.
interface FontSubset { glyphs: number[]; encode(): Uint8Array }
interface SubsettableFont { createSubset(): FontSubset }
const subsets = new BoundedLru<string, Uint8Array>(8 * 1024 * 1024);
let fontSerial = 0;

function memoiseSubsets(font: SubsettableFont): void {
  const id = ++fontSerial;
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    fastGlyphCopy(Object.getPrototypeOf(subset) as TtfSubsetPrototype);
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = `${id}|${subset.glyphs.join(',')}`;
      const hit = subsets.get(key);
      if (hit) { stats.subsetHits++; return hit; }
      const bytes = encode();
      subsets.set(key, bytes, bytes.length);
      return bytes;
    };
    return subset;
  };
}

// fontkit's TTFSubset._addGlyph decodes every glyph's whole outline (points, flags) only to
// learn whether it is composite, on every document: ~45% of a subset's encoding time. The same
// step with what it needs kept per face and glyph: the raw glyf bytes, the composite's
// component positions, the advance and left bearing. Output is byte-identical (tested against
// fontkit's own for every shipped face); variable fonts keep fontkit's path.
interface GlyphCopy { readonly raw: Uint8Array; readonly components: readonly { glyphID: number; pos: number }[] | undefined; readonly advance: number; readonly bearing: number }
interface TtfFontInternals {
  _variationProcessor?: unknown;
  loca: { offsets: number[] };
  getGlyph(gid: number): { advanceWidth: number; _decode(): { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null; _getMetrics(): { leftBearing: number } };
  _getTableStream(tag: string): { pos: number; readBuffer(n: number): Uint8Array };
}
interface TtfSubsetThis {
  font: TtfFontInternals; glyf: Uint8Array[]; loca: { offsets: number[] }; hmtx: { metrics: { advance: number; bearing: number }[] }; offset: number;
  includeGlyph(gid: number): number;
}
interface TtfSubsetPrototype { _addGlyph?: (this: TtfSubsetThis, gid: number) => number; glyphEncoder?: unknown; __platenFast?: true }
const glyphCopies = new WeakMap<object, Map<number, GlyphCopy>>();

function fastGlyphCopy(proto: TtfSubsetPrototype): void {
  if (proto.__platenFast || typeof proto._addGlyph !== 'function') return;
  const original = proto._addGlyph;
  proto.__platenFast = true;
  (proto as { __platenOriginal?: unknown }).__platenOriginal = original;
  proto._addGlyph = function addGlyph(this: TtfSubsetThis, gid: number): number {
    const font = this.font;
    if (font._variationProcessor) return original.call(this, gid);
    let copies = glyphCopies.get(font);
    if (!copies) { copies = new Map(); glyphCopies.set(font, copies); }
    let copy = copies.get(gid);
    if (!copy) {
      const glyph = font.getGlyph(gid);
      const glyf = glyph._decode();
      const start = font.loca.offsets[gid]!;
      const stream = font._getTableStream('glyf');
      stream.pos += start;
      const raw = Uint8Array.from(stream.readBuffer(font.loca.offsets[gid + 1]! - start));
      const components = glyf && glyf.numberOfContours < 0 ? (glyf.components ?? []).map((c) => ({ glyphID: c.glyphID, pos: c.pos })) : undefined;
      copy = { raw, components, advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing };
      copies.set(gid, copy);
    }
    let buffer = copy.raw;
    if (copy.components) {
      buffer = Uint8Array.from(copy.raw);
      const view = new DataView(buffer.buffer);
      for (const c of copy.components) view.setUint16(c.pos, this.includeGlyph(c.glyphID));
    }
    this.glyf.push(buffer);
    this.loca.offsets.push(this.offset);
    this.hmtx.metrics.push({ advance: copy.advance, bearing: copy.bearing });
    this.offset += buffer.length;
    return this.glyf.length - 1;
  };
}

/**
 * Test hook: one TrueType subset of `glyphIds` encoded through the fast glyph copy and through
 * fontkit's own `_addGlyph`, to check they give the same bytes.
 */
export function encodeSubsetBothWays(font: object, glyphIds: readonly number[]): { fast: Uint8Array; original: Uint8Array } {
  const f = font as { createSubset(): FontSubset & { includeGlyph(g: number): number } };
  const encodeWith = (useOriginal: boolean): Uint8Array => {
    const subset = f.createSubset();
    const proto = Object.getPrototypeOf(subset) as TtfSubsetPrototype & { __platenOriginal?: TtfSubsetPrototype['_addGlyph'] };
    fastGlyphCopy(proto);
    const fast = proto._addGlyph;
    if (!proto.__platenOriginal || fast === proto.__platenOriginal) throw new Error('the fast glyph copy is not installed');
    if (useOriginal) proto._addGlyph = proto.__platenOriginal;
    try {
      for (const g of glyphIds) subset.includeGlyph(g);
      // straight to fontkit's encode: the subset cache would answer the second call
      return (proto as unknown as { encode: (this: FontSubset) => Uint8Array }).encode.call(subset);
    } finally {
      proto._addGlyph = fast;
    }
  };
  return { fast: encodeWith(false), original: encodeWith(true) };
}

/** How often pdfkit asked fontkit to parse font bytes, and how often the cache answered. */
export function fontParseStats(): { readonly parses: number; readonly hits: number; readonly subsetHits: number; readonly active: boolean } {
  return { ...stats, active };
}
