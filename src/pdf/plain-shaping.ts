// Words that no OpenType lookup can change, laid out without fontkit's shaper. fontkit shapes a
// word by mapping its characters through the cmap, running the GSUB lookups of the features it
// applies by default (ccmp, locl, rlig, liga, clig, calt, rclt, rvrn, ltra, ltrm), placing each
// glyph at its advance width and running the GPOS lookups (kern, mark, mkmk, curs), or the
// legacy `kern` table. A lookup only acts where its coverage table holds the glyph it starts
// from, so a word whose every glyph is outside the coverage of all those lookups, outside the
// `kern` table's pairs and not a mark comes out of fontkit as the cmap's glyphs at their advance
// widths: that is what plainRun builds, in a few microseconds instead of fontkit's setup,
// feature plan and lookup passes (11% of a 100-page report, most of it new figures).
//
// Only characters of Basic Latin, Latin-1 (no controls, no soft hyphen), Latin Extended-A/B
// and the currency block qualify: no marks, no default-ignorables, no variation selectors, no
// fraction slash (fontkit's frac/numr/dnom features wake up around U+2044), no right-to-left
// script. A face with AAT tables, variations or lookups this reader does not recognise is left
// to fontkit entirely.
import { FastPath } from './internals';

interface GlyphLike { id: number; advanceWidth: number; codePoints: number[] }
interface PositionLike { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number; advanceWidth: number }
export interface PlainRun { glyphs: GlyphLike[]; positions: PositionLike[]; advanceWidth: number }

interface FontkitFontLike {
  numGlyphs: number;
  layout(text: string): { glyphs: GlyphLike[]; positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[] };
  glyphForCodePoint(codePoint: number): GlyphLike;
  GSUB?: OtTable; GPOS?: OtTable; GDEF?: { glyphClassDef?: ClassDef };
  kern?: { tables?: unknown };
  morx?: unknown; fvar?: unknown; _variationProcessor?: unknown;
}
interface OtTable { featureList?: unknown; lookupList?: unknown }
interface ClassDef { version: number; startGlyph?: number; classValueArray?: unknown; classRangeRecord?: unknown }

/** The features fontkit's default shaper applies to a left-to-right run without user features. */
const DEFAULT_FEATURES = new Set(['rvrn', 'ltra', 'ltrm', 'ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern']);

/** What a face's default lookups can do to a glyph, and what was looked up about its characters. */
interface Face {
  /** glyphs a lookup may change wherever they stand (single substitutions, ligatures, contexts, marks) */
  readonly anywhere: Uint8Array;
  /** glyphs that start a kerning pair: changed only with some glyphs after them (see plainPair) */
  readonly pairStart: Uint8Array;
  /** a character's glyph, or null when a lookup may change it anywhere */
  readonly byCodePoint: Map<number, GlyphLike | null>;
  /** character pairs (first × 65536 + second) fontkit was asked about */
  readonly pairs: Map<number, boolean>;
  /**
   * a glyph's position at the scale the face is used at (pdfkit's is 1000 / unitsPerEm, one
   * per face), made once: pdfkit and the drawing read positions and never write them (the
   * shared word runs of embedded-font.ts rely on the same), so every run can hand out the same one
   */
  readonly positions: (PositionLike | undefined)[];
  scale: number;
}

const faces = new WeakMap<object, Face | null>();
/**
 * Pairs remembered per face. Real text meets a few thousand; a stream of random strings could
 * otherwise fill 500² entries per face in a long-lived worker. Past the limit a pair not yet
 * asked about sends its word to fontkit, as every word went before.
 */
let maxPairs = 16_384;

/** Test hook: sets the number of pairs remembered per face; returns the previous number. */
export function setMaxPairsPerFace(n?: number): number {
  const previous = maxPairs;
  if (n !== undefined) maxPairs = n;
  return previous;
}
const fastPath = new FastPath();
const stats = { plain: 0, shaped: 0 };

const list = (x: unknown): unknown[] => {
  if (x == null) return [];
  if (Array.isArray(x)) return x;
  const lazy = x as { toArray?: () => unknown[] };
  if (typeof lazy.toArray === 'function') return lazy.toArray();
  return Array.from(x as Iterable<unknown>);
};

class Unreadable extends Error {}

