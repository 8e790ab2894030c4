import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverEnv } from '../e2e/story.js';
import { createTestDatabase, postgresAvailability } from '../support/postgres.js';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { authHeaders, signToken } from '../support/tokens.js';
import { standardDelivery, standardSubscriptionUpdated } from '../support/webhook-payloads.js';
import { FAULT_ORGS, writeFaultConfig } from './support/fault-events.js';

const ORG = FAULT_ORGS[0];
const dataDir = mkdtempSync(join(tmpdir(), 'billing-event-crash-'));
let server: ServerProcess | undefined;
const servers: Server[] = [];
afterAll(async () => {
  await server?.stop('SIGKILL');
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** A receiver on `port`: 204 and each request's event id and webhook-id kept. */
async function answering(port: number, seen: { id: string; webhookId: string }[]): Promise<Server> {
  const s = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      seen.push({ id: (JSON.parse(text) as { id: string }).id, webhookId: String(req.headers['webhook-id']) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => s.listen(port, '127.0.0.1', r));
  servers.push(s);
  return s;
}

/** A receiver on `port` that reads each request (its webhook-id kept) and never answers. */
async function hanging(port: number, seen: { id: string; webhookId: string }[]): Promise<Server> {
  const s = createServer((req) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => seen.push({ id: (JSON.parse(text) as { id: string }).id, webhookId: String(req.headers['webhook-id']) }));
  });
  await new Promise<void>((r) => s.listen(port, '127.0.0.1', r));
  servers.push(s);
  return s;
}

/** A port nothing listens on yet (the receiver comes up there later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

async function eventually(check: () => boolean | Promise<boolean>, ms: number, what: () => string) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('events survive a SIGKILL of the server (PGlite data folder)', () => {
  it('every event committed before the kill arrives after the restart, at least once, each time with its own webhook-id', { timeout: 120_000 }, async () => {
    const env = {
      ...serverEnv(writeFaultConfig()),
      BILLING_DATA_DIR: dataDir,
      BILLING_EVENT_ALLOW_PRIVATE_NETWORKS: '1',
      BILLING_EVENT_ALLOW_HTTP: '1',
      BILLING_EVENT_POLL_MS: '50',
      BILLING_EVENT_TIMEOUT_MS: '2000',
      BILLING_EVENT_RETRY_SCHEDULE: '300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms',
      BILLING_WORKER_THREADS: '1',
    };
    const auth = authHeaders(await signToken({ orgs: [ORG] }), ORG);
    const headers = { ...auth, 'content-type': 'application/json' };
    const port = await freePort();
    server = await startServer(env);
    const url = server.url;
    const created = await fetch(`${url}/v1/event-destinations`, { method: 'POST', headers, body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook` }) });
    expect(created.status).toBe(201);

    // Changes while the receiver is down: three subscriptions' add-ons, then a :cancel of each.
    for (let i = 0; i < 3; i++) {
      const at = new Date();
      const payload = standardSubscriptionUpdated({ timestamp: at, subscriptionId: `sub_crash_${i}`, itemId: `item_crash_${i}`, periodStart: new Date(at.getTime() - 1000) });
      const delivery = standardDelivery(`msg_crash_${i}`, payload, new Date());
      const res = await fetch(`${url}/api/v1/webhooks/standard`, { method: 'POST', body: delivery.body, headers: { ...delivery.headers, ...auth } });
      expect(res.status).toBeLessThan(300);
    }
    const addons = ((await (await fetch(`${url}/v1/addon-subscriptions`, { headers })).json()) as { addonSubscriptions: { id: string }[] }).addonSubscriptions;
    expect(addons).toHaveLength(3);
    for (const a of addons) expect((await fetch(`${url}/v1/addon-subscriptions/${a.id}:cancel`, { method: 'POST', headers, body: '{}' })).status).toBe(200);
    const committed = ((await (await fetch(`${url}/v1/events?pageSize=100`, { headers })).json()) as { events: { id: string }[] }).events.map((e) => e.id);
    expect(committed).toHaveLength(6);
    // Attempts were made and failed (the receiver is down) before the kill.
    await eventually(
      async () => {
        const page = (await (await fetch(`${url}/v1/events/${committed[0]}/deliveries`, { headers })).json()) as { deliveries?: { attempts?: unknown[] }[] };
        return (page.deliveries?.[0]?.attempts?.length ?? 0) > 0;
      },
      20_000,
      () => 'no failed attempt recorded',
    );
    expect((await server.stop('SIGKILL')).signal).toBe('SIGKILL');

    server = await startServer(env);
    const seen: { id: string; webhookId: string }[] = [];
    await answering(port, seen);
    await eventually(() => committed.every((id) => seen.some((s) => s.id === id)), 60_000, () => `seen ${JSON.stringify(seen)}`);
    for (const s of seen) expect(s.webhookId).toBe(s.id);
    expect(new Set(seen.map((s) => s.id))).toEqual(new Set(committed));
  });

  const pg = postgresAvailability();
  const storages: { name: string; skip: boolean; open: () => { env: Record<string, string>; cleanup: () => void } }[] = [
    {
      name: 'PGlite data folder',
      skip: false,
      open: () => {
        const dir = mkdtempSync(join(tmpdir(), 'billing-event-crash-inflight-'));
        return { env: { BILLING_DATA_DIR: dir }, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
    {
      name: 'PostgreSQL',
      skip: !pg.ok,
      open: () => {
        const db = createTestDatabase('billing_event_crash');
        return { env: { DATABASE_URL: db.url }, cleanup: () => db.drop() };
      },
    },
  ];
  for (const storage of storages) it.skipIf(storage.skip)(`${storage.name}: attempts in flight at the kill (a receiver that never answers) are made again after the restart with the same webhook-id`, { timeout: 120_000 }, async () => {
    const { env: storageEnv, cleanup } = storage.open();
    try {
      const env = {
        ...serverEnv(writeFaultConfig()),
        ...storageEnv,
        BILLING_EVENT_ALLOW_PRIVATE_NETWORKS: '1',
        BILLING_EVENT_ALLOW_HTTP: '1',
        BILLING_EVENT_POLL_MS: '50',
        // the lease outlives the attempt by 10 s: the restarted server takes it again after about 12 s
        BILLING_EVENT_TIMEOUT_MS: '2000',
        BILLING_WORKER_THREADS: '1',
      };
      const auth = authHeaders(await signToken({ orgs: [ORG] }), ORG);
      const headers = { ...auth, 'content-type': 'application/json' };
      const port = await freePort();
      const hung: { id: string; webhookId: string }[] = [];
      const sleeper = await hanging(port, hung);
      server = await startServer(env);
      const url = server.url;
      expect((await fetch(`${url}/v1/event-destinations`, { method: 'POST', headers, body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook` }) })).status).toBe(201);
      for (let i = 0; i < 4; i++) {
        const at = new Date();
        const payload = standardSubscriptionUpdated({ timestamp: at, subscriptionId: `sub_fly_${i}`, itemId: `item_fly_${i}`, periodStart: new Date(at.getTime() - 1000) });
        const delivery = standardDelivery(`msg_fly_${i}`, payload, new Date());
        expect((await fetch(`${url}/api/v1/webhooks/standard`, { method: 'POST', body: delivery.body, headers: { ...delivery.headers, ...auth } })).status).toBeLessThan(300);
      }
      const committed = ((await (await fetch(`${url}/v1/events?pageSize=100`, { headers })).json()) as { events: { id: string }[] }).events.map((e) => e.id);
      expect(committed).toHaveLength(4);
      await eventually(() => committed.every((id) => hung.some((h) => h.id === id)), 20_000, () => `in flight ${JSON.stringify(hung)}`);
      expect((await server.stop('SIGKILL')).signal).toBe('SIGKILL');
      sleeper.closeAllConnections();
      await new Promise((r) => sleeper.close(r));

      const seen: { id: string; webhookId: string }[] = [];
      await answering(port, seen);
      server = await startServer(env);
      await eventually(() => committed.every((id) => seen.some((s) => s.id === id)), 60_000, () => `seen ${JSON.stringify(seen)}`);
      for (const s of [...hung, ...seen]) expect(s.webhookId).toBe(s.id);
      expect(new Set(seen.map((s) => s.id))).toEqual(new Set(committed));
    } finally {
      await server?.stop('SIGKILL');
      server = undefined;
      cleanup();
    }
  });
});
