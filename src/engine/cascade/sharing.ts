// Matched-rules sharing (what browsers call style sharing and the matched-properties cache):
// two elements that no selector of the document's sheets can tell apart match the same rules,
// so the rules are matched once per kind of element, not once per element. The rows of a long
// table match like the first row.
//
// An element's signature is its parent's signature plus what a selector may read of the element
// itself (Selectors 4 §3): its tag and every attribute (ids, classes, attribute selectors,
// :lang, :link, form states) and the answers to the questions that depend on where it stands:
// each structural pseudo-class the sheets use (:first-child, :nth-child(2n), :empty, ...), and
// for each `A + B` / `A ~ B` in the sheets whether the previous sibling (some previous sibling)
// matches A. By induction over the tree, elements with the same signature match the same
// selectors: descendant and child combinators look at ancestors (same signatures), sibling
// combinators and structural pseudo-classes are the answers. :has() (which reads descendants)
// and :nth-child(… of S) turn sharing off for the document.
import { keyOf, type Combinator, type ComplexSelector, type PseudoClass } from '../css/selectors';
import { matchesPseudo, RuleIndex, type Hit, type MatchElement, type SelectorSource } from './match';
import type { Target } from './rules';

/** The questions an element's position answers differently, collected from every selector. */
export interface PositionalFeatures {
  /** structural pseudo-classes, one per distinct question */
  readonly pseudos: readonly PseudoClass[];
  /** the part left of each `+`: does the previous sibling match it? */
  readonly adjacent: readonly ComplexSelector[];
  /** the part left of each `~`: does some previous sibling match it? */
  readonly general: readonly ComplexSelector[];
}

/** Structural pseudo-classes answered as bits of one number. */
const MAX_PSEUDOS = 30;

const POSITIONAL = new Set<PseudoClass['kind']>([
  'empty', 'first-child', 'last-child', 'only-child', 'first-of-type', 'last-of-type', 'only-of-type',
  'nth-child', 'nth-last-child', 'nth-of-type', 'nth-last-of-type',
]);

/** Collects the positional questions of selectors; result() is undefined when sharing must be off. */
export class FeatureCollector {
  private readonly pseudos = new Map<string, PseudoClass>();
  private readonly adjacent: ComplexSelector[] = [];
  private readonly general: ComplexSelector[] = [];
  private unsafe = false;

  add(sel: ComplexSelector): void {
    if (this.unsafe) return;
    sel.compounds.forEach((c, i) => {
      for (const p of c.pseudos) this.addPseudo(p);
      const comb: Combinator | undefined = sel.combinators[i];
      if (comb === '+' || comb === '~') {
        const left: ComplexSelector = { ...sel, compounds: sel.compounds.slice(0, i + 1), combinators: sel.combinators.slice(0, i), pseudoElement: undefined };
        (comb === '+' ? this.adjacent : this.general).push(left);
      }
    });
  }

  private addPseudo(p: PseudoClass): void {
    switch (p.kind) {
      case 'has': this.unsafe = true; return;
      case 'not': case 'is': case 'where': for (const s of p.list) this.add(s); return;
      case 'nth-child': case 'nth-last-child':
        if (p.of) { this.unsafe = true; return; }
        this.pseudos.set(`${p.kind}(${p.a}n+${p.b})`, p);
        return;
      case 'nth-of-type': case 'nth-last-of-type': this.pseudos.set(`${p.kind}(${p.a}n+${p.b})`, p); return;
      default: if (POSITIONAL.has(p.kind)) this.pseudos.set(p.kind, p);
    }
  }

  /** Adds what another collector found (one collector per sheet, merged per document). */
  merge(other: FeatureCollector): void {
    if (other.unsafe) this.unsafe = true;
    if (this.unsafe) return;
    for (const [k, v] of other.pseudos) this.pseudos.set(k, v);
    this.adjacent.push(...other.adjacent);
    this.general.push(...other.general);
  }

  result(): PositionalFeatures | undefined {
    if (this.unsafe || this.pseudos.size > MAX_PSEUDOS) return undefined;
    return { pseudos: [...this.pseudos.values()], adjacent: this.adjacent, general: this.general };
  }
}

/** How large a signature tree has grown: kinds of element, and characters of their keys. */
interface TreeSize { nodes: number; chars: number }

