// Logs never hold a params value (issue #5 "Observability"). A failed render's cause goes to
// the server log (http/middleware/problem.ts), and a JavaScript error thrown while a template
// runs can quote a value from the params: `"x".repeat(n)` with n = -42 fails with
// "RangeError: Invalid count value: -42". So the cause that leaves the render layer keeps
// Nunjucks' own messages (they quote template source, the account's code) and the position,
// but of any other error only its class name.
import { PlatenError } from '../errors';

const NUNJUCKS_POSITION = /\[Line \d+, Column \d+\]/;
/** Nunjucks wraps a runtime error as "(unknown path) [Line 1, Column 3]\n  RangeError: ..." */
const WRAPPED = /^\s*([A-Za-z]*Error|Template render error)\s*:\s*([\s\S]*)$/m;

export function redactCause(err: unknown): Error {
  if (!(err instanceof Error)) return new Error('non-Error thrown');
  const position = NUNJUCKS_POSITION.exec(err.message)?.[0];
  const body = err.message.replace(/^\(unknown path\)[^\n]*\n?/, '');
  const wrapped = WRAPPED.exec(body);
  const kind = wrapped?.[1] ?? err.name;
  // Nunjucks' own errors are plain `Error` / "Template render error"; JavaScript's are typed.
  const own = kind === 'Error' || kind === 'Template render error';
  const detail = (wrapped ? wrapped[2]! : body).trim().split('\n')[0]!.slice(0, 300);
  // where a withheld error was thrown (function and file:line, no message) still helps an operator
  const frame = /^\s*at (?:(\S+) \()?(?:.*[\\/])?([^\\/():]+:\d+):\d+\)?$/m.exec(err.stack ?? '');
  const where = frame ? ` at ${frame[1] ? `${frame[1]} ` : ''}(${frame[2]})` : '';
  const text = own ? `${kind}: ${detail}` : `${kind} (message withheld: it may quote params)${where}`;
  const out = new Error(position ? `${position} ${text}` : text);
  out.name = err.name;
  return out;
}

/** The limits a template can hit while it runs (`range()`), found on the error or its causes. */
function limitOf(err: unknown): { limit: string; max: number; message: string } | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { limit, max } = e as { limit?: unknown; max?: unknown };
    if (e.name === 'TemplateLimitError' && typeof limit === 'string' && typeof max === 'number') return { limit, max, message: e.message };
  }
  return undefined;
}

/**
 * A template that threw, as its author needs to see it: `render_failed` whose detail names the
 * error (Nunjucks' own message, a JavaScript error's class only) and whose `line` and `column`
 * (1-based, in the template source) say where; `limit` and `max` when it hit one. The same
 * text for the API, the dashboard and the CLI. Never a stack, a file path or a params value.
 */
export function templateRenderFailure(err: unknown, source?: string): PlatenError {
  const cause = redactCause(err);
  const e = err as { lineno?: unknown; colno?: unknown };
  const undefinedOutput = err instanceof Error && err.message.includes(UNDEFINED_OUTPUT);
  // Nunjucks counts run-time positions from 0 (lineno/colno of the node that threw), except
  // for the strict-variables error, which it raises 1-based
  const base = undefinedOutput ? 0 : 1;
  const line = typeof e.lineno === 'number' ? e.lineno + base : 0;
  const column = typeof e.colno === 'number' ? e.colno + base : 0;
  const limit = limitOf(err);
  let what = limit?.message ?? cause.message.replace(NUNJUCKS_POSITION, '').trim().replace(/^(Error|Template render error): /, '');
  if (undefinedOutput) {
    const expression = source === undefined ? undefined : outputAt(source, line, column);
    what = `${expression ? `{{ ${expression} }}` : 'an output'} is undefined or null (strict variables: the params do not supply it)`;
  }
  const where = line > 0 ? ` at line ${line}, column ${column}` : '';
  return new PlatenError('render_failed', `The template failed${where}: ${what}`, {
    cause,
    extra: { line, column, ...(limit ? { limit: limit.limit, max: limit.max } : {}) },
  });
}

/** Nunjucks' strict-variables (throwOnUndefined) message */
const UNDEFINED_OUTPUT = 'attempted to output null or undefined value';

/** The `{{ … }}` expression around a 1-based position of the source, shortened; undefined when there is none. */
function outputAt(source: string, line: number, column: number): string | undefined {
  const text = source.split('\n')[line - 1];
  if (text === undefined) return undefined;
  const open = text.lastIndexOf('{{', column);
  const close = text.indexOf('}}', open);
  if (open < 0 || close < 0) return undefined;
  const expression = text.slice(open + 2, close).replace(/^-|-$/g, '').trim();
  return expression.length > 80 ? `${expression.slice(0, 80)}…` : expression;
}
