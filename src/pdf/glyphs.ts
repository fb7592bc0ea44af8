// Placed text's glyphs, encoded for a content stream. A face's words are shaped once per
// process (fontkit's layout of the pieces pdfkit 0.19.1 shapes: the text cut after each space
// or tab, scaled to 1000 units per em as pdfkit's layoutRun scales them), so no document shapes
// a word another document shaped. Per document, a glyph is included in the face's subset the
// first time it is drawn (the subset numbers glyphs in that order, as pdfkit's encode does) and
// a text's TJ string is kept, so a repeated word is written from one lookup.

/** What this module reads of a fontkit font and glyph (2.0.4). */
interface FontkitGlyph { readonly id: number; readonly advanceWidth: number; readonly codePoints: readonly number[] }
interface FontkitFont {
  readonly unitsPerEm: number;
  layout(text: string, features?: string[] | Record<string, boolean>): { readonly glyphs: readonly FontkitGlyph[]; readonly positions: readonly { readonly xAdvance: number; readonly xOffset: number; readonly yOffset: number }[] };
}

/** pdfkit's EmbeddedFont of one document: its fontkit font, subset, and the widths and ToUnicode entries embed() writes. */
export interface DocumentFont {
  readonly font: FontkitFont;
  readonly subset: { includeGlyph(gid: number): number };
  readonly widths: number[];
  readonly unicode: (readonly number[])[];
}

/**
 * A text shaped in a face, in 1000 units per em. Each array is exactly as long as the text has
 * glyphs (a face's cache holds thousands of these, and an array grown by push keeps room for 17).
 */
interface Shaped {
  readonly glyphs: readonly FontkitGlyph[];
  readonly xAdvance: readonly number[];
  /** xAdvance minus the glyph's own advance: kerning, written as a TJ adjustment */
  readonly adjust: readonly number[];
  /** each glyph's x and y offsets, or undefined when every one is 0 (most texts) */
  readonly offsets: { readonly x: readonly number[]; readonly y: readonly number[] } | undefined;
  /** the advance of the whole text (pdfkit's widthOfString before its size scale) */
  readonly width: number;
  /** the glyphs that are soft hyphens (fontkit draws one as the space glyph without advance, as HarfBuzz does), or undefined when none is */
  readonly softHyphens: ReadonlySet<number> | undefined;
}

/** words kept per face before its map starts again (a face's words in real traffic are mostly repeats) */
const MAX_WORDS_PER_FACE = 20_000;
const shapedByFace = new WeakMap<FontkitFont, Map<string, Shaped>>();
const stats = { hits: 0, misses: 0 };
/** the arrays a text is shaped into before its Shaped gets copies of their exact length */
const scratch = { glyphs: [] as FontkitGlyph[], xAdvance: [] as number[], adjust: [] as number[], xOffset: [] as number[], yOffset: [] as number[] };
/** How often a text's glyphs were shaped afresh (misses) or came from the per-face cache (hits). */
export const wordRunStats = (): { readonly hits: number; readonly misses: number } => ({ ...stats });

/**
 * What shaped() and showText() take: a text, or a text to shape with OpenType features beside
 * or against the defaults (CSS Fonts 4 §6: smcp, tnum, -liga...), the tags before a U+0000
 * (which no drawn text holds).
 */
export function shapeKey(text: string, features: readonly string[] | undefined): string {
  return features?.length ? `${features.join(',')}\u0000${text}` : text;
}

/**
 * OpenType feature tags ('tnum', or '-liga' for off: FaceResolver.features) as fontkit's layout
 * takes them: a list when each turns a feature on, else tag → on (a new object each time:
 * fontkit writes its kerning into the one it is given).
 */
export function fontkitFeatures(tags: readonly string[]): string[] | Record<string, boolean> {
  if (!tags.some((t) => t.charCodeAt(0) === 0x2d)) return [...tags];
  const out: Record<string, boolean> = {};
  for (const t of tags) { if (t.charCodeAt(0) === 0x2d) out[t.slice(1)] = false; else out[t] = true; }
  return out;
}

