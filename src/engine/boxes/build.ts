// CSS Display 3 §2 box generation from the styled tree, with CSS 2.1 §9.2.1.1 anonymous block
// boxes (block-in-inline splits the inline), CSS Text 3 §4 white-space processing and §2.1
// text-transform, and CSS Lists 3 markers (ol start / reversed / li value).
import type { ComputedStyle, ListStyleType, SvgPaint } from '../cascade/computed';
import { formatCounter } from '../cascade/counters';
import { INITIAL_VALUES } from '../cascade/properties';
import type { StyledElement, StyledNode, StyledText } from '../cascade/styled';
import { hasTransform } from '../cascade/transform';
import type { DiagnosticList } from '../diagnostics';
import { buildTable } from './table';
import type {
  AbsoluteBox, BlockBox, BlockLevelBox, FlexBox, Footnote, FormControl, GridBox, InlineBox, InlineFormattingBox, InlineLevelBox, ListItemBox, ReplacedBox, TextRun,
} from './types';

export interface BoxBuildOptions {
  readonly diagnostics: DiagnosticList;
  /**
   * Generated text only layout can finish (StyledText.generated: counter(page), target-counter(),
   * leader()...): its strings, and the leaders to stretch. Without it, the cascade's text stands.
   */
  readonly generated?: (text: StyledText) => readonly (string | { readonly leader: string })[];
  /** whether a style's face draws its small capitals itself (OpenType smcp); otherwise they are synthesized */
  readonly smallCaps?: (style: ComputedStyle) => boolean;
  /**
   * Whether an `<img>` with this source can be had (HTML §15.4.1: one that cannot is rendered as
   * its alt text, see altFallback). Without it every image is taken to load.
   */
  readonly imageLoads?: (el: StyledElement, src: string) => boolean;
  /** the document is in quirks mode (HTML §15.4.1: a sized broken image stays a replaced box there) */
  readonly quirks?: boolean;
}

/** CSS GCPM 3 §4 leader(): an empty atomic inline that layout stretches to the end of its line and fills. */
export const LEADER_TAG = '::leader';

/** An `<img>` that does not load, as the non-replaced element it is rendered as (altFallback). */
const ALT_TEXT_TAG = '::alt-text';
/**
 * The broken-image icon: an empty box of Chromium's icon size (16 × 16px), floated left of the
 * alt text (so it never heightens a line). It is not drawn.
 */
const ALT_ICON_TAG = '::alt-icon';
const ALT_ICON_SIDE = 12;

/**
 * HTML §15.4.1 (images), as Chromium 156 renders an `<img>` whose image does not load (no
 * source, an unknown URL or missing file; Blink's HTMLImageFallbackHelper):
 * - with a width and a height (attributes or CSS), and no alt text or quirks mode: the replaced
 *   box of that size stays (undefined here);
 * - `alt=""` and no size: it represents nothing, an empty inline;
 * - otherwise a non-replaced element holding the broken-image icon (a left float) and the alt
 *   text: inline-level as an inline-block of automatic size (its width and height do not apply;
 *   its margins, borders and padding do), block-level and floated as a block of its own size.
 */
export function altFallback(el: StyledElement, quirks: boolean): StyledElement | undefined {
  const s = el.style;
  const alt = el.attrs.alt;
  if (s.width !== 'auto' && s.height !== 'auto' && (quirks || !alt)) return undefined;
  if (alt === '') return { ...el, tag: ALT_TEXT_TAG, children: [] };
  const side = { pt: ALT_ICON_SIDE, pct: 0 };
  const iconStyle: ComputedStyle = { ...anonymousStyle(s), float: 'left', width: side, height: side };
  const icon: StyledElement = { kind: 'element', tag: ALT_ICON_TAG, attrs: {}, style: iconStyle, children: [], loc: el.loc };
  const inline = s.display === 'inline' || s.display === 'inline-block';
  const style: ComputedStyle = inline ? { ...s, display: 'inline-block', width: 'auto', height: 'auto' } : s;
  const children: StyledNode[] = alt ? [icon, { kind: 'text', text: alt, style }] : [icon];
  return { ...el, tag: ALT_TEXT_TAG, style, children };
}

/** The open inline boxes of a run that has none (replaced by a fresh array when one opens). */
const NO_OPEN: InlineBox[] = [];
/** The inline run of a flow that has met no inline-level box yet (replaced by a fresh array at the first). */
const NO_INLINES: InlineLevelBox[] = [];

/** Elements that never generate boxes, whatever the stylesheet says. */
const NO_BOX = new Set(['head', 'script', 'style', 'template', 'title', 'meta', 'link', 'base', '::marker',
  'iframe', 'object', 'embed', 'audio', 'video', 'canvas', 'map', 'area', 'datalist']);
const REPORTED_HTML = new Set(['iframe', 'object', 'embed', 'audio', 'video', 'canvas']);
/** Form controls: printed as boxes with their text (formControl). */
const FORM_CONTROLS = new Set(['input', 'select', 'textarea']);

const BLOCK_LEVEL = new Set(['block', 'flow-root', 'list-item', 'table', 'flex', 'grid', 'table-row', 'table-row-group',
  'table-header-group', 'table-footer-group', 'table-cell', 'table-caption', 'table-column', 'table-column-group']);

/** The displays of CSS 2.1 §17.2's proper table children and internal table boxes. */
const TABLE_PARTS = new Set(['table-row', 'table-row-group', 'table-header-group', 'table-footer-group', 'table-cell', 'table-caption',
  'table-column', 'table-column-group']);

/** The tag of the element that stands for an anonymous table box. */
export const ANONYMOUS_TABLE_TAG = '::table';

const isTablePart = (n: StyledNode): n is StyledElement => n.kind === 'element' && TABLE_PARTS.has(n.style.display) && !NO_BOX.has(n.tag);

/** Collapsible white space only: it generates no box between two table parts (CSS Display 3 §2.6). */
const isCollapsibleSpace = (n: StyledNode): boolean => n.kind === 'text' && !n.generated && /^[ \t\n\r\f]*$/.test(n.text)
  && n.style.whiteSpace !== 'pre' && n.style.whiteSpace !== 'pre-wrap' && n.style.whiteSpace !== 'break-spaces';

/**
 * CSS 2.1 §17.2.1 rule 3 (CSS Tables 3 §3.4.1): each sequence of consecutive table parts outside
 * a table is wrapped in ONE anonymous table, so a thead and a tbody inside a `display: block`
 * table share their columns. The anonymous table inherits from the parent (`parentStyle`); its
 * other properties are initial. White space between the parts is dropped, as between blocks.
 */
