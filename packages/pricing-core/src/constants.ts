/** Version of the pricing rules implemented here; reported in `debug.engineVersion`. */
export const ENGINE_VERSION = '1.0.0';

/** Price models a price can use (`pricingModel`). */
export const PRICING_MODELS = [
  'PRICING_MODEL_UNSPECIFIED',
  'PRICING_MODEL_FLAT',
  'PRICING_MODEL_PER_UNIT',
  'PRICING_MODEL_PACKAGE',
  'PRICING_MODEL_TIERED',
  'PRICING_MODEL_FORMULA',
] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

/** Where a price applies (`productType`). */
export const PRODUCT_TYPES = [
  'PRODUCT_TYPE_UNSPECIFIED',
  'PRODUCT_TYPE_BASE',
  'PRODUCT_TYPE_ADDON',
  'PRODUCT_TYPE_USAGE',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Billing periods of a price (`billingPeriod`). */
export const BILLING_PERIODS = [
  'BILLING_PERIOD_UNSPECIFIED',
  'BILLING_PERIOD_HOURLY',
  'BILLING_PERIOD_DAILY',
  'BILLING_PERIOD_WEEKLY',
  'BILLING_PERIOD_MONTHLY',
  'BILLING_PERIOD_YEARLY',
] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Tier modes (`tierType`). */
export const TIER_MODES = ['TIER_MODE_UNSPECIFIED', 'TIER_MODE_GRADUATED', 'TIER_MODE_VOLUME'] as const;
export type TierMode = (typeof TIER_MODES)[number];

/** Aggregations of usage arrays (`metricAggregation`). */
export const METRIC_AGGREGATIONS = [
  'METRIC_AGGREGATION_UNSPECIFIED',
  'METRIC_AGGREGATION_SUM',
  'METRIC_AGGREGATION_MAX',
  'METRIC_AGGREGATION_COUNT',
  'METRIC_AGGREGATION_LATEST',
  'METRIC_AGGREGATION_AVERAGE',
  'METRIC_AGGREGATION_UNIQUE_COUNT',
] as const;
export type MetricAggregation = (typeof METRIC_AGGREGATIONS)[number];

/** When a price is charged (`chargeTiming`); reported in debug, never changes amounts. */
export const CHARGE_TIMINGS = [
  'CHARGE_TIMING_UNSPECIFIED',
  'CHARGE_TIMING_IN_ADVANCE',
  'CHARGE_TIMING_IN_ARREARS',
] as const;
export type ChargeTiming = (typeof CHARGE_TIMINGS)[number];
