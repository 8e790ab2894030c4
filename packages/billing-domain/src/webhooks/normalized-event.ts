import type { BillingEvent, EventEnvelope } from '../domain/billing-event.js';
import type { NormalizeResult } from './normalize-result.js';
import { PayloadFieldError } from './read-json.js';

/** The `subscription` part of a `subscription.upserted` event. */
export type UpsertedSubscription = Extract<BillingEvent, { kind: 'subscription.upserted' }>['subscription'];

/** A payment event's amount in major units and its currency, each null when not sent. */
export interface PaymentAmount {
  amount: string | null;
  currency: string | null;
}

/**
 * Runs a normalizer body; a `PayloadFieldError` becomes `ok: false` with the event id.
 * @example normalizeGuard('evt_1', () => ({ kind: 'ignored', ...envelope })) // { ok: true, event }
 */
export function normalizeGuard(eventId: string, build: () => BillingEvent): NormalizeResult {
  try {
    return { ok: true, event: build() };
  } catch (error) {
    if (error instanceof PayloadFieldError) {
      return { ok: false, message: `invalid payload: ${error.message}`, eventId, fieldViolations: [error.violation] };
    }
    throw error;
  }
}

/**
 * The `ignored` event for a type we do not handle, or an event that concerns no subscription.
 * @example ignoredEvent({ provider: 'stripe', eventId: 'evt_1', eventType: 'charge.refunded', occurredAt, subscriptionExternalId: '' })
 */
export function ignoredEvent(envelope: EventEnvelope): BillingEvent {
  return { ...envelope, kind: 'ignored' };
}
