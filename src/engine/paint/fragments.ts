// Paint: the fragment tree onto pdfmake primitives, each absolutely positioned on its page
// (text runs never wrapped, canvas rectangles and lines, images, SVG). Painting order is
// CSS 2.1 Appendix E within each stacking context: the context's own background, negative
// z-index contexts, block backgrounds in tree order, floats, inline content, positioned
// descendants (z-index auto and 0 in tree order), positive z-index contexts.
//
// Flow positions become page positions through the page list: a box whose decorations span
// pages is drawn in slices (CSS Fragmentation 3 box-decoration-break: slice).
import type { ComputedStyle, Gradient, RGBA } from '../cascade/computed';
import type { DiagnosticList } from '../diagnostics';
import type { FontChoice, FontRun } from '../fonts';
import type { FaceResolver } from '../layout/faces';
import { pageIndexAt, type BoxFragment, type Fragment, type ImageFragment, type InlineBoxFragment, type LineFragment, type PageFragment, type TextFragment } from '../layout/fragments';
import type { InkBox, LoadedImage } from '../types';
import { svgAtSize } from '../resources';
import { clippedImage } from './background';
import { dashedLine } from './dashes';
import { decorationShapes } from './decoration';
import { gradientPaint } from './gradient';
import { BoxShadows, borderShape, paddingShape, shadowReach, slicedShape, type Band, type RoundedRect, type ShadowGroup } from './shadow';
import { backgroundTiles, layerOf, type Rect, type Tile } from './tiles';
import { hasTransform, multiply, transformMatrix, type Matrix } from '../cascade/transform';
import { glyphSpacing, hexColor, rectShape, type PdfNode, type TextRunNode } from './nodes';
import { writingMatrix } from '../layout/writing';
import { borderImagePieces } from './border-image';
import { chainFilters, colorFilter, filterNode, FilteredImages, type ColorFilter } from './filter';
import { inflate, outlineContour, outlineOf, outlineRing, type OutlineLook } from './outline';

export interface PaintFragmentsInput {
  readonly pages: readonly PageFragment[];
  readonly root: BoxFragment | undefined;
  readonly fixed: readonly BoxFragment[];
  readonly faces: FaceResolver;
  readonly diagnostics: DiagnosticList;
  readonly imageUrl: (url: string) => LoadedImage | undefined;
  /** ids that links point at: their boxes become named destinations */
  readonly anchors: ReadonlySet<string>;
  /** the canvas colour (CSS Backgrounds 3 §2.11.2: the root's, else body's background) */
  readonly canvas: RGBA | undefined;
  /** the canvas image: the root's or body's background image, on every page area */
  readonly canvasImageStyle: ComputedStyle | undefined;
  /** the style whose background became the canvas: its box does not paint it again */
  readonly canvasSource: ComputedStyle | undefined;
  /** per page: its margin boxes (CSS Paged Media 3 §5), placed as `fixed` boxes are */
  readonly marginBoxes?: readonly (readonly BoxFragment[])[];
  /** per page: its footnote area (CSS GCPM 3 §2.2), placed as `fixed` boxes are */
  readonly footnotes?: readonly (BoxFragment | undefined)[];
  /** per page: the page context's style, for the page box's background image and borders */
  readonly pageStyles?: readonly (ComputedStyle | undefined)[];
}

/** Each page's pdfmake nodes, in painting order. */
export function paintFragments(input: PaintFragmentsInput): PdfNode[][] {
  const painter = new Painter(input);
  for (const page of input.pages) painter.canvasOf(page);
  // Chromium paints each page's margin boxes before the page's content
  input.marginBoxes?.forEach((boxes, i) => { for (const f of boxes) painter.marginBox(f, input.pages[i]!); });
  for (const page of input.pages) painter.openPageArea(page);
  // fixed boxes are positioned descendants of the root's stacking context, in tree order among the others
  if (input.root) painter.stackingContext(input.root, undefined, input.fixed);
  else for (const f of input.fixed) painter.fixedBox(f);
  for (const page of input.pages) painter.closePageArea(page);
  input.footnotes?.forEach((f, i) => { if (f && input.pages[i]) painter.stackingContext(f, input.pages[i]); });
  return painter.finish();
}

/** CSS Text 3 §7.3 the word separators justification widens (inline.ts countSpaces): split keeps them as odd parts */
const WORD_SEPARATOR = /[ \u00a0]/;
const WORD_SEPARATORS = /([ \u00a0])/;

/** one CSS px, pt */
const PX = 0.75;

/**
 * At most this many background tiles in a document (each is an image node): a small pattern
 * repeated over thousands of pages would otherwise fill the render's memory (400 tiles per box
 * per page, tiles.ts, over 2,000 pages is 800,000 images).
 */
const MAX_DOCUMENT_TILES = 20_000;

const transparent = (c: RGBA) => c.a <= 0;
const TRANSPARENT: RGBA = { r: 0, g: 0, b: 0, a: 0 };

class Painter {
  readonly out: PdfNode[][];
  private readonly placedIds = new Set<string>();

  constructor(private readonly o: PaintFragmentsInput) {
    this.out = o.pages.map(() => []);
    this.open = o.pages.map(() => undefined);
  }

  // ---- clips and transforms ----------------------------------------------------------

  /** the scope the nodes being painted are drawn in */
  private scope: Scope | undefined;
  /** per page: the scope whose clips and transforms the page's node list has open */
  private readonly open: (Scope | undefined)[];

  /** Opens and closes clip and transform groups on a page so that what follows is drawn in `scope`. */
  private enter(pageIdx: number, scope: Scope | undefined): void {
    const open = this.open[pageIdx];
    const have = open?.groups ?? NO_GROUPS; const want = scope?.groups ?? NO_GROUPS;
    if (have === want) return;
    const list = this.out[pageIdx]!;
    let k = 0;
    while (k < have.length && k < want.length && have[k] === want[k]) k++;
    for (let i = have.length; i > k; i--) list.push({ end: true, absolutePosition: { x: 0, y: 0 } });
    const page = this.o.pages[pageIdx]!;
    for (let i = k; i < want.length; i++) list.push(this.group(want[i]!, page));
    this.open[pageIdx] = scope;
  }

  /** the group node that opens a scope's clip or transform on a page (page coordinates) */
  private group(s: Scope, page: PageFragment): PdfNode {
    const op = s.op!;
    if ('opacity' in op) return { opacity: op.opacity, absolutePosition: { x: 0, y: 0 } };
    if ('matrix' in op) {
      const o = this.at(page, 0, 0, s.fixed);
      // the matrix is in flow coordinates: moved onto the page
      const m = multiply(multiply([1, 0, 0, 1, o.x, o.y], op.matrix), [1, 0, 0, 1, -o.x, -o.y]);
      return { matrix: m.map(round3) as unknown as Matrix, absolutePosition: { x: 0, y: 0 } };
    }
    const p = this.at(page, op.x, op.y, s.fixed);
    return { clip: { x: round3(p.x), y: round3(p.y), width: round3(op.width), height: round3(op.height), r: round3(op.r) }, absolutePosition: { x: 0, y: 0 } };
  }

  /** The node lists, every group closed. */
  finish(): PdfNode[][] {
    this.out.forEach((_, i) => this.enter(i, undefined));
    return this.out;
  }

  // ---- flow → page ---------------------------------------------------------------

  /** the index of the page showing flow position y */
  private pageIndex(y: number): number {
    return pageIndexAt(this.o.pages, y);
  }

  /** page x and y of a flow position on a page (for `fixed`, y is relative to the page area's top, moved by fixedShift) */
  private at(page: PageFragment, x: number, y: number, fixed: boolean): { x: number; y: number } {
    return { x: page.margin.left + x, y: page.margin.top + (fixed ? y + this.fixedShift : y - page.flowTop) };
  }

  /** whether the nodes being painted are drawn under a transform */
  private transformed(): boolean {
    for (const g of this.scope?.groups ?? NO_GROUPS) if (g.op && 'matrix' in g.op) return true;
    return false;
  }

  /** where the copy of the fixed boxes being painted is placed, from the top of the page area they are painted on */
  private fixedShift = 0;

  // ---- the page area -----------------------------------------------------------------

  /**
   * Chromium prints what the document paints on a page inside the page area only: a negative
   * margin, a hanging marker, a shadow or a fixed box reaching into the page margins is cut at
   * the area's edges (CSS Paged Media 3 §3.2 leaves it to the UA). The page-margin boxes and
   * footnote areas are drawn after the cut.
   */
  openPageArea(page: PageFragment): void {
    const m = page.margin;
    this.cut[page.index] = true;
    this.out[page.index]!.push(clipNode({ x: m.left, y: m.top, width: page.width - m.left - m.right, height: page.flowBottom - page.flowTop, r: 0 }));
  }

  closePageArea(page: PageFragment): void {
    this.enter(page.index, undefined);
    this.out[page.index]!.push({ end: true, absolutePosition: { x: 0, y: 0 } });
    this.cut[page.index] = false;
  }

  /** per page: whether what is painted now is cut to the page area (the document's content, not the page-margin boxes) */
  private readonly cut: boolean[] = [];

