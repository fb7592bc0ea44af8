// Every place the pdf layer changes pdfmake, pdfkit, fontkit or png-js, or reaches into their
// internals, in one list: the target (library, object, member), why, and the library version it
// was written against (package.json pins it exactly, in dependencies and overrides).
// checkPatchTargets() runs at start (service and CLI): a target missing after an upgrade stops
// the start with one line naming the library, its version and the target. pdfmake lays out
// nothing: placed.ts drives its PDFDocument and Renderer itself. What stays patched is caches
// (fonts parsed, subsets encoded, streams deflated once per process), determinism and safety
// (PNG), a link's rectangle under a transform, and PDF features pdfkit does not expose
// (document-info.ts).
import { fontkitShared } from './fontkitShared'; // first: pdfkit must get this copy of fontkit
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as zlib from 'node:zlib';
// the module objects themselves (a default import is module.exports): png-js and pdfkit read
// zlib.inflate and fontkit.create off them at call time. Plain specifiers, so the bundle
// (src/build/bundle.js) links the copies pdfmake loads; unlinkedPatches() checks that it did.
import zlibExports from 'node:zlib';
import PdfmakeDocument from 'pdfmake/js/PDFDocument.js';
import RendererModule from 'pdfmake/js/Renderer.js';
import pdfkit from 'pdfkit';
import pngjs from 'png-js';
import { BoundedLru } from '../lru';
import { shippedFontBytes } from './shippedFonts';
import { encodeSubset, type FontSubset, type SubsetFont } from './subset';

type Obj = Record<string, unknown>;
type Library = 'pdfmake' | 'pdfkit' | 'fontkit' | 'png-js';

/** The objects the patches change or use, as loaded (a test hands in stubs): fontkit; pdfkit's PDFDocument.prototype (pdfmake's
 * PDFDocument extends it), an EmbeddedFont and PDFReference.prototype (not exported: taken from an empty document); png-js's
 * PNG.prototype; the prototypes of the pdfmake classes placed.ts uses, by class name */
export type PatchedObjects = Readonly<Record<'fontkit' | 'pdfkitDocument' | 'embeddedFont' | 'png' | 'pdfmake' | 'pdfReference', Obj>>;
/** one patch: its library, the version it was written against, its target (object and member), why, and whether the target is there */
export interface Patch { readonly library: Library; readonly version: string; readonly target: string; readonly why: string; readonly exists: (o: PatchedObjects) => boolean }

const fn = (o: Obj, key: string) => typeof o[key] === 'function';
/** pdfmake's classes and the members placed.ts and index.ts call (no pdfmake member is replaced) */
const PDFMAKE_USES: Record<string, readonly string[]> = { PDFDocument: ['provideFont', 'provideImage'], Renderer: ['renderVector', 'renderImage', 'renderSVG'] };

