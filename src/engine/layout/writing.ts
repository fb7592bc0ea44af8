// CSS Writing Modes 3 for horizontal-script text in a vertical writing mode: §3.1
// `writing-mode`, §5.1 `text-orientation: mixed` (Latin turned 90° clockwise, as `sideways`),
// §6 abstract box terminology, §7.3 orthogonal flows.
//
// An orthogonal flow root (a box whose writing mode is vertical inside a horizontal flow) is
// laid out by the horizontal algorithms in its *logical* coordinates: its inline size along
// logical x, its block size along logical y, every descendant's physical properties mapped to
// the logical sides they stand for (§6.4: in vertical-rl the block-start side is the right
// one, the inline-start side the top one). Paint then draws the logical layout turned onto the
// page (BoxFragment.writingMode): vertical-rl and sideways-rl turn it 90° clockwise (lines
// stacked right to left, glyphs' tops facing right), sideways-lr 90° counter-clockwise (lines
// stacked left to right, read bottom to top), vertical-lr turns it clockwise with its block
// axis mirrored first (lines stacked left to right, glyphs' tops still facing right).
import type { ComputedStyle, LengthPctAuto, LengthPctNone, Side } from '../cascade/computed';
import type { BlockLevelBox } from '../boxes/types';
import type { Matrix } from '../cascade/transform';
import type { BoxFragment, Fragment } from './fragments';

export type WritingMode = ComputedStyle['writingMode'];

type SideName = 'top' | 'right' | 'bottom' | 'left';

/** whether a writing mode's inline axis is vertical (CSS Writing Modes 3 §3.1) */
export const isVertical = (mode: WritingMode): boolean => mode !== 'horizontal-tb';

/**
 * Whether a box is an orthogonal flow root: a vertical writing mode in a horizontal flow (the
 * logical copies inside one are horizontal-tb; a replaced box's content is not turned).
 */
export function isOrthogonalRoot(box: BlockLevelBox): boolean {
  return box.kind !== 'block-replaced' && box.kind !== 'inlines' && box.kind !== 'absolute' && isVertical(box.style.writingMode);
}

/**
 * §6.4 the physical side each logical side of the horizontal layout stands for: `top` is
 * block-start, `bottom` block-end, `left` line-left (inline-start in ltr), `right` line-right.
 */
function sidesOf(mode: WritingMode): Readonly<Record<SideName, SideName>> {
  switch (mode) {
    case 'vertical-lr': return { top: 'left', right: 'bottom', bottom: 'right', left: 'top' };
    case 'sideways-lr': return { top: 'left', right: 'top', bottom: 'right', left: 'bottom' };
    default: return { top: 'right', right: 'bottom', bottom: 'left', left: 'top' };
  }
}

const cornerName = (v: SideName, h: SideName): 'topLeft' | 'topRight' | 'bottomRight' | 'bottomLeft' => {
  const vertical = v === 'top' || v === 'bottom' ? v : h;
  const horizontal = v === 'left' || v === 'right' ? v : h;
  return `${vertical}${horizontal === 'left' ? 'Left' : 'Right'}` as 'topLeft' | 'topRight' | 'bottomRight' | 'bottomLeft';
};

const caches = new Map<WritingMode, WeakMap<ComputedStyle, ComputedStyle>>();

/**
 * The style a box of writing mode `mode` has for the horizontal algorithms: its physical
 * sides, sizes and insets on the logical sides and axes they stand for (one object per style).
 */
export function logicalStyle(style: ComputedStyle, mode: WritingMode): ComputedStyle {
  let cache = caches.get(mode);
  if (!cache) { cache = new WeakMap(); caches.set(mode, cache); }
  const hit = cache.get(style);
  if (hit) return hit;
  const map = sidesOf(mode);
  const side = <T>(s: Side<T>): Side<T> => ({ top: s[map.top], right: s[map.right], bottom: s[map.bottom], left: s[map.left] });
  const r = style.borderRadius;
  const out: ComputedStyle = {
    ...style,
    width: style.height as LengthPctAuto, height: style.width as LengthPctAuto,
    minWidth: style.minHeight as LengthPctAuto, minHeight: style.minWidth as LengthPctAuto,
    maxWidth: style.maxHeight as LengthPctNone, maxHeight: style.maxWidth as LengthPctNone,
    margin: side(style.margin), padding: side(style.padding),
    borderWidth: side(style.borderWidth), borderStyle: side(style.borderStyle), borderColor: side(style.borderColor),
    borderRadius: {
      topLeft: r[cornerName(map.top, map.left)], topRight: r[cornerName(map.top, map.right)],
      bottomRight: r[cornerName(map.bottom, map.right)], bottomLeft: r[cornerName(map.bottom, map.left)],
    },
    top: style[map.top], right: style[map.right], bottom: style[map.bottom], left: style[map.left],
    overflowClips: style.overflowClips === 'x' ? 'y' : style.overflowClips === 'y' ? 'x' : style.overflowClips,
    // the horizontal algorithms lay it out: inside its orthogonal flow root it is no root itself
    writingMode: 'horizontal-tb',
  };
  cache.set(style, out);
  return out;
}

