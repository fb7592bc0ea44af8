// HTML §13.2.6 tree construction, for documents (not fragments), over htmlparser2's tokenizer.
// htmlparser2 tokenizes (and switches to raw text, RCDATA and plaintext by the tag's name);
// this module is the tree builder: the insertion modes, the stack of open elements, the list
// of active formatting elements (with the adoption agency algorithm), foster parenting,
// template insertion modes and foreign content. The scripting flag is on when rendering, as in
// the browser that prints (Chromium runs scripts while it loads a page): a <noscript> element's
// content is raw text (§13.2.6.4.4, §13.2.6.4.7 "if the scripting flag is enabled"), dropped
// here, so nothing inside it prints or styles the document.
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import type { DiagnosticList, SourceLocation } from '../diagnostics';
import type { LineIndex } from './lines';
import {
  BLOCK_END, BLOCK_START, BREAKOUT, FORMATTING, HEADINGS, HEAD_IN_BODY, IGNORED_IN_BODY, IMPLIED_END,
  IMPLIED_END_THOROUGH, MATHML_TEXT_IP, SCOPE_HTML, SPECIAL_HTML, SVG_ATTRS, SVG_HTML_IP, SVG_TAGS, VOID_IN_BODY,
} from './names';
import { documentMode, type DocumentMode } from './mode';
import type { DomComment, DomDoctype, DomElement, DomNode, DomText, StyleSource } from './index';

export interface TreeOptions {
  readonly limits: { readonly maxDomNodes: number; readonly maxDomDepth: number };
  readonly diagnostics: DiagnosticList;
  readonly source: string;
  /**
   * Keep everything the HTML Standard's tree holds (comments, the DOCTYPE, <script>, <style>,
   * <template> and the other elements that never print), as the conformance tests dump it.
   * Without it those are parsed but left out of the tree.
   */
  readonly complete: boolean;
  /** HTML §13.2.6 the scripting flag: on, a <noscript> element's content is raw text (dropped) */
  readonly scripting: boolean;
}

const enum Mode {
  Initial, BeforeHtml, BeforeHead, InHead, InHeadNoscript, AfterHead, InBody, Text, InTable, InTableText, InCaption,
  InColumnGroup, InTableBody, InRow, InCell, InTemplate, AfterBody, InFrameset, AfterFrameset,
  AfterAfterBody, AfterAfterFrameset,
}

const enum Scope { Default, ListItem, Button, Table }

interface Tag {
  /** lower-case */
  name: string;
  attrs: Record<string, string>;
  selfClosing: boolean;
  /** offset of its `<` */
  start: number;
  /** offset of its `>` */
  end: number;
}

/** An entry of the list of active formatting elements; `null` is a marker. */
interface Formatting { el: DomElement; tag: Tag }

/** Elements parsed but left out of the rendered tree, with their content. */
const DROPPED = new Set(['script', 'template', 'style', 'link', 'meta', 'base', 'basefont', 'bgsound', 'param', 'source', 'track', 'datalist', 'dialog', 'noframes', 'noembed']);
/**
 * Dropped elements that stay in the tree as empty elements (the UA sheet gives them display:
 * none), without their content: selectors see them as siblings, as in browsers (`* + table`
 * after a <style scoped>, `:first-child` after a <script>).
 */
const KEPT_EMPTY = new Set(['script', 'template', 'style', 'link', 'meta', 'base', 'basefont', 'datalist', 'param']);
/** Elements left out with a diagnostic: the author expected something to show. */
const DROPPED_WITH_DIAGNOSTIC = new Set(['iframe', 'object', 'embed', 'video', 'audio', 'canvas', 'frame', 'frameset', 'applet', 'portal']);

/** the length of the run of ASCII whitespace at the start of `s` */
function leadingWs(s: string): number {
  let i = 0;
  for (const n = s.length; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 12 && c !== 13) break;
  }
  return i;
}
const isWs = (s: string): boolean => leadingWs(s) === s.length;

const isHtml = (el: DomElement, tag: string): boolean => el.tag === tag && el.ns === undefined;

function isSpecial(el: DomElement): boolean {
  if (el.ns === undefined) return SPECIAL_HTML.has(el.tag);
  if (el.ns === 'math') return MATHML_TEXT_IP.has(el.tag) || el.tag === 'annotation-xml';
  return SVG_HTML_IP.has(el.tag);
}

function isHtmlIntegrationPoint(el: DomElement): boolean {
  if (el.ns === 'svg') return SVG_HTML_IP.has(el.tag);
  if (el.ns === 'math' && el.tag === 'annotation-xml') {
    const enc = el.attrs.encoding?.toLowerCase();
    return enc === 'text/html' || enc === 'application/xhtml+xml';
  }
  return false;
}

function sameAttrs(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (b[k] !== a[k]) return false;
  return true;
}

export interface TreeResult {
  readonly nodes: (DomNode | DomDoctype)[];
  readonly html: DomElement;
  readonly head: DomElement;
  readonly body: DomElement | undefined;
  readonly styles: StyleSource[];
  readonly meta: Record<string, string>;
  readonly mode: DocumentMode;
  /** the first text in the source (outside <script> and <style>): where it is and the element it went into */
  /** a node or depth limit left content out (and said so) */
  readonly limited: boolean;
  readonly firstText: { readonly loc: SourceLocation; readonly container: string | undefined } | undefined;
}

/** Runs the tokenizer over `html` and builds the tree. */
export function buildTree(html: string, lines: LineIndex, opts: TreeOptions): TreeResult {
  const b = new TreeBuilder(html, lines, opts);
  const tokenizer = new Tokenizer({ decodeEntities: true }, b);
  tokenizer.write(html);
  tokenizer.end();
  return b.result();
}

/**
 * The tokenizer's callbacks assemble tokens; the rest is the tree builder. A class rather
 * than closures made per document: V8 keeps a closure's optimised code only while an
 * instance of it lives (see matchElement in cascade/match.ts).
 */
class TreeBuilder implements TokenizerCallbacks {
  private mode = Mode.Initial;
  private originalMode = Mode.Initial;
  private readonly templateModes: Mode[] = [];
  private readonly stack: DomElement[] = [];
  private readonly formatting: (Formatting | null)[] = [];
  private readonly nodes: (DomNode | DomDoctype)[] = [];
  private htmlEl: DomElement | undefined;
  private headEl: DomElement | undefined;
  private formEl: DomElement | undefined;
  private framesetOk = true;
  /** inside a <noscript> element's raw text (scripting is enabled) */
  private inNoscript = false;
  private fosterParenting = false;
  private ignoreLF = false;
  private docMode: DocumentMode = 'quirks';
  private pendingTableText = '';
  private pendingTableNonWs = false;

  // token assembly
  private text = '';
  private textStart = -1;
  private tag: Tag | undefined;
  private attrName = '';
  private attrValue = '';

  private readonly complete: boolean;
  private readonly styles: StyleSource[] = [];
  private readonly meta: Record<string, string> = {};
  private readonly styleLocs = new Map<DomElement, { loc: SourceLocation; media: string }>();
  private count = 0;
  private nodesExceeded = false;
  private depthExceeded = false;
  private firstText: TreeResult['firstText'];

  constructor(private readonly html: string, private readonly lines: LineIndex, private readonly opts: TreeOptions) {
    this.complete = opts.complete;
  }

  result(): TreeResult {
    const html = this.htmlEl!;
    let body: DomElement | undefined;
    for (const c of html.children) if (c.kind === 'element' && isHtml(c, 'body')) { body = c; break; }
    html.parent = undefined;
    return { nodes: this.nodes, html, head: this.headEl!, body, styles: this.styles, meta: this.meta, mode: this.docMode, firstText: this.firstText, limited: this.nodesExceeded || this.depthExceeded };
  }

  private locAt(offset: number): SourceLocation { return this.lines.locateIn(offset, this.opts.source); }

  // ---- tokenizer callbacks ----------------------------------------------------------------

