import { describe, expect, it } from 'vitest';
import type { BillingStore } from '../src/domain/ports.js';
import { anItem, at } from './support/addons.js';
import { canceledEvent, paymentEvent, upsertEvent } from './support/events.js';
import { tenant as tenantOn } from './support/tenant.js';

const PERIOD = 60 * 24 * 30;
const iso = (minute: number) => at(minute).toISOString();
const renewal = (eventId: string, minute: number, from: number, quantity = 1) =>
  upsertEvent(eventId, minute, { currentPeriodStart: at(from), currentPeriodEnd: at(from + PERIOD), items: [anItem({ externalId: 'item_1', quantity })] });

/**
 * `:cancel` and `:undo-cancel` change the record here and are not sent to the provider: provider
 * events older than the local change never undo it; newer ones apply. Run against one adapter.
 */
export function describeLocalChangeOrder(getStore: () => BillingStore) {
  describe('local changes against provider events in time order', () => {
    const tenant = () => tenantOn(getStore());
    const setUp = async () => {
      const t = tenant();
      await t.send(renewal('created', 1, 0));
      const id = (await t.addons())[0]?.id ?? '';
      const one = async () => (await t.service.addons.get(t.org, id));
      const addon = async () => {
        const got = await one();
        if (!got.ok) throw new Error(got.error.code);
        return got.value;
      };
      return { t, id, addon };
    };

    it('an event older than :cancel does not undo it, in order or late; its other news applies', async () => {
      const { t, id, addon } = await setUp();
      await t.service.addons.cancel(t.org, id, at(10));
      await t.send(renewal('older', 5, 0, 3));
      expect(await addon()).toMatchObject({ quantity: 3, cancelAtPeriodEnd: true, canceledAt: iso(10), addonStatus: 'ADDON_STATUS_ACTIVE' });
      expect((await t.send(renewal('late', 3, 0, 2))).code).toBe('webhook.stored');
      expect(await addon()).toMatchObject({ quantity: 3, cancelAtPeriodEnd: true, canceledAt: iso(10) });
    });

    it('an event older than :undo-cancel does not bring the cancellation back', async () => {
      const { t, id, addon } = await setUp();
      await t.service.addons.cancel(t.org, id, at(10));
      await t.service.addons.undoCancel(t.org, id, at(20));
      await t.send(renewal('older', 15, 0, 2));
      await t.send(renewal('late', 12, 0, 2));
      expect(await addon()).toMatchObject({ quantity: 2, cancelAtPeriodEnd: false, canceledAt: null, addonStatus: 'ADDON_STATUS_ACTIVE' });
    });

    it('a renewal newer than :cancel ends the add-on at the end of the period it was asked in', async () => {
      const { t, id, addon } = await setUp();
      await t.service.addons.cancel(t.org, id, at(10));
      await t.send(renewal('renewed', PERIOD, PERIOD));
      const ended = { addonStatus: 'ADDON_STATUS_CANCELED', status: 'STATUS_INACTIVE', cancelAtPeriodEnd: false, canceledAt: iso(10), endDate: iso(PERIOD) };
      expect(await addon()).toMatchObject(ended);
      expect(await t.service.addons.undoCancel(t.org, id, at(PERIOD + 5))).toMatchObject({ ok: false, error: { code: 'addon.ended' } });
      expect((await t.send(renewal('late', 20, 0, 4))).code).toBe('webhook.stored');
      expect(await addon()).toMatchObject({ ...ended, quantity: 1 });
    });

    it('a renewal that arrives late (after a newer payment) still ends an add-on canceled before it', async () => {
      const { t, id, addon } = await setUp();
      await t.service.addons.cancel(t.org, id, at(10));
      await t.send(paymentEvent('paid', PERIOD + 10, true));
      expect((await t.send(renewal('renewed', PERIOD, PERIOD))).code).toBe('webhook.applied');
      expect(await addon()).toMatchObject({ addonStatus: 'ADDON_STATUS_CANCELED', canceledAt: iso(10), endDate: iso(PERIOD) });
    });

    it('a renewal older than :cancel (delivered after it) moves the end to the period the request falls in', async () => {
      const { t, id, addon } = await setUp();
      await t.service.addons.cancel(t.org, id, at(PERIOD + 60));
      await t.send(renewal('renewed', PERIOD, PERIOD));
      expect(await addon()).toMatchObject({
        addonStatus: 'ADDON_STATUS_ACTIVE', cancelAtPeriodEnd: true, canceledAt: iso(PERIOD + 60), startDate: iso(PERIOD), endDate: iso(2 * PERIOD),
      });
    });

    it('a :cancel of an add-on the provider had set to end survives the provider lifting its schedule', async () => {
      const t = tenant();
      await t.send(upsertEvent('scheduled', 1, { cancelAtPeriodEnd: true }));
      const id = (await t.addons())[0]?.id ?? '';
      const repeat = await t.service.addons.cancel(t.org, id, at(10));
      expect(repeat).toMatchObject({ ok: true, value: { cancelAtPeriodEnd: true, canceledAt: iso(1) } });
      await t.send(upsertEvent('lifted', 20, { cancelAtPeriodEnd: false }));
      expect((await t.addons())[0]).toMatchObject({ cancelAtPeriodEnd: true, canceledAt: iso(1), addonStatus: 'ADDON_STATUS_ACTIVE' });
    });

    it('events newer than the local change apply: a schedule after :undo-cancel, a cancellation after :cancel', async () => {
      const { t, id, addon } = await setUp();
      await t.service.addons.cancel(t.org, id, at(10));
      await t.service.addons.undoCancel(t.org, id, at(20));
      await t.send(upsertEvent('scheduled', 30, { cancelAtPeriodEnd: true, currentPeriodStart: at(0), currentPeriodEnd: at(PERIOD) }));
      expect(await addon()).toMatchObject({ cancelAtPeriodEnd: true, canceledAt: iso(30) });
      const other = await setUp();
      await other.t.service.addons.cancel(other.t.org, other.id, at(10));
      await other.t.send(canceledEvent('ended', 40));
      expect(await other.addon()).toMatchObject({ addonStatus: 'ADDON_STATUS_CANCELED', status: 'STATUS_INACTIVE', canceledAt: iso(10) });
    });
  });
}
