// The document tree (DOM Standard §4, the parts a static print needs), built by the HTML
// Standard's tree construction (tree.ts) from htmlparser2's tokens. Elements that never print
// (<script>, <style>, <template>, <link>, <meta>, ...) are parsed but left out of the tree;
// stylesheets (<style>, <link rel=stylesheet>) are collected in document order.
import type { DiagnosticList, SourceLocation } from '../diagnostics';
import type { EngineLimits } from '../types';
import { LineIndex } from './lines';
import type { DocumentMode } from './mode';
import { buildTree } from './tree';

export type { DocumentMode } from './mode';

export interface DomElement {
  readonly kind: 'element';
  /** lower-case for HTML elements; SVG ones keep their case (`linearGradient`) */
  readonly tag: string;
  /** undefined for HTML elements */
  readonly ns: 'svg' | 'math' | undefined;
  readonly attrs: Record<string, string>;
  readonly children: readonly DomNode[];
  parent: DomElement | undefined;
  readonly loc: SourceLocation;
  /** parsed but out of the tree: an element that never prints, or one past a limit */
  detached: boolean;
}

export interface DomText {
  readonly kind: 'text';
  text: string;
  parent: DomElement | undefined;
}

/** Only in a document parsed with `complete: true`. */
export interface DomComment {
  readonly kind: 'comment';
  readonly text: string;
  parent: DomElement | undefined;
}

export type DomNode = DomElement | DomText | DomComment;

/** The DOCTYPE token's fields (HTML §13.2.5); only in a document parsed with `complete: true`. */
export interface DomDoctype {
  readonly kind: 'doctype';
  readonly name: string;
  readonly publicId: string | undefined;
  readonly systemId: string | undefined;
  readonly forceQuirks: boolean;
}

/** A stylesheet reference in document order. */
export type StyleSource =
  | { readonly kind: 'style'; readonly text: string; readonly media: string; readonly loc: SourceLocation }
  | { readonly kind: 'link'; readonly href: string; readonly media: string; readonly loc: SourceLocation };

export interface DomDocument {
  /** the <html> element; always has <head> and <body> children */
  readonly root: DomElement;
  readonly head: DomElement;
  readonly body: DomElement;
  /** the document's own children: the <html> element, and with `complete` the DOCTYPE and comments around it */
  readonly nodes: readonly (DomNode | DomDoctype)[];
  readonly styles: readonly StyleSource[];
  readonly lines: LineIndex;
  /** HTML §13.2.6.4.1: no DOCTYPE (or an old one) means quirks mode */
  readonly mode: DocumentMode;
  /** `<meta name=… content=…>` pairs (lower-case names, first one wins), for PDF metadata */
  readonly meta: Readonly<Record<string, string>>;
}

export interface ParseHtmlOptions {
  readonly limits: Pick<EngineLimits, 'maxDomNodes' | 'maxDomDepth'>;
  readonly diagnostics: DiagnosticList;
  /** name used in diagnostics; default 'document' */
  readonly source?: string;
  /** keep comments, the DOCTYPE and the elements that never print, as the HTML Standard's tree has them (conformance tests) */
  readonly complete?: boolean;
  /** HTML §13.2.6 the scripting flag (default on, as Chromium prints): <noscript> content is raw text, dropped */
  readonly scripting?: boolean;
}

export function parseHtml(html: string, opts: ParseHtmlOptions): DomDocument {
  const lines = new LineIndex(html);
  const source = opts.source ?? 'document';
  const complete = opts.complete ?? false;
  const tree = buildTree(html, lines, { limits: opts.limits, diagnostics: opts.diagnostics, source, complete, scripting: opts.scripting ?? true });
  let body = tree.body;
  if (!body) {
    // a frameset document: nothing of it prints
    body = { kind: 'element', tag: 'body', ns: undefined, attrs: {}, children: [], parent: tree.html, loc: { line: 0, column: 0 }, detached: complete };
    if (!complete) (tree.html.children as DomNode[]).push(body);
  }
  if (!complete && tree.firstText && !tree.limited && !hasVisibleContent(body)) {
    const { loc, container } = tree.firstText;
    const where = container === undefined || container === 'html' || container === 'head' || container === 'body' ? '' : ` inside <${container}>`;
    opts.diagnostics.report('html-nothing-visible', `The document has text but nothing of it prints: its first text${where} is here, and the body is empty`, loc);
  }
  return { root: tree.html, head: tree.head, body, nodes: tree.nodes, styles: tree.styles, lines, mode: tree.mode, meta: tree.meta };
}

/** Elements that print without text in them. */
const VISIBLE_EMPTY = new Set(['img', 'svg', 'hr', 'input', 'textarea', 'select', 'button', 'math']);

/** Whether anything under `el` prints: non-blank text or a replaced element (CSS may still hide it: that is the author's choice). */
function hasVisibleContent(el: DomElement): boolean {
  for (const c of el.children) {
    if (c.kind === 'text') { if (/[^\t\n\f\r ]/.test(c.text)) return true; } else if (c.kind === 'element' && (VISIBLE_EMPTY.has(c.tag) || hasVisibleContent(c))) return true;
  }
  return false;
}

/** Text content of an element (for <title>, and tests). */
export function textOf(el: DomElement): string {
  let s = '';
  for (const c of el.children) if (c.kind === 'text') s += c.text; else if (c.kind === 'element') s += textOf(c);
  return s;
}
