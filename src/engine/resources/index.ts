// The closed world (issue #5): the only bytes the engine ever sees are size-capped data: URIs
// and template assets handed in through EngineOptions.resources. Everything else is refused
// with a diagnostic before the resolver is asked, whatever the spelling: any URL scheme in any
// case (file:, FILE:, http:, javascript:, C:), protocol-relative //host, absolute paths,
// backslashes at the start, `..` that climbs out of the template, percent-encoded versions of
// all of these, control characters and NUL. A refused or missing resource is a diagnostic,
// never an exception.
import type { DiagnosticList, SourceLocation } from '../diagnostics';
import type { Resource, ResourceResolver } from '../types';

export { checkPngData, probeImage, prepareImage, svgRootSize, type ImageProbe, type ImageContext, type PreparedImage } from './images';
export { sanitizeSvg, svgAtSize, svgColor, type SvgSanitizeOptions } from './svg';

export interface LoadContext {
  readonly resolver: ResourceResolver | undefined;
  readonly diagnostics: DiagnosticList;
  readonly maxDataUriBytes: number;
}

/** What the reference is for: decides the diagnostics' wording and which types are acceptable. */
export type ResourcePurpose = 'stylesheet' | 'image' | 'font';

/** Longest URL looked at; longer ones (other than data: URIs) are refused. */
const MAX_URL_LENGTH = 2048;

/** Resolves a URL as written in the document. Never throws; undefined means "not loaded". */
export function loadResource(url: string, purpose: ResourcePurpose, ctx: LoadContext, at: Partial<SourceLocation> = {}): Resource | undefined {
  const trimmed = url.replace(EDGE_SPACE, '');
  const shown = trimmed.slice(0, 200);
  if (/^data:/i.test(trimmed)) return decodeDataUri(trimmed, ctx, at);
  const refuse = (why: string): undefined => {
    ctx.diagnostics.report('resource-refused', `Refused ${purpose} "${shown}": ${why}`, at);
    return undefined;
  };
  if (trimmed === '') return refuse('empty URL');
  if (trimmed.length > MAX_URL_LENGTH) return refuse(`URL longer than ${MAX_URL_LENGTH} characters`);
  const path = assetPath(trimmed);
  if (!path.ok) return refuse(path.why);
  let found: Resource | undefined;
  try {
    found = ctx.resolver?.(path.path);
  } catch {
    found = undefined;
  }
  if (!found) ctx.diagnostics.report('resource-missing', `No template asset "${path.path}" for ${purpose}`, at);
  return found;
}

type AssetPath = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly why: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// Characters a URL parser strips or that have no business in a file name: C0/C1 controls,
// DEL, NUL, and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** What URL parsers strip from both ends: whitespace and C0 controls. */
// eslint-disable-next-line no-control-regex -- as above
const EDGE_SPACE = /^[\s\u0000-\u001f]+|[\s\u0000-\u001f]+$/g;

/**
 * A relative reference as written (`img/logo.png?v=2#x`) → the template asset key
 * (`img/logo.png`), or why it is refused. Checks run on the text as written and again after
 * percent-decoding, so `%2e%2e/`, `%2F/etc`, `file%3A` and `%00` are caught like their plain forms.
 */
export function assetPath(url: string): AssetPath {
  const checkRaw = (s: string, decoded: boolean): string | undefined => {
    const how = decoded ? ' (percent-encoded)' : '';
    if (CONTROL.test(s)) return `control character or NUL in the URL${how}`;
    if (SCHEME.test(s)) return `only data: URIs and template assets load, not "${/^[^:]*/.exec(s)![0].slice(0, 20)}:" URLs${how}`;
    if (s.startsWith('//') || s.startsWith('\\\\') || s.startsWith('/\\') || s.startsWith('\\/')) return `network-path reference${how}`;
    if (s.startsWith('/') || s.startsWith('\\')) return `absolute path${how}`;
    if (s.startsWith('~')) return `home-directory path${how}`;
    return undefined;
  };
  const beforeQuery = url.replace(/[?#].*$/s, '');
  const rawProblem = checkRaw(url, false) ?? checkRaw(beforeQuery, false);
  if (rawProblem) return { ok: false, why: rawProblem };
  let decoded: string;
  try { decoded = decodeURIComponent(beforeQuery); } catch { return { ok: false, why: 'malformed percent-encoding' }; }
  const decodedProblem = checkRaw(decoded, true);
  if (decodedProblem) return { ok: false, why: decodedProblem };
  if (/%[0-9a-f]{2}/i.test(decoded)) return { ok: false, why: 'double percent-encoding' };
  const out: string[] = [];
  for (const seg of decoded.split(/[/\\]+/)) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return { ok: false, why: "it leaves the template's folder" };
      out.pop();
      continue;
    }
    if (seg.includes(':')) return { ok: false, why: 'a path segment with ":" (drive letter or scheme)' };
    if (/^\.+$/.test(seg.trim()) || seg !== seg.trim()) return { ok: false, why: 'a path segment of dots or padded with spaces' };
    out.push(seg);
  }
  if (!out.length) return { ok: false, why: 'no file name' };
  return { ok: true, path: out.join('/') };
}

