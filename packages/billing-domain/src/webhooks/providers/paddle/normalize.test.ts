import { describe, expect, it } from 'vitest';
import type { BillingEvent } from '../../../domain/billing-event.js';
import {
  PADDLE_OCCURRED_AT, paddleEventBody, paddleItem, paddlePrice, paddleSubscription, paddleTransaction, paddleVmItem,
} from '../../../../test/fixtures/webhooks/paddle.js';
import { normalizeWebhookEvent } from '../../normalize.js';

const normalize = (rawBody: string) => normalizeWebhookEvent('paddle', { headers: {}, rawBody });
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

describe('examples: subscriptions', () => {
  it.each(['subscription.created', 'subscription.updated', 'subscription.activated'])('%s -> subscription.upserted', (type) => {
    const e = upserted(paddleEventBody(type, paddleSubscription()));
    expect(e).toMatchObject({
      provider: 'paddle', eventId: 'evt_01hv8y5gfd4w0qp2ahq4ntafpd', eventType: type,
      occurredAt: new Date(PADDLE_OCCURRED_AT), subscriptionExternalId: 'sub_01hv8y5ehszzq0yv20ttx3166y',
    });
    expect(e.subscription).toEqual({
      name: 'sub_01hv8y5ehszzq0yv20ttx3166y',
      providerStatus: 'active',
      addonStatus: 'ADDON_STATUS_ACTIVE',
      cancelAtPeriodEnd: false,
      currentPeriodStart: new Date('2024-06-01T00:00:00Z'),
      currentPeriodEnd: new Date('2024-07-01T00:00:00Z'),
      canceledAt: null,
      addons: [{
        externalId: 'extra_ipv4', addonCode: 'extra_ipv4', addonId: 'pro_01hv0v9mzg6b3jx2brb1xc4ahk',
        addonPriceId: 'pri_01hv0vax6rv18t4tamj848ne4d', addonName: 'Extra IPv4',
        addonType: 'ADDON_TYPE_RECURRING', pricingModel: 'PRICING_MODEL_PER_UNIT', quantity: 2,
        unitAmount: '1.20', currency: 'USD', metadata: { addon_code: 'extra_ipv4' },
      }],
    });
  });

  it('keeps microseconds of occurred_at to the millisecond', () => {
    expect(upserted(paddleEventBody('subscription.updated', paddleSubscription())).occurredAt.toISOString()).toBe('2024-06-10T06:13:20.183Z');
  });

  it('scheduled_change cancel -> cancelAtPeriodEnd, ending at effective_at; pause is not a cancellation', () => {
    const cancel = paddleSubscription({ scheduled_change: { action: 'cancel', effective_at: '2024-07-01T00:00:00Z', resume_at: null } });
    expect(upserted(paddleEventBody('subscription.updated', cancel)).subscription)
      .toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: new Date('2024-07-01T00:00:00Z') });
    const pause = paddleSubscription({ scheduled_change: { action: 'pause', effective_at: '2024-06-20T00:00:00Z', resume_at: null } });
    expect(upserted(paddleEventBody('subscription.updated', pause)).subscription).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('price shapes: one-time, names without product, zero-decimal currency, item with no price', () => {
    const items = [
      paddleItem({ recurring: false, price: paddlePrice({ id: 'pri_setup', billing_cycle: null, custom_data: { addon_code: 'setup' } }), product: null }),
      paddleItem({ price: paddlePrice({ id: 'pri_desc', name: null, description: 'Backups', custom_data: { addon_code: 'backup' } }), product: null }),
      paddleItem({ price: paddlePrice({ id: 'pri_jpy', unit_price: { amount: '500', currency_code: 'JPY' } }) }),
      paddleItem({ price: null, product: null }),
    ];
    const addons = upserted(paddleEventBody('subscription.updated', paddleSubscription({}, items))).subscription.addons;
    expect(addons.map((a) => [a.externalId, a.addonType, a.addonName, a.unitAmount, a.currency, a.addonPriceId])).toEqual([
      ['setup', 'ADDON_TYPE_ONE_TIME', 'Extra IPv4 address', '1.20', 'USD', 'pri_setup'],
      ['backup', 'ADDON_TYPE_RECURRING', 'Backups', '1.20', 'USD', 'pri_desc'],
      ['extra_ipv4', 'ADDON_TYPE_RECURRING', 'Extra IPv4', '500', 'JPY', 'pri_jpy'],
    ]);
  });

  it('an add-on is (subscription, addon code): a new price of the same add-on keeps its external id', () => {
    const before = paddleSubscription({}, [paddleItem()]);
    const after = paddleSubscription({}, [paddleItem({ price: paddlePrice({ id: 'pri_01hv0vnewprice2025', unit_price: { amount: '150', currency_code: 'USD' } }) })]);
    const [old] = upserted(paddleEventBody('subscription.updated', before)).subscription.addons;
    const [next] = upserted(paddleEventBody('subscription.updated', after)).subscription.addons;
    expect([old?.externalId, old?.unitAmount]).toEqual(['extra_ipv4', '1.20']);
    expect([next?.externalId, next?.unitAmount]).toEqual(['extra_ipv4', '1.50']);
  });

  it.each([
    ['JPY', '500', '500'], ['KRW', '13000', '13000'], ['HUF', '100000', '1000.00'], ['USD', '1999', '19.99'],
    ['VND', '2500000', '25000.00'], ['COP', '4000000', '40000.00'], ['TWD', '15000', '150.00'],
  ])('%s unit_price.amount %s is %s (Paddle lowest denomination)', (currency, minor, major) => {
    const item = paddleItem({ price: paddlePrice({ unit_price: { amount: minor, currency_code: currency } }) });
    const [addon] = upserted(paddleEventBody('subscription.updated', paddleSubscription({}, [item]))).subscription.addons;
    expect(addon?.unitAmount).toBe(major);
  });

  it('paused and past_due statuses; no billing period', () => {
    const paused = upserted(paddleEventBody('subscription.updated', paddleSubscription({ status: 'paused', current_billing_period: null })));
    expect(paused.subscription).toMatchObject({ addonStatus: 'ADDON_STATUS_PENDING', currentPeriodStart: null, currentPeriodEnd: null });
    expect(upserted(paddleEventBody('subscription.updated', paddleSubscription({ status: 'past_due' }))).subscription.addonStatus).toBe('ADDON_STATUS_PAST_DUE');
  });

  it('subscription.canceled -> subscription.canceled at canceled_at (else occurred_at)', () => {
    const canceled = paddleSubscription({ status: 'canceled', canceled_at: '2024-06-09T12:00:00Z', current_billing_period: null });
    expect(event(paddleEventBody('subscription.canceled', canceled))).toMatchObject({
      kind: 'subscription.canceled', subscriptionExternalId: 'sub_01hv8y5ehszzq0yv20ttx3166y', canceledAt: new Date('2024-06-09T12:00:00Z'),
    });
    expect(event(paddleEventBody('subscription.canceled', paddleSubscription({ status: 'canceled' }))))
      .toMatchObject({ canceledAt: new Date(PADDLE_OCCURRED_AT) });
    expect(event(paddleEventBody('subscription.updated', canceled)).kind).toBe('subscription.canceled');
  });

  it('a subscription with only the VM item has no add-ons', () => {
    expect(upserted(paddleEventBody('subscription.created', paddleSubscription({}, [paddleVmItem()]))).subscription.addons).toEqual([]);
  });
});

