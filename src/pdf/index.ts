// pdfmake wrapper (issue #4 caches, #5 walls): fonts from memory only and parsed once per
// process, every URL and local file denied, fixed dates so the same input gives
// byte-identical PDFs. The contract stays toPdf(docDefinition, fonts) → Promise<Buffer>;
// any failure inside pdfmake/pdfkit comes back as a rejection, never an uncaught throw.
import { fontParseStats } from './fontkit-cache'; // must load before pdfmake: see the file
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import pdfmake from 'pdfmake';
import type { DocDefinition, FontSource, FontTable } from '../engine';
import { SHIPPED_FAMILIES } from '../engine/fonts';
import { checkPngData, sanitizeSvg, svgRootSize } from '../engine/resources';
import { fontsDir } from '../paths';
import { pdfmakeInternal } from './internals';
import { BoundedLru } from './lru';
import { documentInfoKeys, finishDocumentInfo, type DocumentInfoOptions } from './document-info';
import { toSfnt } from './sfnt';
import { setDirectMatrices } from './graphics-state'; // balanced q/Q per page around pdfmake's cell vertical alignment; matrices written directly
import './png-sync'; // PNG pixels decoded in order: same bytes every run, zlib errors reject
import './fragmentation'; // orphans and widows decided while a paragraph is placed, in the one layout
import { setJoinedRuns } from './line-runs'; // a line's look-alike words drawn as one text object
import { setLinearParagraphs } from './long-paragraphs'; // paragraphs laid out without copying their runs per run
import { MEASURED_TEXT, measuredTexts, setFusedInlines } from './text-inlines'; // a run's words made whole, its style resolved once
import { setColorOperators } from './colors'; // colour operators made once per colour
import { setPlainTextDrawing } from './text-draw'; // pdfmake's plain words drawn without pdfkit's general text path
import { setLeanPageBreakInfo } from './page-breaks'; // the pageBreakBefore callback's node descriptions built by plain loops
import { setLeanProcessNode } from './process-node'; // pdfmake's processNode without closures and position objects per node
import { DOCUMENT_KEYS, recordKey, setFastStyleLookups } from './style-stack'; // pdfmake's style lookups without a push/pop per property
import { deflateCacheStats, setDeflateCache } from './streams'; // text kept as text until a stream ends; deflated once per content
import { memoiseShaping, setShapingMemo, shapingStats } from './embedded-font';
import { setStableSubsets, stabiliseSubsets } from './stable-subsets'; // the ten digits take fixed places in every subset
import { plainShapingStats, setPlainShaping } from './plain-shaping'; // words no lookup can touch laid out from the cmap

export { fontParseStats, deflateCacheStats, shapingStats, plainShapingStats };

/**
 * The pdf layer's caches and fast paths (shaped words per face, deflated streams per content,
 * style lookups, linear paragraphs, joined runs, one-pass inlines, colour operators, direct
 * text and matrix operators, page-break descriptions, node layout without closures, stable digit
 * subsets, plain runs), on by default; each can be switched back to the library's
 * own code for the benchmark's "cache defeated" rows and for tests that compare output.
 * Returns the previous settings.
 */
export function setPdfFastPaths(settings: PdfFastPaths): Required<PdfFastPaths> {
  const previous = {} as Record<keyof PdfFastPaths, boolean>;
  for (const key of Object.keys(SWITCHES) as (keyof PdfFastPaths)[]) previous[key] = SWITCHES[key](settings[key]);
  return previous;
}

/** Each fast path's switch in its own module (every key of PdfFastPaths has one). */
const SWITCHES: { readonly [K in keyof PdfFastPaths]-?: (on?: boolean) => boolean } = {
  shaping: setShapingMemo, deflate: setDeflateCache, styles: setFastStyleLookups, paragraphs: setLinearParagraphs,
  runs: setJoinedRuns, inlines: setFusedInlines, colors: setColorOperators, plainText: setPlainTextDrawing,
  pageBreaks: setLeanPageBreakInfo, matrices: setDirectMatrices, nodes: setLeanProcessNode, digits: setStableSubsets,
  plainShaping: setPlainShaping,
};

export interface PdfFastPaths {
  /** shaped words and string widths per face */
  readonly shaping?: boolean;
  /** streams' text joined once, and deflated once per content */
  readonly deflate?: boolean;
  /** pdfmake style lookups without push/pop (off: pdfmake's own code) */
  readonly styles?: boolean;
  /** paragraphs flattened and broken into lines in linear time (off: pdfmake's own code) */
  readonly paragraphs?: boolean;
  /** a line's touching look-alike words drawn as one text object (off: pdfmake's one per word; changes bytes, not what is drawn) */
  readonly runs?: boolean;
  /** a run's words split and measured in one pass, its style resolved once (off: pdfmake's TextBreaker then measure) */
  readonly inlines?: boolean;
  /** colour operators made once per '#...' or named colour (off: pdfkit parses the colour at every use) */
  readonly colors?: boolean;
  /** pdfmake's plain words (no link, spacing, features, newline) written as pdfkit would, without its general text() (off: pdfkit's text()) */
  readonly plainText?: boolean;
  /** the pageBreakBefore callback's node descriptions built by plain loops (off: pdfmake's layoutDocument) */
  readonly pageBreaks?: boolean;
  /** transformation matrices written by one template (off: pdfkit's transform() with map and join) */
  readonly matrices?: boolean;
  /** pdfmake's processNode without two closures and two position objects per node (off: pdfmake's own) */
  readonly nodes?: boolean;
  /** the first digit a font subset meets brings all ten, so documents differing only in numbers share subsets (off: pdfkit's first-use order; changes bytes, not what is drawn) */
  readonly digits?: boolean;
  /** words whose glyphs no default OpenType lookup of the face touches laid out from the cmap and advance widths (off: fontkit shapes every new word) */
  readonly plainShaping?: boolean;
}

