// CSS Cascading 4 §4 value stages, one property at a time. EACH LONGHAND IS DECLARED
// ONCE, HERE, AS DATA: its name, whether it inherits, its initial (computed) value, how
// to parse a specified value from component values, and how to compute it. Shorthands
// live in shorthands.ts and expand into these. (WeasyPrint css/properties.py + computed_values.py)
import type { CV } from '../css/syntax';
import { serialize, splitCommas } from '../css/syntax';
import {
  BLACK, TRANSPARENT, clampLength, ident, keywordOf, lin, parseColor, parseInteger, parseLength, parseNumber,
  resolveAbsolute, resolveLength, type LenExpr, type LengthContext, type SpecifiedColor,
} from '../css/values';
import type {
  BackgroundImage, BorderImageLength, BorderImageSlice, BorderStyle, ClipRect, FilterFunction, Side, OutlineStyle, BoxShadow, SvgPaint, BreakInside, BreakValue, ContentItem, ContentTarget, Display, GridAreas, GridLine, GridTrackList, GridTrackSize, LengthPct, LineHeight, SizeKeyword, ListStyleType, RGBA,
  TabSize, TextIndent, TransformFunction, TransformOrigin, VerticalAlign, WhiteSpace,
} from './computed';
import {
  computeTransform, computeTransformOrigin, parseRotate, parseScale, parseTransform, parseTransformOrigin, parseTranslate, type SpecifiedTransform,
} from './transform';
import { fontUnits, type DeclaredFaceUnits } from '../fonts';
import { computeImageLengths, computeOutsets, parseImageLengths, parseRepeat, parseSlice, type BorderImageRepeat } from './border-image';
import { computeFilter, parseFilter, type SpecifiedFilter } from './filter';
import { computeGradient, isGradientFunction, parseGradient, type SpecifiedGradient } from './gradient';
import {
  computeTrackList, computeTrackSize, parseAreas, parseAutoFlow, parseGridLine, parseTrackList, parseTrackSizes, type SpecifiedTrackList, type SpecifiedTrackSize,
} from './grid';

/** What computing needs besides the specified value. */
export interface ComputeContext extends LengthContext {
  /** the element's computed `color` (currentColor) */
  readonly color: RGBA;
  /** what computing reads from the parent's computed values (the root's parent: the initial values) */
  readonly parent: { readonly color: RGBA; readonly 'font-weight': number };
}

export interface PropertyDef<S, C> {
  readonly name: string;
  readonly inherited: boolean;
  /** the initial value, already computed */
  readonly initial: C;
  /** undefined: invalid (the declaration is dropped with a diagnostic) */
  parse(value: readonly CV[]): S | undefined;
  compute(specified: S, ctx: ComputeContext): C;
  /** a colour whose computed value may be `currentcolor`: the ComputedStyle holds it resolved against `color` */
  readonly currentColor?: true;
}

function prop<S, C>(def: PropertyDef<S, C>): PropertyDef<S, C> {
  return def;
}

const same = <T>(s: T): T => s;

/** A property whose values are keywords, computed as themselves. */
function keywords<K extends string>(name: string, values: readonly K[], initial: NoInfer<K>, inherited = false, aliases: Readonly<Record<string, K>> = {}): PropertyDef<K, K> {
  return prop<K, K>({
    name, inherited, initial,
    parse: (v) => {
      const k = keywordOf(v, values);
      if (k !== undefined) return k;
      const a = v.length === 1 ? ident(v[0]) : undefined;
      return a !== undefined ? aliases[a] : undefined;
    },
    compute: same,
  });
}

// ---------------------------------------------------------------- OpenType features (CSS Fonts 4 §6)

/** font-variant-numeric's keywords and the feature each turns on */
const NUMERIC_FEATURES: Readonly<Record<string, readonly string[]>> = {
  'lining-nums': ['lnum'], 'oldstyle-nums': ['onum'], 'proportional-nums': ['pnum'], 'tabular-nums': ['tnum'],
  'diagonal-fractions': ['frac'], 'stacked-fractions': ['afrc'], ordinal: ['ordn'], 'slashed-zero': ['zero'],
};
/** font-variant-ligatures' keywords and the features each turns on or off (HarfBuzz's defaults: liga, clig and calt on) */
const LIGATURE_FEATURES: Readonly<Record<string, readonly string[]>> = {
  'common-ligatures': ['liga', 'clig'], 'no-common-ligatures': ['-liga', '-clig'],
  'discretionary-ligatures': ['dlig'], 'no-discretionary-ligatures': ['-dlig'],
  'historical-ligatures': ['hlig'], 'no-historical-ligatures': ['-hlig'],
  contextual: ['calt'], 'no-contextual': ['-calt'],
};
const NO_LIGATURES: readonly string[] = ['-liga', '-clig', '-dlig', '-hlig', '-calt'];

/**
 * A property of `normal`, `none` (where `none` is given: the features it turns off) or a set of
 * keywords, each at most once and at most one of each exclusive pair, computed as the features
 * they turn on or off.
 */
function featureKeywords(name: string, table: Readonly<Record<string, readonly string[]>>, exclusive: readonly (readonly [string, string])[], none?: readonly string[]): PropertyDef<readonly string[], readonly string[]> {
  return prop<readonly string[], readonly string[]>({
    name, inherited: true, initial: [],
    parse: (v) => {
      const words = v.filter((x) => x.t !== 'ws').map(ident);
      if (words.length === 1 && words[0] === 'normal') return [];
      if (words.length === 1 && words[0] === 'none' && none) return none;
      if (!words.length || words.some((w) => w === undefined || !(w in table)) || new Set(words).size !== words.length) return undefined;
      if (exclusive.some(([a, b]) => words.includes(a) && words.includes(b))) return undefined;
      return words.flatMap((w) => table[w!]!);
    },
    compute: same,
  });
}

/** CSS Fonts 4 §6.12 font-feature-settings: normal | [<string> [<integer> | on | off]?]#, as tags turned on ('smcp') or off ('-liga') */
function parseFeatureSettings(value: readonly CV[]): readonly string[] | undefined {
  const v = value.filter((x) => x.t !== 'ws');
  if (v.length === 1 && ident(v[0]) === 'normal') return [];
  const out: string[] = [];
  for (let i = 0; i < v.length;) {
    const tag = v[i];
    if (tag?.t !== 'str' || !/^[\x20-\x7e]{4}$/.test(tag.v)) return undefined;
    let on = true;
    const next = v[i + 1];
    if (next && !(next.t === 'delim' && next.v === ',')) {
      if (next.t === 'num' && Number.isInteger(next.v) && next.v >= 0) on = next.v !== 0;
      else if (ident(next) === 'on' || ident(next) === 'off') on = ident(next) === 'on';
      else return undefined;
      i++;
    }
    out.push(on ? tag.v : `-${tag.v}`);
    i++;
    if (i < v.length) {
      if (!(v[i]!.t === 'delim' && (v[i] as { v: string }).v === ',') || i === v.length - 1) return undefined;
      i++;
    }
  }
  return out.length ? out : undefined;
}

// ---------------------------------------------------------------- length helpers

const ZERO: LengthPct = { pt: 0, pct: 0 };

type LenAuto = LenExpr | 'auto';

function lengthPctAuto(name: string, opts: { negative?: boolean; inherited?: boolean; initial?: LengthPct | 'auto' } = {}): PropertyDef<LenAuto, LengthPct | 'auto'> {
  return prop<LenAuto, LengthPct | 'auto'>({
    name, inherited: opts.inherited ?? false, initial: opts.initial ?? 'auto',
    parse: (v) => {
      if (v.length !== 1) return undefined;
      const k = ident(v[0]);
      if (k === 'auto') return 'auto';
      return parseLength(v[0], { pct: true, negative: opts.negative ?? false });
    },
    compute: (s, ctx) => (s === 'auto' ? 'auto' : nonNegative(resolveLength(s, ctx), opts.negative ?? false)),
  });
}

/** Clamps a computed length that may not be negative; a mixed-sign calc() is left to used-value time. */
function nonNegative(l: LengthPct, negativeAllowed: boolean): LengthPct {
  if (negativeAllowed) return l;
  if (l.pct === 0 && l.pt < 0) return { pt: 0, pct: 0 };
  if (l.pt === 0 && l.pct < 0) return { pt: 0, pct: 0 };
  if (l.pt < 0 && l.pct < 0) return { pt: 0, pct: 0 };
  return l;
}

/** CSS Sizing 3 §3.2 / Sizing 4 §3.1 the sizing keywords, their prefixed forms folded into the standard ones (one object per keyword, so equal styles stay equal) */
const SIZE_KEYWORDS: Readonly<Record<string, SizeKeyword>> = (() => {
  const k = (size: SizeKeyword['size']): SizeKeyword => Object.freeze({ size });
  const min = k('min-content'); const max = k('max-content'); const fit = k('fit-content'); const stretch = k('stretch');
  return {
    'min-content': min, '-webkit-min-content': min, 'max-content': max, '-webkit-max-content': max,
    'fit-content': fit, '-webkit-fit-content': fit, '-moz-fit-content': fit,
    stretch, '-webkit-fill-available': stretch, '-moz-available': stretch,
  };
})();
const sizeKeyword = (k: string | undefined): SizeKeyword | undefined => (k !== undefined && Object.hasOwn(SIZE_KEYWORDS, k) ? SIZE_KEYWORDS[k] : undefined);

/**
 * width, min-width (auto), max-width (none), and the block-axis height, min-height, max-height:
 * a length-percentage, the keyword, or a sizing keyword (in the block axis only stretch stays;
 * the intrinsic keywords compute to the auto/none keyword, CSS Sizing 3 §3.2).
 */
function sizing<K extends 'auto' | 'none'>(name: string, none: K, axis: 'inline' | 'block'): PropertyDef<LenExpr | K | SizeKeyword, LengthPct | K | SizeKeyword> {
  return prop<LenExpr | K | SizeKeyword, LengthPct | K | SizeKeyword>({
    name, inherited: false, initial: none,
    parse: (v) => {
      if (v.length !== 1) return undefined;
      const k = ident(v[0]);
      if (k === none) return none;
      const kw = sizeKeyword(k);
      if (kw) return axis === 'block' && kw.size !== 'stretch' ? none : kw;
      return parseLength(v[0], { pct: true });
    },
    compute: (s, ctx) => (s === none ? none : typeof s === 'object' && 'size' in s ? s : nonNegative(resolveLength(s as LenExpr, ctx), false)),
  });
}

/** Blink's quirky em (`1__qem`), written only by the quirks-mode UA sheet. */
type QuirkyLength = { readonly quirky: LenExpr };

