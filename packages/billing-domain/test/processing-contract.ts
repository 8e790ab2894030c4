import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingEvent, BillingService } from '../src/contract.js';
import { createBillingService } from '../src/service/billing-service.js';
import type { BillingStore, UnitOfWork } from '../src/storage/ports.js';
import { anItem, at } from './support/addons.js';
import { canceledEvent, deliveryOf, paymentEvent, testCodecs, upsertEvent } from './support/events.js';
import { freshOrg } from './support/records.js';

/** A store whose unit of work fails on the first add-on write: a failure mid-transaction. */
function failingMidTransaction(store: BillingStore): BillingStore {
  const broken = (uow: UnitOfWork): UnitOfWork => ({
    ...uow,
    addons: { ...uow.addons, insert: () => Promise.reject(new Error('disk full')), update: () => Promise.reject(new Error('disk full')) },
  });
  return { ...store, transaction: (work) => store.transaction((uow) => work(broken(uow))) };
}

/** Webhook processing and add-on operations, run against one adapter. */
export function describeProcessingContract(name: string, open: () => Promise<{ store: BillingStore; cleanup: () => Promise<void> }>) {
  describe(`${name} processing`, () => {
    let store: BillingStore;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ store, cleanup } = await open());
    });
    afterAll(async () => {
      await store.close();
      await cleanup();
    });

    function tenant(storeOverride?: BillingStore) {
      const org = freshOrg();
      const secret = `whsec_${org}`;
      let tick = 1000;
      const service: BillingService = createBillingService({
        store: storeOverride ?? store,
        config: { webhookEndpoints: [{ provider: 'standard', organizationId: org, secrets: [secret], requireBearer: false, toleranceSeconds: 300 }] },
        clock: () => at(tick++),
        codecs: testCodecs,
        onError: (error) => console.error(error),
      });
      const send = (event: BillingEvent) => service.webhooks.handle(deliveryOf(event, secret));
      const addons = async () => {
        const page = await service.addons.list(org, { pageSize: 100 });
        if (!page.ok) throw new Error(page.error.code);
        return page.value.addonSubscriptions;
      };
      return { org, secret, service, send, addons };
    }

    it('applies a new subscription and creates its add-ons', async () => {
      const t = tenant();
      const ack = await t.send(upsertEvent('e1', 1, { items: [anItem({ externalId: 'item_1' }), anItem({ externalId: 'item_2', unitAmount: '0.005' })] }));
      expect(ack).toMatchObject({ code: 'webhook.applied', success: true, eventId: 'e1' });
      const list = await t.addons();
      expect(list.map((a) => [a.externalId, a.unitAmount, a.addonStatus]).sort()).toEqual([
        ['item_1', '1.20', 'ADDON_STATUS_ACTIVE'],
        ['item_2', '0.005', 'ADDON_STATUS_ACTIVE'],
      ]);
    });

    it('a redelivery is a duplicate and changes nothing', async () => {
      const t = tenant();
      await t.send(upsertEvent('e1', 1));
      await t.send(paymentEvent('e2', 2, false));
      const before = await t.addons();
      const ack = await t.send(paymentEvent('e2', 2, false));
      expect(ack).toMatchObject({ code: 'webhook.duplicate', success: true });
      expect(ack.message).toMatch(/duplicate/);
      expect(await t.addons()).toEqual(before);
    });

    it('the same event delivered 20 times at once applies once', async () => {
      const t = tenant();
      const acks = await Promise.all(Array.from({ length: 20 }, () => t.send(upsertEvent('e1', 1))));
      expect(acks.filter((a) => a.code === 'webhook.applied')).toHaveLength(1);
      expect(acks.filter((a) => a.code === 'webhook.duplicate')).toHaveLength(19);
      expect(await t.addons()).toHaveLength(1);
    });

    it('an older event is stored, not applied; an equal time applies', async () => {
      const t = tenant();
      await t.send(upsertEvent('new', 10, { items: [anItem({ externalId: 'item_1', quantity: 3 })] }));
      const old = await t.send(upsertEvent('old', 5, { items: [anItem({ externalId: 'item_1', quantity: 2 })] }));
      expect(old).toMatchObject({ code: 'webhook.stored', success: true });
      expect((await t.addons())[0]?.quantity).toBe(3);
      await t.send(upsertEvent('same', 10, { items: [anItem({ externalId: 'item_1', quantity: 4 })] }));
      expect((await t.addons())[0]?.quantity).toBe(4);
      const stalePayment = await t.send(paymentEvent('pay_old', 9, false));
      expect(stalePayment.code).toBe('webhook.stored');
      expect((await t.addons())[0]?.addonStatus).toBe('ADDON_STATUS_ACTIVE');
    });

    it('events for an unknown subscription wait, then apply in time order once it arrives', async () => {
      const t = tenant();
      expect((await t.send(paymentEvent('fail', 7, false))).code).toBe('webhook.stored');
      expect((await t.send(paymentEvent('before', 2, true))).code).toBe('webhook.stored');
      expect(await t.addons()).toEqual([]);
      expect((await t.send(upsertEvent('create', 5))).code).toBe('webhook.applied');
      const [addon] = await t.addons();
      expect(addon?.addonStatus).toBe('ADDON_STATUS_PAST_DUE');
      const later = await t.send(paymentEvent('recover', 6, true));
      expect(later.code).toBe('webhook.stored');
      const statuses = await store.transaction(async (uow) =>
        Promise.all(['fail', 'before', 'create'].map(async (id) => (await uow.webhookEvents.find(t.org, 'standard', id))?.status)),
      );
      expect(statuses).toEqual(['applied', 'stored', 'applied']);
    });

    it('a provider cancellation ends every add-on; undo-cancel then says ended', async () => {
      const t = tenant();
      await t.send(upsertEvent('e1', 1));
      await t.send(canceledEvent('e2', 2));
      const [addon] = await t.addons();
      expect(addon).toMatchObject({ addonStatus: 'ADDON_STATUS_CANCELED', status: 'STATUS_INACTIVE', canceledAt: at(2).toISOString() });
      expect(await t.service.addons.undoCancel(t.org, addon?.id ?? '', at(3))).toMatchObject({ ok: false, error: { code: 'addon.ended' } });
      expect(await t.service.addons.cancel(t.org, addon?.id ?? '', at(3))).toMatchObject({ ok: false, error: { code: 'addon.already_canceled' } });
    });

    it('undo-cancel refuses while the parent is set to cancel', async () => {
      const t = tenant();
      await t.send(upsertEvent('e1', 1, { cancelAtPeriodEnd: true }));
      const [addon] = await t.addons();
      expect(addon).toMatchObject({ cancelAtPeriodEnd: true, canceledAt: at(1).toISOString() });
      expect(await t.service.addons.undoCancel(t.org, addon?.id ?? '', at(3))).toMatchObject({
        ok: false,
        error: { code: 'addon.parent_cancelling' },
      });
    });

    it('concurrent cancels and undo-cancels serialize: none is lost, the first canceledAt stays', async () => {
      const t = tenant();
      await t.send(upsertEvent('e1', 1));
      const id = (await t.addons())[0]?.id ?? '';
      const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => t.service.addons.cancel(t.org, id, at(10 + i))));
      const canceledAts = new Set(outcomes.map((o) => (o.ok ? o.value.canceledAt : o.error.code)));
      expect(canceledAts.size).toBe(1);
      const mixed = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? t.service.addons.cancel(t.org, id, at(30)) : t.service.addons.undoCancel(t.org, id, at(30)))),
      );
      expect(mixed.every((o) => o.ok)).toBe(true);
      const last = await t.service.addons.get(t.org, id);
      if (!last.ok) throw new Error(last.error.code);
      expect(last.value.cancelAtPeriodEnd).toBe(last.value.canceledAt !== null);
    });

    it('a storage failure mid-transaction leaves nothing, and the retry applies', async () => {
      const t = tenant();
      const failing = createBillingService({
        store: failingMidTransaction(store),
        config: { webhookEndpoints: [{ provider: 'standard', organizationId: t.org, secrets: [t.secret], requireBearer: false, toleranceSeconds: 300 }] },
        codecs: testCodecs,
      });
      const ack = await failing.webhooks.handle(deliveryOf(upsertEvent('e1', 1), t.secret));
      expect(ack).toMatchObject({ code: 'storage.unavailable', success: false, eventId: 'e1' });
      await store.transaction(async (uow) => {
        expect(await uow.webhookEvents.find(t.org, 'standard', 'e1')).toBeNull();
        expect(await uow.subscriptions.findByExternalId(t.org, 'standard', 'ext_sub_1')).toBeNull();
      });
      expect((await t.send(upsertEvent('e1', 1))).code).toBe('webhook.applied');
    });

    it("another organization's add-ons are invisible; its event ids are its own", async () => {
      const a = tenant();
      const b = tenant();
      await a.send(upsertEvent('e1', 1));
      const id = (await a.addons())[0]?.id ?? '';
      expect(await b.service.addons.get(b.org, id)).toMatchObject({ ok: false, error: { code: 'addon.not_found' } });
      expect(await b.service.addons.cancel(b.org, id, at(2))).toMatchObject({ ok: false, error: { code: 'addon.not_found' } });
      expect(await b.addons()).toEqual([]);
      expect((await b.send(upsertEvent('e1', 1))).code).toBe('webhook.applied');
      expect((await b.addons())[0]?.id).not.toBe(id);
    });

    it('pages newest first; a garbled or foreign page token is invalid', async () => {
      const t = tenant();
      await t.send(upsertEvent('e1', 1, { items: ['i1', 'i2', 'i3', 'i4', 'i5'].map((externalId) => anItem({ externalId })) }));
      const all = await t.addons();
      const ids: string[] = [];
      let pageToken = '';
      do {
        const page = await t.service.addons.list(t.org, { pageSize: 2, ...(pageToken ? { pageToken } : {}) });
        if (!page.ok) throw new Error(page.error.code);
        ids.push(...page.value.addonSubscriptions.map((a) => a.id));
        pageToken = page.value.nextPageToken;
      } while (pageToken);
      expect(ids).toEqual(all.map((a) => a.id));
      const first = await t.service.addons.list(t.org, { pageSize: 2 });
      const token = first.ok ? first.value.nextPageToken : '';
      expect(await t.service.addons.list(t.org, { pageSize: 2, pageToken: 'garbage!' })).toMatchObject({ ok: false, error: { code: 'request.invalid_page_token' } });
      expect(await t.service.addons.list(t.org, { pageSize: 2, pageToken: token, subscriptionId: 'x' })).toMatchObject({
        ok: false,
        error: { code: 'request.invalid_page_token' },
      });
      expect(await t.service.addons.list(t.org, { pageSize: 0 })).toMatchObject({ ok: false, error: { code: 'request.invalid_argument' } });
    });
  });
}
