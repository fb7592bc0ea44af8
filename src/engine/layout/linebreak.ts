// CSS Text 3 §5 line breaking: the inline formatting context as one string (atomic inlines as
// U+FFFC), its break opportunities from UAX #14 (the `linebreak` package) adjusted by
// `white-space` (§3), `word-break` (§5.2), `hyphens` (§6.1: soft hyphens), then cut into atoms:
// unbreakable pieces of text between opportunities, inline box sides, atomic inlines, floats,
// forced breaks. `fillLine` fills one line greedily (§5: "as many as fit"), trailing spaces
// hanging (§4.1.3), and breaks inside a word only where `overflow-wrap` allows (§5.5).
import LineBreaker from 'linebreak';
import type { Footnote, InlineBlockBox, InlineFormattingBox, InlineLevelBox, ReplacedBox, SymbolMarkerBox, FloatBox, AbsoluteBox } from '../boxes/types';
import { assertNever } from '../boxes/types';
import type { ComputedStyle } from '../cascade/computed';
import type { StyledElement } from '../cascade/styled';
import type { FaceResolver } from './faces';
import type { LinkTarget } from './fragments';
import { LAYOUT_UNIT } from './used';

/** An inline box (CSS 2.1 §9.2.2) of the context; the root inline box (the container's) has no element. */
export interface BoxNode {
  readonly style: ComputedStyle;
  readonly element: StyledElement | undefined;
  readonly parent: BoxNode | undefined;
  readonly link: LinkTarget | undefined;
  /** margin + border + padding at its start and end sides, pt */
  readonly startWidth: number;
  readonly endWidth: number;
  readonly marginLeft: number;
  readonly marginRight: number;
  /** CSS 2.1 §9.4.3: the offset of a relatively positioned box, its ancestors' included */
  readonly dx: number;
  readonly dy: number;
  /** CSS GCPM 3 §2: the footnote body a ::footnote-call box calls (placed with the line that opens the box) */
  footnote?: Footnote;
  /** per-line scratch of the line box computation (inline.ts) */
  stamp: number;
  off: number;
  group: number;
  /** the stamp of the line whose height includes this box's metrics (the line-height quirk) */
  included?: number;
}

/** A run of text of one style in the context's string. */
export interface TextItem {
  readonly style: ComputedStyle;
  readonly parent: BoxNode;
  readonly link: LinkTarget | undefined;
  /** synthesized small capitals: no metrics of their own in the line box (TextRun.smallCaps) */
  readonly smallCaps?: true;
}

/** An atomic inline (inline-block, replaced element) or a float met in the inline content. */
export interface AtomicItem {
  readonly box: InlineBlockBox | ReplacedBox | SymbolMarkerBox;
  readonly parent: BoxNode;
  readonly link: LinkTarget | undefined;
}
export interface FloatItem {
  readonly box: FloatBox;
  readonly parent: BoxNode;
  readonly link: LinkTarget | undefined;
}

export interface TextAtom {
  readonly t: 'text';
  readonly item: TextItem;
  /** [start, end) in the context's string */
  readonly start: number;
  readonly end: number;
  readonly width: number;
  /** the width of its trailing spaces that hang at a line's end (CSS Text 3 §4.1.3), with their kerning into the next atom (kern) */
  readonly hang: number;
  /** trailing spaces that hang (removed from a line's end) */
  readonly hangCount: number;
  /** whether it has anything but hanging spaces */
  readonly solid: boolean;
  /** a preserved tab (CSS Text 3 §4.2): its width is set where a line places it (tabAdvance) */
  readonly tab?: true;
  /**
   * the kerning between its last character and the next atom's first (kernAtoms), pt, in its
   * width (and in `hang` when that character is a hanging space)
   */
  readonly kern?: number;
}

export type Atom =
  | TextAtom
  | { readonly t: 'open' | 'close'; readonly box: BoxNode; readonly width: number }
  /** `pos`: its U+FFFC in the context's string */
  | { readonly t: 'atomic'; readonly item: AtomicItem; width: number; readonly pos: number }
  | { readonly t: 'float'; readonly item: FloatItem }
  /** an absolutely positioned box that was inline-level: out of flow, its static position where it stands */
  | { readonly t: 'abs'; readonly box: AbsoluteBox }
  /** a soft wrap opportunity; `shy`: breaking here shows a hyphen (U+00AD) */
  | { readonly t: 'opp'; readonly shy: boolean }
  /** a forced line break (a preserved line feed, <br>); `clear`: a <br>'s clear, which moves the next line below those floats */
  | { readonly t: 'break'; readonly clear?: 'left' | 'right' | 'both' };

