// The engine's pipeline in straight-line order (DESIGN.md):
//   cascade (dom → css → computed styles) → boxes → layout (fragments, page by page: used
//   positions and sizes, broken lines) → paint (absolutely positioned pdfmake primitives).
import { cascade } from './cascade';
import type { ComputedStyle } from './cascade/computed';
import type { CascadeResult, StyledElement } from './cascade/styled';
import { DiagnosticList } from './diagnostics';
import { FontMatcher } from './fonts';
import { PAGE_FORMATS } from './pageFormats';
import type { DocDefinition, EngineLimits, EngineOptions, EngineResult } from './types';
import { layoutBlockLevel, layoutIndependent } from './layout/block';
import { newLayoutCaches } from './layout/context';
import type { BoxFragment } from './layout/fragments';
import { FaceResolver } from './layout/faces';
import { Intrinsic } from './layout/intrinsic';
import { layoutPaged, type PagedDocument } from './layout/paged';
import { replacedContentSizes } from './layout/replaced';
import { paintFragments } from './paint/fragments';
import { bleedPage, pageBoundaries } from './paint/marks';
import { imageLoader, type ImageLoaders } from './paint/images';
import { loadResource } from './resources';

export interface LayoutInput {
  readonly html: string;
  readonly css: string;
  readonly options: EngineOptions;
}

export const DEFAULT_LIMITS: EngineLimits = {
  maxDomNodes: 100_000,
  maxDomDepth: 256,
  maxDataUriBytes: 10 * 1024 * 1024,
  maxImagePixels: 40_000_000,
};

/** pages the layout stage makes at most when the caller sets no page cap (EngineOptions.maxPages) */
const MAX_LAID_OUT_PAGES = 10_000;

/** HTML + CSS → pdfmake document definition. */
export function layoutDocument(input: LayoutInput): EngineResult {
  const diagnostics = new DiagnosticList();
  const limits: EngineLimits = { ...DEFAULT_LIMITS, ...(input.options.limits ?? {}) };
  return layoutStyled(styleDocument(input, diagnostics, limits), input.options, diagnostics, limits, (zoom) => styleDocument(input, new DiagnosticList(), limits, zoom));
}

/** HTML + CSS → the fragment tree, page by page (tests read used positions from it). */
export function layoutFragmentTree(input: LayoutInput): PagedDocument & { readonly diagnostics: DiagnosticList } {
  const diagnostics = new DiagnosticList();
  const limits: EngineLimits = { ...DEFAULT_LIMITS, ...(input.options.limits ?? {}) };
  return { ...layOut(styleDocument(input, diagnostics, limits), input.options, diagnostics, limits, (zoom) => styleDocument(input, new DiagnosticList(), limits, zoom)).laid, diagnostics };
}

/** `viewportZoom`: the shrink-to-fit zoom whose widened area vw and vh resolve against (cascade/index.ts) */
function styleDocument(input: LayoutInput, diagnostics: DiagnosticList, limits: EngineLimits, viewportZoom?: number): CascadeResult {
  const format = input.options.format ?? 'A4';
  return cascade({ html: input.html, css: input.css, options: { format, resources: input.options.resources, limits, viewportZoom }, diagnostics });
}

/** The document styled again for a widened viewport (the shrink-to-fit zoom). */
type Restyle = (zoom: number) => CascadeResult;

interface LaidOut {
  readonly laid: PagedDocument;
  readonly faces: FaceResolver;
  readonly matcher: FontMatcher;
  readonly images: ImageLoaders;
}

/**
 * Boxes → layout: the fragment tree of a styled document, page by page. Chromium's shrink-to-fit
 * printing lays a document wider than the page area out again in a widened area, and its
 * viewport units then resolve against that area: a document that has any is styled again
 * (`restyle`) and laid out at the zoom the first layout decided (`zoom`).
 */
function layOut(styled: CascadeResult, options: EngineOptions, diagnostics: DiagnosticList, limits: EngineLimits, restyle?: Restyle, zoom?: number): LaidOut {
  const format = PAGE_FORMATS[options.format ?? 'A4'] ?? PAGE_FORMATS.A4;
  const matcher = new FontMatcher({ diagnostics, fontFaces: styled.fontFaces });
  const faces = new FaceResolver(matcher, options.measureText, options.fontFeatures, options.glyphInk);
  const loadCtx = { resolver: options.resources, diagnostics, maxDataUriBytes: limits.maxDataUriBytes };
  const images = imageLoader({
    diagnostics, maxImagePixels: limits.maxImagePixels, maxDataUriBytes: limits.maxDataUriBytes,
    load: (url, at) => loadResource(url, 'image', loadCtx, at),
  });
  const intrinsic = new Intrinsic({ faces, replacedSizes: (box, cbHeight) => replacedContentSizes(box, images.forBox(box), cbHeight) });
  const laid = layoutPaged({
    root: styled.root, page: styled.page, pageContext: styled.pageContext, footnotes: styled.footnotes, format, maxPages: options.maxPages !== undefined ? Math.min(options.maxPages + 1, MAX_LAID_OUT_PAGES) : MAX_LAID_OUT_PAGES,
    ctx: { faces, intrinsic, diagnostics, image: images.forBox, imageMissing: images.missing, anchors: collectAnchors(styled.root), caches: newLayoutCaches(), layoutBlockLevel, layoutIndependent, lineHeightQuirk: styled.mode !== undefined && styled.mode !== 'no-quirks', quirksMode: styled.mode === 'quirks' },
    zoom,
  });
  // (the first layout reported what the author should know already)
  if (restyle && styled.viewportUnits && laid.zoom !== 1) return layOut(restyle(laid.zoom), options, new DiagnosticList(), limits, undefined, laid.zoom);
  return { laid, faces, matcher, images };
}

