// CSS Paged Media 3 §3.4 the cascade of @page rules per page (page selectors and their
// specificity), §4.2 the page context (inherits from the root element), §5 the margin boxes
// (inherit from the page context; §5.3 their default text-align and vertical-align). Values go
// through the property table like any element's: one computation, not a second hand-written one.
import type { DiagnosticList, SourceLocation } from '../diagnostics';
import type { Declaration } from '../css/stylesheet';
import type { ComputedStyle, RGBA } from './computed';
import { compileBlock, type CompiledDecl, type Problem } from './declarations';
import { fontUnitLengths, INITIAL_VALUES, propertyDef, PROPERTIES, PROPERTY_NAMES, type ComputedValues, type ComputeContext, type PropertyName } from './properties';
import type { DeclaredFaceUnits } from '../fonts';
import { compileInlineStyle } from './sheets';

/** CSS Paged Media 3 §5 the sixteen page-margin boxes, clockwise from the top-left corner. */
export const MARGIN_BOX_NAMES = [
  'top-left-corner', 'top-left', 'top-center', 'top-right', 'top-right-corner',
  'right-top', 'right-middle', 'right-bottom',
  'bottom-right-corner', 'bottom-right', 'bottom-center', 'bottom-left', 'bottom-left-corner',
  'left-bottom', 'left-middle', 'left-top',
] as const;
export type MarginBoxName = (typeof MARGIN_BOX_NAMES)[number];

/** What page selectors can ask of a page (CSS Paged Media 3 §3.4.1). */
export interface PageMatch {
  /** the used page name, 'auto' when unnamed */
  readonly name: string;
  readonly first: boolean;
  readonly blank: boolean;
  /** a left (verso) page; a right one otherwise */
  readonly left: boolean;
}

/** One @page rule as written, with its margin boxes. */
export interface PageRuleSource {
  readonly selector: string;
  readonly declarations: readonly Declaration[];
  readonly marginBoxes: readonly { readonly name: string; readonly declarations: readonly Declaration[] }[];
  readonly locate: (offset: number) => SourceLocation;
}

/** The page context's style and its margin boxes' for one kind of page. */
export interface PageContextStyle {
  readonly page: ComputedStyle;
  /** the margin boxes that generate a box (§5.3: `content` other than none/normal), in MARGIN_BOX_NAMES order */
  readonly boxes: readonly { readonly name: MarginBoxName; readonly style: ComputedStyle }[];
  /** CSS GCPM 3 §2.2 the `@footnote` area's style */
  readonly footnote: ComputedStyle;
}

/** the page-area rule that styles the footnote area (CSS GCPM 3 §2.2) */
const FOOTNOTE = 'footnote';
const FOOTNOTE_DEFAULTS = 'margin-top: 1em';

export interface PageCascadeOptions {
  readonly rules: readonly PageRuleSource[];
  /** the root element's computed values: the page context inherits them */
  readonly root: ComputedValues;
  /** the default page area (vw, vh) */
  readonly area: { readonly width: number; readonly height: number };
  readonly diagnostics: DiagnosticList;
  /** the cascade's values → ComputedStyle mapping */
  readonly toStyle: (v: ComputedValues) => ComputedStyle;
  /** the ex and ch of the document's @font-face faces */
  readonly faceUnits?: DeclaredFaceUnits;
}

/** §5.3 the UA's margin box defaults: where each box aligns its content. */
const MARGIN_BOX_DEFAULTS: Readonly<Record<MarginBoxName, string>> = {
  'top-left-corner': 'text-align: right; vertical-align: middle',
  'top-left': 'text-align: left; vertical-align: middle',
  'top-center': 'text-align: center; vertical-align: middle',
  'top-right': 'text-align: right; vertical-align: middle',
  'top-right-corner': 'text-align: left; vertical-align: middle',
  'right-top': 'text-align: center; vertical-align: top',
  'right-middle': 'text-align: center; vertical-align: middle',
  'right-bottom': 'text-align: center; vertical-align: bottom',
  'bottom-right-corner': 'text-align: left; vertical-align: middle',
  'bottom-right': 'text-align: right; vertical-align: middle',
  'bottom-center': 'text-align: center; vertical-align: middle',
  'bottom-left': 'text-align: left; vertical-align: middle',
  'bottom-left-corner': 'text-align: right; vertical-align: middle',
  'left-bottom': 'text-align: center; vertical-align: bottom',
  'left-middle': 'text-align: center; vertical-align: middle',
  'left-top': 'text-align: center; vertical-align: top',
};

