// Nunjucks' lexer opens a comment at every `{#` in text and fails at the end of the file when no
// `#}` closes it. A `{#` that no `#}` follows cannot be a comment: it is text, as a browser reads
// it. Minified stylesheets have it wherever a rule before an id selector ends (`}{#toc`, or
// `@media screen{#toctitle` in Asciidoctor's default CSS). Such a `{#` compiles as text with a
// warning at its line and column instead of refusing the template.
//
// The `#` of each such `{#` is swapped for U+FDD0, a noncharacter (Unicode reserves it for a
// program's internal use), so the lexer sees text and every line and column stays where it was;
// the rendered output gets its `#` back. This module loads no Nunjucks: the HTTP thread uses it.
import { lineColumnAt } from '../textPosition';

/** Something in a template that is not what its author may have meant, though it renders. */
export interface TemplateWarning {
  readonly code: 'template-comment-as-text';
  readonly message: string;
  /** 1-based */
  readonly line: number;
  /** 1-based */
  readonly column: number;
}

/** What stands for the `#` of an unclosed `{#` while Nunjucks compiles and renders. */
const HASH = '\uFDD0';

/**
 * The offsets of the `{#` that open a comment never closed, scanning as Nunjucks' lexer does:
 * in text, the first of `{{`, `{%`, `{#` opens a tag or comment; a comment ends at the first
 * `#}`, a tag at its closing delimiter, `{% raw %}` and `{% verbatim %}` at their end tags.
 */
export function unclosedComments(source: string): number[] {
  const found: number[] = [];
  let i = 0;
  for (;;) {
    const open = source.indexOf('{', i);
    if (open < 0 || open + 1 >= source.length) return found;
    const kind = source[open + 1];
    if (kind === '#') {
      const close = source.indexOf('#}', open + 2);
      if (close < 0) found.push(open);
      i = close < 0 ? open + 2 : close + 2;
    } else if (kind === '%' || kind === '{') {
      const end = source.indexOf(kind === '%' ? '%}' : '}}', open + 2);
      if (end < 0) return found;
      const raw = kind === '%' ? /^\s*-?\s*(raw|verbatim)\s*-?\s*$/.exec(source.slice(open + 2, end)) : null;
      if (raw) {
        const endTag = new RegExp(`\\{%-?\\s*end${raw[1]}\\s*-?%\\}`, 'g');
        endTag.lastIndex = end + 2;
        const m = endTag.exec(source);
        if (!m) return found;
        i = m.index + m[0].length;
      } else i = end + 2;
    } else i = open + 1;
  }
}

/** The source as Nunjucks is given it: each unclosed `{#` made text (same length). */
export function commentsAsText(source: string, opens: readonly number[] = unclosedComments(source)): string {
  if (!opens.length) return source;
  const parts: string[] = [];
  let from = 0;
  for (const at of opens) { parts.push(source.slice(from, at + 1), HASH); from = at + 2; }
  parts.push(source.slice(from));
  return parts.join('');
}

/** Rendered output with the `#` of each unclosed `{#` back. */
export const restoreHashes = (out: string): string => (out.includes(HASH) ? out.split(HASH).join('#') : out);

/** What a template may be saved with but its author should see: each `{#` that prints as text. */
export function templateWarnings(source: string): TemplateWarning[] {
  return unclosedComments(source).map((open) => {
    const after = /^\{#[A-Za-z_-][\w-]*/.exec(source.slice(open))?.[0];
    const cause = after ? ` (in CSS, "${after}" is an id selector after "{")` : '';
    return { code: 'template-comment-as-text', message: `"{#" here is never closed by "#}", so it is not a comment: it prints as text${cause}`, ...lineColumnAt(source, open) };
  });
}
