// CSS Grid Layout 1 on the layout stage: the explicit grid from grid-template-* (§7.1-§7.3,
// repeat() with auto-fill / auto-fit §7.2.3), the implicit grid (§7.5, §7.6), line-based
// placement with line numbers, names, spans and negative lines (§8.3), the auto-placement
// algorithm in row and column flow, sparse and dense (§8.5), the grid sizing algorithm (§11)
// with the track sizing algorithm (§12: intrinsic track sizes from the items' min-content and
// max-content contributions, maximizing, flexible tracks, stretching auto tracks), content
// distribution and self alignment (§10, CSS Box Alignment 3), the container's baselines, and
// fragmentation (§6.5 via CSS Fragmentation 3) row by row.
//
// Grid items are independent formatting contexts laid out with `ctx.layoutIndependent` in their
// grid area: measured without page breaks for the row sizes, then moved to their place. For
// pagination each grid row is a unit: a row that crosses a page end moves to the next page when
// it fits on one; a taller row has its items laid out again where they stand, breaking across
// pages, and the rows after it move down by what the row grew.
import type { BlockLevelBox, GridBox } from '../boxes/types';
import type { ComputedStyle, GridBreadth, GridLine, GridTrackList, GridTrackSize } from '../cascade/computed';
import {
  EMPTY_STRUT, firstOnPage, strutWith, withoutBreaks,
  type BlockInput, type BlockResult, type LayoutContext, type PendingAbsolute,
} from './context';
import { contentStart, translate, type BoxFragment } from './fragments';
import type { ContentSizes, Intrinsic } from './intrinsic';
import { containerBox, generatedTextBaseline, lengthOr, marginPt, movesToNextFragmentainer, resolve, resolveAuto, resolveNone } from './used';

/** The most tracks an axis may have (explicit and implicit): Chromium's limit of 1000 lines less one, per side. */
const MAX_LINES = 1000;

/** One axis of the explicit grid: its track sizes and the line numbers (0-based) of each line name. */
interface AxisTemplate {
  readonly sizes: readonly GridTrackSize[];
  readonly names: ReadonlyMap<string, readonly number[]>;
  /** the tracks of a repeat(auto-fit) (indices into sizes): collapsed when empty */
  readonly autoFit: ReadonlySet<number>;
}

/** An item's span in one axis: lines [start, end) in implicit-grid indices (0 = the implicit grid's first line). */
interface Span { start: number; end: number }

interface Placed {
  readonly box: BlockLevelBox;
  readonly style: ComputedStyle;
  row: Span;
  col: Span;
}

/** A track through the sizing algorithm (§12.3). */
interface Track {
  readonly size: GridTrackSize;
  /** the min and max sizing functions with percentages resolved (or turned into auto when the basis is indefinite) */
  readonly min: GridBreadth;
  readonly max: GridBreadth;
  base: number;
  limit: number;
  /** an auto-fit track that holds no item (§7.2.3.2): size 0, its gutters collapsed */
  readonly collapsed: boolean;
}

/** What the track sizing algorithm needs of an item in one axis (outer sizes: margins included). */
interface Contribution {
  readonly span: Span;
  readonly min: number;
  readonly max: number;
  /** the minimum contribution (§6.6 automatic minimum size) */
  readonly minimum: number;
}

type SizingMode = 'normal' | 'min-content' | 'max-content';

// ---------------------------------------------------------------- the explicit grid

/** §7.2.3.2: the number of repetitions of repeat(auto-fill | auto-fit) in `available` (undefined: one). */
function repetitions(list: GridTrackList, available: number | undefined, gap: number): number {
  const r = list.repeat;
  if (!r) return 0;
  if (available === undefined) return 1;
  const fixedSize = (t: GridTrackSize): number => {
    const b = isLength(t.max) ? t.max : isLength(t.min) ? t.min : undefined;
    const m = isLength(t.min) ? resolve(t.min, available) : 0;
    return Math.max(b ? resolve(b, available) : 0, m);
  };
  const others = list.sizes.reduce((a, t) => a + fixedSize(t), 0);
  const unit = r.sizes.reduce((a, t) => a + fixedSize(t), 0);
  const n = list.sizes.length;
  const per = unit + gap * r.sizes.length;
  if (per <= 0) return 1;
  // k repetitions take others + k·unit + gap·(n + k·|repeat| − 1)
  const k = Math.floor((available - others - gap * (n - 1)) / per);
  return Math.max(1, Math.min(k, Math.floor(MAX_LINES / r.sizes.length)));
}

/** One axis's explicit tracks and line names (areas add their `-start` / `-end` names). */
function explicitAxis(list: 'none' | GridTrackList, areaTracks: number, areaNames: [string, number, number][], available: number | undefined, gap: number, auto: readonly GridTrackSize[]): AxisTemplate {
  const sizes: GridTrackSize[] = [];
  const names = new Map<string, number[]>();
  const autoFit = new Set<number>();
  const name = (n: string, line: number) => { const l = names.get(n); if (l) l.push(line); else names.set(n, [line]); };
  if (list !== 'none') {
    const r = list.repeat;
    const k = repetitions(list, available, gap);
    const add = (ns: readonly string[], line: number) => { for (const n of ns) name(n, line); };
    for (let i = 0; i <= list.sizes.length; i++) {
      if (r && i === r.at) {
        // names before the repeat share a line with the repeat's first names
        add(list.names[i]!, sizes.length);
        for (let t = 0; t < k; t++) {
          add(r.names[0]!, sizes.length);
          for (let j = 0; j < r.sizes.length; j++) {
            if (r.kind === 'auto-fit') autoFit.add(sizes.length);
            sizes.push(r.sizes[j]!);
            add(r.names[j + 1]!, sizes.length);
          }
        }
        add(list.names[i + 1]!, sizes.length);
        if (i < list.sizes.length) sizes.push(list.sizes[i]!);
        continue;
      }
      const ni = r && i > r.at ? i + 1 : i;
      add(list.names[ni]!, sizes.length);
      if (i < list.sizes.length) sizes.push(list.sizes[i]!);
    }
  }
  // §7.3: areas beyond the track list make more explicit tracks, sized by grid-auto-*
  while (sizes.length < areaTracks) sizes.push(auto[(sizes.length - (list === 'none' ? 0 : list.sizes.length)) % auto.length] ?? AUTO_TRACK);
  for (const [n, s, e] of areaNames) { name(`${n}-start`, s); name(`${n}-end`, e); }
  for (const l of names.values()) l.sort((a, b) => a - b);
  return { sizes: sizes.slice(0, MAX_LINES), names, autoFit };
}

const AUTO_TRACK: GridTrackSize = { min: 'auto', max: 'auto' };
const isLength = (b: GridBreadth): b is Exclude<GridBreadth, string | { fr: number }> => typeof b === 'object' && !('fr' in b);
const isFlex = (b: GridBreadth): b is { readonly fr: number } => typeof b === 'object' && 'fr' in b;

