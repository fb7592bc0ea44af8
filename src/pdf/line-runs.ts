// pdfmake draws every inline of a line with its own text() call, and its inlines are words:
// each word costs pdfkit a save, two transforms, BT, Tm, Tf, TJ, ET and a restore, plus the
// opacity and fill pdfmake sets before it (about 11 operators; pdfmake's own source has
// "TODO: lines without differently styled inlines should be written to pdf as one stream").
// Here, while a line is drawn, neighbouring inlines that look the same and touch end to start
// are drawn as one: same face object, size, colour, opacity and height, the first ending in a
// space, no character or justification spacing, no link, decoration, background, sup/sub,
// font features or page reference. The glyphs land where they did: pdfkit shapes a string
// word by word (it splits at spaces) and advances by the same widths pdfmake summed to place
// the words; the only
// difference is that a word no longer starts from its own rounded position (pdfkit writes
// positions to 1/100 pt), which is below a pixel at any resolution a reader uses.
// Backgrounds and decorations are drawn from the line's own inlines, untouched.
import { pdfmakeInternal, FastPath } from './internals';

interface InlineLike {
  text?: unknown; x: number; width: number; height?: number; font?: unknown; fontSize?: number; color?: unknown; opacity?: unknown;
  characterSpacing?: number; justifyShift?: number; link?: unknown; linkToPage?: unknown; linkToDestination?: unknown;
  decoration?: unknown; background?: unknown; sup?: unknown; sub?: unknown; fontFeatures?: unknown; _pageNodeRef?: unknown;
}
interface LineLike { inlines: InlineLike[]; _pageNodeRef?: unknown }
interface RendererClass { prototype: { renderLine(this: unknown, line: LineLike, x: unknown, y: unknown): unknown } }

const Renderer = pdfmakeInternal<RendererClass>('Renderer');
const renderLine = Renderer.prototype.renderLine;
const fastPath = new FastPath();

/** Whether an inline can share a text object with a neighbour at all. */
function plain(i: InlineLike): boolean {
  return typeof i.text === 'string' && !i.text.includes('\n') && !i.characterSpacing && !i.justifyShift
    && !i.link && !i.linkToPage && !i.linkToDestination && !i.decoration && !i.background
    && !i.sup && !i.sub && !i.fontFeatures && !i._pageNodeRef;
}

function joins(a: InlineLike, b: InlineLike): boolean {
  // only after a space: pdfkit shapes word by word, split at spaces, so the joined string is
  // shaped exactly as the pieces were (joined mid-word, as at a break after '/' or '@',
  // kerning across the join would move the glyphs after it)
  return (a.text as string).endsWith(' ') && a.font === b.font && a.fontSize === b.fontSize && a.color === b.color && a.opacity === b.opacity
    && a.height === b.height && Math.abs(a.x + a.width - b.x) < 1e-6;
}

/** The line's inlines with touching look-alike runs joined; the same array when nothing joins. */
export function joinRuns(inlines: readonly InlineLike[]): readonly InlineLike[] {
  const out: InlineLike[] = [];
  let copy: InlineLike | undefined; // the joined run being built (a copy: the line's inlines stay as they were)
  for (const cur of inlines) {
    const last = out[out.length - 1];
    if (last !== undefined && plain(last) && plain(cur) && joins(last, cur)) {
      if (last !== copy) { copy = { ...last }; out[out.length - 1] = copy; }
      copy.text = `${copy.text as string}${cur.text as string}`;
      copy.width = copy.width + cur.width;
    } else {
      out.push(cur);
    }
  }
  return out.length === inlines.length ? inlines : out;
}

Renderer.prototype.renderLine = function renderJoinedLine(this: unknown, line: LineLike, x: unknown, y: unknown): unknown {
  if (!fastPath.on || !line || !Array.isArray(line.inlines) || line.inlines.length < 2 || line._pageNodeRef) return renderLine.call(this, line, x, y);
  const joined = joinRuns(line.inlines);
  if (joined === line.inlines) return renderLine.call(this, line, x, y);
  const own = line.inlines;
  // drawn from the joined runs; backgrounds and decorations (none on joined runs) as before
  line.inlines = joined as InlineLike[];
  try { return renderLine.call(this, line, x, y); } finally { line.inlines = own; }
};

/** Switches back to pdfmake's one text object per inline (tests comparing output); returns the previous setting. */
export function setJoinedRuns(on?: boolean): boolean {
  return fastPath.set(on);
}