  ontext(start: number, end: number): void {
    if (this.textStart < 0) this.textStart = start;
    const slice = this.html.slice(start, end);
    // (input stream preprocessing: CR LF and CR are LF; a &#13; reference stays a CR)
    this.text += slice.indexOf('\r') < 0 ? slice : slice.replace(/\r\n?/g, '\n');
  }
  ontextentity(cp: number, end: number): void {
    if (this.textStart < 0) this.textStart = end;
    this.text += String.fromCodePoint(cp);
  }
  onopentagname(start: number, end: number): void {
    this.flushText();
    this.tag = { name: this.html.slice(start, end).toLowerCase(), attrs: {}, selfClosing: false, start: start - 1, end };
  }
  onattribname(start: number, end: number): void {
    this.attrName = this.html.slice(start, end).toLowerCase();
    this.attrValue = '';
  }
  onattribdata(start: number, end: number): void { this.attrValue += this.html.slice(start, end); }
  onattribentity(cp: number): void { this.attrValue += String.fromCodePoint(cp); }
  onattribend(): void {
    const attrs = this.tag!.attrs;
    const name = this.attrName;
    if (name !== '__proto__' && !Object.prototype.hasOwnProperty.call(attrs, name)) {
      const v = this.attrValue;
      attrs[name] = v.indexOf('\r') < 0 && v.indexOf('\0') < 0 ? v : v.replace(/\r\n?/g, '\n').replace(/\0/g, '\ufffd');
    }
  }
  onopentagend(end: number): void { this.emitStart(end, false); }
  onselfclosingtag(end: number): void { this.emitStart(end, true); }
  private emitStart(end: number, selfClosing: boolean): void {
    const tag = this.tag;
    if (!tag) return;
    this.tag = undefined;
    tag.selfClosing = selfClosing;
    tag.end = end;
    this.ignoreLF = false;
    this.startTag(tag);
  }
  onclosetag(start: number, end: number): void {
    this.flushText();
    this.ignoreLF = false;
    this.endTag(this.html.slice(start, end).toLowerCase(), start - 2);
  }
  oncomment(start: number, end: number, offset: number): void {
    this.flushText();
    this.ignoreLF = false;
    this.comment(this.html.slice(start, end - offset));
  }
  oncdata(start: number, end: number, offset: number): void {
    const data = this.html.slice(start, end - offset);
    if (this.isInForeignContext()) {
      if (this.textStart < 0) this.textStart = start;
      this.text += data;
    } else {
      this.flushText();
      this.ignoreLF = false;
      this.comment(`[CDATA[${data}]]`);
    }
  }
  ondeclaration(start: number, end: number): void {
    this.flushText();
    this.ignoreLF = false;
    this.doctype(this.html.slice(start, end));
  }
  onprocessinginstruction(start: number, end: number): void {
    this.flushText();
    this.ignoreLF = false;
    this.comment(this.html.slice(start, end));
  }
  onend(): void {
    this.flushText();
    this.eof();
  }
  /** the tokenizer asks before a tag name: raw text and RCDATA by name, and CDATA, only outside foreign content */
  isInForeignContext(): boolean {
    const cur = this.stack[this.stack.length - 1];
    if (!cur || cur.ns === undefined) return false;
    return !isHtmlIntegrationPoint(cur) && !(cur.ns === 'math' && MATHML_TEXT_IP.has(cur.tag));
  }

  private flushText(): void {
    let text = this.text;
    if (text === '') return;
    if (this.firstText === undefined && !isWs(text)) {
      const cur = this.stack[this.stack.length - 1];
      if (!cur || (cur.tag !== 'script' && cur.tag !== 'style')) this.firstText = { loc: this.locAt(this.textStart), container: cur?.tag };
    }
    this.text = '';
    this.textStart = -1;
    if (this.ignoreLF) {
      this.ignoreLF = false;
      if (text.charCodeAt(0) === 10) text = text.slice(1);
      if (text === '') return;
    }
    this.chars(text);
  }

  // ---- the dispatcher (§13.2.6) ---------------------------------------------------------------

  /** true when a token goes to the insertion mode, false when to the rules for foreign content */
  private htmlRules(start: Tag | undefined, isChars: boolean): boolean {
    const cur = this.stack[this.stack.length - 1];
    if (!cur || cur.ns === undefined) return true;
    if (cur.ns === 'math') {
      if (MATHML_TEXT_IP.has(cur.tag)) {
        if (isChars) return true;
        if (start && start.name !== 'mglyph' && start.name !== 'malignmark') return true;
      }
      if (cur.tag === 'annotation-xml' && start?.name === 'svg') return true;
    }
    if ((start || isChars) && isHtmlIntegrationPoint(cur)) return true;
    return false;
  }

  private startTag(t: Tag): void {
    if (this.inNoscript) return;
    if (this.htmlRules(t, false)) {
      this.startIn(this.mode, t);
      // an HTML <noscript> just inserted: its raw text content is skipped up to its end tag
      const cur = this.stack[this.stack.length - 1];
      if (this.opts.scripting && t.name === 'noscript' && !t.selfClosing && cur?.tag === 'noscript' && cur.ns === undefined && cur.children.length === 0) {
        this.inNoscript = true;
        if (this.mode === Mode.InHeadNoscript) this.mode = Mode.InHead;
      }
    } else this.foreignStart(t);
  }

  private endTag(name: string, at: number): void {
    if (this.inNoscript) {
      if (name === 'noscript') { this.inNoscript = false; this.pop(); }
      return;
    }
    if (this.htmlRules(undefined, false)) this.endIn(this.mode, name, at);
    else this.foreignEnd(name, at);
  }

  private chars(s: string): void {
    if (this.inNoscript) return;
    if (this.htmlRules(undefined, true)) this.charsIn(this.mode, s);
    else {
      if (s.indexOf('\0') >= 0) s = s.replace(/\0/g, '\ufffd');
      if (!isWs(s)) this.framesetOk = false;
      this.insertText(s);
    }
  }

  private comment(data: string): void {
    if (this.inNoscript) return;
    if (data.indexOf('\0') >= 0) data = data.replace(/\0/g, '\ufffd');
    switch (this.mode) {
      case Mode.Initial: case Mode.BeforeHtml: case Mode.AfterAfterBody: case Mode.AfterAfterFrameset:
        if (this.complete) this.nodes.push(this.makeComment(data));
        return;
      case Mode.AfterBody:
        if (this.complete) this.appendTo(this.stack[0]!, this.makeComment(data));
        return;
      case Mode.InTableText: this.flushTableText(); this.comment(data); return;
      default:
        if (this.complete) this.insertNode(this.makeComment(data));
    }
  }

  private doctype(decl: string): void {
    if (this.mode === Mode.InTableText) { this.flushTableText(); this.doctype(decl); return; }
    if (this.mode !== Mode.Initial) return; // a stray DOCTYPE is ignored
    const d = parseDoctype(decl);
    this.docMode = documentMode(d);
    if (this.complete) this.nodes.push(d);
    this.mode = Mode.BeforeHtml;
  }

  private eof(): void {
    for (;;) {
      switch (this.mode) {
        case Mode.Initial: this.mode = Mode.BeforeHtml; continue;
        case Mode.BeforeHtml: this.insertHtml(this.implied('html', this.html.length)); this.mode = Mode.BeforeHead; continue;
        case Mode.BeforeHead: this.headEl = this.insertElement(this.implied('head', this.html.length)); this.mode = Mode.InHead; continue;
        case Mode.InHead: this.pop(); this.mode = Mode.AfterHead; continue;
        case Mode.InHeadNoscript: this.pop(); this.mode = Mode.InHead; continue;
        case Mode.AfterHead: this.insertElement(this.implied('body', this.html.length)); this.mode = Mode.InBody; continue;
        case Mode.Text: this.pop(); this.mode = this.originalMode; continue;
        case Mode.InTableText: this.flushTableText(); continue;
        case Mode.InTemplate:
          if (!this.hasOpen('template')) return;
          this.popUntil('template');
          this.clearFormattingToMarker();
          this.templateModes.pop();
          this.resetMode();
          continue;
        case Mode.InBody: case Mode.InTable: case Mode.InCaption: case Mode.InColumnGroup: case Mode.InTableBody:
        case Mode.InRow: case Mode.InCell:
          if (this.templateModes.length > 0) { this.mode = Mode.InTemplate; continue; }
          return;
        default: return;
      }
    }
  }

  // ---- characters ---------------------------------------------------------------------------

