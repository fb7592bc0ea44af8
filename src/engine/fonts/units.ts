// CSS Values 4 §6.1.1 font-relative lengths `ex` and `ch`: measured in the element's first
// available font (CSS Fonts 4 §5), the face its font-family list, weight and style select.
// ex is the face's x-height, ch the advance of "0" (units.data.ts, generated from the shipped
// faces). A family an @font-face rule provides (its bytes are in the document: a data: URI or a
// template asset) is measured in the face CSS Fonts 4 §5 selects from its faces; one whose bytes
// do not load as a font is passed over, as the font matcher passes it over.
// Chromium takes a face's x-height from OS/2 sxHeight; without one (DejaVu) it reads the hinted
// "x" glyph at the used pixel size, which the unhinted outline here approaches within a pixel.
import { DEFAULT_FAMILY, FAMILY_ALIASES, SHIPPED_FAMILIES, normaliseFamilyName, shippedFace, type ShippedFamily } from './families';
import { inspectFontBytes } from './embedded';
import { matchFace, matchWeight } from './matching';
import { FACE_UNITS } from './units.data';

/** `ex` and `ch` of a face, per em. */
export interface FontUnits {
  readonly ex: number;
  readonly ch: number;
}

const memo = new WeakMap<readonly string[], Map<number, FontUnits>>();

function firstShipped(families: readonly string[]): ShippedFamily {
  for (const f of families) {
    const shipped = FAMILY_ALIASES[normaliseFamilyName(f)];
    if (shipped) return SHIPPED_FAMILIES[shipped];
  }
  return SHIPPED_FAMILIES[DEFAULT_FAMILY];
}

/** An @font-face face as the cascade resolved it (cascade/styled.ts FontFace). */
export interface DeclaredFace {
  readonly family: string;
  readonly weight: number;
  readonly style: 'normal' | 'italic';
  readonly data: Uint8Array;
  readonly weightRange?: readonly [number, number];
}

/** The `ex` and `ch` of a document's @font-face faces, by family; one per document. */
export class DeclaredFaceUnits {
  private readonly byFamily = new Map<string, DeclaredFace[]>();
  private readonly memo = new Map<readonly string[], Map<string, FontUnits | undefined>>();
  private readonly measured = new Map<DeclaredFace, FontUnits | null>();

  constructor(faces: readonly DeclaredFace[]) {
    for (const face of faces) {
      // (a face whose bytes do not load is not a face of its family: the font matcher drops it too)
      if (!this.unitsOf(face)) continue;
      const name = normaliseFamilyName(face.family);
      const list = this.byFamily.get(name) ?? [];
      // CSS Fonts 4 §4.8: of faces with the same descriptors the later rule's is tried first
      list.unshift(face);
      this.byFamily.set(name, list);
    }
  }

  get empty(): boolean { return this.byFamily.size === 0; }

  /** The units of the face a family's @font-face rules give for a weight and style; undefined when no rule names the family. */
  select(families: readonly string[], weight: number, style: 'normal' | 'italic' | 'oblique'): FontUnits | undefined {
    const key = `${weight}|${style}`;
    let byKey = this.memo.get(families);
    if (byKey?.has(key)) return byKey.get(key);
    let out: FontUnits | undefined;
    for (const f of families) {
      const name = normaliseFamilyName(f);
      const faces = this.byFamily.get(name);
      if (faces) {
        const face = matchFace(faces, weight, style);
        out = face ? this.unitsOf(face) : undefined;
        if (out) break;
      }
      if (FAMILY_ALIASES[name]) break;
    }
    if (!byKey) { byKey = new Map(); this.memo.set(families, byKey); }
    byKey.set(key, out);
    return out;
  }

  private unitsOf(face: DeclaredFace): FontUnits | undefined {
    let u = this.measured.get(face);
    if (u === undefined) {
      const info = inspectFontBytes(face.data);
      u = info.ok ? { ex: info.metrics.xHeight / 1000, ch: info.metrics.advance(0x30) / 1000 } : null;
      this.measured.set(face, u);
    }
    return u ?? undefined;
  }
}

/**
 * `ex` and `ch` per em of the first available font of a computed font-family, weight and style:
 * an @font-face face of the document (`declared`) or a shipped face.
 */
export function fontUnits(families: readonly string[], weight: number, style: 'normal' | 'italic' | 'oblique', declared?: DeclaredFaceUnits): FontUnits {
  const own = declared && !declared.empty ? declared.select(families, weight, style) : undefined;
  if (own) return own;
  const bold = matchWeight(weight, [400, 700]) === 700;
  const italics = style !== 'normal';
  const variant = (bold ? 2 : 0) + (italics ? 1 : 0);
  let byVariant = memo.get(families);
  const hit = byVariant?.get(variant);
  if (hit) return hit;
  const units = FACE_UNITS[shippedFace(firstShipped(families), bold, italics)]!;
  if (!byVariant) { byVariant = new Map(); memo.set(families, byVariant); }
  byVariant.set(variant, units);
  return units;
}
