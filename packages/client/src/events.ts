import { Webhook } from 'standardwebhooks';
import type { BillingEvent } from './types.js';

/** The headers of a received request: a fetch `Headers`, or node's `req.headers`. */
export type ReceivedHeaders = Headers | Record<string, string | readonly string[] | undefined>;

/** A received event whose signature, timestamp or headers do not check out. */
export class EventVerificationError extends Error {
  override readonly name = 'EventVerificationError';
}

const SIGNED_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/** The three Standard Webhooks headers, by their lower-case names. */
function signedHeaders(headers: ReceivedHeaders): Record<(typeof SIGNED_HEADERS)[number], string> {
  const read = (name: string): string | undefined => {
    if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
    const record = headers as Record<string, string | readonly string[] | undefined>;
    const key = Object.keys(record).find((k) => k.toLowerCase() === name);
    const value = key === undefined ? undefined : record[key];
    return Array.isArray(value) ? value.join(', ') : (value as string | undefined);
  };
  const out: Partial<Record<(typeof SIGNED_HEADERS)[number], string>> = {};
  for (const name of SIGNED_HEADERS) {
    const value = read(name);
    if (value === undefined || value === '') throw new EventVerificationError(`the ${name} header is missing`);
    out[name] = value;
  }
  return out as Record<(typeof SIGNED_HEADERS)[number], string>;
}

/**
 * Checks an event received from the billing service (Standard Webhooks: the HMAC-SHA256 signature
 * of `webhook-id.webhook-timestamp.body` with the destination's secret, compared in constant time,
 * and a timestamp within five minutes) and returns it typed. `rawBody` must be the bytes as
 * received: a body parsed and serialised again no longer matches its signature.
 * @example
 * const event = verifyEvent(await request.text(), request.headers, process.env.BILLING_EVENT_SECRET);
 * if (event.type === 'addon_subscription.canceled') deprovision(event.data.addonSubscription);
 */
export function verifyEvent(rawBody: string | Uint8Array, headers: ReceivedHeaders, secret: string): BillingEvent {
  if (typeof secret !== 'string' || !secret.startsWith('whsec_')) throw new TypeError('secret must be the destination\'s secret, whsec_...');
  const signed = signedHeaders(headers);
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder('utf-8', { fatal: true }).decode(rawBody);
  let event: unknown;
  try {
    event = new Webhook(secret).verify(body, signed);
  } catch (error) {
    throw new EventVerificationError(`the event does not verify: ${(error as Error).message}`, { cause: error });
  }
  if (typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string') {
    throw new EventVerificationError('the event is not an object with a type');
  }
  if ((event as { id?: unknown }).id !== signed['webhook-id']) {
    // NOTE: the signature covers the id header and the body separately; a body whose id differs
    // from the signed webhook-id would defeat deduplication by webhook-id.
    throw new EventVerificationError('the event id differs from its webhook-id header');
  }
  return event as BillingEvent;
}
