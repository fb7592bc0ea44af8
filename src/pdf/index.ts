// pdfmake wrapper: fonts from memory only, every URL and local file denied, fixed dates and
// document ID so the same input gives byte-identical PDFs. PLACEHOLDER until issue #3/#4 land
// the font cache; the contract (toPdf(docDefinition, fonts) → Buffer) stays.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pdfmake from 'pdfmake';
import type { DocDefinition, FontSource, FontTable } from '../engine';
import { fontsDir } from '../paths';

pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

// pdfmake 0.3 treats every font descriptor as a URL or path; its virtual file system is the
// one way to hand it bytes. Shipped fonts are written there once per process; embedded
// (@font-face) faces under a name derived from their content.
const inVfs = new Set<string>();
function fontKey(src: FontSource): string {
  const key = src.kind === 'shipped' ? `platen-font/${src.file}` : `platen-font/sha256-${createHash('sha256').update(src.data).digest('hex')}`;
  if (!inVfs.has(key)) {
    const bytes = src.kind === 'shipped' ? readFileSync(join(fontsDir, src.file)) : Buffer.from(src.data);
    pdfmake.virtualfs.writeFileSync(key, bytes);
    inVfs.add(key);
  }
  return key;
}

export interface PdfOptions {
  /** fixed creation date for reproducible output */
  readonly creationDate?: Date;
}

export async function toPdf(docDefinition: DocDefinition, fonts: FontTable, _options: PdfOptions = {}): Promise<Buffer> {
  const table: Record<string, Record<string, string>> = {};
  for (const [family, faces] of Object.entries(fonts)) {
    table[family] = {
      normal: fontKey(faces.normal), bold: fontKey(faces.bold),
      italics: fontKey(faces.italics), bolditalics: fontKey(faces.bolditalics),
    };
  }
  pdfmake.setFonts(table);
  const doc = pdfmake.createPdf({ ...docDefinition, info: { creationDate: new Date(0), ...(docDefinition.info ?? {}) } } as never);
  return doc.getBuffer();
}