// ---------------------------------------------------------------- placement (§8)

/** The line (in explicit-grid indices: 0 = the explicit grid's first line) of the nth line named `name`, searching from one end (§8.3). */
function namedLine(axis: AxisTemplate, name: string, n: number): number {
  const lines = axis.names.get(name) ?? [];
  const last = axis.sizes.length;
  if (n > 0) return n <= lines.length ? lines[n - 1]! : Math.max(last, lines[lines.length - 1] ?? last) + (n - lines.length);
  const m = -n;
  return m <= lines.length ? lines[lines.length - m]! : Math.min(0, lines[0] ?? 0) - (m - lines.length);
}

/** A definite line of a placement property, or undefined (auto, span). */
function lineOf(l: GridLine, axis: AxisTemplate, side: 'start' | 'end'): number | undefined {
  if (l.kind !== 'line') return undefined;
  if (l.name === undefined) return l.n > 0 ? l.n - 1 : axis.sizes.length + 1 + l.n;
  if (l.bare) {
    // §8.3.1: a lone name is first the area's implicit `-start` / `-end` line, then the first line of that name
    const implicit = axis.names.get(`${l.name}-${side}`);
    if (implicit && implicit.length) return implicit[0]!;
  }
  return namedLine(axis, l.name, l.n);
}

/** §8.3.1 grid placement conflict handling: an item's lines in one axis, or its span alone (auto position). */
function resolveLines(startProp: GridLine, endProp: GridLine, axis: AxisTemplate): { start?: number; end?: number; span: number } {
  const s = lineOf(startProp, axis, 'start');
  const e = lineOf(endProp, axis, 'end');
  const spanOf = (l: GridLine, from: number | undefined, dir: 1 | -1): number => {
    if (l.kind !== 'span') return 1;
    if (l.name === undefined || from === undefined) return l.n;
    // a named span counts lines of that name from the definite side
    const lines = (axis.names.get(l.name) ?? []).filter((x) => (dir > 0 ? x > from : x < from));
    const ordered = dir > 0 ? lines : lines.reverse();
    const hit = ordered[l.n - 1];
    return hit !== undefined ? Math.abs(hit - from) : Math.abs((dir > 0 ? Math.max(axis.sizes.length, from) : Math.min(0, from)) - from) + (l.n - ordered.length);
  };
  if (s !== undefined && e !== undefined) {
    if (s === e) return { start: s, end: s + 1, span: 1 };
    return s < e ? { start: s, end: e, span: e - s } : { start: e, end: s, span: s - e };
  }
  if (s !== undefined) { const span = spanOf(endProp, s, 1); return { start: s, end: s + span, span }; }
  if (e !== undefined) { const span = spanOf(startProp, e, -1); return { start: e - span, end: e, span }; }
  // auto position (§8.3.1): a span on the start side wins over one on the end side; a named span is span 1
  const span = startProp.kind === 'span' ? startProp : endProp.kind === 'span' ? endProp : undefined;
  return { span: span && span.name === undefined ? span.n : 1 };
}

/** §8.5 the grid item placement algorithm. Returns the items' areas and the implicit grid's size and offset. */
function placeItems(boxes: readonly BlockLevelBox[], rows: AxisTemplate, cols: AxisTemplate, flow: { column: boolean; dense: boolean }): { items: Placed[]; rowCount: number; colCount: number; rowOffset: number; colOffset: number } {
  const resolved = boxes.map((box) => {
    const s = box.style;
    return { box, style: s, row: resolveLines(s.gridRowStart, s.gridRowEnd, rows), col: resolveLines(s.gridColumnStart, s.gridColumnEnd, cols) };
  });
  // the implicit grid starts at the smallest definite line (negative: implicit tracks before the explicit grid)
  let rowOffset = 0; let colOffset = 0;
  for (const r of resolved) {
    if (r.row.start !== undefined) rowOffset = Math.max(rowOffset, -r.row.start);
    if (r.col.start !== undefined) colOffset = Math.max(colOffset, -r.col.start);
  }
  rowOffset = Math.min(rowOffset, MAX_LINES); colOffset = Math.min(colOffset, MAX_LINES);
  const clampLine = (n: number) => Math.max(0, Math.min(2 * MAX_LINES, n));
  // in the flow's terms: the primary axis is the one the cursor moves along (columns in row flow)
  const col = flow.column;
  const prim = (r: typeof resolved[number]) => (col ? r.row : r.col);
  const sec = (r: typeof resolved[number]) => (col ? r.col : r.row);
  const primOffset = col ? rowOffset : colOffset;
  const secOffset = col ? colOffset : rowOffset;
  const occupied = new Set<number>();
  const key = (p: number, s: number) => s * 4096 + p;
  const fits = (p: number, pSpan: number, s: number, sSpan: number) => {
    for (let j = s; j < s + sSpan; j++) for (let i = p; i < p + pSpan; i++) if (occupied.has(key(i, j))) return false;
    return true;
  };
  const occupy = (p: Span, s: Span) => { for (let j = s.start; j < s.end; j++) for (let i = p.start; i < p.end; i++) occupied.add(key(i, j)); };
  const out: { item: typeof resolved[number]; p: Span; s: Span }[] = [];
  const done = new Set<number>();
  const span = (r: { start?: number; end?: number; span: number }, offset: number): Span | undefined =>
    r.start !== undefined && r.end !== undefined ? { start: clampLine(r.start + offset), end: Math.max(clampLine(r.start + offset) + 1, clampLine(r.end + offset)) } : undefined;
  let primCount = (col ? rows : cols).sizes.length + primOffset;
  // 1. items with a definite position in both axes
  resolved.forEach((r, i) => {
    const p = span(prim(r), primOffset); const s = span(sec(r), secOffset);
    if (p && s) { occupy(p, s); out[i] = { item: r, p, s }; done.add(i); primCount = Math.max(primCount, p.end); }
  });
  // 2. items locked to a row (row flow) / column (column flow)
  const cursors = new Map<number, number>();
  resolved.forEach((r, i) => {
    if (done.has(i)) return;
    const s = span(sec(r), secOffset);
    if (!s) return;
    const n = prim(r).span;
    let p = flow.dense ? 0 : cursors.get(s.start) ?? 0;
    while (!fits(p, n, s.start, s.end - s.start) && p < 2 * MAX_LINES) p++;
    const ps = { start: p, end: p + n };
    occupy(ps, s); cursors.set(s.start, ps.end); out[i] = { item: r, p: ps, s }; done.add(i);
    primCount = Math.max(primCount, ps.end);
  });
  // 3. the primary axis's track count: explicit, definite positions, and the largest auto span
  resolved.forEach((r, i) => {
    if (done.has(i)) return;
    const p = span(prim(r), primOffset);
    primCount = Math.max(primCount, p ? p.end : prim(r).span);
  });
  primCount = Math.min(primCount, 2 * MAX_LINES);
  // 4. the remaining items, with the auto-placement cursor
  let cp = 0; let cs = 0;
  resolved.forEach((r, i) => {
    if (done.has(i)) return;
    const sSpan = Math.min(sec(r).span, MAX_LINES);
    const p = span(prim(r), primOffset);
    if (p) {
      if (flow.dense) { cs = 0; } else if (p.start < cp) cs++;
      cp = p.start;
      while (!fits(p.start, p.end - p.start, cs, sSpan) && cs < 4 * MAX_LINES) cs++;
      const s = { start: cs, end: cs + sSpan };
      occupy(p, s); out[i] = { item: r, p, s };
      return;
    }
    const n = Math.min(prim(r).span, primCount);
    if (flow.dense) { cp = 0; cs = 0; }
    for (;;) {
      if (cp + n > primCount) { cp = 0; cs++; continue; }
      if (fits(cp, n, cs, sSpan)) break;
      cp++;
      if (cs > 4 * MAX_LINES) break;
    }
    const ps = { start: cp, end: cp + n }; const s = { start: cs, end: cs + sSpan };
    occupy(ps, s); out[i] = { item: r, p: ps, s };
    cp = ps.end;
  });
  let secCount = (col ? cols : rows).sizes.length + secOffset;
  for (const o of out) secCount = Math.max(secCount, o.s.end);
  const items = out.map((o) => ({ box: o.item.box, style: o.item.style, row: col ? o.p : o.s, col: col ? o.s : o.p }));
  return {
    items, rowCount: col ? primCount : secCount, colCount: col ? secCount : primCount, rowOffset, colOffset,
  };
}

