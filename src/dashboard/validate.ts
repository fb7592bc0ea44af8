// What the dashboard checks before it saves or previews: the template's source (the shared
// save-time check of src/template), the sample params and the global variables as JSON objects
// within the params limits. Every problem names its field and, where there is one, its line.
import { findParamsLimitBreach } from '../http/schemas/paramsLimits';
import { checkTemplate } from '../template';
import { lineColumnAt } from '../textPosition';

export type Field = 'html' | 'css' | 'sample' | 'globals' | 'name' | 'id';

export interface Problem {
  readonly field: Field;
  readonly code: string;
  readonly message: string;
  /** 1-based; 0: the field as a whole */
  readonly line: number;
  readonly column: number;
  /** a warning does not stop saving */
  readonly severity: 'error' | 'warning';
}

/**
 * Where the JSON in `text` first goes wrong: the offset of the first character that cannot
 * continue it (text.length when it ends too soon). JSON.parse says where only for some errors
 * (V8 gives "Unexpected token" with a quote of the text, no position), so this scanner finds it.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++; };
  const fail = (): never => { throw i; };
  const expect = (re: RegExp) => {
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m) fail();
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      ws();
      if (text[i] === close) { i++; return; }
      for (;;) {
        if (c === '{') {
          ws();
          if (text[i] !== '"') fail();
          value();
          ws();
          if (text[i] !== ':') fail();
          i++;
        }
        value();
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === close) { i++; return; }
        fail();
      }
    }
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text.charCodeAt(i) < 0x20) fail();
        if (text[i] === '\\') expect(/\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y);
        else i++;
      }
      if (i >= text.length) fail();
      i++;
      return;
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return expect(/-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y);
    for (const word of ['true', 'false', 'null']) if (text.startsWith(word, i)) { i += word.length; return; }
    fail();
  };
  try {
    value();
    ws();
    return i < text.length ? i : text.length;
  } catch (at) {
    // a number: where it stopped; anything else (a stack overflow on deep nesting): not found
    return typeof at === 'number' ? Math.min(at, text.length) : text.length;
  }
}

/** The JSON object in `text`, or the problem with its line. An empty text is `{}`. */
export function parseJsonObject(text: string, field: Field, what: string): { value?: Record<string, unknown>; problem?: Problem } {
  if (text.trim() === '') return { value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const at = lineColumnAt(text, jsonErrorOffset(text));
    // the reason without V8's position or its quote of the text: the line and column say where
    const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '').replace(/^(Unexpected token '[^']*'),[\s\S]*$/, '$1');
    return { problem: { field, code: 'invalid-json', message: `${what} are not valid JSON: ${reason}`, ...at, severity: 'error' } };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { problem: { field, code: 'not-an-object', message: `${what} must be a JSON object ({ … })`, line: 1, column: 1, severity: 'error' } };
  }
  const breach = findParamsLimitBreach(value as Record<string, unknown>);
  if (breach) {
    const path = breach.path.replace(/^params/, field === 'globals' ? 'global' : 'params');
    return { problem: { field, code: 'params-limit-exceeded', message: `${what} exceed the ${breach.limit} limit (at most ${breach.max}) at ${path}`, line: 0, column: 0, severity: 'error' } };
  }
  if (field === 'sample' && Object.prototype.hasOwnProperty.call(value, 'global')) {
    const at = lineColumnAt(text, text.search(/"global"\s*:/));
    return { problem: { field, code: 'params-reserved-key', message: 'sample params may not have a top-level "global": the account\'s global variables are injected there', ...at, severity: 'error' } };
  }
  return { value: value as Record<string, unknown> };
}

export function templateProblems(html: string): Problem[] {
  return checkTemplate(html).map((p) => ({ field: 'html', code: p.code, message: p.message, line: p.line, column: p.column, severity: 'error' }));
}
