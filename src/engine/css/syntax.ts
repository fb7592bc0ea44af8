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

const CLOSE: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

interface Frame { items: CV[]; open: '(' | '[' | '{' | 'func' | 'top'; name: string; start: number }

/** Parses a whole source into a flat list of component values (comments dropped). */
export function componentValues(source: string): CV[] {
  const top: CV[] = [];
  const stack: Frame[] = [{ items: top, open: 'top', name: '', start: 0 }];
  let frame = stack[0]!;
  const close = (end: number): void => {
    const f = stack.pop()!;
    frame = stack[stack.length - 1]!;
    const node: CV = f.open === 'func'
      ? { t: 'func', name: f.name, args: f.items, s: f.start, e: end }
      : { t: 'block', open: f.open as '(' | '[' | '{', items: f.items, s: f.start, e: end };
    frame.items.push(node);
  };
  tokenize(source, (type, s, e) => {
    const items = frame.items;
    switch (type) {
      case T.Comment: case T.CDO: case T.CDC: return;
      case T.WhiteSpace: if (items.length && items[items.length - 1]!.t !== 'ws') items.push({ t: 'ws', s, e }); return;
      case T.Ident: items.push({ t: 'ident', v: decodeIdent(source.slice(s, e)), s, e }); return;
      case T.AtKeyword: items.push({ t: 'at', v: decodeIdent(source.slice(s + 1, e)).toLowerCase(), s, e }); return;
      case T.Hash: items.push({ t: 'hash', v: decodeIdent(source.slice(s + 1, e)), s, e }); return;
      case T.String: items.push({ t: 'str', v: cssString.decode(source.slice(s, e)), s, e }); return;
      case T.Url: items.push({ t: 'url', v: cssUrl.decode(source.slice(s, e)), s, e }); return;
      case T.BadString: case T.BadUrl: items.push({ t: 'bad', s, e }); return;
      case T.Number: items.push({ t: 'num', v: Number(source.slice(s, e)), s, e }); return;
      case T.Percentage: items.push({ t: 'pct', v: Number(source.slice(s, e - 1)), s, e }); return;
      case T.Dimension: {
        const { value, rest } = splitNumber(source.slice(s, e));
        items.push({ t: 'dim', v: value, unit: decodeIdent(rest).toLowerCase(), s, e });
        return;
      }
      case T.Delim: items.push({ t: 'delim', v: source[s]!, s, e }); return;
      case T.Colon: items.push({ t: 'delim', v: ':', s, e }); return;
      case T.Semicolon: items.push({ t: 'delim', v: ';', s, e }); return;
      case T.Comma: items.push({ t: 'delim', v: ',', s, e }); return;
      case T.Function: {
        const name = decodeIdent(source.slice(s, e - 1)).toLowerCase();
        frame = { items: [], open: 'func', name, start: s };
        stack.push(frame);
        return;
      }
      case T.LeftParenthesis: case T.LeftSquareBracket: case T.LeftCurlyBracket: {
        frame = { items: [], open: source[s] as '(' | '[' | '{', name: '', start: s };
        stack.push(frame);
        return;
      }
      case T.RightParenthesis: case T.RightSquareBracket: case T.RightCurlyBracket: {
        const ch = source[s]!;
        const expected = frame.open === 'func' ? ')' : frame.open === 'top' ? '' : CLOSE[frame.open];
        if (ch === expected) { close(e); return; }
        // A stray closer: CSS Syntax says it is a preserved token. A closer that matches an
        // outer frame closes the inner frames first (error recovery at end of a block).
        for (let i = stack.length - 2; i >= 1; i--) {
          const f = stack[i]!;
          const exp = f.open === 'func' ? ')' : CLOSE[f.open];
          if (exp === ch && ch === '}') { while (stack.length - 1 > i) close(s); close(e); return; }
        }
        items.push({ t: 'delim', v: ch, s, e });
        return;
      }
      default:
        items.push({ t: 'bad', s, e });
    }
  });
  while (stack.length > 1) close(source.length);
  return top;
}

function decodeIdent(text: string): string {
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

/** Serializes component values back to CSS text (for values kept as text, e.g. box-shadow). */
export function serialize(items: readonly CV[]): string {
  let out = '';
  for (const item of items) {
    if (out && item.t !== 'delim' && !out.endsWith(' ') && !out.endsWith('(')) out += ' ';
    if (item.t === 'delim' && item.v === ',') { out += ', '; continue; }
    out += serializeOne(item);
  }
  return out.trim();
}

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
