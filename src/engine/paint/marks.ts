// CSS Paged Media 3 §7.2 bleed and §7.3 printer's marks. A page with a bleed is printed on a
// PDF page grown by the bleed on every side: paint draws in page-box coordinates, and the
// page's nodes move by the bleed onto the PDF page, whose TrimBox is the page box and whose
// BleedBox is the whole PDF page (ISO 32000-1 §14.11.2). The marks are drawn in the outer half
// of the bleed, where the sheet is cut off:
//  - crop marks: at each corner, the two trim edges continued from the sheet's edge to half the bleed;
//  - cross (registration) marks: at the middle of each side, a cross and a circle centred a
//    quarter of the bleed in from the sheet's edge.
import type { PageFragment } from '../layout/fragments';
import type { CanvasShape, PdfNode } from './nodes';

/** the marks' stroke, pt (1px, hairline black as the printers' marks are) */
const MARK_WIDTH = 0.75;

const line = (x1: number, y1: number, x2: number, y2: number): CanvasShape => ({ type: 'line', x1, y1, x2, y2, lineWidth: MARK_WIDTH, lineColor: '#000000' });

/** The page's printer's marks, in page-box coordinates (they lie outside it, in the bleed). */
export function printerMarks(page: PageFragment): CanvasShape[] {
  const b = page.bleed ?? 0;
  if (b <= 0 || !page.marks?.length) return [];
  const w = page.width; const h = page.height;
  const out: CanvasShape[] = [];
  if (page.marks.includes('crop')) {
    const reach = b / 2; // from the sheet's edge, -b, towards the trim
    for (const x of [0, w]) for (const [y0, y1] of [[-b, -b + reach], [h + b, h + b - reach]] as const) out.push(line(x, y0, x, y1));
    for (const y of [0, h]) for (const [x0, x1] of [[-b, -b + reach], [w + b, w + b - reach]] as const) out.push(line(x0, y, x1, y));
  }
  if (page.marks.includes('cross')) {
    const arm = b / 4; const r = b / 8; const inset = b - b / 4; // the centre: a quarter of the bleed in from the sheet's edge
    for (const [cx, cy] of [[w / 2, -inset], [w / 2, h + inset], [-inset, h / 2], [w + inset, h / 2]] as const) {
      out.push(line(cx - arm, cy, cx + arm, cy), line(cx, cy - arm, cx, cy + arm));
      out.push({ type: 'ellipse', x: cx, y: cy, r1: r, r2: r, lineWidth: MARK_WIDTH, lineColor: '#000000' });
    }
  }
  return out;
}

/** The PDF page of a page with a bleed: its size, and its nodes moved by the bleed. */
export function bleedPage(page: PageFragment, nodes: PdfNode[]): { size: { width: number; height: number }; nodes: PdfNode[] } {
  const b = page.bleed ?? 0;
  const size = { width: page.width + 2 * b, height: page.height + 2 * b };
  if (b <= 0) return { size, nodes };
  const marks = printerMarks(page);
  const all = marks.length ? [...nodes, { canvas: marks, absolutePosition: { x: 0, y: 0 } } as PdfNode] : nodes;
  return {
    size,
    nodes: all.map((n) => {
      const at = n.absolutePosition ?? { x: 0, y: 0 };
      return { ...n, absolutePosition: { x: at.x + b, y: at.y + b } } as PdfNode;
    }),
  };
}

/** ISO 32000-1 §14.11.2 the page boundaries of a page with a bleed (PDF user space: y up), else undefined. */
export function pageBoundaries(page: PageFragment): { TrimBox: number[]; BleedBox: number[] } | undefined {
  const b = page.bleed ?? 0;
  if (b <= 0) return undefined;
  return { TrimBox: [b, b, b + page.width, b + page.height], BleedBox: [0, 0, page.width + 2 * b, page.height + 2 * b] };
}
