// CSS Cascading 4: from the document and its stylesheets to a computed style on every
// element. Straight-line: parse the DOM, gather the sheets (UA, author in document order
// with their @imports, the template CSS last), resolve @page and @font-face, then walk
// the tree once: match (indexed rules), order by origin/importance/specificity/order
// (§6), substitute var() (CSS Variables 1), compute (§4.4), build ::before/::after.
//
// Each stage has its module: sources.ts gathers the sheets, page.ts resolves @page,
// rules.ts indexes the rules and orders matches, walker.ts walks the tree (with
// variables.ts for var(), adjust.ts for the display fix-ups, style.ts for the
// ComputedStyle contract), page-context.ts styles the page and its margin boxes.
import { DiagnosticList, type DiagnosticCode, type SourceLocation } from '../diagnostics';
import { parseHtml } from '../dom';
import { documentMetadata } from '../dom/metadata';
import { PAGE_FORMATS, type PageFormat } from '../pageFormats';
import type { EngineLimits, ResourceResolver } from '../types';
import type { LoadContext } from '../resources';
import type { ComputedStyle } from './computed';
import type { CV } from '../css/syntax';
import { DeclaredFaceUnits } from '../fonts';
import { resolveFontFace } from './fontface';
import { buildMatchTree } from './match';
import { matchesMediaList, type MediaEnvironment } from './media';
import { pageItemHasVar, resolvePages, withRootVariables } from './page';
import { PageCascade } from './page-context';
import { initialValues } from './properties';
import { keepSignatures, rulesFor, signaturesFor, type ActiveSheet } from './rules';
import type { PageItem } from './sheets';
import { documentSheets, rebaseFontFace } from './sources';
import { toComputedStyle } from './style';
import type { CascadeResult, FontFace, StyledElement } from './styled';
import { registeredProperties } from './variables';
import { INITIAL, StyleWalker } from './walker';

export type { CascadeResult } from './styled';

export interface CascadeInput {
  readonly html: string;
  /** the template's CSS: applied after every sheet of the document */
  readonly css: string;
  readonly options: {
    readonly format: PageFormat;
    readonly resources: ResourceResolver | undefined;
    readonly limits: EngineLimits;
    /**
     * Chromium's shrink-to-fit printing (layout/shrink.ts): a document wider than the page area
     * is laid out again in the page area widened by this zoom, and its viewport-percentage
     * lengths (vw, vh, vmin, vmax) are resolved against the widened area. 1 when absent.
     */
    readonly viewportZoom?: number;
  };
  readonly diagnostics: DiagnosticList;
}

/** a viewport-percentage unit (CSS Values 4 §6.1.2) after a number: whether a restyle in a widened viewport can change anything */
const VIEWPORT_UNIT = /[0-9.](?:[sld]?v(?:w|h|i|b|min|max))(?![\w-])/i;

/**
 * The default page margins when @page sets none: Chromium prints with 1cm truncated to whole
 * points (28pt, so its page area starts at 37px and an A4 page area is 720px wide).
 */
export const DEFAULT_PAGE_MARGIN = 28;

/**
 * Says each unknown property (and each not-rendered one) once per document: an email
 * template repeats mso-* hundreds of times.
 */
class OncePerUnknownProperty extends DiagnosticList {
  private readonly said = new Set<string>();
  constructor(private readonly target: DiagnosticList) { super(); }
  override report(code: DiagnosticCode, message: string, at?: Partial<SourceLocation>): void {
    if (code === 'unknown-property' || code === 'unsupported-value') {
      const key = `${code}|${message}`;
      if (this.said.has(key)) return;
      this.said.add(key);
    }
    this.target.report(code, message, at);
  }
}

/** CSS Lists 3 §4 the properties that change counters (an @page rule with footnote in one numbers footnotes per page) */
const COUNTER_PROPERTIES = new Set(['counter-reset', 'counter-set', 'counter-increment']);