/** The sizing functions of each track of the implicit grid in one axis (§7.6: grid-auto-* before and after the explicit grid). */
function implicitTracks(axis: AxisTemplate, count: number, offset: number, auto: readonly GridTrackSize[], occupied: ReadonlySet<number>): { size: GridTrackSize; collapsed: boolean }[] {
  const out: { size: GridTrackSize; collapsed: boolean }[] = [];
  const n = auto.length || 1;
  for (let i = 0; i < count; i++) {
    const e = i - offset;
    let size: GridTrackSize;
    if (e >= 0 && e < axis.sizes.length) size = axis.sizes[e]!;
    else if (e >= axis.sizes.length) size = auto[(e - axis.sizes.length) % n] ?? AUTO_TRACK;
    else size = auto[((e % n) + n) % n] ?? AUTO_TRACK;
    out.push({ size, collapsed: e >= 0 && axis.autoFit.has(e) && !occupied.has(i) });
  }
  return out;
}

// ---------------------------------------------------------------- track sizing (§12)

/** §12.4 initialize track sizes: percentages against `basis` (indefinite: treated as auto). */
function initTracks(specs: readonly { size: GridTrackSize; collapsed: boolean }[], basis: number | undefined): Track[] {
  return specs.map(({ size, collapsed }) => {
    const pct = (b: GridBreadth): GridBreadth => (isLength(b) && b.pct !== 0 && basis === undefined ? 'auto' : b);
    let min = pct(size.min); const max = collapsed ? { pt: 0, pct: 0 } : pct(size.max);
    if (collapsed) min = { pt: 0, pct: 0 };
    // §7.2.4 a flexible min sizing function is invalid: auto
    if (isFlex(min)) min = 'auto';
    const base = isLength(min) ? Math.max(0, resolve(min, basis ?? 0)) : 0;
    let limit = isLength(max) ? Math.max(0, resolve(max, basis ?? 0)) : Infinity;
    if (limit < base) limit = base;
    return { size, min, max, base, limit, collapsed };
  });
}

const intrinsicMin = (t: Track) => t.min === 'auto' || t.min === 'min-content' || t.min === 'max-content';
const intrinsicMax = (t: Track) => t.max === 'auto' || t.max === 'min-content' || t.max === 'max-content' || t.size.fitContent !== undefined;
const maxContentMax = (t: Track) => (t.max === 'auto' || t.max === 'max-content') && t.size.fitContent === undefined;
const fitLimit = (t: Track, basis: number | undefined) => (t.size.fitContent ? resolve(t.size.fitContent, basis ?? 0) : Infinity);

/**
 * §12.3-§12.8 the track sizing algorithm in one axis: sets each track's base size (its used size).
 * `available`: the available grid space (undefined: indefinite); `mode`: a min- or max-content
 * constraint (intrinsic sizes of the container); `stretch`: whether auto tracks take the free space.
 */
