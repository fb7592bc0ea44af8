// CSS Grid Layout 1 §7 and §8 values: track lists (grid-template-columns/rows, §7.2),
// implicit track sizes (grid-auto-columns/rows, §7.6), template areas (§7.3), the auto-placement
// flow (§7.7) and line-based placement (grid-row-start and friends, §8.3). Parsed from component
// values into a specified form holding length expressions, computed into the same shapes with
// lengths in pt (percentages kept: they resolve against the grid container at used-value time).
import type { CV } from '../css/syntax';
import { ident, parseInteger, parseLength, resolveLength, type LenExpr, type LengthContext } from '../css/values';
import type { GridAreas, GridBreadth, GridLine, GridTrackList, GridTrackSize } from './computed';

type Breadth<L> = L | { readonly fr: number } | 'auto' | 'min-content' | 'max-content';
interface TrackSize<L> { readonly min: Breadth<L>; readonly max: Breadth<L>; readonly fitContent?: L }
interface TrackList<L> {
  readonly sizes: readonly TrackSize<L>[];
  readonly names: readonly (readonly string[])[];
  readonly repeat?: { readonly kind: 'auto-fill' | 'auto-fit'; readonly at: number; readonly sizes: readonly TrackSize<L>[]; readonly names: readonly (readonly string[])[] };
}

export type SpecifiedTrackList = TrackList<LenExpr>;
export type SpecifiedTrackSize = TrackSize<LenExpr>;

/** The largest number of tracks a repeat() or a line number may make (Chromium clamps at 1000 lines per axis in layout too). */
export const MAX_TRACKS = 1000;

function parseBreadth(cv: CV | undefined, flex: boolean): Breadth<LenExpr> | undefined {
  if (!cv) return undefined;
  const k = ident(cv);
  if (k === 'auto' || k === 'min-content' || k === 'max-content') return k;
  if (cv.t === 'dim' && cv.unit === 'fr') return flex && cv.v >= 0 ? { fr: cv.v } : undefined;
  return parseLength(cv, { pct: true });
}

/** `<track-size>`: a breadth, minmax(min, max) or fit-content(length). */
function parseTrackSize(cv: CV | undefined): SpecifiedTrackSize | undefined {
  if (!cv) return undefined;
  if (cv.t === 'func' && cv.name === 'minmax') {
    const args = cv.args.filter((a) => a.t !== 'ws');
    const comma = args.findIndex((a) => a.t === 'delim' && a.v === ',');
    if (comma !== 1 || args.length !== 3) return undefined;
    const min = parseBreadth(args[0], false);
    const max = parseBreadth(args[2], true);
    return min !== undefined && max !== undefined ? { min, max } : undefined;
  }
  if (cv.t === 'func' && cv.name === 'fit-content') {
    const args = cv.args.filter((a) => a.t !== 'ws');
    const l = args.length === 1 ? parseLength(args[0], { pct: true }) : undefined;
    return l ? { min: 'auto', max: 'max-content', fitContent: l } : undefined;
  }
  const b = parseBreadth(cv, true);
  if (b === undefined) return undefined;
  // §7.2.4: a flexible breadth alone is minmax(auto, <flex>)
  return typeof b === 'object' && 'fr' in b ? { min: 'auto', max: b } : { min: b, max: b };
}

/** `[name ...]`: the names of one line. */
function lineNames(cv: CV | undefined): string[] | undefined {
  if (!cv || cv.t !== 'block' || cv.open !== '[') return undefined;
  const out: string[] = [];
  for (const x of cv.items) {
    if (x.t === 'ws') continue;
    if (x.t !== 'ident' || ['span', 'auto'].includes(x.v.toLowerCase())) return undefined;
    out.push(x.v);
  }
  return out;
}

