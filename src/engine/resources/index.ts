// The closed world: the only bytes the engine ever sees are data: URIs and template assets
// handed in through EngineOptions.resources. Everything else is refused with a diagnostic.
// (PLACEHOLDER: minimal policy; issue #3/#5 work extends it with caps and sniffing.)
import type { DiagnosticList, SourceLocation } from '../diagnostics';
import type { Resource, ResourceResolver } from '../index';

export interface LoadContext {
  readonly resolver: ResourceResolver | undefined;
  readonly diagnostics: DiagnosticList;
  readonly maxDataUriBytes: number;
}

/** What the reference is for: decides the diagnostics' wording and which types are acceptable. */
export type ResourcePurpose = 'stylesheet' | 'image' | 'font';

/** Resolves a URL as written in the document. Never throws; undefined means "not loaded". */
export function loadResource(url: string, purpose: ResourcePurpose, ctx: LoadContext, at: Partial<SourceLocation> = {}): Resource | undefined {
  const trimmed = url.trim();
  if (/^data:/i.test(trimmed)) return decodeDataUri(trimmed, ctx, at);
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('/') || trimmed.startsWith('\\') || trimmed.startsWith('//')) {
    ctx.diagnostics.report('resource-refused', `Refused ${purpose} "${trimmed.slice(0, 200)}": only data: URIs and template assets load`, at);
    return undefined;
  }
  const path = normaliseAssetPath(trimmed);
  if (path === undefined) {
    ctx.diagnostics.report('resource-refused', `Refused ${purpose} "${trimmed.slice(0, 200)}": it leaves the template's folder`, at);
    return undefined;
  }
  const found = ctx.resolver?.(path);
  if (!found) ctx.diagnostics.report('resource-missing', `No template asset "${path}" for ${purpose}`, at);
  return found;
}

/** `a/./b/../c.png?x#y` → `a/c.png`; undefined when it climbs out of the root. */
export function normaliseAssetPath(url: string): string | undefined {
  const clean = url.replace(/[?#].*$/, '');
  let decoded: string;
  try { decoded = decodeURIComponent(clean); } catch { return undefined; }
  const out: string[] = [];
  for (const seg of decoded.split(/[/\\]+/)) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') { if (out.length === 0) return undefined; out.pop(); continue; }
    if (seg.includes('\0')) return undefined;
    out.push(seg);
  }
  return out.length ? out.join('/') : undefined;
}

function decodeDataUri(uri: string, ctx: LoadContext, at: Partial<SourceLocation>): Resource | undefined {
  const comma = uri.indexOf(',');
  if (comma < 0) { ctx.diagnostics.report('resource-invalid', 'Malformed data: URI', at); return undefined; }
  const meta = uri.slice(5, comma);
  const body = uri.slice(comma + 1);
  const isBase64 = /;base64$/i.test(meta);
  const contentType = (meta.replace(/;base64$/i, '').split(';')[0] || 'text/plain').toLowerCase();
  const estimated = isBase64 ? Math.floor(body.length * 3 / 4) : body.length;
  if (estimated > ctx.maxDataUriBytes) {
    ctx.diagnostics.report('resource-invalid', `data: URI of about ${estimated} bytes is over the ${ctx.maxDataUriBytes}-byte cap`, at);
    return undefined;
  }
  try {
    const bytes = isBase64 ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(decodeURIComponent(body), 'utf8');
    return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType };
  } catch {
    ctx.diagnostics.report('resource-invalid', 'data: URI does not decode', at);
    return undefined;
  }
}
