// CSS Paged Media 3 §3 @page rules → PageStyle: the page box size (§7.1 `size`, with
// page-size names and orientation) and margins (§3.3), in pt. `:first`, `:left`,
// `:right`, `:blank` and named pages are kept, with their margin boxes, for later stages.
import type { DiagnosticList, SourceLocation } from '../diagnostics';
import type { Declaration } from '../css/stylesheet';
import type { CV } from '../css/syntax';
import { ABSOLUTE_UNITS, ident, parseColor, parseLength, resolveLength, type LenExpr } from '../css/values';
import type { RGBA } from './computed';
import { containsVar } from './declarations';
import { fontUnitLengths, MEDIUM_FONT_SIZE } from './properties';
import { missingVariable, substitute, type Customs } from './variables';

/** @page sizes and margins resolve ex and ch in the initial font (Liberation Serif, as Chromium's default) */
const INITIAL_FONT = { 'font-family': ['serif'], 'font-weight': 400, 'font-style': 'normal' } as const;
import type { PageItem } from './sheets';
import type { PageStyle, PageRuleStyle, PrinterMark } from './styled';

const MM = 72 / 25.4;
const IN = 72;

/** CSS Paged Media 3 §7.1.1 page-size names (portrait), in pt; plus the common tabloid. */
export const PAGE_SIZE_NAMES: Readonly<Record<string, { width: number; height: number }>> = {
  a0: { width: 841 * MM, height: 1189 * MM }, a1: { width: 594 * MM, height: 841 * MM }, a2: { width: 420 * MM, height: 594 * MM },
  a3: { width: 297 * MM, height: 420 * MM }, a4: { width: 210 * MM, height: 297 * MM }, a5: { width: 148 * MM, height: 210 * MM },
  a6: { width: 105 * MM, height: 148 * MM }, a7: { width: 74 * MM, height: 105 * MM }, a8: { width: 52 * MM, height: 74 * MM },
  a9: { width: 37 * MM, height: 52 * MM }, a10: { width: 26 * MM, height: 37 * MM },
  b0: { width: 1000 * MM, height: 1414 * MM }, b1: { width: 707 * MM, height: 1000 * MM }, b2: { width: 500 * MM, height: 707 * MM },
  b3: { width: 353 * MM, height: 500 * MM }, b4: { width: 250 * MM, height: 353 * MM }, b5: { width: 176 * MM, height: 250 * MM },
  b6: { width: 125 * MM, height: 176 * MM },
  'jis-b4': { width: 257 * MM, height: 364 * MM }, 'jis-b5': { width: 182 * MM, height: 257 * MM },
  c4: { width: 229 * MM, height: 324 * MM }, c5: { width: 162 * MM, height: 229 * MM }, c6: { width: 114 * MM, height: 162 * MM },
  letter: { width: 8.5 * IN, height: 11 * IN }, legal: { width: 8.5 * IN, height: 14 * IN },
  ledger: { width: 11 * IN, height: 17 * IN }, tabloid: { width: 11 * IN, height: 17 * IN },
  executive: { width: 7.25 * IN, height: 10.5 * IN },
};

export type PageSize =
  | { readonly kind: 'auto' }
  | { readonly kind: 'orientation'; readonly orientation: 'landscape' | 'portrait' }
  | { readonly kind: 'size'; readonly width: number; readonly height: number };

/** `size`: auto | <length>{1,2} | <page-size> || [portrait | landscape]. */
export function parsePageSize(v: readonly CV[]): PageSize | undefined {
  if (v.length === 1 && ident(v[0]) === 'auto') return { kind: 'auto' };
  let orientation: 'landscape' | 'portrait' | undefined;
  let named: { width: number; height: number } | undefined;
  const lengths: number[] = [];
  for (const x of v) {
    const k = ident(x);
    if (k === 'landscape' || k === 'portrait') { if (orientation) return undefined; orientation = k; continue; }
    if (k !== undefined && PAGE_SIZE_NAMES[k]) { if (named || lengths.length) return undefined; named = PAGE_SIZE_NAMES[k]; continue; }
    if (x.t === 'dim' && ABSOLUTE_UNITS[x.unit] !== undefined && x.v > 0) { if (named) return undefined; lengths.push(x.v * ABSOLUTE_UNITS[x.unit]!); continue; }
    if (x.t === 'dim' && (x.unit === 'em' || x.unit === 'rem') && x.v > 0) { lengths.push(x.v * MEDIUM_FONT_SIZE); continue; }
    return undefined;
  }
  if (lengths.length > 2) return undefined;
  if (lengths.length) {
    if (orientation) return undefined; // lengths and an orientation do not combine
    const w = lengths[0]!, h = lengths[1] ?? lengths[0]!;
    return { kind: 'size', width: clampPage(w), height: clampPage(h) };
  }
  if (named) {
    const { width, height } = named;
    return orientation === 'landscape' ? { kind: 'size', width: height, height: width } : { kind: 'size', width, height };
  }
  if (orientation) return { kind: 'orientation', orientation };
  return undefined;
}

