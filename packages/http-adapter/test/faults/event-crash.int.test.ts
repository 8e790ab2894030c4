import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { serverEnv } from '../e2e/story.js';
import { createTestDatabase, postgresAvailability } from '../support/postgres.js';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { authHeaders, signToken } from '../support/tokens.js';
import { standardDelivery, standardSubscriptionUpdated } from '../support/webhook-payloads.js';
import { deliver, withConcurrency } from './support/deliver.js';
import { answering, freePort, hanging, type Received } from './support/event-receiver.js';
import { GROUPED_ENV } from './support/grouping.js';
import { FAULT_ORGS, random, shuffle, writeFaultConfig, type FaultEvent } from './support/fault-events.js';

const ORG = FAULT_ORGS[0];
const STORM_WEBHOOKS = 150;
const STORM_CANCELS = 30;
const STORM_SEED = Number(process.env['BILLING_FAULT_SEED']) || 20251128;
const dataDir = mkdtempSync(join(tmpdir(), 'billing-event-crash-'));
let server: ServerProcess | undefined;
const servers: Server[] = [];
// Each test's last server is stopped after it: a test that starts one over it would leave it running.
afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** Keeps a receiver for closing after the tests. */
const kept = (s: Server): Server => (servers.push(s), s);

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
      BILLING_EVENT_LEASE_MARGIN_MS: '1000',
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
    const seen: Received[] = [];
    kept(await answering(port, seen));
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
        // the lease outlives the attempt by 1 s: the restarted server takes it again after about 3 s
        BILLING_EVENT_TIMEOUT_MS: '2000',
        BILLING_EVENT_LEASE_MARGIN_MS: '1000',
        BILLING_WORKER_THREADS: '1',
      };
      const auth = authHeaders(await signToken({ orgs: [ORG] }), ORG);
      const headers = { ...auth, 'content-type': 'application/json' };
      const port = await freePort();
      const hung: Received[] = [];
      const sleeper = kept(await hanging(port, hung));
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

      const seen: Received[] = [];
      kept(await answering(port, seen));
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

  for (const storage of storages) it.skipIf(storage.skip)(`${storage.name}: kill -9 during a storm of concurrent webhooks and :cancel calls with deliveries pending; after the restart every acknowledged change's event and every listed event arrives, each time with its own webhook-id`, { timeout: 120_000 }, async () => {
    const { env: storageEnv, cleanup } = storage.open();
    try {
      const env = {
        ...serverEnv(writeFaultConfig()),
        ...storageEnv,
        ...GROUPED_ENV,
        BILLING_EVENT_ALLOW_PRIVATE_NETWORKS: '1',
        BILLING_EVENT_ALLOW_HTTP: '1',
        BILLING_EVENT_POLL_MS: '50',
        BILLING_EVENT_TIMEOUT_MS: '2000',
        BILLING_EVENT_LEASE_MARGIN_MS: '1000',
        BILLING_EVENT_RETRY_SCHEDULE: '300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms',
        BILLING_WORKER_THREADS: '1',
      };
      const auth = authHeaders(await signToken({ orgs: [ORG] }), ORG);
      const headers = { ...auth, 'content-type': 'application/json' };
      const port = await freePort();
      const seen: Received[] = [];
      // NOTE: slow answers during the storm (10 attempts at once, 1 s each) leave a backlog of
      // pending deliveries at the kill; after it the receiver answers at once.
      let slow = true;
      kept(await answering(port, seen, () => (slow ? 1000 : 0)));
      server = await startServer(env);
      const url = server.url;
      expect((await fetch(`${url}/v1/event-destinations`, { method: 'POST', headers, body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook` }) })).status).toBe(201);

      const creation = (tag: string, i: number): FaultEvent => {
        const at = Date.now();
        const payload = standardSubscriptionUpdated({ timestamp: new Date(at), subscriptionId: `sub_${tag}_${i}`, itemId: `item_${tag}_${i}`, periodStart: new Date(at - 1000) });
        return { org: ORG, sub: `sub_${tag}_${i}`, id: `msg_${tag}_${i}`, at, payload };
      };
      // Add-ons to cancel during the storm, made before it.
      for (let i = 0; i < STORM_CANCELS; i++) expect((await deliver(url, creation('pre', i))).status).toBe(200);
      const listed = ((await (await fetch(`${url}/v1/addon-subscriptions?pageSize=100`, { headers })).json()) as { addonSubscriptions: { id: string }[] }).addonSubscriptions;
      expect(listed).toHaveLength(STORM_CANCELS);

      type Change = { kind: 'created'; externalId: string; status: number } | { kind: 'canceled'; addonId: string; status: number };
      const tasks: (() => Promise<Change>)[] = shuffle(
        [
          ...Array.from({ length: STORM_WEBHOOKS }, (_, i) => async (): Promise<Change> => ({ kind: 'created', externalId: `item_storm_${i}`, status: (await deliver(url, creation('storm', i))).status })),
          ...listed.map(({ id }) => async (): Promise<Change> => {
            const status = await fetch(`${url}/v1/addon-subscriptions/${id}:cancel`, { method: 'POST', headers, body: '{}', signal: AbortSignal.timeout(30_000) }).then((r) => r.status, () => 0);
            return { kind: 'canceled', addonId: id, status };
          }),
        ],
        random(STORM_SEED),
      );
      const is2xx = (c: Change) => c.status >= 200 && c.status <= 299;
      let acknowledged = 0;
      const storm = withConcurrency(tasks, 16, (task) => task(), (c) => (acknowledged += is2xx(c) ? 1 : 0));
      await eventually(() => acknowledged >= tasks.length / 3, 60_000, () => `acknowledged ${acknowledged}`);
      const pendingAtKill = seen.length;
      expect((await server.stop('SIGKILL')).signal).toBe('SIGKILL');
      const changes = await storm;
      slow = false;
      // The kill landed mid-storm, with deliveries not yet attempted.
      expect(changes.filter(is2xx).length).toBeGreaterThan(0);
      expect(changes.filter((c) => !is2xx(c)).length).toBeGreaterThan(0);
      expect(pendingAtKill).toBeLessThan(STORM_CANCELS + changes.filter(is2xx).length);

      server = await startServer(env);
      const restarted = server.url;
      const listEvents = async (): Promise<string[]> => {
        const ids: string[] = [];
        let token = '';
        for (let page = 0; page < 100; page++) {
          const body = (await (await fetch(`${restarted}/v1/events?pageSize=100&pageToken=${encodeURIComponent(token)}`, { headers })).json()) as { events: { id: string }[]; nextPageToken: string };
          ids.push(...body.events.map((e) => e.id));
          token = body.nextPageToken;
          if (token === '') break;
        }
        return ids;
      };
      const committed = await listEvents();
      const arrived = (c: Change) =>
        c.kind === 'created'
          ? seen.some((s) => s.type === 'addon_subscription.created' && s.externalId === c.externalId)
          : seen.some((s) => s.addonId === c.addonId && s.cancelAtPeriodEnd === true);
      const acked = [...Array.from({ length: STORM_CANCELS }, (_, i): Change => ({ kind: 'created', externalId: `item_pre_${i}`, status: 200 })), ...changes.filter(is2xx)];
      await eventually(
        () => acked.every(arrived) && committed.every((id) => seen.some((s) => s.id === id)),
        60_000,
        () => `not arrived: ${JSON.stringify(acked.filter((c) => !arrived(c)))}; listed, not seen: ${committed.filter((id) => !seen.some((s) => s.id === id)).length}`,
      );
      // Every send of an event carries its id as webhook-id; nothing arrives that is not a committed event.
      for (const s of seen) expect(s.webhookId).toBe(s.id);
      expect(seen.filter((s) => !committed.includes(s.id))).toEqual([]);
      // Changes the kill cut off left either no event or one that arrived (checked above): the listing
      // holds at least one event per acknowledged change.
      expect(new Set(committed).size).toBeGreaterThanOrEqual(acked.length);
    } finally {
      await server?.stop('SIGKILL');
      server = undefined;
      cleanup();
    }
  });
});
