import { signWebhook } from '@billing/billing-domain';
import { standardDelivery, standardSubscriptionUpdated } from '../../support/webhook-payloads.js';
import type { Target } from './hostile-server.js';

/** Delivers a signed standard `subscription.updated` (one add-on) for the endpoint of `secret`; returns the status. */
export async function deliverSubscription(target: Target, tag: string, secret: string): Promise<number> {
  const now = new Date();
  const payload = standardSubscriptionUpdated({ timestamp: now, subscriptionId: `vm_${tag}`, itemId: `item_${tag}`, periodStart: new Date('2030-01-01T00:00:00Z') });
  const delivery = standardDelivery(`msg_${tag}`, payload, now, secret);
  const answer = await target.call('POST', '/api/v1/webhooks/standard', { body: delivery.body, headers: delivery.headers, auth: false });
  return answer.status;
}

/**
 * A Standard Webhooks signature (`v1,<base64>`) over `${id}.${ts}.` followed by the body's exact bytes.
 * @example signStandardBytes(STANDARD_SECRET, 'msg_1', 1700000000, Buffer.from('{}'))
 */
export function signStandardBytes(secret: string, id: string, timestamp: number, body: Buffer): string {
  return signWebhook('standard', body, secret, { now: new Date(timestamp * 1000), eventId: id })['webhook-signature'] as string;
}