  private charsIn(mode: Mode, s: string): void {
    switch (mode) {
      case Mode.Initial: case Mode.BeforeHtml: case Mode.BeforeHead: {
        const n = leadingWs(s);
        if (n === s.length) return;
        s = s.slice(n);
        if (mode === Mode.Initial) { this.mode = Mode.BeforeHtml; this.charsIn(Mode.BeforeHtml, s); return; }
        if (mode === Mode.BeforeHtml) { this.insertHtml(this.implied('html', this.textStartOr())); this.mode = Mode.BeforeHead; this.charsIn(Mode.BeforeHead, s); return; }
        this.headEl = this.insertElement(this.implied('head', this.textStartOr()));
        this.mode = Mode.InHead;
        this.charsIn(Mode.InHead, s);
        return;
      }
      case Mode.InHead: case Mode.InHeadNoscript: case Mode.AfterHead: {
        const n = leadingWs(s);
        if (n > 0) this.insertText(n === s.length ? s : s.slice(0, n));
        if (n === s.length) return;
        s = s.slice(n);
        if (mode === Mode.InHead) { this.pop(); this.mode = Mode.AfterHead; this.charsIn(Mode.AfterHead, s); return; }
        if (mode === Mode.InHeadNoscript) { this.pop(); this.mode = Mode.InHead; this.charsIn(Mode.InHead, s); return; }
        this.insertElement(this.implied('body', this.textStartOr()));
        this.mode = Mode.InBody;
        this.charsIn(Mode.InBody, s);
        return;
      }
      case Mode.InBody: case Mode.InCaption: case Mode.InCell: case Mode.InTemplate: {
        if (s.indexOf('\0') >= 0) {
          // the tokenizer's PLAINTEXT state makes U+0000 a U+FFFD; in data it is dropped here
          s = this.stack.some((e) => isHtml(e, 'plaintext')) ? s.replace(/\0/g, '\ufffd') : s.replace(/\0/g, '');
          if (s === '') return;
        }
        this.reconstructFormatting();
        this.insertText(s);
        if (this.framesetOk && !isWs(s)) this.framesetOk = false;
        return;
      }
      case Mode.Text: this.insertText(s.indexOf('\0') < 0 ? s : s.replace(/\0/g, '\ufffd')); return;
      case Mode.InTable: case Mode.InTableBody: case Mode.InRow: {
        const cur = this.current();
        if (cur.ns === undefined && (cur.tag === 'table' || cur.tag === 'tbody' || cur.tag === 'tfoot' || cur.tag === 'thead' || cur.tag === 'tr' || cur.tag === 'template')) {
          this.pendingTableText = '';
          this.pendingTableNonWs = false;
          this.originalMode = this.mode;
          this.mode = Mode.InTableText;
          this.charsIn(Mode.InTableText, s);
          return;
        }
        this.fosterChars(s);
        return;
      }
      case Mode.InTableText:
        if (s.indexOf('\0') >= 0) { s = s.replace(/\0/g, ''); if (s === '') return; }
        this.pendingTableText += s;
        if (!this.pendingTableNonWs && !isWs(s)) this.pendingTableNonWs = true;
        return;
      case Mode.InColumnGroup: {
        const n = leadingWs(s);
        if (n > 0) this.insertText(n === s.length ? s : s.slice(0, n));
        if (n === s.length) return;
        if (!isHtml(this.current(), 'colgroup')) return; // ignored
        this.pop();
        this.mode = Mode.InTable;
        this.charsIn(Mode.InTable, s.slice(n));
        return;
      }
      case Mode.AfterBody: case Mode.AfterAfterBody: {
        const n = leadingWs(s);
        if (n === s.length) { this.charsIn(Mode.InBody, s); return; }
        if (n > 0) this.charsIn(Mode.InBody, s.slice(0, n));
        this.mode = Mode.InBody;
        this.charsIn(Mode.InBody, s.slice(n));
        return;
      }
      case Mode.InFrameset: case Mode.AfterFrameset: case Mode.AfterAfterFrameset: {
        // only whitespace counts; everything else is ignored
        const ws = s.replace(/[^\t\n\f\r ]/g, '');
        if (ws === '') return;
        if (mode === Mode.AfterAfterFrameset) this.charsIn(Mode.InBody, ws);
        else this.insertText(ws);
        return;
      }
    }
  }

  private textStartOr(): number { return this.textStart >= 0 ? this.textStart : this.html.length; }

  /** in table, anything else: the characters go through "in body" with foster parenting */
  private fosterChars(s: string): void {
    this.fosterParenting = true;
    this.charsIn(Mode.InBody, s);
    this.fosterParenting = false;
  }

  private flushTableText(): void {
    const text = this.pendingTableText;
    this.pendingTableText = '';
    this.mode = this.originalMode;
    if (text === '') return;
    if (this.pendingTableNonWs) this.fosterChars(text);
    else this.insertText(text);
  }

  // ---- start tags ---------------------------------------------------------------------------

  private startIn(mode: Mode, t: Tag): void {
    const name = t.name;
    switch (mode) {
      case Mode.Initial:
        this.mode = Mode.BeforeHtml;
        this.startIn(Mode.BeforeHtml, t);
        return;
      case Mode.BeforeHtml:
        if (name === 'html') { this.insertHtml(t); this.mode = Mode.BeforeHead; return; }
        this.insertHtml(this.implied('html', t.start));
        this.mode = Mode.BeforeHead;
        this.startIn(Mode.BeforeHead, t);
        return;
      case Mode.BeforeHead:
        if (name === 'html') { this.startIn(Mode.InBody, t); return; }
        if (name === 'head') { this.headEl = this.insertElement(t); this.mode = Mode.InHead; return; }
        this.headEl = this.insertElement(this.implied('head', t.start));
        this.mode = Mode.InHead;
        this.startIn(Mode.InHead, t);
        return;
      case Mode.InHead:
        switch (name) {
          case 'html': this.startIn(Mode.InBody, t); return;
          case 'base': case 'basefont': case 'bgsound': case 'link': case 'meta':
            this.insertElement(t); this.pop(); return;
          case 'title': this.rawText(t, Mode.Text); return;
          case 'noscript': this.insertElement(t); this.mode = Mode.InHeadNoscript; return;
          case 'noframes': case 'style': case 'script': this.rawText(t, Mode.Text); return;
          case 'template':
            this.insertElement(t);
            this.formatting.push(null);
            this.framesetOk = false;
            this.mode = Mode.InTemplate;
            this.templateModes.push(Mode.InTemplate);
            return;
          case 'head': return;
        }
        this.pop();
        this.mode = Mode.AfterHead;
        this.startIn(Mode.AfterHead, t);
        return;
      case Mode.InHeadNoscript:
        switch (name) {
          case 'html': this.startIn(Mode.InBody, t); return;
          case 'basefont': case 'bgsound': case 'link': case 'meta': case 'noframes': case 'style':
            this.startIn(Mode.InHead, t); return;
          case 'head': case 'noscript': return;
        }
        this.pop();
        this.mode = Mode.InHead;
        this.startIn(Mode.InHead, t);
        return;
      case Mode.AfterHead:
        switch (name) {
          case 'html': this.startIn(Mode.InBody, t); return;
          case 'body': this.insertElement(t); this.framesetOk = false; this.mode = Mode.InBody; return;
          case 'frameset': this.insertElement(t); this.mode = Mode.InFrameset; return;
          case 'base': case 'basefont': case 'bgsound': case 'link': case 'meta': case 'noframes': case 'script':
          case 'style': case 'template': case 'title': {
            const head = this.headEl!;
            this.stack.push(head);
            this.startIn(Mode.InHead, t);
            const i = this.stack.lastIndexOf(head);
            if (i >= 0) this.stack.splice(i, 1);
            return;
          }
          case 'head': return;
        }
        this.insertElement(this.implied('body', t.start));
        this.mode = Mode.InBody;
        this.startIn(Mode.InBody, t);
        return;
      case Mode.InBody: this.startInBody(t); return;
      case Mode.Text: return; // (cannot happen: the tokenizer is in raw text)
      case Mode.InTable: this.startInTable(t); return;
      case Mode.InTableText: this.flushTableText(); this.startIn(this.mode, t); return;
      case Mode.InCaption:
        switch (name) {
          case 'caption': case 'col': case 'colgroup': case 'tbody': case 'td': case 'tfoot': case 'th': case 'thead': case 'tr':
            if (!this.inScope('caption', Scope.Table)) return;
            this.closeCaption();
            this.startIn(this.mode, t);
            return;
        }
        this.startInBody(t);
        return;
      case Mode.InColumnGroup:
        switch (name) {
          case 'html': this.startInBody(t); return;
          case 'col': this.insertElement(t); this.pop(); return;
          case 'template': this.startIn(Mode.InHead, t); return;
        }
        if (!isHtml(this.current(), 'colgroup')) return;
        this.pop();
        this.mode = Mode.InTable;
        this.startIn(Mode.InTable, t);
        return;
      case Mode.InTableBody:
        switch (name) {
          case 'tr': this.clearToContext('tbody'); this.insertElement(t); this.mode = Mode.InRow; return;
          case 'th': case 'td':
            this.clearToContext('tbody');
            this.insertElement(this.implied('tr', t.start));
            this.mode = Mode.InRow;
            this.startIn(Mode.InRow, t);
            return;
          case 'caption': case 'col': case 'colgroup': case 'tbody': case 'tfoot': case 'thead':
            if (!this.inScope('tbody', Scope.Table) && !this.inScope('thead', Scope.Table) && !this.inScope('tfoot', Scope.Table)) return;
            this.clearToContext('tbody');
            this.pop();
            this.mode = Mode.InTable;
            this.startIn(Mode.InTable, t);
            return;
        }
        this.startInTable(t);
        return;
      case Mode.InRow:
        switch (name) {
          case 'th': case 'td':
            this.clearToContext('tr');
            this.insertElement(t);
            this.mode = Mode.InCell;
            this.formatting.push(null);
            return;
          case 'caption': case 'col': case 'colgroup': case 'tbody': case 'tfoot': case 'thead': case 'tr':
            if (!this.inScope('tr', Scope.Table)) return;
            this.clearToContext('tr');
            this.pop();
            this.mode = Mode.InTableBody;
            this.startIn(Mode.InTableBody, t);
            return;
        }
        this.startInTable(t);
        return;
      case Mode.InCell:
        switch (name) {
          case 'caption': case 'col': case 'colgroup': case 'tbody': case 'td': case 'tfoot': case 'th': case 'thead': case 'tr':
            if (!this.inScope('td', Scope.Table) && !this.inScope('th', Scope.Table)) return;
            this.closeCell();
            this.startIn(this.mode, t);
            return;
        }
        this.startInBody(t);
        return;
      case Mode.InTemplate: {
        let next: Mode;
        switch (name) {
          case 'base': case 'basefont': case 'bgsound': case 'link': case 'meta': case 'noframes': case 'script':
          case 'style': case 'template': case 'title':
            this.startIn(Mode.InHead, t); return;
          case 'caption': case 'colgroup': case 'tbody': case 'tfoot': case 'thead': next = Mode.InTable; break;
          case 'col': next = Mode.InColumnGroup; break;
          case 'tr': next = Mode.InTableBody; break;
          case 'td': case 'th': next = Mode.InRow; break;
          default: next = Mode.InBody;
        }
        this.templateModes.pop();
        this.templateModes.push(next);
        this.mode = next;
        this.startIn(next, t);
        return;
      }
      case Mode.AfterBody:
        if (name === 'html') { this.startInBody(t); return; }
        this.mode = Mode.InBody;
        this.startInBody(t);
        return;
      case Mode.InFrameset:
        switch (name) {
          case 'html': this.startInBody(t); return;
          case 'frameset': this.insertElement(t); return;
          case 'frame': this.insertElement(t); this.pop(); return;
          case 'noframes': this.startIn(Mode.InHead, t); return;
        }
        return;
      case Mode.AfterFrameset:
        if (name === 'html') this.startInBody(t);
        else if (name === 'noframes') this.startIn(Mode.InHead, t);
        return;
      case Mode.AfterAfterBody:
        if (name === 'html') { this.startInBody(t); return; }
        this.mode = Mode.InBody;
        this.startInBody(t);
        return;
      case Mode.AfterAfterFrameset:
        if (name === 'html') this.startInBody(t);
        else if (name === 'noframes') this.startIn(Mode.InHead, t);
        return;
    }
  }

