// Where an offset in a text is, as an author's editor shows it: a 1-based line and column
// (UTF-16 code units). A line ends at LF, CRLF or a lone CR. Every located message that is
// not the engine's (template warnings and refusals, the dashboard's JSON fields, a request's
// malformed JSON body) takes its line and column from here.

export interface LineColumn { readonly line: number; readonly column: number }

/** The line and column of `offset` in `text`; an offset past the end is the end. */
export function lineColumnAt(text: string, offset: number): LineColumn {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let start = 0;
  for (let k = 0; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(k + 1) !== 0x0a)) { line++; start = k + 1; }
  }
  return { line, column: end - start + 1 };
}
