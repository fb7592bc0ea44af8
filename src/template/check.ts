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
// (what a template saves with but its author should see is in ./comments.ts: templateWarnings)
//
// Every problem carries a 1-based line and column in the source as saved.
import { lineColumnAt } from '../textPosition';
import { commentsAsText } from './comments';
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

function syntaxProblem(source: string, err: unknown): TemplateProblem {
  const e = err as { message?: string; lineno?: number; colno?: number };
  const message = String(e.message ?? err).replace(/^\(unknown path\)\s*/, '').replace(/^\[Line \d+, Column \d+\]\s*/, '')
    .split('\n').map((s) => s.trim()).filter(Boolean).join(' ');
  // Nunjucks' parser errors carry a 1-based line and column already (parser.fail adds 1);
  // errors raised at the end of the tokens (an unclosed tag or string) carry none.
  const at = typeof e.lineno === 'number' && typeof e.colno === 'number' && e.lineno > 0 ? { line: e.lineno, column: Math.max(1, e.colno) } : lineColumnAt(source, source.length);
  return { code: 'template-syntax', message, ...at };
}

/** Parses and lints a template's source. An empty list: the template may be saved. */
export function checkTemplate(source: string): TemplateProblem[] {
  let root: NunjucksNode;
  try {
    root = parser.parse(commentsAsText(source), [], {});
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
