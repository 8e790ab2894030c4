// @ts-nocheck
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signToken, TEST_SECRET } from './test/support/tokens.js';
import { load } from './bench/load.js';
import { PLAN_3X6, README_PLAN } from './bench/plans.js';
import { spawn } from 'node:child_process';
import { serverEntry } from './bench/server.js';
let port = 18000;
async function startBenchServer(env) {
  const p = port++;
  const child = spawn(process.execPath, serverEntry().args, { cwd: '/work/main', env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(p), HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'production', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${p}`;
  for (;;) { await new Promise((r) => setTimeout(r, 200)); if (await fetch(`${url}/readyz`).then((r) => r.status === 200, () => false)) break; }
  return { url, stop: async () => { child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r)); } };
}
const token = await signToken({ orgs: ['org_a'], expiresIn: 3600 });
const auth = { authorization: `Bearer ${token}`, 'x-organization-id': 'org_a', 'content-type': 'application/json' };
const variants = JSON.parse(process.argv[2] ?? '[{}]');
const S = Number(process.env.S ?? 4);
for (const v of variants) {
  const s = await startBenchServer({ BILLING_JWT_SECRET: TEST_SECRET, DATABASE_URL: '', BILLING_DATA_DIR: mkdtempSync(join(tmpdir(), 'x-')), ...v });
  try {
    await load('w', { url: `${s.url}/healthz`, seconds: 2, connections: 32 });
    await load('w', { url: `${s.url}/v1/plans:calculate`, seconds: 2, connections: 32, method: 'POST', headers: auth, body: JSON.stringify(PLAN_3X6) });
    const hz = await load('h', { url: `${s.url}/healthz`, seconds: S, connections: 32 });
    const c3 = await load('c', { url: `${s.url}/v1/plans:calculate`, seconds: S, connections: 32, method: 'POST', headers: auth, body: JSON.stringify(PLAN_3X6) });
    const cr = await load('r', { url: `${s.url}/v1/plans:calculate`, seconds: S, connections: 32, method: 'POST', headers: auth, body: JSON.stringify(README_PLAN) });
    const hz2 = await load('h', { url: `${s.url}/healthz`, seconds: S, connections: 32 });
    const h = (hz.reqPerSec + hz2.reqPerSec) / 2;
    console.log(`${JSON.stringify(v)}: healthz ${h|0} (${(1e6/h).toFixed(0)}us); 3x6 ${c3.reqPerSec|0} (${(1e6/c3.reqPerSec).toFixed(0)}us, ${(c3.reqPerSec/h).toFixed(2)}x); readme ${cr.reqPerSec|0} (${(1e6/cr.reqPerSec).toFixed(0)}us, ${(cr.reqPerSec/h).toFixed(2)}x) non2xx ${c3.non2xx + cr.non2xx}`);
  } finally { await s.stop(); }
}
