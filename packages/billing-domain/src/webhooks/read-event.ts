import type { z } from 'zod';
import type { ProviderName } from '../contract.js';
import type { BillingEvent, EventEnvelope } from '../domain/billing-event.js';
import { formatFieldPath } from './field-path.js';
import type { NormalizeResult } from './normalize-result.js';
import { isJsonObject, text } from './payload-schema.js';

/** The `subscription` part of a `subscription.upserted` event. */
export type UpsertedSubscription = Extract<BillingEvent, { kind: 'subscription.upserted' }>['subscription'];

/**
 * The `ignored` event for a type we do not handle, or an event that concerns no subscription.
 * @example ignoredEvent({ provider: 'stripe', eventId: 'evt_1', eventType: 'charge.refunded', occurredAt, subscriptionExternalId: '' })
 */
export function ignoredEvent(envelope: EventEnvelope): BillingEvent {
  return { ...envelope, kind: 'ignored' };
}

/** How one provider's payload is read into our event union. */
export interface EventReader<E> {
  provider: ProviderName;
  /** What every event carries, whatever its type: read first, so an unhandled type is ignored only when it is well-formed. */
  envelope: z.ZodType<{ eventType: string; occurredAt: Date }>;
  /** The event types handled; any other is stored as ignored. */
  handled: readonly string[];
  /** The whole body of a handled event, typed. */
  event: z.ZodType<E>;
  /** The answer to a body that does not match. */
  refuse(eventId: string, error: z.ZodError): NormalizeResult;
  /** Our event from the typed body. */
  normalize(event: E, envelope: EventEnvelope): BillingEvent;
}

/**
 * Parses a provider's body once into its typed event (the envelope first, then the whole body when its
 * type is handled) and normalizes that.
 * @example readEvent(body, 'msg_1', standardReader) // { ok: true, event: { kind: 'payment.failed', ... } }
 */
export function readEvent<E>(body: unknown, eventId: string, reader: EventReader<E>): NormalizeResult {
  const head = reader.envelope.safeParse(body);
  if (!head.success) return reader.refuse(eventId, head.error);
  const envelope: EventEnvelope = { provider: reader.provider, eventId, ...head.data, subscriptionExternalId: '' };
  if (!reader.handled.includes(envelope.eventType)) return { ok: true, event: ignoredEvent(envelope) };
  const event = reader.event.safeParse(body);
  if (!event.success) return reader.refuse(eventId, event.error);
  return { ok: true, event: reader.normalize(event.data, envelope) };
}

/**
 * `readEvent` for a body that names its own event id in the field `idField` (Stripe `id`, Paddle `event_id`).
 * @example readBodyEvent('{"id":"evt_1",...}', 'id', stripeReader) // { ok: true, event: { kind: 'subscription.upserted', ... } }
 */
export function readBodyEvent<E>(rawBody: string, idField: string, reader: EventReader<E>): NormalizeResult {
  const body = parseJsonObject(rawBody);
  if (body === undefined) return { ok: false, message: 'body is not a JSON object', eventId: '' };
  const id = text.safeParse(body[idField]);
  if (!id.success) return { ok: false, message: `invalid payload: ${idField} is required`, eventId: '' };
  return readEvent(body, id.data, reader);
}

/**
 * Parses a body that must be a JSON object; `undefined` when it is not.
 * @example parseJsonObject('{"id":"evt_1"}') // { id: 'evt_1' }
 */
export function parseJsonObject(rawBody: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(rawBody);
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stripe's and Paddle's refusal of a payload that does not match its schema: the first violation, at its path.
 * @example payloadRefusal('evt_1', error) // { ok: false, message: 'invalid payload: created is required', eventId: 'evt_1', fieldViolations }
 */
export function payloadRefusal(eventId: string, error: z.ZodError): NormalizeResult {
  const [issue] = error.issues;
  const violation = { field: formatFieldPath(issue?.path ?? []), description: issue?.message ?? 'is invalid' };
  return { ok: false, message: `invalid payload: ${violation.field} ${violation.description}`, eventId, fieldViolations: [violation] };
}