function wrapTableParts(nodes: readonly StyledNode[], parentStyle: ComputedStyle): readonly StyledNode[] {
  if (!nodes.some(isTablePart)) return nodes;
  const out: StyledNode[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    if (!isTablePart(n)) { out.push(n); continue; }
    const run: StyledNode[] = [n];
    let j = i + 1;
    for (;;) {
      let k = j;
      while (k < nodes.length && isCollapsibleSpace(nodes[k]!)) k++;
      if (k >= nodes.length || !isTablePart(nodes[k]!)) break;
      run.push(nodes[k]!);
      j = k + 1;
    }
    i = j - 1;
    out.push({ kind: 'element', tag: ANONYMOUS_TABLE_TAG, attrs: {}, style: { ...anonymousStyle(parentStyle), display: 'table' }, children: run, loc: n.loc });
  }
  return out;
}

/** A leader's placeholder: zero wide, no decorations; its fill string travels in its element's attributes. */
function leaderBox(style: ComputedStyle, fill: string): InlineLevelBox {
  const zero = { pt: 0, pct: 0 };
  const s: ComputedStyle = {
    ...style, display: 'inline-block', position: 'static', float: 'none', width: zero, height: 'auto', minWidth: 'auto', maxWidth: 'none',
    margin: { top: zero, right: zero, bottom: zero, left: zero }, padding: { top: zero, right: zero, bottom: zero, left: zero },
    borderWidth: { top: 0, right: 0, bottom: 0, left: 0 }, backgroundColor: { r: 0, g: 0, b: 0, a: 0 }, backgroundImage: 'none',
  };
  const element: StyledElement = { kind: 'element', tag: LEADER_TAG, attrs: { fill }, style: s, children: [], loc: { line: 0, column: 0 } };
  return { kind: 'inline-block', style: s, element, box: { kind: 'block', style: s, element, children: [] } };
}

/** Builds the box tree of the document. The root box is the principal box of <html>. */
export function buildBoxes(root: StyledElement, options: BoxBuildOptions): BlockBox | FlexBox | GridBox {
  const b = new BoxBuilder(options, root);
  return b.rootBox(root);
}

/** One run of flowChildren: where its block-level boxes start in the builder's pending list, and the inline run being gathered. */
interface Flow {
  readonly base: number;
  readonly containerStyle: ComputedStyle;
  readonly positioned: boolean;
  readonly listParent: StyledElement | undefined;
  /** the list-item counter of `listParent`, made when its first list item is met */
  counter: ListCounter | undefined;
  /** the open inline boxes, outermost first; cloned after a block-in-inline split */
  stack: InlineBox[];
  group: InlineLevelBox[];
  first: boolean;
  /** CSS Pseudo 4 §2.3: the container's ::first-line style, for its first inline formatting context */
  readonly firstLine: ComputedStyle | undefined;
}

class BoxBuilder {
  /**
   * The block-level boxes of the flows being built, innermost flow last: each flow takes its
   * boxes off the end as one list made to size (a list grown by push keeps 16 spare slots, in
   * every block of the box tree).
   */
  private readonly pending: BlockLevelBox[] = [];

  constructor(private readonly options: BoxBuildOptions, private readonly document: StyledElement) {}

  /** the document's elements by id, made when an <svg> first refers outside itself */
  private ids: Map<string, StyledElement> | undefined;

  private elementById = (id: string): StyledElement | undefined => {
    if (!this.ids) {
      const ids = new Map<string, StyledElement>();
      const walk = (n: StyledNode) => {
        if (n.kind !== 'element') return;
        const id = n.attrs.id;
        if (id !== undefined && !ids.has(id)) ids.set(id, n);
        for (const c of n.children) walk(c);
      };
      walk(this.document);
      this.ids = ids;
    }
    return this.ids.get(id);
  };

  /** The root element's principal box: a block container, or a flex container. */
  rootBox(root: StyledElement): BlockBox | FlexBox | GridBox {
    if (root.style.display === 'flex' || root.style.display === 'inline-flex') return { kind: 'flex', style: root.style, element: root, items: this.flexItems(root, false) };
    if (root.style.display === 'grid' || root.style.display === 'inline-grid') return { kind: 'grid', style: root.style, element: root, items: this.flexItems(root, false) };
    return this.blockContainer(root, root.style, false);
  }

  /** An element's contents as a block container: block-level children, inline runs wrapped. */
  blockContainer(el: StyledElement, style: ComputedStyle, positioned: boolean): BlockBox {
    const children = this.flowChildren(el.children, style, positioned, el);
    return { kind: 'block', style, element: el, children };
  }

  /** The (block-level) boxes of a sequence of children, inline runs wrapped. */
  private flowChildren(nodes: readonly StyledNode[], containerStyle: ComputedStyle, positioned: boolean, listParent?: StyledElement): BlockLevelBox[] {
    const pending = this.pending;
    const flow: Flow = { base: pending.length, containerStyle, positioned, listParent, counter: undefined, stack: NO_OPEN, group: NO_INLINES, first: true, firstLine: listParent?.firstLine };
    for (const n of wrapTableParts(nodes, containerStyle)) this.visit(flow, n, 0);
    this.flush(flow);
    const boxes = pending.slice(flow.base);
    pending.length = flow.base;
    return boxes;
  }

  /**
   * Ends the inline run: wraps it in an anonymous block and re-opens its inline ancestors.
   * `split`: a block inside an open inline box ends the run (CSS 2.1 §9.2.1.1).
   *
   * A run with line content always makes its anonymous block. A run of inline boxes with none
   * (an empty <span>, <a name>, only collapsible white space inside) makes one too, with only
   * zero-height line boxes (CSS 2.1 §9.4.2: its margins collapse through it), except before a
   * block that splits its inline: as Chromium 156 prints it, `<div>A</div><span></span>` ends in
   * a line box, so a forced break after A makes a page of it, and `<span><div>A</div></span>`
   * ends in the span's closing part; the span's opening part before A makes no line.
   */
  private flush(flow: Flow, split = false): void {
    const group = flow.group;
    if (!hasContent(group) && !split && hasInlineBox(group)) {
      // (an empty line: no ::first-line, text-indent nor marker goes to it)
      processWhiteSpace(group, this.options.smallCaps);
      this.pending.push({ kind: 'inlines', style: flow.containerStyle, children: group.slice(), first: false });
    } else if (hasContent(group)) {
      const lineContent = flow.first && flow.firstLine ? cloneStyled(group, flow.firstLine) : undefined;
      processWhiteSpace(group, this.options.smallCaps);
      const firstLine = lineContent && flow.firstLine ? firstLineOf(lineContent, group, flow.firstLine, this.options.smallCaps) : undefined;
      const ifc: InlineFormattingBox = { kind: 'inlines', style: flow.containerStyle, children: group.length > 1 ? group.slice() : group, first: flow.first };
      this.pending.push(firstLine ? { ...ifc, firstLine } : ifc);
      flow.first = false;
    } else {
      // a run with no line content: its inline-level absolutely positioned boxes go on as block-level
      // ones, their static position where text-align puts an empty line's start (CSS 2.1 §10.3.7)
      for (const abs of absolutesIn(group)) this.pending.push({ ...abs, inlineStatic: true });
    }
    if (flow.stack.length === 0) {
      // nothing to re-open: a fresh run (the one just ended is kept only if it had content)
      if (group.length) flow.group = NO_INLINES;
      return;
    }
    // re-open the inline ancestors for what follows the block (CSS 2.1 §9.2.1.1)
    const reopened: InlineBox[] = [];
    let parentList: InlineLevelBox[] = [];
    const newGroup = parentList;
    for (const open of flow.stack) {
      const clone: InlineBox = { kind: 'inline', style: open.style, element: open.element, children: [] };
      parentList.push(clone);
      reopened.push(clone);
      parentList = clone.children;
    }
    flow.stack = reopened;
    flow.group = newGroup;
  }