export const PATCHES: readonly Patch[] = [
  { library: 'pdfmake', version: '0.3.11', target: Object.entries(PDFMAKE_USES).map(([c, members]) => `${c}: ${members.join(', ')}`).join('; '),
    exists: (o) => Object.entries(PDFMAKE_USES).every(([c, members]) => members.every((m) => fn((o.pdfmake[c] ?? {}) as Obj, m))),
    why: 'used, not patched: placed.ts draws paint\'s placed pages into pdfmake\'s PDFDocument itself (its Printer, layout and renderPages never run): vectors, images and SVG through its Renderer' },
  { library: 'pdfkit', version: '0.19.1', target: 'PDFDocument.prototype._convertRect', exists: (o) => fn(o.pdfkitDocument, '_convertRect'),
    why: 'a link\'s rectangle under a rotation: the bounding box of its four corners (pdfkit maps two, with the second coordinate from the first\'s result)' },
  { library: 'fontkit', version: '2.0.4', target: 'create', exists: (o) => fn(o.fontkit, 'create'),
    why: 'parsed fonts kept per byte buffer: pdfkit parses every face again for every document' },
  { library: 'fontkit', version: '2.0.4', target: 'Font.createSubset().encode', exists: (o) => fn(o.fontkit, 'create'),
    why: 'identical subsets (the same template again) encoded once (~3 ms a face); the others written from glyph parts read once per face (subset.ts: fontkit decodes every outline and encodes the directory through restructure per subset)' },
  { library: 'pdfkit', version: '0.19.1', target: 'EmbeddedFont: font, subset.includeGlyph, widths, unicode', exists: (o) => typeof o.embeddedFont.font === 'object' && fn(o.embeddedFont.subset as Obj, 'includeGlyph') && Array.isArray(o.embeddedFont.widths) && Array.isArray(o.embeddedFont.unicode),
    why: 'placed text encodes its glyphs itself (glyphs.ts): words shaped once per face and process, a glyph included in the document\'s subset with its width and ToUnicode entry as pdfkit\'s encode() does' },
  { library: 'pdfkit', version: '0.19.1', target: 'PDFDocument.prototype._addInfo', exists: (o) => fn(o.pdfkitDocument, '_addInfo') && fn(o.pdfkitDocument, 'appendXML'),
    why: 'pdfkit writes the XMP packet unescaped: document-info.ts writes it escaped' },
  { library: 'pdfkit', version: '0.19.1', target: 'PDFDocument.prototype.file, outline.addItem, _root.Pages', exists: (o) => fn(o.pdfkitDocument, 'file') && fn(o.pdfkitDocument, 'initOutline'),
    why: 'attachments and an outline whose XYZ destinations pdfkit gets wrong (document-info.ts)' },
  { library: 'pdfkit', version: '0.19.1', target: 'PDFReference.prototype.write, finalize', exists: (o) => fn(o.pdfReference, 'write') && fn(o.pdfReference, 'finalize'),
    why: 'content operators kept as text until the stream ends (a Buffer per operator was a tenth of the pdf stage); font subsets and ToUnicode CMaps deflated once' },
  { library: 'png-js', version: '1.1.0', target: 'PNG.prototype.decodePixels', exists: (o) => fn(o.png, 'decodePixels'),
    why: 'inflated synchronously: object order (same bytes every run), and zlib errors reject instead of crashing the thread; an indexed PNG\'s alpha table filled to 256 entries (index 255 was transparent)' },
];

/** The installed versions, read only to name them in a refusal. */
function installedVersions(): Record<Library, string> {
  const require_ = createRequire(__filename);
  const version = (name: string, from?: string) => {
    try {
      const resolved = require_.resolve(name, from ? { paths: [from] } : undefined);
      const root = resolved.slice(0, resolved.lastIndexOf(`node_modules/${name}`) + `node_modules/${name}`.length);
      return (require_(join(root, 'package.json')) as { version: string }).version;
    } catch { return 'unknown'; }
  };
  const pdfkitDir = dirname(require_.resolve('pdfkit'));
  return { pdfmake: version('pdfmake'), pdfkit: version('pdfkit'), fontkit: version('fontkit', pdfkitDir), 'png-js': version('png-js', pdfkitDir) };
}

/** One line per patch whose target is missing (empty: every target is there). */
export function missingPatchTargets(objects: PatchedObjects = patchedObjects(), versions?: Record<Library, string>): string[] {
  const missing = PATCHES.filter((p) => !p.exists(objects));
  const v = missing.length ? versions ?? installedVersions() : undefined;
  return missing.map((p) => `${p.library} ${v![p.library]} has no ${p.target} (Platen's patch was written against ${p.library} ${p.version})`);
}

/** One line per library that does not load the copy patched here (a second copy installed, or a bundle that linked another). */
function unlinkedPatches(): string[] {
  const lines: string[] = [];
  if (Object.getPrototypeOf((PdfmakeDocument as { prototype: object }).prototype) !== pdfkitDocument) lines.push('pdfmake loads another pdfkit than the one Platen patches');
  const doc = new (pdfkit as new (o: object) => { font(src: Buffer): unknown; _font?: { font?: object } })({ autoFirstPage: false });
  try { doc.font(shippedFontBytes('LiberationSans-Regular.ttf')); } catch { /* no font opened: reported below */ }
  if (!doc._font?.font || !createdHere.has(doc._font.font)) lines.push('pdfkit loads another fontkit than the one Platen patches');
  return lines;
}

