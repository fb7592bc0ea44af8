// Offline explorer for the engine's property test: renders many random documents on the worker
// pool and, unlike the test, goes on after a failure, so one run lists every document that
// does not end in a PDF (an error, a dead worker, a timeout) and every slow one.
//
//   node dist/test/property/explore.js [--seed S] [--runs N] [--slow-ms MS] [--heap-mb MB] [--out FILE]
//     lists failures as `path` numbers, with the first 400 characters of each document; FILE
//     (default /tmp/platen-explore-<seed>.json) holds them whole
//   node dist/test/property/explore.js --seed S --shrink PATH
//     replays document PATH of that seed and lets fast-check shrink it to a minimal failing one
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { PlatenError } from '../../src/errors';
import { createWorkerPoolRenderer } from '../../src/render';
import { randomDocument, type RandomDocument } from '../helpers/random-documents';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const seed = Number(arg('seed') ?? 1);
const runs = Number(arg('runs') ?? 200);
const slowMs = Number(arg('slow-ms') ?? 2_000);
const shrinkPath = arg('shrink');
const out = arg('out') ?? `/tmp/platen-explore-${seed}.json`;
const pool = createWorkerPoolRenderer({
  workers: 1, deadlineMs: 20_000, maxWaitMs: 60_000, maxQueue: 4,
  ...(arg('heap-mb') ? { maxOldGenerationSizeMb: Number(arg('heap-mb')) } : {}),
});

let n = 0;
async function render(doc: RandomDocument): Promise<{ outcome: string; ms: number; detail?: string }> {
  const started = Date.now();
  try {
    const { pdf } = await pool.render({ template: { id: `explore-${++n}`, version: 1, html: `{% raw %}${doc.html}{% endraw %}`, css: doc.css }, params: {}, globals: {}, format: 'A4' });
    return { outcome: pdf.subarray(0, 5).toString('latin1') === '%PDF-' ? 'pdf' : 'not-a-pdf', ms: Date.now() - started };
  } catch (err) {
    const code = err instanceof PlatenError ? `${err.code}${typeof err.extra.limit === 'string' ? `:${err.extra.limit}` : ''}` : 'thrown';
    return { outcome: code, ms: Date.now() - started, detail: `${String(err)} (${String((err as Error).cause)})` };
  }
}

async function explore(): Promise<void> {
  const outcomes: Record<string, number> = {};
  const found: { path: number; outcome: string; ms: number; detail?: string; doc: RandomDocument }[] = [];
  let path = 0;
  await fc.assert(fc.asyncProperty(randomDocument, async (doc) => {
    const r = await render(doc);
    outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
    if (r.outcome !== 'pdf' || r.ms > slowMs) {
      found.push({ path, ...r, doc });
      console.log(`path ${path}: ${r.outcome} in ${r.ms} ms ${r.detail ?? ''}\n  ${doc.html.slice(0, 400)}\n  ${doc.css.slice(0, 200)}`);
    }
    if (++path % 100 === 0) console.log(`${path} documents: ${JSON.stringify(outcomes)}`);
  }), { seed, numRuns: runs });
  console.log(`seed ${seed}, ${runs} documents: ${JSON.stringify(outcomes)}; ${found.length} listed in ${out}`);
  writeFileSync(out, JSON.stringify({ seed, runs, outcomes, found }, null, 1));
}

async function shrink(at: string): Promise<void> {
  const result = await fc.check(fc.asyncProperty(randomDocument, async (doc) => {
    const r = await render(doc);
    return r.outcome === 'pdf' && r.ms <= slowMs;
  }), { seed, path: at, numRuns: 1 });
  const doc = result.counterexample?.[0];
  console.log(result.failed ? `minimal (after ${result.numShrinks} shrinks):\nHTML ${doc?.html}\nCSS ${doc?.css}\n${JSON.stringify(doc && await render(doc))}` : 'that document ends in a PDF in time');
}

(shrinkPath === undefined ? explore() : shrink(shrinkPath))
  .finally(() => pool.close())
  .catch((err: unknown) => { console.error(err); process.exitCode = 1; });
