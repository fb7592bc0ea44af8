// A TrueType subset written from per-face parts: the same bytes as fontkit 2.0.4's
// TTFSubset.encode, without its per-document work. fontkit decodes every included glyph's
// outline (only to learn whether it is composite) and encodes the whole font directory through
// restructure on every subset; a document whose digits are new (an invoice's amounts and dates)
// includes its glyphs in a new order, so the subset cache misses and that work was about a
// fifth of such a render. Here each glyph's bytes, components and metrics are read once per
// face, and the tables that do not depend on the glyphs (head, cvt, prep, fpgm; hhea and maxp
// but for one count each) are taken once per face from fontkit's own encoding of the smallest
// subset. test/pdf/subset.test.ts compares the bytes with fontkit's for random glyph sets.

/** What this module reads of a fontkit TrueType font (2.0.4). */
export interface SubsetFont {
  readonly directory: { readonly tables: Record<string, unknown> };
  readonly loca: { readonly version: number; readonly offsets: readonly number[] };
  readonly _variationProcessor?: unknown;
  _getTableStream(tag: string): { readonly buffer: Uint8Array; readonly pos: number };
  getGlyph(gid: number): { readonly advanceWidth: number; _getMetrics(): { readonly leftBearing: number }; _decode(): { readonly components?: readonly { readonly glyphID: number; readonly pos: number }[] } | null };
}

/** A fontkit subset as TTFSubset has it: the glyphs included, in order, and includeGlyph() for a composite's parts. */
export interface FontSubset {
  readonly glyphs: number[];
  includeGlyph(gid: number): number;
}

interface GlyphPart {
  readonly bytes: Uint8Array;
  /** a composite glyph's components: their glyph ids and where each id sits in `bytes` */
  readonly components: readonly { readonly glyphID: number; readonly pos: number }[] | undefined;
  readonly advance: number;
  readonly bearing: number;
}

interface Table { readonly tag: string; readonly bytes: Uint8Array }

interface FaceParts {
  /** the directory's first 12 bytes (tag, table count, search fields) as fontkit writes them */
  readonly header: Uint8Array;
  /** the tables in fontkit's order; glyf, loca and hmtx are written per subset */
  readonly tables: readonly Table[];
  readonly glyphs: Map<number, GlyphPart>;
  readonly glyfStart: number;
  readonly fontBytes: Uint8Array;
}

const faces = new WeakMap<SubsetFont, FaceParts | null>();

/** Whether this module writes the font's subsets (TrueType outlines, no variations); else fontkit's encode() stays. */
function partsOf(font: SubsetFont, encodeSmallest: () => Uint8Array): FaceParts | null {
  let parts = faces.get(font);
  if (parts !== undefined) return parts;
  parts = null;
  const tables = font.directory.tables;
  if (tables.glyf && tables.loca && !tables['CFF '] && !tables.CFF2 && !font._variationProcessor) {
    const sample = encodeSmallest();
    const view = new DataView(sample.buffer, sample.byteOffset, sample.byteLength);
    const count = view.getUint16(4);
    const read: Table[] = [];
    for (let i = 0; i < count; i++) {
      const entry = 12 + i * 16;
      const tag = String.fromCharCode(...sample.subarray(entry, entry + 4));
      const offset = view.getUint32(entry + 8);
      read.push({ tag, bytes: sample.slice(offset, offset + view.getUint32(entry + 12)) });
    }
    const stream = font._getTableStream('glyf');
    parts = { header: sample.slice(0, 12), tables: read, glyphs: new Map(), glyfStart: stream.pos, fontBytes: stream.buffer };
  }
  faces.set(font, parts);
  return parts;
}

function glyphPart(font: SubsetFont, parts: FaceParts, gid: number): GlyphPart {
  let part = parts.glyphs.get(gid);
  if (part) return part;
  const start = font.loca.offsets[gid]!;
  const end = font.loca.offsets[gid + 1]!;
  const bytes = parts.fontBytes.subarray(parts.glyfStart + start, parts.glyfStart + end);
  // numberOfContours < 0: a composite glyph
  const composite = bytes.length >= 2 && (bytes[0]! & 0x80) !== 0;
  const glyph = font.getGlyph(gid);
  const components = composite ? glyph._decode()?.components?.map((c) => ({ glyphID: c.glyphID, pos: c.pos })) : undefined;
  part = { bytes, components, advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing };
  parts.glyphs.set(gid, part);
  return part;
}

/**
 * The subset's font file, or undefined when the face is not one this module writes (fontkit's
 * own encode() then runs). `encodeSmallest` is fontkit's encoding of a subset of glyph 0 alone.
 */
export function encodeSubset(font: SubsetFont, subset: FontSubset, encodeSmallest: () => Uint8Array): Uint8Array | undefined {
  const parts = partsOf(font, encodeSmallest);
  if (!parts) return undefined;
  const glyf: Uint8Array[] = [];
  const offsets: number[] = [];
  const metrics: GlyphPart[] = [];
  let offset = 0;
  // subset.glyphs grows while it is walked: a composite includes its components
  for (let i = 0; i < subset.glyphs.length; i++) {
    const part = glyphPart(font, parts, subset.glyphs[i]!);
    let bytes = part.bytes;
    if (part.components) {
      bytes = Uint8Array.from(bytes);
      const view = new DataView(bytes.buffer);
      for (const c of part.components) view.setUint16(c.pos, subset.includeGlyph(c.glyphID));
    }
    glyf.push(bytes);
    offsets.push(offset);
    metrics.push(part);
    offset += bytes.length;
  }
  offsets.push(offset);
  const short = font.loca.version === 0;

  const sizes = parts.tables.map((t) => {
    switch (t.tag) {
      case 'glyf': return offset;
      case 'loca': return offsets.length * (short ? 2 : 4);
      case 'hmtx': return metrics.length * 4;
      default: return t.bytes.length;
    }
  });
  const dirBytes = 12 + 16 * parts.tables.length;
  const out = new Uint8Array(dirBytes + sizes.reduce((a, b) => a + b, 0));
  const view = new DataView(out.buffer);
  out.set(parts.header, 0);
  let at = dirBytes;
  parts.tables.forEach((table, i) => {
    const entry = 12 + i * 16;
    for (let k = 0; k < 4; k++) out[entry + k] = table.tag.charCodeAt(k);
    view.setUint32(entry + 4, 0); // fontkit writes no checksums
    view.setUint32(entry + 8, at);
    view.setUint32(entry + 12, sizes[i]!);
    switch (table.tag) {
      case 'glyf':
        for (const g of glyf) { out.set(g, at); at += g.length; }
        return;
      case 'loca':
        for (const o of offsets) {
          if (short) { view.setUint16(at, o >>> 1); at += 2; } else { view.setUint32(at, o); at += 4; }
        }
        return;
      case 'hmtx':
        for (const m of metrics) { view.setUint16(at, m.advance); view.setInt16(at + 2, m.bearing); at += 4; }
        return;
      default:
        out.set(table.bytes, at);
        // the two counts that depend on the subset: maxp.numGlyphs and hhea.numberOfMetrics
        if (table.tag === 'maxp') view.setUint16(at + 4, glyf.length);
        if (table.tag === 'hhea') view.setUint16(at + 34, metrics.length);
        at += table.bytes.length;
    }
  });
  return out;
}
