// Images for replaced boxes: bytes through resources/ (data: URIs and template assets only),
// then the intrinsic size from the file header (PNG IHDR, JPEG SOFn, SVG width/height/viewBox)
// before anything is decoded. Only PNG, JPEG and SVG reach pdfmake; anything else is a
// diagnostic. One load per distinct URL.
import type { ReplacedBox } from '../boxes/types';
import type { DiagnosticList } from '../diagnostics';
import type { Resource } from '../index';
import type { LoadedImage } from './context';

export interface ImageLoaderOptions {
  readonly diagnostics: DiagnosticList;
  /** resolves a URL as written to bytes, reporting refusals itself */
  readonly load: (url: string, at: ReplacedBox['element']['loc']) => Resource | undefined;
  readonly maxImagePixels: number;
  /** sanitizes SVG markup for pdfmake (resources/ helper); identity when absent */
  readonly sanitizeSvg?: (markup: string) => string | undefined;
}

export function imageLoader(o: ImageLoaderOptions): (box: ReplacedBox) => LoadedImage | undefined {
  const cache = new Map<string, LoadedImage | undefined>();
  return (box) => {
    const content = box.content;
    if (content.type === 'svg') {
      const key = `inline:${content.markup}`;
      if (cache.has(key)) return cache.get(key);
      const markup = o.sanitizeSvg ? o.sanitizeSvg(content.markup) : content.markup;
      const size = svgSize(content.markup);
      const img: LoadedImage | undefined = markup ? { kind: 'svg', markup, width: size.width, height: size.height } : undefined;
      cache.set(key, img);
      return img;
    }
    if (cache.has(content.src)) return cache.get(content.src);
    const res = o.load(content.src, box.element.loc);
    const img = res ? decode(res, content.src, box, o) : undefined;
    cache.set(content.src, img);
    return img;
  };
}

function decode(res: Resource, src: string, box: ReplacedBox, o: ImageLoaderOptions): LoadedImage | undefined {
  const b = res.bytes;
  const at = box.element.loc;
  const label = src.startsWith('data:') ? 'data: URI image' : `image "${src.slice(0, 120)}"`;
  let size: { width: number; height: number } | undefined;
  let mime: 'image/png' | 'image/jpeg' | undefined;
  if (b.length > 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    mime = 'image/png';
    size = { width: readU32(b, 16), height: readU32(b, 20) };
  } else if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) {
    mime = 'image/jpeg';
    size = jpegSize(b);
  } else {
    const head = Buffer.from(b.subarray(0, Math.min(b.length, 2048))).toString('utf8');
    if (/<svg[\s>]/i.test(head) || res.contentType === 'image/svg+xml') {
      const text = Buffer.from(b).toString('utf8');
      const markup = o.sanitizeSvg ? o.sanitizeSvg(text) : text;
      if (!markup) { o.diagnostics.report('resource-invalid', `${label} is not usable SVG`, at); return undefined; }
      const s = svgSize(text);
      return { kind: 'svg', markup, width: s.width, height: s.height };
    }
    o.diagnostics.report('resource-invalid', `${label} is not a PNG, JPEG or SVG image`, at);
    return undefined;
  }
  if (!size || !(size.width > 0) || !(size.height > 0)) {
    o.diagnostics.report('resource-invalid', `${label} does not decode`, at);
    return undefined;
  }
  if (size.width * size.height > o.maxImagePixels) {
    o.diagnostics.report('resource-invalid', `${label} of ${size.width}×${size.height} pixels is over the ${o.maxImagePixels}-pixel cap`, at);
    return undefined;
  }
  const dataUrl = `data:${mime};base64,${Buffer.from(b).toString('base64')}`;
  return { kind: 'raster', dataUrl, width: size.width, height: size.height };
}

const readU32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;

function jpegSize(b: Uint8Array): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) { i++; continue; }
    const marker = b[i + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) { i += marker === 0xff ? 1 : 2; continue; }
    const len = (b[i + 2]! << 8) + b[i + 3]!;
    if ((marker >= 0xc0 && marker <= 0xcf) && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (b[i + 5]! << 8) + b[i + 6]!, width: (b[i + 7]! << 8) + b[i + 8]! };
    }
    i += 2 + len;
  }
  return undefined;
}

/** Intrinsic size of SVG markup in CSS px: width/height attributes, else the viewBox, else 300×150. */
export function svgSize(markup: string): { width: number; height: number } {
  const tag = /<svg\b[^>]*>/i.exec(markup)?.[0] ?? '';
  const attr = (n: string) => new RegExp(`\\s${n}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const len = (v: string | undefined) => {
    if (!v) return undefined;
    const m = /^\s*([\d.]+)\s*(px|pt|mm|cm|in)?\s*$/.exec(v);
    if (!m) return undefined;
    const n = parseFloat(m[1]!);
    const k = { px: 1, pt: 4 / 3, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 }[(m[2] ?? 'px') as 'px'];
    return n * k;
  };
  const vb = attr('viewBox')?.trim().split(/[\s,]+/).map(Number);
  let w = len(attr('width')); let h = len(attr('height'));
  const vw = vb && vb.length === 4 && vb[2]! > 0 ? vb[2]! : undefined;
  const vh = vb && vb.length === 4 && vb[3]! > 0 ? vb[3]! : undefined;
  if (w === undefined && h === undefined) { w = vw ?? 300; h = vh ?? 150; }
  else if (w === undefined) w = vw && vh ? (h! * vw) / vh : 300;
  else if (h === undefined) h = vw && vh ? (w * vh) / vw : 150;
  return { width: w, height: h! };
}