/** `a/./b/../c.png?x#y` → `a/c.png`; undefined when it is refused (see `assetPath`). */
export function normaliseAssetPath(url: string): string | undefined {
  const p = assetPath(url);
  return p.ok ? p.path : undefined;
}

/** RFC 2397 data: URIs, with the size checked before anything is decoded. */
function decodeDataUri(uri: string, ctx: LoadContext, at: Partial<SourceLocation>): Resource | undefined {
  // As in a browser's URL parser, '#' starts the fragment: it is not part of the data.
  const hash = uri.indexOf('#');
  const whole = hash < 0 ? uri : uri.slice(0, hash);
  const comma = whole.indexOf(',');
  if (comma < 0) { ctx.diagnostics.report('resource-invalid', 'Malformed data: URI (no comma)', at); return undefined; }
  const meta = whole.slice(5, comma);
  const body = whole.slice(comma + 1);
  const isBase64 = /;\s*base64\s*$/i.test(meta);
  const contentType = (meta.replace(/;\s*base64\s*$/i, '').split(';')[0]!.trim() || 'text/plain').toLowerCase();
  // refused before decoding when even the smallest possible decoding is over the cap
  // (base64: 3 bytes per 4 characters; text: one byte per "%XX")
  const atLeast = isBase64 ? Math.floor(body.replace(/\s+/g, '').length * 3 / 4) - 2 : Math.ceil(body.length / 3);
  if (atLeast > ctx.maxDataUriBytes) {
    ctx.diagnostics.report('resource-invalid', `data: URI of at least ${atLeast} bytes is over the ${ctx.maxDataUriBytes}-byte cap`, at);
    return undefined;
  }
  let bytes: Buffer;
  if (isBase64) {
    const clean = percentDecode(body).toString('latin1').replace(/[\s]+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) {
      ctx.diagnostics.report('resource-invalid', 'data: URI does not decode (not base64)', at);
      return undefined;
    }
    bytes = Buffer.from(clean, 'base64');
  } else {
    bytes = percentDecode(body);
  }
  if (bytes.length > ctx.maxDataUriBytes) {
    ctx.diagnostics.report('resource-invalid', `data: URI of ${bytes.length} bytes is over the ${ctx.maxDataUriBytes}-byte cap`, at);
    return undefined;
  }
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType };
}

/**
 * URL percent-decoding as browsers do it (WHATWG URL §1.3): %XX becomes that byte, any other
 * '%' stays as is (`width="100%"` in an unencoded SVG data: URI), other text is UTF-8.
 */
function percentDecode(text: string): Buffer {
  if (!text.includes('%')) return Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  let last = 0;
  const re = /%([0-9a-f]{2})/gi;
  let m: RegExpExecArray | null;
  const run: number[] = [];
  const flush = () => { if (run.length) { parts.push(Buffer.from(run)); run.length = 0; } };
  while ((m = re.exec(text))) {
    if (m.index > last) { flush(); parts.push(Buffer.from(text.slice(last, m.index), 'utf8')); }
    run.push(parseInt(m[1]!, 16));
    last = m.index + 3;
  }
  flush();
  if (last < text.length) parts.push(Buffer.from(text.slice(last), 'utf8'));
  return Buffer.concat(parts);
}
