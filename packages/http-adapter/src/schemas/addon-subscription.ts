import type { AddonSubscription, AddonSubscriptionPage } from '@billing/billing-domain';
import { PROVIDERS } from '@billing/billing-domain';
import { z } from '@hono/zod-openapi';

const dateTime = z.string().openapi({ format: 'date-time', example: '2025-01-01T00:00:00.000Z' });

/** When the record was made and last changed. */
export const addonSubscriptionTimestampsSchema = z
  .object({
    createTime: dateTime.openapi({ description: 'Set once, when the record is made.' }),
    updateTime: dateTime.openapi({ description: 'Changes with every change (webhook, :cancel, :undo-cancel).' }),
  })
  .openapi('AddonSubscriptionTimestamps');

/** The AddonSubscription resource as it is answered: the interface's fields in its order, then ours. */
export const addonSubscriptionSchema = z
  .object({
    id: z.string().openapi({ example: 'as_01J8Z3' }),
    quantity: z.number().int().min(0),
    startDate: dateTime.nullable().openapi({ description: 'Start of the current period; null when not known.' }),
    endDate: dateTime.nullable().openapi({ description: 'End of the current period; when a scheduled cancellation takes effect.' }),
    addonStatus: z.enum(['ADDON_STATUS_PENDING', 'ADDON_STATUS_ACTIVE', 'ADDON_STATUS_PAST_DUE', 'ADDON_STATUS_CANCELED']),
    cancelAtPeriodEnd: z.boolean(),
    canceledAt: dateTime.nullable(),
    externalId: z.string().openapi({ description: 'The provider id of the add-on (Stripe item id, standard item id; for Paddle, whose items have no id, the add-on code).' }),
    subscriptionId: z.string().openapi({ description: 'Our id of the parent VM subscription.' }),
    addonId: z.string().openapi({
      description: "The provider's product of the add-on (Stripe price.product, Paddle product_id, standard addonId), else the add-on code.",
      example: 'prod_QHx2ExtraIp',
    }),
    addonPriceId: z.string().openapi({ description: "The provider's price id of the add-on; '' when none was sent.", example: 'price_1PQx2b' }),
    subscriptionName: z.string().openapi({ description: "The parent subscription's name.", example: 'VM small' }),
    addonName: z.string().openapi({ description: "The product's or price's name, else the add-on code.", example: 'Extra IPv4' }),
    addonCode: z.string().openapi({ example: 'backup' }),
    unitAmount: z.string().openapi({ description: 'Price of one unit in major units, a decimal string.', example: '1.20' }),
    currency: z.string().openapi({ example: 'USD' }),
    pricingModel: z.enum([
      'PRICING_MODEL_FLAT',
      'PRICING_MODEL_PER_UNIT',
      'PRICING_MODEL_PACKAGE',
      'PRICING_MODEL_TIERED',
      'PRICING_MODEL_FORMULA',
    ]),
    addonType: z.enum(['ADDON_TYPE_RECURRING', 'ADDON_TYPE_USAGE', 'ADDON_TYPE_ONE_TIME']),
    metadata: z.record(z.string(), z.string()),
    status: z.enum(['STATUS_ACTIVE', 'STATUS_INACTIVE']),
    timestamps: addonSubscriptionTimestampsSchema,
    name: z.string().openapi({ example: 'addonSubscriptions/as_01J8Z3' }),
    organizationId: z.string().openapi({ example: 'org_demo' }),
    provider: z.enum(PROVIDERS as readonly [AddonSubscription['provider'], ...AddonSubscription['provider'][]]),
  })
  .openapi('AddonSubscription');

/** `{ addonSubscription }`, the answer of `:cancel` and `:undo-cancel`. */
export const addonSubscriptionEnvelopeSchema = z
  .object({ addonSubscription: addonSubscriptionSchema })
  .openapi('AddonSubscriptionResponse');

export const listAddonSubscriptionsResponseSchema = z
  .object({
    addonSubscriptions: z.array(addonSubscriptionSchema),
    nextPageToken: z.string().openapi({ description: "'' when there is no further page." }),
  })
  .openapi('ListAddonSubscriptionsResponse');

export const addonSubscriptionIdParamsSchema = z.object({
  addonSubscriptionId: z.string().openapi({ param: { name: 'addonSubscriptionId', in: 'path' } }),
});

export const listAddonSubscriptionsQuerySchema = z.object({
  subscriptionId: z.string().optional().openapi({ description: 'Our id of the parent subscription.' }),
  externalSubscriptionId: z
    .string()
    .optional()
    .openapi({ description: "The provider's id of the parent subscription (e.g. Stripe sub_...); alone or with subscriptionId." }),
  pageSize: z
    .string()
    .optional()
    .openapi({ type: 'integer', description: 'Default 50 (also for 0); above 1000 means 1000; negative or not an integer: 400.' }),
  pageToken: z.string().optional().openapi({
    description:
      'nextPageToken of the previous page, for the same organization and filter (any pageSize). Signed by the server: an altered, foreign or unknown token is 400.',
  }),
});

// NOTE: compile-time proof that the schemas answer exactly the contract's types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const proofs: [
  Same<z.infer<typeof addonSubscriptionSchema>, AddonSubscription>,
  Same<z.infer<typeof listAddonSubscriptionsResponseSchema>, AddonSubscriptionPage>,
] = [true, true];
void proofs;