export interface InlineContent {
  readonly text: string;
  readonly atoms: Atom[];
  readonly root: BoxNode;
}

export interface AtomsOptions {
  readonly faces: FaceResolver;
  /** the containing block width (percentage padding and margins of inline boxes) */
  readonly cbWidth: number;
  readonly cbHeight: number | undefined;
  readonly link: LinkTarget | undefined;
  readonly anchors: ReadonlySet<string>;
  /** the margin-box width of an atomic inline (it is laid out once, here) */
  atomicWidth(item: AtomicItem): number;
}

const SHY = '\u00ad';
const OBJECT = '\ufffc';
const OBJECT_CODE = 0xfffc;

/** The width of text as drawn: its soft hyphens are not (CSS Text 3 §6.1); the face resolver keeps the answers. */
export function shownWidth(faces: FaceResolver, text: string, style: ComputedStyle): number {
  return faces.width(text.includes(SHY) ? text.replaceAll(SHY, '') : text, style);
}

/**
 * CSS Text 3 §4.2 the advance of a preserved tab `position` pt after the line's start edge (its
 * text-indent included): to the next tab stop, a multiple of tab-size (a number of spaces with
 * their letter- and word-spacing, or a length); a stop nearer than half a space is skipped, and a
 * zero tab-size leaves the letter-spacing, as Blink places tabs (Font::TabWidth).
 */
export function tabAdvance(faces: FaceResolver, style: ComputedStyle, position: number): number {
  const space = faces.width(' ', style);
  const ts = style.tabSize;
  const stop = 'spaces' in ts ? ts.spaces * space : ts.pt;
  if (!(stop > 0)) return style.letterSpacing;
  const d = stop - (((position % stop) + stop) % stop);
  return d < (space - style.letterSpacing - style.wordSpacing) / 2 ? d + stop : d;
}

const wraps = (s: ComputedStyle) => s.whiteSpace !== 'nowrap' && s.whiteSpace !== 'pre';
/** spaces at a line's end hang (and are not drawn) except under break-spaces (CSS Text 3 §4.1.3) and pre (never wraps) */
const hangs = (s: ComputedStyle) => s.whiteSpace !== 'break-spaces' && s.whiteSpace !== 'pre';
const preservesNewlines = (s: ComputedStyle) => s.whiteSpace !== 'normal' && s.whiteSpace !== 'nowrap';

/** The href of an <a> as a link target: absolute http(s)/mailto/tel URLs, and #ids that exist. */
export function linkOf(href: string | undefined, anchors: ReadonlySet<string>): LinkTarget | undefined {
  if (!href) return undefined;
  const h = href.trim();
  if (/^(https?:|mailto:|tel:)/i.test(h)) return { url: h };
  if (h.startsWith('#') && h.length > 1) {
    let id = h.slice(1);
    try { id = decodeURIComponent(id); } catch { /* kept as written */ }
    return anchors.has(id) ? { destination: id } : undefined;
  }
  return undefined;
}

/** The link an element makes itself: an <a href> of any display (an inline-block or floated link too). */
export function ownLink(element: StyledElement | undefined, anchors: ReadonlySet<string>): LinkTarget | undefined {
  return element?.tag === 'a' ? linkOf(element.attrs.href, anchors) : undefined;
}

const px = (v: ComputedStyle['margin']['left'], base: number) => (v === 'auto' ? 0 : v.pt + (v.pct * base) / 100);

