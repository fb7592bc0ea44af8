// CSS Cascading 4: the walk over the document tree, in document order. For each element:
// its matched rules (shared by signature where no selector can tell elements apart), its
// element-level declarations, the winning declared value of each property (§6), var()
// substituted, computed values (§4.4) with font-size, line-height and color first, the
// fix-ups of adjust.ts, then ::before/::after and the counters and strings of generated
// content. Elements with the same parent style and the same declaration blocks share one
// computed style, within a document and across documents.
import { DiagnosticList, type DiagnosticCode, type SourceLocation } from '../diagnostics';
import type { CV } from '../css/syntax';
import { adjustDisplay, adjustOverflow, adjustTextAlign } from './adjust';
import type { ComputedStyle, ContentItem, RGBA } from './computed';
import { applyListItemCounters, contentPieces, CounterScopes, elementText, formatCounter } from './counters';
import { parseValue, type CompiledDecl } from './declarations';
import { AncestorFilter, type Hit, type MatchElement, type SelectorSource } from './match';
import { presentationalHints } from './presentational';
import { fastShape, FONT_SIZE_KEYWORD_ORDER, fontUnitLengths, FONT_SIZE_KEYWORDS, fontRelative, initialValues, MEDIUM_FONT_SIZE, MONOSPACE_FONT_SIZE_KEYWORDS, MONOSPACE_SCALE, PROPERTY_NAMES, propertyDef, PROPERTIES, type ComputeContext, type ComputedValues, type FontSizeOrigin, type PropertyName } from './properties';
import type { DeclaredFaceUnits } from '../fonts';
import { Band, byCascadeOrder, declsId, type ActiveSheet, type Matched, type RulePayload, type Target } from './rules';
import type { PseudoElement } from '../css/selectors';
import { newSiblingState, type Signature, type Signatures, type SiblingState } from './sharing';
import { compileInlineStyle, type StyleItem } from './sheets';
import { rebaseDecls, replayProblems } from './sources';
import { toComputedStyle, type ElementValues } from './style';
import type { StyledElement, StyledNode, StyledText } from './styled';
import { missingVariable, resolveCustoms, substitute, type Customs, type Registered } from './variables';


export interface WalkerOptions {
  /** CSS GCPM 3 §2.4: @page rules reset, set or increment the footnote counter (layout numbers the footnotes) */
  readonly footnotesByPage?: boolean;
  readonly sheets: readonly ActiveSheet[];
  readonly diagnostics: DiagnosticList;
  /** the page area in pt (vw/vh, and the guess for percentages inside min()/max()) */
  readonly area: { readonly width: number; readonly height: number };
  readonly registered: Registered;
  /** set when elements share matched rules by signature (sharing.ts) */
  readonly signatures: Signatures | undefined;
  /** the ex and ch of the document's @font-face faces */
  readonly faceUnits?: DeclaredFaceUnits;
  /** a quirks-mode document: its style attributes take the quirky values (quirky-values.ts) */
  readonly quirks?: boolean;
}

/**
 * The initial values as one fixed-shape object of its own (no value shared with the property
 * table): every element's values start as a spread copy of it, so it is in fast mode (fastShape).
 */
export const INITIAL = fastShape(JSON.parse(JSON.stringify(initialValues())) as ComputedValues);
const INITIAL_STYLE_VALUES: ElementValues = { values: INITIAL, customs: new Map(), style: toComputedStyle(INITIAL) };
const INHERITED = new Set<PropertyName>(PROPERTY_NAMES.filter((n) => PROPERTIES[n].inherited));
const INHERITED_NAMES: readonly PropertyName[] = [...INHERITED];

