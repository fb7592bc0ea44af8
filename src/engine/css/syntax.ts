// CSS Syntax 3 §5 component values. css-tree's tokenizer (§4) cuts the source into
// tokens; this module folds them into component values: preserved tokens, functions and
// simple blocks, each carrying its source offset so diagnostics can say line:column.
import { tokenize, tokenTypes as T, ident as cssIdent, string as cssString, url as cssUrl } from 'css-tree';

/** One component value. `s` is the start offset in the source, `e` the end (exclusive). */
export type CV =
  | { readonly t: 'ident'; readonly v: string; readonly s: number; readonly e: number }
  | { readonly t: 'at'; readonly v: string; readonly s: number; readonly e: number }
  | { readonly t: 'hash'; readonly v: string; readonly s: number; readonly e: number }
  | { readonly t: 'str'; readonly v: string; readonly s: number; readonly e: number }
  | { readonly t: 'url'; readonly v: string; readonly s: number; readonly e: number }
  | { readonly t: 'num'; readonly v: number; readonly s: number; readonly e: number }
  | { readonly t: 'pct'; readonly v: number; readonly s: number; readonly e: number }
  | { readonly t: 'dim'; readonly v: number; readonly unit: string; readonly s: number; readonly e: number }
  /** single-character delimiters, plus ',' ':' ';' */
  | { readonly t: 'delim'; readonly v: string; readonly s: number; readonly e: number }
  | { readonly t: 'ws'; readonly s: number; readonly e: number }
  | { readonly t: 'bad'; readonly s: number; readonly e: number }
  | { readonly t: 'func'; readonly name: string; readonly args: CV[]; readonly s: number; readonly e: number }
  | { readonly t: 'block'; readonly open: '(' | '[' | '{'; readonly items: CV[]; readonly s: number; readonly e: number };

const NUMBER_PREFIX = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;

function splitNumber(text: string): { value: number; rest: string } {
  const m = NUMBER_PREFIX.exec(text);
  if (!m) return { value: NaN, rest: text };
  return { value: Number(m[0]), rest: text.slice(m[0].length) };
}

/** Functions and blocks nested deeper than this become a bad token (no recursion without end). */
const MAX_NESTING = 64;

/**
 * A source cut into tokens (comments dropped), held in flat typed arrays: cheap to build
 * for a megabyte of Bootstrap, and component values are only made for the ranges that are
 * read. `match[i]` is, for an opening token ({ [ ( or a function), the index of its closer
 * (or `count` when unclosed, CSS Syntax 3 §5.4.8: EOF closes blocks).
 */
export class TokenStream {
  readonly types: Uint8Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly match: Int32Array;
  readonly count: number;

