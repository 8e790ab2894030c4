/**
 * The benchmark's deliveries: the same list on every run, so figures stay comparable.
 * Round 0 creates every subscription (two add-ons each); later rounds cycle through a payment,
 * a quantity change, a failed payment and a recovery; one delivery in twenty is a type the
 * service ignores. Event times rise with the position, so each subscription's events are in order.
 */
import { signWebhook } from '../src/webhooks/providers/index.js';
import type { WebhookDelivery } from '../src/index.js';

export const BENCH_ORG = 'org_bench';
export const BENCH_SECRET = `whsec_${Buffer.from('bench-secret-bench-secret-bench!').toString('base64')}`;

const LATER_ROUNDS = ['payment.succeeded', 'subscription.updated', 'payment.failed', 'payment.succeeded'] as const;

function body(i: number, subscriptions: number): string {
  const sub = `vm_${i % subscriptions}`;
  const round = Math.floor(i / subscriptions);
  const timestamp = new Date(Date.parse('2025-01-01T00:00:00Z') + i * 1000).toISOString();
  if (round > 0 && i % 20 === 7) return JSON.stringify({ type: 'invoice.created', timestamp, data: { subscriptionId: sub } });
  const kind = round === 0 ? 'subscription.updated' : LATER_ROUNDS[(round - 1) % LATER_ROUNDS.length];
  if (kind !== 'subscription.updated') {
    return JSON.stringify({ type: kind, timestamp, data: { subscriptionId: sub, amount: '10.00', currency: 'EUR' } });
  }
  return JSON.stringify({
    type: 'subscription.updated',
    timestamp,
    data: {
      subscriptionId: sub,
      name: `VM ${sub}`,
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodStart: '2025-01-01T00:00:00Z',
      currentPeriodEnd: '2025-02-01T00:00:00Z',
      items: [
        { id: `${sub}_vm`, quantity: 1, unitAmount: '20.00', currency: 'EUR' },
        { id: `${sub}_ip`, addonCode: 'extra_ipv4', quantity: 1 + (round % 4), unitAmount: '1.20', currency: 'EUR' },
        { id: `${sub}_backup`, addonCode: 'backup', quantity: 1, unitAmount: '0.0045', currency: 'EUR' },
      ],
    },
  });
}

/**
 * `total` signed `standard` deliveries over `subscriptions` subscriptions, each with its own event id.
 * @example signedDeliveries(2000, 400, new Date()).length // 2000
 */
export function signedDeliveries(total: number, subscriptions: number, now: Date): WebhookDelivery[] {
  return Array.from({ length: total }, (_, i) => {
    const id = `msg_${i}`;
    const raw = body(i, subscriptions);
    return {
      provider: 'standard',
      headers: signWebhook('standard', raw, BENCH_SECRET, { now, eventId: id }),
      rawBody: Buffer.from(raw, 'utf8'),
      principal: null,
      now,
    };
  });
}
