import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddonSubscription, BillingService } from '../src/contract.js';
import type { BillingEvent } from '../src/domain/billing-event.js';
import { createBillingService } from '../src/service/billing-service.js';
import { openTestStore } from './support/pglite.js';
import type { BillingStore } from '../src/domain/ports.js';
import { anItem, at } from './support/addons.js';
import { canceledEvent, deliveryOf, paymentEvent, testCodecs, upsertEvent } from './support/events.js';
import { freshOrg } from './support/records.js';

/** `BILLING_FAULT_SCALE` multiplies the default run count; `BILLING_PROPERTY_RUNS` sets it outright. */
const SCALE = Math.max(1, Number(process.env.BILLING_FAULT_SCALE) || 1);
const RUNS = Number(process.env.BILLING_PROPERTY_RUNS) || 60 * SCALE;

/** What varies between two lives of one subscription. */
interface Life {
  /** Provider status of the creating snapshot. */
  createdStatus: 'ADDON_STATUS_ACTIVE' | 'ADDON_STATUS_PENDING';
  /** Quantity of the first add-on at creation and after the update. */
  quantities: [number, number];
  /** Whether the update adds a second add-on line. */
  updateAddsLine: boolean;
  /** Whether the update schedules the end at period end. */
  updateCancelsAtPeriodEnd: boolean;
}

const lifeArb: fc.Arbitrary<Life> = fc.record({
  createdStatus: fc.constantFrom('ADDON_STATUS_ACTIVE' as const, 'ADDON_STATUS_PENDING' as const),
  quantities: fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 })),
  updateAddsLine: fc.boolean(),
  updateCancelsAtPeriodEnd: fc.boolean(),
});

/** One subscription's life, with distinct increasing event times (minutes 1..5). */
function lifeEvents(life: Life): BillingEvent[] {
  const first = anItem({ externalId: 'item_backup', addonCode: 'backup', quantity: life.quantities[0] });
  const ipv4 = anItem({ externalId: 'item_ipv4', addonCode: 'extra_ipv4', unitAmount: '0.50' });
  const providerStatus = life.createdStatus === 'ADDON_STATUS_ACTIVE' ? 'active' : 'pending';
  return [
    upsertEvent('created', 1, { providerStatus, addonStatus: life.createdStatus, items: [first] }),
    upsertEvent('updated', 2, {
      providerStatus,
      addonStatus: life.createdStatus,
      cancelAtPeriodEnd: life.updateCancelsAtPeriodEnd,
      items: [{ ...first, quantity: life.quantities[1] }, ...(life.updateAddsLine ? [ipv4] : [])],
    }),
    paymentEvent('failed', 3, false),
    paymentEvent('succeeded', 4, true),
    canceledEvent('canceled', 5),
  ];
}

/** The observable state of an add-on, without our ids and processing times. */
const observable = (a: AddonSubscription) => {
  const { id: _id, name: _name, organizationId: _org, subscriptionId: _sub, timestamps: _t, ...rest } = a;
  return rest;
};

