import type { ProviderName } from '../contract.js';
import type { NormalizeInput, NormalizeResult } from './normalize-result.js';
import { WEBHOOK_PROVIDERS } from './providers/index.js';
import { unstorableTextPath } from './storable-text.js';

/**
 * Parses a verified body and normalizes it into our event union. Malformed JSON or a missing
 * event id gives `ok: false`; event types we do not handle give `kind: 'ignored'`.
 * @example
 * normalizeWebhookEvent('stripe', { headers: {}, rawBody: '{"id":"evt_1","type":"charge.refunded","created":1700000000,"data":{"object":{}}}' })
 * // { ok: true, event: { kind: 'ignored', provider: 'stripe', eventId: 'evt_1', ... } }
 */
export function normalizeWebhookEvent(provider: ProviderName, input: NormalizeInput): NormalizeResult {
  const result = WEBHOOK_PROVIDERS[provider].normalize(input);
  if (!result.ok) return result;
  const badPath = unstorableTextPath(result.event);
  if (badPath === undefined) return result;
  return {
    ok: false,
    message: `the event's ${badPath} holds a NUL character or an unpaired surrogate, which cannot be stored`,
    eventId: unstorableTextPath(result.event.eventId) === undefined ? result.event.eventId : '',
  };
}
