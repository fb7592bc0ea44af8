// PNG 1.2 (ISO/IEC 15948) encoding and decoding of 8-bit RGBA pixels: the images paint makes
// (a blurred shadow's mask) and the pixels a filter changes (filter.ts). Decoding reads every
// colour type and bit depth of a non-interlaced image; an interlaced one is not decoded.
import { deflateSync, inflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

function crc32(buf: Uint8Array): number {
  let c = -1;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An 8-bit RGBA PNG of scanlines already prefixed with their filter byte. */
export function rgbaPng(width: number, height: number, scanlines: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; ihdr[9] = 6; // 8 bits, RGBA
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(scanlines, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}

/** RGBA pixels, 4 bytes each, row by row. */
export interface Pixels { readonly width: number; readonly height: number; readonly data: Uint8Array }

/** An 8-bit RGBA PNG of pixels (each scanline unfiltered). */
export function encodePixels(p: Pixels): Buffer {
  const row = p.width * 4;
  const raw = Buffer.alloc(p.height * (row + 1));
  for (let y = 0; y < p.height; y++) raw.set(p.data.subarray(y * row, (y + 1) * row), y * (row + 1) + 1);
  return rgbaPng(p.width, p.height, raw);
}

/** §11 the pixels of a PNG as 8-bit RGBA; undefined for an interlaced or broken one. */
export function decodePng(b: Uint8Array): Pixels | undefined {
  const view = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (view.length < 33 || !view.subarray(0, 8).equals(SIGNATURE)) return undefined;
  let width = 0; let height = 0; let depth = 0; let type = 0; let interlace = 0;
  let palette: Uint8Array | undefined; let trns: Buffer | undefined;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= view.length;) {
    const len = view.readUInt32BE(at); const name = view.toString('latin1', at + 4, at + 8);
    const data = view.subarray(at + 8, at + 8 + len);
    if (name === 'IHDR') { width = data.readUInt32BE(0); height = data.readUInt32BE(4); depth = data[8]!; type = data[9]!; interlace = data[12]!; }
    else if (name === 'PLTE') palette = data;
    else if (name === 'tRNS') trns = data;
    else if (name === 'IDAT') idat.push(data);
    else if (name === 'IEND') break;
    at += 12 + len;
  }
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[type];
  if (!channels || interlace !== 0 || !width || !height || (type === 3 && !palette)) return undefined;
  const bpp = Math.max(1, (channels * depth) >> 3);
  const stride = (width * channels * depth + 7) >> 3;
  let raw: Buffer;
  try { raw = inflateSync(Buffer.concat(idat), { maxOutputLength: height * (stride + 1) + 1 }); } catch { return undefined; }
  if (raw.length < height * (stride + 1)) return undefined;
  // §9 unfiltered in place
  const lines = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)]!; const src = y * (stride + 1) + 1; const o = y * stride;
    for (let i = 0; i < stride; i++) {
      const x = raw[src + i]!;
      const a = i >= bpp ? lines[o + i - bpp]! : 0;
      const up = y > 0 ? lines[o - stride + i]! : 0;
      const c = y > 0 && i >= bpp ? lines[o - stride + i - bpp]! : 0;
      let v: number;
      switch (f) {
        case 0: v = x; break;
        case 1: v = x + a; break;
        case 2: v = x + up; break;
        case 3: v = x + ((a + up) >> 1); break;
        case 4: { const p = a + up - c; const pa = Math.abs(p - a); const pb = Math.abs(p - up); const pc = Math.abs(p - c); v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? up : c); break; }
        default: return undefined;
      }
      lines[o + i] = v & 0xff;
    }
  }
  // samples scaled to 8 bits
  const max = (1 << depth) - 1;
  const sample = (y: number, k: number): number => {
    if (depth === 8) return lines[y * stride + k]!;
    if (depth === 16) return lines[y * stride + 2 * k]!;
    const bit = k * depth; const byte = lines[y * stride + (bit >> 3)]!;
    return (byte >> (8 - depth - (bit & 7))) & max;
  };
  const raw16 = (y: number, k: number) => (depth === 16 ? (lines[y * stride + 2 * k]! << 8) | lines[y * stride + 2 * k + 1]! : sample(y, k));
  const scale = (v: number) => (depth >= 8 ? v : Math.round(v * 255 / max));
  const out = new Uint8Array(width * height * 4);
  const key = (i: number) => (trns && trns.length >= 2 * (i + 1) ? trns.readUInt16BE(2 * i) : -1);
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o += 4) {
      const k = x * channels;
      switch (type) {
        case 0: { const g = scale(sample(y, k)); out[o] = out[o + 1] = out[o + 2] = g; out[o + 3] = raw16(y, k) === key(0) ? 0 : 255; break; }
        case 2: {
          out[o] = sample(y, k); out[o + 1] = sample(y, k + 1); out[o + 2] = sample(y, k + 2);
          out[o + 3] = trns && raw16(y, k) === key(0) && raw16(y, k + 1) === key(1) && raw16(y, k + 2) === key(2) ? 0 : 255;
          break;
        }
        case 3: { const i = sample(y, k); out[o] = palette![3 * i] ?? 0; out[o + 1] = palette![3 * i + 1] ?? 0; out[o + 2] = palette![3 * i + 2] ?? 0; out[o + 3] = trns?.[i] ?? 255; break; }
        case 4: { const g = sample(y, k); out[o] = out[o + 1] = out[o + 2] = g; out[o + 3] = sample(y, k + 1); break; }
        default: out[o] = sample(y, k); out[o + 1] = sample(y, k + 1); out[o + 2] = sample(y, k + 2); out[o + 3] = sample(y, k + 3);
      }
    }
  }
  return { width, height, data: out };
}
