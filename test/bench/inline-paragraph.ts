// The time layoutInlines takes for one paragraph of 100,000 inline runs (50,000 times
// `<span>word</span>` and a space), cold and warm: `npm run build && node dist/test/bench/inline-paragraph.js [runs]`.
// A figure for the report, not a test: the time of one process on a shared machine varies.
import { firstInlinesOf, layBox } from '../helpers/inline';

const runs = Number(process.argv[2] ?? 5);
const one = firstInlinesOf('<p style="font: 12px/20px sans-serif; margin: 0"><span>word</span> <span>word</span></p>');
const children = [];
for (let i = 0; i < 50_000; i++) children.push(one.children[0]!, one.children[1]!);
const ifc = { ...one, children };
for (let i = 0; i < runs; i++) {
  const cpu = process.cpuUsage();
  const t = process.hrtime.bigint();
  const r = layBox(ifc, '', { width: 400 });
  const wall = Number(process.hrtime.bigint() - t) / 1e6;
  const used = process.cpuUsage(cpu);
  console.log(`run ${i + 1}: ${wall.toFixed(0)} ms wall, ${((used.user + used.system) / 1000).toFixed(0)} ms CPU, ${r.lines.length} lines`);
}