  private startInBody(t: Tag): void {
    const name = t.name;
    if (BLOCK_START.has(name)) {
      this.closePInButtonScope();
      this.insertElement(t);
      return;
    }
    if (FORMATTING.has(name)) {
      if (name === 'a') {
        for (let i = this.formatting.length - 1; i >= 0; i--) {
          const f = this.formatting[i];
          if (f === null) break;
          if (f!.tag.name === 'a') {
            const a = f!.el;
            this.adoptionAgency('a');
            this.removeFormatting(a);
            const si = this.stack.lastIndexOf(a);
            if (si >= 0) this.stack.splice(si, 1);
            break;
          }
        }
      }
      this.reconstructFormatting();
      if (name === 'nobr' && this.inScope('nobr', Scope.Default)) {
        this.adoptionAgency('nobr');
        this.reconstructFormatting();
      }
      this.pushFormatting(this.insertElement(t), t);
      return;
    }
    if (HEAD_IN_BODY.has(name)) { this.startIn(Mode.InHead, t); return; }
    if (HEADINGS.has(name)) {
      this.closePInButtonScope();
      const cur = this.current();
      if (cur.ns === undefined && HEADINGS.has(cur.tag)) this.pop();
      this.insertElement(t);
      return;
    }
    if (VOID_IN_BODY.has(name)) {
      this.reconstructFormatting();
      this.insertElement(t);
      this.pop();
      this.framesetOk = false;
      return;
    }
    if (IGNORED_IN_BODY.has(name)) return;
    switch (name) {
      case 'html':
        if (this.hasOpen('template')) return;
        this.mergeAttrs(this.stack[0]!, t);
        return;
      case 'body': {
        const body = this.stack[1];
        if (!body || !isHtml(body, 'body') || this.hasOpen('template')) return;
        this.framesetOk = false;
        this.mergeAttrs(body, t);
        return;
      }
      case 'frameset': {
        const body = this.stack[1];
        if (!body || !isHtml(body, 'body') || !this.framesetOk) return;
        this.detach(body);
        this.stack.length = 1;
        this.insertElement(t);
        this.mode = Mode.InFrameset;
        return;
      }
      case 'pre': case 'listing':
        this.closePInButtonScope();
        this.insertElement(t);
        this.ignoreLF = true;
        this.framesetOk = false;
        return;
      case 'form': {
        const inTemplate = this.hasOpen('template');
        if (this.formEl && !inTemplate) return;
        this.closePInButtonScope();
        const el = this.insertElement(t);
        if (!inTemplate) this.formEl = el;
        return;
      }
      case 'li': case 'dd': case 'dt': {
        this.framesetOk = false;
        for (let i = this.stack.length - 1; i >= 0; i--) {
          const node = this.stack[i]!;
          const tag = node.ns === undefined ? node.tag : '';
          if (name === 'li' ? tag === 'li' : tag === 'dd' || tag === 'dt') {
            this.generateImpliedEndTags(tag);
            this.popUntil(tag);
            break;
          }
          if (isSpecial(node) && tag !== 'address' && tag !== 'div' && tag !== 'p') break;
        }
        this.closePInButtonScope();
        this.insertElement(t);
        return;
      }
      case 'plaintext':
        this.closePInButtonScope();
        this.insertElement(t);
        return;
      case 'button':
        if (this.inScope('button', Scope.Default)) {
          this.generateImpliedEndTags();
          this.popUntil('button');
        }
        this.reconstructFormatting();
        this.insertElement(t);
        this.framesetOk = false;
        return;
      case 'applet': case 'marquee': case 'object':
        this.reconstructFormatting();
        this.insertElement(t);
        this.formatting.push(null);
        this.framesetOk = false;
        return;
      case 'table':
        if (this.docMode !== 'quirks') this.closePInButtonScope();
        this.insertElement(t);
        this.framesetOk = false;
        this.mode = Mode.InTable;
        return;
      case 'input':
        if (this.inScope('select', Scope.Default)) this.popUntil('select');
        this.reconstructFormatting();
        this.insertElement(t);
        this.pop();
        if (t.attrs.type?.toLowerCase() !== 'hidden') this.framesetOk = false;
        return;
      case 'param': case 'source': case 'track':
        this.insertElement(t);
        this.pop();
        return;
      case 'hr':
        this.closePInButtonScope();
        if (this.inScope('select', Scope.Default)) this.generateImpliedEndTags();
        this.insertElement(t);
        this.pop();
        this.framesetOk = false;
        return;
      case 'image':
        t.name = 'img';
        this.startInBody(t);
        return;
      case 'textarea':
        this.insertElement(t);
        this.ignoreLF = true;
        this.originalMode = this.mode;
        this.framesetOk = false;
        this.mode = Mode.Text;
        return;
      case 'xmp':
        this.closePInButtonScope();
        this.reconstructFormatting();
        this.framesetOk = false;
        this.rawText(t, Mode.Text);
        return;
      case 'iframe':
        this.framesetOk = false;
        this.rawText(t, Mode.Text);
        return;
      case 'noembed':
        this.rawText(t, Mode.Text);
        return;
      case 'select':
        // (the customizable-select parsing: a <select> holds any markup; a nested one closes it)
        if (this.inScope('select', Scope.Default)) { this.popUntil('select'); return; }
        this.reconstructFormatting();
        this.insertElement(t);
        this.framesetOk = false;
        return;
      case 'option':
        if (this.inScope('select', Scope.Default)) this.generateImpliedEndTags('optgroup');
        else if (isHtml(this.current(), 'option')) this.pop();
        this.reconstructFormatting();
        this.insertElement(t);
        return;
      case 'optgroup':
        if (this.inScope('select', Scope.Default)) this.generateImpliedEndTags();
        else if (isHtml(this.current(), 'option')) this.pop();
        this.reconstructFormatting();
        this.insertElement(t);
        return;
      case 'rb': case 'rtc':
        if (this.inScope('ruby', Scope.Default)) this.generateImpliedEndTags();
        this.insertElement(t);
        return;
      case 'rp': case 'rt':
        if (this.inScope('ruby', Scope.Default)) this.generateImpliedEndTags('rtc');
        this.insertElement(t);
        return;
      case 'math': case 'svg':
        this.reconstructFormatting();
        this.insertForeign(t, name);
        return;
    }
    this.reconstructFormatting();
    this.insertElement(t);
  }

