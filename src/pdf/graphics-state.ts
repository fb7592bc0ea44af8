// pdfmake's table-cell vertical alignment (`verticalAlignment: 'middle' | 'bottom'`) wraps a
// cell in save()/translate()/restore(). Its guard (`isCellContentMultiPage`) only asks whether
// the cell's *content* spans pages; when the save() is written at the foot of one page and the
// whole row then moves to the next, the `q` stays open on the first page's content stream and
// an unmatched `Q` lands on the second — invalid PDF (poppler: "Restoring state when no valid
// states to pop"). The UA sheet gives every cell `vertical-align: middle`, so any table that
// breaks across pages hit it. Here each page's content stream is kept balanced: a restore()
// only closes a save() made on the same page, and saves still open when a page ends are
// closed before the next page begins.
import { pdfkitDocumentPrototype, pdfmakeInternal, pdfNumber as number, FastPath } from './internals';

interface PdfkitDoc { page: unknown; restore(): unknown; addPage(...args: unknown[]): unknown }
interface VerticalAlignItem { isCellContentMultiPage?: boolean; verticalAlignment?: string }
interface RendererLike { pdfDocument: PdfkitDoc; openAlignmentSaves?: unknown[] }
type RendererProto = {
  beginVerticalAlignment(this: RendererLike, item: VerticalAlignItem): void;
  endVerticalAlignment(this: RendererLike, item: VerticalAlignItem): void;
  renderPages(this: RendererLike, pages: unknown): unknown;
};

const savesState = (item: VerticalAlignItem) =>
  !item.isCellContentMultiPage && (item.verticalAlignment === 'middle' || item.verticalAlignment === 'bottom');

const Renderer = pdfmakeInternal<{ prototype: RendererProto }>('Renderer');
const proto = Renderer.prototype;
const begin = proto.beginVerticalAlignment;
const renderPages = proto.renderPages;

proto.beginVerticalAlignment = function beginVerticalAlignment(item) {
  begin.call(this, item);
  if (savesState(item)) (this.openAlignmentSaves ??= []).push(this.pdfDocument.page);
};

proto.endVerticalAlignment = function endVerticalAlignment(item) {
  if (!savesState(item)) return;
  const open = this.openAlignmentSaves ?? [];
  // Only a save() made on this page may be restored here; one from an earlier page was
  // already closed when that page ended.
  if (open.length > 0 && open[open.length - 1] === this.pdfDocument.page) {
    open.pop();
    this.pdfDocument.restore();
  }
};

proto.renderPages = function patchedRenderPages(pages) {
  const doc = this.pdfDocument;
  const addPage = doc.addPage;
  doc.addPage = (...args: unknown[]) => {
    const open = this.openAlignmentSaves ?? [];
    while (open.length > 0 && open[open.length - 1] === doc.page) { open.pop(); doc.restore(); }
    return addPage.apply(doc, args);
  };
  try {
    const result = renderPages.call(this, pages);
    const open = this.openAlignmentSaves ?? [];
    while (open.length > 0) { open.pop(); doc.restore(); }
    return result;
  } finally {
    doc.addPage = addPage;
  }
};

// pdfkit's transform() (every translate, scale, rotate and the text flip) wrote its six
// numbers through a new array, map and join: one array and one string per number, for each
// cell pdfmake centres vertically and each vector it moves. Here the same string is made by
// one template, and the current matrix is updated as pdfkit does.
interface MatrixDocument { _ctm: number[]; addContent(data: string): unknown; transform(...m: number[]): unknown }
const documentProto = pdfkitDocumentPrototype<MatrixDocument>();
const transform = documentProto.transform;
const fastPath = new FastPath();

documentProto.transform = function directTransform(this: MatrixDocument, m11: number, m12: number, m21: number, m22: number, dx: number, dy: number): unknown {
  if (!fastPath.on || arguments.length !== 6) return transform.call(this, m11, m12, m21, m22, dx, dy);
  if (m11 === 1 && m12 === 0 && m21 === 0 && m22 === 1 && dx === 0 && dy === 0) return this;
  const m = this._ctm;
  const m0 = m[0]!; const m1 = m[1]!; const m2 = m[2]!; const m3 = m[3]!; const m4 = m[4]!; const m5 = m[5]!;
  m[0] = m0 * m11 + m2 * m12;
  m[1] = m1 * m11 + m3 * m12;
  m[2] = m0 * m21 + m2 * m22;
  m[3] = m1 * m21 + m3 * m22;
  m[4] = m0 * dx + m2 * dy + m4;
  m[5] = m1 * dx + m3 * dy + m5;
  return this.addContent(`${number(m11)} ${number(m12)} ${number(m21)} ${number(m22)} ${number(dx)} ${number(dy)} cm`);
};

/** Switches back to pdfkit's own transform() (tests comparing output); returns the previous setting. */
export function setDirectMatrices(on?: boolean): boolean {
  return fastPath.set(on);
}
