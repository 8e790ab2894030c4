import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { calculatePlanJson } from '@billing/pricing-core';
import { load, type Figures } from './load.js';
import { PLAN_3X6, PLAN_3X6_DECIMAL, README_PLAN } from './plans.js';

// The floor under the app's figures: a bare node:http server (no framework, no auth, no log, no metrics)
// with the same kinds of request. `pnpm bench:http` starts it beside the app and prints the app's rates
// as a share of it; `node --conditions=source --import tsx bench/bare-floor.ts` alone prints, against the
// bare server's own GET /healthz: a POST that parses the 3 x 6 body and answers a fixed copy of its
// result, and POSTs that parse and price each plan.

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const CONNECTIONS = 32;

/** The bare server: GET answers `{"status":"ok"}`; a POST is parsed, priced with `calculatePlan` and written. */
function serve(): void {
  // A stop by SIGTERM exits through node, so that `--cpu-prof` writes its profile (profile-against-bare.ts).
  process.on('SIGTERM', () => process.exit(0));
  const fixed = JSON.stringify(calculatePlanJson(structuredClone(PLAN_3X6)));
  const server = createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, ['content-type', 'application/json']);
      response.end('{"status":"ok"}');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const answer = request.url === '/fixed' ? fixed : JSON.stringify(calculatePlanJson(body));
      response.writeHead(200, ['content-type', 'application/json']);
      response.end(answer);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
}

/**
 * Starts the bare server in a child process; `fromSource` imports pricing-core's sources (as the app's
 * server does when its dist is stale), else its dist.
 */
export async function startBareFloor(fromSource: boolean): Promise<{ url: string; pid: number; stop: () => void }> {
  const execArgv = fromSource ? ['--conditions=source', '--import', 'tsx'] : ['--import', 'tsx'];
  const child = fork(new URL(import.meta.url).pathname, ['serve'], { execArgv });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill() };
}

if (process.argv[2] === 'serve') {
  serve();
} else if (process.argv[1] === new URL(import.meta.url).pathname) {
  const bare = await startBareFloor(true);
  try {
    const post = (path: string, plan: unknown, seconds = SECONDS) =>
      load(path, { url: `${bare.url}${path}`, seconds, connections: CONNECTIONS, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(plan) });
    const healthz = (seconds = SECONDS) => load('GET /healthz', { url: `${bare.url}/healthz`, seconds, connections: CONNECTIONS });
    await healthz(2);
    await post('/calculate', PLAN_3X6, 2);
    const h1 = await healthz();
    const fixed = await post('/fixed', PLAN_3X6);
    const plan3x6 = await post('/calculate', PLAN_3X6);
    const decimal = await post('/calculate', PLAN_3X6_DECIMAL);
    const readme = await post('/calculate', README_PLAN);
    const h2 = await healthz();
    const rate = (h1.reqPerSec + h2.reqPerSec) / 2;
    const line = (name: string, f: Figures) => `| ${name} | ${Math.round(f.reqPerSec).toLocaleString('en')} | ${(f.reqPerSec / rate).toFixed(2)}x |`;
    console.log(`# A bare node:http server (${SECONDS} s per run, ${CONNECTIONS} connections)\n`);
    console.log('| request | req/s | / healthz |\n|---|---:|---:|');
    console.log(`| GET /healthz (mean of two runs) | ${Math.round(rate).toLocaleString('en')} | 1.00x |`);
    console.log(line('POST the 3 x 6 body: parse it, answer a fixed result', fixed));
    console.log(line('POST the 3 x 6 plan: parse and price it', plan3x6));
    console.log(line('POST the 3 x 6 plan with decimal usage: parse and price it', decimal));
    console.log(line('POST the README plan: parse and price it', readme));
  } finally {
    bare.stop();
  }
}
