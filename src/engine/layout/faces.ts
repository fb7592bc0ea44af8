// CSS Fonts 4 §5 font matching, as layout uses it: the face a style selects (through the
// FontMatcher of fonts/) and its metrics; CSS 2.1 §10.8.1 used line-height.
import type { ComputedStyle } from '../cascade/computed';
import type { FaceMetrics, FontMatcher } from '../fonts';
import type { FeatureProbe, FontSource, GlyphInk, InkBox, TextMeasurer } from '../types';
import { ascentOf, chromiumLineSpacing, measurePieces, normalLineHeight, contentAreaHeight, textWidth, type PieceSink } from './metrics';
import { FACE_DECORATION } from '../fonts/decoration.data';

export interface UsedFont {
  /** pdfmake family key */
  readonly font: string;
  readonly bold: boolean;
  readonly italics: boolean;
  /** the shipped file measured for this face ('' for an embedded face: measured as Liberation Sans) */
  readonly file: string;
  readonly size: number;
  /** an @font-face face's own metrics (shipped faces use the compiled-in tables) */
  readonly metrics: FaceMetrics | undefined;
  /** CSS 2.1 §10.8.1 used line-height, pt (see FaceResolver.lineHeight) */
  readonly lineHeight: number;
  /** CSS 2.1 §10.6.1: the face's content area height (ascent + descent), pt */
  readonly contentArea: number;
  /** where the face's bytes come from (what a TextMeasurer measures) */
  readonly source: FontSource | undefined;
}

/** Resolves and caches the face of each computed style; one per layout run. */
export class FaceResolver {
  // (Maps, not WeakMaps: a resolver lives for one layout run, as the styles it is asked about
  // do, and a WeakMap costs the garbage collector an ephemeron table to trace)
  private readonly byStyle = new Map<ComputedStyle, UsedFont>();
  private readonly files = new Map<string, string>();

  /** `measure`: text widths as the PDF writer draws them (kerned); without it, the compiled tables */
  constructor(readonly matcher: FontMatcher, private readonly measure?: TextMeasurer, private readonly featureProbe?: FeatureProbe, private readonly inkProbe?: GlyphInk) {}

  /** whether the glyphs' ink is known (EngineOptions.glyphInk) */
  get knowsInk(): boolean { return this.inkProbe !== undefined; }

  /** The ink box of the glyph a style's face draws for a code point, pt from its origin (y up); undefined when unknown. */
  ink(style: ComputedStyle, codePoint: number): InkBox | undefined {
    if (!this.inkProbe) return undefined;
    const used = this.of(style);
    let known = this.inks.get(used);
    if (!known) this.inks.set(used, known = new Map());
    let box = known.get(codePoint);
    if (box === undefined) {
      const ink = used.source && this.inkProbe(used.source, codePoint);
      const k = used.size / 1000;
      box = ink ? { left: ink.left * k, right: ink.right * k, top: ink.top * k, bottom: ink.bottom * k } : null;
      known.set(codePoint, box);
    }
    return box ?? undefined;
  }

  /** the scaled ink boxes asked for, per used face and code point (paint asks per character of a text cut by a clip) */
  private readonly inks = new Map<UsedFont, Map<number, InkBox | null>>();

  /**
   * CSS Fonts 4 §6.4: the OpenType features that draw a style's small capitals (`smcp`, and
   * `c2sc` for all-small-caps) when its face has them; undefined when the face has none (the
   * box tree then synthesizes them from capitals) or the style asks for none.
   */
  capsFeatures(style: ComputedStyle): readonly string[] | undefined {
    if (style.fontVariantCaps === 'normal' || !this.featureProbe || !this.measure) return undefined;
    const source = this.of(style).source;
    if (!source || !this.featureProbe(source).has('smcp')) return undefined;
    return style.fontVariantCaps === 'all-small-caps' ? ALL_SMALL_CAPS : SMALL_CAPS;
  }

