import { describe, expect, it } from 'vitest';
import type { BillingStore } from '../src/domain/ports.js';
import type { GroupCommitOptions } from '../src/storage/group-commit.js';
import { createBillingService } from '../src/service/billing-service.js';
import { anItem, at } from './support/addons.js';
import { deliveryOf, paymentEvent, testCodecs, upsertEvent } from './support/events.js';
import { failingMidTransaction, tenant as tenantOn } from './support/tenant.js';

/** Webhook processing (idempotence, order, pending events, failures), run against one adapter. */
export function describeWebhookProcessing(getStore: () => BillingStore, ingestGroup?: GroupCommitOptions) {
  describe('webhook processing', () => {
    const tenant = () => tenantOn(getStore(), ingestGroup ? { ingestGroup } : {});

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

    it('a late event whose news no later event carries is folded in at its time; a customer cancel survives', async () => {
      const t = tenant();
      await t.send(upsertEvent('created', 1, { items: [anItem({ externalId: 'item_1', quantity: 1 })] }));
      await t.send(paymentEvent('failed', 3, false));
      const id = (await t.addons())[0]?.id ?? '';
      const canceled = await t.service.addons.cancel(t.org, id, at(4));
      const late = await t.send(upsertEvent('updated', 2, { items: [anItem({ externalId: 'item_1', quantity: 5 })] }));
      expect(late).toMatchObject({ code: 'webhook.applied', success: true });
      const [addon] = await t.addons();
      expect(addon).toMatchObject({ id, quantity: 5, addonStatus: 'ADDON_STATUS_PAST_DUE', cancelAtPeriodEnd: true });
      expect(addon?.canceledAt).toBe(canceled.ok ? canceled.value.canceledAt : 'missing');
    });

    it('a whole life delivered at once ends as in-order delivery does', async () => {
      const life = () => [
        upsertEvent('created', 1, { items: [anItem({ externalId: 'item_1', quantity: 1 })] }),
        upsertEvent('updated', 2, { items: [anItem({ externalId: 'item_1', quantity: 4 }), anItem({ externalId: 'item_2' })] }),
        paymentEvent('failed', 3, false),
        paymentEvent('succeeded', 4, true),
        upsertEvent('scheduled', 5, { cancelAtPeriodEnd: true, items: [anItem({ externalId: 'item_1', quantity: 4 })] }),
      ];
      const view = (list: Awaited<ReturnType<ReturnType<typeof tenant>['addons']>>) =>
        list.map((a) => [a.externalId, a.quantity, a.addonStatus, a.cancelAtPeriodEnd, a.canceledAt]).sort();
      const inOrder = tenant();
      for (const event of life()) await inOrder.send(event);
      const atOnce = tenant();
      const acks = await Promise.all(life().reverse().map((event) => atOnce.send(event)));
      expect(acks.every((a) => a.success)).toBe(true);
      expect(view(await atOnce.addons())).toEqual(view(await inOrder.addons()));
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
      const statuses = await getStore().transaction(async (uow) =>
        Promise.all(['fail', 'before', 'create'].map(async (id) => (await uow.webhookEvents.find(t.org, 'standard', id))?.status)),
      );
      expect(statuses).toEqual(['applied', 'stored', 'applied']);
    });

    it('a storage failure mid-transaction leaves nothing, and the retry applies', async () => {
      const t = tenant();
      const failing = createBillingService({
        store: failingMidTransaction(getStore()),
        ...(ingestGroup ? { ingestGroup } : {}),
        config: { webhookEndpoints: [{ provider: 'standard', organizationId: t.org, secrets: [t.secret], requireBearer: false, toleranceSeconds: 300 }] },
        codecs: testCodecs,
      });
      const ack = await failing.webhooks.handle(deliveryOf(upsertEvent('e1', 1), t.secret));
      expect(ack).toMatchObject({ code: 'storage.unavailable', success: false, eventId: 'e1' });
      await getStore().transaction(async (uow) => {
        expect(await uow.webhookEvents.find(t.org, 'standard', 'e1')).toBeNull();
        expect(await uow.subscriptions.findByExternalId(t.org, 'standard', 'ext_sub_1')).toBeNull();
      });
      expect((await t.send(upsertEvent('e1', 1))).code).toBe('webhook.applied');
    });

  });
}
