// CSS Cascading 4: from the document and its stylesheets to a computed style on every
// element. Straight-line: parse the DOM, gather the sheets (UA, author in document order
// with their @imports, the template CSS last), resolve @page and @font-face, then walk
// the tree once: match (indexed rules), order by origin/importance/specificity/order
// (§6), substitute var() (CSS Variables 1), compute (§4.4), build ::before/::after.
import { DiagnosticList, type DiagnosticCode, type SourceLocation } from '../diagnostics';
import { parseHtml } from '../dom';
import { documentMetadata } from '../dom/metadata';
import { LineIndex } from '../dom/lines';
import type { ComplexSelector } from '../css/selectors';
import { componentValues, type CV } from '../css/syntax';
import { PAGE_FORMATS, type PageFormat } from '../pageFormats';
import type { EngineLimits, ResourceResolver } from '../types';
import { loadResource, normaliseAssetPath, type LoadContext } from '../resources';
import type { ComputedStyle, ContentItem, RGBA } from './computed';
import { parseValue, type CompiledDecl, type Problem } from './declarations';
import { contentPieces, CounterScopes, elementText, formatCounter } from './counters';
import { resolveFontFace } from './fontface';
import { AncestorFilter, buildMatchTree, RuleIndex, type Hit, type MatchElement, type SelectorSource } from './match';
import { matchesMediaList, type MediaEnvironment } from './media';
import { resolvePages } from './page';
import { PageCascade } from './page-context';
import { FeatureCollector, newSiblingState, Signatures, type Signature, type SiblingState } from './sharing';
import { presentationalHints } from './presentational';
import { initialValues, MEDIUM_FONT_SIZE, PROPERTY_NAMES, propertyDef, PROPERTIES, type ComputeContext, type ComputedValues, type PropertyName } from './properties';
import { compileInlineStyle, compileSheet, type CompiledSheet, type FontFaceItem, type PageItem, type StyleItem } from './sheets';
import type { CascadeResult, FontFace, StyledElement, StyledNode, StyledText } from './styled';
import { QUIRKS_CSS, UA_CSS } from './ua';

export type { CascadeResult } from './styled';

export interface CascadeInput {
  readonly html: string;
  /** the template's CSS: applied after every sheet of the document */
  readonly css: string;
  readonly options: {
    readonly format: PageFormat;
    readonly resources: ResourceResolver | undefined;
    readonly limits: EngineLimits;
  };
  readonly diagnostics: DiagnosticList;
}

/** The default page margins when @page sets none (Chromium's print default, about 1 cm). */
export const DEFAULT_PAGE_MARGIN = 28.35;

const MAX_IMPORT_DEPTH = 8;

// ---------------------------------------------------------------- origins and precedence

/** CSS Cascading 4 §6.2 origin and importance, low to high. */
const enum Band {
  UaNormal = 0,
  Presentational = 1,
  AuthorNormal = 2,
  StyleAttrNormal = 3,
  AuthorImportant = 4,
  StyleAttrImportant = 5,
  UaImportant = 6,
}

interface RulePayload {
  readonly item: StyleItem;
  /** position in its sheet */
  readonly order: number;
}

/** One sheet's style rules indexed for one page area (media queries decided), cached per sheet. */
interface SheetRules {
  readonly main: RuleIndex<RulePayload>;
  readonly before: RuleIndex<RulePayload>;
  readonly after: RuleIndex<RulePayload>;
}

/** A sheet that applies to this document, with its rank in cascade order. */
interface ActiveSheet {
  readonly placed: PlacedSheet;
  readonly rules: SheetRules;
  readonly rank: number;
}

const rulesCache = new WeakMap<CompiledSheet, Map<string, SheetRules>>();

function rulesFor(sheet: CompiledSheet, env: MediaEnvironment): SheetRules {
  const key = `${env.widthPx.toFixed(2)}x${env.heightPx.toFixed(2)}`;
  let perEnv = rulesCache.get(sheet);
  const hit = perEnv?.get(key);
  if (hit) return hit;
  const rules: SheetRules = { main: new RuleIndex(), before: new RuleIndex(), after: new RuleIndex() };
  let order = 0;
  for (const item of sheet.items) {
    if (item.kind !== 'style' || !item.media.every((m) => matchesMediaList(m, env))) continue;
    order++;
    const payload: RulePayload = { item, order };
    item.keys.forEach((key, part) => rules[key.target === 'main' ? 'main' : key.target].add(key, { source: item, part, payload }));
  }
  if (!perEnv) { perEnv = new Map(); rulesCache.set(sheet, perEnv); }
  if (perEnv.size > 8) perEnv.clear();
  perEnv.set(key, rules);
  return rules;
}

/** What the selectors of a sheet ask about where an element stands (sharing.ts), cached per sheet. */
function positionalFeatures(rules: SheetRules): FeatureCollector {
  let hit = positionalCache.get(rules);
  if (!hit) {
    const features = new FeatureCollector();
    const add = (sel: ComplexSelector) => features.add(sel);
    rules.main.forEachPositional(add); rules.before.forEachPositional(add); rules.after.forEachPositional(add);
    hit = features;
    positionalCache.set(rules, hit);
  }
  return hit;
}
const positionalCache = new WeakMap<SheetRules, FeatureCollector>();

/**
 * The signature tree of a set of active sheets (in order, with their origin and base), kept for
 * the next document with the same sheets: its matched rules do not depend on the document. At
 * most 16 sets; a tree that grew past MAX_SIGNATURES kinds of element is dropped.
 */
function signaturesFor(active: readonly ActiveSheet[]): Signatures | undefined {
  let key = '';
  for (const a of active) key += `${rulesId(a.rules)}:${a.placed.origin}:${a.placed.base.length}:${a.placed.base}|`;
  const kept = keptSignatures.get(key);
  if (kept) return kept;
  const features = new FeatureCollector();
  for (const a of active) features.merge(positionalFeatures(a.rules));
  const positional = features.result();
  if (!positional) return undefined;
  const made = new Signatures(positional, key);
  if (keptSignatures.size >= MAX_SIGNATURE_SETS) keptSignatures.delete(keptSignatures.keys().next().value!);
  keptSignatures.set(key, made);
  return made;
}

/** After a document: a tree that grew too large is not kept (the next document starts a new one). */
function keepSignatures(s: Signatures): void {
  if (s.size > MAX_SIGNATURES || s.keyLength > MAX_SIGNATURE_CHARS) keptSignatures.delete(s.setKey);
}

const keptSignatures = new Map<string, Signatures>();
const MAX_SIGNATURE_SETS = 16;
/** kinds of element (and characters of their keys) a kept signature tree may hold */
const MAX_SIGNATURES = 400;
const MAX_SIGNATURE_CHARS = 200_000;
const rulesIds = new WeakMap<SheetRules, number>();
let nextRulesId = 0;
function rulesId(rules: SheetRules): number {
  let id = rulesIds.get(rules);
  if (id === undefined) { id = ++nextRulesId; rulesIds.set(rules, id); }
  return id;
}

