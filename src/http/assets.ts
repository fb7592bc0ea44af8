// What a stored template asset may be: its path (checked when it is uploaded) and its type
// (taken from its bytes, never from its name or the request's Content-Type).
//
// A stored path is already in the form the engine's resolver is asked for: relative, `/`
// between segments, no `.` or `..` segment, no empty segment, each segment of letters,
// digits and `_ - . @ +` not starting with a dot. The engine normalises what a template writes
// (`./img/../img/logo.png?v=2` → `img/logo.png`) before it asks, so references match stored paths.

/** 1–10 segments of 1–100 characters, at most 255 in all. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.@+-]{0,99}$/;
export const MAX_ASSET_PATH_LENGTH = 255;
export const MAX_ASSET_PATH_DEPTH = 10;

/** Why `path` cannot name a stored asset, or undefined when it can. */
export function assetPathProblem(path: string): string | undefined {
  if (path.length === 0) return 'the path is empty';
  if (path.length > MAX_ASSET_PATH_LENGTH) return `the path is longer than ${MAX_ASSET_PATH_LENGTH} characters`;
  if (path.startsWith('/') || path.startsWith('\\')) return 'the path is absolute; it must be relative to the template (img/logo.png)';
  const segments = path.split('/');
  if (segments.length > MAX_ASSET_PATH_DEPTH) return `the path has more than ${MAX_ASSET_PATH_DEPTH} segments`;
  for (const segment of segments) {
    if (segment === '..' || segment === '.') return 'the path has a "." or ".." segment';
    if (segment === '') return 'the path has an empty segment ("//" or a trailing "/")';
    if (!SEGMENT.test(segment)) return `the segment "${segment.slice(0, 40)}" has a character outside A–Z a–z 0–9 _ - . @ + or starts with a dot`;
  }
  return undefined;
}

/** The asset types Platen stores, by the media type it records. */
export const ASSET_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml', 'font/ttf', 'font/otf', 'font/woff', 'font/woff2', 'text/css'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export type Sniffed = { readonly ok: true; readonly type: AssetType } | { readonly ok: false; readonly why: string };

const startsWith = (b: Uint8Array, bytes: readonly number[], at = 0) => b.length >= at + bytes.length && bytes.every((v, i) => b[at + i] === v);
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const utf8 = new TextDecoder('utf-8', { fatal: true });

function text(b: Uint8Array): string | undefined {
  try {
    const s = utf8.decode(b);
    return s.includes('\u0000') ? undefined : s.replace(/^\uFEFF/, '');
  } catch {
    return undefined;
  }
}

/** The root element is <svg> once the XML declaration, comments, doctype and whitespace are skipped. */
function isSvg(s: string): boolean {
  const head = s.slice(0, 64 * 1024).replace(/^(\s+|<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)*/i, '');
  return /^<svg[\s>/]/i.test(head) || /^<[A-Za-z_][\w.-]*:svg[\s>/]/.test(head);
}

/** The type of an asset from its first bytes. */
export function sniffAssetType(b: Uint8Array): Sniffed {
  if (b.length === 0) return { ok: false, why: 'the asset is empty' };
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ok: true, type: 'image/png' };
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { ok: true, type: 'image/jpeg' };
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return { ok: true, type: 'image/gif' };
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return { ok: false, why: 'WebP images are not accepted: the engine cannot draw them (use PNG or JPEG)' };
  if (startsWith(b, [0x00, 0x01, 0x00, 0x00]) || startsWith(b, ascii('true'))) return { ok: true, type: 'font/ttf' };
  if (startsWith(b, ascii('OTTO'))) return { ok: true, type: 'font/otf' };
  if (startsWith(b, ascii('wOFF'))) return { ok: true, type: 'font/woff' };
  if (startsWith(b, ascii('wOF2'))) return { ok: true, type: 'font/woff2' };
  if (startsWith(b, ascii('ttcf'))) return { ok: false, why: 'font collections (.ttc) are not accepted: upload each face as TTF or OTF' };
  const s = text(b);
  if (s === undefined) return { ok: false, why: 'the bytes are none of PNG, JPEG, GIF, SVG, TTF, OTF, WOFF, WOFF2 or UTF-8 CSS' };
  if (isSvg(s)) return { ok: true, type: 'image/svg+xml' };
  if (/^\s*</.test(s)) return { ok: false, why: 'markup that is not SVG (HTML or XML) is not an asset: the template itself holds the HTML' };
  return { ok: true, type: 'text/css' };
}