function boxNode(style: ComputedStyle, element: StyledElement | undefined, parent: BoxNode | undefined, link: LinkTarget | undefined, cbWidth: number, cbHeight: number | undefined): BoxNode {
  const ml = element ? px(style.margin.left, cbWidth) : 0;
  const mr = element ? px(style.margin.right, cbWidth) : 0;
  const start = element ? ml + style.borderWidth.left + Math.max(0, px(style.padding.left, cbWidth)) : 0;
  const end = element ? mr + style.borderWidth.right + Math.max(0, px(style.padding.right, cbWidth)) : 0;
  let dx = parent?.dx ?? 0; let dy = parent?.dy ?? 0;
  if (element && style.position === 'relative') {
    // left wins over right, top over bottom (ltr); a percentage of an unknown height is 0
    const h = cbHeight ?? 0;
    dx += style.left !== 'auto' ? px(style.left, cbWidth) : style.right !== 'auto' ? -px(style.right, cbWidth) : 0;
    dy += style.top !== 'auto' ? px(style.top, h) : style.bottom !== 'auto' ? -px(style.bottom, h) : 0;
  }
  return { style, element, parent, link, startWidth: start, endWidth: end, marginLeft: ml, marginRight: mr, dx, dy, stamp: -1, off: 0, group: 0 };
}

const OPP: Atom = { t: 'opp', shy: false };
const OPP_SHY: Atom = { t: 'opp', shy: true };
const BREAK: Atom = { t: 'break' };

/** Flattens the context, finds its break opportunities and cuts it into atoms. */
export function inlineAtoms(ifc: InlineFormattingBox, o: AtomsOptions): InlineContent {
  const only = ifc.children.length === 1 ? ifc.children[0]! : undefined;
  let text: string;
  if (only && only.kind === 'text') text = only.text;
  else {
    const parts: string[] = [];
    gather(ifc.children, parts);
    text = parts.join('');
  }
  const root = boxNode(ifc.style, undefined, undefined, o.link, o.cbWidth, o.cbHeight);
  const cutter = new Cutter(text, o);
  cutter.walk(ifc.children, root, withDecor(undefined, ifc.style));
  return { text, atoms: cutter.atoms, root };
}

/**
 * CSS Text 3 §7.3 shaping across element boundaries, as Chromium 156 shapes an inline formatting
 * context (Blink's ShapeText): text is shaped in runs of one font across break opportunities and
 * across the sides of inline boxes that have no margin, border or padding there and sit on the
 * baseline, so HarfBuzz kerns the pairs that straddle them (" A", "A ", " T" in Liberation Sans:
 * -0.66pt, -0.66pt, -0.22pt at 16px). The atoms were measured one by one; here each text atom
 * gets the kerning between its last character and the next text atom's first when one run
 * shapes both. HarfBuzz puts a pair's kerning on the first glyph's advance, so it belongs to the
 * earlier atom: whether a line fits counts it as shaped, the trailing spaces' advances (with their
 * kerning) hanging; the line's end is then shaped again without what follows it (inline.ts
 * trimEnd), as Blink reshapes it. Paint draws a line's text with the same kerning
 * (pdf/glyphs.ts shaped). Left-to-right text only.
 */
export function kernAtoms(content: InlineContent, faces: FaceResolver): void {
  if (!faces.kerns) return;
  const atoms = content.atoms; const text = content.text;
  let prev = -1;
  for (let i = 0; i < atoms.length; i++) {
    const a = atoms[i]!;
    switch (a.t) {
      case 'text': {
        if (a.tab) { prev = -1; break; }
        if (prev >= 0) {
          const p = atoms[prev] as TextAtom;
          if (p.end === a.start && (p.item === a.item || faces.sameFont(p.item.style, a.item.style))) {
            const k = faces.kernAt(text, a.start, p.item.style);
            if (k !== 0) atoms[prev] = { ...p, width: p.width + k, hang: p.hangCount > 0 ? p.hang + k : p.hang, kern: k };
          }
        }
        prev = i;
        break;
      }
      case 'opp': break;
      case 'open': if (breaksShaping(a.box, a.box.marginLeft, a.box.startWidth)) prev = -1; break;
      case 'close': if (breaksShaping(a.box, a.box.marginRight, a.box.endWidth)) prev = -1; break;
      case 'atomic': case 'float': case 'abs': case 'break': prev = -1; break;
      default: assertNever(a);
    }
  }
}

/** whether a side of an inline box ends a shaping run: a margin, border or padding on it, or a vertical-align other than baseline (CSS Text 3 §7.3) */
function breaksShaping(box: BoxNode, margin: number, side: number): boolean {
  return margin !== 0 || side !== margin || box.style.verticalAlign !== 'baseline';
}