function sizeTracks(tracks: Track[], items: readonly Contribution[], o: { available: number | undefined; gap: number; mode: SizingMode; stretch: boolean; basis: number | undefined; minSize?: number }): void {
  const gaps = (s: Span) => gapsIn(tracks, s, o.gap);
  const spans = (c: Contribution) => tracks.slice(c.span.start, c.span.end);
  const crossesFlex = (c: Contribution) => spans(c).some((t) => isFlex(t.max));
  // §12.5 step 2: items of span 1 not in flexible tracks
  const limits = new Map<Track, number>();
  for (const c of items) {
    if (c.span.end - c.span.start !== 1 || crossesFlex(c)) continue;
    const t = tracks[c.span.start];
    if (!t || t.collapsed) continue;
    if (t.min === 'min-content') t.base = Math.max(t.base, c.min);
    else if (t.min === 'max-content') t.base = Math.max(t.base, c.max);
    else if (t.min === 'auto') {
      // §6.6: the content-based minimum of an item in a track of fixed max size is capped by that size
      const minimum = isLength(t.max) && o.mode === 'normal' ? Math.min(c.minimum, Math.max(t.limit, t.base)) : c.minimum;
      t.base = Math.max(t.base, o.mode === 'min-content' ? c.min : o.mode === 'max-content' ? c.max : minimum);
    }
    if (t.max === 'min-content') limits.set(t, Math.max(limits.get(t) ?? 0, c.min));
    else if (t.size.fitContent !== undefined) limits.set(t, Math.max(limits.get(t) ?? 0, Math.min(c.max, fitLimit(t, o.basis))));
    else if (t.max === 'max-content' || t.max === 'auto') limits.set(t, Math.max(limits.get(t) ?? 0, c.max));
  }
  for (const [t, l] of limits) t.limit = l;
  for (const t of tracks) if (t.limit < t.base) t.limit = t.base;
  // §12.5 step 3: items spanning several tracks, none flexible, by increasing span
  const spanning = items.filter((c) => c.span.end - c.span.start > 1 && !crossesFlex(c)).sort((a, b) => (a.span.end - a.span.start) - (b.span.end - b.span.start));
  for (let i = 0; i < spanning.length;) {
    const n = spanning[i]!.span.end - spanning[i]!.span.start;
    let j = i;
    while (j < spanning.length && spanning[j]!.span.end - spanning[j]!.span.start === n) j++;
    const group = spanning.slice(i, j);
    i = j;
    const phase = (affected: (t: Track) => boolean, size: (c: Contribution) => number, field: 'base' | 'limit') => {
      const planned = new Map<Track, number>();
      for (const c of group) {
        const ts = spans(c);
        const aff = ts.filter((t) => !t.collapsed && affected(t));
        if (aff.length === 0) continue;
        const inc = distributeExtra(ts, aff, size(c) - gaps(c.span), field, o.basis);
        for (const [t, v] of inc) planned.set(t, Math.max(planned.get(t) ?? 0, v));
      }
      for (const [t, v] of planned) {
        if (field === 'base') t.base += v;
        else t.limit = (Number.isFinite(t.limit) ? t.limit : t.base) + v;
      }
      for (const t of tracks) if (t.limit < t.base) t.limit = t.base;
    };
    const minimum = (c: Contribution) => (o.mode === 'min-content' ? c.min : o.mode === 'max-content' ? c.max : c.minimum);
    phase(intrinsicMin, minimum, 'base');
    phase((t) => t.min === 'min-content' || t.min === 'max-content', (c) => c.min, 'base');
    phase((t) => t.min === 'max-content' || (t.min === 'auto' && o.mode === 'max-content'), (c) => c.max, 'base');
    phase(intrinsicMax, (c) => c.min, 'limit');
    phase(maxContentMax, (c) => c.max, 'limit');
  }
  // §12.5 step 4: items spanning flexible tracks grow the flexible tracks' base sizes, by flex factor
  const flexItems = items.filter(crossesFlex).sort((a, b) => (a.span.end - a.span.start) - (b.span.end - b.span.start));
  for (const c of flexItems) {
    const ts = spans(c);
    const flex = ts.filter((t) => isFlex(t.max) && intrinsicMin(t) && !t.collapsed);
    if (flex.length === 0) continue;
    const extra = (o.mode === 'min-content' ? c.min : o.mode === 'max-content' ? c.max : c.minimum) - gaps(c.span) - ts.reduce((a, t) => a + t.base, 0);
    if (extra <= 0) continue;
    const factors = flex.reduce((a, t) => a + (t.max as { fr: number }).fr, 0);
    for (const t of flex) t.base += factors > 0 ? (extra * (t.max as { fr: number }).fr) / factors : extra / flex.length;
  }
  // §12.5 step 5
  for (const t of tracks) { if (!Number.isFinite(t.limit)) t.limit = t.base; if (t.limit < t.base) t.limit = t.base; }

  // §12.6 maximize tracks
  const used = () => tracks.reduce((a, t) => a + t.base, 0) + gapsIn(tracks, { start: 0, end: tracks.length }, o.gap);
  if (o.mode === 'max-content' || (o.available === undefined && o.mode === 'normal')) {
    for (const t of tracks) t.base = t.limit;
  } else if (o.mode === 'normal' && o.available !== undefined) {
    let free = o.available - used();
    for (let round = 0; free > 1e-6 && round < tracks.length; round++) {
      const open = tracks.filter((t) => t.limit - t.base > 1e-6);
      if (open.length === 0) break;
      const share = free / open.length;
      for (const t of open) { const d = Math.min(share, t.limit - t.base); t.base += d; free -= d; }
    }
  }

  // §12.7 expand flexible tracks
  const flexTracks = tracks.filter((t) => isFlex(t.max) && !t.collapsed);
  if (flexTracks.length && o.mode !== 'min-content') {
    let fr: number;
    if (o.available !== undefined && o.mode === 'normal') fr = findFrSize(tracks, { start: 0, end: tracks.length }, o.available - gapsIn(tracks, { start: 0, end: tracks.length }, o.gap));
    else {
      fr = 0;
      for (const t of flexTracks) { const f = (t.max as { fr: number }).fr; fr = Math.max(fr, f > 1 ? t.base / f : t.base); }
      for (const c of items) if (crossesFlex(c)) fr = Math.max(fr, findFrSize(tracks, c.span, c.max - gaps(c.span)));
      // a container's min size (its min-height) makes a definite space for the flexible tracks
      if (o.minSize !== undefined) {
        const grown = tracks.reduce((a, t) => a + (isFlex(t.max) && !t.collapsed ? Math.max(t.base, fr * (t.max as { fr: number }).fr) : t.base), 0) + gapsIn(tracks, { start: 0, end: tracks.length }, o.gap);
        if (grown < o.minSize) fr = findFrSize(tracks, { start: 0, end: tracks.length }, o.minSize - gapsIn(tracks, { start: 0, end: tracks.length }, o.gap));
      }
    }
    for (const t of flexTracks) { const s = fr * (t.max as { fr: number }).fr; if (s > t.base) t.base = s; }
  }

  // §12.8 stretch auto tracks
  const room = o.available ?? o.minSize;
  if (o.stretch && o.mode === 'normal' && room !== undefined) {
    const free = room - used();
    const autos = tracks.filter((t) => t.max === 'auto' && !t.collapsed);
    if (free > 1e-6 && autos.length) for (const t of autos) t.base += free / autos.length;
  }
}

/** The gutters inside a span (collapsed tracks take none: §7.2.3.2). */
function gapsIn(tracks: readonly Track[], s: Span, gap: number): number {
  let n = 0;
  for (let i = s.start; i < s.end; i++) if (!tracks[i]?.collapsed) n++;
  return gap * Math.max(0, n - 1);
}

/** §12.7.1 find the size of an fr: the flex fraction that fills `space` with the tracks of `span`. */
function findFrSize(tracks: readonly Track[], span: Span, space: number): number {
  const ts = tracks.slice(span.start, span.end);
  const inflexible = new Set<Track>(ts.filter((t) => !isFlex(t.max) || t.collapsed));
  for (let round = 0; round <= ts.length; round++) {
    const leftover = space - ts.reduce((a, t) => a + (inflexible.has(t) ? t.base : 0), 0);
    const factors = ts.reduce((a, t) => a + (inflexible.has(t) ? 0 : (t.max as { fr: number }).fr), 0);
    const fr = Math.max(0, leftover) / Math.max(1, factors);
    const over = ts.filter((t) => !inflexible.has(t) && t.base > fr * (t.max as { fr: number }).fr);
    if (over.length === 0) return fr;
    for (const t of over) inflexible.add(t);
  }
  return 0;
}

/**
 * §12.5.1 distribute extra space across spanned tracks: equally to the affected tracks up to
 * their growth limits (base sizes) or fit-content limits (growth limits), then past them. Returns
 * each affected track's planned increase.
 */
