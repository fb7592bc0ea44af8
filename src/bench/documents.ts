// The benchmark's documents: stored templates in fixtures/bench/ plus params generated here
// from a fixed seed, so every run (and every renderer) sees the same bytes. The bench server
// loads this module, so it imports no template engine: the server's HTTP thread holds what the
// service's does. fixtures.ts re-exports it and adds the standalone HTML for the anchors.
//
//   invoice     1 page: logo (data: URI), address block, 8 line items, totals
//   statement   50 transactions (about 3 pages), zebra rows, two-line cells
//   report-10   10 sections, one per page (break-after: page), 24-row table each
//   report-100  the same template with 100 sections
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderJob } from '../render';
import { fixturesDir } from '../paths';

export type BenchDocName = 'invoice' | 'statement' | 'report-10' | 'report-100';
export const BENCH_DOCS: readonly BenchDocName[] = ['invoice', 'statement', 'report-10', 'report-100'];

export interface BenchDoc {
  readonly name: BenchDocName;
  /** the stored template (what the service would hold) */
  readonly templateId: string;
  readonly job: RenderJob;
  /** pages the document is designed to have (the check that a renderer laid it out as intended) */
  readonly designedPages: number;
}

const dir = join(fixturesDir, 'bench');
const read = (file: string) => readFileSync(join(dir, file), 'utf8');

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const eur = (n: number) => `€${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const words = ['consulting', 'hosting', 'licence', 'support', 'design', 'integration', 'training', 'audit', 'migration', 'maintenance', 'analytics', 'storage'];
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

export function benchGlobals(): Record<string, unknown> {
  return {
    logo: read('logo.png.b64').trim(),
    company: { name: 'Northwind Components GmbH', street: 'Hafenstraße 12', city: '20457 Hamburg, Germany', vat: 'DE 123 456 789', iban: 'DE89 3704 0044 0532 0130 00' },
  };
}

function invoiceParams(): Record<string, unknown> {
  const r = rng(1);
  const lines = Array.from({ length: 8 }, (_, i) => {
    const qty = 1 + Math.floor(r() * 20);
    const price = Math.round(20 + r() * 480);
    return { description: `${pick(r, words)} ${pick(r, words)} — item ${i + 1}`, qty, price: eur(price), amount: eur(qty * price), raw: qty * price };
  });
  const subtotal = lines.reduce((s, l) => s + l.raw, 0);
  return {
    number: 'INV-2026-0042', date: '2026-11-22', due: '2026-12-22',
    customer: { name: 'Contoso Retail Ltd', ref: 'PO-88412', street: '1 Market Square', city: 'Leeds LS1 6AA, UK' },
    lines: lines.map(({ raw: _raw, ...l }) => l), subtotal: eur(subtotal), vat: eur(subtotal * 0.2), total: eur(subtotal * 1.2),
  };
}

function statementParams(rows: number): Record<string, unknown> {
  const r = rng(2);
  let balance = 12_500;
  const transactions = Array.from({ length: rows }, (_, i) => {
    const amount = Math.round((r() - 0.55) * 4000 * 100) / 100;
    balance += amount;
    return {
      date: `2026-10-${String(1 + Math.floor(i * 30 / rows)).padStart(2, '0')}`,
      description: amount < 0 ? `Card payment ${pick(r, words)}` : `Transfer from customer ${100 + i}`,
      memo: `${pick(r, words)} ${pick(r, words)} ${Math.floor(r() * 1e6)}`,
      ref: `TX${String(Math.floor(r() * 1e8)).padStart(8, '0')}`,
      debit: amount < 0 ? eur(-amount) : '', credit: amount >= 0 ? eur(amount) : '', balance: eur(balance),
    };
  });
  return { period: 'October 2026', account: { holder: 'Contoso Retail Ltd', number: 'DE89 3704 0044 0532 0130 00' }, opening: eur(12_500), credits: eur(40_000), debits: eur(31_000), closing: eur(balance), transactions };
}

const regions = ['North', 'South', 'East', 'West', 'Central', 'Alpine', 'Coastal', 'Metro', 'Rural', 'Export'];
function reportParams(sections: number): Record<string, unknown> {
  const r = rng(3);
  return {
    title: 'Sales report 2026 Q3',
    sections: Array.from({ length: sections }, (_, s) => ({
      region: `${pick(r, regions)} ${s + 1}`,
      summary: `Revenue in this region grew on the back of ${pick(r, words)} and ${pick(r, words)} contracts, while ${pick(r, words)} declined. `
        + 'The table lists every product line with units sold, revenue, gross margin and the change against the previous quarter. '
        + 'Margins are computed after rebates and before overheads; changes are in percent of the previous quarter.',
      rows: Array.from({ length: 24 }, (_, i) => {
        const change = Math.round((r() - 0.4) * 300) / 10;
        return {
          product: `${pick(r, words)} ${pick(r, words)}`, sku: `SKU-${s + 1}-${String(i + 1).padStart(3, '0')}`,
          units: Math.floor(r() * 5000), revenue: eur(Math.round(r() * 250_000)), margin: `${Math.round(r() * 600) / 10}%`,
          change: `${change > 0 ? '+' : ''}${change}%`, up: change > 0,
        };
      }),
    })),
  };
}

export function loadBenchDoc(name: BenchDocName): BenchDoc {
  const globals = benchGlobals();
  const template = (id: string, file: string) => ({ id, version: 1, html: read(`${file}.html`), css: read(`${file}.css`) });
  switch (name) {
    case 'invoice': return { name, templateId: 'bench-invoice', designedPages: 1, job: { template: template('bench-invoice', 'invoice'), params: invoiceParams(), globals, format: 'A4' } };
    case 'statement': return { name, templateId: 'bench-statement', designedPages: 3, job: { template: template('bench-statement', 'statement'), params: statementParams(50), globals, format: 'A4' } };
    case 'report-10': return { name, templateId: 'bench-report', designedPages: 10, job: { template: template('bench-report', 'report'), params: reportParams(10), globals, format: 'A4' } };
    case 'report-100': return { name, templateId: 'bench-report', designedPages: 100, job: { template: template('bench-report', 'report'), params: reportParams(100), globals, format: 'A4' } };
  }
}


/** Page count of a PDF without a parser: counts page objects. Good enough for the check. */
export function countPdfPages(pdf: Uint8Array): number {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  return (text.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}
