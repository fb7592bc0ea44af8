// What every painter gets: faces and intrinsic sizes (layout/), images, anchors, diagnostics.
import type { ReplacedBox } from '../boxes/types';
import type { DiagnosticList } from '../diagnostics';
import type { FaceResolver } from '../layout/faces';
import type { Intrinsic } from '../layout/intrinsic';
import type { PageGeometry } from '../layout/page';
import type { LoadedImage } from '../types';

export type { LoadedImage } from '../types';

export interface PaintContext {
  readonly faces: FaceResolver;
  readonly intrinsic: Intrinsic;
  readonly diagnostics: DiagnosticList;
  readonly page: PageGeometry;
  /** the image of a replaced box, loaded once (undefined: refused, missing or undecodable) */
  readonly image: (box: ReplacedBox) => LoadedImage | undefined;
  /** the image of a CSS url() (background-image), loaded once */
  readonly imageUrl: (url: string, at?: ReplacedBox['element']['loc']) => LoadedImage | undefined;
  /** ids that some `<a href="#id">` points at */
  readonly anchors: ReadonlySet<string>;
  /** ids already given to a pdfmake node (pdfmake throws on duplicates) */
  readonly placedIds: Set<string>;
  /** the containing block's height when definite (CSS 2.1 §10.5: percentage heights), else undefined */
  cbHeight: number | undefined;
  /** the link (<a href>) that encloses the box being painted, for atomic inlines inside links */
  link: { readonly link?: string; readonly linkToDestination?: string } | undefined;
  /** the used page name (CSS Paged Media 3 §7: 'auto' takes the parent's) of the box being painted */
  pageName: string;
  /**
   * While a table cell is painted: the height its text takes (estimated lines × line height),
   * and whether any of its paragraphs is long enough to break across pages without leaving
   * fewer than orphans or widows lines. The table keeps a row of such short cells whole.
   * Undefined in the page's own flow, where CSS Fragmentation 3 §4.4 orphans and widows move
   * a paragraph (its facts go to the pdf layer, src/pdf/fragmentation.ts); a cell's text gets
   * no such facts: moved on its own to the next page it split its row, the other cells
   * staying behind, and cost pdfmake a second layout.
   */
  cellText: { height: number; breakable: boolean } | undefined;
}
