import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signToken, TEST_SECRET } from '../test/support/tokens.js';
import { startBareFloor } from './bare-floor.js';
import { load, measured } from './load.js';
import { PLAN_3X6_DECIMAL } from './plans.js';
import { startBenchServer } from './server.js';

// What the access log line and the metrics cost on `POST /v1/plans:calculate` (the 3 x 6 decimal
// plan): `node --import tsx bench/calculate-settings.ts` serves it from the bare floor
// (`bare-floor.ts`), from this app's built server as production runs it, with
// BILLING_METRICS=off, with LOG_LEVEL=warn (no line for a 2xx), and with both, alternating in each
// round, and prints the server CPU a request and its share of the bare server's.

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 4);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const body = JSON.stringify(PLAN_3X6_DECIMAL);
const headers = { authorization: `Bearer ${await signToken({ orgs: ['org_a'], expiresIn: 3600 })}`, 'x-organization-id': 'org_a', 'content-type': 'application/json' };

/** A port free on 127.0.0.1 now: the server is given it, since at LOG_LEVEL=warn it writes no "listening" line to read one from. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** This build's server (built first when stale) with `env` over the production settings. */
async function startApp(env: Record<string, string>) {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'billing-calculate-settings-')), 'data');
  return startBenchServer({ BILLING_JWT_SECRET: TEST_SECRET, DATABASE_URL: '', BILLING_DATA_DIR: dataDir, PORT: String(await freePort()), ...env });
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
    await server.stop();
    if (env === null) bare = f.cpuUsPerRequest;
    const share = env === null ? '' : ` = ${(bare / f.cpuUsPerRequest).toFixed(2)}x bare by CPU`;
    console.log(`round ${round}  ${name.padEnd(30)} ${Math.round(f.reqPerSec).toLocaleString('en-US').padStart(6)} req/s, ${f.cpuUsPerRequest.toFixed(1)} us CPU a request${share}`);
  }
}
process.exit(0);
