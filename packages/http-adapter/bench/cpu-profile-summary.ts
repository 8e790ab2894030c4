import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Prints where a server spent its CPU: `node --import tsx bench/cpu-profile-summary.ts <dir or .cpuprofile>`.
// Self time by function, and inclusive time by package (a node counts once per sample stack).
// A third argument `<seconds>` keeps only the last seconds of the profile (the load, not the start).

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const target = process.argv[2] ?? '.';
const file = target.endsWith('.cpuprofile') ? target : join(target, readdirSync(target).filter((f) => f.endsWith('.cpuprofile')).sort().at(-1) ?? '');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const where = (url: string) => {
  const pkg = /node_modules\/\.pnpm\/([^/]+)\//.exec(url)?.[1] ?? /packages\/([^/]+)\//.exec(url)?.[1];
  return pkg ?? (url.startsWith('node:') ? url : url === '' ? '(native)' : url.split('/').slice(-2).join('/'));
};
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const inclusiveFn = new Map<string, number>();
const lastSeconds = Number(process.argv[3] ?? 0);
const end = profile.timeDeltas.reduce((a, b) => a + b, 0);
let clock = 0;
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  clock += dt;
  if (lastSeconds > 0 && clock < end - lastSeconds * 1e6) return;
  total += dt;
  const node = byId.get(id)!;
  const key = `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + dt);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const frame = byId.get(cur)!.callFrame;
    const w = where(frame.url);
    const fn = `${frame.functionName || '(anonymous)'} ${w}:${frame.lineNumber + 1}`;
    if (!seen.has(w)) inclusive.set(w, (inclusive.get(w) ?? 0) + dt), seen.add(w);
    if (!seen.has(fn)) inclusiveFn.set(fn, (inclusiveFn.get(fn) ?? 0) + dt), seen.add(fn);
  }
});
const top = (m: Map<string, number>, n: number) =>
  [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`).join('\n');
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled\n\nself time:\n${top(self, 30)}\n\ninclusive by package:\n${top(inclusive, 20)}\n\ninclusive by function:\n${top(inclusiveFn, Number(process.env["TOP"] ?? 40))}`);
