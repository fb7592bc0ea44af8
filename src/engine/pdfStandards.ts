// The PDF standards a document may be written to (ISO 19005, PDF/A), on their own so that code
// which only validates a request (the HTTP thread) reads them without loading the engine.
// Re-exported by engine/index.ts. Conformance level b (visual appearance): Platen does not
// write the structure tree that level a needs.

export const PDF_STANDARDS = ['PDF/A-2b', 'PDF/A-3b'] as const;
export type PdfStandard = (typeof PDF_STANDARDS)[number];

const BY_LOWER = new Map<string, PdfStandard>(PDF_STANDARDS.map((s) => [s.toLowerCase(), s]));

/** `pdf/a-3b` → `PDF/A-3b`; undefined when not a standard Platen writes. */
export function pdfStandardFromName(name: string): PdfStandard | undefined {
  return BY_LOWER.get(name.trim().toLowerCase());
}

/** ISO 19005-3 §6.8 allows any embedded file; PDF/A-2 only PDF/A files, which Platen does not check: attachments need PDF/A-3 (or no standard). */
export function standardAllowsAttachments(standard: PdfStandard | undefined): boolean {
  return standard === undefined || standard === 'PDF/A-3b';
}

/** ISO 32000-2 §14.13.2 how an embedded (associated) file relates to the document */
export const AF_RELATIONSHIPS = ['Data', 'Source', 'Alternative', 'Supplement', 'Unspecified'] as const;
export type AfRelationship = (typeof AF_RELATIONSHIPS)[number];
