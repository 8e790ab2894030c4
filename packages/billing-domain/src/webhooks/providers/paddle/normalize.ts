import type { BillingEvent, EventEnvelope, NormalizedAddonItem } from '../../../domain/billing-event.js';
import type { NormalizeInput, NormalizeResult } from '../../normalize-result.js';
import { ignoredEvent, payloadRefusal, readBodyEvent, type UpsertedSubscription } from '../../read-event.js';
import { PADDLE_EVENT_TYPES, paddleEnvelope, paddleEvent, type PaddleEvent, type PaddleSubscription } from './schema.js';

type AddonLine = NonNullable<PaddleSubscription['items'][number]>;

/**
 * Normalizes a Paddle Billing notification (`event_id`, `event_type`, `occurred_at`, `data`).
 * @example normalizePaddleEvent({ headers: {}, rawBody }) // { ok: true, event: { kind: 'payment.succeeded', ... } }
 */
export function normalizePaddleEvent({ rawBody }: NormalizeInput): NormalizeResult {
  return readBodyEvent(rawBody, 'event_id', {
    provider: 'paddle', envelope: paddleEnvelope, handled: PADDLE_EVENT_TYPES, event: paddleEvent, refuse: payloadRefusal, normalize: paddleBillingEvent,
  });
}

function paddleBillingEvent(event: PaddleEvent, envelope: EventEnvelope): BillingEvent {
  switch (event.event_type) {
    case 'subscription.created':
    case 'subscription.activated':
    case 'subscription.updated':
    case 'subscription.canceled': {
      const sub = event.data;
      if (sub.ended) {
        return { ...envelope, subscriptionExternalId: sub.id, kind: 'subscription.canceled', canceledAt: sub.canceled_at ?? envelope.occurredAt };
      }
      return { ...envelope, subscriptionExternalId: sub.id, kind: 'subscription.upserted', subscription: upserted(sub) };
    }
    case 'transaction.completed':
    case 'transaction.paid':
    case 'transaction.payment_failed': {
      const payment = event.data;
      if (payment === undefined) return ignoredEvent(envelope);
      const kind = event.event_type === 'transaction.payment_failed' ? 'payment.failed' : 'payment.succeeded';
      return { ...envelope, subscriptionExternalId: payment.subscription, kind, amount: payment.amount, currency: payment.currency };
    }
    default: {
      const unreachable: never = event;
      throw new Error(`unhandled paddle event ${JSON.stringify(unreachable)}`);
    }
  }
}

/** A Paddle subscription entity in the `subscription.upserted` shape. */
function upserted(sub: PaddleSubscription): UpsertedSubscription {
  const period = sub.current_billing_period;
  const cancelling = sub.scheduled_change?.action === 'cancel';
  return {
    name: sub.id,
    providerStatus: sub.status.text,
    addonStatus: sub.status.addonStatus,
    cancelAtPeriodEnd: cancelling,
    currentPeriodStart: period?.starts_at ?? null,
    currentPeriodEnd: (cancelling ? sub.scheduled_change?.effective_at : undefined) ?? period?.ends_at ?? null,
    canceledAt: sub.canceled_at ?? null,
    addons: sub.items.flatMap((line) => (line === undefined ? [] : [addonItem(line)])),
  };
}

/** An add-on line. Paddle items carry no id, so the add-on code is the external id. */
function addonItem(line: AddonLine): NormalizedAddonItem {
  const { price } = line;
  // NOTE: the item's product, else the one the sender expanded on the price.
  const product = line.product ?? price.product;
  return {
    // NOTE: Paddle items have no id, and a price change replaces the item's price: keyed by the
    // price id, one add-on would end and a second begin. An add-on is (subscription, add-on code),
    // so the code identifies it and a price change updates it in place.
    externalId: line.addonCode,
    addonCode: line.addonCode,
    addonId: price.product_id ?? product?.id ?? '',
    addonPriceId: price.id,
    addonName: product?.name ?? price.name ?? price.description ?? line.addonCode,
    addonType: price.billing_cycle === undefined || line.recurring === false ? 'ADDON_TYPE_ONE_TIME' : 'ADDON_TYPE_RECURRING',
    // NOTE: a Paddle price is always a unit price times the quantity.
    pricingModel: 'PRICING_MODEL_PER_UNIT',
    quantity: line.quantity,
    unitAmount: price.unit_price.unitAmount,
    currency: price.unit_price.currency.toUpperCase(),
    metadata: price.custom_data,
  };
}
