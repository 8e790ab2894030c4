import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signToken, TEST_SECRET } from '../test/support/tokens.js';
import { STRIPE_SECRET, stripeDelivery, stripeSubscriptionEvent } from '../test/support/webhook-payloads.js';
import { load, row } from './load.js';
import { largePlan, PLAN_3X6, README_PLAN, SMALL_PLAN } from './plans.js';
import { startBenchServer } from './server.js';

// One scenario against one PGlite server started with `node --cpu-prof`, for finding hot paths:
// `node --conditions=source --import tsx bench/profile-run.ts <healthz|calculate|calculate3x6|readme|calculate100|webhooks|webhooks-destination> <profile dir>`
// (webhooks-destination: the webhooks with one event destination, a receiver in this process answering 204;
// BILLING_EVENT_* settings pass through to the server)
// then `node --import tsx bench/cpu-profile-summary.ts <profile dir>`.

const [scenario = 'calculate', dir = mkdtempSync(join(tmpdir(), 'billing-prof-'))] = process.argv.slice(2);
const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
const scratch = mkdtempSync(join(tmpdir(), 'billing-prof-run-'));
const config = join(scratch, 'billing.json');
writeFileSync(config, JSON.stringify({ webhookEndpoints: [{ provider: 'stripe', organizationId: 'org_a', secrets: [STRIPE_SECRET], requireBearer: false }] }));
const server = await startBenchServer(
  {
    BILLING_JWT_SECRET: TEST_SECRET, BILLING_CONFIG: config, DATABASE_URL: process.env['BENCH_DATABASE_URL'] ?? '', BILLING_DATA_DIR: join(scratch, 'data'),
    BILLING_EVENT_ALLOW_PRIVATE_NETWORKS: '1', BILLING_EVENT_ALLOW_HTTP: '1',
    ...Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('BILLING_EVENT_') && e[1] !== undefined)),
  },
  { cpuProfDir: dir },
);
const headers = { authorization: `Bearer ${await signToken({ orgs: ['org_a'] })}`, 'x-organization-id': 'org_a', 'content-type': 'application/json' };
let arrivals = 0;
const receiver = createServer((req, res) => req.resume().on('end', () => ((arrivals += 1), res.writeHead(204).end())));
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
if (scenario === 'webhooks-destination') {
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
  const made = await fetch(`${server.url}/v1/event-destinations`, { method: 'POST', headers, body: JSON.stringify({ url }) });
  if (made.status !== 201) throw new Error(`the destination was refused: ${made.status} ${await made.text()}`);
}
const now = new Date();
let i = 0;
const next = () => {
  const id = `p${i++}`;
  const event = stripeSubscriptionEvent('customer.subscription.created', { eventId: `evt_${id}`, created: now, subscriptionId: `sub_${id}`, itemId: `si_${id}`, periodStart: now });
  return { method: 'POST', path: '/api/v1/webhooks/stripe', ...stripeDelivery(event, now) };
};
try {
  const run = {
    healthz: () => load('GET /healthz', { url: `${server.url}/healthz`, seconds, connections: 32 }),
    calculate: () => load('calculate 1', { url: `${server.url}/v1/plans:calculate`, seconds, connections: 32, method: 'POST', headers, body: JSON.stringify(SMALL_PLAN) }),
    calculate3x6: () => load('calculate 3 x 6', { url: `${server.url}/v1/plans:calculate`, seconds, connections: 32, method: 'POST', headers, body: JSON.stringify(PLAN_3X6) }),
    readme: () => load('calculate README', { url: `${server.url}/v1/plans:calculate`, seconds, connections: 32, method: 'POST', headers, body: JSON.stringify(README_PLAN) }),
    calculate100: () => load('calculate 100', { url: `${server.url}/v1/plans:calculate`, seconds, connections: 32, method: 'POST', headers, body: JSON.stringify(largePlan(100)) }),
    webhooks: () => load('webhooks', { url: server.url, seconds, connections: 32, next }),
    'webhooks-destination': () => load('webhooks, one event destination', { url: server.url, seconds, connections: 32, next }),
  }[scenario];
  if (!run) throw new Error(`unknown scenario ${scenario}`);
  console.log(row(await run()));
  if (scenario === 'webhooks-destination') console.log(`events delivered during the load: ${arrivals}`);
} finally {
  await server.stop();
  receiver.close();
}
console.log(`profile in ${dir}`);
