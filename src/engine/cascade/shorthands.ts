// CSS shorthands as data: each one names its longhands and expands a value into a value
// per longhand (CSS Cascading 4 §1.2). A longhand the value leaves out is reset to its
// initial value. Aliases (legacy names, logical properties in horizontal-tb ltr) map one
// name onto another.
import type { CV } from '../css/syntax';
import { splitCommas } from '../css/syntax';
import { ident, parseColor, parseLength, parseNumber } from '../css/values';
import { isCustomIdent } from './grid';
import { expandBorderImage } from './border-image';
import { parseImage, parseBorderWidth, parseDecorationLine, parseFontFamily, parseFontSize, parseFontWeight, parseLineHeight, parseListStyleType, OUTLINE_STYLES, type PropertyName } from './properties';

/** A longhand's share of a shorthand: component values, or a reset to the initial value. */
export type Expansion = Partial<Record<PropertyName, readonly CV[] | 'initial'>>;

export interface ShorthandDef {
  readonly name: string;
  readonly longhands: readonly PropertyName[];
  /** undefined: the value is invalid for this shorthand */
  expand(value: readonly CV[]): Expansion | undefined;
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

/** `1 to 4 values` → top, right, bottom, left (CSS Backgrounds 3 §4 / Box 3 §3). */
function fourSides(longhands: readonly [PropertyName, PropertyName, PropertyName, PropertyName]): ShorthandDef['expand'] {
  return (v) => {
    if (v.length < 1 || v.length > 4) return undefined;
    const [t, r = t, b = t, l = r] = v as [CV, CV?, CV?, CV?];
    return { [longhands[0]]: [t], [longhands[1]]: [r!], [longhands[2]]: [b!], [longhands[3]]: [l!] };
  };
}

function twoValues(a: PropertyName, b: PropertyName): ShorthandDef['expand'] {
  return (v) => (v.length === 1 ? { [a]: [v[0]!], [b]: [v[0]!] } : v.length === 2 ? { [a]: [v[0]!], [b]: [v[1]!] } : undefined);
}

const isBorderStyle = (cv: CV) => ['none', 'hidden', 'solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'inset', 'outset'].includes(ident(cv) ?? '');

/** `<line-width> || <line-style> || <color>` */
function borderSide(side: string): ShorthandDef['expand'] {
  return (v) => {
    const parts = splitBorder(v);
    if (!parts) return undefined;
    return {
      [`border-${side}-width`]: parts.width ?? 'initial',
      [`border-${side}-style`]: parts.style ?? 'initial',
      [`border-${side}-color`]: parts.color ?? 'initial',
    } as Expansion;
  };
}

function splitBorder(v: readonly CV[]): { width?: CV[]; style?: CV[]; color?: CV[] } | undefined {
  if (v.length === 0 || v.length > 3) return undefined;
  const out: { width?: CV[]; style?: CV[]; color?: CV[] } = {};
  for (const x of v) {
    if (!out.style && isBorderStyle(x)) out.style = [x];
    else if (!out.width && parseBorderWidth(x)) out.width = [x];
    else if (!out.color && parseColor(x)) out.color = [x];
    else return undefined;
  }
  return out;
}

const CORNERS = ['border-top-left-radius', 'border-top-right-radius', 'border-bottom-right-radius', 'border-bottom-left-radius'] as const;

function expandRadius(v: readonly CV[]): Expansion | undefined {
  const slash = v.findIndex((x) => x.t === 'delim' && x.v === '/');
  const h = slash >= 0 ? v.slice(0, slash) : v;
  const vert = slash >= 0 ? v.slice(slash + 1) : undefined;
  if (h.length < 1 || h.length > 4 || (vert && (vert.length < 1 || vert.length > 4))) return undefined;
  const corners = (list: readonly CV[]) => {
    const [tl, tr = tl, br = tl, bl = tr] = list as [CV, CV?, CV?, CV?];
    return [tl, tr!, br!, bl!];
  };
  const hs = corners(h);
  const vs = vert ? corners(vert) : undefined;
  const out: Expansion = {};
  CORNERS.forEach((c, i) => { out[c] = vs ? [hs[i]!, vs[i]!] : [hs[i]!]; });
  return out;
}

const CAPS_KEYWORDS = new Set(['small-caps', 'all-small-caps', 'petite-caps', 'all-petite-caps', 'unicase', 'titling-caps']);

/**
 * CSS Fonts 4 §6.11 `font-variant` shorthand: its caps keyword sets font-variant-caps (the
 * ligature, numeric and east-asian keywords are accepted and not rendered).
 */
function expandFontVariant(v: readonly CV[]): Expansion | undefined {
  const out: Expansion = { 'font-variant-caps': 'initial' };
  for (const x of v) {
    const k = ident(x);
    if (k === undefined) return undefined;
    if (CAPS_KEYWORDS.has(k)) out['font-variant-caps'] = [x];
  }
  return out;
}

/** CSS Fonts 4 §2.8 `font` shorthand. */
function expandFont(v: readonly CV[]): Expansion | undefined {
  if (v.length === 1 && ['caption', 'icon', 'menu', 'message-box', 'small-caption', 'status-bar'].includes(ident(v[0]) ?? '')) {
    return { 'font-family': [{ t: 'ident', v: 'sans-serif', s: v[0]!.s, e: v[0]!.e }], 'font-size': 'initial', 'font-style': 'initial', 'font-weight': 'initial', 'font-variant-caps': 'initial', 'line-height': 'initial' };
  }
  const out: Expansion = { 'font-style': 'initial', 'font-variant-caps': 'initial', 'font-weight': 'initial', 'line-height': 'initial' };
  let i = 0;
  let seen = 0;
  for (; i < v.length && seen < 4; i++) {
    const x = v[i]!;
    const k = ident(x);
    if (k === 'normal') { seen++; continue; }
    if (k === 'italic' || k === 'oblique') { out['font-style'] = [x]; seen++; continue; }
    if (k === 'small-caps') { out['font-variant-caps'] = [x]; seen++; continue; }
    if (k && ['ultra-condensed', 'extra-condensed', 'condensed', 'semi-condensed', 'semi-expanded', 'expanded', 'extra-expanded', 'ultra-expanded'].includes(k)) { seen++; continue; }
    if (x.t !== 'dim' && x.t !== 'pct' && k !== 'bolder' && k !== 'lighter' && parseFontWeight(x) !== undefined && !(x.t === 'num' && x.v === 0)) { out['font-weight'] = [x]; seen++; continue; }
    if ((k === 'bolder' || k === 'lighter')) { out['font-weight'] = [x]; seen++; continue; }
    break;
  }
  const size = v[i];
  if (!size || !parseFontSize(size)) return undefined;
  out['font-size'] = [size];
  i++;
  if (v[i]?.t === 'delim' && (v[i] as { v: string }).v === '/') {
    const lh = v[i + 1];
    if (!lh || !parseLineHeight(lh)) return undefined;
    out['line-height'] = [lh];
    i += 2;
  }
  const family = v.slice(i);
  if (!parseFontFamily(family)) return undefined;
  out['font-family'] = family;
  return out;
}

/**
 * CSS Backgrounds 3 §3.10 `background`: every layer's image, position, size, repeat, origin and
 * clip (a layer's missing parts are the initial values), the colour from the final layer.
 */
function expandBackground(v: readonly CV[]): Expansion | undefined {
  const layers = splitCommas(v);
  const out: Expansion = { 'background-color': 'initial' };
  const lists: Record<'background-image' | 'background-size' | 'background-position' | 'background-repeat' | 'background-origin' | 'background-clip', CV[]> = {
    'background-image': [], 'background-size': [], 'background-position': [], 'background-repeat': [], 'background-origin': [], 'background-clip': [],
  };
  const word = (w: string): CV => ({ t: 'ident', v: w, s: 0, e: 0 });
  const zero: CV = { t: 'pct', v: 0, s: 0, e: 0 };
  for (let li = 0; li < layers.length; li++) {
    const layer = layers[li]!;
    if (layer.length === 0) return undefined;
    const last = li === layers.length - 1;
    const pos: CV[] = [];
    const repeat: CV[] = [];
    const boxes: CV[] = [];
    let size: CV[] | undefined;
    let image: CV | undefined;
    for (let i = 0; i < layer.length; i++) {
      const x = layer[i]!;
      const k = ident(x);
      if (x.t === 'delim' && x.v === '/') {
        // position / size
        size = [];
        if (pos.length === 0) return undefined;
        while (i + 1 < layer.length && (isSize(layer[i + 1]!)) && size.length < 2) size.push(layer[++i]!);
        if (size.length === 0) return undefined;
        continue;
      }
      if (k && ['repeat', 'repeat-x', 'repeat-y', 'no-repeat', 'space', 'round'].includes(k)) { repeat.push(x); continue; }
      if (k && ['border-box', 'padding-box', 'content-box', 'text'].includes(k)) { boxes.push(x); continue; }
      if (k && ['scroll', 'fixed', 'local'].includes(k)) continue;
      if (k && ['left', 'right', 'top', 'bottom', 'center'].includes(k)) { pos.push(x); continue; }
      if (x.t === 'dim' || x.t === 'pct' || (x.t === 'num' && x.v === 0) || (x.t === 'func' && parseLength(x, { pct: true, negative: true }))) { pos.push(x); continue; }
      if (k === 'none' || x.t === 'url' || (x.t === 'func' && (x.name.endsWith('gradient') || x.name === 'url' || x.name.endsWith('image-set')))) {
        if (image) return undefined;
        image = x; continue;
      }
      if (last && parseColor(x) && out['background-color'] === 'initial') { out['background-color'] = [x]; continue; }
      return undefined;
    }
    if (repeat.length > 2 || boxes.length > 2) return undefined;
    const add = (key: keyof typeof lists, values: readonly CV[]) => {
      const list = lists[key];
      if (li > 0) list.push({ t: 'delim', v: ',', s: 0, e: 0 });
      list.push(...values);
    };
    add('background-image', [image ?? word('none')]);
    add('background-position', pos.length ? pos : [zero, zero]);
    add('background-size', size ?? [word('auto')]);
    add('background-repeat', repeat.length ? repeat : [word('repeat')]);
    // one box keyword sets both the origin and the clip
    add('background-origin', [boxes[0] ?? word('padding-box')]);
    add('background-clip', [boxes[1] ?? boxes[0] ?? word('border-box')]);
  }
  for (const [key, list] of Object.entries(lists)) out[key as keyof typeof lists] = list;
  return out;
}

function isSize(x: CV): boolean {
  const k = ident(x);
  return k === 'auto' || k === 'cover' || k === 'contain' || x.t === 'dim' || x.t === 'pct' || (x.t === 'num' && x.v === 0) || (x.t === 'func' && !!parseLength(x, { pct: true }));
}

/** CSS Lists 3 `list-style`: type || position || image; `none` sets the type (and image) to none. */
function expandListStyle(v: readonly CV[]): Expansion | undefined {
  if (v.length === 0 || v.length > 3) return undefined;
  const out: Expansion = { 'list-style-type': 'initial', 'list-style-position': 'initial', 'list-style-image': 'initial' };
  let nones = 0;
  let type = false, image = false;
  for (const x of v) {
    const k = ident(x);
    if (k === 'none') { nones++; continue; }
    if (k === 'inside' || k === 'outside') { out['list-style-position'] = [x]; continue; }
    if (x.t === 'url' || (x.t === 'func' && (x.name === 'url' || x.name.endsWith('gradient')))) { if (image) return undefined; out['list-style-image'] = [x]; image = true; continue; }
    if (!type && parseListStyleType(x)) { out['list-style-type'] = [x]; type = true; continue; }
    return undefined;
  }
  if (nones > 0) {
    const none: CV[] = [{ t: 'ident', v: 'none', s: 0, e: 0 }];
    if (!type) out['list-style-type'] = none;
    if (!image) out['list-style-image'] = none;
  }
  return out;
}

/** CSS Flexbox 1 §7.1.1 `flex`. */
function expandFlex(v: readonly CV[]): Expansion | undefined {
  const num = (n: number): CV[] => [{ t: 'num', v: n, s: 0, e: 0 }];
  if (v.length === 1) {
    const k = ident(v[0]);
    if (k === 'none') return { 'flex-grow': num(0), 'flex-shrink': num(0), 'flex-basis': [{ t: 'ident', v: 'auto', s: 0, e: 0 }] };
    if (k === 'auto') return { 'flex-grow': num(1), 'flex-shrink': num(1), 'flex-basis': [{ t: 'ident', v: 'auto', s: 0, e: 0 }] };
  }
  let grow: CV[] | undefined, shrink: CV[] | undefined, basis: CV[] | undefined;
  for (const x of v) {
    const n = x.t === 'num' ? x.v : parseNumber(x);
    if (n !== undefined && !(x.t === 'num' && x.v === 0 && grow && shrink)) {
      if (!grow) { grow = [x]; continue; }
      if (!shrink) { shrink = [x]; continue; }
    }
    if (!basis && (ident(x) === 'auto' || ident(x) === 'content' || parseLength(x, { pct: true }))) { basis = [x]; continue; }
    return undefined;
  }
  return {
    'flex-grow': grow ?? num(1),
    'flex-shrink': shrink ?? num(1),
    'flex-basis': basis ?? [{ t: 'pct', v: 0, s: 0, e: 0 }],
  };
}

function expandFlexFlow(v: readonly CV[]): Expansion | undefined {
  const out: Expansion = { 'flex-direction': 'initial', 'flex-wrap': 'initial' };
  if (v.length < 1 || v.length > 2) return undefined;
  for (const x of v) {
    const k = ident(x) ?? '';
    if (['row', 'row-reverse', 'column', 'column-reverse'].includes(k)) out['flex-direction'] = [x];
    else if (['nowrap', 'wrap', 'wrap-reverse'].includes(k)) out['flex-wrap'] = [x];
    else return undefined;
  }
  return out;
}

/** CSS Text Decoration 4 `text-decoration`: line || style || color || thickness. */
function expandTextDecoration(v: readonly CV[]): Expansion | undefined {
  const out: Expansion = { 'text-decoration-line': 'initial', 'text-decoration-style': 'initial', 'text-decoration-color': 'initial', 'text-decoration-thickness': 'initial' };
  const lines: CV[] = [];
  for (const x of v) {
    const k = ident(x) ?? '';
    if (['none', 'underline', 'overline', 'line-through', 'blink'].includes(k)) lines.push(x);
    else if (['solid', 'double', 'dotted', 'dashed', 'wavy'].includes(k)) out['text-decoration-style'] = [x];
    else if (parseColor(x)) out['text-decoration-color'] = [x];
    else if (k === 'auto' || k === 'from-font' || x.t === 'dim' || x.t === 'pct') out['text-decoration-thickness'] = [x];
    else return undefined;
  }
  if (lines.length) {
    if (!parseDecorationLine(lines)) return undefined;
    out['text-decoration-line'] = lines;
  }
  return out;
}

/** CSS Fragmentation 3 §3.4 legacy page-break-* → break-*. */
function legacyBreak(target: PropertyName, inside = false): ShorthandDef['expand'] {
  return (v) => {
    if (v.length !== 1) return undefined;
    const k = ident(v[0]);
    const ok = inside ? ['auto', 'avoid'] : ['auto', 'always', 'avoid', 'left', 'right'];
    if (!k || !ok.includes(k)) return undefined;
    const mapped = k === 'always' ? 'page' : k;
    return { [target]: [{ t: 'ident', v: mapped, s: v[0]!.s, e: v[0]!.e }] };
  };
}

function alias(target: PropertyName): ShorthandDef['expand'] {
  return (v) => ({ [target]: v });
}

// ---- CSS Grid Layout 1 §7.4, §7.8, §8.4 shorthands ----

const isSlash = (x: CV) => x.t === 'delim' && x.v === '/';
function splitSlashes(v: readonly CV[]): CV[][] {
  const out: CV[][] = [[]];
  for (const x of v) { if (isSlash(x)) out.push([]); else if (x.t !== 'ws') out[out.length - 1]!.push(x); }
  return out;
}
const AUTO_CV = (at: CV): CV => ({ t: 'ident', v: 'auto', s: at.s, e: at.e });

/** grid-row / grid-column: `start [/ end]`; a lone custom identifier stands for both ends, anything else leaves the end auto. */
function gridLines(start: PropertyName, end: PropertyName): ShorthandDef['expand'] {
  return (v) => {
    const parts = splitSlashes(v);
    if (parts.length > 2 || parts.some((p) => p.length === 0)) return undefined;
    const a = parts[0]!;
    const b = parts[1] ?? (isCustomIdent(a) ? a : [AUTO_CV(a[0]!)]);
    return { [start]: a, [end]: b };
  };
}

/** grid-area: row-start / column-start / row-end / column-end, omitted ones from the lone identifiers before them. */
const expandGridArea: ShorthandDef['expand'] = (v) => {
  const parts = splitSlashes(v);
  if (parts.length > 4 || parts.some((p) => p.length === 0)) return undefined;
  const [rs] = parts as [CV[]];
  const cs = parts[1] ?? (isCustomIdent(rs) ? rs : [AUTO_CV(rs[0]!)]);
  const re = parts[2] ?? (isCustomIdent(rs) ? rs : [AUTO_CV(rs[0]!)]);
  const ce = parts[3] ?? (isCustomIdent(cs) ? cs : [AUTO_CV(cs[0]!)]);
  return { 'grid-row-start': rs, 'grid-column-start': cs, 'grid-row-end': re, 'grid-column-end': ce };
};

/**
 * grid-template (§7.4): none | <rows> / <columns> | [ [names]? "string" <track-size>? [names]? ]+ [ / <columns> ]?
 * The strings form gives the areas, and the rows' sizes (auto where omitted) with their names.
 */
const expandGridTemplate: ShorthandDef['expand'] = (v) => {
  const parts = splitSlashes(v);
  if (parts.length === 1 && parts[0]!.length === 1 && ident(parts[0]![0]) === 'none') {
    return { 'grid-template-rows': 'initial', 'grid-template-columns': 'initial', 'grid-template-areas': 'initial' };
  }
  if (parts.length > 2 || parts.some((p) => p.length === 0)) return undefined;
  const rows = parts[0]!; const columns = parts[1];
  if (!rows.some((x) => x.t === 'str')) {
    if (!columns) return undefined;
    return { 'grid-template-rows': rows, 'grid-template-columns': columns, 'grid-template-areas': 'initial' };
  }
  const strings: CV[] = []; const tracks: CV[] = [];
  for (let i = 0; i < rows.length; i++) {
    const x = rows[i]!;
    if (x.t === 'str') {
      strings.push(x);
      const next = rows[i + 1];
      if (next && next.t !== 'str' && !(next.t === 'block' && next.open === '[')) { tracks.push(next); i++; } else tracks.push(AUTO_CV(x));
      continue;
    }
    if (x.t === 'block' && x.open === '[') { tracks.push(x); continue; }
    return undefined;
  }
  return { 'grid-template-rows': tracks, 'grid-template-columns': columns ?? 'initial', 'grid-template-areas': strings };
};

/** grid (§7.8): a grid-template, or auto-flow with implicit track sizes on one side. */
const expandGrid: ShorthandDef['expand'] = (v) => {
  const parts = splitSlashes(v);
  const reset = { 'grid-auto-rows': 'initial', 'grid-auto-columns': 'initial', 'grid-auto-flow': 'initial' } as const;
  const flowOf = (p: CV[]) => {
    const i = p.findIndex((x) => ident(x) === 'auto-flow');
    if (i < 0) return undefined;
    const dense = p.some((x) => ident(x) === 'dense');
    const rest = p.filter((x) => ident(x) !== 'auto-flow' && ident(x) !== 'dense');
    return { dense, rest };
  };
  if (parts.length === 2) {
    const a = flowOf(parts[0]!); const b = flowOf(parts[1]!);
    if (a && !b) {
      const flow: CV[] = [{ t: 'ident', v: 'row', s: 0, e: 0 }, ...(a.dense ? [{ t: 'ident', v: 'dense', s: 0, e: 0 } as CV] : [])];
      return { ...reset, 'grid-auto-flow': flow, ...(a.rest.length ? { 'grid-auto-rows': a.rest } : {}), 'grid-template-rows': 'initial', 'grid-template-columns': parts[1]!, 'grid-template-areas': 'initial' };
    }
    if (b && !a) {
      const flow: CV[] = [{ t: 'ident', v: 'column', s: 0, e: 0 }, ...(b.dense ? [{ t: 'ident', v: 'dense', s: 0, e: 0 } as CV] : [])];
      return { ...reset, 'grid-auto-flow': flow, ...(b.rest.length ? { 'grid-auto-columns': b.rest } : {}), 'grid-template-rows': parts[0]!, 'grid-template-columns': 'initial', 'grid-template-areas': 'initial' };
    }
    if (a && b) return undefined;
  }
  const t = expandGridTemplate(v);
  return t ? { ...reset, ...t } : undefined;
};

function sh(name: string, longhands: readonly PropertyName[], expand: ShorthandDef['expand']): [string, ShorthandDef] {
  return [name, { name, longhands, expand }];
}

const BORDER_LONGHANDS = SIDES.flatMap((s) => [`border-${s}-width`, `border-${s}-style`, `border-${s}-color`]) as PropertyName[];

export const SHORTHANDS: ReadonlyMap<string, ShorthandDef> = new Map([
  sh('margin', ['margin-top', 'margin-right', 'margin-bottom', 'margin-left'], fourSides(['margin-top', 'margin-right', 'margin-bottom', 'margin-left'])),
  sh('padding', ['padding-top', 'padding-right', 'padding-bottom', 'padding-left'], fourSides(['padding-top', 'padding-right', 'padding-bottom', 'padding-left'])),
  sh('inset', ['top', 'right', 'bottom', 'left'], fourSides(['top', 'right', 'bottom', 'left'])),
  sh('border-width', ['border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width'], fourSides(['border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width'])),
  sh('border-style', ['border-top-style', 'border-right-style', 'border-bottom-style', 'border-left-style'], fourSides(['border-top-style', 'border-right-style', 'border-bottom-style', 'border-left-style'])),
  sh('border-color', ['border-top-color', 'border-right-color', 'border-bottom-color', 'border-left-color'], fourSides(['border-top-color', 'border-right-color', 'border-bottom-color', 'border-left-color'])),
  sh('border-top', ['border-top-width', 'border-top-style', 'border-top-color'], borderSide('top')),
  sh('border-right', ['border-right-width', 'border-right-style', 'border-right-color'], borderSide('right')),
  sh('border-bottom', ['border-bottom-width', 'border-bottom-style', 'border-bottom-color'], borderSide('bottom')),
  sh('border-left', ['border-left-width', 'border-left-style', 'border-left-color'], borderSide('left')),
  sh('border', BORDER_LONGHANDS, (v) => {
    const parts = splitBorder(v);
    if (!parts) return undefined;
    const out: Expansion = {};
    for (const s of SIDES) {
      out[`border-${s}-width` as PropertyName] = parts.width ?? 'initial';
      out[`border-${s}-style` as PropertyName] = parts.style ?? 'initial';
      out[`border-${s}-color` as PropertyName] = parts.color ?? 'initial';
    }
    return out;
  }),
  sh('border-radius', CORNERS, expandRadius),
  sh('font', ['font-style', 'font-variant-caps', 'font-weight', 'font-size', 'line-height', 'font-family'], expandFont),
  sh('font-variant', ['font-variant-caps'], expandFontVariant),
  sh('background', ['background-color', 'background-image', 'background-size', 'background-position', 'background-repeat', 'background-origin', 'background-clip'], expandBackground),
  sh('list-style', ['list-style-type', 'list-style-position', 'list-style-image'], expandListStyle),
  sh('flex', ['flex-grow', 'flex-shrink', 'flex-basis'], expandFlex),
  sh('flex-flow', ['flex-direction', 'flex-wrap'], expandFlexFlow),
  sh('gap', ['row-gap', 'column-gap'], twoValues('row-gap', 'column-gap')),
  sh('grid-gap', ['row-gap', 'column-gap'], twoValues('row-gap', 'column-gap')),
  sh('grid-row-gap', ['row-gap'], alias('row-gap')),
  sh('grid-column-gap', ['column-gap'], alias('column-gap')),
  sh('text-decoration', ['text-decoration-line', 'text-decoration-style', 'text-decoration-color', 'text-decoration-thickness'], expandTextDecoration),
  sh('overflow', ['overflow-x', 'overflow-y'], twoValues('overflow-x', 'overflow-y')),
  sh('place-items', ['align-items', 'justify-items'], twoValues('align-items', 'justify-items')),
  sh('place-content', ['align-content', 'justify-content'], twoValues('align-content', 'justify-content')),
  sh('place-self', ['align-self', 'justify-self'], twoValues('align-self', 'justify-self')),
  sh('grid-row', ['grid-row-start', 'grid-row-end'], gridLines('grid-row-start', 'grid-row-end')),
  sh('grid-column', ['grid-column-start', 'grid-column-end'], gridLines('grid-column-start', 'grid-column-end')),
  sh('grid-area', ['grid-row-start', 'grid-column-start', 'grid-row-end', 'grid-column-end'], expandGridArea),
  sh('grid-template', ['grid-template-rows', 'grid-template-columns', 'grid-template-areas'], expandGridTemplate),
  sh('grid', ['grid-template-rows', 'grid-template-columns', 'grid-template-areas', 'grid-auto-rows', 'grid-auto-columns', 'grid-auto-flow'], expandGrid),
  sh('columns', ['column-width', 'column-count'], (v) => {
    // CSS Multi-column 1 §3.3: a number is the count, a length the width, `auto` either
    if (v.length < 1 || v.length > 2) return undefined;
    const count = v.find((x) => x.t === 'num');
    const width = v.find((x) => x !== count && parseLength(x));
    if (v.some((x) => x !== count && x !== width && ident(x) !== 'auto')) return undefined;
    return { 'column-count': count ? [count] : 'initial', 'column-width': width ? [width] : 'initial' };
  }),
  sh('column-rule', ['column-rule-width', 'column-rule-style', 'column-rule-color'], (v) => {
    const parts = splitBorder(v);
    if (!parts) return undefined;
    return { 'column-rule-width': parts.width ?? 'initial', 'column-rule-style': parts.style ?? 'initial', 'column-rule-color': parts.color ?? 'initial' } as Expansion;
  }),
  sh('border-image', ['border-image-source', 'border-image-slice', 'border-image-width', 'border-image-outset', 'border-image-repeat'],
    (v) => expandBorderImage(v, (x) => { const i = parseImage(x); return i !== undefined && i !== 'none'; })),
  sh('outline', ['outline-width', 'outline-style', 'outline-color'], (v) => {
    // CSS UI 4 §4.1 `<outline-color> || <outline-style> || <outline-width>`: the border styles but hidden, and auto
    if (v.length === 0 || v.length > 3) return undefined;
    const out: Expansion = { 'outline-width': 'initial', 'outline-style': 'initial', 'outline-color': 'initial' };
    const seen = new Set<string>();
    for (const x of v) {
      const k = ident(x);
      const part = k !== undefined && (OUTLINE_STYLES as readonly string[]).includes(k) ? 'outline-style'
        : k === 'invert' || parseColor(x) ? 'outline-color' : parseBorderWidth(x) ? 'outline-width' : undefined;
      if (!part || seen.has(part)) return undefined;
      seen.add(part);
      out[part] = [x];
    }
    return out;
  }),
  sh('page-break-before', ['break-before'], legacyBreak('break-before')),
  sh('page-break-after', ['break-after'], legacyBreak('break-after')),
  sh('page-break-inside', ['break-inside'], legacyBreak('break-inside', true)),
  sh('word-wrap', ['overflow-wrap'], alias('overflow-wrap')),
  sh('-webkit-transform', ['transform'], alias('transform')),
  sh('-webkit-transform-origin', ['transform-origin'], alias('transform-origin')),
  sh('-webkit-box-shadow', ['box-shadow'], alias('box-shadow')),
  // logical properties in horizontal-tb, ltr (the only writing mode the engine lays out)
  sh('margin-block-start', ['margin-top'], alias('margin-top')),
  sh('margin-block-end', ['margin-bottom'], alias('margin-bottom')),
  sh('margin-inline-start', ['margin-left'], alias('margin-left')),
  sh('margin-inline-end', ['margin-right'], alias('margin-right')),
  sh('margin-block', ['margin-top', 'margin-bottom'], twoValues('margin-top', 'margin-bottom')),
  sh('margin-inline', ['margin-left', 'margin-right'], twoValues('margin-left', 'margin-right')),
  sh('padding-block-start', ['padding-top'], alias('padding-top')),
  sh('padding-block-end', ['padding-bottom'], alias('padding-bottom')),
  sh('padding-inline-start', ['padding-left'], alias('padding-left')),
  sh('padding-inline-end', ['padding-right'], alias('padding-right')),
  sh('padding-block', ['padding-top', 'padding-bottom'], twoValues('padding-top', 'padding-bottom')),
  sh('padding-inline', ['padding-left', 'padding-right'], twoValues('padding-left', 'padding-right')),
  sh('inset-block-start', ['top'], alias('top')),
  sh('inset-block-end', ['bottom'], alias('bottom')),
  sh('inset-inline-start', ['left'], alias('left')),
  sh('inset-inline-end', ['right'], alias('right')),
  sh('inset-block', ['top', 'bottom'], twoValues('top', 'bottom')),
  sh('inset-inline', ['left', 'right'], twoValues('left', 'right')),
  sh('inline-size', ['width'], alias('width')),
  sh('block-size', ['height'], alias('height')),
  sh('min-inline-size', ['min-width'], alias('min-width')),
  sh('min-block-size', ['min-height'], alias('min-height')),
  sh('max-inline-size', ['max-width'], alias('max-width')),
  sh('max-block-size', ['max-height'], alias('max-height')),
  sh('border-block-start', ['border-top-width', 'border-top-style', 'border-top-color'], borderSide('top')),
  sh('border-block-end', ['border-bottom-width', 'border-bottom-style', 'border-bottom-color'], borderSide('bottom')),
  sh('border-inline-start', ['border-left-width', 'border-left-style', 'border-left-color'], borderSide('left')),
  sh('border-inline-end', ['border-right-width', 'border-right-style', 'border-right-color'], borderSide('right')),
  sh('border-start-start-radius', ['border-top-left-radius'], alias('border-top-left-radius')),
  sh('border-start-end-radius', ['border-top-right-radius'], alias('border-top-right-radius')),
  sh('border-end-start-radius', ['border-bottom-left-radius'], alias('border-bottom-left-radius')),
  sh('border-end-end-radius', ['border-bottom-right-radius'], alias('border-bottom-right-radius')),
  ...(['top', 'right', 'bottom', 'left'] as const).flatMap((s) => {
    const block = s === 'top' ? 'block-start' : s === 'bottom' ? 'block-end' : s === 'left' ? 'inline-start' : 'inline-end';
    return [
      sh(`border-${block}-width`, [`border-${s}-width` as PropertyName], alias(`border-${s}-width` as PropertyName)),
      sh(`border-${block}-style`, [`border-${s}-style` as PropertyName], alias(`border-${s}-style` as PropertyName)),
      sh(`border-${block}-color`, [`border-${s}-color` as PropertyName], alias(`border-${s}-color` as PropertyName)),
    ];
  }),
]);