  private emitBlock(flow: Flow, box: BlockLevelBox): void {
    this.flush(flow, flow.stack.length > 0);
    this.pending.push(box);
    flow.first = false;
  }

  /** Adds an inline-level box inside the open inline box at `depth` (0: the run itself). */
  private addInline(flow: Flow, depth: number, b: InlineLevelBox): void {
    if (depth > 0) flow.stack[depth - 1]!.children.push(b);
    else if (flow.group === NO_INLINES) flow.group = [b];
    else flow.group.push(b);
  }

  private counterOf(flow: Flow): ListCounter | undefined {
    return flow.listParent ? (flow.counter ??= listCounter(flow.listParent)) : undefined;
  }

  /** Generates the boxes of one child node; its inline-level boxes go inside the open inline box at `depth`. */
  private visit(flow: Flow, node: StyledNode, depth: number): void {
    if (node.kind === 'text') {
      if (node.generated && this.options.generated) {
        for (const piece of this.options.generated(node)) {
          if (typeof piece === 'string') { if (piece) this.addInline(flow, depth, { kind: 'text', style: node.style, text: piece }); }
          else this.addInline(flow, depth, leaderBox(node.style, piece.leader));
        }
        return;
      }
      if (node.text) this.addInline(flow, depth, { kind: 'text', style: node.style, text: node.text });
      return;
    }
    const el = node.tag === 'details' ? detailsContent(node) : node.tag === 'img' ? this.image(node) : node;
    if (NO_BOX.has(el.tag)) {
      if (REPORTED_HTML.has(el.tag)) this.options.diagnostics.report('html-unsupported', `<${el.tag}> is not rendered`, el.loc);
      return;
    }
    const s = el.style;
    const positioned = flow.positioned;
    if (s.display === 'none') return;
    if (s.display === 'contents') { for (const c of wrapTableParts(el.children, s)) this.visit(flow, c, depth); return; }
    if (el.tag === 'br') { this.addInline(flow, depth, { kind: 'line-break', style: s }); return; }
    if (FORM_CONTROLS.has(el.tag)) {
      if (el.tag === 'input' && (el.attrs.type ?? '').toLowerCase() === 'hidden') return;
      const { element, control } = formControl(el);
      // a control's own text is on one line (Blink's inner editor: white-space: pre), a text area's wraps
      const box = this.blockContainer(element, el.tag === 'textarea' ? s : { ...s, whiteSpace: 'pre' }, positioned);
      const container: BlockBox = control ? { ...box, control } : box;
      if (BLOCK_LEVEL.has(s.display)) this.emitBlock(flow, container);
      else this.addInline(flow, depth, { kind: 'inline-block', style: s, element, box: container });
      return;
    }
    if (s.position === 'absolute' || s.position === 'fixed') {
      const img = this.replaced(el);
      const inner: BlockLevelBox | undefined = img ? { kind: 'block-replaced', style: s, replaced: img } : this.blockLevel(el, true, flow);
      if (!inner) return;
      const abs: AbsoluteBox = { kind: 'absolute', style: s, box: inner, anchor: positioned && s.position === 'absolute' ? 'flow' : 'page' };
      // Whatever its containing block (a positioned ancestor's or the page's), it never ends the
      // line (CSS 2.1 §9.3.1: it is out of flow, the inline content around it is one run). After
      // inline content it stays in the run, where its static position is (CSS 2.1 §10.3.7): after
      // the content before it on its line when it was inline-level, below that line when it was
      // block-level, as Chromium places it.
      // An inline-level one stays in the run whatever precedes it: when the run ends with no line
      // content it is taken out as block-level (flush), else the line it is on places it.
      if (el.inlineStatic) this.addInline(flow, depth, abs);
      else if (hasContent(flow.group)) this.addInline(flow, depth, { ...abs, blockStatic: true });
      else this.emitBlock(flow, abs);
      return;
    }
    if (el.footnote) { this.footnote(flow, el, el.footnote, depth); return; }
    const replaced = this.replaced(el);
    if (s.float !== 'none') {
      // (the cascade blockifies floats; a float joins the line it is written in)
      // a float inside a line: kept with its line as a side box; a floated image, table or flex
      // container floats as one (CSS 2.1 §9.7: display stays table, flex)
      const inner: BlockLevelBox | undefined = replaced ? { kind: 'block-replaced', style: s, replaced }
        : this.blockLevel(el, positioned || containsAbsolutes(s), flow, s.display === 'table' ? 'table' : s.display === 'flex' ? 'flex' : s.display === 'grid' ? 'grid' : 'block');
      if (inner) this.addInline(flow, depth, { kind: 'float', style: s, element: el, box: inner });
      return;
    }
    if (replaced) {
      if (BLOCK_LEVEL.has(s.display)) this.emitBlock(flow, { kind: 'block-replaced', style: s, replaced });
      else this.addInline(flow, depth, replaced);
      return;
    }
    if (BLOCK_LEVEL.has(s.display)) {
      const box = this.blockLevel(el, positioned || containsAbsolutes(s), flow);
      if (box) this.emitBlock(flow, box);
      return;
    }
    if (s.display === 'inline-block' || s.display === 'inline-table' || s.display === 'inline-flex' || s.display === 'inline-grid') {
      const inner = this.blockLevel(el, positioned || containsAbsolutes(s), flow,
        s.display === 'inline-table' ? 'table' : s.display === 'inline-flex' ? 'flex' : s.display === 'inline-grid' ? 'grid' : 'block');
      if (inner) this.addInline(flow, depth, { kind: 'inline-block', style: s, element: el, box: inner });
      return;
    }
    // display: inline (and anything unknown) → an inline box
    this.inlineBox(flow, depth, { kind: 'inline', style: s, element: el, children: [] }, el.children);
  }

