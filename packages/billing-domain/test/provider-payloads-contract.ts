import { describe, expect, it } from 'vitest';
import type { BillingEvent } from '../src/domain/billing-event.js';
import type { BillingStore } from '../src/domain/ports.js';
import { paddleEventBody, paddleItem, paddlePrice, paddleSubscription } from './fixtures/webhooks/paddle.js';
import { stripeEventBody, stripeItem, stripePrice, stripeSubscription } from './fixtures/webhooks/stripe.js';
import { normalizeWebhookEvent } from '../src/webhooks/normalize.js';
import { tenant as tenantOn } from './support/tenant.js';

function normalized(provider: 'stripe' | 'paddle', rawBody: string): BillingEvent {
  const result = normalizeWebhookEvent(provider, { headers: {}, rawBody });
  if (!result.ok) throw new Error(result.message);
  return result.event;
}

/** Real provider payloads, normalized, through processing and storage, run against one adapter. */
export function describeProviderPayloads(getStore: () => BillingStore) {
  describe('provider payloads through processing', () => {
    const tenant = () => tenantOn(getStore());

    it('Paddle: a new price for the same add-on updates it; one add-on, not a second one', async () => {
      const t = tenant();
      const before = paddleSubscription({}, [paddleItem()]);
      const newPrice = paddlePrice({ id: 'pri_01hv0vnewprice2025', unit_price: { amount: '150', currency_code: 'USD' } });
      const after = paddleSubscription({}, [paddleItem({ price: newPrice, quantity: 3 })]);
      await t.send(normalized('paddle', paddleEventBody('subscription.created', before, { event_id: 'evt_01paddle_created' })));
      const first = await t.addons();
      const ack = await t.send(normalized('paddle', paddleEventBody('subscription.updated', after, {
        event_id: 'evt_01paddle_repriced', occurred_at: '2024-06-12T09:00:00.000000Z',
      })));
      expect(ack.code).toBe('webhook.applied');
      const list = await t.addons();
      expect(list.map((a) => [a.id, a.externalId, a.addonCode, a.unitAmount, a.quantity, a.addonStatus])).toEqual([
        [first[0]?.id, 'extra_ipv4', 'extra_ipv4', '1.50', 3, 'ADDON_STATUS_ACTIVE'],
      ]);
    });

    it('Stripe: HUF is stored in major units with two decimals', async () => {
      const t = tenant();
      const item = stripeItem({ price: stripePrice({ currency: 'huf', unit_amount: 100000, unit_amount_decimal: '100000' }) });
      await t.send(normalized('stripe', stripeEventBody('customer.subscription.created', stripeSubscription({}, [item]))));
      expect((await t.addons()).map((a) => [a.unitAmount, a.currency])).toEqual([['1000.00', 'HUF']]);
    });

    it('Stripe: lines on their own cycles store their own periods; cancel_at is the end of every line', async () => {
      const t = tenant();
      const items = [
        stripeItem({ id: 'si_monthly', current_period_start: 1_717_200_000, current_period_end: 1_719_792_000 }),
        stripeItem({ id: 'si_yearly', current_period_start: 1_704_067_200, current_period_end: 1_735_689_600, price: stripePrice({ metadata: { addon_code: 'support' } }) }),
      ];
      await t.send(normalized('stripe', stripeEventBody('customer.subscription.created', stripeSubscription({}, items), { id: 'evt_1' })));
      const view = async () => (await t.addons()).map((a) => [a.externalId, a.startDate, a.endDate, a.cancelAtPeriodEnd]).sort();
      const iso = (unix: number) => new Date(unix * 1000).toISOString();
      expect(await view()).toEqual([
        ['si_monthly', iso(1_717_200_000), iso(1_719_792_000), false],
        ['si_yearly', iso(1_704_067_200), iso(1_735_689_600), false],
      ]);
      const cancelAt = 1_725_000_000;
      const scheduled = stripeSubscription({ cancel_at: cancelAt }, items);
      await t.send(normalized('stripe', stripeEventBody('customer.subscription.updated', scheduled, { id: 'evt_2', created: 1_718_000_100 })));
      expect(await view()).toEqual([
        ['si_monthly', iso(1_717_200_000), iso(cancelAt), true],
        ['si_yearly', iso(1_704_067_200), iso(cancelAt), true],
      ]);
    });
  });
}
