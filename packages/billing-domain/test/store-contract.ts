import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingStore } from '../src/domain/ports.js';
import { anAddon, at, T0 } from './support/addons.js';
import { aSubscription, anEventRecord, freshOrg } from './support/records.js';
import { claimContract } from './claim-contract.js';

/**
 * The behaviour every BillingStore adapter must show. `open` makes a migrated store; it is
 * called once for the whole suite.
 */
export function describeStoreContract(name: string, open: () => Promise<{ store: BillingStore; cleanup: () => Promise<void> }>) {
  describe(`${name} store contract`, () => {
    let store: BillingStore;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(async () => {
      await store.close();
      await cleanup();
    });
    claimContract(() => store);

    async function seed(org: string, count = 1) {
      await store.transaction(async (uow) => {
        await uow.subscriptions.insert(aSubscription({ organizationId: org }));
        for (let i = 0; i < count; i++) {
          const id = `a${String(i).padStart(3, '0')}`;
          // NOTE: pairs share a createTime so the id tie-break is exercised.
          const createTime = at(Math.floor(i / 2)).toISOString();
          await uow.addons.insert(anAddon({ organizationId: org, id, name: `addonSubscriptions/${id}`, createTime, updateTime: createTime }));
        }
      });
    }

    it('round-trips add-ons exactly: decimal strings, dates, metadata, flags', async () => {
      const org = freshOrg();
      const addon = anAddon({
        organizationId: org,
        unitAmount: '12345678901234567890.123456789000',
        metadata: { tier: 'gold', note: 'ü' },
        cancelAtPeriodEnd: true,
        canceledAt: at(3).toISOString(),
        cancelOrigin: 'customer',
        startDate: null,
      });
      await store.transaction(async (uow) => {
        await uow.subscriptions.insert(aSubscription({ organizationId: org }));
        await uow.addons.insert(addon);
      });
      const read = await store.transaction((uow) => uow.addons.findById(org, 'a1'));
      expect(read).toEqual(addon);
      const sub = await store.transaction((uow) => uow.subscriptions.findByExternalId(org, 'stripe', 'sub_1'));
      expect(sub).toEqual(aSubscription({ organizationId: org }));
    });

    it('updates replace the stored state', async () => {
      const org = freshOrg();
      await seed(org);
      const changed = anAddon({ organizationId: org, id: 'a000', name: 'addonSubscriptions/a000', quantity: 7, unitAmount: '0.10', updateTime: at(9).toISOString() });
      await store.transaction((uow) => uow.addons.update(changed));
      expect(await store.transaction((uow) => uow.addons.findById(org, 'a000'))).toEqual(changed);
    });

    it("another organization's rows are invisible everywhere", async () => {
      const mine = freshOrg('mine');
      const theirs = freshOrg('theirs');
      await seed(theirs, 3);
      await store.transaction((uow) => uow.webhookEvents.insertIfAbsent(anEventRecord({ organizationId: theirs })));
      await store.transaction(async (uow) => {
        expect(await uow.addons.findById(mine, 'a000')).toBeNull();
        expect(await uow.addons.listBySubscription(mine, 's1')).toEqual([]);
        expect(await uow.addons.listPage(mine, { limit: 10 })).toEqual([]);
        expect(await uow.subscriptions.findById(mine, 's1')).toBeNull();
        expect(await uow.subscriptions.findByExternalId(mine, 'stripe', 'sub_1')).toBeNull();
        expect(await uow.webhookEvents.find(mine, 'stripe', 'evt_1')).toBeNull();
        expect(await uow.webhookEvents.listPending(mine, 'stripe', 'sub_1')).toEqual([]);
        await uow.addons.update(anAddon({ organizationId: mine, id: 'a000', quantity: 99 }));
        await uow.webhookEvents.setStatus(mine, 'stripe', 'evt_1', 'applied');
      });
      await store.transaction(async (uow) => {
        expect((await uow.addons.findById(theirs, 'a000'))?.quantity).toBe(1);
        expect((await uow.webhookEvents.find(theirs, 'stripe', 'evt_1'))?.status).toBe('pending');
        expect(await uow.webhookEvents.insertIfAbsent(anEventRecord({ organizationId: mine }))).toBe(true);
      });
    });

    it('lists newest first with keyset pages that neither skip nor repeat', async () => {
      const org = freshOrg();
      await seed(org, 7);
      const seen: string[] = [];
      let after: { createTime: string; id: string } | undefined;
      for (;;) {
        const page = await store.transaction((uow) => uow.addons.listPage(org, { limit: 3, ...(after ? { after } : {}) }));
        seen.push(...page.map((a) => a.id));
        const last = page[page.length - 1];
        if (page.length < 3 || last === undefined) break;
        after = { createTime: last.createTime, id: last.id };
      }
      expect(seen).toEqual(['a006', 'a005', 'a004', 'a003', 'a002', 'a001', 'a000']);
      const bySub = await store.transaction((uow) => uow.addons.listPage(org, { subscriptionId: 'other', limit: 3 }));
      expect(bySub).toEqual([]);
    });

    it('records an event once: insertIfAbsent is false the second time', async () => {
      const org = freshOrg();
      const event = anEventRecord({ organizationId: org });
      expect(await store.transaction((uow) => uow.webhookEvents.insertIfAbsent(event))).toBe(true);
      expect(await store.transaction((uow) => uow.webhookEvents.insertIfAbsent({ ...event, status: 'applied' }))).toBe(false);
      expect(await store.transaction((uow) => uow.webhookEvents.find(org, 'stripe', 'evt_1'))).toEqual(event);
    });

    it('lists pending events oldest first, only pending ones', async () => {
      const org = freshOrg();
      await store.transaction(async (uow) => {
        await uow.webhookEvents.insertIfAbsent(anEventRecord({ organizationId: org, eventId: 'late', occurredAt: at(5).toISOString() }));
        await uow.webhookEvents.insertIfAbsent(anEventRecord({ organizationId: org, eventId: 'early', occurredAt: at(1).toISOString() }));
        await uow.webhookEvents.insertIfAbsent(anEventRecord({ organizationId: org, eventId: 'done', status: 'applied' }));
      });
      const pending = await store.transaction((uow) => uow.webhookEvents.listPending(org, 'stripe', 'sub_1'));
      expect(pending.map((e) => e.eventId)).toEqual(['early', 'late']);
    });

    it('rolls back everything when the work throws', async () => {
      const org = freshOrg();
      await expect(
        store.transaction(async (uow) => {
          await uow.subscriptions.insert(aSubscription({ organizationId: org }));
          await uow.webhookEvents.insertIfAbsent(anEventRecord({ organizationId: org }));
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      await store.transaction(async (uow) => {
        expect(await uow.subscriptions.findById(org, 's1')).toBeNull();
        expect(await uow.webhookEvents.find(org, 'stripe', 'evt_1')).toBeNull();
      });
    });

    it('serializes concurrent read-modify-write under FOR UPDATE: no update is lost', async () => {
      const org = freshOrg();
      await seed(org);
      await Promise.all(
        Array.from({ length: 10 }, () =>
          store.transaction(async (uow) => {
            const addon = await uow.addons.findById(org, 'a000', { forUpdate: true });
            if (addon === null) throw new Error('missing');
            await uow.addons.update({ ...addon, quantity: addon.quantity + 1 });
          }),
        ),
      );
      expect((await store.transaction((uow) => uow.addons.findById(org, 'a000')))?.quantity).toBe(11);
    });

    it('migrations are idempotent: a second run applies nothing', async () => {
      const again = await store.migrate();
      expect(again.applied).toEqual([]);
      expect(again.total).toBeGreaterThanOrEqual(1);
      expect(await store.ping()).toBe(true);
    });

    it('keeps one page-token key: the first candidate stored wins, later ones are ignored', async () => {
      const first = await store.transaction((uow) => uow.pageTokenKey.getOrCreate(Buffer.alloc(32, 1)));
      const second = await store.transaction((uow) => uow.pageTokenKey.getOrCreate(Buffer.alloc(32, 2)));
      expect(first).toHaveLength(32);
      expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    });

    it('filters a listing by the provider id of the parent (any provider), with keyset pages', async () => {
      const org = freshOrg();
      await seed(org, 3);
      await store.transaction(async (uow) => {
        await uow.subscriptions.insert(aSubscription({ organizationId: org, id: 's2', provider: 'paddle', externalId: 'sub_1' }));
        await uow.subscriptions.insert(aSubscription({ organizationId: org, id: 's3', externalId: 'sub_3' }));
        await uow.addons.insert(anAddon({ organizationId: org, id: 'p1', subscriptionId: 's2', createTime: at(9).toISOString() }));
        await uow.addons.insert(anAddon({ organizationId: org, id: 'x1', subscriptionId: 's3', createTime: at(9).toISOString() }));
      });
      const ids = (query: { subscriptionId?: string; externalSubscriptionId?: string; after?: { createTime: string; id: string } }) =>
        store.transaction(async (uow) => (await uow.addons.listPage(org, { limit: 10, ...query })).map((a) => a.id));
      expect(await ids({ externalSubscriptionId: 'sub_1' })).toEqual(['p1', 'a002', 'a001', 'a000']);
      expect(await ids({ externalSubscriptionId: 'sub_1', subscriptionId: 's2' })).toEqual(['p1']);
      expect(await ids({ externalSubscriptionId: 'sub_3', subscriptionId: 's1' })).toEqual([]);
      expect(await ids({ externalSubscriptionId: 'sub_1', after: { createTime: at(9).toISOString(), id: 'p1' } })).toEqual(['a002', 'a001', 'a000']);
    });

    it('keeps timestamps to the millisecond', async () => {
      const org = freshOrg();
      const odd = new Date(T0.getTime() + 123).toISOString();
      await store.transaction((uow) => uow.subscriptions.insert(aSubscription({ organizationId: org, lastEventAt: odd })));
      expect((await store.transaction((uow) => uow.subscriptions.findById(org, 's1')))?.lastEventAt).toBe(odd);
    });
  });
}
