import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddonSubscription, BillingService } from '../src/contract.js';
import type { BillingEvent } from '../src/domain/billing-event.js';
import type { BillingStore } from '../src/domain/ports.js';
import { createBillingService } from '../src/service/billing-service.js';
import { openTestStore } from './support/pglite.js';
import { anItem, at } from './support/addons.js';
import { deliveryOf, paymentEvent, testCodecs, upsertEvent } from './support/events.js';
import { freshOrg } from './support/records.js';

/** The store, adding to `read` the number of events every history listing answered. */
function countingHistory(store: BillingStore, read: number[]): BillingStore {
  return {
    ...store,
    transaction: (work) =>
      store.transaction((uow) =>
        work({
          ...uow,
          webhookEvents: {
            ...uow.webhookEvents,
            claimAll: (requests) => uow.webhookEvents.claimAll(requests),
            async listHistory(...args) {
              const events = await uow.webhookEvents.listHistory(...args);
              read.push(events.length);
              return events;
            },
          },
        }),
      ),
  };
}

const observable = (a: AddonSubscription) => {
  const { id: _id, name: _name, organizationId: _org, subscriptionId: _sub, timestamps: _t, ...rest } = a;
  return rest;
};

describe('late-event replay from a checkpoint (PGlite memory://)', () => {
  let store: BillingStore;
  beforeAll(async () => {
    store = await openTestStore({ databaseUrl: 'memory://' });
  });
  afterAll(async () => {
    await store.close();
  });

  async function deliver(events: readonly BillingEvent[], read: number[] = []) {
    const org = freshOrg('checkpoint');
    const secret = `whsec_${org}`;
    let tick = 100_000;
    const service: BillingService = createBillingService({
      store: countingHistory(store, read),
      config: { webhookEndpoints: [{ provider: 'standard', organizationId: org, secrets: [secret], requireBearer: false, toleranceSeconds: 300 }] },
      clock: () => at(tick++),
      codecs: testCodecs,
      replayCheckpointLagMs: 20 * 60_000,
    });
    const codes: string[] = [];
    for (const event of events) codes.push((await service.webhooks.handle(deliveryOf(event, secret))).code);
    const page = await service.addons.list(org, { pageSize: 100 });
    if (!page.ok) throw new Error(page.error.code);
    return { codes, addons: page.value.addonSubscriptions.map(observable) };
  }

  // Created at minute 10, then a payment every 10 minutes up to minute 100.
  const created = upsertEvent('created', 10, { items: [anItem({ externalId: 'item_1' })] });
  const payments = Array.from({ length: 9 }, (_, i) => paymentEvent(`pay_${i}`, 20 + 10 * i, i % 2 === 0));
  const late1 = paymentEvent('late_1', 95, false);
  const late2 = upsertEvent('late_2', 97, { items: [anItem({ externalId: 'item_1', quantity: 4 })] });

  it('a second late event newer than the checkpoint reads only the events after it, and ends as in order', async () => {
    const read: number[] = [];
    const late = await deliver([created, ...payments, late1, late2], read);
    // The first late event refolds all 10 stored events and leaves a checkpoint at minute 80
    // (20 minutes behind the newest, 100); the second reads minutes 90, 95 and 100 alone.
    expect(read).toEqual([10, 3]);
    const inOrder = await deliver([created, ...payments.slice(0, 7), late1, late2, payments[7]!, payments[8]!].sort(
      (a, b) => a.occurredAt.getTime() - b.occurredAt.getTime(),
    ));
    expect(late.addons).toEqual(inOrder.addons);
    expect(late.addons[0]?.quantity).toBe(4);
  });

  it('a late event older than the checkpoint refolds everything and replaces the checkpoint', async () => {
    const read: number[] = [];
    // A line the provider added at minute 45 and that late_2 (97) no longer lists: it must exist,
    // ended at 97, which a refold from the checkpoint made before minute 45 arrived cannot know.
    const older = upsertEvent('older', 45, { items: [anItem({ externalId: 'item_1' }), anItem({ externalId: 'item_2', addonCode: 'extra_ipv4' })] });
    const late = await deliver([created, ...payments, late1, older, late2], read);
    // late_1: all 10, checkpoint at 80; older (45 <= 80): all 11, checkpoint again at 80, now with
    // minute 45 in it; late_2: minutes 90, 95, 100.
    expect(read).toEqual([10, 11, 3]);
    const all = [created, ...payments, late1, older, late2].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    expect(late.addons).toEqual((await deliver(all)).addons);
    expect(late.addons.map((a) => [a.externalId, a.addonStatus])).toContainEqual(['item_2', 'ADDON_STATUS_CANCELED']);
  });
});
