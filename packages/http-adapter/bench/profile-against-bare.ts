import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signToken, TEST_SECRET } from '../test/support/tokens.js';
import { load, type LoadOptions } from './load.js';
import { PLAN_3X6_DECIMAL } from './plans.js';
import { startBenchServer } from './server.js';

// Where the app's main thread spends the time the bare server does not, a request at a time:
// `node --import tsx bench/profile-against-bare.ts <healthz|calculate>` profiles the bare node:http
// server (`bare-floor.ts`) and then this app's built server (production settings, the embedded store)
// under the same load (`node --cpu-prof`), and prints the sampled main-thread microseconds a request:
// by package (the innermost frame that is not node's own, so node's socket write counts to whoever
// called it), by function (self time, largest growth first), and the inclusive time of named steps.
// The load's first seconds (JIT) and the stop are left out of the window.

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 6);
const CONNECTIONS = 32;
const route = process.argv[2] === 'healthz' ? 'healthz' : 'calculate';
const body = JSON.stringify(PLAN_3X6_DECIMAL);
const STEPS = ['calculatePlanJson', 'analyzeRequest', 'computePlan', 'readJsonBody', 'toPlainJson', 'writev', '(garbage collector)'];

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}
interface Split {
  total: number;
  byPackage: Map<string, number>;
  byFunction: Map<string, number>;
  steps: Map<string, number>;
}

const packageOf = (url: string) =>
  /node_modules\/\.pnpm\/((?:@[^/+]+\+)?[^/@]+)@/.exec(url)?.[1]?.replace('+', '/') ??
  /packages\/([^/]+)\//.exec(url)?.[1] ??
  (url === '' ? '(native)' : url.startsWith('node:') ? 'node' : url.split('/').at(-1) ?? url);

/** The main thread's samples in the load's window, in µs a request. */
function split(dir: string, requests: number): Split {
  const file = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort()[0];
  if (file === undefined) throw new Error(`no profile in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const end = profile.timeDeltas.reduce((a, b) => a + b, 0);
  const result: Split = { total: 0, byPackage: new Map(), byFunction: new Map(), steps: new Map() };
  const add = (m: Map<string, number>, k: string, dt: number) => m.set(k, (m.get(k) ?? 0) + dt / requests);
  let clock = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    clock += dt;
    // The window: the load's last SECONDS - 0.5 s, ending 0.3 s before the profile does (the stop).
    if (clock < end - (SECONDS + 0.3 - 0.5) * 1e6 || clock > end - 0.3e6) return;
    const node = byId.get(id)!;
    result.total += dt / requests;
    add(result.byFunction, `${node.callFrame.functionName || '(anonymous)'} ${packageOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`, dt);
    let owner = node.callFrame.functionName === '(idle)' ? '(idle)' : 'node';
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = byId.get(cur)!.callFrame;
      if (owner === 'node' && frame.url !== '' && !frame.url.startsWith('node:')) owner = packageOf(frame.url);
      if (STEPS.includes(frame.functionName) && !seen.has(frame.functionName)) seen.add(frame.functionName), add(result.steps, frame.functionName, dt);
    }
    add(result.byPackage, owner, dt);
  });
  return result;
}

/** Loads `options` for SECONDS after a 3 s warm-up; the answered requests of the measured part. */
async function requestsUnder(options: Omit<LoadOptions, 'seconds' | 'connections'>): Promise<number> {
  await load('warm-up', { ...options, seconds: 3, connections: CONNECTIONS });
  const figures = await load(route, { ...options, seconds: SECONDS, connections: CONNECTIONS });
  return figures.reqPerSec * (SECONDS - 0.5);
}

const bareDir = mkdtempSync(join(tmpdir(), 'billing-prof-bare-'));
const bare = fork(new URL('./bare-floor.ts', import.meta.url).pathname, ['serve'], { execArgv: ['--import', 'tsx', '--cpu-prof', `--cpu-prof-dir=${bareDir}`] });
const barePort = await new Promise<number>((resolve) => bare.once('message', (m) => resolve(Number(m))));
const bareUrl = `http://127.0.0.1:${barePort}`;
const bareRequests = await requestsUnder(
  route === 'healthz' ? { url: `${bareUrl}/healthz` } : { url: `${bareUrl}/calculate`, method: 'POST', headers: { 'content-type': 'application/json' }, body },
);
bare.kill('SIGTERM');
await new Promise((resolve) => bare.once('exit', resolve));

const appDir = mkdtempSync(join(tmpdir(), 'billing-prof-app-'));
const app = await startBenchServer({ BILLING_JWT_SECRET: TEST_SECRET, DATABASE_URL: '', BILLING_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'billing-prof-data-')), 'data') }, { cpuProfDir: appDir });
const headers = { authorization: `Bearer ${await signToken({ orgs: ['org_a'], expiresIn: 3600 })}`, 'x-organization-id': 'org_a', 'content-type': 'application/json' };
const appRequests = await requestsUnder(route === 'healthz' ? { url: `${app.url}/healthz` } : { url: `${app.url}/v1/plans:calculate`, method: 'POST', headers, body });
await app.stop();

const a = split(bareDir, bareRequests);
const b = split(appDir, appRequests);
const us = (x: number) => x.toFixed(2).padStart(7);
const table = (name: string, ma: Map<string, number>, mb: Map<string, number>, rows: number) => {
  const keys = [...new Set([...ma.keys(), ...mb.keys()])].sort((x, y) => (mb.get(y) ?? 0) - (ma.get(y) ?? 0) - ((mb.get(x) ?? 0) - (ma.get(x) ?? 0)));
  console.log(`\n${name} (µs a request: bare, app, app - bare)`);
  for (const k of keys.slice(0, rows)) console.log(`${us(ma.get(k) ?? 0)} ${us(mb.get(k) ?? 0)} ${us((mb.get(k) ?? 0) - (ma.get(k) ?? 0))}  ${k}`);
};
console.log(`${route === 'healthz' ? 'GET /healthz' : 'POST calculate, 3 x 6 decimal plan'}: main thread ${a.total.toFixed(1)} µs a request bare, ${b.total.toFixed(1)} µs the app (idle included)`);
table('by package (node: node itself, called from node)', a.byPackage, b.byPackage, 14);
table('steps, inclusive', a.steps, b.steps, STEPS.length);
table('self time by function, largest growth', a.byFunction, b.byFunction, Number(process.env['TOP'] ?? 25));
