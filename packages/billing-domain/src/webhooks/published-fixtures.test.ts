import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BillingEvent } from '../contract.js';
import { normalizeWebhookEvent } from './normalize.js';
import { verifyWebhookSignature } from './verify.js';

// NOTE: the providers' own published payloads and vectors (see fixtures/published/README.md),
// read as the exact bytes on disk.
const published = (name: string): string => readFileSync(new URL(`./fixtures/published/${name}`, import.meta.url), 'utf8');
const parsed = (name: string): Record<string, unknown> => JSON.parse(published(name)) as Record<string, unknown>;

function event(provider: 'stripe' | 'paddle', rawBody: string): BillingEvent {
  const result = normalizeWebhookEvent(provider, { headers: {}, rawBody });
  if (!result.ok) throw new Error(result.message);
  return result.event;
}
const unix = (seconds: number) => new Date(seconds * 1000);

/** A Stripe event envelope (as Stripe sends it, pretty-printed) around a published resource. */
function stripeEvent(type: string, object: unknown): string {
  return JSON.stringify(
    { id: 'evt_1MHYfPD0nOFZ7cKL0fixture', object: 'event', api_version: '2022-11-15', created: 1_671_653_610, data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type },
    null,
    2,
  );
}

describe('Stripe: stripe/openapi fixtures3.json resources', () => {
  const subscription = parsed('stripe-fixtures3-subscription.json');

  it('customer.subscription.updated: an upsert; cancel_at sets the end; no item has addon_code, so no add-ons', () => {
    expect(event('stripe', stripeEvent('customer.subscription.updated', subscription))).toEqual({
      provider: 'stripe',
      eventId: 'evt_1MHYfPD0nOFZ7cKL0fixture',
      eventType: 'customer.subscription.updated',
      occurredAt: unix(1_671_653_610),
      subscriptionExternalId: 'sub_1MHYfFD0nOFZ7cKLa6gB3HVq',
      kind: 'subscription.upserted',
      subscription: {
        name: 'sub_1MHYfFD0nOFZ7cKLa6gB3HVq',
        providerStatus: 'active',
        addonStatus: 'ADDON_STATUS_ACTIVE',
        cancelAtPeriodEnd: true,
        currentPeriodStart: unix(1_234_567_890),
        currentPeriodEnd: unix(1_234_567_890),
        canceledAt: unix(1_234_567_890),
        addons: [],
      },
    });
  });

  it('the same subscription with its price tagged as an add-on: the item, 2000 cents = 20.00 USD', () => {
    const tagged = structuredClone(subscription) as { items: { data: { price: { metadata: Record<string, string> } }[] } };
    const [item] = tagged.items.data;
    if (item) item.price.metadata = { addon_code: 'extra_ipv4' };
    const upsert = event('stripe', stripeEvent('customer.subscription.created', tagged));
    expect(upsert.kind === 'subscription.upserted' && upsert.subscription.addons).toEqual([{
      externalId: 'si_N1bt9HB9MiXZ6i', addonCode: 'extra_ipv4', displayName: 'extra_ipv4', addonType: 'ADDON_TYPE_RECURRING',
      pricingModel: 'PRICING_MODEL_PER_UNIT', quantity: 1, unitAmount: '20.00', currency: 'USD', metadata: { addon_code: 'extra_ipv4' },
      currentPeriodEnd: unix(1_234_567_890),
    }]);
  });

  it('customer.subscription.deleted: canceled at canceled_at', () => {
    expect(event('stripe', stripeEvent('customer.subscription.deleted', subscription))).toMatchObject({
      kind: 'subscription.canceled', subscriptionExternalId: 'sub_1MHYfFD0nOFZ7cKLa6gB3HVq', canceledAt: unix(1_234_567_890),
    });
  });

  it.each(['invoice.paid', 'invoice.payment_failed'])('%s for the published invoice, which bills no subscription: ignored', (type) => {
    expect(event('stripe', stripeEvent(type, parsed('stripe-fixtures3-invoice.json')))).toMatchObject({
      kind: 'ignored', eventType: type, subscriptionExternalId: '',
    });
  });
});

