// pdfmake wrapper (issue #4 caches, #5 walls): fonts from memory only and parsed once per
// process, every URL and local file denied, fixed dates so the same input gives
// byte-identical PDFs. The contract stays toPdf(docDefinition, fonts) → Promise<Buffer>;
// any failure inside pdfmake/pdfkit comes back as a rejection, never an uncaught throw.
// The engine hands pdfmake absolutely positioned text, shapes and images, page by page:
// pdfmake breaks no line and no page. Its library patches are listed in patches.ts.
import { checkPatchTargets, fontParseStats, patchFontSelection, setSharedWordRuns, wordRunStats } from './patches'; // must load before pdfmake: see the file
import { createHash } from 'node:crypto';
import * as fontkit from 'fontkit';
import pdfmake from 'pdfmake';
import type { DocDefinition, FontSource, FontTable } from '../engine';
import { SHIPPED_FAMILIES } from '../engine/fonts';
import { checkPngData, sanitizeSvg, svgRootSize } from '../engine/resources';
import { BoundedLru } from '../lru';
import { documentInfoKeys, finishDocumentInfo, type DocumentInfoOptions } from './document-info';
import { toSfnt } from './sfnt';
import { shippedFontBytes } from './shippedFonts';

export { checkPatchTargets, fontParseStats, setSharedWordRuns, wordRunStats };
export { shippedFontBytes };

// The second wall (issue #5): whatever the engine lets through, pdfmake fetches nothing.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

interface VirtualFs { storage: Record<string, unknown>; readFileSync(name: string): Buffer }
const vfs = pdfmake.virtualfs as unknown as VirtualFs & typeof pdfmake.virtualfs;
patchFontSelection(vfs);

// pdfmake 0.3 treats every font descriptor as a URL or path; its virtual file system is the
// one way to hand it bytes. Shipped fonts are written there once per process and stay.
const shippedKeys = new Map<string, string>();
function shippedKey(file: string): string {
  let key = shippedKeys.get(file);
  if (!key) {
    key = `platen-font/${file}`;
    vfs.writeFileSync(key, shippedFontBytes(file));
    shippedKeys.set(file, key);
  }
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
      vfs.writeFileSync(key, bytes);
    }).catch(() => {
      // An @font-face font the engine accepted but pdfkit cannot embed: the document still
      // renders, with the wide-coverage shipped face in its place.
      vfs.writeFileSync(key, shippedFontBytes(EMBEDDED_STANDIN));
    }),
  };
  embedded.set(digest, entry);
  for (const [d, e] of embedded) {
    if (embedded.size <= MAX_EMBEDDED) break;
    if (e.pins === 0) { embedded.delete(d); delete vfs.storage[e.key]; }
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
export { DEFAULT_DOCUMENT_DATE, addOutline, type OutlineEntry, type PdfAttachment } from './document-info';

const SLOTS = ['normal', 'bold', 'italics', 'bolditalics'] as const;

/** Images may only be data: URLs: never a path or a URL pdfmake would try to open. */
function checkImages(images: DocDefinition['images']): void {
  for (const [name, src] of Object.entries(images ?? {})) {
    if (typeof src !== 'string' || !/^data:image\/(png|jpeg);base64,/i.test(src)) throw new Error(`image "${name}" is not a PNG or JPEG data: URL`);
    images![name] = safePng(src);
  }
}

/**
 * A PNG data: URL whose data would inflate past its header's promise becomes a blank pixel.
 * The check inflates the image, so its answer is kept per URL (a logo is checked once per
 * worker, not once per document), in a small LRU bounded by the URLs' length.
 */
function safePng(src: string): string {
  if (!/^data:image\/png;base64,/i.test(src)) return src;
  let ok = checkedPngs.get(src);
  if (ok === undefined) {
    const bytes = Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');
    ok = checkPngData(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)) === undefined;
    checkedPngs.set(src, ok, src.length);
  }
  return ok ? src : BLANK_PNG;
}
/** PNG data: URLs checked, and whether they passed; bounded by the URLs' length in characters */
const checkedPngs = new BoundedLru<string, boolean>(8 * 1024 * 1024);

// pdfmake draws svg nodes with svg-to-pdfkit, which opens <image href> through pdfkit's
// openImage: a path there is read from disk. The engine sanitizes SVG; this is the second wall:
// every svg node gets an imageCallback that lets only PNG/JPEG data: URIs through, and a font
// from the table so SVG text cannot name a family pdfmake does not have.
const BLANK_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII='; // 1×1, transparent
const safeImageLink = (link: string): string => (/^data:image\/(png|jpeg);base64,/i.test(link.trim()) ? link.replace(/\s+/g, '') : BLANK_PNG);
const ignoreWarning = (): void => undefined;

/** What the wall needs while it walks a definition: the font table it may complete. */
interface WallContext {
  readonly fonts: Record<string, FontTable[string]>;
  readonly defaultFont: string;
  /**
   * Inline data: images moved into the definition's images dictionary, one entry per distinct
   * URI. pdfmake opens and embeds an inline image once per node (a logo on every page
   * would be embedded on every page); by name it is checked, decoded and embedded once.
   */
  readonly images?: { readonly dictionary: Record<string, string>; readonly names: Map<string, string> };
}

