// @ts-nocheck
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { serverEntry } from './bench/server.js';
import { signToken, TEST_SECRET } from './test/support/tokens.js';
import { PLAN_3X6 } from './bench/plans.js';
const child = spawn(process.execPath, serverEntry().args, { cwd: '/work/main', env: { PATH: process.env.PATH, PORT: '18555', HOST: '127.0.0.1', BILLING_JWT_SECRET: TEST_SECRET, BILLING_DATA_DIR: '/tmp/hdrdata', NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit'] });
for (;;) { await new Promise((r) => setTimeout(r, 200)); if (await fetch('http://127.0.0.1:18555/readyz').then((r) => r.ok, () => false)) break; }
const token = await signToken({ orgs: ['org_a'], expiresIn: 3600 });
const body = JSON.stringify(PLAN_3X6);
await new Promise((resolve) => { const r = request({ host: '127.0.0.1', port: 18555, method: 'POST', path: '/v1/plans:calculate', headers: { authorization: `Bearer ${token}`, 'x-organization-id': 'org_a', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => { console.log(res.statusCode, res.rawHeaders); res.resume(); res.on('end', resolve); }); r.end(body); });
child.kill();
