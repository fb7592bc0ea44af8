// Filter Effects 1 §13 the colour filter functions (brightness, contrast, grayscale, hue-rotate,
// invert, opacity, saturate, sepia), as the §13 colour matrices and component transfers define
// them, in sRGB (Chromium applies the shorthand functions in sRGB), each step clamped to [0, 1]
// as a filter primitive's result is. They change each pixel's colour independently of the others,
// so paint applies them to what a filtered element draws: the colours of its shapes and text, the
// paint colours of its SVG images and the decoded pixels of its raster images (re-encoded as PNG,
// once per image and filter). blur() and drop-shadow() move colour between pixels: they are not
// drawn (the cascade says so where they are written).
import { parseDocument } from 'htmlparser2';
import { getOuterHTML } from 'domutils';
import type { AnyNode, Element } from 'domhandler';
import { decode as decodeJpeg, encode as encodeJpeg } from 'jpeg-js';
import type { FilterFunction, RGBA } from '../cascade/computed';
import { componentValues } from '../css/syntax';
import { parseColor } from '../css/values';
import { decodePng, encodePixels } from './png';
import type { PdfNode } from './nodes';

/** One step: an affine map of (r, g, b) in [0, 1] (row-major 3 × 3 matrix and offsets), and an alpha factor. */
interface Step { readonly m: readonly number[]; readonly o: readonly number[]; readonly alpha: number }

/** A filter as the steps of its colour functions; undefined when it has none (only blur or drop-shadow). */
export interface ColorFilter { readonly steps: readonly Step[]; readonly key: string }

const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const ZERO3 = [0, 0, 0];

function step(f: FilterFunction): Step | undefined {
  if (!('amount' in f)) return undefined;
  const a = f.amount;
  switch (f.f) {
    // §13.2 feComponentTransfer linear slope [amount]
    case 'brightness': return { m: [a, 0, 0, 0, a, 0, 0, 0, a], o: ZERO3, alpha: 1 };
    // §13.3 linear slope [amount], intercept -(0.5 * [amount]) + 0.5
    case 'contrast': { const c = 0.5 - 0.5 * a; return { m: [a, 0, 0, 0, a, 0, 0, 0, a], o: [c, c, c], alpha: 1 }; }
    // §13.5 the grayscale matrix
    case 'grayscale': {
      const k = 1 - a;
      return { m: [0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k, 0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k, 0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k], o: ZERO3, alpha: 1 };
    }
    // §13.6 feColorMatrix type="hueRotate"
    case 'hue-rotate': {
      const r = (a * Math.PI) / 180; const c = Math.cos(r); const s = Math.sin(r);
      return {
        m: [
          0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
          0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283,
          0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072,
        ], o: ZERO3, alpha: 1,
      };
    }
    // §13.7 table [amount, 1 - amount]
    case 'invert': { const k = 1 - 2 * a; return { m: [k, 0, 0, 0, k, 0, 0, 0, k], o: [a, a, a], alpha: 1 }; }
    // §13.8 the alpha table [0, amount]
    case 'opacity': return { m: IDENTITY, o: ZERO3, alpha: a };
    // §13.9 feColorMatrix type="saturate"
    case 'saturate': return {
      m: [0.213 + 0.787 * a, 0.715 - 0.715 * a, 0.072 - 0.072 * a, 0.213 - 0.213 * a, 0.715 + 0.285 * a, 0.072 - 0.072 * a, 0.213 - 0.213 * a, 0.715 - 0.715 * a, 0.072 + 0.928 * a],
      o: ZERO3, alpha: 1,
    };
    // §13.10 the sepia matrix
    case 'sepia': {
      const k = 1 - a;
      return { m: [0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k, 0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k, 0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k], o: ZERO3, alpha: 1 };
    }
    default: return undefined;
  }
}

/** The colour part of a computed filter list; undefined when it changes no colour. */
export function colorFilter(fns: readonly FilterFunction[]): ColorFilter | undefined {
  const steps: Step[] = [];
  for (const f of fns) { const s = step(f); if (s) steps.push(s); }
  if (!steps.length) return undefined;
  return { steps, key: JSON.stringify(steps) };
}