function distributeExtra(spanned: readonly Track[], affected: readonly Track[], size: number, field: 'base' | 'limit', basis: number | undefined): Map<Track, number> {
  const current = (t: Track) => (field === 'base' ? t.base : Number.isFinite(t.limit) ? t.limit : t.base);
  let extra = size - spanned.reduce((a, t) => a + current(t), 0);
  const inc = new Map<Track, number>(affected.map((t) => [t, 0]));
  if (extra <= 0) return inc;
  const cap = (t: Track) => (field === 'base' ? (Number.isFinite(t.limit) ? t.limit : Infinity) - t.base : (t.size.fitContent !== undefined ? fitLimit(t, basis) - current(t) : Infinity));
  for (let round = 0; extra > 1e-6 && round <= affected.length; round++) {
    const open = affected.filter((t) => cap(t) - inc.get(t)! > 1e-6);
    if (open.length === 0) break;
    const share = extra / open.length;
    for (const t of open) { const d = Math.min(share, cap(t) - inc.get(t)!); inc.set(t, inc.get(t)! + d); extra -= d; }
  }
  if (extra > 1e-6) {
    // past the limits: to the tracks with an intrinsic max (base sizes) or all affected ones
    const targets = field === 'base' ? (affected.filter(maxContentMax).length ? affected.filter(maxContentMax) : affected) : affected.filter((t) => t.size.fitContent === undefined);
    for (const t of targets) inc.set(t, inc.get(t)! + extra / targets.length);
  }
  return inc;
}

// ---------------------------------------------------------------- intrinsic sizes of a grid container

/** CSS Grid Layout 1 §11.1 / CSS Sizing 3: the min-content and max-content widths of a grid container's content box. */
export function gridContentSizes(box: GridBox, intrinsic: Intrinsic): ContentSizes {
  const style = box.style;
  const gap = style.columnGap === 'normal' ? 0 : style.columnGap.pt;
  const grid = buildGrid(box, undefined, undefined, gap, 0);
  const contributions = grid.items.map((p) => columnContribution(p, intrinsic.block(p.box), undefined));
  const size = (mode: SizingMode) => {
    const tracks = initTracks(grid.colSpecs, undefined);
    sizeTracks(tracks, contributions, { available: undefined, gap, mode, stretch: false, basis: undefined });
    return tracks.reduce((a, t) => a + t.base, 0) + gapsIn(tracks, { start: 0, end: tracks.length }, gap);
  };
  return { min: size('min-content'), max: size('max-content') };
}

/** The explicit and implicit grid and the items' areas, for a content box `width` (undefined while measuring) and definite `height`. */
function buildGrid(box: GridBox, width: number | undefined, height: number | undefined, columnGap: number, rowGap: number): { items: Placed[]; rowSpecs: { size: GridTrackSize; collapsed: boolean }[]; colSpecs: { size: GridTrackSize; collapsed: boolean }[] } {
  const style = box.style;
  const areas = style.gridTemplateAreas;
  const named = areas === 'none' ? [] : Object.entries(areas.areas);
  const cols = explicitAxis(style.gridTemplateColumns, areas === 'none' ? 0 : areas.columns, named.map(([n, a]) => [n, a.columnStart - 1, a.columnEnd - 1]), width, columnGap, style.gridAutoColumns);
  const rows = explicitAxis(style.gridTemplateRows, areas === 'none' ? 0 : areas.rows, named.map(([n, a]) => [n, a.rowStart - 1, a.rowEnd - 1]), height, rowGap, style.gridAutoRows);
  const inFlow = box.items.filter((b) => b.kind !== 'absolute');
  const ordered = inFlow.map((b, i) => ({ b, i })).sort((p, q) => p.b.style.order - q.b.style.order || p.i - q.i).map((p) => p.b);
  const placed = placeItems(ordered, rows, cols, style.gridAutoFlow);
  const usedRows = new Set<number>(); const usedCols = new Set<number>();
  for (const p of placed.items) {
    for (let i = p.row.start; i < p.row.end; i++) usedRows.add(i);
    for (let i = p.col.start; i < p.col.end; i++) usedCols.add(i);
  }
  return {
    items: placed.items,
    rowSpecs: implicitTracks(rows, placed.rowCount, placed.rowOffset, style.gridAutoRows, usedRows),
    colSpecs: implicitTracks(cols, placed.colCount, placed.colOffset, style.gridAutoColumns, usedCols),
  };
}

/** An item's column contribution from its intrinsic sizes (border box plus fixed margins). */
function columnContribution(p: Placed, sizes: ContentSizes, cbWidth: number | undefined): Contribution {
  const s = p.style;
  const margins = marginPt(s.margin.left, cbWidth ?? 0) + marginPt(s.margin.right, cbWidth ?? 0);
  const fixedMargins = (s.margin.left === 'auto' || s.margin.left.pct ? 0 : s.margin.left.pt) + (s.margin.right === 'auto' || s.margin.right.pct ? 0 : s.margin.right.pt);
  const extra = margins - fixedMargins;
  const min = sizes.min + extra; const max = Math.max(sizes.max + extra, min);
  // §6.6 the automatic minimum size: the content-based minimum, or 0 for a scroll container; a specified min-width is its own
  let minimum: number;
  const frame = s.borderWidth.left + s.borderWidth.right + s.padding.left.pt + s.padding.right.pt;
  const minW = lengthOr(s.minWidth, 'auto');
  if (minW !== 'auto') minimum = (s.boxSizing === 'border-box' ? resolve(minW, cbWidth ?? 0) : resolve(minW, cbWidth ?? 0) + frame) + margins;
  else if (s.overflow !== 'visible') minimum = frame + margins;
  else minimum = min;
  return { span: p.col, min, max, minimum };
}

// ---------------------------------------------------------------- layout