interface Matched {
  readonly decls: readonly CompiledDecl[];
  readonly key: number;   // band · 2^32 + specificity
  readonly order: number;
  /** where offsets point: a function (element-level declarations), or the rank of the active sheet (the same in every document of its sheet set) */
  readonly locate: ((offset: number) => SourceLocation) | number;
}

/** A sheet in cascade order, with where its offsets point. */
interface PlacedSheet {
  readonly sheet: CompiledSheet;
  readonly origin: 'ua' | 'author';
  /** directory of the sheet's URL, for relative url()s inside it ('' = the template's root) */
  readonly base: string;
  readonly locate: (offset: number) => SourceLocation;
  /** media conditions from the <style media>/<link media>/@import list that brought it in */
  readonly mediaText: readonly (readonly CV[])[];
}

function locator(source: string, label: string, base?: { line: number; column: number }): (offset: number) => SourceLocation {
  let lines: LineIndex | undefined;
  return (offset) => {
    lines ??= new LineIndex(source, base);
    return { ...lines.locate(offset), source: label };
  };
}

function replayProblems(problems: readonly Problem[], locate: (offset: number) => SourceLocation, diagnostics: DiagnosticList): void {
  for (const p of problems) diagnostics.report(p.code, p.message, locate(p.at));
}

let uaSheet: PlacedSheet | undefined;
function uaPlaced(): PlacedSheet {
  uaSheet ??= { sheet: compileSheet(UA_CSS), origin: 'ua', base: '', locate: locator(UA_CSS, 'ua.css'), mediaText: [] };
  return uaSheet;
}
let quirksSheet: PlacedSheet | undefined;
function quirksPlaced(): PlacedSheet {
  quirksSheet ??= { sheet: compileSheet(QUIRKS_CSS), origin: 'ua', base: '', locate: locator(QUIRKS_CSS, 'quirks.css'), mediaText: [] };
  return quirksSheet;
}

// ---------------------------------------------------------------- entry point

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

export function cascade(input: CascadeInput): CascadeResult {
  const diagnostics = new OncePerUnknownProperty(input.diagnostics);
  const { limits, resources } = input.options;
  const doc = parseHtml(input.html, { limits, diagnostics, source: 'document' });
  const load: LoadContext = { resolver: resources, diagnostics, maxDataUriBytes: limits.maxDataUriBytes };

  // 1. the sheets, in cascade order
  const sheets: PlacedSheet[] = doc.mode === 'quirks' ? [uaPlaced(), quirksPlaced()] : [uaPlaced()];
  const visiting = new Set<string>();
  for (const s of doc.styles) {
    if (s.kind === 'style') {
      const sheet = compileSheet(s.text);
      const locate = locator(s.text, 'document', { line: s.loc.line, column: s.loc.column });
      const media = s.media ? [mediaTokens(s.media)] : [];
      addSheet(sheets, { sheet, origin: 'author', base: '', locate, mediaText: media }, load, visiting, 0, diagnostics);
    } else {
      const path = normaliseAssetPath(s.href);
      const res = loadResource(s.href, 'stylesheet', load, s.loc);
      if (!res) continue;
      const text = decodeText(res.bytes);
      const sheet = compileSheet(text);
      const base = path && !/^data:/i.test(s.href.trim()) ? dirname(path) : '';
      const media = s.media ? [mediaTokens(s.media)] : [];
      addSheet(sheets, { sheet, origin: 'author', base, locate: locator(text, path ?? 'stylesheet'), mediaText: media }, load, visiting, 0, diagnostics);
    }
  }
  if (input.css.trim()) {
    addSheet(sheets, { sheet: compileSheet(input.css), origin: 'author', base: '', locate: locator(input.css, 'template CSS'), mediaText: [] }, load, visiting, 0, diagnostics);
  }

  // 2. @page first: media queries are evaluated against the page area it gives
  const format = PAGE_FORMATS[input.options.format];
  const formatEnv = envFor(format);
  const pageItems: { item: PageItem; locate: (offset: number) => SourceLocation }[] = [];
  for (const ps of sheets) {
    if (!ps.mediaText.every((m) => matchesMediaList(m, formatEnv))) continue;
    for (const item of ps.sheet.items) {
      if (item.kind === 'page' && item.media.every((m) => matchesMediaList(m, formatEnv))) pageItems.push({ item, locate: ps.locate });
    }
  }
  const page = resolvePages({ items: pageItems, diagnostics, fallbackSize: format });
  const pageBox = page.size ?? (page.orientation ? rotate(format, page.orientation) : format);
  const area = {
    width: Math.max(1, pageBox.width - (page.margin.left ?? DEFAULT_PAGE_MARGIN) - (page.margin.right ?? DEFAULT_PAGE_MARGIN)),
    height: Math.max(1, pageBox.height - (page.margin.top ?? DEFAULT_PAGE_MARGIN) - (page.margin.bottom ?? DEFAULT_PAGE_MARGIN)),
  };
  const env: MediaEnvironment = { widthPx: area.width / 0.75, heightPx: area.height / 0.75 };

  // 3. rule indexes (cached per sheet and page area) and @font-face
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

  // 4. the tree (elements no selector can tell apart share their matched rules: sharing.ts)
  const tree = buildMatchTree(doc.root);
  const signatures = signaturesFor(active);
  const walker = new StyleWalker({ sheets: active, diagnostics, area, registered: registeredProperties(registered), signatures });
  const root = walker.styleElement(tree, undefined, signatures?.root);
  walker.finish();
  if (signatures) keepSignatures(signatures);
  const pageContext = new PageCascade({
    rules: pageItems.map(({ item, locate }) => ({ selector: item.selector, declarations: item.declarations, marginBoxes: item.marginBoxes, locate })),
    root: walker.rootValues ?? INITIAL, area, diagnostics, toStyle: toComputedStyle,
  });
  return { root, page, fontFaces, mode: doc.mode, metadata: documentMetadata(doc, diagnostics), pageContext };
}

function rotate(s: { width: number; height: number }, o: 'landscape' | 'portrait'): { width: number; height: number } {
  const long = Math.max(s.width, s.height), short = Math.min(s.width, s.height);
  return o === 'landscape' ? { width: long, height: short } : { width: short, height: long };
}

/** The media environment before @page is known: the request format with the default margins. */
function envFor(format: { width: number; height: number }): MediaEnvironment {
  return { widthPx: (format.width - 2 * DEFAULT_PAGE_MARGIN) / 0.75, heightPx: (format.height - 2 * DEFAULT_PAGE_MARGIN) / 0.75 };
}

function mediaTokens(text: string): CV[] {
  // a media attribute is a media query list; evaluated later against the final page area
  let v = mediaCache.get(text);
  if (!v) { v = componentValues(text); if (mediaCache.size < 256) mediaCache.set(text, v); }
  return v;
}
const mediaCache = new Map<string, CV[]>();

function decodeText(bytes: Uint8Array): string {
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text;
}

function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i + 1);
}

/** Resolves a URL written in a sheet at `base` into a template-relative one. */
export function rebaseUrl(url: string, base: string): string {
  if (!base) return url;
  const t = url.trim();
  if (t === '' || t.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith('/')) return url;
  return base + t;
}

