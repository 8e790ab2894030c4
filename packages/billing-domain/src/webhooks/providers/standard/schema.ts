import { normalizeCurrency } from '@billing/pricing-core';
import { z } from 'zod';
import { isBoundedAmount, isStorableTime, MAX_AMOUNT_FRACTION_DIGITS, MAX_AMOUNT_INTEGER_DIGITS, MAX_AMOUNT_TEXT, MAX_QUANTITY } from '../../bounds.js';

const isoDateTime = z.iso
  .datetime({ offset: true })
  .refine((text) => isStorableTime(Date.parse(text)), 'must be a date-time between 1970 and 9999');
const nonEmpty = z.string().min(1);
const majorAmount = z
  .string()
  .max(MAX_AMOUNT_TEXT)
  .regex(/^\d+(?:\.\d+)?$/, 'must be a non-negative decimal string in major units, such as "1.20"')
  .refine(isBoundedAmount, `must have at most ${MAX_AMOUNT_INTEGER_DIGITS} digits before the point and ${MAX_AMOUNT_FRACTION_DIGITS} after it`);
const currency = z
  .string()
  .refine((code) => normalizeCurrency(code) !== undefined, 'must be an ISO 4217 currency code');

export const standardItemSchema = z.object({
  id: nonEmpty.describe("The sender's id of the item; stored as the add-on's externalId."),
  addonCode: nonEmpty.nullish().describe('Catalogue code; items without one are not add-ons.'),
  addonId: nonEmpty.optional().describe("The add-on's product id; defaults to the add-on code."),
  addonPriceId: nonEmpty.optional().describe("The add-on's price id; defaults to ''."),
  addonName: nonEmpty.optional().describe("The add-on's name; defaults to the add-on code."),
  name: nonEmpty.optional().describe('Earlier spelling of addonName, still accepted.'),
  quantity: z.int().nonnegative().max(MAX_QUANTITY),
  unitAmount: majorAmount,
  currency,
  addonType: z.enum(['ADDON_TYPE_RECURRING', 'ADDON_TYPE_USAGE', 'ADDON_TYPE_ONE_TIME']).optional()
    .describe('Defaults to ADDON_TYPE_RECURRING.'),
  pricingModel: z
    .enum(['PRICING_MODEL_FLAT', 'PRICING_MODEL_PER_UNIT', 'PRICING_MODEL_PACKAGE', 'PRICING_MODEL_TIERED', 'PRICING_MODEL_FORMULA'])
    .optional()
    .describe('Defaults to PRICING_MODEL_PER_UNIT.'),
  metadata: z.record(z.string(), z.string()).optional(),
});

const subscriptionUpdated = z.object({
  type: z.literal('subscription.updated'),
  timestamp: isoDateTime,
  data: z.object({
    subscriptionId: nonEmpty,
    name: z.string().optional().describe('Defaults to the subscription id.'),
    status: z.enum(['active', 'pending', 'past_due', 'canceled']),
    cancelAtPeriodEnd: z.boolean().default(false),
    currentPeriodStart: isoDateTime.nullish(),
    currentPeriodEnd: isoDateTime.nullish(),
    items: z.array(standardItemSchema),
  }),
});

const subscriptionCanceled = z.object({
  type: z.literal('subscription.canceled'),
  timestamp: isoDateTime,
  data: z.object({ subscriptionId: nonEmpty, canceledAt: isoDateTime }),
});

const paymentData = z.object({ subscriptionId: nonEmpty, amount: majorAmount, currency });
const paymentSucceeded = z.object({ type: z.literal('payment.succeeded'), timestamp: isoDateTime, data: paymentData });
const paymentFailed = z.object({ type: z.literal('payment.failed'), timestamp: isoDateTime, data: paymentData });

/** The `standard` provider's JSON body (Standard Webhooks delivery of our own event format). */
export const standardWebhookPayloadSchema = z
  .discriminatedUnion('type', [subscriptionUpdated, subscriptionCanceled, paymentSucceeded, paymentFailed])
  .describe('Body of a `standard` webhook delivery; the event id is the `webhook-id` header.');

export type StandardWebhookPayload = z.infer<typeof standardWebhookPayloadSchema>;

/** Every body must at least say what it is and when it happened, whatever its type. */
export const standardEnvelopeSchema = z
  .object({ type: nonEmpty, timestamp: isoDateTime, data: z.unknown() })
  .transform((head) => ({ eventType: head.type, occurredAt: new Date(head.timestamp) }));

/** The event types the `standard` provider handles (docs/webhooks.md, "Events handled"), in the union's order. */
export const STANDARD_EVENT_TYPES = standardWebhookPayloadSchema.options.flatMap((option) => [...option.shape.type.values]);
