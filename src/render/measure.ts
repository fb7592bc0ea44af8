// Text advances as the PDF writer draws them: fontkit's layout of the face (kerning and the
// default OpenType features, as pdfkit lays out every run it draws), in 1/1000 em. The engine
// breaks lines with these widths (EngineOptions.measureText), so a line measured to fit is
// the line drawn, and lines break where Chromium's, which kerns too, break them.
import * as fontkit from 'fontkit';
import type { FeatureProbe, FontSource, GlyphInk, InkBox, TextMeasurer } from '../engine';
import { shippedFontBytes } from '../pdf';
import { fontkitFeatures } from '../pdf/glyphs';

interface LaidOutFont {
  unitsPerEm: number;
  readonly availableFeatures?: readonly string[];
  layout(text: string, features?: string[] | Record<string, boolean>): { advanceWidth: number };
  glyphForCodePoint(codePoint: number): { readonly bbox: { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number } };
}

const shipped = new Map<string, LaidOutFont | undefined>();
const embedded = new WeakMap<Uint8Array, LaidOutFont | undefined>();
/** widths per face and text: a face's words repeat across a document and across documents */
const widths = new WeakMap<LaidOutFont, Map<string, number>>();
const MAX_WORDS_PER_FACE = 50_000;

function fontOf(source: FontSource): LaidOutFont | undefined {
  if (source.kind === 'shipped') {
    if (!shipped.has(source.file)) shipped.set(source.file, open(shippedFontBytes(source.file)));
    return shipped.get(source.file);
  }
  if (!embedded.has(source.data)) embedded.set(source.data, open(source.data));
  return embedded.get(source.data);
}

function open(bytes: Uint8Array): LaidOutFont | undefined {
  try {
    // a shipped face's Buffer as it is: fontkit's parse is kept per Buffer (pdf/patches.ts), and pdfkit gets the same one
    const font = fontkit.create(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as unknown;
    if (!font || typeof font !== 'object' || 'fonts' in font) return undefined;
    return font as LaidOutFont;
  } catch {
    return undefined; // the engine measures with its tables instead
  }
}

/** per font source (a face's sources live as long as the document's font table): its face and width map, found once */
const bySource = new WeakMap<FontSource, { readonly font: LaidOutFont; readonly memo: Map<string, number> } | null>();

function facesOf(source: FontSource): { readonly font: LaidOutFont; readonly memo: Map<string, number> } | null {
  let hit = bySource.get(source);
  if (hit === undefined) {
    const font = fontOf(source);
    let memo = font && widths.get(font);
    if (font && !memo) { memo = new Map(); widths.set(font, memo); }
    hit = font && memo ? { font, memo } : null;
    bySource.set(source, hit);
  }
  return hit;
}

/** The measurer the renderer hands the engine. Returns undefined for a face fontkit cannot read. */
export const measureText: TextMeasurer = (source, text, features) => {
  const face = facesOf(source);
  if (!face) return undefined;
  const { font, memo } = face;
  const key = features ? `${features.join(',')}\u0000${text}` : text;
  let w = memo.get(key);
  if (w === undefined) {
    try { w = (font.layout(text, features ? fontkitFeatures(features) : undefined).advanceWidth * 1000) / font.unitsPerEm; } catch { return undefined; }
    if (memo.size >= MAX_WORDS_PER_FACE) memo.clear();
    memo.set(key, w);
  }
  return w;
};

const NO_FEATURES: ReadonlySet<string> = new Set();
const featureSets = new WeakMap<LaidOutFont, ReadonlySet<string>>();

/** The OpenType features of a face fontkit reads (GSUB and GPOS), as the engine asks (small capitals). */
export const fontFeatures: FeatureProbe = (source) => {
  const face = facesOf(source);
  if (!face) return NO_FEATURES;
  let set = featureSets.get(face.font);
  if (!set) {
    try { set = new Set(face.font.availableFeatures ?? []); } catch { set = NO_FEATURES; }
    featureSets.set(face.font, set);
  }
  return set;
};

const NO_INK: InkBox = { left: 1, right: 0, top: 0, bottom: 0 };
/** per face: the ink box of each code point's glyph */
const inks = new WeakMap<LaidOutFont, Map<number, InkBox | null>>();

/** The ink of a code point's glyph in a face (fontkit's bounding box of its outline), in 1/1000 em, y up. */
export const glyphInk: GlyphInk = (source, codePoint) => {
  const face = facesOf(source);
  if (!face) return undefined;
  const { font } = face;
  let memo = inks.get(font);
  if (!memo) inks.set(font, memo = new Map());
  let ink = memo.get(codePoint);
  if (ink === undefined) {
    try {
      const b = font.glyphForCodePoint(codePoint).bbox;
      const k = 1000 / font.unitsPerEm;
      ink = b.maxX < b.minX || b.maxY < b.minY || !Number.isFinite(b.minX) ? NO_INK : { left: b.minX * k, right: b.maxX * k, top: b.maxY * k, bottom: b.minY * k };
    } catch { ink = null; }
    memo.set(codePoint, ink);
  }
  return ink ?? undefined;
};
