// CSS Backgrounds 3 §3 background images, where pdfmake can draw them: on the canvas (root or
// body: every page) and on boxes of definite size with no in-flow content (logos, barcodes,
// stamps drawn as backgrounds). background-size: cover | contain | <w> <h> | auto; the image is
// placed at the top-left or centred (background-position: center). Gradients are not drawn.
import type { ComputedStyle } from '../cascade/computed';
import type { DiagnosticList } from '../diagnostics';
import type { LoadedImage } from '../types';
import { margin, type PdfNode } from './nodes';

interface Area { readonly width: number; readonly height: number }

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
  // CSS Backgrounds 3 §3.7: the image is clipped to the painting area; pdfmake clips a raster
  // image only inside an SVG viewport, so one that overflows the area is drawn through one
  const eps = 0.01;
  if (dx < -eps || dy < -eps || dx + size.width > area.width + eps || dy + size.height > area.height + eps) {
    const n = (v: number) => String(Math.round(v * 1000) / 1000);
    const markup = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${n(area.width)}" height="${n(area.height)}" viewBox="0 0 ${n(area.width)} ${n(area.height)}">` +
      `<image x="${n(dx)}" y="${n(dy)}" width="${n(size.width)}" height="${n(size.height)}" preserveAspectRatio="none" xlink:href="${img.dataUrl}"/></svg>`;
    return { svg: markup, width: area.width, height: area.height };
  }
  return { image: img.dataUrl, width: size.width, height: size.height, margin: margin(dx, dy, 0, 0) };
}