  /** An inline box in the run, open while its children are visited (they are its content). */
  private inlineBox(flow: Flow, depth: number, box: InlineBox, children: readonly StyledNode[]): void {
    this.addInline(flow, depth, box);
    if (flow.stack === NO_OPEN) flow.stack = [];
    flow.stack.push(box);
    const inside = flow.stack.length;
    for (const c of wrapTableParts(children, box.style)) this.visit(flow, c, inside);
    flow.stack.pop();
  }

  /**
   * CSS GCPM 3 §2: a `float: footnote` element. Its ::footnote-call takes its place in the
   * line, carrying the element's boxes (float none; inline with `footnote-display: inline`,
   * else block; both with `compact`) for the footnote area of the page the call ends up on.
   */
  private footnote(flow: Flow, el: StyledElement, note: NonNullable<StyledElement['footnote']>, depth: number): void {
    const s = el.style;
    const boxesAs = (display: ComputedStyle['display']) => {
      const style: ComputedStyle = { ...s, float: 'none', display };
      return this.flowChildren([{ ...el, style, footnote: undefined }], anonymousStyle(style), false);
    };
    const footnote: Footnote = {
      boxes: boxesAs(s.footnoteDisplay === 'inline' ? 'inline' : s.display), policy: s.footnotePolicy, index: note.index,
      ...(s.footnoteDisplay === 'compact' ? { compact: boxesAs('inline') } : {}),
    };
    const call = note.call ?? { kind: 'element', tag: '::footnote-call', attrs: {}, style: { ...anonymousStyle(s), display: 'inline' }, children: [], loc: el.loc };
    this.inlineBox(flow, depth, { kind: 'inline', style: call.style, element: call, children: [], footnote }, call.children);
  }

  /** The principal block-level box of an element (CSS Display 3 §2.1). */
  private blockLevel(el: StyledElement, positioned: boolean, flow: Flow | undefined, as?: 'block' | 'table' | 'flex' | 'grid'): BlockLevelBox | undefined {
    const s = el.style;
    const display = as ?? s.display;
    switch (display) {
      case 'table': case 'inline-table':
        return buildTable(el, {
          blockContainer: (e, style) => this.blockContainer(e, style, positioned),
          anonymousCell: (nodes, style) => {
            const children = this.flowChildren(nodes, style, positioned);
            return children.length ? { kind: 'block', style, element: undefined, children } : undefined;
          },
          anonymousStyle,
        });
      case 'flex': case 'inline-flex':
        return { kind: 'flex', style: s, element: el, items: this.flexItems(el, positioned) };
      case 'list-item': {
        const counter = flow ? this.counterOf(flow) : undefined;
        const counted = counter ? counter.next(el) : markerText(s.listStyleType, 1);
        // the ::marker, when rules style it: its style, and its content (none: no marker)
        const own = el.children[0]?.kind === 'element' && el.children[0].tag === '::marker' ? el.children[0] : undefined;
        const content = own?.style.content ?? 'normal';
        const marker = content === 'none' ? '' : content === 'normal' ? counted : own!.children.map((c) => (c.kind === 'text' ? c.text : '')).join('');
        const markerStyle = own?.style ?? s;
        const children = this.flowChildren(el.children, s, positioned, el);
        const inside = s.listStylePosition === 'inside' && marker;
        const type = s.listStyleType;
        const symbol = content === 'normal' && s.listStyleImage === 'none' && (type === 'disc' || type === 'circle' || type === 'square' || type === 'disclosure-open' || type === 'disclosure-closed') ? type : undefined;
        const insideMarker: InlineLevelBox | undefined = !inside ? undefined
          : symbol ? { kind: 'symbol-marker', style: markerStyle, symbol }
          : { kind: 'text', style: markerStyle, text: content === 'normal' ? `${marker} ` : marker };
        const item: ListItemBox = { kind: 'list-item', style: s, element: el, marker: s.listStylePosition === 'outside' ? marker : '', children: insideMarker ? prependMarker(children, insideMarker) : children };
        return own ? { ...item, markerStyle } : item;
      }
      case 'table-row': case 'table-row-group': case 'table-header-group': case 'table-footer-group': case 'table-cell':
        // a table part outside a table: CSS 2.1 §17.2.1 wraps it in an anonymous table
        return buildTable({ ...el, style: { ...s, display: 'table' }, children: [el] }, {
          blockContainer: (e, style) => this.blockContainer(e, style, positioned),
          anonymousCell: () => undefined,
          anonymousStyle,
        });
      case 'grid': case 'inline-grid':
        return { kind: 'grid', style: s, element: el, items: this.flexItems(el, positioned) };
      default:
        return this.blockContainer(el, s, positioned);
    }
  }

  /** CSS Flexbox 1 §4, CSS Grid Layout 1 §6.1: each in-flow child element is a (blockified) flex or grid item; runs of text get an anonymous item. */
  private flexItems(el: StyledElement, positioned: boolean): BlockLevelBox[] {
    const items: BlockLevelBox[] = [];
    let pending: StyledNode[] = [];
    const anon = anonymousStyle(el.style);
    const flush = () => {
      if (pending.length) {
        const kids = this.flowChildren(pending, anon, positioned);
        if (kids.length === 1 && kids[0]!.kind === 'inlines') items.push(kids[0]!);
        else if (kids.length) items.push({ kind: 'block', style: anon, element: undefined, children: kids });
      }
      pending = [];
    };
    const visit = (node: StyledNode) => {
      if (node.kind === 'text') { pending.push(node); return; }
      const n = node.tag === 'details' ? detailsContent(node) : node.tag === 'img' ? this.image(node) : node;
      const s = n.style;
      if (s.display === 'none' || NO_BOX.has(n.tag)) return;
      // a `<br>` joins the run of text around it, as Chromium 156 builds the anonymous item (Blink's
      // line break is a kind of text, so it is not blockified): `A<br>B` is one item of two lines,
      // not three items in a row
      if (n.tag === 'br' && s.position !== 'absolute' && s.position !== 'fixed') { pending.push(s.display === 'inline' ? n : { ...n, style: { ...s, display: 'inline' } }); return; }
      if (s.display === 'contents') { n.children.forEach(visit); return; }
      if (s.position === 'absolute' || s.position === 'fixed') { flush(); for (const b of this.flowChildren([n], anon, positioned)) items.push(b); return; }
      flush();
      const replaced = this.replaced(n);
      if (replaced) { items.push({ kind: 'block-replaced', style: s, replaced }); return; }
      const as = s.display === 'inline-flex' || s.display === 'flex' ? 'flex' : s.display === 'inline-grid' || s.display === 'grid' ? 'grid' : s.display === 'inline-table' || s.display === 'table' ? 'table'
        : s.display === 'list-item' ? undefined : 'block';
      const box = this.blockLevel(n, positioned || containsAbsolutes(s), undefined, as);
      if (box) items.push(box);
    };
    el.children.forEach(visit);
    flush();
    return items;
  }

