// Template assets for `platen render FILE.html`: files inside the HTML file's folder, and
// nothing else. The engine already refuses absolute URLs, schemes and `..` escapes before it
// asks; here the real path (symlinks resolved) must still lie inside the folder.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import type { Resource, ResourceResolver } from '../engine';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.svg': 'image/svg+xml',
  '.webp': 'image/webp', '.css': 'text/css', '.ttf': 'font/ttf', '.otf': 'font/otf', '.woff': 'font/woff', '.woff2': 'font/woff2',
};

export interface FolderResourcesOptions {
  /** largest file handed to the engine; default 20 MiB */
  readonly maxBytes?: number;
}

export function folderResources(dir: string, options: FolderResourcesOptions = {}): ResourceResolver {
  const root = realpathSync(dir);
  const maxBytes = options.maxBytes ?? 20 * 1024 * 1024;
  return (path: string): Resource | undefined => {
    let real: string;
    try {
      real = realpathSync(resolve(root, path));
    } catch {
      return undefined;
    }
    if (!real.startsWith(root + sep)) return undefined;
    try {
      const st = statSync(real);
      if (!st.isFile() || st.size > maxBytes) return undefined;
      const bytes = readFileSync(real);
      const contentType = CONTENT_TYPES[extname(real).toLowerCase()];
      return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), ...(contentType ? { contentType } : {}) };
    } catch {
      return undefined;
    }
  };
}
