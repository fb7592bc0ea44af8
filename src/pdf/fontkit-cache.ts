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
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

type FontkitModule = typeof import('fontkit');

const stats = { parses: 0, hits: 0, subsetHits: 0 };
let active = false;

const pdfmakeEntry = require.resolve('pdfmake');
const pdfkitEntry = require.resolve('pdfkit', { paths: [dirname(pdfmakeEntry)] });
const fontkitEntry = require.resolve('fontkit', { paths: [dirname(pdfkitEntry)] });

if (!require.cache[pdfkitEntry]) {
  const real = createRequire(__filename)(fontkitEntry) as FontkitModule;
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
  require.cache[fontkitEntry]!.exports = wrapped;
  active = true;
}

// Encoding a TrueType subset costs ~3 ms a face (fontkit re-encodes fpgm/prep/cvt element by
// element on every call). The output depends only on the face and the glyphs included before
// encode(), so identical subsets (the same template rendered again) are served from a bounded
// cache. Bytes are handed out read-only: pdfkit only deflates them.
interface FontSubset { glyphs: number[]; encode(): Uint8Array }
interface SubsettableFont { createSubset(): FontSubset }
const MAX_SUBSET_BYTES = 16 * 1024 * 1024;
const subsets = new Map<string, Uint8Array>();
let subsetBytes = 0;
let fontSerial = 0;

function memoiseSubsets(font: SubsettableFont): void {
  const id = ++fontSerial;
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = `${id}|${subset.glyphs.join(',')}`;
      const hit = subsets.get(key);
      if (hit) { subsets.delete(key); subsets.set(key, hit); stats.subsetHits++; return hit; }
      const bytes = encode();
      subsets.set(key, bytes);
      subsetBytes += bytes.length;
      for (const [k, v] of subsets) {
        if (subsetBytes <= MAX_SUBSET_BYTES) break;
        subsets.delete(k); subsetBytes -= v.length;
      }
      return bytes;
    };
    return subset;
  };
}

/** How often pdfkit asked fontkit to parse font bytes, and how often the cache answered. */
export function fontParseStats(): { readonly parses: number; readonly hits: number; readonly subsetHits: number; readonly active: boolean } {
  return { ...stats, active };
}
