// The Nunjucks environment: autoescape on, no loader (nothing is read from the file system).
//
// Nunjucks is NOT a sandbox. Template authors are trusted like developers (README,
// "Security"). Still, the known escapes are closed here, twice:
//   1. at save time, checkTemplate() refuses a template that names a blocked property
//      (`constructor`, `__proto__`, `prototype`, `__defineGetter__`, ...) or uses
//      include / import / extends (there is no loader, so they could never work);
//   2. at render time the runtime's two lookup functions return `undefined` for blocked
//      names, so a name computed at run time (`x[name]`) cannot reach them either.
// Params are data, never code: they are passed as context values and Nunjucks does not
// re-evaluate output, so a param "{{ 7*7 }}" renders as that text.
import nunjucks from 'nunjucks';
import { commentsAsText, restoreHashes, unclosedComments } from './comments';
import { env, isBlocked, strictEnv } from './env';

export { BLOCKED_NAMES, MAX_RANGE_LENGTH, TemplateLimitError } from './env';
export { checkTemplate, assertTemplateAcceptable, TemplateRefusedError, type TemplateProblem, type TemplateProblemCode } from './check';
export { templateWarnings, type TemplateWarning } from './comments';

export interface TemplateContext {
  readonly params: Record<string, unknown>;
  readonly globals: Record<string, unknown>;
}

/**
 * The context a template sees: `{...params, global}`. Top-level keys that Nunjucks would
 * turn into a prototype assignment (`__proto__`) or that are blocked anyway are dropped,
 * so params cannot change what other names resolve to.
 */
function contextFor(context: TemplateContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(context.params)) {
    if (isBlocked(key) || key === 'global') continue;
    Object.defineProperty(out, key, { value: context.params[key], enumerable: true, writable: true, configurable: true });
  }
  out.global = context.globals;
  return out;
}

export interface CompiledTemplate {
  /** Renders with `{...params, global}`; throws on a template error (undefined names render empty unless strict). */
  render(context: TemplateContext): string;
}

export interface CompileOptions {
  /** outputting an undefined or null value is an error at its line and column */
  readonly strictVariables?: boolean;
}

/** Compiles once; the render layer caches the result by (template ID, version). */
export function compileTemplate(source: string, options: CompileOptions = {}): CompiledTemplate {
  const opens = unclosedComments(source);
  const compiled = new nunjucks.Template(commentsAsText(source, opens), options.strictVariables ? strictEnv : env, undefined, true);
  if (!opens.length) return { render: (context) => compiled.render(contextFor(context)) };
  return { render: (context) => restoreHashes(compiled.render(contextFor(context))) };
}

/** Renders template source with `{...params, global}`; throws on a template error. */
export function renderTemplate(source: string, context: TemplateContext, options: CompileOptions = {}): string {
  return compileTemplate(source, options).render(context);
}