// The second wall (issue #5): whatever the engine lets through, pdfmake fetches nothing.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);

// SVG <text>: svg-to-pdfkit asks pdfmake for the face (our virtual-fs key) and passes that
// key to pdfkit's font(), which would read it as a file path, fail, and leave no font (a
// TypeError at render time). Keys of our virtual fs are registered with the document first.
{
  const PdfmakeDocument = pdfmakeInternal<{ prototype: Record<string, unknown> }>('PDFDocument');
  const pdfkitFont = PdfmakeDocument.prototype.font as (this: PdfkitDocument, src: unknown, family?: unknown, size?: unknown) => unknown;
  PdfmakeDocument.prototype.font = function font(this: PdfkitDocument, src: unknown, family?: unknown, size?: unknown) {
    if (typeof src === 'string' && src.startsWith('platen-font/') && !this._registeredFonts[src] && vfs.existsSync(src)) {
      this.registerFont(src, vfs.readFileSync(src));
    }
    const out = pdfkitFont.call(this, src, family, size);
    memoiseShaping(this._font);
    stabiliseSubsets(this._font);
    return out;
  };
}
interface PdfkitDocument { _registeredFonts: Record<string, unknown>; _font?: unknown; registerFont(name: string, src: Buffer): unknown }

interface VirtualFs { storage: Record<string, unknown>; readFileSync(name: string): Buffer }
const vfs = pdfmake.virtualfs as unknown as VirtualFs & typeof pdfmake.virtualfs;

// pdfmake 0.3 treats every font descriptor as a URL or path; its virtual file system is the
// one way to hand it bytes. Shipped fonts are written there once per process and stay.
const shippedKeys = new Map<string, string>();
function shippedKey(file: string): string {
  let key = shippedKeys.get(file);
  if (!key) {
    if (!/^[A-Za-z0-9-]+\.ttf$/.test(file)) throw new Error(`not a shipped font file name: ${file}`);
    key = `platen-font/${file}`;
    vfs.writeFileSync(key, readFileSync(join(fontsDir, file)));
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
      vfs.writeFileSync(key, readFileSync(join(fontsDir, EMBEDDED_STANDIN)));
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
  /** inside a header/footer function: the font table is already with pdfmake, nothing can be added */
  readonly late: boolean;
  /**
   * Inline data: images moved into the definition's images dictionary, one entry per distinct
   * URI. pdfmake opens and embeds an inline image once per node (a logo in a repeated header
   * was embedded on every page); by name it is checked, decoded and embedded once.
   * Absent inside header/footer functions, where the dictionary is already with pdfmake.
   */
  readonly images?: { readonly dictionary: Record<string, string>; readonly names: Map<string, string> };
  /** every key met on the walk, for the style lookups (style-stack.ts: DOCUMENT_KEYS) */
  readonly keys: Set<string>;
}

/**
 * A font name pdfmake does not have would throw mid-render: a shipped family is added to the
 * table, anything else is replaced by the document's default font.
 */
function knownFont(name: string, ctx: WallContext): string {
  if (name in ctx.fonts) return name;
  const shipped = (SHIPPED_FAMILIES as Record<string, ShippedFamilyLike | undefined>)[name];
  if (shipped && !ctx.late) {
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
    recordKey(ctx.keys, key);
    const value = obj[key];
    if (typeof value === 'object') {
      if (value !== null && key !== 'options') {
        if (!remembered) { seen.add(obj); remembered = true; }
        secureNodes(value, ctx, seen);
      }
    } else if (typeof value === 'function' && (key === 'header' || key === 'footer' || key === 'background')) {
      const produce = value as (...args: unknown[]) => unknown;
      const lateCtx: WallContext = { ...ctx, late: true, images: undefined };
      obj[key] = (...args: unknown[]) => { const out = produce(...args); secureNodes(out, lateCtx, new Set()); return out; };
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
  const keys = new Set<string>();
  const ctx0: WallContext = { fonts: table0, defaultFont: firstFamily, late: false, keys };
  const defaultFont = knownFont(typeof style.font === 'string' ? style.font : firstFamily, ctx0);
  const ctx: WallContext = {
    fonts: table0, defaultFont: knownFont(defaultFont, ctx0), late: false, keys,
    images: { dictionary: (docDefinition.images ??= {}) as Record<string, string>, names: new Map() },
  };
  style.font = ctx.defaultFont;
  secureNodes(docDefinition, ctx, new Set());
  Object.defineProperty(style, DOCUMENT_KEYS, { value: keys, enumerable: false, configurable: true });
  // a pageBreakBefore callback may have pdfmake lay the document out again: its text is measured once
  if (typeof (docDefinition as { pageBreakBefore?: unknown }).pageBreakBefore === 'function') {
    Object.defineProperty(style, MEASURED_TEXT, { value: measuredTexts(), enumerable: false, configurable: true });
  }
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
