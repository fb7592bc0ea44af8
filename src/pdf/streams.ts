// PDF stream objects (pdfkit's PDFReference), two changes that leave the bytes as they were:
//
// Text is kept as text and converted in batches. pdfkit turned every operator it wrote
// into its own small Buffer (Buffer.from(op + '\n', 'binary')) and concatenated them all at
// the end: a page of text is thousands of writes, and the Buffers were ~4% of a render and a
// good part of its garbage. Now strings are joined and converted once per 256 lines; the Length
// bookkeeping is unchanged ('binary' is one byte per UTF-16 unit, so bytes = string length).
//
// Deflate once per content. pdfkit deflates every stream of every document: page contents,
// and per face the embedded font subset and its ToUnicode map. The subset bytes repeat whenever a template is rendered
// again with the same glyphs (fontkit-cache.ts already serves the subset itself from a
// cache), yet deflating them again was about 5% of a one-page invoice, and the ToUnicode
// maps (small, but each deflateSync sets up a zlib stream) another 2%. Every stream is
// deflated once per content, in a bounded LRU: keyed by the bytes themselves below
// HASHED_FROM_BYTES, by their SHA-1 above.
// Output is byte-identical: the same zlib call on the same bytes.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { pdfkitDocumentPrototype, FastPath } from './internals';
import { BoundedLru } from './lru';

interface ReferenceLike {
  compress: boolean;
  buffer: (Buffer | Uint8Array | string)[] | Buffer;
  uncompressedLength: number;
  /** lines written since the last settle() */
  pending?: number;
  data: { Length?: number; Filter?: unknown };
  document: { _security?: unknown };
  write(this: ReferenceLike, chunk: unknown): unknown;
  finalize(this: ReferenceLike): unknown;
}
interface PdfkitDocumentClass { prototype: { ref(this: unknown, data?: unknown): ReferenceLike } }

/** below this, the content itself is the key; from here on its SHA-1 */
const HASHED_FROM_BYTES = 4096;
// per worker: the deflated font subsets and maps of the templates in use; a key of raw
// content is charged with its length too
const deflated = new BoundedLru<string, Buffer>(8 * 1024 * 1024);
const stats = { hits: 0, misses: 0 };
const fastPath = new FastPath();

function deflateOnce(raw: Buffer): Buffer {
  const small = raw.length < HASHED_FROM_BYTES;
  const key = small ? raw.toString('latin1') : createHash('sha1').update(raw).digest('base64') + raw.length;
  const hit = deflated.get(key);
  if (hit) { stats.hits++; return hit; }
  stats.misses++;
  const out = exactCopy(deflateSync(raw));
  deflated.set(key, out, out.length + (small ? key.length : 0));
  return out;
}

/**
 * zlib hands back its output as a view of a 16 KB chunk: a 57-byte stream kept in the cache
 * kept 16 KB alive while the cache counted 57 (a worker rendering invoices with fresh digits
 * grew its external memory by 20 MB over 1,500 renders). What is kept is copied to its size.
 */
function exactCopy(out: Buffer): Buffer {
  if (out.buffer.byteLength === out.length) return out;
  const copy = Buffer.allocUnsafeSlow(out.length);
  out.copy(copy);
  return copy;
}

const documentProto = pdfkitDocumentPrototype<PdfkitDocumentClass['prototype']>();
const ref = documentProto.ref;
let patched = false;

// PDFReference is not exported: its prototype is patched through the first reference made.
documentProto.ref = function patchedRef(this: unknown, data?: unknown): ReferenceLike {
  const reference = ref.call(this, data);
  if (!patched) {
    patched = true;
    const proto = Object.getPrototypeOf(reference) as ReferenceLike;
    const write = proto.write;
    const finalize = proto.finalize;
    proto.write = function writeText(this: ReferenceLike, chunk: unknown): unknown {
      if (!fastPath.on || !Array.isArray(this.buffer)) return write.call(this, chunk);
      // bytes follow the lines before them: the buffer holds text only after its last bytes
      if (chunk instanceof Uint8Array) { settle(this); return write.call(this, chunk); }
      // kept without its newline (joined with '\n' when settled: no concatenated string per write)
      const text = typeof chunk === 'string' ? chunk : `${chunk as string}`;
      this.uncompressedLength += text.length + 1;
      this.data.Length = (this.data.Length ?? 0) + text.length + 1;
      this.buffer.push(text);
      this.pending = (this.pending ?? 0) + 1;
      if (this.pending >= PENDING_LINES) settle(this);
      if (this.compress) this.data.Filter = 'FlateDecode';
      return undefined;
    };
    proto.finalize = function finalizeOnce(this: ReferenceLike): unknown {
      if (!fastPath.on || !Array.isArray(this.buffer) || this.buffer.length === 0) return finalize.call(this);
      settle(this);
      const raw = joinChunks(this.buffer as Uint8Array[]);
      if (!this.compress || this.document._security) { this.buffer = [raw]; return finalize.call(this); }
      this.buffer = [deflateOnce(raw)];
      this.compress = false; // already deflated: pdfkit writes it as it is (Filter was set by write())
      try { return finalize.call(this); } finally { this.compress = true; }
    };
  }
  return reference;
};

// pdfmake keeps every page open until the end of the document (bufferPages), so every line
// written was a live string on the V8 heap until then, copied by each young-generation
// collection it outlived. Every 256 lines are written out as they come, into 64 KB blocks
// (outside the V8 heap) that the document's streams share: a statement's wall p50 8.6-8.7 ms
// against 9.2 ms with strings kept to the end (CPU mean 1.5-2% less, three interleaved pairs of
// 900-render loops). A Buffer per 256 lines instead of shared blocks cost an ArrayBuffer each
// (~1% of a statement). The bytes are the same.
const PENDING_LINES = 256;
const BLOCK_BYTES = 64 * 1024;
interface Block { readonly bytes: Buffer; used: number }
const blocks = new WeakMap<object, Block>();

/** The text lines at the end of a stream's buffer written into its document's block, in their place (every 256 lines, before bytes, at the end): see PENDING_LINES. */
function settle(reference: ReferenceLike): void {
  const buffer = reference.buffer as (Buffer | Uint8Array | string)[];
  reference.pending = 0;
  let from = buffer.length;
  while (from > 0 && typeof buffer[from - 1] === 'string') from--;
  if (from === buffer.length) return;
  const text = `${(buffer.splice(from) as string[]).join('\n')}\n`;
  let block = blocks.get(reference.document);
  if (block === undefined || block.used + text.length > block.bytes.length) {
    block = { bytes: Buffer.allocUnsafeSlow(Math.max(BLOCK_BYTES, text.length)), used: 0 };
    blocks.set(reference.document, block);
  }
  const start = block.used;
  block.used += block.bytes.write(text, start, 'latin1');
  buffer.push(block.bytes.subarray(start, block.used));
}

/** The stream's bytes: its chunks (lines settled into blocks, bytes pdfkit wrote) as one Buffer. */
function joinChunks(chunks: Uint8Array[]): Buffer {
  if (chunks.length === 1) { const p = chunks[0]!; return Buffer.isBuffer(p) ? p : Buffer.from(p.buffer, p.byteOffset, p.byteLength); }
  return Buffer.concat(chunks);
}

/** Turns both changes on or off (off: pdfkit's own code, for benchmark rows and tests); returns the previous setting. */
export function setDeflateCache(on?: boolean): boolean {
  return fastPath.set(on);
}

export function deflateCacheStats(): { readonly hits: number; readonly misses: number; readonly bytes: number } {
  return { ...stats, bytes: deflated.size };
}