/**
 * A font name pdfmake does not have would throw mid-render: a shipped family is added to the
 * table, anything else is replaced by the document's default font.
 */
function knownFont(name: string, ctx: WallContext): string {
  if (name in ctx.fonts) return name;
  const shipped = (SHIPPED_FAMILIES as Record<string, ShippedFamilyLike | undefined>)[name];
  if (shipped) {
    const s = (file: string): FontSource => ({ kind: 'shipped', file });
    ctx.fonts[name] = { normal: s(shipped.normal), bold: s(shipped.bold), italics: s(shipped.italics), bolditalics: s(shipped.bolditalics) };
    return name;
  }
  return ctx.defaultFont;
}
interface ShippedFamilyLike { normal: string; bold: string; italics: string; bolditalics: string }

function secureNodes(node: unknown, ctx: WallContext, seen: Set<object>): void {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  // Only a node that has objects below it is remembered, just before the walk goes down: that
  // is enough to stop at cycles and to visit a shared subtree once, and the nodes without
  // objects below them (text runs, margins: most of a definition) are cheap to meet twice
  // (everything done to them is idempotent). A 100-page definition's set was ~4% of a render.
  let remembered = false;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const n: unknown = node[i];
      if (n === null || typeof n !== 'object') continue;
      if (!remembered) { seen.add(node); remembered = true; }
      secureNodes(n, ctx, seen);
    }
    return;
  }
  const obj = node as Record<string, unknown>;
  if (typeof obj.svg === 'string') {
    // sanitized again here (idempotent on what the engine already cleaned): no <use> bombs,
    // entity tricks or external references reach svg-to-pdfkit whoever built the node
    const clean = sanitizeSvg(obj.svg);
    if (clean === undefined) {
      const tag = /<svg\b[^>]*>/i.exec(obj.svg)?.[0] ?? '<svg>';
      const size = svgRootSize(tag);
      obj.svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"/>`;
    } else {
      obj.svg = clean;
    }
    obj.options = { ...(obj.options as object | undefined ?? {}), imageCallback: safeImageLink, warningCallback: ignoreWarning, documentCallback: undefined };
    if (obj.font === undefined) obj.font = ctx.defaultFont;
  }
  if (typeof obj.font === 'string') obj.font = knownFont(obj.font, ctx);
  if (typeof obj.image === 'string' && obj.image.startsWith('data:')) obj.image = imageByName(obj.image, ctx);
  // for...in over own keys, descending only into objects: this walk visits every node of a
  // 100-page definition, and Object.entries' arrays were a measurable share of a render
  for (const key in obj) {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) continue;
    const value = obj[key];
    if (typeof value === 'object' && value !== null && key !== 'options') {
      if (!remembered) { seen.add(obj); remembered = true; }
      secureNodes(value, ctx, seen);
    } else if (typeof value === 'function') {
      delete obj[key]; // the engine makes no callbacks; pdfmake runs none it did not make
    }
  }
}

function imageByName(uri: string, ctx: WallContext): string {
  if (!ctx.images) return safePng(uri);
  let name = ctx.images.names.get(uri);
  if (name === undefined) {
    name = `platen-image-${ctx.images.names.size + 1}`;
    while (name in ctx.images.dictionary) name += '+';
    ctx.images.dictionary[name] = safePng(uri);
    ctx.images.names.set(uri, name);
  }
  return name;
}

export async function toPdf(docDefinition: DocDefinition, fonts: FontTable, options: PdfOptions = {}): Promise<Buffer> {
  checkImages(docDefinition.images);
  // the default font: the definition's own when pdfmake has it, else the first family, else Liberation Serif
  const table0: Record<string, FontTable[string]> = { ...fonts };
  const style = (docDefinition.defaultStyle ??= {}) as { font?: unknown };
  const firstFamily = Object.keys(table0)[0] ?? 'Liberation Serif';
  const ctx0: WallContext = { fonts: table0, defaultFont: firstFamily };
  const defaultFont = knownFont(typeof style.font === 'string' ? style.font : firstFamily, ctx0);
  const ctx: WallContext = {
    fonts: table0, defaultFont: knownFont(defaultFont, ctx0),
    images: { dictionary: (docDefinition.images ??= {}) as Record<string, string>, names: new Map() },
  };
  style.font = ctx.defaultFont;
  secureNodes(docDefinition, ctx, new Set());
  fonts = table0;
  const pinned: EmbeddedEntry[] = [];
  try {
    const table: Record<string, Record<string, string>> = {};
    for (const [family, faces] of Object.entries(fonts)) {
      const row: Record<string, string> = {};
      for (const slot of SLOTS) row[slot] = await sourceKey(faces[slot], pinned);
      table[family] = row;
    }
    const described = documentInfoKeys(options, docDefinition.info as Record<string, unknown> | undefined);
    // setFonts + createPdf run without an await between them: the Printer keeps this table.
    pdfmake.setFonts(table);
    const doc = pdfmake.createPdf({ ...docDefinition, ...described } as never);
    // the pdfkit document, its pages drawn and not yet ended
    finishDocumentInfo(await (doc as unknown as { getStream(): Promise<unknown> }).getStream(), options);
    return await doc.getBuffer();
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