/** `inner` applied first, then `outer` (a filtered element inside a filtered element). */
export function chainFilters(inner: ColorFilter, outer: ColorFilter | undefined): ColorFilter {
  if (!outer) return inner;
  const steps = [...inner.steps, ...outer.steps];
  return { steps, key: JSON.stringify(steps) };
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** A colour through the filter (channels 0..255, alpha 0..1). */
export function filterColor(c: RGBA, f: ColorFilter): RGBA {
  let r = c.r / 255; let g = c.g / 255; let b = c.b / 255; let a = c.a;
  for (const { m, o, alpha } of f.steps) {
    const r2 = clamp01(m[0]! * r + m[1]! * g + m[2]! * b + o[0]!);
    const g2 = clamp01(m[3]! * r + m[4]! * g + m[5]! * b + o[1]!);
    const b2 = clamp01(m[6]! * r + m[7]! * g + m[8]! * b + o[2]!);
    r = r2; g = g2; b = b2; a = clamp01(a * alpha);
  }
  return { r: r * 255, g: g * 255, b: b * 255, a };
}

const hex2 = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0');
const hexOf = (c: RGBA) => `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}`;

/** '#rrggbb' through the filter, with the factor its opacity takes */
function filterHex(hex: string, f: ColorFilter): { hex: string; alpha: number } {
  const n = parseInt(hex.slice(1), 16);
  const c = filterColor({ r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, a: 1 }, f);
  return { hex: hexOf(c), alpha: c.a };
}

/** What filtering a node needs besides the filter: the images already filtered. */
export class FilteredImages {
  private readonly raster = new Map<string, string | null>();
  private readonly svg = new Map<string, string>();

  /** a PNG or JPEG data: URL through the filter (the same image and filter: the same URL, so the PDF holds it once); undefined when it cannot be decoded */
  rasterUrl(dataUrl: string, f: ColorFilter): string | undefined {
    const key = `${f.key}\n${dataUrl}`;
    let out = this.raster.get(key);
    if (out === undefined) { out = filterRaster(dataUrl, f) ?? null; this.raster.set(key, out); }
    return out ?? undefined;
  }

  svgMarkup(markup: string, f: ColorFilter): string {
    const key = `${f.key}\n${markup}`;
    let out = this.svg.get(key);
    if (out === undefined) { out = filterSvg(markup, f); this.svg.set(key, out); }
    return out;
  }
}

/**
 * A node as drawn through the filter: canvas shapes' fill and stroke colours and gradient
 * stops, text runs' colours, an image's pixels, an SVG's paint colours. Clip, transform and end
 * nodes pass unchanged. undefined: a raster image the filter cannot read (drawn unfiltered).
 */
export function filterNode(node: PdfNode, f: ColorFilter, images: FilteredImages): PdfNode | undefined {
  if ('canvas' in node) return { ...node, canvas: node.canvas.map((s) => filterShape(s, f)) };
  if ('text' in node) return { ...node, text: node.text.map((run) => filterRun(run, f)) };
  if ('image' in node) {
    const url = images.rasterUrl(node.image, f);
    return url === undefined ? undefined : { ...node, image: url };
  }
  if ('svg' in node) return { ...node, svg: images.svgMarkup(node.svg, f) };
  return node;
}

function filterShape(s: Record<string, unknown> & { type: string }, f: ColorFilter): Record<string, unknown> & { type: string } {
  const out: Record<string, unknown> & { type: string } = { ...s };
  const paint = (colorKey: string, opacityKey: string) => {
    const c = s[colorKey];
    if (typeof c !== 'string' || !c.startsWith('#') || c.length !== 7) return;
    const r = filterHex(c, f);
    out[colorKey] = r.hex;
    if (r.alpha < 1) out[opacityKey] = ((s[opacityKey] as number | undefined) ?? 1) * r.alpha;
  };
  paint('color', 'fillOpacity');
  paint('lineColor', 'strokeOpacity');
  const g = s.gradient as { stops?: readonly (readonly [number, readonly [number, number, number], number])[] } | undefined;
  if (g?.stops) {
    out.gradient = {
      ...g, stops: g.stops.map(([at, [r, gr, b], a]) => {
        const c = filterColor({ r, g: gr, b, a }, f);
        return [at, [Math.round(c.r), Math.round(c.g), Math.round(c.b)], c.a] as const;
      }),
    };
  }
  return out;
}

function filterRun<R extends { color?: string; opacity?: number }>(run: R, f: ColorFilter): R {
  const out = { ...run };
  const c = filterHex(run.color ?? '#000000', f);
  out.color = c.hex;
  if (c.alpha < 1) out.opacity = (run.opacity ?? 1) * c.alpha;
  return out;
}

/** A raster data: URL's pixels through the filter, as a PNG data: URL (a JPEG stays a JPEG) */
function filterRaster(dataUrl: string, f: ColorFilter): string | undefined {
  const comma = dataUrl.indexOf(',');
  const jpeg = /^data:image\/jpe?g/i.test(dataUrl);
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  let px: { width: number; height: number; data: Uint8Array } | undefined;
  try { px = jpeg ? decodeJpeg(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 1024 }) : decodePng(bytes); } catch { px = undefined; }
  if (!px) return undefined;
  const d = px.data;
  // one colour at a time: images have few distinct colours next to one another
  let last = -1; let lr = 0; let lg = 0; let lb = 0; let la = 0;
  for (let i = 0; i < d.length; i += 4) {
    const key = (d[i]! << 24 | d[i + 1]! << 16 | d[i + 2]! << 8 | d[i + 3]!) >>> 0;
    if (key !== last) {
      const c = filterColor({ r: d[i]!, g: d[i + 1]!, b: d[i + 2]!, a: d[i + 3]! / 255 }, f);
      lr = Math.round(c.r); lg = Math.round(c.g); lb = Math.round(c.b); la = Math.round(c.a * 255); last = key;
    }
    d[i] = lr; d[i + 1] = lg; d[i + 2] = lb; d[i + 3] = la;
  }
  if (jpeg) return `data:image/jpeg;base64,${encodeJpeg({ width: px.width, height: px.height, data: d }, 92).data.toString('base64')}`;
  return `data:image/png;base64,${encodePixels({ width: px.width, height: px.height, data: d }).toString('base64')}`;
}