/** A run of `[names]? size [names]? size ... [names]?` into sizes and per-line names (sizes.length + 1). */
function parseRun(values: readonly CV[], allowRepeat: boolean): { sizes: SpecifiedTrackSize[]; names: string[][]; repeat?: SpecifiedTrackList['repeat'] } | undefined {
  const sizes: SpecifiedTrackSize[] = [];
  const names: string[][] = [[]];
  let repeat: SpecifiedTrackList['repeat'];
  for (const cv of values) {
    if (cv.t === 'ws') continue;
    const n = lineNames(cv);
    if (n) { names[names.length - 1]!.push(...n); continue; }
    if (cv.t === 'func' && cv.name === 'repeat') {
      if (!allowRepeat) return undefined;
      const args = cv.args.filter((a) => a.t !== 'ws');
      const comma = args.findIndex((a) => a.t === 'delim' && a.v === ',');
      if (comma !== 1) return undefined;
      const inner = parseRun(args.slice(2), false);
      if (!inner || inner.sizes.length === 0) return undefined;
      const k = ident(args[0]);
      if (k === 'auto-fill' || k === 'auto-fit') {
        // §7.2.3.2: one automatic repetition, of fixed sizes only
        if (repeat || inner.sizes.some((s) => !fixed(s))) return undefined;
        repeat = { kind: k, at: sizes.length, sizes: inner.sizes, names: inner.names };
        // the names after the repeat start a new line
        names.push([]);
        continue;
      }
      const count = parseInteger(args[0]);
      if (count === undefined || count < 1) return undefined;
      const times = Math.min(count, Math.ceil(MAX_TRACKS / inner.sizes.length));
      for (let t = 0; t < times; t++) {
        names[names.length - 1]!.push(...inner.names[0]!);
        for (let i = 0; i < inner.sizes.length; i++) {
          sizes.push(inner.sizes[i]!);
          names.push([...inner.names[i + 1]!]);
        }
      }
      continue;
    }
    const s = parseTrackSize(cv);
    if (!s) return undefined;
    sizes.push(s);
    names.push([]);
  }
  return { sizes, names, ...(repeat ? { repeat } : {}) };
}

const isFixedBreadth = (b: Breadth<LenExpr>) => typeof b === 'object' && !('fr' in b);
/** §7.2.3.2 <fixed-size>: at least one side a length or percentage, the max not flexible */
const fixed = (s: SpecifiedTrackSize) => s.fitContent === undefined && (isFixedBreadth(s.min) || (isFixedBreadth(s.max) && !(typeof s.min === 'object' && 'fr' in s.min)));

/**
 * grid-template-columns / -rows: `none` or a track list. With an automatic repetition, `names`
 * has one more entry than sizes + 1: names[at] are the names before the repeat, names[at + 1]
 * the names after it.
 */
export function parseTrackList(v: readonly CV[]): SpecifiedTrackList | 'none' | undefined {
  if (v.length === 1 && ident(v[0]) === 'none') return 'none';
  const r = parseRun(v, true);
  if (!r || r.sizes.length + (r.repeat ? 1 : 0) === 0) return undefined;
  return r;
}

/** grid-auto-columns / -rows: one or more track sizes. */
export function parseTrackSizes(v: readonly CV[]): SpecifiedTrackSize[] | undefined {
  const out: SpecifiedTrackSize[] = [];
  for (const cv of v) {
    if (cv.t === 'ws') continue;
    const s = parseTrackSize(cv);
    if (!s) return undefined;
    out.push(s);
  }
  return out.length ? out : undefined;
}

function computeBreadth(b: Breadth<LenExpr>, ctx: LengthContext): GridBreadth {
  if (typeof b === 'string' || 'fr' in b) return b;
  return resolveLength(b, ctx);
}

export function computeTrackSize(s: SpecifiedTrackSize, ctx: LengthContext): GridTrackSize {
  const fit = s.fitContent ? { fitContent: resolveLength(s.fitContent, ctx) } : {};
  return { min: computeBreadth(s.min, ctx), max: computeBreadth(s.max, ctx), ...fit };
}

export function computeTrackList(s: SpecifiedTrackList | 'none', ctx: LengthContext): GridTrackList | 'none' {
  if (s === 'none') return s;
  const sizes = s.sizes.map((t) => computeTrackSize(t, ctx));
  if (!s.repeat) return { sizes, names: s.names };
  const r = s.repeat;
  return { sizes, names: s.names, repeat: { kind: r.kind, at: r.at, sizes: r.sizes.map((t) => computeTrackSize(t, ctx)), names: r.names } };
}

/**
 * grid-template-areas (§7.3): rows of strings, each a row of cells; a name's cells must form a
 * rectangle, else the declaration is invalid. Computed into each name's lines (1-based).
 */
