import { describe, expect, it } from 'vitest';
import type { BillingEvent } from '../../../domain/billing-event.js';
import {
  STRIPE_CREATED, stripeEventBody, stripeInvoice, stripeItem, stripePrice, stripeSubscription, stripeVmItem,
} from '../../../../test/fixtures/webhooks/stripe.js';
import { normalizeWebhookEvent } from '../../normalize.js';

const normalize = (rawBody: string) => normalizeWebhookEvent('stripe', { headers: {}, rawBody });
function event(rawBody: string): BillingEvent {
  const result = normalize(rawBody);
  if (!result.ok) throw new Error(result.message);
  return result.event;
}
function upserted(rawBody: string) {
  const e = event(rawBody);
  if (e.kind !== 'subscription.upserted') throw new Error(`expected upserted, got ${e.kind}`);
  return e;
}
const at = (unix: number) => new Date(unix * 1000);

describe('examples: subscriptions', () => {
  it('customer.subscription.created: only items with addon_code, cents to major units, periods from items', () => {
    const e = upserted(stripeEventBody('customer.subscription.created', stripeSubscription()));
    expect(e).toMatchObject({
      provider: 'stripe', eventId: 'evt_1PQy1bLkdIwHu7ixW3bq', eventType: 'customer.subscription.created',
      occurredAt: at(STRIPE_CREATED), subscriptionExternalId: 'sub_1PQxVmLkdIwHu7ix',
    });
    expect(e.subscription).toEqual({
      name: 'sub_1PQxVmLkdIwHu7ix',
      providerStatus: 'active',
      addonStatus: 'ADDON_STATUS_ACTIVE',
      cancelAtPeriodEnd: false,
      currentPeriodStart: at(1_717_200_000),
      currentPeriodEnd: at(1_719_792_000),
      canceledAt: null,
      addons: [{
        externalId: 'si_QHx3AddonIp', addonCode: 'extra_ipv4', addonId: 'prod_QHx2ExtraIp', addonPriceId: 'price_1PQx2bLkdIwHu7ixExtraIp',
        addonName: 'extra_ipv4',
        addonType: 'ADDON_TYPE_RECURRING', pricingModel: 'PRICING_MODEL_PER_UNIT', quantity: 2,
        unitAmount: '1.20', currency: 'USD', metadata: { addon_code: 'extra_ipv4' },
        currentPeriodStart: at(1_717_200_000), currentPeriodEnd: at(1_719_792_000),
      }],
    });
  });

  it('older API versions: the period on the subscription wins', () => {
    const sub = stripeSubscription({ current_period_start: 1_700_000_000, current_period_end: 1_702_592_000 });
    const e = upserted(stripeEventBody('customer.subscription.updated', sub));
    expect(e.subscription.currentPeriodStart).toEqual(at(1_700_000_000));
    expect(e.subscription.currentPeriodEnd).toEqual(at(1_702_592_000));
  });

  it('items with different periods: the earliest ending one marks the period', () => {
    const items = [
      stripeItem({ id: 'si_late', current_period_start: 1_717_300_000, current_period_end: 1_720_000_000 }),
      stripeItem({ id: 'si_early', current_period_start: 1_717_100_000, current_period_end: 1_719_000_000 }),
    ];
    const e = upserted(stripeEventBody('customer.subscription.updated', stripeSubscription({}, items)));
    expect([e.subscription.currentPeriodStart, e.subscription.currentPeriodEnd]).toEqual([at(1_717_100_000), at(1_719_000_000)]);
  });

  it('price shapes: metered, tiered, package, one-time, expanded product, zero-decimal currency', () => {
    const items = [
      stripeItem({ id: 'si_m', price: stripePrice({ recurring: { interval: 'month', usage_type: 'metered' }, metadata: { addon_code: 'egress' } }) }),
      stripeItem({ id: 'si_t', quantity: 5, price: stripePrice({ billing_scheme: 'tiered', unit_amount: null, unit_amount_decimal: null, metadata: { addon_code: 'snap' } }) }),
      stripeItem({ id: 'si_p', price: stripePrice({ transform_quantity: { divide_by: 10, round: 'up' }, metadata: { addon_code: 'ips10' } }) }),
      stripeItem({ id: 'si_o', price: stripePrice({ recurring: null, type: 'one_time', metadata: { addon_code: 'setup' } }) }),
      stripeItem({ id: 'si_n', price: stripePrice({ product: { id: 'prod_1', object: 'product', name: 'Backup plan' }, metadata: { addon_code: 'backup' } }) }),
      stripeItem({ id: 'si_j', price: stripePrice({ currency: 'jpy', unit_amount: 500, unit_amount_decimal: '500', metadata: { addon_code: 'jp' } }) }),
      stripeItem({ id: 'si_d', price: stripePrice({ unit_amount: 0, unit_amount_decimal: '0.5', metadata: { addon_code: 'half_cent' } }) }),
    ];
    const addons = upserted(stripeEventBody('customer.subscription.updated', stripeSubscription({}, items))).subscription.addons;
    expect(addons.map((a) => [a.externalId, a.addonType, a.pricingModel, a.unitAmount, a.currency, a.addonName])).toEqual([
      ['si_m', 'ADDON_TYPE_USAGE', 'PRICING_MODEL_PER_UNIT', '1.20', 'USD', 'egress'],
      ['si_t', 'ADDON_TYPE_RECURRING', 'PRICING_MODEL_TIERED', '0.00', 'USD', 'snap'],
      ['si_p', 'ADDON_TYPE_RECURRING', 'PRICING_MODEL_PACKAGE', '1.20', 'USD', 'ips10'],
      ['si_o', 'ADDON_TYPE_ONE_TIME', 'PRICING_MODEL_PER_UNIT', '1.20', 'USD', 'setup'],
      ['si_n', 'ADDON_TYPE_RECURRING', 'PRICING_MODEL_PER_UNIT', '1.20', 'USD', 'Backup plan'],
      ['si_j', 'ADDON_TYPE_RECURRING', 'PRICING_MODEL_PER_UNIT', '500', 'JPY', 'jp'],
      ['si_d', 'ADDON_TYPE_RECURRING', 'PRICING_MODEL_PER_UNIT', '0.005', 'USD', 'half_cent'],
    ]);
  });

  it('addonId is price.product, a string id or an expanded object\'s id; addonName the product name, else the nickname', () => {
    const items = [
      stripeItem({ id: 'si_s', price: stripePrice({ id: 'price_s', product: 'prod_s', nickname: 'Monthly backup', metadata: { addon_code: 'b1' } }) }),
      stripeItem({ id: 'si_e', price: stripePrice({ id: 'price_e', product: { id: 'prod_e', object: 'product', name: 'Backup' }, nickname: 'Monthly', metadata: { addon_code: 'b2' } }) }),
      stripeItem({ id: 'si_n', price: stripePrice({ id: 'price_n', product: null, metadata: { addon_code: 'b3' } }) }),
    ];
    const addons = upserted(stripeEventBody('customer.subscription.updated', stripeSubscription({}, items))).subscription.addons;
    expect(addons.map((a) => [a.addonId, a.addonPriceId, a.addonName])).toEqual([
      ['prod_s', 'price_s', 'Monthly backup'],
      ['prod_e', 'price_e', 'Backup'],
      ['', 'price_n', 'b3'],
    ]);
  });

  it('scheduled cancellation: cancel_at_period_end, or cancel_at which also becomes the end', () => {
    const atEnd = upserted(stripeEventBody('customer.subscription.updated', stripeSubscription({ cancel_at_period_end: true, canceled_at: 1_718_000_000 })));
    expect(atEnd.subscription).toMatchObject({ cancelAtPeriodEnd: true, canceledAt: at(1_718_000_000), currentPeriodEnd: at(1_719_792_000) });
    const cancelAt = upserted(stripeEventBody('customer.subscription.updated', stripeSubscription({ cancel_at: 1_719_000_000 })));
    expect(cancelAt.subscription).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: at(1_719_000_000) });
    expect(cancelAt.subscription.addons[0]?.currentPeriodEnd).toEqual(at(1_719_000_000));
  });

  it('cancel_at beyond the current period: set to end, and the end date is cancel_at', () => {
    const later = 1_719_792_000 + 90 * 86_400;
    const e = upserted(stripeEventBody('customer.subscription.updated', stripeSubscription({ cancel_at: later, canceled_at: 1_718_000_000 })));
    expect(e.subscription).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: at(later), canceledAt: at(1_718_000_000) });
    expect(e.subscription.addons.map((a) => [a.currentPeriodStart, a.currentPeriodEnd])).toEqual([[at(1_717_200_000), at(later)]]);
  });

  it('items billed on their own cycles keep their own periods; older versions have none on items', () => {
    const items = [
      stripeItem({ id: 'si_a', current_period_start: 1_717_300_000, current_period_end: 1_720_000_000 }),
      stripeItem({ id: 'si_b', current_period_start: 1_717_100_000, current_period_end: 1_719_000_000 }),
    ];
    const own = upserted(stripeEventBody('customer.subscription.updated', stripeSubscription({}, items))).subscription.addons;
    expect(own.map((a) => [a.externalId, a.currentPeriodStart, a.currentPeriodEnd])).toEqual([
      ['si_a', at(1_717_300_000), at(1_720_000_000)],
      ['si_b', at(1_717_100_000), at(1_719_000_000)],
    ]);
    const legacyItem = stripeItem({ current_period_start: undefined, current_period_end: undefined });
    const legacy = upserted(stripeEventBody('customer.subscription.updated',
      stripeSubscription({ current_period_start: 1_700_000_000, current_period_end: 1_702_592_000 }, [legacyItem]), { api_version: '2024-06-20' }));
    expect(legacy.subscription.addons[0]).not.toHaveProperty('currentPeriodStart');
    expect(legacy.subscription.addons[0]).not.toHaveProperty('currentPeriodEnd');
    expect(legacy.subscription.currentPeriodEnd).toEqual(at(1_702_592_000));
  });

  it('addon_code on the expanded product\'s metadata when the price has none', () => {
    const product = { id: 'prod_QHx2Backup', object: 'product', name: 'Daily backup', metadata: { addon_code: 'backup', tier: 'gold' } };
    const onProduct = stripeItem({ id: 'si_prod', price: stripePrice({ product, metadata: {} }) });
    const onPrice = stripeItem({ id: 'si_both', price: stripePrice({ product, metadata: { addon_code: 'backup_v2' } }) });
    const unexpanded = stripeItem({ id: 'si_none', price: stripePrice({ product: 'prod_QHx2Backup', metadata: {} }) });
    const addons = upserted(stripeEventBody('customer.subscription.updated', stripeSubscription({}, [onProduct, onPrice, unexpanded]))).subscription.addons;
    expect(addons.map((a) => [a.externalId, a.addonCode, a.addonName, a.metadata])).toEqual([
      ['si_prod', 'backup', 'Daily backup', { addon_code: 'backup', tier: 'gold' }],
      ['si_both', 'backup_v2', 'Daily backup', { addon_code: 'backup_v2', tier: 'gold' }],
    ]);
  });

  it.each([
    ['huf', 100000, '1000.00'], ['isk', 50000, '500.00'], ['twd', 15000, '150.00'], ['ugx', 370000, '3700.00'],
    ['idr', 1500000, '15000.00'], ['cop', 4000000, '40000.00'], ['jpy', 500, '500'], ['krw', 1300, '1300'],
    ['vnd', 25000, '25000'], ['kwd', 1500, '1.500'], ['bhd', 1000, '1.000'], ['eur', 1999, '19.99'],
  ])('%s unit_amount %i is %s in major units', (currency, minor, major) => {
    const item = stripeItem({ price: stripePrice({ currency, unit_amount: minor, unit_amount_decimal: String(minor) }) });
    const [addon] = upserted(stripeEventBody('customer.subscription.updated', stripeSubscription({}, [item]))).subscription.addons;
    expect([addon?.unitAmount, addon?.currency]).toEqual([major, currency.toUpperCase()]);
  });

  it('statuses map as docs/state-machine.md lists them', () => {
    const status = (s: string) => upserted(stripeEventBody('customer.subscription.created', stripeSubscription({ status: s }))).subscription.addonStatus;
    expect([status('trialing'), status('incomplete'), status('past_due'), status('unpaid')]).toEqual([
      'ADDON_STATUS_ACTIVE', 'ADDON_STATUS_PENDING', 'ADDON_STATUS_PAST_DUE', 'ADDON_STATUS_PAST_DUE',
    ]);
  });

  it('customer.subscription.deleted -> subscription.canceled with canceled_at, else ended_at, else created', () => {
    const del = (over: Record<string, unknown>) => event(stripeEventBody('customer.subscription.deleted', stripeSubscription({ status: 'canceled', ...over })));
    expect(del({ canceled_at: 1_717_900_000, ended_at: 1_717_950_000 })).toMatchObject({ kind: 'subscription.canceled', canceledAt: at(1_717_900_000), subscriptionExternalId: 'sub_1PQxVmLkdIwHu7ix' });
    expect(del({ ended_at: 1_717_950_000 })).toMatchObject({ kind: 'subscription.canceled', canceledAt: at(1_717_950_000) });
    expect(del({})).toMatchObject({ kind: 'subscription.canceled', canceledAt: at(STRIPE_CREATED) });
  });

  it('customer.subscription.updated to canceled or incomplete_expired -> subscription.canceled', () => {
    expect(event(stripeEventBody('customer.subscription.updated', stripeSubscription({ status: 'canceled', canceled_at: 1_717_900_000 }))))
      .toMatchObject({ kind: 'subscription.canceled', canceledAt: at(1_717_900_000) });
    expect(event(stripeEventBody('customer.subscription.updated', stripeSubscription({ status: 'incomplete_expired' }))).kind).toBe('subscription.canceled');
  });

  it('a subscription with no add-on items is still an upsert with no add-ons', () => {
    expect(upserted(stripeEventBody('customer.subscription.updated', stripeSubscription({}, [stripeVmItem()]))).subscription.addons).toEqual([]);
  });
});

