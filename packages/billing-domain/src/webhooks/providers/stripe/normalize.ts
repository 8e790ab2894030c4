import type { BillingEvent, EventEnvelope, NormalizedAddonItem } from '../../../domain/billing-event.js';
import type { NormalizeInput, NormalizeResult } from '../../normalize-result.js';
import { ignoredEvent, payloadRefusal, readBodyEvent, type UpsertedSubscription } from '../../read-event.js';
import { STRIPE_EVENT_TYPES, stripeEnvelope, stripeEvent, type StripeEvent, type StripeSubscription } from './schema.js';

type Line = NonNullable<StripeSubscription['items']>['data'][number];
type AddonLine = Extract<Line, { addonCode: string }>;

/**
 * Normalizes a Stripe event (`id`, `created`, `type`, `data.object`).
 * @example normalizeStripeEvent({ headers: {}, rawBody }) // { ok: true, event: { kind: 'subscription.upserted', ... } }
 */
export function normalizeStripeEvent({ rawBody }: NormalizeInput): NormalizeResult {
  return readBodyEvent(rawBody, 'id', {
    provider: 'stripe', envelope: stripeEnvelope, handled: STRIPE_EVENT_TYPES, event: stripeEvent, refuse: payloadRefusal, normalize: stripeBillingEvent,
  });
}

function stripeBillingEvent(event: StripeEvent, envelope: EventEnvelope): BillingEvent {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      if (sub.ended) {
        const canceledAt = sub.canceled_at ?? sub.ended_at ?? envelope.occurredAt;
        return { ...envelope, subscriptionExternalId: sub.id, kind: 'subscription.canceled', canceledAt };
      }
      return { ...envelope, subscriptionExternalId: sub.id, kind: 'subscription.upserted', subscription: upserted(sub) };
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      if (invoice === undefined) return ignoredEvent(envelope);
      const kind = event.type === 'invoice.payment_failed' ? 'payment.failed' : 'payment.succeeded';
      return { ...envelope, subscriptionExternalId: invoice.subscription, kind, amount: invoice.amount, currency: invoice.currency };
    }
    default: {
      const unreachable: never = event;
      throw new Error(`unhandled stripe event ${JSON.stringify(unreachable)}`);
    }
  }
}

/** Current period: on the subscription (older API versions) or on its items (2025-03-31 and later). */
function currentPeriod(sub: StripeSubscription, lines: readonly Line[]): { start: Date | null; end: Date | null } {
  if (sub.current_period_start !== undefined || sub.current_period_end !== undefined) {
    return { start: sub.current_period_start ?? null, end: sub.current_period_end ?? null };
  }
  // NOTE: items may differ; the earliest ending item marks when the subscription next renews.
  let best: { start: Date | null; end: Date | null } = { start: null, end: null };
  for (const { current_period_start: start, current_period_end: end } of lines) {
    if (end !== undefined && (best.end === null || end < best.end)) best = { start: start ?? null, end };
  }
  return best;
}

/** A Stripe subscription in the `subscription.upserted` shape. */
function upserted(sub: StripeSubscription): UpsertedSubscription {
  const lines = sub.items?.data ?? [];
  // NOTE: a cancellation scheduled for a date (`cancel_at`, which may lie beyond the current
  // period, or equal its end when `cancel_at_period_end` is set) ends the subscription and every
  // line at that date: the end date is `cancel_at`, and the add-ons are set to end.
  const cancelAt = sub.cancel_at;
  const period = currentPeriod(sub, lines);
  return {
    name: sub.description ?? sub.id,
    providerStatus: sub.status.text,
    addonStatus: sub.status.addonStatus,
    cancelAtPeriodEnd: sub.cancel_at_period_end || cancelAt !== undefined,
    currentPeriodStart: period.start,
    currentPeriodEnd: cancelAt ?? period.end,
    canceledAt: sub.canceled_at ?? null,
    addons: lines.flatMap((line) => (line.addonCode === undefined ? [] : [addonItem(line, cancelAt)])),
  };
}

/** An add-on line; `cancelAt` is the subscription's scheduled end, which is also the end of each of its lines. */
function addonItem(line: AddonLine, cancelAt: Date | undefined): NormalizedAddonItem {
  const { price } = line;
  const product = typeof price.product === 'object' ? price.product : undefined;
  const start = line.current_period_start;
  const end = cancelAt ?? line.current_period_end;
  return {
    externalId: line.id,
    addonCode: line.addonCode,
    addonId: (typeof price.product === 'object' ? price.product.id : price.product) ?? '',
    addonPriceId: price.id ?? '',
    addonName: product?.name ?? price.nickname ?? line.addonCode,
    addonType: price.recurring === undefined ? 'ADDON_TYPE_ONE_TIME' : price.recurring.usage_type === 'metered' ? 'ADDON_TYPE_USAGE' : 'ADDON_TYPE_RECURRING',
    pricingModel: pricingModel(price),
    quantity: line.quantity,
    unitAmount: price.unitAmount,
    currency: price.currency.toUpperCase(),
    metadata: { ...product?.metadata, ...price.metadata, ...line.metadata },
    // NOTE: items carry their own period from 2025-03-31.basil (flexible billing); older ones do not.
    ...(start === undefined ? {} : { currentPeriodStart: start }),
    ...(end === undefined ? {} : { currentPeriodEnd: end }),
  };
}

function pricingModel(price: AddonLine['price']) {
  if (price.billing_scheme === 'tiered') return 'PRICING_MODEL_TIERED';
  if (price.transform_quantity !== null && price.transform_quantity !== undefined) return 'PRICING_MODEL_PACKAGE';
  return 'PRICING_MODEL_PER_UNIT';
}
