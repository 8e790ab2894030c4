import type { WebhookDelivery } from '../../src/contract.js';
import type { BillingEvent, NormalizedAddonItem } from '../../src/domain/billing-event.js';
import { encodeEvent, decodeEvent } from '../../src/service/event-codec.js';
import type { WebhookCodecs } from '../../src/service/webhook-processor.js';
import { anItem, at } from './addons.js';

type Upsert = Extract<BillingEvent, { kind: 'subscription.upserted' }>;

/** A `subscription.upserted` event at minute `minute` with the given add-on lines. */
export function upsertEvent(
  eventId: string,
  minute: number,
  overrides: Partial<Upsert['subscription']> & { items?: NormalizedAddonItem[] } = {},
): BillingEvent {
  const { items, ...subscription } = overrides;
  return {
    provider: 'standard',
    eventId,
    eventType: 'subscription.updated',
    occurredAt: at(minute),
    subscriptionExternalId: 'ext_sub_1',
    kind: 'subscription.upserted',
    subscription: {
      name: 'VM small',
      providerStatus: 'active',
      addonStatus: 'ADDON_STATUS_ACTIVE',
      cancelAtPeriodEnd: false,
      currentPeriodStart: at(0),
      currentPeriodEnd: at(60 * 24 * 30),
      canceledAt: null,
      addons: items ?? [anItem({ externalId: 'item_1' })],
      ...subscription,
    },
  };
}

export function paymentEvent(eventId: string, minute: number, succeeded: boolean): BillingEvent {
  return {
    provider: 'standard',
    eventId,
    eventType: succeeded ? 'payment.succeeded' : 'payment.failed',
    occurredAt: at(minute),
    subscriptionExternalId: 'ext_sub_1',
    kind: succeeded ? 'payment.succeeded' : 'payment.failed',
    amount: '10.00',
    currency: 'EUR',
  };
}

export function canceledEvent(eventId: string, minute: number): BillingEvent {
  return {
    provider: 'standard',
    eventId,
    eventType: 'subscription.canceled',
    occurredAt: at(minute),
    subscriptionExternalId: 'ext_sub_1',
    kind: 'subscription.canceled',
    canceledAt: at(minute),
  };
}

/**
 * Codecs for processing tests: the "signature" is the header `x-test-secret` equal to a secret,
 * the body is the encoded BillingEvent.
 */
export const testCodecs: WebhookCodecs = {
  verify: (_provider, input) =>
    input.secrets.includes(input.headers['x-test-secret'] ?? '')
      ? { ok: true }
      : { ok: false, reason: 'signature_mismatch', message: 'no secret matched' },
  normalize: (_provider, input) => {
    try {
      return { ok: true, event: decodeEvent(JSON.parse(input.rawBody)) };
    } catch {
      return { ok: false, message: 'not an event', eventId: '' };
    }
  },
};

/** A delivery carrying `event`, signed for the endpoint whose secret is `secret`. */
export function deliveryOf(event: BillingEvent, secret: string, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    provider: 'standard',
    headers: { 'x-test-secret': secret },
    rawBody: Buffer.from(JSON.stringify(encodeEvent(event)), 'utf8'),
    principal: null,
    now: at(0),
    ...overrides,
  };
}