  private startInTable(t: Tag): void {
    switch (t.name) {
      case 'caption':
        this.clearToContext('table');
        this.formatting.push(null);
        this.insertElement(t);
        this.mode = Mode.InCaption;
        return;
      case 'colgroup':
        this.clearToContext('table');
        this.insertElement(t);
        this.mode = Mode.InColumnGroup;
        return;
      case 'col':
        this.clearToContext('table');
        this.insertElement(this.implied('colgroup', t.start));
        this.mode = Mode.InColumnGroup;
        this.startIn(Mode.InColumnGroup, t);
        return;
      case 'tbody': case 'tfoot': case 'thead':
        this.clearToContext('table');
        this.insertElement(t);
        this.mode = Mode.InTableBody;
        return;
      case 'td': case 'th': case 'tr':
        this.clearToContext('table');
        this.insertElement(this.implied('tbody', t.start));
        this.mode = Mode.InTableBody;
        this.startIn(Mode.InTableBody, t);
        return;
      case 'table':
        if (!this.inScope('table', Scope.Table)) return;
        this.popUntil('table');
        this.resetMode();
        this.startIn(this.mode, t);
        return;
      case 'style': case 'script': case 'template':
        this.startIn(Mode.InHead, t);
        return;
      case 'input':
        if (t.attrs.type?.toLowerCase() !== 'hidden') break;
        this.insertElement(t);
        this.pop();
        return;
      case 'form':
        if (this.hasOpen('template') || this.formEl) return;
        this.formEl = this.insertElement(t);
        this.pop();
        return;
    }
    this.fosterParenting = true;
    this.startInBody(t);
    this.fosterParenting = false;
  }

  // ---- end tags -------------------------------------------------------------------------------

  private endIn(mode: Mode, name: string, at: number): void {
    switch (mode) {
      case Mode.Initial:
        this.mode = Mode.BeforeHtml;
        this.endIn(Mode.BeforeHtml, name, at);
        return;
      case Mode.BeforeHtml:
        if (name !== 'head' && name !== 'body' && name !== 'html' && name !== 'br') return;
        this.insertHtml(this.implied('html', at));
        this.mode = Mode.BeforeHead;
        this.endIn(Mode.BeforeHead, name, at);
        return;
      case Mode.BeforeHead:
        if (name !== 'head' && name !== 'body' && name !== 'html' && name !== 'br') return;
        this.headEl = this.insertElement(this.implied('head', at));
        this.mode = Mode.InHead;
        this.endIn(Mode.InHead, name, at);
        return;
      case Mode.InHead:
        if (name === 'head') { this.pop(); this.mode = Mode.AfterHead; return; }
        if (name === 'template') { this.endTemplate(); return; }
        if (name !== 'body' && name !== 'html' && name !== 'br') return;
        this.pop();
        this.mode = Mode.AfterHead;
        this.endIn(Mode.AfterHead, name, at);
        return;
      case Mode.InHeadNoscript:
        if (name === 'noscript') { this.pop(); this.mode = Mode.InHead; return; }
        if (name !== 'br') return;
        this.pop();
        this.mode = Mode.InHead;
        this.endIn(Mode.InHead, name, at);
        return;
      case Mode.AfterHead:
        if (name === 'template') { this.endTemplate(); return; }
        if (name !== 'body' && name !== 'html' && name !== 'br') return;
        this.insertElement(this.implied('body', at));
        this.mode = Mode.InBody;
        this.endIn(Mode.InBody, name, at);
        return;
      case Mode.InBody: this.endInBody(name, at); return;
      case Mode.Text:
        this.pop();
        this.mode = this.originalMode;
        return;
      case Mode.InTable: this.endInTable(name, at); return;
      case Mode.InTableText: this.flushTableText(); this.endIn(this.mode, name, at); return;
      case Mode.InCaption:
        switch (name) {
          case 'caption':
            if (this.inScope('caption', Scope.Table)) this.closeCaption();
            return;
          case 'table':
            if (!this.inScope('caption', Scope.Table)) return;
            this.closeCaption();
            this.endIn(this.mode, name, at);
            return;
          case 'body': case 'col': case 'colgroup': case 'html': case 'tbody': case 'td': case 'tfoot': case 'th': case 'thead': case 'tr':
            return;
        }
        this.endInBody(name, at);
        return;
      case Mode.InColumnGroup:
        switch (name) {
          case 'colgroup':
            if (!isHtml(this.current(), 'colgroup')) return;
            this.pop();
            this.mode = Mode.InTable;
            return;
          case 'col': return;
          case 'template': this.endTemplate(); return;
        }
        if (!isHtml(this.current(), 'colgroup')) return;
        this.pop();
        this.mode = Mode.InTable;
        this.endIn(Mode.InTable, name, at);
        return;
      case Mode.InTableBody:
        switch (name) {
          case 'tbody': case 'tfoot': case 'thead':
            if (!this.inScope(name, Scope.Table)) return;
            this.clearToContext('tbody');
            this.pop();
            this.mode = Mode.InTable;
            return;
          case 'table':
            if (!this.inScope('tbody', Scope.Table) && !this.inScope('thead', Scope.Table) && !this.inScope('tfoot', Scope.Table)) return;
            this.clearToContext('tbody');
            this.pop();
            this.mode = Mode.InTable;
            this.endIn(Mode.InTable, name, at);
            return;
          case 'body': case 'caption': case 'col': case 'colgroup': case 'html': case 'td': case 'th': case 'tr':
            return;
        }
        this.endInTable(name, at);
        return;
      case Mode.InRow:
        switch (name) {
          case 'tr':
            if (!this.inScope('tr', Scope.Table)) return;
            this.clearToContext('tr');
            this.pop();
            this.mode = Mode.InTableBody;
            return;
          case 'table':
            if (!this.inScope('tr', Scope.Table)) return;
            this.clearToContext('tr');
            this.pop();
            this.mode = Mode.InTableBody;
            this.endIn(Mode.InTableBody, name, at);
            return;
          case 'tbody': case 'tfoot': case 'thead':
            if (!this.inScope(name, Scope.Table) || !this.inScope('tr', Scope.Table)) return;
            this.clearToContext('tr');
            this.pop();
            this.mode = Mode.InTableBody;
            this.endIn(Mode.InTableBody, name, at);
            return;
          case 'body': case 'caption': case 'col': case 'colgroup': case 'html': case 'td': case 'th':
            return;
        }
        this.endInTable(name, at);
        return;
      case Mode.InCell:
        switch (name) {
          case 'td': case 'th':
            if (!this.inScope(name, Scope.Table)) return;
            this.generateImpliedEndTags();
            this.popUntil(name);
            this.clearFormattingToMarker();
            this.mode = Mode.InRow;
            return;
          case 'body': case 'caption': case 'col': case 'colgroup': case 'html':
            return;
          case 'table': case 'tbody': case 'tfoot': case 'thead': case 'tr':
            if (!this.inScope(name, Scope.Table)) return;
            this.closeCell();
            this.endIn(this.mode, name, at);
            return;
        }
        this.endInBody(name, at);
        return;
      case Mode.InTemplate:
        if (name === 'template') this.endTemplate();
        return;
      case Mode.AfterBody:
        if (name === 'html') { this.mode = Mode.AfterAfterBody; return; }
        this.mode = Mode.InBody;
        this.endInBody(name, at);
        return;
      case Mode.InFrameset:
        if (name !== 'frameset' || this.stack.length === 1) return;
        this.pop();
        if (!isHtml(this.current(), 'frameset')) this.mode = Mode.AfterFrameset;
        return;
      case Mode.AfterFrameset:
        if (name === 'html') this.mode = Mode.AfterAfterFrameset;
        return;
      case Mode.AfterAfterBody:
        this.mode = Mode.InBody;
        this.endInBody(name, at);
        return;
      case Mode.AfterAfterFrameset:
        return;
    }
  }

