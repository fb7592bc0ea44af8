// Web font containers → plain sfnt (TrueType/OpenType) bytes for pdfkit. fontkit reads WOFF
// and WOFF2, but pdfkit's subsetter copies glyph data straight out of the glyf table, which
// WOFF2 stores transformed: the PDF then has empty glyphs. So WOFF2 is decoded first (Google's
// woff2 decoder, compiled to wasm, package wawoff2), and WOFF 1 is unwrapped (zlib per table,
// WOFF 1.0 §5) to keep one code path for both. The decoder (2.6 MB of code and wasm) loads on the
// first WOFF2 face, from node_modules: most documents have none, and the CLI's startup snapshot
// (cli/snapshot.ts) cannot hold wasm, so its bundle leaves it out.
import { createRequire } from 'node:module';
import { MAX_FONT_SFNT_BYTES, declaredTableBytes, fontContainer, woffToSfnt } from '../engine/fonts';

let decoder: typeof import('wawoff2') | undefined;
const woff2 = () => (decoder ??= createRequire(__filename)('wawoff2') as typeof import('wawoff2'));

/** Any supported container → sfnt bytes; throws when the bytes are not a font container. */
export async function toSfnt(bytes: Uint8Array): Promise<Uint8Array> {
  const declared = declaredTableBytes(bytes);
  if (declared === undefined || declared > MAX_FONT_SFNT_BYTES) throw new Error('font tables over the size cap or malformed');
  switch (fontContainer(bytes)) {
    case 'sfnt': return bytes;
    case 'woff': return woffToSfnt(bytes);
    case 'woff2': return Uint8Array.from(await woff2().decompress(bytes));
    case 'unknown': throw new Error('not a TrueType, OpenType, WOFF or WOFF2 font');
  }
}
