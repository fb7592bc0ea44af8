// CSS 2.1 §10.3.2 / §10.6.2 used size of replaced elements (img, svg): specified width/height
// (the HTML width/height attributes are presentational hints in the cascade, so CSS overrides
// them), the intrinsic ratio, then max-width / max-height (§10.4).
import type { ReplacedBox } from '../boxes/types';
import type { LoadedImage } from '../types';
import { isKeyword, lengthOr, resolveAuto, resolveNone, safe } from './used';

export interface ReplacedSize { readonly width: number; readonly height: number }

export function replacedSize(box: ReplacedBox, img: LoadedImage | undefined, cbWidth: number, cbHeight?: number): ReplacedSize {
  // (a sizing keyword acts as auto: the natural size is the min-content, max-content and fit-content size of a replaced element)
  const s = box.style;
  const sh = lengthOr(s.height, 'auto'); const smh = lengthOr(s.maxHeight, 'none');
  const frameW = s.borderWidth.left + s.borderWidth.right + s.padding.left.pt + s.padding.right.pt;
  const frameH = s.borderWidth.top + s.borderWidth.bottom + s.padding.top.pt + s.padding.bottom.pt;
  const bb = s.boxSizing === 'border-box';
  let w = resolveAuto(s.width, cbWidth); if (w !== undefined && bb) w -= frameW;
  let h = sh === 'auto' ? undefined : !sh.pct ? sh.pt : cbHeight !== undefined ? sh.pt + (sh.pct * cbHeight) / 100 : undefined;
  if (h !== undefined && bb) h -= frameH;
  // the natural size (300 × 150px without one), scaled by the element's zoom
  const z = s.zoom;
  const iw = img ? img.width * 0.75 * z : 0;
  const ih = img ? img.height * 0.75 * z : 0;
  const ratio = iw > 0 && ih > 0 ? iw / ih : undefined;
  if (w === undefined && h === undefined && ratio && img?.kind === 'svg' && img.ratioOnly) {
    // §10.3.2: a ratio and no natural size: as wide as a block in flow (the containing block
    // less the margins and the frame; nothing while sizing to content), as Chromium does it
    const margins = (resolveAuto(s.margin.left, cbWidth) ?? 0) + (resolveAuto(s.margin.right, cbWidth) ?? 0);
    w = Math.max(0, cbWidth - margins - frameW); h = w / ratio;
  } else if (w === undefined && h === undefined) { w = iw || 225 * z; h = ih || 112.5 * z; }
  else if (w === undefined) w = ratio ? h! * ratio : iw || 225 * z;
  else if (h === undefined) h = ratio ? w / ratio : ih || 112.5 * z;
  const maxW = resolveNone(s.maxWidth, cbWidth);
  const maxH = smh === 'none' ? undefined : !smh.pct ? smh.pt : cbHeight !== undefined ? smh.pt + (smh.pct * cbHeight) / 100 : undefined;
  const keep = ratio !== undefined && (lengthOr(s.width, 'auto') === 'auto' || h === undefined || sh === 'auto');
  if (maxW !== undefined && w > maxW) { const k = maxW / w; w = maxW; if (keep) h! *= k; }
  if (maxH !== undefined && h! > maxH) { const k = maxH / h!; h = maxH; if (keep) w *= k; }
  return { width: Math.max(0, safe(w)), height: Math.max(0, safe(h!)) };
}


/**
 * A replaced box's content sizes for intrinsic sizing (its content box, without the frame).
 * CSS Sizing 3 §5.2.1: a percentage width, min-width or max-width is cyclic there, so the
 * max-content contribution resolves it as `auto` / `none`. §5.2.2: a replaced element whose
 * width or max-width is a percentage is compressible: its min-content contribution is zero
 * (an `<img style="max-width: 100%">` lets a table column or a shrink-to-fit box narrower
 * than the image, as Chromium does). A percentage height is not cyclic in a containing block
 * of definite height (`cbHeight`): it resolves, and the width follows from the ratio.
 */
export function replacedContentSizes(box: ReplacedBox, img: LoadedImage | undefined, cbHeight?: number): { readonly min: number; readonly max: number } {
  const s = box.style;
  const pct = (v: ReplacedBox['style']['width'] | ReplacedBox['style']['maxWidth'] | ReplacedBox['style']['minWidth']) => v !== 'auto' && v !== 'none' && !isKeyword(v) && v.pct !== 0;
  const compressible = pct(s.width) || pct(s.maxWidth);
  const cyclic = compressible || pct(s.minWidth)
    ? { ...box, style: { ...s, width: pct(s.width) ? 'auto' as const : s.width, maxWidth: pct(s.maxWidth) ? 'none' as const : s.maxWidth, minWidth: pct(s.minWidth) ? 'auto' as const : s.minWidth } }
    : box;
  const max = replacedSize(cyclic, img, 0, cbHeight).width;
  return { min: compressible ? 0 : max, max };
}
