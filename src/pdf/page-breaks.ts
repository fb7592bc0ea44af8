// pdfmake's pageBreakBefore callback (the engine uses it for headings kept with what follows)
// is handed a description of every node after each layout of the document: pdfmake 0.3's
// LayoutBuilder.layoutDocument built it with a closure per node over a list of sixteen keys,
// and the node's page numbers through map, a Set and Array.from, over positions that a
// container collects from everything inside it (~3% of a statement). Here layoutDocument is
// pdfmake's own, with the same descriptions built by plain loops: the same keys in the same
// order, the page numbers in order of first appearance, the same helpers for the callback. A
// callback carrying `asks(node)` (the engine's does: it can only say yes to a heading kept
// with what follows) is asked about those nodes alone, and the others are described only when
// a helper lists them: a statement's hundreds of table cells were described after its one
// layout for a callback that had nothing to say.
import { pdfmakeInternal, FastPath } from './internals';

interface Position { pageNumber: number }
interface LayoutNode {
  positions: Position[];
  text?: unknown; listMarker?: unknown; stack?: unknown; pageBreak?: string; pageBreakCalculated?: boolean;
  nodeInfo?: NodeInfo; resetXY(): void;
  [key: string]: unknown;
}
type NodeInfo = Record<string, unknown> & { pageNumbers: number[] };
interface LayoutResult { pages: unknown[]; linearNodeList: LayoutNode[] }
interface LayoutBuilderLike {
  svgMeasure: unknown; tableLayouts: unknown; docPreprocessor: unknown; docMeasure: unknown;
  tryLayoutDocument(...args: unknown[]): LayoutResult;
}
type LayoutDocument = (this: LayoutBuilderLike, docStructure: unknown, pdfDocument: unknown, styleDictionary: unknown, defaultStyle: unknown,
  background: unknown, header: unknown, footer: unknown, watermark: unknown, pageBreakBeforeFct: unknown) => unknown;

const LayoutBuilder = pdfmakeInternal<{ prototype: { layoutDocument: LayoutDocument } }>('LayoutBuilder');
const DocPreprocessor = pdfmakeInternal<new () => unknown>('DocPreprocessor');
const DocMeasure = pdfmakeInternal<new (...args: unknown[]) => unknown>('DocMeasure');
const layoutDocument = LayoutBuilder.prototype.layoutDocument;
const fastPath = new FastPath();

/** Switches back to pdfmake's own layoutDocument (tests comparing output); returns the previous setting. */
export function setLeanPageBreakInfo(on?: boolean): boolean {
  return fastPath.set(on);
}

const INFO_KEYS = ['id', 'text', 'ul', 'ol', 'table', 'image', 'qr', 'canvas', 'svg', 'columns', 'headlineLevel', 'style', 'pageBreak', 'pageOrientation', 'width', 'height'];

/** pdfmake's `Array.from(new Set(positions.map((p) => p.pageNumber)))` */
function pageNumbersOf(positions: Position[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < positions.length; i++) {
    const n = positions[i]!.pageNumber;
    if (out.length > 0 && out[out.length - 1] === n) continue;
    let seen = false;
    for (let k = 0; k < out.length; k++) if (Object.is(out[k], n) || (out[k] === 0 && n === 0)) { seen = true; break; }
    if (!seen) out.push(n);
  }
  return out;
}

/** whether a node's description would list the page (without describing it) */
function onPage(node: LayoutNode, page: number): boolean {
  const positions = node.positions;
  for (let i = 0; i < positions.length; i++) if (positions[i]!.pageNumber === page) return true;
  return false;
}

function describe(node: LayoutNode, pages: number): NodeInfo {
  const info: Record<string, unknown> = {};
  for (let k = 0; k < INFO_KEYS.length; k++) {
    const key = INFO_KEYS[k]!;
    if (node[key] !== undefined) info[key] = node[key];
  }
  info.startPosition = node.positions[0];
  info.pageNumbers = pageNumbersOf(node.positions);
  info.pages = pages;
  info.stack = Array.isArray(node.stack);
  return info as NodeInfo;
}

type PageBreakCallback = ((info: NodeInfo, helpers: object) => unknown) & { asks?: unknown };