  private endInBody(name: string, at: number): void {
    if (BLOCK_END.has(name)) {
      if (!this.inScope(name, Scope.Default)) return;
      this.generateImpliedEndTags();
      this.popUntil(name);
      return;
    }
    if (FORMATTING.has(name)) { this.adoptionAgency(name); return; }
    if (HEADINGS.has(name)) {
      if (!this.inScope('h1', Scope.Default) && !this.inScope('h2', Scope.Default) && !this.inScope('h3', Scope.Default)
        && !this.inScope('h4', Scope.Default) && !this.inScope('h5', Scope.Default) && !this.inScope('h6', Scope.Default)) return;
      this.generateImpliedEndTags();
      for (;;) {
        const el = this.pop();
        if (el.ns === undefined && HEADINGS.has(el.tag)) return;
      }
    }
    switch (name) {
      case 'template': this.endTemplate(); return;
      case 'select':
        if (!this.inScope('select', Scope.Default)) return;
        this.generateImpliedEndTags();
        this.popUntil('select');
        return;
      case 'body':
        if (this.inScope('body', Scope.Default)) this.mode = Mode.AfterBody;
        return;
      case 'html':
        if (!this.inScope('body', Scope.Default)) return;
        this.mode = Mode.AfterBody;
        this.endIn(Mode.AfterBody, name, at);
        return;
      case 'form': {
        if (!this.hasOpen('template')) {
          const node = this.formEl;
          this.formEl = undefined;
          if (!node || !this.inScopeEl(node)) return;
          this.generateImpliedEndTags();
          const i = this.stack.lastIndexOf(node);
          this.stack.splice(i, 1);
          return;
        }
        if (!this.inScope('form', Scope.Default)) return;
        this.generateImpliedEndTags();
        this.popUntil('form');
        return;
      }
      case 'p':
        if (!this.inScope('p', Scope.Button)) this.insertElement(this.implied('p', at));
        this.closeP();
        return;
      case 'li':
        if (!this.inScope('li', Scope.ListItem)) return;
        this.generateImpliedEndTags('li');
        this.popUntil('li');
        return;
      case 'dd': case 'dt':
        if (!this.inScope(name, Scope.Default)) return;
        this.generateImpliedEndTags(name);
        this.popUntil(name);
        return;
      case 'applet': case 'marquee': case 'object':
        if (!this.inScope(name, Scope.Default)) return;
        this.generateImpliedEndTags();
        this.popUntil(name);
        this.clearFormattingToMarker();
        return;
      case 'br':
        this.startInBody(this.implied('br', at));
        return;
    }
    this.anyOtherEndTag(name);
  }