  /** An `<img>` as it is rendered: itself when its image loads, else its altFallback. */
  private image(el: StyledElement): StyledElement {
    const src = el.attrs.src;
    const check = this.options.imageLoads;
    if (!check || (src && check(el, src))) return el;
    return altFallback(el, this.options.quirks ?? false) ?? el;
  }

  private replaced(el: StyledElement): ReplacedBox | undefined {
    if (el.tag === 'img') {
      const src = el.attrs.src;
      if (!src) return undefined;
      return { kind: 'replaced', style: el.style, element: el, content: { type: 'image', src } };
    }
    if (el.tag === 'svg') return { kind: 'replaced', style: el.style, element: el, content: { type: 'svg', markup: serializeSvg(el, this.elementById) } };
    return undefined;
  }
}

/** The `<input>` types printed as a text field (HTML §4.10.5.1; an unknown type is a text field). */
const TEXT_FIELD_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);
const INPUT_TYPES = new Set([...TEXT_FIELD_TYPES, 'hidden', 'checkbox', 'radio', 'submit', 'reset', 'button', 'image', 'file', 'color', 'range',
  'date', 'time', 'datetime-local', 'month', 'week']);
/** HTML §4.10.5.1.18 / .19 the default labels of submit and reset buttons (Chromium's English ones) */
const DEFAULT_LABELS: Readonly<Record<string, string>> = { submit: 'Submit', reset: 'Reset' };
/** Chromium's placeholder colour (its UA sheet's ::placeholder: darkGray mixed as it prints, rgb(117, 117, 117)) */
const PLACEHOLDER = { r: 117, g: 117, b: 117, a: 1 };

/**
 * A form control as printed (HTML §15.5): a text field shows its value (a password one bullet per
 * character) or else its placeholder, on one line; a button its label; a text area its text; a
 * select its selected option (the first when none is). Text fields and text areas take their
 * intrinsic size from their font (layout/control.ts); an empty text field keeps its line (its
 * baseline and height are those of a line of its font). No control shows ::before or ::after.
 */
function formControl(el: StyledElement): { element: StyledElement; control?: FormControl } {
  if (el.tag === 'textarea') {
    // (its text only: a control has no ::before or ::after boxes in Chromium)
    const children = el.children.filter((c) => c.kind === 'text');
    return { element: children.length === el.children.length ? el : { ...el, children }, control: { kind: 'textarea', cols: positiveAttr(el.attrs.cols, 20), rows: positiveAttr(el.attrs.rows, 2) } };
  }
  const line = (text: string, style: ComputedStyle = el.style): StyledElement => ({
    ...el, children: text ? [{ kind: 'text', text, style: { ...style, whiteSpace: 'pre' } }] : [],
  });
  if (el.tag === 'select') {
    const options = optionsOf(el);
    const labels = options.map((o) => (o.attrs.label ?? textOf(o)).replace(/[ \t\n\r\f]+/g, ' ').trim());
    const shown = options.findIndex((o) => o.attrs.selected !== undefined);
    return { element: line(labels[shown < 0 ? 0 : shown] ?? ''), control: { kind: 'select', labels } };
  }
  let type = (el.attrs.type ?? 'text').toLowerCase();
  if (!INPUT_TYPES.has(type)) type = 'text';
  if (TEXT_FIELD_TYPES.has(type)) {
    const value = (el.attrs.value ?? '').replace(/[\r\n]/g, '');
    const control: FormControl = { kind: 'text-field', size: positiveAttr(el.attrs.size, 20) };
    if (value) return { element: line(type === 'password' ? '\u2022'.repeat([...value].length) : value), control };
    const placeholder = (el.attrs.placeholder ?? '').replace(/[\r\n]/g, '');
    if (placeholder) return { element: line(placeholder, { ...el.style, color: PLACEHOLDER }), control };
    const br: StyledElement = { kind: 'element', tag: 'br', attrs: {}, style: el.style, children: [], loc: el.loc };
    return { element: { ...el, children: [br] }, control };
  }
  if (type === 'checkbox' || type === 'radio') return { element: line(''), control: { kind: 'check' } };
  if (type === 'submit' || type === 'reset' || type === 'button') return { element: line(el.attrs.value ?? DEFAULT_LABELS[type] ?? '') };
  return { element: line('') };
}

/** HTML §2.3.4.2 a positive integer attribute (cols, rows, size), or its default. */
function positiveAttr(value: string | undefined, otherwise: number): number {
  const n = value === undefined ? NaN : parseInt(value.trim(), 10);
  return n > 0 ? n : otherwise;
}

/** The option elements of a select, in tree order (inside optgroups too). */
function optionsOf(el: StyledElement, out: StyledElement[] = []): StyledElement[] {
  for (const c of el.children) {
    if (c.kind !== 'element') continue;
    if (c.tag === 'option') out.push(c);
    else if (c.tag === 'optgroup') optionsOf(c, out);
  }
  return out;
}

function textOf(el: StyledElement): string {
  return el.children.map((c) => (c.kind === 'text' ? c.text : textOf(c))).join('');
}

function prependMarker(children: BlockLevelBox[], marker: InlineLevelBox): BlockLevelBox[] {
  const first = children[0];
  if (first && first.kind === 'inlines') return [{ ...first, children: [marker, ...first.children] }, ...children.slice(1)];
  return [{ kind: 'inlines', style: marker.style, children: [marker], first: true }, ...children];
}

/** The absolutely positioned boxes of an inline run, in tree order (inside its inline boxes too). */
function absolutesIn(group: readonly InlineLevelBox[], out: AbsoluteBox[] = []): AbsoluteBox[] {
  for (const b of group) {
    if (b.kind === 'absolute') out.push(b);
    else if (b.kind === 'inline') absolutesIn(b.children, out);
  }
  return out;
}

