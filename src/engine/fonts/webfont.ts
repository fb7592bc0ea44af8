// Web font containers (WOFF 1.0, WOFF2) next to plain sfnt (TrueType/OpenType): telling them
// apart, and WOFF 1.0 → sfnt in memory (zlib per table, WOFF 1.0 §5), with every table inflated
// no further than the size the directory declares and the declared total capped first, so a
// small file cannot expand into gigabytes. (WOFF2 is decoded in src/pdf with Google's decoder.)
import { inflateSync } from 'node:zlib';
import { MAX_FONT_SFNT_BYTES, declaredTableBytes } from './embedded';

export type FontContainer = 'sfnt' | 'woff' | 'woff2' | 'unknown';

export function fontContainer(bytes: Uint8Array): FontContainer {
  if (bytes.length < 4) return 'unknown';
  const tag = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (tag === 'wOFF') return 'woff';
  if (tag === 'wOF2') return 'woff2';
  if (tag === '\0\x01\0\0' || tag === 'OTTO' || tag === 'true' || tag === 'ttcf') return 'sfnt';
  return 'unknown';
}

/** WOFF 1.0 → sfnt: header, table directory with 4-byte aligned offsets, inflated tables. */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const src = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  const flavor = src.readUInt32BE(4);
  const numTables = src.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const tag = src.readUInt32BE(e); const offset = src.readUInt32BE(e + 4);
    const compLength = src.readUInt32BE(e + 8); const origLength = src.readUInt32BE(e + 12);
    const checksum = src.readUInt32BE(e + 16);
    if (offset + compLength > src.length) throw new Error('WOFF table outside the file');
    const raw = src.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw, { maxOutputLength: origLength }) : Buffer.from(raw);
    if (data.length !== origLength) throw new Error('WOFF table has the wrong length');
    tables.push({ tag, checksum, data });
  }
  let entrySelector = 0;
  while ((2 << entrySelector) <= numTables) entrySelector++;
  const searchRange = (1 << entrySelector) * 16;
  const headerLength = 12 + 16 * numTables;
  const total = tables.reduce((n, t) => n + ((t.data.length + 3) & ~3), headerLength);
  const out = Buffer.alloc(total);
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const e = 12 + i * 16;
    out.writeUInt32BE(t.tag, e); out.writeUInt32BE(t.checksum, e + 4);
    out.writeUInt32BE(offset, e + 8); out.writeUInt32BE(t.data.length, e + 12);
    t.data.copy(out, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** WOFF 1.0 bytes → sfnt, or undefined when malformed or over the size cap (never throws). */
export function unwrapWoff(woff: Uint8Array): Uint8Array | undefined {
  const declared = declaredTableBytes(woff);
  if (fontContainer(woff) !== 'woff' || declared === undefined || declared > MAX_FONT_SFNT_BYTES) return undefined;
  try { return woffToSfnt(woff); } catch { return undefined; }
}
