import type { ObjectFields } from './fields.js';
import {
  ADDON_ENTRY_FIELDS,
  CALC_CONFIG_FIELDS,
  INSTANCE_FIELDS,
  PLAN_CONFIG_FIELDS,
  PRICE_FIELDS,
  REQUEST_FIELDS,
  TIER_FIELDS,
} from './fields.js';

// NOTE: the words for each field of the request: its meaning, unit, default and bound. The
// generated interfaces of `types.ts` carry them as JSDoc and the JSON Schema (so the zod schema
// and the OpenAPI document) as descriptions; neither is written by hand. Kept apart from `fields.ts` so that
// `calculatePlan` (and a browser bundle of it) never loads these sentences.

/** One object of the request: its interface name, what it is, and a sentence per field. */
export interface ObjectDocs<F extends ObjectFields = ObjectFields> {
  readonly name: string;
  readonly fields: F;
  readonly doc: string;
  readonly fieldDocs: { readonly [K in keyof F['fields']]: string };
}

const docs = <F extends ObjectFields>(entry: ObjectDocs<F>): ObjectDocs => entry as unknown as ObjectDocs;

const MONEY = 'A decimal string like "12.50" (at most 12 decimal places; no sign, exponent, currency sign or spaces).';

/** Every object of the request, the root first. */
export const OBJECT_DOCS: readonly ObjectDocs[] = [
  docs({
    name: 'PlanRequest',
    fields: REQUEST_FIELDS,
    doc: 'A pricing request: the body of `POST /v1/plans:calculate` and the argument of `calculatePlan`. Every field may be left out; `{}` prices to zero in USD.',
    fieldDocs: {
      planConfig: 'The plan: its prices, their currency and its minimum commitment.',
      instances: 'The instances to price, one line item each, in this order. At most 10,000 (limit maxInstances).',
      calcConfig: 'Settings of this calculation: the cycle, overage rates, discount, coupon and tax.',
    },
  }),
  docs({
    name: 'PlanConfig',
    fields: PLAN_CONFIG_FIELDS,
    doc: 'The plan: its prices, their currency and its minimum commitment.',
    fieldDocs: {
      planName: 'The plan\'s name; reported nowhere, does not change the price.',
      assetCategory: 'What the plan sells (e.g. "compute"); does not change the price.',
      assetType: 'The kind of asset (e.g. "vm"); does not change the price.',
      currency: 'ISO 4217 code, matched ignoring case and reported upper-case. Default "USD". Amounts round half-up to its minor units (USD 2, JPY 0, KWD 3).',
      prices: 'The prices of the plan. At most 1,000 (limit maxPrices); instances x prices at most 1,000,000 (limit maxInstancePrices).',
      minimumCommitment: `The least the plan bills per cycle before discounts and tax, in the plan's currency: when subtotal + overageCost falls short, the difference is billed as commitmentTrueUp. ${MONEY} At most the currency's minor digits, below 10^15. Unset or "0" means no commitment. Not prorated: the whole amount applies however few hours the instances ran.`,
    },
  }),
  docs({
    name: 'Price',
    fields: PRICE_FIELDS,
    doc: 'One price of a plan: where it applies (productType), how it is computed (pricingModel) and over what time (billingPeriod).',
    fieldDocs: {
      productType: 'Where the price applies: PRODUCT_TYPE_BASE on every instance (the default), PRODUCT_TYPE_ADDON once per add-on entry with its code, PRODUCT_TYPE_USAGE pooled over all instances (needs metricName).',
      addonCode: 'For an ADDON price: the code of the add-on entries it charges. Required for ADDON prices.',
      pricingModel: 'How the amount is computed. Required: PRICING_MODEL_FLAT, PRICING_MODEL_PER_UNIT, PRICING_MODEL_PACKAGE, PRICING_MODEL_TIERED or PRICING_MODEL_FORMULA.',
      unitAmount: `The rate per unit (PER_UNIT), per machine (FLAT), per tier unit, or \`unitAmount\` in a formula. ${MONEY} Default "0".`,
      unitName: 'Name of the unit, for people (e.g. "GB"); does not change the price.',
      unitQuantity: 'Units the rate is for: unitAmount per unitQuantity units (1000 for a price per 1,000 requests). A number > 0. Default 1.',
      overagePrice: `For a metered PER_UNIT price: the rate instead of unitAmount. ${MONEY} Unset or "0" falls back to unitAmount.`,
      packageSize: 'For a PACKAGE price: units per package; every started package is charged. A number > 0; required.',
      packagePrice: `For a PACKAGE price: the price of one package. ${MONEY} Default: unitAmount.`,
      tiers: 'For a TIERED price: the tiers, contiguous from 0, the last one (only) open. At least 1 and at most 1,000 (limit maxTiersPerPrice).',
      pricingFormula: 'For a FORMULA price: an exact expression over units, quantity, hours, cycleHours, unitAmount, freeUnits and usage.<metric>, with + - * / ( ), comparisons, min, max, ceil, floor, round(x, dp) and if(c, a, b). At most 1,000 characters, nesting depth 32.',
      metricName: 'The metric a metered price reads from usage maps (matched exactly, case included). Unset means a licensed price (units = quantity). Required for USAGE prices.',
      metricAggregation: 'How an array of usage values is aggregated: METRIC_AGGREGATION_SUM (the default), _MAX, _COUNT, _LATEST, _AVERAGE or _UNIQUE_COUNT (full names only).',
      freeUnits: 'For a metered price: free units per unit of quantity (times the proration when prorate is true), subtracted before pricing; pooled for USAGE prices. A number >= 0. Default 0.',
      prorate: 'Whether the amount (licensed prices) or the free units (metered prices) follow hoursUsed / cycleHours. Default false.',
      billingPeriod: 'The period the amount is for: BILLING_PERIOD_HOURLY (times billable hours), _DAILY, _WEEKLY, _MONTHLY (the default) or _YEARLY (1/12 per cycle). Licensed prices only.',
      billingInterval: 'Periods per charge: the amount is divided by it. A whole number > 0. Default 1.',
      minimumCharge: `The least this price charges per instance (or once, pooled). ${MONEY} Unset or "0" means no minimum.`,
      maximumCharge: `The most this price charges per instance (or once, pooled); not below minimumCharge. ${MONEY} Unset or "0" means no maximum.`,
      chargeTiming: 'CHARGE_TIMING_IN_ADVANCE or CHARGE_TIMING_IN_ARREARS; reported in debug, never changes amounts.',
    },
  }),
  docs({
    name: 'Tier',
    fields: TIER_FIELDS,
    doc: 'One tier of a TIERED price: the units from startInclusive up to endExclusive.',
    fieldDocs: {
      tierOrder: 'Sort key of the tier (then startInclusive). A number. Default 0.',
      tierName: 'Name of the tier, for people; does not change the price.',
      startInclusive: 'The first unit of the tier: 0 for the first tier, then the previous tier\'s endExclusive. A number >= 0. Default 0.',
      endExclusive: 'The end of the tier, exclusive: [0, 100) holds the first 100 units. Unset or 0 means open, which only the last tier is. A number > startInclusive.',
      unitAmount: `The price of each unit in the tier. ${MONEY} Default "0".`,
      flatFee: 'Whether flatFeeAmount is charged. Default false; a flatFeeAmount needs it true.',
      flatFeeAmount: `A fee charged once when the tier holds units (graduated; the first tier's even at 0 units) or when it is the tier of the last unit (volume). ${MONEY}`,
      tierType: 'TIER_MODE_GRADUATED (each tier prices its own units; the default) or TIER_MODE_VOLUME (the tier of the last unit prices all units); one mode per price.',
    },
  }),
  docs({
    name: 'Instance',
    fields: INSTANCE_FIELDS,
    doc: 'One entry of identical machines: its measurements (quantity, hours, usage) and add-ons.',
    fieldDocs: {
      quantity: 'How many identical machines this entry holds. A measurement: 0 means zero (billed nothing per machine). A number >= 0; omitted or null means 1.',
      hoursUsed: 'Hours each machine ran in the cycle. A measurement: 0 means zero (a stopped machine). A number >= 0; omitted or null means the full cycle (calcConfig.capHours, else 730).',
      region: 'Region of the machines; shown in the line item\'s label, does not change the price.',
      usage: 'Metered usage of the whole entry: a map from metric name to a number or an array of numbers (aggregated by the price\'s metricAggregation), or a bare number or array meaning each metered price\'s own metric. Numbers >= 0. A key no price uses is refused when it looks like a metric missing from the map (equal ignoring case, or within two edits).',
      addons: 'Add-on entries; each is charged by the ADDON prices with its code. At most 100 per instance (limit maxAddonsPerInstance).',
    },
  }),
  docs({
    name: 'AddonUsage',
    fields: ADDON_ENTRY_FIELDS,
    doc: 'One add-on entry of an instance: its code and its own usage.',
    fieldDocs: {
      code: 'The add-on code; some ADDON price must carry it as addonCode. Required.',
      usage: 'Usage of this entry: a number (for a licensed add-on, units = quantity x this number; for a metered one, its metric), an array, or a map from metric name to a number or an array. Numbers >= 0. A key no price uses is refused when it looks like a metric of this add-on\'s prices missing from the map.',
    },
  }),
  docs({
    name: 'CalcConfig',
    fields: CALC_CONFIG_FIELDS,
    doc: 'Settings of one calculation.',
    fieldDocs: {
      capHours: 'Hours in the cycle, and the cap on billable hours. A number > 0; unset or 0 means a 730-hour cycle with no cap.',
      overageRates: `Per metric of a USAGE price: the PER_UNIT rate of its pooled overage, instead of the price's overagePrice or unitAmount. Each value is ${MONEY.charAt(0).toLowerCase()}${MONEY.slice(1)} "0" included (a value is always set). A key no USAGE price meters is refused.`,
      discountPercent: 'Percent off the subtotal plus overage: percent 0..100 (10 is 10 %). Default 0.',
      couponValue: `An amount off after the percent discount, never below zero. ${MONEY} At most the currency's minor digits. Default "0".`,
      taxRate: 'Tax on the discounted amount: fraction 0..1 (0.2 is 20 %; 20 is refused). Default 0.',
    },
  }),
];

/**
 * The docs of the object a field table describes.
 * @example docsOf(PRICE_FIELDS)?.name // 'Price'
 */
export function docsOf(fields: ObjectFields): ObjectDocs | undefined {
  return OBJECT_DOCS.find((entry) => entry.fields === fields);
}
