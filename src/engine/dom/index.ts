// The document tree (DOM Standard §4, the parts a static print needs), built from
// htmlparser2's events. What the HTML parsing algorithm would add and htmlparser2 does
// not, we add: the <html>/<head>/<body> skeleton and the <tbody> around bare table rows.
// Stylesheets (<style>, <link rel=stylesheet>) are collected in document order.
import { Parser, type Handler } from 'htmlparser2';
import type { DiagnosticList, SourceLocation } from '../diagnostics';
import type { EngineLimits } from '../types';
import { LineIndex } from './lines';
import { documentMode, type DocumentMode } from './mode';

export type { DocumentMode } from './mode';

export interface DomElement {
  readonly kind: 'element';
  /** lower-case for HTML elements; SVG children keep their case (`linearGradient`) */
  readonly tag: string;
  readonly attrs: Record<string, string>;
  readonly children: DomNode[];
  parent: DomElement | undefined;
  readonly loc: SourceLocation;
}

export interface DomText {
  readonly kind: 'text';
  readonly text: string;
  parent: DomElement | undefined;
}

export type DomNode = DomElement | DomText;

/** A stylesheet reference in document order. */
export type StyleSource =
  | { readonly kind: 'style'; readonly text: string; readonly media: string; readonly loc: SourceLocation }
  | { readonly kind: 'link'; readonly href: string; readonly media: string; readonly loc: SourceLocation };

export interface DomDocument {
  /** the <html> element; always has <head> and <body> children */
  readonly root: DomElement;
  readonly head: DomElement;
  readonly body: DomElement;
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
}

/** Elements dropped with their content, silently (they never print). */
const DROPPED_SILENTLY = new Set(['script', 'template', 'noscript', 'meta', 'base', 'param', 'source', 'track', 'datalist', 'dialog']);
/** Elements dropped with a diagnostic: the author expected something to show. */
const DROPPED_WITH_DIAGNOSTIC = new Set(['iframe', 'object', 'embed', 'video', 'audio', 'canvas', 'frame', 'frameset', 'applet', 'portal']);
const HEAD_ELEMENTS = new Set(['title', 'style', 'link', 'meta', 'base', 'script', 'noscript', 'template']);

export function parseHtml(html: string, opts: ParseHtmlOptions): DomDocument {
  const lines = new LineIndex(html);
  const builder = new TreeBuilder(lines, opts);
  const parser = new Parser(builder, { decodeEntities: true, lowerCaseTags: false, lowerCaseAttributeNames: true, recognizeSelfClosing: true });
  parser.write(html);
  parser.end();

  const skeleton = buildSkeleton(builder.top);
  fixTables(skeleton.root);
  return { ...skeleton, styles: builder.styles, lines, mode: documentMode(builder.doctype), meta: builder.meta };
}

/**
 * htmlparser2's handler: builds the tree from its events. A class rather than closures made
 * per document: V8 keeps a closure's optimised code only while an instance of it lives, and
 * compiled these handlers again after every full collection (see matchElement in
 * cascade/match.ts).
 */
class TreeBuilder implements Partial<Handler> {
  readonly styles: StyleSource[] = [];
  readonly top: DomNode[] = [];
  readonly meta: Record<string, string> = {};
  doctype: string | undefined;
  private readonly source: string;
  private readonly diagnostics: DiagnosticList;
  private readonly limits: ParseHtmlOptions['limits'];
  private parser!: Parser;
  private readonly stack: DomElement[] = [];
  private nodes = 0;
  private nodesExceeded = false;
  private depthExceeded = false;
  /** > 0 while inside an element whose content is dropped (or too deep) */
  private skip = 0;
  private readonly skipStack: boolean[] = [];
  private styleText: { media: string; loc: SourceLocation; text: string } | undefined;
  private styleInSvg: DomElement | undefined;
  /** open <svg> elements on the stack */
  private svgDepth = 0;
  private sawElement = false;

  constructor(private readonly lines: LineIndex, opts: ParseHtmlOptions) {
    this.source = opts.source ?? 'document';
    this.diagnostics = opts.diagnostics;
    this.limits = opts.limits;
  }

