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
