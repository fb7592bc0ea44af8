// The engine's pipeline in straight-line order (DESIGN.md):
//   cascade (dom → css → computed styles) → boxes → layout (page geometry, used values)
//   → paint (pdfmake document definition).
import { buildBoxes } from './boxes/build';
import type { CascadeResult, StyledElement, StyledNode } from './cascade/styled';
import { DiagnosticList } from './diagnostics';
import { FontMatcher } from './fonts';
import { PAGE_FORMATS, type DocDefinition, type EngineLimits, type EngineOptions, type EngineResult } from './index';
import { FaceResolver } from './layout/faces';
import { Intrinsic } from './layout/intrinsic';
import { pageGeometry } from './layout/page';
import { loadResource } from './resources';
import type { PaintContext } from './paint/context';
import { canvasBackground, paintDocument } from './paint/document';
import { imageLoader } from './paint/images';
import { replacedSize } from './paint/replaced';
import { finishDocument } from './paint/finish';

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

type CascadeFn = (input: { html: string; css: string; options: { format: keyof typeof PAGE_FORMATS; resources: EngineOptions['resources']; limits: EngineLimits }; diagnostics: DiagnosticList }) => CascadeResult;

let cascadeImpl: CascadeFn | undefined;
/** The cascade stage (cascade/index.ts), loaded when present. */
function cascadeStage(): CascadeFn | undefined {
  if (cascadeImpl) return cascadeImpl;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require('./cascade/index') as { cascade?: CascadeFn };
    cascadeImpl = mod.cascade;
  } catch { cascadeImpl = undefined; }
  return cascadeImpl;
}

export function layoutDocument(input: LayoutInput): EngineResult {
  const diagnostics = new DiagnosticList();
  const limits: EngineLimits = { ...DEFAULT_LIMITS, ...(input.options.limits ?? {}) };
  const format = input.options.format ?? 'A4';
  const cascade = cascadeStage();
  if (!cascade) return textOnly(input, diagnostics);
  const styled = cascade({ html: input.html, css: input.css, options: { format, resources: input.options.resources, limits }, diagnostics });
  return layoutStyled(styled, { ...input.options, format }, diagnostics, limits);
}

/** Boxes → layout → paint for a styled tree (tests drive this with hand-built trees). */
export function layoutStyled(styled: CascadeResult, options: EngineOptions, diagnostics: DiagnosticList = new DiagnosticList(), limits: EngineLimits = DEFAULT_LIMITS): EngineResult {
  const format = PAGE_FORMATS[options.format ?? 'A4'] ?? PAGE_FORMATS.A4;
  const page = pageGeometry(styled.page, format);
  const matcher = new FontMatcher({ diagnostics, fontFaces: styled.fontFaces });
  const faces = new FaceResolver(matcher);
  const loadCtx = { resolver: options.resources, diagnostics, maxDataUriBytes: limits.maxDataUriBytes };
  const image = imageLoader({
    diagnostics, maxImagePixels: limits.maxImagePixels,
    load: (url, at) => loadResource(url, 'image', loadCtx, at),
  });
  const intrinsic: Intrinsic = new Intrinsic({ faces, replacedWidth: (box) => replacedSize(box, image(box), page.pageArea.width).width });
  const ctx: PaintContext = {
    faces, intrinsic, diagnostics, page, image,
    anchors: collectAnchors(styled.root), placedIds: new Set(), absolutes: [],
  };
  const root = buildBoxes(styled.root, { diagnostics });
  const painted = paintDocument(root, ctx, page, styled.page.backgroundColor);
  const docDefinition: DocDefinition = {
    pageSize: { width: page.width, height: page.height },
    pageMargins: [page.margin.left, page.margin.top, page.margin.right, page.margin.bottom],
    content: finishDocument(painted.content, ctx),
    defaultStyle: { font: faces.of(styled.root.style).font, fontSize: styled.root.style.fontSize },
  };
  if (painted.canvas) docDefinition.background = canvasBackground(painted.canvas, page);
  return { docDefinition, fonts: matcher.table(), diagnostics: diagnostics.items };
}

/** Until the cascade stage is built: the document's text on the page (keeps the service usable). */
function textOnly(input: LayoutInput, diagnostics: DiagnosticList): EngineResult {
  const page = PAGE_FORMATS[input.options.format ?? 'A4'] ?? PAGE_FORMATS.A4;
  const text = input.html.replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  const matcher = new FontMatcher({ diagnostics });
  const f = matcher.match({ families: ['sans-serif'], weight: 400, style: 'normal' });
  return {
    docDefinition: { pageSize: { ...page }, pageMargins: [28.35, 28.35, 28.35, 28.35], content: [{ text, font: f.font }], defaultStyle: { font: f.font, fontSize: 12 } },
    fonts: matcher.table(), diagnostics: diagnostics.items,
  };
}

/** ids that `<a href="#id">` links point at: the targets get pdfmake destinations. */
function collectAnchors(root: StyledElement): Set<string> {
  const wanted = new Set<string>();
  const ids = new Set<string>();
  const walk = (n: StyledNode) => {
    if (n.kind !== 'element') return;
    const href = n.attrs.href;
    if (n.tag === 'a' && href && href.startsWith('#') && href.length > 1) {
      try { wanted.add(decodeURIComponent(href.slice(1))); } catch { wanted.add(href.slice(1)); }
    }
    if (n.attrs.id) ids.add(n.attrs.id);
    for (const c of n.children) walk(c);
  };
  walk(root);
  return new Set([...wanted].filter((id) => ids.has(id)));
}
