// CSS Syntax 3 §5.3–5.4: a stylesheet as a list of rules; rule blocks as lists of
// declarations. Nothing here knows properties or selectors: it only cuts the source up.
// Blocks are kept as token ranges and read on demand (a 1.4 MB framework sheet has
// thousands of rules a given document never uses).
import { TokenStream, type CV } from './syntax';

const T = TokenStream.T;

export interface Declaration {
  /** lower-cased, except custom properties (`--Name`) which are case-sensitive */
  readonly name: string;
  /** the value, whitespace removed, `!important` removed */
  readonly value: CV[];
  readonly important: boolean;
  /** source offset of the property name */
  readonly at: number;
}

/** Whether a block holds any {} block (nested rules or at-rules): a cheap scan of token types. */
export function hasNestedBlock(block: BlockRef): boolean {
  for (let i = block.from; i < block.to; i++) if (block.ts.types[i] === T.LeftCurlyBracket) return true;
  return false;
}

/** A `{}` block's content as a token range, read with parseDeclarations / parseRules. */
export interface BlockRef {
  readonly ts: TokenStream;
  readonly from: number;
  readonly to: number;
}

export interface StyleRule {
  readonly kind: 'style';
  /** the selector list as a token range (read it with preludeValues: whitespace kept, it is the descendant combinator) */
  readonly prelude: BlockRef;
  readonly block: BlockRef;
  readonly at: number;
}

export interface AtRule {
  readonly kind: 'at';
  /** lower-case, without '@' */
  readonly name: string;
  /** whitespace kept */
  readonly prelude: CV[];
  /** undefined for statement at-rules (@import ...;) */
  readonly block: BlockRef | undefined;
  readonly at: number;
}

export type Rule = StyleRule | AtRule;

/** A syntax error, kept as data so a memoized sheet can report it again for each document. */
export interface SyntaxProblem { readonly message: string; readonly at: number }

export interface ParseContext { readonly problems: SyntaxProblem[] }

export function parseStylesheet(source: string, ctx: ParseContext): Rule[] {
  const ts = new TokenStream(source);
  return parseRules({ ts, from: 0, to: ts.count }, ctx, true);
}

/**
 * §5.4.2 consume an at-rule starting at the at-keyword token `i`: its prelude up to a `;` or
 * a `{}` block (which it keeps, unparsed), and the index of the token after it.
 */
function consumeAtRule(ts: TokenStream, i: number, to: number): { rule: AtRule; next: number } {
  const { types, starts, match } = ts;
  let j = i + 1;
  let block: BlockRef | undefined;
  for (; j < to; j++) {
    const t = types[j]!;
    if (t === T.Semicolon) break;
    if (t === T.LeftCurlyBracket) { block = { ts, from: j + 1, to: Math.min(match[j]!, to) }; break; }
    if (ts.isOpener(j)) j = match[j]!;
  }
  const name = ts.source.slice(starts[i]! + 1, ts.ends[i]!).toLowerCase();
  return { rule: { kind: 'at', name, prelude: trimWs(ts.values(i + 1, Math.min(j, to), true)), block, at: starts[i]! }, next: block ? block.to + 1 : j + 1 };
}

/** §5.4.1 consume a list of rules. */
export function parseRules(block: BlockRef, ctx: ParseContext, topLevel = false): Rule[] {
  const { ts, to } = block;
  const { types, starts, match } = ts;
  const rules: Rule[] = [];
  let i = block.from;
  while (i < to) {
    const type = types[i]!;
    if (type === T.WhiteSpace || type === T.CDO || type === T.CDC || (!topLevel && type === T.Semicolon)) { i++; continue; }
    if (type === T.AtKeyword) {
      const { rule, next } = consumeAtRule(ts, i, to);
      rules.push(rule);
      i = next;
      continue;
    }
    // qualified rule: prelude up to a {} block
    let j = i;
    let body: BlockRef | undefined;
    for (; j < to; j++) {
      const t = types[j]!;
      if (t === T.LeftCurlyBracket) { body = { ts, from: j + 1, to: Math.min(match[j]!, to) }; break; }
      if (!topLevel && t === T.Semicolon) break;
      if (ts.isOpener(j)) j = match[j]!;
    }
    if (!body) {
      ctx.problems.push({ message: 'Unterminated rule (no "{ … }" block)', at: starts[i]! });
      i = j + 1;
      continue;
    }
    rules.push({ kind: 'style', prelude: { ts, from: i, to: j }, block: body, at: starts[i]! });
    i = body.to + 1;
  }
  return rules;
}

