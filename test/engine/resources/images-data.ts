// Tiny real image files built in memory for the resource tests (no binary fixtures).
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A valid RGB PNG of one colour; `claim` overrides the size written in IHDR (for bombs). */
export function png(width: number, height: number, rgb: [number, number, number] = [255, 0, 0], claim?: { width: number; height: number }): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(claim?.width ?? width, 0); ihdr.writeUInt32BE(claim?.height ?? height, 4);
  ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]));
}

/** An indexed-colour PNG (colour type 3) of one row: `palette` RGB entries, a tRNS chunk of `alpha` (when given), the pixels' indices. */
export function indexedPng(indices: readonly number[], palette: readonly [number, number, number][], alpha?: readonly number[]): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(indices.length, 0); ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; ihdr[9] = 3; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const raw = Buffer.from([0, ...indices]);
  const chunks = [chunk('IHDR', ihdr), chunk('PLTE', Buffer.from(palette.flat()))];
  if (alpha) chunks.push(chunk('tRNS', Buffer.from(alpha)));
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks, chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]));
}

/** The header of a baseline JPEG (SOI, APP0 JFIF, DQT, SOF0 with the size): enough to probe. */
export function jpegHeader(width: number, height: number, sof = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const dqt = [0xff, 0xdb, 0x00, 0x43, 0x00, ...Array.from({ length: 64 }, () => 1)];
  const dht = [0xff, 0xc4, 0x00, 0x05, 0x00, 0x00, 0x00];
  const sofn = [0xff, sof, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...dqt, ...dht, ...sofn, 0xff, 0xd9]);
}

export function gif(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(13); b.write('GIF89a', 0, 'latin1'); b.writeUInt16LE(width, 6); b.writeUInt16LE(height, 8);
  return new Uint8Array(b);
}

export function webpLossless(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(30); b.write('RIFF', 0, 'latin1'); b.writeUInt32LE(22, 4); b.write('WEBP', 8, 'latin1'); b.write('VP8L', 12, 'latin1');
  b.writeUInt32LE(10, 16); b[20] = 0x2f;
  b.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 21);
  return new Uint8Array(b);
}

/** An honest IHDR (width×height RGBA) whose IDAT inflates to `inflatedBytes` of zeros: a zlib bomb. */
export function pngZlibBomb(width: number, height: number, inflatedBytes: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 6;
  const idat = deflateSync(Buffer.alloc(inflatedBytes), { level: 9 });
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]));
}