interface ParsedSelector { readonly name: string | undefined; readonly pseudos: readonly string[]; readonly specificity: number }

/** `name:first:left` → its parts; §3.4.2 specificity: page name, then :first/:blank, then :left/:right. */
function parseSelector(selector: string): ParsedSelector | undefined {
  const m = /^([a-z_][\w-]*)?((?::(?:first|left|right|blank|recto|verso))*)$/i.exec(selector);
  if (!m) return undefined;
  const pseudos = m[2] ? m[2].slice(1).split(':').map((p) => p.toLowerCase()) : [];
  const fb = pseudos.filter((p) => p === 'first' || p === 'blank').length;
  const lr = pseudos.length - fb;
  return { name: m[1], pseudos, specificity: (m[1] ? 1 : 0) * 65536 + fb * 256 + lr };
}

function matches(sel: ParsedSelector, p: PageMatch): boolean {
  if (sel.name !== undefined && sel.name !== p.name) return false;
  for (const ps of sel.pseudos) {
    if (ps === 'first' && !p.first) return false;
    if (ps === 'blank' && !p.blank) return false;
    if ((ps === 'left' || ps === 'verso') && !p.left) return false;
    if ((ps === 'right' || ps === 'recto') && p.left) return false;
  }
  return true;
}

interface Weighted { readonly decls: readonly CompiledDecl[]; readonly key: number }

/** The page contexts of one document, computed once per kind of page. */
export class PageCascade {
  private readonly rules: { readonly sel: ParsedSelector; readonly page: { normal: readonly CompiledDecl[]; important: readonly CompiledDecl[] }; readonly boxes: ReadonlyMap<string, { normal: readonly CompiledDecl[]; important: readonly CompiledDecl[] }> }[] = [];
  private readonly memo = new Map<string, PageContextStyle>();
  private readonly rootStyle: ComputedStyle;

  constructor(private readonly o: PageCascadeOptions) {
    this.rootStyle = o.toStyle(o.root);
    for (const r of o.rules) {
      const sel = parseSelector(r.selector);
      if (!sel) continue;
      const page = this.compile(r.declarations, r.locate, false);
      const boxes = new Map<string, { normal: readonly CompiledDecl[]; important: readonly CompiledDecl[] }>();
      for (const b of r.marginBoxes) {
        const name = b.name.toLowerCase();
        if (!(MARGIN_BOX_NAMES as readonly string[]).includes(name) && name !== FOOTNOTE) {
          o.diagnostics.report('unsupported-selector', `Ignored @${b.name}: not a page-margin box`);
          continue;
        }
        boxes.set(name, this.compile(b.declarations, r.locate, true));
      }
      this.rules.push({ sel, page, boxes });
    }
  }

  /** whether any rule has a margin box (most documents have none) */
  get hasMarginBoxes(): boolean {
    return this.rules.some((r) => r.boxes.size > 0);
  }

  /** `invalid`: whether invalid values are reported here (the page's own are reported with its size and margins: page.ts) */
  private compile(decls: readonly Declaration[], locate: (offset: number) => SourceLocation, invalid: boolean): { normal: readonly CompiledDecl[]; important: readonly CompiledDecl[] } {
    const problems: Problem[] = [];
    const block = compileBlock(decls, problems, '');
    for (const p of problems) if (invalid || p.code !== 'invalid-value') this.o.diagnostics.report(p.code, p.message, locate(p.at));
    return block;
  }

