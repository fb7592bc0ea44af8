// The page and the word read-back shared by the CSS Text facts (test/engine/layout/text*.test.ts):
// a tiny document laid out and drawn by Platen, its words read back with `pdftotext -bbox`, to
// compare with the same words in Chromium's print of the same HTML (A4, 20mm margins).
import { layoutHtml } from '../../src/engine';
import { toPdf } from '../../src/pdf';
import { fontFeatures, glyphInk, measureText } from '../../src/render/measure';
import { boxWordsOf } from './pdf';

export const PAGE = "@page { size: A4; margin: 20mm } body { margin: 0; font: 12pt 'Liberation Sans' } ";

/** the words of a document as our PDF draws them */
export async function words(html: string, css: string): Promise<{ text: string; left: number; top: number; right: number }[]> {
  const r = layoutHtml(`<!doctype html><meta charset="utf-8">${html}`, PAGE + css, { measureText, fontFeatures, glyphInk });
  return boxWordsOf(await toPdf(r.docDefinition, r.fonts));
}