  private anyOtherEndTag(name: string): void {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const node = this.stack[i]!;
      if (isHtml(node, name)) {
        this.generateImpliedEndTags(name);
        while (this.stack.length > i) this.pop();
        return;
      }
      if (isSpecial(node)) return;
    }
  }

  private endInTable(name: string, at: number): void {
    switch (name) {
      case 'table':
        if (!this.inScope('table', Scope.Table)) return;
        this.popUntil('table');
        this.resetMode();
        return;
      case 'body': case 'caption': case 'col': case 'colgroup': case 'html': case 'tbody': case 'td': case 'tfoot': case 'th': case 'thead': case 'tr':
        return;
      case 'template': this.endTemplate(); return;
    }
    this.fosterParenting = true;
    this.endInBody(name, at);
    this.fosterParenting = false;
  }

  private endTemplate(): void {
    if (!this.hasOpen('template')) return;
    this.generateImpliedEndTags(undefined, true);
    this.popUntil('template');
    this.clearFormattingToMarker();
    this.templateModes.pop();
    this.resetMode();
  }

  // ---- foreign content (§13.2.6.5) ----------------------------------------------------------

  private foreignStart(t: Tag): void {
    const name = t.name;
    if (BREAKOUT.has(name) || (name === 'font' && ('color' in t.attrs || 'face' in t.attrs || 'size' in t.attrs))) {
      for (;;) {
        const cur = this.current();
        if (cur.ns === undefined || isHtmlIntegrationPoint(cur) || (cur.ns === 'math' && MATHML_TEXT_IP.has(cur.tag))) break;
        this.pop();
      }
      this.startTag(t);
      return;
    }
    this.insertForeign(t, this.current().ns!);
  }

  private foreignEnd(name: string, at: number): void {
    if (name === 'br' || name === 'p') {
      for (;;) {
        const cur = this.current();
        if (cur.ns === undefined || isHtmlIntegrationPoint(cur) || (cur.ns === 'math' && MATHML_TEXT_IP.has(cur.tag))) break;
        this.pop();
      }
      this.endTag(name, at);
      return;
    }
    let i = this.stack.length - 1;
    let node = this.stack[i]!;
    if (name === 'script' && node.ns === 'svg' && node.tag === 'script') { this.pop(); return; }
    for (;;) {
      if (i === 0) return;
      if (node.tag.toLowerCase() === name) {
        while (this.stack.length > i) this.pop();
        return;
      }
      node = this.stack[--i]!;
      if (node.ns === undefined) {
        this.endIn(this.mode, name, at);
        return;
      }
    }
  }

  /** inserts a foreign element (`<svg>` / `<math>` from HTML, or any element inside foreign content) */
  private insertForeign(t: Tag, ns: 'svg' | 'math' | 'html'): void {
    const svg = ns === 'svg' || (ns === 'html' && t.name === 'svg');
    const attrs = t.attrs;
    let rename = false;
    for (const k in attrs) if (svg ? SVG_ATTRS.has(k) : k === 'definitionurl') { rename = true; break; }
    if (rename) {
      const out: Record<string, string> = {};
      for (const k in attrs) out[(svg ? SVG_ATTRS.get(k) : k === 'definitionurl' ? 'definitionURL' : undefined) ?? k] = attrs[k]!;
      t.attrs = out;
    }
    const tagName = svg ? SVG_TAGS.get(t.name) ?? t.name : t.name;
    this.insertElement(t, svg ? 'svg' : 'math', tagName);
    if (t.selfClosing) this.pop();
  }

  // ---- the stack of open elements -------------------------------------------------------------

  private current(): DomElement { return this.stack[this.stack.length - 1]!; }

  private pop(): DomElement {
    const el = this.stack.pop()!;
    if (el.tag === 'style') this.styleClosed(el);
    return el;
  }

  /** pops up to and including the last HTML element named `tag` */
  private popUntil(tag: string): void {
    for (;;) {
      const el = this.pop();
      if (!el || isHtml(el, tag)) return;
    }
  }

  private hasOpen(tag: string): boolean {
    const s = this.stack;
    for (let i = s.length - 1; i >= 0; i--) if (isHtml(s[i]!, tag)) return true;
    return false;
  }

  private inScope(tag: string, scope: Scope): boolean {
    const s = this.stack;
    for (let i = s.length - 1; i >= 0; i--) {
      const el = s[i]!;
      if (el.ns === undefined) {
        if (el.tag === tag) return true;
        switch (scope) {
          case Scope.Table: if (el.tag === 'html' || el.tag === 'table' || el.tag === 'template') return false; continue;
          case Scope.ListItem: if (el.tag === 'ol' || el.tag === 'ul') return false; break;
          case Scope.Button: if (el.tag === 'button') return false; break;
          default:
        }
        if (SCOPE_HTML.has(el.tag)) return false;
      } else {
        if (scope === Scope.Table) continue;
        if (el.ns === 'math' ? MATHML_TEXT_IP.has(el.tag) || el.tag === 'annotation-xml' : SVG_HTML_IP.has(el.tag)) return false;
      }
    }
    return false;
  }

  /** "has that element in scope" (default scope), for a given element */
  private inScopeEl(target: DomElement): boolean {
    const s = this.stack;
    for (let i = s.length - 1; i >= 0; i--) {
      const el = s[i]!;
      if (el === target) return true;
      if (el.ns === undefined ? SCOPE_HTML.has(el.tag)
        : el.ns === 'math' ? MATHML_TEXT_IP.has(el.tag) || el.tag === 'annotation-xml' : SVG_HTML_IP.has(el.tag)) return false;
    }
    return false;
  }

  private generateImpliedEndTags(except?: string, thoroughly = false): void {
    const set = thoroughly ? IMPLIED_END_THOROUGH : IMPLIED_END;
    for (;;) {
      const cur = this.current();
      if (cur.ns !== undefined || !set.has(cur.tag) || cur.tag === except) return;
      this.pop();
    }
  }

  private closePInButtonScope(): void {
    if (this.inScope('p', Scope.Button)) this.closeP();
  }

  private closeP(): void {
    this.generateImpliedEndTags('p');
    this.popUntil('p');
  }

  private closeCaption(): void {
    this.generateImpliedEndTags();
    this.popUntil('caption');
    this.clearFormattingToMarker();
    this.mode = Mode.InTable;
  }

  private closeCell(): void {
    this.generateImpliedEndTags();
    for (;;) {
      const el = this.pop();
      if (isHtml(el, 'td') || isHtml(el, 'th')) break;
    }
    this.clearFormattingToMarker();
    this.mode = Mode.InRow;
  }

  /** "clear the stack back to a table / table body / table row context" */
  private clearToContext(kind: 'table' | 'tbody' | 'tr'): void {
    for (;;) {
      const cur = this.current();
      if (cur.ns === undefined) {
        const t = cur.tag;
        if (t === 'html' || t === 'template') return;
        if (kind === 'table' ? t === 'table' : kind === 'tbody' ? t === 'tbody' || t === 'tfoot' || t === 'thead' : t === 'tr') return;
      }
      this.pop();
    }
  }

  private resetMode(): void {
    const s = this.stack;
    for (let i = s.length - 1; i >= 0; i--) {
      const node = s[i]!;
      const last = i === 0;
      if (node.ns !== undefined) { if (last) { this.mode = Mode.InBody; return; } continue; }
      switch (node.tag) {
        case 'td': case 'th': if (!last) { this.mode = Mode.InCell; return; } break;
        case 'tr': this.mode = Mode.InRow; return;
        case 'tbody': case 'thead': case 'tfoot': this.mode = Mode.InTableBody; return;
        case 'caption': this.mode = Mode.InCaption; return;
        case 'colgroup': this.mode = Mode.InColumnGroup; return;
        case 'table': this.mode = Mode.InTable; return;
        case 'template': this.mode = this.templateModes[this.templateModes.length - 1]!; return;
        case 'head': if (!last) { this.mode = Mode.InHead; return; } break;
        case 'body': this.mode = Mode.InBody; return;
        case 'frameset': this.mode = Mode.InFrameset; return;
        case 'html': this.mode = this.headEl ? Mode.AfterHead : Mode.BeforeHead; return;
      }
      if (last) { this.mode = Mode.InBody; return; }
    }
  }

  // ---- the list of active formatting elements -----------------------------------------------

  private pushFormatting(el: DomElement, tag: Tag): void {
    const list = this.formatting;
    let same = 0;
    let earliest = -1;
    for (let i = list.length - 1; i >= 0; i--) {
      const f = list[i];
      if (f === null) break;
      if (f!.tag.name === tag.name && f!.el.ns === el.ns && sameAttrs(f!.tag.attrs, tag.attrs)) { same++; earliest = i; }
    }
    if (same >= 3) list.splice(earliest, 1);
    list.push({ el, tag });
  }

  private removeFormatting(el: DomElement): void {
    const i = this.formattingIndex(el);
    if (i >= 0) this.formatting.splice(i, 1);
  }

  private formattingIndex(el: DomElement): number {
    const list = this.formatting;
    for (let i = list.length - 1; i >= 0; i--) if (list[i]?.el === el) return i;
    return -1;
  }

  private clearFormattingToMarker(): void {
    const list = this.formatting;
    while (list.length > 0 && list.pop() !== null) { /* up to and including the last marker */ }
  }

  private reconstructFormatting(): void {
    const list = this.formatting;
    if (list.length === 0) return;
    let i = list.length - 1;
    const last = list[i];
    if (last === null || this.stack.includes(last!.el)) return;
    while (i > 0) {
      const f = list[i - 1];
      if (f === null || this.stack.includes(f!.el)) break;
      i--;
    }
    for (; i < list.length; i++) {
      const f = list[i]!;
      const tag: Tag = { ...f.tag, attrs: { ...f.tag.attrs } };
      list[i] = { el: this.insertElement(tag), tag };
    }
  }

  /** HTML §13.2.6.4.7 the adoption agency algorithm, for an end tag named `subject` */
  private adoptionAgency(subject: string): void {
    const stack = this.stack;
    const list = this.formatting;
    const cur = this.current();
    if (isHtml(cur, subject) && this.formattingIndex(cur) < 0) { this.pop(); return; }
    for (let outer = 0; outer < 8; outer++) {
      let fi = -1;
      for (let i = list.length - 1; i >= 0; i--) {
        const f = list[i];
        if (f === null) break;
        if (f!.tag.name === subject) { fi = i; break; }
      }
      if (fi < 0) { this.anyOtherEndTag(subject); return; }
      const fe = list[fi]!;
      const si = stack.lastIndexOf(fe.el);
      if (si < 0) { list.splice(fi, 1); return; }
      if (!this.inScopeEl(fe.el)) return;
      let fbi = -1;
      for (let i = si + 1; i < stack.length; i++) if (isSpecial(stack[i]!)) { fbi = i; break; }
      if (fbi < 0) {
        while (stack.length > si) this.pop();
        list.splice(fi, 1);
        return;
      }
      const furthestBlock = stack[fbi]!;
      const commonAncestor = stack[si - 1]!;
      let bookmark = fi;
      let node: DomElement;
      let lastNode = furthestBlock;
      let ni = fbi;
      for (let inner = 1; ; inner++) {
        node = stack[--ni]!;
        if (node === fe.el) break;
        let nfi = this.formattingIndex(node);
        if (inner > 3 && nfi >= 0) {
          list.splice(nfi, 1);
          if (nfi < bookmark) bookmark--;
          nfi = -1;
        }
        if (nfi < 0) { stack.splice(ni, 1); continue; }
        const tag: Tag = { ...list[nfi]!.tag, attrs: { ...list[nfi]!.tag.attrs } };
        const el = this.createElement(tag, undefined, tag.name);
        list[nfi] = { el, tag };
        stack[ni] = el;
        node = el;
        if (lastNode === furthestBlock) bookmark = nfi + 1;
        this.detach(lastNode);
        this.appendTo(node, lastNode);
        lastNode = node;
      }
      this.detach(lastNode);
      this.insertAt(this.placeFor(commonAncestor), lastNode);
      const tag: Tag = { ...fe.tag, attrs: { ...fe.tag.attrs } };
      const el = this.createElement(tag, undefined, tag.name);
      const moved = (furthestBlock.children as DomNode[]).splice(0, furthestBlock.children.length);
      for (const c of moved) { c.parent = el; (el.children as DomNode[]).push(c); }
      this.appendTo(furthestBlock, el);
      const oldFi = list.indexOf(fe);
      list.splice(oldFi, 1);
      if (oldFi < bookmark) bookmark--;
      list.splice(bookmark, 0, { el, tag });
      stack.splice(stack.indexOf(fe.el), 1);
      stack.splice(stack.indexOf(furthestBlock) + 1, 0, el);
    }
  }

  // ---- creating and inserting nodes ---------------------------------------------------------

  private implied(name: string, at: number): Tag {
    return { name, attrs: {}, selfClosing: false, start: at, end: at };
  }

  private rawText(t: Tag, mode: Mode): void {
    this.insertElement(t);
    this.originalMode = this.mode;
    this.mode = mode;
  }

  private mergeAttrs(el: DomElement, t: Tag): void {
    for (const k in t.attrs) if (!Object.prototype.hasOwnProperty.call(el.attrs, k)) el.attrs[k] = t.attrs[k]!;
  }

  private insertHtml(t: Tag): void {
    const el = this.createElement(t, undefined, 'html');
    this.count++;
    this.htmlEl = el;
    this.nodes.push(el);
    this.stack.push(el);
  }

  /**
   * Creates the element for a token. Outside complete mode, an element that never prints is
   * created detached (the algorithm still needs it on the stack): it and its content stay
   * out of the tree.
   */
  private createElement(t: Tag, ns: 'svg' | 'math' | undefined, tag: string): DomElement {
    return { kind: 'element', tag, ns, attrs: t.attrs, children: [], parent: undefined, loc: this.locAt(t.start), detached: false };
  }

  /** "insert an HTML element" (or a foreign one); returns it, pushed onto the stack */
  private insertElement(t: Tag, ns?: 'svg' | 'math', tag = t.name): DomElement {
    const el = this.createElement(t, ns, tag);
    let attach = true;
    if (!this.complete && ns === undefined) {
      switch (tag) {
        case 'link': this.linkSeen(t); attach = false; break;
        case 'meta': this.metaSeen(t); attach = false; break;
        case 'style': this.styleLocs.set(el, { loc: this.locAt(t.end + 1), media: t.attrs.media ?? '' }); attach = false; break;
        case 'html': case 'head': case 'body': break;
        default:
          if (DROPPED.has(tag)) attach = false;
          else if (DROPPED_WITH_DIAGNOSTIC.has(tag)) {
            this.opts.diagnostics.report('html-unsupported', `<${tag}> is not rendered`, el.loc);
            attach = false;
          }
      }
    } else if (!this.complete && tag === 'style') {
      // an SVG's own <style> applies to the document (as in browsers) and stays in the SVG
      this.styleLocs.set(el, { loc: this.locAt(t.end + 1), media: t.attrs.media ?? '' });
    }
    const keptEmpty = !attach && !this.complete && ns === undefined && KEPT_EMPTY.has(tag);
    if (attach && tag !== 'head' && tag !== 'body') attach = this.mayAttach(el);
    const parent = this.stack[this.stack.length - 1]!;
    if (!attach) {
      el.detached = true;
      if (keptEmpty) this.insertEmpty(parent, t, tag);
    } else if (!this.fosterParenting) {
      if (parent.detached) el.detached = true;
      else { this.count++; this.appendTo(parent, el); }
    } else {
      const place = this.placeFor(parent);
      if (place.parent.detached) el.detached = true;
      else { this.count++; this.insertAt(place, el); }
    }
    this.stack.push(el);
    return el;
  }

  /** A dropped element's empty stand-in where it would be inserted (KEPT_EMPTY); its content stays out. */
  private insertEmpty(parent: DomElement, t: Tag, tag: string): void {
    const el = this.createElement(t, undefined, tag);
    if (!this.mayAttach(el)) return;
    if (!this.fosterParenting) {
      if (parent.detached) return;
      this.count++; this.appendTo(parent, el);
    } else {
      const place = this.placeFor(parent);
      if (place.parent.detached) return;
      this.count++; this.insertAt(place, el);
    }
  }

  private mayAttach(el: DomElement): boolean {
    if (this.stack.length >= this.opts.limits.maxDomDepth) {
      if (!this.depthExceeded) {
        this.depthExceeded = true;
        this.opts.diagnostics.report('limit-exceeded', `Elements nested deeper than ${this.opts.limits.maxDomDepth} levels are ignored`, el.loc);
      }
      return false;
    }
    return this.mayAdd(el.loc);
  }

  private mayAdd(loc: SourceLocation | undefined): boolean {
    if (this.count < this.opts.limits.maxDomNodes) return true;
    if (!this.nodesExceeded) {
      this.nodesExceeded = true;
      this.opts.diagnostics.report('limit-exceeded', `The document has more than ${this.opts.limits.maxDomNodes} nodes; the rest is ignored`, loc ?? this.locAt(this.textStartOr()));
    }
    return false;
  }

  private linkSeen(t: Tag): void {
    const a = t.attrs;
    const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('stylesheet') && !rel.includes('alternate') && a.href) {
      this.styles.push({ kind: 'link', href: a.href, media: a.media ?? '', loc: this.locAt(t.start) });
    }
  }

  private metaSeen(t: Tag): void {
    const a = t.attrs;
    if (a.name && a.content !== undefined) {
      const key = a.name.toLowerCase();
      if (!(key in this.meta)) this.meta[key] = a.content;
    }
  }

  private styleClosed(el: DomElement): void {
    const at = this.styleLocs.get(el);
    if (!at) return;
    this.styleLocs.delete(el);
    let text = '';
    for (const c of el.children) if (c.kind === 'text') text += c.text;
    this.styles.push({ kind: 'style', text, media: at.media, loc: at.loc });
  }

  private makeComment(text: string): DomComment {
    return { kind: 'comment', text, parent: undefined };
  }

  /** "the appropriate place for inserting a node" with `target` as the override target */
  private placeFor(target: DomElement): { parent: DomElement; before: DomNode | undefined } {
    if (this.fosterParenting && target.ns === undefined) {
      const t = target.tag;
      if (t === 'table' || t === 'tbody' || t === 'tfoot' || t === 'thead' || t === 'tr') {
        const s = this.stack;
        let table = -1;
        let template = -1;
        for (let i = s.length - 1; i >= 0; i--) {
          if (table < 0 && isHtml(s[i]!, 'table')) table = i;
          if (template < 0 && isHtml(s[i]!, 'template')) template = i;
        }
        if (template >= 0 && (table < 0 || template > table)) return { parent: s[template]!, before: undefined };
        if (table < 0) return { parent: s[0]!, before: undefined };
        const tableEl = s[table]!;
        if (tableEl.parent) return { parent: tableEl.parent, before: tableEl };
        return { parent: s[table - 1]!, before: undefined };
      }
    }
    return { parent: target, before: undefined };
  }

  private insertAt(place: { parent: DomElement; before: DomNode | undefined }, node: DomNode): void {
    const { parent, before } = place;
    node.parent = parent;
    const children = parent.children as DomNode[];
    if (!before) { children.push(node); return; }
    const i = children.indexOf(before);
    children.splice(i < 0 ? children.length : i, 0, node);
  }

  private appendTo(parent: DomElement, node: DomNode): void {
    node.parent = parent;
    (parent.children as DomNode[]).push(node);
  }

  private detach(node: DomNode): void {
    const p = node.parent;
    if (!p) return;
    const children = p.children as DomNode[];
    const i = children.indexOf(node);
    if (i >= 0) children.splice(i, 1);
    node.parent = undefined;
  }

  private insertNode(node: DomNode): void {
    const parent = this.current();
    if (parent.detached) return;
    this.insertAt(this.placeFor(parent), node);
  }

  /** "insert a character": joins the previous text node where there is one */
  private insertText(s: string): void {
    const parent = this.current();
    if (!this.fosterParenting) {
      // (the common case, without an allocation)
      if (parent.detached && parent.tag !== 'style') return; // dropped content; only <style> keeps its text
      const children = parent.children as DomNode[];
      const prev = children[children.length - 1];
      if (prev !== undefined && prev.kind === 'text') { prev.text += s; return; }
      if (!parent.detached) { if (!this.mayAdd(undefined)) return; this.count++; }
      children.push({ kind: 'text', text: s, parent });
      return;
    }
    const place = this.placeFor(parent);
    if (place.parent.detached && place.parent.tag !== 'style') return;
    const children = place.parent.children as DomNode[];
    const i = place.before ? children.indexOf(place.before) : children.length;
    const prev = children[i - 1];
    if (prev && prev.kind === 'text') { (prev as DomText).text += s; return; }
    if (!place.parent.detached) { if (!this.mayAdd(undefined)) return; this.count++; }
    const node: DomText = { kind: 'text', text: s, parent: place.parent };
    if (i === children.length) children.push(node); else children.splice(i, 0, node);
  }
}