/** The context's string: its text, U+FFFC for each atomic inline, a line feed for each <br>. */
function gather(items: readonly InlineLevelBox[], parts: string[]): void {
  for (const b of items) {
    switch (b.kind) {
      case 'text': parts.push(b.text); break;
      case 'inline': gather(b.children, parts); break;
      case 'inline-block': case 'replaced': case 'symbol-marker': parts.push(OBJECT); break;
      case 'line-break': parts.push('\n'); break;
      case 'float': case 'absolute': break;
      default: assertNever(b);
    }
  }
}

/** Decorations propagated to the text of a box (the lines of every decorating box, the innermost one's colour and style). */
interface Decor {
  readonly line: ComputedStyle['textDecorationLine'];
  readonly color: ComputedStyle['textDecorationColor'];
  readonly style: ComputedStyle['textDecorationStyle'];
}

function withDecor(outer: Decor | undefined, s: ComputedStyle): Decor | undefined {
  const l = s.textDecorationLine;
  if (!l.underline && !l.overline && !l.lineThrough) return outer;
  const line = outer ? { underline: l.underline || outer.line.underline, overline: l.overline || outer.line.overline, lineThrough: l.lineThrough || outer.line.lineThrough } : l;
  return { line, color: s.textDecorationColor, style: s.textDecorationStyle };
}

/** The style a text run is drawn with: its own, with the decorations of its ancestors added. */
function decorated(s: ComputedStyle, d: Decor): ComputedStyle {
  const l = s.textDecorationLine;
  if ((l.underline || !d.line.underline) && (l.overline || !d.line.overline) && (l.lineThrough || !d.line.lineThrough)) return s;
  const own = l.underline || l.overline || l.lineThrough;
  return {
    ...s,
    textDecorationLine: { underline: l.underline || d.line.underline, overline: l.overline || d.line.overline, lineThrough: l.lineThrough || d.line.lineThrough },
    textDecorationColor: own ? s.textDecorationColor : d.color,
    textDecorationStyle: own ? s.textDecorationStyle : d.style,
  };
}

/** Cuts the context into atoms at its break opportunities, in one walk over the string. */
class Cutter {
  readonly atoms: Atom[] = [];
  /** UAX #14 over the text, made when first asked (never for a text without opportunities) */
  private breaker: LineBreaker | undefined;
  private next: { readonly position: number } | null = null;
  /** whether the text has no break opportunity before its end (noOpportunities) */
  private readonly none: boolean;
  private pos = 0;
  /**
   * An opportunity at the end of a leaf goes after the inline box ends that follow it and
   * before the starts: a box's end side stays on the line, its start side goes to the next.
   */
  private pending: Atom | undefined;

  constructor(private readonly text: string, private readonly o: AtomsOptions) {
    this.none = noOpportunities(text);
  }

  /**
   * The next break opportunity after `p`, the end of the text excluded: UAX #14's, except between
   * two printable ASCII characters, where Blink's pair table decides alone (asciiPairBreaks): it
   * takes some of UAX #14's away and adds others, as after a '-' before a digit that UAX #14 keeps
   * together (LB25) when a letter or digit stands before the '-' ("2026-|11-|21", "ABC-|123"), or
   * between two hyphens ("abc-|-123"). And after every run of spaces, whatever follows: Blink breaks
   * before each space run and lets the spaces hang, where UAX #14 keeps a closing or separating
   * mark with the word before even after spaces (LB13, LB14: "Total :", "( word").
   */
  private oppAfter(p: number): number {
    if (this.none) return Infinity;
    let breaker = this.breaker;
    if (!breaker) { breaker = this.breaker = new LineBreaker(this.text); this.next = breaker.nextBreak(); }
    let next = this.next;
    const text = this.text;
    while (next && (next.position <= p || (next.position < text.length && !asciiPairBreaks(text, next.position)))) next = breaker.nextBreak();
    this.next = next;
    const uax = next && next.position < text.length ? next.position : Infinity;
    return Math.min(uax, this.asciiOppAfter(p), this.spaceOppAfter(p));
  }

  /** the next position after a run of U+0020 that is not the text's end, found in one forward walk */
  private spaceNext = 0;

  private spaceOppAfter(p: number): number {
    if (this.spaceNext > p) return this.spaceNext;
    const text = this.text;
    let i = p + 1;
    for (; i < text.length; i++) if (text.charCodeAt(i - 1) === 0x20 && text.charCodeAt(i) !== 0x20) break;
    this.spaceNext = i < text.length ? i : Infinity;
    return this.spaceNext;
  }