function addSheet(out: PlacedSheet[], placed: PlacedSheet, load: LoadContext, visiting: Set<string>, depth: number, diagnostics: DiagnosticList): void {
  replayProblems(placed.sheet.problems, placed.locate, diagnostics);
  // CSS Cascading 4 §2: @import'ed sheets come before the rules of the sheet importing them
  for (const item of placed.sheet.items) {
    if (item.kind !== 'import') continue;
    const at = placed.locate(item.at);
    if (depth >= MAX_IMPORT_DEPTH) { diagnostics.report('import-refused', `@import nested deeper than ${MAX_IMPORT_DEPTH} levels is ignored`, at); continue; }
    const url = rebaseUrl(item.url, placed.base);
    const key = normaliseAssetPath(url) ?? url;
    if (visiting.has(key)) { diagnostics.report('import-refused', `@import cycle through "${item.url}" is ignored`, at); continue; }
    const res = loadImport(url, load, at);
    if (!res) continue;
    const text = decodeText(res.bytes);
    visiting.add(key);
    const path = normaliseAssetPath(url);
    addSheet(out, {
      sheet: compileSheet(text), origin: placed.origin,
      base: path && !/^data:/i.test(url.trim()) ? dirname(path) : '',
      locate: locator(text, path ?? 'import'),
      mediaText: [...placed.mediaText, ...item.media, ...(item.mediaQuery.length ? [item.mediaQuery] : [])],
    }, load, visiting, depth + 1, diagnostics);
    visiting.delete(key);
  }
  out.push(placed);
}

/** @import goes through the same closed world; a refusal is an import-refused diagnostic. */
function loadImport(url: string, load: LoadContext, at: SourceLocation) {
  const probe: LoadContext = { ...load, diagnostics: new RefusedImport(load.diagnostics) };
  return loadResource(url, 'stylesheet', probe, at);
}

class RefusedImport extends DiagnosticList {
  constructor(private readonly target: DiagnosticList) { super(); }
  override report(code: DiagnosticCode, message: string, at?: Partial<SourceLocation>): void {
    this.target.report(code === 'resource-refused' ? 'import-refused' : code, message, at);
  }
}

function rebaseFontFace(item: FontFaceItem, base: string): FontFaceItem {
  if (!base) return item;
  return {
    ...item,
    declarations: item.declarations.map((d) => (d.name === 'src' ? { ...d, value: rebaseTokens(d.value, base) } : d)),
  };
}

function rebaseTokens(items: readonly CV[], base: string): CV[] {
  return items.map((x): CV => {
    if (x.t === 'url') return { ...x, v: rebaseUrl(x.v, base) };
    if (x.t === 'func' && x.name === 'url' && x.args[0]?.t === 'str') return { ...x, args: [{ ...x.args[0], v: rebaseUrl(x.args[0].v, base) }, ...x.args.slice(1)] };
    return x;
  });
}

/** url()s in a linked sheet are relative to the sheet: rewrite image values once per (sheet, base). */
function rebaseDecls(decls: readonly CompiledDecl[], base: string): readonly CompiledDecl[] {
  const key = decls;
  const hit = rebasedCache.get(key)?.get(base);
  if (hit) return hit;
  const out = decls.map((d): CompiledDecl => {
    if (d.k === 'value' && (d.name === 'background-image' || d.name === 'list-style-image') && typeof d.value === 'object' && d.value !== null && 'url' in d.value) {
      return { ...d, value: { url: rebaseUrl((d.value as { url: string }).url, base) } };
    }
    if (d.k === 'value' && d.name === 'content' && Array.isArray(d.value)) {
      return { ...d, value: (d.value as ContentItem[]).map((c) => (c.kind === 'url' ? { ...c, url: rebaseUrl(c.url, base) } : c)) };
    }
    if (d.k === 'pending' || d.k === 'custom') return { ...d, tokens: rebaseTokens(d.tokens, base) };
    return d;
  });
  let m = rebasedCache.get(key);
  if (!m) { m = new Map(); rebasedCache.set(key, m); }
  m.set(base, out);
  return out;
}
const rebasedCache = new WeakMap<readonly CompiledDecl[], Map<string, readonly CompiledDecl[]>>();

// ---------------------------------------------------------------- the tree walk

type Target = 'main' | 'before' | 'after';

/** @property registrations: initial values, and which ones do not inherit. */
interface Registered {
  /** the root's custom properties: every registered initial value */
  readonly rootCustoms: Customs;
  /** non-inherited registered properties: reset to their initial value on every element */
  readonly nonInherited: readonly { readonly name: string; readonly initial: readonly CV[] | undefined }[];
}

function registeredProperties(m: ReadonlyMap<string, { inherits: boolean; initial: readonly CV[] | undefined }>): Registered {
  const rootCustoms = new Map<string, readonly CV[]>();
  const nonInherited: { name: string; initial: readonly CV[] | undefined }[] = [];
  for (const [name, r] of m) {
    if (r.initial) rootCustoms.set(name, r.initial);
    if (!r.inherits) nonInherited.push({ name, initial: r.initial });
  }
  return { rootCustoms, nonInherited };
}

interface WalkerOptions {
  readonly sheets: readonly ActiveSheet[];
  readonly diagnostics: DiagnosticList;
  /** the page area in pt (vw/vh, and the guess for percentages inside min()/max()) */
  readonly area: { readonly width: number; readonly height: number };
  readonly registered: Registered;
  /** set when elements share matched rules by signature (sharing.ts) */
  readonly signatures: Signatures | undefined;
}

type Customs = ReadonlyMap<string, readonly CV[]>;

interface ElementValues {
  readonly values: ComputedValues;
  readonly customs: Customs;
  readonly style: ComputedStyle;
}

/**
 * The initial values as one fixed-shape object: every element's values start as a spread
 * copy of it. (Built through JSON so V8 keeps it in fast mode; an object filled key by key
 * becomes a hash table, and copying that per element was the cascade's largest cost.)
 */
const INITIAL = JSON.parse(JSON.stringify(initialValues())) as ComputedValues;
const INITIAL_STYLE_VALUES: ElementValues = { values: INITIAL, customs: new Map(), style: toComputedStyle(INITIAL) };
const INHERITED = new Set<PropertyName>(PROPERTY_NAMES.filter((n) => PROPERTIES[n].inherited));
const INHERITED_NAMES: readonly PropertyName[] = [...INHERITED];

class StyleWalker {
  private rootFontSize = MEDIUM_FONT_SIZE;
  /** the root element's values (the page context inherits them) */
  rootValues: ComputedValues | undefined;
  /** rules whose declaration problems were reported in this document */
  private readonly reported = new Set<StyleItem>();
  /** keys of the ancestors of the element being styled */
  private readonly ancestors = new AncestorFilter();
  /** CSS counters in document order, for generated content */
  private readonly counters = new CounterScopes();
  private readonly quoteDepth = { value: 0 };
  /** whether any sheet has ::before / ::after rules */
  private readonly hasRules: { readonly before: boolean; readonly after: boolean };
  /** with sharing: the ancestor filter of `filterParent`'s children */
  private parentFilter: AncestorFilter | undefined;
  private filterParent: MatchElement | undefined;
  /** the root's entry in the cross-document cache, and how many styles were cached under it */
  private sharedRoot: { readonly key: string; readonly entry: SharedValues } | undefined;
  private computed = 0;
  /** this document, for styles shared across documents */
  private readonly documentId = ++documents;
  /** what computing values reports, counted */
  private readonly computeDiagnostics: CountingDiagnostics;
  constructor(private readonly o: WalkerOptions) {
    this.computeDiagnostics = new CountingDiagnostics(o.diagnostics);
    this.hasRules = { before: o.sheets.some((s) => s.rules.before.size > 0), after: o.sheets.some((s) => s.rules.after.size > 0) };
  }

