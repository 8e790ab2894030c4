import { describe, expect, it } from 'vitest';
import type { BillingEvent } from '../../../domain/billing-event.js';
import { STANDARD_TIMESTAMP, standardBody, standardItem, standardSubscriptionData } from '../../../../test/fixtures/webhooks/standard.js';
import { normalizeWebhookEvent } from '../../normalize.js';

const headers = { 'webhook-id': 'msg_2hKx9', 'webhook-timestamp': '1718000000', 'webhook-signature': 'v1,x' };
const normalize = (rawBody: string, h: Record<string, string | undefined> = headers) => normalizeWebhookEvent('standard', { headers: h, rawBody });
function event(rawBody: string): BillingEvent {
  const result = normalize(rawBody);
  if (!result.ok) throw new Error(result.message);
  return result.event;
}

describe('examples', () => {
  it('subscription.updated -> subscription.upserted; items with an addonCode are add-ons; amounts kept exact', () => {
    const e = event(standardBody('subscription.updated', standardSubscriptionData({
      items: [{ id: 'item_vm', quantity: 1, unitAmount: '20.00', currency: 'EUR' }, standardItem({ unitAmount: '0.0125' })],
    })));
    expect(e).toEqual({
      provider: 'standard', eventId: 'msg_2hKx9', eventType: 'subscription.updated', occurredAt: new Date(STANDARD_TIMESTAMP),
      subscriptionExternalId: 'vm_sub_42', kind: 'subscription.upserted',
      subscription: {
        name: 'VM small (fra-1)', providerStatus: 'active', addonStatus: 'ADDON_STATUS_ACTIVE', cancelAtPeriodEnd: false,
        currentPeriodStart: new Date('2024-06-01T00:00:00Z'), currentPeriodEnd: new Date('2024-07-01T00:00:00Z'), canceledAt: null,
        addons: [{
          externalId: 'item_ip_1', addonCode: 'extra_ipv4', addonId: '', addonPriceId: '', addonName: 'extra_ipv4',
          addonType: 'ADDON_TYPE_RECURRING',
          pricingModel: 'PRICING_MODEL_PER_UNIT', quantity: 2, unitAmount: '0.0125', currency: 'EUR', metadata: {},
        }],
      },
    });
  });

  it('optional fields: name, periods, cancelAtPeriodEnd, and item extensions', () => {
    const data = standardSubscriptionData({
      name: undefined, currentPeriodStart: null, currentPeriodEnd: undefined, cancelAtPeriodEnd: true, status: 'past_due',
      items: [standardItem({ name: 'Extra IPv4', addonType: 'ADDON_TYPE_USAGE', pricingModel: 'PRICING_MODEL_PACKAGE', metadata: { region: 'fra' }, currency: 'eur' })],
    });
    const e = event(standardBody('subscription.updated', data));
    if (e.kind !== 'subscription.upserted') throw new Error(e.kind);
    expect(e.subscription).toMatchObject({ name: 'vm_sub_42', addonStatus: 'ADDON_STATUS_PAST_DUE', cancelAtPeriodEnd: true, currentPeriodStart: null, currentPeriodEnd: null });
    expect(e.subscription.addons[0]).toMatchObject({ addonName: 'Extra IPv4', addonType: 'ADDON_TYPE_USAGE', pricingModel: 'PRICING_MODEL_PACKAGE', metadata: { region: 'fra' }, currency: 'EUR' });
  });

  it('item ids and name: addonId, addonPriceId, addonName as sent (addonName before the older name)', () => {
    const data = standardSubscriptionData({
      items: [standardItem({ addonId: 'prod_ip', addonPriceId: 'price_ip', addonName: 'IPv4', name: 'old name' })],
    });
    const e = event(standardBody('subscription.updated', data));
    if (e.kind !== 'subscription.upserted') throw new Error(e.kind);
    expect(e.subscription.addons[0]).toMatchObject({ addonId: 'prod_ip', addonPriceId: 'price_ip', addonName: 'IPv4' });
  });

  it('subscription.canceled, payment.succeeded and payment.failed', () => {
    expect(event(standardBody('subscription.canceled', { subscriptionId: 'vm_sub_42', canceledAt: '2024-06-10T06:00:00+02:00' })))
      .toMatchObject({ kind: 'subscription.canceled', subscriptionExternalId: 'vm_sub_42', canceledAt: new Date('2024-06-10T04:00:00Z') });
    expect(event(standardBody('payment.succeeded', { subscriptionId: 'vm_sub_42', amount: '22.40', currency: 'EUR' })))
      .toMatchObject({ kind: 'payment.succeeded', amount: '22.40', currency: 'EUR' });
    expect(event(standardBody('payment.failed', { subscriptionId: 'vm_sub_42', amount: '22.4', currency: 'eur' })))
      .toMatchObject({ kind: 'payment.failed', amount: '22.4', currency: 'EUR' });
  });

  it('unknown types are ignored; the event id comes from webhook-id (or svix-id)', () => {
    expect(event(standardBody('invoice.created', { anything: true }))).toMatchObject({ kind: 'ignored', eventId: 'msg_2hKx9', subscriptionExternalId: '' });
    const svix = normalize(standardBody('invoice.created', {}), { 'svix-id': 'msg_svix' });
    expect(svix).toMatchObject({ ok: true, event: { eventId: 'msg_svix' } });
  });

  it('rejects a missing webhook-id, malformed JSON and an invalid envelope', () => {
    expect(normalize(standardBody('payment.failed', {}), {})).toMatchObject({ ok: false, eventId: '' });
    expect(normalize('{')).toEqual({ ok: false, eventId: 'msg_2hKx9', message: 'body is not a JSON object' });
    expect(normalize(standardBody('payment.failed', {}, { timestamp: '10/06/2024' })))
      .toMatchObject({ ok: false, message: expect.stringContaining('timestamp') });
  });

  it.each([
    ['subscription.updated', standardSubscriptionData({ items: [standardItem({ unitAmount: 1.2 })] }), 'data.items[0].unitAmount'],
    ['subscription.updated', standardSubscriptionData({ items: [standardItem({ unitAmount: '-1.20' })] }), 'data.items[0].unitAmount'],
    ['subscription.updated', standardSubscriptionData({ items: [standardItem({ quantity: 1.5 })] }), 'data.items[0].quantity'],
    ['subscription.updated', standardSubscriptionData({ items: [standardItem({ currency: 'EURO' })] }), 'data.items[0].currency'],
    ['subscription.updated', standardSubscriptionData({ status: 'trialing' }), 'data.status'],
    ['subscription.updated', standardSubscriptionData({ subscriptionId: '' }), 'data.subscriptionId'],
    ['subscription.canceled', { subscriptionId: 'vm_sub_42' }, 'data.canceledAt'],
    ['payment.succeeded', { subscriptionId: 'vm_sub_42', amount: '1e3', currency: 'EUR' }, 'data.amount'],
  ])('%s with a bad field is rejected naming it (%#)', (type, data, field) => {
    expect(normalize(standardBody(type, data))).toMatchObject({ ok: false, eventId: 'msg_2hKx9', message: expect.stringContaining(field) });
  });
});