/**
 * §5.4.4 consume a block's contents: declarations, nested at-rules (@page margin boxes,
 * @media inside a rule) and nested style rules (CSS Nesting 1: `.a { .b { } &:hover { } }`).
 */
export function parseDeclarations(block: BlockRef, ctx: ParseContext): { declarations: Declaration[]; atRules: AtRule[]; rules: StyleRule[] } {
  const { ts, to } = block;
  const { types, starts, match, source } = ts;
  const declarations: Declaration[] = [];
  const atRules: AtRule[] = [];
  const rules: StyleRule[] = [];
  let i = block.from;
  while (i < to) {
    const type = types[i]!;
    if (type === T.WhiteSpace || type === T.Semicolon) { i++; continue; }
    if (type === T.AtKeyword) {
      const { rule, next } = consumeAtRule(ts, i, to);
      atRules.push(rule);
      i = next;
      continue;
    }
    // up to the next top-level ';', or a nested rule's {} block
    let j = i;
    let brace = -1;
    for (; j < to; j++) {
      if (types[j] === T.Semicolon) break;
      if (types[j] === T.LeftCurlyBracket && brace < 0 && !source.startsWith('--', starts[i]!)) { brace = j; break; }
      if (ts.isOpener(j)) j = match[j]!;
    }
    if (brace >= 0) {
      const body: BlockRef = { ts, from: brace + 1, to: Math.min(match[brace]!, to) };
      rules.push({ kind: 'style', prelude: { ts, from: i, to: brace }, block: body, at: starts[i]! });
      i = body.to + 1;
      continue;
    }
    const end = Math.min(j, to);
    const decl = toDeclaration(ts, i, end);
    if (decl) declarations.push(decl);
    else ctx.problems.push({ message: `Ignored invalid declaration "${preview(source, starts[i]!, ts.ends[Math.max(i, end - 1)] ?? starts[i]!)}"`, at: starts[i]! });
    i = j + 1;
  }
  return { declarations, atRules, rules };
}

function toDeclaration(ts: TokenStream, from: number, to: number): Declaration | undefined {
  const { types, starts, ends, source } = ts;
  if (types[from] !== T.Ident) return undefined;
  let k = from + 1;
  while (k < to && types[k] === T.WhiteSpace) k++;
  if (k >= to || types[k] !== T.Colon) return undefined;
  const rawName = source.slice(starts[from]!, ends[from]!);
  const name = rawName.startsWith('--') ? rawName : rawName.toLowerCase();
  let value = ts.values(k + 1, to, false);
  let important = false;
  const n = value.length;
  if (n >= 2) {
    const bang = value[n - 2]!, word = value[n - 1]!;
    if (bang.t === 'delim' && bang.v === '!' && word.t === 'ident' && word.v.toLowerCase() === 'important') {
      important = true;
      value = value.slice(0, n - 2);
    }
  }
  return { name, value, important, at: starts[from]! };
}

/** A declaration list written on its own (a style="" attribute). */
export function parseDeclarationText(text: string, ctx: ParseContext): Declaration[] {
  const ts = new TokenStream(text);
  return parseDeclarations({ ts, from: 0, to: ts.count }, ctx).declarations;
}

/** A range's component values, whitespace kept but trimmed at both ends. */
export function preludeValues(ref: BlockRef): CV[] {
  return trimWs(ref.ts.values(ref.from, ref.to, true));
}

function trimWs(items: CV[]): CV[] {
  let s = 0, e = items.length;
  while (s < e && items[s]!.t === 'ws') s++;
  while (e > s && items[e - 1]!.t === 'ws') e--;
  return s === 0 && e === items.length ? items : items.slice(s, e);
}

function preview(source: string, from: number, to: number): string {
  const text = source.slice(from, to).replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
