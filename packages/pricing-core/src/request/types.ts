// Generated from request/fields.ts and request/field-docs.ts by
// `pnpm --filter @billing/pricing-core generate:types`; do not edit by hand.
import type { BillingPeriod, ChargeTiming, MetricAggregation, PricingModel, ProductType, TierMode } from '../constants.js';

/** A decimal string like "12.50": money is sent as text, so it is exact (never a binary fraction). */
export type DecimalString = `${number}`;

/** A number: a JSON number, or a string holding a plain decimal like "12.5". */
export type NumberLike = number | `${number}`;

/** A usage value: a number, an array of numbers (aggregated by the price's metricAggregation), or a map from metric name to either. */
export type Usage = NumberLike | readonly NumberLike[] | { readonly [metric: string]: NumberLike | readonly NumberLike[] };

/** A pricing request: the body of `POST /v1/plans:calculate` and the argument of `calculatePlan`. Every field may be left out; `{}` prices to zero in USD. */
export interface PlanRequest {
  /** The plan: its prices, their currency and its minimum commitment. */
  planConfig?: PlanConfig | null;
  /** The instances to price, one line item each, in this order. At most 10,000 (limit maxInstances). */
  instances?: readonly Instance[] | null;
  /** Settings of this calculation: the cycle, overage rates, discount, coupon and tax. */
  calcConfig?: CalcConfig | null;
}

/** The plan: its prices, their currency and its minimum commitment. */
export interface PlanConfig {
  /** The plan's name; reported nowhere, does not change the price. */
  planName?: string | null;
  /** What the plan sells (e.g. "compute"); does not change the price. */
  assetCategory?: string | null;
  /** The kind of asset (e.g. "vm"); does not change the price. */
  assetType?: string | null;
  /** ISO 4217 code, matched ignoring case and reported upper-case. Default "USD". Amounts round half-up to its minor units (USD 2, JPY 0, KWD 3). */
  currency?: string | null;
  /** The prices of the plan. At most 1,000 (limit maxPrices); instances x prices at most 1,000,000 (limit maxInstancePrices). */
  prices?: readonly Price[] | null;
  /** The least the plan bills per cycle before discounts and tax, in the plan's currency: when subtotal + overageCost falls short, the difference is billed as commitmentTrueUp. A decimal string like "12.50" (at most 12 decimal places; no sign, exponent, currency sign or spaces). At most the currency's minor digits, below 10^15. Unset or "0" means no commitment. Not prorated: the whole amount applies however few hours the instances ran. */
  minimumCommitment?: DecimalString | null;
}

/** One price of a plan: where it applies (productType), how it is computed (pricingModel) and over what time (billingPeriod). */
export interface Price {
  /** Where the price applies: PRODUCT_TYPE_BASE on every instance (the default), PRODUCT_TYPE_ADDON once per add-on entry with its code, PRODUCT_TYPE_USAGE pooled over all instances (needs metricName). */
  productType?: ProductType | null;
  /** For an ADDON price: the code of the add-on entries it charges. Required for ADDON prices. */
  addonCode?: string | null;
  /** How the amount is computed. Required: PRICING_MODEL_FLAT, PRICING_MODEL_PER_UNIT, PRICING_MODEL_PACKAGE, PRICING_MODEL_TIERED or PRICING_MODEL_FORMULA. */
  pricingModel?: PricingModel | null;
  /** The rate per unit (PER_UNIT), per machine (FLAT), per tier unit, or `unitAmount` in a formula. A decimal string like "12.50" (at most 12 decimal places; no sign, exponent, currency sign or spaces). Default "0". */
  unitAmount?: DecimalString | null;
  /** Name of the unit, for people (e.g. "GB"); does not change the price. */
  unitName?: string | null;
  /** Units the rate is for: unitAmount per unitQuantity units (1000 for a price per 1,000 requests). A number > 0. Default 1. */
  unitQuantity?: NumberLike | null;
  /** For a metered PER_UNIT price: the rate instead of unitAmount. A decimal string like "12.50" (at most 12 decimal places; no sign, exponent, currency sign or spaces). Unset or "0" falls back to unitAmount. */
  overagePrice?: DecimalString | null;
  /** For a PACKAGE price: units per package; every started package is charged. A number > 0; required. */
  packageSize?: NumberLike | null;
  /** For a PACKAGE price: the price of one package. A decimal string like "12.50" (at most 12 decimal places; no sign, exponent, currency sign or spaces). Default: unitAmount. */
  packagePrice?: DecimalString | null;
  /** For a TIERED price: the tiers, contiguous from 0, the last one (only) open. At least 1 and at most 1,000 (limit maxTiersPerPrice). */
  tiers?: readonly Tier[] | null;
  /** For a FORMULA price: an exact expression over units, quantity, hours, cycleHours, unitAmount, freeUnits and usage.<metric>, with + - * / ( ), comparisons, min, max, ceil, floor, round(x, dp) and if(c, a, b). At most 1,000 characters, nesting depth 32. */
  pricingFormula?: string | null;
  /** The metric a metered price reads from usage maps (matched exactly, case included). Unset means a licensed price (units = quantity). Required for USAGE prices. */
  metricName?: string | null;
  /** How an array of usage values is aggregated: METRIC_AGGREGATION_SUM (the default), _MAX, _COUNT, _LATEST, _AVERAGE or _UNIQUE_COUNT (full names only). */
  metricAggregation?: MetricAggregation | null;
  /** For a metered price: free units per unit of quantity (times the proration when prorate is true), subtracted before pricing; pooled for USAGE prices. A number >= 0. Default 0. */
  freeUnits?: NumberLike | null;
  /** Whether the amount (licensed prices) or the free units (metered prices) follow hoursUsed / cycleHours. Default false. */
  prorate?: boolean | null;
  /** The period the amount is for: BILLING_PERIOD_HOURLY (times billable hours), _DAILY, _WEEKLY, _MONTHLY (the default) or _YEARLY (1/12 per cycle). Licensed prices only. */
  billingPeriod?: BillingPeriod | null;
  /** Periods per charge: the amount is divided by it. A whole number > 0. Default 1. */
  billingInterval?: NumberLike | null;
  /** The least this price charges per instance (or once, pooled). A decimal string like "12.50" (at most 12 decimal places; no sign, exponent, currency sign or spaces). Unset or "0" means no minimum. */
  minimumCharge?: DecimalString | null;
  /** The most this price charges per instance (or once, pooled); not below minimumCharge. A decimal string like "12.50" (at most 12 decimal places; no sign, exponent, currency sign or spaces). Unset or "0" means no maximum. */
  maximumCharge?: DecimalString | null;
  /** CHARGE_TIMING_IN_ADVANCE or CHARGE_TIMING_IN_ARREARS; reported in debug, never changes amounts. */
  chargeTiming?: ChargeTiming | null;
}