describe('examples: invoices', () => {
  it('invoice.paid (parent.subscription_details) -> payment.succeeded with amount_paid in major units', () => {
    expect(event(stripeEventBody('invoice.paid', stripeInvoice()))).toMatchObject({
      kind: 'payment.succeeded', subscriptionExternalId: 'sub_1PQxVmLkdIwHu7ix', amount: '42.40', currency: 'USD',
    });
  });

  it('invoice.payment_succeeded (older invoice.subscription) -> payment.succeeded', () => {
    const invoice = stripeInvoice({ parent: null, subscription: 'sub_legacy', amount_paid: 999 });
    expect(event(stripeEventBody('invoice.payment_succeeded', invoice))).toMatchObject({ kind: 'payment.succeeded', subscriptionExternalId: 'sub_legacy', amount: '9.99' });
  });

  it('invoice amounts in HUF are two-decimal as Stripe sends them', () => {
    const invoice = stripeInvoice({ currency: 'huf', amount_paid: 2500000 });
    expect(event(stripeEventBody('invoice.paid', invoice))).toMatchObject({ amount: '25000.00', currency: 'HUF' });
  });

  it('invoice.payment_failed -> payment.failed with amount_due', () => {
    const invoice = stripeInvoice({ amount_paid: 0, amount_due: 4240, status: 'open' });
    expect(event(stripeEventBody('invoice.payment_failed', invoice))).toMatchObject({ kind: 'payment.failed', amount: '42.40', currency: 'USD' });
  });

  it('an invoice for no subscription is ignored', () => {
    expect(event(stripeEventBody('invoice.paid', stripeInvoice({ parent: null })))).toMatchObject({ kind: 'ignored', subscriptionExternalId: '' });
  });
});