  /** `sig`: the element's signature when matched rules are shared (sharing.ts) */
  styleElement(e: MatchElement, parent: ElementValues | undefined, sig: Signature | undefined): StyledElement {
    const main = this.collectMain(e, sig);
    const own = this.shared(e.tag === 'table' ? `table|${main.key}` : main.key, parent, main.list, e);
    if (!parent) { this.rootFontSize = own.values['font-size']; this.rootValues = own.values; }
    const display = own.values.display;
    // CSS Lists 3 §4: the element's counters change before its ::before; its children's
    // counters go out of scope after its ::after
    if (display !== 'none') applyListItemCounters(e, own.values, this.counters);
    // CSS GCPM 3 §1.1, §6: string-set and bookmark-label see the element's counters, before its children's
    const strings = display !== 'none' && own.values['string-set'].length ? own.values['string-set'].map((x) => ({ name: x.name, items: this.ownPieces(x.items, e, own) })) : undefined;
    const level = own.values['bookmark-level'];
    const bookmarkLabel = display !== 'none' && level !== 'none' ? this.ownPieces(own.values['bookmark-label'], e, own) : undefined;
    const counters = e.el.attrs.id ? this.counters.snapshot() : undefined;
    this.counters.open();
    const beforeBox = display !== 'none' ? this.pseudo(e, own, 'before', '::before', sig) : undefined;
    // the children's array made to size (growing one by push reserves 16 more slots, for
    // every element of the tree, kept as long as the tree is)
    const children = new Array<StyledNode>(e.el.children.length + (beforeBox ? 1 : 0));
    let at = 0;
    if (beforeBox) children[at++] = beforeBox;
    let textStyle: ComputedStyle | undefined;
    let ci = 0;
    let siblings: SiblingState | undefined;
    const signatures = this.o.signatures;
    // with sharing, the ancestor filter is built only for the elements that are matched
    if (!signatures) this.ancestors.enter(e);
    for (const c of e.el.children) {
      if (c.kind === 'text') {
        textStyle ??= own.style;
        const t: StyledText = { kind: 'text', text: c.text, style: textStyle };
        children[at++] = t;
      } else {
        const child = e.children[ci++]!;
        const childSig = sig && signatures ? signatures.of(child, sig, siblings ??= newSiblingState()) : undefined;
        children[at++] = this.styleElement(child, own, childSig);
      }
    }
    if (!signatures) this.ancestors.leave(e);
    if (display !== 'none') {
      const afterBox = this.pseudo(e, own, 'after', '::after', sig);
      if (afterBox) children.push(afterBox);
    }
    this.counters.close();
    const out: { -readonly [K in keyof StyledElement]: StyledElement[K] } = { kind: 'element', tag: e.el.tag, attrs: e.el.attrs, style: own.style, children, loc: e.el.loc };
    if (strings) out.strings = strings.map((x) => ({ name: x.name, value: ownText(x.items, out) }));
    if (counters) out.counters = counters;
    if (bookmarkLabel && level !== 'none') out.bookmark = { level, label: ownText(bookmarkLabel, out).replace(/\s+/g, ' ').trim(), open: own.values['bookmark-state'] === 'open' };
    return out;
  }

  /** string-set / bookmark-label items: counters and attr() now, content() once the children are styled */
  private ownPieces(items: readonly ContentItem[], e: MatchElement, own: ElementValues): (string | ContentItem)[] {
    return items.map((c) => {
      const r = resolveAttr(c, e.el.attrs);
      switch (r.kind) {
        case 'counter': return r.name === 'page' || r.name === 'pages' ? '' : formatCounter(this.counters.value(r.name), r.style);
        case 'counters': return r.name === 'page' || r.name === 'pages' ? '' : this.counters.values(r.name).map((n) => formatCounter(n, r.style)).join(r.separator);
        case 'content': return r;
        default: return contentPieces([r], this.counters, own.values.quotes, { value: 0 }).filter((p): p is string => typeof p === 'string').join('');
      }
    });
  }

  private pseudo(e: MatchElement, own: ElementValues, target: 'before' | 'after', tag: '::before' | '::after', sig: Signature | undefined): StyledElement | undefined {
    if (!this.hasRules[target]) return undefined;
    const sheets = this.sheetMatches(e, target, sig);
    const matched = sheets.list;
    // no `content` declared: it is `normal`, there is no box (`*::before { box-sizing }` is common)
    if (!(sheets.declaresContent ??= matched.some((m) => m.decls.some((d) => d.name === 'content')))) return undefined;
    const v = adjustDisplay(this.computeValues(matched, own, undefined), own);
    const content = v.values.content;
    if (content === 'normal' || content === 'none' || v.values.display === 'none') return undefined;
    // attr() is the element's business: resolve it here; counters and quotes are layout's
    const resolved = content.map((c) => resolveAttr(c, e.el.attrs));
    const style: ComputedStyle = { ...v.style, content: resolved };
    // the generated box applies its own counters (CSS Lists 3 §4: ::before/::after are elements too)
    this.counters.apply(v.values['counter-reset'], v.values['counter-set'], v.values['counter-increment']);
    this.counters.open();
    const pieces = contentPieces(resolved, this.counters, v.values.quotes, this.quoteDepth);
    this.counters.close();
    const text = pieces.filter((p): p is string => typeof p === 'string').join('');
    const deferred = pieces.some((p) => typeof p !== 'string');
    const children: StyledNode[] = deferred ? [{ kind: 'text', text, style, generated: pieces }] : text ? [{ kind: 'text', text, style }] : [];
    return { kind: 'element', tag, attrs: {}, style, children, loc: e.el.loc };
  }

  /** The element's own matched declarations: the sheets' (shared by signature), then its element-level ones. */
  private collectMain(e: MatchElement, sig: Signature | undefined): { readonly list: readonly Matched[]; readonly key: string } {
    const sheets = this.sheetMatches(e, 'main', sig);
    const own = this.elementLevel(e);
    if (!own) return sheets;
    const out = sheets.list.concat(own);
    out.sort(byCascadeOrder);
    let key = '';
    for (const m of out) key += `${declsId(m.decls)},`;
    return { list: out, key };
  }