export function layoutGrid(box: GridBox, input: BlockInput, ctx: LayoutContext): BlockResult {
  const style = box.style;
  const { border, padding, frameH, frameV, marginBottom, contentWidth, heights, definiteHeight, x, y, contentX, contentTop } = containerBox(style, input, ctx.pages);
  const columnGap = style.columnGap === 'normal' ? 0 : nonNegative(resolve(style.columnGap, contentWidth));
  const rowGap = style.rowGap === 'normal' ? 0 : nonNegative(resolve(style.rowGap, definiteHeight ?? 0));
  const sub = withoutBreaks(ctx);

  for (const b of box.items) if (b.kind === 'absolute') input.absolutes.push({ box: b, staticX: contentX, staticY: contentTop });
  const grid = buildGrid(box, contentWidth, definiteHeight ?? (heights.max < Infinity ? heights.max : undefined), columnGap, rowGap);
  const items = grid.items;

  // ---- §11 step 1: the columns, from the items' intrinsic widths ----
  const cols = initTracks(grid.colSpecs, contentWidth);
  const jc = style.justifyContent;
  sizeTracks(cols, items.map((p) => columnContribution(p, ctx.intrinsic.block(p.box), contentWidth)), {
    available: contentWidth, gap: columnGap, mode: 'normal', stretch: jc === 'normal' || jc === 'stretch', basis: contentWidth,
  });
  const colPos = positions(cols, columnGap, contentWidth, jc, style.direction === 'rtl');

  // ---- §11 step 2: the rows, from the items' heights at their areas' widths ----
  const laid = new Map<Placed, Laid>();
  const justifyOf = (p: Placed) => {
    const j = p.style.justifySelf === 'auto' ? style.justifyItems : p.style.justifySelf;
    return j === 'legacy' ? 'normal' : j;
  };
  const alignOf = (p: Placed) => (p.style.alignSelf === 'auto' ? style.alignItems : p.style.alignSelf);
  const replaced = (p: Placed) => p.box.kind === 'block-replaced';
  const hMargins = (p: Placed, w: number) => marginPt(p.style.margin.left, w) + marginPt(p.style.margin.right, w);
  const vMargins = (p: Placed, w: number) => marginPt(p.style.margin.top, w) + marginPt(p.style.margin.bottom, w);
  const stretchesX = (p: Placed) => {
    const j = justifyOf(p);
    return (j === 'stretch' || (j === 'normal' && !replaced(p))) && p.style.width === 'auto' && p.style.margin.left !== 'auto' && p.style.margin.right !== 'auto';
  };
  const stretchesY = (p: Placed) => {
    const a = alignOf(p);
    return (a === 'stretch' || (a === 'normal' && !replaced(p))) && p.style.height === 'auto' && p.style.margin.top !== 'auto' && p.style.margin.bottom !== 'auto';
  };
  const areaWidth = (p: Placed) => colPos.end[p.col.end - 1]! - colPos.start[p.col.start]!;
  /** The item's border-box width in its area: stretched, or its own (shrink-to-fit) width */
  const lay = (p: Placed, at: { x: number; y: number }, height: number | undefined, areaHeight: number | undefined, c: LayoutContext): Laid => {
    const w = areaWidth(p);
    const absolutes: PendingAbsolute[] = [];
    let borderBoxWidth: number | undefined;
    if (stretchesX(p)) {
      borderBoxWidth = Math.max(0, w - hMargins(p, w));
      const s = p.style;
      const frame = s.borderWidth.left + s.borderWidth.right + nonNegative(resolve(s.padding.left, w)) + nonNegative(resolve(s.padding.right, w));
      const bb = (v: number) => (s.boxSizing === 'border-box' ? Math.max(v, frame) : v + frame);
      { const v = resolveNone(s.maxWidth, w); if (v !== undefined) borderBoxWidth = Math.min(borderBoxWidth, bb(v)); }
      { const v = resolveAuto(s.minWidth, w); if (v !== undefined) borderBoxWidth = Math.max(borderBoxWidth, bb(v)); }
    }
    const result = c.layoutIndependent(p.box, {
      x: at.x, y: at.y, cbWidth: w, cbHeight: areaHeight, borderBoxWidth, borderBoxHeight: height, absolutes, link: input.link,
    }, c);
    return { result, absolutes, x: at.x, y: at.y, height };
  };
  for (const p of items) laid.set(p, lay(p, { x: 0, y: 0 }, undefined, undefined, sub));
  const outerHeight = (p: Placed) => (laid.get(p)!.result.fragment?.height ?? 0) + vMargins(p, areaWidth(p));
  const shim = baselineShims(items.filter((p) => isFirstBaseline(alignOf(p)) && p.style.margin.top !== 'auto' && p.style.margin.bottom !== 'auto'), (p) => {
    const l = laid.get(p)!;
    const f = l.result.fragment;
    return l.result.firstBaseline ?? (f ? f.y + f.height : 0);
  });
  const rows = initTracks(grid.rowSpecs, definiteHeight);
  const ac = style.alignContent;
  const rowContributions = items.map((p) => {
    const h = outerHeight(p) + (shim.get(p) ?? 0);
    const s = p.style;
    let minimum = h;
    const minH = lengthOr(s.minHeight, 'auto');
    if (minH !== 'auto' && !(minH.pct && definiteHeight === undefined)) minimum = Math.min(h, resolve(minH, definiteHeight ?? 0) + vMargins(p, areaWidth(p)));
    else if (s.overflow !== 'visible') minimum = vMargins(p, areaWidth(p)) + s.borderWidth.top + s.borderWidth.bottom;
    return { span: p.row, min: h, max: h, minimum };
  });
  sizeTracks(rows, rowContributions, {
    available: definiteHeight, gap: rowGap, mode: 'normal', stretch: ac === 'normal' || ac === 'stretch', basis: definiteHeight,
    ...(definiteHeight === undefined && heights.min > 0 ? { minSize: heights.min } : {}),
  });
  const gridHeight = rows.reduce((a, t) => a + t.base, 0) + gapsIn(rows, { start: 0, end: rows.length }, rowGap);
  const innerHeight = definiteHeight ?? clamp(gridHeight, heights.min, heights.max);
  const rowPos = positions(rows, rowGap, innerHeight, ac, false);

  // ---- §10 alignment and placement, row by row (the units of pagination) ----
  const children: BoxFragment[] = [];
  const placedFragments = new Map<Placed, BoxFragment>();
  const paginates = ctx.pages.paginates;
  const rowTop: number[] = []; const rowBottom: number[] = [];
  let shift = 0;
  const startsIn = new Map<number, Placed[]>();
  for (const p of items) { const l = startsIn.get(p.row.start); if (l) l.push(p); else startsIn.set(p.row.start, [p]); }

  /** Where the item's border box goes in an area at (x, y) of size (w, h), for its border-box size. */
  const align = (p: Placed, area: { x: number; y: number; w: number; h: number }, size: { w: number; h: number }) => {
    const s = p.style;
    const ml = marginPt(s.margin.left, area.w); const mr = marginPt(s.margin.right, area.w);
    const mt = marginPt(s.margin.top, area.w); const mb = marginPt(s.margin.bottom, area.w);
    const freeX = area.w - size.w - ml - mr;
    const freeY = area.h - size.h - mt - mb;
    let dx: number;
    if (s.margin.left === 'auto' || s.margin.right === 'auto') dx = freeX <= 0 ? 0 : s.margin.left === 'auto' && s.margin.right === 'auto' ? freeX / 2 : s.margin.left === 'auto' ? freeX : 0;
    else dx = offset(selfPosition(justifyOf(p), style.direction === 'rtl'), freeX);
    let dy: number;
    if (s.margin.top === 'auto' || s.margin.bottom === 'auto') dy = freeY <= 0 ? 0 : s.margin.top === 'auto' && s.margin.bottom === 'auto' ? freeY / 2 : s.margin.top === 'auto' ? freeY : 0;
    else dy = shim.get(p) ?? offset(selfPosition(alignOf(p), false), freeY);
    return { x: area.x + dx + ml, y: area.y + dy + mt };
  };
  const areaOf = (p: Placed) => ({ x: contentX + colPos.start[p.col.start]!, w: areaWidth(p) });
  /** The item's wanted border-box height in its area: its row span's when it stretches. */
  const wantedHeight = (p: Placed, h: number) => (stretchesY(p) ? clampHeight(p, Math.max(0, h - vMargins(p, areaOf(p).w)), h) : undefined);
  /** Lays an item out where it stands in its area (rows at their final positions), breaking across pages. */
  const layBroken = (p: Placed): Laid => {
    const a = areaOf(p);
    const top = rowTop[p.row.start]!; const h = rowBottom[p.row.end - 1]! - top;
    const l = laid.get(p)!;
    const f = l.result.fragment;
    // (the margin box's origin that puts the border box where alignment wants it)
    const at = align(p, { x: a.x, y: top, w: a.w, h }, { w: f?.width ?? 0, h: wantedHeight(p, h) ?? f?.height ?? 0 });
    // (a stretched item grows with its pagination struts: it is laid out at its auto height, and stretched to its grown row after)
    return lay(p, { x: at.x - (f ? f.x - l.x : 0), y: at.y - (f ? f.y - l.y : 0) }, undefined, h, ctx);
  };
  /** Puts an item at its place: its broken layout when given, else its measured one at its final size, moved there. */
  const put = (p: Placed, broken: Laid | undefined) => {
    let l = broken ?? laid.get(p)!;
    if (!broken) {
      const a = areaOf(p);
      const top = rowTop[p.row.start]!; const h = rowBottom[p.row.end - 1]! - top;
      let f = l.result.fragment;
      const wantH = wantedHeight(p, h);
      if (wantH !== undefined && f && Math.abs(f.height - wantH) > 0.005) {
        if (p.box.kind === 'inlines') f.height = wantH;
        else l = lay(p, { x: 0, y: 0 }, wantH, h, sub);
      }
      f = l.result.fragment;
      const at = align(p, { x: a.x, y: top, w: a.w, h }, { w: f?.width ?? 0, h: f?.height ?? 0 });
      const dx = f ? at.x - f.x : 0; const dy = f ? at.y - f.y : 0;
      if (f) translate(f, dx, dy);
      l = { ...l, x: l.x + dx, y: l.y + dy, absolutes: l.absolutes.map((q) => ({ ...q, staticX: q.staticX + dx, staticY: q.staticY + dy })), result: { ...l.result, firstBaseline: moved(l.result.firstBaseline, dy), lastBaseline: moved(l.result.lastBaseline, dy) } };
    }
    for (const q of l.absolutes) input.absolutes.push(q);
    laid.set(p, { ...l, absolutes: [] });
    if (l.result.fragment) placedFragments.set(p, l.result.fragment);
  };
  /**
   * CSS Fragmentation 3 §4.4 as Blink weighs breaks: an item whose content would start on a later
   * page than the item itself (its first line or monolithic box pushed by a strut) breaks no
   * better than a break before its row.
   */
  const startsLate = (p: Placed, broken: Laid): boolean => {
    const f = broken.result.fragment; const m = laid.get(p)!.result.fragment;
    if (!f || !m) return false;
    const wantTop = broken.y + (m.y - laid.get(p)!.y);
    if (f.y > wantTop + 0.01) return true;
    const a = contentStart(m); const b = contentStart(f);
    if (a === undefined || b === undefined) return false;
    return b - f.y > a - m.y + 0.01 && f.y + (a - m.y) < ctx.pages.pageEnd(f.y + 0.01);
  };
  const clampHeight = (p: Placed, h: number, areaH: number) => {
    const s = p.style;
    const frame = s.borderWidth.top + s.borderWidth.bottom + nonNegative(resolve(s.padding.top, areaWidth(p))) + nonNegative(resolve(s.padding.bottom, areaWidth(p)));
    const bb = (v: number) => (s.boxSizing === 'border-box' ? Math.max(v, frame) : v + frame);
    { const v = resolveNone(s.maxHeight, areaH); if (v !== undefined) h = Math.min(h, bb(v)); }
    { const v = resolveAuto(s.minHeight, areaH); if (v !== undefined) h = Math.max(h, bb(v)); }
    return Math.max(h, frame);
  };

  // CSS Fragmentation 3 §4.1 class C breaks as Blink 156 takes them (flex.ts endReserve): the
  // container's block-end padding and border, and what its container reserves after it, go on the
  // page of the last row when that row ends at the content edge
  const endReserve = paginates ? padding.bottom + border.bottom + (input.endReserve ?? 0) : 0;
  let restarted = false;
  for (let r = 0; r < rows.length; r++) {
    const starting = startsIn.get(r) ?? [];
    if (r > 0 && paginates && starting.some((p) => forcedBreak(p.style.breakBefore))) {
      const at = contentTop + rowPos.start[r]! + shift; shift += ctx.pages.forcedBreak(at) - at;
    }
    let top = contentTop + rowPos.start[r]! + shift;
    const size = rowPos.end[r]! - rowPos.start[r]!;
    rowTop[r] = top; rowBottom[r] = top + size;
    if (!paginates || rows[r]!.collapsed) continue;
    const end = ctx.pages.pageEnd(top + 0.01);
    if (top + size <= end + 0.01) {
      // (the last row fits, the container's end padding and border after it do not: when every row is
      // on this page, they all go to the next page with them, and the grid with its first content, as
      // Blink 156 breaks before the grid rather than between its rows; the rows of a grid that began on
      // an earlier page stay, its end padding and border continue on the next page)
      const reserve = Math.abs(rowPos.end[r]! - innerHeight) < 0.01 ? endReserve : 0;
      if (reserve > 0 && !restarted && top + size + reserve > end + 0.01) {
        const from = rowTop[0]!;
        if (ctx.pages.pageEnd(from + 0.01) === end && !firstOnPage(ctx.pages, from) && top + size - from + reserve <= ctx.pages.pageHeight(end)) {
          restarted = true;
          shift += end - from;
          r = -1;
          continue;
        }
      }
      ctx.pages.content?.(top, top + size);
      continue;
    }
    // the row crosses a page end. As Blink prints: the whole row moves to the next page when one of
    // its items that crosses the end avoids breaks inside (taller than a page, the row breaks there),
    // or may not break (replaced) and fits there, or when an item's content would start on the next
    // page anyway; else its items break across pages where they stand, in parallel
    const single = starting.filter((p) => p.row.end === r + 1);
    const pageHeight = ctx.pages.pageHeight(end);
    const movable = !firstOnPage(ctx.pages, top) && size <= pageHeight;
    const crosses = (p: Placed) => {
      const f = laid.get(p)!.result.fragment;
      const h = wantedHeight(p, size) ?? f?.height ?? 0;
      const at = align(p, { ...areaOf(p), y: top, h: size }, { w: f?.width ?? 0, h });
      return at.y < end - 0.01 && at.y + h > end + 0.01;
    };
    const avoids = starting.some((p) => crosses(p) && movesToNextFragmentainer(p.style, ctx.pages, top));
    const holds = avoids || (movable && starting.some((p) => !breakable(p.box) && crosses(p) && (laid.get(p)!.result.fragment?.height ?? 0) <= pageHeight));
    if (holds) { shift += end - top; top = end; rowTop[r] = top; rowBottom[r] = top + size; }
    let broken: Laid[] | undefined;
    if (single.length > 0 && !(holds && size <= pageHeight)) {
      broken = single.map(layBroken);
      if (movable && !holds && single.some((p, i) => startsLate(p, broken![i]!))) broken = undefined;
    }
    if (!broken) {
      if (movable && !holds) { shift += end - top; top = end; rowTop[r] = top; rowBottom[r] = top + size; }
      ctx.pages.content?.(top, top + size);
      continue;
    }
    let bottom = top + size;
    single.forEach((p, i) => {
      put(p, broken![i]);
      const f = laid.get(p)!.result.fragment;
      if (f) bottom = Math.max(bottom, f.y + f.height + marginPt(p.style.margin.bottom, areaWidth(p)));
    });
    rowBottom[r] = bottom;
    shift += bottom - (top + size);
    ctx.pages.content?.(top, bottom);
  }
  for (const p of items) {
    if (placedFragments.has(p)) {
      // laid out where it stands while breaking: stretched to the grown row when it is shorter
      const f = placedFragments.get(p)!;
      const want = stretchesY(p) ? rowBottom[p.row.end - 1]! - rowTop[p.row.start]! - vMargins(p, areaWidth(p)) : undefined;
      if (want !== undefined && want > f.height + 0.005) f.height = want;
      continue;
    }
    put(p, undefined);
  }
  for (const p of items) { const f = placedFragments.get(p); if (f) children.push(f); }

  const lastRowBottom = rows.length ? rowBottom[rows.length - 1]! - contentTop : 0;
  const contentHeight = definiteHeight ?? clamp(Math.max(innerHeight, lastRowBottom) , heights.min, heights.max);
  const height = frameV + (definiteHeight === undefined ? contentHeight : definiteHeight + Math.max(0, shift));
  const fragment: BoxFragment = { kind: 'box', style, element: box.element, x, y, width: contentWidth + frameH, height, border, padding, children };

  // §10.8 the container's baselines: the first (last) row's items, in order
  const baseline = (which: 'firstBaseline' | 'lastBaseline') => {
    if (!items.length) return undefined;
    const rowIndex = which === 'firstBaseline' ? Math.min(...items.map((p) => p.row.start)) : Math.max(...items.map((p) => p.row.start));
    const inRow = items.filter((p) => p.row.start === rowIndex).sort((a, b) => a.col.start - b.col.start);
    for (const p of inRow) { const b = laid.get(p)?.result[which]; if (b !== undefined) return b; }
    return undefined;
  };
  return { fragment, marginStrut: strutWith(EMPTY_STRUT, marginBottom), bottom: y + height, firstBaseline: baseline('firstBaseline') ?? (items.length ? undefined : generatedTextBaseline(box.element, fragment)), lastBaseline: baseline('lastBaseline') };
}

