import { expect, it } from 'vitest';
import type { BillingStore, ClaimRequest } from '../src/domain/ports.js';
import { anAddon, at } from './support/addons.js';
import { aSubscription, anEventRecord, freshOrg } from './support/records.js';

/**
 * What every store's `webhookEvents.claimAll`, replay checkpoints and `listHistory(..., after)` must
 * do; registered inside a store's contract suite, which owns the store.
 */
export function claimContract(getStore: () => BillingStore) {
  const store = () => getStore();

  const claimOne = (request: ClaimRequest) => store().transaction(async (uow) => (await uow.webhookEvents.claimAll([request]))[0]);

  it('claimAll: null for an event already recorded, or repeated earlier in the call, and nothing changes', async () => {
    const org = freshOrg();
    const event = anEventRecord({ organizationId: org });
    expect(await claimOne({ event })).not.toBeNull();
    expect(await claimOne({ event: { ...event, status: 'applied' } })).toBeNull();
    expect(await store().transaction((uow) => uow.webhookEvents.find(org, 'stripe', 'evt_1'))).toEqual(event);
    const twice = anEventRecord({ organizationId: org, eventId: 'evt_2' });
    const answers = await store().transaction((uow) => uow.webhookEvents.claimAll([{ event: twice }, { event: { ...twice, status: 'applied' } }]));
    expect(answers).toEqual([{ found: null, pending: [], created: false }, null]);
    expect(await store().transaction((uow) => uow.webhookEvents.find(org, 'stripe', 'evt_2'))).toEqual(twice);
  });

  it('claimAll: a creating event lists the other pending events oldest first, without itself and the later events of the call', async () => {
    const org = freshOrg();
    await store().transaction(async (uow) => {
      await uow.webhookEvents.insertIfAbsent(anEventRecord({ organizationId: org, eventId: 'late', occurredAt: at(5).toISOString() }));
      await uow.webhookEvents.insertIfAbsent(anEventRecord({ organizationId: org, eventId: 'early', occurredAt: at(1).toISOString() }));
      await uow.webhookEvents.insertIfAbsent(anEventRecord({ organizationId: org, eventId: 'other', subscriptionExternalId: 'sub_2' }));
    });
    const creates = { subscription: aSubscription({ organizationId: org }), addons: [] };
    const answers = await store().transaction((uow) =>
      uow.webhookEvents.claimAll([
        { event: anEventRecord({ organizationId: org, eventId: 'before', occurredAt: at(2).toISOString() }) },
        { event: anEventRecord({ organizationId: org, eventId: 'new', occurredAt: at(3).toISOString() }), creates },
        { event: anEventRecord({ organizationId: org, eventId: 'after', occurredAt: at(4).toISOString() }) },
      ]),
    );
    expect(answers[0]).toEqual({ found: null, pending: [], created: false });
    const created = answers[1];
    if (created === null || created === 'follows' || created === undefined) throw new Error(`not a claim: ${String(created)}`);
    expect(created.created).toBe(true);
    expect(created.pending.map((e) => e.eventId)).toEqual(['early', 'before', 'late']);
    expect(answers[2]).toBe('follows');
  });

  it('claimAll with creates: writes the rows exactly and marks the event applied; for a known subscription, reads it instead', async () => {
    const org = freshOrg();
    const subscription = aSubscription({ organizationId: org });
    const addon = anAddon({ organizationId: org, unitAmount: '1.20', metadata: { tier: 'gold' } });
    const claim = await claimOne({ event: anEventRecord({ organizationId: org }), creates: { subscription, addons: [addon] } });
    expect(claim).toMatchObject({ found: null, created: true, pending: [] });
    const exact = anAddon({ organizationId: org, id: 'a2', name: 'addonSubscriptions/a2', externalId: 'item_2', unitAmount: '0.123456789012345678901' });
    await store().transaction((uow) => uow.addons.insert({ ...exact, createTime: at(9).toISOString() }));
    const again = await claimOne({ event: anEventRecord({ organizationId: org, eventId: 'evt_2' }), creates: { subscription: { ...subscription, id: 's2' }, addons: [] } });
    expect(again).toEqual({ found: { subscription, addons: [addon, { ...exact, createTime: at(9).toISOString() }] }, pending: [], created: false });
    await store().transaction(async (uow) => {
      expect((await uow.webhookEvents.find(org, 'stripe', 'evt_1'))?.status).toBe('applied');
      expect((await uow.webhookEvents.find(org, 'stripe', 'evt_2'))?.status).toBe('pending');
      expect(await uow.subscriptions.findById(org, 's2')).toBeNull();
    });
  });

  it('claimAll: the later events of a subscription found or created earlier in the call follow it (no read); ignored ones and other subscriptions do not', async () => {
    const org = freshOrg();
    const subscription = aSubscription({ organizationId: org });
    await store().transaction((uow) => uow.subscriptions.insert(subscription));
    const event = (eventId: string, sub = 'sub_1', status: 'pending' | 'ignored' = 'pending') =>
      anEventRecord({ organizationId: org, eventId, subscriptionExternalId: sub, status });
    const answers = await store().transaction((uow) =>
      uow.webhookEvents.claimAll([
        { event: event('i1', 'sub_1', 'ignored') },
        { event: event('k1') },
        { event: event('k2') },
        { event: event('n1', 'sub_9') },
        { event: event('n2', 'sub_9'), creates: { subscription: aSubscription({ organizationId: org, id: 's9', externalId: 'sub_9' }), addons: [] } },
        { event: event('n3', 'sub_9') },
      ]),
    );
    expect(answers.map((a) => (a === null || a === 'follows' ? a : a.found !== null ? 'found' : a.created ? 'created' : 'unknown'))).toEqual([
      'unknown',
      'found',
      'follows',
      'unknown',
      'created',
      'follows',
    ]);
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