  /** the next pair of printable ASCII characters that Blink's table breaks between, found in one forward walk */
  private asciiNext = 0;

  private asciiOppAfter(p: number): number {
    if (this.asciiNext > p) return this.asciiNext;
    const text = this.text;
    let i = p + 1;
    for (; i < text.length; i++) {
      const a = text.charCodeAt(i - 1); const b = text.charCodeAt(i);
      if (a >= 0x21 && a <= 0x7f && b >= 0x21 && b <= 0x7f && asciiPairBreaks(text, i)) break;
    }
    this.asciiNext = i < text.length ? i : Infinity;
    return this.asciiNext;
  }

  private emit(a: Atom): void {
    if (this.pending && a.t !== 'close') { this.atoms.push(this.pending); this.pending = undefined; }
    this.atoms.push(a);
  }

  /** `decor`: the text decorations of the container and the inline boxes around (CSS Text Decoration 3 §2.1: they propagate to the text inside) */
  walk(items: readonly InlineLevelBox[], parent: BoxNode, decor: Decor | undefined): void {
    const o = this.o;
    for (const b of items) {
      switch (b.kind) {
        case 'text':
          if (b.text) {
            const style = decor ? decorated(b.style, decor) : b.style;
            this.textRun(b.smallCaps ? { style, parent, link: parent.link, smallCaps: true } : { style, parent, link: parent.link }, b.text);
          }
          break;
        case 'inline': {
          const link = b.element.tag === 'a' ? (linkOf(b.element.attrs.href, o.anchors) ?? parent.link) : parent.link;
          const node = boxNode(b.style, b.element, parent, link, o.cbWidth, o.cbHeight);
          if (b.footnote) node.footnote = b.footnote;
          this.emit({ t: 'open', box: node, width: node.startWidth });
          this.walk(b.children, node, withDecor(decor, b.style));
          this.emit({ t: 'close', box: node, width: node.endWidth });
          // where a box that does not wrap ends in one that does, UAX #14 decides the opportunity
          // at its end (Blink's HandleCloseTag): "<nobr>a-</nobr>|b", "<nobr>a</nobr>(b" unbroken
          if (!wraps(b.style) && wraps(parent.style) && this.pos > 0 && this.oppAfter(this.pos - 1) === this.pos) this.pending ??= OPP;
          // HTML §4.5.29: a <wbr> is a line break opportunity; Chromium 156 breaks there under
          // white-space: nowrap and pre too (a U+200B the author writes does not)
          if (b.element.tag === 'wbr') this.pending = OPP;
          break;
        }
        case 'inline-block': case 'replaced': case 'symbol-marker': {
          const item: AtomicItem = { box: b, parent, link: (b.kind === 'symbol-marker' ? undefined : ownLink(b.element, o.anchors)) ?? parent.link };
          const at = this.pos++;
          this.emit({ t: 'atomic', item, width: o.atomicWidth(item), pos: at });
          // Blink breaks after an atomic inline whatever follows ("[X|]"), when its parent wraps
          if (wraps(parent.style)) this.pending = OPP;
          break;
        }
        case 'line-break': {
          this.pending = undefined;
          const clear = b.style.clear;
          this.emit(clear === 'none' ? BREAK : { t: 'break', clear });
          this.pos++;
          break;
        }
        case 'float':
          this.emit({ t: 'float', item: { box: b, parent, link: ownLink(b.element, o.anchors) ?? parent.link } });
          break;
        case 'absolute': this.emit({ t: 'abs', box: b }); break;
        default: assertNever(b);
      }
    }
  }

