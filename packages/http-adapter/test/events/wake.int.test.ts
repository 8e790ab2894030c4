import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { parseServerEnv } from '../../src/process/env.js';
import { startServer, type RunningServer } from '../../src/process/start-server.js';
import { writeFaultConfig } from '../faults/support/fault-events.js';
import { authHeaders, signToken, TEST_SECRET } from '../support/tokens.js';
import { standardDelivery, standardSubscriptionUpdated } from '../support/webhook-payloads.js';

const ORG = 'org_fault_1';
let closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.reverse()) await close();
  closing = [];
});

/** A receiver on a local port: 204 and each body kept. */
async function receiver(): Promise<{ url: string; bodies: { type: string; data: Record<string, any> }[] }> {
  const bodies: { type: string; data: Record<string, any> }[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      bodies.push(JSON.parse(text));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closing.push(() => new Promise((r) => server.close(() => r())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies };
}

async function until(check: () => boolean, what = () => '') {
  // The test's own timeout (20 s) is a third of the poll interval: only a wake-up delivers in time.
  const end = Date.now() + 18_000;
  for (;;) {
    if (check()) return;
    if (Date.now() > end) throw new Error(`gave up waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A receiver that reads each request and never answers (a destination asleep past the timeout). */
async function sleeper(): Promise<{ url: string; open: () => number }> {
  let open = 0;
  const server: Server = createServer((req, res) => {
    open += 1;
    // (the request's own 'close' comes once its body is read; the response's when the connection goes)
    res.on('close', () => (open -= 1));
    req.resume();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closing.push(
    () =>
      new Promise((r) => {
        // The hanging attempts end here (a reset), so the server's shutdown need not wait out their timeout.
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, open: () => open };
}

async function startWith(overrides: Record<string, string>) {
  const env = parseServerEnv({
    PORT: '0',
    DATABASE_URL: 'memory://',
    BILLING_JWT_SECRET: TEST_SECRET,
    BILLING_CONFIG: writeFaultConfig(),
    BILLING_EVENT_ALLOW_PRIVATE_NETWORKS: '1',
    BILLING_EVENT_ALLOW_HTTP: '1',
    BILLING_WORKER_THREADS: '1',
    ...overrides,
  });
  const server: RunningServer = await startServer(env, pino({ level: 'silent' }), () => undefined);
  closing.push(() => server.shutdown());
  const auth = authHeaders(await signToken({ orgs: [ORG] }), ORG);
  const headers = { ...auth, 'content-type': 'application/json' };
  const upsert = async (sub: string) => {
    const at = new Date();
    const payload = standardSubscriptionUpdated({ timestamp: at, subscriptionId: sub, itemId: `item_${sub}`, periodStart: new Date(at.getTime() - 1000) });
    const delivery = standardDelivery(`msg_${sub}`, payload, new Date());
    return fetch(`${server.url}/api/v1/webhooks/standard`, { method: 'POST', body: delivery.body, headers: { ...delivery.headers, ...auth } });
  };
  return { server, headers, upsert };
}

describe('a destination that never answers', () => {
  it('holds up neither /healthz nor /readyz while its attempts hang', { timeout: 30_000 }, async () => {
    const { server, headers, upsert } = await startWith({ BILLING_EVENT_POLL_MS: '20', BILLING_EVENT_TIMEOUT_MS: '120000', BILLING_EVENT_DESTINATION_CONCURRENCY: '10' });
    const hook = await sleeper();
    expect((await fetch(`${server.url}/v1/event-destinations`, { method: 'POST', headers, body: JSON.stringify({ url: hook.url }) })).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await upsert(`sub_sleep_${i}`)).status).toBeLessThan(300);
    await until(() => hook.open() === 5, () => `${hook.open()} attempts open`);
    const [health, ready] = await Promise.all([fetch(`${server.url}/healthz`), fetch(`${server.url}/readyz`)]);
    expect([health.status, ready.status]).toEqual([200, 200]);
    // the attempts were still in flight when both were answered
    expect(hook.open()).toBe(5);
    const pending = (await (await fetch(`${server.url}/v1/events`, { headers })).json()) as { events: unknown[] };
    expect(pending.events).toHaveLength(5);
  });
});

describe('the deliverer is woken by a local commit that wrote events', () => {
  it('with a 60 s poll, the events of a webhook and of a :cancel arrive long before the next poll', { timeout: 20_000 }, async () => {
    const env = parseServerEnv({
      PORT: '0',
      DATABASE_URL: 'memory://',
      BILLING_JWT_SECRET: TEST_SECRET,
      BILLING_CONFIG: writeFaultConfig(),
      BILLING_EVENT_ALLOW_PRIVATE_NETWORKS: '1',
      BILLING_EVENT_ALLOW_HTTP: '1',
      BILLING_EVENT_POLL_MS: '60000',
      BILLING_WORKER_THREADS: '1',
    });
    const server: RunningServer = await startServer(env, pino({ level: 'silent' }), () => undefined);
    closing.push(() => server.shutdown());
    const auth = authHeaders(await signToken({ orgs: [ORG] }), ORG);
    const headers = { ...auth, 'content-type': 'application/json' };
    const hook = await receiver();
    // The deliverer's first look (at start) is over before the destination exists.
    await new Promise((r) => setTimeout(r, 200));
    const created = await fetch(`${server.url}/v1/event-destinations`, { method: 'POST', headers, body: JSON.stringify({ url: hook.url }) });
    expect(created.status).toBe(201);

    const at = new Date();
    const payload = standardSubscriptionUpdated({ timestamp: at, subscriptionId: 'sub_wake', itemId: 'item_wake', periodStart: new Date(at.getTime() - 1000) });
    const delivery = standardDelivery('msg_wake_1', payload, new Date());
    const webhook = await fetch(`${server.url}/api/v1/webhooks/standard`, { method: 'POST', body: delivery.body, headers: { ...delivery.headers, ...auth } });
    expect(webhook.status).toBeLessThan(300);
    await until(() => hook.bodies.length >= 1);
    expect(hook.bodies.map((b) => b.type)).toEqual(['addon_subscription.created']);

    const id = hook.bodies[0]!.data['addonSubscription'].id as string;
    const cancel = await fetch(`${server.url}/v1/addon-subscriptions/${id}:cancel`, { method: 'POST', headers, body: '{}' });
    expect(cancel.status).toBe(200);
    await until(() => hook.bodies.length >= 2);
    // A cancel at the period's end is an update of cancelAtPeriodEnd.
    expect(hook.bodies.map((b) => b.type)).toEqual(['addon_subscription.created', 'addon_subscription.updated']);
    expect(hook.bodies[1]!.data).toMatchObject({ addonSubscription: { id, cancelAtPeriodEnd: true }, previousAttributes: { cancelAtPeriodEnd: false } });
  });
});
