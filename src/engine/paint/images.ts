// Images for replaced boxes: bytes through resources/ (data: URIs and template assets only),
// sniffed and prepared there (PNG/JPEG → data: URL, SVG → sanitized markup, size from the
// header before anything is decoded). One load per distinct URL.
import type { ReplacedBox } from '../boxes/types';
import type { DiagnosticList } from '../diagnostics';
import type { Resource } from '../index';
import { prepareImage, sanitizeSvg } from '../resources';
import { svgRootSize } from '../resources/images';
import type { LoadedImage } from './context';

export interface ImageLoaderOptions {
  readonly diagnostics: DiagnosticList;
  /** resolves a URL as written to bytes, reporting refusals itself */
  readonly load: (url: string, at: ReplacedBox['element']['loc']) => Resource | undefined;
  readonly maxImagePixels: number;
}

export function imageLoader(o: ImageLoaderOptions): (box: ReplacedBox) => LoadedImage | undefined {
  const cache = new Map<string, LoadedImage | undefined>();
  return (box) => {
    const content = box.content;
    const at = box.element.loc;
    if (content.type === 'svg') {
      const key = `inline:${content.markup}`;
      if (cache.has(key)) return cache.get(key);
      const markup = sanitizeSvg(content.markup, { diagnostics: o.diagnostics, at });
      const size = svgRootSize(/<svg\b[^>]*>/i.exec(content.markup)?.[0] ?? '<svg>');
      const img: LoadedImage | undefined = markup ? { kind: 'svg', markup, width: size.width, height: size.height } : undefined;
      cache.set(key, img);
      return img;
    }
    if (cache.has(content.src)) return cache.get(content.src);
    const res = o.load(content.src, at);
    const prepared = res ? prepareImage(res, { diagnostics: o.diagnostics, maxImagePixels: o.maxImagePixels, at, label: content.src.startsWith('data:') ? 'data: URI' : content.src }) : undefined;
    const img: LoadedImage | undefined = prepared === undefined ? undefined
      : prepared.kind === 'raster' ? prepared : { kind: 'svg', markup: prepared.svg, width: prepared.width, height: prepared.height };
    cache.set(content.src, img);
    return img;
  };
}
