// The engine's pipeline in straight-line order (DESIGN.md):
//   cascade (dom → css → computed styles) → boxes → layout (page geometry, used values)
//   → paint (pdfmake document definition).
import { buildBoxes } from './boxes/build';
import { cascade } from './cascade';
import type { CascadeResult, StyledElement } from './cascade/styled';
import { DiagnosticList } from './diagnostics';
import { FontMatcher } from './fonts';
import { PAGE_FORMATS } from './pageFormats';
import type { DocDefinition, EngineLimits, EngineOptions, EngineResult } from './types';
import { FaceResolver } from './layout/faces';
import { Intrinsic } from './layout/intrinsic';
import { pageGeometry } from './layout/page';
import { loadResource } from './resources';
import type { PaintContext } from './paint/context';
import { canvasBackground, paintDocument } from './paint/document';
import { imageLoader } from './paint/images';
import { replacedSize } from './paint/replaced';
import { finishDocument, pageBreakBefore } from './paint/finish';
import { marginBoxCallbacks } from './paint/margins';
import { layoutBlockLevel, layoutIndependent } from './layout/block';
import { layoutPaged, type PagedDocument } from './layout/paged';
import { paintFragments } from './paint/fragments';

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

export function layoutDocument(input: LayoutInput): EngineResult {
  const diagnostics = new DiagnosticList();
  const limits: EngineLimits = { ...DEFAULT_LIMITS, ...(input.options.limits ?? {}) };
  const format = input.options.format ?? 'A4';
  const styled = cascade({ html: input.html, css: input.css, options: { format, resources: input.options.resources, limits }, diagnostics });
  return layoutStyled(styled, { ...input.options, format }, diagnostics, limits);
}

/** Boxes → layout → paint for a styled tree (tests drive this with hand-built trees). */
export function layoutStyled(styled: CascadeResult, options: EngineOptions, diagnostics: DiagnosticList = new DiagnosticList(), limits: EngineLimits = DEFAULT_LIMITS): EngineResult {
  const format = PAGE_FORMATS[options.format ?? 'A4'] ?? PAGE_FORMATS.A4;
  const page = pageGeometry(styled.page, format);
  const matcher = new FontMatcher({ diagnostics, fontFaces: styled.fontFaces });
  const faces = new FaceResolver(matcher, options.measureText);
  const loadCtx = { resolver: options.resources, diagnostics, maxDataUriBytes: limits.maxDataUriBytes };
  const images = imageLoader({
    diagnostics, maxImagePixels: limits.maxImagePixels, maxDataUriBytes: limits.maxDataUriBytes,
    load: (url, at) => loadResource(url, 'image', loadCtx, at),
  });
  const image = images.forBox;
  const intrinsic: Intrinsic = new Intrinsic({ faces, replacedWidth: (box) => replacedSize(box, image(box), page.pageArea.width).width, slack: options.layout !== 'fragments' });
  const ctx: PaintContext = {
    faces, intrinsic, diagnostics, page, image, imageUrl: images.forUrl,
    anchors: collectAnchors(styled.root), placedIds: new Set(), cbHeight: undefined, pageName: 'auto', link: undefined, cellText: undefined,
  };
  const root = buildBoxes(styled.root, { diagnostics });
  if (options.layout === 'fragments') {
    return layoutFragments({ styled, root, format, faces, matcher, intrinsic, diagnostics, images });
  }
  const painted = paintDocument(root, ctx, page, styled.page.backgroundColor);
  const finished = finishDocument(painted.content, ctx);
  const docDefinition: DocDefinition = {
    pageSize: { width: page.width, height: page.height },
    pageMargins: [page.margin.left, page.margin.top, page.margin.right, page.margin.bottom],
    content: finished.content,
    defaultStyle: { font: faces.of(styled.root.style).font, fontSize: styled.root.style.fontSize },
  };
  const breaks = pageBreakBefore(finished);
  if (breaks) docDefinition.pageBreakBefore = breaks;
  if (painted.canvas || painted.canvasImage) docDefinition.background = canvasBackground(painted.canvas, painted.canvasImage, page);
  const margins = marginBoxCallbacks(styled.page, page, styled.root.style, faces, diagnostics);
  if (margins.header) docDefinition.header = margins.header;
  if (margins.footer) docDefinition.footer = margins.footer;
  return { docDefinition, fonts: matcher.table(), diagnostics: diagnostics.items, metadata: styled.metadata ?? {} };
}

interface FragmentsInput {
  readonly styled: CascadeResult;
  readonly root: ReturnType<typeof buildBoxes>;
  readonly format: { readonly width: number; readonly height: number };
  readonly faces: FaceResolver;
  readonly matcher: FontMatcher;
  readonly intrinsic: Intrinsic;
  readonly diagnostics: DiagnosticList;
  readonly images: ReturnType<typeof imageLoader>;
}

