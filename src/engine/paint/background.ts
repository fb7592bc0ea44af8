// CSS Backgrounds 3 §3 background images: the used size of an image (background-size: cover |
// contain | <w> <h> | auto), the page box's single image (top-left or centred), and a raster image
// clipped to a visible part. Gradients are not drawn. Box and canvas tiling is in tiles.ts.
import type { ComputedStyle } from '../cascade/computed';
import type { DiagnosticList } from '../diagnostics';
import type { LoadedImage } from '../types';
import { margin, type PdfNode } from './nodes';

interface Area { readonly width: number; readonly height: number }
interface Rect extends Area { readonly x: number; readonly y: number }

export function sizeOf(spec: string, area: Area, iw: number, ih: number): { width: number; height: number; cover: boolean } {
  const s = spec.trim().toLowerCase();
  if (s === 'cover') return { width: area.width, height: area.height, cover: true };
  const ratio = iw > 0 && ih > 0 ? iw / ih : 1;
  if (s === 'contain') {
    const k = Math.min(area.width / iw, area.height / ih);
    return { width: iw * k, height: ih * k, cover: false };
  }
  const parts = s.split(/\s+/);
  const one = (p: string | undefined, base: number): number | undefined => {
    if (!p || p === 'auto') return undefined;
    const m = /^(-?[\d.]+)(%|px|pt|mm|cm|in|em)?$/.exec(p);
    if (!m) return undefined;
    const n = parseFloat(m[1]!);
    switch (m[2]) {
      case '%': return (n * base) / 100;
      case 'pt': return n;
      case 'mm': return (n * 72) / 25.4;
      case 'cm': return (n * 72) / 2.54;
      case 'in': return n * 72;
      default: return n * 0.75;
    }
  };
  let w = one(parts[0], area.width);
  let h = one(parts[1], area.height);
  if (w === undefined && h === undefined) { w = iw * 0.75; h = ih * 0.75; }
  else if (w === undefined) w = h! * ratio;
  else if (h === undefined) h = w / ratio;
  return { width: w, height: h!, cover: false };
}

/** What a background image needs: where to report, and the image of a url(). */
export interface BackgroundContext {
  readonly diagnostics: DiagnosticList;
  readonly imageUrl: (url: string) => LoadedImage | undefined;
}

/** The background image of a style as a node of the area's size, or undefined. */
export function backgroundImageNode(style: ComputedStyle, area: Area, ctx: BackgroundContext): PdfNode | undefined {
  const bg = style.backgroundImage;
  if (bg === 'none') return undefined;
  if (!('url' in bg)) {
    ctx.diagnostics.report('unsupported-value', 'background gradients are not drawn');
    return undefined;
  }
  if (!(area.width > 0) || !(area.height > 0)) return undefined;
  const img = ctx.imageUrl(bg.url);
  if (!img) return undefined;
  const size = sizeOf(style.backgroundSize, area, img.width, img.height);
  if (!(size.width > 0) || !(size.height > 0)) return undefined;
  const centre = /center/.test(style.backgroundPosition);
  const dx = centre && !size.cover ? (area.width - size.width) / 2 : 0;
  const dy = centre && !size.cover ? (area.height - size.height) / 2 : 0;
  if (img.kind === 'svg') return { svg: img.markup, width: size.width, height: size.height, margin: margin(dx, dy, 0, 0) };
  if (size.cover) {
    return { image: img.dataUrl, width: area.width, height: area.height, cover: { width: area.width, height: area.height, align: centre ? 'center' : 'left', valign: centre ? 'center' : 'top' } };
  }
  // CSS Backgrounds 3 §3.7: the image is clipped to the painting area
  const eps = 0.01;
  if (dx < -eps || dy < -eps || dx + size.width > area.width + eps || dy + size.height > area.height + eps) {
    return clippedImage(img.dataUrl, { x: 0, y: 0, width: area.width, height: area.height }, { x: dx, y: dy, width: size.width, height: size.height });
  }
  return { image: img.dataUrl, width: size.width, height: size.height, margin: margin(dx, dy, 0, 0) };
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
