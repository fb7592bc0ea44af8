// CSS Paged Media 3 §4 page-margin boxes, as far as pdfmake's header/footer callbacks go:
// @top-left/center/right → header, @bottom-left/center/right → footer, with `content` of
// strings, counter(page) and counter(pages), and the box's font-size, color, text-align and
// vertical-align. Margin boxes of :first/:left/:right pages are not applied yet.
import type { ComputedStyle } from '../cascade/computed';
import type { PageStyle } from '../cascade/styled';
import type { CV } from '../css/syntax';
import { parseColor } from '../css/values';
import type { DiagnosticList } from '../diagnostics';
import type { FaceResolver } from '../layout/faces';
import type { PageGeometry } from '../layout/page';
import { hexColor, margin, type PdfNode, type TextNode, type TextRunNode } from './nodes';

type Piece = { kind: 'text'; text: string } | { kind: 'page' } | { kind: 'pages' };

interface MarginBox {
  readonly edge: 'top' | 'bottom';
  readonly align: 'left' | 'center' | 'right';
  readonly pieces: Piece[];
  readonly style: ComputedStyle;
  readonly vertical: 'top' | 'middle' | 'bottom';
}

export interface PageCallbacks {
  header?: (page: number, pages: number) => PdfNode;
  footer?: (page: number, pages: number) => PdfNode;
}

const BOXES: Record<string, { edge: 'top' | 'bottom'; align: 'left' | 'center' | 'right' }> = {
  'top-left': { edge: 'top', align: 'left' }, 'top-center': { edge: 'top', align: 'center' }, 'top-right': { edge: 'top', align: 'right' },
  'bottom-left': { edge: 'bottom', align: 'left' }, 'bottom-center': { edge: 'bottom', align: 'center' }, 'bottom-right': { edge: 'bottom', align: 'right' },
  'top-left-corner': { edge: 'top', align: 'left' }, 'top-right-corner': { edge: 'top', align: 'right' },
  'bottom-left-corner': { edge: 'bottom', align: 'left' }, 'bottom-right-corner': { edge: 'bottom', align: 'right' },
};

const significant = (v: readonly CV[]) => v.filter((c) => c.t !== 'ws');

function contentPieces(value: readonly CV[]): Piece[] | undefined {
  const out: Piece[] = [];
  for (const c of significant(value)) {
    if (c.t === 'str') out.push({ kind: 'text', text: c.v });
    else if (c.t === 'func' && c.name.toLowerCase() === 'counter') {
      const name = significant(c.args)[0];
      if (name?.t === 'ident' && name.v.toLowerCase() === 'page') out.push({ kind: 'page' });
      else if (name?.t === 'ident' && name.v.toLowerCase() === 'pages') out.push({ kind: 'pages' });
      else return undefined;
    } else if (c.t === 'ident' && (c.v === 'none' || c.v === 'normal')) return [];
    else return undefined;
  }
  return out;
}

