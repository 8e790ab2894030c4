import { describe, expect, it } from 'vitest';
import type { BillingStore } from '../src/domain/ports.js';
import type { AddonEventData, OutboundEvent } from '../src/contract.js';
import { anAddon, anItem, at } from './support/addons.js';
import { canceledEvent, paymentEvent, upsertEvent } from './support/events.js';
import { aSubscription, freshOrg } from './support/records.js';
import { tenant as tenantOn } from './support/tenant.js';

/** The organization's events, oldest first. */
export async function eventsOf(store: BillingStore, org: string): Promise<OutboundEvent[]> {
  const events = await store.transaction((uow) => uow.events.listEvents(org, { limit: 1000 }));
  return events.reverse();
}

const dataOf = (event: OutboundEvent | undefined) => event?.data as AddonEventData;

/** The outbox: every change of an add-on writes one event in its transaction, and nothing else does. */
export function describeOutbox(getStore: () => BillingStore) {
  describe('outbox', () => {
    it('a new add-on makes addon_subscription.created carrying the resource exactly as GET returns it', async () => {
      const store = getStore();
      const t = tenantOn(store);
      await t.send(upsertEvent('e1', 1));
      const [addon] = await t.addons();
      const events = await eventsOf(store, t.org);
      expect(events.map((e) => [e.type, e.sequence])).toEqual([['addon_subscription.created', 1]]);
      const got = await t.service.addons.get(t.org, addon!.id);
      expect(got.ok && dataOf(events[0]).addonSubscription).toEqual(got.ok ? got.value : 'missing');
      expect(dataOf(events[0]).previousAttributes).toBeUndefined();
      expect(events[0]).toMatchObject({ organizationId: t.org, id: expect.stringMatching(/^evt_[0-9a-f]{32}$/) });
    });

    it('changes make updated with previousAttributes, the end makes canceled; duplicates, older events and a repeated :cancel make none', async () => {
      const store = getStore();
      const t = tenantOn(store);
      await t.send(upsertEvent('e1', 1));
      await t.send(upsertEvent('e1', 1)); // duplicate
      await t.send(paymentEvent('e2', 2, false));
      await t.send(paymentEvent('e0', 0, false)); // older: stored, nothing changes
      const [addon] = await t.addons();
      const id = addon!.id;
      await t.service.addons.cancel(t.org, id, at(3));
      await t.service.addons.cancel(t.org, id, at(4)); // repeated: unchanged
      await t.service.addons.undoCancel(t.org, id, at(5));
      await t.service.addons.undoCancel(t.org, id, at(6)); // idempotent: unchanged
      await t.send(canceledEvent('e3', 7));
      const events = await eventsOf(store, t.org);
      expect(events.map((e) => e.type)).toEqual([
        'addon_subscription.created',
        'addon_subscription.updated',
        'addon_subscription.updated',
        'addon_subscription.updated',
        'addon_subscription.canceled',
      ]);
      expect(events.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5]);
      expect(dataOf(events[1]).previousAttributes).toEqual({ addonStatus: 'ADDON_STATUS_ACTIVE' });
      expect(dataOf(events[2]).previousAttributes).toEqual({ cancelAtPeriodEnd: false, canceledAt: null });
      expect(dataOf(events[3]).previousAttributes).toEqual({ cancelAtPeriodEnd: true, canceledAt: at(3).toISOString() });
      expect(dataOf(events[4]).previousAttributes).toMatchObject({ addonStatus: 'ADDON_STATUS_PAST_DUE', status: 'STATUS_ACTIVE' });
      const got = await t.service.addons.get(t.org, id);
      expect(dataOf(events[4]).addonSubscription).toEqual(got.ok ? got.value : 'missing');
      expect(Date.parse(events[4]!.timestamp)).toBeGreaterThanOrEqual(Date.parse(events[3]!.timestamp));
    });

    it('a late event that changes the state through the replay makes its event', async () => {
      const store = getStore();
      const t = tenantOn(store);
      await t.send(upsertEvent('e1', 1));
      await t.send(upsertEvent('e3', 3, { items: [anItem({ externalId: 'item_1', quantity: 1 })] }));
      // NOTE: a payment failure at minute 2 arrives after the snapshot of minute 3; the snapshot
      // carried ACTIVE, so the refold leaves the state as it is: no event.
      await t.send(paymentEvent('e2', 2, false));
      expect((await eventsOf(store, t.org)).map((e) => e.type)).toEqual(['addon_subscription.created']);
      // A second add-on line that appeared at minute 2, reported late, joins through the replay.
      await t.send(upsertEvent('e2b', 2, { items: [anItem({ externalId: 'item_1' }), anItem({ externalId: 'item_2', addonCode: 'ipv4' })] }));
      const events = await eventsOf(store, t.org);
      expect(events.map((e) => e.type)).toEqual(['addon_subscription.created', 'addon_subscription.created']);
      const late = dataOf(events[1]).addonSubscription;
      expect(late.addonCode).toBe('ipv4');
      const got = await t.service.addons.get(t.org, late.id);
      expect(late).toEqual(got.ok ? got.value : 'missing');
    });

    it('a change that rolls back leaves no event, and takes no sequence number', async () => {
      const store = getStore();
      const org = freshOrg();
      await store.transaction(async (uow) => {
        await uow.subscriptions.insert(aSubscription({ organizationId: org }));
        await uow.addons.insert(anAddon({ organizationId: org, id: 'a1' }));
      });
      await expect(
        store.transaction(async (uow) => {
          await uow.addons.update(anAddon({ organizationId: org, id: 'a1', quantity: 5 }));
          await uow.flush?.();
          throw new Error('the change fails after its write');
        }),
      ).rejects.toThrow('the change fails');
      expect((await eventsOf(store, org)).map((e) => e.sequence)).toEqual([1]);
      await store.transaction((uow) => uow.addons.update(anAddon({ organizationId: org, id: 'a1', quantity: 2, updateTime: at(9).toISOString() })));
      const events = await eventsOf(store, org);
      expect(events.map((e) => [e.type, e.sequence])).toEqual([
        ['addon_subscription.created', 1],
        ['addon_subscription.updated', 2],
      ]);
      expect(dataOf(events[1]).previousAttributes).toEqual({ quantity: 1 });
    });

    it('events of a savepoint that rolls back take no number; the transaction\'s later events are numbered at its commit, without gaps', async () => {
      const store = getStore();
      const org = freshOrg();
      await store.transaction(async (uow) => {
        await uow.subscriptions.insert(aSubscription({ organizationId: org }));
        await expect(
          uow.savepoint(async (inner) => {
            await inner.addons.insert(anAddon({ organizationId: org, id: 'a0' }));
            await inner.flush?.();
            throw new Error('the piece fails after its write');
          }),
        ).rejects.toThrow('the piece fails');
        await uow.savepoint(async (inner) => {
          await inner.addons.insert(anAddon({ organizationId: org, id: 'a1' }));
          await inner.flush?.();
        });
        await uow.addons.insert(anAddon({ organizationId: org, id: 'a2' }));
      });
      const events = await eventsOf(store, org);
      expect(events.map((e) => [dataOf(e).addonSubscription.id, e.sequence])).toEqual([
        ['a1', 1],
        ['a2', 2],
      ]);
    });

    it('a write that changes only updateTime makes no event', async () => {
      const store = getStore();
      const org = freshOrg();
      await store.transaction(async (uow) => {
        await uow.subscriptions.insert(aSubscription({ organizationId: org }));
        await uow.addons.insert(anAddon({ organizationId: org, id: 'a1' }));
      });
      await store.transaction((uow) => uow.addons.update(anAddon({ organizationId: org, id: 'a1', updateTime: at(5).toISOString() })));
      expect(await eventsOf(store, org)).toHaveLength(1);
    });

    it('group commit: many deliveries at once make one event per change, sequences 1..n without gaps', async () => {
      const store = getStore();
      const t = tenantOn(store, { ingestGroup: { maxSize: 16, windowMs: 5 } });
      const subs = Array.from({ length: 12 }, (_, i) => i);
      await Promise.all(
        subs.map((i) => t.send({ ...upsertEvent(`g${i}`, 1), subscriptionExternalId: `sub_${i}` })),
      );
      await Promise.all(subs.map((i) => t.send({ ...paymentEvent(`p${i}`, 2, false), subscriptionExternalId: `sub_${i}` })));
      const events = await eventsOf(store, t.org);
      expect(events.filter((e) => e.type === 'addon_subscription.created')).toHaveLength(12);
      expect(events.filter((e) => e.type === 'addon_subscription.updated')).toHaveLength(12);
      expect(events.map((e) => e.sequence)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    });

    it('a transaction that writes first but commits last takes the higher sequence (PostgreSQL: transactions overlap)', async (ctx) => {
      const store = getStore();
      if (store.kind !== 'postgres') return ctx.skip();
      const org = freshOrg();
      await store.transaction(async (uow) => {
        await uow.subscriptions.insert(aSubscription({ organizationId: org }));
        for (const id of ['first', 'second']) await uow.addons.insert(anAddon({ organizationId: org, id }));
      });
      let release: () => void = () => undefined;
      const secondCommitted = new Promise<void>((resolve) => (release = resolve));
      const first = store.transaction(async (uow) => {
        await uow.addons.update(anAddon({ organizationId: org, id: 'first', quantity: 3 }));
        await uow.flush?.();
        await secondCommitted;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await store.transaction((uow) => uow.addons.update(anAddon({ organizationId: org, id: 'second', quantity: 3 })));
      release();
      await first;
      const updates = (await eventsOf(store, org)).filter((e) => e.type === 'addon_subscription.updated');
      expect(updates.map((e) => [dataOf(e).addonSubscription.id, e.sequence])).toEqual([
        ['second', 3],
        ['first', 4],
      ]);
    });

    it('concurrent transactions of one organization take sequence numbers in commit order, without gaps', async () => {
      const store = getStore();
      const org = freshOrg();
      const n = 16;
      await store.transaction(async (uow) => {
        await uow.subscriptions.insert(aSubscription({ organizationId: org }));
        for (let i = 0; i < n; i++) await uow.addons.insert(anAddon({ organizationId: org, id: `a${i}` }));
      });
      await Promise.all(
        Array.from({ length: n }, (_, i) =>
          store
            .transaction((uow) => uow.addons.update(anAddon({ organizationId: org, id: `a${i}`, quantity: 2 }))),
        ),
      );
      const updates = (await eventsOf(store, org)).filter((e) => e.type === 'addon_subscription.updated');
      expect(updates.map((e) => e.sequence)).toEqual(Array.from({ length: n }, (_, i) => n + i + 1));
      expect(new Set(updates.map((e) => dataOf(e).addonSubscription.id)).size).toBe(n);
    });
  });
}