  private textRun(item: TextItem, src: string): void {
    const text = this.text;
    const style = item.style;
    const faces = this.o.faces;
    const start = this.pos; const end = start + src.length;
    this.pos = end;
    const wrap = wraps(style);
    const hang = hangs(style);
    const breakAll = style.wordBreak === 'break-all';
    const keepAll = style.wordBreak === 'keep-all';
    const breakSpaces = style.whiteSpace === 'break-spaces';
    const shyBreaks = style.hyphens !== 'none';
    const spaceWidth = shownWidth(faces, ' ', style);
    const newlines = preservesNewlines(style);
    // the next preserved line feed and tab, searched in the run's own text (pre-line collapsed its tabs)
    let nl = newlines ? src.indexOf('\n') : -1;
    if (nl >= 0) nl += start;
    let tab = newlines ? src.indexOf('\t') : -1;
    if (tab >= 0) tab += start;
    let cur = start;
    while (cur < end) {
      if (nl >= 0 && nl < cur) { nl = src.indexOf('\n', cur - start); if (nl >= 0) nl += start; }
      if (nl === cur) { this.pending = undefined; this.emit(BREAK); cur++; continue; }
      if (tab >= 0 && tab < cur) { tab = src.indexOf('\t', cur - start); if (tab >= 0) tab += start; }
      if (tab === cur) {
        // a tab is an atom of its own: where it ends depends on where the line places it
        this.emit({ t: 'text', item, start: cur, end: cur + 1, width: 0, hang: 0, hangCount: 0, solid: false, tab: true });
        cur++;
        if (wrap && this.oppAfter(cur - 1) === cur) { if (cur < end) this.emit(OPP); else this.pending = OPP; }
        continue;
      }
      let stop = nl >= 0 ? nl : end;
      if (tab >= 0 && tab < stop) stop = tab;
      let opp = false;
      if (wrap) {
        let p = this.oppAfter(cur);
        // keep-all: no opportunity between letters (CSS Text 3 §5.2)
        while (keepAll && p < stop && isLetter(text.charCodeAt(p - 1)) && isLetter(text.charCodeAt(p))) p = this.oppAfter(p);
        if (breakAll || breakSpaces) p = Math.min(p, extraOpportunity(text, cur, stop, breakAll, breakSpaces));
        // Blink breaks before an atomic inline whatever precedes it ("[|X", "\u00a0|X")
        if (p > end && end === stop && text.charCodeAt(end) === OBJECT_CODE) p = end;
        if (p <= stop && p !== nl) { stop = p; opp = true; }
      }
      this.emit(textAtom(cur === start && stop === end ? src : text.slice(cur, stop), item, cur, stop, hang, spaceWidth, faces));
      if (opp) {
        const shy = text.charCodeAt(stop - 1) === 0xad;
        if (!shy || shyBreaks) {
          const a = shy ? OPP_SHY : OPP;
          if (stop < end) this.emit(a); else this.pending = a;
        }
      }
      cur = stop;
    }
  }
}

/** word-break: break-all: between any two characters that are not spaces; break-spaces: after every space. */
function extraOpportunity(text: string, from: number, to: number, breakAll: boolean, breakSpaces: boolean): number {
  for (let i = from + 1; i < to; i++) {
    const a = text.charCodeAt(i - 1); const b = text.charCodeAt(i);
    if (breakSpaces && a === 0x20) return i;
    if (breakAll && a !== 0x20 && b !== 0x20 && !(a >= 0xd800 && a <= 0xdbff)) return i;
  }
  return Infinity;
}

/**
 * Between two printable ASCII characters (U+0021 to U+007F) Blink does not ask UAX #14: its own
 * table (text_break_iterator.cc, kAsciiLineBreakTable) breaks only after '-' and '?' and before
 * an opening '(', '<', '[' or '{' after some punctuation (CSS Text 3 §5.1 leaves the tailoring to
 * the UA). So "github.com/vincentdoerig" or "a/b" do not break at the slash, as Chromium prints them.
 * Whether the opportunity UAX #14 found before `at` stands; any other pair keeps UAX #14's answer.
 */
function asciiPairBreaks(text: string, at: number): boolean {
  const ch = text.charCodeAt(at - 1); const next = text.charCodeAt(at);
  if (ch < 0x21 || ch > 0x7f || next < 0x21 || next > 0x7f) return true;
  if (ch === 0x2d) {
    // '-': before a digit only after a letter or digit (a minus sign keeps its number); else not before closing or separating punctuation
    if (next >= 0x30 && next <= 0x39) return at >= 2 && isAsciiAlnum(text.charCodeAt(at - 2));
    return !NO_BREAK_AFTER_HYPHEN.has(next);
  }
  if (ch === 0x3f) return !NO_BREAK_AFTER_QUESTION.has(next);
  return OPEN_BREAKS_AFTER.has(ch) && (next === 0x28 || next === 0x3c || next === 0x5b || next === 0x7b);
}