  onparserinit(parser: Parser): void { this.parser = parser; }

  private locAt(offset: number): SourceLocation { return this.lines.locateIn(offset, this.source); }

  private append(node: DomNode): boolean {
    if (this.nodes >= this.limits.maxDomNodes) {
      if (!this.nodesExceeded) {
        this.nodesExceeded = true;
        this.diagnostics.report('limit-exceeded', `The document has more than ${this.limits.maxDomNodes} nodes; the rest is ignored`, this.locAt(this.parser.startIndex));
      }
      return false;
    }
    this.nodes++;
    const parent = this.stack[this.stack.length - 1];
    node.parent = parent;
    (parent ? parent.children : this.top).push(node);
    return true;
  }

  /** The element's content is dropped, up to its end tag. */
  private skipped(): void { this.skip++; this.skipStack.push(true); }

  onprocessinginstruction(name: string, data: string): void {
    // only a DOCTYPE before the first element counts
    if (name.toLowerCase() === '!doctype' && !this.sawElement && this.doctype === undefined) this.doctype = data;
  }

  onopentag(name: string, attribs: Record<string, string>): void {
    this.sawElement = true;
    const tag = name;
    const lower = tag.toLowerCase();
    if (this.skip > 0) { this.skipped(); return; }
    const parser = this.parser;
    if (lower === 'style') {
      this.styleText = { media: attribs.media ?? '', loc: this.locAt(parser.endIndex + 1), text: '' };
      if (this.svgDepth > 0) {
        // an SVG's own <style> applies to the document (as in browsers) and stays in the
        // SVG too, for whoever draws the SVG from its markup
        const el: DomElement = { kind: 'element', tag: 'style', attrs: { ...attribs }, children: [], parent: undefined, loc: this.locAt(parser.startIndex) };
        if (this.append(el)) { this.stack.push(el); this.skipStack.push(false); this.styleInSvg = el; return; }
      }
      this.skipped();
      return;
    }
    if (lower === 'link') {
      const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('stylesheet') && !rel.includes('alternate') && attribs.href) {
        this.styles.push({ kind: 'link', href: attribs.href, media: attribs.media ?? '', loc: this.locAt(parser.startIndex) });
      }
      this.skipped();
      return;
    }
    if (lower === 'meta' && attribs.name && attribs.content !== undefined) {
      const key = attribs.name.toLowerCase();
      if (!(key in this.meta)) this.meta[key] = attribs.content;
    }
    if (DROPPED_SILENTLY.has(lower)) { this.skipped(); return; }
    if (DROPPED_WITH_DIAGNOSTIC.has(lower)) {
      this.diagnostics.report('html-unsupported', `<${lower}> is not rendered`, this.locAt(parser.startIndex));
      this.skipped();
      return;
    }
    if (this.stack.length >= this.limits.maxDomDepth) {
      if (!this.depthExceeded) {
        this.depthExceeded = true;
        this.diagnostics.report('limit-exceeded', `Elements nested deeper than ${this.limits.maxDomDepth} levels are ignored`, this.locAt(parser.startIndex));
      }
      this.skipped();
      return;
    }
    const inSvg = this.svgDepth > 0;
    // htmlparser2 hands over a fresh attribute object per tag and keeps no reference to it
    const el: DomElement = { kind: 'element', tag: inSvg ? tag : lower, attrs: attribs, children: [], parent: undefined, loc: this.locAt(parser.startIndex) };
    if (!this.append(el)) { this.skipped(); return; }
    this.stack.push(el);
    if (el.tag === 'svg') this.svgDepth++;
    this.skipStack.push(false);
  }

  ontext(data: string): void {
    if (this.styleText) { this.styleText.text += data; if (!this.styleInSvg) return; }
    if (this.skip > 0) return;
    const parent = this.stack[this.stack.length - 1];
    const siblings = parent ? parent.children : this.top;
    const last = siblings[siblings.length - 1];
    if (last && last.kind === 'text') {
      // htmlparser2 splits text at entities; join the pieces
      siblings[siblings.length - 1] = { kind: 'text', text: last.text + data, parent };
      return;
    }
    this.append({ kind: 'text', text: data, parent: undefined });
  }

  onclosetag(): void {
    const skipped = this.skipStack.pop();
    if (skipped === undefined) return;
    if (skipped) {
      this.skip--;
      if (this.skip === 0 && this.styleText) {
        this.styles.push({ kind: 'style', text: this.styleText.text, media: this.styleText.media, loc: this.styleText.loc });
        this.styleText = undefined;
      }
      return;
    }
    const closed = this.stack.pop();
    if (closed?.tag === 'svg') this.svgDepth--;
    if (closed && closed === this.styleInSvg && this.styleText) {
      this.styles.push({ kind: 'style', text: this.styleText.text, media: this.styleText.media, loc: this.styleText.loc });
      this.styleText = undefined;
      this.styleInSvg = undefined;
    }
  }
}

