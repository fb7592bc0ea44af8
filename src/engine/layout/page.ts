// CSS Paged Media 3 §5 page geometry: the page box from `size` (else the request's format,
// rotated by a lone orientation), the page area from `margin` (Chromium's print default
// of 1cm on every side where @page sets none).
import type { PageStyle } from '../cascade/styled';

export const DEFAULT_PAGE_MARGIN = 28.35; // 1cm in pt: Chromium's print preview default

export interface PageGeometry {
  readonly width: number;
  readonly height: number;
  readonly margin: { readonly top: number; readonly right: number; readonly bottom: number; readonly left: number };
  /** the page area (CSS Paged Media 3 §3.1) */
  readonly pageArea: { readonly width: number; readonly height: number };
  /** `@page :first { margin-top }` minus the margin-top of other pages: the first page's flow starts this much lower */
  readonly firstPageTopShift: number;
}

const finite = (n: number | undefined, fallback: number) => (n !== undefined && Number.isFinite(n) ? n : fallback);

export function pageGeometry(page: PageStyle, format: { width: number; height: number }): PageGeometry {
  let width: number; let height: number;
  if (page.size && page.size.width > 0 && page.size.height > 0) ({ width, height } = page.size);
  else {
    ({ width, height } = format);
    if (page.orientation === 'landscape' && height > width) [width, height] = [height, width];
    if (page.orientation === 'portrait' && width > height) [width, height] = [height, width];
  }
  width = Math.min(Math.max(width, 72), 14400);
  height = Math.min(Math.max(height, 72), 14400);
  // pdfmake has one set of margins for every page: a side the plain @page leaves unset takes the
  // :right pages' value (the first page is a right page), then the :left pages'
  const right = page.variants?.[':right']?.margin ?? {};
  const left = page.variants?.[':left']?.margin ?? {};
  const side = (k: 'top' | 'right' | 'bottom' | 'left') => Math.max(0, finite(page.margin[k] ?? right[k] ?? left[k], DEFAULT_PAGE_MARGIN));
  const m = { top: side('top'), right: side('right'), bottom: side('bottom'), left: side('left') };
  // a page area narrower than 36pt cannot hold text: give the margins back proportionally
  if (width - m.left - m.right < 36) { const k = (width - 36) / Math.max(1, m.left + m.right); m.left *= k; m.right *= k; }
  if (height - m.top - m.bottom < 36) { const k = (height - 36) / Math.max(1, m.top + m.bottom); m.top *= k; m.bottom *= k; }
  const firstTop = page.variants?.[':first']?.margin.top;
  const firstPageTopShift = firstTop !== undefined && Number.isFinite(firstTop) ? Math.max(-m.top, Math.max(0, firstTop) - m.top) : 0;
  return { width, height, margin: m, pageArea: { width: width - m.left - m.right, height: height - m.top - m.bottom }, firstPageTopShift };
}