  /** Matched rules of the sheets for a target, in cascade order; the same for every element of a signature. */
  private sheetMatches(e: MatchElement, target: Target, sig: Signature | undefined): SheetMatches {
    const cached = sig?.matched[target] as SheetMatches | undefined;
    if (cached) { this.say(cached); return cached; }
    let ancestors = this.ancestors;
    if (this.o.signatures) {
      // built for the parent whose children are being matched (siblings reuse it)
      if (this.filterParent !== e.parent || !this.parentFilter) {
        this.parentFilter = new AncestorFilter();
        for (let p = e.parent; p; p = p.parent) this.parentFilter.enter(p);
        this.filterParent = e.parent;
      }
      ancestors = this.parentFilter;
    }
    const events: RuleEvent[] = [];
    const list = this.collect(e, target, ancestors, events);
    let key = '';
    for (const m of list) key += `${declsId(m.decls)},`;
    const result: SheetMatches = { list, key, events, saidIn: 0 };
    this.say(result);
    if (sig) sig.matched[target] = result;
    return result;
  }

  /**
   * Reports what matching these rules first meets in a document (a rule's declaration problems,
   * a dropped selector), in the order a fresh matching would: once per rule and document.
   */
  private say(m: SheetMatches): void {
    if (m.saidIn === this.documentId) return;
    m.saidIn = this.documentId;
    for (const ev of m.events) {
      if (this.reported.has(ev.item)) continue;
      this.reported.add(ev.item);
      const locate = this.o.sheets[ev.rank]!.placed.locate;
      if (ev.kind === 'declarations') replayProblems(ev.item.declarations().problems, locate, this.o.diagnostics);
      else {
        const problem = ev.item.selectorProblem();
        if (problem) replayProblems([problem], locate, this.o.diagnostics);
      }
    }
  }

  /** The sheets' rules matching `e`, in cascade order; `events` gets the rules met, in order, for say(). */
  private collect(e: MatchElement, target: Target, ancestors: AncestorFilter, events: RuleEvent[]): Matched[] {
    const out: Matched[] = [];
    const hits: Hit<RulePayload>[] = [];
    const invalid: SelectorSource[] = [];
    for (const active of this.o.sheets) {
      hits.length = 0;
      invalid.length = 0;
      active.rules[target].matching(e, hits, invalid, ancestors);
      if (hits.length) this.addHits(hits, active, out, events);
      for (const source of invalid) events.push({ item: source as StyleItem, rank: active.rank, kind: 'selector' });
    }
    out.sort(byCascadeOrder);
    return out;
  }

  private addHits(hits: readonly Hit<RulePayload>[], active: ActiveSheet, out: Matched[], events: RuleEvent[]): void {
    const sheet = active.placed;
    for (const h of hits) {
      const { item } = h.rule.payload;
      const order = active.rank * 1048576 + h.rule.payload.order;
      const { block } = item.declarations();
      events.push({ item, rank: active.rank, kind: 'declarations' });
      const ua = sheet.origin === 'ua';
      const spec = h.selector.specificity;
      if (block.normal.length) {
        out.push({ decls: sheet.base ? rebaseDecls(block.normal, sheet.base) : block.normal, key: (ua ? Band.UaNormal : Band.AuthorNormal) * 4294967296 + spec, order, locate: active.rank });
      }
      if (block.important.length) {
        out.push({ decls: sheet.base ? rebaseDecls(block.important, sheet.base) : block.important, key: (ua ? Band.UaImportant : Band.AuthorImportant) * 4294967296 + spec, order, locate: active.rank });
      }
    }
  }

  /** The element's presentational hints and style attribute, as matched declarations (undefined when none). */
  private elementLevel(e: MatchElement): Matched[] | undefined {
    let out: Matched[] | undefined;
    const hints = presentationalHints(e);
    if (hints) {
      const c = compileInlineStyle(hints);
      if (c.block.normal.length) (out ??= []).push({ decls: c.block.normal, key: Band.Presentational * 4294967296, order: 0, locate: () => e.el.loc });
    }
    const styleAttr = e.el.attrs.style;
    if (styleAttr !== undefined && styleAttr.trim() !== '') {
      const c = compileInlineStyle(styleAttr);
      const loc = e.el.loc;
      replayProblems(c.problems, () => ({ ...loc, source: loc.source ?? 'document' }), this.o.diagnostics);
      if (c.block.normal.length) (out ??= []).push({ decls: c.block.normal, key: Band.StyleAttrNormal * 4294967296, order: 0, locate: () => loc });
      if (c.block.important.length) (out ??= []).push({ decls: c.block.important, key: Band.StyleAttrImportant * 4294967296, order: 0, locate: () => loc });
    }
    return out;
  }

  private computeValues(matched: readonly Matched[], parent: ElementValues, _e: MatchElement | undefined): ElementValues {
    if (matched.length === 0 && parent !== INITIAL_STYLE_VALUES) return this.inheritOnly(parent);
    // the declared value of each property: the last one in cascade order wins
    const declared = new Map<PropertyName, Declared>();
    let customDecls: Map<string, CompiledDecl> | undefined;
    for (const m of matched) {
      for (const d of m.decls) {
        if (d.k === 'custom' || d.k === 'custom-wide') (customDecls ??= new Map()).set(d.name, d);
        else declared.set(d.name, { d, locate: typeof m.locate === 'number' ? this.o.sheets[m.locate]!.placed.locate : m.locate });
      }
    }
    const inherited = this.inheritedCustoms(parent);
    const customs = customDecls ? resolveCustoms(customDecls, inherited) : inherited;
    const pv = parent.values;
    // start from the initial values (a fixed-shape copy), inherit what inherits, then
    // compute only what was declared: font-size first (em), line-height (lh), color (currentColor)
    const values = { ...INITIAL } as Record<PropertyName, unknown>;
    for (const name of INHERITED_NAMES) values[name] = pv[name];
    const ctx: { -readonly [K in keyof ComputeContext]: ComputeContext[K] } = {
      em: pv['font-size'], rem: this.rootFontSize, vw: this.o.area.width, vh: this.o.area.height,
      lh: pv['font-size'] * 1.2, percentBasis: this.o.area.width, color: pv.color, parent: pv,
    };
    const state: ComputeState = { customs, pv, ctx, pending: undefined, diagnostics: this.computeDiagnostics };
    const fontSize = declared.get('font-size');
    if (fontSize) {
      values['font-size'] = computeDeclared('font-size', fontSize, state);
      declared.delete('font-size');
    }
    const fs = values['font-size'] as number;
    ctx.em = fs;
    if (parent === INITIAL_STYLE_VALUES) ctx.rem = fs;
    const lineHeight = declared.get('line-height');
    if (lineHeight) {
      values['line-height'] = computeDeclared('line-height', lineHeight, state);
      declared.delete('line-height');
    }
    const lh = values['line-height'] as ComputedValues['line-height'];
    ctx.lh = lh.kind === 'normal' ? fs * 1.2 : lh.kind === 'number' ? lh.value * fs : lh.pt;
    const color = declared.get('color');
    if (color) {
      values.color = computeDeclared('color', color, state);
      declared.delete('color');
    }
    ctx.color = values.color as RGBA;
    for (const [name, entry] of declared) values[name] = computeDeclared(name, entry, state);
    const v = values as ComputedValues;
    return { values: v, customs, style: toComputedStyle(v) };
  }

