import { z } from 'zod';
import {
  count, endsSubscription, entry, isoDate, knownStatus, list, looseText, majorUnits, metadata, nothing, object, optIsoDate,
  optObject, optText, paymentAmount, text, variant,
} from '../../payload-schema.js';
import { paddleMinorDigits } from './currency.js';

/** What every Paddle notification carries, whatever its type. */
export const paddleEnvelope = z
  .object({ occurred_at: isoDate, event_type: text })
  .transform((event) => ({ eventType: event.event_type, occurredAt: event.occurred_at }));

const product = optObject({ id: optText, name: optText });

const unitPrice = object({ currency_code: text, amount: z.unknown().optional() }).transform((price, ctx) => {
  const problem = `must be a string of minor units of ${price.currency_code}`;
  return { currency: price.currency_code, unitAmount: majorUnits(ctx, price.amount, price.currency_code, paddleMinorDigits, ['amount'], problem) };
});

// NOTE: a transform receives the object zod has just built for it, so what it adds goes onto that
// object in place instead of onto a copy of every field.
const addonLine = entry({
  price: object({
    custom_data: metadata,
    unit_price: unitPrice,
    product,
    billing_cycle: optObject({}),
    id: text,
    product_id: optText,
    name: optText,
    description: optText,
  }),
  product,
  recurring: z.boolean().optional().catch(undefined),
  quantity: count,
}).transform((line) => Object.assign(line, { addonCode: line.price.custom_data['addon_code'] ?? '' }));

/** A subscription item: an add-on when its price's `custom_data` carries `addon_code`; nothing else is read otherwise. */
const line = variant(entry({ price: optObject({ custom_data: metadata }) }), ({ price }) => (price?.custom_data['addon_code'] === undefined ? nothing : addonLine));

const subscription = object({
  id: text,
  status: knownStatus,
  current_billing_period: optObject({ starts_at: optIsoDate, ends_at: optIsoDate }),
  // NOTE: `action: 'cancel'` means the subscription ends at `effective_at`.
  scheduled_change: optObject({ action: looseText, effective_at: optIsoDate }),
  items: list(line),
  canceled_at: optIsoDate,
}).transform((sub) => Object.assign(sub, { ended: false as const }));

const endedSubscription = object({ id: text, status: optText, canceled_at: optIsoDate }).transform((sub) => Object.assign(sub, { ended: true as const }));

// NOTE: an update to `canceled` ends the subscription as `subscription.canceled` does.
const updatedSubscription = variant(object({ id: text, status: optText }), ({ status }) => (endsSubscription(status) ? endedSubscription : subscription));

const transactionAmount = object({
  subscription_id: text,
  details: optObject({ totals: optObject({ currency_code: optText, grand_total: z.unknown().optional() }) }),
  currency_code: optText,
}).transform((transaction, ctx) => {
  const totals = transaction.details?.totals;
  const currency = totals?.currency_code ?? transaction.currency_code;
  const problem = `must be a string of minor units of ${currency}`;
  const path = ['details', 'totals', 'grand_total'];
  return { subscription: transaction.subscription_id, ...paymentAmount(ctx, totals?.grand_total, currency, paddleMinorDigits, path, problem) };
});

/** A transaction: a payment of a subscription when it names one; nothing else is read otherwise. */
const transaction = variant(object({ subscription_id: optText }), ({ subscription_id }) => (subscription_id === undefined ? nothing : transactionAmount));

const event = <const T extends readonly string[], S extends z.ZodType>(types: T, data: S) => z.object({ event_type: z.literal(types), data });

/** A Paddle notification of a handled type, as the normalizer reads it. */
export const paddleEvent = z.discriminatedUnion('event_type', [
  event(['subscription.created'], subscription),
  event(['subscription.updated'], updatedSubscription),
  event(['subscription.activated'], subscription),
  event(['subscription.canceled'], endedSubscription),
  event(['transaction.completed', 'transaction.paid', 'transaction.payment_failed'], transaction),
]);

/** The event types handled (docs/webhooks.md, "Events handled"), in the union's order. */
export const PADDLE_EVENT_TYPES = paddleEvent.options.flatMap((option) => [...option.shape.event_type.values]);

export type PaddleEvent = z.output<typeof paddleEvent>;
export type PaddleSubscription = z.output<typeof subscription>;
