/** Version of the pricing rules implemented here; reported in `debug.engineVersion`. */
export const ENGINE_VERSION = '1.0.0';

// NOTE: each enum is its family prefix and its short names, joined here: the full names are
// what a request carries, and the lists stay short in a browser bundle.
/** `<prefix><name>` for each name, typed as the tuple of the full names. */
const named = <const P extends string, const N extends readonly string[]>(prefix: P, names: N) =>
  names.map((name) => prefix + name) as unknown as { readonly [K in keyof N]: `${P}${N[K] & string}` };

/** Price models a price can use (`pricingModel`). */
export const PRICING_MODELS = named('PRICING_MODEL_', ['UNSPECIFIED', 'FLAT', 'PER_UNIT', 'PACKAGE', 'TIERED', 'FORMULA']);
export type PricingModel = (typeof PRICING_MODELS)[number];

/** Where a price applies (`productType`). */
export const PRODUCT_TYPES = named('PRODUCT_TYPE_', ['UNSPECIFIED', 'BASE', 'ADDON', 'USAGE']);
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Billing periods of a price (`billingPeriod`). */
export const BILLING_PERIODS = named('BILLING_PERIOD_', ['UNSPECIFIED', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Tier modes (`tierType`). */
export const TIER_MODES = named('TIER_MODE_', ['UNSPECIFIED', 'GRADUATED', 'VOLUME']);
export type TierMode = (typeof TIER_MODES)[number];

/** Aggregations of usage arrays (`metricAggregation`). */
export const METRIC_AGGREGATIONS = named('METRIC_AGGREGATION_', ['UNSPECIFIED', 'SUM', 'MAX', 'COUNT', 'LATEST', 'AVERAGE', 'UNIQUE_COUNT']);
export type MetricAggregation = (typeof METRIC_AGGREGATIONS)[number];

/** When a price is charged (`chargeTiming`); reported in debug, never changes amounts. */
export const CHARGE_TIMINGS = named('CHARGE_TIMING_', ['UNSPECIFIED', 'IN_ADVANCE', 'IN_ARREARS']);
export type ChargeTiming = (typeof CHARGE_TIMINGS)[number];
