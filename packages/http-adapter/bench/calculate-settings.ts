import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signToken, TEST_SECRET } from '../test/support/tokens.js';
import { startBareFloor } from './bare-floor.js';
import { load, measured } from './load.js';
import { PLAN_3X6_DECIMAL } from './plans.js';

// What the access log line and the metrics cost on `POST /v1/plans:calculate` (the 3 x 6 decimal
// plan): `node --import tsx bench/calculate-settings.ts` (after `pnpm build`) serves it from the bare
// floor (`bare-floor.ts`), from this app's built server as production runs it, with
// BILLING_METRICS=off, with LOG_LEVEL=warn (no line for a 2xx), and with both, alternating in each
// round, and prints the server CPU a request and its share of the bare server's.

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 4);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const body = JSON.stringify(PLAN_3X6_DECIMAL);
const headers = { authorization: `Bearer ${await signToken({ orgs: ['org_a'], expiresIn: 3600 })}`, 'x-organization-id': 'org_a', 'content-type': 'application/json' };
const DIST = new URL('../dist/main.js', import.meta.url).pathname;
let port = 18_300 + Math.floor(Math.random() * 500);

/** The built server on a port of its own, once /readyz answers (the log may be off, so it is not read). */
async function startApp(env: Record<string, string>): Promise<{ url: string; pid: number; stop: () => void }> {
  port += 1;
  const dataDir = join(mkdtempSync(join(tmpdir(), 'billing-calculate-settings-')), 'data');
  const child = spawn(process.execPath, [DIST], {
    env: { PATH: process.env['PATH'] ?? '', PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'info', BILLING_JWT_SECRET: TEST_SECRET, DATABASE_URL: '', BILLING_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`${url}/readyz`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start (exit code ${child.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid ?? 0, stop: () => void child.kill() };
}

const VARIANTS: [string, Record<string, string> | null][] = [
  ['bare', null],
  ['this app, as production runs', {}],
  ['BILLING_METRICS=off', { BILLING_METRICS: 'off' }],
  ['LOG_LEVEL=warn', { LOG_LEVEL: 'warn' }],
  ['both', { BILLING_METRICS: 'off', LOG_LEVEL: 'warn' }],
];
console.log(`POST /v1/plans:calculate, 3 x 6 decimal plan, 32 connections, ${SECONDS} s a run`);
for (let round = 1; round <= ROUNDS; round += 1) {
  let bare = 0;
  for (const [name, env] of VARIANTS) {
    const server = env === null ? await startBareFloor(false) : await startApp(env);
    const options = { url: `${server.url}${env === null ? '/calculate' : '/v1/plans:calculate'}`, seconds: SECONDS, connections: 32, method: 'POST' as const, headers, body };
    await load('warm-up', { ...options, seconds: 2 });
    const f = await measured(server.pid, () => load(name, options));
    server.stop();
    if (env === null) bare = f.cpuUsPerRequest;
    const share = env === null ? '' : ` = ${(bare / f.cpuUsPerRequest).toFixed(2)}x bare by CPU`;
    console.log(`round ${round}  ${name.padEnd(30)} ${Math.round(f.reqPerSec).toLocaleString('en-US').padStart(6)} req/s, ${f.cpuUsPerRequest.toFixed(1)} us CPU a request${share}`);
  }
}
process.exit(0);
