// Images for replaced boxes: bytes through resources/ (data: URIs and template assets only),
// sniffed and prepared there (PNG/JPEG → data: URL, SVG → sanitized markup, size from the
// header before anything is decoded). One load per distinct URL.
import type { ReplacedBox } from '../boxes/types';
import type { DiagnosticList } from '../diagnostics';
import type { Resource } from '../types';
import { prepareImage, sanitizeSvg } from '../resources';
import { svgRootSize } from '../resources/images';
import type { LoadedImage } from '../types';

export interface ImageLoaderOptions {
  readonly diagnostics: DiagnosticList;
  /** resolves a URL as written to bytes, reporting refusals itself */
  readonly load: (url: string, at: ReplacedBox['element']['loc']) => Resource | undefined;
  readonly maxImagePixels: number;
  /** the data: URI cap `load` applies (EngineLimits.maxDataUriBytes): prepared data: images are reused across documents under it */
  readonly maxDataUriBytes?: number;
}

/**
 * PNG/JPEG data: URIs prepared in earlier documents (a logo repeated on every invoice): decoding,
 * checking and re-encoding them is the same work every time. Only clean raster results are kept
 * (nothing was said about them), with the caps they passed under: a document with caps at least
 * as large gets the same result.
 */
interface PreparedDataUri { readonly image: LoadedImage; readonly maxDataUriBytes: number; readonly maxImagePixels: number }
const preparedDataUris = new Map<string, PreparedDataUri>();
const PREPARED_LIMIT = 16;
/** longest data: URI kept (characters) */
const PREPARED_MAX_LENGTH = 4 * 1024 * 1024;

export interface ImageLoaders {
  readonly forBox: (box: ReplacedBox) => LoadedImage | undefined;
  /** a CSS `url()` (background-image) */
  readonly forUrl: (url: string, at: ReplacedBox['element']['loc'] | undefined) => LoadedImage | undefined;
  /** whether a URL's bytes cannot be had at all (refused or missing), as opposed to bytes Platen cannot draw */
  readonly missing: (url: string, at: ReplacedBox['element']['loc'] | undefined) => boolean;
}

export function imageLoader(o: ImageLoaderOptions): ImageLoaders {
  const cache = new Map<string, LoadedImage | undefined>();
  /** the URLs whose load gave no bytes */
  const unfetched = new Set<string>();
  const forUrl = (url: string, at: ReplacedBox['element']['loc'] | undefined): LoadedImage | undefined => {
    if (cache.has(url)) return cache.get(url);
    const reusable = o.maxDataUriBytes !== undefined && url.startsWith('data:') && url.length <= PREPARED_MAX_LENGTH;
    const earlier = reusable ? preparedDataUris.get(url) : undefined;
    if (earlier && earlier.maxDataUriBytes <= o.maxDataUriBytes! && earlier.maxImagePixels <= o.maxImagePixels) {
      cache.set(url, earlier.image);
      return earlier.image;
    }
    const loc = at ?? { line: 0, column: 0 };
    const said = o.diagnostics.items.length;
    const res = o.load(url, loc);
    if (!res) unfetched.add(url);
    const prepared = res ? prepareImage(res, { diagnostics: o.diagnostics, maxImagePixels: o.maxImagePixels, at: loc, label: url.startsWith('data:') ? 'data: URI' : url }) : undefined;
    const img: LoadedImage | undefined = prepared === undefined ? undefined
      : prepared.kind === 'raster' ? prepared : { kind: 'svg', markup: prepared.svg, width: prepared.width, height: prepared.height, ...(prepared.ratioOnly ? { ratioOnly: true } : {}) };
    cache.set(url, img);
    if (reusable && img?.kind === 'raster' && o.diagnostics.items.length === said) {
      if (preparedDataUris.size >= PREPARED_LIMIT) preparedDataUris.delete(preparedDataUris.keys().next().value!);
      preparedDataUris.set(url, { image: img, maxDataUriBytes: o.maxDataUriBytes!, maxImagePixels: o.maxImagePixels });
    }
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
      const img: LoadedImage | undefined = markup ? { kind: 'svg', markup, ...size, inline: true } : undefined;
      cache.set(key, img);
      return img;
    }
    return forUrl(content.src, at);
  };
  const missing = (url: string, at: ReplacedBox['element']['loc'] | undefined): boolean => {
    forUrl(url, at);
    return unfetched.has(url);
  };
  return { forBox, forUrl, missing };
}