/** SVG 2 §13 the properties whose value is a colour (fill and stroke may also be none or a url) */
const PAINT_PROPERTIES = ['fill', 'stroke', 'stop-color', 'flood-color', 'lighting-color', 'color'];
const PAINT_DECLARATION = /(^|[;{\s])(fill|stroke|stop-color|flood-color|lighting-color|color)(\s*:\s*)([^;}!]+)/gi;

/** a CSS colour as written through the filter; the text unchanged when it is no colour */
function filterColorText(text: string, f: ColorFilter): string {
  const cv = componentValues(text.trim()).filter((x) => x.t !== 'ws');
  const c = cv.length === 1 ? parseColor(cv[0]) : undefined;
  if (!c || c === 'currentcolor') return text;
  const out = filterColor(c, f);
  return out.a < 1 ? `rgba(${Math.round(out.r)},${Math.round(out.g)},${Math.round(out.b)},${+out.a.toFixed(4)})` : hexOf(out);
}

/**
 * An SVG image's paint colours through the filter: presentation attributes, style attributes
 * and <style> sheets; the root's initial fill and color (black) written on it when it has none,
 * opacity() as the root's opacity.
 */
function filterSvg(markup: string, filter: ColorFilter): string {
  // colours without opacity(): it is the root's opacity, once
  const f: ColorFilter = { steps: filter.steps.map((s) => (s.alpha === 1 ? s : { ...s, alpha: 1 })), key: '' };
  const doc = parseDocument(markup, { xmlMode: true, decodeEntities: false });
  const css = (text: string) => text.replace(PAINT_DECLARATION, (_m, lead: string, name: string, colon: string, value: string) => `${lead}${name}${colon}${filterColorText(value, f)}`);
  let root: Element | undefined;
  const walk = (nodes: readonly AnyNode[]) => {
    for (const n of nodes) {
      if (n.type === 'text' && n.parent && (n.parent as Element).name === 'style') { (n as { data: string }).data = css((n as { data: string }).data); continue; }
      if (n.type !== 'tag' && n.type !== 'script' && n.type !== 'style') continue;
      const e = n as Element;
      if (!root && e.name.toLowerCase().replace(/^.*:/, '') === 'svg') root = e;
      for (const name of Object.keys(e.attribs)) {
        const lower = name.toLowerCase();
        if (PAINT_PROPERTIES.includes(lower)) e.attribs[name] = filterColorText(e.attribs[name]!, f);
        else if (lower === 'style') e.attribs[name] = css(e.attribs[name]!);
      }
      walk(e.children);
    }
  };
  walk(doc.children);
  if (root) {
    const black = filterColorText('#000000', f);
    if (root.attribs.fill === undefined) root.attribs.fill = black;
    if (root.attribs.color === undefined) root.attribs.color = black;
    const alpha = filterColor({ r: 0, g: 0, b: 0, a: 1 }, filter).a;
    if (alpha < 1) root.attribs.opacity = String(+((Number(root.attribs.opacity ?? 1) || 0) * alpha).toFixed(4));
  }
  return getOuterHTML(doc.children, { xmlMode: true, decodeEntities: false });
}
