// The slice of `linebreak` (UAX #14, a pdfkit dependency, listed directly in package.json) that layout uses.
declare module 'linebreak' {
  class LineBreaker {
    constructor(text: string);
    /** the next break opportunity: before the code unit at `position`; `required` after a mandatory break (BK, CR, LF, NL) */
    nextBreak(): { readonly position: number; readonly required: boolean } | null;
  }
  export = LineBreaker;
}