/** One tier of a TIERED price: the units from startInclusive up to endExclusive. */
export interface Tier {
  /** Sort key of the tier (then startInclusive). A number. Default 0. */
  tierOrder?: NumberLike | null;
  /** Name of the tier, for people; does not change the price. */
  tierName?: string | null;
  /** The first unit of the tier: 0 for the first tier, then the previous tier's endExclusive. A number >= 0. Default 0. */
  startInclusive?: NumberLike | null;
  /** The end of the tier, exclusive: [0, 100) holds the first 100 units. Unset or 0 means open, which only the last tier is. A number > startInclusive. */
  endExclusive?: NumberLike | null;
  /** The price of each unit in the tier. A decimal string like "12.50" (at most 12 decimal places; no sign, exponent, currency sign or spaces). Default "0". */
  unitAmount?: DecimalString | null;
  /** Whether flatFeeAmount is charged. Default false; a flatFeeAmount needs it true. */
  flatFee?: boolean | null;
  /** A fee charged once when the tier holds units (graduated; the first tier's even at 0 units) or when it is the tier of the last unit (volume). A decimal string like "12.50" (at most 12 decimal places; no sign, exponent, currency sign or spaces). */
  flatFeeAmount?: DecimalString | null;
  /** TIER_MODE_GRADUATED (each tier prices its own units; the default) or TIER_MODE_VOLUME (the tier of the last unit prices all units); one mode per price. */
  tierType?: TierMode | null;
}

/** One entry of identical machines: its measurements (quantity, hours, usage) and add-ons. */
export interface Instance {
  /** How many identical machines this entry holds. A measurement: 0 means zero (billed nothing per machine). A number >= 0; omitted or null means 1. */
  quantity?: NumberLike | null;
  /** Hours each machine ran in the cycle. A measurement: 0 means zero (a stopped machine). A number >= 0; omitted or null means the full cycle (calcConfig.capHours, else 730). */
  hoursUsed?: NumberLike | null;
  /** Region of the machines; shown in the line item's label, does not change the price. */
  region?: string | null;
  /** Metered usage of the whole entry: a map from metric name to a number or an array of numbers (aggregated by the price's metricAggregation), or a bare number or array meaning each metered price's own metric. Numbers >= 0. A key no price uses is refused when it looks like a metric missing from the map (equal ignoring case, or within two edits). */
  usage?: Usage | null;
  /** Add-on entries; each is charged by the ADDON prices with its code. At most 100 per instance (limit maxAddonsPerInstance). */
  addons?: readonly AddonUsage[] | null;
}

/** One add-on entry of an instance: its code and its own usage. */
export interface AddonUsage {
  /** The add-on code; some ADDON price must carry it as addonCode. Required. */
  code: string;
  /** Usage of this entry: a number (for a licensed add-on, units = quantity x this number; for a metered one, its metric), an array, or a map from metric name to a number or an array. Numbers >= 0. A key no price uses is refused when it looks like a metric of this add-on's prices missing from the map. */
  usage?: Usage | null;
}

/** Settings of one calculation. */
export interface CalcConfig {
  /** Hours in the cycle, and the cap on billable hours. A number > 0; unset or 0 means a 730-hour cycle with no cap. */
  capHours?: NumberLike | null;
  /** Per metric of a USAGE price: the PER_UNIT rate of its pooled overage, instead of the price's overagePrice or unitAmount. Each value is a decimal string like "12.50" (at most 12 decimal places; no sign, exponent, currency sign or spaces). "0" included (a value is always set). A key no USAGE price meters is refused. */
  overageRates?: { readonly [metric: string]: DecimalString } | null;
  /** Percent off the subtotal plus overage: percent 0..100 (10 is 10 %). Default 0. */
  discountPercent?: NumberLike | null;
  /** An amount off after the percent discount, never below zero. A decimal string like "12.50" (at most 12 decimal places; no sign, exponent, currency sign or spaces). At most the currency's minor digits. Default "0". */
  couponValue?: DecimalString | null;
  /** Tax on the discounted amount: fraction 0..1 (0.2 is 20 %; 20 is refused). Default 0. */
  taxRate?: NumberLike | null;
}