interface Laid {
  readonly result: BlockResult;
  readonly absolutes: PendingAbsolute[];
  readonly x: number;
  readonly y: number;
  readonly height: number | undefined;
}

/**
 * The tracks' start and end offsets in the content box, with justify-content / align-content
 * (CSS Box Alignment 3 §5.3) distributing the free space; rtl columns run right to left.
 */
function positions(tracks: readonly Track[], gap: number, size: number, distribution: string, rtl: boolean): { start: number[]; end: number[] } {
  const visible = tracks.filter((t) => !t.collapsed).length;
  const used = tracks.reduce((a, t) => a + t.base, 0) + gap * Math.max(0, visible - 1);
  const free = size - used;
  let lead = 0; let between = 0;
  const k = distribution;
  if (k === 'end' || k === 'flex-end' || (k === 'right' && !rtl) || (k === 'left' && rtl)) lead = free;
  else if (k === 'center') lead = free / 2;
  else if (k === 'space-between') between = free > 0 && visible > 1 ? free / (visible - 1) : 0;
  else if (k === 'space-around') { if (free > 0) { lead = free / visible / 2; between = free / visible; } else lead = free / 2; }
  else if (k === 'space-evenly') { if (free > 0) { lead = free / (visible + 1); between = lead; } else lead = free / 2; }
  const start: number[] = []; const end: number[] = [];
  let p = lead; let first = true;
  for (const t of tracks) {
    if (!t.collapsed) { if (!first) p += gap + between; first = false; }
    start.push(p); p += t.base; end.push(p);
  }
  if (rtl) for (let i = 0; i < tracks.length; i++) { const s = start[i]!; start[i] = size - end[i]!; end[i] = size - s; }
  return { start, end };
}

