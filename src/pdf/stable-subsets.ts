// Font subsets that do not change when only the numbers of a document change.
//
// pdfkit numbers a subset's glyphs in the order the document first uses them, so two invoices
// of one template that differ only in their amounts and dates get different subsets: the
// digits arrive in another order (or one is missing), every glyph after them moves, and the
// subset, its widths, its ToUnicode map and their deflated streams all differ. The caches of
// fontkit-cache.ts and streams.ts then miss on every real request: measured on the bench
// invoice with fresh digits each render, subset encoding (fontkit/restructure) was 10% of a
// render and zlib 9%, against almost nothing when the same document repeats.
//
// Here the first digit a subset meets brings all ten, 0 to 9, in that order, so the digits
// take the same ten glyph numbers whatever they are and wherever they first appear, and
// every other glyph keeps its place too. The cost is up to nine glyphs a face that a document
// does not use (about 1 KB of font data in a PDF); a face that shows no digit gets none.
// Widths and ToUnicode entries are written for the ten as pdfkit writes them for any glyph.
import { FastPath } from './internals';
interface GlyphLike { id: number; advanceWidth: number; codePoints: number[] }
interface EmbeddedFontLike {
  font: { glyphForCodePoint(cp: number): GlyphLike; _variationProcessor?: unknown };
  subset: { includeGlyph(gid: number): number };
  scale: number;
  widths: (number | undefined)[];
  unicode: (number[] | undefined)[];
  encode(text: string, features?: unknown): [string[], unknown[]];
  layout(text: string, features?: unknown): { glyphs: GlyphLike[]; positions: unknown[] };
}

const DIGITS = '0123456789';
const withDigits = new WeakSet<object>();
const patched = new WeakSet<object>();
const fastPath = new FastPath();

/** Patches the prototype of pdfkit's EmbeddedFont (not exported) through one of its instances. */
export function stabiliseSubsets(embedded: unknown): void {
  if (typeof embedded !== 'object' || embedded === null) return;
  const proto = Object.getPrototypeOf(embedded) as EmbeddedFontLike | null;
  if (!proto || patched.has(proto) || typeof proto.encode !== 'function' || typeof proto.layout !== 'function') return;
  patched.add(proto);
  const encode = proto.encode;
  proto.encode = function encodeWithDigits(this: EmbeddedFontLike, text: string, features?: unknown): [string[], unknown[]] {
    if (fastPath.on && !withDigits.has(this.subset) && /[0-9]/.test(text)) includeDigits(this);
    return encode.call(this, text, features);
  };
}

function includeDigits(font: EmbeddedFontLike): void {
  withDigits.add(font.subset);
  for (const ch of DIGITS) {
    const glyph = font.font.glyphForCodePoint(ch.codePointAt(0)!);
    if (!glyph || glyph.id === 0) continue; // a face without this digit: .notdef is glyph 0 already
    const gid = font.subset.includeGlyph(glyph.id);
    if (font.widths[gid] == null) font.widths[gid] = glyph.advanceWidth * font.scale;
    if (font.unicode[gid] == null) font.unicode[gid] = glyph.codePoints;
  }
}

/** Switches the digit block on or off (off: pdfkit's first-use order, for tests); returns the previous setting. */
export function setStableSubsets(on?: boolean): boolean {
  return fastPath.set(on);
}