  /**
   * Style sharing (as browsers do): elements with the same parent style and the same matched
   * declaration blocks in the same order have the same computed values, so they share one
   * ElementValues (and one ComputedStyle object). Rows of a long table cost one computation.
   */
  private shared(key: string, parent: ElementValues | undefined, matched: readonly Matched[], e: MatchElement): ElementValues {
    let cacheKey = key;
    if (!parent) {
      // the root is shared across documents too (so is, through it, every style below it) when
      // nothing but its declarations and the page area decides it: no @property registrations
      const reg = this.o.registered;
      if (reg.rootCustoms.size > 0 || reg.nonInherited.length > 0) return this.computeOwn(matched, parent, e);
      cacheKey = `${this.o.area.width}x${this.o.area.height}|${key}`;
    }
    const cacheParent = parent ?? INITIAL_STYLE_VALUES;
    let byKey = shareCache.get(cacheParent);
    const hit = byKey?.get(cacheKey);
    // values whose computation said something are reused only in the document that heard it
    if (hit && (hit.noisyIn === undefined || hit.noisyIn === this.documentId)) return hit.values;
    const said = this.computeDiagnostics.count;
    const own = this.computeOwn(matched, parent, e);
    const entry: SharedValues = { values: own, noisyIn: this.computeDiagnostics.count !== said ? this.documentId : undefined };
    if (!byKey) { byKey = new Map(); shareCache.set(cacheParent, byKey); }
    if (!parent) {
      byKey.delete(cacheKey);
      if (byKey.size >= MAX_SHARED_ROOTS) byKey.delete(byKey.keys().next().value!);
      byKey.set(cacheKey, entry);
      this.sharedRoot = { key: cacheKey, entry };
    } else if (byKey.size < 256 || hit) {
      byKey.set(cacheKey, entry);
      this.computed++;
    }
    return own;
  }

  /** The element's own values: computed, then its display and table text-align adjusted. */
  private computeOwn(matched: readonly Matched[], parent: ElementValues | undefined, e: MatchElement): ElementValues {
    return adjustTableTextAlign(e.tag, adjustDisplay(this.computeValues(matched, parent ?? INITIAL_STYLE_VALUES, e), parent));
  }

  /**
   * After the walk: a document with more distinct styles than MAX_STYLES_KEPT does not keep its
   * root (and with it every style computed under it) for later documents, so what the process
   * holds between documents stays small.
   */
  finish(): void {
    if (!this.sharedRoot || this.computed <= MAX_STYLES_KEPT) return;
    const roots = shareCache.get(INITIAL_STYLE_VALUES);
    if (roots?.get(this.sharedRoot.key) === this.sharedRoot.entry) roots.delete(this.sharedRoot.key);
  }

  /**
   * The custom properties an element starts from: its parent's, with registered
   * non-inherited ones back at their initial values (the root starts from every initial value).
   */
  private inheritedCustoms(parent: ElementValues): Customs {
    const reg = this.o.registered;
    if (parent === INITIAL_STYLE_VALUES) return reg.rootCustoms;
    if (reg.nonInherited.length === 0) return parent.customs;
    let out: Map<string, readonly CV[]> | undefined;
    for (const { name, initial } of reg.nonInherited) {
      if (parent.customs.get(name) === initial) continue;
      out ??= new Map(parent.customs);
      if (initial) out.set(name, initial); else out.delete(name);
    }
    return out ?? parent.customs;
  }

  /** No rule matched: inherited properties from the parent, the rest initial (shared objects). */
  private inheritOnly(parent: ElementValues): ElementValues {
    const cached = inheritCache.get(parent);
    if (cached) return cached;
    const values = { ...INITIAL } as Record<PropertyName, unknown>;
    for (const name of INHERITED_NAMES) values[name] = parent.values[name];
    const v = values as ComputedValues;
    const out: ElementValues = { values: v, customs: this.inheritedCustoms(parent), style: toComputedStyle(v) };
    inheritCache.set(parent, out);
    return out;
  }
}
const inheritCache = new WeakMap<ElementValues, ElementValues>();
const byCascadeOrder = (a: Matched, b: Matched) => a.key - b.key || a.order - b.order;

/**
 * The sheets' matched rules for one target, their declaration blocks as a sharing key, and the
 * rules met while matching (for their diagnostics, said once per document: `saidIn`).
 */
interface SheetMatches {
  readonly list: readonly Matched[]; readonly key: string; readonly events: readonly RuleEvent[]; saidIn: number;
  /** whether a rule of the list declares `content` (asked for ::before/::after; answered once) */
  declaresContent?: boolean;
}
interface RuleEvent { readonly item: StyleItem; readonly rank: number; readonly kind: 'declarations' | 'selector' }
/** A computed style shared by elements (and documents); `noisyIn`: the document whose computation reported diagnostics. */
interface SharedValues { readonly values: ElementValues; readonly noisyIn: number | undefined }
const shareCache = new WeakMap<ElementValues, Map<string, SharedValues>>();
/** roots kept across documents (each holds the styles computed under it): the templates in use */
const MAX_SHARED_ROOTS = 16;
/** styles one document may leave cached for later documents (the corpus documents have 20 to 80; 300 are about 1 MB) */
const MAX_STYLES_KEPT = 300;
let documents = 0;

/** Forwards reports and counts them. */
class CountingDiagnostics extends DiagnosticList {
  count = 0;
  constructor(private readonly target: DiagnosticList) { super(); }
  override report(code: DiagnosticCode, message: string, at?: Partial<SourceLocation>): void {
    this.count++;
    this.target.report(code, message, at);
  }
}
const declIds = new WeakMap<readonly CompiledDecl[], number>();
let nextDeclId = 0;

function declsId(decls: readonly CompiledDecl[]): number {
  let id = declIds.get(decls);
  if (id === undefined) { id = ++nextDeclId; declIds.set(decls, id); }
  return id;
}

interface Declared { readonly d: CompiledDecl; readonly locate: (o: number) => SourceLocation }

interface ComputeState {
  readonly customs: Customs;
  readonly pv: ComputedValues;
  readonly ctx: ComputeContext;
  /** var()-substituted values, parsed once per element and declaration */
  pending: Map<readonly CV[], CompiledDecl[] | undefined> | undefined;
  readonly diagnostics: DiagnosticList;
}

/** CSS Cascading 4 §4.4: a declared value to its computed value. */
function computeDeclared(name: PropertyName, entry: Declared, st: ComputeState): unknown {
  let d = entry.d;
  if (d.k === 'pending') {
    const pd = d;
    st.pending ??= new Map();
    let parsed = st.pending.get(pd.tokens);
    if (!st.pending.has(pd.tokens)) {
      const substituted = substitute(pd.tokens, st.customs, 0);
      parsed = substituted ? parseValue(pd.from, substituted) : undefined;
      st.pending.set(pd.tokens, parsed);
      if (!parsed) st.diagnostics.report('invalid-value', `Ignored "${pd.from}": its var() substitution is not a valid value`, entry.locate(pd.at));
    }
    // invalid at computed-value time: behaves as unset (CSS Variables 1 §3.1)
    d = parsed?.find((x) => x.name === name) ?? { k: 'wide', name, keyword: 'unset' };
  }
  switch (d.k) {
    case 'value': return propertyDef(name).compute(d.value, st.ctx);
    case 'wide': return d.keyword === 'inherit' || (d.keyword === 'unset' && INHERITED.has(name)) ? st.pv[name] : INITIAL[name];
    default: return INHERITED.has(name) ? st.pv[name] : INITIAL[name];
  }
}

