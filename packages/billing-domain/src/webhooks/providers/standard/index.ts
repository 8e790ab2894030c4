import { standardSignature, WebhookSecretError } from '../../sign.js';
import { generateStandardSecret, parseStandardSecret, STANDARD_SECRET_RULE } from '../../standard-secret.js';
import { blank, DAY_MS, periodStart, unixSeconds, type SampleOptions, type WebhookProvider } from '../provider.js';
import { normalizeStandardEvent } from './normalize.js';
import { STANDARD_EVENT_TYPES } from './schema.js';
import { standardHeader, verifyStandardSignature } from './verify.js';

type Json = Record<string, unknown>;

/**
 * Standard Webhooks: `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC of
 * "id.ts.body">` keyed with the decoded `whsec_` secret; the payload is read with zod.
 */
export const standard: WebhookProvider = {
  missingSignatureHeaders: (headers) => {
    const missing = (['id', 'timestamp', 'signature'] as const).filter((name) => blank(standardHeader(headers, name)));
    return missing.length === 0 ? undefined : `missing header(s): ${missing.map((name) => `webhook-${name}`).join(', ')}`;
  },
  deliveryHeaders: [
    { name: 'webhook-id', description: 'standard: the event id (idempotency key).', signature: false },
    { name: 'webhook-timestamp', description: 'standard: unix seconds.', signature: false },
    { name: 'webhook-signature', description: 'standard: `v1,<base64>` (space-separated list).', signature: true },
  ],
  verify: verifyStandardSignature,
  normalize: normalizeStandardEvent,
  sign: (body, secret, { now, eventId = '' }) => {
    const key = parseStandardSecret(secret);
    if (key === undefined) throw new WebhookSecretError(STANDARD_SECRET_RULE);
    const ts = String(unixSeconds(now));
    return { 'webhook-id': eventId, 'webhook-timestamp': ts, 'webhook-signature': standardSignature(key, eventId, ts, body) };
  },
  signingSecret: 'the endpoint signing secret (whsec_...)',
  secretIssue: (secret) => (parseStandardSecret(secret) === undefined ? STANDARD_SECRET_RULE : undefined),
  newSecret: generateStandardSecret,
  sampleEvents: STANDARD_EVENT_TYPES,
  sampleBody: (event, options) => JSON.stringify(sampleObject(event, options)),
};

function sampleObject(type: string, { subscriptionId, now }: SampleOptions): Json {
  const timestamp = now.toISOString();
  if (type === 'subscription.canceled') return { type, timestamp, data: { subscriptionId, canceledAt: timestamp } };
  if (type !== 'subscription.updated') return { type, timestamp, data: { subscriptionId, amount: '22.40', currency: 'EUR' } };
  const start = periodStart(now);
  return {
    type, timestamp,
    data: {
      subscriptionId, name: 'VM small', status: 'active', cancelAtPeriodEnd: false,
      currentPeriodStart: start.toISOString(), currentPeriodEnd: new Date(start.getTime() + 30 * DAY_MS).toISOString(),
      items: [
        { id: `vm_${subscriptionId}`, quantity: 1, unitAmount: '20.00', currency: 'EUR' },
        { id: `backup_${subscriptionId}`, addonCode: 'backup', addonId: 'prod_backup', addonPriceId: 'price_backup', addonName: 'Backup', quantity: 2, unitAmount: '1.20', currency: 'EUR' },
      ],
    },
  };
}