function element(tag: string, children: DomNode[], loc: SourceLocation = { line: 0, column: 0 }): DomElement {
  const el: DomElement = { kind: 'element', tag, attrs: {}, children, parent: undefined, loc };
  for (const c of children) c.parent = el;
  return el;
}

/** HTML §13.2.6 in miniature: make sure there is an <html> with a <head> and a <body>. */
function buildSkeleton(top: DomNode[]): { root: DomElement; head: DomElement; body: DomElement } {
  let root = top.find((n): n is DomElement => n.kind === 'element' && n.tag === 'html');
  if (!root) {
    root = element('html', top.filter((n) => n.kind === 'element' || n.text.trim() !== ''));
  } else {
    // content outside <html> (rare) goes into it
    for (const n of top) if (n !== root && (n.kind === 'element' || n.text.trim() !== '')) { n.parent = root; root.children.push(n); }
  }
  root.parent = undefined;
  let head = root.children.find((n): n is DomElement => n.kind === 'element' && n.tag === 'head');
  let body = root.children.find((n): n is DomElement => n.kind === 'element' && n.tag === 'body');
  if (!body) {
    const moved: DomNode[] = [];
    const keep: DomNode[] = [];
    for (const n of root.children) {
      if (n === head) keep.push(n);
      else if (n.kind === 'element' && HEAD_ELEMENTS.has(n.tag) && !moved.some((m) => m.kind === 'element' || m.text.trim() !== '')) {
        // leading head-only elements (e.g. <title>) belong to the head
        if (!head) { head = element('head', []); keep.unshift(head); }
        n.parent = head; head.children.push(n);
      } else moved.push(n);
    }
    body = element('body', moved);
    root.children.length = 0;
    root.children.push(...keep, body);
  } else {
    // stray nodes directly under <html> after the head go into the body, as a parser would
    const strays = root.children.filter((n) => n !== head && n !== body && (n.kind === 'element' || n.text.trim() !== ''));
    for (const s of strays) { s.parent = body; body.children.push(s); }
    const kept = root.children.filter((n) => n === head || n === body);
    root.children.length = 0;
    root.children.push(...kept);
  }
  if (!head) { head = element('head', []); root.children.unshift(head); }
  head.parent = root; body.parent = root;
  return { root, head, body };
}

/** HTML §13.2.6.4.9 "in table": a <tr> directly in a <table> gets an implied <tbody>. */
function fixTables(el: DomElement): void {
  if (el.tag === 'table' && el.children.some((c) => c.kind === 'element' && c.tag === 'tr')) {
    const out: DomNode[] = [];
    let run: DomElement | undefined;
    for (const c of el.children) {
      if (c.kind === 'element' && c.tag === 'tr') {
        if (!run) { run = element('tbody', [], c.loc); run.parent = el; out.push(run); }
        c.parent = run; run.children.push(c);
      } else if (run && c.kind === 'text' && c.text.trim() === '') {
        c.parent = run; run.children.push(c);
      } else { run = undefined; out.push(c); }
    }
    el.children.length = 0;
    el.children.push(...out);
  }
  for (const c of el.children) if (c.kind === 'element') fixTables(c);
}

/** Text content of an element (for <title>, and tests). */
export function textOf(el: DomElement): string {
  return el.children.map((c) => (c.kind === 'text' ? c.text : textOf(c))).join('');
}
