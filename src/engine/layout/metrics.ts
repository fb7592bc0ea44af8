// CSS Inline 3 §4 / CSS Sizing 3 §5: the text measurements layout needs for intrinsic
// (min-/max-content) sizes and `line-height: normal`. The engine does no I/O, so the advance
// widths of the shipped faces are compiled in (metrics.data.ts, generated from data/fonts).
// A face we have no table for (an @font-face font) is measured as Liberation Sans.
import { FACE_METRICS, METRIC_RANGES, type FaceMetrics } from './metrics.data';

const FALLBACK_FACE = 'LiberationSans-Regular.ttf';

interface DecodedFace {
  readonly ascent: number;   // per 1000 em
  readonly descent: number;  // negative
  readonly lineGap: number;
  readonly widths: Float32Array;
  readonly average: number;
  /** advance(face, cp) for every code point below DIRECT_LIMIT, looked up directly */
  readonly direct: Float64Array;
}

/** Code points measured through the direct table: the end of the last measured range. */
const DIRECT_LIMIT = METRIC_RANGES[METRIC_RANGES.length - 1]![1] + 1;

const decoded = new Map<string, DecodedFace>();
const rangeStart: number[] = [];
{
  let offset = 0;
  for (const [a, b] of METRIC_RANGES) { rangeStart.push(offset); offset += b - a + 1; }
}

function decode(file: string): DecodedFace {
  const hit = decoded.get(file);
  if (hit) return hit;
  const m: FaceMetrics = FACE_METRICS[file] ?? FACE_METRICS[FALLBACK_FACE]!;
  const widths = Float32Array.from(m.widths.split(',').map((s) => parseInt(s, 36)));
  let sum = 0; let n = 0;
  for (let cp = 0x61; cp <= 0x7a; cp++) { const w = widths[cp - 0x20]!; if (w) { sum += w; n++; } }
  const face: DecodedFace = { ascent: m.ascent, descent: m.descent, lineGap: m.lineGap, widths, average: n ? sum / n : 500, direct: new Float64Array(DIRECT_LIMIT) };
  for (let cp = 0; cp < DIRECT_LIMIT; cp++) face.direct[cp] = advance(face, cp);
  decoded.set(file, face);
  return face;
}

function advance(face: DecodedFace, cp: number): number {
  for (let i = 0; i < METRIC_RANGES.length; i++) {
    const [a, b] = METRIC_RANGES[i]!;
    if (cp >= a && cp <= b) {
      const w = face.widths[rangeStart[i]! + cp - a]!;
      return w || face.average;
    }
  }
  if (cp === 0x200b || cp === 0x200c || cp === 0x200d || cp === 0xfeff || cp === 0xad) return 0;
  if (cp >= 0x2e80) return 1000; // CJK and wider: full width
  return face.average;
}

/** A face to measure with: the file of a shipped face (or anything else: measured as Liberation Sans). */
export interface MeasureFace {
  readonly file: string;
  readonly size: number;          // pt
  readonly letterSpacing?: number; // pt per character
  readonly wordSpacing?: number;   // pt per space and no-break space (CSS Text 3 §8.1 word-separator characters)
}

/** Width in pt of a string set in one face, no line breaking. */
export function textWidth(text: string, face: MeasureFace): number {
  const f = decode(face.file);
  const direct = f.direct;
  let w = 0; let chars = 0; let spaces = 0;
  const n = text.length;
  // code points as a string iterator yields them (a lone surrogate counts as itself)
  for (let i = 0; i < n; i++) {
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    w += cp < DIRECT_LIMIT ? direct[cp]! : advance(f, cp);
    chars++;
    if (cp === 0x20 || cp === 0xa0) spaces++;
  }
  return (w / 1000) * face.size + (face.letterSpacing ?? 0) * chars + (face.wordSpacing ?? 0) * spaces;
}

/** Receives the unbreakable pieces of a line segment, in order (see measurePieces). */
export interface PieceSink {
  /** a piece's width, pt */
  piece(width: number): void;
  /** a break opportunity between the piece just given and the next one */
  breakHere(): void;
}

