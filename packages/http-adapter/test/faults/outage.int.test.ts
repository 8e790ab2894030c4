import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEnv } from '../e2e/story.js';
import { SCRATCH_STORE, startServer, type ServerProcess } from '../support/server-process.js';
import { deliver, deliverInOrder, eventually, finalState, redeliverUntilAcknowledged, withConcurrency, type DeliveryResult } from './support/deliver.js';
import { storedEvents, statusCounts } from './support/event-records.js';
import { GROUPED_ENV, groupSizes } from './support/grouping.js';
import { eventMix, FAULT_SCALE, random, shuffle, writeFaultConfig } from './support/fault-events.js';
import { createThrowawayCluster, findPostgresBin, type ThrowawayCluster } from './support/throwaway-postgres.js';

const bin = findPostgresBin();
if (bin === null && process.env['CI']) throw new Error('initdb/pg_ctl not found under /usr/lib/postgresql/*/bin; CI requires them');
const COUNT = 150 * FAULT_SCALE;
const SEED = Number(process.env['BILLING_FAULT_SEED']) || 20250303;
const is2xx = (r: DeliveryResult) => r.status >= 200 && r.status <= 299;

describe.skipIf(bin === null)(`storage outage: PostgreSQL stopped during traffic${bin ? '' : ' (skipped: initdb/pg_ctl not found under /usr/lib/postgresql/*/bin)'}`, () => {
  const config = writeFaultConfig();
  const events = shuffle(eventMix(COUNT, 'outage'), random(SEED));
  const third = Math.floor(events.length / 3);
  const [before, during, whileDown] = [events.slice(0, third), events.slice(third, 2 * third), events.slice(2 * third)];
  let cluster: ThrowawayCluster | undefined;
  let server: ServerProcess | undefined;
  let expected: Awaited<ReturnType<typeof finalState>>;
  const results: DeliveryResult[] = [];
  let downAnswers: DeliveryResult[] = [];

  beforeAll(async () => {
    cluster = await createThrowawayCluster(bin ?? '');
    const reference = await startServer({ ...serverEnv(config), DATABASE_URL: SCRATCH_STORE });
    try {
      await deliverInOrder(reference.url, events);
      expected = await finalState(reference.url);
    } finally {
      await reference.stop('SIGTERM');
    }
    server = await startServer({ ...serverEnv(config), ...GROUPED_ENV, DATABASE_URL: cluster.url });
  });

  afterAll(async () => {
    await server?.stop('SIGKILL');
    cluster?.destroy();
  });

  const url = () => server?.url ?? '';

  it('traffic flows while PostgreSQL is up', async () => {
    results.push(...(await withConcurrency(before, 8, (e) => deliver(url(), e))));
    expect(results.filter((r) => !is2xx(r)).map((r) => `${r.event.id}: ${r.status} ${r.message}`)).toEqual([]);
  });

  it('PostgreSQL stops (immediate) in the middle of traffic; every answer is 200 or 503 success:false', async () => {
    let answered = 0;
    const traffic = withConcurrency(during, 8, (e) => deliver(url(), e), () => answered++);
    await eventually(async () => answered >= during.length / 4, 30_000);
    cluster?.stop();
    const mid = await traffic;
    results.push(...mid);
    const odd = mid.filter((r) => !(r.status === 200 && r.success) && !(r.status === 503 && !r.success));
    expect(odd.map((r) => `${r.event.id}: ${r.status} ${r.message}`)).toEqual([]);
  });

  it('deliveries were committed in groups of several', () => {
    expect(Math.max(0, ...groupSizes(server?.stdout() ?? ''))).toBeGreaterThan(1);
  });

  it('while it is down: deliveries 503 success:false, /readyz 503, /healthz 200, the process lives', async () => {
    downAnswers = await withConcurrency(whileDown, 8, (e) => deliver(url(), e));
    results.push(...downAnswers);
    expect(downAnswers.map((r) => [r.status, r.success])).toEqual(downAnswers.map(() => [503, false]));
    expect(downAnswers.every((r) => /retry/i.test(r.message))).toBe(true);
    const ready = await fetch(`${url()}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ error: { code: 503, status: 'UNAVAILABLE' } });
    expect((await fetch(`${url()}/healthz`)).status).toBe(200);
    expect([server?.child.exitCode, server?.child.signalCode]).toEqual([null, null]);
    // Each 503 is logged with the error's code, never its message.
    const logged = (server?.stdout() ?? '').split('\n').filter((line) => line.includes('storage unavailable; answered 503'));
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(Object.keys(JSON.parse(line) as object)).not.toContain('err');
  });

  it('PostgreSQL starts again: the pool reconnects and /readyz answers 200', async () => {
    cluster?.start();
    const ready = await eventually(async () => (await fetch(`${url()}/readyz`)).status === 200, 30_000);
    expect(ready).toBe(true);
  });

  it('the provider retries every delivery that got no 2xx; all succeed', async () => {
    const last = new Map<string, DeliveryResult>(results.map((r) => [r.event.id, r]));
    const failed = [...last.values()].filter((r) => !is2xx(r)).map((r) => r.event);
    expect(failed.length).toBeGreaterThanOrEqual(whileDown.length);
    const retried = await redeliverUntilAcknowledged(url(), failed);
    for (const r of retried) last.set(r.event.id, r);
    expect([...last.values()].filter((r) => !is2xx(r)).map((r) => `${r.event.id}: ${r.status} ${r.message}`)).toEqual([]);
    expect(last.size).toBe(events.length);
  });

  it('nothing half-applied, nothing lost: one row per event, none pending, final add-ons complete', async () => {
    const counts = statusCounts(await storedEvents({ databaseUrl: cluster?.url ?? '' }, events));
    expect(counts['missing'] ?? 0).toBe(0);
    expect(counts['pending'] ?? 0).toBe(0);
    expect(await finalState(url())).toEqual(expected);
    expect([server?.child.exitCode, server?.child.signalCode]).toEqual([null, null]);
  });
});
