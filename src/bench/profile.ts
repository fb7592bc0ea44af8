// Summarises a V8 CPU profile (`node --cpu-prof`, or `npm run bench -- --cpu-prof DIR`, which
// writes one per thread of the HTTP server): where a thread's busy time went, by function (self
// time) and by package or source directory (inclusive: a frame counts once per sample however
// deep it recurses). Module loading and idle time are left out, and `--skip F` drops the first
// fraction F of the profile (start-up, warm-up) so what remains is the steady state.
//
//   node dist/src/bench/profile.js DIR/CPU.*.cpuprofile [--skip 0.3] [--top 25]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface ProfileSummary {
  /** busy (sampled, not idle, not module loading) milliseconds in the window */
  readonly busyMs: number;
  readonly windowMs: number;
  readonly self: readonly { readonly name: string; readonly ms: number }[];
  readonly byPackage: readonly { readonly name: string; readonly ms: number }[];
}

const LEFT_OUT = /^\(idle\)|Module\._compile|Module\._load|compileForInternalLoader/;

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^file:\/\//, '').replace(/.*\/node_modules\//, '').replace(/.*\/dist\//, '');
  return `${functionName || '(anonymous)'} ${where}${url ? `:${lineNumber + 1}` : ''}`;
}

/** node_modules package, else the source directory under dist/, else node's own or V8's frame. */
function packageOf(node: ProfileNode): string {
  const url = node.callFrame.url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  const src = /\/dist\/(src\/.*)\/[^/]+$/.exec(url);
  if (src) return src[1] as string;
  if (url.startsWith('node:')) return 'node';
  return url ? url : node.callFrame.functionName; // (garbage collector), (program), native
}

export function summarise(profile: CpuProfile, options: { skip?: number; top?: number } = {}): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const from = profile.startTime + (profile.endTime - profile.startTime) * (options.skip ?? 0);
  const timePerNode = new Map<number, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t >= from) timePerNode.set(id, (timePerNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of timePerNode) {
    const stack: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at) as ProfileNode);
    if (stack.some((n) => LEFT_OUT.test(frameName(n)))) continue;
    busy += us;
    const leaf = frameName(stack[0] as ProfileNode);
    self.set(leaf, (self.get(leaf) ?? 0) + us);
    for (const pkg of new Set(stack.filter((n) => n.callFrame.functionName !== '(root)').map(packageOf))) byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, options.top ?? 25).map(([name, us]) => ({ name, ms: Math.round(us / 100) / 10 }));
  return { busyMs: Math.round(busy / 1000), windowMs: Math.round((profile.endTime - from) / 1000), self: top(self), byPackage: top(byPackage) };
}

function main(argv: string[]): void {
  const files: string[] = [];
  let skip = 0.3;
  let top = 25;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--skip') skip = Number(argv[++i]);
    else if (argv[i] === '--top') top = Number(argv[++i]);
    else files.push(argv[i] as string);
  }
  if (!files.length) {
    console.error('usage: node dist/src/bench/profile.js FILE.cpuprofile... [--skip 0.3] [--top 25]');
    process.exit(2);
  }
  for (const file of files) {
    const s = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, { skip, top });
    const pct = (ms: number) => `${((100 * ms) / Math.max(1, s.busyMs)).toFixed(1).padStart(5)} %`;
    console.log(`\n${file}: busy ${s.busyMs} ms of the last ${s.windowMs} ms (first ${skip * 100} % of the profile skipped)`);
    console.log('  self time');
    for (const e of s.self) console.log(`  ${pct(e.ms)} ${String(e.ms).padStart(8)} ms  ${e.name}`);
    console.log('  inclusive, by package or source directory');
    for (const e of s.byPackage) console.log(`  ${pct(e.ms)} ${String(e.ms).padStart(8)} ms  ${e.name}`);
  }
}

if (require.main === module) main(process.argv.slice(2));