export class StyleWalker {
  private rootFontSize = MEDIUM_FONT_SIZE;
  /** the root's effective zoom: rem is the root's font size unzoomed, times the element's zoom */
  private rootZoom = 1;
  /** the root element's values (the page context inherits them) */
  rootValues: ComputedValues | undefined;
  /** rules whose declaration problems were reported in this document */
  private readonly reported = new Set<StyleItem>();
  /** keys of the ancestors of the element being styled */
  private readonly ancestors = new AncestorFilter();
  /** CSS counters in document order, for generated content */
  private readonly counters = new CounterScopes();
  private readonly quoteDepth = { value: 0 };
  /** the footnotes met so far (CSS GCPM 3 §2) */
  private footnotes = 0;
  /** how many footnote elements the walk met */
  get footnoteCount(): number { return this.footnotes; }
  /** with ::first-letter rules: each element's values (a first letter inherits from the element its text is in) */
  private readonly valuesOf = new WeakMap<StyledElement, ElementValues>();
  /** whether any sheet has rules for each pseudo-element */
  private readonly hasRules: Readonly<Record<PseudoElement, boolean>>;
  /** with sharing: the ancestor filter of `filterParent`'s children */
  private parentFilter: AncestorFilter | undefined;
  private filterParent: MatchElement | undefined;
  /** the root's entry in the cross-document cache, and how many styles were cached under it */
  private sharedRoot: { readonly key: string; readonly entry: SharedValues } | undefined;
  private computed = 0;
  /** this document, for styles shared across documents */
  private readonly documentId = ++documents;
  /** var() substitutions that failed and what was said about them (CSS Variables 1 §3), once per document */
  private readonly substitutions: SubstitutionsSaid = {
    declarations: new WeakSet(), names: new Set(),
    declared: (name) => { const out: string[] = []; for (const s of this.o.sheets) declaredValues(s.placed.sheet.source, name, out); return out; },
  };
  /** what computing values reports, counted */
  private readonly computeDiagnostics: CountingDiagnostics;
  constructor(private readonly o: WalkerOptions) {
    this.computeDiagnostics = new CountingDiagnostics(o.diagnostics);
    const has = (t: PseudoElement) => o.sheets.some((s) => s.rules[t].size > 0);
    this.hasRules = { before: has('before'), after: has('after'), marker: has('marker'), 'first-letter': has('first-letter'), 'first-line': has('first-line'), 'footnote-call': has('footnote-call'), 'footnote-marker': has('footnote-marker') };
  }