/** The fragment tree of a document (tests read used positions from it). */
export function layoutFragmentTree(input: LayoutInput): PagedDocument & { readonly diagnostics: DiagnosticList } {
  const diagnostics = new DiagnosticList();
  const limits: EngineLimits = { ...DEFAULT_LIMITS, ...(input.options.limits ?? {}) };
  const formatName = input.options.format ?? 'A4';
  const styled = cascade({ html: input.html, css: input.css, options: { format: formatName, resources: input.options.resources, limits }, diagnostics });
  const format = PAGE_FORMATS[formatName] ?? PAGE_FORMATS.A4;
  const page = pageGeometry(styled.page, format);
  const matcher = new FontMatcher({ diagnostics, fontFaces: styled.fontFaces });
  const faces = new FaceResolver(matcher, input.options.measureText);
  const loadCtx = { resolver: input.options.resources, diagnostics, maxDataUriBytes: limits.maxDataUriBytes };
  const images = imageLoader({
    diagnostics, maxImagePixels: limits.maxImagePixels, maxDataUriBytes: limits.maxDataUriBytes,
    load: (url, at) => loadResource(url, 'image', loadCtx, at),
  });
  const intrinsic = new Intrinsic({ faces, replacedWidth: (box) => replacedSize(box, images.forBox(box), page.pageArea.width).width });
  const laid = layoutPaged({
    root: styled.root, page: styled.page, pageContext: styled.pageContext, format, maxPages: MAX_LAID_OUT_PAGES,
    ctx: { faces, intrinsic, diagnostics, image: images.forBox, anchors: collectAnchors(styled.root), layoutBlockLevel, layoutIndependent },
  });
  return { ...laid, diagnostics };
}

/** The layout stage: fragments page by page, painted as absolutely positioned primitives. */
function layoutFragments(o: FragmentsInput): EngineResult {
  const { styled, root, faces, diagnostics } = o;
  const laid = layoutPaged({
    root: styled.root, page: styled.page, pageContext: styled.pageContext, format: o.format, maxPages: MAX_LAID_OUT_PAGES,
    ctx: { faces, intrinsic: o.intrinsic, diagnostics, image: o.images.forBox, anchors: collectAnchors(styled.root), layoutBlockLevel, layoutIndependent },
  });
  const anchors = laid.anchors;
  // CSS Backgrounds 3 §2.11.2: the canvas takes the root's background, else body's
  const kids = root.kind === 'block' ? root.children : root.items;
  const body = kids.find((c) => c.kind === 'block' && c.element?.tag === 'body');
  const canvasSource = root.style.backgroundColor.a > 0 || root.style.backgroundImage !== 'none' ? root.style : body && (body.style.backgroundColor.a > 0 || body.style.backgroundImage !== 'none') ? body.style : undefined;
  const canvas = canvasSource && canvasSource.backgroundColor.a > 0 ? canvasSource.backgroundColor : undefined;
  const pages = paintFragments({
    pages: laid.pages, root: laid.root, fixed: laid.fixed, faces, diagnostics, imageUrl: (u) => o.images.forUrl(u, undefined), anchors,
    canvas, canvasImageStyle: canvasSource && canvasSource.backgroundImage !== 'none' ? canvasSource : undefined, canvasSource,
    marginBoxes: laid.marginBoxes, pageStyles: laid.pageStyles,
  });
  // one pdfmake section per page, with its own size. Every node is absolutely positioned, so the
  // section has no margins: pdfmake never finds a line too low for its page and moves it on (the
  // bottom margin is negative for the same reason). The invisible mark keeps an empty page a
  // page (pdfmake reuses a page that holds nothing).
  const content = pages.map((nodes, i) => {
    const p = laid.pages[i]!;
    const section: unknown[] = [{ canvas: [{ type: 'line', x1: 0, y1: 0, x2: 0, y2: 0, lineWidth: 0 }] }, ...nodes];
    return { section, pageSize: { width: p.width, height: p.height }, pageMargins: [0, 0, 0, -NO_BOTTOM] };
  });
  const first = laid.pages[0]!;
  const docDefinition: DocDefinition = {
    pageSize: { width: first.width, height: first.height },
    pageMargins: [0, 0, 0, -NO_BOTTOM],
    content,
    defaultStyle: { font: faces.of(styled.root.style).font, fontSize: styled.root.style.fontSize },
  };
  return { docDefinition, fonts: o.matcher.table(), diagnostics: diagnostics.items, metadata: styled.metadata ?? {}, ...(laid.outline.length ? { outline: laid.outline } : {}) };
}

/** how far below a page pdfmake may think it has room: more than any page is tall */
const NO_BOTTOM = 100_000;

/** pages the layout stage makes at most (PLATEN_MAX_PAGES refuses more later, with a clear error) */
const MAX_LAID_OUT_PAGES = 10_000;

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
