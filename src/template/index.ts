// The Nunjucks environment. PLACEHOLDER (issue #2 owns it): autoescape on, no loader.
import nunjucks from 'nunjucks';

const env = new nunjucks.Environment([], { autoescape: true, throwOnUndefined: false });

export interface TemplateContext {
  readonly params: Record<string, unknown>;
  readonly globals: Record<string, unknown>;
}

/** Renders template source with `{...params, global}`; throws on a template error. */
export function renderTemplate(source: string, context: TemplateContext): string {
  return env.renderString(source, { ...context.params, global: context.globals });
}