  /**
   * CSS 2.1 §9.6.1 fixed boxes in print, as Chromium paints them: every page has its copy,
   * placed against its own page area; a copy reaching past its page area shows, cut at the area's
   * edges, on each page whose area it reaches (a footer below the page area, `bottom: -15mm`,
   * shows at the top of the next page and on no page of its own; one above the area, on the
   * page before).
   */
  fixedBox(f: BoxFragment): void {
    const pages = this.o.pages;
    for (const page of pages) {
      const top = page.flowTop + f.y; const bottom = top + f.height;
      if (top >= page.flowTop - 0.001 && bottom <= page.flowBottom + 0.001) { this.stackingContext(f, page); continue; }
      // the copies k whose box [flowTop(k) + f.y, + f.height] meets this page's area (flowTop rises with k)
      const after = page.flowTop - f.y - f.height;
      let lo = 0; let hi = pages.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (pages[mid]!.flowTop > after) hi = mid; else lo = mid + 1; }
      for (let k = lo; k < pages.length && pages[k]!.flowTop + f.y < page.flowBottom; k++) {
        this.fixedShift = pages[k]!.flowTop - page.flowTop;
        this.stackingContext(f, page);
        // (the next copy opens its clips and transforms at its own place)
        this.enter(page.index, undefined);
      }
      this.fixedShift = 0;
    }
  }

  /**
   * Adds a node to a page (none that starts past the page's edge). Shapes drawn one after another at the page origin go into one
   * canvas node: pdfmake handles one node instead of one per rectangle and border side.
   */
  private emit(pageIdx: number, node: PdfNode): void {
    const list = this.out[pageIdx];
    if (!list) return;
    if (this.filter) node = this.filtered(node, this.filter);
    this.enter(pageIdx, this.scope);
    const shapes = canvasShapes(node);
    if (shapes) {
      const last = list[list.length - 1];
      const lastShapes = last && this.merged.has(last) ? canvasShapes(last) : undefined;
      if (lastShapes) { lastShapes.push(...shapes); return; }
      const fresh = { canvas: [...shapes], absolutePosition: { x: 0, y: 0 } } as unknown as PdfNode;
      this.merged.add(fresh);
      list.push(fresh);
      return;
    }
    const page = this.o.pages[pageIdx]!;
    const at = (node as { absolutePosition?: { x: number; y: number } }).absolutePosition;
    if (at && !(at.x < page.width && at.y < page.height)) {
      // it starts past the page's right or bottom edge, so nothing of it shows (and pdfmake
      // would start a page for it); a link's destination is kept, on the page's edge
      if (!('id' in node)) return;
      const edge = (v: number, max: number) => (v < max ? v : max - 1);
      list.push({ ...node, absolutePosition: { x: edge(at.x, page.width), y: edge(at.y, page.height) } } as PdfNode);
      return;
    }
    list.push(node);
  }

  // ---- filters (Filter Effects 1, filter.ts) ------------------------------------------

  /** the colour filter of the elements around what is being painted, innermost first */
  private filter: ColorFilter | undefined;
  /** the style whose filter is innermost (a replaced box's image carries its box's style: filtered once) */
  private filterStyle: ComputedStyle | undefined;
  private readonly filteredImages = new FilteredImages();

  /** a node through a filter; an image the filter cannot read is drawn as it is, said once */
  private filtered(node: PdfNode, f: ColorFilter): PdfNode {
    const out = filterNode(node, f, this.filteredImages);
    if (out) return out;
    this.o.diagnostics.report('unsupported-value', 'filter: an image whose pixels cannot be decoded (an interlaced PNG) is drawn unfiltered');
    return node;
  }

  /** Paints `body` with `f`'s colour filter (Filter Effects 1 §13) chained outside the element's own. */
  private withFilter(style: ComputedStyle, body: () => void): void {
    const own = style.filter.length ? colorFilter(style.filter) : undefined;
    if (!own) { body(); return; }
    const outer = this.filter; const outerStyle = this.filterStyle;
    this.filter = chainFilters(own, outer); this.filterStyle = style;
    try { body(); } finally { this.filter = outer; this.filterStyle = outerStyle; }
  }

  /** background tiles the document may still draw */
  private tilesLeft = MAX_DOCUMENT_TILES;

  /** the canvas nodes this painter made (others are never appended to) */
  private readonly merged = new WeakSet<object>();

  canvasOf(page: PageFragment): void {
    const area = { width: page.width - page.margin.left - page.margin.right, height: page.flowBottom - page.flowTop };
    // CSS Paged Media 3 §3.2: the page box's background covers the whole page and its bleed (§7.2), the canvas the page area
    const b = page.bleed ?? 0;
    if (page.backgroundColor && !transparent(page.backgroundColor)) this.emit(page.index, rectNode(-b, -b, page.width + 2 * b, page.height + 2 * b, page.backgroundColor));
    const ps = this.o.pageStyles?.[page.index];
    if (ps) this.pageBox(page, ps);
    const c = this.o.canvas;
    if (c && !transparent(c)) this.emit(page.index, rectNode(page.margin.left, page.margin.top, area.width, area.height, c));
    const s = this.o.canvasImageStyle;
    if (s) {
      // CSS Backgrounds 3 §2.11.1: the canvas image is sized and positioned against the root
      // element's box, as Chromium prints it: one box through the flow (each page shows its
      // part), of the root's border-box size but at the flow's origin (the root's margin moves
      // the root, not its canvas image)
      const clip = { x: page.margin.left, y: page.margin.top, width: area.width, height: area.height };
      const root = this.o.root;
      const top = page.margin.top - page.flowTop;
      let boxes: BackgroundBoxes;
      if (root) boxes = boxesOf({ x: page.margin.left, y: top, width: root.width, height: root.height }, root.border, root.padding);
      else {
        const last = this.o.pages[this.o.pages.length - 1]!;
        const flow = { ...clip, y: top, height: last.flowBottom };
        boxes = { 'border-box': flow, 'padding-box': flow, 'content-box': flow };
      }
      this.backgroundLayers(s, page.index, boxes, clip, 0, true);
    }
  }

  /**
   * CSS Backgrounds 3 §2.2 the background image layers of a style, the last one first (the first
   * is on top): each layer's tiles over its background-origin box, cut to its background-clip
   * box (rounded by `r` at the border box) and to `visible` (the part of the box on this page).
   * The canvas's layers (§2.11.1) paint the whole of `visible`, whatever their background-clip.
   */
  private backgroundLayers(s: ComputedStyle, pageIndex: number, boxes: BackgroundBoxes, visible: Rect, r: number, canvas = false): void {
    const layers = s.backgroundImage;
    if (layers === 'none') return;
    for (let i = layers.length - 1; i >= 0; i--) {
      const layer = layers[i]!;
      if (layer === 'none') continue;
      const clipName = layerOf(s.backgroundClip, i);
      // (background-clip: text paints the background only inside the glyphs: not drawn)
      if (clipName === 'text') continue;
      const area = boxes[layerOf(s.backgroundOrigin, i) as keyof BackgroundBoxes] ?? boxes['padding-box'];
      const box = canvas ? visible : boxes[clipName as keyof BackgroundBoxes] ?? boxes['border-box'];
      const clip = intersect(box, visible);
      if (!(area.width > 0) || !(area.height > 0) || !(clip.width > 0.001) || !(clip.height > 0.001)) continue;
      // the clip box's corners: the border box's radius less the border (and padding) inside it
      const inset = Math.max(box.x - boxes['border-box'].x, box.y - boxes['border-box'].y);
      const cr = r > 0 ? Math.max(0, Math.min(r - inset, clip.width / 2, clip.height / 2)) : 0;
      const rounded = cr > 0 ? { ...clip, r: cr } : undefined;
      if ('url' in layer) this.imageLayer(s, i, layer.url, pageIndex, area, clip, rounded);
      else this.gradientLayer(s, i, layer.gradient, pageIndex, area, clip, rounded);
    }
  }

  /** Takes one tile from the document's budget; false (said once) when it is spent. */
  private takeTile(): boolean {
    if (this.tilesLeft-- > 0) return true;
    if (this.tilesLeft === -1) this.o.diagnostics.report('limit-exceeded', `The document's background images need more than ${MAX_DOCUMENT_TILES} tiles; the rest are not drawn`);
    return false;
  }

  /** a url() layer's tiles (page coordinates), inside the rounded clip when there is one */
  private imageLayer(s: ComputedStyle, layer: number, url: string, pageIndex: number, area: Rect, clip: Rect, rounded: (Rect & { r: number }) | undefined): void {
    const img = this.o.imageUrl(url);
    if (!img) return;
    const tiles = backgroundTiles(s, area, clip, img.width, img.height, layer);
    if (tiles.length === 0) return;
    if (rounded) this.emit(pageIndex, { clip: { x: round3(rounded.x), y: round3(rounded.y), width: round3(rounded.width), height: round3(rounded.height), r: round3(rounded.r) }, absolutePosition: { x: 0, y: 0 } });
    for (const t of tiles) {
      if (!this.takeTile()) break;
      if (img.kind === 'svg') {
        // (an SVG is drawn whole: pdfmake does not clip it)
        const r = t.full ?? t;
        this.emit(pageIndex, { svg: this.svgAt(img, img.markup, r), width: r.width, height: r.height, absolutePosition: { x: r.x, y: r.y } });
        continue;
      }
      if (t.full && !t.cover) { this.emit(pageIndex, place(clippedImage(img.dataUrl, t, t.full), t.x, t.y)); continue; }
      const node: Record<string, unknown> = { image: img.dataUrl, width: t.width, height: t.height, absolutePosition: { x: t.x, y: t.y } };
      if (t.cover) node.cover = { width: t.width, height: t.height, align: t.cover.align, valign: t.cover.valign };
      this.emit(pageIndex, node as unknown as PdfNode);
    }
    if (rounded) this.emit(pageIndex, { end: true, absolutePosition: { x: 0, y: 0 } });
  }

  /**
   * CSS Images 3 §3 a gradient layer: each tile a rectangle filled with the gradient's shading
   * (placed over the whole tile, drawn on its visible part); a gradient of one colour is one
   * rectangle over all its tiles.
   */
  private gradientLayer(s: ComputedStyle, layer: number, g: Gradient, pageIndex: number, area: Rect, clip: Rect, rounded: (Rect & { r: number }) | undefined): void {
    // (a conic gradient is not drawn: the cascade said so where it is written)
    const tiles = backgroundTiles(s, area, clip, undefined, undefined, layer);
    if (tiles.length === 0) return;
    const fills = (t: Tile) => Math.abs(t.x - clip.x) < 0.01 && Math.abs(t.y - clip.y) < 0.01 && Math.abs(t.width - clip.width) < 0.01 && Math.abs(t.height - clip.height) < 0.01;
    const first = gradientPaint(g, tiles[0]!.full ?? tiles[0]!);
    if (!first) return;
    if ('color' in first) {
      // tiles of one colour side by side: their union
      if (first.color.a <= 0 || !this.takeTile()) return;
      const x = Math.min(...tiles.map((t) => t.x)); const y = Math.min(...tiles.map((t) => t.y));
      const union = { x, y, width: Math.max(...tiles.map((t) => t.x + t.width)) - x, height: Math.max(...tiles.map((t) => t.y + t.height)) - y };
      const whole = fills(union);
      if (rounded && !whole) this.emit(pageIndex, clipNode(rounded));
      this.emit(pageIndex, rectNode(union.x, union.y, union.width, union.height, first.color, rounded && whole ? rounded.r : 0));
      if (rounded && !whole) this.emit(pageIndex, { end: true, absolutePosition: { x: 0, y: 0 } });
      return;
    }
    const whole = tiles.length === 1 && fills(tiles[0]!);
    if (rounded && !whole) this.emit(pageIndex, clipNode(rounded));
    for (const t of tiles) {
      if (!this.takeTile()) break;
      const paint = gradientPaint(g, t.full ?? t);
      if (!paint || !('shading' in paint)) continue;
      const shape: Record<string, unknown> = { type: 'rect', x: round3(t.x), y: round3(t.y), w: round3(t.width), h: round3(t.height), gradient: paint.shading };
      if (rounded && whole) shape.r = round3(rounded.r);
      this.emit(pageIndex, { canvas: [shape], absolutePosition: { x: 0, y: 0 } } as PdfNode);
    }
    if (rounded && !whole) this.emit(pageIndex, { end: true, absolutePosition: { x: 0, y: 0 } });
  }

  /**
   * CSS Paged Media 3 §3.2: the page box's background image painted over the whole page and its
   * bleed, its borders around the page area's margins' inner edge. Chromium positions and sizes
   * the image against the root element's box as laid out from the page area's origin, the same
   * on every page (not the part of the flow the page shows): `background-position: center` is the
   * middle of the whole document, `cover` covers the document's height.
   */
  private pageBox(page: PageFragment, s: ComputedStyle): void {
    if (s.backgroundImage !== 'none') {
      const b = page.bleed ?? 0;
      const whole = { x: 0 - b, y: 0 - b, width: page.width + 2 * b, height: page.height + 2 * b }; // (0 - 0 is +0: no bleed places at 0, not -0)
      const root = this.o.root;
      const boxes = root
        ? boxesOf({ x: page.margin.left + root.x, y: page.margin.top + root.y, width: root.width, height: root.height }, root.border, root.padding)
        : { 'border-box': whole, 'padding-box': whole, 'content-box': whole };
      this.backgroundLayers(s, page.index, boxes, whole, 0, true);
    }
    const b = s.borderWidth;
    if (b.top + b.right + b.bottom + b.left <= 0) return;
    const m = page.cssMargin ?? page.margin;
    const frame: BoxFragment = {
      kind: 'box', style: s, element: undefined, x: 0, y: 0, width: page.width - m.left - m.right, height: page.height - m.top - m.bottom,
      border: { top: b.top, right: b.right, bottom: b.bottom, left: b.left }, padding: { top: 0, right: 0, bottom: 0, left: 0 }, children: [],
    };
    this.borders(frame, page.index, m.left, m.top, frame.height, true, true, 0);
  }

  // ---- CSS 2.1 Appendix E ------------------------------------------------------------

  /** the page-margin box being painted: Chromium 156 draws it opaque whatever its `opacity` */
  private marginBoxRoot: BoxFragment | undefined;

  /** paints a page-margin box (CSS Paged Media 3 §5) */
  marginBox(f: BoxFragment, page: PageFragment): void {
    this.marginBoxRoot = f;
    try { this.stackingContext(f, page); } finally { this.marginBoxRoot = undefined; }
  }

  /**
   * paints `f` as a stacking context (or as if it were one: positioned z-index: auto). `atomic`:
   * `f` is a float or an atomic inline that is not positioned, painted as if it made a stacking
   * context but whose positioned descendants (z-index auto, 0 and above) belong to the enclosing
   * one (CSS 2.1 Appendix E steps 5 and 7.2.1): they join its layers and paint in its steps 8 and 9.
   */
  stackingContext(f: BoxFragment, fixedPage: PageFragment | undefined, fixed: readonly BoxFragment[] = [], atomic = false): void {
    // (an anonymous box carries its element's style: the element's own box is the one filtered)
    if (f.element && f.style.filter.length) this.withFilter(f.style, () => this.paintContext(f, fixedPage, fixed, atomic));
    else this.paintContext(f, fixedPage, fixed, atomic);
  }

  /** the layers of the stacking context being painted, which floats' and atomic inlines' positioned descendants join */
  private enclosing: Layers | undefined;

  private paintContext(f: BoxFragment, fixedPage: PageFragment | undefined, fixed: readonly BoxFragment[], atomic: boolean): void {
    // CSS Color 4 §3.2: an element of opacity 0 is drawn fully transparent: Chromium writes nothing of it
    // (no text, no link), but keeps the named destinations inside it
    if (f.element && f.style.opacity <= 0 && f !== this.marginBoxRoot) { this.destinationsIn(f, fixedPage); return; }
    const layers: Layers = { negative: [], blocks: [], floats: [], inline: [], positioned: [], positive: [] };
    // CSS Color 4 §3.2: an out-of-flow box placed outside ancestors with an opacity is still in their groups
    const around = this.scopes.get(f);
    const outer = f.escapedOpacity !== undefined ? opacityScope(around, f.escapedOpacity, !!fixedPage) : around;
    // CSS Transforms 1 §6: the box and everything it paints are drawn under its matrix
    // (an anonymous box carries its element's style: the element's own box is the one transformed)
    const matrix = f.element ? transformMatrix(f.style, f) : undefined;
    const transformed = matrix ? scopeOf(outer, { matrix }, !!fixedPage, true) : outer;
    // CSS Color 4 §3.2: the element and its descendants are composited as one group with its opacity
    const faded = f.element && f.style.opacity < 1 && f !== this.marginBoxRoot ? opacityScope(transformed, f.style.opacity, !!fixedPage) : transformed;
    // CSS 2.1 §11.1.2 `clip`: an absolutely positioned box and its content cut to the clip rectangle
    const cut = f.element && f.style.clip !== 'auto' && (f.style.position === 'absolute' || f.style.position === 'fixed') ? clipRect(f, f.style.clip) : undefined;
    const own = cut ? scopeOf(faded, { ...cut, r: 0 }, !!fixedPage, false) : faded;
    this.collect(f, layers, turned(f, clipInside(f, own, !!fixedPage, true), !!fixedPage));
    for (const x of fixed) layerOfPositioned(layers, x).push(x);
    const enclosing = this.enclosing;
    if (atomic && enclosing) {
      enclosing.positioned.push(...layers.positioned.splice(0));
      enclosing.positive.push(...layers.positive.splice(0));
    } else this.enclosing = layers;
    const outerOutlines = this.outlines;
    this.outlines = undefined;
    const paint = (c: BoxFragment) => { if (fixed.length && fixed.includes(c)) this.fixedBox(c); else this.stackingContext(c, fixedPage); };
    this.scope = own;
    this.boxDecorations(f, fixedPage);
    for (const c of inTreeOrder(layers.negative, true)) paint(c);
    // (indexed loops: the root's context runs once per document with every block and line of it,
    // mostly before V8 optimizes it, where a for-of allocates an iterator result per item)
    const blocks = layers.blocks;
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i]!;
      this.scope = this.scopes.get(b);
      this.boxDecorations(b, fixedPage);
      if (b.style.outlineStyle !== 'none') this.queueOutline(b, fixedPage);
    }
    for (const fl of layers.floats) this.stackingContext(fl, fixedPage, [], true);
    const inline = layers.inline;
    for (let i = 0; i < inline.length; i++) this.inlineContent(inline[i]!, fixedPage);
    // CSS 2.1 Appendix E step 10, where Chromium paints it: the outlines of the context's
    // descendants, then its own, after its content and before its positioned descendants
    this.scope = own;
    if (f.style.outlineStyle !== 'none') this.queueOutline(f, fixedPage);
    if (this.outlines) this.paintOutlines(this.outlines);
    this.outlines = outerOutlines;
    for (const p of inTreeOrder(layers.positioned, false)) paint(p);
    for (const c of inTreeOrder(layers.positive, true)) paint(c);
    this.enclosing = enclosing;
    this.scope = outer;
  }

  /**
   * The scope each fragment is painted in (CSS Overflow 3 §3 the clips of the boxes around it,
   * CSS Transforms 1 the transforms). Paint also leaves out what lies wholly outside a clip.
   */
  private readonly scopes = new Map<Fragment, Scope>();
  /** the style of the block container whose line boxes these are (its own text is not an inline box's) */
  private readonly lineOwners = new Map<LineFragment, ComputedStyle>();

  /** `element`: the style of the element `f` is a box of (an anonymous box's: its parent element's), whose text its lines hold */
  private collect(f: BoxFragment, layers: Layers, scope: Scope | undefined, element: ComputedStyle = f.style): void {
    const children = f.children;
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!;
      // an absolutely positioned box escapes the clips of boxes that are not its containing block's ancestor-or-self
      const cc = c.kind === 'box' && scope && (c.fixed || c.style.position === 'absolute') ? (c.fixed ? undefined : scope.absolute) : scope;
      if (cc) {
        if (cc.cull && outside(c, cc.cull) && !reachesInto(c, cc.cull, this.o.faces.knowsInk)) continue;
        this.scopes.set(c, cc);
      }
      switch (c.kind) {
        case 'box': {
          if (c.style.display === 'none' || c.style.visibility !== 'visible' && c.children.length === 0) break;
          // (Filter Effects 1 §5: a filter other than none makes a stacking context)
          // (CSS Color 4 §3.2: so does an opacity below 1)
          if (paintsAsPositioned(c)) { layerOfPositioned(layers, c).push(c); break; }
          if (c.float || c.style.float !== 'none') { layers.floats.push(c); break; }
          layers.blocks.push(c);
          this.collect(c, layers, turned(c, clipInside(c, cc, scope?.fixed ?? false, false), scope?.fixed ?? false), c.element ? c.style : element);
          break;
        }
        case 'line': this.lineOwners.set(c, element); layers.inline.push(c); break;
        case 'text': case 'image': case 'inline-box': layers.inline.push(c); break;
      }
    }
  }

  // ---- boxes -----------------------------------------------------------------------

  private boxDecorations(f: BoxFragment, fixedPage: PageFragment | undefined): void {
    const s = f.style;
    if (s.visibility !== 'visible') { this.destination(f, fixedPage); return; }
    const bg = s === this.o.canvasSource ? TRANSPARENT : s.backgroundColor;
    const b = f.border;
    // most boxes (a table's cells and rows, anonymous blocks) paint nothing of their own but what collapsed borders they carry
    const paints = !transparent(bg) || (s.backgroundImage !== 'none' && s !== this.o.canvasSource) || (s.boxShadow.length > 0 && !!f.element) || b.top > 0 || b.right > 0 || b.bottom > 0 || b.left > 0 || s.borderImageSource !== 'none';
    const radius = paints ? radiusOf(f) : 0;
    if (paints) for (const slice of this.slices(f.y, f.height, fixedPage)) {
      const { page, top, bottom } = slice;
      const first = slice.first && !f.continuesFrom; const last = slice.last && !f.continuesTo;
      const p = this.at(page, f.x, top, !!fixedPage);
      const h = bottom - top;
      const r = radius > 0 && first && last ? Math.min(radius, f.width / 2, h / 2) : 0;
      // CSS Backgrounds 3 §7: outer shadows under the background, inset ones above it (the box whole, cut at the slice)
      let shape: ShadowShapes | undefined;
      // (an anonymous box carries its element's style: the element's own box has the shadows)
      if (s.boxShadow.length && f.element) {
        const band: Band | undefined = first && last ? undefined : { top: first ? undefined : p.y, bottom: last ? undefined : p.y + h };
        const whole = { x: p.x, y: p.y - (top - f.y), width: f.width, height: f.height };
        shape = shadowShapes(s, whole, band, { top: !!f.continuesFrom, bottom: !!f.continuesTo }, f.border);
        this.paintGroup(page.index, this.shadows.outer(s.boxShadow, shape.border, shape.band));
      }
      if (!transparent(bg) && f.width > 0 && h > 0) this.emit(page.index, rectNode(p.x, p.y, f.width, h, bg, r));
      if (s.backgroundImage !== 'none' && s !== this.o.canvasSource) {
        // the boxes run through the pages (on a later page they start above it); this slice shows its part
        const boxTop = p.y - (top - f.y);
        this.backgroundLayers(s, page.index, boxesOf({ x: p.x, y: boxTop, width: f.width, height: f.height }, f.border, f.padding), { x: p.x, y: p.y, width: f.width, height: h }, r);
      }
      if (shape) this.paintGroup(page.index, this.shadows.inset(s.boxShadow, shape.padding, shape.band));
      // CSS Backgrounds 3 §6.1: a border image that loads is drawn instead of the border styles (the box whole, cut at the page area)
      if (s.borderImageSource !== 'none' && this.borderImage(f, page.index, { x: p.x, y: p.y - (top - f.y), width: f.width, height: f.height })) continue;
      this.borders(f, page.index, p.x, p.y, h, first, last, r);
    }
    if (f.collapsedBorders) for (const seg of f.collapsedBorders) {
      const idx = fixedPage ? fixedPage.index : this.pageIndex(f.y + seg.y1);
      const page = fixedPage ?? this.o.pages[idx]!;
      const a = this.at(page, f.x + seg.x1, f.y + seg.y1, !!fixedPage);
      const b = this.at(page, f.x + seg.x2, f.y + seg.y2, !!fixedPage);
      if (seg.width > 0 && seg.style !== 'none' && seg.style !== 'hidden' && !transparent(seg.color)) {
        const canvas = seg.style === 'dashed' || seg.style === 'dotted'
          ? dashedLine({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, width: seg.width, color: seg.color, style: seg.style })
          : [lineShape(a.x, a.y, b.x, b.y, seg.width, seg.color, seg.style)];
        this.emit(page.index, { canvas, absolutePosition: { x: 0, y: 0 } } as PdfNode);
      }
    }
    this.destination(f, fixedPage);
  }

  /** the box shadows of this render (each blurred mask encoded once) */
  private readonly shadows = new BoxShadows();

  /** Nodes drawn inside clips (a shadow group), in the current scope. */
  private paintGroup(pageIdx: number, g: ShadowGroup | undefined): void {
    const list = this.out[pageIdx];
    if (!g || !list) return;
    this.enter(pageIdx, this.scope);
    list.push(...g.clips);
    for (const n of g.nodes) this.emit(pageIdx, n);
    for (let i = 0; i < g.clips.length; i++) list.push({ end: true, absolutePosition: { x: 0, y: 0 } });
  }

  /** the named destinations of a box and the boxes inside it, and nothing else of them */
  private destinationsIn(f: BoxFragment, fixedPage: PageFragment | undefined): void {
    this.destination(f, fixedPage);
    for (const c of f.children) {
      if (c.kind === 'box') this.destinationsIn(c, fixedPage);
      else if (c.kind === 'line') for (const x of c.children) if (x.kind === 'box') this.destinationsIn(x, fixedPage);
    }
  }

  /** a named destination at the box's top for `<a href="#id">` */
  private destination(f: BoxFragment, fixedPage: PageFragment | undefined): void {
    const id = f.element?.attrs.id;
    if (!id || !this.o.anchors.has(id) || this.placedIds.has(id)) return;
    this.placedIds.add(id);
    const page = fixedPage ?? this.o.pages[this.pageIndex(f.y)]!;
    const p = this.at(page, f.x, f.y, !!fixedPage);
    this.emit(page.index, { destination: id, absolutePosition: p });
  }

  /** the parts of [y, y + height) on each page, in page coordinates of the flow */
  private slices(y: number, height: number, fixedPage: PageFragment | undefined): { page: PageFragment; top: number; bottom: number; first: boolean; last: boolean }[] {
    if (fixedPage) return [{ page: fixedPage, top: y, bottom: y + height, first: true, last: true }];
    const out: { page: PageFragment; top: number; bottom: number; first: boolean; last: boolean }[] = [];
    const end = y + height;
    let i = this.pageIndex(y);
    for (;;) {
      const page = this.o.pages[i];
      if (!page) break;
      const top = Math.max(y, page.flowTop);
      const bottom = i === this.o.pages.length - 1 ? end : Math.min(end, page.flowBottom);
      if (bottom > top || out.length === 0) out.push({ page, top, bottom: Math.max(top, bottom), first: top <= y + 0.001, last: bottom >= end - 0.001 });
      if (end <= page.flowBottom + 0.001 || i === this.o.pages.length - 1) break;
      i++;
    }
    return out;
  }

  private borders(f: BoxFragment, pageIdx: number, x: number, y: number, h: number, first: boolean, last: boolean, r: number): void {
    const s = f.style; const b = f.border;
    const w = f.width;
    const uniform = b.top === b.right && b.right === b.bottom && b.bottom === b.left && b.top > 0 &&
      s.borderStyle.top === s.borderStyle.right && s.borderStyle.right === s.borderStyle.bottom && s.borderStyle.bottom === s.borderStyle.left &&
      sameColor(s.borderColor.top, s.borderColor.right) && sameColor(s.borderColor.right, s.borderColor.bottom) && sameColor(s.borderColor.bottom, s.borderColor.left);
    // a rounded border, or a double one, alike on all four sides: rings (a double border's corners are nested rectangles)
    if (uniform && (r > 0 || (s.borderStyle.top === 'double' && first && last))) {
      // a stroke centred `inset` inside the border box edge; double: two of a third of the width each
      const ring = (inset: number, width: number) => {
        const shape: Record<string, unknown> = { type: 'rect', x: x + inset, y: y + inset, w: w - 2 * inset, h: h - 2 * inset, lineWidth: width, lineColor: hexColor(s.borderColor.top) };
        if (r > inset) shape.r = r - inset;
        if (s.borderColor.top.a < 1) shape.strokeOpacity = s.borderColor.top.a;
        const dash = dashOf(s.borderStyle.top, width);
        if (dash) shape.dash = dash;
        return shape;
      };
      const t = b.top;
      const rings = s.borderStyle.top === 'double' && t >= 2.25 ? [ring(t / 6, t / 3), ring(t - t / 6, t / 3)] : [ring(t / 2, t)];
      this.emit(pageIdx, { canvas: rings, absolutePosition: { x: 0, y: 0 } } as PdfNode);
      return;
    }
    const top = first ? b.top : 0; const bottom = last ? b.bottom : 0;
    if (!drawsSide(s, 'top', top) && !drawsSide(s, 'right', b.right) && !drawsSide(s, 'bottom', bottom) && !drawsSide(s, 'left', b.left)) return;
    this.borderSides(pageIdx, s, { top, right: b.right, bottom, left: b.left }, { x, y, width: w, height: h });
  }

  /**
   * The four sides of a border around `box` (`widths`: 0 for a side cut by fragmentation). Where
   * the sides look alike (one opaque colour, solid), each is one stroke along its edge; otherwise
   * each is drawn as the band between the outer and inner edges, the sides meeting along the
   * line from the outer to the inner corner (CSS Backgrounds 3 §4.4, the join Chromium draws:
   * a coloured side beside a transparent one ends in a diagonal, a CSS triangle is a triangle).
   */
  private borderSides(pageIdx: number, s: SideLooks, widths: Edges, box: Rect): void {
    const shapes: Record<string, unknown>[] = [];
    const { x, y, width: w, height: h } = box;
    const mitred = needsJoins(s, widths);
    for (const side of SIDES) {
      const width = widths[side];
      if (!drawsSide(s, side, width)) continue;
      const style = s.borderStyle[side];
      if (mitred && style !== 'dashed' && style !== 'dotted') shapes.push(...joinedSide(side, s, widths, box));
      else {
        const [x1, y1, x2, y2] = side === 'top' ? [x, y, x + w, y] : side === 'bottom' ? [x, y + h, x + w, y + h] : side === 'left' ? [x, y, x, y + h] : [x + w, y, x + w, y + h];
        shapes.push(...borderSide({ side, width, style, color: s.borderColor[side], x1, y1, x2, y2 }));
      }
    }
    if (shapes.length) this.emit(pageIdx, { canvas: shapes, absolutePosition: { x: 0, y: 0 } } as PdfNode);
  }

  /** §6 a box's border image; false when its image does not load (the border styles are drawn) */
  private borderImage(f: BoxFragment, pageIdx: number, box: Rect): boolean {
    const src = f.style.borderImageSource;
    if (src === 'none') return false;
    const img = 'url' in src ? this.o.imageUrl(src.url) : undefined;
    if ('url' in src && !img) return false;
    const natural = img ?? { width: box.width / PX, height: box.height / PX };
    const pieces = borderImagePieces({ style: f.style, box, border: f.border, natural: img ? natural : { width: box.width, height: box.height } });
    const svg = img?.kind === 'svg' ? this.stretchedSvg(img.markup) : undefined;
    for (const piece of pieces) {
      const { image: at } = piece;
      this.emit(pageIdx, clipNode({ ...piece.clip, r: 0 }));
      if (img?.kind === 'raster') this.emit(pageIdx, { image: img.dataUrl, width: at.width, height: at.height, absolutePosition: { x: at.x, y: at.y } });
      else if (svg) this.emit(pageIdx, { svg: this.svgAt(img as LoadedImage & { kind: 'svg' }, svg, at), width: at.width, height: at.height, absolutePosition: { x: at.x, y: at.y } });
      else if ('gradient' in src) {
        const paint = gradientPaint(src.gradient, at);
        if (paint && 'color' in paint) this.emit(pageIdx, rectNode(at.x, at.y, at.width, at.height, paint.color));
        else if (paint) this.emit(pageIdx, { canvas: [{ type: 'rect', x: round3(at.x), y: round3(at.y), w: round3(at.width), h: round3(at.height), gradient: paint.shading }], absolutePosition: { x: 0, y: 0 } } as PdfNode);
      }
      this.emit(pageIdx, { end: true, absolutePosition: { x: 0, y: 0 } });
    }
    return true;
  }

  /** an SVG image's markup scaled to any box without keeping its ratio (a border image's pieces stretch it) */
  /** per markup and size: the markup with its root at that size (svgAtSize), made once (a tiled background repeats one size) */
  private readonly sizedSvgs = new Map<string, Map<string, string>>();

  private svgAt(img: LoadedImage & { kind: 'svg' }, markup: string, box: { readonly width: number; readonly height: number }): string {
    let sizes = this.sizedSvgs.get(markup);
    if (!sizes) this.sizedSvgs.set(markup, sizes = new Map());
    const key = `${box.width} ${box.height}`;
    let out = sizes.get(key);
    if (out === undefined) sizes.set(key, out = svgAtSize(markup, box, img.inline ? undefined : img));
    return out;
  }

  private stretchedSvg(markup: string): string {
    let out = this.stretched.get(markup);
    if (out === undefined) {
      out = markup.replace(/<svg\b[^>]*>/i, (tag) => `<svg preserveAspectRatio="none"${tag.slice(4).replace(/\s+preserveAspectRatio\s*=\s*("[^"]*"|'[^']*')/i, '')}`);
      this.stretched.set(markup, out);
    }
    return out;
  }

  private readonly stretched = new Map<string, string>();

  // ---- outlines (CSS UI 4 §4) -------------------------------------------------------------

  /** the outlines of the stacking context being painted, for its outline phase */
  private outlines: PendingOutline[] | undefined;

  private queueOutline(f: BoxFragment | InlineBoxFragment, fixedPage: PageFragment | undefined): void {
    // (an anonymous box carries its element's style: the element's own box has the outline)
    if (!f.element || f.style.visibility !== 'visible') return;
    (this.outlines ??= []).push({ f, scope: this.scope, fixedPage });
  }

  /** Boxes one by one; an inline box's pieces on a page together, around their union. */
  private paintOutlines(list: readonly PendingOutline[]): void {
    const done = new Set<PendingOutline>();
    for (const item of list) {
      if (done.has(item)) continue;
      const look = outlineOf(item.f.style);
      if (!look) continue;
      this.scope = item.scope;
      if (item.f.kind === 'box') { this.outlineBox(item.f, look, item.fixedPage); continue; }
      const element = item.f.element;
      const byPage = new Map<number, Rect[]>();
      for (const other of list) {
        if (other.f.kind !== 'inline-box' || other.f.element !== element || done.has(other)) continue;
        done.add(other);
        const page = other.fixedPage ?? this.o.pages[this.pageIndex(other.f.y)]!;
        const p = this.at(page, other.f.x, other.f.y, !!other.fixedPage);
        let rects = byPage.get(page.index);
        if (!rects) byPage.set(page.index, rects = []);
        rects.push({ x: p.x, y: p.y, width: other.f.width, height: other.f.height });
      }
      for (const [pageIdx, rects] of byPage) {
        const r = item.f.style.borderRadius.topLeft.pt;
        if (rects.length === 1) this.outlineRect(pageIdx, rects[0]!, look, r, ALL_SIDES);
        else this.emit(pageIdx, { canvas: outlineContour(rects, look), absolutePosition: { x: 0, y: 0 } } as PdfNode);
      }
    }
  }

  /** A box's outline on each page it shows on (a side cut by the page is not drawn: box-decoration-break slice). */
  private outlineBox(f: BoxFragment, look: OutlineLook, fixedPage: PageFragment | undefined): void {
    const radius = radiusOf(f);
    for (const slice of this.slices(f.y, f.height, fixedPage)) {
      const first = slice.first && !f.continuesFrom; const last = slice.last && !f.continuesTo;
      const p = this.at(slice.page, f.x, slice.top, !!fixedPage);
      const box = { x: p.x, y: p.y, width: f.width, height: slice.bottom - slice.top };
      this.outlineRect(slice.page.index, box, look, first && last ? Math.min(radius, box.width / 2, box.height / 2) : 0, { top: first, bottom: last });
    }
  }

  /** The outline around one border box (page coordinates), its corners rounded by `r`. */
  private outlineRect(pageIdx: number, box: Rect, look: OutlineLook, r: number, closed: { top: boolean; bottom: boolean }): void {
    if ((look.style === 'auto' || r > 0) && closed.top && closed.bottom) {
      this.emit(pageIdx, { canvas: outlineRing(box, r, look), absolutePosition: { x: 0, y: 0 } } as PdfNode);
      return;
    }
    const w = look.width;
    const style = look.style === 'auto' ? 'solid' : look.style;
    const outer = inflate(box, look.offset + w);
    // a side the page cuts ends at the cut
    const top = closed.top ? outer.y : box.y; const bottom = closed.bottom ? outer.y + outer.height : box.y + box.height;
    const looks: SideLooks = { borderStyle: { top: style, right: style, bottom: style, left: style }, borderColor: { top: look.color, right: look.color, bottom: look.color, left: look.color } };
    this.borderSides(pageIdx, looks, { top: closed.top ? w : 0, right: w, bottom: closed.bottom ? w : 0, left: w }, { x: outer.x, y: top, width: outer.width, height: bottom - top });
  }

  // ---- inline content ----------------------------------------------------------------

  private inlineContent(f: Fragment, fixedPage: PageFragment | undefined): void {
    this.scope = this.scopes.get(f);
    switch (f.kind) {
      case 'line': this.line(f, fixedPage); return;
      case 'text': this.text(f, fixedPage); return;
      case 'image': this.image(f, fixedPage); return;
      case 'inline-box':
        this.inlineBox(f, fixedPage);
        if (f.style.outlineStyle !== 'none') this.queueOutline(f, fixedPage);
        return;
      case 'box': this.stackingContext(f, fixedPage); return;
    }
  }

  private line(line: LineFragment, fixedPage: PageFragment | undefined): void {
    // decorations of inline boxes first, then text and atomic inlines (Appendix E step 7)
    const scope = this.scopes.get(line);
    const clip = scope?.cull;
    const inScope = this.inlineOpacity(line, scope, !!fixedPage);
    if (!inScope) {
      // nothing on the line has an opacity of its own: every piece is painted in the line's scope
      for (const c of line.children) if (c.kind === 'inline-box') this.decorate(c, scope, fixedPage);
      for (const c of line.children) {
        if (clip && (c.x >= clip.x + clip.width - 0.01 || c.x + c.width <= clip.x + 0.01)) continue;
        if (c.kind === 'inline-box') continue;
        if (scope && c.kind === 'box') this.scopes.set(c, scope);
        this.scope = scope;
        this.linePiece(c, fixedPage);
      }
      return;
    }
    // the decorations of an inline box with an opacity are drawn in its group with its content,
    // just before the first piece inside it (a group split in two would fade each part alone)
    const pending: { box: InlineBoxFragment; scope: Scope }[] = [];
    for (const c of line.children) {
      if (c.kind !== 'inline-box') continue;
      const own = inScope(c);
      if (own === false) continue;
      if (own !== scope) pending.push({ box: c, scope: own! });
      else this.decorate(c, own, fixedPage);
    }
    const flush = (own: Scope | undefined) => {
      for (let i = 0; own && i < pending.length; i++) {
        const p = pending[i]!;
        if (!own.groups.includes(p.scope.groups[p.scope.groups.length - 1]!)) continue;
        this.decorate(p.box, p.scope, fixedPage);
        pending.splice(i--, 1);
      }
    };
    for (const c of line.children) {
      if (clip && (c.x >= clip.x + clip.width - 0.01 || c.x + c.width <= clip.x + 0.01)) continue;
      if (c.kind === 'inline-box') continue;
      const own = inScope(c);
      if (own === false) continue;
      if (own && c.kind === 'box') this.scopes.set(c, own);
      flush(own);
      this.scope = own;
      this.linePiece(c, fixedPage);
    }
    for (const p of pending) this.decorate(p.box, p.scope, fixedPage);
  }

  /** an inline box's piece on a line: its decorations and outline, in scope `own` */
  private decorate(c: InlineBoxFragment, own: Scope | undefined, fixedPage: PageFragment | undefined): void {
    this.scope = own;
    this.inlineBox(c, fixedPage);
    if (c.style.outlineStyle !== 'none') this.queueOutline(c, fixedPage);
  }

  /** a text run, image or atomic inline on a line, in this.scope */
  private linePiece(c: Exclude<LineFragment['children'][number], InlineBoxFragment>, fixedPage: PageFragment | undefined): void {
    switch (c.kind) {
      case 'text': this.text(c, fixedPage); break;
      case 'image': this.image(c, fixedPage); break;
      case 'box': this.stackingContext(c, fixedPage, [], !paintsAsPositioned(c)); break;
    }
  }

  /**
   * CSS Color 4 §3.2 the opacity of inline boxes (fadedScopes), or undefined when no inline box
   * and no text run of another style than the line's owner has an opacity below 1: every piece
   * is in `scope` (most lines: no closure is made for them).
   */
  private inlineOpacity(line: LineFragment, scope: Scope | undefined, fixed: boolean): PieceScope | undefined {
    const owner = this.lineOwners.get(line);
    for (const c of line.children) {
      if ((c.kind === 'inline-box' || (c.kind === 'text' && c.style !== owner)) && c.style.opacity < 1) return fadedScopes(line, owner, scope, fixed);
    }
    return undefined;
  }

  /** per element: its inline box's pieces on their lines, in order (only for boxes with a background image) */
  private inlinePieces: Map<unknown, InlineBoxFragment[]> | undefined;

  /** where an inline box's piece lies in the whole box laid end to end: the width before it, and the whole width */
  private inlineRun(f: InlineBoxFragment): { before: number; width: number } {
    if (!f.element || (f.starts && f.ends)) return { before: 0, width: f.width };
    if (!this.inlinePieces) {
      const map = new Map<unknown, InlineBoxFragment[]>();
      const walk = (x: Fragment) => {
        if (x.kind === 'inline-box') { if (x.element && x.style.backgroundImage !== 'none') { let l = map.get(x.element); if (!l) map.set(x.element, l = []); l.push(x); } return; }
        if (x.kind === 'box' || x.kind === 'line') for (const c of x.children) walk(c);
      };
      for (const root of [this.o.root, ...this.o.fixed, ...(this.o.marginBoxes ?? []).flat(), ...(this.o.footnotes ?? [])]) if (root) walk(root);
      this.inlinePieces = map;
    }
    const pieces = this.inlinePieces.get(f.element) ?? [f];
    let before = 0; let width = 0; let seen = false;
    for (const piece of pieces) {
      if (piece === f) seen = true;
      else if (!seen) before += piece.width;
      width += piece.width;
    }
    return seen ? { before, width } : { before: 0, width: f.width };
  }

  private inlineBox(f: InlineBoxFragment, fixedPage: PageFragment | undefined): void {
    const s = f.style;
    const page = fixedPage ?? this.o.pages[this.pageIndex(f.y)]!;
    const p = this.at(page, f.x, f.y, !!fixedPage);
    const b = s.borderWidth;
    // (box-decoration-break: slice: a fragment that does not start or end the box is cut there)
    let shape: ShadowShapes | undefined;
    if (s.boxShadow.length) {
      const band: Band | undefined = f.starts && f.ends ? undefined : { left: f.starts ? undefined : p.x, right: f.ends ? undefined : p.x + f.width };
      const border = { top: b.top, bottom: b.bottom, left: f.starts ? b.left : 0, right: f.ends ? b.right : 0 };
      shape = shadowShapes(s, { x: p.x, y: p.y, width: f.width, height: f.height }, band, { left: !f.starts, right: !f.ends }, border);
      this.paintGroup(page.index, this.shadows.outer(s.boxShadow, shape.border, shape.band));
    }
    if (!transparent(s.backgroundColor)) this.emit(page.index, rectNode(p.x, p.y, f.width, f.height, s.backgroundColor));
    if (s.backgroundImage !== 'none') {
      // box-decoration-break: slice: one positioning area for the whole box, its pieces side by side
      const run = this.inlineRun(f);
      const whole = { x: p.x - run.before, y: p.y, width: run.width, height: f.height };
      const pad = s.padding; const pct = (l: { pt: number; pct: number }) => l.pt;
      this.backgroundLayers(s, page.index, boxesOf(whole, s.borderWidth, { top: pct(pad.top), right: pct(pad.right), bottom: pct(pad.bottom), left: pct(pad.left) }), { x: p.x, y: p.y, width: f.width, height: f.height }, 0);
    }
    if (shape) this.paintGroup(page.index, this.shadows.inset(s.boxShadow, shape.padding, shape.band));
    this.borderSides(page.index, s, { top: b.top, right: f.ends ? b.right : 0, bottom: b.bottom, left: f.starts ? b.left : 0 }, { x: p.x, y: p.y, width: f.width, height: f.height });
  }

  private text(whole: TextFragment, fixedPage: PageFragment | undefined): void {
    const s = whole.style;
    // (transparent text with an unblurred shadow is painted: the shadow as the text again in its
    // colour, and the text itself at opacity 0, both in the text layer as Chromium prints them)
    if (s.visibility !== 'visible' || whole.text.length === 0 || (transparent(s.color) && !s.textShadow.some((sh) => sh.blur <= 0 && sh.color !== 'currentcolor' && !transparent(sh.color)))) return;
    const cull = this.scope?.cull;
    const t = cull ? this.inkInside(whole, cull) : whole;
    if (!t) return;
    const page = fixedPage ?? this.o.pages[this.pageIndex(t.baseline - 0.01)]!;
    this.decorations(page, t, !!fixedPage, 'under');
    if ((t.wordSpacing > 0.001 || s.wordSpacing !== 0) && WORD_SEPARATOR.test(t.text)) {
      // justified or word-spaced (CSS Text 3 §8.1; the style's word-spacing is in the separator's
      // measured width): each word where the line puts it, every separator widened
      // (with the kerning around each separator, as the line breaker measured the line: FaceResolver.kernAt)
      let x = t.x;
      const faces = this.o.faces;
      const parts = t.text.split(WORD_SEPARATORS);
      for (let i = 0, at = 0; i < parts.length; i += 2) {
        const word = parts[i]!; const sep = parts[i + 1];
        if (word) this.textNode(page, { ...t, text: word, x, wordSpacing: 0 }, !!fixedPage);
        at += word.length;
        x += (word ? faces.width(word, s) : 0);
        if (sep) { x += (word ? faces.kernAt(t.text, at, s) : 0) + faces.width(sep, s) + t.wordSpacing + faces.kernAt(t.text, at + 1, s); at++; }
      }
    } else {
      this.textNode(page, t, !!fixedPage);
    }
    this.decorations(page, t, !!fixedPage, 'over');
    if (t.link) {
      const p = this.baselineAt(page, t, !!fixedPage);
      const ascent = this.ownAscent(t.font);
      this.emit(page.index, { link: t.link, width: t.width, height: this.o.faces.contentArea(s), absolutePosition: { x: p.x, y: p.y - ascent } });
    }
  }

  /** a text fragment's underline and overline (`under`), or line-through (`over`): decoration.ts */
  private decorations(page: PageFragment, t: TextFragment, fixed: boolean, layer: 'under' | 'over'): void {
    const s = t.style; const d = s.textDecorationLine;
    if (!(layer === 'under' ? d.underline || d.overline : d.lineThrough) || transparent(s.textDecorationColor)) return;
    const p = this.baselineAt(page, t, fixed);
    const px = PX / (page.zoom ?? 1);
    const face = s.textDecorationThickness === 'from-font' || s.textUnderlinePosition === 'under' ? this.o.faces.decorationMetrics(t.font) : undefined;
    const sizePx = t.font.size / PX;
    const shapes = decorationShapes({
      lines: d, style: s.textDecorationStyle, color: s.textDecorationColor, x: p.x, width: t.width, baseline: p.y,
      sizePx, ascentPx: this.ownAscent(t.font) / PX, px,
      ...(s.textDecorationThickness === 'from-font' && face && face.thickness > 0 ? { fontThicknessPx: face.thickness * sizePx } : {}),
      ...(s.textUnderlinePosition === 'under' && face ? { underPx: face.emDescent * sizePx } : {}),
      ...(typeof s.textDecorationThickness === 'number' ? { thicknessPx: s.textDecorationThickness / PX } : {}),
      ...(typeof s.textUnderlineOffset === 'number' ? { offsetPx: s.textUnderlineOffset / PX } : {}),
    }, layer);
    if (shapes.length) this.emit(page.index, { canvas: shapes, absolutePosition: { x: 0, y: 0 } });
  }

  /** a text fragment's left end and baseline on its page: Blink paints a run at its baseline rounded to a whole CSS px of the page area, as laid out (before a shrink-to-fit scale) */
  private baselineAt(page: PageFragment, t: TextFragment, fixed: boolean): { x: number; y: number } {
    const p = this.at(page, t.x, t.baseline, fixed);
    const zoom = page.zoom ?? 1;
    p.y = page.margin.top + (Math.floor(((p.y - page.margin.top) * zoom) / PX + 0.5 + 1e-6) * PX) / zoom;
    return p;
  }

  /**
   * CSS Overflow 3 §3 as Chromium's PDF holds it: of a run of text crossing the edge of a clip,
   * only the glyphs whose ink meets the clip are written (a word cut by `overflow: hidden` keeps
   * its visible letters, a line just below a clipped box's bottom writes nothing, nor does the
   * text of a 1px visually-hidden box). The run from its first to its last glyph that meets the
   * clip, or undefined when none does; the run itself when the faces' ink is unknown.
   */
  private inkInside(t: TextFragment, c: Clip): TextFragment | undefined {
    const em = t.style.fontSize; const e = 0.01;
    // (wholly inside, with room for any glyph's ink: every glyph meets the clip)
    if (t.x >= c.x - e && t.x + t.width <= c.x + c.width + e && t.baseline - em >= c.y - e && t.baseline + em / 2 <= c.y + c.height + e) return t;
    return this.glyphsMeeting(t, (x, ink) => x + ink.right > c.x + e && x + ink.left < c.x + c.width - e
      && t.baseline - ink.bottom > c.y + e && t.baseline - ink.top < c.y + c.height - e);
  }

  /**
   * openPageArea's cut for a run drawn under a transform, as Chromium's PDF holds it: a glyph
   * whose ink, transformed onto the page, lies wholly outside the page area is not written (the
   * letters of a rotated watermark past the page's edge). The run from its first to its last glyph
   * that meets the area, or undefined when none does; the run itself when the faces' ink is unknown.
   */
  private transformedInside(t: TextFragment, page: PageFragment, fixed: boolean): TextFragment | undefined {
    let m: Matrix = [1, 0, 0, 1, 0, 0];
    for (const g of this.scope?.groups ?? NO_GROUPS) {
      if (!g.op || !('matrix' in g.op)) continue;
      const o = this.at(page, 0, 0, g.fixed);
      m = multiply(m, multiply(multiply([1, 0, 0, 1, o.x, o.y], g.op.matrix), [1, 0, 0, 1, -o.x, -o.y]));
    }
    const left = page.margin.left; const right = page.width - page.margin.right;
    const top = page.margin.top; const bottom = page.margin.top + page.flowBottom - page.flowTop;
    const e = 0.01;
    const origin = this.at(page, t.x, t.baseline, fixed);
    return this.glyphsMeeting(t, (at, ink) => {
      // the ink box's corners on the page, and the box around them
      const x = origin.x + (at - t.x);
      let x0 = Infinity; let x1 = -Infinity; let y0 = Infinity; let y1 = -Infinity;
      for (const cx of [x + ink.left, x + ink.right]) {
        for (const cy of [origin.y - ink.top, origin.y - ink.bottom]) {
          const px = m[0] * cx + m[2] * cy + m[4]; const py = m[1] * cx + m[3] * cy + m[5];
          if (px < x0) x0 = px; if (px > x1) x1 = px; if (py < y0) y0 = py; if (py > y1) y1 = py;
        }
      }
      return x1 > left + e && x0 < right - e && y1 > top + e && y0 < bottom - e;
    });
  }

  /**
   * The run from its first to its last glyph with ink that `meets` (given the glyph's left end,
   * in the run's coordinates, and its ink box), or undefined when none does; the run itself when
   * the faces' ink is unknown.
   */
  private glyphsMeeting(t: TextFragment, meets: (x: number, ink: InkBox) => boolean): TextFragment | undefined {
    const s = t.style; const faces = this.o.faces;
    const chars = Array.from(t.text);
    let x = t.x; let first = -1; let last = -1; let from = t.x; let to = t.x;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i]!;
      const advance = faces.width(ch, s) + (WORD_SEPARATOR.test(ch) ? t.wordSpacing : 0);
      const ink = faces.ink(s, ch.codePointAt(0)!);
      if (!ink) return t;
      if (ink.left <= ink.right && meets(x, ink)) {
        if (first < 0) { first = i; from = x; }
        last = i; to = x + advance;
      }
      x += advance;
    }
    if (first < 0) return undefined;
    if (first === 0 && last === chars.length - 1) return t;
    return { ...t, text: chars.slice(first, last + 1).join(''), x: from, width: to - from };
  }

  /**
   * A text's pieces by face (CSS Fonts 4 §5.3 fallback) and their largest ascent, per used
   * font and text: a table repeats its words and figures on every page. Lives for one paint.
   */
  private readonly split = new Map<TextFragment['font'], Map<string, { readonly pieces: readonly FontRun[]; readonly ascent: number }>>();

  /** the pieces of a text its own face does not draw whole (splitByCoverage, kept per font and text) and their ascent */
  private pieces(text: string, font: TextFragment['font']): { readonly pieces: readonly FontRun[]; readonly ascent: number } {
    let known = this.split.get(font);
    if (!known) this.split.set(font, known = new Map());
    let hit = known.get(text);
    if (!hit) {
      const pieces = this.o.faces.matcher.splitByCoverage(text, { font: font.font, bold: font.bold, italics: font.italics });
      let ascent = 0;
      for (const piece of pieces) ascent = Math.max(ascent, this.o.faces.ascentOfFace(piece, font.size));
      known.set(text, hit = { pieces, ascent });
    }
    return hit;
  }

  /** the ascent of a used font's own face (what `pieces` gives a text that face draws whole) */
  private readonly ownAscents = new Map<TextFragment['font'], number>();

  private ownAscent(font: TextFragment['font']): number {
    let a = this.ownAscents.get(font);
    if (a === undefined) this.ownAscents.set(font, a = Math.max(0, this.o.faces.ascentOfFace(font, font.size)));
    return a;
  }

  /** a text fragment's run in one face (`face`: its font or one of its pieces) */
  private textRun(t: TextFragment, face: FontChoice, text: string): TextRunNode {
    const s = t.style;
    const font = t.font;
    const run: TextRunNode = { text, font: face.font, bold: face.bold, italics: face.italics, fontSize: font.size, color: hexColor(s.color) };
    if (s.color.a < 1) run.opacity = s.color.a;
    if (s.letterSpacing) run.characterSpacing = glyphSpacing(s.letterSpacing);
    const features = this.o.faces.features(s);
    if (features) run.features = features;
    return run;
  }

  private textNode(page: PageFragment, whole: TextFragment, fixed: boolean): void {
    // a run crossing the page area's left or right edge keeps the glyphs whose ink meets the area
    // (openPageArea's cut, glyph by glyph as Chromium's PDF holds it: inkInside)
    let t = whole;
    const areaWidth = page.width - page.margin.left - page.margin.right;
    if (this.cut[page.index] && (t.x < 0 || t.x + t.width > areaWidth) && !this.transformed()) {
      const inside = this.inkInside(t, { x: 0, y: -INFINITE_EDGE, width: areaWidth, height: 2 * INFINITE_EDGE });
      if (!inside) return;
      t = inside;
    }
    if (this.cut[page.index] && this.transformed()) {
      const inside = this.transformedInside(t, page, fixed);
      if (!inside) return;
      t = inside;
    }
    const s = t.style;
    const font = t.font;
    // most text is drawn whole by its own face (splitByCoverage would give that one run): one run
    // in that face, whose ascent is the font's (the figures of a table are mostly new strings);
    // the run lists are made at their length (they live until the PDF is written)
    let runs: TextRunNode[]; let ascent: number;
    if (this.o.faces.matcher.drawsAll(t.text, font)) {
      runs = [this.textRun(t, font, t.text)];
      ascent = this.ownAscent(font);
    } else {
      const split = this.pieces(t.text, font);
      runs = split.pieces.map((piece) => this.textRun(t, piece, piece.text));
      ascent = split.ascent;
    }
    const p = this.baselineAt(page, t, fixed);
    // text wholly outside the page area is cut away (openPageArea): not drawn, unless a transform may bring it in
    if (this.cut[page.index] && !this.transformed() && outsidePageArea(page, { x: p.x, y: p.y - ascent, width: t.width, height: ascent + font.size / 2 })) return;
    // CSS Text Decoration 3 §4: the shadows under the text, the first on top; Chromium prints a
    // shadow without blur as the text again in its colour (a blurred one is not drawn here)
    for (let i = s.textShadow.length - 1; i >= 0; i--) {
      const sh = s.textShadow[i]!;
      const c = sh.color === 'currentcolor' ? s.color : sh.color;
      if (sh.blur > 0 || c.a <= 0) continue;
      const shadow = runs.map((r) => {
        const copy: TextRunNode = { ...r, color: hexColor(c) };
        delete copy.opacity;
        if (c.a < 1) copy.opacity = c.a;
        return copy;
      });
      this.emit(page.index, { text: shadow, absolutePosition: { x: p.x + sh.x, y: p.y + sh.y } });
    }
    this.emit(page.index, { text: runs, absolutePosition: p });
  }

  private image(f: ImageFragment, fixedPage: PageFragment | undefined): void {
    if (f.style.visibility !== 'visible') return;
    if (f.style.filter.length && f.style !== this.filterStyle) { this.withFilter(f.style, () => this.imageNode(f, fixedPage)); return; }
    this.imageNode(f, fixedPage);
  }

  private imageNode(f: ImageFragment, fixedPage: PageFragment | undefined): void {
    const page = fixedPage ?? this.o.pages[this.pageIndex(f.y)]!;
    const p = this.at(page, f.x, f.y, !!fixedPage);
    const img = f.image;
    const node: Record<string, unknown> = img.kind === 'raster'
      ? { image: img.dataUrl, width: f.width, height: f.height, absolutePosition: p }
      : { svg: this.svgAt(img, img.markup, f), width: f.width, height: f.height, absolutePosition: p };
    this.emit(page.index, node as unknown as PdfNode);
    if (f.link) this.emit(page.index, { link: f.link, width: f.width, height: f.height, absolutePosition: { ...p } });
  }
}

