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
  /** the x-height (CSS Values 4 §6.1.1 `ex`): OS/2 sxHeight, else the top of the "x" glyph, as Chromium takes it */
  readonly xHeight: number;
  /** the post table's underline thickness (`text-decoration-thickness: from-font`) */
  readonly underlineThickness: number;
  /** the descent of the em box: OS/2 typo ascender and descender scaled to sum to 1000, else hhea's (`text-underline-position: under`) */
  readonly emDescent: number;
  /** advance width of the glyph a code point maps to (no kerning, no shaping); 0 when unmapped */
  advance(codePoint: number): number;
}

export type FontBytesInfo =
  | { readonly ok: true; readonly format: 'TTF' | 'WOFF' | 'WOFF2'; readonly postscriptName: string; readonly coverage: CodePointSet; readonly metrics: FaceMetrics }
  | { readonly ok: false; readonly reason: string };

interface GlyphLike { readonly advanceWidth: number }
export interface MeasurableFont {
  readonly ascent: number; readonly descent: number; readonly lineGap: number; readonly xHeight?: number; readonly underlineThickness?: number;
  readonly 'OS/2'?: { readonly typoAscender?: number; readonly typoDescender?: number };
  glyphForCodePoint(cp: number): GlyphLike & { readonly bbox?: { readonly maxY: number } };
}

/** OS/2 sxHeight (fontkit's xHeight), else the top of the "x" glyph's outline; font units */
export function xHeightOf(font: fontkit.Font, f: MeasurableFont): number {
  try {
    if (f.xHeight && f.xHeight > 0) return f.xHeight;
    const top = font.hasGlyphForCodePoint(0x78) ? f.glyphForCodePoint(0x78).bbox?.maxY : undefined;
    return top !== undefined && Number.isFinite(top) ? top : 0;
  } catch { return 0; }
}

/** the descent of the em box per em: OS/2 typo ascender and descender scaled to sum to 1em, else hhea's ascent and descent */
export function emDescentOf(f: MeasurableFont): number {
  try {
    const a = f['OS/2']?.typoAscender ?? 0; const d = -(f['OS/2']?.typoDescender ?? 0);
    if (a + d > 0) return d / (a + d);
  } catch { /* no OS/2 table */ }
  return f.ascent - f.descent > 0 ? -f.descent / (f.ascent - f.descent) : 0.2;
}

function faceMetrics(font: fontkit.Font): FaceMetrics {
  const f = font as unknown as MeasurableFont;
  const scale = 1000 / font.unitsPerEm;
  const advances = new Map<number, number>();
  return {
    ascent: f.ascent * scale, descent: f.descent * scale, lineGap: f.lineGap * scale, xHeight: xHeightOf(font, f) * scale,
    underlineThickness: (f.underlineThickness ?? 0) * scale, emDescent: emDescentOf(f) * 1000,
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

/** Largest decompressed font accepted (CJK fonts are ~20 MB). */
export const MAX_FONT_SFNT_BYTES = 64 * 1024 * 1024;

/**
 * The decompressed size a WOFF (1.0 §4) or WOFF2 (§5) file declares for its tables, read from
 * its directory without decompressing anything; undefined when the directory is malformed.
 * fontkit allocates this much before inflating, so a few KB claiming gigabytes is refused first.
 */
export function declaredTableBytes(b: Uint8Array): number | undefined {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const tag = String.fromCharCode(b[0]!, b[1]!, b[2]!, b[3]!);
  if (tag === 'wOFF') {
    if (b.length < 44) return undefined;
    const n = view.getUint16(12);
    if (b.length < 44 + 20 * n) return undefined;
    let total = 0;
    for (let i = 0; i < n; i++) total += view.getUint32(44 + 20 * i + 12);
    return total;
  }
  if (tag === 'wOF2') {
    if (b.length < 48) return undefined;
    const n = view.getUint16(12);
    let pos = 48;
    let total = 0;
    const base128 = (): number | undefined => {
      let v = 0;
      for (let i = 0; i < 5; i++) {
        if (pos >= b.length) return undefined;
        const byte = b[pos++]!;
        if (i === 0 && byte === 0x80) return undefined;
        v = v * 128 + (byte & 0x7f);
        if (!(byte & 0x80)) return v;
      }
      return undefined;
    };
    for (let i = 0; i < n; i++) {
      if (pos >= b.length) return undefined;
      const flags = b[pos++]!;
      const known = flags & 0x3f;
      let tagName: string;
      if (known === 0x3f) { if (pos + 4 > b.length) return undefined; tagName = String.fromCharCode(...b.subarray(pos, pos + 4)); pos += 4; }
      else tagName = known === 10 ? 'glyf' : known === 11 ? 'loca' : '';
      const orig = base128();
      if (orig === undefined) return undefined;
      const version = flags >> 6;
      const transformed = tagName === 'glyf' || tagName === 'loca' ? version === 0 : version !== 0;
      if (transformed) {
        const t = base128();
        if (t === undefined) return undefined;
        total += t;
      } else {
        total += orig;
      }
    }
    return total;
  }
  return b.length;
}

function inspectUncached(bytes: Uint8Array): FontBytesInfo {
  if (bytes.length < 12) return { ok: false, reason: 'too short to be a font' };
  const declared = declaredTableBytes(bytes);
  if (declared === undefined) return { ok: false, reason: 'the WOFF table directory is malformed' };
  if (declared > MAX_FONT_SFNT_BYTES) return { ok: false, reason: `it declares ${declared} bytes of tables, over the ${MAX_FONT_SFNT_BYTES}-byte cap` };
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