/** The whole engine for a styled tree: layout, then paint (tests drive this with hand-built trees). */
export function layoutStyled(styled: CascadeResult, options: EngineOptions, diagnostics: DiagnosticList = new DiagnosticList(), limits: EngineLimits = DEFAULT_LIMITS, restyle?: Restyle): EngineResult {
  const { laid, faces, matcher, images } = layOut(styled, options, diagnostics, limits, restyle);
  const first = laid.pages[0]!;
  const defaultStyle = { font: faces.of(styled.root.style).font, fontSize: styled.root.style.fontSize };
  if (options.maxPages !== undefined && laid.pages.length > options.maxPages) {
    // the caller refuses a document over its page cap: painting its pages would only fill memory
    const docDefinition: DocDefinition = { pageSize: { width: first.width, height: first.height }, content: [], defaultStyle };
    return { docDefinition, pages: laid.pages.length, fonts: matcher.table(), diagnostics: diagnostics.items, metadata: styled.metadata ?? {} };
  }
  // CSS Backgrounds 3 §2.11.2: the canvas takes the root's background, else body's (the styles
  // of their laid-out boxes: a shrunk document paints scaled copies of the styles)
  const paints = (s: ComputedStyle | undefined): s is ComputedStyle => s !== undefined && (s.backgroundColor.a > 0 || s.backgroundImage !== 'none');
  const body = laid.root?.children.find((c): c is BoxFragment => c.kind === 'box' && c.element?.tag === 'body');
  const canvasSource = paints(laid.root?.style) ? laid.root!.style : paints(body?.style) ? body!.style : undefined;
  const pages = paintFragments({
    pages: laid.pages, root: laid.root, fixed: laid.fixed, faces, diagnostics, imageUrl: (u) => images.forUrl(u, undefined), anchors: laid.anchors,
    canvas: canvasSource && canvasSource.backgroundColor.a > 0 ? canvasSource.backgroundColor : undefined,
    canvasImageStyle: canvasSource && canvasSource.backgroundImage !== 'none' ? canvasSource : undefined, canvasSource,
    marginBoxes: laid.marginBoxes, pageStyles: laid.pageStyles, footnotes: laid.footnotes,
  });
  // one section per page, with its own size: the PDF page is the page box grown by the page's
  // bleed (a page with a bleed is printed on a larger PDF page: paint/marks.ts)
  const content = pages.map((painted, i) => {
    const { size, nodes } = bleedPage(laid.pages[i]!, painted);
    return { section: nodes, pageSize: size };
  });
  const boundaries = laid.pages.map(pageBoundaries);
  const docDefinition: DocDefinition = {
    pageSize: (content[0] ?? { pageSize: { width: first.width, height: first.height } }).pageSize,
    content,
    defaultStyle,
  };
  return { docDefinition, pages: laid.pages.length, fonts: matcher.table(), diagnostics: diagnostics.items, metadata: styled.metadata ?? {}, ...(laid.outline.length ? { outline: laid.outline } : {}),
    ...(boundaries.some((b) => b) ? { pageBoundaries: boundaries } : {}),
  };
}

/** ids that `<a href="#id">` links point at: the targets get pdfmake destinations. */
function collectAnchors(root: StyledElement): Set<string> {
  // the links first (a tag test per element); the ids only when some link asks for one
  const wanted = new Set<string>();
  linkTargets(root, wanted);
  if (wanted.size === 0) return wanted;
  const ids = new Set<string>();
  elementIds(root, ids);
  return new Set([...wanted].filter((id) => ids.has(id)));
}

// (module functions, not closures made per document: see matchElement in cascade/match.ts)
function linkTargets(n: StyledElement, wanted: Set<string>): void {
  if (n.tag === 'a') {
    const href = n.attrs.href;
    if (href && href.startsWith('#') && href.length > 1) {
      try { wanted.add(decodeURIComponent(href.slice(1))); } catch { wanted.add(href.slice(1)); }
    }
  }
  for (const c of n.children) if (c.kind === 'element') linkTargets(c, wanted);
}

function elementIds(n: StyledElement, ids: Set<string>): void {
  if (n.attrs.id) ids.add(n.attrs.id);
  for (const c of n.children) if (c.kind === 'element') elementIds(c, ids);
}