export function cascade(input: CascadeInput): CascadeResult {
  const diagnostics = new OncePerUnknownProperty(input.diagnostics);
  const { limits, resources } = input.options;
  const doc = parseHtml(input.html, { limits, diagnostics, source: 'document' });
  const load: LoadContext = { resolver: resources, diagnostics, maxDataUriBytes: limits.maxDataUriBytes };

  // 1. the sheets, in cascade order
  const sheets = documentSheets({ doc, css: input.css, load, diagnostics });

  // 2. the @page rules that apply. Media queries see the request format's page area, never the
  // one @page gives: Chromium evaluates them against the print settings' paper with its default
  // margins, so that `@page { size: a3 }` (Bootstrap 4's print sheet) or `margin: 0` moves no breakpoint.
  const format = PAGE_FORMATS[input.options.format];
  const env = envFor(format);
  let pageItems: { item: PageItem; locate: (offset: number) => SourceLocation }[] = [];
  for (const ps of sheets) {
    if (!ps.mediaText.every((m) => matchesMediaList(m, env))) continue;
    for (const item of ps.sheet.items) {
      if (item.kind === 'page' && item.media.every((m) => matchesMediaList(m, env))) pageItems.push({ item, locate: ps.locate });
    }
  }

  // 3. rule indexes (cached per sheet and media environment) and @font-face
  const active: ActiveSheet[] = [];
  const fontFaces: FontFace[] = [];
  const registered = new Map<string, { inherits: boolean; initial: readonly CV[] | undefined }>();
  for (const ps of sheets) {
    if (!ps.mediaText.every((m) => matchesMediaList(m, env))) continue;
    active.push({ placed: ps, rules: rulesFor(ps.sheet, env), rank: active.length });
    for (const item of ps.sheet.items) {
      if (item.kind === 'property' && item.media.every((m) => matchesMediaList(m, env))) registered.set(item.name, { inherits: item.inherits, initial: item.initial });
      if (item.kind !== 'font-face' || !item.media.every((m) => matchesMediaList(m, env))) continue;
      const face = resolveFontFace(rebaseFontFace(item, ps.base), { load, diagnostics, locate: ps.locate });
      if (face) fontFaces.push(face);
    }
  }
  const tree = buildMatchTree(doc.root);
  const quirks = doc.mode === 'quirks';
  const registrations = registeredProperties(registered);

  // 4. the page box and its margins. var() in @page rules takes the root element's custom
  // properties (page.ts withRootVariables): they are token lists, known before any page area.
  if (pageItems.some(({ item }) => pageItemHasVar(item))) {
    const rootCustoms = new StyleWalker({ sheets: active, diagnostics, area: format, registered: registrations, signatures: undefined, quirks }).rootCustoms(tree);
    const said = new Set<string>();
    pageItems = pageItems.map(({ item, locate }) => ({
      item: withRootVariables(item, rootCustoms, (d, name) => {
        if (said.has(name)) return;
        said.add(name);
        diagnostics.report('invalid-value', `Ignored "${d.name}" in @page: var(${name}) has no value on the root element`, locate(d.at));
      }),
      locate,
    }));
  }
  const page = resolvePages({ items: pageItems, diagnostics, fallbackSize: format });
  const pageBox = page.size ?? (page.orientation ? rotate(format, page.orientation) : format);
  const area = {
    width: Math.max(1, pageBox.width - (page.margin.left ?? DEFAULT_PAGE_MARGIN) - (page.margin.right ?? DEFAULT_PAGE_MARGIN)),
    height: Math.max(1, pageBox.height - (page.margin.top ?? DEFAULT_PAGE_MARGIN) - (page.margin.bottom ?? DEFAULT_PAGE_MARGIN)),
  };

  // 5. the tree (elements no selector can tell apart share their matched rules: sharing.ts)
  const signatures = signaturesFor(active);
  const footnotesByPage = pageItems.some(({ item }) => item.declarations.some((d) => COUNTER_PROPERTIES.has(d.name) && d.value.some((v) => v.t === 'ident' && v.v.toLowerCase() === 'footnote')));
  const faceUnits = fontFaces.length ? new DeclaredFaceUnits(fontFaces) : undefined;
  const zoom = input.options.viewportZoom ?? 1;
  const viewport = zoom === 1 ? area : { width: area.width * zoom, height: area.height * zoom };
  const walker = new StyleWalker({ sheets: active, diagnostics, area: viewport, registered: registrations, signatures, footnotesByPage, faceUnits, quirks });
  const root = walker.styleElement(tree, undefined, signatures?.root);
  walker.finish();
  if (signatures) keepSignatures(signatures);
  const pageContext = new PageCascade({
    rules: pageItems.map(({ item, locate }) => ({ selector: item.selector, declarations: item.declarations, marginBoxes: item.marginBoxes, locate })),
    root: walker.rootValues ?? INITIAL, area, diagnostics, toStyle: toComputedStyle, faceUnits,
  });
  const viewportUnits = VIEWPORT_UNIT.test(input.html) || active.some((a) => a.placed.origin === 'author' && VIEWPORT_UNIT.test(a.placed.sheet.source));
  return { root, page, fontFaces, mode: doc.mode, metadata: documentMetadata(doc, diagnostics), pageContext, footnotes: walker.footnoteCount, viewportUnits };
}

function rotate(s: { width: number; height: number }, o: 'landscape' | 'portrait'): { width: number; height: number } {
  const long = Math.max(s.width, s.height), short = Math.min(s.width, s.height);
  return o === 'landscape' ? { width: long, height: short } : { width: short, height: long };
}

/** The media environment before @page is known: the request format with the default margins. */
function envFor(format: { width: number; height: number }): MediaEnvironment {
  return { widthPx: (format.width - 2 * DEFAULT_PAGE_MARGIN) / 0.75, heightPx: (format.height - 2 * DEFAULT_PAGE_MARGIN) / 0.75 };
}

/** The initial values as a ComputedStyle (for tests and anonymous boxes). */
export function initialStyle(): ComputedStyle {
  return toComputedStyle(initialValues());
}

/** For tests and tools: the styled element with this id (document order, first match). */
export function findById(root: StyledElement, id: string): StyledElement | undefined {
  if (root.attrs.id === id) return root;
  for (const c of root.children) {
    if (c.kind === 'element') {
      const hit = findById(c, id);
      if (hit) return hit;
    }
  }
  return undefined;
}

