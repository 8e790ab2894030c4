import type { FormulaNode } from '../formula/ast.js';
import type { Decimal } from '../money/decimal.js';
import type { Rational } from '../money/rational.js';

/** What a model prices: the units and the context a formula may read, in the calculator's values. */
export interface ModelInput<V = Rational> {
  /** Units after free units (`q` in docs/pricing.md). */
  readonly units: V;
  /** The instance's quantity (1 for a pooled USAGE price). */
  readonly quantity: V;
  /** Billable hours (the cycle for a pooled USAGE price). */
  readonly hours: V;
  /** Hours in the cycle. */
  readonly cycleHours: V;
  /** Aggregated usage of any metric, for `usage.<metric>` in formulas. */
  readonly usage: UsageReader<V>;
}

/** Reads the usage of a metric (0 when absent); only formulas ask. */
export interface UsageReader<V = Rational> {
  read(metric: string): V;
}

/** The exact amount a model computed and how; values in the breakdown stay exact. */
export interface ModelResult<V = Rational> {
  /** Exact amount, never rounded. */
  readonly amount: V;
  /** The model's own explanation (tiers used, packages, ...). */
  readonly breakdown: Readonly<Record<string, unknown>>;
}

/** One tier, pre-resolved: sorted, bounds as rationals, fee already zero when not flagged. */
export interface ResolvedTier {
  /** Index of the tier in the request, for debug. */
  readonly index: number;
  /** `startInclusive`. */
  readonly start: Rational;
  /** `endExclusive`, or null when open. */
  readonly end: Rational | null;
  /** Price per unit. */
  readonly unitAmount: Decimal;
  /** Flat fee (zero unless `flatFee` is true). */
  readonly flatFee: Decimal;
}

/** A price model with its parameters resolved once, before any instance is priced. */
export type ModelSpec =
  | { readonly kind: 'FLAT'; readonly unitAmount: Decimal }
  | { readonly kind: 'PER_UNIT'; readonly rate: Decimal; readonly unitQuantity: Decimal }
  | { readonly kind: 'PACKAGE'; readonly packageSize: Decimal; readonly packagePrice: Decimal }
  | { readonly kind: 'TIERED_GRADUATED'; readonly tiers: readonly ResolvedTier[]; readonly charged: readonly Rational[] }
  | { readonly kind: 'TIERED_VOLUME'; readonly tiers: readonly ResolvedTier[] }
  | {
      readonly kind: 'FORMULA';
      readonly formula: FormulaNode;
      readonly unitAmount: Rational;
      readonly freeUnits: Rational;
    };

/** The breakdown of a model run whose explanation was not asked for (the hot path). */
export const NO_BREAKDOWN: Readonly<Record<string, unknown>> = Object.freeze({});