describe('examples: other events and errors', () => {
  it('unhandled types are ignored', () => {
    expect(event(stripeEventBody('charge.refunded', { id: 'ch_1', object: 'charge' }))).toMatchObject({ kind: 'ignored', eventType: 'charge.refunded' });
  });

  it('malformed JSON and a missing id are rejected without an event id', () => {
    expect(normalize('{"id": "evt_1",')).toEqual({ ok: false, message: 'body is not a JSON object', eventId: '' });
    expect(normalize('[]')).toMatchObject({ ok: false, eventId: '' });
    expect(normalize(stripeEventBody('invoice.paid', stripeInvoice(), { id: undefined }))).toMatchObject({ ok: false, eventId: '' });
  });

  it('a bad field is rejected naming its path, keeping the event id', () => {
    const bad = stripeSubscription({}, [stripeItem({ quantity: -1 })]);
    expect(normalize(stripeEventBody('customer.subscription.updated', bad))).toEqual({
      ok: false, eventId: 'evt_1PQy1bLkdIwHu7ixW3bq', message: 'invalid payload: data.object.items.data[0].quantity must be an integer from 0 to 2147483647',
      fieldViolations: [{ field: 'data.object.items.data[0].quantity', description: 'must be an integer from 0 to 2147483647' }],
    });
    expect(normalize(stripeEventBody('customer.subscription.updated', stripeSubscription({ status: 'weird' }))))
      .toMatchObject({ ok: false, message: expect.stringContaining('data.object.status') });
    expect(normalize(stripeEventBody('invoice.paid', stripeInvoice(), { created: 'yesterday' })))
      .toMatchObject({ ok: false, message: expect.stringContaining('created') });
    const badCurrency = stripeSubscription({}, [stripeItem({ price: stripePrice({ currency: 'zz' }) })]);
    expect(normalize(stripeEventBody('customer.subscription.updated', badCurrency)))
      .toMatchObject({ ok: false, message: expect.stringContaining('data.object.items.data[0].price') });
  });
});
