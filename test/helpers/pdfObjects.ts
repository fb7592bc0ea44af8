// Reads a PDF's objects from its bytes, for facts pdfjs does not expose (the catalog's
// /OutputIntents, a font's /FontFile2, an embedded file's /AFRelationship). Enough for the
// uncompressed object syntax pdfkit writes: `n 0 obj <<…>> [stream…endstream] endobj`.
import { inflateSync } from 'node:zlib';

export interface PdfObject {
  readonly id: number;
  /** the object's text before any stream, latin1 */
  readonly dict: string;
  /** the stream's bytes, inflated when /Filter /FlateDecode */
  readonly stream?: Buffer;
}

export function pdfObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const head = /(\d+) 0 obj\n/g;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const start = m.index + m[0].length;
    const s = text.indexOf('\nstream\n', start);
    const end = text.indexOf('\nendobj', start);
    if (s < 0 || s > end) { objects.set(Number(m[1]), { id: Number(m[1]), dict: text.slice(start, end) }); continue; }
    const dict = text.slice(start, s);
    const from = s + '\nstream\n'.length;
    // the stream's length is in its dictionary: its bytes may contain anything, "endobj" too
    const length = /\/Length (\d+)(?! \d+ R)/.exec(dict);
    if (!length) throw new Error(`object ${m[1]}: no direct /Length`);
    let stream = pdf.subarray(from, from + Number(length[1]));
    if (/\/Filter\s*\/FlateDecode/.test(dict)) stream = inflateSync(stream);
    objects.set(Number(m[1]), { id: Number(m[1]), dict, stream });
    head.lastIndex = from + Number(length[1]);
  }
  return objects;
}

/** The object a `/Key n 0 R` entry of `dict` points at. */
export function refOf(objects: Map<number, PdfObject>, dict: string, key: string): PdfObject | undefined {
  const m = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
  return m ? objects.get(Number(m[1])) : undefined;
}

/** The trailer's /Root: the document catalog. */
export function catalogOf(pdf: Buffer, objects: Map<number, PdfObject>): PdfObject {
  const trailer = pdf.toString('latin1').slice(pdf.toString('latin1').lastIndexOf('trailer'));
  const root = refOf(objects, trailer, 'Root');
  if (!root) throw new Error('no /Root in the trailer');
  return root;
}
