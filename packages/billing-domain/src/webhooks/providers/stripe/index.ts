import { randomBytes } from 'node:crypto';
import { hexSignatureProvider } from '../../hex-signature-header.js';
import { periodStart, unixSeconds, type SampleOptions, type WebhookProvider } from '../provider.js';
import { normalizeStripeEvent } from './normalize.js';
import { STRIPE_EVENT_TYPES } from './schema.js';

type Json = Record<string, unknown>;

/** Stripe: `Stripe-Signature: t=<unix>,v1=<hex HMAC of "t.body">`, keyed with the whole `whsec_...` string. */
export const stripe: WebhookProvider = {
  // `t=<unix>,v1=<hex>[,v1=<hex>...]`; `v0` and unknown schemes are ignored.
  ...hexSignatureProvider({
    header: 'Stripe-Signature',
    description: 'stripe: `t=<unix>,v1=<hex>` (several v1 allowed).',
    separator: ',',
    timestampKey: 't',
    signatureKey: 'v1',
    signedPrefix: (t) => `${t}.`,
  }),
  normalize: normalizeStripeEvent,
  signingSecret: "the endpoint's signing secret (whsec_...)",
  // Stripe keys its HMAC with the whole secret text, whatever it holds.
  secretIssue: () => undefined,
  newSecret: () => `whsec_${randomBytes(24).toString('base64url')}`,
  sampleEvents: STRIPE_EVENT_TYPES,
  sampleBody: (event, options) => JSON.stringify(sampleObject(event, options), null, 2),
};

function sampleObject(type: string, { subscriptionId, eventId, now }: SampleOptions): Json {
  const start = unixSeconds(periodStart(now));
  const canceled = type === 'customer.subscription.deleted';
  const item = (id: string, metadata: Json, unitAmount: number, quantity: number) => ({
    id, object: 'subscription_item', quantity, subscription: subscriptionId, metadata: {},
    current_period_start: start, current_period_end: start + 30 * 86_400,
    price: {
      id: `price_${id}`, object: 'price', billing_scheme: 'per_unit', currency: 'usd', metadata, product: `prod_${id}`,
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' }, type: 'recurring',
      unit_amount: unitAmount, unit_amount_decimal: String(unitAmount),
    },
  });
  const object = type.startsWith('invoice.')
    ? {
        id: `in_${eventId}`, object: 'invoice', amount_due: 2240, amount_paid: type === 'invoice.payment_failed' ? 0 : 2240, currency: 'usd',
        subscription: subscriptionId, parent: { subscription_details: { subscription: subscriptionId } },
      }
    : {
        id: subscriptionId, object: 'subscription', cancel_at_period_end: false, created: start, currency: 'usd', customer: 'cus_sample',
        status: canceled ? 'canceled' : 'active', canceled_at: canceled ? unixSeconds(now) : null, ended_at: canceled ? unixSeconds(now) : null,
        items: { object: 'list', data: [item(`si_vm_${subscriptionId}`, { plan: 'vm-small' }, 2000, 1), item(`si_ip_${subscriptionId}`, { addon_code: 'extra_ipv4' }, 120, 2)] },
      };
  return { id: eventId, object: 'event', api_version: '2025-03-31.basil', created: unixSeconds(now), type, data: { object } };
}
