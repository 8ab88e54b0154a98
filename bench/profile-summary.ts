/**
 * Summarizes a V8 .cpuprofile (`node --cpu-prof`, or BENCH_CPU_PROFILE=<dir> npm run bench --
 * purchases / reads): the share of samples by self time per module (a package, or a file of the
 * app) and per function, and by inclusive time per function (itself and what it calls).
 * `node --import tsx bench/profile-summary.ts <file.cpuprofile> [lines]`
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, linesArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [lines]');
const lines = Number(linesArg ?? 30);
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const timeOf = new Map<number, number>();
p.samples.forEach((id, i) => timeOf.set(id, (timeOf.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
const idle = [...timeOf].reduce(
  (n, [id, t]) => n + (nodes.get(id)!.callFrame.functionName === '(idle)' ? t : 0),
  0,
);
const busy = [...timeOf.values()].reduce((a, b) => a + b, 0) - idle;

const where = (u: string) =>
  u
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, 'nm/')
    .replace(process.cwd() + '/', '');
const fnKey = (f: CallFrame) =>
  `${f.functionName || '(anonymous)'} ${where(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
const moduleKey = (f: CallFrame) => {
  const u = where(f.url);
  if (!u) return f.functionName.startsWith('(') ? f.functionName : '(native)';
  const pkg = /^nm\/((@[^/]+\/)?[^/]+)/.exec(u);
  return pkg ? `nm/${pkg[1]}` : u;
};

const self = new Map<string, number>();
const byModule = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (m: Map<string, number>, k: string, t: number) => m.set(k, (m.get(k) ?? 0) + t);
for (const [id, t] of timeOf) {
  const f = nodes.get(id)!.callFrame;
  if (f.functionName === '(idle)') continue;
  add(self, fnKey(f), t);
  add(byModule, moduleKey(f), t);
  const seen = new Set<string>();
  for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
    const k = fnKey(nodes.get(x)!.callFrame);
    if (!seen.has(k)) add(inclusive, k, t);
    seen.add(k);
  }
}

const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, lines))
    console.log(`${((100 * t) / busy).toFixed(1).padStart(5)}%  ${k}`);
};
console.log(`${file}: ${(busy / 1000).toFixed(0)} ms busy, ${(idle / 1000).toFixed(0)} ms idle`);
print('Self time by module', byModule);
print('Self time by function', self);
print('Inclusive time by function', inclusive);