  /**
   * `sig`: the element's signature when matched rules are shared (sharing.ts); `line`: the
   * values of the ::first-line the element may be on (CSS Pseudo 4 §2.3), its parent's.
   */
  styleElement(e: MatchElement, parent: ElementValues | undefined, sig: Signature | undefined, line?: ElementValues): StyledElement {
    const main = this.collectMain(e, sig);
    const own = this.shared(e.tag === 'table' || e.tag === 'body' ? `${e.tag}|${main.key}` : main.key, parent, main.list, e);
    if (!parent) { this.rootFontSize = own.values['font-size']; this.rootZoom = own.values.zoom; this.rootValues = own.values; }
    const display = own.values.display;
    const firstLine = line || this.hasRules['first-line'] ? this.firstLineValues(e, main.list, own, line, sig) : undefined;
    // CSS Lists 3 §4: the element's counters change before its ::before; its children's
    // counters go out of scope after its ::after
    if (display !== 'none') applyListItemCounters(e, own.values, this.counters);
    // CSS GCPM 3 §1.1, §6: string-set and bookmark-label see the element's counters, before its children's
    const strings = display !== 'none' && own.values['string-set'].length ? own.values['string-set'].map((x) => ({ name: x.name, items: this.ownPieces(x.items, e, own) })) : undefined;
    const level = own.values['bookmark-level'];
    const bookmarkLabel = display !== 'none' && level !== 'none' ? this.ownPieces(own.values['bookmark-label'], e, own) : undefined;
    // (for target-counter() and for the counters a page's margin boxes show: see layout/paged.ts)
    const counters = e.el.attrs.id || (display !== 'none' && (own.values['counter-reset'].length || own.values['counter-increment'].length || own.values['counter-set'].length)) ? this.counters.snapshot() : undefined;
    this.counters.open();
    // CSS GCPM 3 §2.3: a footnote element's call stays where the element was, its marker starts the element
    const footnote = display !== 'none' && own.values.float === 'footnote';
    const note = footnote ? this.footnotes++ : 0;
    const footnoteCall = footnote ? this.pseudo(e, own, 'footnote-call', sig, note) : undefined;
    const marker = footnote ? this.pseudo(e, own, 'footnote-marker', sig, note) : undefined;
    const listMarker = display === 'list-item' && this.hasRules.marker ? this.listMarker(e, own, sig) : undefined;
    const beforeBox = display !== 'none' ? this.pseudo(e, own, 'before', sig) : undefined;
    // the children's array made to size (growing one by push reserves 16 more slots, for
    // every element of the tree, kept as long as the tree is)
    const children = new Array<StyledNode>(e.el.children.length + (beforeBox ? 1 : 0) + (marker ? 1 : 0) + (listMarker ? 1 : 0));
    let at = 0;
    if (listMarker) children[at++] = listMarker;
    if (marker) children[at++] = marker;
    if (beforeBox) children[at++] = beforeBox;
    if (beforeBox && firstLine) beforeBox.firstLine = { ...this.computeValues(this.sheetMatches(e, 'before', sig).list, firstLine, undefined).style, content: beforeBox.style.content };
    // the ::first-line reaches the inline content up to the first in-flow block, and into that block
    let childLine = firstLine;
    let textStyle: ComputedStyle | undefined;
    let ci = 0;
    let siblings: SiblingState | undefined;
    const signatures = this.o.signatures;
    // with sharing, the ancestor filter is built only for the elements that are matched
    if (!signatures) this.ancestors.enter(e);
    const nodes = e.el.children;
    for (let i = 0; i < nodes.length; i++) {
      const c = nodes[i]!;
      if (c.kind === 'text') {
        textStyle ??= own.style;
        const t: StyledText = { kind: 'text', text: c.text, style: textStyle };
        children[at++] = t;
      } else {
        const child = e.children[ci++]!;
        const childSig = sig && signatures ? signatures.of(child, sig, siblings ??= newSiblingState()) : undefined;
        const styled = this.styleElement(child, own, childSig, childLine);
        children[at++] = styled;
        if (childLine && inFlowBlock(styled.style)) childLine = undefined;
      }
    }
    if (!signatures) this.ancestors.leave(e);
    if (display !== 'none') {
      const afterBox = this.pseudo(e, own, 'after', sig);
      if (afterBox) children.push(afterBox);
    }
    this.counters.close();
    if (this.hasRules['first-letter'] && BLOCK_CONTAINERS.has(display)) this.firstLetter(e, own, sig, children);
    const out: { -readonly [K in keyof StyledElement]: StyledElement[K] } = { kind: 'element', tag: e.el.tag, attrs: e.el.attrs, style: own.style, children, loc: e.el.loc };
    if (this.hasRules['first-letter']) this.valuesOf.set(out, own);
    if (own.inlineStatic) out.inlineStatic = true;
    if (firstLine) out.firstLine = firstLine.style;
    if (strings) out.strings = strings.map((x) => ({ name: x.name, value: ownText(x.items, out) }));
    if (counters) out.counters = counters;
    if (footnote) out.footnote = { call: footnoteCall ?? null, index: note };
    if (bookmarkLabel && level !== 'none') out.bookmark = { level, label: ownText(bookmarkLabel, out).replace(/\s+/g, ' ').trim(), open: own.values['bookmark-state'] === 'open' };
    return out;
  }

