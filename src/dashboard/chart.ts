// The usage chart's geometry: API requests to render per day (failed ones included) over the last N days as stacked bars, one colour
// per template (the busiest few; the rest as "other"). The view draws it as inline SVG; every
// name in it goes through the view's autoescape.
import type { DayCount } from '../store';

export interface ChartBar { readonly x: number; readonly y: number; readonly height: number; readonly color: string; readonly title: string }
export interface ChartDay { readonly day: string; readonly label: string; readonly total: number; readonly failures: number; readonly x: number; readonly bars: readonly ChartBar[] }
export interface UsageChart {
  readonly width: number;
  readonly height: number;
  readonly plotTop: number;
  readonly plotBottom: number;
  readonly barWidth: number;
  readonly max: number;
  readonly total: number;
  /** of the total, the requests that failed (status 400 and above) */
  readonly failures: number;
  readonly days: readonly ChartDay[];
  readonly legend: readonly { readonly name: string; readonly color: string; readonly total: number }[];
  readonly ticks: readonly { readonly y: number; readonly value: number }[];
}

const COLORS = ['#2563eb', '#d97706', '#059669', '#db2777', '#7c3aed', '#0891b2'];
const OTHER_COLOR = '#6b7280';
const SHOWN_TEMPLATES = COLORS.length;

/** The top of the axis: 1, 2 or 5 times a power of ten, and even, so the middle tick is a whole number of renders. */
export function niceMax(n: number): number {
  if (n <= 4) return 4;
  const step = 10 ** Math.floor(Math.log10(n));
  for (const m of [1, 2, 5, 10]) if (m * step >= n && (m * step) % 2 === 0) return m * step;
  return 10 * step;
}

export function usageChart(rows: readonly DayCount[], options: { since: Date; days: number }): UsageChart {
  const perTemplate = new Map<string, number>();
  for (const r of rows) perTemplate.set(r.templateId ?? '(none)', (perTemplate.get(r.templateId ?? '(none)') ?? 0) + r.renders);
  const ranked = [...perTemplate.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = ranked.slice(0, ranked.length > SHOWN_TEMPLATES ? SHOWN_TEMPLATES - 1 : SHOWN_TEMPLATES);
  const colorOf = new Map(shown.map(([name], i) => [name, COLORS[i]!]));
  const otherTotal = ranked.slice(shown.length).reduce((s, [, n]) => s + n, 0);
  const legend = [...shown.map(([name, total]) => ({ name, color: colorOf.get(name)!, total })), ...(otherTotal ? [{ name: 'other templates', color: OTHER_COLOR, total: otherTotal }] : [])];

  const width = 720;
  const height = 220;
  const left = 40;
  const plotTop = 10;
  const plotBottom = height - 30;
  const slot = (width - left - 10) / options.days;
  const barWidth = Math.max(2, slot * 0.7);
  const byDay = new Map<string, DayCount[]>();
  for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r]);
  const dayTotals: number[] = [];
  const days: ChartDay[] = [];
  for (let i = 0; i < options.days; i++) {
    const date = new Date(options.since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const list = byDay.get(date) ?? [];
    dayTotals.push(list.reduce((s, r) => s + r.renders, 0));
    days.push({ day: date, label: date.slice(5), total: dayTotals[i]!, failures: list.reduce((s, r) => s + r.failures, 0), x: left + i * slot + (slot - barWidth) / 2, bars: [] });
  }
  const max = niceMax(Math.max(0, ...dayTotals));
  const scale = (plotBottom - plotTop) / max;
  const withBars = days.map((day) => {
    const segments = new Map<string, number>();
    for (const r of byDay.get(day.day) ?? []) {
      const key = colorOf.has(r.templateId ?? '(none)') ? r.templateId ?? '(none)' : 'other templates';
      segments.set(key, (segments.get(key) ?? 0) + r.renders);
    }
    let y = plotBottom;
    const bars: ChartBar[] = [];
    for (const entry of legend) {
      const n = segments.get(entry.name);
      if (!n) continue;
      const h = n * scale;
      y -= h;
      bars.push({ x: day.x, y, height: h, color: entry.color, title: `${day.day}: ${entry.name}, ${n} request${n === 1 ? '' : 's'}` });
    }
    return { ...day, bars };
  });
  const ticks = [0, 0.5, 1].map((f) => ({ value: Math.round(max * f), y: plotBottom - max * f * scale }));
  return { width, height, plotTop, plotBottom, barWidth, max, total: dayTotals.reduce((s, n) => s + n, 0), failures: days.reduce((s, d) => s + d.failures, 0), days: withBars, legend, ticks };
}