function clampPage(pt: number): number {
  return Math.max(36, Math.min(14400, pt)); // between half an inch and 200 inches (PDF's own limit)
}

interface PageDeclarations {
  size?: PageSize;
  margin: { top?: LenExpr | 'auto'; right?: LenExpr | 'auto'; bottom?: LenExpr | 'auto'; left?: LenExpr | 'auto' };
  backgroundColor?: RGBA;
  bleed?: 'auto' | LenExpr;
  marks?: readonly PrinterMark[];
  /** the page context's font-size, pt: em and rem in the rule's margins are of it (as Chromium resolves them) */
  fontSize?: number;
}

/** Chromium's absolute-size keywords (CSS Fonts 4 §2.5), px */
const FONT_SIZE_KEYWORDS: Readonly<Record<string, number>> = {
  'xx-small': 9, 'x-small': 10, small: 13, medium: 16, large: 18, 'x-large': 24, 'xx-large': 32, 'xxx-large': 48,
};

/** `font-size` in @page, pt: a keyword or a length; em, rem and % of the medium size (the root's is not known yet). */
function pageFontSize(x: CV | undefined): number | undefined {
  const k = ident(x);
  if (k !== undefined && FONT_SIZE_KEYWORDS[k] !== undefined) return FONT_SIZE_KEYWORDS[k]! * 0.75;
  const len = parseLength(x, { pct: true, negative: false });
  if (!len) return undefined;
  const r = resolveLength(len, { em: MEDIUM_FONT_SIZE, rem: MEDIUM_FONT_SIZE, vw: 0, vh: 0, lh: MEDIUM_FONT_SIZE * 1.2, percentBasis: MEDIUM_FONT_SIZE, ...fontUnitLengths(INITIAL_FONT, MEDIUM_FONT_SIZE) });
  const pt = r.pt + (r.pct * MEDIUM_FONT_SIZE) / 100;
  return pt > 0 ? pt : undefined;
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

const ZERO: LenExpr = { k: 'lin', lin: { pt: 0, pct: 0 } };

/** a page margin's value; `initial` and `unset` are the initial 0 (the UA's default margins apply only where no declaration is) */
function marginValue(x: CV | undefined): LenExpr | 'auto' | undefined {
  const k = ident(x);
  if (k === 'auto') return 'auto';
  if (k === 'initial' || k === 'unset') return ZERO;
  return parseLength(x, { pct: true, negative: true });
}

/** the fields of the @page properties page.ts reads, by property */
const RESET_FIELDS: Readonly<Record<string, Exclude<keyof PageDeclarations, 'margin'>>> = {
  size: 'size', 'font-size': 'fontSize', 'background-color': 'backgroundColor', background: 'backgroundColor', bleed: 'bleed', marks: 'marks',
};

function readDeclarations(decls: readonly Declaration[], into: PageDeclarations, report: (d: Declaration, message: string) => void): void {
  // normal declarations first, then !important ones (CSS Cascading 4 §6.4)
  for (const important of [false, true]) {
    for (const d of decls) {
      if (d.important !== important) continue;
      const v = d.value;
      const k = v.length === 1 ? ident(v[0]) : undefined;
      if ((k === 'initial' || k === 'unset' || k === 'inherit') && !d.name.startsWith('margin')) {
        // a CSS-wide keyword puts the property back to its initial value (the page context
        // inherits none of these from the root)
        const field = RESET_FIELDS[d.name];
        if (field) delete into[field];
        continue;
      }
      switch (d.name) {
        case 'size': {
          const s = parsePageSize(v);
          if (s) into.size = s; else report(d, `Ignored "size" in @page`);
          break;
        }
        case 'margin': {
          const parts = v.map(marginValue);
          if (parts.length < 1 || parts.length > 4 || parts.some((p) => p === undefined)) { report(d, 'Ignored "margin" in @page'); break; }
          const [t, r = t, b = t, l = r] = parts;
          into.margin = { top: t, right: r, bottom: b, left: l };
          break;
        }
        case 'margin-top': case 'margin-right': case 'margin-bottom': case 'margin-left': {
          const p = v.length === 1 ? marginValue(v[0]) : undefined;
          if (p === undefined) { report(d, `Ignored "${d.name}" in @page`); break; }
          into.margin = { ...into.margin, [d.name.slice(7)]: p };
          break;
        }
        case 'font-size': {
          const f = v.length === 1 ? pageFontSize(v[0]) : undefined;
          if (f !== undefined) into.fontSize = f;
          break;
        }
        case 'background-color': case 'background': {
          // `background: <color>` is what page rules use in practice
          const c = v.length === 1 ? parseColor(v[0]) : d.name === 'background' ? v.map(parseColor).find((x) => x !== undefined) : undefined;
          if (c !== undefined && c !== 'currentcolor') into.backgroundColor = c;
          else if (d.name === 'background-color') report(d, 'Ignored "background-color" in @page');
          break;
        }
        case 'bleed': {
          // §7.2 auto | <length>
          const len = v.length !== 1 ? undefined : ident(v[0]) === 'auto' ? 'auto' : parseLength(v[0], { pct: false, negative: false });
          if (len) into.bleed = len; else report(d, 'Ignored "bleed" in @page');
          break;
        }
        case 'marks': {
          // §7.3 none | [ crop || cross ]
          const words = v.map(ident);
          const marks = words.filter((w): w is PrinterMark => w === 'crop' || w === 'cross');
          if (words.length === 1 && words[0] === 'none') into.marks = [];
          else if (marks.length === words.length && marks.length > 0 && new Set(marks).size === marks.length) into.marks = marks;
          else report(d, 'Ignored "marks" in @page');
          break;
        }
        default:
          break; // other page properties (page-orientation, counter-*) are not rendered
      }
    }
  }
}

export interface ResolvePagesOptions {
  readonly items: readonly { readonly item: PageItem; readonly locate: (offset: number) => SourceLocation }[];
  readonly diagnostics: DiagnosticList;
  /** the request's page format (pt), used for percentages when no size is set */
  readonly fallbackSize: { readonly width: number; readonly height: number };
}

function toRuleStyle(d: PageDeclarations, fallback: { width: number; height: number }, contextFontSize = MEDIUM_FONT_SIZE): PageRuleStyle {
  let box = fallback;
  if (d.size?.kind === 'size') box = d.size;
  else if (d.size?.kind === 'orientation') box = rotate(fallback, d.size.orientation);
  // Chromium resolves em and rem in page margins against the page context's font-size
  const fs = d.fontSize ?? contextFontSize;
  const ctx = { em: fs, rem: fs, vw: box.width, vh: box.height, lh: fs * 1.2, percentBasis: box.width, ...fontUnitLengths(INITIAL_FONT, fs) };
  const margin: { top?: number; right?: number; bottom?: number; left?: number } = {};
  for (const side of SIDES) {
    const m = d.margin[side];
    if (m === undefined || m === 'auto') continue;
    const r = resolveLength(m, ctx);
    // Paged Media 3 §3.3: percentages of the page box's width (left/right) or height (top/bottom)
    const basis = side === 'left' || side === 'right' ? box.width : box.height;
    margin[side] = Math.max(0, Math.min(basis / 2, r.pt + r.pct * basis / 100));
  }
  return {
    ...(d.size?.kind === 'size' ? { size: { width: d.size.width, height: d.size.height } } : {}),
    ...(d.size?.kind === 'orientation' ? { orientation: d.size.orientation } : {}),
    margin,
    ...(d.backgroundColor ? { backgroundColor: d.backgroundColor } : {}),
    ...(d.bleed !== undefined ? { bleed: d.bleed === 'auto' ? 'auto' : Math.max(0, resolveLength(d.bleed, ctx).pt) } : {}),
    ...(d.marks ? { marks: d.marks } : {}),
  };
}

function rotate(s: { width: number; height: number }, o: 'landscape' | 'portrait'): { width: number; height: number } {
  const long = Math.max(s.width, s.height), short = Math.min(s.width, s.height);
  return o === 'landscape' ? { width: long, height: short } : { width: short, height: long };
}

/**
 * CSS Variables 1 §3 in the page context, as Chromium 156 resolves it: var() in an @page rule
 * and in its margin boxes takes the root element's custom properties (the page context
 * inherits from the root element, §4.2), and custom properties declared in @page rules or
 * margin boxes are not seen. A declaration whose substitution fails or comes out empty is
 * invalid at computed-value time: `unset` (a page margin's initial value is 0). `missing` is
 * told each custom property without a value that a declaration needs.
 */
export function withRootVariables(item: PageItem, customs: Customs, missing: (d: Declaration, name: string) => void): PageItem {
  const resolve = (decls: readonly Declaration[]): readonly Declaration[] => {
    if (!decls.some((d) => !d.name.startsWith('--') && containsVar(d.value))) return decls;
    return decls.map((d) => {
      if (d.name.startsWith('--') || !containsVar(d.value)) return d;
      const value = substitute(d.value, customs, 0);
      if (value && value.length) return { ...d, value };
      const name = missingVariable(d.value, customs);
      if (name !== undefined) missing(d, name);
      return { ...d, value: [{ t: 'ident', v: 'unset', s: d.at, e: d.at }] };
    });
  };
  const declarations = resolve(item.declarations);
  const marginBoxes = item.marginBoxes.map((b) => {
    const own = resolve(b.declarations);
    return own === b.declarations ? b : { ...b, declarations: own };
  });
  if (declarations === item.declarations && marginBoxes.every((b, i) => b === item.marginBoxes[i])) return item;
  return { ...item, declarations, marginBoxes };
}

/** whether an @page rule or one of its margin boxes has a var() (most documents have none) */
export function pageItemHasVar(item: PageItem): boolean {
  const has = (decls: readonly Declaration[]) => decls.some((d) => !d.name.startsWith('--') && containsVar(d.value));
  return has(item.declarations) || item.marginBoxes.some((b) => has(b.declarations));
}

/** Inherited properties set on @page that its margin boxes take from the page context. */
const PAGE_CONTEXT_INHERITED = new Set(['font-family', 'font-size', 'font-weight', 'font-style', 'color']);

/** Folds the document's @page rules (already filtered by media) into a PageStyle. */
export function resolvePages(opts: ResolvePagesOptions): PageStyle {
  const plain: PageDeclarations = { margin: {} };
  const variants = new Map<string, PageDeclarations>();
  const marginBoxes: { selector: string; name: string; declarations: readonly Declaration[] }[] = [];
  const contextDeclarations: Declaration[] = [];
  for (const { item, locate } of opts.items) {
    const report = (d: Declaration, message: string) => opts.diagnostics.report('invalid-value', message, locate(d.at));
    if (item.selector === '') {
      readDeclarations(item.declarations, plain, report);
      contextDeclarations.push(...item.declarations.filter((d) => PAGE_CONTEXT_INHERITED.has(d.name)));
    }
    else {
      if (!/^[a-z_][\w-]*$|^(?:[a-z_][\w-]*)?(?::(?:first|left|right|blank))+$/i.test(item.selector)) {
        opts.diagnostics.report('unsupported-selector', `Ignored @page ${item.selector}`, locate(item.at));
        continue;
      }
      const v = variants.get(item.selector) ?? { margin: {} };
      readDeclarations(item.declarations, v, report);
      variants.set(item.selector, v);
    }
    for (const box of item.marginBoxes) marginBoxes.push({ selector: item.selector, name: box.name, declarations: box.declarations });
  }
  const base = toRuleStyle(plain, opts.fallbackSize);
  const out: PageStyle = {
    ...base,
    ...(variants.size ? { variants: Object.fromEntries([...variants].map(([k, v]) => [k, toRuleStyle(v, opts.fallbackSize, plain.fontSize)])) } : {}),
    ...(marginBoxes.length ? { marginBoxes } : {}),
    ...(contextDeclarations.length ? { contextDeclarations } : {}),
  };
  return out;
}
