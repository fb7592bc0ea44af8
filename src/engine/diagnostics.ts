// Author mistakes become located diagnostics, never exceptions (DESIGN.md, example 5).
// Every code here is stable: tests assert on codes, never on messages.

export type DiagnosticCode =
  | 'css-parse-error'          // css-tree could not parse a rule or declaration
  | 'unknown-property'         // a property the engine does not know (vendor/mso ones included)
  | 'invalid-value'            // a known property with a value it cannot take
  | 'unsupported-value'        // valid CSS, but the engine cannot render it (yet)
  | 'unsupported-selector'     // a selector the matcher does not implement; the rule is dropped
  | 'unsupported-at-rule'      // @supports, @keyframes, ... ignored
  | 'import-refused'           // @import of anything but a template asset
  | 'resource-refused'         // url() / src / href outside data: URIs and template assets
  | 'resource-missing'         // a template asset that does not exist
  | 'resource-invalid'         // bytes that do not decode as the type they claim (or are over a cap)
  | 'font-fallback'            // no face for a family list; a fallback family was used
  | 'html-unsupported'         // an element the engine skips (iframe, object, embed, script, ...)
  | 'html-nothing-visible'     // the source has text, but the parsed body has nothing that prints (e.g. all inside an unclosed <title>)
  | 'limit-exceeded';          // DOM nodes / depth / pages over the configured caps

export interface SourceLocation {
  /** 1-based line in the source the diagnostic is about; 0 when unknown. */
  line: number;
  /** 1-based column; 0 when unknown. */
  column: number;
  /** Which input: the HTML document, the template CSS, a <style> block, a style="" attribute, the UA sheet, an asset path. */
  source?: string;
}

export interface Diagnostic extends SourceLocation {
  code: DiagnosticCode;
  message: string;
}

/** Collects diagnostics for one layout run. Pass it down in options objects, never as a global. */
export class DiagnosticList {
  readonly items: Diagnostic[] = [];
  private readonly seen = new Set<string>();

  report(code: DiagnosticCode, message: string, at: Partial<SourceLocation> = {}): void {
    const d: Diagnostic = { code, message, line: at.line ?? 0, column: at.column ?? 0, ...(at.source ? { source: at.source } : {}) };
    const key = `${d.code}|${d.message}|${d.line}|${d.column}|${d.source ?? ''}`;
    if (this.seen.has(key)) return; // the same mistake repeated by a loop in a template is said once
    this.seen.add(key);
    this.items.push(d);
  }
}
