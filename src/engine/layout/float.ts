// CSS 2.1 §9.5 floats: the exclusions of one block formatting context. A float's margin box
// goes as high as it may (§9.5.1 rules 4–6), then as far to its side as it may, below any
// earlier float it would not fit beside; line boxes and new formatting contexts are shortened
// beside the floats (§9.5, §9.4.1).
import type { FloatContext } from './context';
import type { BoxFragment } from './fragments';

interface PlacedFloat {
  readonly side: 'left' | 'right';
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

export class Floats implements FloatContext {
  private readonly placed: PlacedFloat[] = [];
  readonly fragments: BoxFragment[] = [];
  /** §9.5.1 rule 5: a float's top is no higher than an earlier float's top */
  private lastTop = -Infinity;

  space(y: number, height: number, minX: number, maxX: number): { left: number; right: number } {
    let left = minX; let right = maxX;
    const bottom = y + Math.max(height, 0.01);
    for (const f of this.placed) {
      if (f.bottom <= y || f.top >= bottom) continue;
      if (f.side === 'left') left = Math.max(left, f.right);
      else right = Math.min(right, f.left);
    }
    return { left, right };
  }

  place(side: 'left' | 'right', width: number, height: number, y: number, minX: number, maxX: number): { x: number; y: number } {
    const at = this.fitBelow(Math.max(y, this.lastTop), width, height, minX, maxX);
    const x = side === 'left' ? at.left : at.right - width;
    this.placed.push({ side, left: x, right: x + width, top: at.y, bottom: at.y + height });
    this.lastTop = at.y;
    return { x, y: at.y };
  }

  clearance(side: 'left' | 'right' | 'both'): number {
    let y = -Infinity;
    for (const f of this.placed) if (side === 'both' || f.side === side) y = Math.max(y, f.bottom);
    return y;
  }

  bottom(): number {
    return this.clearance('both');
  }

  /**
   * The first flow position at or below `y` where a band of `height` is at least `width` wide,
   * or has nothing beside it (a box wider than the containing block goes where no float is in its way).
   */
  fitBelow(y: number, width: number, height: number, minX: number, maxX: number): { y: number; left: number; right: number } {
    let top = y;
    for (let guard = 0; guard < 10_000; guard++) {
      const band = this.space(top, height, minX, maxX);
      if (band.right - band.left >= width - 0.01 || (band.left === minX && band.right === maxX)) return { y: top, ...band };
      // the next position where the band can widen: the nearest bottom of a float in the way
      let next = Infinity;
      for (const f of this.placed) if (f.bottom > top && f.top < top + Math.max(height, 0.01)) next = Math.min(next, f.bottom);
      if (!Number.isFinite(next)) return { y: top, ...band };
      top = next;
    }
    return { y: top, left: minX, right: maxX };
  }
}
