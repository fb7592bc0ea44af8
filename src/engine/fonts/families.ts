// CSS Fonts 4 §5.1 font family names → the shipped faces, as headless Chromium on Debian
// resolves them through fontconfig (checked with pdffonts on Chromium's print of one-line
// pages, Nov 2026). Names Chromium does not know (Segoe UI, -apple-system, BlinkMacSystemFont,
// Helvetica Neue, Roboto, ui-monospace, ...) are absent: matching falls through to the next
// family in the list, and a list that runs out lands on Chromium's default, Liberation Serif.
import type { FontSource } from '../types';

/** The four faces of one shipped family, by pdfmake's slot names. */
export interface ShippedFamily {
  /** the pdfmake family key, also the family's real name */
  readonly name: string;
  readonly normal: string;
  readonly bold: string;
  readonly italics: string;
  readonly bolditalics: string;
}

function family(name: string, prefix: string, faces: { normal: string; bold: string; italics: string; bolditalics: string }): ShippedFamily {
  return { name, normal: `${prefix}${faces.normal}.ttf`, bold: `${prefix}${faces.bold}.ttf`, italics: `${prefix}${faces.italics}.ttf`, bolditalics: `${prefix}${faces.bolditalics}.ttf` };
}

const lib = { normal: '-Regular', bold: '-Bold', italics: '-Italic', bolditalics: '-BoldItalic' };
const dejavu = { normal: '', bold: '-Bold', italics: '-Oblique', bolditalics: '-BoldOblique' };

export const SHIPPED_FAMILIES = {
  'Liberation Sans': family('Liberation Sans', 'LiberationSans', lib),
  'Liberation Serif': family('Liberation Serif', 'LiberationSerif', lib),
  'Liberation Mono': family('Liberation Mono', 'LiberationMono', lib),
  'DejaVu Sans': family('DejaVu Sans', 'DejaVuSans', dejavu),
  'DejaVu Serif': family('DejaVu Serif', 'DejaVuSerif', { normal: '', bold: '-Bold', italics: '-Italic', bolditalics: '-BoldItalic' }),
  'DejaVu Sans Mono': family('DejaVu Sans Mono', 'DejaVuSansMono', dejavu),
  // Noto Sans Mono ships upright only; Chromium slants it synthetically, we use the upright face.
  'Noto Sans Mono': family('Noto Sans Mono', 'NotoSansMono', { normal: '-Regular', bold: '-Bold', italics: '-Regular', bolditalics: '-Bold' }),
} as const satisfies Record<string, ShippedFamily>;

export type ShippedFamilyName = keyof typeof SHIPPED_FAMILIES;

/** Chromium's choice when no family in the list matches (its default standard font, Times). */
export const DEFAULT_FAMILY: ShippedFamilyName = 'Liberation Serif';

/**
 * font-family names (lower case, single spaces) Chromium on Debian resolves to a shipped family.
 * Generic names are the keywords as the cascade writes them (unquoted, lower case).
 */
export const FAMILY_ALIASES: Readonly<Record<string, ShippedFamilyName>> = {
  // generic families (CSS Fonts 4 §4.1.1)
  'serif': 'Liberation Serif',
  'sans-serif': 'Liberation Sans',
  'monospace': 'Noto Sans Mono',
  'cursive': 'Liberation Serif',
  'fantasy': 'Liberation Serif',
  'system-ui': 'DejaVu Sans',
  // metric-compatible aliases (fontconfig 30-metric-aliases.conf)
  'arial': 'Liberation Sans',
  'helvetica': 'Liberation Sans',
  'arimo': 'Liberation Sans',
  'liberation sans': 'Liberation Sans',
  'times': 'Liberation Serif',
  'times new roman': 'Liberation Serif',
  'tinos': 'Liberation Serif',
  'liberation serif': 'Liberation Serif',
  'courier': 'Liberation Mono',
  'courier new': 'Liberation Mono',
  'cousine': 'Liberation Mono',
  'liberation mono': 'Liberation Mono',
  // fontconfig's own aliases (mPDF templates write `font-family: sans`)
  'sans': 'DejaVu Sans',
  // by name
  'dejavu sans': 'DejaVu Sans',
  'dejavu serif': 'DejaVu Serif',
  'dejavu sans mono': 'DejaVu Sans Mono',
  'noto sans mono': 'Noto Sans Mono',
};

/**
 * Per-glyph fallback order (CSS Fonts 4 §5.3 "system font fallback") as Chromium here does it:
 * its default font (Liberation Serif) first — ♥ in a monospace or Pacifico run prints in
 * Liberation Serif in Chromium's PDF — then the wide-coverage DejaVu families (✈, ★), then the
 * rest. A character none of them has stays in the run's own font.
 */
export const FALLBACK_FAMILIES: readonly ShippedFamilyName[] = [
  'Liberation Serif', 'DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'Liberation Sans', 'Noto Sans Mono',
];

export function normaliseFamilyName(name: string): string {
  return name.trim().replace(/^["']|["']$/g, '').replace(/\s+/g, ' ').toLowerCase();
}

export function shippedFace(family: ShippedFamily, bold: boolean, italics: boolean): string {
  return bold ? (italics ? family.bolditalics : family.bold) : (italics ? family.italics : family.normal);
}

export function shippedSources(family: ShippedFamily): { normal: FontSource; bold: FontSource; italics: FontSource; bolditalics: FontSource } {
  const s = (file: string): FontSource => ({ kind: 'shipped', file });
  return { normal: s(family.normal), bold: s(family.bold), italics: s(family.italics), bolditalics: s(family.bolditalics) };
}

/** Every shipped face file, for the coverage generator and its test. */
export function shippedFaceFiles(): string[] {
  const files = new Set<string>();
  for (const f of Object.values(SHIPPED_FAMILIES) as ShippedFamily[]) for (const file of [f.normal, f.bold, f.italics, f.bolditalics]) files.add(file);
  return [...files].sort();
}