/** `key` (a text, or features and a text: shapeKey) shaped in `font` (kept per face and process). */
export function shaped(font: FontkitFont, key: string): Shaped {
  let memo = shapedByFace.get(font);
  if (!memo) shapedByFace.set(font, memo = new Map());
  let s = memo.get(key);
  if (s) { stats.hits++; return s; }
  stats.misses++;
  const cut = key.indexOf('\u0000');
  const tags = cut < 0 ? undefined : key.slice(0, cut).split(',');
  const text = cut < 0 ? key : key.slice(cut + 1);
  const scale = 1000 / font.unitsPerEm;
  const { glyphs, xAdvance, adjust, xOffset, yOffset } = scratch;
  glyphs.length = xAdvance.length = adjust.length = xOffset.length = yOffset.length = 0;
  let width = 0;
  let offsets = false;
  let softHyphens: Set<number> | undefined;
  for (let last = 0, i = 0; i <= text.length; i++) {
    if (i < text.length && text[i] !== ' ' && text[i] !== '\t') continue;
    if (i === text.length && last === i) break;
    const piece = text.slice(last, i + 1);
    const run = font.layout(piece, tags && fontkitFeatures(tags));
    let runWidth = 0;
    const shy = piece.includes('\u00ad') ? Array.from(piece) : undefined;
    run.glyphs.forEach((g, k) => {
      if (shy && (shy.length === run.glyphs.length ? shy[k] === '\u00ad' : run.positions[k]!.xAdvance === 0 && g.codePoints[0] === 0x20)) (softHyphens ??= new Set()).add(glyphs.length);
      // fontkit keeps one glyph object per id, with the code points of whoever asked first: a
      // composite's bbox (the glyph ink of 'Ê') asks for its component 'E' with none, and every
      // later 'E' of the process would get no ToUnicode entry. One glyph per character: its own.
      if (g.codePoints.length === 0) g = withCodePoint(g, piece, k, run.glyphs.length);
      const p = run.positions[k]!;
      const advance = p.xAdvance * scale;
      glyphs.push(g); xAdvance.push(advance); adjust.push(advance - g.advanceWidth * scale);
      xOffset.push(p.xOffset * scale); yOffset.push(p.yOffset * scale);
      if (p.xOffset || p.yOffset) offsets = true;
      runWidth += advance;
    });
    if (i + 1 < text.length && text[i] === ' ' && glyphs.length > 0) {
      // the kerning of the space with the next piece's first character, on the space's advance
      // (as HarfBuzz shapes a whole run; the engine's line breaker counts it: layout/linebreak.ts kernAtoms)
      const k = spaceKern(font, tags, text, i + 1) * scale;
      if (k !== 0) { const g = glyphs.length - 1; xAdvance[g] = xAdvance[g]! + k; adjust[g] = adjust[g]! + k; runWidth += k; }
    }
    width += runWidth;
    last = i + 1;
  }
  s = {
    glyphs: glyphs.slice(), xAdvance: xAdvance.slice(), adjust: adjust.slice(),
    offsets: offsets ? { x: xOffset.slice(), y: yOffset.slice() } : undefined, width, softHyphens,
  };
  if (memo.size >= MAX_WORDS_PER_FACE) memo.clear();
  memo.set(key, s);
  return s;
}

/** `g`, the `k`th of `count` glyphs shaped from `piece`, with its character's code point when each glyph is one character */
function withCodePoint(g: FontkitGlyph, piece: string, k: number, count: number): FontkitGlyph {
  const chars = Array.from(piece);
  return chars.length === count ? { id: g.id, advanceWidth: g.advanceWidth, codePoints: [chars[k]!.codePointAt(0)!] } : g;
}

/** per face: the kerning of a space with the character after it, in font units, by features and character */
const spaceKerns = new WeakMap<FontkitFont, Map<string, number>>();

/** The kerning between a space and the character at `at` in `text` when fontkit shapes them together, in font units. */
function spaceKern(font: FontkitFont, tags: string[] | undefined, text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === 0x20 || c === 0x09) return 0;
  const ch = c >= 0xd800 && c <= 0xdbff ? text.slice(at, at + 2) : text[at]!;
  let memo = spaceKerns.get(font);
  if (!memo) spaceKerns.set(font, memo = new Map());
  const key = tags ? `${tags.join(',')}\u0000${ch}` : ch;
  let k = memo.get(key);
  if (k === undefined) {
    const advance = (t: string) => font.layout(t, tags && fontkitFeatures(tags)).positions.reduce((w, p) => w + p.xAdvance, 0);
    k = advance(` ${ch}`) - advance(' ') - advance(ch);
    memo.set(key, k);
  }
  return k;
}

/** Includes a glyph in the document's subset with its width and ToUnicode entry, as pdfkit's encode() does; its number in the subset. */
function include(font: DocumentFont, g: FontkitGlyph): number {
  const gid = font.subset.includeGlyph(g.id);
  // (pdfkit 0.19.1 starts the widths with glyph 0's advance in font units, not in 1/1000 em: written again here)
  if (gid === 0 || font.widths[gid] === undefined) font.widths[gid] = g.advanceWidth * (1000 / font.font.unitsPerEm);
  font.unicode[gid] ??= g.codePoints;
  return gid;
}

/**
 * Includes every glyph of `texts` in the document's subset of the face, in glyph-id order: the
 * subset's bytes, widths and ToUnicode CMap then depend on which glyphs a document uses, not on
 * the order it first uses them, so a document with other digits (or the same ones in another
 * order) gets a subset the caches already hold.
 */
