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

export interface ImageLoaders {
  readonly forBox: (box: ReplacedBox) => LoadedImage | undefined;
  /** a CSS `url()` (background-image) */
  readonly forUrl: (url: string, at: ReplacedBox['element']['loc'] | undefined) => LoadedImage | undefined;
}

export function imageLoader(o: ImageLoaderOptions): ImageLoaders {
  const cache = new Map<string, LoadedImage | undefined>();
  const forUrl = (url: string, at: ReplacedBox['element']['loc'] | undefined): LoadedImage | undefined => {
    if (cache.has(url)) return cache.get(url);
    const loc = at ?? { line: 0, column: 0 };
    const res = o.load(url, loc);
    const prepared = res ? prepareImage(res, { diagnostics: o.diagnostics, maxImagePixels: o.maxImagePixels, at: loc, label: url.startsWith('data:') ? 'data: URI' : url }) : undefined;
    const img: LoadedImage | undefined = prepared === undefined ? undefined
      : prepared.kind === 'raster' ? prepared : { kind: 'svg', markup: prepared.svg, width: prepared.width, height: prepared.height };
    cache.set(url, img);
    return img;
  };
  const forBox = (box: ReplacedBox): LoadedImage | undefined => {
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
    return forUrl(content.src, at);
  };
  return { forBox, forUrl };
}
