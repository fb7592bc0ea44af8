// Source offsets → 1-based line:column for diagnostics (HTML and CSS alike).

/** Offsets → 1-based line:column, by binary search over line starts (built once per source). */
export class LineIndex {
  private readonly starts: number[] = [0];
  /** the line of the last offset located: the parser asks in increasing order */
  private hint = 0;
  constructor(source: string, private readonly base: { line: number; column: number } = { line: 1, column: 1 }) {
    const starts = this.starts;
    if (source.indexOf('\r') < 0) {
      for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
      return;
    }
    for (let i = 0; i < source.length; i++) {
      const c = source.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) { if (source.charCodeAt(i + 1) !== 10) starts.push(i + 1); }
    }
  }

  locate(offset: number): { line: number; column: number } {
    const lo = this.lineOf(offset);
    const column = offset - this.starts[lo]! + 1;
    return lo === 0
      ? { line: this.base.line, column: this.base.column + column - 1 }
      : { line: this.base.line + lo, column };
  }

  /** `locate` with the source's name, as one SourceLocation-shaped object. */
  locateIn(offset: number, source: string): { line: number; column: number; source: string } {
    const lo = this.lineOf(offset);
    const column = offset - this.starts[lo]! + 1;
    return lo === 0
      ? { line: this.base.line, column: this.base.column + column - 1, source }
      : { line: this.base.line + lo, column, source };
  }

  /** index of the line holding `offset` */
  private lineOf(offset: number): number {
    const starts = this.starts;
    let lo = this.hint;
    // the common case: at or a few lines after the last offset located
    if (starts[lo]! <= offset) {
      const end = Math.min(starts.length - 1, lo + 8);
      while (lo < end && starts[lo + 1]! <= offset) lo++;
      if (lo === starts.length - 1 || starts[lo + 1]! > offset) { this.hint = lo; return lo; }
    }
    lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid; else hi = mid - 1;
    }
    this.hint = lo;
    return lo;
  }
}