/** an outline waiting for its stacking context's outline phase, with the scope it is drawn in */
interface PendingOutline { readonly f: BoxFragment | InlineBoxFragment; readonly scope: Scope | undefined; readonly fixedPage: PageFragment | undefined }

const ALL_SIDES = { top: true, bottom: true };

/** what drawing a border's sides reads: their styles and colours (a box's border, an outline) */
type SideLooks = Pick<ComputedStyle, 'borderStyle' | 'borderColor'>;

interface ShadowShapes { readonly border: RoundedRect; readonly padding: RoundedRect; readonly band: Band | undefined }

/** A fragment's border and padding boxes as its shadows see them (page coordinates; shadow.ts slicedShape). */
function shadowShapes(s: ComputedStyle, box: Rect, band: Band | undefined, continued: Parameters<typeof slicedShape>[3], border: BoxFragment['border']): ShadowShapes {
  const reach = shadowReach(s.boxShadow);
  const whole = borderShape(s, box);
  return { border: slicedShape(whole, band, reach, continued), padding: slicedShape(paddingShape(whole, border), band, reach, continued), band };
}

/** A rectangle in flow coordinates. */
interface Clip { readonly x: number; readonly y: number; readonly width: number; readonly height: number }

/**
 * What a painted node is drawn under: the clips and transforms of the boxes around it, as a
 * chain to the page (flow coordinates; `fixed`: y from the page area's top).
 */
