// CSS Fonts 4 §5 font matching: a computed font-family list, weight and style → one pdfmake
// family key plus its bold/italics flags (FontChoice), and the FontTable that names the bytes
// of every face a document uses. Shipped families are matched the way headless Chromium on
// Debian matches them (families.ts); @font-face faces take precedence over them by name, one
// pdfmake family per face so a family with 300/400/700 renders each weight with its own face.
// §5.3 per-character fallback: `splitByCoverage` cuts a run where its face lacks a glyph and
// hands those characters to DejaVu Sans (then the other shipped families).
import type { FontFace } from '../cascade/styled';
import type { DiagnosticList } from '../diagnostics';
import type { FontSource, FontTable } from '../types';
import { CodePointSet } from './coverage';
import { inspectFontBytes, type FaceMetrics } from './embedded';
import {
  DEFAULT_FAMILY, FALLBACK_FAMILIES, FAMILY_ALIASES, SHIPPED_FAMILIES, normaliseFamilyName, shippedFace, shippedSources,
  type ShippedFamily, type ShippedFamilyName,
} from './families';
import { matchFace, matchWeight } from './matching';
import { shippedCoverage } from './shipped-coverage';

export { CodePointSet } from './coverage';
export { MAX_FONT_SFNT_BYTES, declaredTableBytes, inspectFontBytes, type FaceMetrics, type FontBytesInfo } from './embedded';
export { DEFAULT_FAMILY, FAMILY_ALIASES, SHIPPED_FAMILIES, shippedFaceFiles } from './families';
export { matchFace, matchWeight } from './matching';
export { DeclaredFaceUnits, fontUnits, type FontUnits } from './units';
export { fontContainer, unwrapWoff, woffToSfnt, type FontContainer } from './webfont';

export interface FontRequest {
  readonly families: readonly string[];
  readonly weight: number;
  readonly style: 'normal' | 'italic' | 'oblique';
}

/** What a text run carries into pdfmake: `{ font, bold, italics }`. */
export interface FontChoice {
  readonly font: string;
  readonly bold: boolean;
  readonly italics: boolean;
}

/** A piece of a text run with the face that has glyphs for all of it. */
export interface FontRun extends FontChoice {
  readonly text: string;
}

export interface FontMatcherOptions {
  /** where `font-fallback` and `resource-invalid` (unusable @font-face bytes) go */
  readonly diagnostics?: DiagnosticList;
  /** the document's @font-face faces, in declaration order */
  readonly fontFaces?: readonly FontFace[];
}

/** One @font-face face as the matcher keeps it. */
interface EmbeddedFace {
  readonly key: string;               // its pdfmake family key
  readonly family: string;            // as declared
  readonly weight: number;
  readonly weightRange?: readonly [number, number];
  readonly style: 'normal' | 'italic';
  readonly source: FontSource;
  readonly coverage: CodePointSet;
  readonly metrics: FaceMetrics;
  /** faces with the same family, weight and style, latest declared first (a composite face) */
  group: EmbeddedFace[];
}

/** A face the per-glyph fallback may try, with the choice that selects it. */
interface Candidate {
  readonly choice: FontChoice;
  readonly coverage: CodePointSet;
}

/** Characters that never start a run of their own: they go with the text around them. */
function isNeutral(cp: number): boolean {
  return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0xad
    || (cp >= 0x300 && cp <= 0x36f)     // combining diacritical marks
    || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x2064)
    || (cp >= 0xfe00 && cp <= 0xfe0f) || cp === 0xfeff;
}

function isSpace(cp: number): boolean {
  return cp === 0x20 || cp === 0xa0 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x202f || cp === 0x205f || cp === 0x3000;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Whether a face has a glyph for every code point of `text` (a lone surrogate is its own code point). */
function coversAll(face: Candidate, text: string): boolean {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    if (!face.coverage.has(cp)) return false;
  }
  return true;
}

/** Accumulates the faces a document uses; `table()` gives pdfmake's font dictionary. */
export class FontMatcher {
  private readonly used = new Map<string, FontTable[string]>();
  private readonly diagnostics: DiagnosticList | undefined;
  /** normalised family name → its faces (composite heads only) */
  private readonly embedded = new Map<string, EmbeddedFace[]>();
  private readonly embeddedByKey = new Map<string, EmbeddedFace>();
  private readonly matchMemo = new Map<string, FontChoice>();
  private readonly chainMemo = new Map<string, readonly Candidate[]>();

  constructor(options: FontMatcherOptions = {}) {
    this.diagnostics = options.diagnostics;
    for (const face of options.fontFaces ?? []) this.addFace(face);
  }

