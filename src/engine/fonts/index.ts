// Font matching (CSS Fonts 4 §5): a computed font-family list, weight and style → one
// pdfmake family key plus its bold/italics flags, and the FontTable that names its bytes.
// (PLACEHOLDER: everything maps to Liberation Sans; the real matcher maps generics and
// common names like Chromium does, honours @font-face, and falls back per glyph.)
import type { FontSource, FontTable } from '../index';

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

/** Accumulates the faces a document uses; `table()` gives pdfmake's font dictionary. */
export class FontMatcher {
  private readonly used = new Map<string, FontTable[string]>();

  match(req: FontRequest): FontChoice {
    const family = 'Liberation Sans';
    const shipped = (file: string): FontSource => ({ kind: 'shipped', file });
    if (!this.used.has(family)) {
      this.used.set(family, {
        normal: shipped('LiberationSans-Regular.ttf'), bold: shipped('LiberationSans-Bold.ttf'),
        italics: shipped('LiberationSans-Italic.ttf'), bolditalics: shipped('LiberationSans-BoldItalic.ttf'),
      });
    }
    return { font: family, bold: req.weight >= 600, italics: req.style !== 'normal' };
  }

  table(): FontTable {
    return Object.fromEntries(this.used);
  }
}
