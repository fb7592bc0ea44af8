// Poppler's command-line tools on a PDF in memory: what a reader's viewer would see.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../src/paths';

export const fixtureDir = join(repoRoot, 'test', 'pdf', 'fixtures');
export const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(fixtureDir, name)));

function withFile<T>(pdf: Buffer, fn: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'platen-pdf-'));
  try {
    const path = join(dir, 'doc.pdf');
    writeFileSync(path, pdf);
    return fn(path, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Base font names from `pdffonts`, subset tags removed: e.g. ['LiberationSans', 'DejaVuSans-Bold']. */
export function pdfFonts(pdf: Buffer): string[] {
  return withFile(pdf, (path) => execFileSync('pdffonts', [path], { encoding: 'utf8' })
    .split('\n').slice(2).filter((l) => l.trim()).map((l) => l.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, '')));
}

/** `pdftotext -layout` of the whole document. */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, (path) => execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }));
}

/** Every page rendered in grey at `dpi` (PGM files, in page order): equal bytes, equal pictures. */
export function pagePixels(pdf: Buffer, dpi = 50): Buffer[] {
  return withFile(pdf, (path, dir) => {
    execFileSync('pdftoppm', ['-gray', '-r', String(dpi), path, join(dir, 'p')]);
    return readdirSync(dir).filter((f) => f.endsWith('.pgm')).sort().map((f) => readFileSync(join(dir, f)));
  });
}

/** Share of dark pixels on page 1, rendered in grey at 30 dpi: 0 for a blank page. */
export function inkShare(pdf: Buffer): number {
  return withFile(pdf, (path, dir) => {
    execFileSync('pdftoppm', ['-gray', '-r', '30', '-f', '1', '-l', '1', path, join(dir, 'p')]);
    const pgm = readFileSync(join(dir, 'p-1.pgm'));
    // P5\n<w> <h>\n255\n<bytes>
    let fields = 0; let i = 0;
    while (fields < 4) { while (pgm[i] === 0x20 || pgm[i] === 0x0a) i++; while (pgm[i] !== 0x20 && pgm[i] !== 0x0a) i++; fields++; }
    const pixels = pgm.subarray(i + 1);
    let dark = 0;
    for (const p of pixels) if (p < 160) dark++;
    return dark / pixels.length;
  });
}

/** Page `page` (1-based) rendered in colour at 72 dpi: one pixel per pt, `at(x, y)` its [r, g, b] (x, y in pt from the top left). */
export function pixelsOf(pdf: Buffer | Uint8Array, page = 1): { width: number; height: number; at(x: number, y: number): [number, number, number] } {
  return withFile(Buffer.from(pdf), (path, dir) => {
    execFileSync('pdftoppm', ['-r', '72', '-f', String(page), '-l', String(page), '-singlefile', path, join(dir, 'p')]);
    const ppm = readFileSync(join(dir, 'p.ppm'));
    // P6\n<w> <h>\n255\n<rgb bytes>
    const fields: number[] = []; let i = 2;
    while (fields.length < 3) { while (ppm[i] === 0x20 || ppm[i] === 0x0a) i++; const s = i; while (ppm[i] !== 0x20 && ppm[i] !== 0x0a) i++; fields.push(Number(ppm.subarray(s, i).toString())); }
    const [width, height] = fields as [number, number];
    const data = ppm.subarray(i + 1);
    return {
      width, height,
      at: (x, y) => { const o = (Math.floor(y) * width + Math.floor(x)) * 3; return [data[o]!, data[o + 1]!, data[o + 2]!]; },
    };
  });
}