  /**
   * CSS Fonts 4 §6 (font-variant-*, font-kerning, font-feature-settings, in the order Blink's
   * FontFeatures applies them): the OpenType features a style's text is shaped with beside the
   * face's defaults, turned on ('tnum') or off ('-liga'); only those its face has, so that a face
   * without them shapes and measures its text as without the properties. A non-zero
   * letter-spacing turns the optional ligatures off (CSS Text 3 §8.2). Undefined when none apply.
   */
  features(style: ComputedStyle): readonly string[] | undefined {
    if (style.fontVariantCaps === 'normal' && style.letterSpacing === 0 && style.fontKerning !== 'none' && !style.fontVariantNumeric.length
      && !style.fontVariantLigatures.length && !style.fontFeatureSettings.length) return undefined;
    const hit = this.featuresByStyle.get(style);
    if (hit !== undefined) return hit ?? undefined;
    const source = this.of(style).source;
    let out: string[] | undefined;
    if (source && this.featureProbe && this.measure) {
      const has = this.featureProbe(source);
      const tags = new Map<string, boolean>();
      if (style.fontKerning === 'none') tags.set('kern', false);
      for (const t of style.letterSpacing !== 0 ? NO_OPTIONAL_LIGATURES : style.fontVariantLigatures) set(tags, t);
      for (const t of style.fontVariantNumeric) set(tags, t);
      for (const t of this.capsFeatures(style) ?? []) set(tags, t);
      for (const t of style.fontFeatureSettings) set(tags, t);
      for (const [tag, on] of tags) if (has.has(tag) && (on || DEFAULT_ON.has(tag))) (out ??= []).push(on ? tag : `-${tag}`);
    }
    this.featuresByStyle.set(style, out ?? null);
    return out;
  }

  private readonly featuresByStyle = new Map<ComputedStyle, readonly string[] | null>();

  of(style: ComputedStyle): UsedFont {
    const hit = this.byStyle.get(style);
    if (hit) return hit;
    const choice = this.matcher.match({ families: style.fontFamily, weight: style.fontWeight, style: style.fontStyle });
    const key = `${choice.font}|${choice.bold}|${choice.italics}`;
    const faces = this.matcher.table()[choice.font];
    const source = faces ? (choice.bold ? (choice.italics ? faces.bolditalics : faces.bold) : choice.italics ? faces.italics : faces.normal) : undefined;
    let file = this.files.get(key);
    if (file === undefined) {
      file = source && source.kind === 'shipped' ? source.file : '';
      this.files.set(key, file);
    }
    const metrics = file ? undefined : this.matcher.metricsOf(choice);
    // the line measures of the style, once (every text run asks for them)
    const lh = style.lineHeight;
    const size = style.fontSize;
    const lineHeight = lh.kind === 'normal'
      ? metrics ? chromiumLineSpacing(metrics.ascent, metrics.descent, metrics.lineGap, size) : normalLineHeight(file, size)
      : lh.kind === 'number' ? lh.value * size : lh.pt;
    const contentArea = metrics ? ((metrics.ascent - metrics.descent) / 1000) * size : contentAreaHeight(file, size);
    const used: UsedFont = { font: choice.font, bold: choice.bold, italics: choice.italics, file, size, metrics, lineHeight, contentArea, source };
    this.byStyle.set(style, used);
    return used;
  }

  /**
   * CSS Text 3 §6.1 the hyphen a line broken at a soft hyphen ends in: U+2010 HYPHEN when the
   * style's own face has it, else U+002D HYPHEN-MINUS (as Blink chooses its hyphen string).
   */
  hyphen(style: ComputedStyle): string {
    return this.matcher.drawsAll('\u2010', this.of(style)) ? '\u2010' : '-';
  }

  /**
   * CSS Text Decoration 4 §4.1 / §4.2: a used font's underline thickness and the descent of its
   * em box, per em (undefined when the face is not known).
   */
  decorationMetrics(font: UsedFont): { readonly thickness: number; readonly emDescent: number } | undefined {
    if (font.file) return FACE_DECORATION[font.file];
    return font.metrics ? { thickness: font.metrics.underlineThickness / 1000, emDescent: font.metrics.emDescent / 1000 } : undefined;
  }

  /** CSS 2.1 §10.8.1: the used line-height of a style, in pt. */
  lineHeight(style: ComputedStyle): number {
    return this.of(style).lineHeight;
  }

  /** CSS 2.1 §10.6.1: the content area height (ascent + descent) of the style's face, pt */
  contentArea(style: ComputedStyle): number {
    return this.of(style).contentArea;
  }

  ascent(style: ComputedStyle): number {
    const f = this.of(style);
    return f.metrics ? (f.metrics.ascent / 1000) * style.fontSize : ascentOf(f.file, style.fontSize);
  }

  /** the ascent of a face by its pdfmake family key (fallback faces of a run), pt */
  ascentOfFace(face: { readonly font: string; readonly bold: boolean; readonly italics: boolean }, size: number): number {
    const key = `${face.font}|${face.bold}|${face.italics}`;
    let file = this.files.get(key);
    if (file === undefined) {
      const faces = this.matcher.table()[face.font];
      const src = faces ? (face.bold ? (face.italics ? faces.bolditalics : faces.bold) : face.italics ? faces.italics : faces.normal) : undefined;
      file = src && src.kind === 'shipped' ? src.file : '';
      this.files.set(key, file);
    }
    if (file) return ascentOf(file, size);
    const metrics = this.matcher.metricsOf(face);
    return metrics ? (metrics.ascent / 1000) * size : ascentOf('', size);
  }