export function parseAreas(v: readonly CV[]): GridAreas | 'none' | undefined {
  if (v.length === 1 && ident(v[0]) === 'none') return 'none';
  const rows: string[][] = [];
  for (const cv of v) {
    if (cv.t === 'ws') continue;
    if (cv.t !== 'str') return undefined;
    const cells = areaCells(cv.v);
    if (!cells) return undefined;
    rows.push(cells);
  }
  if (rows.length === 0) return undefined;
  const columns = rows[0]!.length;
  if (columns === 0 || rows.some((r) => r.length !== columns)) return undefined;
  const areas: Record<string, { rowStart: number; rowEnd: number; columnStart: number; columnEnd: number }> = {};
  rows.forEach((cells, r) => cells.forEach((name, c) => {
    if (name === '.') return;
    const a = areas[name];
    if (!a) areas[name] = { rowStart: r + 1, rowEnd: r + 2, columnStart: c + 1, columnEnd: c + 2 };
    else { a.rowEnd = Math.max(a.rowEnd, r + 2); a.columnEnd = Math.max(a.columnEnd, c + 2); }
  }));
  // every cell inside each area's rectangle carries its name, and no other
  for (const [name, a] of Object.entries(areas)) {
    for (let r = a.rowStart; r < a.rowEnd; r++) for (let c = a.columnStart; c < a.columnEnd; c++) if (rows[r - 1]![c - 1] !== name) return undefined;
    if (a.rowStart < 1) return undefined;
  }
  return { rows: rows.length, columns, areas };
}

/** §7.3.1: a string's tokens: names, and runs of `.` (one null cell each). */
function areaCells(s: string): string[] | undefined {
  const out: string[] = [];
  const re = /\s*(?:(\.+)|([^\s.]+))/gy;
  let m: RegExpExecArray | null;
  let last = 0;
  while ((m = re.exec(s)) !== null) {
    if (m[0].length === 0) break;
    last = re.lastIndex;
    out.push(m[1] ? '.' : m[2]!);
  }
  if (s.slice(last).trim() !== '') return undefined;
  return out;
}

/** grid-auto-flow (§7.7): row | column, and dense. */
export function parseAutoFlow(v: readonly CV[]): { column: boolean; dense: boolean } | undefined {
  const ks = v.filter((x) => x.t !== 'ws').map(ident);
  if (ks.length === 0 || ks.length > 2) return undefined;
  let column: boolean | undefined; let dense = false;
  for (const k of ks) {
    if ((k === 'row' || k === 'column') && column === undefined) column = k === 'column';
    else if (k === 'dense' && !dense) dense = true;
    else return undefined;
  }
  return { column: column ?? false, dense };
}

/**
 * grid-row-start and the three others (§8.3): auto, `<custom-ident>`, `<integer> && <custom-ident>?`,
 * `span && [<integer> || <custom-ident>]`.
 */
export function parseGridLine(v: readonly CV[]): GridLine | undefined {
  const xs = v.filter((x) => x.t !== 'ws');
  if (xs.length === 1 && ident(xs[0]) === 'auto') return { kind: 'auto' };
  let span = false; let n: number | undefined; let name: string | undefined;
  for (const x of xs) {
    const k = ident(x);
    if (k === 'span' && !span) { span = true; continue; }
    if (x.t === 'ident' && k !== 'auto' && k !== 'span' && name === undefined) { name = x.v; continue; }
    const i = x.t === 'num' || x.t === 'func' ? parseInteger(x) : undefined;
    if (i !== undefined && n === undefined && (x.t !== 'num' || Number.isInteger(x.v))) { n = i; continue; }
    return undefined;
  }
  if (xs.length === 0 || (n === undefined && name === undefined)) return undefined;
  if (span) {
    if (n !== undefined && n < 1) return undefined;
    return { kind: 'span', n: Math.min(n ?? 1, MAX_TRACKS), ...(name !== undefined ? { name } : {}) };
  }
  if (n === 0) return undefined;
  if (n === undefined) return { kind: 'line', n: 1, name: name!, bare: true };
  return { kind: 'line', n: Math.max(-MAX_TRACKS, Math.min(MAX_TRACKS, n)), ...(name !== undefined ? { name } : {}) };
}

/** Whether component values hold a lone custom identifier (grid-row / grid-area repeat it for the omitted lines, §8.4). */
export function isCustomIdent(v: readonly CV[]): boolean {
  const xs = v.filter((x) => x.t !== 'ws');
  return xs.length === 1 && xs[0]!.t === 'ident' && !['auto', 'span'].includes(ident(xs[0])!);
}
