// Logs never hold a params value (issue #5 "Observability"). A failed render's cause goes to
// the server log (http/middleware/problem.ts), and a JavaScript error thrown while a template
// runs can quote a value from the params: `"x".repeat(n)` with n = -42 fails with
// "RangeError: Invalid count value: -42". So the cause that leaves the render layer keeps
// Nunjucks' own messages (they quote template source, the account's code) and the position,
// but of any other error only its class name.
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