  /**
   * The advance width of `text` in a style's face, pt. Answers are kept per face, size and
   * spacing for this resolver's layout run: a document's words are asked for again and again
   * (the intrinsic sizes, the line breaker, paint), and each is measured once.
   */
  width(text: string, style: ComputedStyle): number {
    const m = this.widthsOf(style);
    let w = m.get(text);
    if (w === undefined) {
      if (m.size >= MAX_WIDTHS_PER_FACE) m.clear();
      w = this.measureWidth(text, style);
      m.set(text, w);
    }
    return w;
  }

  /** the width map of a style's font (one per face key: styles that draw text alike share it) */
  private widthsOf(style: ComputedStyle): Map<string, number> {
    if (style === this.lastStyle) return this.lastWidths!;
    let m = this.widthsByStyle.get(style);
    if (!m) {
      const f = this.of(style);
      const features = this.features(style);
      const key = `${f.font}|${f.bold}|${f.italics}|${f.size}|${style.letterSpacing}|${style.wordSpacing}|${style.fontVariantCaps}${features ? `|${features.join(',')}` : ''}`;
      m = this.widthsByFace.get(key);
      if (!m) { m = new Map(); this.widthsByFace.set(key, m); }
      this.widthsByStyle.set(style, m);
    }
    this.lastStyle = style; this.lastWidths = m;
    return m;
  }

  /** whether two styles draw text in the same font (face, size, spacing and features): text shapes across them */
  sameFont(a: ComputedStyle, b: ComputedStyle): boolean {
    return a === b || this.widthsOf(a) === this.widthsOf(b);
  }

  /** whether text is measured as drawn (kerned): without a measurer the compiled tables know no kerning */
  get kerns(): boolean { return this.measure !== undefined; }

  /**
   * The kerning between two characters drawn one after the other in a style's font, pt: what
   * shaping them together takes off (or adds to) their advances measured apart. HarfBuzz, as
   * Chromium shapes, kerns across spaces and word boundaries ("d A", "A d", "T."), so layout
   * adds this where it measures a text in pieces. `pair` is the two characters (a surrogate pair
   * counting as one); 0 without a measurer.
   */
  kern(pair: string, firstLength: number, style: ComputedStyle): number {
    if (!this.measure) return 0;
    const widths = this.widthsOf(style);
    let m = this.kernsByFace.get(widths);
    if (!m) this.kernsByFace.set(widths, m = new Map());
    let k = m.get(pair);
    if (k === undefined) {
      k = this.width(pair, style) - this.width(pair.slice(0, firstLength), style) - this.width(pair.slice(firstLength), style);
      if (Math.abs(k) < 1e-9) k = 0;
      if (m.size >= MAX_WIDTHS_PER_FACE) m.clear();
      m.set(pair, k);
    }
    return k;
  }

  /** The kerning at `at` in `text` (between the characters before and after it) in a style's font, pt (kern). */
  kernAt(text: string, at: number, style: ComputedStyle): number {
    if (!this.measure || at <= 0 || at >= text.length) return 0;
    const before = text.charCodeAt(at - 1);
    const after = text.charCodeAt(at);
    // (a soft hyphen is not drawn: the characters around it are shaped together where it does not break)
    if (before === 0xad || after === 0xad) return 0;
    const from = before >= 0xdc00 && before <= 0xdfff && at >= 2 ? at - 2 : at - 1;
    const to = after >= 0xd800 && after <= 0xdbff ? at + 2 : at + 1;
    return this.kern(text.slice(from, to), at - from, style);
  }

  /** per face's width map: the kerning of character pairs (kern) */
  private readonly kernsByFace = new Map<Map<string, number>, Map<string, number>>();

  /** text → width, pt, per face key (family, bold, italics, size, letter- and word-spacing) */
  private readonly widthsByFace = new Map<string, Map<string, number>>();
  /** each style's map, found once through its face key */
  private readonly widthsByStyle = new Map<ComputedStyle, Map<string, number>>();
  /** the style asked last and its map: the pieces of a text come one after another */
  private lastStyle: ComputedStyle | undefined;
  private lastWidths: Map<string, number> | undefined;

