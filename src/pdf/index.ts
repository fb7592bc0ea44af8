// The PDF writer (issue #4 caches, #5 walls): fonts from memory only and parsed once per
// process, every local file denied, fixed dates so the same input gives byte-identical PDFs.
// The contract stays toPdf(docDefinition, fonts) → Promise<Buffer>; any failure inside
// pdfmake/pdfkit comes back as a rejection, never an uncaught throw. The engine hands over
// absolutely positioned text, shapes and images, page by page; placed.ts draws them into
// pdfmake's PDFDocument (pdfkit). The library patches are listed in patches.ts.
import { checkPatchTargets, fontParseStats } from './patches'; // must load before pdfkit: see the file
import { createHash } from 'node:crypto';
import * as fontkit from 'fontkit';
import PdfmakeDocumentModule from 'pdfmake/js/PDFDocument.js';
import type { DocDefinition, FontSource, FontTable } from '../engine';
import { FAMILY_ALIASES, SHIPPED_FAMILIES } from '../engine/fonts';
import { documentOptions, finishDocumentInfo, type DocumentInfoOptions } from './document-info';
import { checkImages, drawPages, placedSections } from './placed';
import { toSfnt } from './sfnt';
import { shippedFontBytes } from './shippedFonts';

export { checkPatchTargets, fontParseStats };
export { wordRunStats } from './glyphs';
export { shippedFontBytes };

/** pdfmake's PDFDocument: pdfkit's, with a font table and images dictionary it opens faces and images from by name */
interface PdfDocument extends NodeJS.ReadableStream { registerFont(name: string, src: Buffer): unknown; end(): void }
const PdfmakeDocument = PdfmakeDocumentModule as new (fonts: object, images: object, patterns: object, attachments: object, options: object, vfs: object, localAccessPolicy: (path: unknown) => boolean) => PdfDocument;

// pdfmake 0.3 treats every font descriptor as a path, unless its virtual file system has it: the
// faces are kept in this one, by key. Shipped fonts are put there once per process and stay.
const fontFiles = new Map<string, Buffer>();
const vfs = { existsSync: (key: string) => fontFiles.has(key), readFileSync: (key: string) => fontFiles.get(key)! };
function shippedKey(file: string): string {
  const key = `platen-font/${file}`;
  if (!fontFiles.has(key)) fontFiles.set(key, shippedFontBytes(file));
  return key;
}

// @font-face faces: under a name derived from their content, converted to sfnt once, kept in
// a bounded LRU (least recently used first out) so a stream of distinct template fonts does
// not grow the process. A face in use by a render in flight is pinned and never evicted.
const MAX_EMBEDDED = 64;
interface EmbeddedEntry { readonly key: string; pins: number; ready: Promise<void> }
const embedded = new Map<string, EmbeddedEntry>();

// the four slots of an @font-face family share one byte array: hash it once
const digests = new WeakMap<Uint8Array, string>();