  private addFace(face: FontFace): void {
    const info = inspectFontBytes(face.data);
    const label = `@font-face "${face.family}" (weight ${face.weight}, ${face.style})`;
    if (!info.ok) {
      this.diagnostics?.report('resource-invalid', `${label} ignored: ${info.reason}`);
      return;
    }
    const name = normaliseFamilyName(face.family);
    const faces = this.embedded.get(name) ?? [];
    this.embedded.set(name, faces);
    const base = `${face.family}#${face.weight}${face.style === 'italic' ? 'i' : ''}`;
    let key = base;
    for (let n = 2; this.embeddedByKey.has(key); n++) key = `${base}~${n}`;
    const entry: EmbeddedFace = {
      key, family: face.family, weight: face.weight, style: face.style, ...(face.weightRange ? { weightRange: face.weightRange } : {}),
      source: { kind: 'embedded', data: face.data }, coverage: info.coverage, metrics: info.metrics, group: [],
    };
    this.embeddedByKey.set(key, entry);
    const head = faces.find((f) => f.weight === face.weight && f.style === face.style && String(f.weightRange) === String(face.weightRange));
    if (head) {
      // CSS Fonts 4 §4.8: same descriptors → one composite face; the later rule is tried first.
      head.group.unshift(entry);
    } else {
      entry.group.push(entry);
      faces.push(entry);
    }
  }

  match(req: FontRequest): FontChoice {
    const memoKey = `${req.families.join('\n')}|${req.weight}|${req.style}`;
    const memo = this.matchMemo.get(memoKey);
    if (memo) return memo;
    const choice = this.resolve(req);
    this.matchMemo.set(memoKey, choice);
    return choice;
  }

  private resolve(req: FontRequest): FontChoice {
    for (const family of req.families) {
      const name = normaliseFamilyName(family);
      const faces = this.embedded.get(name);
      if (faces) {
        const face = matchFace(faces, req.weight, req.style)!;
        return this.useEmbedded(face.group[0]!);
      }
      const shipped = FAMILY_ALIASES[name];
      if (shipped) return this.shippedChoice(shipped, req);
    }
    const list = req.families.map((f) => `"${f}"`).join(', ') || '(none)';
    this.diagnostics?.report('font-fallback', `No font for font-family ${list}; using ${DEFAULT_FAMILY}, the browser default`);
    return this.shippedChoice(DEFAULT_FAMILY, req);
  }

  private shippedChoice(name: ShippedFamilyName, req: FontRequest): FontChoice {
    this.useShipped(name);
    return { font: name, bold: matchWeight(req.weight, [400, 700]) === 700, italics: req.style !== 'normal' };
  }

  private useShipped(name: ShippedFamilyName): void {
    if (!this.used.has(name)) this.used.set(name, shippedSources(SHIPPED_FAMILIES[name]));
  }

  private useEmbedded(face: EmbeddedFace): FontChoice {
    if (!this.used.has(face.key)) this.used.set(face.key, { normal: face.source, bold: face.source, italics: face.source, bolditalics: face.source });
    return { font: face.key, bold: false, italics: false };
  }

  /** Where the bytes of the face a choice selects come from (for measuring text). */
  sourceOf(choice: FontChoice): FontSource {
    const embedded = this.embeddedByKey.get(choice.font);
    if (embedded) return embedded.source;
    const family: ShippedFamily = SHIPPED_FAMILIES[choice.font as ShippedFamilyName] ?? SHIPPED_FAMILIES[DEFAULT_FAMILY];
    return { kind: 'shipped', file: shippedFace(family, choice.bold, choice.italics) };
  }

  /**
   * Metrics of an @font-face face a choice selects, read from its own tables (per 1000 em);
   * undefined for shipped faces, whose metrics layout has compiled in.
   */
  metricsOf(choice: FontChoice): FaceMetrics | undefined {
    return this.embeddedByKey.get(choice.font)?.metrics;
  }

  /**
   * Whether the choice's own face draws every character of `text`: splitByCoverage would give
   * one run in that face and register nothing (what most text of a document is).
   */
  drawsAll(text: string, choice: FontChoice): boolean {
    if (!this.embeddedByKey.has(choice.font) && PRINTABLE_ASCII.test(text)) return true;
    if (!text.length) return false;
    const head = this.chain(choice)[0]!;
    return head.choice.font === choice.font && head.choice.bold === choice.bold && head.choice.italics === choice.italics && coversAll(head, text);
  }

