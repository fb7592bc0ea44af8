// UAX #9 (the Unicode Bidirectional Algorithm) as CSS Writing Modes 3 §2 applies it to an inline
// formatting context: the embedding levels of its text (the paragraph level from `direction`),
// computed by `bidi-js` (pinned), and rule L2 (reordering the pieces of one line by level) here.
// Text reaches the PDF in visual order, as Chromium draws it: a right-to-left piece is drawn as
// one glyph run whose glyphs fontkit reverses (it does so for a run whose first script is a
// right-to-left one), so a piece is handed over in the order that makes fontkit's run come out
// right (visualText).
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** Characters of the right-to-left scripts and the explicit directional marks and embeddings. */
const RTL_CHARS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202a-\u202e\u2066-\u2069]|[\ud802-\ud803\ud83a-\ud83b][\udc00-\udfff]/;

/**
 * The embedding levels of an inline formatting context's text, or undefined when every level
 * is 0 (a left-to-right paragraph without right-to-left characters: nothing to reorder).
 */
export function embeddingLevels(text: string, direction: 'ltr' | 'rtl'): Uint8Array | undefined {
  if (direction === 'ltr' && !RTL_CHARS.test(text)) return undefined;
  return bidi.getEmbeddingLevels(text, direction).levels;
}

/**
 * UAX #9 L2: from the highest level down to the lowest odd level on the line, every maximal
 * sequence of pieces at that level or higher is reversed. Returns the pieces in visual order
 * (left to right).
 */
export function reorderLine<T extends { readonly level: number }>(pieces: readonly T[]): T[] {
  const out = pieces.slice();
  let high = 0; let lowOdd = Infinity;
  for (const p of out) {
    if (p.level > high) high = p.level;
    if (p.level % 2 === 1 && p.level < lowOdd) lowOdd = p.level;
  }
  for (let level = high; level >= lowOdd; level--) {
    for (let i = 0; i < out.length;) {
      if (out[i]!.level < level) { i++; continue; }
      let j = i;
      while (j < out.length && out[j]!.level >= level) j++;
      reverseRange(out, i, j);
      i = j;
    }
  }
  return out;
}

function reverseRange<T>(a: T[], from: number, to: number): void {
  for (let i = from, j = to - 1; i < j; i++, j--) { const t = a[i]!; a[i] = a[j]!; a[j] = t; }
}

/** Scripts whose runs fontkit lays out right to left (its Script.direction). */
const RTL_SCRIPT = /\p{Script=Arabic}|\p{Script=Hebrew}|\p{Script=Syriac}|\p{Script=Thaana}|\p{Script=Nko}|\p{Script=Samaritan}|\p{Script=Mandaic}|\p{Script=Adlam}|\p{Script=Mende_Kikakui}|\p{Script=Imperial_Aramaic}|\p{Script=Phoenician}|\p{Script=Kharoshthi}|\p{Script=Old_South_Arabian}|\p{Script=Avestan}|\p{Script=Inscriptional_Parthian}|\p{Script=Psalter_Pahlavi}|\p{Script=Old_Turkic}|\p{Script=Cypriot}|\p{Script=Lydian}|\p{Script=Old_Hungarian}|\p{Script=Hanifi_Rohingya}|\p{Script=Yezidi}/u;
const COMMON = /\p{Script=Common}|\p{Script=Inherited}|\p{Script=Unknown}/u;

/** Whether fontkit reverses the glyphs of this run: the first character of a real script decides (fontkit's Script.forString). */
export function shapedRightToLeft(text: string): boolean {
  for (const ch of text) {
    if (COMMON.test(ch)) continue;
    return RTL_SCRIPT.test(ch);
  }
  return false;
}

/**
 * The string to hand the PDF writer for a piece of one level, so that its glyphs come out in
 * visual order: a right-to-left piece (odd level) is reversed, with its mirrored characters
 * (UAX #9 L4); a piece fontkit reverses itself gets its mirrored characters only (fontkit
 * mirrors through a face's `rtlm` feature, which DejaVu and Liberation lack; HarfBuzz, and so
 * Chromium, mirrors by the Unicode property). A left-to-right piece that fontkit would reverse
 * (Arabic-Indic digits, at an even level) is reversed first, so that it comes out as written.
 */
export function visualText(text: string, level: number): string {
  const fontkitReverses = shapedRightToLeft(text);
  if (level % 2 === 1) return mirrored(text, !fontkitReverses);
  return fontkitReverses ? Array.from(text).reverse().join('') : text;
}

/** UAX #9 L4: each character with a Bidi_Mirroring_Glyph replaced by it; the whole reversed if `reverse`. */
function mirrored(text: string, reverse: boolean): string {
  const out: string[] = [];
  for (const ch of text) out.push(bidi.getMirroredCharacter(ch) ?? ch);
  return reverse ? out.reverse().join('') : out.join('');
}

