// The benchmark's documents (documents.ts) and, for the anchors, each as one standalone HTML file.
import { renderTemplate } from '../template';
import type { BenchDoc } from './documents';

export * from './documents';

/** The document as one standalone HTML file (template rendered, CSS inlined) for Chromium and WeasyPrint. */
export function standaloneHtml(doc: BenchDoc): string {
  const html = renderTemplate(doc.job.template.html, { params: doc.job.params, globals: doc.job.globals });
  const style = `<style>\n${doc.job.template.css}\n</style>`;
  return html.includes('</head>') ? html.replace('</head>', `${style}\n</head>`) : `${style}\n${html}`;
}

/**
 * The params with every digit of every string and number replaced by a pseudo-random digit,
 * seeded by `run`: each run is a document no earlier run has shown (new amounts, dates and
 * references, as in real traffic), and the bench gives the same documents every time.
 */
export function freshDigits(value: unknown, run: number): never {
  let state = (run + 1) * 2654435761 % 2147483647 || 1;
  const digit = () => { state = (state * 48271) % 2147483647; return String(state % 10); };
  const rewrite = (text: string) => text.replace(/[0-9]/g, digit);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return rewrite(v);
    if (typeof v === 'number') return Number(rewrite(String(v)));
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as never;
}