/** One kind of element (for one set of sheets): what its matching found, per target. */
export class Signature {
  private readonly children = new Map<string, Signature>();
  /** matched rules of the sheets (element-level declarations excluded), per target */
  readonly matched: { [T in Target]?: unknown } = {};
  constructor(private readonly size: TreeSize) {}

  child(key: string): Signature {
    let s = this.children.get(key);
    if (!s) {
      s = new Signature(this.size);
      this.children.set(key, s);
      this.size.nodes++;
      this.size.chars += key.length;
    }
    return s;
  }
}

/** Walks a sibling list in order: what previous siblings matched of the `~` questions carries over. */
export interface SiblingState {
  general: Set<number> | undefined;
  generalKey: string;
}

export const newSiblingState = (): SiblingState => ({ general: undefined, generalKey: '' });

/** The sibling questions indexed like rules (by the rightmost compound), so a sibling is only asked the ones it may answer yes. */
class Questions {
  private readonly index = new RuleIndex<number>();
  private readonly hits: Hit<number>[] = [];
  private readonly invalid: SelectorSource[] = [];
  readonly size: number;

  constructor(selectors: readonly ComplexSelector[]) {
    selectors.forEach((sel, i) => {
      const source: SelectorSource = { selectors: () => [sel] };
      this.index.add(keyOf(sel), { source, part: 0, payload: i });
    });
    this.size = selectors.length;
  }

  /** The questions `e` answers yes, in increasing order. */
  answers(e: MatchElement): number[] {
    const hits = this.hits;
    hits.length = 0;
    this.invalid.length = 0;
    this.index.matching(e, hits, this.invalid, EVERY_ANCESTOR);
    const out = hits.map((h) => h.rule.payload);
    return out.length > 1 ? [...new Set(out)].sort((a, b) => a - b) : out;
  }
}

/** The ancestor pre-filter of RuleIndex.matching, turned off: the questions match for real. */
const EVERY_ANCESTOR = { has: () => true };

/**
 * The signature tree of one set of sheets. Signatures do not depend on the document: the tree
 * (and the matched rules it holds) may serve the next document with the same sheets.
 */
export class Signatures {
  private readonly tree: TreeSize = { nodes: 0, chars: 0 };
  readonly root = new Signature(this.tree);
  private readonly adjacent: Questions;
  private readonly general: Questions;
  /** `setKey`: names the set of sheets, for whoever keeps the tree */
  constructor(private readonly f: PositionalFeatures, readonly setKey = '') {
    this.adjacent = new Questions(f.adjacent);
    this.general = new Questions(f.general);
  }

  /** kinds of element in the tree */
  get size(): number { return this.tree.nodes; }
  /** characters of their keys */
  get keyLength(): number { return this.tree.chars; }

  /**
   * The key's first part, `bits:length:tag`, one string per (tag, bits): an element with no
   * attributes and no sibling questions looks its signature up by a string whose hash is known.
   */
  private head(bits: number, tag: string): string {
    let byBits = this.heads.get(tag);
    if (!byBits) {
      if (this.heads.size >= 512) this.heads.clear();
      byBits = [];
      this.heads.set(tag, byBits);
    }
    return byBits[bits] ??= `${bits}:${tag.length}:${tag}`;
  }
  private readonly heads = new Map<string, string[]>();

  /** The signature of `e`, its previous siblings already visited with the same `state`. */
  of(e: MatchElement, parent: Signature, state: SiblingState): Signature {
    let bits = 0;
    let bit = 1;
    for (const p of this.f.pseudos) { if (matchesPseudo(p, e)) bits |= bit; bit <<= 1; }
    // every variable part is length-prefixed: no two elements read the same key
    let key = this.head(bits, e.el.tag);
    const prev = e.index > 0 ? e.siblings[e.index - 1] : undefined;
    if (prev && this.adjacent.size) key += `+${this.adjacent.answers(prev).join(',')};`;
    if (prev && this.general.size) {
      const yes = this.general.answers(prev);
      if (yes.length) {
        const all = (state.general ??= new Set());
        const before = all.size;
        for (const q of yes) all.add(q);
        if (all.size !== before) state.generalKey = [...all].sort((a, b) => a - b).join(',');
      }
      key += `~${state.generalKey};`;
    }
    const attrs = e.el.attrs;
    for (const name in attrs) { const v = attrs[name]!; key += `${name.length}:${name}${v.length}:${v}`; }
    return parent.child(key);
  }
}