/**
 * pdfmake's addPageBreaksIfNecessary over one layout of a document. A class, not closures made
 * per document: V8 keeps a closure's optimised code only while an instance of it lives, and
 * compiled these again after every full collection (see matchElement in engine/cascade/match.ts).
 */
class PageBreakPass {
  /** a callback that can say yes only to some nodes may name them (see PageBreakCallback in the engine): the others are neither described nor asked, unless a helper lists them */
  private readonly asks: ((node: LayoutNode) => boolean) | undefined;
  private list: LayoutNode[] = [];
  private infos: (NodeInfo | undefined)[] = [];
  private pages = 0;

  constructor(private readonly callback: PageBreakCallback) {
    this.asks = typeof callback.asks === 'function' ? callback.asks as (node: LayoutNode) => boolean : undefined;
  }

  /** Asks the callback about the laid-out nodes; true when it moved one to a new page (the document is laid out again). */
  breaksAdded(all: LayoutNode[], pages: unknown[]): boolean {
    const list: LayoutNode[] = [];
    for (const node of all) if (node && node.positions.length > 0 && !(node.text === '' && !node.listMarker)) list.push(node);
    this.list = list;
    this.infos = new Array<NodeInfo | undefined>(list.length);
    this.pages = pages.length;
    const asks = this.asks;
    for (let index = 0; index < list.length; index++) {
      const node = list[index]!;
      // (a node not asked about is not marked either: a new key on every node of the document
      // grew each one's property store, 1.5% of a statement's allocation)
      if (asks !== undefined && !asks(node)) continue;
      if (node.pageBreak !== 'before' && !node.pageBreakCalculated) {
        node.pageBreakCalculated = true;
        const nodeInfo = this.info(index);
        if (this.callback(nodeInfo, new PageBreakHelpers(this, nodeInfo.pageNumbers[0]!, index))) {
          node.pageBreak = 'before';
          return true;
        }
      }
    }
    return false;
  }

  /** the description of the list's node i, made once per layout */
  info(i: number): NodeInfo {
    return (this.infos[i] ??= (this.list[i]!.nodeInfo = describe(this.list[i]!, this.pages)));
  }

  /** descriptions of the list's nodes from..to-1 that are on the page */
  nodesOn(page: number, from: number, to: number): NodeInfo[] {
    const found: NodeInfo[] = [];
    for (let i = from; i < to; i++) if (onPage(this.list[i]!, page)) found.push(this.info(i));
    return found;
  }

  get length(): number { return this.list.length; }
}

/** The helpers pdfmake hands the callback with a node. */
class PageBreakHelpers {
  constructor(private readonly pass: PageBreakPass, private readonly pageNumber: number, private readonly index: number) {}
  getFollowingNodesOnPage(): NodeInfo[] { return this.pass.nodesOn(this.pageNumber, this.index + 1, this.pass.length); }
  getNodesOnNextPage(): NodeInfo[] { return this.pass.nodesOn(this.pageNumber + 1, this.index + 1, this.pass.length); }
  getPreviousNodesOnPage(): NodeInfo[] { return this.pass.nodesOn(this.pageNumber, 0, this.index); }
}

LayoutBuilder.prototype.layoutDocument = function leanLayoutDocument(this: LayoutBuilderLike, docStructure, pdfDocument, styleDictionary, defaultStyle,
  background, header, footer, watermark, pageBreakBeforeFct) {
  if (!fastPath.on || typeof pageBreakBeforeFct !== 'function') {
    return layoutDocument.call(this, docStructure, pdfDocument, styleDictionary, defaultStyle, background, header, footer, watermark, pageBreakBeforeFct);
  }
  const pass = new PageBreakPass(pageBreakBeforeFct as PageBreakCallback);
  this.docPreprocessor = new DocPreprocessor();
  this.docMeasure = new DocMeasure(pdfDocument, styleDictionary, defaultStyle, this.svgMeasure, this.tableLayouts);
  let result = this.tryLayoutDocument(docStructure, pdfDocument, styleDictionary, defaultStyle, background, header, footer, watermark);
  while (pass.breaksAdded(result.linearNodeList, result.pages)) {
    for (const node of result.linearNodeList) node.resetXY();
    result = this.tryLayoutDocument(docStructure, pdfDocument, styleDictionary, defaultStyle, background, header, footer, watermark);
  }
  return result.pages;
};
