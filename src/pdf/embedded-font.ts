// pdfmake measures every inline with pdfkit's widthOfString, which splits the string at
// spaces and looks each word up in the document's own layout cache: the first document to
// use a word pays for the shaping (answered by fontkit-cache.ts across documents), every
// document pays for the split, the lookups and the copies. The width of a string without
// font features depends only on the face and the string, so it is kept per parsed face
// (pdfkit's EmbeddedFont.font, shared across documents by fontkit-cache.ts), bounded like the
// shaping cache. pdfkit's EmbeddedFont class is not exported: its prototype is patched the
// first time a document selects an embedded font (see the font() wrapper in index.ts).
interface EmbeddedFontLike {
  font: object;
  layout(text: string, features: unknown, onlyWidth: boolean): { advanceWidth: number };
  widthOfString(text: string, size: number, features?: unknown): number;
}

const MAX_WIDTHS = 50_000;
const widths = new WeakMap<object, Map<string, number>>();
const patched = new WeakSet<object>();
let enabled = true;

export function memoiseWidths(embedded: unknown): void {
  if (typeof embedded !== 'object' || embedded === null) return;
  const proto = Object.getPrototypeOf(embedded) as EmbeddedFontLike | null;
  if (!proto || patched.has(proto) || typeof proto.widthOfString !== 'function' || typeof proto.layout !== 'function' || !('layoutCached' in proto)) return;
  patched.add(proto);
  const widthOfString = proto.widthOfString;
  proto.widthOfString = function memoWidthOfString(this: EmbeddedFontLike, text: string, size: number, features?: unknown): number {
    if (!enabled || features || typeof text !== 'string' || typeof this.font !== 'object' || this.font === null) return widthOfString.call(this, text, size, features);
    let table = widths.get(this.font);
    if (!table) { table = new Map(); widths.set(this.font, table); }
    let width = table.get(text);
    if (width === undefined) {
      width = this.layout(text, features, true).advanceWidth;
      if (table.size >= MAX_WIDTHS) table.clear();
      table.set(text, width);
    }
    return width * (size / 1000);
  };
}

/** Turns the width memo on or off (benchmark rows, tests); returns the previous setting. */
export function setWidthMemo(on?: boolean): boolean {
  const previous = enabled;
  if (on !== undefined) enabled = on;
  return previous;
}