describe('examples: transactions', () => {
  it.each([
    ['transaction.completed', 'payment.succeeded'],
    ['transaction.paid', 'payment.succeeded'],
    ['transaction.payment_failed', 'payment.failed'],
  ])('%s -> %s with grand_total in major units', (type, kind) => {
    expect(event(paddleEventBody(type, paddleTransaction()))).toMatchObject({
      kind, subscriptionExternalId: 'sub_01hv8y5ehszzq0yv20ttx3166y', amount: '22.40', currency: 'USD',
    });
  });

  it('a transaction without subscription_id is ignored; without totals has a null amount', () => {
    expect(event(paddleEventBody('transaction.completed', paddleTransaction({ subscription_id: null }))).kind).toBe('ignored');
    expect(event(paddleEventBody('transaction.paid', paddleTransaction({ details: null }))))
      .toMatchObject({ kind: 'payment.succeeded', amount: null, currency: 'USD' });
  });
});

describe('examples: other events and errors', () => {
  it('unhandled types are ignored', () => {
    expect(event(paddleEventBody('customer.updated', { id: 'ctm_1' }))).toMatchObject({ kind: 'ignored', eventType: 'customer.updated' });
  });

  it('malformed JSON, missing event_id, bad occurred_at and bad amounts are rejected', () => {
    expect(normalize('not json')).toMatchObject({ ok: false, eventId: '' });
    expect(normalize(paddleEventBody('transaction.paid', paddleTransaction(), { event_id: '' }))).toMatchObject({ ok: false, eventId: '' });
    expect(normalize(paddleEventBody('transaction.paid', paddleTransaction(), { occurred_at: '10 June' })))
      .toMatchObject({ ok: false, eventId: 'evt_01hv8y5gfd4w0qp2ahq4ntafpd', message: expect.stringContaining('occurred_at') });
    const badPrice = paddleSubscription({}, [paddleItem({ price: paddlePrice({ unit_price: { amount: '1.2.0', currency_code: 'USD' } }) })]);
    expect(normalize(paddleEventBody('subscription.updated', badPrice)))
      .toMatchObject({ ok: false, message: expect.stringContaining('data.items[0].price.unit_price.amount') });
  });
});
