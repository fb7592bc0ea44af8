// @font-face bytes (CSS Fonts 4 §4.3 src) checked in memory before anything is promised to
// pdf/: they must parse as one TrueType/OpenType face (plain, WOFF or WOFF2; fontkit reads all
// three), and their cmap gives the face's coverage for per-glyph fallback. Results are kept
// per content (a template's fonts arrive as fresh byte arrays on every request).
import * as fontkit from 'fontkit';
import { CodePointSet } from './coverage';

/** Vertical metrics and advances of a face, per 1000 units of em (as pdfkit scales them). */
export interface FaceMetrics {
  readonly ascent: number;
  readonly descent: number;   // negative
  readonly lineGap: number;
  /** advance width of the glyph a code point maps to (no kerning, no shaping); 0 when unmapped */
  advance(codePoint: number): number;
}

export type FontBytesInfo =
  | { readonly ok: true; readonly format: 'TTF' | 'WOFF' | 'WOFF2'; readonly postscriptName: string; readonly coverage: CodePointSet; readonly metrics: FaceMetrics }
  | { readonly ok: false; readonly reason: string };

interface GlyphLike { readonly advanceWidth: number }
interface MeasurableFont { readonly ascent: number; readonly descent: number; readonly lineGap: number; glyphForCodePoint(cp: number): GlyphLike }

function faceMetrics(font: fontkit.Font): FaceMetrics {
  const f = font as unknown as MeasurableFont;
  const scale = 1000 / font.unitsPerEm;
  const advances = new Map<number, number>();
  return {
    ascent: f.ascent * scale, descent: f.descent * scale, lineGap: f.lineGap * scale,
    advance(cp: number): number {
      let w = advances.get(cp);
      if (w === undefined) {
        try { w = font.hasGlyphForCodePoint(cp) ? f.glyphForCodePoint(cp).advanceWidth * scale : 0; } catch { w = 0; }
        advances.set(cp, w);
      }
      return w;
    },
  };
}

const MAX_CACHED = 64;
const cache = new Map<string, FontBytesInfo>();

/** FNV-1a over the bytes, with the length: a cache key, not a security boundary. */
function contentKey(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return `${bytes.length}:${(h >>> 0).toString(36)}`;
}

export function inspectFontBytes(bytes: Uint8Array): FontBytesInfo {
  const key = contentKey(bytes);
  const hit = cache.get(key);
  if (hit) { cache.delete(key); cache.set(key, hit); return hit; }
  const info = inspectUncached(bytes);
  cache.set(key, info);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return info;
}

function inspectUncached(bytes: Uint8Array): FontBytesInfo {
  if (bytes.length < 12) return { ok: false, reason: 'too short to be a font' };
  let font: fontkit.Font | fontkit.FontCollection;
  try {
    font = fontkit.create(bytes);
  } catch (err) {
    return { ok: false, reason: `not a TrueType, OpenType, WOFF or WOFF2 font (${err instanceof Error ? err.message : String(err)})` };
  }
  if ('fonts' in font) return { ok: false, reason: 'a font collection (TTC/dfont) is not supported; use one face per @font-face' };
  if (font.type !== 'TTF' && font.type !== 'WOFF' && font.type !== 'WOFF2') return { ok: false, reason: `unsupported font format ${String(font.type)}` };
  try {
    if (!(font.numGlyphs > 0) || !(font.unitsPerEm > 0)) return { ok: false, reason: 'the font has no glyphs' };
    const coverage = CodePointSet.fromCodePoints(font.characterSet);
    if (coverage.size === 0) return { ok: false, reason: 'the font maps no characters (no usable cmap)' };
    return { ok: true, format: font.type, postscriptName: font.postscriptName ?? '', coverage, metrics: faceMetrics(font) };
  } catch (err) {
    return { ok: false, reason: `the font's tables do not decode (${err instanceof Error ? err.message : String(err)})` };
  }
}
