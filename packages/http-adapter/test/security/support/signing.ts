import { signWebhook, type ProviderName } from '@billing/billing-domain';
import { STANDARD_SECRET, STRIPE_SECRET, standardDelivery, standardSubscriptionUpdated, stripeDelivery, stripeSubscriptionEvent } from '../../support/webhook-payloads.js';

type Json = Record<string, unknown>;

/** Paddle notification secrets of the security endpoints (org_b). */
export const PADDLE_SECRET = 'pdl_ntfset_01security_paddle_secret_0123456789abcdef';
/** The standard endpoint of org_b (the other tenant). */
export const STANDARD_SECRET_B = `whsec_${Buffer.from('other-tenant-standard-secret-32b!').toString('base64')}`;
/** A secret no endpoint knows. */
export const STRANGER_SECRETS: Record<ProviderName, string> = {
  stripe: 'whsec_stranger_0123456789abcdef0123',
  paddle: 'pdl_ntfset_stranger_0123456789abcdef',
  standard: `whsec_${Buffer.from('a-stranger-standard-secret-32-by!').toString('base64')}`,
};
export const SECRETS: Record<ProviderName, string> = { stripe: STRIPE_SECRET, paddle: PADDLE_SECRET, standard: STANDARD_SECRET };

/** A delivery as sent: exact body bytes and headers. */
export interface Delivery {
  provider: ProviderName;
  eventId: string;
  body: string;
  headers: Record<string, string>;
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** A Paddle `subscription.created` notification with a VM line and one add-on line. */
export function paddleSubscriptionEvent(options: { eventId: string; occurredAt: Date; subscriptionId: string; priceId: string }): Json {
  const item = (priceId: string, customData: Json | null, amount: string, quantity: number) => ({
    status: 'active',
    quantity,
    recurring: true,
    price: {
      id: priceId,
      name: 'Extra IPv4',
      billing_cycle: { interval: 'month', frequency: 1 },
      unit_price: { amount, currency_code: 'USD' },
      custom_data: customData,
    },
    product: { id: `pro_${priceId}`, name: 'Extra IPv4' },
  });
  return {
    event_id: options.eventId,
    event_type: 'subscription.created',
    occurred_at: options.occurredAt.toISOString(),
    notification_id: `ntf_${options.eventId}`,
    data: {
      id: options.subscriptionId,
      status: 'active',
      currency_code: 'USD',
      current_billing_period: { starts_at: '2030-01-01T00:00:00Z', ends_at: '2030-02-01T00:00:00Z' },
      scheduled_change: null,
      items: [item(`pri_vm_${options.priceId}`, null, '2000', 1), item(options.priceId, { addon_code: 'extra_ipv4' }, '120', 2)],
    },
  };
}

/** A Paddle delivery signed `ts=..;h1=..` over `${ts}:${body}`. */
export function paddleDelivery(event: Json, now: Date, secret = PADDLE_SECRET) {
  const body = JSON.stringify(event);
  return { body, headers: { 'content-type': 'application/json', ...signWebhook('paddle', body, secret, { now }) } };
}

/**
 * A subscription event with one add-on for the provider, signed at `at` with `secret`.
 * Stripe and Paddle bodies name their event id; standard carries it in `webhook-id`.
 */
export function signedSubscription(provider: ProviderName, tag: string, at: Date, secret = SECRETS[provider]): Delivery {
  const periodStart = new Date('2030-01-01T00:00:00Z');
  if (provider === 'stripe') {
    const eventId = `evt_${tag}`;
    const event = stripeSubscriptionEvent('customer.subscription.created', { eventId, created: at, subscriptionId: `sub_${tag}`, itemId: `si_${tag}`, periodStart });
    return { provider, eventId, ...stripeDelivery(event, at, secret) };
  }
  if (provider === 'paddle') {
    const eventId = `evt_${tag}`;
    return { provider, eventId, ...paddleDelivery(paddleSubscriptionEvent({ eventId, occurredAt: at, subscriptionId: `sub_${tag}`, priceId: `pri_${tag}` }), at, secret) };
  }
  const eventId = `msg_${tag}`;
  const payload = standardSubscriptionUpdated({ timestamp: at, subscriptionId: `vm_${tag}`, itemId: `item_${tag}`, periodStart });
  return { provider, eventId, ...standardDelivery(eventId, payload, at, secret) };
}

/** The header carrying the signature of each provider. */
export const SIGNATURE_HEADER: Record<ProviderName, string> = {
  stripe: 'stripe-signature',
  paddle: 'paddle-signature',
  standard: 'webhook-signature',
};

/** The signature values of a delivery (hex or base64, without scheme prefixes), for log searches. */
export function signatureValues(delivery: Delivery): string[] {
  const header = delivery.headers[SIGNATURE_HEADER[delivery.provider]] ?? '';
  if (delivery.provider === 'standard') return header.split(' ').map((s) => s.replace(/^v1,/, ''));
  return header.split(/[;,]/).filter((p) => /^(v1|h1)=/.test(p)).map((p) => p.slice(3));
}

/** The same delivery claiming another signing time, keeping the old signature (a replay). */
export function withTimestamp(delivery: Delivery, at: Date): Delivery {
  const ts = String(unix(at));
  const headers = { ...delivery.headers };
  if (delivery.provider === 'stripe') headers['stripe-signature'] = headers['stripe-signature']!.replace(/^t=\d+/, `t=${ts}`);
  else if (delivery.provider === 'paddle') headers['paddle-signature'] = headers['paddle-signature']!.replace(/^ts=\d+/, `ts=${ts}`);
  else headers['webhook-timestamp'] = ts;
  return { ...delivery, headers };
}

/** The same delivery with its signature cut to half its length. */
export function withTruncatedSignature(delivery: Delivery): Delivery {
  const name = SIGNATURE_HEADER[delivery.provider];
  const headers = { ...delivery.headers };
  const [signature] = signatureValues(delivery);
  headers[name] = headers[name]!.replace(signature!, signature!.slice(0, Math.floor(signature!.length / 2)));
  return { ...delivery, headers };
}

/** The same headers over a changed body (one digit of the add-on quantity flipped; still valid JSON). */
export function withTamperedBody(delivery: Delivery): Delivery {
  const body = delivery.body.replace(/("quantity":\s*)(\d)/, (_, key: string, digit: string) => `${key}${(Number(digit) + 1) % 10}`);
  if (body === delivery.body) throw new Error('nothing to tamper with');
  return { ...delivery, body };
}

/** The same delivery without any signature header. */
export function withoutSignature(delivery: Delivery): Delivery {
  const headers = { ...delivery.headers };
  delete headers[SIGNATURE_HEADER[delivery.provider]];
  return { ...delivery, headers };
}
