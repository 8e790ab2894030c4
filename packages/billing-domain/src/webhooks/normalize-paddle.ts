import type { BillingEvent, EventEnvelope } from '../domain/billing-event.js';
import { minorToMajor } from './money.js';
import { paddleMinorDigits } from './provider-currency.js';
import type { NormalizeInput, NormalizeResult } from './normalize-result.js';
import { ignoredEvent, normalizeGuard, type PaymentAmount } from './normalized-event.js';
import { paddleSubscription } from './paddle-subscription.js';
import {
  type JsonObject, PayloadFieldError, optIsoDate, optObject, optString, parseJsonObject, readObject, readString,
} from './read-json.js';
import { mapProviderStatus } from './status.js';

/**
 * Normalizes a Paddle Billing notification (`event_id`, `event_type`, `occurred_at`, `data`).
 * @example normalizePaddleEvent({ headers: {}, rawBody }) // { ok: true, event: { kind: 'payment.succeeded', ... } }
 */
export function normalizePaddleEvent(input: NormalizeInput): NormalizeResult {
  const body = parseJsonObject(input.rawBody);
  if (body === undefined) return { ok: false, message: 'body is not a JSON object', eventId: '' };
  const eventId = typeof body['event_id'] === 'string' ? body['event_id'] : '';
  if (eventId === '') return { ok: false, message: 'invalid payload: event_id is required', eventId };
  return normalizeGuard(eventId, () => {
    const occurredAt = optIsoDate(body, 'occurred_at', '');
    if (occurredAt === undefined) throw new PayloadFieldError('occurred_at', 'is required');
    const envelope: EventEnvelope = {
      provider: 'paddle',
      eventId,
      eventType: readString(body, 'event_type', ''),
      occurredAt,
      subscriptionExternalId: '',
    };
    return paddleEvent(envelope, body);
  });
}

function transactionAmount(transaction: JsonObject): PaymentAmount {
  const totals = optObject(optObject(transaction, 'details', 'data') ?? {}, 'totals', 'data.details');
  const currency = (totals && optString(totals, 'currency_code', 'data.details.totals')) ?? optString(transaction, 'currency_code', 'data');
  const minor = totals?.['grand_total'];
  if (currency === undefined || minor === undefined || minor === null) return { amount: null, currency: currency?.toUpperCase() ?? null };
  const amount = minorToMajor(minor, currency, paddleMinorDigits);
  if (amount === undefined) throw new PayloadFieldError('data.details.totals.grand_total', `must be a string of minor units of ${currency}`);
  return { amount, currency: currency.toUpperCase() };
}

function paddleEvent(envelope: EventEnvelope, body: JsonObject): BillingEvent {
  switch (envelope.eventType) {
    case 'subscription.created':
    case 'subscription.updated':
    case 'subscription.activated':
    case 'subscription.canceled': {
      const data = readObject(body, 'data', '');
      const subscriptionExternalId = readString(data, 'id', 'data');
      const status = optString(data, 'status', 'data');
      const ended = status !== undefined && mapProviderStatus(status) === 'ADDON_STATUS_CANCELED';
      if (envelope.eventType === 'subscription.canceled' || (envelope.eventType === 'subscription.updated' && ended)) {
        const canceledAt = optIsoDate(data, 'canceled_at', 'data') ?? envelope.occurredAt;
        return { ...envelope, subscriptionExternalId, kind: 'subscription.canceled', canceledAt };
      }
      return { ...envelope, subscriptionExternalId, kind: 'subscription.upserted', subscription: paddleSubscription(data, 'data') };
    }
    case 'transaction.completed':
    case 'transaction.paid':
    case 'transaction.payment_failed': {
      const data = readObject(body, 'data', '');
      const subscriptionExternalId = optString(data, 'subscription_id', 'data');
      if (subscriptionExternalId === undefined) return ignoredEvent(envelope);
      const kind = envelope.eventType === 'transaction.payment_failed' ? 'payment.failed' : 'payment.succeeded';
      return { ...envelope, subscriptionExternalId, kind, ...transactionAmount(data) };
    }
    default:
      return ignoredEvent(envelope);
  }
}
