// @ts-nocheck
import { spawn, execSync } from 'node:child_process';
import { serverEntry } from './bench/server.js';
import { signToken, TEST_SECRET } from './test/support/tokens.js';
import { load } from './bench/load.js';
import { PLAN_3X6 } from './bench/plans.js';
const child = spawn(process.execPath, serverEntry().args, { cwd: '/work/main', env: { PATH: process.env.PATH, PORT: '18556', HOST: '127.0.0.1', BILLING_JWT_SECRET: TEST_SECRET, BILLING_DATA_DIR: '/tmp/stdata', NODE_ENV: 'production', LOG_LEVEL: 'info' }, stdio: ['ignore', 'ignore', 'inherit'] });
for (;;) { await new Promise((r) => setTimeout(r, 200)); if (await fetch('http://127.0.0.1:18556/readyz').then((r) => r.ok, () => false)) break; }
const token = await signToken({ orgs: ['org_a'], expiresIn: 3600 });
const auth = { authorization: `Bearer ${token}`, 'x-organization-id': 'org_a', 'content-type': 'application/json' };
for (const [name, opts] of [['healthz', { url: 'http://127.0.0.1:18556/healthz' }], ['calc', { url: 'http://127.0.0.1:18556/v1/plans:calculate', method: 'POST', headers: auth, body: JSON.stringify(PLAN_3X6) }]]) {
  await load('w', { ...opts, seconds: 2, connections: 32 });
  const st = spawn('strace', ['-c', '-f', '-p', String(child.pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let out = ''; st.stderr.on('data', (d) => out += d);
  await new Promise((r) => setTimeout(r, 500));
  const f = await load(name, { ...opts, seconds: 3, connections: 32 });
  st.kill('SIGINT'); await new Promise((r) => st.once('exit', r));
  console.log(name, f.total, 'requests'); console.log(out.split('\n').filter((l) => !l.includes('detached')).slice(0, 16).join('\n'));
}
child.kill();