/** The start check: throws one clear line when a patched target is missing. */
export function checkPatchTargets(objects?: PatchedObjects): void {
  const missing = missingPatchTargets(objects);
  if (!objects && !missing.length) missing.push(...unlinkedPatches());
  if (missing.length) throw new Error(`cannot start: ${missing.join('; ')}`);
}

// ---------------------------------------------------------------- the patches

const stats = { parses: 0, hits: 0, subsetHits: 0 };
/** How often pdfkit asked fontkit to parse font bytes, and how often the caches answered. */
export const fontParseStats = (): { readonly parses: number; readonly hits: number; readonly subsetHits: number } => ({ ...stats });

// fontkit: create() remembered per byte buffer, on the copy of fontkit's exports that pdfkit and
// the text measurer receive (fontkitShared.ts). Buffers come from pdfmake's virtual file system
// (the same Buffer per key): a WeakMap is exact and lets evicted fonts go. Each document still
// has its own EmbeddedFont (subset, widths).
const realFontkit = { create: fontkitShared.create as (b: Uint8Array, name?: string) => Obj };
const parsed = new WeakMap<Uint8Array, Obj>();
/** the fonts the wrapped create() returned: pdfkit's fonts must be among them */
const createdHere = new WeakSet<object>();
fontkitShared.create = (buffer: Uint8Array, postscriptName?: string) => {
  if (postscriptName !== undefined || !(buffer instanceof Uint8Array)) { stats.parses++; return realFontkit.create(buffer, postscriptName); }
  let font = parsed.get(buffer);
  if (font) { stats.hits++; return font; }
  stats.parses++;
  font = realFontkit.create(buffer);
  if (!('fonts' in font)) memoiseSubsets(font as unknown as SubsettableFont);
  parsed.set(buffer, font);
  createdHere.add(font);
  return font;
};

// A subset's bytes depend only on the face and the glyphs included: identical subsets are
// served from a bounded cache (handed out read-only: pdfkit only deflates them).
// A subset that misses is written by subset.ts from parts read once per face.
interface SubsettableFont { createSubset(): FontSubset & { encode(): Uint8Array } }
const subsets = new BoundedLru<string, Uint8Array>(8 * 1024 * 1024);
let fontSerial = 0;
function memoiseSubsets(font: SubsettableFont): void {
  const id = ++fontSerial;
  const createSubset = font.createSubset.bind(font);
  const encodeSmallest = () => createSubset().encode();
  font.createSubset = () => {
    const subset = createSubset();
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = `${id}|${subset.glyphs.join(',')}`;
      const hit = subsets.get(key);
      if (hit) { stats.subsetHits++; return hit; }
      const bytes = encodeSubset(font as unknown as SubsetFont, subset, encodeSmallest) ?? encode();
      subsets.set(key, bytes, bytes.length);
      deflatable.add(bytes);
      return bytes;
    };
    return subset;
  };
}

// pdfkit: a stream's content operators (one write per operator, a Buffer each) are kept as one
// string until the stream ends, and a shared font subset is deflated once, not per document; so
// is a ToUnicode CMap, which depends only on the subset's glyphs (glyphs.ts includeInOrder),
// kept by its text in a bounded cache. The bytes written are the same: 'binary' text is one byte
// per character.
interface KitReference { buffer: Uint8Array[]; compress: boolean; uncompressedLength: number; data: { Length?: number; Filter?: string }; text?: string }
const deflatable = new WeakSet<Uint8Array>();
const deflated = new WeakMap<Uint8Array, Buffer>();
const CMAP_START = '/CIDInit /ProcSet findresource begin\n';
const deflatedCmaps = new BoundedLru<string, Buffer>(2 * 1024 * 1024);
function shareStreams(proto: Obj): void {
  const write = proto.write as (this: KitReference, chunk: unknown) => void;
  const finalize = proto.finalize as (this: KitReference) => void;
  const flushText = (ref: KitReference) => { if (ref.text !== undefined) { ref.buffer.push(Buffer.from(ref.text, 'binary')); ref.text = undefined; } };
  proto.write = function writeText(this: KitReference, chunk: unknown): void {
    if (chunk instanceof Uint8Array) { flushText(this); write.call(this, chunk); return; }
    const text = `${String(chunk)}\n`;
    this.text = this.text === undefined ? text : this.text + text;
    this.uncompressedLength += text.length;
    this.data.Length = (this.data.Length ?? 0) + text.length;
    if (this.compress) this.data.Filter = 'FlateDecode';
  };
  proto.finalize = function finalizeShared(this: KitReference): void {
    const cmap = this.compress && this.buffer.length === 0 && this.text?.startsWith(CMAP_START) ? this.text : undefined;
    if (cmap !== undefined) {
      let bytes = deflatedCmaps.get(cmap);
      if (!bytes) { bytes = zlib.deflateSync(Buffer.from(cmap, 'binary')); deflatedCmaps.set(cmap, bytes, cmap.length + bytes.length); }
      this.text = undefined;
      this.buffer = [bytes];
      this.compress = false;
    }
    flushText(this);
    const only = this.buffer.length === 1 ? this.buffer[0]! : undefined;
    if (only && this.compress && deflatable.has(only)) {
      let bytes = deflated.get(only);
      if (!bytes) { bytes = zlib.deflateSync(only); deflated.set(only, bytes); }
      this.buffer = [bytes];
      this.compress = false;
    }
    finalize.call(this);
  };
}