/**
 * A box subtree with every style logical (logicalStyle), for the horizontal algorithms. Objects
 * shared inside the subtree (a table's row group) stay shared; elements are not copied.
 */
export function logicalTree<T extends object>(box: T, mode: WritingMode): T {
  return copy(box, mode, new Map()) as T;
}

function copy(x: unknown, mode: WritingMode, seen: Map<object, unknown>): unknown {
  if (typeof x !== 'object' || x === null) return x;
  const hit = seen.get(x);
  if (hit !== undefined) return hit;
  if (Array.isArray(x)) {
    const out: unknown[] = [];
    seen.set(x, out);
    for (const v of x) out.push(copy(v, mode, seen));
    return out;
  }
  const o = x as Record<string, unknown>;
  // only boxes (and their parts) carry a style or a kind; other values are kept as they are
  if (!('style' in o) && !('kind' in o) && !('children' in o) && !('boxes' in o)) return x;
  const out: Record<string, unknown> = { ...o };
  seen.set(x, out);
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (k === 'element' || typeof v !== 'object' || v === null) continue;
    out[k] = k === 'style' || k === 'markerStyle' ? logicalStyle(v as ComputedStyle, mode) : copy(v, mode, seen);
  }
  return out;
}

/**
 * The matrix (flow coordinates) under which paint draws the children of a box laid out in
 * writing mode `mode`: they lie in logical coordinates whose origin is the box's border-box
 * top-left corner, the logical border box `f.height` wide and `f.width` high.
 */
export function writingMatrix(f: BoxFragment, mode: WritingMode): Matrix {
  const { x, y, width: w, height: h } = f;
  // sideways-lr: logical (lx, ly) → (x + ly, y + h - lx)
  if (mode === 'sideways-lr') return [0, -1, 1, 0, x - y, x + y + h];
  // the others: logical (lx, ly) → (x + w - ly, y + lx) (vertical-lr's block axis is mirrored in layout)
  return [0, 1, -1, 0, x + y + w, y - x];
}

/**
 * vertical-lr: the logical layout's block axis mirrored within [0, extent) (what is laid out first
 * ends at the bottom, so that turned clockwise it comes first on the left). Line boxes move as a
 * whole (their glyphs keep their orientation); a box's block-start and block-end sides swap, so
 * that each box shows its vertical-rl sides to the turn: `rl` is the vertical-rl style of a style.
 */
export function mirrorBlockAxis(f: Fragment, extent: number, rl: (s: ComputedStyle) => ComputedStyle): Fragment {
  switch (f.kind) {
    case 'box': {
      const flip = <T>(s: { top: T; right: T; bottom: T; left: T }) => ({ top: s.bottom, right: s.right, bottom: s.top, left: s.left });
      return {
        ...f, style: rl(f.style), y: extent - f.y - f.height, border: flip(f.border), padding: flip(f.padding),
        children: f.children.map((c) => mirrorBlockAxis(c, extent, rl)),
      };
    }
    default: {
      const top = f.kind === 'text' ? f.baseline : f.y;
      const height = f.kind === 'text' ? 0 : f.height;
      const dy = extent - 2 * top - height;
      return moved(f, dy);
    }
  }
}

/** a copy of a fragment moved down by dy */
function moved(f: Fragment, dy: number): Fragment {
  switch (f.kind) {
    case 'box': return { ...f, y: f.y + dy, children: f.children.map((c) => moved(c, dy)) };
    case 'line': return { ...f, y: f.y + dy, baseline: f.baseline + dy, children: f.children.map((c) => moved(c, dy) as typeof c) };
    case 'text': return { ...f, baseline: f.baseline + dy };
    case 'inline-box': case 'image': return { ...f, y: f.y + dy };
  }
}

/** the vertical-rl logical style of a vertical-lr logical style's element */
export function lrToRl(style: ComputedStyle): ComputedStyle {
  const flip = <T>(s: Side<T>): Side<T> => ({ top: s.bottom, right: s.right, bottom: s.top, left: s.left });
  const r = style.borderRadius;
  return {
    ...style,
    margin: flip(style.margin), padding: flip(style.padding), borderWidth: flip(style.borderWidth), borderStyle: flip(style.borderStyle), borderColor: flip(style.borderColor),
    borderRadius: { topLeft: r.bottomLeft, topRight: r.bottomRight, bottomRight: r.topRight, bottomLeft: r.topLeft },
  };
}