/** Marks every glyph of an OpenType coverage table (format 1: a list, format 2: ranges). */
function markCoverage(coverage: unknown, marks: Uint8Array): void {
  const c = coverage as { version?: number; glyphs?: unknown; rangeRecords?: unknown } | null;
  if (!c || typeof c !== 'object') throw new Unreadable();
  if (c.version === 1) for (const g of list(c.glyphs)) marks[g as number] = 1;
  else if (c.version === 2) {
    for (const r of list(c.rangeRecords)) {
      const { start, end } = r as { start: number; end: number };
      for (let g = start; g <= end && g < marks.length; g++) marks[g] = 1;
    }
  } else throw new Unreadable();
}

/**
 * The coverage a lookup subtable starts from: `coverage` (single, multiple, alternate,
 * ligature, pair, cursive, format 1/2 contextual and reverse chaining lookups), the mark
 * coverage of attachment lookups, the first input coverage of format 3 contextual lookups.
 * Extension subtables are followed.
 */
function markStarts(subtable: unknown, marks: Uint8Array): void {
  const s = subtable as Record<string, unknown> | null;
  if (!s || typeof s !== 'object') throw new Unreadable();
  if (s.extension !== undefined) return markStarts(s.extension, marks);
  const start = s.coverage ?? s.markCoverage ?? s.mark1Coverage ?? list(s.inputCoverage ?? s.coverages)[0];
  markCoverage(start, marks);
}

interface LookupLike { lookupType: number; subTables?: unknown }

/** The lookups the default features use, any script or language (more than a run uses, never less). */
function defaultLookups(table: OtTable | undefined): LookupLike[] {
  if (!table) return [];
  const lookups = list(table.lookupList) as LookupLike[];
  const used = new Set<number>();
  for (const f of list(table.featureList) as { tag: string; feature?: { lookupListIndexes?: unknown } }[]) {
    if (!DEFAULT_FEATURES.has(f.tag)) continue;
    for (const i of list(f.feature?.lookupListIndexes)) used.add(i as number);
  }
  return [...used].map((i) => { const l = lookups[i]; if (!l) throw new Unreadable(); return l; });
}

function isPairAdjustment(lookup: LookupLike, subtable: unknown): boolean {
  return lookup.lookupType === 2 || (lookup.lookupType === 9 && (subtable as { extensionLookupType?: number }).extensionLookupType === 2);
}

function markMarks(gdef: FontkitFontLike['GDEF'], marks: Uint8Array): void {
  const cd = gdef?.glyphClassDef;
  if (!cd) return;
  if (cd.version === 1) {
    list(cd.classValueArray).forEach((cls, i) => { if (cls === 3) marks[(cd.startGlyph ?? 0) + i] = 1; });
  } else if (cd.version === 2) {
    for (const r of list(cd.classRangeRecord)) {
      const { start, end, class: cls } = r as { start: number; end: number; class: number };
      if (cls === 3) for (let g = start; g <= end && g < marks.length; g++) marks[g] = 1;
    }
  } else throw new Unreadable();
}

function faceOf(font: FontkitFontLike): Face | null {
  let entry = faces.get(font);
  if (entry !== undefined) return entry;
  entry = null;
  if (!font.morx && !font.fvar && !font._variationProcessor && font.numGlyphs > 0) {
    const anywhere = new Uint8Array(font.numGlyphs + 1);
    const pairStart = new Uint8Array(font.numGlyphs + 1);
    try {
      for (const lookup of defaultLookups(font.GSUB)) for (const sub of list(lookup.subTables)) markStarts(sub, anywhere);
      // a kerning pair acts only with the glyph after it; every other positioning lookup may act alone
      for (const lookup of defaultLookups(font.GPOS)) for (const sub of list(lookup.subTables)) markStarts(sub, isPairAdjustment(lookup, sub) ? pairStart : anywhere);
      for (const t of list(font.kern?.tables) as { format?: number; subtable?: { pairs?: unknown } }[]) {
        if (t.format !== 0) throw new Unreadable();
        for (const p of list(t.subtable?.pairs)) pairStart[(p as { left: number }).left] = 1;
      }
      markMarks(font.GDEF, anywhere);
      anywhere[0] = 1; // .notdef: a missing character is left to fontkit
      entry = { anywhere, pairStart, byCodePoint: new Map(), pairs: new Map(), positions: [], scale: NaN };
    } catch {
      entry = null; // a table this reader does not know: fontkit shapes every word of the face
    }
  }
  faces.set(font, entry);
  return entry;
}

