// The document: the root box painted into the page area, out-of-flow boxes on the first
// page, the canvas background (CSS Backgrounds 3 §2.11.2: the root's, else <body>'s,
// background covers the whole page), and @page margin boxes as header/footer.
import type { BlockBox, FlexBox } from '../boxes/types';
import type { RGBA } from '../cascade/computed';
import type { PageGeometry } from '../layout/page';
import { paintBlockLevel } from './block';
import type { PaintContext } from './context';
import { backgroundImageNode } from './background';
import { hexColor, margin, type PdfNode } from './nodes';

export interface PaintedDocument {
  readonly content: PdfNode[];
  /** the colour that fills every page, when the root or body has one */
  readonly canvas: RGBA | undefined;
  /** the root's or body's background image, drawn on every page area */
  readonly canvasImage: PdfNode | undefined;
}

export function paintDocument(root: BlockBox | FlexBox, ctx: PaintContext, page: PageGeometry, pageBackground: RGBA | undefined): PaintedDocument {
  // CSS Backgrounds 3 §2.11.2: the canvas takes the root's background, else body's
  let canvas: RGBA | undefined = pageBackground && pageBackground.a > 0 ? pageBackground : undefined;
  let rootBox: BlockBox | FlexBox = root;
  const kids = root.kind === 'block' ? root.children : root.items;
  const bodyBox = kids.find((c) => c.kind === 'block' && c.element?.tag === 'body');
  const imageStyle = root.style.backgroundImage !== 'none' ? root.style : bodyBox && bodyBox.style.backgroundImage !== 'none' ? bodyBox.style : undefined;
  const canvasImage = imageStyle ? backgroundImageNode(imageStyle, page.pageArea, ctx) : undefined;
  if (root.style.backgroundColor.a > 0) {
    canvas ??= root.style.backgroundColor;
    rootBox = { ...root, style: { ...root.style, backgroundColor: { r: 0, g: 0, b: 0, a: 0 } } };
  } else {
    const bodyIndex = kids.findIndex((c) => c.kind === 'block' && c.element?.tag === 'body');
    const body = kids[bodyIndex];
    if (body && body.kind === 'block' && body.style.backgroundColor.a > 0) {
      canvas ??= body.style.backgroundColor;
      const children = [...kids];
      children[bodyIndex] = { ...body, style: { ...body.style, backgroundColor: { r: 0, g: 0, b: 0, a: 0 } } };
      rootBox = root.kind === 'block' ? { ...root, children } : { ...root, items: children };
    }
  }
  ctx.cbHeight = page.pageArea.height; // the initial containing block has the page area's height
  const painted = paintBlockLevel(rootBox, page.pageArea.width, ctx);
  const content: PdfNode[] = [];
  if (painted.node) {
    // the root's margins do not collapse with anything: they are space in the page area
    const mg = painted.node.margin ?? [0, 0, 0, 0];
    // (the bottom margin is truncated at the end of the last page, as CSS Fragmentation 3 §5.2 does)
    // pdfmake has one set of page margins: the first page's own top margin (@page :first) moves the flow's start
    painted.node.margin = margin(mg[0], mg[1] + Math.max(0, painted.marginTop) + page.firstPageTopShift, mg[2], mg[3]);
    content.push(painted.node);
  }
  return { content, canvas, canvasImage };
}

/** pdfmake's `background` callback filling each page area with the canvas colour. */
export function canvasBackground(color: RGBA | undefined, image: PdfNode | undefined, page: PageGeometry): () => PdfNode {
  // Chromium paints the canvas background over the page area, not the page margins
  const m = page.margin;
  return () => {
    const layers: PdfNode[] = [];
    if (color) layers.push({ canvas: [{ type: 'rect', x: m.left, y: m.top, w: page.pageArea.width, h: page.pageArea.height, color: hexColor(color), ...(color.a < 1 ? { fillOpacity: color.a } : {}) }] });
    if (image) layers.push({ ...structuredClone(image), absolutePosition: { x: m.left + (image.margin?.[0] ?? 0), y: m.top + (image.margin?.[1] ?? 0) }, margin: margin(0, 0, 0, 0) } as PdfNode);
    return { stack: layers };
  };
}
