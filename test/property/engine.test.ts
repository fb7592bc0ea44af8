// Property: random HTML + CSS documents (test/helpers/random-documents.ts) rendered on the
// worker pool always end in a PDF or a render_* error within the deadline, never a crash, a
// hang or another error; and the server-side pool keeps working after each.
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
const DEADLINE_MS = 8_000;

describe('property: random documents on the worker pool end in a PDF or render_*, never a crash or hang', function () {
  this.timeout(RUNS * (DEADLINE_MS + 2_000));
  let pool: WorkerPoolRenderer;
  before(() => { pool = createWorkerPoolRenderer({ workers: 2, deadlineMs: DEADLINE_MS, maxWaitMs: 60_000, maxQueue: 4 }); });
  after(async () => { await pool.close(); });

  it(`${RUNS} random HTML + CSS documents`, async () => {
    const outcomes: Record<string, number> = {};
    const failures: string[] = [];
    let n = 0;
    await fc.assert(fc.asyncProperty(randomDocument, async ({ html, css }) => {
      const started = Date.now();
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
        const code = (err as PlatenError).code;
        expect(code).to.match(/^render_(failed|timeout)$/);
        outcome = code;
        if (failures.length < 5) failures.push(`${code}: ${(err as Error).message} (${String((err as Error).cause)}) ← ${html.slice(0, 300)} ${css.slice(0, 200)}`);
      }
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      expect(Date.now() - started).to.be.below(DEADLINE_MS + 60_000);
    }), { numRuns: RUNS, seed: SEED });
    console.log(`      outcomes: ${JSON.stringify(outcomes)}`);
    for (const f of failures) console.log(`      ${f}`);
  });
});
