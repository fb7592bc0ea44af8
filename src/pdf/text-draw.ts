// pdfkit's text() is a general text layout (options merged with the document's, a line
// wrapper, columns, rotation, lists, structure marks); pdfmake calls it once per drawn word or
// run with every decision already made: an x and a y, `lineBreak: false`, and no width. For
// that call pdfkit copied the options and added four keys to the copy, split the text at
// newlines, made two closures and a command list per call, and wrote `1 0 0 -1 0 h cm`
// through a six-element map and join (together ~10% of the drawing). Here text() writes the
// same operators for that call directly, in pdfkit 0.17's order (_initOptions, _line and
// _fragment without the branches the call cannot take): q, the flip, BT, Tm, Tf, the TJ
// arrays with pdfkit's kerning segments, ET, Q, and doc.x advanced by the string's width as
// _line does. The transformation matrix pdfkit tracks is the same after the call (pdfkit's
// save/flip/restore leaves it as it was). Anything else (a link, a destination, features,
// character or word spacing, alignment, underline, rotation, a newline, continued text) goes
// through pdfkit's own text().
import { pdfkitDocumentPrototype, pdfNumber as number, FastPath } from './internals';

interface Position { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }
interface FontLike {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string, features?: unknown): [string[], Position[]];
}
interface TextDocument {
  x: number; y: number;
  _font: FontLike; _fontSize: number;
  _textOptions?: unknown; _wrapper?: unknown;
  page: { height: number; fonts: Record<string, unknown> };
  addContent(data: string): unknown;
  widthOfString(text: string, options: object): number;
  text(text: unknown, x?: unknown, y?: unknown, options?: unknown): unknown;
}
interface PdfmakeTextOptions {
  lineBreak?: unknown; textWidth?: unknown; characterSpacing?: unknown; wordCount?: unknown; link?: unknown;
}

const proto = pdfkitDocumentPrototype<TextDocument>();
const text = proto.text;
const fastPath = new FastPath();

/** the keys of the options pdfmake passes for a plain word: anything more is pdfkit's to handle */
const PLAIN_KEYS = new Set(['lineBreak', 'textWidth', 'characterSpacing', 'wordCount', 'link']);

function plainCall(doc: TextDocument, str: unknown, x: unknown, y: unknown, options: unknown): options is PdfmakeTextOptions {
  if (typeof str !== 'string' || str.length === 0 || str.includes('\n') || typeof x !== 'number' || typeof y !== 'number') return false;
  if (typeof options !== 'object' || options === null || doc._textOptions || doc._wrapper) return false;
  const o = options as PdfmakeTextOptions;
  if (o.lineBreak !== false || o.characterSpacing || o.link != null) return false;
  for (const key in o) if (!PLAIN_KEYS.has(key)) return false;
  return true;
}

/** pdfkit's addSegment: the glyph codes [from, to) and the kerning after the last, appended to a TJ array's text */
function withSegment(commands: string, encoded: string[], positions: Position[], from: number, to: number): string {
  const hex = from === 0 && to === encoded.length ? encoded.join('') : encoded.slice(from, to).join('');
  const p = positions[to - 1]!;
  const segment = `<${hex}> ${number(-(p.xAdvance - p.advanceWidth))}`;
  return commands === '' ? segment : `${commands} ${segment}`;
}

let flipHeight = NaN;
let flip = '';

proto.text = function drawPlainText(this: TextDocument, str: unknown, x?: unknown, y?: unknown, options?: unknown): unknown {
  if (!fastPath.on || !plainCall(this, str, x, y, options)) return text.call(this, str, x, y, options);
  const s = str as string;
  // _initOptions
  this.x = x as number;
  this.y = y as number;
  // _fragment
  const font = this._font;
  const size = this._fontSize;
  const dy = font.ascender / 1000 * size;
  let tx = this.x;
  const height = this.page.height;
  if (height !== flipHeight) { flipHeight = height; flip = `1 0 0 -1 0 ${number(height)} cm`; }
  this.addContent('q');
  this.addContent(flip);
  const ty = height - this.y - dy;
  if (this.page.fonts[font.id] == null) this.page.fonts[font.id] = font.ref();
  this.addContent('BT');
  this.addContent(`1 0 0 1 ${number(tx)} ${number(ty)} Tm`);
  this.addContent(`/${font.id} ${number(size)} Tf`);
  const [encoded, positions] = font.encode(s, undefined);
  const scale = size / 1000;
  // _fragment's segments: a TJ element ends after each glyph whose advance differs from its
  // width (kerning), a glyph with an offset gets its own Tm and TJ
  let commands = '';
  let last = 0;
  let hadOffset = false;
  let i = 0;
  for (; i < positions.length; i++) {
    const pos = positions[i]!;
    if (pos.xOffset || pos.yOffset) {
      if (last < i) commands = withSegment(commands, encoded, positions, last, i);
      last = i;
      if (commands !== '') { this.addContent(`[${commands}] TJ`); commands = ''; }
      this.addContent(`1 0 0 1 ${number(tx + pos.xOffset * scale)} ${number(ty + pos.yOffset * scale)} Tm`);
      if (last < i + 1) commands = withSegment(commands, encoded, positions, last, i + 1);
      last = i + 1;
      if (commands !== '') { this.addContent(`[${commands}] TJ`); commands = ''; }
      hadOffset = true;
    } else {
      if (hadOffset) {
        this.addContent(`1 0 0 1 ${number(tx)} ${number(ty)} Tm`);
        hadOffset = false;
      }
      if (pos.xAdvance - pos.advanceWidth !== 0) {
        if (last < i + 1) commands = withSegment(commands, encoded, positions, last, i + 1);
        last = i + 1;
      }
    }
    tx += pos.xAdvance * scale;
  }
  if (last < i) commands = withSegment(commands, encoded, positions, last, i);
  if (commands !== '') this.addContent(`[${commands}] TJ`);
  this.addContent('ET');
  this.addContent('Q');
  // _line: doc.x advanced by the string's width (pdfkit's widthOfString, with the options it saw)
  this.x += this.widthOfString(s, options as object);
  return this;
};

/** Switches back to pdfkit's own text() (tests comparing output); returns the previous setting. */
export function setPlainTextDrawing(on?: boolean): boolean {
  return fastPath.set(on);
}
