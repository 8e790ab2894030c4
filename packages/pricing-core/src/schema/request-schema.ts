import { z } from 'zod';
import {
  BILLING_PERIODS,
  CHARGE_TIMINGS,
  METRIC_AGGREGATIONS,
  PRICING_MODELS,
  PRODUCT_TYPES,
  TIER_MODES,
} from '../constants.js';
import { MESSAGES } from '../errors/messages.js';

// NOTE: the schema checks shapes only (plain zod, no transforms) so the HTTP layer can turn
// it into JSON Schema; value rules (formats, bounds, cross-field rules) are the semantic
// checks in `validation/`, which report every violation with its field path.
// Every field is optional and nullable: proto3 JSON, where unset means default.
// NOTE: every object is strict, as proto3 JSON parsers reject unknown fields by default: a
// misspelt `unitAmmount` must be an error, never a price of zero. Maps (`usage`,
// `overageRates`) are records and keep free keys. `validation/zod-issues.ts` turns zod's
// `unrecognized_keys` issue into one violation per field, with a did-you-mean.

/** A number field: a finite JSON number or a numeric string, as proto3 JSON allows. */
const numeric = z
  .union([z.number(), z.string()], { error: MESSAGES.number })
  .nullish()
  .meta({ description: 'A finite number, or a numeric string.' });

/** A money field: a decimal string (a JSON number is read through its shortest text). */
const money = z
  .union([z.string(), z.number()], { error: MESSAGES.money })
  .nullish()
  .meta({ description: 'A decimal amount as a string, e.g. "12.30".', example: '12.30' });

const text = z.string({ error: MESSAGES.string }).nullish();
const flag = z.boolean({ error: MESSAGES.boolean }).nullish();
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: MESSAGES.enumValue(values) }).nullish();

const usageNumber = z.union([z.number(), z.string()], { error: MESSAGES.number });
const usageSeries = z.array(usageNumber, { error: MESSAGES.usageValue });

/** Usage: a bare number, an array of numbers, or a map from metric to number or array. */
export const usageSchema = z
  .union(
    // NOTE: the map comes first: it is the common case and a union pays for every failed branch.
    [z.record(z.string(), z.union([usageNumber, usageSeries], { error: MESSAGES.usageValue })), usageNumber, usageSeries],
    { error: MESSAGES.usageValue },
  )
  .nullish();

/** One tier of a TIERED price. */
export const tierSchema = z.strictObject(
  {
    tierOrder: numeric,
    tierName: text,
    startInclusive: numeric,
    endExclusive: numeric,
    unitAmount: money,
    flatFee: flag,
    flatFeeAmount: money,
    tierType: oneOf(TIER_MODES),
  },
  { error: MESSAGES.object },
);

/** One price of a plan. */
export const priceSchema = z.strictObject(
  {
    productType: oneOf(PRODUCT_TYPES),
    addonCode: text,
    pricingModel: oneOf(PRICING_MODELS),
    unitAmount: money,
    unitName: text,
    unitQuantity: numeric,
    overagePrice: money,
    packageSize: numeric,
    packagePrice: money,
    tiers: z.array(tierSchema, { error: MESSAGES.array }).nullish(),
    pricingFormula: text,
    metricName: text,
    metricAggregation: oneOf(METRIC_AGGREGATIONS),
    freeUnits: numeric,
    prorate: flag,
    billingPeriod: oneOf(BILLING_PERIODS),
    billingInterval: numeric,
    minimumCharge: money,
    maximumCharge: money,
    chargeTiming: oneOf(CHARGE_TIMINGS),
  },
  { error: MESSAGES.object },
);

/** One add-on entry of an instance. */
export const addonEntrySchema = z.strictObject(
  { code: z.string({ error: MESSAGES.string }), usage: usageSchema },
  { error: MESSAGES.object },
);

/** One instance (an entry of `quantity` identical machines). */
export const instanceSchema = z.strictObject(
  {
    quantity: numeric,
    hoursUsed: numeric,
    region: text,
    usage: usageSchema,
    addons: z.array(addonEntrySchema, { error: MESSAGES.array }).nullish(),
  },
  { error: MESSAGES.object },
);

/** The body of `POST /v1/plans:calculate` and the argument of `calculatePlan`. */
export const planRequestSchema = z.strictObject(
  {
    planConfig: z
      .strictObject(
        {
          // NOTE: planName, assetCategory and assetType are part of the interface; they name the
          // plan and do not change its price, but a strict request must accept them.
          planName: text,
          assetCategory: text,
          assetType: text,
          currency: text,
          prices: z.array(priceSchema, { error: MESSAGES.array }).nullish(),
        },
        { error: MESSAGES.object },
      )
      .nullish(),
    instances: z.array(instanceSchema, { error: MESSAGES.array }).nullish(),
    calcConfig: z
      .strictObject(
        {
          capHours: numeric,
          overageRates: z
            .record(z.string(), z.union([z.string(), z.number()], { error: MESSAGES.money }), {
              error: MESSAGES.object,
            })
            .nullish(),
          discountPercent: numeric,
          couponValue: money,
          taxRate: numeric,
        },
        { error: MESSAGES.object },
      )
      .nullish(),
  },
  { error: MESSAGES.requestObject },
);

/** A pricing request as accepted (a request with an unknown field is refused). */
export type PlanRequest = z.infer<typeof planRequestSchema>;
/** One price of `planConfig.prices`. */
export type Price = z.infer<typeof priceSchema>;
/** One tier of a TIERED price. */
export type Tier = z.infer<typeof tierSchema>;
/** One entry of `instances`. */
export type Instance = z.infer<typeof instanceSchema>;
/** A usage value. */
export type Usage = z.infer<typeof usageSchema>;
