// Inline layout in isolation: the first inline formatting context of a document, built through
// the real cascade and box builder, laid out by layoutInlines with the block layout as
// ctx.layoutIndependent, in a line box of a given width (and optionally on pages).
import type { BlockLevelBox, InlineFormattingBox } from '../../src/engine/boxes/types';
import { buildBoxes } from '../../src/engine/boxes/build';
import { cascade } from '../../src/engine/cascade';
import { DiagnosticList } from '../../src/engine/diagnostics';
import { FontMatcher } from '../../src/engine/fonts';
import { DEFAULT_LIMITS } from '../../src/engine/pipeline';
import { layoutBlockLevel, layoutIndependent } from '../../src/engine/layout/block';
import { NO_BREAKS, newLayoutCaches, type Fragmentainer, type LayoutContext } from '../../src/engine/layout/context';
import { FaceResolver } from '../../src/engine/layout/faces';
import { Floats } from '../../src/engine/layout/float';
import { layoutInlines, type InlineResult } from '../../src/engine/layout/inline';
import { Intrinsic } from '../../src/engine/layout/intrinsic';

export interface Laid extends InlineResult { readonly faces: FaceResolver; readonly floats: Floats }

/** Pages of `height` pt stacked in one flow (a Fragmentainer for pagination facts). */
export function pagesOf(height: number): Fragmentainer {
  const start = (y: number) => Math.floor((y + 0.005) / height) * height;
  return {
    paginates: true,
    fragmented: true,
    pageStart: start,
    pageEnd: (y) => start(y) + height,
    atPageStart: (y) => Math.abs(y - start(y)) < 0.01,
    forcedBreak: (y) => start(y) + height,
    pageHeight: () => height,
  };
}

function firstInlines(box: BlockLevelBox): InlineFormattingBox | undefined {
  if (box.kind === 'inlines') return box;
  if (box.kind === 'block' || box.kind === 'list-item') for (const c of box.children) { const f = firstInlines(c); if (f) return f; }
  return undefined;
}

/** Lays out the first inline formatting context of `html` in a line `width` pt wide at y = `y`. */
export function firstInlinesOf(html: string): InlineFormattingBox {
  const diagnostics = new DiagnosticList();
  const styled = cascade({ html, css: '', options: { format: 'A4', resources: undefined, limits: DEFAULT_LIMITS }, diagnostics });
  const ifc = firstInlines(buildBoxes(styled.root, { diagnostics }));
  if (!ifc) throw new Error('no inline content');
  return ifc;
}

export function lay(html: string, o: LayOptions = {}): Laid {
  return prepare(html, o)();
}

/** Lays out a given inline formatting context (e.g. one built from another's children) with the context of `prepare`. */
export function layBox(ifc: InlineFormattingBox, html: string, o: LayOptions = {}): Laid {
  return prepare(html, o, ifc)();
}

export interface LayOptions { readonly width?: number; readonly css?: string; readonly pages?: Fragmentainer; readonly y?: number; readonly floats?: Floats }

/** Cascade and boxes now; the returned function lays the inline formatting context out. */
export function prepare(html: string, o: LayOptions = {}, given?: InlineFormattingBox): () => Laid {
  const diagnostics = new DiagnosticList();
  const styled = cascade({ html, css: o.css ?? '', options: { format: 'A4', resources: undefined, limits: { ...DEFAULT_LIMITS, maxDomNodes: 1_000_000 } }, diagnostics });
  const ifc = given ?? firstInlines(buildBoxes(styled.root, { diagnostics }));
  if (!ifc) throw new Error('no inline content');
  const faces = new FaceResolver(new FontMatcher({ diagnostics, fontFaces: styled.fontFaces }));
  const ctx: LayoutContext = {
    faces, intrinsic: new Intrinsic({ faces, replacedSizes: () => ({ min: 0, max: 0 }) }), diagnostics, pages: o.pages ?? NO_BREAKS,
    image: () => undefined, anchors: new Set(['here']), caches: newLayoutCaches(), layoutBlockLevel, layoutIndependent,
  };
  return () => {
    const floats = o.floats ?? new Floats();
    const r = layoutInlines(ifc, { x: 0, width: o.width ?? 300, y: o.y ?? 0, cbHeight: undefined, floats, absolutes: [] }, ctx);
    return { ...r, faces, floats };
  };
}
