// CSS Fonts 4 §5.3 cluster matching needs "does this face have a glyph for U+XXXX?" for every
// character of every run. Character maps are kept as sorted, disjoint code point ranges and
// answered by binary search. The shipped faces' ranges are precomputed (coverage.json, made by
// test/engine/fonts/gen-coverage.ts and checked against data/fonts by a test) since the engine reads no
// files; an @font-face face's ranges come from its own cmap, parsed in memory.

/** Sorted, disjoint, inclusive ranges: [start0, end0, start1, end1, ...]. */
export class CodePointSet {
  private constructor(private readonly bounds: Uint32Array) {}

  static fromCodePoints(codePoints: Iterable<number>): CodePointSet {
    const sorted = [...new Set(codePoints)].filter((c) => c > 0 && c <= 0x10ffff).sort((a, b) => a - b);
    const out: number[] = [];
    for (const cp of sorted) {
      if (out.length && out[out.length - 1] === cp - 1) out[out.length - 1] = cp;
      else out.push(cp, cp);
    }
    return new CodePointSet(Uint32Array.from(out));
  }

  /** Inverse of `encode()`: base-36 "gap.length" pairs separated by commas. */
  static decode(encoded: string): CodePointSet {
    const out: number[] = [];
    let prevEnd = -1;
    if (encoded.length) {
      for (const pair of encoded.split(',')) {
        const dot = pair.indexOf('.');
        const start = prevEnd + 1 + parseInt(pair.slice(0, dot), 36);
        const end = start + parseInt(pair.slice(dot + 1), 36);
        out.push(start, end);
        prevEnd = end;
      }
    }
    return new CodePointSet(Uint32Array.from(out));
  }

  encode(): string {
    const parts: string[] = [];
    let prevEnd = -1;
    for (let i = 0; i < this.bounds.length; i += 2) {
      const start = this.bounds[i]!; const end = this.bounds[i + 1]!;
      parts.push(`${(start - prevEnd - 1).toString(36)}.${(end - start).toString(36)}`);
      prevEnd = end;
    }
    return parts.join(',');
  }

  has(cp: number): boolean {
    const b = this.bounds;
    let lo = 0; let hi = (b.length >> 1) - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (cp < b[mid * 2]!) hi = mid - 1;
      else if (cp > b[mid * 2 + 1]!) lo = mid + 1;
      else return true;
    }
    return false;
  }

  get size(): number {
    let n = 0;
    for (let i = 0; i < this.bounds.length; i += 2) n += this.bounds[i + 1]! - this.bounds[i]! + 1;
    return n;
  }

  get rangeCount(): number { return this.bounds.length >> 1; }
}
