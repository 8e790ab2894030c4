import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileBodies } from './support/hostile-bodies.js';
import { hostileDeliveries } from './support/hostile-deliveries.js';
import { expectSameProcessAlive, startTarget, stopTarget, type Target } from './support/hostile-server.js';

// The fuzz: 10,000 seeded hostile bodies (numbers at and beyond every bound, as JSON numbers and
// strings; deep nesting; huge arrays and long strings within the body limit; invalid UTF-8; wrong
// types) against the real server. The rule: a process never dies from a request; any
// input within the body limit gets a 4xx or a result, and the same process answers the next one.

const SEED = 20_261_125;
const CALCULATE_RUNS = 6_000;
const WEBHOOK_RUNS = 4_000;
const CONCURRENCY = 8;

let target: Target;
beforeAll(async () => {
  target = await startTarget();
});
afterAll(() => stopTarget(target));

interface Tally {
  sent: number;
  byStatus: Map<number, number>;
  serverErrors: string[];
  broken: string[];
}

/** Sends `count` requests, CONCURRENCY at a time; stops early once the server looks dead. */
async function hammer(count: number, label: (serial: number) => string, send: (serial: number) => Promise<{ status: number; text: string }>): Promise<Tally> {
  const tally: Tally = { sent: 0, byStatus: new Map(), serverErrors: [], broken: [] };
  let next = 0;
  const worker = async () => {
    while (next < count && tally.broken.length < 3) {
      const serial = next++;
      try {
        const { status, text } = await send(serial);
        tally.sent += 1;
        tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
        if (status >= 500 && tally.serverErrors.length < 10) tally.serverErrors.push(`#${serial} ${label(serial)}: ${status} ${text.slice(0, 200)}`);
      } catch (error) {
        tally.broken.push(`#${serial} ${label(serial)}: ${String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return tally;
}

const summary = (name: string, t: Tally) =>
  `${name}: ${t.sent} answered, statuses ${JSON.stringify(Object.fromEntries([...t.byStatus].sort((a, b) => a[0] - b[0])))}, 5xx ${t.serverErrors.length}, broken ${t.broken.length}`;

describe('fuzz: 10,000 hostile bodies against the real server', () => {
  it(`robust edge: ∀ hostile plan body (${CALCULATE_RUNS}, seed ${SEED}). status < 500 ∧ the process lives`, async () => {
    const recipes = fc.sample(hostileBodies, { seed: SEED, numRuns: CALCULATE_RUNS });
    const tally = await hammer(CALCULATE_RUNS, (serial) => recipes[serial]!.label, async (serial) => {
      const recipe = recipes[serial]!;
      const answer = await target.call('POST', '/v1/plans:calculate', { body: new Uint8Array(recipe.build()), headers: { 'content-type': 'application/json' } });
      return { status: answer.status, text: answer.text };
    });
    console.log(summary('POST /v1/plans:calculate', tally));
    expect(tally.broken).toEqual([]);
    expect(tally.serverErrors).toEqual([]);
    expect(tally.sent).toBe(CALCULATE_RUNS);
  }, 180_000);

  it(`robust edge: ∀ hostile standard delivery (${WEBHOOK_RUNS}, seed ${SEED}). status < 500 ∧ the process lives`, async () => {
    const recipes = fc.sample(hostileDeliveries, { seed: SEED, numRuns: WEBHOOK_RUNS });
    const tally = await hammer(WEBHOOK_RUNS, (serial) => recipes[serial]!.label, async (serial) => {
      const recipe = recipes[serial]!;
      const { body, headers } = recipe.build(serial);
      const answer = await target.call('POST', '/api/v1/webhooks/standard', { body: new Uint8Array(body), headers, auth: false });
      return { status: answer.status, text: answer.text };
    });
    console.log(summary('POST /api/v1/webhooks/standard', tally));
    expect(tally.broken).toEqual([]);
    expect(tally.serverErrors).toEqual([]);
    expect(tally.sent).toBe(WEBHOOK_RUNS);
  }, 180_000);

  it('the same process is alive and /healthz answers; its peak memory is printed', async () => {
    console.log(`fuzz: server peak RSS (VmHWM) ${(target.peakRssKiB() / 1024).toFixed(0)} MiB`);
    await expectSameProcessAlive(target);
  });
});
