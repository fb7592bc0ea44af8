// pdfmake's table-cell vertical alignment (`verticalAlignment: 'middle' | 'bottom'`) wraps a
// cell in save()/translate()/restore(). Its guard (`isCellContentMultiPage`) only asks whether
// the cell's *content* spans pages; when the save() is written at the foot of one page and the
// whole row then moves to the next, the `q` stays open on the first page's content stream and
// an unmatched `Q` lands on the second — invalid PDF (poppler: "Restoring state when no valid
// states to pop"). The UA sheet gives every cell `vertical-align: middle`, so any table that
// breaks across pages hit it. Here each page's content stream is kept balanced: a restore()
// only closes a save() made on the same page, and saves still open when a page ends are
// closed before the next page begins.
import { pdfmakeInternal } from './internals';

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
