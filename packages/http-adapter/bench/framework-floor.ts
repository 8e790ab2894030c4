import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_SECRET } from '../test/support/tokens.js';
import { load, measured } from './load.js';
import { startBenchServer } from './server.js';

// What the framework itself costs on GET /healthz, as a share of a bare node:http server in the
// same run: `node --import tsx bench/framework-floor.ts`. Each variant is a Hono app on
// @hono/node-server with one thing added, so the app's own ratio in `pnpm bench:http` can be read
// against what Hono allows: no middleware; three no-op middlewares; a request id made and kept on
// the context; a response header set through the context before the route answers (as the app sets
// X-Request-ID); the same header set on `c.res` after it; the header in the answer's own plain
// record (`new Response(body, { headers: record })`, which node-server hands to `writeHead` as it
// is); and last this app's server (the built dist, production settings, the embedded store) on the
// same route.

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 4);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const VARIANTS = ['bare', 'hono', 'hono, 3 no-op middlewares', 'hono, request id on the context', 'hono, header before the answer', 'hono, header on c.res after it', "hono, header in the answer's own record", 'this app'] as const;
type Variant = (typeof VARIANTS)[number];

function start(variant: Variant): void {
  const ready = (port: number) => process.send?.(port);
  if (variant === 'bare') {
    const server = createServer((_request, response) => {
      response.writeHead(200, ['content-type', 'application/json']);
      response.end('{"status":"ok"}');
    });
    server.listen(0, '127.0.0.1', () => ready((server.address() as AddressInfo).port));
    return;
  }
  const app = new Hono<{ Variables: { id: string } }>();
  if (variant === 'hono, 3 no-op middlewares') for (let i = 0; i < 3; i += 1) app.use(async (_c, next) => next());
  if (variant === 'hono, request id on the context') app.use(async (c, next) => (c.set('id', crypto.randomUUID()), next()));
  if (variant === 'hono, header before the answer') app.use(async (c, next) => (c.header('x-request-id', crypto.randomUUID()), next()));
  if (variant === 'hono, header on c.res after it') {
    app.use(async (c, next) => {
      await next();
      c.res.headers.set('x-request-id', crypto.randomUUID());
    });
  }
  if (variant === "hono, header in the answer's own record") {
    app.use(async (c, next) => (c.set('id', crypto.randomUUID()), next()));
    app.get('/healthz', (c) => new Response(JSON.stringify({ status: 'ok' }), { status: 200, headers: { 'content-type': 'application/json', 'x-request-id': c.get('id') } }));
  }
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => ready(info.port));
}

type Running = { url: string; pid: number; stop: () => Promise<void> | void };

async function startVariant(v: Variant): Promise<Running> {
  const child = fork(new URL(import.meta.url).pathname, [v], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => void child.kill() };
}

async function startApp(): Promise<Running> {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'billing-framework-floor-')), 'data');
  return startBenchServer({ BILLING_JWT_SECRET: TEST_SECRET, DATABASE_URL: '', BILLING_DATA_DIR: dataDir });
}

const variant = process.argv[2] as Variant | undefined;
if (variant !== undefined) {
  start(variant);
} else {
  console.log(`GET /healthz, 32 connections, ${SECONDS} s a run; req/s and server CPU per request as a share of the bare server's in the same round`);
  for (let round = 1; round <= ROUNDS; round += 1) {
    let bare = { reqPerSec: 0, cpuUsPerRequest: 0 };
    for (const v of VARIANTS) {
      const server = v === 'this app' ? await startApp() : await startVariant(v);
      const url = `${server.url}/healthz`;
      await load('warm-up', { url, seconds: 1, connections: 32 });
      const f = await measured(server.pid, () => load(v, { url, seconds: SECONDS, connections: 32 }));
      await server.stop();
      if (v === 'bare') bare = f;
      const share = v === 'bare' ? '' : ` = ${(f.reqPerSec / bare.reqPerSec).toFixed(2)}x bare (by CPU ${(bare.cpuUsPerRequest / f.cpuUsPerRequest).toFixed(2)}x)`;
      console.log(`round ${round}  ${v.padEnd(32)} ${Math.round(f.reqPerSec).toLocaleString('en-US').padStart(7)} req/s, ${f.cpuUsPerRequest.toFixed(1)} us CPU a request${share}`);
    }
  }
}
