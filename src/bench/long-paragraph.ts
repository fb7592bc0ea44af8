// The bench row for issue #18's linear-time requirement: one paragraph of 100,000 inline runs
// (25,000 `<span>word</span>` and 25,000 `<b>bold</b>`, each followed by a space) rendered
// HTML → PDF in this process. Its 150,000 DOM nodes are over the engine's default cap of
// 100,000 (which cuts a document short with a diagnostic), so the cap is raised for it; the
// render deadline it is compared with is the service's default (PLATEN_RENDER_TIMEOUT_MS).
import { performance } from 'node:perf_hooks';
import { renderHtmlToPdf } from '../render/renderDocument';
import { round, summarize } from './stats';

export const LONG_PARAGRAPH_HTML = `<p>${'<span>word</span> '.repeat(25_000)}${'<b>bold</b> '.repeat(25_000)}</p>`;

export interface LongParagraphResult {
  readonly runs: number;
  readonly p50: number;
  readonly cpuP50: number;
  readonly pdfBytes: number;
}

export async function measureLongParagraph(runs: number): Promise<LongParagraphResult> {
  const wall: number[] = []; const cpu: number[] = [];
  let pdfBytes = 0;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const out = await renderHtmlToPdf({ html: LONG_PARAGRAPH_HTML, css: '', engine: { limits: { maxDomNodes: 200_000 } } });
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    pdfBytes = out.pdf.byteLength;
  }
  return { runs, p50: round(summarize(wall).p50, 1), cpuP50: round(summarize(cpu).p50, 1), pdfBytes };
}