interface Scope {
  readonly parent: Scope | undefined;
  /** a clip (a padding box, `r` its corner radius), a transform or an opacity group; none: the scope only marks a containing block */
  readonly op: (Clip & { readonly r: number }) | { readonly matrix: Matrix } | { readonly opacity: number } | undefined;
  readonly fixed: boolean;
  /** the scopes with an op, outermost first (what a page's node list must have open) */
  readonly groups: readonly Scope[];
  /** the scope of absolutely positioned descendants: their containing block's */
  readonly absolute: Scope | undefined;
  /** the clips intersected, in the coordinates of the innermost transform: what lies wholly outside is not painted */
  readonly cull: Clip | undefined;
}

const NO_GROUPS: readonly Scope[] = [];

function scopeOf(parent: Scope | undefined, op: Scope['op'], fixed: boolean, containsAbsolutes: boolean): Scope {
  let cull = parent?.cull;
  if (op && 'matrix' in op) cull = undefined;
  else if (op && 'x' in op) cull = cull ? intersect(cull, op) : { x: op.x, y: op.y, width: op.width, height: op.height };
  const s: { -readonly [K in keyof Scope]: Scope[K] } = { parent, op, fixed, groups: parent?.groups ?? NO_GROUPS, absolute: parent?.absolute, cull };
  if (op) s.groups = [...s.groups, s];
  if (containsAbsolutes) s.absolute = s;
  return s;
}

