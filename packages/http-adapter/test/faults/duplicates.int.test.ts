import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailability } from '../support/postgres.js';
import { startServer, type ServerProcess } from '../support/server-process.js';
import { serverEnv } from '../e2e/story.js';
import { deliver, deliverInOrder, finalState, withConcurrency, type DeliveryResult } from './support/deliver.js';
import { storedEvents, statusCounts } from './support/event-records.js';
import { GROUPED_ENV, groupSizes } from './support/grouping.js';
import { eventMix, FAULT_SCALE, random, shuffle, writeFaultConfig } from './support/fault-events.js';

const pg = postgresAvailability();
const COUNT = 200 * FAULT_SCALE;
const SEED = Number(process.env['BILLING_FAULT_SEED']) || 20250301;

describe.skipIf(!pg.ok)(`duplicates across two processes on one PostgreSQL database${pg.ok ? '' : ` (skipped: ${pg.reason})`}`, () => {
  const config = writeFaultConfig();
  const events = eventMix(COUNT, 'dup');
  const shared = pg.ok ? createTestDatabase('billing_fault_dup') : null;
  const reference = pg.ok ? createTestDatabase('billing_fault_dup_ref') : null;
  let servers: ServerProcess[] = [];
  let expected: Awaited<ReturnType<typeof finalState>>;
  let results: DeliveryResult[] = [];

  beforeAll(async () => {
    // the reference: one process, a fresh database, every event once, in event-time order
    const single = await startServer({ ...serverEnv(config), DATABASE_URL: reference?.url ?? '' });
    try {
      await deliverInOrder(single.url, events);
      expected = await finalState(single.url);
    } finally {
      await single.stop('SIGTERM');
    }
    servers = await Promise.all([1, 2].map(() => startServer({ ...serverEnv(config), ...GROUPED_ENV, DATABASE_URL: shared?.url ?? '' })));
    // every event to both processes, all deliveries in one random order, 16 at a time
    const next = random(SEED);
    const deliveries = shuffle(events.flatMap((event) => servers.map((server) => ({ server, event }))), next);
    results = await withConcurrency(deliveries, 16, ({ server, event }) => deliver(server.url, event));
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    shared?.drop();
    reference?.drop();
  });

  it(`every one of the ${COUNT * 2} deliveries is acknowledged 200 success:true (seed ${SEED})`, () => {
    const refused = results.filter((r) => r.status !== 200 || !r.success);
    expect(refused.map((r) => `${r.event.id}: ${r.status} ${r.message}`)).toEqual([]);
    expect(results).toHaveLength(events.length * 2);
  });

  it('each event is taken once (applied or stored) and answered as a duplicate once', () => {
    const byEvent = new Map<string, string[]>();
    for (const r of results) byEvent.set(r.event.id, [...(byEvent.get(r.event.id) ?? []), r.message]);
    const wrong = [...byEvent].filter(([, messages]) => messages.filter((m) => /duplicate/i.test(m)).length !== 1);
    expect(wrong).toEqual([]);
    expect(byEvent.size).toBe(events.length);
  });

  it('webhook_events holds one row per event, none left pending', async () => {
    const rows = await storedEvents({ databaseUrl: shared?.url ?? '' }, events);
    const counts = statusCounts(rows);
    expect(counts['missing'] ?? 0).toBe(0);
    expect(counts['pending'] ?? 0).toBe(0);
    expect((counts['applied'] ?? 0) + (counts['stored'] ?? 0)).toBe(events.length);
  });

  it('the final add-ons of each organization equal a single in-order delivery into a fresh database', async () => {
    const actual = await finalState(servers[0]?.url ?? '');
    expect(Object.values(expected).flat().length).toBeGreaterThan(0);
    expect(actual).toEqual(expected);
    expect(await finalState(servers[1]?.url ?? '')).toEqual(expected);
  });

  it('both processes committed groups of several deliveries', () => {
    for (const s of servers) expect(Math.max(0, ...groupSizes(s.stdout()))).toBeGreaterThan(1);
  });

  it('neither process crashed', () => {
    for (const s of servers) expect([s.child.exitCode, s.child.signalCode]).toEqual([null, null]);
  });
});