/** HTML §13.2.5.54 onwards: the DOCTYPE token's fields from htmlparser2's declaration text (`DOCTYPE html PUBLIC "…"`). */
export function parseDoctype(decl: string): DomDoctype {
  let i = 7; // after "doctype"
  const n = decl.length;
  const ws = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
  while (i < n && ws(decl[i])) i++;
  let name = '';
  while (i < n && !ws(decl[i])) name += decl[i++];
  name = name.toLowerCase();
  let publicId: string | undefined;
  let systemId: string | undefined;
  let forceQuirks = name === '';
  const quoted = (): string | undefined => {
    while (i < n && ws(decl[i])) i++;
    const q = decl[i];
    if (q !== '"' && q !== "'") return undefined;
    const end = decl.indexOf(q, i + 1);
    if (end < 0) { forceQuirks = true; const v = decl.slice(i + 1); i = n; return v; }
    const v = decl.slice(i + 1, end);
    i = end + 1;
    return v;
  };
  while (i < n && ws(decl[i])) i++;
  const keyword = decl.slice(i, i + 6).toLowerCase();
  if (keyword === 'public') {
    i += 6;
    publicId = quoted();
    if (publicId === undefined) forceQuirks = true;
    else systemId = quoted();
  } else if (keyword === 'system') {
    i += 6;
    systemId = quoted();
    if (systemId === undefined) forceQuirks = true;
  } else if (i < n) forceQuirks = true;
  return { kind: 'doctype', name, publicId, systemId, forceQuirks };
}
