// The shipped faces' character maps (coverage.json), decoded lazily, once per process.
import coverageData from './coverage.json';
import { CodePointSet } from './coverage';

export interface CoverageFile {
  /** face file name under data/fonts → CodePointSet.encode() of its cmap */
  readonly faces: Readonly<Record<string, string>>;
}

const decoded = new Map<string, CodePointSet>();
const EMPTY = CodePointSet.fromCodePoints([]);

export function shippedCoverage(file: string): CodePointSet {
  let set = decoded.get(file);
  if (!set) {
    const encoded = (coverageData as CoverageFile).faces[file];
    set = encoded === undefined ? EMPTY : CodePointSet.decode(encoded);
    decoded.set(file, set);
  }
  return set;
}
