// @ts-nocheck
import http from 'node:http';
import { fork } from 'node:child_process';
import { calculatePlan } from '@billing/pricing-core';
import { load } from './bench/load.js';
import { PLAN_3X6, README_PLAN } from './bench/plans.js';
if (process.argv[2] === 'server') {
  const fixed = JSON.stringify(calculatePlan(JSON.parse(JSON.stringify(PLAN_3X6))));
  const srv = http.createServer((req, res) => {
    if (req.method === 'GET') { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"status":"ok"}'); return; }
    const chunks = [];
    req.setEncoding('utf8');
    let text = '';
    req.on('data', (c) => { text += c; });
    req.on('end', () => {
      const v = JSON.parse(text);
      const out = req.url === '/fixed' ? fixed : JSON.stringify(calculatePlan(v));
      res.writeHead(200, { 'content-type': 'application/json' }); res.end(out);
    });
  });
  srv.listen(0, '127.0.0.1', () => process.send(srv.address().port));
} else {
  const child = fork(new URL(import.meta.url).pathname, ['server'], { execArgv: ['--conditions=source', '--import', 'tsx'] });
  const port = await new Promise((r) => child.once('message', r));
  const u = `http://127.0.0.1:${port}`;
  const h = { 'content-type': 'application/json' };
  await load('w', { url: `${u}/healthz`, seconds: 2, connections: 32 });
  await load('w', { url: `${u}/calc`, seconds: 2, connections: 32, method: 'POST', headers: h, body: JSON.stringify(PLAN_3X6) });
  const hz = await load('h', { url: `${u}/healthz`, seconds: 5, connections: 32 });
  const fx = await load('f', { url: `${u}/fixed`, seconds: 5, connections: 32, method: 'POST', headers: h, body: JSON.stringify(PLAN_3X6) });
  const c3 = await load('c', { url: `${u}/calc`, seconds: 5, connections: 32, method: 'POST', headers: h, body: JSON.stringify(PLAN_3X6) });
  const cr = await load('r', { url: `${u}/calc`, seconds: 5, connections: 32, method: 'POST', headers: h, body: JSON.stringify(README_PLAN) });
  console.log(`healthz ${hz.reqPerSec|0}; parse+fixed ${fx.reqPerSec|0} (${(fx.reqPerSec/hz.reqPerSec).toFixed(2)}x); 3x6 ${c3.reqPerSec|0} (${(c3.reqPerSec/hz.reqPerSec).toFixed(2)}x); readme ${cr.reqPerSec|0} (${(cr.reqPerSec/hz.reqPerSec).toFixed(2)}x)`);
  child.kill();
}
