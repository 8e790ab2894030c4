import { hmacSha256 } from './crypto.js';

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
 * One Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with
 * the decoded secret. Also what the event deliveries send.
 * @example standardSignature(key, 'msg_1', '1700000000', Buffer.from('{}')) // 'v1,...'
 */
export function standardSignature(key: Uint8Array, id: string, timestamp: string, body: string | Uint8Array): string {
  return `v1,${hmacSha256(key, `${id}.${timestamp}.`, typeof body === 'string' ? Buffer.from(body, 'utf8') : body).toString('base64')}`;
}
