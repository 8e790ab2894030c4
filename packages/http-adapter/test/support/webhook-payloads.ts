import { signWebhook } from '@billing/billing-domain';

type Json = Record<string, unknown>;
const DAY = 24 * 3600;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** Secrets of the test endpoints. */
export const STRIPE_SECRET = 'whsec_test_stripe_0123456789abcdef';
export const STANDARD_SECRET = `whsec_${Buffer.from('standard-webhook-secret-32-bytes!').toString('base64')}`;

/** A signed Stripe delivery: pretty-printed body and `Stripe-Signature`. */
export function stripeDelivery(event: Json, now: Date, secret = STRIPE_SECRET) {
  const body = JSON.stringify(event, null, 2);
  return { body, headers: { 'content-type': 'application/json; charset=utf-8', ...signWebhook('stripe', body, secret, { now }) } };
}

/** A signed Standard Webhooks delivery. */
export function standardDelivery(id: string, payload: Json, now: Date, secret = STANDARD_SECRET) {
  const body = JSON.stringify(payload);
  return { body, headers: { 'content-type': 'application/json', ...signWebhook('standard', body, secret, { now, eventId: id }) } };
}

/** A Stripe subscription event with a VM plan line and one add-on line (price metadata `addon_code`). */
export function stripeSubscriptionEvent(
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted',
  options: { eventId: string; created: Date; subscriptionId: string; itemId: string; status?: string; periodStart: Date },
): Json {
  const start = unix(options.periodStart);
  const item = (id: string, metadata: Json, unitAmount: number, quantity: number) => ({
    id,
    object: 'subscription_item',
    current_period_start: start,
    current_period_end: start + 30 * DAY,
    metadata: {},
    quantity,
    subscription: options.subscriptionId,
    price: {
      id: `price_${id}`,
      object: 'price',
      billing_scheme: 'per_unit',
      currency: 'usd',
      metadata,
      product: `prod_${id}`,
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      type: 'recurring',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    },
  });
  const status = options.status ?? (type === 'customer.subscription.deleted' ? 'canceled' : 'active');
  return {
    id: options.eventId,
    object: 'event',
    api_version: '2025-03-31.basil',
    created: unix(options.created),
    type,
    data: {
      object: {
        id: options.subscriptionId,
        object: 'subscription',
        cancel_at_period_end: false,
        canceled_at: status === 'canceled' ? unix(options.created) : null,
        ended_at: status === 'canceled' ? unix(options.created) : null,
        created: start,
        currency: 'usd',
        customer: 'cus_test',
        status,
        items: {
          object: 'list',
          data: [item(`si_vm_${options.itemId}`, { plan: 'vm-small' }, 2000, 1), item(options.itemId, { addon_code: 'extra_ipv4' }, 120, 2)],
        },
      },
    },
  };
}

/** A Stripe invoice event for a subscription. */
export function stripeInvoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  options: { eventId: string; created: Date; subscriptionId: string },
): Json {
  return {
    id: options.eventId,
    object: 'event',
    created: unix(options.created),
    type,
    data: {
      object: {
        id: `in_${options.eventId}`,
        object: 'invoice',
        amount_due: 4240,
        amount_paid: type === 'invoice.paid' ? 4240 : 0,
        currency: 'usd',
        subscription: options.subscriptionId,
        parent: { subscription_details: { subscription: options.subscriptionId } },
      },
    },
  };
}

/** A standard `subscription.updated` body with one add-on item. */
export function standardSubscriptionUpdated(options: { timestamp: Date; subscriptionId: string; itemId: string; status?: string; periodStart: Date }): Json {
  return {
    type: 'subscription.updated',
    timestamp: options.timestamp.toISOString(),
    data: {
      subscriptionId: options.subscriptionId,
      name: 'VM small',
      status: options.status ?? 'active',
      cancelAtPeriodEnd: false,
      currentPeriodStart: options.periodStart.toISOString(),
      currentPeriodEnd: new Date(options.periodStart.getTime() + 30 * DAY * 1000).toISOString(),
      items: [
        { id: `vm_${options.itemId}`, quantity: 1, unitAmount: '20.00', currency: 'EUR' },
        { id: options.itemId, addonCode: 'backup', addonId: 'prod_backup', addonPriceId: 'price_backup', addonName: 'Backup', quantity: 3, unitAmount: '1.20', currency: 'EUR' },
      ],
    },
  };
}

/** A standard payment or cancellation body. */
export function standardEvent(type: 'payment.succeeded' | 'payment.failed' | 'subscription.canceled', timestamp: Date, subscriptionId: string): Json {
  const data = type === 'subscription.canceled' ? { subscriptionId, canceledAt: timestamp.toISOString() } : { subscriptionId, amount: '23.60', currency: 'EUR' };
  return { type, timestamp: timestamp.toISOString(), data };
}
