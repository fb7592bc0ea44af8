// Source offsets → 1-based line:column for diagnostics (HTML and CSS alike).

/** Offsets → 1-based line:column, by binary search over line starts (built once per source). */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(source: string, private readonly base: { line: number; column: number } = { line: 1, column: 1 }) {
    for (let i = 0; i < source.length; i++) {
      const c = source.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13) { if (source.charCodeAt(i + 1) !== 10) this.starts.push(i + 1); }
    }
  }
  locate(offset: number): { line: number; column: number } {
    let lo = 0, hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid; else hi = mid - 1;
    }
    const column = offset - this.starts[lo]! + 1;
    return lo === 0
      ? { line: this.base.line, column: this.base.column + column - 1 }
      : { line: this.base.line + lo, column };
  }
}