  /**
   * CSS Pseudo 4 §2.3 ::first-line: the element's values on the first formatted line. An inline
   * box or a first block on its parent's first line takes its own rules over the line's values
   * (`line`: inherited properties come from the ::first-line); a block container's own
   * ::first-line rules cascade over its own values instead. Undefined where no
   * ::first-line reaches: atomic inlines, floats, positioned boxes, tables and flex containers
   * start no part of an ancestor's first line.
   */
  private firstLineValues(e: MatchElement, main: readonly Matched[], own: ElementValues, line: ElementValues | undefined, sig: Signature | undefined): ElementValues | undefined {
    const v = own.values;
    const flows = v.float === 'none' && v.position !== 'absolute' && v.position !== 'fixed';
    const joins = flows && (v.display === 'inline' || v.display === 'contents' || v.display === 'block' || v.display === 'list-item');
    let out = line && joins ? this.computeValues(main, line, e) : undefined;
    if (BLOCK_CONTAINERS.has(v.display) && this.hasRules['first-line']) {
      const matched = this.sheetMatches(e, 'first-line', sig).list;
      // (as Chromium: a block's own ::first-line inherits from the block, not from an ancestor's ::first-line)
      if (matched.length) out = this.computeValues(matched, own, undefined);
    }
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

  /** `note`: the index of the footnote whose call or marker this is */
  private pseudo(e: MatchElement, own: ElementValues, target: PseudoElement, sig: Signature | undefined, note?: number): StyledElement | undefined {
    if (!this.hasRules[target]) return undefined;
    const sheets = this.sheetMatches(e, target, sig);
    const matched = sheets.list;
    // no `content` declared: it is `normal`, there is no box (`*::before { box-sizing }` is common)
    if (!(sheets.declaresContent ??= matched.some((m) => m.decls.some((d) => d.name === 'content')))) return undefined;
    const v = adjustDisplay(this.computeValues(matched, own, undefined), own);
    const content = v.values.content;
    if (content === 'normal' || content === 'none' || v.values.display === 'none') return undefined;
    // attr() is the element's business: resolve it here; counters and quotes are layout's
    // CSS GCPM 3 §2.4: with @page rules counting footnotes, their numbers are layout's
    const perPage = note !== undefined && this.o.footnotesByPage;
    const resolved = content.map((c) => resolveAttr(c, e.el.attrs)).map((c) => (perPage && c.kind === 'counter' && c.name === 'footnote' ? { ...c, note } : c));
    const style: ComputedStyle = { ...v.style, content: resolved };
    // the generated box applies its own counters (CSS Lists 3 §4: ::before/::after are elements too)
    this.counters.apply(v.values['counter-reset'], v.values['counter-set'], v.values['counter-increment']);
    this.counters.open();
    const pieces = contentPieces(resolved, this.counters, v.values.quotes, this.quoteDepth);
    this.counters.close();
    const text = pieces.filter((p): p is string => typeof p === 'string').join('');
    const deferred = pieces.some((p) => typeof p !== 'string');
    const children: StyledNode[] = deferred ? [{ kind: 'text', text, style, generated: pieces }] : text ? [{ kind: 'text', text, style }] : [];
    return { kind: 'element', tag: `::${target}`, attrs: {}, style, children, loc: e.el.loc, ...(v.inlineStatic ? { inlineStatic: true } : {}) };
  }

  /**
   * CSS Pseudo 4 §2.3 ::first-letter: the first typographic letter unit of the element's first
   * line (with the punctuation around it) becomes an inline box of the pseudo-element's style,
   * a float when it floats. The letter is looked for through ::before and in-flow inline and
   * block descendants, and not past anything else that starts a line (an image, an inline-block,
   * a table, a line break).
   */
  private firstLetter(e: MatchElement, own: ElementValues, sig: Signature | undefined, children: StyledNode[]): void {
    const matched = this.sheetMatches(e, 'first-letter', sig).list;
    if (!matched.length) return;
    const found = firstText(children, undefined);
    if (!found) return;
    const { list, index, node, parent } = found;
    const m = FIRST_LETTER.exec(node.text);
    if (!m || !m[2]) return;
    // (Blink: the letter inherits from the element its text is in)
    const v = this.computeValues(matched, (parent && this.valuesOf.get(parent)) ?? own, undefined).style;
    const style: ComputedStyle = { ...v, display: v.float === 'none' ? 'inline' : 'block', position: 'static', content: 'normal' };
    const letter: StyledElement = { kind: 'element', tag: '::first-letter', attrs: {}, style, children: [{ kind: 'text', text: m[2], style }], loc: e.el.loc };
    const parts: StyledNode[] = [];
    if (m[1]) parts.push({ kind: 'text', text: m[1], style: node.style });
    parts.push(letter);
    const rest = node.text.slice(m[0].length);
    if (rest) parts.push({ kind: 'text', text: rest, style: node.style });
    list.splice(index, 1, ...parts);
  }

  /**
   * CSS Lists 3 §3.1 / CSS Pseudo 4 §3.2: a list item's ::marker, when rules style it: its style
   * (inherited from the item), and with `content` other than normal its text (`none`: no
   * marker). The box builder makes the marker from it; without rules the item's style draws it.
   */
  private listMarker(e: MatchElement, own: ElementValues, sig: Signature | undefined): StyledElement | undefined {
    const matched = this.sheetMatches(e, 'marker', sig).list;
    if (!matched.length) return undefined;
    const v = this.computeValues(matched, own, undefined);
    const content = v.values.content;
    const style: ComputedStyle = { ...v.style, display: 'inline', position: 'static', float: 'none' };
    if (content === 'normal' || content === 'none') return { kind: 'element', tag: '::marker', attrs: {}, style, children: [], loc: e.el.loc };
    const resolved = content.map((c) => resolveAttr(c, e.el.attrs));
    const pieces = contentPieces(resolved, this.counters, v.values.quotes, this.quoteDepth);
    const text = pieces.filter((p): p is string => typeof p === 'string').join('');
    const given: ComputedStyle = { ...style, content: resolved };
    return { kind: 'element', tag: '::marker', attrs: {}, style: given, children: [{ kind: 'text', text, style: given }], loc: e.el.loc };
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

  /**
   * CSS Variables 1 §2 the root element's custom properties, before the walk and without a word
   * said (the walk says what the root's rules have to say). var() in the page context resolves
   * against them (page.ts), and the page area the walk needs comes from the page context.
   */
  rootCustoms(e: MatchElement): Customs {
    const list = this.collect(e, 'main', new AncestorFilter(), []).concat(this.elementLevel(e, false) ?? []);
    list.sort(byCascadeOrder);
    let declared: Map<string, CompiledDecl> | undefined;
    for (const m of list) for (const d of m.decls) if (d.k === 'custom' || d.k === 'custom-wide') (declared ??= new Map()).set(d.name, d);
    return this.customsOf(declared, INITIAL_STYLE_VALUES);
  }

  /** An element's custom properties: its declared ones (last in cascade order) resolved over those it inherits from `parent`. */
  private customsOf(declared: ReadonlyMap<string, CompiledDecl> | undefined, parent: ElementValues): Customs {
    const inherited = this.inheritedCustoms(parent);
    return declared ? resolveCustoms(declared, inherited) : inherited;
  }

  /** The element's presentational hints and style attribute, as matched declarations (undefined when none); `say`: whether the style attribute's problems are reported. */
  private elementLevel(e: MatchElement, say = true): Matched[] | undefined {
    let out: Matched[] | undefined;
    const hints = presentationalHints(e);
    if (hints) {
      const c = compileInlineStyle(hints);
      if (c.block.normal.length) (out ??= []).push({ decls: c.block.normal, key: Band.Presentational * 4294967296, order: 0, locate: () => e.el.loc });
    }
    const styleAttr = e.el.attrs.style;
    if (styleAttr !== undefined && styleAttr.trim() !== '') {
      const c = compileInlineStyle(styleAttr, this.o.quirks);
      const loc = e.el.loc;
      if (say) replayProblems(c.problems, () => ({ ...loc, source: loc.source ?? 'document' }), this.o.diagnostics);
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
    const customs = this.customsOf(customDecls, parent);
    const pv = parent.values;
    // start from the initial values (a fixed-shape copy), inherit what inherits, then
    // compute only what was declared: font-size first (em), line-height (lh), color (currentColor)
    const values = { ...INITIAL } as Record<PropertyName, unknown>;
    for (const name of INHERITED_NAMES) values[name] = pv[name];
    const ctx: { -readonly [K in keyof ComputeContext]: ComputeContext[K] } = {
      em: pv['font-size'], rem: this.rootFontSize, vw: this.o.area.width, vh: this.o.area.height,
      lh: pv['font-size'] * 1.2, percentBasis: this.o.area.width, color: pv.color, parent: pv, zoom: pv.zoom,
      ...fontUnitLengths(pv, pv['font-size'], this.o.faceUnits),
    };
    const state: ComputeState = { customs, pv, ctx, pending: undefined, diagnostics: this.computeDiagnostics, said: this.substitutions };
    // zoom first: the effective zoom is the parent's times the element's factor (a wide keyword
    // keeps the parent's); font sizes, em and rem follow it, lengths are multiplied by it
    const zoomDecl = declared.get('zoom');
    if (zoomDecl) {
      // computed against a parent of zoom 1, a wide keyword is a factor of 1
      const factor = computeDeclared('zoom', zoomDecl, { ...state, pv: { ...pv, zoom: 1 } }) as number;
      values.zoom = pv.zoom * factor;
      declared.delete('zoom');
    }
    const zoom = values.zoom as number;
    const rezoom = zoom / pv.zoom;
    ctx.zoom = zoom;
    ctx.em = pv['font-size'] * rezoom;
    if (rezoom !== 1) Object.assign(ctx, fontUnitLengths(pv, ctx.em, this.o.faceUnits));
    ctx.rem = this.rootFontSize / this.rootZoom * zoom;
    const family = declared.get('font-family');
    if (family) {
      values['font-family'] = computeDeclared('font-family', family, state);
      declared.delete('font-family');
    }
    const fontSize = declared.get('font-size');
    if (fontSize) {
      values['font-size'] = computeDeclared('font-size', fontSize, state);
      declared.delete('font-size');
    } else if (rezoom !== 1) values['font-size'] = pv['font-size'] * rezoom;
    if (fontSize || family) monospaceFontSize(values as ComputedValues, pv, fontSize && resolveDeclared('font-size', fontSize, state), zoom);
    const fs = values['font-size'] as number;
    ctx.em = fs;
    if (parent === INITIAL_STYLE_VALUES) ctx.rem = fs;
    // the face ex and ch are measured in: weight and style before any other length
    for (const name of ['font-weight', 'font-style'] as const) {
      const d = declared.get(name);
      if (d) { values[name] = computeDeclared(name, d, state); declared.delete(name); }
    }
    const units = fontUnitLengths(values as ComputedValues, fs, this.o.faceUnits);
    ctx.ex = units.ex;
    ctx.ch = units.ch;
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

  /** The element's own values: computed, then its display, text-align and overflow adjusted. */
  private computeOwn(matched: readonly Matched[], parent: ElementValues | undefined, e: MatchElement): ElementValues {
    const own = adjustTextAlign(e.tag, adjustDisplay(this.computeValues(matched, parent ?? INITIAL_STYLE_VALUES, e), parent), parent);
    return adjustOverflow(e.tag, own, parent, e.parent !== undefined && e.parent.parent === undefined);
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
interface Declared { readonly d: CompiledDecl; readonly locate: (o: number) => SourceLocation }

interface ComputeState {
  readonly customs: Customs;
  readonly pv: ComputedValues;
  readonly ctx: ComputeContext;
  /** var()-substituted values, parsed once per element and declaration */
  pending: Map<readonly CV[], CompiledDecl[] | undefined> | undefined;
  readonly diagnostics: DiagnosticList;
  readonly said: SubstitutionsSaid;
}

/** The failed var() substitutions of a document: declarations said once, custom properties without a value said once by name. */
interface SubstitutionsSaid {
  readonly declarations: WeakSet<object>;
  readonly names: Set<string>;
  /** the values the sheets declare for a custom property */
  readonly declared: (name: string) => string[];
}

/**
 * CSS Variables 1 §3: a var() substitution that fails makes the declaration invalid at
 * computed-value time (it behaves as unset), which is worth one diagnostic per declaration, and
 * nothing where it is the author's intent: a custom property declared empty (`--x: ;`) or to a
 * CSS-wide keyword (Bootstrap's hooks). A custom property without a value otherwise (never
 * declared: misspelt; or in a cycle) is said once, by name.
 */
function sayFailedSubstitution(pd: Extract<CompiledDecl, { k: 'pending' }>, substituted: readonly CV[] | undefined, st: ComputeState, entry: Declared): void {
  const said = st.said;
  if (said.declarations.has(pd.tokens)) return;
  said.declarations.add(pd.tokens);
  if (substituted) {
    if (substituted.every((x) => x.t === 'ws')) return;
    st.diagnostics.report('invalid-value', `Ignored "${pd.from}": its var() substitution is not a valid value`, entry.locate(pd.at));
    return;
  }
  const name = missingVariable(pd.tokens, st.customs);
  if (name === undefined) {
    st.diagnostics.report('invalid-value', `Ignored "${pd.from}": its var() substitution is not a valid value`, entry.locate(pd.at));
    return;
  }
  if (said.names.has(name)) return;
  said.names.add(name);
  const values = said.declared(name);
  if (values.length && values.every((v) => DELIBERATE.test(v))) return;
  st.diagnostics.report('invalid-value', values.length
    ? `Ignored "${pd.from}": var(${name}) has no value here (its declaration refers to itself or to a custom property without a value)`
    : `Ignored "${pd.from}": var(${name}) refers to a custom property no style sheet declares`, entry.locate(pd.at));
}

/** the values a sheet's text declares for a custom property (the text after its name and a colon, to the next ; or }) */
function declaredValues(source: string, name: string, out: string[]): void {
  for (let i = source.indexOf(name); i >= 0; i = source.indexOf(name, i + 1)) {
    let k = i + name.length;
    while (/\s/.test(source.charAt(k))) k++;
    if (source.charCodeAt(k) !== 0x3a) continue;
    const end = source.slice(k + 1).search(/[;}]/);
    out.push(source.slice(k + 1, end < 0 ? undefined : k + 1 + end).trim());
  }
}

/** a custom property's value that is guaranteed-invalid on purpose: empty, or a CSS-wide keyword (at the root: no value) */
const DELIBERATE = /^(?:|inherit|initial|unset|revert|revert-layer)$/i;

/** CSS Cascading 4 §4.4: a declared value to its computed value. */
const isMonospace = (family: readonly string[]): boolean => family.length === 1 && family[0] === 'monospace';

/**
 * Blink's generic-monospace font size (FontBuilder::CheckForGenericFamilyChange; HTML's
 * rendering section leaves the default sizes to the UA): Chromium's default fixed font size is
 * 13px where its default font size is 16px. An element whose font-family is `monospace` alone
 * takes a keyword size from the 13px table, and a size that no absolute length decided (the
 * initial medium, em or % of it) scaled by 13/16 where the generic monospace starts, and back
 * by 16/13 where it ends. `<code>` in a 16px paragraph prints at 13px, in a 14px one at 14px,
 * in a 2em h1 at 26px; `monospace, monospace` or a named family first prints at 16px.
 */
function monospaceFontSize(values: ComputedValues, pv: ComputedValues, declared: CompiledDecl | undefined, zoom: number): void {
  const mono = isMonospace(values['font-family']);
  const parentMono = isMonospace(pv['font-family']);
  const parent = pv['-internal-font-size-origin'];
  let origin: FontSizeOrigin = parent;
  if (declared?.k === 'value') {
    const spec = declared.value as Parameters<typeof fontRelative>[0];
    if (spec.k === 'abs' && spec.keyword) origin = { keyword: spec.keyword, absolute: false };
    else if (fontRelative(spec)) origin = { keyword: 0, absolute: parent.absolute };
    else origin = { keyword: 0, absolute: true };
  } else if (declared?.k === 'wide' && declared.keyword === 'initial') origin = { keyword: 4, absolute: false };
  if (origin !== parent) values['-internal-font-size-origin'] = origin;
  if (origin.absolute) return;
  // a keyword size is the table's entry for the element's own family
  if (origin.keyword) values['font-size'] = (mono ? MONOSPACE_FONT_SIZE_KEYWORDS[origin.keyword - 1]! : FONT_SIZE_KEYWORDS[FONT_SIZE_KEYWORD_ORDER[origin.keyword - 1]!]!) * zoom;
  else if (mono !== parentMono) values['font-size'] = (values['font-size'] as number) * (mono ? MONOSPACE_SCALE : 1 / MONOSPACE_SCALE);
}

/** the declaration after var() substitution (CSS Variables 1 §3.1: invalid at computed-value time is unset) */
function resolveDeclared(name: PropertyName, entry: Declared, st: ComputeState): CompiledDecl {
  const d = entry.d;
  if (d.k !== 'pending') return d;
  st.pending ??= new Map();
  let parsed = st.pending.get(d.tokens);
  if (!st.pending.has(d.tokens)) {
    const substituted = substitute(d.tokens, st.customs, 0);
    parsed = substituted ? parseValue(d.from, substituted) : undefined;
    st.pending.set(d.tokens, parsed);
    if (!parsed) sayFailedSubstitution(d, substituted, st, entry);
  }
  return parsed?.find((x) => x.name === name) ?? { k: 'wide', name, keyword: 'unset' };
}

function computeDeclared(name: PropertyName, entry: Declared, st: ComputeState): unknown {
  const d = resolveDeclared(name, entry, st);
  switch (d.k) {
    case 'value': return propertyDef(name).compute(d.value, st.ctx);
    case 'wide': return d.keyword === 'inherit' || (d.keyword === 'unset' && INHERITED.has(name)) ? st.pv[name] : INITIAL[name];
    default: return INHERITED.has(name) ? st.pv[name] : INITIAL[name];
  }
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

/** whether a box is an in-flow block-level box: the first line of its parent's content is before or inside it */
function inFlowBlock(s: ComputedStyle): boolean {
  return s.display !== 'inline' && s.display !== 'contents' && s.display !== 'none' && !s.display.startsWith('inline-') && s.float === 'none' && s.position !== 'absolute' && s.position !== 'fixed';
}

/** the displays of block containers, which have a first line (CSS Pseudo 4 §2.3) */
const BLOCK_CONTAINERS: ReadonlySet<string> = new Set(['block', 'list-item', 'inline-block', 'table-cell', 'table-caption', 'flow-root']);

/**
 * The white space before the first letter, then the letter unit: punctuation before it, one
 * letter, number or symbol with its combining marks, and the punctuation that follows it.
 */
const FIRST_LETTER = /^(\s*)((?:[\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}]\s?)*[^\s\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}]\p{M}*[\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}]*)/u;

/** The first text of a first line among `children`: the text node and where it sits; none when something else starts the line. */
function firstText(children: StyledNode[], parent: StyledElement | undefined): { list: StyledNode[]; index: number; node: StyledText; parent: StyledElement | undefined } | undefined {
  for (let i = 0; i < children.length; i++) {
    const c = children[i]!;
    if (c.kind === 'text') {
      if (/^\s*$/.test(c.text)) continue;
      return c.generated ? undefined : { list: children, index: i, node: c, parent };
    }
    const s = c.style;
    if (s.display === 'none' || c.tag === '::footnote-call' || c.tag === '::footnote-marker' || c.tag === '::marker') continue;
    if (s.float !== 'none' || s.position === 'absolute' || s.position === 'fixed') continue;
    if (c.tag === '::first-letter' || c.tag === 'br' || REPLACED.has(c.tag)) return undefined;
    if (s.display === 'inline' || s.display === 'block' || s.display === 'list-item' || s.display === 'contents') {
      const inner = firstText(c.children as StyledNode[], c);
      if (inner) return inner;
      // an inline box without text leaves the line to what follows; a block ends the first line
      if (s.display === 'inline' || s.display === 'contents') continue;
    }
    return undefined;
  }
  return undefined;
}

const REPLACED: ReadonlySet<string> = new Set(['img', 'svg', 'video', 'canvas', 'input', 'button', 'select', 'textarea', 'meter', 'progress', 'iframe', 'object', 'embed']);