describe("Paddle: paddle-node-sdk's notification mocks", () => {
  const period = (starts: string, ends: string) => ({ currentPeriodStart: new Date(starts), currentPeriodEnd: new Date(ends) });

  it('subscription.created: an upsert with its billing period; no price has custom_data, so no add-ons', () => {
    expect(event('paddle', published('paddle-subscription-created.json'))).toEqual({
      provider: 'paddle',
      eventId: 'evt_01h7ht60jy5hpdv5x8tfsaxje4',
      eventType: 'subscription.created',
      occurredAt: new Date('2023-08-11T08:07:38.334Z'),
      subscriptionExternalId: 'sub_01h7ht5z5wdg9pz18jx1fagp8k',
      kind: 'subscription.upserted',
      subscription: {
        name: 'sub_01h7ht5z5wdg9pz18jx1fagp8k',
        providerStatus: 'active',
        addonStatus: 'ADDON_STATUS_ACTIVE',
        cancelAtPeriodEnd: false,
        ...period('2023-08-11T08:07:35.449Z', '2023-09-11T08:07:35.449Z'),
        canceledAt: null,
        addons: [],
      },
    });
  });

  it('subscription.updated: the next period; with the add-on price tagged, 10800 cents = 108.00 USD', () => {
    const upsert = event('paddle', published('paddle-subscription-updated.json'));
    expect(upsert).toMatchObject({
      kind: 'subscription.upserted', eventId: 'evt_01h7j296f40h99m4dcrr6h4as8', occurredAt: new Date('2023-08-11T10:29:11.268Z'),
      subscription: { ...period('2023-09-11T08:07:35.449Z', '2023-10-11T08:07:35.449Z'), addons: [] },
    });
    const tagged = parsed('paddle-subscription-updated.json') as { data: { items: { price: Record<string, unknown> }[] } };
    const addon = tagged.data.items[1];
    if (addon) addon.price['custom_data'] = { addon_code: 'voice_rooms' };
    const withAddon = event('paddle', JSON.stringify(tagged));
    expect(withAddon.kind === 'subscription.upserted' && withAddon.subscription.addons).toEqual([{
      externalId: 'voice_rooms', addonCode: 'voice_rooms', displayName: 'Monthly (recurring addon)', addonType: 'ADDON_TYPE_RECURRING',
      pricingModel: 'PRICING_MODEL_PER_UNIT', quantity: 1, unitAmount: '108.00', currency: 'USD', metadata: { addon_code: 'voice_rooms' },
    }]);
  });

  it('subscription.canceled: canceled at canceled_at (nanoseconds cut to milliseconds)', () => {
    expect(event('paddle', published('paddle-subscription-canceled.json'))).toEqual({
      provider: 'paddle',
      eventId: 'evt_01h7jk37p1ezj1k5b4kt83t35j',
      eventType: 'subscription.canceled',
      occurredAt: new Date('2023-08-11T15:23:01.697Z'),
      subscriptionExternalId: 'sub_01h7ht5z5wdg9pz18jx1fagp8k',
      kind: 'subscription.canceled',
      canceledAt: new Date('2024-01-11T08:34:01.787Z'),
    });
  });

  it('transaction.payment_failed for a checkout with no subscription: ignored', () => {
    expect(event('paddle', published('paddle-transaction-payment-failed.json'))).toMatchObject({
      kind: 'ignored', eventId: 'evt_01h8e1exw67n96j6n0h3k2qq5x', eventType: 'transaction.payment_failed', subscriptionExternalId: '',
    });
  });
});

describe('published signature vectors', () => {
  const vectors = parsed('signature-vectors.json') as {
    paddle: { now: string; toleranceSeconds: number; cases: { name: string; body: string; header: string; secret: string; valid: boolean }[] };
    standard: { secret: string; msgId: string; timestamp: number; payload: string; signature: string; otherSignatures: string[] };
  };

  it.each(vectors.paddle.cases)("Paddle SDK vector '$name' verifies as $valid", ({ body, header, secret, valid }) => {
    const result = verifyWebhookSignature('paddle', {
      headers: { 'paddle-signature': header }, rawBody: body, secrets: [secret],
      toleranceSeconds: vectors.paddle.toleranceSeconds, now: new Date(vectors.paddle.now),
    });
    expect(result.ok).toBe(valid);
  });

  it('Standard Webhooks reference vector verifies, alone and among other signatures, and not with a changed body', () => {
    const { secret, msgId, timestamp, payload, signature, otherSignatures } = vectors.standard;
    const verify = (signatures: string, rawBody = payload) =>
      verifyWebhookSignature('standard', {
        headers: { 'webhook-id': msgId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures },
        rawBody, secrets: [secret], toleranceSeconds: 300, now: unix(timestamp),
      });
    expect(verify(signature)).toEqual({ ok: true });
    expect(verify([otherSignatures[0], otherSignatures[1], signature, otherSignatures[0]].join(' '))).toEqual({ ok: true });
    expect(verify(signature, '{"test": 2432232315}')).toMatchObject({ ok: false, reason: 'signature_mismatch' });
    expect(verify(otherSignatures.join(' '))).toMatchObject({ ok: false, reason: 'signature_mismatch' });
  });
});