type CounterList = readonly { name: string; value: number }[];

/**
 * CSS Lists 3 §4.6 the implicit `list-item` counter: lists reset it (HTML's `start`), list
 * items increment it (HTML's `value` sets it), unless the author's own properties say so.
 */
function applyListItemCounters(e: MatchElement, v: ComputedValues, counters: CounterScopes): void {
  let reset: CounterList = v['counter-reset'], set: CounterList = v['counter-set'], increment: CounterList = v['counter-increment'];
  if ((e.tag === 'ol' || e.tag === 'ul' || e.tag === 'menu' || e.tag === 'dir') && !reset.some((r) => r.name === 'list-item')) {
    const start = e.tag === 'ol' ? parseInt(e.el.attrs.start ?? '', 10) : NaN;
    // HTML §4.4.5: a reversed list counts down from its number of items
    const reversed = e.tag === 'ol' && e.el.attrs.reversed !== undefined;
    const items = reversed ? e.children.filter((c) => c.tag === 'li').length : 0;
    reset = [...reset, { name: 'list-item', value: Number.isFinite(start) ? start + (reversed ? 1 : -1) : reversed ? items + 1 : 0 }];
  }
  if (v.display === 'list-item') {
    const value = e.tag === 'li' ? parseInt(e.el.attrs.value ?? '', 10) : NaN;
    const down = e.parent?.tag === 'ol' && e.parent.el.attrs.reversed !== undefined;
    if (Number.isFinite(value) && !set.some((x) => x.name === 'list-item')) set = [...set, { name: 'list-item', value: value + (down ? 1 : -1) }];
    if (!increment.some((x) => x.name === 'list-item')) increment = [...increment, { name: 'list-item', value: down ? -1 : 1 }];
  }
  counters.apply(reset, set, increment);
}

/** CSS Display 3 §2.7 blockification: the block-level counterpart of a display value. */
const BLOCKIFY: Partial<Record<ComputedValues['display'], ComputedValues['display']>> = {
  inline: 'block', 'inline-block': 'block', 'inline-table': 'table', 'inline-flex': 'flex', 'inline-grid': 'grid',
  'table-row-group': 'block', 'table-header-group': 'block', 'table-footer-group': 'block', 'table-row': 'block',
  'table-cell': 'block', 'table-caption': 'block', 'table-column': 'block', 'table-column-group': 'block',
};

/**
 * CSS 2.1 §9.7 and CSS Display 3 §2.7: absolutely positioned and floated boxes, the root,
 * and flex/grid items have a block-level computed display; absolute positioning makes the
 * computed float none.
 */
function adjustDisplay(own: ElementValues, parent: ElementValues | undefined): ElementValues {
  const v = own.values;
  if (v.display === 'none') return own;
  const absolute = v.position === 'absolute' || v.position === 'fixed';
  const pd = parent?.values.display;
  const item = pd === 'flex' || pd === 'inline-flex' || pd === 'grid' || pd === 'inline-grid';
  const root = parent === undefined;
  if (!absolute && v.float === 'none' && !item && !root) return own;
  let display: ComputedValues['display'] = v.display;
  if (root && display === 'contents') display = 'block';
  else if (display !== 'contents') display = BLOCKIFY[display] ?? display;
  const float = absolute ? 'none' : v.float;
  if (display === v.display && float === v.float) return own;
  const values: ComputedValues = { ...v, display, float };
  return { values, customs: own.customs, style: { ...own.style, display, float } };
}

/**
 * Blink StyleAdjuster: "tables never support the -webkit-* values of text-align". The value
 * an align attribute gave (inherited into the table) becomes start, so text in a table nested
 * in a centred cell starts at the left, while an author's own text-align: center stays.
 */
function adjustTableTextAlign(tag: string, own: ElementValues): ElementValues {
  const align = own.values['text-align'];
  if (tag !== 'table' || (align !== '-webkit-center' && align !== '-webkit-left' && align !== '-webkit-right')) return own;
  return { values: { ...own.values, 'text-align': 'start' }, customs: own.customs, style: { ...own.style, textAlign: 'start' } };
}

// ---------------------------------------------------------------- custom properties (CSS Variables 1)

const MAX_SUBSTITUTION_DEPTH = 32;
const MAX_SUBSTITUTION_TOKENS = 10000;

function resolveCustoms(declared: ReadonlyMap<string, CompiledDecl>, inherited: Customs): Customs {
  const out = new Map(inherited);
  const raw = new Map<string, readonly CV[]>();
  for (const [name, d] of declared) {
    if (d.k === 'custom') raw.set(name, d.tokens);
    else if (d.k === 'custom-wide') {
      if (d.keyword === 'initial') out.delete(name); // the guaranteed-invalid value
      // inherit / unset: custom properties inherit, so keep the parent's
    }
  }
  // §2.3 resolve dependencies; a cycle makes every property in it invalid
  const state = new Map<string, 'busy' | 'done' | 'invalid'>();
  const resolveOne = (name: string): void => {
    const st = state.get(name);
    if (st === 'done' || st === 'invalid') return;
    if (st === 'busy') { state.set(name, 'invalid'); return; }
    const tokens = raw.get(name);
    if (!tokens) return;
    state.set(name, 'busy');
    const lookup = (ref: string): readonly CV[] | undefined => {
      if (raw.has(ref)) {
        resolveOne(ref);
        if (state.get(ref) === 'invalid' || state.get(ref) === 'busy') { state.set(ref, 'invalid'); return undefined; }
        return out.get(ref);
      }
      return out.get(ref);
    };
    const value = substituteWith(tokens, lookup, 0);
    if (state.get(name) === 'invalid' || value === undefined) { state.set(name, 'invalid'); out.delete(name); return; }
    out.set(name, value);
    state.set(name, 'done');
  };
  for (const name of raw.keys()) resolveOne(name);
  for (const [name, st] of state) if (st === 'invalid') out.delete(name);
  return out;
}

/** Replaces var()/env() in a value; undefined when a reference has no value and no fallback. */
function substitute(tokens: readonly CV[], customs: Customs, depth: number): CV[] | undefined {
  return substituteWith(tokens, (name) => customs.get(name), depth);
}