  /**
   * CSS Fonts 4 §5.3: splits `text` into runs whose face has a glyph for every character.
   * The run's own face (or composite face) first, then Liberation Serif (Chromium's default),
   * DejaVu Sans, DejaVu Serif, DejaVu Sans Mono, Liberation Sans, Noto Sans Mono — with the
   * run's bold/italics, then upright regular. A missing U+2011 uses the face's U+2010.
   * A character no face has stays with the run's own face. Neutral characters (controls,
   * zero-width, combining marks) never start a new run. A space is the first face's that has
   * it, as Chromium shapes a run in its own face and only its missing glyphs in fallback faces
   * (the spaces of "CDG ✈ LFLL" are the run's face's, not DejaVu's).
   */
  splitByCoverage(text: string, choice: FontChoice): FontRun[] {
    if (!this.embeddedByKey.has(choice.font) && PRINTABLE_ASCII.test(text)) return [{ ...choice, text }];
    const chain = this.chain(choice);
    if (text.length && coversAll(chain[0]!, text)) {
      // the common case: the run's own face has every character (what the loop below finds, without building the text again)
      if (chain[0]!.choice.font !== choice.font) this.registerChoice(chain[0]!.choice);
      return [{ ...chain[0]!.choice, text }];
    }
    const runs: { candidate: Candidate; text: string }[] = [];
    let current: { candidate: Candidate; text: string } | undefined;
    for (let ch of text) {
      let cp = ch.codePointAt(0)!;
      // HarfBuzz (Chromium's shaper) draws a missing U+2011 NON-BREAKING HYPHEN with the font's
      // own U+2010 HYPHEN glyph rather than falling back to another font.
      if (cp === 0x2011 && !chain[0]!.coverage.has(cp) && chain[0]!.coverage.has(0x2010)) { cp = 0x2010; ch = '\u2010'; }
      let candidate: Candidate;
      if (current && isNeutral(cp)) {
        candidate = current.candidate;
      } else {
        const found = chain.find((c) => c.coverage.has(cp));
        if (!found && !isSpace(cp) && !isNeutral(cp)) this.reportMissingGlyph(cp);
        candidate = found ?? chain[0]!;
      }
      if (current && current.candidate === candidate) current.text += ch;
      else { current = { candidate, text: ch }; runs.push(current); }
    }
    if (!runs.length) return [{ ...choice, text }];
    return runs.map((r) => {
      if (r.candidate.choice.font !== choice.font) this.registerChoice(r.candidate.choice);
      return { ...r.candidate.choice, text: r.text };
    });
  }

  private readonly missingGlyphs = new Set<number>();

  /** A character no face has: said once per character (at most 20 per document). */
  private reportMissingGlyph(cp: number): void {
    if (this.missingGlyphs.has(cp) || this.missingGlyphs.size >= 20) return;
    this.missingGlyphs.add(cp);
    const hex = cp.toString(16).toUpperCase().padStart(4, '0');
    this.diagnostics?.report('font-fallback', `No font has a glyph for U+${hex} "${String.fromCodePoint(cp)}": it prints as an empty box`);
  }

  private registerChoice(choice: FontChoice): void {
    const embedded = this.embeddedByKey.get(choice.font);
    if (embedded) this.useEmbedded(embedded);
    else if (choice.font in SHIPPED_FAMILIES) this.useShipped(choice.font as ShippedFamilyName);
  }

  private chain(choice: FontChoice): readonly Candidate[] {
    const memoKey = `${choice.font}|${choice.bold}|${choice.italics}`;
    const memo = this.chainMemo.get(memoKey);
    if (memo) return memo;
    const chain: Candidate[] = [];
    const embedded = this.embeddedByKey.get(choice.font);
    if (embedded) {
      const head = this.embedded.get(normaliseFamilyName(embedded.family))?.find((f) => f.group.includes(embedded));
      for (const face of head?.group ?? [embedded]) chain.push({ choice: { font: face.key, bold: false, italics: false }, coverage: face.coverage });
    } else {
      const family = SHIPPED_FAMILIES[choice.font as ShippedFamilyName] ?? SHIPPED_FAMILIES[DEFAULT_FAMILY];
      chain.push({ choice, coverage: shippedCoverage(shippedFace(family, choice.bold, choice.italics)) });
    }
    // fallback faces take the weight and slant the run asks for (an embedded face's own)
    const wantBold = embedded ? embedded.weight >= 600 && !embedded.weightRange : choice.bold;
    const wantItalics = embedded ? embedded.style === 'italic' : choice.italics;
    const styled: (readonly [boolean, boolean])[] = [[wantBold, wantItalics]];
    if (wantBold || wantItalics) styled.push([false, false]);
    for (const [bold, italics] of styled) {
      for (const name of FALLBACK_FAMILIES) {
        if (name === choice.font && bold === choice.bold && italics === choice.italics) continue;
        chain.push({ choice: { font: name, bold, italics }, coverage: shippedCoverage(shippedFace(SHIPPED_FAMILIES[name], bold, italics)) });
      }
    }
    this.chainMemo.set(memoKey, chain);
    return chain;
  }

  table(): FontTable {
    return Object.fromEntries(this.used);
  }
}

/** Free-function form of `FontMatcher.splitByCoverage` (the matcher records the fallback faces used). */
export function splitByCoverage(text: string, choice: FontChoice, matcher: FontMatcher): FontRun[] {
  return matcher.splitByCoverage(text, choice);
}