  /** The page context and margin boxes of a page of this kind. */
  styles(p: PageMatch): PageContextStyle {
    const key = `${p.name}|${p.first}|${p.blank}|${p.left}`;
    const hit = this.memo.get(key);
    if (hit) return hit;
    const matching = this.rules.map((r, order) => ({ r, order })).filter(({ r }) => matches(r.sel, p));
    // CSS Cascading 4 §6: importance, then specificity, then order of appearance
    const weigh = (pick: (r: (typeof this.rules)[number]) => { normal: readonly CompiledDecl[]; important: readonly CompiledDecl[] } | undefined): Weighted[] => {
      const out: Weighted[] = [];
      for (const { r, order } of matching) {
        const b = pick(r);
        if (!b) continue;
        if (b.normal.length) out.push({ decls: b.normal, key: r.sel.specificity * 4096 + order });
        if (b.important.length) out.push({ decls: b.important, key: 2 ** 40 + r.sel.specificity * 4096 + order });
      }
      return out.sort((a, b) => a.key - b.key);
    };
    const page = computeValues(weigh((r) => r.page), this.o.root, this.o);
    const boxes: { name: MarginBoxName; style: ComputedStyle }[] = [];
    for (const name of MARGIN_BOX_NAMES) {
      const own = weigh((r) => r.boxes.get(name));
      if (own.length === 0) continue;
      const ua: Weighted = { decls: compileInlineStyle(MARGIN_BOX_DEFAULTS[name]).block.normal, key: -1 };
      const v = computeValues([ua, ...own], page, this.o);
      if (v.content === 'none' || v.content === 'normal' || v.display === 'none') continue;
      boxes.push({ name, style: this.o.toStyle(v) });
    }
    // CSS GCPM 3 §2.2 the footnote area (WeasyPrint's UA sheet sets it off by 1em)
    const area = computeValues([{ decls: compileInlineStyle(FOOTNOTE_DEFAULTS).block.normal, key: -1 }, ...weigh((r) => r.boxes.get(FOOTNOTE))], page, this.o);
    const out: PageContextStyle = { page: this.o.toStyle(page), boxes, footnote: this.o.toStyle({ ...area, display: 'block', position: 'static', float: 'none' }) };
    this.memo.set(key, out);
    return out;
  }

  /** the root element's style (what the page context inherits) */
  get root(): ComputedStyle { return this.rootStyle; }
}

const INHERITED_NAMES = PROPERTY_NAMES.filter((n) => PROPERTIES[n].inherited);

/** CSS Cascading 4 §4.4 for a box outside the element tree: the declared values (last wins) computed against the parent's. */
function computeValues(weighted: readonly Weighted[], parent: ComputedValues, o: PageCascadeOptions): ComputedValues {
  const declared = new Map<PropertyName, CompiledDecl>();
  for (const w of weighted) for (const d of w.decls) if (d.k === 'value' || d.k === 'wide') declared.set(d.name, d);
  const values = { ...INITIAL_VALUES } as Record<PropertyName, unknown>;
  for (const n of INHERITED_NAMES) values[n] = parent[n];
  const ctx: { -readonly [K in keyof ComputeContext]: ComputeContext[K] } = {
    em: parent['font-size'], rem: o.root['font-size'], vw: o.area.width, vh: o.area.height,
    lh: parent['font-size'] * 1.2, percentBasis: o.area.width, color: parent.color, parent,
    ...fontUnitLengths(parent, parent['font-size'], o.faceUnits),
  };
  const compute = (name: PropertyName): void => {
    const d = declared.get(name);
    if (!d) return;
    declared.delete(name);
    if (d.k === 'value') values[name] = propertyDef(name).compute(d.value, ctx);
    else if (d.k === 'wide') values[name] = d.keyword === 'inherit' || (d.keyword === 'unset' && PROPERTIES[name].inherited) ? parent[name] : INITIAL_VALUES[name];
  };
  // font-size first (em), then line-height (lh), then color (currentColor)
  compute('font-size');
  ctx.em = values['font-size'] as number;
  // the face ex and ch are measured in: weight and style before any other length
  compute('font-family');
  compute('font-weight');
  compute('font-style');
  Object.assign(ctx, fontUnitLengths(values as ComputedValues, ctx.em, o.faceUnits));
  compute('line-height');
  const lh = values['line-height'] as ComputedValues['line-height'];
  ctx.lh = lh.kind === 'normal' ? ctx.em * 1.2 : lh.kind === 'number' ? lh.value * ctx.em : lh.pt;
  compute('color');
  ctx.color = values.color as RGBA;
  for (const name of [...declared.keys()]) compute(name);
  return values as ComputedValues;
}
