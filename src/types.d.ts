declare module 'pdfmake' {
  interface OutputDocument { getBuffer(): Promise<Buffer>; getStream(): Promise<NodeJS.ReadableStream> }
  interface PdfMake {
    setFonts(fonts: Record<string, Record<string, unknown>>): void;
    addFonts(fonts: Record<string, Record<string, unknown>>): void;
    setUrlAccessPolicy(cb: (url: string) => boolean): void;
    setLocalAccessPolicy(cb: (path: string) => boolean): void;
    createPdf(doc: Record<string, unknown>, options?: Record<string, unknown>): OutputDocument;
    virtualfs: { writeFileSync(name: string, data: Buffer): void; existsSync(name: string): boolean };
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}

// pdfkit, png-js and pdfmake's own modules have no types: the pdf layer types what it touches
// where it touches it (pdf/patches.ts, pdf/placed.ts)
declare module 'pdfkit' { const PDFDocument: unknown; export default PDFDocument }
declare module 'png-js' { const PNG: unknown; export default PNG }
declare module 'pdfmake/js/*' { const value: unknown; export default value }
