// CSS Values 4 §6.1.1 font-relative lengths `ex` and `ch`: measured in the element's first
// available font (CSS Fonts 4 §5), the face its font-family list, weight and style select.
// ex is the face's x-height, ch the advance of "0" (units.data.ts, generated from the shipped
// faces). The cascade does no I/O and reads no font bytes, so a family only an @font-face rule
// provides is passed over: the list goes on to the next family, as when that font has not loaded.
// Chromium takes a face's x-height from OS/2 sxHeight; without one (DejaVu) it reads the hinted
// "x" glyph at the used pixel size, which the unhinted outline here approaches within a pixel.
import { DEFAULT_FAMILY, FAMILY_ALIASES, SHIPPED_FAMILIES, normaliseFamilyName, shippedFace, type ShippedFamily } from './families';
import { matchWeight } from './matching';
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

/** `ex` and `ch` per em of the first available font of a computed font-family, weight and style. */
export function fontUnits(families: readonly string[], weight: number, style: 'normal' | 'italic' | 'oblique'): FontUnits {
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
