// Layout-stage test helpers: the fragment tree of tiny HTML documents, and finders over it.
// Positions are in pt: x from the page area's left edge, y in the flow (page areas stacked).
import type { BoxFragment, Fragment, LineFragment, PageFragment, TextFragment } from '../../src/engine/layout/fragments';
import { layoutFragmentTree } from '../../src/engine/pipeline';
import type { PageFormat } from '../../src/engine/pageFormats';
import { glyphInk, measureText } from '../../src/render/measure';

export interface LaidOut {
  readonly pages: readonly PageFragment[];
  readonly root: BoxFragment;
  readonly fixed: readonly BoxFragment[];
  /** per page: its footnote area (y relative to the page area's top), or undefined */
  readonly footnotes: readonly (BoxFragment | undefined)[];
  readonly diagnostics: readonly { code: string; message: string }[];
}

/** Lays out `html` (with `css` as an author sheet) and returns its fragment tree. */
export function layoutOf(html: string, css = '', options: { format?: PageFormat } = {}): LaidOut {
  const r = layoutFragmentTree({ html, css, options: { format: options.format ?? 'A4', measureText, glyphInk } });
  if (!r.root) throw new Error('the document produced no root fragment');
  return { pages: r.pages, root: r.root, fixed: r.fixed, footnotes: r.footnotes, diagnostics: r.diagnostics.items };
}

/** Every box fragment of an element with this tag (or `#id` / `.class`), in tree order. */
export function boxesOf(root: Fragment, selector: string): BoxFragment[] {
  const out: BoxFragment[] = [];
  const matches = (f: BoxFragment) => {
    const el = f.element;
    if (!el) return false;
    if (selector.startsWith('#')) return el.attrs.id === selector.slice(1);
    if (selector.startsWith('.')) return (el.attrs.class ?? '').split(/\s+/).includes(selector.slice(1));
    return el.tag === selector;
  };
  const walk = (f: Fragment) => {
    if (f.kind === 'box' && matches(f)) out.push(f);
    if (f.kind === 'box' || f.kind === 'line') for (const c of f.children) walk(c);
  };
  walk(root);
  return out;
}

/** The one box of a selector (throws when there is not exactly one). */
export function boxOf(root: Fragment, selector: string): BoxFragment {
  const all = boxesOf(root, selector);
  if (all.length !== 1) throw new Error(`${all.length} boxes match ${selector}`);
  return all[0]!;
}

/** Every line box inside a fragment, in tree order. */
export function linesOf(root: Fragment): LineFragment[] {
  const out: LineFragment[] = [];
  const walk = (f: Fragment) => {
    if (f.kind === 'line') { out.push(f); return; }
    if (f.kind === 'box') for (const c of f.children) walk(c);
  };
  walk(root);
  return out;
}

/** The text of a line (its runs joined), or of every line of a fragment. */
export function textOf(f: Fragment): string {
  if (f.kind === 'line') return f.children.filter((c): c is TextFragment => c.kind === 'text').map((c) => c.text).join('').replace(/\s+/g, ' ').trim();
  return linesOf(f).map(textOf).join('\n');
}

/** The index of the page that shows flow position y. */
export function pageAt(pages: readonly PageFragment[], y: number): number {
  for (let i = pages.length - 1; i >= 0; i--) if (pages[i]!.flowTop <= y + 0.001) return i;
  return 0;
}
