import type { BillingEvent, EventEnvelope } from '../domain/billing-event.js';
import type { NormalizeInput, NormalizeResult } from './normalize-result.js';
import { ignoredEvent, normalizeGuard } from './normalized-event.js';
import {
  type JsonObject, PayloadFieldError, optString, optUnixDate, parseJsonObject, readObject, readString,
} from './read-json.js';
import { mapProviderStatus } from './status.js';
import { stripeInvoiceAmount, stripeInvoiceSubscriptionId } from './stripe-invoice.js';
import { stripeSubscription } from './stripe-subscription.js';

/**
 * Normalizes a Stripe event (`id`, `created`, `type`, `data.object`).
 * @example normalizeStripeEvent({ headers: {}, rawBody }) // { ok: true, event: { kind: 'subscription.upserted', ... } }
 */
export function normalizeStripeEvent(input: NormalizeInput): NormalizeResult {
  const body = parseJsonObject(input.rawBody);
  if (body === undefined) return { ok: false, message: 'body is not a JSON object', eventId: '' };
  const eventId = typeof body['id'] === 'string' ? body['id'] : '';
  if (eventId === '') return { ok: false, message: 'invalid payload: id is required', eventId };
  return normalizeGuard(eventId, () => {
    const created = optUnixDate(body, 'created', '');
    if (created === undefined) throw new PayloadFieldError('created', 'is required');
    const envelope: EventEnvelope = {
      provider: 'stripe',
      eventId,
      eventType: readString(body, 'type', ''),
      occurredAt: created,
      subscriptionExternalId: '',
    };
    return stripeEvent(envelope, readObject(body, 'data', ''));
  });
}

function canceledEvent(envelope: EventEnvelope, sub: JsonObject, path: string): BillingEvent {
  const canceledAt = optUnixDate(sub, 'canceled_at', path) ?? optUnixDate(sub, 'ended_at', path) ?? envelope.occurredAt;
  return { ...envelope, subscriptionExternalId: readString(sub, 'id', path), kind: 'subscription.canceled', canceledAt };
}

function stripeEvent(envelope: EventEnvelope, data: JsonObject): BillingEvent {
  const type = envelope.eventType;
  const path = 'data.object';
  switch (type) {
    case 'customer.subscription.deleted':
      return canceledEvent(envelope, readObject(data, 'object', 'data'), path);
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const sub = readObject(data, 'object', 'data');
      const status = optString(sub, 'status', path);
      // NOTE: an update to `canceled` (or `incomplete_expired`) ends the subscription as `deleted` does.
      if (type.endsWith('.updated') && status !== undefined && mapProviderStatus(status) === 'ADDON_STATUS_CANCELED') {
        return canceledEvent(envelope, sub, path);
      }
      const subscription = stripeSubscription(sub, path);
      return { ...envelope, subscriptionExternalId: readString(sub, 'id', path), kind: 'subscription.upserted', subscription };
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const invoice = readObject(data, 'object', 'data');
      const subscriptionExternalId = stripeInvoiceSubscriptionId(invoice, path);
      if (subscriptionExternalId === '') return ignoredEvent(envelope);
      const paid = type !== 'invoice.payment_failed';
      const money = stripeInvoiceAmount(invoice, paid ? 'amount_paid' : 'amount_due', path);
      return { ...envelope, subscriptionExternalId, kind: paid ? 'payment.succeeded' : 'payment.failed', ...money };
    }
    default:
      return ignoredEvent(envelope);
  }
}
