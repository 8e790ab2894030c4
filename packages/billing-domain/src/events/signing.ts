import { standardSignature } from '../webhooks/sign.js';
import { parseStandardSecret, STANDARD_SECRET_RULE } from '../webhooks/standard-secret.js';

/**
 * The Standard Webhooks signature of one request: `v1,` and the base64 HMAC-SHA256, keyed with
 * the base64-decoded part of the secret after `whsec_`, over `{id}.{timestamp}.{body}`.
 * @example signatureOf('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_1', 1700000000, '{}') // 'v1,...'
 */
export function signatureOf(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = parseStandardSecret(secret);
  // Destination secrets are made by `generateStandardSecret`; another one is a bug, not bad input.
  if (key === undefined) throw new TypeError(STANDARD_SECRET_RULE);
  return standardSignature(key, id, String(timestampSeconds), body);
}

/**
 * The headers of one attempt: `webhook-id`, `webhook-timestamp`, and `webhook-signature` with one
 * signature per secret (the current one first, then the previous one during the overlap),
 * space-separated, plus `content-type`.
 * @example webhookHeaders(['whsec_...'], 'evt_1', new Date(), '{}')['webhook-signature']
 */
export function webhookHeaders(secrets: readonly string[], id: string, now: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signatureOf(secret, id, timestamp, body)).join(' '),
  };
}