/**
 * Whether a text has no break opportunity before its end whatever UAX #14 says: every character
 * printable ASCII and no pair that asciiPairBreaks lets break (a number, a price, a code without
 * hyphens), so oppAfter needs no UAX #14 pass over it.
 */
function noOpportunities(text: string): boolean {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x21 || c > 0x7f) return false;
  }
  for (let i = 1; i < n; i++) if (asciiPairBreaks(text, i)) return false;
  return true;
}

const codes = (s: string): ReadonlySet<number> => new Set([...s].map((c) => c.charCodeAt(0)));
const NO_BREAK_AFTER_HYPHEN = codes('!),./:;?]}');
const NO_BREAK_AFTER_QUESTION = codes('!"\'),./:;?]}');
/** the characters after which Blink breaks before an opening '(', '<', '[' or '{' */
const OPEN_BREAKS_AFTER = codes('!"#%&)*+,.:;=>\\]|}~');

function isAsciiAlnum(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isLetter(c: number): boolean {
  return c > 0x2e7f || (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || (c >= 0xc0 && c < 0x2000);
}

function textAtom(piece: string, item: TextItem, start: number, end: number, hang: boolean, spaceWidth: number, faces: FaceResolver): TextAtom {
  let n = 0;
  if (hang) while (n < piece.length && piece.charCodeAt(piece.length - 1 - n) === 0x20) n++;
  const solid = n < piece.length && !(piece.length - n === 1 && piece.charCodeAt(0) === 0xad);
  const width = n === piece.length ? n * spaceWidth : shownWidth(faces, piece, item.style);
  return { t: 'text', item, start, end, width, hang: n * spaceWidth, hangCount: n, solid };
}

// ---------------------------------------------------------------------------------------
// Filling one line

/** Where a line starts: the next atom, or the rest of one cut by an emergency break. */
export interface Cursor {
  readonly index: number;
  readonly carry: TextAtom | undefined;
}

export interface FilledLine {
  /** the line's atoms: the first `count` of FillOptions.out */
  readonly atoms: Atom[];
  readonly count: number;
  readonly next: Cursor;
  /** ended by a forced break or by the end of the content: not justified */
  readonly last: boolean;
  /** broken at a soft hyphen: a hyphen is drawn at its end */
  readonly hyphen: boolean;
  /** its first unbreakable piece (up to the first break opportunity, across atoms) is wider than the line */
  readonly overflow: boolean;
}

export interface FillOptions {
  readonly content: InlineContent;
  readonly faces: FaceResolver;
  /** the room on the line, pt */
  readonly available: number;
  /** what places the floats met on the line */
  readonly floats: LineFloats;
  /** the text-indent before the line's content (where tab stops are measured from) */
  readonly indent?: number;
  /**
   * where the line's atoms are written, from its first slot (the caller's scratch list, kept
   * from line to line: a list made per line would grow 17 slots at its first push)
   */
  readonly out: Atom[];
}

/** Places a float met on a line (inline.ts). */
export interface LineFloats {
  /** given the line's width so far, returns the new room (or undefined when the float goes below the line) */
  float(item: FloatItem, used: number): number | undefined;
}

const filled = (atoms: Atom[], count: number, next: Cursor, last: boolean, hyphen: boolean, overflow: boolean): FilledLine => ({ atoms, count, next, last, hyphen, overflow });

/**
 * The slack of a line's room: content fits when it is at most one layout unit wider than the
 * room, as in Chromium's line breaker (AvailableWidthToFit), whose widths are rounded to it.
 */
const EPS = LAYOUT_UNIT;

/** Fills one line from `from` (CSS Text 3 §5: greedy, the last opportunity before the overflow). */
export function fillLine(from: Cursor, o: FillOptions): FilledLine {
  const atoms = o.content.atoms;
  const out = o.out;
  /** how many atoms are on the line: the first `n` of out */
  let n = 0;
  let index = from.index;
  let carry = from.carry;
  let available = o.available;
  let width = 0; let trail = 0; let solid = false;
  // the last opportunity on the line: the atoms before it, the atom after it, whether it is a soft hyphen (oppLen < 0: none yet)
  let oppLen = -1; let oppIndex = 0; let oppShy = false;
  let overflow = false;
  let lastText: TextAtom | undefined;
  for (;;) {
    let a: Atom | undefined;
    const fromCarry = carry !== undefined;
    if (carry) { a = carry; carry = undefined; } else { a = atoms[index]; if (!a) return filled(out, n, { index, carry: undefined }, true, false, overflow); index++; }
    switch (a.t) {
      case 'opp':
        // a soft hyphen is an opportunity only where the hyphen it shows fits too (CSS Text 3 §6.1; Chromium then breaks at an earlier one)
        if (solid && (!a.shy || !lastText || width - trail + o.faces.width('-', lastText.item.style) <= available + EPS)) { oppLen = n; oppIndex = index; oppShy = a.shy; }
        continue;
      case 'break':
        out[n++] = a;
        // the ends of the inline boxes closing right after the break stay on its line
        while (!carry && atoms[index]?.t === 'close') out[n++] = atoms[index++]!;
        return filled(out, n, { index, carry: undefined }, true, false, overflow);
      case 'abs': out[n++] = a; continue;
      case 'float': {
        const room = o.floats.float(a.item, width - trail);
        if (room !== undefined) available = room;
        out[n++] = a;
        continue;
      }
      case 'open': case 'close': case 'atomic': case 'text': {
        if (a.t === 'text' && a.tab) {
          const tw = tabAdvance(o.faces, a.item.style, (o.indent ?? 0) + width);
          a = hangs(a.item.style) ? { ...a, width: tw, hang: tw, hangCount: 1 } : { ...a, width: tw };
        }
        const w = width + a.width;
        const t = a.t === 'text' ? (a.solid ? a.hang : trail + a.width) : a.t === 'atomic' ? 0 : trail;
        if (w - t > available + EPS) {
          // it does not fit: break at the last opportunity on the line
          if (oppLen >= 0) {
            n = oppLen;
            // an absolutely positioned box right after the break stays on the line, after the content before it (as Chromium places it)
            let next = oppIndex;
            while (atoms[next]?.t === 'abs') out[n++] = atoms[next++]!;
            return filled(out, n, { index: next, carry: undefined }, false, oppShy, overflow);
          }
          // none: overflow-wrap breaks inside the word (CSS Text 3 §5.5), else the line overflows
          if (a.t === 'text' && !a.tab && canBreakWord(a.item.style)) {
            const parts = splitToFit(o.content.text, a, available - (width - trail), solid, o.faces);
            if (parts) {
              out[n++] = parts.head;
              return filled(out, n, { index, carry: parts.tail }, false, false, overflow);
            }
            if (solid) return filled(out, n, fromCarry ? { index, carry: a } : { index: index - 1, carry: undefined }, false, false, overflow);
          }
          // no opportunity since the line's start: its first unbreakable piece is wider than the line
          if (solid || a.t === 'atomic' || (a.t === 'text' && a.solid)) overflow = true;
        }
        out[n++] = a; width = w; trail = t;
        if (a.t === 'text') lastText = a;
        if (a.t === 'atomic' || (a.t === 'text' && a.solid)) solid = true;
        continue;
      }
      default: assertNever(a);
    }
  }
}

const canBreakWord = (s: ComputedStyle) => s.overflowWrap === 'break-word' || s.overflowWrap === 'anywhere' || s.wordBreak === 'break-word';

/**
 * Cuts a text atom after as many characters as fit in `room` (at least one at a line's start).
 * Returns undefined when none fits on a line that has content.
 */
function splitToFit(text: string, a: TextAtom, room: number, hasContent: boolean, faces: FaceResolver): { head: TextAtom; tail: TextAtom } | undefined {
  let w = 0; let i = a.start;
  while (i < a.end) {
    const cp = text.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    const cw = shownWidth(faces, text.slice(i, i + len), a.item.style);
    if (w + cw > room + EPS && (i > a.start || hasContent)) break;
    w += cw; i += len;
  }
  if (i === a.start) return undefined;
  if (i >= a.end - a.hangCount) return undefined;
  const head: TextAtom = { t: 'text', item: a.item, start: a.start, end: i, width: w, hang: 0, hangCount: 0, solid: true };
  const tail: TextAtom = { ...a, start: i, width: a.width - w };
  return { head, tail };
}