describe('reordering (PGlite memory://)', () => {
  let store: BillingStore;
  beforeAll(async () => {
    store = await openTestStore({ databaseUrl: 'memory://' });
  });
  afterAll(async () => {
    await store.close();
  });

  /**
   * Delivers the events in the given order to a fresh organization and returns its add-ons; with
   * `together`, all at once through group commit, so they share one transaction, in its order.
   */
  async function finalState(events: readonly BillingEvent[], together = false, replayCheckpointLagMs?: number) {
    const org = freshOrg('reorder');
    const secret = `whsec_${org}`;
    let tick = 10_000;
    const service: BillingService = createBillingService({
      store,
      config: { webhookEndpoints: [{ provider: 'standard', organizationId: org, secrets: [secret], requireBearer: false, toleranceSeconds: 300 }] },
      clock: () => at(tick++),
      codecs: testCodecs,
      ...(together ? { ingestGroup: { maxSize: 64, windowMs: 5 } } : {}),
      ...(replayCheckpointLagMs !== undefined ? { replayCheckpointLagMs } : {}),
    });
    const codes: string[] = [];
    if (together) {
      const acks = await Promise.all(events.map((event) => service.webhooks.handle(deliveryOf(event, secret))));
      const refused = acks.filter((ack) => !ack.success);
      if (refused.length > 0) throw new Error(`refused: ${refused.map((a) => `${a.eventId} ${a.code}`).join(', ')}`);
      codes.push(...acks.map((ack) => `${ack.eventId}:${ack.code}`));
    }
    for (const event of together ? [] : events) {
      const ack = await service.webhooks.handle(deliveryOf(event, secret));
      if (!ack.success) throw new Error(`event ${event.eventId} refused: ${ack.code} ${ack.message}`);
      codes.push(`${event.eventId}:${ack.code}`);
    }
    const page = await service.addons.list(org, { pageSize: 100 });
    if (!page.ok) throw new Error(page.error.code);
    const addons = page.value.addonSubscriptions.map(observable).sort((a, b) => a.externalId.localeCompare(b.externalId));
    return { addons, codes };
  }

  it('examples: in-order delivery ends canceled with the updated quantities', async () => {
    const { addons } = await finalState(lifeEvents({ createdStatus: 'ADDON_STATUS_ACTIVE', quantities: [1, 3], updateAddsLine: true, updateCancelsAtPeriodEnd: false }));
    expect(addons.map((a) => [a.externalId, a.quantity, a.addonStatus, a.canceledAt])).toEqual([
      ['item_backup', 3, 'ADDON_STATUS_CANCELED', at(5).toISOString()],
      ['item_ipv4', 1, 'ADDON_STATUS_CANCELED', at(5).toISOString()],
    ]);
  });

  /** Delivers `events` in order and in `order`, and compares the observable add-ons. */
  async function sameFinalState(events: BillingEvent[], order: number[]) {
    const expected = await finalState(events);
    const actual = await finalState(order.map((i) => events[i] as BillingEvent));
    expect(actual.addons, `delivery order ${actual.codes.join(', ')}`).toEqual(expected.addons);
  }

  const permutation = (n: number) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n });

  it('order independence: final(permute(events)) = final(events)', async () => {
    await fc.assert(
      fc.asyncProperty(lifeArb, permutation(5), async (life, order) => sameFinalState(lifeEvents(life), order)),
      { numRuns: RUNS },
    );
  });

  it('order independence with replay checkpoints: final(permute(events), checkpoint lag 0..4 min) = final(in order)', async () => {
    await fc.assert(
      fc.asyncProperty(lifeArb, permutation(5), fc.integer({ min: 0, max: 4 }), async (life, order, lagMinutes) => {
        const events = lifeEvents(life);
        const expected = await finalState(events);
        const actual = await finalState(order.map((i) => events[i] as BillingEvent), false, lagMinutes * 60_000);
        expect(actual.addons, `lag ${lagMinutes} min, ${actual.codes.join(', ')}`).toEqual(expected.addons);
      }),
      { numRuns: RUNS },
    );
  });

  it('order independence through one group: final(all at once, grouped, permuted) = final(in order)', async () => {
    await fc.assert(
      fc.asyncProperty(lifeArb, permutation(5), async (life, order) => {
        const events = lifeEvents(life);
        const expected = await finalState(events);
        const actual = await finalState(order.map((i) => events[i] as BillingEvent), true);
        expect(actual.addons, `grouped ${actual.codes.join(', ')}`).toEqual(expected.addons);
      }),
      { numRuns: RUNS },
    );
  });

  it('order independence without a mid-life snapshot: final(permute(created, failed, succeeded, canceled)) = final(in order)', async () => {
    await fc.assert(
      fc.asyncProperty(lifeArb, permutation(4), async (life, order) => {
        const [created, , failed, succeeded, canceled] = lifeEvents(life) as [BillingEvent, BillingEvent, BillingEvent, BillingEvent, BillingEvent];
        await sameFinalState([created, failed, succeeded, canceled], order);
      }),
      { numRuns: RUNS },
    );
  });

  it('order independence when the last event is a snapshot: final(permute(created, failed, succeeded, updated)) = final(in order)', async () => {
    await fc.assert(
      fc.asyncProperty(lifeArb, permutation(4), async (life, order) => {
        const [created, updated, failed, succeeded] = lifeEvents(life) as [BillingEvent, BillingEvent, BillingEvent, BillingEvent];
        const late = { ...updated, occurredAt: new Date(succeeded.occurredAt.getTime() + 60_000) } as BillingEvent;
        await sameFinalState([created, failed, succeeded, late], order);
      }),
      { numRuns: RUNS },
    );
  });
});
