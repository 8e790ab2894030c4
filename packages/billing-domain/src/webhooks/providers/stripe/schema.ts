import { z } from 'zod';
import {
  byShape, count, endsSubscription, entry, flag, knownStatus, list, looseText, majorUnits, metadata, nothing, object,
  optObject, optText, optUnixDate, paymentAmount, text, unixDate, variant,
} from '../../payload-schema.js';
import { stripeMinorDigits } from './currency.js';

/** What every Stripe event carries, whatever its type. */
export const stripeEnvelope = object({ created: unixDate, type: text, data: object({}) })
  .transform((event) => ({ eventType: event.type, occurredAt: event.created }));

/** `price.product` is an id unless the sender expanded it; only then are its name and metadata known. */
const product = byShape(z.object({ metadata, name: optText, id: optText }), optText);
const productTags = byShape(z.object({ metadata, name: optText }), nothing);
const linePeriod = { current_period_start: optUnixDate, current_period_end: optUnixDate };

/**
 * The add-on code of a price: `addon_code` on its metadata, else on its expanded product's.
 * @example addonCodeOf({ metadata: { addon_code: 'extra_ipv4' }, product: 'prod_1' }) // 'extra_ipv4'
 */
function addonCodeOf(price: { metadata: Record<string, string>; product: { metadata: Record<string, string> } | string | undefined }): string | undefined {
  return price.metadata['addon_code'] ?? (typeof price.product === 'object' ? price.product.metadata['addon_code'] : undefined);
}

// NOTE: the minor amounts are judged together with the currency they are in (below), so one
// refusal names both, as it always has.
const addonPrice = object({
  metadata,
  product,
  currency: text,
  unit_amount_decimal: z.unknown().optional(),
  unit_amount: z.unknown().optional(),
  id: optText,
  nickname: optText,
  recurring: optObject({ usage_type: looseText }),
  billing_scheme: looseText,
  transform_quantity: z.unknown().optional(),
}).transform((price, ctx) => {
  // NOTE: tiered prices carry no unit amount (their tiers are not in webhook payloads): '0'.
  const minor = price.unit_amount_decimal ?? price.unit_amount ?? '0';
  const problem = `or currency is not a valid amount in ${price.currency}`;
  return Object.assign(price, { unitAmount: majorUnits(ctx, minor, price.currency, stripeMinorDigits, ['unit_amount'], problem) });
});

// NOTE: a transform receives the object zod has just built for it, so what it adds (an add-on code, a
// tag) goes onto that object in place instead of onto a copy of every field.
const addonLine = entry({ price: addonPrice, ...linePeriod, id: text, quantity: count, metadata })
  .transform((line) => Object.assign(line, { addonCode: addonCodeOf(line.price) ?? '' }));
const otherLine = entry(linePeriod).transform((line) => Object.assign(line, { addonCode: undefined }));

/** A subscription item: an add-on when its price (or the price's product) carries `addon_code`; only its period counts otherwise. */
const line = variant(entry({ price: object({ metadata, product: productTags }) }), ({ price }) => (addonCodeOf(price) === undefined ? otherLine : addonLine));

const subscription = object({
  status: knownStatus,
  items: optObject({ data: list(line) }),
  current_period_start: optUnixDate,
  current_period_end: optUnixDate,
  cancel_at: optUnixDate,
  id: text,
  description: optText,
  cancel_at_period_end: flag(false),
  canceled_at: optUnixDate,
}).transform((sub) => Object.assign(sub, { ended: false as const }));

const endedSubscription = object({ canceled_at: optUnixDate, ended_at: optUnixDate, id: text })
  .transform((sub) => Object.assign(sub, { ended: true as const }));

// NOTE: an update to `canceled` (or `incomplete_expired`) ends the subscription as `deleted` does.
const updatedSubscription = variant(object({ status: optText }), ({ status }) => (endsSubscription(status) ? endedSubscription : subscription));

/** How an invoice names its subscription: an id or an expanded object; anything else names none. */
const subscriptionRef = z.union([text, z.object({ id: text }).transform((sub) => sub.id)]).optional().catch(undefined);
const invoiceReference = {
  subscription: subscriptionRef,
  // NOTE: from API version 2025-03-31 the subscription is under `parent.subscription_details`.
  parent: optObject({ subscription_details: optObject({ subscription: subscriptionRef }) }),
};
const reference = object(invoiceReference);
const subscriptionOf = (invoice: z.output<typeof reference>) => invoice.subscription ?? invoice.parent?.subscription_details?.subscription;

/** An invoice for a subscription, read with its `amount_paid` (payments) or `amount_due` (failures). */
function invoice(field: 'amount_paid' | 'amount_due') {
  const amounts = { currency: optText, amount_paid: z.unknown().optional(), amount_due: z.unknown().optional() };
  const billed = object({ ...invoiceReference, ...amounts }).transform((inv, ctx) => ({
    subscription: subscriptionOf(inv) ?? '',
    ...paymentAmount(ctx, inv[field], inv.currency, stripeMinorDigits, [field], `is not an integer amount in ${inv.currency}`),
  }));
  return variant(reference, (inv) => (subscriptionOf(inv) === undefined ? nothing : billed));
}

const event = <const T extends readonly string[], S extends z.ZodType>(types: T, schema: S) =>
  z.object({ type: z.literal(types), data: z.object({ object: schema }) });

/** A Stripe event of a handled type, as the normalizer reads it. */
export const stripeEvent = z.discriminatedUnion('type', [
  event(['customer.subscription.created'], subscription),
  event(['customer.subscription.updated'], updatedSubscription),
  event(['customer.subscription.deleted'], endedSubscription),
  event(['invoice.paid', 'invoice.payment_succeeded'], invoice('amount_paid')),
  event(['invoice.payment_failed'], invoice('amount_due')),
]);

/** The event types handled (docs/webhooks.md, "Events handled"), in the union's order. */
export const STRIPE_EVENT_TYPES = stripeEvent.options.flatMap((option) => [...option.shape.type.values]);

export type StripeEvent = z.output<typeof stripeEvent>;
export type StripeSubscription = z.output<typeof subscription>;
