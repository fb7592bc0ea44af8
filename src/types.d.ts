// pdfkit, png-js and pdfmake's modules have no types: the pdf layer types what it touches
// where it touches it (pdf/patches.ts, pdf/placed.ts)
declare module 'pdfkit' { const PDFDocument: unknown; export default PDFDocument }
declare module 'png-js' { const PNG: unknown; export default PNG }
declare module 'pdfmake/js/*' { const value: unknown; export default value }
