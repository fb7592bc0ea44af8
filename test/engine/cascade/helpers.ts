// Cascade test helpers: tiny HTML + CSS in, styled tree and diagnostics out.
import { cascade, findById } from '../../../src/engine/cascade';
import type { CascadeResult, StyledElement } from '../../../src/engine/cascade/styled';
import { DiagnosticList, type Diagnostic } from '../../../src/engine/diagnostics';
import type { PageFormat, Resource } from '../../../src/engine';

export const LIMITS = { maxDomNodes: 100_000, maxDomDepth: 256, maxDataUriBytes: 10 * 1024 * 1024, maxImagePixels: 40_000_000 };

export interface Cascaded {
  readonly result: CascadeResult;
  readonly diagnostics: readonly Diagnostic[];
  /** the element with this id (throws when absent: a test bug) */
  byId(id: string): StyledElement;
}

export function run(html: string, css = '', opts: { format?: PageFormat; assets?: Record<string, string | Uint8Array> } = {}): Cascaded {
  const diagnostics = new DiagnosticList();
  const assets = opts.assets ?? {};
  const resources = (path: string): Resource | undefined => {
    const a = assets[path];
    if (a === undefined) return undefined;
    return { bytes: typeof a === 'string' ? new TextEncoder().encode(a) : a };
  };
  const result = cascade({ html, css, options: { format: opts.format ?? 'A4', resources, limits: LIMITS }, diagnostics });
  return {
    result,
    diagnostics: diagnostics.items,
    byId(id: string): StyledElement {
      const el = findById(result.root, id);
      if (!el) throw new Error(`no element #${id}`);
      return el;
    },
  };
}

/** One element styled by `css`: `<div id=t style?>` inside a body. */
export function styleOf(css: string, inner = '<div id="t"></div>', outer = ''): StyledElement & { diagnostics: readonly Diagnostic[] } {
  const r = run(`<!doctype html><html><head><style>${css}</style></head><body${outer}>${inner}</body></html>`);
  return Object.assign(r.byId('t'), { diagnostics: r.diagnostics });
}

export const px = (n: number) => n * 0.75;
