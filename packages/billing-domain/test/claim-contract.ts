import { expect, it } from 'vitest';
import type { BillingStore } from '../src/domain/ports.js';
import { anAddon, at } from './support/addons.js';
import { aSubscription, anEventRecord, freshOrg } from './support/records.js';

/**
 * What every store's `webhookEvents.claim`, replay checkpoints and `listHistory(..., after)` must
 * do; registered inside a store's contract suite, which owns the store.
 */
export function claimContract(getStore: () => BillingStore) {
  const store = () => getStore();

  it('claim: null for an event already recorded, and nothing changes', async () => {
    const org = freshOrg();
    const event = anEventRecord({ organizationId: org });
    expect(await store().transaction((uow) => uow.webhookEvents.claim(event, { withPending: false }))).not.toBeNull();
    expect(await store().transaction((uow) => uow.webhookEvents.claim({ ...event, status: 'applied' }, { withPending: false }))).toBeNull();
    expect(await store().transaction((uow) => uow.webhookEvents.find(org, 'stripe', 'evt_1'))).toEqual(event);
  });

  it('claim: for an unknown subscription, the other pending events oldest first, without itself', async () => {
    const org = freshOrg();
    await store().transaction(async (uow) => {
      await uow.webhookEvents.insertIfAbsent(anEventRecord({ organizationId: org, eventId: 'late', occurredAt: at(5).toISOString() }));
      await uow.webhookEvents.insertIfAbsent(anEventRecord({ organizationId: org, eventId: 'early', occurredAt: at(1).toISOString() }));
      await uow.webhookEvents.insertIfAbsent(anEventRecord({ organizationId: org, eventId: 'other', subscriptionExternalId: 'sub_2' }));
    });
    const claim = await store().transaction((uow) =>
      uow.webhookEvents.claim(anEventRecord({ organizationId: org, eventId: 'new', occurredAt: at(3).toISOString() }), { withPending: true }),
    );
    expect(claim?.found).toBeNull();
    expect(claim?.created).toBe(false);
    expect(claim?.pending.map((e) => e.eventId)).toEqual(['early', 'late']);
  });

  it('claim with creates: writes the rows exactly and marks the event applied; for a known subscription, reads it instead', async () => {
    const org = freshOrg();
    const subscription = aSubscription({ organizationId: org });
    const addon = anAddon({ organizationId: org, unitAmount: '1.20', metadata: { tier: 'gold' } });
    const claim = await store().transaction((uow) =>
      uow.webhookEvents.claim(anEventRecord({ organizationId: org }), { withPending: true, creates: { subscription, addons: [addon] } }),
    );
    expect(claim).toMatchObject({ found: null, created: true, pending: [] });
    const again = await store().transaction((uow) =>
      uow.webhookEvents.claim(anEventRecord({ organizationId: org, eventId: 'evt_2' }), {
        withPending: true,
        creates: { subscription: { ...subscription, id: 's2' }, addons: [] },
      }),
    );
    expect(again?.created).toBe(false);
    expect(again?.found).toEqual({ subscription, addons: [addon] });
    await store().transaction(async (uow) => {
      expect((await uow.webhookEvents.find(org, 'stripe', 'evt_1'))?.status).toBe('applied');
      expect((await uow.webhookEvents.find(org, 'stripe', 'evt_2'))?.status).toBe('pending');
      expect(await uow.subscriptions.findById(org, 's2')).toBeNull();
    });
  });

  it('checkpoints: none at first, then the saved one, replaced by the next save', async () => {
    const org = freshOrg();
    const subscription = aSubscription({ organizationId: org });
    const state = { subscription, addons: [anAddon({ organizationId: org, unitAmount: '0.10' })] };
    await store().transaction(async (uow) => {
      await uow.subscriptions.insert(subscription);
      expect(await uow.subscriptions.findCheckpoint(org, 's1')).toBeNull();
      await uow.subscriptions.saveCheckpoint(org, 's1', { foldedThrough: at(2).toISOString(), state });
    });
    expect(await store().transaction((uow) => uow.subscriptions.findCheckpoint(org, 's1'))).toEqual({ foldedThrough: at(2).toISOString(), state });
    await store().transaction((uow) => uow.subscriptions.saveCheckpoint(org, 's1', { foldedThrough: at(4).toISOString(), state }));
    expect((await store().transaction((uow) => uow.subscriptions.findCheckpoint(org, 's1')))?.foldedThrough).toBe(at(4).toISOString());
  });

  it('listHistory after a time: only the applied and stored events that occurred later, oldest first', async () => {
    const org = freshOrg();
    await store().transaction(async (uow) => {
      for (const [eventId, minute, status] of [['a', 1, 'applied'], ['b', 2, 'stored'], ['c', 3, 'applied'], ['d', 4, 'pending']] as const) {
        await uow.webhookEvents.insertIfAbsent(anEventRecord({ organizationId: org, eventId, occurredAt: at(minute).toISOString(), status }));
      }
    });
    const after = await store().transaction((uow) => uow.webhookEvents.listHistory(org, 'stripe', 'sub_1', at(1).toISOString()));
    expect(after.map((e) => e.eventId)).toEqual(['b', 'c']);
    const all = await store().transaction((uow) => uow.webhookEvents.listHistory(org, 'stripe', 'sub_1'));
    expect(all.map((e) => e.eventId)).toEqual(['a', 'b', 'c']);
  });
}
