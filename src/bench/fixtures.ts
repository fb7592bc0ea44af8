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