function substituteWith(tokens: readonly CV[], lookup: (name: string) => readonly CV[] | undefined, depth: number): CV[] | undefined {
  if (depth > MAX_SUBSTITUTION_DEPTH) return undefined;
  const out: CV[] = [];
  for (const x of tokens) {
    if (x.t === 'func' && (x.name === 'var' || x.name === 'env')) {
      const comma = x.args.findIndex((a) => a.t === 'delim' && a.v === ',');
      const nameTok = x.args[0];
      const fallback = comma >= 0 ? x.args.slice(comma + 1) : undefined;
      let value: readonly CV[] | undefined;
      if (x.name === 'var' && nameTok?.t === 'ident' && nameTok.v.startsWith('--')) value = lookup(nameTok.v);
      else if (x.name === 'var') return undefined;
      if (value === undefined && fallback !== undefined) {
        const f = substituteWith(fallback, lookup, depth + 1);
        if (f === undefined) return undefined;
        value = f;
      }
      if (value === undefined) return undefined;
      out.push(...value);
    } else if (x.t === 'func') {
      const args = substituteWith(x.args, lookup, depth + 1);
      if (!args) return undefined;
      out.push(args === x.args ? x : { ...x, args });
    } else if (x.t === 'block') {
      const items = substituteWith(x.items, lookup, depth + 1);
      if (!items) return undefined;
      out.push({ ...x, items });
    } else out.push(x);
    if (out.length > MAX_SUBSTITUTION_TOKENS) return undefined;
  }
  return out;
}

// ---------------------------------------------------------------- computed values → the contract

function resolveColor(c: RGBA | 'currentcolor', color: RGBA): RGBA {
  return c === 'currentcolor' ? color : c;
}

/** The ComputedStyle contract from the property table's values (CSS Backgrounds 3 §4.3: no style, no width). */
export function toComputedStyle(v: ComputedValues): ComputedStyle {
  const color = v.color;
  const bw = (side: 'top' | 'right' | 'bottom' | 'left') => {
    const style = v[`border-${side}-style`];
    return style === 'none' || style === 'hidden' ? 0 : v[`border-${side}-width`];
  };
  const ox = v['overflow-x'], oy = v['overflow-y'];
  return {
    // a running element (CSS GCPM 3 §2.1) generates no box in the flow: margin boxes show it
    display: typeof v.position === 'object' ? 'none' : v.display,
    ...(typeof v.position === 'object' ? { running: { name: v.position.running, display: v.display } } : {}),
    position: typeof v.position === 'object' ? 'static' : v.position,
    float: v.float,
    clear: v.clear,
    top: v.top, right: v.right, bottom: v.bottom, left: v.left,
    zIndex: v['z-index'],
    visibility: v.visibility,
    overflow: ox !== 'visible' ? ox : oy,
    opacity: v.opacity,
    boxSizing: v['box-sizing'],
    width: v.width, height: v.height,
    minWidth: v['min-width'], minHeight: v['min-height'],
    maxWidth: v['max-width'], maxHeight: v['max-height'],
    margin: { top: v['margin-top'], right: v['margin-right'], bottom: v['margin-bottom'], left: v['margin-left'] },
    padding: { top: v['padding-top'], right: v['padding-right'], bottom: v['padding-bottom'], left: v['padding-left'] },
    borderWidth: { top: bw('top'), right: bw('right'), bottom: bw('bottom'), left: bw('left') },
    borderStyle: { top: v['border-top-style'], right: v['border-right-style'], bottom: v['border-bottom-style'], left: v['border-left-style'] },
    borderColor: {
      top: resolveColor(v['border-top-color'], color), right: resolveColor(v['border-right-color'], color),
      bottom: resolveColor(v['border-bottom-color'], color), left: resolveColor(v['border-left-color'], color),
    },
    borderRadius: {
      topLeft: v['border-top-left-radius'], topRight: v['border-top-right-radius'],
      bottomRight: v['border-bottom-right-radius'], bottomLeft: v['border-bottom-left-radius'],
    },
    boxShadow: v['box-shadow'],
    backgroundColor: resolveColor(v['background-color'], color),
    backgroundImage: v['background-image'],
    backgroundSize: v['background-size'],
    backgroundPosition: v['background-position'],
    backgroundRepeat: v['background-repeat'],
    color,
    fontFamily: v['font-family'],
    fontSize: v['font-size'],
    fontWeight: v['font-weight'],
    fontStyle: v['font-style'],
    fontVariantCaps: v['font-variant-caps'],
    lineHeight: v['line-height'],
    textAlign: v['text-align'],
    textIndent: v['text-indent'],
    textTransform: v['text-transform'],
    textDecorationLine: v['text-decoration-line'],
    textDecorationColor: resolveColor(v['text-decoration-color'], color),
    textDecorationStyle: v['text-decoration-style'],
    letterSpacing: v['letter-spacing'],
    wordSpacing: v['word-spacing'],
    whiteSpace: v['white-space'],
    overflowWrap: v['overflow-wrap'],
    wordBreak: v['word-break'],
    hyphens: v.hyphens,
    verticalAlign: v['vertical-align'],
    direction: v.direction,
    listStyleType: v['list-style-type'],
    listStylePosition: v['list-style-position'],
    listStyleImage: v['list-style-image'],
    counterReset: v['counter-reset'],
    counterIncrement: v['counter-increment'],
    counterSet: v['counter-set'],
    content: v.content,
    quotes: v.quotes,
    stringSet: v['string-set'],
    bookmarkLevel: v['bookmark-level'],
    bookmarkLabel: v['bookmark-label'],
    bookmarkState: v['bookmark-state'],
    borderCollapse: v['border-collapse'],
    borderSpacing: v['border-spacing'],
    tableLayout: v['table-layout'],
    captionSide: v['caption-side'],
    emptyCells: v['empty-cells'],
    breakBefore: v['break-before'],
    breakAfter: v['break-after'],
    breakInside: v['break-inside'],
    orphans: v.orphans,
    widows: v.widows,
    page: v.page,
    flexDirection: v['flex-direction'],
    flexWrap: v['flex-wrap'],
    flexGrow: v['flex-grow'],
    flexShrink: v['flex-shrink'],
    flexBasis: v['flex-basis'],
    justifyContent: v['justify-content'],
    alignItems: v['align-items'],
    alignSelf: v['align-self'],
    alignContent: v['align-content'],
    order: v.order,
    rowGap: v['row-gap'],
    columnGap: v['column-gap'],
    columnCount: v['column-count'],
    columnWidth: v['column-width'],
    columnFill: v['column-fill'],
    columnSpan: v['column-span'],
    columnRule: {
      width: v['column-rule-style'] === 'none' || v['column-rule-style'] === 'hidden' ? 0 : v['column-rule-width'],
      style: v['column-rule-style'], color: resolveColor(v['column-rule-color'], color),
    },
    objectFit: v['object-fit'],
  };
}

/** attr() in content, and as the URL of target-counter()/target-text(), from the element's attributes. */
function resolveAttr(c: ContentItem, attrs: Readonly<Record<string, string>>): ContentItem {
  if (c.kind === 'attr') return { kind: 'string', value: attrs[c.name] ?? '' };
  if ((c.kind === 'target-counter' || c.kind === 'target-counters' || c.kind === 'target-text') && 'attr' in c.target) return { ...c, target: { url: attrs[c.target.attr] ?? '' } };
  return c;
}

function ownText(pieces: readonly (string | ContentItem)[], e: StyledElement): string {
  return pieces.map((p) => (typeof p === 'string' ? p : p.kind === 'content' ? elementText(e, p.which) : '')).join('');
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

