import { describe, expect, it } from 'vitest';
import type { BillingStore, SubscriptionRecord, UnitOfWork } from '../src/domain/ports.js';
import { createAddonService } from '../src/service/addon-service.js';
import { anItem, at } from './support/addons.js';
import { canceledEvent, upsertEvent } from './support/events.js';
import { tenant as tenantOn } from './support/tenant.js';

/**
 * An interleaving: within a transaction, a read of a subscription that does not lock it returns the
 * state another transaction left before this one took the lock (`staleOf`): what a read outside the
 * lock may see. A read under the lock returns the stored state.
 */
function staleUnlockedParentReads(store: BillingStore, staleOf: (locked: SubscriptionRecord) => SubscriptionRecord): BillingStore {
  const interleaved = (uow: UnitOfWork): UnitOfWork => ({
    ...uow,
    subscriptions: {
      ...uow.subscriptions,
      async findById(organizationId, id, options) {
        const stored = await uow.subscriptions.findById(organizationId, id, options);
        return stored === null || options?.forUpdate === true ? stored : staleOf(stored);
      },
    },
  });
  return { ...store, transaction: (work) => store.transaction((uow) => work(interleaved(uow))) };
}

/** Add-on operations (get, list, cancel, undo-cancel) after webhooks, run against one adapter. */
export function describeAddonOperations(getStore: () => BillingStore) {
  describe('add-on operations', () => {
    const tenant = () => tenantOn(getStore());

    it('an id or subscriptionId holding NUL is an invalid argument naming it, before storage', async () => {
      const t = tenant();
      const invalid = (field: string) => ({ ok: false, error: { code: 'request.invalid_argument', fieldViolations: [{ field }] } });
      expect(await t.service.addons.get(t.org, 'a\u0000b')).toMatchObject(invalid('addonSubscriptionId'));
      expect(await t.service.addons.cancel(t.org, 'a\u0000b', at(1))).toMatchObject(invalid('addonSubscriptionId'));
      expect(await t.service.addons.undoCancel(t.org, 'a\u0000b', at(1))).toMatchObject(invalid('addonSubscriptionId'));
      expect(await t.service.addons.list(t.org, { subscriptionId: '\u0000', pageSize: 10 })).toMatchObject(invalid('subscriptionId'));
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

    it('undo-cancel judges the parent it read under the lock, not a later read outside it', async () => {
      const t = tenant();
      await t.send(upsertEvent('e1', 1, { cancelAtPeriodEnd: true }));
      const id = (await t.addons())[0]?.id ?? '';
      const interleaved = staleUnlockedParentReads(getStore(), (parent) => ({
        ...parent,
        cancelAtPeriodEnd: false,
        status: 'ADDON_STATUS_ACTIVE',
      }));
      expect(await createAddonService(interleaved).undoCancel(t.org, id, at(3))).toMatchObject({
        ok: false,
        error: { code: 'addon.parent_cancelling' },
      });
      const stored = await t.service.addons.get(t.org, id);
      expect(stored).toMatchObject({ ok: true, value: { cancelAtPeriodEnd: true, canceledAt: at(1).toISOString() } });
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
