// Where the pdf layer reaches into the libraries it patches: pdfmake's own modules by path,
// and the pdfkit, fontkit and png-js copies that pdfmake itself loads (resolved from pdfmake's
// directory, not ours, so a patch lands on the instance pdfmake uses). Resolving loads
// nothing: fontkit-cache.ts must replace fontkit before pdfkit is first loaded.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require_ = createRequire(__filename);

export const pdfkitPath = require_.resolve('pdfkit', { paths: [dirname(require_.resolve('pdfmake'))] });
export const fontkitPath = require_.resolve('fontkit', { paths: [dirname(pdfkitPath)] });
export const pngjsPath = require_.resolve('png-js', { paths: [dirname(pdfkitPath)] });

/** The default export of a module in pdfmake's js/ directory (`'Renderer'`, `'TextInlines'`, ...). */
export function pdfmakeInternal<T>(name: string): T {
  return (require_(`pdfmake/js/${name}`) as { default: T }).default;
}

/** A module in pdfmake's js/ directory as its CommonJS exports (`'helpers/node'`): pdfmake reads these at every call. */
export function pdfmakeInternalModule<T>(name: string): T {
  return require_(`pdfmake/js/${name}`) as T;
}

/** A module by resolved path or builtin name, as CommonJS exports (mutable, unlike an ES import's namespace). */
export function loadModule<T>(path: string): T {
  return require_(path) as T;
}

/** The prototype of pdfkit's PDFDocument (the copy pdfmake loads), as the patch that replaces its methods sees it. */
export function pdfkitDocumentPrototype<T>(): T {
  const pdfkit = loadModule<{ prototype: T; default?: { prototype: T } }>(pdfkitPath);
  return (pdfkit.default ?? pdfkit).prototype;
}

/** A number as pdfkit's PDFObject.number writes it into content: rounded to six decimals; beyond ±1e21 an error, as pdfkit throws. */
export function pdfNumber(n: number): number {
  if (n > -1e21 && n < 1e21) return Math.round(n * 1e6) / 1e6;
  throw new Error(`unsupported number: ${n}`);
}

/**
 * A fast path's on/off setting, as setPdfFastPaths switches it: `on` is read where the path is
 * taken; `set` turns it on or off (off: the library's own code) and returns the previous setting.
 */
export class FastPath {
  on = true;
  set(on?: boolean): boolean {
    const previous = this.on;
    if (on !== undefined) this.on = on;
    return previous;
  }
}
