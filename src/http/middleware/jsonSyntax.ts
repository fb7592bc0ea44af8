// Where a JSON text first breaks RFC 8259, for invalid_json's `line` and `column`. V8's
// JSON.parse names a position for only some errors and quotes the body in its message, so the
// body middleware runs this scanner after a failed parse instead of reading V8's message.
import { lineColumnAt } from '../../textPosition';

export interface JsonSyntaxError {
  /** 1-based line (LF, CRLF or CR ends a line) */
  line: number;
  /** 1-based column, in UTF-16 code units from the line's start */
  column: number;
  /** what was expected or found there, without quoting the body */
  reason: string;
}

class Broken extends Error {
  constructor(readonly offset: number, readonly reason: string) { super(reason); }
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The first syntax error of `text` as JSON, or undefined when it parses. Nesting is bounded by the caller. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const ws = () => { while (i < text.length && WS.has(text.charCodeAt(i))) i++; };
  const fail = (reason: string): never => { throw new Broken(i, i >= text.length ? `unexpected end of input (${reason})` : reason); };
  const literal = (word: string) => {
    for (let k = 0; k < word.length; k++, i++) if (text[i] !== word[k]) fail(`expected "${word}"`);
  };
  const digits = () => { const s = i; while (i < text.length && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++; if (i === s) fail('expected a digit'); };
  const number = () => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++; else digits();
    if (text[i] === '.') { i++; digits(); }
    if (text[i] === 'e' || text[i] === 'E') { i++; if (text[i] === '+' || text[i] === '-') i++; digits(); }
  };
  const string = () => {
    i++; // the opening quote
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) { i++; return; }
      if (c < 0x20) fail('control character in a string (escape it)');
      if (c === 0x5c) {
        i++;
        const e = text[i];
        if (e === 'u') { i++; for (let k = 0; k < 4; k++, i++) if (!/[0-9a-fA-F]/.test(text[i] ?? '')) fail('expected 4 hex digits after \\u'); continue; }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) fail('invalid escape in a string');
      }
      i++;
    }
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++; ws();
      if (text[i] === '}') { i++; return; }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a property name in double quotes');
        string(); ws();
        if (text[i] !== ':') fail('expected ":" after a property name');
        i++; value(); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return; }
        fail('expected "," or "}" after a property value');
      }
    }
    if (c === '[') {
      i++; ws();
      if (text[i] === ']') { i++; return; }
      for (;;) {
        value(); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return; }
        fail('expected "," or "]" after an array element');
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    fail('expected a value');
  };
  try {
    value(); ws();
    if (i < text.length) fail('unexpected text after the JSON value');
    return undefined;
  } catch (err) {
    if (!(err instanceof Broken)) throw err;
    return { ...lineColumnAt(text, err.offset), reason: err.reason };
  }
}