// png-js: decodePixels inflates through zlib's asynchronous inflate, read off the module at
// call time; for that synchronous call it gets an inflate that answers at once.
const png = (pngjs as { prototype: Obj }).prototype;
const zlibModule = zlibExports as { inflate: unknown };
const decodePixels = png.decodePixels as (this: unknown, fn: (pixels: Buffer) => unknown) => unknown;
png.decodePixels = function decodePixelsInOrder(this: { transparency?: { indexed?: number[] } }, done: (pixels: Buffer) => unknown): unknown {
  // PNG 1.2 §11.3.2.1: palette entries past the end of tRNS are opaque; png-js fills the alpha
  // table to 255 entries only, so pdfkit's soft mask made palette index 255 transparent
  const alpha = this.transparency?.indexed;
  if (Array.isArray(alpha)) while (alpha.length < 256) alpha.push(255);
  const inflate = zlibModule.inflate;
  zlibModule.inflate = (data: zlib.InputType, callback: (e: Error | null, d?: Buffer) => void) => callback(null, zlib.inflateSync(data));
  try { return decodePixels.call(this, done); } finally { zlibModule.inflate = inflate; }
};

const pdfkitDocument = (pdfkit as { prototype: Obj }).prototype;
// pdfkit's PDFReference is not exported: its prototype is taken from an empty document's ref()
const pdfReference = ((Kit) => Object.getPrototypeOf(new Kit({ autoFirstPage: false }).ref()) as Obj)(pdfkit as new (o: object) => { ref(): object });
if (fn(pdfReference, 'write') && fn(pdfReference, 'finalize')) shareStreams(pdfReference);
// pdfkit: a link's rectangle is the bounding box of its corners under the current matrix
pdfkitDocument._convertRect = function convertRect(this: { _ctm: number[] }, x: number, y: number, w: number, h: number): number[] {
  const [a, b, c, d, e, f] = this._ctm as [number, number, number, number, number, number];
  const xs: number[] = []; const ys: number[] = [];
  for (const [px, py] of [[x, y + h], [x + w, y], [x + w, y + h], [x, y]] as const) { xs.push(a * px + c * py + e); ys.push(b * px + d * py + f); }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
};

/** The loaded objects; an EmbeddedFont from a font opened on an empty document. */
function patchedObjects(): PatchedObjects {
  const Kit = pdfkit as new (o: object) => { font(src: Buffer): unknown; _font?: Obj };
  const doc = new Kit({ autoFirstPage: false });
  // the bytes the documents use: the face parsed here is the one they get from the cache
  try { doc.font(shippedFontBytes('LiberationSans-Regular.ttf')); } catch { /* reported below as a missing target */ }
  return { fontkit: realFontkit, pdfkitDocument, embeddedFont: doc._font ?? {}, png, pdfReference, pdfmake: Object.fromEntries(Object.entries({ PDFDocument: PdfmakeDocument, Renderer: RendererModule }).map(([c, k]) => [c, (k as { prototype: Obj }).prototype])) };
}