/**
 * Whether fontkit leaves the pair `a b` as two glyphs at their advance widths (no kerning
 * pair, no ligature): asked of fontkit once per pair and face, when `a` starts a pair lookup.
 */
function plainPair(font: FontkitFontLike, face: Face, a: GlyphLike, b: GlyphLike, ca: number, cb: number): boolean {
  const key = ca * 0x10000 + cb;
  let ok = face.pairs.get(key);
  if (ok === undefined) {
    if (face.pairs.size >= maxPairs) return false;
    const run = font.layout(String.fromCharCode(ca, cb));
    const [pa, pb] = run.positions;
    ok = run.glyphs.length === 2 && run.glyphs[0]!.id === a.id && run.glyphs[1]!.id === b.id && pa !== undefined && pb !== undefined &&
      pa.xAdvance === a.advanceWidth && pb.xAdvance === b.advanceWidth && pa.yAdvance === 0 && pb.yAdvance === 0 &&
      pa.xOffset === 0 && pb.xOffset === 0 && pa.yOffset === 0 && pb.yOffset === 0;
    face.pairs.set(key, ok);
  }
  return ok;
}

/** Basic Latin to Latin Extended-B without controls, no-break space or soft hyphen; the currency symbols. */
function plainCharacter(c: number): boolean {
  return (c >= 0x20 && c < 0x7f) || (c > 0xa0 && c <= 0x24f && c !== 0xad) || (c >= 0x20a0 && c <= 0x20c0);
}

/**
 * The run fontkit's layout and pdfkit's layoutRun make of `text` (glyphs, positions scaled to
 * 1000 units per em with pdfkit's `advanceWidth` added, and the run's width), when no default
 * lookup of the face can touch its glyphs; else undefined.
 */
export function plainRun(font: object, text: string, scale: number): PlainRun | undefined {
  if (!fastPath.on || text.length === 0) return undefined;
  const f = font as FontkitFontLike;
  const face = faceOf(f);
  if (face === null) return undefined;
  const n = text.length;
  const glyphs: GlyphLike[] = new Array(n);
  const positions: PositionLike[] = new Array(n);
  let advanceWidth = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (!plainCharacter(c)) { stats.shaped++; return undefined; }
    let glyph = face.byCodePoint.get(c);
    if (glyph === undefined) {
      const g = f.glyphForCodePoint(c);
      glyph = g && face.anywhere[g.id] !== 1 ? g : null;
      face.byCodePoint.set(c, glyph);
    }
    if (glyph === null) { stats.shaped++; return undefined; }
    glyphs[i] = glyph;
  }
  if (face.scale !== scale) {
    if (!Number.isNaN(face.scale)) face.positions.length = 0;
    face.scale = scale;
  }
  for (let i = 0; i < n; i++) {
    const glyph = glyphs[i]!;
    if (i + 1 < n && face.pairStart[glyph.id] === 1 && !plainPair(f, face, glyph, glyphs[i + 1]!, text.charCodeAt(i), text.charCodeAt(i + 1))) { stats.shaped++; return undefined; }
    let position = face.positions[glyph.id];
    if (position === undefined) {
      const x = glyph.advanceWidth * scale;
      position = face.positions[glyph.id] = { xAdvance: x, yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: x };
    }
    positions[i] = position;
    advanceWidth += position.xAdvance;
  }
  stats.plain++;
  return { glyphs, positions, advanceWidth };
}

/** Words laid out here (plain) and handed to fontkit (shaped) since the process started. */
export function plainShapingStats(): { readonly plain: number; readonly shaped: number } {
  return { ...stats };
}

/** Turns plain runs on or off (off: fontkit shapes every word); returns the previous setting. */
export function setPlainShaping(on?: boolean): boolean {
  return fastPath.set(on);
}

/** Test hook: how many character pairs a face remembers (undefined: the face was never asked). */
export function rememberedPairs(font: object): number | undefined {
  return faces.get(font)?.pairs.size;
}

/** Test hook: the characters of U+0020..U+024F laid out here when they stand alone. */
export function plainCharacters(font: object): string {
  let out = '';
  for (let c = 0x20; c <= 0x24f; c++) {
    if (!plainCharacter(c)) continue;
    if (plainRun(font, String.fromCharCode(c), 1) !== undefined) out += String.fromCharCode(c);
  }
  return out;
}
