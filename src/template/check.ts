// The save-time check of a template's source: the one function every way of saving a template
// calls (the API, the CLI, the dashboard). It parses with Nunjucks' own parser, so what passes
// here compiles, and walks the tree for what Platen refuses:
//
//   template-syntax           the source does not parse (line and column of the token Nunjucks stopped at)
//   template-blocked-name     a name or literal property that reaches JavaScript internals (./env.ts)
//   template-include-refused  include / import / from-import / extends: there is no loader
//   template-unknown-filter   `x | nope`: a filter the environment does not have
//   template-unknown-test     `x is nope`: a test the environment does not have
//
// Every problem carries a 1-based line and column in the source as saved.
import { env, isBlocked, parser, type NunjucksNode } from './env';

export type TemplateProblemCode = 'template-syntax' | 'template-blocked-name' | 'template-include-refused' | 'template-unknown-filter' | 'template-unknown-test';

/** A problem in a template found when it is saved. */
export interface TemplateProblem {
  readonly code: TemplateProblemCode;
  readonly message: string;
  /** 1-based */
  readonly line: number;
  /** 1-based */
  readonly column: number;
}

export class TemplateRefusedError extends Error {
  constructor(readonly problems: readonly TemplateProblem[]) {
    super(problems.map((p) => `${p.line}:${p.column}: ${p.message}`).join('\n'));
    this.name = 'TemplateRefusedError';
  }
}

// The environment's registries: a filter or test added to `env` is known here at once.
const registry = env as unknown as { filters: Record<string, unknown>; tests: Record<string, unknown> };
const own = (table: Record<string, unknown>, name: string) => Object.prototype.hasOwnProperty.call(table, name);

/** The line and column just after the last character: where "unexpected end of file" points. */
function endOf(source: string): { line: number; column: number } {
  const lines = source.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** The 1-based line and column of a string offset. */
function positionOf(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/**
 * The offset of the `{#` that opens a comment never closed, scanning as Nunjucks' lexer does:
 * in text, the first of `{{`, `{%`, `{#` opens a tag or comment; a comment ends at the first
 * `#}`, a tag at its closing delimiter, `{% raw %}` and `{% verbatim %}` at their end tags.
 */
function unclosedCommentAt(source: string): number | undefined {
  let i = 0;
  for (;;) {
    const open = source.indexOf('{', i);
    if (open < 0 || open + 1 >= source.length) return undefined;
    const kind = source[open + 1];
    if (kind === '#') {
      const close = source.indexOf('#}', open + 2);
      if (close < 0) return open;
      i = close + 2;
    } else if (kind === '%' || kind === '{') {
      const end = source.indexOf(kind === '%' ? '%}' : '}}', open + 2);
      if (end < 0) return undefined;
      const raw = kind === '%' ? /^\s*-?\s*(raw|verbatim)\s*-?\s*$/.exec(source.slice(open + 2, end)) : null;
      if (raw) {
        const endTag = new RegExp(`\\{%-?\\s*end${raw[1]}\\s*-?%\\}`, 'g');
        endTag.lastIndex = end + 2;
        const m = endTag.exec(source);
        if (!m) return undefined;
        i = m.index + m[0].length;
      } else i = end + 2;
    } else i = open + 1;
  }
}

function syntaxProblem(source: string, err: unknown): TemplateProblem {
  const e = err as { message?: string; lineno?: number; colno?: number };
  const message = String(e.message ?? err).replace(/^\(unknown path\)\s*/, '').replace(/^\[Line \d+, Column \d+\]\s*/, '')
    .split('\n').map((s) => s.trim()).filter(Boolean).join(' ');
  // an unclosed comment is reported where its `{#` opens: in a minified stylesheet `}{#id`
  // (a rule ending before an id selector) is the usual cause, far from the end of the file
  if (/expected end of comment/.test(message)) {
    const open = unclosedCommentAt(source);
    if (open !== undefined) {
      const after = /^\{#[A-Za-z_-][\w-]*/.exec(source.slice(open))?.[0];
      const hint = after ? ` (in CSS, "${after}" is an id selector after "{": write "{ ${after.slice(1)}" with a space, or put the stylesheet inside {% raw %}…{% endraw %})` : '';
      return { code: 'template-syntax', message: `a comment opened by "{#" here is never closed by "#}"${hint}`, ...positionOf(source, open) };
    }
  }
  // Nunjucks' parser errors carry a 1-based line and column already (parser.fail adds 1);
  // errors raised at the end of the tokens (an unclosed tag or string) carry none.
  const at = typeof e.lineno === 'number' && typeof e.colno === 'number' && e.lineno > 0 ? { line: e.lineno, column: Math.max(1, e.colno) } : endOf(source);
  return { code: 'template-syntax', message, ...at };
}

/** Parses and lints a template's source. An empty list: the template may be saved. */
export function checkTemplate(source: string): TemplateProblem[] {
  let root: NunjucksNode;
  try {
    root = parser.parse(source, [], {});
  } catch (err) {
    return [syntaxProblem(source, err)];
  }
  const problems: TemplateProblem[] = [];
  // tree nodes carry 0-based positions
  const at = (n: NunjucksNode) => ({ line: n.lineno + 1, column: n.colno + 1 });
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as NunjucksNode;
    switch (n.typename) {
      case 'Symbol':
        if (isBlocked(n.value)) problems.push({ code: 'template-blocked-name', message: `the name "${String(n.value)}" is blocked (it can reach JavaScript internals)`, ...at(n) });
        break;
      case 'LookupVal': {
        const val = n.val as NunjucksNode | undefined;
        if (val && val.typename === 'Literal' && isBlocked(val.value)) problems.push({ code: 'template-blocked-name', message: `the property "${String(val.value)}" is blocked (it can reach JavaScript internals)`, ...at(val) });
        break;
      }
      case 'Filter': case 'FilterAsync': {
        const name = (n.name as NunjucksNode | undefined)?.value;
        if (typeof name === 'string' && !own(registry.filters, name)) {
          problems.push({ code: 'template-unknown-filter', message: `unknown filter "${name}"`, ...at(n.name as NunjucksNode) });
        }
        break;
      }
      case 'Is': {
        const right = n.right as NunjucksNode | undefined;
        const nameNode = right?.typename === 'FunCall' ? right.name as NunjucksNode | undefined : right;
        const name = nameNode?.typename === 'Symbol' ? nameNode.value : undefined;
        if (typeof name === 'string' && !own(registry.tests, name)) {
          problems.push({ code: 'template-unknown-test', message: `unknown test "${name}"`, ...at(nameNode!) });
        }
        break;
      }
      case 'Include': case 'Import': case 'FromImport': case 'Extends':
        problems.push({ code: 'template-include-refused', message: `${n.typename.toLowerCase()} is not supported: a template is one self-contained document (use macros inside it)`, ...at(n) });
        break;
      default:
        break;
    }
    for (const field of n.fields ?? []) {
      const child = n[field];
      if (Array.isArray(child)) child.forEach(visit); else visit(child);
    }
  };
  visit(root);
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Throws TemplateRefusedError when checkTemplate finds problems. */
export function assertTemplateAcceptable(source: string): void {
  const problems = checkTemplate(source);
  if (problems.length) throw new TemplateRefusedError(problems);
}
