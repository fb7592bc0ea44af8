// The slice of fontkit (a pdfkit dependency, listed directly in package.json) that Platen uses:
// parsing font bytes in memory, the character map, and a face's names.
declare module 'fontkit' {
  export interface Font {
    readonly type: string;                 // 'TTF' | 'WOFF' | 'WOFF2' | 'TTC' | 'DFont'
    readonly postscriptName: string | null;
    readonly familyName: string | null;
    readonly numGlyphs: number;
    readonly unitsPerEm: number;
    readonly characterSet: number[];
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export interface FontCollection {
    readonly type: 'TTC' | 'DFont';
    readonly fonts: Font[];
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font | FontCollection;
  export function openSync(path: string, postscriptName?: string): Font | FontCollection;
}