/** Whether an inline run makes line content (CSS 2.1 §9.4.2): not when it is collapsible white space and empty inline boxes. */
function hasContent(group: readonly InlineLevelBox[]): boolean {
  for (const b of group) {
    switch (b.kind) {
      case 'text':
        if (/[^ \t\n\r\f]/.test(b.text)) return true;
        if (b.style.whiteSpace === 'pre' || b.style.whiteSpace === 'pre-wrap' || b.style.whiteSpace === 'break-spaces') {
          if (b.text.length) return true;
        }
        break;
      case 'inline': {
        // (an inline box's own border or padding on the line's axis is content, as Chromium 156 lays it out)
        const w = b.style.borderWidth; const p = b.style.padding;
        if (b.footnote || w.left > 0 || w.right > 0 || p.left.pt > 0 || p.left.pct > 0 || p.right.pt > 0 || p.right.pct > 0 || hasContent(b.children)) return true;
        break;
      }
      case 'line-break': case 'replaced': case 'inline-block': case 'symbol-marker': case 'float': return true;
      case 'absolute': break;
    }
  }
  return false;
}

/** Whether an inline run holds an inline box (an element's, however empty). */
function hasInlineBox(group: readonly InlineLevelBox[]): boolean {
  return group.some((b) => b.kind === 'inline');
}

const AUTO_LINE = { kind: 'auto' } as const;

/** The style of an anonymous box (CSS 2.1 §9.2.1.1): inherited properties from the parent, the rest initial. */
export function anonymousStyle(parent: ComputedStyle): ComputedStyle {
  const zero = { pt: 0, pct: 0 };
  return {
    ...parent, display: 'block', position: 'static', float: 'none', width: 'auto', height: 'auto', minWidth: 'auto', minHeight: 'auto',
    maxWidth: 'none', maxHeight: 'none', margin: { top: zero, right: zero, bottom: zero, left: zero }, padding: { top: zero, right: zero, bottom: zero, left: zero },
    borderWidth: { top: 0, right: 0, bottom: 0, left: 0 }, backgroundColor: { r: 0, g: 0, b: 0, a: 0 }, backgroundImage: 'none',
    flexGrow: 0, flexShrink: 1, flexBasis: 'auto', order: 0, alignSelf: 'auto', breakBefore: 'auto', breakAfter: 'auto', breakInside: 'auto',
    overflow: 'visible', opacity: 1, boxSizing: 'content-box',
    gridRowStart: AUTO_LINE, gridRowEnd: AUTO_LINE, gridColumnStart: AUTO_LINE, gridColumnEnd: AUTO_LINE, justifySelf: 'auto',
    textDecorationLine: { underline: false, overline: false, lineThrough: false },
  };
}

// ---- CSS Pseudo 4 §2.3 ::first-line ---------------------------------------------------

/**
 * The content of a first inline formatting context as its first line styles it (`children`,
 * from cloneStyled): each inline box and text run in the ::first-line style of its element
 * (StyledElement.firstLine), with its own white space processing, text-transform and small
 * capitals; atomic inlines and floats are the same boxes. Undefined when its text would not
 * line up with the content's (a transform that changes the length): that line keeps the
 * content's styles.
 */
function firstLineOf(children: InlineLevelBox[], content: readonly InlineLevelBox[], style: ComputedStyle, drawn: ((style: ComputedStyle) => boolean) | undefined): InlineFormattingBox['firstLine'] {
  processWhiteSpace(children, drawn);
  return textLength(children) === textLength(content) ? { style, children } : undefined;
}

/** a copy of inline content with fresh text runs; `line`: the ::first-line style of the enclosing box (undefined: the runs keep theirs) */
function cloneStyled(items: readonly InlineLevelBox[], line: ComputedStyle | undefined): InlineLevelBox[] {
  return items.map((b): InlineLevelBox => {
    switch (b.kind) {
      case 'text': return { kind: 'text', style: line ?? b.style, text: b.text };
      case 'inline': {
        const own = line ? b.element.firstLine : undefined;
        return { ...b, style: own ?? b.style, children: cloneStyled(b.children, own) };
      }
      default: return b;
    }
  });
}

function textLength(items: readonly InlineLevelBox[]): number {
  let n = 0;
  for (const b of items) n += b.kind === 'text' ? b.text.length : b.kind === 'inline' ? textLength(b.children) : 0;
  return n;
}

// ---- CSS Text 3 §4 white space, §2.1 text-transform ----------------------------------

/** White space that collapsing changes: anything but a lone space. */
const COLLAPSIBLE = /[\t\n\r\f]| {2}/;

/** Collapses white space across the runs of one inline formatting context (mutates runs). */
export function processWhiteSpace(group: InlineLevelBox[], drawn?: (style: ComputedStyle) => boolean): void {
  collapseWhiteSpace(group, { atSpace: true, wordStart: true });
  synthesizeSmallCaps(group, drawn);
}

interface WhiteSpaceState {
  /** at the start of a line, or after a collapsible space */
  atSpace: boolean;
  /** the next letter starts a word (text-transform: capitalize) */
  wordStart: boolean;
}

// (a module function with its state passed in, not a closure made per inline formatting
// context: see matchElement in cascade/match.ts)
function collapseWhiteSpace(items: InlineLevelBox[], state: WhiteSpaceState): void {
  for (const b of items) {
    switch (b.kind) {
      case 'text': {
        let t = b.text;
        const ws = b.style.whiteSpace;
        if (ws === 'normal' || ws === 'nowrap') {
          // (most text has nothing to collapse: single spaces only, kept as they are)
          if (COLLAPSIBLE.test(t)) t = t.replace(/[ \t\n\r\f]+/g, ' ');
          if (state.atSpace && t.startsWith(' ')) t = t.slice(1);
          if (t.length) state.atSpace = t.endsWith(' ');
        } else if (ws === 'pre-line') {
          t = t.replace(/\r\n?/g, '\n').replace(/[ \t\f]+/g, ' ').replace(/ ?\n ?/g, '\n');
          if (state.atSpace && t.startsWith(' ')) t = t.slice(1);
          if (t.length) state.atSpace = t.endsWith(' ') || t.endsWith('\n');
        } else {
          // preserved tabs stay: the line breaker places them at tab stops (CSS Text 3 §4.2)
          t = t.replace(/\r\n?/g, '\n');
          if (t.length) state.atSpace = t.endsWith('\n');
        }
        b.text = transformText(t, b.style.textTransform, state.wordStart);
        if (t.length) state.wordStart = !WORD_CHAR.test(t.slice(-1));
        break;
      }
      case 'inline': collapseWhiteSpace(b.children, state); break;
      case 'line-break': state.atSpace = true; state.wordStart = true; break;
      case 'replaced': case 'inline-block': case 'symbol-marker': state.atSpace = false; state.wordStart = false; break;
      // an out-of-flow box is not on the line: the spaces around it collapse as if it were not there
      case 'float': case 'absolute': break;
    }
  }
}

