// What pdfmake alone costs a long document: report-100's content (the same sections, headings,
// paragraphs and 25-row tables, the same fonts) written by hand as the smallest pdfmake
// definition that draws it: a text node per cell, pdfmake's own table lines and paddings, no
// stacks, margins or fragmentation facts beyond what the page needs. It goes through the same
// pdf stage as a render (toPdf: fonts, caches and fast paths), so the time is pdfmake's
// measuring, laying out and drawing of that content, with none of the engine's work and none of
// its extra nodes. No engine can give pdfmake less to do for this document: the figure is the
// floor of the pdf stage, and of any render whose pages pdfmake lays out and draws.
import type { DocDefinition, FontTable } from '../engine';
import { toPdf } from '../pdf';
import { countPdfPages, loadBenchDoc } from './fixtures';
import { round, summarize } from './stats';

interface Row { product: string; sku: string; units: number; revenue: string; margin: string; change: string; up: boolean }
interface Section { region: string; summary: string; rows: Row[] }

const lines = {
  hLineWidth: (i: number) => (i === 1 ? 1 : i === 0 ? 0 : 0.25),
  vLineWidth: () => 0,
  hLineColor: (i: number) => (i === 1 ? '#1e3a8a' : '#dddddd'),
  paddingLeft: () => 3, paddingRight: () => 3, paddingTop: () => 2.5, paddingBottom: () => 2.5,
};

/** report-100's content as a minimal pdfmake definition (A4, the template's margins and fonts). */
export function floorDefinition(): DocDefinition {
  const { job } = loadBenchDoc('report-100');
  const params = job.params as { title: string; sections: Section[] };
  const company = (job.globals.company as { name: string }).name;
  const logo = `data:image/png;base64,${String(job.globals.logo)}`;
  const content: unknown[] = [];
  params.sections.forEach((s, i) => {
    const right = (text: string, color?: string) => (color ? { text, alignment: 'right', color } : { text, alignment: 'right' });
    const body: unknown[][] = [['Product', 'SKU', 'Units', 'Revenue', 'Margin', 'Change'].map((text) => ({ text, bold: true }))];
    for (const r of s.rows) body.push([r.product, r.sku, right(String(r.units)), right(r.revenue), right(r.margin), right(r.change, r.up ? '#15803d' : '#b91c1c')]);
    content.push(
      { columns: [{ image: 'logo', width: 60, height: 18 }, { text: `${params.title} · ${s.region}`, font: 'Liberation Sans', fontSize: 8, color: '#666666' }], margin: [0, 0, 0, 8] },
      { text: `${i + 1}. ${s.region}: quarterly sales`, font: 'Liberation Sans', fontSize: 14, bold: true, color: '#1e3a8a', margin: [0, 6, 0, 6] },
      { text: s.summary, alignment: 'justify', lineHeight: 1.22 },
      { table: { headerRows: 1, widths: [154, 84, 46, 89, 61, 62], body }, layout: lines, fontSize: 9, margin: [0, 10, 0, 10] },
      { text: `Source: ${company} sales ledger, ${s.region}. Figures in EUR, unaudited.`, fontSize: 8, color: '#666666', ...(i < params.sections.length - 1 ? { pageBreak: 'after' } : {}) },
    );
  });
  return {
    pageSize: { width: 595.28, height: 841.89 }, pageMargins: [42.52, 42.52, 42.52, 51.02], content,
    images: { logo }, defaultStyle: { font: 'Liberation Serif', fontSize: 10, color: '#111111' },
  } as unknown as DocDefinition;
}

export interface FloorResult {
  readonly pages: number;
  readonly runs: number;
  readonly p50: number;
  readonly cpuP50: number;
}

/** Renders the floor definition warmup + runs times (a fresh definition each time: pdfmake writes into it). */
export async function measureFloor(runs: number, warmupRuns: number): Promise<FloorResult> {
  const fonts: FontTable = {}; // the shipped Liberation families are added by name (pdf/index.ts)
  let pages = 0;
  for (let i = 0; i < warmupRuns; i++) pages = countPdfPages(await toPdf(floorDefinition(), fonts));
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const def = floorDefinition();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await toPdf(def, fonts);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { pages, runs, p50: round(summarize(wall).p50, 1), cpuP50: round(summarize(cpu).p50, 1) };
}