const isFirstBaseline = (v: string) => v === 'baseline';

/**
 * CSS Grid 1 §10.6 and CSS Box Alignment 3 §9.3: the items aligned on their first baselines that
 * start in the same row form a baseline-sharing group (an item spanning rows takes part in its
 * first row's); each is moved down by its shim, the group's largest baseline offset less its own,
 * and contributes that shim to its rows' sizes (§12.5). `baselineOf` is the item's baseline below
 * its margin box's top; one without a line has it synthesized from its border box's bottom edge.
 */
function baselineShims(aligned: readonly Placed[], baselineOf: (p: Placed) => number): Map<Placed, number> {
  const groups = new Map<number, Placed[]>();
  for (const p of aligned) { const g = groups.get(p.row.start); if (g) g.push(p); else groups.set(p.row.start, [p]); }
  const shims = new Map<Placed, number>();
  for (const group of groups.values()) {
    const max = Math.max(...group.map(baselineOf));
    for (const p of group) shims.set(p, max - baselineOf(p));
  }
  return shims;
}

/** CSS Box Alignment 3 §6 justify-self / align-self as start, end or center (stretch and normal fall back to start; last baseline to end, its fallback alignment). */
function selfPosition(v: string, rtl: boolean): 'start' | 'end' | 'center' {
  switch (v) {
    case 'end': case 'self-end': case 'flex-end': case 'last baseline': return rtl ? 'start' : 'end';
    case 'right': return 'end';
    case 'left': return 'start';
    case 'center': return 'center';
    default: return rtl ? 'end' : 'start';
  }
}

/** The offset of a box of free space `free` (negative: overflow) for a self position. */
function offset(p: 'start' | 'end' | 'center', free: number): number {
  return p === 'end' ? free : p === 'center' ? free / 2 : 0;
}

/** Whether a box's content can break across pages (a replaced box cannot). */
function breakable(box: BlockLevelBox): boolean {
  return box.kind !== 'block-replaced';
}

const forcedBreak = (v: ComputedStyle['breakBefore']): boolean =>
  v === 'page' || v === 'always' || v === 'left' || v === 'right' || v === 'recto' || v === 'verso';
const clamp = (v: number, min: number, max: number) => Math.max(min, Math.min(max, v));
const nonNegative = (v: number) => Math.max(0, v);
const moved = (v: number | undefined, dy: number) => (v === undefined ? undefined : v + dy);