/**
 * margin-top and margin-bottom: a length, a percentage or auto; or a quirky em of the quirks-mode
 * UA sheet (HTML §15.3.3), computed as an em length marked `quirky`, which block layout drops
 * where it meets the start or end of body, td or th.
 */
function blockMargin(name: string): PropertyDef<LenAuto | QuirkyLength, LengthPct | 'auto'> {
  const plain = lengthPctAuto(name, { negative: true, initial: ZERO });
  return prop<LenAuto | QuirkyLength, LengthPct | 'auto'>({
    name, inherited: false, initial: ZERO,
    parse: (v) => {
      const q = v.length === 1 && v[0]!.t === 'dim' && v[0]!.unit === '__qem' ? parseLength({ ...v[0]!, unit: 'em' }, { negative: true }) : undefined;
      return q ? { quirky: q } : plain.parse(v);
    },
    compute: (s, ctx) => (typeof s === 'object' && 'quirky' in s ? { ...resolveLength(s.quirky, ctx), quirky: true } : plain.compute(s, ctx)),
  });
}

function lengthPct(name: string, opts: { negative?: boolean; inherited?: boolean } = {}): PropertyDef<LenExpr, LengthPct> {
  return prop<LenExpr, LengthPct>({
    name, inherited: opts.inherited ?? false, initial: ZERO,
    parse: (v) => (v.length === 1 ? parseLength(v[0], { pct: true, negative: opts.negative ?? false }) : undefined),
    compute: (s, ctx) => nonNegative(resolveLength(s, ctx), opts.negative ?? false),
  });
}

// ---------------------------------------------------------------- borders

