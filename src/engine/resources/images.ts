// Images are identified and measured from their headers BEFORE anything is decoded (issue #5):
// PNG IHDR, JPEG SOFn, GIF logical screen, WebP VP8/VP8L/VP8X, SVG width/height/viewBox. A
// pixel count over the cap (a decompression bomb: a few KB of PNG claiming 100000×100000) is
// refused here, so pdfkit never inflates it. pdfkit draws PNG, JPEG and (through pdfmake's
// svg node) SVG; GIF and WebP are valid images it cannot draw: `unsupported-value`.
import { inflateSync } from 'node:zlib';
import type { DiagnosticList, SourceLocation } from '../diagnostics';
import type { Resource } from '../types';
import { sanitizeSvg } from './svg';

export interface ImageProbe {
  readonly type: 'png' | 'jpeg' | 'svg' | 'gif' | 'webp';
  /** intrinsic size: pixels for rasters, CSS px for SVG */
  readonly width: number;
  readonly height: number;
  /** an SVG with a viewBox and no width or height: no natural size, the viewBox's ratio */
  readonly ratioOnly?: boolean;
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PNG 1.2 §11.2.2: allowed bit depths per colour type. */
const PNG_DEPTHS: Readonly<Record<number, readonly number[]>> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/**
 * Every chunk lies inside the bytes, there is an IDAT and the stream ends with IEND: a cut PNG
 * would otherwise get past the header check and make pdfkit throw ("Incomplete or corrupt PNG
 * file"), failing the whole render. Walks chunk headers only (no CRC, no inflating).
 */
function pngChunksComplete(b: Uint8Array): boolean {
  let at = 8;
  let idat = false;
  while (at + 12 <= b.length) {
    const length = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    if (length > b.length - at - 12) return false;
    if (type === 'IDAT') idat = true;
    if (type === 'IEND') return idat;
    at += 12 + length;
  }
  return false;
}

/** What the bytes are and how big, from the header only; undefined when not a known image. */
export function probeImage(bytes: Uint8Array): ImageProbe | undefined {
  const b = bytes;
  if (b.length >= 33 && PNG_SIGNATURE.every((v, i) => b[i] === v)) {
    if (ascii(b, 12, 4) !== 'IHDR' || u32be(b, 8) !== 13) return undefined;
    const depth = b[24]!; const colour = b[25]!;
    if (!PNG_DEPTHS[colour]?.includes(depth) || b[26] !== 0 || b[27] !== 0 || b[28]! > 1) return undefined;
    if (!pngChunksComplete(b)) return undefined;
    return positive({ type: 'png', width: u32be(b, 16), height: u32be(b, 20) });
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  if (b.length >= 10 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) {
    return positive({ type: 'gif', width: u16le(b, 6), height: u16le(b, 8) });
  }
  if (b.length >= 30 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webp(b);
  return svg(b);
}

function positive(p: ImageProbe): ImageProbe | undefined {
  return p.width > 0 && p.height > 0 && Number.isFinite(p.width) && Number.isFinite(p.height) ? p : undefined;
}

/** ITU T.81 §B.2: walk the marker segments to the first SOFn (not DHT C4, JPG C8, DAC CC). */
function jpeg(b: Uint8Array): ImageProbe | undefined {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) { i++; continue; }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { i += 2; continue; }
    if (marker === 0xd9 || marker === 0xda) return undefined; // image data before any frame header
    const len = u16be(b, i + 2);
    if (len < 2) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > b.length) return undefined;
      return positive({ type: 'jpeg', height: u16be(b, i + 5), width: u16be(b, i + 7) });
    }
    i += 2 + len;
  }
  return undefined;
}

function webp(b: Uint8Array): ImageProbe | undefined {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return positive({ type: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff });
  }
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return positive({ type: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 });
  }
  if (chunk === 'VP8X') return positive({ type: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 });
  return undefined;
}

const SVG_UNITS: Readonly<Record<string, number>> = { '': 1, px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 };

/** SVG 2 §8.2 intrinsic size: width/height on the root (absolute units), else the viewBox, else 300×150. */
function svg(b: Uint8Array): ImageProbe | undefined {
  const head = Buffer.from(b.subarray(0, Math.min(b.length, 8192))).toString('utf8').replace(/^\uFEFF/, '');
  // optional XML declaration, comments, doctype, processing instructions, then <svg
  const prolog = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)*<svg[\s>/]/i;
  if (!prolog.test(head)) return undefined;
  const tag = /<svg\b[^>]*>/i.exec(head)?.[0];
  if (!tag) return undefined;
  return { type: 'svg', ...svgRootSize(tag) };
}

/**
 * Intrinsic size of an `<svg ...>` start tag in CSS px. Without width and height (they are
 * `auto`, SVG 2 §8.2) but with a viewBox, it has no natural size, only a ratio: `ratioOnly`,
 * the viewBox's size standing for the ratio.
 */
