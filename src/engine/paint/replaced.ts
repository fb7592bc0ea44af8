// CSS 2.1 §10.3.2 / §10.6.2 used size of replaced elements (img, svg): specified width/height,
// HTML width/height attributes, the intrinsic ratio, then max-width / max-height (§10.4).
import type { ReplacedBox } from '../boxes/types';
export { replacedSize, type ReplacedSize };
import { replacedSize, type ReplacedSize } from '../layout/replaced';
import type { PaintContext } from './context';
import { margin, type PdfNode } from './nodes';

/** The pdfmake node of a replaced element, or undefined when its image did not load. */
export function paintReplaced(box: ReplacedBox, cbWidth: number, ctx: PaintContext, cbHeight?: number): { node: PdfNode | undefined; size: ReplacedSize } {
  const img = ctx.image(box);
  const size = replacedSize(box, img, cbWidth, cbHeight);
  if (!img || size.width < 0.1 || size.height < 0.1) return { node: undefined, size };
  const node: PdfNode = img.kind === 'raster'
    ? { image: img.dataUrl, width: size.width, height: size.height }
    : { svg: img.markup, width: size.width, height: size.height };
  const s = box.style;
  node.margin = margin(s.borderWidth.left + s.padding.left.pt, s.borderWidth.top + s.padding.top.pt, s.borderWidth.right + s.padding.right.pt, s.borderWidth.bottom + s.padding.bottom.pt);
  return { node, size: { width: size.width + s.borderWidth.left + s.padding.left.pt + s.borderWidth.right + s.padding.right.pt, height: size.height } };
}