/** The margin boxes of the plain @page rule, as pdfmake header/footer callbacks. */
export function marginBoxCallbacks(page: PageStyle, geometry: PageGeometry, rootStyle: ComputedStyle, faces: FaceResolver, diagnostics: DiagnosticList): PageCallbacks {
  const boxes: MarginBox[] = [];
  for (const mb of page.marginBoxes ?? []) {
    const where = BOXES[mb.name.toLowerCase().replace(/^@/, '')];
    if (mb.selector !== '' || !where) {
      if (!where) diagnostics.report('unsupported-value', `@${mb.name} margin box is not drawn`);
      continue;
    }
    let pieces: Piece[] | undefined = [];
    let style: ComputedStyle = { ...rootStyle, textAlign: where.align };
    let vertical: MarginBox['vertical'] = 'middle';
    // the page context's fonts and colour first (CSS Paged Media 3 §4.2: margin boxes inherit from it)
    for (const d of [...(page.contextDeclarations ?? []), ...mb.declarations]) {
      const v = significant(d.value);
      switch (d.name) {
        case 'content': pieces = contentPieces(d.value); break;
        case 'font-size': {
          const c = v[0];
          if (c?.t === 'dim') {
            const k = { pt: 1, px: 0.75, mm: 72 / 25.4, cm: 72 / 2.54, in: 72, em: rootStyle.fontSize, rem: rootStyle.fontSize }[c.unit.toLowerCase()];
            if (k) style = { ...style, fontSize: c.v * k };
          }
          break;
        }
        case 'color': { const col = parseColor(v[0]); if (col && col !== 'currentcolor') style = { ...style, color: col }; break; }
        case 'font-family': {
          const fam = v.filter((c) => c.t === 'str' || c.t === 'ident').map((c) => String((c as { v: string }).v));
          if (fam.length) style = { ...style, fontFamily: fam };
          break;
        }
        case 'font-weight': { const c = v[0]; if (c?.t === 'num') style = { ...style, fontWeight: c.v }; else if (c?.t === 'ident' && c.v === 'bold') style = { ...style, fontWeight: 700 }; break; }
        case 'font-style': { const c = v[0]; if (c?.t === 'ident' && (c.v === 'italic' || c.v === 'oblique')) style = { ...style, fontStyle: 'italic' }; break; }
        case 'text-align': { const c = v[0]; if (c?.t === 'ident' && (c.v === 'left' || c.v === 'right' || c.v === 'center')) style = { ...style, textAlign: c.v }; break; }
        case 'vertical-align': { const c = v[0]; if (c?.t === 'ident' && (c.v === 'top' || c.v === 'middle' || c.v === 'bottom')) vertical = c.v; break; }
        default: break;
      }
    }
    if (pieces === undefined) { diagnostics.report('unsupported-value', `content of @${mb.name} is not drawn: only strings, counter(page) and counter(pages)`); continue; }
    if (pieces.length) boxes.push({ ...where, pieces, style, vertical });
  }
  // CSS Fonts 4 §5.3 per-character fallback as in the body (splitRun in text.ts): the callbacks
  // run in pdf/, after the font table is taken, so every face the fallback can pick is
  // registered (and every missing glyph reported) now; digits only where counters print.
  for (const b of boxes) {
    const f = faces.of(b.style);
    const sample = b.pieces.map((p) => (p.kind === 'text' ? p.text : '0123456789')).join('');
    faces.matcher.splitByCoverage(sample, { font: f.font, bold: f.bold, italics: f.italics });
  }
  const out: PageCallbacks = {};
  const top = boxes.filter((b) => b.edge === 'top');
  const bottom = boxes.filter((b) => b.edge === 'bottom');
  if (top.length) out.header = (p, n) => edgeNode(top, p, n, geometry, geometry.margin.top, faces);
  if (bottom.length) out.footer = (p, n) => edgeNode(bottom, p, n, geometry, geometry.margin.bottom, faces);
  return out;
}

/** pdfmake places header/footer content in the page's margin band, across the page area's width. */
function edgeNode(boxes: MarginBox[], page: number, pages: number, g: PageGeometry, height: number, faces: FaceResolver): PdfNode {
  const nodes: TextNode[] = boxes.map((b) => {
    const text = b.pieces.map((p) => (p.kind === 'text' ? p.text : p.kind === 'page' ? String(page) : String(pages))).join('');
    const s = b.style;
    const f = faces.of(s);
    const lh = faces.lineHeight(s);
    // pdfmake drops a line taller than the margin band: squeeze its line box to fit (the glyphs still draw)
    const box = faces.pdfmakeLineHeight(s) * (lh > 0 ? 1 : 0);
    const squeeze = lh > height && lh > 0 ? Math.max(0.05, (height - 0.5) / lh) : 1;
    const runs = faces.matcher.splitByCoverage(text, { font: f.font, bold: f.bold, italics: f.italics }).map((piece) => {
      const run: TextRunNode = { text: piece.text, font: piece.font, fontSize: s.fontSize, color: hexColor(s.color), lineHeight: box * squeeze };
      if (piece.bold) run.bold = true;
      if (piece.italics) run.italics = true;
      if (s.color.a < 1) run.opacity = s.color.a;
      return run;
    });
    const y = b.vertical === 'top' ? 0 : b.vertical === 'bottom' ? Math.max(0, height - lh) : Math.max(0, (height - lh) / 2);
    return { text: runs, alignment: s.textAlign === 'right' || s.textAlign === '-webkit-right' ? 'right' : s.textAlign === 'center' || s.textAlign === '-webkit-center' ? 'center' : 'left', margin: margin(0, y, 0, 0) };
  });
  // pdfmake lays header and footer across the whole page width: the page area is between the
  // margins, which go around the whole edge (not around each column: that squeezed a right box
  // into a quarter of the page). Columns in the order left, center, right, whatever the
  // order of the rules; without a center box, left and right share the width.
  const edge = margin(g.margin.left, 0, g.margin.right, 0);
  if (nodes.length === 1) return { stack: [nodes[0]!], margin: edge };
  const slots = (['left', 'center', 'right'] as const)
    .map((align) => nodes.filter((_, i) => boxes[i]!.align === align))
    .filter((slot, i) => slot.length > 0 || (i !== 1 && nodes.some((_, j) => boxes[j]!.align === 'center')));
  return { columns: slots.map((slot) => ({ width: '*' as const, stack: slot.length ? slot : [{ text: [] }] })), columnGap: 0, margin: edge };
}
