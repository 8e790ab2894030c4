import { randomBytes } from 'node:crypto';
import { hexSignatureProvider } from '../../hex-signature-header.js';
import { DAY_MS, periodStart, unixSeconds, type SampleOptions, type WebhookProvider } from '../provider.js';
import { normalizePaddleEvent } from './normalize.js';
import { PADDLE_EVENT_TYPES } from './schema.js';

type Json = Record<string, unknown>;

/** Paddle Billing: `Paddle-Signature: ts=<unix>;h1=<hex HMAC of "ts:body">`, keyed with the secret key. */
export const paddle: WebhookProvider = {
  ...hexSignatureProvider({
    header: 'Paddle-Signature',
    description: 'paddle: `ts=<unix>;h1=<hex>` (several h1 allowed).',
    separator: ';',
    timestampKey: 'ts',
    signatureKey: 'h1',
    signedPrefix: (ts) => `${ts}:`,
  }),
  normalize: normalizePaddleEvent,
  signingSecret: "the notification destination's secret key (pdl_ntfset_...)",
  // Paddle keys its HMAC with the whole secret text, whatever it holds.
  secretIssue: () => undefined,
  newSecret: () => `pdl_ntfset_${randomBytes(24).toString('base64url')}`,
  sampleEvents: PADDLE_EVENT_TYPES,
  sampleBody: (event, options) => JSON.stringify(sampleObject(event, options)),
};

function sampleObject(type: string, { subscriptionId, eventId, now }: SampleOptions): Json {
  const start = periodStart(now);
  const iso = (d: Date) => d.toISOString();
  const price = (id: string, name: string, amount: string, customData: Json | null) => ({
    id, product_id: `pro_${id}`, type: 'standard', name, description: name, tax_mode: 'account_setting',
    billing_cycle: { interval: 'month', frequency: 1 }, trial_period: null, unit_price: { amount, currency_code: 'USD' },
    unit_price_overrides: [], quantity: { minimum: 1, maximum: 100 }, status: 'active', custom_data: customData,
  });
  const item = (quantity: number, p: Json) => ({
    status: 'active', quantity, recurring: true, created_at: iso(start), updated_at: iso(start), previously_billed_at: iso(start),
    next_billed_at: iso(new Date(start.getTime() + 30 * DAY_MS)), trial_dates: null, price: p,
    product: { id: p['product_id'], name: p['name'], type: 'standard', custom_data: null },
  });
  const canceled = type === 'subscription.canceled';
  const data = type.startsWith('transaction.')
    ? {
        id: `txn_${eventId}`, status: type === 'transaction.payment_failed' ? 'past_due' : 'completed', customer_id: 'ctm_sample',
        subscription_id: subscriptionId, origin: 'subscription_recurring', currency_code: 'USD', billed_at: iso(now),
        details: { tax_rates_used: [], line_items: [], totals: { subtotal: '2240', discount: '0', tax: '0', total: '2240', grand_total: '2240', currency_code: 'USD' } },
      }
    : {
        id: subscriptionId, status: canceled ? 'canceled' : 'active', customer_id: 'ctm_sample', address_id: 'add_sample', business_id: null,
        currency_code: 'USD', created_at: iso(start), updated_at: iso(now), started_at: iso(start), first_billed_at: iso(start),
        next_billed_at: iso(new Date(start.getTime() + 30 * DAY_MS)), paused_at: null, canceled_at: canceled ? iso(now) : null,
        discount: null, collection_mode: 'automatic', billing_details: null, scheduled_change: null, custom_data: null, import_meta: null,
        current_billing_period: { starts_at: iso(start), ends_at: iso(new Date(start.getTime() + 30 * DAY_MS)) },
        billing_cycle: { interval: 'month', frequency: 1 },
        items: [item(1, price('pri_vm_small', 'VM small', '2000', null)), item(2, price('pri_extra_ipv4', 'Extra IPv4 address', '120', { addon_code: 'extra_ipv4' }))],
      };
  return { event_id: eventId, event_type: type, occurred_at: iso(now), notification_id: `ntf_${eventId}`, data };
}