function embeddedEntry(data: Uint8Array): EmbeddedEntry {
  let digest = digests.get(data);
  if (digest === undefined) { digest = createHash('sha256').update(data).digest('hex'); digests.set(data, digest); }
  const hit = embedded.get(digest);
  if (hit) { embedded.delete(digest); embedded.set(digest, hit); return hit; }
  const key = `platen-font/sha256-${digest}`;
  const entry: EmbeddedEntry = {
    key, pins: 0,
    ready: toSfnt(data).then((sfnt) => {
      const bytes = Buffer.from(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
      checkEmbeddable(bytes);
      fontFiles.set(key, bytes);
    }).catch(() => {
      // An @font-face font the engine accepted but pdfkit cannot embed: the document still
      // renders, with the wide-coverage shipped face in its place.
      fontFiles.set(key, shippedFontBytes(EMBEDDED_STANDIN));
    }),
  };
  embedded.set(digest, entry);
  for (const [d, e] of embedded) {
    if (embedded.size <= MAX_EMBEDDED) break;
    if (e.pins === 0) { embedded.delete(d); fontFiles.delete(e.key); }
  }
  return entry;
}

const EMBEDDED_STANDIN = 'DejaVuSans.ttf';

/** Parses and subsets the font the way pdfkit will (glyph 0 and the first mapped characters); throws if that fails. */
function checkEmbeddable(bytes: Buffer): void {
  const font = fontkit.create(bytes);
  if ('fonts' in font) throw new Error('font collection');
  const subset = (font as unknown as { createSubset(): { includeGlyph(g: unknown): number; encode(): Uint8Array } }).createSubset();
  const withGlyphs = font as unknown as { glyphForCodePoint(cp: number): unknown };
  for (const cp of font.characterSet.slice(0, 8)) subset.includeGlyph(withGlyphs.glyphForCodePoint(cp));
  if (!(subset.encode().length > 0)) throw new Error('empty subset');
}

/** The document's info, language, standard, attachments and outline (document-info.ts). */
export type PdfOptions = DocumentInfoOptions;
export type { OutlineEntry, PdfAttachment } from './document-info';

const SLOTS = ['normal', 'bold', 'italics', 'bolditalics'] as const;

/**
 * A definition of placed pages (paint's output: sections of absolutely positioned nodes) →
 * the PDF. Only its content, images and default style are read: no callback, header or
 * watermark of a definition reaches pdfmake, whose Printer and layout never run. Nodes are
 * checked where placed.ts meets them: SVG sanitized again, data: images named once, unknown
 * font families drawn in the default font; no local file is opened (the access policy).
 */
export async function toPdf(docDefinition: DocDefinition, fonts: FontTable, options: PdfOptions = {}): Promise<Buffer> {
  const content = placedSections(docDefinition.content);
  if (!content) throw new Error('not a definition of placed pages: sections with a page size, every node absolutely positioned');
  const images = { ...docDefinition.images };
  checkImages(images);
  // the default font: the definition's own when the table has it, else the first family, else Liberation Serif
  const table0: Record<string, FontTable[string]> = { ...fonts };
  const firstFamily = Object.keys(table0)[0] ?? 'Liberation Serif';
  // every shipped family is there by name (pdfkit opens a face only when a run uses it)
  for (const [name, f] of Object.entries(SHIPPED_FAMILIES)) table0[name] ??= Object.fromEntries(SLOTS.map((slot) => [slot, { kind: 'shipped', file: f[slot] }])) as FontTable[string];
  // SVG <text> names its family as CSS does, and renderSVG's font callback looks the name up in
  // this table: the names Chromium resolves to a shipped family (Arial, Helvetica, sans-serif,
  // monospace, ...) are there too, as that family
  for (const [alias, name] of Object.entries(FAMILY_ALIASES)) table0[alias] ??= table0[name]!;
  const given = docDefinition.defaultStyle?.font;
  const fallback = typeof given === 'string' && given in table0 ? given : firstFamily;
  const pinned: EmbeddedEntry[] = [];
  try {
    const table: Record<string, Record<string, string>> = {};
    for (const [family, faces] of Object.entries(table0)) {
      table[family] = {};
      for (const slot of SLOTS) table[family][slot] = await sourceKey(faces[slot], pinned);
    }
    const doc = new PdfmakeDocument(table, images, {}, {}, documentOptions(options, docDefinition.info as Record<string, unknown> | undefined), vfs, () => false);
    // SVG <text> selects its face by key (renderSVG's font callback), which pdfkit would read as a path: registered, it is a name
    for (const key of new Set(Object.values(table).flatMap(Object.values))) doc.registerFont(key, fontFiles.get(key)!);
    drawPages(doc as never, content, fallback);
    finishDocumentInfo(doc, options);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve, reject) => { doc.on('end', resolve); doc.on('error', reject); });
    doc.end();
    await ended;
    return Buffer.concat(chunks);
  } finally {
    for (const e of pinned) e.pins--;
  }
}

async function sourceKey(src: FontSource, pinned: EmbeddedEntry[]): Promise<string> {
  switch (src.kind) {
    case 'shipped': return shippedKey(src.file);
    case 'embedded': {
      const entry = embeddedEntry(src.data);
      entry.pins++;
      pinned.push(entry);
      await entry.ready;
      return entry.key;
    }
  }
}
