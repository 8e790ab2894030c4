import type { Reading } from '../money/calculator.js';
import type { Decimal } from '../money/decimal.js';
import type { Rational } from '../money/rational.js';
import type { ModelSpec } from '../models/types.js';
import type { MetricValue } from './metric-values.js';

/** Usage aggregations, by their bare names. */
export type Aggregation = 'SUM' | 'MAX' | 'COUNT' | 'LATEST' | 'AVERAGE' | 'UNIQUE_COUNT';

/** Billing periods, by their bare names. */
export type Period = 'HOURLY' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

/** A price with every default applied and every constant parsed, ready for the hot loop. */
export interface ResolvedPrice {
  /** Index in `planConfig.prices`. */
  readonly index: number;
  /** Product type after defaults. */
  readonly productType: 'BASE' | 'ADDON' | 'USAGE';
  /** `addonCode` of an ADDON price. */
  readonly addonCode: string | null;
  /** The model name as requested, for debug. */
  readonly pricingModel: string;
  /** The model and its parameters. */
  readonly model: ModelSpec;
  /** Metric of a metered price; null for a licensed price. */
  readonly metric: string | null;
  /** How arrays of the metric are aggregated. */
  readonly aggregation: Aggregation;
  /** `freeUnits` (0 when unset). */
  readonly freeUnits: Decimal;
  /** Whether amounts and free units follow the proration factor. */
  readonly prorate: boolean;
  /** Billing period after defaults. */
  readonly period: Period;
  /** Periods per billingInterval, per unit of the price's time base: an hour of the cycle (DAILY, WEEKLY), the cycle (MONTHLY, YEARLY), a billable hour (HOURLY). */
  readonly periodFactor: Rational;
  /** `minimumCharge`, or null. */
  readonly minimum: Rational | null;
  /** `maximumCharge`, or null. */
  readonly maximum: Rational | null;
  /** `chargeTiming` as sent (reported only). */
  readonly chargeTiming: string;
}

/** A usage value with every number parsed. */
export type ResolvedUsage =
  | { readonly kind: 'none' }
  | { readonly kind: 'number'; readonly value: Reading }
  | { readonly kind: 'series'; readonly values: readonly Decimal[] }
  | { readonly kind: 'map'; readonly metrics: ReadonlyMap<string, MetricValue | undefined> };

/** An instance with defaults applied. */
export interface ResolvedInstance {
  /** `instance-N` plus ` (region)`. */
  readonly label: string;
  /** Quantity (unset means 1; 0 is zero). */
  readonly quantity: Decimal;
  /** Quantity as a JSON number, for the line item (not money). */
  readonly quantityNumber: number;
  /** Hours per unit of quantity; null means the full cycle. */
  readonly hours: Reading | null;
  /** The instance's own usage. */
  readonly usage: ResolvedUsage;
  /** Add-on entries in input order. */
  readonly addons: readonly { readonly code: string; readonly usage: ResolvedUsage }[];
}

/** What pricing an instance reads of the plan. */
export interface PlanPrices {
  /** Upper-case currency code. */
  readonly currency: string;
  /** Minor digits of the currency. */
  readonly minorDigits: number;
  /** `capHours`, else 730. */
  readonly cycleHours: Decimal;
  /** `capHours`, or null. */
  readonly capHours: Decimal | null;
  /** BASE prices in input order. */
  readonly basePrices: readonly ResolvedPrice[];
  /** ADDON prices by addonCode. */
  readonly addonPrices: ReadonlyMap<string, readonly ResolvedPrice[]>;
  /** USAGE prices in input order. */
  readonly usagePrices: readonly ResolvedPrice[];
}

// NOTE: the terms are made whole by their resolvers (`PlanTerms` with the planConfig, the rest
// with calcConfig, which extends them), so a new term is its line here, its reading and its rule.
/** What the totals read of the plan beyond the priced amounts. */
export interface TotalsTerms {
  /** `planConfig.minimumCommitment`, zero when none. */
  readonly minimumCommitment: Decimal;
  /** Percent discount, 0 to 100. */
  readonly discountPercent: Decimal;
  /** Coupon amount. */
  readonly couponValue: Decimal;
  /** Tax rate as a fraction. */
  readonly taxRate: Decimal;
}

/** The terms read with the planConfig (the same for every request priced with it); the others are calcConfig's. */
export type PlanTerms = Pick<TotalsTerms, 'minimumCommitment'>;

/** A validated request, resolved once, but for its instances, which are priced as they are resolved (see `InstanceSink`). */
export interface ResolvedPlan extends PlanPrices {
  /** What the totals apply after pricing. */
  readonly terms: TotalsTerms;
}

/**
 * Takes the instances of a valid plan one by one, in input order, as each is resolved and
 * checked; so a resolved instance lives only as long as its pricing needs it.
 */
export interface InstanceSink {
  add(instance: ResolvedInstance): void;
}
