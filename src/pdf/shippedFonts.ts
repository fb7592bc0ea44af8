// The bytes of the shipped fonts (data/fonts), read once per thread and shared: fontkit's
// parsed fonts are kept per byte buffer (patches.ts), so the engine's text measurer
// (render/measure.ts), pdfkit and the start check all use one parse of each face, decoded
// tables included, instead of one each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fontsDir } from '../paths';

const bytes = new Map<string, Buffer>();

/** A shipped font file's bytes (`LiberationSans-Regular.ttf`); the same Buffer on every call. */
export function shippedFontBytes(file: string): Buffer {
  let b = bytes.get(file);
  if (!b) {
    if (!/^[A-Za-z0-9-]+\.ttf$/.test(file)) throw new Error(`not a shipped font file name: ${file}`);
    b = readFileSync(join(fontsDir, file));
    bytes.set(file, b);
  }
  return b;
}
