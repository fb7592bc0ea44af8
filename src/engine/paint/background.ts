// CSS Backgrounds 3 §3 background images: the used size of an image (background-size: cover |
// contain | <w> <h> | auto), and a raster image clipped to a visible part. Box, page and canvas
// tiling is in tiles.ts, gradients in gradient.ts.
import type { PdfNode } from './nodes';

interface Area { readonly width: number; readonly height: number }
interface Rect extends Area { readonly x: number; readonly y: number }

/**
 * §3.9 the used size of a background image of natural size iw × ih px in `area`; an image
 * without natural size (a gradient: iw, ih undefined) is the area's size where auto. `zoom`, the
 * box's effective zoom, scales the natural size and absolute lengths (em is already zoomed).
 */
export function sizeOf(spec: string, area: Area, naturalW: number | undefined, naturalH: number | undefined, fontSize = 12, zoom = 1): { width: number; height: number } {
  const s = spec.trim().toLowerCase();
  const iw = naturalW === undefined ? undefined : naturalW * zoom;
  const ih = naturalH === undefined ? undefined : naturalH * zoom;
  const natural = iw !== undefined && ih !== undefined;
  if (s === 'cover') {
    if (!natural || !(iw > 0) || !(ih > 0)) return { width: area.width, height: area.height};
    const k = Math.max(area.width / (iw * 0.75), area.height / (ih * 0.75));
    return { width: iw * 0.75 * k, height: ih * 0.75 * k};
  }
  if (s === 'contain') {
    if (!natural) return { width: area.width, height: area.height};
    const k = Math.min(area.width / iw, area.height / ih);
    return { width: iw * k, height: ih * k};
  }
  const ratio = natural && iw > 0 && ih > 0 ? iw / ih : 1;
  const parts = s.split(/\s+/);
  const one = (p: string | undefined, base: number): number | undefined => {
    if (!p || p === 'auto') return undefined;
    const m = /^(-?[\d.]+)(%|px|pt|mm|cm|in|em|rem)?$/.exec(p);
    if (!m) return undefined;
    const n = parseFloat(m[1]!);
    switch (m[2]) {
      case '%': return (n * base) / 100;
      case 'pt': return n * zoom;
      case 'mm': return (n * 72 * zoom) / 25.4;
      case 'cm': return (n * 72 * zoom) / 2.54;
      case 'in': return n * 72 * zoom;
      case 'em': return n * fontSize;
      case 'rem': return n * 12 * zoom;
      default: return n * 0.75 * zoom;
    }
  };
  let w = one(parts[0], area.width);
  let h = one(parts[1], area.height);
  if (!natural) return { width: w ?? area.width, height: h ?? area.height};
  if (w === undefined && h === undefined) { w = iw * 0.75; h = ih * 0.75; }
  else if (w === undefined) w = h! * ratio;
  else if (h === undefined) h = w / ratio;
  return { width: w, height: h!};
}

/**
 * A raster image placed at `full` and seen only through `visible` (same coordinates), as an SVG
 * node of the visible part's size: pdfmake clips a raster image only inside an SVG viewport.
 */
export function clippedImage(dataUrl: string, visible: Rect, full: Rect): PdfNode {
  const n = (v: number) => String(Math.round(v * 1000) / 1000);
  const markup = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${n(visible.width)}" height="${n(visible.height)}" viewBox="0 0 ${n(visible.width)} ${n(visible.height)}">` +
    `<image x="${n(full.x - visible.x)}" y="${n(full.y - visible.y)}" width="${n(full.width)}" height="${n(full.height)}" preserveAspectRatio="none" xlink:href="${dataUrl}"/></svg>`;
  return { svg: markup, width: visible.width, height: visible.height };
}
