// CSS Syntax 3 §5.3–5.4: a stylesheet as a list of rules; rule blocks as lists of
// declarations. Nothing here knows properties or selectors: it only cuts the source up.
import { componentValues, stripWhitespace, type CV } from './syntax';

export interface Declaration {
  /** lower-cased, except custom properties (`--Name`) which are case-sensitive */
  readonly name: string;
  /** the value, whitespace removed, `!important` removed */
  readonly value: CV[];
  readonly important: boolean;
  /** source offset of the property name */
  readonly at: number;
}

export interface StyleRule {
  readonly kind: 'style';
  /** the selector list, whitespace kept (it is the descendant combinator) */
  readonly prelude: CV[];
  readonly declarations: Declaration[];
  /** nested at-rules inside the block (@top-center in @page, ...) */
  readonly atRules: AtRule[];
  readonly at: number;
}

export interface AtRule {
  readonly kind: 'at';
  /** lower-case, without '@' */
  readonly name: string;
  readonly prelude: CV[];
  /** the {} block's content, undefined for statement at-rules (@import ...;) */
  readonly block: CV[] | undefined;
  readonly at: number;
}

export type Rule = StyleRule | AtRule;

/** A syntax error, kept as data so a memoized sheet can report it again for each document. */
export interface SyntaxProblem { readonly message: string; readonly at: number }

export interface ParsedSheet {
  readonly rules: Rule[];
  readonly problems: SyntaxProblem[];
}

export function parseStylesheet(source: string): ParsedSheet {
  const problems: SyntaxProblem[] = [];
  const rules = parseRuleList(componentValues(source), { source, problems }, true);
  return { rules, problems };
}

/** §5.4.1 consume a list of rules. */
export interface ParseContext { readonly source: string; readonly problems: SyntaxProblem[] }

export function parseRuleList(items: readonly CV[], ctx: ParseContext, topLevel = false): Rule[] {
  const rules: Rule[] = [];
  let i = 0;
  while (i < items.length) {
    const item = items[i]!;
    if (item.t === 'ws') { i++; continue; }
    if (item.t === 'at') {
      const prelude: CV[] = [];
      let j = i + 1;
      let block: CV[] | undefined;
      for (; j < items.length; j++) {
        const x = items[j]!;
        if (x.t === 'delim' && x.v === ';') break;
        if (x.t === 'block' && x.open === '{') { block = x.items; break; }
        prelude.push(x);
      }
      rules.push({ kind: 'at', name: item.v, prelude: trimWs(prelude), block, at: item.s });
      i = j + 1;
      continue;
    }
    // qualified rule: prelude up to a {} block
    const prelude: CV[] = [];
    let j = i;
    let found: CV | undefined;
    for (; j < items.length; j++) {
      const x = items[j]!;
      if (x.t === 'block' && x.open === '{') { found = x; break; }
      // a ';' at top level ends garbage (CSS Syntax: qualified rules swallow it; browsers
      // recover the same way inside blocks)
      if (!topLevel && x.t === 'delim' && x.v === ';') break;
      prelude.push(x);
    }
    if (!found) {
      ctx.problems.push({ message: 'Unterminated rule (no "{ … }" block)', at: item.s });
      i = j + 1;
      continue;
    }
    const { declarations, atRules } = parseDeclarationList((found as Extract<CV, { t: 'block' }>).items, ctx);
    rules.push({ kind: 'style', prelude: trimWs(prelude), declarations, atRules, at: item.s });
    i = j + 1;
  }
  return rules;
}

/** §5.4.5 consume a list of declarations (plus nested at-rules, for @page margin boxes). */
export function parseDeclarationList(items: readonly CV[], ctx: ParseContext): { declarations: Declaration[]; atRules: AtRule[] } {
  const declarations: Declaration[] = [];
  const atRules: AtRule[] = [];
  let i = 0;
  while (i < items.length) {
    const item = items[i]!;
    if (item.t === 'ws' || (item.t === 'delim' && item.v === ';')) { i++; continue; }
    if (item.t === 'at') {
      const prelude: CV[] = [];
      let j = i + 1;
      let block: CV[] | undefined;
      for (; j < items.length; j++) {
        const x = items[j]!;
        if (x.t === 'delim' && x.v === ';') break;
        if (x.t === 'block' && x.open === '{') { block = x.items; break; }
        prelude.push(x);
      }
      atRules.push({ kind: 'at', name: item.v, prelude: trimWs(prelude), block, at: item.s });
      i = j + 1;
      continue;
    }
    // collect up to the next top-level ';'
    let j = i;
    const parts: CV[] = [];
    for (; j < items.length; j++) {
      const x = items[j]!;
      if (x.t === 'delim' && x.v === ';') break;
      parts.push(x);
    }
    i = j + 1;
    const decl = toDeclaration(parts);
    if (decl) declarations.push(decl);
    else ctx.problems.push({ message: `Ignored invalid declaration "${preview(parts, ctx.source)}"`, at: item.s });
  }
  return { declarations, atRules };
}

function toDeclaration(parts: CV[]): Declaration | undefined {
  const name = parts[0];
  if (!name || name.t !== 'ident') return undefined;
  let k = 1;
  while (k < parts.length && parts[k]!.t === 'ws') k++;
  const colon = parts[k];
  if (!colon || colon.t !== 'delim' || colon.v !== ':') return undefined;
  let value = stripWhitespace(parts.slice(k + 1));
  let important = false;
  const n = value.length;
  if (n >= 2) {
    const bang = value[n - 2]!, word = value[n - 1]!;
    if (bang.t === 'delim' && bang.v === '!' && word.t === 'ident' && word.v.toLowerCase() === 'important') {
      important = true;
      value = value.slice(0, n - 2);
    }
  }
  const propName = name.v.startsWith('--') ? name.v : name.v.toLowerCase();
  return { name: propName, value, important, at: name.s };
}

function trimWs(items: CV[]): CV[] {
  let s = 0, e = items.length;
  while (s < e && items[s]!.t === 'ws') s++;
  while (e > s && items[e - 1]!.t === 'ws') e--;
  return s === 0 && e === items.length ? items : items.slice(s, e);
}

function preview(parts: readonly CV[], source: string): string {
  const first = parts.find((p) => p.t !== 'ws');
  if (!first) return '';
  const last = parts[parts.length - 1]!;
  const text = source.slice(first.s, last.e).replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