export function includeInOrder(font: DocumentFont, texts: Iterable<string>): void {
  const glyphs = new Map<number, FontkitGlyph>();
  for (const t of texts) for (const g of shaped(font.font, t).glyphs) if (!glyphs.has(g.id)) glyphs.set(g.id, g);
  for (const id of [...glyphs.keys()].sort((a, b) => a - b)) include(font, glyphs.get(id)!);
}

/** per document font: each font glyph's subset number in hex, and each text's TJ string (texts without offset glyphs) */
const perDocument = new WeakMap<DocumentFont, { readonly hex: Map<number, string>; readonly tj: Map<string, string> }>();

const num = (n: number) => Math.round(n * 1e6) / 1e6;

/** a soft hyphen in the text layer as Chromium writes it: its (invisible, advance-less) glyph marked as the text U+00AD */
const SOFT_HYPHEN_SPAN = '/Span<</ActualText <FEFF00AD>>> BDC\n';

/**
 * The operators that show `key` (a text, or features and a text: shapeKey) at (x, y) in `font` at `size` with character spacing `tc`:
 * TJ arrays with the kerning as adjustments, a glyph with an offset at its own Tm (as pdfkit's _fragment writes them), a soft hyphen
 * in a marked-content span of its own whose adjustment takes back its glyph's advance and the character spacing.
 */
export function showText(font: DocumentFont, key: string, size: number, x: number, y: number, tc = 0): string {
  let doc = perDocument.get(font);
  if (!doc) perDocument.set(font, doc = { hex: new Map(), tj: new Map() });
  const s = shaped(font.font, key);
  const memoKey = s.softHyphens && tc !== 0 ? `${tc}\u0001${key}` : key;
  const hit = doc.tj.get(memoKey);
  if (hit !== undefined) return hit;
  const scale = size / 1000;
  const shy = s.softHyphens;
  const o = s.offsets;
  let out = '';
  // the TJ array being written: its elements so far (`<hex> adjustment`, space-separated), how
  // many, and whether the last one's adjustment is 0; `hex` the glyphs after the last element
  let commands = ''; let count = 0; let lastZero = false;
  let hex = '';
  let hadOffset = false;
  for (let i = 0; i <= s.glyphs.length; i++) {
    const end = i === s.glyphs.length;
    const offset = !end && o !== undefined && (o.x[i] || o.y[i]);
    const soft = !end && shy !== undefined && shy.has(i);
    if (end || offset || soft) {
      // the glyphs so far end an element, and the elements one TJ (one without adjustment: Tj)
      if (hex) { const adjust = num(-s.adjust[i - 1]!); commands += `${count ? ' ' : ''}<${hex}> ${adjust}`; count++; lastZero = adjust === 0; hex = ''; }
      if (count === 1 && lastZero) out += `${commands.slice(0, -2)} Tj\n`;
      else if (count) out += `[${commands}] TJ\n`;
      commands = ''; count = 0;
      if (end) break;
      if (soft) { out += `${SOFT_HYPHEN_SPAN}[<${hexOf(doc, font, s.glyphs[i]!)}> ${num(-s.adjust[i]! + tc / scale)}] TJ\nEMC\n`; continue; }
      // a glyph with an offset at its own Tm, shown alone
      out += `1 0 0 1 ${num(x + o!.x[i]! * scale)} ${num(y + o!.y[i]! * scale)} Tm\n`;
      const h = hexOf(doc, font, s.glyphs[i]!);
      const adjust = num(-s.adjust[i]!);
      out += adjust === 0 ? `<${h}> Tj\n` : `[<${h}> ${adjust}] TJ\n`;
      hadOffset = true;
    } else {
      if (hadOffset) { out += `1 0 0 1 ${num(x)} ${num(y)} Tm\n`; hadOffset = false; }
      hex += hexOf(doc, font, s.glyphs[i]!);
      if (s.adjust[i] !== 0) { const adjust = num(-s.adjust[i]!); commands += `${count ? ' ' : ''}<${hex}> ${adjust}`; count++; lastZero = adjust === 0; hex = ''; }
    }
    x += s.xAdvance[i]! * scale;
  }
  if (!o) doc.tj.set(memoKey, out);
  return out;
}

/** a glyph's number in the document's subset, 4 hex digits (the glyph included in the subset when first met) */
function hexOf(doc: { readonly hex: Map<number, string> }, font: DocumentFont, g: FontkitGlyph): string {
  let h = doc.hex.get(g.id);
  if (h === undefined) {
    h = `0000${include(font, g).toString(16)}`.slice(-4);
    doc.hex.set(g.id, h);
  }
  return h;
}