/**
 * The scope of an element with an opacity below 1 (CSS Color 4 §3.2): its group. The absolutely
 * positioned descendants it paints escape the clips between it and their containing block but
 * not its opacity: their scope is their containing block's inside a group of the same opacity.
 */
function opacityScope(parent: Scope | undefined, opacity: number, fixed: boolean): Scope {
  const s = scopeOf(parent, { opacity }, fixed, false);
  const absolute = parent?.absolute === parent ? s : scopeOf(parent?.absolute, { opacity }, fixed, false);
  return { ...s, absolute };
}

/** CSS 2.1 §11.1.2 the clip rectangle of a box (flow coordinates): offsets from its border box's top-left corner, auto its edges; empty when the edges cross */
function clipRect(f: BoxFragment, c: Exclude<ComputedStyle['clip'], 'auto'>): Clip {
  const left = c.left === 'auto' ? 0 : c.left; const right = c.right === 'auto' ? f.width : c.right;
  const top = c.top === 'auto' ? 0 : c.top; const bottom = c.bottom === 'auto' ? f.height : c.bottom;
  return { x: f.x + left, y: f.y + top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** Whether a rectangle in page coordinates lies wholly outside the page's area. */
/** a clip edge no flow reaches (the page area's cut is on the inline axis only: pages end the flow) */
const INFINITE_EDGE = 1e9;

function outsidePageArea(page: PageFragment, r: Rect): boolean {
  const m = page.margin;
  return r.x + r.width <= m.left || r.x >= page.width - m.right || r.y + r.height <= m.top || r.y >= m.top + page.flowBottom - page.flowTop;
}

function intersect(a: Clip, b: Clip): Clip {
  const left = Math.max(a.x, b.x); const top = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width); const bottom = Math.min(a.y + a.height, b.y + b.height);
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** Beyond any page: the extent of an axis that does not clip. */
const UNCLIPPED = 1e7;

/**
 * The scope of a box's descendants (CSS Overflow 3 §3): the box's own, with a clip to its
 * padding box (rounded by its border radius, CSS Backgrounds 3 §5.3) on the axes its overflow
 * clips (the overflow the root or the body gives to the viewport clips nothing: cascade/adjust.ts).
 * A positioned or transformed box marks itself as its absolutely positioned descendants'
 * containing block.
 */
function clipInside(f: BoxFragment, scope: Scope | undefined, fixed: boolean, stackingContext: boolean): Scope | undefined {
  const containsAbsolutes = stackingContext && (f.positioned === true || f.style.position !== 'static' || (hasTransform(f.style) && !!f.element));
  const axes = f.style.overflowClips;
  // CSS Backgrounds 3 §5.3: a replaced element's content is cut to its content box's rounded corners
  if (f.children[0]?.kind === 'image' && radiusOf(f) > 0) {
    const b = f.border; const p = f.padding;
    const clip = { x: f.x + b.left + p.left, y: f.y + b.top + p.top, width: Math.max(0, f.width - b.left - b.right - p.left - p.right), height: Math.max(0, f.height - b.top - b.bottom - p.top - p.bottom) };
    const r = Math.max(0, radiusOf(f) - Math.max(b.top + p.top, b.right + p.right, b.bottom + p.bottom, b.left + p.left));
    return scopeOf(scope, { ...clip, r: Math.min(r, clip.width / 2, clip.height / 2) }, fixed, containsAbsolutes);
  }
  if (axes === 'none' || f.fixed || !f.element) return containsAbsolutes ? scopeOf(scope, undefined, fixed, true) : scope;
  const b = f.border;
  let clip: Clip = { x: f.x + b.left, y: f.y + b.top, width: Math.max(0, f.width - b.left - b.right), height: Math.max(0, f.height - b.top - b.bottom) };
  // CSS 2.1 §17.4: a table's captions are in its wrapper box, outside the table box its overflow
  // clips (Chromium 156 cuts the cells' overflow, never the captions): the cut reaches round them
  for (const c of f.children) if (c.kind === 'box' && c.style.display === 'table-caption') clip = union(clip, c);
  if (axes === 'y') clip = { ...clip, x: clip.x - UNCLIPPED, width: clip.width + 2 * UNCLIPPED };
  if (axes === 'x') clip = { ...clip, y: clip.y - UNCLIPPED, height: clip.height + 2 * UNCLIPPED };
  const r = axes === 'both' ? Math.max(0, radiusOf(f) - Math.max(b.top, b.right, b.bottom, b.left)) : 0;
  return scopeOf(scope, { ...clip, r: Math.min(r, clip.width / 2, clip.height / 2) }, fixed, containsAbsolutes);
}

/** the smallest rectangle holding both */
function union(a: Clip, c: { x: number; y: number; width: number; height: number }): Clip {
  const x = Math.min(a.x, c.x); const y = Math.min(a.y, c.y);
  return { x, y, width: Math.max(a.x + a.width, c.x + c.width) - x, height: Math.max(a.y + a.height, c.y + c.height) - y };
}

/** CSS Writing Modes 3: the scope of an orthogonal flow root's children, laid out in its logical coordinates (layout/writing.ts) */
function turned(f: BoxFragment, scope: Scope | undefined, fixed: boolean): Scope | undefined {
  return f.writingMode ? scopeOf(scope, { matrix: writingMatrix(f, f.writingMode) }, fixed, false) : scope;
}

/** the box's corner radius (one for the four corners, a percentage of the shorter side: 50% of a square is its circle) */
function radiusOf(f: BoxFragment): number {
  const s = f.style; const side = Math.min(f.width, f.height);
  const rad = (l: { pt: number; pct: number }) => l.pt + (l.pct * side) / 100;
  return Math.max(0, rad(s.borderRadius.topLeft), rad(s.borderRadius.topRight), rad(s.borderRadius.bottomLeft), rad(s.borderRadius.bottomRight));
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Whether a fragment lies wholly outside a clip (touching its edge counts as outside). */
function outside(f: Fragment, c: Clip): boolean {
  let x: number; let y: number; let w: number; let h: number;
  if (f.kind === 'text') { x = f.x; w = f.width; h = f.style.fontSize; y = f.baseline - h; }
  else { x = f.x; y = f.y; w = f.width; h = f.height; }
  // (an empty box may carry what it paints around itself: collapsed table borders)
  if (f.kind === 'box' && (w <= 0 || h <= 0)) return false;
  const e = 0.01;
  return x >= c.x + c.width - e || x + w <= c.x + e || y >= c.y + c.height - e || y + h <= c.y + e;
}

/**
 * Whether something inside a fragment lies in the clip although the fragment does not: a
 * relatively positioned or transformed descendant, or content overflowing its box (a line
 * below a clipped box whose `position: relative; top: -95mm` inline-block moves back in).
 * Walked only for fragments outside the clip, which are then not painted at all.
 */
function reachesInto(f: Fragment, c: Clip, ink: boolean): boolean {
  if (f.kind !== 'box' && f.kind !== 'line') return false;
  const e = 0.01;
  for (const k of f.children) {
    if (k.kind === 'box' && hasTransform(k.style)) return true;
    // (a run of text reaches in when its baseline does: the line around it is outside; when the
    // glyphs' ink is known, when the band any glyph's ink may take does, and text() keeps the glyphs that do)
    if (k.kind === 'text') {
      const above = ink ? k.style.fontSize : 0; const below = ink ? k.style.fontSize / 2 : 0;
      if (k.baseline + below > c.y + e && k.baseline - above < c.y + c.height - e && k.x < c.x + c.width - e && k.x + k.width > c.x + e) return true;
      continue;
    }
    if (!outside(k, c) || reachesInto(k, c, ink)) return true;
  }
  return false;
}

/**
 * CSS 2.1 Appendix E: whether a box paints in its stacking context's positioned layers (step 8
 * and the z-index layers): a positioned or transformed box, and (Filter Effects 1 §5, CSS Color 4
 * §3.2) one with a filter or an opacity below 1, which make stacking contexts.
 */
function paintsAsPositioned(c: BoxFragment): boolean {
  return c.positioned === true || c.style.position !== 'static' || hasTransform(c.style) || (!!c.element && (c.style.filter.length > 0 || c.style.opacity < 1));
}

/** CSS 2.1 Appendix E: the layer of a positioned box by its z-index (auto and 0 in tree order with the other positioned boxes) */
function layerOfPositioned(layers: Layers, c: BoxFragment): BoxFragment[] {
  const z = c.style.zIndex;
  return z === 'auto' || z === 0 ? layers.positioned : z < 0 ? layers.negative : layers.positive;
}

/**
 * Positioned boxes in painting order: by z-index (`byZ`), then in tree order. Layout appends an
 * absolutely positioned box to its containing block's children after its in-flow content (and
 * fixed boxes come from the page), so tree order is the elements' order in the source; where
 * that is unknown for one box, the list keeps its order.
 */
function inTreeOrder(list: BoxFragment[], byZ: boolean): BoxFragment[] {
  if (list.length < 2) return list;
  // (an ::after shares its element's place in the source but follows the element's content)
  if (list.some((f) => !f.element || f.element.loc.line === 0 || f.element.tag === '::after')) return byZ ? list.sort((a, b) => zOf(a) - zOf(b)) : list;
  const keyed = list.map((f, i) => ({ f, i, z: byZ ? zOf(f) : 0, line: f.element!.loc.line, column: f.element!.loc.column }));
  keyed.sort((a, b) => a.z - b.z || a.line - b.line || a.column - b.column || a.i - b.i);
  return keyed.map((k) => k.f);
}

interface Layers {
  readonly negative: BoxFragment[];
  readonly blocks: BoxFragment[];
  readonly floats: BoxFragment[];
  readonly inline: Fragment[];
  readonly positioned: BoxFragment[];
  readonly positive: BoxFragment[];
}

/** the shapes of a canvas node placed at the page origin */
function canvasShapes(node: PdfNode): Record<string, unknown>[] | undefined {
  const n = node as { canvas?: Record<string, unknown>[]; absolutePosition?: { x: number; y: number } };
  return n.canvas && n.absolutePosition && n.absolutePosition.x === 0 && n.absolutePosition.y === 0 ? n.canvas : undefined;
}

const zOf = (f: BoxFragment) => (f.style.zIndex === 'auto' ? 0 : f.style.zIndex);

const sameColor = (a: RGBA, b: RGBA) => a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;

function rectNode(x: number, y: number, w: number, h: number, color: RGBA, r = 0): PdfNode {
  return { canvas: [rectShape(x, y, w, h, color, r)], absolutePosition: { x: 0, y: 0 } };
}

function dashOf(style: ComputedStyle['borderStyle']['top'], width: number): { length: number; space: number } | undefined {
  if (style === 'dashed') return { length: Math.max(1, width * 3), space: Math.max(1, width * 3) };
  if (style === 'dotted') return { length: Math.max(0.5, width), space: Math.max(0.5, width) };
  return undefined;
}

/**
 * CSS Backgrounds 3 §4.3 one side of a border, drawn inside the border box along the edge
 * (x1, y1)–(x2, y2): each band of bandsOf() as one stroke, dashed and dotted as one stroke.
 */
export function borderSide(o: { side: Side; width: number; style: ComputedStyle['borderStyle']['top']; color: RGBA; x1: number; y1: number; x2: number; y2: number }): Record<string, unknown>[] {
  const { side, width, style, color } = o;
  if (width <= 0 || style === 'none' || style === 'hidden' || transparent(color)) return [];
  // the inward normal of the side: strokes are offset from the edge into the box
  const nx = side === 'left' ? 1 : side === 'right' ? -1 : 0;
  const ny = side === 'top' ? 1 : side === 'bottom' ? -1 : 0;
  if (style === 'dashed' || style === 'dotted') return dashedLine({ x1: o.x1 + nx * width / 2, y1: o.y1 + ny * width / 2, x2: o.x2 + nx * width / 2, y2: o.y2 + ny * width / 2, width, color, style });
  return bandsOf(side, style, width, color).map(([index, parts, c]) => {
    const offset = ((index + 0.5) * width) / parts;
    return lineShape(o.x1 + nx * offset, o.y1 + ny * offset, o.x2 + nx * offset, o.y2 + ny * offset, width / parts, c, 'solid');
  });
}

/**
 * The bands of a border side, from its outer edge to its inner edge, with their colours:
 * solid one band; double the outer and inner thirds (one band under 3px, as Chromium draws it);
 * inset and outset one band in a darker or lighter tone; groove and ridge two halves, the outer
 * drawn as inset (groove) or outset (ridge) and the inner as the other.
 */
function bandsOf(side: Side, style: ComputedStyle['borderStyle']['top'], width: number, color: RGBA): Band3[] {
  const topLeft = side === 'top' || side === 'left';
  const tone = (inset: boolean) => { const t = tonesOf(color); return topLeft === inset ? t.dark : t.light; };
  switch (style) {
    case 'double': return width >= 2.25 ? [[0, 3, color], [2, 3, color]] : [[0, 1, color]];
    case 'inset': case 'outset': return [[0, 1, tone(style === 'inset')]];
    case 'groove': case 'ridge': return [[0, 2, tone(style === 'groove')], [1, 2, tone(style !== 'groove')]];
    default: return [[0, 1, color]];
  }
}
/** a band of a border side: the side cut into `parts` equal parts, the band the part `index` (from the outer edge), its colour */
type Band3 = readonly [index: number, parts: number, color: RGBA];

/**
 * The two tones of inset, outset, groove and ridge, as Chromium draws them: Color::Dark() and
 * Color::Light() of the colour; a colour too dark to darken (as dark as #202020) takes Light()
 * and Light() twice, one too light to lighten (as light as #ebebeb) stays the light tone.
 */
function tonesOf(c: RGBA): { dark: RGBA; light: RGBA } {
  const l = luminance(c);
  if (l <= DARKEST) { const once = lighter(c); return { dark: once, light: lighter(once) }; }
  return { dark: darker(c), light: l >= LIGHTEST ? c : lighter(c) };
}

/** Blink's Color::Dark(): (v − 0.33) / v of the channels, v the largest */
function darker(c: RGBA): RGBA {
  const v = Math.max(c.r, c.g, c.b) / 255;
  return scaled(c, v === 0 ? 0 : Math.max(0, (v - 0.33) / v));
}

/** Blink's Color::Light(): black becomes #545454, others min(1, v + 0.33) / v of the channels */
function lighter(c: RGBA): RGBA {
  const v = Math.max(c.r, c.g, c.b) / 255;
  if (v === 0) return { r: 0x54, g: 0x54, b: 0x54, a: c.a };
  return scaled(c, Math.min(1, v + 0.33) / v);
}

/** WCAG relative luminance of an sRGB colour */
function luminance(c: RGBA): number {
  const lin = (v: number) => { const x = v / 255; return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}
const DARKEST = luminance({ r: 0x20, g: 0x20, b: 0x20, a: 1 });
const LIGHTEST = luminance({ r: 0xeb, g: 0xeb, b: 0xeb, a: 1 });

/** each channel times k, as Blink's Color::Dark()/Light() truncate it (× 256, less a hair) */
const scaled = (c: RGBA, k: number): RGBA => {
  const ch = (v: number) => Math.min(255, Math.floor((v / 255) * k * 255.99998));
  return { r: ch(c.r), g: ch(c.g), b: ch(c.b), a: c.a };
};

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
type Side = typeof SIDES[number];

/** Whether a side of `width` draws anything (borderSide and joinedSide draw nothing for the others). */
function drawsSide(s: SideLooks, side: Side, width: number): boolean {
  const style = s.borderStyle[side];
  return width > 0 && style !== 'none' && style !== 'hidden' && !transparent(s.borderColor[side]);
}

/** Whether the sides must be drawn as mitred bands: they differ in colour or style, a colour is see-through, or a style has two tones or two lines. */
function needsJoins(s: SideLooks, widths: Edges): boolean {
  let color: RGBA | undefined;
  let style: ComputedStyle['borderStyle']['top'] | undefined;
  for (const side of SIDES) {
    if (widths[side] <= 0) continue;
    const c = s.borderColor[side]; const st = s.borderStyle[side];
    if (st === 'none' || st === 'hidden') continue;
    if (c.a < 1 || (st !== 'solid' && st !== 'dashed' && st !== 'dotted')) return true;
    if ((color && !sameColor(color, c)) || (style && style !== st)) return true;
    color = c; style = st;
  }
  return false;
}

/**
 * One side of a border as filled bands between its outer and inner edges, its ends cut along
 * the lines from the box's outer corners to its inner corners (CSS Backgrounds 3 §4.4): solid,
 * inset and outset one band; double the outer and inner thirds; groove and ridge two halves.
 */
function joinedSide(side: Side, s: SideLooks, widths: Edges, box: Rect): Record<string, unknown>[] {
  const style = s.borderStyle[side]; const color = s.borderColor[side];
  const width = widths[side];
  if (style === 'none' || style === 'hidden' || transparent(color)) return [];
  const bands = bandsOf(side, style, width, color);
  const { x, y, width: w, height: h } = box;
  const { top: t, right: r, bottom: b, left: l } = widths;
  // the side's two ends at depth f (0 the outer edge, 1 the inner edge)
  const ends = (f: number): [{ x: number; y: number }, { x: number; y: number }] => {
    switch (side) {
      case 'top': return [{ x: x + f * l, y: y + f * t }, { x: x + w - f * r, y: y + f * t }];
      case 'bottom': return [{ x: x + f * l, y: y + h - f * b }, { x: x + w - f * r, y: y + h - f * b }];
      case 'left': return [{ x: x + f * l, y: y + f * t }, { x: x + f * l, y: y + h - f * b }];
      case 'right': return [{ x: x + w - f * r, y: y + f * t }, { x: x + w - f * r, y: y + h - f * b }];
    }
  };
  return bands.map(([index, parts, c]) => {
    const [a1, a2] = ends(index / parts); const [b1, b2] = ends((index + 1) / parts);
    const shape: Record<string, unknown> = { type: 'polyline', points: [a1, a2, b2, b1], closePath: true, color: hexColor(c) };
    if (c.a < 1) shape.fillOpacity = c.a;
    return shape;
  });
}

function lineShape(x1: number, y1: number, x2: number, y2: number, width: number, color: RGBA, style: ComputedStyle['borderStyle']['top']): Record<string, unknown> {
  const shape: Record<string, unknown> = { type: 'line', x1, y1, x2, y2, lineWidth: width, lineColor: hexColor(color) };
  if (color.a < 1) shape.strokeOpacity = color.a;
  const dash = dashOf(style, width);
  if (dash) shape.dash = dash;
  if (style === 'dotted') shape.lineCap = 'round';
  return shape;
}

/** an image or SVG node (with its margin as an offset) at a page position */
function place(node: PdfNode, x: number, y: number): PdfNode {
  const m = (node as { margin?: [number, number, number, number] }).margin;
  const out = { ...node, absolutePosition: { x: x + (m?.[0] ?? 0), y: y + (m?.[1] ?? 0) } } as PdfNode & { margin?: unknown };
  delete out.margin;
  return out;
}

/** the boxes a background layer is positioned in (background-origin) or cut to (background-clip) */
interface BackgroundBoxes { readonly 'border-box': Rect; readonly 'padding-box': Rect; readonly 'content-box': Rect }

type Edges = { readonly top: number; readonly right: number; readonly bottom: number; readonly left: number };

/** a border box's padding and content boxes */
function boxesOf(border: Rect, b: Edges, p: Edges): BackgroundBoxes {
  const inset = (r: Rect, e: Edges): Rect => ({ x: r.x + e.left, y: r.y + e.top, width: Math.max(0, r.width - e.left - e.right), height: Math.max(0, r.height - e.top - e.bottom) });
  const padding = inset(border, b);
  return { 'border-box': border, 'padding-box': padding, 'content-box': inset(padding, p) };
}

/** a group clipping what follows (up to its `end`) to a rounded rectangle (page coordinates) */
function clipNode(c: Rect & { r: number }): PdfNode {
  return { clip: { x: round3(c.x), y: round3(c.y), width: round3(c.width), height: round3(c.height), r: round3(c.r) }, absolutePosition: { x: 0, y: 0 } };
}

/** the scope of a piece of a line (Painter.inlineOpacity), false for one that is not drawn */
type PieceScope = (c: Fragment & { x: number; width: number }) => Scope | undefined | false;

/**
 * CSS Color 4 §3.2 the opacity of inline boxes: the scope of a piece of a line (an inline box's
 * decorations, a text run) inside the groups of the inline boxes with an opacity below 1 that
 * enclose it on the line (their pieces span it; an inner box follows its outer one in the
 * line's list), or false under one of opacity 0 (nothing is drawn). A line has no parent
 * links between its pieces, so enclosure is read from their extents. `owner`: the style of the
 * element whose line it is (its own opacity is its box's group).
 */
function fadedScopes(line: LineFragment, owner: ComputedStyle | undefined, scope: Scope | undefined, fixed: boolean): PieceScope {
  const faded: InlineBoxFragment[] = [];
  for (const c of line.children) if (c.kind === 'inline-box' && c.style.opacity < 1) faded.push(c);
  const spans = (a: { x: number; width: number }, b: { x: number; width: number }) => a.x <= b.x + 0.01 && a.x + a.width >= b.x + b.width - 0.01;
  const scopes = new Map<InlineBoxFragment, Scope | undefined | false>();
  // the scope inside the innermost faded box before index `end` of `faded` that spans `c`
  const within = (c: { x: number; width: number }, end: number): Scope | undefined | false => {
    for (let i = end - 1; i >= 0; i--) if (spans(faded[i]!, c)) return groupOf(faded[i]!, i);
    return scope;
  };
  const groupOf = (f: InlineBoxFragment, i: number): Scope | undefined | false => {
    if (scopes.has(f)) return scopes.get(f);
    const outer = within(f, i);
    const own = outer === false || f.style.opacity <= 0 ? false : opacityScope(outer, f.style.opacity, fixed);
    scopes.set(f, own);
    return own;
  };
  // a text run of an inline element that has no piece of its own on the line (no decorations):
  // the group of its own style's opacity, inside those of the pieces that span it
  let last: { style: ComputedStyle; outer: Scope | undefined; own: Scope } | undefined;
  return (c) => {
    const i = c.kind === 'inline-box' ? faded.indexOf(c) : -1;
    if (i >= 0) return groupOf(c as InlineBoxFragment, i);
    const outer = within(c, faded.length);
    if (c.kind !== 'text' || outer === false || c.style.opacity >= 1 || c.style === owner || faded.some((f) => f.style === c.style)) return outer;
    if (c.style.opacity <= 0) return false;
    if (last?.style !== c.style || last.outer !== outer) last = { style: c.style, outer, own: opacityScope(outer, c.style.opacity, fixed) };
    return last.own;
  };
}
