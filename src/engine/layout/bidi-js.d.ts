// The slice of `bidi-js` (UAX #9, pinned in package.json) that layout uses.
declare module 'bidi-js' {
  interface Bidi {
    /** UAX #9 embedding levels of every code unit, paragraphs split at paragraph separators */
    getEmbeddingLevels(text: string, direction?: 'ltr' | 'rtl' | 'auto'): {
      readonly levels: Uint8Array;
      readonly paragraphs: readonly { readonly start: number; readonly end: number; readonly level: number }[];
    };
    /** the Bidi_Mirroring_Glyph of a character, or null */
    getMirroredCharacter(char: string): string | null;
  }
  function bidiFactory(): Bidi;
  export = bidiFactory;
}
