// CSS Fonts 4 §5 font matching, as layout uses it: the face a style selects (through the
// FontMatcher of fonts/) and its metrics; CSS 2.1 §10.8.1 used line-height.
import type { ComputedStyle } from '../cascade/computed';
import type { FontMatcher } from '../fonts';
import { normalLineHeight, pdfmakeLineBox, textWidth } from './metrics';

export interface UsedFont {
  /** pdfmake family key */
  readonly font: string;
  readonly bold: boolean;
  readonly italics: boolean;
  /** the shipped file measured for this face ('' for an embedded face: measured as Liberation Sans) */
  readonly file: string;
  readonly size: number;
}

/** Resolves and caches the face of each computed style; one per layout run. */
export class FaceResolver {
  private readonly byStyle = new WeakMap<ComputedStyle, UsedFont>();
  private readonly files = new Map<string, string>();

  constructor(readonly matcher: FontMatcher) {}

  of(style: ComputedStyle): UsedFont {
    const hit = this.byStyle.get(style);
    if (hit) return hit;
    const choice = this.matcher.match({ families: style.fontFamily, weight: style.fontWeight, style: style.fontStyle });
    const key = `${choice.font}|${choice.bold}|${choice.italics}`;
    let file = this.files.get(key);
    if (file === undefined) {
      const faces = this.matcher.table()[choice.font];
      const src = faces ? (choice.bold ? (choice.italics ? faces.bolditalics : faces.bold) : choice.italics ? faces.italics : faces.normal) : undefined;
      file = src && src.kind === 'shipped' ? src.file : '';
      this.files.set(key, file);
    }
    const used: UsedFont = { font: choice.font, bold: choice.bold, italics: choice.italics, file, size: style.fontSize };
    this.byStyle.set(style, used);
    return used;
  }

  /** CSS 2.1 §10.8.1: the used line-height of a style, in pt. */
  lineHeight(style: ComputedStyle): number {
    const lh = style.lineHeight;
    switch (lh.kind) {
      case 'normal': return normalLineHeight(this.of(style).file, style.fontSize);
      case 'number': return lh.value * style.fontSize;
      case 'length': return lh.pt;
    }
  }

  /** pdfmake's `lineHeight` (a multiple of its own ascent+descent line box) that gives the CSS line-height. */
  pdfmakeLineHeight(style: ComputedStyle): number {
    const box = pdfmakeLineBox(this.of(style).file, style.fontSize);
    const r = box > 0 ? this.lineHeight(style) / box : 1;
    return Number.isFinite(r) && r > 0 ? r : 1;
  }

  width(text: string, style: ComputedStyle): number {
    return textWidth(text, { file: this.of(style).file, size: style.fontSize, letterSpacing: style.letterSpacing, wordSpacing: style.wordSpacing });
  }
}
