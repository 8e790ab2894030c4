import { hmacSha256 } from './crypto.js';
import { parseStandardSecret, STANDARD_SECRET_RULE } from './standard-secret.js';

/** The providers a delivery can be signed for (`ProviderName`, written out: the contract module imports the events, which sign). */
type ProviderName = 'stripe' | 'paddle' | 'standard';

/** What a signature is made for: the time it carries and, for `standard`, the event id (`webhook-id`). */
export interface SignOptions {
  now: Date;
  /** The `webhook-id` of a `standard` delivery (ignored by the other providers, whose body names the event). */
  eventId?: string;
}

/** A secret that cannot sign (a `standard` secret that is not `whsec_` followed by base64). */
export class WebhookSecretError extends Error {
  override readonly name = 'WebhookSecretError';
}

/**
 * The signature headers a provider sends with `body` (its exact bytes), as each provider documents them:
 * Stripe `t=<unix>,v1=<hex HMAC of "t.body">`, Paddle `ts=<unix>;h1=<hex HMAC of "ts:body">`, Standard
 * Webhooks `webhook-id`, `webhook-timestamp` and `v1,<base64 HMAC of "id.ts.body">` keyed with the decoded
 * secret. The mirror of `verifyWebhookSignature`, made with the same HMAC; for sending test deliveries.
 * Written here because none of the providers' libraries signs all three (Paddle's SDK verifies only).
 * @example signWebhook('stripe', '{}', 'whsec_x', { now: new Date() }) // { 'stripe-signature': 't=...,v1=...' }
 */
export function signWebhook(provider: ProviderName, body: string | Uint8Array, secret: string, options: SignOptions): Record<string, string> {
  const ts = String(Math.floor(options.now.getTime() / 1000));
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (provider === 'stripe') return { 'stripe-signature': `t=${ts},v1=${hmacSha256(secret, `${ts}.`, bytes).toString('hex')}` };
  if (provider === 'paddle') return { 'paddle-signature': `ts=${ts};h1=${hmacSha256(secret, `${ts}:`, bytes).toString('hex')}` };
  const key = parseStandardSecret(secret);
  if (key === undefined) throw new WebhookSecretError(STANDARD_SECRET_RULE);
  const eventId = options.eventId ?? '';
  return { 'webhook-id': eventId, 'webhook-timestamp': ts, 'webhook-signature': standardSignature(key, eventId, ts, bytes) };
}

/**
 * One Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with
 * the decoded secret. Also what the event deliveries send.
 * @example standardSignature(key, 'msg_1', '1700000000', Buffer.from('{}')) // 'v1,...'
 */
export function standardSignature(key: Uint8Array, id: string, timestamp: string, body: string | Uint8Array): string {
  return `v1,${hmacSha256(key, `${id}.${timestamp}.`, typeof body === 'string' ? Buffer.from(body, 'utf8') : body).toString('base64')}`;
}
