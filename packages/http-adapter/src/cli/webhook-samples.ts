import type { ProviderName } from '@billing/billing-domain';

type Json = Record<string, unknown>;

/** The event types each provider's deliveries are handled for (docs/webhooks.md, "Events handled"). */
export const SAMPLE_EVENTS: Readonly<Record<ProviderName, readonly string[]>> = {
  stripe: [
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
    'invoice.paid',
    'invoice.payment_succeeded',
    'invoice.payment_failed',
  ],
  paddle: [
    'subscription.created',
    'subscription.updated',
    'subscription.activated',
    'subscription.canceled',
    'transaction.completed',
    'transaction.paid',
    'transaction.payment_failed',
  ],
  standard: ['subscription.updated', 'subscription.canceled', 'payment.succeeded', 'payment.failed'],
};

export interface SampleOptions {
  /** The provider's subscription id the sample is about. */
  subscriptionId: string;
  /** The event id (Stripe `id`, Paddle `event_id`, standard `webhook-id`). */
  eventId: string;
  now: Date;
}

const DAY_MS = 86_400_000;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const periodStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * A realistic body of one handled event: a VM plan line plus one add-on line tagged `addon_code`.
 * @example sampleBody('stripe', 'invoice.paid', { subscriptionId: 'sub_1', eventId: 'evt_1', now: new Date() })
 */
export function sampleBody(provider: ProviderName, event: string, options: SampleOptions): string {
  if (provider === 'stripe') return JSON.stringify(stripeSample(event, options), null, 2);
  if (provider === 'paddle') return JSON.stringify(paddleSample(event, options));
  return JSON.stringify(standardSample(event, options));
}

function stripeSample(type: string, { subscriptionId, eventId, now }: SampleOptions): Json {
  const start = unix(periodStart(now));
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
        status: canceled ? 'canceled' : 'active', canceled_at: canceled ? unix(now) : null, ended_at: canceled ? unix(now) : null,
        items: { object: 'list', data: [item(`si_vm_${subscriptionId}`, { plan: 'vm-small' }, 2000, 1), item(`si_ip_${subscriptionId}`, { addon_code: 'extra_ipv4' }, 120, 2)] },
      };
  return { id: eventId, object: 'event', api_version: '2025-03-31.basil', created: unix(now), type, data: { object } };
}

function paddleSample(type: string, { subscriptionId, eventId, now }: SampleOptions): Json {
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

function standardSample(type: string, { subscriptionId, now }: SampleOptions): Json {
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
