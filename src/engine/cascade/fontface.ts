// CSS Fonts 4 §4 @font-face: family, weight (or range), style and the first `src` entry
// that loads (data: URI or template asset; `local()` is skipped: Platen has no system
// fonts). WOFF 1.0 is unwrapped to its sfnt here (W3C WOFF §5); WOFF2 is passed through
// as is, since fontkit (behind pdfmake) reads it directly.
import type { DiagnosticList, SourceLocation } from '../diagnostics';
import type { Declaration } from '../css/stylesheet';
import { splitCommas, type CV } from '../css/syntax';
import { ident, parseNumber } from '../css/values';
import { unwrapWoff } from '../fonts';
import { loadResource, type LoadContext } from '../resources';
import { parseFontFamily } from './properties';
import type { FontFaceItem } from './sheets';
import type { FontFace } from './styled';

export interface FontFaceOptions {
  readonly load: LoadContext;
  readonly diagnostics: DiagnosticList;
  readonly locate: (offset: number) => SourceLocation;
}

const USABLE_FORMATS = new Set(['woff2', 'woff', 'truetype', 'opentype', 'ttf', 'otf', 'woff2-variations', 'woff-variations', 'truetype-variations', 'opentype-variations', 'collection']);

export function resolveFontFace(item: FontFaceItem, opts: FontFaceOptions): FontFace | undefined {
  let family: string | undefined;
  let weight: [number, number] = [400, 400];
  let style: 'normal' | 'italic' = 'normal';
  let src: readonly CV[] | undefined;
  let srcAt = item.at;
  for (const d of item.declarations) {
    switch (d.name) {
      case 'font-family': {
        const f = parseFontFamily(d.value);
        if (f && f.length === 1) family = f[0]!;
        else invalid(d, opts);
        break;
      }
      case 'font-weight': {
        const ws = d.value.map((x) => (ident(x) === 'normal' ? 400 : ident(x) === 'bold' ? 700 : parseNumber(x)));
        if (ws.length < 1 || ws.length > 2 || ws.some((w) => w === undefined || w < 1 || w > 1000)) { if (ident(d.value[0]) !== 'auto') invalid(d, opts); break; }
        const [a, b = a] = ws as number[];
        weight = [Math.min(a!, b!), Math.max(a!, b!)];
        break;
      }
      case 'font-style': {
        const k = ident(d.value[0]);
        if (k === 'italic' || k === 'oblique') style = 'italic';
        else if (k === 'normal' || k === 'auto') style = 'normal';
        else invalid(d, opts);
        break;
      }
      case 'src': src = d.value; srcAt = d.at; break;
      default: break; // font-display, unicode-range, font-stretch, ...: accepted, not used
    }
  }
  if (!family) { opts.diagnostics.report('invalid-value', '@font-face without a font-family is ignored', opts.locate(item.at)); return undefined; }
  if (!src) { opts.diagnostics.report('invalid-value', `@font-face "${family}" without a src is ignored`, opts.locate(item.at)); return undefined; }
  const at = opts.locate(srcAt);
  for (const entry of splitCommas(src)) {
    const first = entry[0];
    if (!first) continue;
    if (first.t === 'func' && first.name === 'local') continue;
    const url = first.t === 'url' || first.t === 'str' ? first.v : first.t === 'func' && first.name === 'url' && first.args[0]?.t === 'str' ? first.args[0].v : undefined;
    if (url === undefined) continue;
    const format = entry.slice(1).find((x): x is Extract<CV, { t: 'func' }> => x.t === 'func' && x.name === 'format');
    if (format) {
      const f = format.args[0];
      const name = f && (f.t === 'str' || f.t === 'ident') ? f.v.toLowerCase() : '';
      if (!USABLE_FORMATS.has(name)) continue;
    }
    const resource = loadResource(url, 'font', opts.load, at);
    if (!resource) continue;
    const data = unwrapFont(resource.bytes);
    if (!data) {
      opts.diagnostics.report('resource-invalid', `Font "${url.slice(0, 100)}" for "${family}" is not TrueType, OpenType or WOFF`, at);
      continue;
    }
    return {
      family, weight: weight[0], style, data,
      ...(weight[0] !== weight[1] ? { weightRange: [weight[0], weight[1]] as const } : {}),
    };
  }
  return undefined;
}

function invalid(d: Declaration, opts: FontFaceOptions): void {
  opts.diagnostics.report('invalid-value', `Ignored "${d.name}" in @font-face`, opts.locate(d.at));
}

/** sfnt bytes, or WOFF2 as is; undefined when the bytes are no font we know. */
export function unwrapFont(bytes: Uint8Array): Uint8Array | undefined {
  if (bytes.length < 12) return undefined;
  const tag = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (tag === '\0\x01\0\0' || tag === 'OTTO' || tag === 'true' || tag === 'ttcf') return bytes;
  if (tag === 'wOF2') return bytes;
  // capped: declared table sizes are checked before inflating, and each table inflates no
  // further than declared (engine/fonts unwrapWoff), so a small file cannot expand to gigabytes
  if (tag === 'wOFF') return unwrapWoff(bytes);
  return undefined;
}
