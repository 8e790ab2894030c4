import { describe, expect, it } from 'vitest';
import type { BillingEvent } from '../src/domain/billing-event.js';
import { createBillingService } from '../src/service/billing-service.js';
import { groupCommit } from '../src/storage/group-commit.js';
import { openTestStore } from './support/pglite.js';
import type { BillingStore } from '../src/domain/ports.js';
import { anItem, at } from './support/addons.js';
import { deliveryOf, paymentEvent, testCodecs, upsertEvent } from './support/events.js';
import { createThrowawayDatabase, postgresUnavailableReason } from './support/postgres.js';
import { anEventRecord, freshOrg } from './support/records.js';
import { sharedStore, tenant } from './support/tenant.js';

/** The store, telling `log` when a transaction began and when it committed. */
function observed(store: BillingStore, log: string[]): BillingStore {
  return {
    ...store,
    async transaction(work) {
      log.push('begin');
      const result = await store.transaction(work);
      log.push('commit');
      return result;
    },
  };
}

/** A service of a fresh organization whose deliveries go through group commit on `store`. */
const groupedService = (store: BillingStore, windowMs = 20) => tenant(store, { ingestGroup: { maxSize: 64, windowMs }, onError: () => undefined });

function describeGroupCommit(getStore: () => BillingStore) {
  it('deliveries arriving together share one commit, and each is answered only after it', async () => {
    const log: string[] = [];
    const t = groupedService(observed(getStore(), log));
    const events = [upsertEvent('e1', 1), paymentEvent('e2', 2, false), paymentEvent('e3', 3, true)];
    const acks = await Promise.all(events.map((e) => t.send(e).then((ack) => (log.push(`ack ${ack.eventId}`), ack))));
    expect(acks.map((a) => a.code)).toEqual(['webhook.applied', 'webhook.applied', 'webhook.applied']);
    expect(log.slice(0, 3)).toEqual(['begin', 'commit', expect.stringMatching(/^ack /)]);
    expect(log.filter((l) => l === 'commit')).toHaveLength(1);
  });

  it('the same event twice in one group: applied once, the second a duplicate', async () => {
    const log: string[] = [];
    const t = groupedService(observed(getStore(), log));
    const acks = await Promise.all(Array.from({ length: 5 }, () => t.send(upsertEvent('e1', 1))));
    expect(log.filter((l) => l === 'commit')).toHaveLength(1);
    expect(acks.filter((a) => a.code === 'webhook.applied')).toHaveLength(1);
    expect(acks.filter((a) => a.code === 'webhook.duplicate')).toHaveLength(4);
    expect(await t.addons()).toHaveLength(1);
  });

  it('one piece that fails rolls back alone; the others of its group commit', async () => {
    const org = freshOrg('piece');
    const group = groupCommit(getStore(), { maxSize: 64, windowMs: 20, onFallback: () => undefined });
    const write = (eventId: string, fail: boolean) =>
      group.run({ event: anEventRecord({ organizationId: org, eventId, subscriptionExternalId: `sub_${eventId}` }) }, async () => {
        if (fail) throw new Error('this piece fails');
        return { result: eventId, state: null };
      });
    const outcomes = await Promise.allSettled([write('a', false), write('b', true), write('c', false)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await getStore().transaction(async (uow) => {
      expect(await uow.webhookEvents.find(org, 'stripe', 'a')).not.toBeNull();
      expect(await uow.webhookEvents.find(org, 'stripe', 'b')).toBeNull();
      expect(await uow.webhookEvents.find(org, 'stripe', 'c')).not.toBeNull();
    });
  });

  // NOTE: a quantity beyond the INTEGER column: the claim together (a new subscription's rows) or
  // the write after it (a known one's) fails, and with it the statement for the whole group.
  const tooMany = 3_000_000_000;
  const newSubscription = (i: number, quantity = 1) =>
    ({ ...upsertEvent(`new_${i}`, 1, { items: [anItem({ externalId: `item_${i}`, quantity })] }), subscriptionExternalId: `sub_${i}` }) as BillingEvent;

  it('one delivery of a group that the claim together cannot store fails alone; the others are applied', async () => {
    const log: string[] = [];
    const t = groupedService(observed(getStore(), log));
    const acks = await Promise.all([newSubscription(1), newSubscription(2, tooMany), newSubscription(3)].map((e) => t.send(e)));
    expect(acks.map((a) => [a.eventId, a.code, a.success])).toEqual([
      ['new_1', 'webhook.applied', true],
      ['new_2', 'storage.unavailable', false],
      ['new_3', 'webhook.applied', true],
    ]);
    // NOTE: the transaction of the claim together is rolled back; the group runs again, a savepoint each.
    expect(log).toEqual(['begin', 'begin', 'commit']);
    expect((await t.addons()).map((a) => a.externalId).sort()).toEqual(['item_1', 'item_3']);
    await getStore().transaction(async (uow) => {
      expect(await uow.webhookEvents.find(t.org, 'standard', 'new_2')).toBeNull();
      expect(await uow.subscriptions.findByExternalId(t.org, 'standard', 'sub_2')).toBeNull();
      expect((await uow.webhookEvents.find(t.org, 'standard', 'new_1'))?.status).toBe('applied');
    });
  });

  it('one delivery of a group whose write fails after the claim together fails alone; the others are applied', async () => {
    const log: string[] = [];
    const t = groupedService(observed(getStore(), log));
    expect((await t.send(newSubscription(1))).code).toBe('webhook.applied');
    const tooLarge = { ...newSubscription(1, tooMany), eventId: 'more_1', occurredAt: at(2) } as BillingEvent;
    const acks = await Promise.all([tooLarge, newSubscription(2), paymentEvent('pay_3', 3, false)].map((e) => t.send({ ...e, subscriptionExternalId: e.eventId === 'pay_3' ? 'sub_2' : e.subscriptionExternalId })));
    expect(acks.map((a) => [a.eventId, a.code, a.success])).toEqual([
      ['more_1', 'storage.unavailable', false],
      ['new_2', 'webhook.applied', true],
      ['pay_3', 'webhook.applied', true],
    ]);
    expect(log).toEqual(['begin', 'commit', 'begin', 'begin', 'commit']);
    const addons = await t.addons();
    expect(addons.map((a) => [a.externalId, a.quantity, a.addonStatus]).sort()).toEqual([
      ['item_1', 1, 'ADDON_STATUS_ACTIVE'],
      ['item_2', 1, 'ADDON_STATUS_PAST_DUE'],
    ]);
    await getStore().transaction(async (uow) => {
      expect(await uow.webhookEvents.find(t.org, 'standard', 'more_1')).toBeNull();
    });
  });

  it('a group whose commit fails answers 503 to every delivery in it and keeps nothing', async () => {
    const store = getStore();
    const failingCommit: BillingStore = {
      ...store,
      transaction: (work) => store.transaction(async (uow) => {
        await work(uow);
        throw new Error('commit failed');
      }),
    };
    const t = groupedService(failingCommit);
    const acks = await Promise.all([t.send(upsertEvent('e1', 1, { items: [anItem({ externalId: 'item_1' })] })), t.send(paymentEvent('e2', 2, true))]);
    expect(acks.map((a) => [a.code, a.success])).toEqual([['storage.unavailable', false], ['storage.unavailable', false]]);
    const fresh = groupedService(store);
    expect(await fresh.addons()).toEqual([]);
    await store.transaction(async (uow) => {
      expect(await uow.webhookEvents.find(t.org, 'standard', 'e1')).toBeNull();
      expect(await uow.webhookEvents.find(t.org, 'standard', 'e2')).toBeNull();
    });
  });
}

describe('group commit, PGlite (memory://)', () => {
  const store = sharedStore(async () => ({ store: await openTestStore({ databaseUrl: 'memory://' }), cleanup: async () => undefined }));
  describeGroupCommit(store);
});

const skipReason = await postgresUnavailableReason();
describe.skipIf(skipReason !== '')(`group commit, PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let url = '';
  const store = sharedStore(async () => {
    const db = await createThrowawayDatabase();
    url = db.url;
    return { store: await openTestStore({ databaseUrl: db.url }), cleanup: () => db.drop() };
  });
  describeGroupCommit(store);

  it('two processes group the same deliveries at once: each event applied once', async () => {
    const other = await openTestStore({ databaseUrl: url });
    try {
      const org = freshOrg('two');
      const secret = `whsec_${org}`;
      const service = (s: BillingStore) => createBillingService({
        store: s,
        config: { webhookEndpoints: [{ provider: 'standard', organizationId: org, secrets: [secret], requireBearer: false, toleranceSeconds: 300 }] },
        clock: () => at(1000),
        codecs: testCodecs,
        ingestGroup: { maxSize: 64, windowMs: 5 },
      });
      const [a, b] = [service(store()), service(other)];
      const events = Array.from({ length: 40 }, (_, i) => ({ ...upsertEvent(`e${i}`, 1), subscriptionExternalId: `sub_${i % 7}` }) as BillingEvent);
      // NOTE: the two receive the events in opposite orders, so unordered groups would deadlock.
      const acks = await Promise.all([
        ...events.map((e) => a.webhooks.handle(deliveryOf(e, secret))),
        ...[...events].reverse().map((e) => b.webhooks.handle(deliveryOf(e, secret))),
      ]);
      expect(acks.filter((x) => !x.success)).toEqual([]);
      for (const e of events) {
        const mine = acks.filter((x) => x.eventId === e.eventId).map((x) => x.code);
        expect(mine.filter((c) => c === 'webhook.duplicate'), e.eventId).toHaveLength(1);
        expect(mine.filter((c) => c === 'webhook.applied' || c === 'webhook.stored'), e.eventId).toHaveLength(1);
      }
      const page = await a.addons.list(org, { pageSize: 100 });
      if (!page.ok) throw new Error(page.error.code);
      expect(page.value.addonSubscriptions).toHaveLength(7);
    } finally {
      await other.close();
    }
  });
});