  constructor(readonly source: string) {
    let cap = Math.max(16, source.length >> 2);
    let types = new Uint8Array(cap), starts = new Int32Array(cap), ends = new Int32Array(cap);
    let n = 0;
    tokenize(source, (type, s, e) => {
      if (type === T.Comment) return;
      if (n === cap) {
        cap *= 2;
        const t2 = new Uint8Array(cap); t2.set(types); types = t2;
        const s2 = new Int32Array(cap); s2.set(starts); starts = s2;
        const e2 = new Int32Array(cap); e2.set(ends); ends = e2;
      }
      types[n] = type; starts[n] = s; ends[n] = e; n++;
    });
    this.types = types; this.starts = starts; this.ends = ends; this.count = n;
    const match = new Int32Array(n).fill(-1);
    const stack: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = types[i]!;
      if (t === T.Function || t === T.LeftParenthesis || t === T.LeftSquareBracket || t === T.LeftCurlyBracket) { stack.push(i); continue; }
      if (t === T.RightParenthesis || t === T.RightSquareBracket || t === T.RightCurlyBracket) {
        const top = stack[stack.length - 1];
        if (top === undefined) continue;
        const open = types[top]!;
        const expected = open === T.LeftSquareBracket ? T.RightSquareBracket : open === T.LeftCurlyBracket ? T.RightCurlyBracket : T.RightParenthesis;
        if (t === expected) { match[top] = i; stack.pop(); }
        // otherwise a preserved token inside the open block (CSS Syntax 3 §5.4.8)
      }
    }
    for (const open of stack) match[open] = n;
    this.match = match;
  }

  /** The token type constants (css-tree's tokenTypes). */
  static readonly T = T;

  isOpener(i: number): boolean {
    const t = this.types[i]!;
    return t === T.Function || t === T.LeftParenthesis || t === T.LeftSquareBracket || t === T.LeftCurlyBracket;
  }

  /** Component values for tokens [from, to); whitespace dropped when `keepWhitespace` is false. */
  values(from: number, to: number, keepWhitespace: boolean, depth = 0): CV[] {
    const out: CV[] = [];
    const { types, starts, ends, match, source } = this;
    for (let i = from; i < to; i++) {
      const type = types[i]!, s = starts[i]!, e = ends[i]!;
      switch (type) {
        case T.CDO: case T.CDC: break;
        case T.WhiteSpace: if (keepWhitespace && out.length && out[out.length - 1]!.t !== 'ws') out.push({ t: 'ws', s, e }); break;
        case T.Ident: out.push({ t: 'ident', v: decodeIdent(source.slice(s, e)), s, e }); break;
        case T.AtKeyword: out.push({ t: 'at', v: decodeIdent(source.slice(s + 1, e)).toLowerCase(), s, e }); break;
        case T.Hash: out.push({ t: 'hash', v: decodeIdent(source.slice(s + 1, e)), s, e }); break;
        case T.String: out.push({ t: 'str', v: cssString.decode(source.slice(s, e)), s, e }); break;
        case T.Url: out.push({ t: 'url', v: cssUrl.decode(source.slice(s, e)), s, e }); break;
        case T.BadString: case T.BadUrl: out.push({ t: 'bad', s, e }); break;
        case T.Number: out.push({ t: 'num', v: Number(source.slice(s, e)), s, e }); break;
        case T.Percentage: out.push({ t: 'pct', v: Number(source.slice(s, e - 1)), s, e }); break;
        case T.Dimension: {
          const { value, rest } = splitNumber(source.slice(s, e));
          out.push({ t: 'dim', v: value, unit: decodeIdent(rest).toLowerCase(), s, e });
          break;
        }
        case T.Delim: out.push({ t: 'delim', v: source[s]!, s, e }); break;
        case T.Colon: out.push({ t: 'delim', v: ':', s, e }); break;
        case T.Semicolon: out.push({ t: 'delim', v: ';', s, e }); break;
        case T.Comma: out.push({ t: 'delim', v: ',', s, e }); break;
        case T.Function: {
          const close = match[i]!;
          if (depth >= MAX_NESTING) { out.push({ t: 'bad', s, e }); i = close; break; }
          const name = decodeIdent(source.slice(s, e - 1)).toLowerCase();
          out.push({ t: 'func', name, args: this.values(i + 1, Math.min(close, to), keepWhitespace, depth + 1), s, e: close < this.count ? ends[close]! : source.length });
          i = close;
          break;
        }
        case T.LeftParenthesis: case T.LeftSquareBracket: case T.LeftCurlyBracket: {
          const close = match[i]!;
          if (depth >= MAX_NESTING) { out.push({ t: 'bad', s, e }); i = close; break; }
          out.push({ t: 'block', open: source[s] as '(' | '[' | '{', items: this.values(i + 1, Math.min(close, to), keepWhitespace, depth + 1), s, e: close < this.count ? ends[close]! : source.length });
          i = close;
          break;
        }
        case T.RightParenthesis: case T.RightSquareBracket: case T.RightCurlyBracket:
          out.push({ t: 'delim', v: source[s]!, s, e });
          break;
        default:
          out.push({ t: 'bad', s, e });
      }
    }
    return out;
  }
}

/** Parses a whole (short) source into component values, whitespace kept. */
export function componentValues(source: string): CV[] {
  const ts = new TokenStream(source);
  return ts.values(0, ts.count, true);
}

export function decodeIdent(text: string): string {
  return text.includes('\\') ? cssIdent.decode(text) : text;
}

/** The value with whitespace removed at every depth (values never need it: the tokenizer already split signs). */
export function stripWhitespace(items: readonly CV[]): CV[] {
  const out: CV[] = [];
  for (const item of items) {
    if (item.t === 'ws') continue;
    if (item.t === 'func') out.push({ ...item, args: stripWhitespace(item.args) });
    else if (item.t === 'block') out.push({ ...item, items: stripWhitespace(item.items) });
    else out.push(item);
  }
  return out;
}

/** Splits a value at top-level commas. */
export function splitCommas(items: readonly CV[]): CV[][] {
  const out: CV[][] = [[]];
  for (const item of items) {
    if (item.t === 'delim' && item.v === ',') out.push([]);
    else out[out.length - 1]!.push(item);
  }
  return out;
}

/** Serializes component values back to CSS text (for values kept as text, e.g. background-size). */
export function serialize(items: readonly CV[]): string {
  let out = '';
  for (const item of items) {
    if (out && item.t !== 'delim' && !out.endsWith(' ') && !out.endsWith('(')) out += ' ';
    if (item.t === 'delim' && item.v === ',') { out += ', '; continue; }
    out += serializeOne(item);
  }
  return out.trim();
}

const CLOSE: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

function serializeOne(item: CV): string {
  switch (item.t) {
    case 'ident': return item.v;
    case 'at': return `@${item.v}`;
    case 'hash': return `#${item.v}`;
    case 'str': return JSON.stringify(item.v);
    case 'url': return `url(${JSON.stringify(item.v)})`;
    case 'num': return String(item.v);
    case 'pct': return `${item.v}%`;
    case 'dim': return `${item.v}${item.unit}`;
    case 'delim': return item.v;
    case 'ws': return ' ';
    case 'bad': return '';
    case 'func': return `${item.name}(${serialize(item.args)})`;
    case 'block': return `${item.open}${serialize(item.items)}${CLOSE[item.open]}`;
  }
}

export { LineIndex } from '../dom/lines';