export function svgRootSize(tag: string): { width: number; height: number; ratioOnly?: boolean } {
  const attr = (n: string) => new RegExp(`\\s${n}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  const value = (n: string) => { const m = attr(n); return m ? (m[1] ?? m[2]) : undefined; };
  const len = (v: string | undefined) => {
    const m = v === undefined ? null : /^\s*(\d*\.?\d+(?:e[-+]?\d+)?)\s*(px|pt|pc|mm|cm|in)?\s*$/i.exec(v);
    if (!m) return undefined;
    const n = parseFloat(m[1]!) * SVG_UNITS[(m[2] ?? '').toLowerCase()]!;
    return n > 0 && Number.isFinite(n) ? n : undefined;
  };
  const vb = value('viewBox')?.trim().split(/[\s,]+/).map(Number);
  const vw = vb && vb.length === 4 && vb[2]! > 0 ? vb[2]! : undefined;
  const vh = vb && vb.length === 4 && vb[3]! > 0 ? vb[3]! : undefined;
  let w = len(value('width')); let h = len(value('height'));
  if (w === undefined && h === undefined) {
    if (vw && vh) return { width: vw, height: vh, ratioOnly: true };
    w = 300; h = 150;
  }
  else if (w === undefined) w = vw && vh ? (h! * vw) / vh : 300;
  else if (h === undefined) h = vw && vh ? (w * vh) / vw : 150;
  return { width: w, height: h! };
}

const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * PNG 1.2 §10: the image data must inflate to exactly what IHDR announces. pdfkit inflates
 * IDAT without a limit whenever it splits out alpha, so an IDAT that inflates past that size
 * (a zlib bomb behind an honest, small IHDR) is refused here, with inflation capped. Returns
 * why the PNG is unusable, or undefined when it is sound.
 */
export function checkPngData(b: Uint8Array): string | undefined {
  const probe = probeImage(b);
  if (!probe || probe.type !== 'png') return 'not a PNG';
  const depth = b[24]!; const colour = b[25]!; const interlaced = b[28] === 1;
  const rowBytes = Math.ceil((probe.width * depth * CHANNELS[colour]!) / 8);
  const expected = probe.height * (1 + rowBytes) + (interlaced ? 7 * (probe.height + 8) : 0);
  const idat: Uint8Array[] = [];
  let pos = 8; let sawEnd = false;
  while (pos + 12 <= b.length) {
    const len = u32be(b, pos);
    const type = ascii(b, pos + 4, 4);
    if (pos + 12 + len > b.length) return 'a chunk runs past the end of the file';
    if (type === 'IDAT') idat.push(b.subarray(pos + 8, pos + 8 + len));
    pos += 12 + len;
    if (type === 'IEND') { sawEnd = true; break; }
  }
  if (!idat.length) return 'no image data';
  if (!sawEnd) return 'no IEND chunk (truncated)';
  try {
    const out = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
    if (out.length < probe.height) return 'the image data is too short';
  } catch (err) {
    return (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? `the image data inflates past the ${expected} bytes its header announces` : 'the image data does not inflate';
  }
  return undefined;
}

export interface ImageContext {
  readonly diagnostics: DiagnosticList;
  /** refuse rasters with more pixels than this (EngineLimits.maxImagePixels) */
  readonly maxImagePixels: number;
  readonly at?: Partial<SourceLocation>;
  /** how the image is named in diagnostics, e.g. the URL as written */
  readonly label?: string;
}

export type PreparedImage =
  | { readonly kind: 'raster'; readonly dataUrl: string; readonly width: number; readonly height: number }
  | { readonly kind: 'svg'; readonly svg: string; readonly width: number; readonly height: number; readonly ratioOnly?: boolean };

/**
 * Bytes of an `<img>` (or CSS image) → what paint hands to pdfmake: a PNG/JPEG data: URL built
 * from the sniffed type (never the declared one), or sanitized SVG markup. Undefined, with a
 * diagnostic, for anything else, for a raster over the pixel cap, and for unusable SVG.
 */
export function prepareImage(resource: Resource, ctx: ImageContext): PreparedImage | undefined {
  const label = ctx.label ? `image "${ctx.label.slice(0, 120)}"` : 'image';
  const probe = probeImage(resource.bytes);
  if (!probe) {
    ctx.diagnostics.report('resource-invalid', `${label} is not a PNG, JPEG or SVG image (or its header is damaged)`, ctx.at);
    return undefined;
  }
  switch (probe.type) {
    case 'gif':
    case 'webp':
      ctx.diagnostics.report('unsupported-value', `${label} is ${probe.type.toUpperCase()}, which the PDF writer cannot draw; use PNG, JPEG or SVG`, ctx.at);
      return undefined;
    case 'png':
    case 'jpeg': {
      if (probe.width * probe.height > ctx.maxImagePixels) {
        ctx.diagnostics.report('resource-invalid', `${label} of ${probe.width}×${probe.height} pixels is over the ${ctx.maxImagePixels}-pixel cap`, ctx.at);
        return undefined;
      }
      const b = resource.bytes;
      const broken = probe.type === 'png' ? checkPngData(b) : undefined;
      if (broken) {
        ctx.diagnostics.report('resource-invalid', `${label}: ${broken}`, ctx.at);
        return undefined;
      }
      const base64 = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64');
      return { kind: 'raster', dataUrl: `data:image/${probe.type};base64,${base64}`, width: probe.width, height: probe.height };
    }
    case 'svg': {
      const b = resource.bytes;
      const text = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8');
      const clean = sanitizeSvg(text, { diagnostics: ctx.diagnostics, at: ctx.at });
      if (clean === undefined) return undefined;
      return { kind: 'svg', svg: clean, width: probe.width, height: probe.height, ...(probe.ratioOnly ? { ratioOnly: true } : {}) };
    }
  }
}
