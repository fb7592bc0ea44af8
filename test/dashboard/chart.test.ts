// The usage chart's axis: every tick's label is the value at the tick's height (a day with
// 2 renders must not stand below a tick labelled 3).
import { expect } from 'chai';
import { niceMax, usageChart } from '../../src/dashboard/chart';

describe('dashboard: usage chart axis', () => {
  it('puts each tick at the height of the value it is labelled with, for any busiest day', () => {
    const since = new Date('2026-11-01T00:00:00Z');
    for (let renders = 0; renders <= 2000; renders += renders < 60 ? 1 : 37) {
      const chart = usageChart(renders ? [{ day: '2026-11-02', templateId: 't', renders, failures: 0 }] : [], { since, days: 30 });
      expect(chart.max, `busiest day ${renders}`).to.be.at.least(renders);
      const perRender = (chart.plotBottom - chart.plotTop) / chart.max;
      for (const t of chart.ticks) {
        expect(Number.isInteger(t.value), `busiest day ${renders}: tick ${t.value}`).to.equal(true);
        expect(t.y, `busiest day ${renders}: tick ${t.value}`).to.be.closeTo(chart.plotBottom - t.value * perRender, 1e-9);
      }
    }
    expect([2, 5, 7, 12, 30, 250].map(niceMax)).to.deep.equal([4, 10, 10, 20, 50, 500]);
  });
});