const BORDER_STYLES: readonly BorderStyle[] = ['none', 'hidden', 'solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'inset', 'outset'];
/** CSS UI 4 §4.3 outline-style: the border styles but `hidden`, and `auto` (a focus ring) */
export const OUTLINE_STYLES: readonly OutlineStyle[] = ['none', 'auto', 'solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'inset', 'outset'];
/** CSS Backgrounds 3 §4.3: thin, medium, thick as Chromium draws them (1px, 3px, 5px). */
const BORDER_WIDTH_KEYWORDS: Readonly<Record<string, number>> = { thin: 0.75, medium: 2.25, thick: 3.75 };

export function parseBorderWidth(cv: CV | undefined): LenExpr | undefined {
  const k = ident(cv);
  if (k !== undefined) { const w = BORDER_WIDTH_KEYWORDS[k]; return w === undefined ? undefined : lin(w); }
  return parseLength(cv, { pct: false });
}

/**
 * CSS Backgrounds 3 §4.3 border-width computes to an absolute length "snapped as a border width"
 * (CSS Values 4), as Chromium prints it (a device pixel is a CSS
 * pixel, 0.75pt): a width between 0 and 1px becomes 1px, a wider one is floored to whole pixels.
 */
export function snapBorderWidth(pt: number): number {
  if (!(pt > 0)) return 0;
  const px = pt / 0.75;
  return px < 1 ? 0.75 : Math.floor(px + 1e-6) * 0.75;
}

/**
 * Chromium keeps border-spacing in whole CSS pixels (0.75pt): the zoomed length is truncated
 * after Blink's RoundForImpreciseConversion nudge of 0.01px, so 1.6px is 1px and 20.99px 21px.
 */
function wholePixels(pt: number): number {
  if (!(pt > 0)) return 0;
  return Math.trunc(pt / 0.75 + 0.01) * 0.75;
}

function borderWidth(side: string): PropertyDef<LenExpr, number> {
  return prop<LenExpr, number>({
    name: `border-${side}-width`, inherited: false, initial: 2.25,
    parse: (v) => (v.length === 1 ? parseBorderWidth(v[0]) : undefined),
    compute: (s, ctx) => snapBorderWidth(resolveAbsolute(s, ctx)),
  });
}

function colorProp(name: string, initial: RGBA | 'currentcolor', inherited = false): PropertyDef<SpecifiedColor, RGBA | 'currentcolor'> {
  return prop<SpecifiedColor, RGBA | 'currentcolor'>({
    name, inherited, initial, currentColor: true,
    parse: (v) => (v.length === 1 ? parseColor(v[0]) : undefined),
    compute: same,
  });
}

/** SVG 2 §13.2 a paint: none, a colour, or a paint server by url (its fallback colour dropped). */
function svgPaint(name: string, initial: SvgPaint): PropertyDef<SvgPaint | 'currentcolor', SvgPaint> {
  return prop<SvgPaint | 'currentcolor', SvgPaint>({
    name, inherited: true, initial, currentColor: true,
    parse: (v) => {
      if (v.length === 0) return undefined;
      if (v[0]!.t === 'url') return { url: v[0]!.v };
      if (v.length !== 1) return undefined;
      return ident(v[0]) === 'none' ? 'none' : parseColor(v[0]);
    },
    compute: (s) => s as SvgPaint,
  });
}

function svgOpacity(name: string): PropertyDef<number, number> {
  return prop<number, number>({
    name, inherited: true, initial: 1,
    parse: (v) => (v.length !== 1 ? undefined : v[0]!.t === 'pct' ? v[0]!.v / 100 : parseNumber(v[0])),
    compute: (s) => Math.max(0, Math.min(1, s)),
  });
}

function radius(corner: string): PropertyDef<LenExpr, LengthPct> {
  return prop<LenExpr, LengthPct>({
    name: `border-${corner}-radius`, inherited: false, initial: ZERO,
    // an elliptical corner (two values) keeps its horizontal radius
    parse: (v) => (v.length === 1 || v.length === 2 ? parseLength(v[0], { pct: true }) : undefined),
    compute: (s, ctx) => nonNegative(resolveLength(s, ctx), false),
  });
}

function transformProp(name: string, parse: (v: readonly CV[]) => SpecifiedTransform | undefined): PropertyDef<SpecifiedTransform, 'none' | readonly TransformFunction[]> {
  return prop<SpecifiedTransform, 'none' | readonly TransformFunction[]>({ name, inherited: false, initial: 'none', parse, compute: computeTransform });
}

// ---------------------------------------------------------------- fonts

/** CSS Fonts 4 §2.5 absolute sizes as Chromium maps them (medium = 16px), in pt. */
export const FONT_SIZE_KEYWORDS: Readonly<Record<string, number>> = {
  'xx-small': 9 * 0.75, 'x-small': 10 * 0.75, small: 13 * 0.75, medium: 12, large: 18 * 0.75,
  'x-large': 24 * 0.75, 'xx-large': 32 * 0.75, 'xxx-large': 48 * 0.75,
};
export const MEDIUM_FONT_SIZE = 12; // pt (16px)
const MAX_FONT_SIZE = 2000; // pt: absurd sizes are clamped so layout cannot blow up

/** the absolute-size keywords in order: FontSizeOrigin.keyword is an index into this plus one */
export const FONT_SIZE_KEYWORD_ORDER = ['xx-small', 'x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large'] as const;
/**
 * The keyword sizes of an element whose font-family is the generic `monospace` alone, in pt:
 * Chromium's default fixed font size is 13px, not 16px, and its keyword table for 13px
 * (measured in Chromium 156: 9, 10, 12, 13, 16, 20, 26, 39 px).
 */
export const MONOSPACE_FONT_SIZE_KEYWORDS: readonly number[] = [9, 10, 12, 13, 16, 20, 26, 39].map((px) => px * 0.75);
/** Chromium's default fixed font size over its default font size (13px / 16px) */
export const MONOSPACE_SCALE = 13 / 16;

/**
 * Where an element's font size came from, as Blink's FontDescription records it: `keyword`,
 * the absolute-size keyword it was set or inherited as (1 xx-small … 8 xxx-large; 0 none);
 * `absolute`, whether a length in absolute units (px, pt, rem, vw, calc with those …) decided
 * it, through any chain of em, % and larger/smaller. A size that is not absolute is scaled
 * where the generic `monospace` starts or ends (walker.ts).
 */
export interface FontSizeOrigin { readonly keyword: number; readonly absolute: boolean }

type FontSizeSpec = { k: 'abs'; pt: number; keyword?: number } | { k: 'larger' | 'smaller' } | { k: 'len'; e: LenExpr };

/** whether a font-size length is relative to the parent's font size only (em, ex, ch, %), so it keeps the parent's origin */
/**
 * CSS Values 4 §6.1.1 `ex` and `ch` in pt for an element of these computed font values at
 * `fontSize`: the x-height and the advance of "0" of its first available font (one of the
 * document's @font-face faces, `declared`, or a shipped one).
 */
export function fontUnitLengths(values: Pick<ComputedValues, 'font-family' | 'font-weight' | 'font-style'>, fontSize: number, declared?: DeclaredFaceUnits): { ex: number; ch: number } {
  const u = fontUnits(values['font-family'], values['font-weight'], values['font-style'], declared);
  return { ex: u.ex * fontSize, ch: u.ch * fontSize };
}

export function fontRelative(s: FontSizeSpec): boolean {
  if (s.k === 'larger' || s.k === 'smaller') return true;
  if (s.k !== 'len' || s.e.k !== 'lin') return false;
  const l = s.e.lin;
  return l.pt === 0 && Object.keys(l.rel ?? {}).every((u) => u === 'em' || u === 'ex' || u === 'ch');
}

export function parseFontSize(cv: CV | undefined): FontSizeSpec | undefined {
  const k = ident(cv);
  if (k !== undefined) {
    if (k === 'larger' || k === 'smaller') return { k };
    const pt = FONT_SIZE_KEYWORDS[k];
    return pt === undefined ? undefined : { k: 'abs', pt, keyword: (FONT_SIZE_KEYWORD_ORDER as readonly string[]).indexOf(k) + 1 };
  }
  const e = parseLength(cv, { pct: true });
  return e ? { k: 'len', e } : undefined;
}

type WeightSpec = number | 'bolder' | 'lighter';

export function parseFontWeight(cv: CV | undefined): WeightSpec | undefined {
  const k = ident(cv);
  if (k === 'normal') return 400;
  if (k === 'bold') return 700;
  if (k === 'bolder' || k === 'lighter') return k;
  const n = parseNumber(cv);
  return n !== undefined && n >= 1 && n <= 1000 ? n : undefined;
}

/** CSS Fonts 4 §2.2.1 bolder/lighter relative weights. */
function relativeWeight(parent: number, k: 'bolder' | 'lighter'): number {
  if (k === 'bolder') return parent < 350 ? 400 : parent < 550 ? 700 : parent < 900 ? 900 : parent;
  return parent < 100 ? parent : parent < 550 ? 100 : parent < 750 ? 400 : 700;
}

const GENERIC_FAMILIES = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-serif', 'ui-sans-serif', 'ui-monospace', 'ui-rounded', 'math', 'emoji', 'fangsong']);

export function parseFontFamily(v: readonly CV[]): string[] | undefined {
  const out: string[] = [];
  for (const part of splitCommas(v)) {
    if (part.length === 0) return undefined;
    if (part.length === 1 && part[0]!.t === 'str') { out.push(part[0]!.v); continue; }
    if (!part.every((x) => x.t === 'ident')) return undefined;
    const name = part.map((x) => (x as { v: string }).v).join(' ');
    const lower = name.toLowerCase();
    if (part.length === 1 && ['inherit', 'initial', 'unset', 'default', 'revert'].includes(lower)) return undefined;
    out.push(GENERIC_FAMILIES.has(lower) && part.length === 1 ? lower : name);
  }
  return out.length ? out : undefined;
}

type LineHeightSpec = { kind: 'normal' } | { kind: 'number'; value: number } | { kind: 'length'; e: LenExpr };

export function parseLineHeight(cv: CV | undefined): LineHeightSpec | undefined {
  if (ident(cv) === 'normal') return { kind: 'normal' };
  const n = parseNumber(cv);
  if (n !== undefined) return n >= 0 ? { kind: 'number', value: n } : undefined;
  const e = parseLength(cv, { pct: true });
  return e ? { kind: 'length', e } : undefined;
}

// ---------------------------------------------------------------- lists and content

const LIST_STYLE_TYPES = ['none', 'disc', 'circle', 'square', 'decimal', 'decimal-leading-zero', 'lower-alpha', 'upper-alpha', 'lower-latin', 'upper-latin', 'lower-roman', 'upper-roman', 'lower-greek',
  'disclosure-open', 'disclosure-closed'] as const;

export function parseListStyleType(cv: CV | undefined): ListStyleType | undefined {
  if (cv?.t === 'str') return { string: cv.v };
  const k = ident(cv);
  if (k === undefined) return undefined;
  if ((LIST_STYLE_TYPES as readonly string[]).includes(k)) return k as ListStyleType;
  // other predefined counter styles (armenian, georgian, cjk-decimal, ...) render as decimal
  if (['inherit', 'initial', 'unset', 'revert', 'default'].includes(k)) return undefined;
  return 'decimal';
}

function parseCounterList(v: readonly CV[], defaultValue: number): { name: string; value: number }[] | undefined {
  if (v.length === 1 && ident(v[0]) === 'none') return [];
  const out: { name: string; value: number }[] = [];
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    if (x.t !== 'ident' || ['none', 'inherit', 'initial', 'unset'].includes(x.v.toLowerCase())) return undefined;
    const n = v[i + 1];
    let value = defaultValue;
    if (n && (n.t === 'num' || (n.t === 'func'))) {
      const parsed = parseInteger(n);
      if (parsed === undefined) return undefined;
      value = parsed; i++;
    }
    out.push({ name: x.v, value });
  }
  return out.length ? out : undefined;
}

function parseContent(v: readonly CV[]): 'normal' | 'none' | ContentItem[] | undefined {
  if (v.length === 1) {
    const k = ident(v[0]);
    if (k === 'normal' || k === 'none') return k;
  }
  // `content: "x" / "alt text"`: the alternative text is dropped
  const slash = v.findIndex((x) => x.t === 'delim' && x.v === '/');
  return parseContentList(slash >= 0 ? v.slice(0, slash) : v, false);
}

const POLICIES = ['first', 'start', 'last', 'first-except'] as const;
const LEADERS: Readonly<Record<string, string>> = { dotted: '. ', solid: '_', space: ' ' };

/** The URL argument of target-counter() and target-text(): a string, url() or attr(name [url]). */
function contentTarget(arg: readonly CV[] | undefined): ContentTarget | undefined {
  const x = arg?.[0];
  if (x?.t === 'str' || x?.t === 'url') return { url: x.v };
  if (x?.t === 'func' && x.name === 'url' && x.args[0]?.t === 'str') return { url: x.args[0].v };
  if (x?.t === 'func' && x.name === 'attr' && x.args[0]?.t === 'ident') return { attr: x.args[0].v.toLowerCase() };
  return undefined;
}

/**
 * CSS Generated Content 3 §1 content list, with the GCPM functions layout resolves: string(),
 * element(), target-counter(s)(), target-text(), leader(); `content()` where string-set and
 * bookmark-label allow it (`own`).
 */
function parseContentList(items: readonly CV[], own: boolean): ContentItem[] | undefined {
  const out: ContentItem[] = [];
  for (const x of items) {
    if (x.t === 'str') { out.push({ kind: 'string', value: x.v }); continue; }
    if (x.t === 'url') { out.push({ kind: 'url', url: x.v }); continue; }
    if (x.t === 'ident') {
      const k = x.v.toLowerCase();
      if (k === 'open-quote') out.push({ kind: 'open-quote' });
      else if (k === 'close-quote') out.push({ kind: 'close-quote' });
      else if (k === 'no-open-quote' || k === 'no-close-quote') continue;
      else return undefined;
      continue;
    }
    if (x.t === 'func') {
      const args = splitCommas(x.args).filter((a) => a.length > 0);
      const a0 = args[0]?.[0];
      const name = x.name.toLowerCase();
      if (name === 'attr' && a0?.t === 'ident') { out.push({ kind: 'attr', name: a0.v.toLowerCase() }); continue; }
      if (name === 'url' && a0?.t === 'str') { out.push({ kind: 'url', url: a0.v }); continue; }
      if (name === 'counter' && a0?.t === 'ident') {
        const style = args[1] ? parseListStyleType(args[1][0]) : 'decimal';
        if (!style) return undefined;
        out.push({ kind: 'counter', name: a0.v, style });
        continue;
      }
      if (name === 'counters' && a0?.t === 'ident' && args[1]?.[0]?.t === 'str') {
        const style = args[2] ? parseListStyleType(args[2][0]) : 'decimal';
        if (!style) return undefined;
        out.push({ kind: 'counters', name: a0.v, separator: args[1][0].v, style });
        continue;
      }
      if ((name === 'string' || name === 'element') && a0?.t === 'ident' && args.length <= 2) {
        const which = args[1] ? keywordOf(args[1], POLICIES) : 'first';
        if (!which) return undefined;
        out.push(name === 'string' ? { kind: 'string-ref', name: a0.v, which } : { kind: 'element', name: a0.v, which });
        continue;
      }
      if (name === 'target-counter' || name === 'target-counters') {
        const target = contentTarget(args[0]);
        const counter = args[1]?.[0];
        if (!target || counter?.t !== 'ident') return undefined;
        if (name === 'target-counter') {
          const style = args[2] ? parseListStyleType(args[2][0]) : 'decimal';
          if (!style) return undefined;
          out.push({ kind: 'target-counter', target, name: counter.v, style });
        } else {
          const sep = args[2]?.[0];
          const style = args[3] ? parseListStyleType(args[3][0]) : 'decimal';
          if (sep?.t !== 'str' || !style) return undefined;
          out.push({ kind: 'target-counters', target, name: counter.v, separator: sep.v, style });
        }
        continue;
      }
      if (name === 'target-text') {
        const target = contentTarget(args[0]);
        const which = args[1] ? keywordOf(args[1], ['content', 'before', 'after', 'first-letter'] as const) : 'content';
        if (!target || !which) return undefined;
        out.push({ kind: 'target-text', target, which });
        continue;
      }
      if (name === 'leader' && args.length === 1) {
        const fill = a0?.t === 'str' ? a0.v : LEADERS[ident(a0) ?? ''];
        if (fill === undefined || fill === '') return undefined;
        out.push({ kind: 'leader', fill });
        continue;
      }
      if (name === 'content' && own && args.length <= 1) {
        const which = args[0] ? keywordOf(args[0], ['text', 'before', 'after', 'first-letter'] as const) : 'text';
        if (!which) return undefined;
        out.push({ kind: 'content', which });
        continue;
      }
      return undefined;
    }
    return undefined;
  }
  return out.length ? out : undefined;
}

/** CSS GCPM 3 §1.1 string-set: none | [<custom-ident> <content-list>]# */
function parseStringSet(v: readonly CV[]): { name: string; items: ContentItem[] }[] | undefined {
  if (v.length === 1 && ident(v[0]) === 'none') return [];
  const out: { name: string; items: ContentItem[] }[] = [];
  for (const part of splitCommas(v)) {
    const [name, ...rest] = part;
    if (name?.t !== 'ident' || rest.length === 0) return undefined;
    const items = parseContentList(rest, true);
    if (!items) return undefined;
    out.push({ name: name.v, items });
  }
  return out;
}

// ---------------------------------------------------------------- the table

type Position = 'static' | 'relative' | 'absolute' | 'fixed' | 'sticky' | { readonly running: string };
const POSITION = keywords('position', ['static', 'relative', 'absolute', 'fixed', 'sticky'], 'static', false, { '-webkit-sticky': 'sticky' });

const BREAK_VALUES: readonly BreakValue[] = ['auto', 'avoid', 'page', 'left', 'right', 'recto', 'verso', 'always', 'column', 'avoid-page', 'avoid-column'];

/**
 * break-before/after. Chromium prints `break-before: always` without a break (it only
 * knows `always` through the legacy page-break-* properties, which map it to `page`), so
 * the modern property's `always` computes to `auto` here, as the browser shows it.
 */
function breakProp(name: string): PropertyDef<BreakValue, BreakValue> {
  const base = keywords(name, BREAK_VALUES, 'auto');
  return { ...base, compute: (s) => (s === 'always' ? 'auto' : s) };
}
const BREAK_INSIDE: readonly BreakInside[] = ['auto', 'avoid', 'avoid-page', 'avoid-column'];
const DISPLAYS: readonly Display[] = ['none', 'contents', 'block', 'inline', 'inline-block', 'list-item', 'flow-root', 'table', 'inline-table', 'table-row', 'table-cell', 'table-row-group', 'table-header-group', 'table-footer-group', 'table-column', 'table-column-group', 'table-caption', 'flex', 'inline-flex', 'grid', 'inline-grid', '-webkit-box', '-webkit-inline-box'];
/** CSS Display 3 §2 multi-keyword forms → the single keyword the contract uses. */
const DISPLAY_PAIRS: Readonly<Record<string, Display>> = {
  'block flow': 'block', 'inline flow': 'inline', 'inline flow-root': 'inline-block', 'block flow-root': 'flow-root',
  'block flex': 'flex', 'inline flex': 'inline-flex', 'block grid': 'grid', 'inline grid': 'inline-grid',
  'block table': 'table', 'inline table': 'inline-table', 'block list-item': 'list-item', 'list-item block': 'list-item',
  'list-item flow': 'list-item', 'block flow list-item': 'list-item',
};
const VERTICAL_ALIGN_KEYWORDS = ['baseline', 'sub', 'super', 'top', 'middle', 'bottom', 'text-top', 'text-bottom'] as const;
const ALIGN_KEYWORDS = ['normal', 'stretch', 'center', 'start', 'end', 'flex-start', 'flex-end', 'self-start', 'self-end', 'baseline', 'first', 'last', 'space-between', 'space-around', 'space-evenly', 'left', 'right', 'safe', 'unsafe', 'auto', 'legacy'];

function alignProp(name: string, initial: string): PropertyDef<string, string> {
  return prop<string, string>({
    name, inherited: false, initial,
    parse: (v) => {
      if (v.length === 0 || v.length > 2) return undefined;
      const ks = v.map(ident);
      if (ks.some((k) => k === undefined || !ALIGN_KEYWORDS.includes(k))) return undefined;
      // `first baseline`, `safe center`: the last keyword carries the alignment; `last baseline` stays whole
      return ks.length === 2 && ks[0] === 'last' && ks[1] === 'baseline' ? 'last baseline' : ks[ks.length - 1]!;
    },
    compute: same,
  });
}

type GapSpec = LenExpr | 'normal';
function gapProp(name: string): PropertyDef<GapSpec, LengthPct | 'normal'> {
  return prop<GapSpec, LengthPct | 'normal'>({
    name, inherited: false, initial: 'normal',
    parse: (v) => (v.length !== 1 ? undefined : ident(v[0]) === 'normal' ? 'normal' : parseLength(v[0], { pct: true })),
    compute: (s, ctx) => (s === 'normal' ? 'normal' : nonNegative(resolveLength(s, ctx), false)),
  });
}

type GridAutoFlow = { readonly column: boolean; readonly dense: boolean };
function trackList(name: string): PropertyDef<SpecifiedTrackList | 'none', GridTrackList | 'none'> {
  return prop<SpecifiedTrackList | 'none', GridTrackList | 'none'>({ name, inherited: false, initial: 'none', parse: parseTrackList, compute: computeTrackList });
}
function trackSizes(name: string): PropertyDef<SpecifiedTrackSize[], readonly GridTrackSize[]> {
  return prop<SpecifiedTrackSize[], readonly GridTrackSize[]>({
    name, inherited: false, initial: [{ min: 'auto', max: 'auto' }], parse: parseTrackSizes, compute: (s, ctx) => s.map((t) => computeTrackSize(t, ctx)),
  });
}
function gridLine(name: string): PropertyDef<GridLine, GridLine> {
  return prop<GridLine, GridLine>({ name, inherited: false, initial: { kind: 'auto' }, parse: parseGridLine, compute: same });
}

function textProp(name: string, initial: string, accept: (v: readonly CV[]) => boolean = () => true): PropertyDef<string, string> {
  return prop<string, string>({ name, inherited: false, initial, parse: (v) => (v.length && accept(v) ? serialize(v) : undefined), compute: same });
}

function spacing(name: string): PropertyDef<LenExpr | 'normal', number> {
  return prop<LenExpr | 'normal', number>({
    name, inherited: true, initial: 0,
    parse: (v) => (v.length !== 1 ? undefined : ident(v[0]) === 'normal' ? 'normal' : parseLength(v[0], { pct: name === 'word-spacing', negative: true })),
    compute: (s, ctx) => (s === 'normal' ? 0 : resolveAbsolute(s, { ...ctx, percentBasis: 0 })),
  });
}

/** a decoration length: a keyword, or a length or percentage of 1em (negative allowed), pt */
const parseDecorationLength = (v: readonly CV[], words: readonly string[]): string | LenExpr | undefined => {
  if (v.length !== 1) return undefined;
  const k = ident(v[0]);
  return k !== undefined && words.includes(k) ? k : parseLength(v[0], { pct: true, negative: true });
};
const decorationLength = <K extends string>(s: K | LenExpr, ctx: ComputeContext): K | number => (typeof s === 'string' ? s : resolveAbsolute(s, { ...ctx, percentBasis: ctx.em }));

/** CSS Text Decoration 3 §4 one text shadow: its offset and blur radius in pt, its colour (currentcolor: the text's colour). */
export interface TextShadow { readonly x: number; readonly y: number; readonly blur: number; readonly color: RGBA | 'currentcolor' }
type SpecifiedShadow = { readonly x: LenExpr; readonly y: LenExpr; readonly blur: LenExpr | undefined; readonly color: SpecifiedColor };

/** `none | [ <color>? && <length>{2,3} ]#` */
function parseTextShadow(v: readonly CV[]): 'none' | SpecifiedShadow[] | undefined {
  if (v.length === 1 && ident(v[0]) === 'none') return 'none';
  const out: SpecifiedShadow[] = [];
  for (const part of splitCommas(v)) {
    const lengths: LenExpr[] = []; let color: SpecifiedColor | undefined;
    for (const cv of part) {
      const len = parseLength(cv, { negative: true });
      if (len !== undefined && (color === undefined || lengths.length === 0)) { lengths.push(len); continue; }
      const c = parseColor(cv);
      if (c === undefined || color !== undefined) return undefined;
      color = c;
    }
    if (lengths.length < 2 || lengths.length > 3) return undefined;
    out.push({ x: lengths[0]!, y: lengths[1]!, blur: lengths[2], color: color ?? 'currentcolor' });
  }
  return out.length ? out : undefined;
}

type SpecifiedBoxShadow = { readonly x: LenExpr; readonly y: LenExpr; readonly blur?: LenExpr; readonly spread?: LenExpr; readonly color: SpecifiedColor; readonly inset: boolean };

/**
 * CSS Backgrounds 3 §7.1 `none | <shadow>#`, a shadow being `<color>? && [<length>{2}
 * <length [0,∞]>? <length>?] && inset?` (the lengths one after another; a negative blur is invalid).
 */
function parseBoxShadow(v: readonly CV[]): 'none' | SpecifiedBoxShadow[] | undefined {
  if (v.length === 1 && ident(v[0]) === 'none') return 'none';
  const out: SpecifiedBoxShadow[] = [];
  for (const part of splitCommas(v)) {
    const lengths: CV[] = []; let color: SpecifiedColor | undefined; let inset = false;
    // the lengths end at the first other component
    let ended = false;
    for (const cv of part) {
      if (ident(cv) === 'inset') {
        if (inset) return undefined;
        inset = true; ended = lengths.length > 0; continue;
      }
      if (parseLength(cv, { negative: true }) !== undefined) {
        if (ended) return undefined;
        lengths.push(cv); continue;
      }
      const c = parseColor(cv);
      if (c === undefined || color !== undefined) return undefined;
      color = c; ended = lengths.length > 0;
    }
    if (lengths.length < 2 || lengths.length > 4) return undefined;
    const [x, y, blur, spread] = [parseLength(lengths[0], { negative: true })!, parseLength(lengths[1], { negative: true })!, parseLength(lengths[2]), parseLength(lengths[3], { negative: true })];
    if (lengths.length > 2 && blur === undefined) return undefined;
    const shadow: { -readonly [K in keyof SpecifiedBoxShadow]: SpecifiedBoxShadow[K] } = { x, y, color: color ?? 'currentcolor', inset };
    if (blur) shadow.blur = blur;
    if (spread) shadow.spread = spread;
    out.push(shadow);
  }
  return out.length ? out : undefined;
}

const HUNDRED_PCT = { v: 100, pct: true };
const ONE: BorderImageLength = { n: 1 };
const NONE_N: BorderImageLength = { n: 0 };

export type ImageSpec = 'none' | { url: string } | { gradient: SpecifiedGradient };
export function parseImage(cv: CV | undefined): ImageSpec | undefined {
  if (!cv) return undefined;
  if (ident(cv) === 'none') return 'none';
  if (cv.t === 'url') return { url: cv.v };
  if (cv.t === 'func' && cv.name === 'url' && cv.args[0]?.t === 'str') return { url: cv.args[0].v };
  if (cv.t === 'func' && isGradientFunction(cv.name)) {
    const gradient = parseGradient(cv);
    return gradient && { gradient };
  }
  if (cv.t === 'func' && (cv.name === 'image-set' || cv.name === '-webkit-image-set')) {
    const first = cv.args[0];
    if (first?.t === 'str') return { url: first.v };
    return parseImage(first);
  }
  return undefined;
}

/** CSS Backgrounds 3 §3.1 `<bg-image>#`: every layer, or 'none' when no layer has an image. */
function parseImageLayers(v: readonly CV[]): 'none' | ImageSpec[] | undefined {
  const layers = splitCommas(v).map((l) => (l.length === 1 ? parseImage(l[0]) : undefined));
  if (layers.some((l) => l === undefined)) return undefined;
  return layers.every((l) => l === 'none') ? 'none' : layers as ImageSpec[];
}

function computeImageLayers(s: 'none' | readonly ImageSpec[], ctx: ComputeContext): 'none' | readonly BackgroundImage[] {
  if (s === 'none') return 'none';
  return s.map((l) => (l === 'none' || 'url' in l ? l : { gradient: computeGradient(l.gradient, ctx) }));
}

/** margin-trim's computed value: the edges whose adjoining child margins are trimmed */
export interface MarginTrim { readonly blockStart: boolean; readonly blockEnd: boolean; readonly inlineStart: boolean; readonly inlineEnd: boolean }
const NO_MARGIN_TRIM: MarginTrim = { blockStart: false, blockEnd: false, inlineStart: false, inlineEnd: false };

/** CSS Box 4 §3.3: none | block | inline | [ block-start || inline-start || block-end || inline-end ] */
export function parseMarginTrim(v: readonly CV[]): MarginTrim | undefined {
  if (v.length === 1) {
    switch (ident(v[0])) {
      case 'none': return NO_MARGIN_TRIM;
      case 'block': return { ...NO_MARGIN_TRIM, blockStart: true, blockEnd: true };
      case 'inline': return { ...NO_MARGIN_TRIM, inlineStart: true, inlineEnd: true };
      default: break;
    }
  }
  if (v.length === 0 || v.length > 4) return undefined;
  const out = { ...NO_MARGIN_TRIM };
  for (const x of v) {
    switch (ident(x)) {
      case 'block-start': if (out.blockStart) return undefined; out.blockStart = true; break;
      case 'block-end': if (out.blockEnd) return undefined; out.blockEnd = true; break;
      case 'inline-start': if (out.inlineStart) return undefined; out.inlineStart = true; break;
      case 'inline-end': if (out.inlineEnd) return undefined; out.inlineEnd = true; break;
      default: return undefined;
    }
  }
  return out;
}

/** a comma-separated list of layers, each one or two of `keywords`, kept as written */
function layerKeywords(name: string, initial: string, keywords: readonly string[], max: number): PropertyDef<string, string> {
  return textProp(name, initial, (v) => splitCommas(v).every((l) => l.length >= 1 && l.length <= max && l.every((x) => keywords.includes(ident(x) ?? ''))));
}

const BOXES = ['border-box', 'padding-box', 'content-box'];

export const PROPERTIES = {
  // display & positioning
  display: prop<Display, Display>({
    name: 'display', inherited: false, initial: 'inline',
    parse: (v) => {
      if (v.length === 1) return keywordOf(v, DISPLAYS) ?? (ident(v[0]) === 'run-in' ? 'block' : undefined);
      const key = v.map(ident).join(' ');
      return DISPLAY_PAIRS[key];
    },
    compute: same,
  }),
  position: prop<Position, Position>({
    name: 'position', inherited: false, initial: 'static',
    parse: (v) => {
      const x = v.length === 1 ? v[0]! : undefined;
      // CSS GCPM 3 §2.1 running(name): the element leaves the flow for the margin boxes that ask for element(name)
      if (x?.t === 'func' && x.name.toLowerCase() === 'running' && x.args.length === 1 && x.args[0]!.t === 'ident') return { running: x.args[0].v };
      return POSITION.parse(v);
    },
    compute: same,
  }),
  // CSS GCPM 3 §2.2 `float: footnote`: the element moves to the page's footnote area
  float: keywords('float', ['none', 'left', 'right', 'footnote'], 'none', false, { 'inline-start': 'left', 'inline-end': 'right' }),
  clear: keywords('clear', ['none', 'left', 'right', 'both'], 'none', false, { 'inline-start': 'left', 'inline-end': 'right' }),
  top: lengthPctAuto('top', { negative: true }),
  right: lengthPctAuto('right', { negative: true }),
  bottom: lengthPctAuto('bottom', { negative: true }),
  left: lengthPctAuto('left', { negative: true }),
  'z-index': prop<number | 'auto', number | 'auto'>({
    name: 'z-index', inherited: false, initial: 'auto',
    parse: (v) => (v.length !== 1 ? undefined : ident(v[0]) === 'auto' ? 'auto' : parseInteger(v[0])),
    compute: same,
  }),
  // CSS 2.1 §11.1.2 (CSS Masking 1 §5.1, deprecated, as browsers honour it): an absolutely
  // positioned box and its content are cut to rect(top, right, bottom, left), offsets from the
  // top-left corner of its border box, `auto` its border box's edge; commas optional
  clip: prop<'auto' | Side<LenExpr | 'auto'>, ClipRect>({
    name: 'clip', inherited: false, initial: 'auto',
    parse: (v) => {
      if (v.length !== 1) return undefined;
      const f = v[0]!;
      if (ident(f) === 'auto') return 'auto';
      if (f.t !== 'func' || f.name.toLowerCase() !== 'rect') return undefined;
      const args = f.args.filter((a) => a.t !== 'ws');
      const commas = args.some((a) => a.t === 'delim' && a.v === ',');
      const parts = commas ? splitCommas(args).map((p) => (p.length === 1 ? p[0] : undefined)) : args;
      if (parts.length !== 4) return undefined;
      const sides = parts.map((p) => (ident(p) === 'auto' ? 'auto' as const : parseLength(p, { negative: true })));
      if (sides.some((x) => x === undefined)) return undefined;
      const [top, right, bottom, left] = sides as (LenExpr | 'auto')[];
      return { top: top!, right: right!, bottom: bottom!, left: left! };
    },
    compute: (s, ctx) => {
      if (s === 'auto') return 'auto';
      const side = (x: LenExpr | 'auto') => (x === 'auto' ? 'auto' as const : resolveAbsolute(x, ctx));
      return { top: side(s.top), right: side(s.right), bottom: side(s.bottom), left: side(s.left) };
    },
  }),
  visibility: keywords('visibility', ['visible', 'hidden', 'collapse'], 'visible', true),
  'overflow-x': keywords('overflow-x', ['visible', 'hidden', 'clip', 'scroll', 'auto'], 'visible', false, { overlay: 'auto' }),
  'overflow-y': keywords('overflow-y', ['visible', 'hidden', 'clip', 'scroll', 'auto'], 'visible', false, { overlay: 'auto' }),
  // CSS Transforms 1 §14, Transforms 2 §5: paint draws the box under the matrix they make
  transform: transformProp('transform', parseTransform),
  translate: transformProp('translate', parseTranslate),
  rotate: transformProp('rotate', parseRotate),
  scale: transformProp('scale', parseScale),
  'transform-origin': prop<{ x: LenExpr; y: LenExpr }, TransformOrigin>({
    name: 'transform-origin', inherited: false, initial: { x: { pt: 0, pct: 50 }, y: { pt: 0, pct: 50 } },
    parse: parseTransformOrigin, compute: computeTransformOrigin,
  }),
  // CSS Viewport 1 "the zoom property", as Chromium applies it: the computed value is the effective zoom
  // (the parent's times this factor, walker.ts); absolute lengths, font sizes and the natural
  // sizes of images are multiplied by it. 0 and `normal` are a factor of 1.
  zoom: prop<number, number>({
    name: 'zoom', inherited: true, initial: 1,
    parse: (v) => {
      if (v.length !== 1) return undefined;
      if (ident(v[0]) === 'normal') return 1;
      const n = v[0]!.t === 'pct' ? v[0]!.v / 100 : parseNumber(v[0]);
      return n === undefined || n < 0 ? undefined : n === 0 ? 1 : n;
    },
    compute: same,
  }),
  // Filter Effects 1 §6 (paint/filter.ts draws the colour functions)
  filter: prop<'none' | SpecifiedFilter[], readonly FilterFunction[]>({
    name: 'filter', inherited: false, initial: [], parse: parseFilter, compute: computeFilter,
  }),
  opacity: prop<number, number>({
    name: 'opacity', inherited: false, initial: 1,
    parse: (v) => (v.length !== 1 ? undefined : v[0]!.t === 'pct' ? v[0]!.v / 100 : parseNumber(v[0])),
    compute: (s) => Math.max(0, Math.min(1, s)),
  }),

  // SVG 2 §13 painting properties, inherited like `color`: read by the inline <svg> serializer
  // (boxes/build.ts), which writes each element's computed values back as attributes, so
  // author rules on SVG elements (class selectors on <path>, `fill` on the <svg>) apply
  fill: svgPaint('fill', BLACK),
  stroke: svgPaint('stroke', 'none'),
  'stroke-width': prop<LenExpr, number>({
    name: 'stroke-width', inherited: true, initial: 1,
    // in user units: a bare number, or a length in px
    parse: (v) => (v.length !== 1 ? undefined : v[0]!.t === 'num' ? lin(v[0]!.v * 0.75) : parseLength(v[0])),
    compute: (s, ctx) => Math.max(0, resolveAbsolute(s, ctx) / 0.75),
  }),
  'fill-opacity': svgOpacity('fill-opacity'),
  'stroke-opacity': svgOpacity('stroke-opacity'),

  // box model
  'box-sizing': keywords('box-sizing', ['content-box', 'border-box'], 'content-box'),
  width: sizing('width', 'auto', 'inline'),
  height: sizing('height', 'auto', 'block'),
  // min-width/min-height 'auto' is 0 outside flex layout
  'min-width': sizing('min-width', 'auto', 'inline'),
  'min-height': sizing('min-height', 'auto', 'block'),
  'max-width': sizing('max-width', 'none', 'inline'),
  'max-height': sizing('max-height', 'none', 'block'),
  'margin-top': blockMargin('margin-top'),
  'margin-right': lengthPctAuto('margin-right', { negative: true, initial: ZERO }),
  'margin-bottom': blockMargin('margin-bottom'),
  'margin-left': lengthPctAuto('margin-left', { negative: true, initial: ZERO }),
  // CSS Box 4 §3.3: which of its children's margins at its content edges a container trims to zero
  'margin-trim': prop<MarginTrim, MarginTrim>({ name: 'margin-trim', inherited: false, initial: NO_MARGIN_TRIM, parse: (v) => parseMarginTrim(v), compute: same }),
  'padding-top': lengthPct('padding-top'),
  'padding-right': lengthPct('padding-right'),
  'padding-bottom': lengthPct('padding-bottom'),
  'padding-left': lengthPct('padding-left'),
  'border-top-width': borderWidth('top'),
  'border-right-width': borderWidth('right'),
  'border-bottom-width': borderWidth('bottom'),
  'border-left-width': borderWidth('left'),
  'border-top-style': keywords('border-top-style', BORDER_STYLES, 'none'),
  'border-right-style': keywords('border-right-style', BORDER_STYLES, 'none'),
  'border-bottom-style': keywords('border-bottom-style', BORDER_STYLES, 'none'),
  'border-left-style': keywords('border-left-style', BORDER_STYLES, 'none'),
  'border-top-color': colorProp('border-top-color', 'currentcolor'),
  'border-right-color': colorProp('border-right-color', 'currentcolor'),
  'border-bottom-color': colorProp('border-bottom-color', 'currentcolor'),
  'border-left-color': colorProp('border-left-color', 'currentcolor'),
  'border-top-left-radius': radius('top-left'),
  'border-top-right-radius': radius('top-right'),
  'border-bottom-right-radius': radius('bottom-right'),
  'border-bottom-left-radius': radius('bottom-left'),
  'box-shadow': prop<'none' | SpecifiedBoxShadow[], readonly BoxShadow[]>({
    name: 'box-shadow', inherited: false, initial: [], parse: parseBoxShadow,
    compute: (s, ctx) => (s === 'none' ? [] : s.map((x) => ({
      x: resolveAbsolute(x.x, ctx), y: resolveAbsolute(x.y, ctx), blur: x.blur ? Math.max(0, resolveAbsolute(x.blur, ctx)) : 0,
      spread: x.spread ? resolveAbsolute(x.spread, ctx) : 0, color: x.color === 'currentcolor' ? ctx.color : x.color, inset: x.inset,
    }))),
  }),

  // CSS Backgrounds 3 §6 border images (paint/border-image.ts)
  'border-image-source': prop<ImageSpec, BackgroundImage>({
    name: 'border-image-source', inherited: false, initial: 'none',
    parse: (v) => (v.length === 1 ? parseImage(v[0]) : undefined),
    compute: (s, ctx) => (s === 'none' || 'url' in s ? s : { gradient: computeGradient(s.gradient, ctx) }),
  }),
  'border-image-slice': prop<BorderImageSlice, BorderImageSlice>({
    name: 'border-image-slice', inherited: false, initial: { top: HUNDRED_PCT, right: HUNDRED_PCT, bottom: HUNDRED_PCT, left: HUNDRED_PCT, fill: false },
    parse: parseSlice, compute: same,
  }),
  'border-image-width': prop<NonNullable<ReturnType<typeof parseImageLengths>>, Side<BorderImageLength>>({
    name: 'border-image-width', inherited: false, initial: { top: ONE, right: ONE, bottom: ONE, left: ONE },
    parse: (v) => parseImageLengths(v, false), compute: computeImageLengths,
  }),
  'border-image-outset': prop<NonNullable<ReturnType<typeof parseImageLengths>>, Side<BorderImageLength>>({
    name: 'border-image-outset', inherited: false, initial: { top: NONE_N, right: NONE_N, bottom: NONE_N, left: NONE_N },
    parse: (v) => parseImageLengths(v, true), compute: computeOutsets,
  }),
  'border-image-repeat': prop<readonly [BorderImageRepeat, BorderImageRepeat], readonly [BorderImageRepeat, BorderImageRepeat]>({
    name: 'border-image-repeat', inherited: false, initial: ['stretch', 'stretch'], parse: parseRepeat, compute: same,
  }),

  // backgrounds (the first layer; colour from the last)
  'background-color': colorProp('background-color', TRANSPARENT),
  // every layer (CSS Backgrounds 3 §2.2); the other background-* lists are matched to it at used time
  'background-image': prop<'none' | ImageSpec[], 'none' | readonly BackgroundImage[]>({
    name: 'background-image', inherited: false, initial: 'none',
    parse: parseImageLayers,
    compute: computeImageLayers,
  }),
  // 'auto' | 'cover' | 'contain' | '<l> <l>', as written
  'background-size': textProp('background-size', 'auto'),
  'background-position': textProp('background-position', '0% 0%'),
  'background-repeat': textProp('background-repeat', 'repeat'),
  'background-origin': layerKeywords('background-origin', 'padding-box', BOXES, 1),
  'background-clip': layerKeywords('background-clip', 'border-box', [...BOXES, 'text'], 1),

  // text & fonts
  color: prop<SpecifiedColor, RGBA>({
    name: 'color', inherited: true, initial: BLACK,
    parse: (v) => (v.length === 1 ? parseColor(v[0]) : undefined),
    compute: (s, ctx) => (s === 'currentcolor' ? ctx.parent.color : s),
  }),
  // as written, unquoted, generic names lower-case ('serif', 'sans-serif', 'monospace')
  'font-family': prop<string[], readonly string[]>({
    name: 'font-family', inherited: true, initial: ['serif'], parse: parseFontFamily, compute: same,
  }),
  'font-size': prop<FontSizeSpec, number>({
    name: 'font-size', inherited: true, initial: MEDIUM_FONT_SIZE,
    parse: (v) => (v.length === 1 ? parseFontSize(v[0]) : undefined),
    compute: (s, ctx) => {
      // ctx.em is the parent's font size here (CSS Fonts 4 §2.5)
      let pt: number;
      switch (s.k) {
        case 'abs': pt = s.pt * (ctx.zoom ?? 1); break;
        case 'larger': pt = ctx.em * 1.2; break;
        case 'smaller': pt = ctx.em / 1.2; break;
        case 'len': pt = resolveAbsolute(s.e, { ...ctx, percentBasis: ctx.em }); break;
      }
      return Math.max(0, Math.min(MAX_FONT_SIZE, pt));
    },
  }),
  // not a property authors can write (it parses nothing): the origin of font-size, set with it in walker.ts
  '-internal-font-size-origin': prop<never, FontSizeOrigin>({
    name: '-internal-font-size-origin', inherited: true, initial: { keyword: 4, absolute: false }, parse: () => undefined, compute: same,
  }),
  'font-weight': prop<WeightSpec, number>({
    name: 'font-weight', inherited: true, initial: 400,
    parse: (v) => (v.length === 1 ? parseFontWeight(v[0]) : undefined),
    compute: (s, ctx) => (typeof s === 'number' ? Math.max(100, Math.min(900, Math.round(s))) : relativeWeight(ctx.parent['font-weight'], s)),
  }),
  'font-style': prop<'normal' | 'italic' | 'oblique', 'normal' | 'italic' | 'oblique'>({
    name: 'font-style', inherited: true, initial: 'normal',
    parse: (v) => {
      const k = ident(v[0]);
      if (v.length === 1 && (k === 'normal' || k === 'italic' || k === 'oblique')) return k;
      if (v.length === 2 && k === 'oblique' && v[1]!.t === 'dim') return 'oblique';
      return undefined;
    },
    compute: same,
  }),
  'font-variant-caps': keywords('font-variant-caps', ['normal', 'small-caps', 'all-small-caps'], 'normal', true, { 'petite-caps': 'small-caps', 'all-petite-caps': 'all-small-caps', unicase: 'normal', 'titling-caps': 'normal' }),
  // CSS Fonts 4 §6.5-§6.12: the OpenType features the font-variant longhands and
  // font-feature-settings turn on ('tnum') or off ('-liga'), in the order they apply
  'font-variant-numeric': featureKeywords('font-variant-numeric', NUMERIC_FEATURES, [['lining-nums', 'oldstyle-nums'], ['proportional-nums', 'tabular-nums'], ['diagonal-fractions', 'stacked-fractions']]),
  'font-variant-ligatures': featureKeywords('font-variant-ligatures', LIGATURE_FEATURES, [['common-ligatures', 'no-common-ligatures'], ['discretionary-ligatures', 'no-discretionary-ligatures'], ['historical-ligatures', 'no-historical-ligatures'], ['contextual', 'no-contextual']], NO_LIGATURES),
  'font-feature-settings': prop<readonly string[], readonly string[]>({
    name: 'font-feature-settings', inherited: true, initial: [], parse: parseFeatureSettings, compute: same,
  }),
  'font-kerning': keywords('font-kerning', ['auto', 'normal', 'none'], 'auto', true),
  'line-height': prop<LineHeightSpec, LineHeight>({
    name: 'line-height', inherited: true, initial: { kind: 'normal' },
    parse: (v) => (v.length === 1 ? parseLineHeight(v[0]) : undefined),
    compute: (s, ctx) => {
      if (s.kind !== 'length') return s;
      const r = resolveLength(s.e, ctx);
      return { kind: 'length', pt: Math.max(0, clampLength(r.pt + r.pct * ctx.em / 100)) };
    },
  }),
  // the -webkit-* values come from HTML align attributes (Blink): they inherit like any value, but a <table> resets them to start (adjust.ts);
  // -internal-center is the th default of ua.css, resolved against the parent in adjust.ts
  // -webkit-match-parent is resolved against the parent in adjust.ts (Chromium does not take the unprefixed match-parent)
  'text-align': keywords('text-align', ['left', 'right', 'center', 'justify', 'start', 'end', '-webkit-left', '-webkit-right', '-webkit-center', '-internal-center', '-webkit-match-parent'], 'start', true, {
    'justify-all': 'justify', '-moz-center': '-webkit-center', '-moz-left': '-webkit-left', '-moz-right': '-webkit-right', middle: 'center',
  }),
  // CSS Text 3 §7.2: the alignment of a paragraph's last line and of each line before a forced break
  'text-align-last': keywords('text-align-last', ['auto', 'start', 'end', 'left', 'right', 'center', 'justify'], 'auto', true),
  // CSS Text 3 §8.1: a length-percentage and the `hanging` and `each-line` keywords, in any order
  'text-indent': prop<{ readonly e: LenExpr; readonly hanging: boolean; readonly eachLine: boolean }, TextIndent>({
    name: 'text-indent', inherited: true, initial: ZERO,
    parse: (v) => {
      let e: LenExpr | undefined; let hanging = false; let eachLine = false;
      for (const cv of v) {
        const k = ident(cv);
        if (k === 'hanging' && !hanging) hanging = true;
        else if (k === 'each-line' && !eachLine) eachLine = true;
        else if (e === undefined && k === undefined) { e = parseLength(cv, { pct: true, negative: true }); if (!e) return undefined; }
        else return undefined;
      }
      return e ? { e, hanging, eachLine } : undefined;
    },
    compute: (s, ctx) => {
      const r = resolveLength(s.e, ctx);
      return s.hanging || s.eachLine ? { ...r, ...(s.hanging ? { hanging: true } : {}), ...(s.eachLine ? { eachLine: true } : {}) } : r;
    },
  }),
  'text-overflow': keywords('text-overflow', ['clip', 'ellipsis'], 'clip'),
  'text-transform': keywords('text-transform', ['none', 'uppercase', 'lowercase', 'capitalize'], 'none', true, { 'full-width': 'none', 'full-size-kana': 'none' }),
  'text-decoration-line': prop<{ underline: boolean; overline: boolean; lineThrough: boolean }, { underline: boolean; overline: boolean; lineThrough: boolean }>({
    name: 'text-decoration-line', inherited: false, initial: { underline: false, overline: false, lineThrough: false },
    parse: (v) => parseDecorationLine(v),
    compute: same,
  }),
  'text-decoration-color': colorProp('text-decoration-color', 'currentcolor'),
  'text-decoration-style': keywords('text-decoration-style', ['solid', 'double', 'dotted', 'dashed', 'wavy'], 'solid'),
  // CSS Text Decoration 4 §4.1, §4.4: pt (a percentage is of 1em), or the keywords
  'text-decoration-thickness': prop<'auto' | 'from-font' | LenExpr, 'auto' | 'from-font' | number>({
    name: 'text-decoration-thickness', inherited: false, initial: 'auto',
    parse: (v) => parseDecorationLength(v, ['auto', 'from-font']) as 'auto' | 'from-font' | LenExpr | undefined, compute: decorationLength,
  }),
  // CSS Text Decoration 4 §4.2: auto | from-font | [ under || [ left | right ] ]; left and right
  // place the line in vertical writing only, so horizontal text reads them as auto
  'text-underline-position': prop<'auto' | 'from-font' | 'under', 'auto' | 'from-font' | 'under'>({
    name: 'text-underline-position', inherited: true, initial: 'auto',
    parse: (v) => {
      const words = v.map((t) => ident(t));
      if (words.length === 1 && (words[0] === 'auto' || words[0] === 'from-font')) return words[0];
      if (words.length === 0 || words.length > 2 || new Set(words).size !== words.length) return undefined;
      if (!words.every((w) => w === 'under' || w === 'left' || w === 'right') || (words.includes('left') && words.includes('right'))) return undefined;
      return words.includes('under') ? 'under' : 'auto';
    },
    compute: same,
  }),
  'text-underline-offset': prop<'auto' | LenExpr, 'auto' | number>({
    name: 'text-underline-offset', inherited: true, initial: 'auto',
    parse: (v) => parseDecorationLength(v, ['auto']) as 'auto' | LenExpr | undefined, compute: decorationLength,
  }),
  // pt ('normal' = 0)
  'letter-spacing': spacing('letter-spacing'),
  'text-shadow': prop<'none' | SpecifiedShadow[], readonly TextShadow[]>({
    name: 'text-shadow', inherited: true, initial: [], parse: parseTextShadow,
    compute: (s, ctx) => (s === 'none' ? [] : s.map((x) => ({
      x: resolveAbsolute(x.x, ctx), y: resolveAbsolute(x.y, ctx), blur: x.blur ? Math.max(0, resolveAbsolute(x.blur, ctx)) : 0, color: x.color,
    }))),
  }),
  'word-spacing': spacing('word-spacing'),
  'white-space': keywords<WhiteSpace>('white-space', ['normal', 'pre', 'pre-wrap', 'pre-line', 'nowrap', 'break-spaces'], 'normal', true, { '-moz-pre-wrap': 'pre-wrap', '-pre-wrap': 'pre-wrap', '-o-pre-wrap': 'pre-wrap' }),
  'overflow-wrap': keywords('overflow-wrap', ['normal', 'break-word', 'anywhere'], 'normal', true),
  'word-break': keywords('word-break', ['normal', 'break-all', 'keep-all', 'break-word'], 'normal', true, { 'auto-phrase': 'normal' }),
  hyphens: keywords('hyphens', ['none', 'manual', 'auto'], 'manual', true),
  // CSS Text 3 §4.2: a number of space advances, or a length (pt)
  'tab-size': prop<{ readonly spaces: number } | LenExpr, TabSize>({
    name: 'tab-size', inherited: true, initial: { spaces: 8 },
    parse: (v) => {
      if (v.length !== 1) return undefined;
      const n = parseNumber(v[0]);
      if (n !== undefined) return n >= 0 ? { spaces: n } : undefined;
      return parseLength(v[0], { pct: false });
    },
    compute: (s, ctx) => ('spaces' in s ? s : { pt: Math.max(0, resolveAbsolute(s, ctx)) }),
  }),
  'vertical-align': prop<(typeof VERTICAL_ALIGN_KEYWORDS)[number] | LenExpr, VerticalAlign>({
    name: 'vertical-align', inherited: false, initial: 'baseline',
    parse: (v) => (v.length !== 1 ? undefined : keywordOf(v, VERTICAL_ALIGN_KEYWORDS) ?? parseLength(v[0], { pct: true, negative: true })),
    compute: (s, ctx) => (typeof s === 'string' ? s : resolveLength(s, ctx)),
  }),
  direction: keywords('direction', ['ltr', 'rtl'], 'ltr', true),
  // CSS Writing Modes 3 §3.1 (the SVG 1.1 values as §3.2 maps them)
  'writing-mode': keywords('writing-mode', ['horizontal-tb', 'vertical-rl', 'vertical-lr', 'sideways-rl', 'sideways-lr'], 'horizontal-tb', true, {
    lr: 'horizontal-tb', 'lr-tb': 'horizontal-tb', rl: 'horizontal-tb', 'rl-tb': 'horizontal-tb', tb: 'vertical-rl', 'tb-rl': 'vertical-rl',
  }),

  // lists
  'list-style-type': prop<ListStyleType, ListStyleType>({
    name: 'list-style-type', inherited: true, initial: 'disc',
    parse: (v) => (v.length === 1 ? parseListStyleType(v[0]) : undefined), compute: same,
  }),
  'list-style-position': keywords('list-style-position', ['outside', 'inside'], 'outside', true),
  'list-style-image': prop<'none' | { url: string }, 'none' | { url: string }>({
    name: 'list-style-image', inherited: true, initial: 'none',
    parse: (v) => {
      const i = v.length === 1 ? parseImage(v[0]) : undefined;
      return i === undefined ? undefined : i === 'none' || 'url' in i ? i : 'none';
    },
    compute: same,
  }),
  'counter-reset': prop<{ name: string; value: number }[], readonly { name: string; value: number }[]>({
    name: 'counter-reset', inherited: false, initial: [], parse: (v) => parseCounterList(v, 0), compute: same,
  }),
  'counter-increment': prop<{ name: string; value: number }[], readonly { name: string; value: number }[]>({
    name: 'counter-increment', inherited: false, initial: [], parse: (v) => parseCounterList(v, 1), compute: same,
  }),
  'counter-set': prop<{ name: string; value: number }[], readonly { name: string; value: number }[]>({
    name: 'counter-set', inherited: false, initial: [], parse: (v) => parseCounterList(v, 0), compute: same,
  }),
  content: prop<'normal' | 'none' | ContentItem[], 'normal' | 'none' | readonly ContentItem[]>({
    name: 'content', inherited: false, initial: 'normal', parse: parseContent, compute: same,
  }),
  'string-set': prop<{ name: string; items: ContentItem[] }[], readonly { name: string; items: readonly ContentItem[] }[]>({
    name: 'string-set', inherited: false, initial: [], parse: parseStringSet, compute: same,
  }),
  'bookmark-level': prop<number | 'none', number | 'none'>({
    name: 'bookmark-level', inherited: false, initial: 'none',
    parse: (v) => (v.length === 1 && ident(v[0]) === 'none' ? 'none' : v.length === 1 && v[0]!.t === 'num' && Number.isInteger(v[0].v) && v[0].v >= 1 ? v[0].v : undefined),
    compute: same,
  }),
  'bookmark-label': prop<ContentItem[], readonly ContentItem[]>({
    name: 'bookmark-label', inherited: false, initial: [{ kind: 'content', which: 'text' }], parse: (v) => parseContentList(v, true), compute: same,
  }),
  'bookmark-state': keywords('bookmark-state', ['open', 'closed'], 'closed'),
  quotes: prop<'auto' | 'none' | string[], 'auto' | 'none' | readonly string[]>({
    name: 'quotes', inherited: true, initial: 'auto',
    parse: (v) => {
      const k = v.length === 1 ? ident(v[0]) : undefined;
      if (k === 'auto' || k === 'none') return k;
      if (v.length % 2 !== 0 || v.length === 0 || v.some((x) => x.t !== 'str')) return undefined;
      return v.map((x) => (x as { v: string }).v);
    },
    compute: same,
  }),

  // tables
  'border-collapse': keywords('border-collapse', ['separate', 'collapse'], 'separate', true),
  'border-spacing': prop<[LenExpr, LenExpr], { horizontal: number; vertical: number }>({
    name: 'border-spacing', inherited: true, initial: { horizontal: 0, vertical: 0 },
    parse: (v) => {
      if (v.length < 1 || v.length > 2) return undefined;
      const h = parseLength(v[0], {}), w = parseLength(v[1] ?? v[0], {});
      return h && w ? [h, w] : undefined;
    },
    compute: (s, ctx) => ({ horizontal: wholePixels(resolveAbsolute(s[0], ctx)), vertical: wholePixels(resolveAbsolute(s[1], ctx)) }),
  }),
  'table-layout': keywords('table-layout', ['auto', 'fixed'], 'auto'),
  'caption-side': keywords('caption-side', ['top', 'bottom'], 'top', true, { 'block-start': 'top', 'block-end': 'bottom' }),
  'empty-cells': keywords('empty-cells', ['show', 'hide'], 'show', true),

  // fragmentation and paged media
  'break-before': breakProp('break-before'),
  'break-after': breakProp('break-after'),
  'break-inside': keywords('break-inside', BREAK_INSIDE, 'auto'),
  orphans: prop<number, number>({ name: 'orphans', inherited: true, initial: 2, parse: (v) => positiveInt(v), compute: same }),
  widows: prop<number, number>({ name: 'widows', inherited: true, initial: 2, parse: (v) => positiveInt(v), compute: same }),
  // CSS Overflow 4 §5 the legacy line clamp (layout/clamp.ts): a box whose -webkit-box-orient is vertical shows its first N lines
  '-webkit-line-clamp': prop<number | 'none', number | 'none'>({
    name: '-webkit-line-clamp', inherited: false, initial: 'none', parse: (v) => (v.length === 1 && ident(v[0]) === 'none' ? 'none' : positiveInt(v)), compute: same,
  }),
  '-webkit-box-orient': keywords('-webkit-box-orient', ['horizontal', 'vertical', 'inline-axis', 'block-axis'], 'horizontal'),
  // CSS GCPM 3 §2.5 how a footnote element is displayed in the footnote area, §2.7 what moves when its body does not fit
  'footnote-display': keywords('footnote-display', ['block', 'inline', 'compact'], 'block'),
  'footnote-policy': keywords('footnote-policy', ['auto', 'line', 'block'], 'auto'),
  page: prop<string, string>({
    name: 'page', inherited: false, initial: 'auto',
    parse: (v) => (v.length === 1 && v[0]!.t === 'ident' ? (ident(v[0]) === 'auto' ? 'auto' : v[0].v) : undefined), compute: same,
  }),

  // flexbox, grid alignment, multi-column
  'flex-direction': keywords('flex-direction', ['row', 'row-reverse', 'column', 'column-reverse'], 'row'),
  'flex-wrap': keywords('flex-wrap', ['nowrap', 'wrap', 'wrap-reverse'], 'nowrap'),
  'flex-grow': prop<number, number>({ name: 'flex-grow', inherited: false, initial: 0, parse: (v) => nonNegNumber(v), compute: same }),
  'flex-shrink': prop<number, number>({ name: 'flex-shrink', inherited: false, initial: 1, parse: (v) => nonNegNumber(v), compute: same }),
  // CSS Flexbox 1 §7.2: content, or a width's sizing keyword (resolved in the main axis by layout/sizing.ts)
  'flex-basis': prop<LenAuto | 'content' | SizeKeyword, LengthPct | 'auto' | 'content' | SizeKeyword>({
    name: 'flex-basis', inherited: false, initial: 'auto',
    parse: (v) => {
      if (v.length !== 1) return undefined;
      const k = ident(v[0]);
      if (k === 'auto' || k === 'content') return k;
      return sizeKeyword(k) ?? parseLength(v[0], { pct: true });
    },
    compute: (s, ctx) => (s === 'auto' || s === 'content' || (typeof s === 'object' && 'size' in s) ? s : nonNegative(resolveLength(s, ctx), false)),
  }),
  'justify-content': alignProp('justify-content', 'normal'),
  'align-items': alignProp('align-items', 'normal'),
  'align-self': alignProp('align-self', 'auto'),
  'align-content': alignProp('align-content', 'normal'),
  order: prop<number, number>({ name: 'order', inherited: false, initial: 0, parse: (v) => (v.length === 1 ? parseInteger(v[0]) : undefined), compute: same }),
  'row-gap': gapProp('row-gap'),
  'column-gap': gapProp('column-gap'),
  'column-count': prop<number | 'auto', number | 'auto'>({
    name: 'column-count', inherited: false, initial: 'auto',
    parse: (v) => (v.length !== 1 ? undefined : ident(v[0]) === 'auto' ? 'auto' : positiveInt(v)),
    compute: (s) => (s === 'auto' ? s : Math.min(s, 100)),
  }),
  'column-width': prop<LenAuto, number | 'auto'>({
    name: 'column-width', inherited: false, initial: 'auto',
    parse: (v) => (v.length !== 1 ? undefined : ident(v[0]) === 'auto' ? 'auto' : parseLength(v[0], { pct: false })),
    compute: (s, ctx) => (s === 'auto' ? s : Math.max(0, resolveAbsolute(s, ctx))),
  }),
  'column-fill': keywords('column-fill', ['auto', 'balance', 'balance-all'], 'balance'),
  'column-span': keywords('column-span', ['none', 'all'], 'none'),
  'column-rule-width': prop<LenExpr, number>({
    name: 'column-rule-width', inherited: false, initial: 2.25,
    parse: (v) => (v.length === 1 ? parseBorderWidth(v[0]) : undefined),
    compute: (s, ctx) => snapBorderWidth(resolveAbsolute(s, ctx)),
  }),
  'column-rule-style': keywords('column-rule-style', BORDER_STYLES, 'none'),
  'column-rule-color': colorProp('column-rule-color', 'currentcolor'),

  // outline (CSS UI 4 §4): drawn outside the border box, no effect on layout
  'outline-width': prop<LenExpr, number>({
    name: 'outline-width', inherited: false, initial: 2.25,
    parse: (v) => (v.length === 1 ? parseBorderWidth(v[0]) : undefined),
    compute: (s, ctx) => snapBorderWidth(resolveAbsolute(s, ctx)),
  }),
  'outline-style': keywords('outline-style', OUTLINE_STYLES, 'none'),
  'outline-color': prop<SpecifiedColor, RGBA | 'currentcolor'>({
    name: 'outline-color', inherited: false, initial: 'currentcolor', currentColor: true,
    // `invert` (no longer in CSS UI 4) and `auto` (the focus ring's colour) are drawn in currentColor, as Chromium prints them
    parse: (v) => (v.length !== 1 ? undefined : ident(v[0]) === 'invert' || ident(v[0]) === 'auto' ? 'currentcolor' : parseColor(v[0])),
    compute: same,
  }),
  'outline-offset': prop<LenExpr, number>({
    name: 'outline-offset', inherited: false, initial: 0,
    parse: (v) => (v.length === 1 ? parseLength(v[0], { pct: false, negative: true }) : undefined),
    compute: (s, ctx) => resolveAbsolute(s, ctx),
  }),

  // grid (CSS Grid Layout 1 §7, §8; values in grid.ts)
  'grid-template-columns': trackList('grid-template-columns'),
  'grid-template-rows': trackList('grid-template-rows'),
  'grid-template-areas': prop<GridAreas | 'none', GridAreas | 'none'>({ name: 'grid-template-areas', inherited: false, initial: 'none', parse: parseAreas, compute: same }),
  'grid-auto-columns': trackSizes('grid-auto-columns'),
  'grid-auto-rows': trackSizes('grid-auto-rows'),
  'grid-auto-flow': prop<GridAutoFlow, GridAutoFlow>({ name: 'grid-auto-flow', inherited: false, initial: { column: false, dense: false }, parse: parseAutoFlow, compute: same }),
  'grid-row-start': gridLine('grid-row-start'),
  'grid-row-end': gridLine('grid-row-end'),
  'grid-column-start': gridLine('grid-column-start'),
  'grid-column-end': gridLine('grid-column-end'),
  'justify-items': alignProp('justify-items', 'normal'),
  'justify-self': alignProp('justify-self', 'auto'),

  // replaced content
  'object-fit': keywords('object-fit', ['fill', 'contain', 'cover', 'none', 'scale-down'], 'fill'),
} as const;

function positiveInt(v: readonly CV[]): number | undefined {
  const n = v.length === 1 ? parseInteger(v[0]) : undefined;
  return n !== undefined && n >= 1 ? n : undefined;
}

function nonNegNumber(v: readonly CV[]): number | undefined {
  const n = v.length === 1 ? parseNumber(v[0]) : undefined;
  return n !== undefined && n >= 0 ? n : undefined;
}

export function parseDecorationLine(v: readonly CV[]): { underline: boolean; overline: boolean; lineThrough: boolean } | undefined {
  const out = { underline: false, overline: false, lineThrough: false };
  if (v.length === 1 && ident(v[0]) === 'none') return out;
  if (v.length === 0) return undefined;
  for (const x of v) {
    switch (ident(x)) {
      case 'underline': if (out.underline) return undefined; out.underline = true; break;
      case 'overline': if (out.overline) return undefined; out.overline = true; break;
      case 'line-through': if (out.lineThrough) return undefined; out.lineThrough = true; break;
      case 'blink': break;
      default: return undefined;
    }
  }
  return out;
}

export type PropertyName = keyof typeof PROPERTIES;
type ComputedOf<P> = P extends PropertyDef<unknown, infer C> ? C : never;
type SpecifiedOf<P> = P extends PropertyDef<infer S, unknown> ? S : never;

/** Every longhand's computed value, keyed by CSS name (the cascade's working form). */
export type ComputedValues = { -readonly [K in PropertyName]: ComputedOf<(typeof PROPERTIES)[K]> };
export type SpecifiedValue<K extends PropertyName> = SpecifiedOf<(typeof PROPERTIES)[K]>;

export const PROPERTY_NAMES = Object.keys(PROPERTIES) as PropertyName[];

export function isProperty(name: string): name is PropertyName {
  return Object.prototype.hasOwnProperty.call(PROPERTIES, name);
}

/** Typed access by name (the table's entries differ in type; this is the one cast). */
export function propertyDef(name: PropertyName): PropertyDef<unknown, unknown> {
  return PROPERTIES[name] as unknown as PropertyDef<unknown, unknown>;
}

export function initialValues(): ComputedValues {
  const out = {} as Record<string, unknown>;
  for (const name of PROPERTY_NAMES) out[name] = PROPERTIES[name].initial;
  return fastShape(out) as ComputedValues;
}

/**
 * `o` as an object in V8's fast mode, for the fixed-shape objects whose spread copies every
 * element's values and style start from. Copying a fast-mode object copies its fields in one
 * go; copying one in dictionary mode adds its keys one by one (about 40 µs per copy for the
 * longhands of this table, where the fast copy takes under 1 µs). Filling an object key by key
 * and JSON.parse of an object of 128 keys or more both give dictionary mode; a spread copy is in
 * fast mode whatever its source's mode.
 */
export function fastShape<T extends object>(o: T): T {
  return { ...o };
}

/** the initial values, computed once (never written to) */
export const INITIAL_VALUES: Readonly<ComputedValues> = initialValues();

/**
 * Properties the engine knows and deliberately does not render (yet): they are accepted
 * without a diagnostic, because a browser-faithful template uses them for screen-only
 * effects (transitions, cursors) or for features planned later (grid, transforms).
 */
export const IGNORED_PROPERTIES: ReadonlySet<string> = new Set([
  'cursor', 'pointer-events', 'user-select', 'transition', 'transition-property', 'transition-duration', 'transition-timing-function', 'transition-delay',
  'animation', 'animation-name', 'animation-duration', 'animation-timing-function', 'animation-delay', 'animation-iteration-count', 'animation-direction', 'animation-fill-mode', 'animation-play-state',
  'resize', 'appearance', 'will-change', 'touch-action', 'scroll-behavior',
  'scroll-margin', 'scroll-padding', 'scroll-snap-type', 'scroll-snap-align', 'overscroll-behavior', 'caret-color', 'accent-color', 'color-scheme', 'forced-color-adjust',
  'text-rendering', 'font-smoothing', 'font-variation-settings', 'font-variant-east-asian', 'font-optical-sizing', 'font-stretch', 'font-synthesis', 'font-display', 'font-language-override', 'font-size-adjust',
  'text-rendering', 'text-size-adjust', 'text-decoration-skip-ink', 'text-decoration-skip', 'text-justify', 'text-wrap', 'text-wrap-mode', 'text-wrap-style', 'line-break', 'hanging-punctuation',
  'unicode-bidi', 'text-orientation', 'font-variant-position', 'font-variant-alternates', 'supported-color-schemes',
  'transform-style', 'perspective', 'perspective-origin', 'backface-visibility',
  'isolation', 'shape-margin',
  'contain', 'content-visibility', 'container', 'container-type', 'container-name',
  'print-color-adjust', 'color-adjust', 'image-rendering', 'image-orientation',
  'background-attachment', 'background-blend-mode', 'background-position-x', 'background-position-y',
  'max-lines', 'bleed', 'marks', 'anchor-name', 'position-anchor',
  'speak', 'speak-as',
  'size', 'src', 'unicode-range', 'ascent-override', 'descent-override', 'line-gap-override', 'size-adjust',
  'overflow-anchor', 'overflow-clip-margin', 'scrollbar-width', 'scrollbar-color', 'scrollbar-gutter',
]);

/**
 * Properties that change what a print looks like and that the engine does not render yet:
 * a value other than none/auto/normal is an `unsupported-value` diagnostic (once per
 * property per document), so an author knows why the PDF differs from the browser.
 */
export const NOT_RENDERED_PROPERTIES: ReadonlySet<string> = new Set([
  'backdrop-filter', 'mix-blend-mode', 'clip-path', 'mask', 'mask-image', 'shape-outside',
  'text-emphasis', 'initial-letter', 'aspect-ratio', 'object-position', 'box-decoration-break',
]);
