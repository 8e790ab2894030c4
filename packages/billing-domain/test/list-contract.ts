import { describe, expect, it } from 'vitest';
import type { AddonSubscription, ListAddonSubscriptionsQuery } from '../src/contract.js';
import type { BillingEvent } from '../src/domain/billing-event.js';
import type { BillingStore } from '../src/domain/ports.js';
import { anItem, at } from './support/addons.js';
import { upsertEvent } from './support/events.js';
import { tenant as tenantOn } from './support/tenant.js';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const onSubscription = (event: BillingEvent, subscriptionExternalId: string): BillingEvent => ({ ...event, subscriptionExternalId });
const invalidToken = { ok: false, error: { code: 'request.invalid_page_token', fieldViolations: [{ field: 'pageToken' }] } };

/** Listing filters and page tokens (docs/http-api.md), run against one adapter. */
export function describeAddonListing(getStore: () => BillingStore) {
  describe('add-on listing', () => {
    const tenant = () => tenantOn(getStore());

    /** Every page of a query, following nextPageToken. */
    async function allPages(t: ReturnType<typeof tenant>, query: Omit<ListAddonSubscriptionsQuery, 'pageToken'>) {
      const seen: AddonSubscription[] = [];
      let pageToken = '';
      do {
        const page = await t.service.addons.list(t.org, { ...query, ...(pageToken ? { pageToken } : {}) });
        if (!page.ok) throw new Error(page.error.code);
        seen.push(...page.value.addonSubscriptions);
        pageToken = page.value.nextPageToken;
      } while (pageToken);
      return seen;
    }

    /** Two provider subscriptions: ext_sub_1 with 3 add-ons, ext_sub_2 with 2. */
    async function twoSubscriptions() {
      const t = tenant();
      await t.send(upsertEvent('e1', 1, { items: ['i1', 'i2', 'i3'].map((externalId) => anItem({ externalId })) }));
      await t.send(onSubscription(upsertEvent('e2', 2, { items: ['j1', 'j2'].map((externalId) => anItem({ externalId })) }), 'ext_sub_2'));
      return t;
    }

    it('forged, garbage or altered page tokens are invalid arguments, never storage errors', async () => {
      const t = await twoSubscriptions();
      const first = await t.service.addons.list(t.org, { pageSize: 1 });
      const real = first.ok ? first.value.nextPageToken : '';
      expect(real).not.toBe('');
      const flipped = `${real.slice(0, 3)}${real[3] === 'A' ? 'B' : 'A'}${real.slice(4)}`;
      const forged = [
        b64(JSON.stringify(['2025-03-01T00:00:00.000Z', 'a\u0000b', ''])),
        b64(JSON.stringify(['-271821-04-20T00:00:00.000Z', 'a1', ''])),
        b64(JSON.stringify(['+275760-09-13T00:00:00.000Z', 'a1', ''])),
        'not base64!',
        '%%%',
        flipped,
        `${real}A`,
        real.replace('.', ''),
        'x'.repeat(100_000),
      ];
      for (const pageToken of forged) {
        expect(await t.service.addons.list(t.org, { pageSize: 1, pageToken }), pageToken.slice(0, 40)).toMatchObject(invalidToken);
      }
    });

    it('a token is bound to its organization and its filter, not to the page size', async () => {
      const t = await twoSubscriptions();
      const other = tenant();
      const first = await t.service.addons.list(t.org, { pageSize: 1, externalSubscriptionId: 'ext_sub_1' });
      if (!first.ok) throw new Error(first.error.code);
      const pageToken = first.value.nextPageToken;
      expect(await other.service.addons.list(other.org, { pageSize: 1, externalSubscriptionId: 'ext_sub_1', pageToken })).toMatchObject(invalidToken);
      expect(await t.service.addons.list(t.org, { pageSize: 1, pageToken })).toMatchObject(invalidToken);
      expect(await t.service.addons.list(t.org, { pageSize: 1, externalSubscriptionId: 'ext_sub_2', pageToken })).toMatchObject(invalidToken);
      const subscriptionId = first.value.addonSubscriptions[0]?.subscriptionId ?? '';
      expect(
        await t.service.addons.list(t.org, { pageSize: 1, externalSubscriptionId: 'ext_sub_1', subscriptionId, pageToken }),
      ).toMatchObject(invalidToken);
      const rest = await t.service.addons.list(t.org, { pageSize: 500, externalSubscriptionId: 'ext_sub_1', pageToken });
      if (!rest.ok) throw new Error(rest.error.code);
      const whole = await allPages(t, { pageSize: 500, externalSubscriptionId: 'ext_sub_1' });
      expect([...first.value.addonSubscriptions, ...rest.value.addonSubscriptions]).toEqual(whole);
      expect(whole).toHaveLength(3);
    });

    it('another service on the same store accepts the tokens this one issued', async () => {
      const t = await twoSubscriptions();
      const first = await t.service.addons.list(t.org, { pageSize: 2 });
      if (!first.ok) throw new Error(first.error.code);
      const twin = tenantOn(getStore());
      const next = await twin.service.addons.list(t.org, { pageSize: 2, pageToken: first.value.nextPageToken });
      expect(next).toMatchObject({ ok: true });
    });

    it('externalSubscriptionId filters by the provider id, alone or with subscriptionId, in pages', async () => {
      const t = await twoSubscriptions();
      const byExternal = await allPages(t, { pageSize: 1, externalSubscriptionId: 'ext_sub_1' });
      const everything = await allPages(t, { pageSize: 100 });
      expect(byExternal).toEqual(everything.filter((a) => a.externalId.startsWith('i')));
      expect(byExternal.map((a) => a.externalId).sort()).toEqual(['i1', 'i2', 'i3']);
      const parentOf2 = (await allPages(t, { pageSize: 10, externalSubscriptionId: 'ext_sub_2' }))[0]?.subscriptionId ?? '';
      expect(await allPages(t, { pageSize: 1, externalSubscriptionId: 'ext_sub_2', subscriptionId: parentOf2 })).toHaveLength(2);
      expect(await allPages(t, { pageSize: 1, externalSubscriptionId: 'ext_sub_1', subscriptionId: parentOf2 })).toEqual([]);
      expect(await allPages(t, { pageSize: 1, externalSubscriptionId: 'unknown' })).toEqual([]);
      const bad = await t.service.addons.list(t.org, { pageSize: 1, externalSubscriptionId: 'a\u0000' });
      expect(bad).toMatchObject({ ok: false, error: { code: 'request.invalid_argument', fieldViolations: [{ field: 'externalSubscriptionId' }] } });
    });

    it('the resource carries addonId, addonPriceId, addonName and the parent name, in the interface order', async () => {
      const t = tenant();
      const item = anItem({ externalId: 'k1', addonCode: 'ip', addonId: 'prod_ip', addonPriceId: 'price_ip', addonName: 'IPv4' });
      await t.send(upsertEvent('e1', 1, { name: 'VM large', items: [item, anItem({ externalId: 'k2', addonCode: 'bk', addonId: '', addonPriceId: '', addonName: '' })] }));
      const listed = await t.addons();
      const first = listed.find((a) => a.externalId === 'k1');
      const second = listed.find((a) => a.externalId === 'k2');
      expect(first).toMatchObject({ addonId: 'prod_ip', addonPriceId: 'price_ip', addonName: 'IPv4', subscriptionName: 'VM large' });
      expect(second).toMatchObject({ addonId: 'bk', addonPriceId: '', addonName: 'bk', subscriptionName: 'VM large' });
      expect(Object.keys(first ?? {}).slice(0, 21)).toEqual([
        'id', 'quantity', 'startDate', 'endDate', 'addonStatus', 'cancelAtPeriodEnd', 'canceledAt', 'externalId',
        'subscriptionId', 'addonId', 'addonPriceId', 'subscriptionName', 'addonName', 'addonCode', 'unitAmount',
        'currency', 'pricingModel', 'addonType', 'metadata', 'status', 'timestamps',
      ]);
      await t.send(upsertEvent('e2', 2, { name: 'VM renamed', items: [item] }));
      const renamed = await t.service.addons.get(t.org, first?.id ?? '');
      expect(renamed).toMatchObject({ ok: true, value: { subscriptionName: 'VM renamed' } });
    });

    it('updateTime moves with every change (cancel, undo-cancel, webhook), createTime never', async () => {
      const t = tenant();
      await t.send(upsertEvent('e1', 1));
      const [created] = await t.addons();
      if (created === undefined) throw new Error('no add-on');
      const { createTime } = created.timestamps;
      expect(created.timestamps.updateTime).toBe(createTime);
      let previous = createTime;
      const step = async (change: () => Promise<unknown>, expected?: Date) => {
        await change();
        const now = await t.service.addons.get(t.org, created.id);
        if (!now.ok) throw new Error(now.error.code);
        expect(now.value.timestamps.createTime).toBe(createTime);
        expect(now.value.timestamps.updateTime).not.toBe(previous);
        if (expected) expect(now.value.timestamps.updateTime).toBe(expected.toISOString());
        previous = now.value.timestamps.updateTime;
      };
      await step(() => t.service.addons.cancel(t.org, created.id, at(5000)), at(5000));
      await step(() => t.service.addons.undoCancel(t.org, created.id, at(5001)), at(5001));
      await step(() => t.send(upsertEvent('e2', 3, { items: [anItem({ externalId: 'item_1', quantity: 4 })] })));
      const unchanged = await t.service.addons.undoCancel(t.org, created.id, at(5002));
      expect(unchanged.ok && unchanged.value.timestamps.updateTime).toBe(previous);
    });
  });
}
