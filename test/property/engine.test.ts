// Property: random HTML + CSS documents (test/helpers/random-documents.ts) rendered on the
// worker pool, as the service renders them, each end in a PDF within the service's deadline;
// and the pool keeps working after each.
//
// The one other answer accepted is the page cap's refusal (render_failed naming `limit: pages`,
// PLATEN_MAX_PAGES, in README.md and src/docs/api.md): a document with a length of 1e9 px or
// more (a 1e9 line-height, font-size, height, border, padding...) really lays out to over
// 2,000 pages (1e9 px is about 900,000 A4 pages, and Chromium prints such a box too, across
// its pages). So the refusal is accepted only for a document holding such a number: any
// other document that is refused, fails, times out or kills its worker fails the test.
//
// The documents come from a fixed seed, so every run renders the same ones and a failure
// names the seed and path that replay it. PLATEN_ENGINE_PROPERTY_SEED picks another seed,
// PLATEN_ENGINE_PROPERTY_RUNS the number of documents (default 100). To list every failing
// document of a seed rather than stop at the first: test/property/explore.ts.
import { expect } from 'chai';
import fc from 'fast-check';
import { PlatenError } from '../../src/errors';
import { createWorkerPoolRenderer, type WorkerPoolRenderer } from '../../src/render';
import { randomDocument } from '../helpers/random-documents';

const RUNS = Number(process.env.PLATEN_ENGINE_PROPERTY_RUNS ?? 100);
const SEED = Number(process.env.PLATEN_ENGINE_PROPERTY_SEED ?? 20261127);
const DEADLINE_MS = 20_000; // the service's default (PLATEN_RENDER_TIMEOUT_MS)
/** the numbers random-documents.ts draws that make a length of 1e9 px or more */
const HUGE = /1e(9|308)(?![0-9])/;

describe('property: random documents on the worker pool end in a PDF (or the page cap\'s refusal), never an error, a crash or a hang', function () {
  this.timeout(RUNS * 10_000 + 60_000);
  let pool: WorkerPoolRenderer;
  before(() => { pool = createWorkerPoolRenderer({ workers: 2, deadlineMs: DEADLINE_MS, maxWaitMs: 60_000, maxQueue: 4 }); });
  after(async () => { await pool.close(); });

  it(`${RUNS} random HTML + CSS documents`, async () => {
    const outcomes: Record<string, number> = {};
    let n = 0;
    await fc.assert(fc.asyncProperty(randomDocument, async ({ html, css }) => {
      let outcome: string;
      try {
        const out = await pool.render({
          template: { id: `prop-${++n}`, version: 1, html: `{% raw %}${html}{% endraw %}`, css },
          params: {}, globals: {}, format: 'A4',
        });
        expect(out.pdf.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
        outcome = 'pdf';
      } catch (err) {
        expect(err, String(err)).to.be.instanceOf(PlatenError);
        const e = err as PlatenError;
        const replay = `(replay: PLATEN_ENGINE_PROPERTY_SEED=${SEED}; html ${html.length} chars, css ${css.length})`;
        expect(`${e.code} ${String(e.extra.limit)}: ${e.message} (${String(e.cause)})`, replay).to.equal(`render_failed pages: ${e.message} (${String(e.cause)})`);
        expect(HUGE.test(html) || HUGE.test(css), `refused by the page cap without a 1e9 length ${replay}`).to.equal(true);
        outcome = 'page cap';
      }
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }), { numRuns: RUNS, seed: SEED });
    console.log(`      outcomes: ${JSON.stringify(outcomes)}`);
    const next = await pool.render({ template: { id: 'after', version: 1, html: '<p>after</p>', css: '' }, params: {}, globals: {}, format: 'A4' });
    expect(next.pdf.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
  });
});