/**
 * What continues a word for text-transform: capitalize, as Chromium 156 splits words: letters,
 * digits, marks, apostrophes and connector punctuation; anything else (a space, a hyphen, a
 * dash, a full stop, a slash, brackets, quotes) ends one.
 */
const WORD_CHAR = /[\p{L}\p{N}\p{M}\p{Pc}'\u2019]/u;

function transformText(t: string, transform: ComputedStyle['textTransform'], wordStart: boolean): string {
  switch (transform) {
    case 'none': return t;
    case 'uppercase': return t.toUpperCase();
    case 'lowercase': return t.toLowerCase();
    case 'capitalize': {
      // CSS Text 3 §2.1: the first typographic letter unit of each word, a letter or a digit,
      // after any punctuation; a letter whose uppercase is two (ﬁ) stays
      let start = wordStart;
      let out = '';
      for (const ch of t) {
        if (start && /[\p{L}\p{N}]/u.test(ch)) {
          const upper = ch.toUpperCase();
          out += upper.length === ch.length ? upper : ch;
          start = false;
        } else {
          out += ch;
          if (!start) start = !WORD_CHAR.test(ch);
        }
      }
      return out;
    }
  }
}

// ---- CSS Fonts 4 §6.4 font-variant-caps ------------------------------------------------

/** The size of synthesized small capitals relative to the font size, as Blink draws them. */
const SMALL_CAPS_SCALE = 0.7;

/**
 * The font size of synthesized small capitals, pt: 0.7 of the font size rounded to a whole CSS
 * px, as Chromium 156 draws them (13px text has 9px capitals, 15px has 11px, 26.88px has 19px).
 */
function smallCapsSize(fontSize: number): number {
  const px = Math.round((fontSize / 0.75) * SMALL_CAPS_SCALE);
  return px > 0 ? px * 0.75 : fontSize * SMALL_CAPS_SCALE;
}

/**
 * Small capitals synthesized as Chromium does for fonts without small-cap glyphs (none of the
 * shipped ones has them): with small-caps the letters that have an uppercase form become
 * uppercase runs at 0.7 of the font size (smallCapsSize) and the rest keeps its size; with all-small-caps all
 * the text does (mutates runs).
 */
function synthesizeSmallCaps(items: InlineLevelBox[], drawn: ((style: ComputedStyle) => boolean) | undefined): void {
  for (let i = 0; i < items.length; i++) {
    const b = items[i]!;
    if (b.kind === 'inline') { synthesizeSmallCaps(b.children, drawn); continue; }
    if (b.kind !== 'text' || b.style.fontVariantCaps === 'normal' || !b.text || drawn?.(b.style)) continue;
    const all = b.style.fontVariantCaps === 'all-small-caps';
    const small = { ...b.style, fontSize: smallCapsSize(b.style.fontSize) };
    const runs: TextRun[] = [];
    for (const ch of b.text) {
      const upper = ch.toUpperCase();
      const shrunk = all || upper !== ch;
      const style = shrunk ? small : b.style;
      const last = runs[runs.length - 1];
      if (last && last.style === style) last.text += upper; else runs.push(style === small ? { kind: 'text', style, text: upper, smallCaps: true } : { kind: 'text', style, text: upper });
    }
    items.splice(i, 1, ...runs);
    i += runs.length - 1;
  }
}

// ---- HTML §4.11.1 the details element ---------------------------------------------------

/**
 * HTML §4.11.1 / §15.3.8 a details element as Chromium renders it: its first summary child is
 * its summary; without one, a summary reading "Details" is generated (styled as the UA sheet
 * styles a details element's summary: a list item with a disclosure marker). While the element
 * is closed (no `open` attribute) nothing else it holds is rendered.
 */
function detailsContent(el: StyledElement): StyledElement {
  const open = el.attrs.open !== undefined;
  const own = el.children.find((c): c is StyledElement => c.kind === 'element' && c.tag === 'summary');
  const summary = own ?? generatedSummary(el, open);
  const pseudo = (c: StyledNode, ...tags: string[]) => c.kind === 'element' && tags.includes(c.tag);
  // the summary's slot comes before the slot of the rest, between the element's ::before and ::after
  const rest = open ? el.children.filter((c) => c !== own && !pseudo(c, '::marker', '::before', '::after')) : [];
  return { ...el, children: [...el.children.filter((c) => pseudo(c, '::marker', '::before')), summary, ...rest, ...el.children.filter((c) => pseudo(c, '::after'))] };
}

function generatedSummary(details: StyledElement, open: boolean): StyledElement {
  const style: ComputedStyle = {
    ...anonymousStyle(details.style), display: 'list-item', listStyleType: open ? 'disclosure-open' : 'disclosure-closed', listStylePosition: 'inside', listStyleImage: 'none',
  };
  return { kind: 'element', tag: 'summary', attrs: {}, style, children: [{ kind: 'text', text: 'Details', style }], loc: details.loc };
}

// ---- CSS Lists 3 §4 markers -------------------------------------------------------------

interface ListCounter { next(li: StyledElement): string }

function listCounter(parent: StyledElement | undefined): ListCounter | undefined {
  if (!parent) return undefined;
  const reversed = parent.tag === 'ol' && parent.attrs.reversed !== undefined;
  let value = 0;
  let firstCall = true;
  return {
    next(li) {
      if (firstCall) {
        // (counted on first use: most containers hold no list items)
        const startAttr = parent.tag === 'ol' ? parseInt(parent.attrs.start ?? '', 10) : NaN;
        const items = reversed ? parent.children.filter((c) => c.kind === 'element' && c.style.display === 'list-item').length : 0;
        value = Number.isFinite(startAttr) ? startAttr : reversed ? items : 1;
      }
      const v = parseInt(li.attrs.value ?? '', 10);
      if (Number.isFinite(v)) value = v;
      else if (!firstCall) value += reversed ? -1 : 1;
      firstCall = false;
      return markerText(li.style.listStyleType, value);
    },
  };
}

/**
 * The marker string of a list item: the counter in its predefined style (CSS Counter Styles 3
 * §6, formatted by the cascade's counters) followed by the ". " suffix of the numeric and
 * alphabetic styles; the symbolic ones and strings stand alone.
 */
export function markerText(type: ListStyleType, n: number): string {
  const text = formatCounter(n, type);
  const symbolic = typeof type === 'object' || type === 'none' || type === 'disc' || type === 'circle' || type === 'square' || type === 'disclosure-open' || type === 'disclosure-closed';
  return symbolic ? text : `${text}.`;
}

// ---- inline <svg> -----------------------------------------------------------------------

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// the HTML parser lower-cases names; SVG's camelCase ones are restored
const SVG_CASE = new Map(['viewBox', 'preserveAspectRatio', 'linearGradient', 'radialGradient', 'gradientUnits', 'gradientTransform',
  'clipPath', 'clipPathUnits', 'textPath', 'foreignObject', 'patternUnits', 'patternTransform', 'stdDeviation', 'markerWidth',
  'markerHeight', 'refX', 'refY', 'spreadMethod', 'startOffset', 'textLength', 'lengthAdjust', 'maskUnits', 'fePath']
  .map((n) => [n.toLowerCase(), n] as const));

/**
 * Serializes an <svg> subtree back to markup for pdfmake's svg node. A `<use href="#id">`
 * whose element is elsewhere in the document (an icon sprite in a hidden <svg>) gets a copy of
 * that element in a <defs> at the end, as SVG 2 §5.6.2 references any element of the document;
 * its `currentColor` paints stay currentColor and the <use> carries its own `color`, so the
 * instance takes the colour where it is used.
 */
export function serializeSvg(el: StyledElement, elementById?: (id: string) => StyledElement | undefined): string {
  const parts: string[] = [];
  const own = new Set<string>();
  const collect = (n: StyledNode) => { if (n.kind !== 'element') return; if (n.attrs.id !== undefined) own.add(n.attrs.id); n.children.forEach(collect); };
  collect(el);
  /** elements of the document outside this svg that its <use> elements refer to, in the order met */
  const borrowed: StyledElement[] = [];
  const refer = (n: StyledElement) => {
    const href = n.attrs.href ?? n.attrs['xlink:href'];
    if (!elementById || !href?.startsWith('#') || own.has(href.slice(1))) return;
    const target = elementById(href.slice(1));
    if (!target) return;
    own.add(href.slice(1)); collect(target);
    borrowed.push(target);
  };
  const walk = (n: StyledNode, parent: SvgPainting, copied: boolean) => {
    if (n.kind === 'text') { parts.push(escapeXml(n.text)); return; }
    if (n.tag.startsWith('::')) return;
    const name = SVG_CASE.get(n.tag) ?? n.tag;
    const painted = { ...n.attrs, ...paintingAttrs(n, parent) };
    // (what a <use> instantiates: a borrowed element, or anything in a <symbol> or <defs>)
    const instanced = copied || n.tag === 'symbol' || n.tag === 'defs';
    if (instanced) for (const k of ['fill', 'stroke'] as const) if (n.attrs[k]?.toLowerCase() === 'currentcolor') painted[k] = 'currentColor';
    if (n.tag === 'use') {
      refer(n);
      const c = n.style.color;
      painted.color = c.a < 1 ? `rgba(${c.r}, ${c.g}, ${c.b}, ${c.a})` : `rgb(${c.r}, ${c.g}, ${c.b})`;
    }
    const attrs = Object.entries(painted).map(([k, v]) => ` ${SVG_CASE.get(k) ?? k}="${escapeXml(v)}"`).join('');
    const open = name === 'svg' && !('xmlns' in n.attrs) ? `svg xmlns="http://www.w3.org/2000/svg"` : name;
    parts.push(`<${open}${attrs}>`);
    for (const c of n.children) walk(c, n.style, instanced);
    if (n === el) {
      // (a borrowed element may itself use another)
      if (borrowed.length) parts.push('<defs>');
      for (let i = 0; i < borrowed.length; i++) walk(borrowed[i]!, INITIAL_PAINTING, true);
      if (borrowed.length) parts.push('</defs>');
    }
    parts.push(`</${name}>`);
  };
  walk(el, INITIAL_PAINTING, false);
  return parts.join('');
}

/** the SVG painting properties of a computed style (SVG 2 §13) */
type SvgPainting = Pick<ComputedStyle, 'fill' | 'stroke' | 'strokeWidth' | 'fillOpacity' | 'strokeOpacity'>;
const INITIAL_PAINTING: SvgPainting = { fill: INITIAL_VALUES.fill, stroke: INITIAL_VALUES.stroke, strokeWidth: INITIAL_VALUES['stroke-width'], fillOpacity: INITIAL_VALUES['fill-opacity'], strokeOpacity: INITIAL_VALUES['stroke-opacity'] };

/**
 * An SVG element's painting properties as attributes, from its computed style (its presentation
 * attributes and the author's rules cascaded, SVG 2 §6.6): each one written where the element
 * had the attribute or where the value differs from its parent's (set by a rule, or inherited
 * from the HTML around the <svg>), so the SVG renderer sees what the cascade decided.
 */
function paintingAttrs(n: StyledElement, parent: SvgPainting): Record<string, string> {
  const out: Record<string, string> = {};
  const s = n.style;
  const paint = (p: SvgPaint): string => (p === 'none' ? 'none' : 'url' in p ? `url(${p.url})` : p.a < 1 ? `rgba(${p.r}, ${p.g}, ${p.b}, ${p.a})` : `rgb(${p.r}, ${p.g}, ${p.b})`);
  const samePaint = (a: SvgPaint, b: SvgPaint) => a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));
  if ('fill' in n.attrs || !samePaint(s.fill, parent.fill)) out.fill = paint(s.fill);
  if ('stroke' in n.attrs || !samePaint(s.stroke, parent.stroke)) out.stroke = paint(s.stroke);
  const num = (v: number) => String(Math.round(v * 1e4) / 1e4);
  if ('stroke-width' in n.attrs || s.strokeWidth !== parent.strokeWidth) out['stroke-width'] = num(s.strokeWidth);
  if ('fill-opacity' in n.attrs || s.fillOpacity !== parent.fillOpacity) out['fill-opacity'] = num(s.fillOpacity);
  if ('stroke-opacity' in n.attrs || s.strokeOpacity !== parent.strokeOpacity) out['stroke-opacity'] = num(s.strokeOpacity);
  // (the <svg> itself is a CSS box: paint applies its opacity)
  if (n.tag !== 'svg' && ('opacity' in n.attrs || s.opacity !== 1)) out.opacity = num(s.opacity);
  return out;
}

/** CSS 2.1 §10.1, CSS Transforms 1 §3: a positioned or transformed box is the containing block of its absolutely positioned descendants. */
const containsAbsolutes = (s: ComputedStyle): boolean => s.position !== 'static' || hasTransform(s);
