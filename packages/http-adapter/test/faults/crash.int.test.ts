import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEnv } from '../e2e/story.js';
import { createTestDatabase, postgresAvailability } from '../support/postgres.js';
import { SCRATCH_STORE, startServer, type ServerProcess } from '../support/server-process.js';
import { deliver, deliverInOrder, eventually, finalState, redeliverUntilAcknowledged, withConcurrency, type DeliveryResult } from './support/deliver.js';
import { storedEvents, statusCounts } from './support/event-records.js';
import { GROUPED_ENV, groupSizes } from './support/grouping.js';
import { eventMix, FAULT_SCALE, random, shuffle, writeFaultConfig, type FaultEvent } from './support/fault-events.js';

const pg = postgresAvailability();
const COUNT = 1000 * FAULT_SCALE;
const SEED = Number(process.env['BILLING_FAULT_SEED']) || 20250302;
const config = writeFaultConfig();
const events = eventMix(COUNT, 'crash');
const is2xx = (r: DeliveryResult) => r.status >= 200 && r.status <= 299;

let expected: Awaited<ReturnType<typeof finalState>>;

beforeAll(async () => {
  // the run without a crash: one process on a fresh store of its own, every event once, in order
  const clean = await startServer({ ...serverEnv(config), DATABASE_URL: SCRATCH_STORE });
  try {
    await deliverInOrder(clean.url, events);
    expected = await finalState(clean.url);
  } finally {
    await clean.stop('SIGTERM');
  }
});

/** The storm, the SIGKILL, the restart and the provider's redeliveries, on one storage. */
function crashStory(name: string, storage: () => { env: Record<string, string>; location: { databaseUrl: string } | { dataDir: string }; cleanup: () => void }) {
  describe(`${name}: SIGKILL during a storm of ${COUNT} events (seed ${SEED})`, () => {
    let env: Record<string, string>;
    let location: { databaseUrl: string } | { dataDir: string };
    let cleanup = () => {};
    let server: ServerProcess | undefined;
    const first: DeliveryResult[] = [];
    let killedBy: NodeJS.Signals | null = null;
    let stormLog = '';

    beforeAll(async () => {
      ({ env, location, cleanup } = storage());
      // NOTE: deliveries arriving together share one commit (group commit), so the kill lands while groups commit.
      server = await startServer({ ...serverEnv(config), ...GROUPED_ENV, ...env });
      const url = server.url;
      const order = shuffle(events, random(SEED));
      let acknowledged = 0;
      const storm = withConcurrency(order, 16, (e) => deliver(url, e), (r) => {
        first.push(r);
        if (is2xx(r)) acknowledged++;
      });
      // kill once a third of the storm is acknowledged, with deliveries still in flight
      await eventually(async () => acknowledged >= COUNT / 3, 60_000);
      killedBy = (await server.stop('SIGKILL')).signal;
      stormLog = server.stdout();
      await storm;
    });

    afterAll(async () => {
      await server?.stop('SIGKILL');
      cleanup();
    });

    it('the kill landed mid-storm: some deliveries were acknowledged, some not', () => {
      expect(killedBy).toBe('SIGKILL');
      expect(first).toHaveLength(events.length);
      expect(first.filter(is2xx).length).toBeGreaterThan(0);
      expect(first.filter((r) => !is2xx(r)).length).toBeGreaterThan(0);
    });

    it('the storm was committed in groups of several deliveries', () => {
      expect(Math.max(0, ...groupSizes(stormLog))).toBeGreaterThan(1);
    });

    it('the server restarts on the same storage', async () => {
      server = await startServer({ ...serverEnv(config), ...GROUPED_ENV, ...env });
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    });

    it('events acknowledged before the kill are durable: delivered again (a sample of 100), each is a duplicate', async () => {
      const acked = shuffle(first.filter(is2xx).map((r) => r.event), random(SEED + 2)).slice(0, 100);
      const again = await withConcurrency(acked, 8, (e) => deliver(server?.url ?? '', e));
      const notDuplicate = again.filter((r) => r.status !== 200 || !/duplicate/i.test(r.message));
      expect(notDuplicate.map((r) => `${r.event.id}: ${r.status} ${r.message}`)).toEqual([]);
    });

    it('the provider redelivers every event that got no 2xx; all are acknowledged', async () => {
      const unacked = shuffle(first.filter((r) => !is2xx(r)).map((r) => r.event), random(SEED + 1));
      const results = await redeliverUntilAcknowledged(server?.url ?? '', unacked);
      const last = new Map<string, DeliveryResult>(results.map((r) => [r.event.id, r]));
      expect([...last.values()].filter((r) => !is2xx(r)).map((r) => `${r.event.id}: ${r.status} ${r.message}`)).toEqual([]);
      expect(last.size).toBe(unacked.length);
    });

    it('the final add-ons equal the run without the crash', async () => {
      expect(await finalState(server?.url ?? '')).toEqual(expected);
    });

    it('webhook_events holds each event once, none pending', async () => {
      await server?.stop('SIGTERM');
      const counts = statusCounts(await storedEvents(location, events as FaultEvent[]));
      expect(counts['missing'] ?? 0).toBe(0);
      expect(counts['pending'] ?? 0).toBe(0);
      expect((counts['applied'] ?? 0) + (counts['stored'] ?? 0)).toBe(events.length);
    });
  });
}

crashStory('PGlite (data folder)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'billing-fault-crash-'));
  return { env: { DATABASE_URL: '', BILLING_DATA_DIR: dir }, location: { dataDir: dir }, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
});

describe.skipIf(!pg.ok)(`PostgreSQL${pg.ok ? '' : ` (skipped: ${pg.reason})`}`, () => {
  crashStory('PostgreSQL', () => {
    const db = createTestDatabase('billing_fault_crash');
    return { env: { DATABASE_URL: db.url }, location: { databaseUrl: db.url }, cleanup: db.drop };
  });
});
