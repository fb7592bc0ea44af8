// Parse a PDF back for assertions: page count, page sizes (pt), text per page. Uses pdfjs-dist,
// a maintained PDF parser, so tests read what a viewer would read.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ParsedPdf {
  pages: { width: number; height: number; text: string }[];
  text: string;
}

export async function parsePdf(bytes: Uint8Array): Promise<ParsedPdf> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: ParsedPdf['pages'] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const [x0, y0, x1, y1] = page.view;
    const content = await page.getTextContent();
    const text = content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? '\n' : '') : '')).join('');
    pages.push({ width: Math.round((x1 - x0) * 100) / 100, height: Math.round((y1 - y0) * 100) / 100, text });
  }
  await doc.destroy();
  return { pages, text: pages.map((p) => p.text).join('\n') };
}

/** A word (a text item) as a viewer reads it: page index, left x and baseline y from the page's top, in pt. */
export interface PdfWord { readonly page: number; readonly text: string; readonly x: number; readonly baseline: number; readonly width: number }

/** Every text item of a PDF with its position (pdfjs-dist: what a viewer places). */
export async function wordsOf(bytes: Uint8Array): Promise<PdfWord[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const out: PdfWord[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const height = page.view[3]! - page.view[1]!;
    const content = await page.getTextContent();
    for (const it of content.items) {
      if (!('str' in it) || !it.str.trim()) continue;
      out.push({ page: i - 1, text: it.str, x: it.transform[4] as number, baseline: height - (it.transform[5] as number), width: it.width });
    }
  }
  await doc.destroy();
  return out;
}

/** A word as `pdftotext -bbox` reads it (poppler splits items into words at spaces and gaps): page index and its box in pt from the page's top left. */
export interface BoxWord { readonly page: number; readonly text: string; readonly left: number; readonly top: number; readonly right: number; readonly bottom: number }

/** Every word of a PDF with its box, from `pdftotext -bbox` (poppler-utils, as .ci/run installs it). */
export function boxWordsOf(bytes: Uint8Array): BoxWord[] {
  const dir = mkdtempSync(join(tmpdir(), 'words-'));
  try {
    const path = join(dir, 'doc.pdf');
    writeFileSync(path, bytes);
    const out = execFileSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8' });
    const words: BoxWord[] = [];
    let page = -1;
    for (const line of out.split('\n')) {
      if (line.trimStart().startsWith('<page')) page++;
      const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</.exec(line);
      if (m) words.push({ page, text: unescapeXml(m[5]!), left: Number(m[1]), top: Number(m[2]), right: Number(m[3]), bottom: Number(m[4]) });
    }
    return words;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const unescapeXml = (s: string) => s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);