/**
 * CSS Text 3 §5.2 break opportunities of one segment (no line feeds) as min-content measures
 * them: at spaces and U+200B (which belong to no piece) and after a hyphen followed by more of
 * the word. Gives each piece's width to `sink` as textWidth would measure the piece alone, and
 * returns the width of the whole segment (textWidth of it): one pass, no substrings.
 * `advance`: an embedded face's advances (0 when unmapped: measured as 500); else the file's table.
 */
export function measurePieces(text: string, face: MeasureFace, sink: PieceSink, advance?: (cp: number) => number): number {
  const f = advance ? undefined : decode(face.file);
  const direct = f?.direct;
  const size = face.size; const ls = face.letterSpacing ?? 0; const ws = face.wordSpacing ?? 0;
  let w = 0; let chars = 0; let spaces = 0;  // the whole segment
  let pw = 0; let pchars = 0; let pspaces = 0; // the piece being measured (pspaces: its no-break spaces)
  let afterHyphen = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    const a = advance ? (advance(cp) || 500) : cp < DIRECT_LIMIT ? direct![cp]! : advance_(f!, cp);
    w += a; chars++;
    if (cp === 0x20 || cp === 0x200b) {
      if (cp === 0x20) spaces++;
      sink.piece((pw / 1000) * size + ls * pchars + ws * pspaces);
      sink.breakHere();
      pw = 0; pchars = 0; pspaces = 0; afterHyphen = false;
      continue;
    }
    if (afterHyphen) {
      sink.piece((pw / 1000) * size + ls * pchars + ws * pspaces);
      sink.breakHere();
      pw = 0; pchars = 0; pspaces = 0; afterHyphen = false;
    }
    pw += a; pchars++;
    if (cp === 0xa0) { spaces++; pspaces++; }
    if (cp === 0x2d) afterHyphen = true;
  }
  sink.piece((pw / 1000) * size + ls * pchars + ws * pspaces);
  return (w / 1000) * size + ls * chars + ws * spaces;
}
const advance_ = (f: DecodedFace, cp: number) => advance(f, cp);

/** CSS `line-height: normal` for the face, in pt (ascent + descent + line gap, as Chromium does). */
export function normalLineHeight(file: string, size: number): number {
  const f = decode(file);
  return chromiumLineSpacing(f.ascent, f.descent, f.lineGap, size);
}

/**
 * Blink's line spacing (SimpleFontData): ascent, descent and line gap each rounded to whole
 * CSS pixels before they are added. Metrics per 1000 em, size in pt; the result in pt.
 */
export function chromiumLineSpacing(ascent: number, descent: number, lineGap: number, size: number): number {
  const px = size / 0.75;
  const r = (v: number) => Math.round((v / 1000) * px);
  return (r(ascent) + r(-descent) + r(lineGap)) * 0.75;
}

/** CSS 2.1 §10.6.1: the height of a face's content area (ascent + descent, no line gap), in pt. */
export function contentAreaHeight(file: string, size: number): number {
  const f = decode(file);
  return ((f.ascent - f.descent) / 1000) * size;
}

/** Ascent in pt (the baseline's offset from the top of the content area). */
export function ascentOf(file: string, size: number): number {
  return (decode(file).ascent / 1000) * size;
}

/** Whether a face has a glyph for a code point (in the measured ranges). */
export function hasGlyph(file: string, cp: number): boolean {
  const f = decode(file);
  for (let i = 0; i < METRIC_RANGES.length; i++) {
    const [a, b] = METRIC_RANGES[i]!;
    if (cp >= a && cp <= b) return f.widths[rangeStart[i]! + cp - a]! > 0;
  }
  return true;
}

/**
 * The average and maximum character widths a face sizes form controls with (Blink's
 * SimpleFontData avg_char_width_ and max_char_width_: OS/2 xAvgCharWidth and the head table's
 * xMax - xMin), per 1000 em. A face without a table is measured as Liberation Sans.
 */
export function controlCharWidths(file: string): { readonly avg: number; readonly max: number } {
  const m = FACE_METRICS[file] ?? FACE_METRICS[FALLBACK_FACE]!;
  return { avg: m.avgChar, max: m.maxChar };
}