  private measureWidth(text: string, style: ComputedStyle): number {
    const f = this.of(style);
    const size = advanceSize(style.fontSize);
    if (this.measure && f.source) {
      const em = this.measuredEm(text, f, f.source, this.features(style));
      if (em !== undefined) {
        let n = 0; let spaces = 0;
        if (style.letterSpacing !== 0 || style.wordSpacing !== 0) for (const ch of text) { n++; if (ch === ' ' || ch === '\u00a0') spaces++; }
        return (em / 1000) * size + style.letterSpacing * n + style.wordSpacing * spaces;
      }
    }
    if (f.metrics) {
      let w = 0; let n = 0; let spaces = 0;
      for (const ch of text) { const cp = ch.codePointAt(0)!; w += f.metrics.advance(cp) || 500; n++; if (cp === 0x20 || cp === 0xa0) spaces++; }
      return (w / 1000) * size + style.letterSpacing * n + style.wordSpacing * spaces;
    }
    return textWidth(text, { file: f.file, size, letterSpacing: style.letterSpacing, wordSpacing: style.wordSpacing });
  }

  /**
   * CSS Fonts 4 §5.3: the advance of `text` in 1/1000 em, each run in the face that draws it
   * (paint splits a run where its face lacks glyphs: a ✈ in a face without one is DejaVu's ✈).
   */
  private measuredEm(text: string, f: UsedFont, source: FontSource, features: readonly string[] | undefined): number | undefined {
    if (this.matcher.drawsAll(text, f)) return this.measure!(source, text, features);
    const runs = this.matcher.splitByCoverage(text, f);
    if (runs.length === 1 && runs[0]!.font === f.font && runs[0]!.bold === f.bold && runs[0]!.italics === f.italics) return this.measure!(source, text, features);
    let em = 0;
    for (const r of runs) {
      const w = this.measure!(this.matcher.sourceOf(r), r.text, features);
      if (w === undefined) return undefined;
      em += w;
    }
    return em;
  }

  /** The width of a segment (no line feeds), its unbreakable pieces given to `sink` (metrics.ts measurePieces). */
  pieces(text: string, style: ComputedStyle, sink: PieceSink): number {
    const f = this.of(style);
    if (this.measure && f.source) {
      // the same break opportunities as measurePieces, each piece measured as it is drawn; the
      // total is the pieces and spaces with the kerning between them (kernAt), as the line
      // breaker sums its atoms
      let start = 0; let total = 0;
      const space = this.width(' ', style);
      for (let i = 0; i <= text.length; i++) {
        const c = i < text.length ? text.charCodeAt(i) : -1;
        // the piece ends before a space or U+200B, after a hyphen followed by no space, or at the end
        const end = c === 0x20 || c === 0x200b || c === -1 ? i : c === 0x2d && i + 1 < text.length && text.charCodeAt(i + 1) !== 0x20 ? i + 1 : -1;
        if (end < 0) continue;
        const w = end > start ? this.width(start === 0 && end === text.length ? text : text.slice(start, end), style) : 0;
        total += w; sink.piece(w);
        if (c === -1) break;
        if (end > start) total += this.kernAt(text, end, style);
        if (c === 0x20) total += space + this.kernAt(text, i + 1, style);
        sink.breakHere();
        start = i + 1;
      }
      return total;
    }
    const face = { file: f.file, size: advanceSize(style.fontSize), letterSpacing: style.letterSpacing, wordSpacing: style.wordSpacing };
    return measurePieces(text, face, sink, f.metrics?.advance.bind(f.metrics));
  }
}

/**
 * The font size whose glyph advances Chromium lays text out with, pt: Skia gives FreeType the
 * size in 26.6 fixed point, truncated to 1/64 px, so 10pt (13.333px) text advances as 13.328px
 * text does (a 307pt line is 0.12pt shorter than at the exact size, enough to move a break).
 */
/** widths kept per face key at most (a document of more distinct words measures the rest again) */
const MAX_WIDTHS_PER_FACE = 100_000;

export function advanceSize(fontSize: number): number {
  return (Math.floor((fontSize / 0.75) * 64 + 1e-6) / 64) * 0.75;
}

/** the ligatures a letter-spaced text is shaped without (Blink's FontFeatures: HarfBuzz's liga, clig and calt off, dlig not turned on) */
const NO_OPTIONAL_LIGATURES: readonly string[] = ['-liga', '-clig', '-calt', '-dlig'];

/** the features fontkit (as HarfBuzz) applies unless told not to: turning another one off changes nothing */
const DEFAULT_ON: ReadonlySet<string> = new Set(['liga', 'clig', 'calt', 'kern', 'rlig']);

/** a feature tag ('tnum', or '-liga' for off) into a tag → on map, the later winning */
function set(tags: Map<string, boolean>, t: string): void {
  const off = t.charCodeAt(0) === 0x2d;
  const tag = off ? t.slice(1) : t;
  tags.delete(tag);
  tags.set(tag, !off);
}

const SMALL_CAPS: readonly string[] = ['smcp'];
const ALL_SMALL_CAPS: readonly string[] = ['smcp', 'c2sc'];
