/**
 * The size limits of one request. Each bounds the work a request can ask for; exceeding one
 * is a violation at the offending array's path that names the limit.
 */
export interface PricingLimits {
  /** Most entries in `instances`. */
  readonly maxInstances: number;
  /** Most entries in `planConfig.prices`. */
  readonly maxPrices: number;
  /** Most entries in the `tiers` of one price. */
  readonly maxTiersPerPrice: number;
  /** Most entries in the `addons` of one instance. */
  readonly maxAddonsPerInstance: number;
  /** Most instances x prices in one request. */
  readonly maxInstancePrices: number;
  /** Most entries the FULL debug view may hold (see `fullViewEntries`). */
  readonly maxFullViewEntries: number;
}

/** The name of one limit, as carried by a violation's `limit`. */
export type PricingLimitName = keyof PricingLimits;

/** The limits `calculatePlan` applies unless told otherwise. */
export const DEFAULT_PRICING_LIMITS: Readonly<PricingLimits> = Object.freeze({
  maxInstances: 10_000,
  maxPrices: 1_000,
  maxTiersPerPrice: 1_000,
  maxAddonsPerInstance: 100,
  maxInstancePrices: 1_000_000,
  maxFullViewEntries: 100_000,
});

/** Which `debug` a result carries: BASIC (the default) or FULL (per instance and price). */
export type PlanView = 'BASIC' | 'FULL';

/** Options of `calculatePlan` and `validatePlanRequest`. */
export interface CalculateOptions {
  /** The `debug` view; BASIC when unset. */
  view?: PlanView;
  /** Limits to apply instead of the defaults (the others keep their defaults). */
  limits?: Partial<PricingLimits>;
  /**
   * Price every instance on the exact arbitrary-precision form instead of the
   * safe-integer fractions first; the result is the same, byte for byte. For comparisons and
   * bug reports.
   */
  exact?: boolean;
  /** Counters the call adds to: how many instances each calculator priced. */
  stats?: PricingStats;
  /**
   * The plan's `planConfig`, parsed once by `parsePlanConfig`, for a caller that prices one price
   * list many times: the request then has no `planConfig` of its own. The result is the same as
   * with the `planConfig` in the request.
   */
  planConfig?: ParsedPlanConfig;
}

/**
 * A `planConfig` checked and resolved by `parsePlanConfig`, made once and passed as
 * `options.planConfig` to every call that prices with it.
 * @example const plan = parsePlanConfig(catalogue); calculatePlan({ instances }, { planConfig: plan })
 */
export interface ParsedPlanConfig {
  /** The currency, upper-case. */
  readonly currency: string;
  /** How many prices the plan has. */
  readonly priceCount: number;
}

/** How many instances were priced on the safe-integer fractions and how many on the rationals. */
export interface PricingStats {
  smallInstances: number;
  exactInstances: number;
}

/** Options with every default applied. */
export interface ResolvedOptions {
  /** The `debug` view. */
  readonly view: PlanView;
  /** Every limit. */
  readonly limits: PricingLimits;
  /** Whether every instance is priced on the rationals. */
  readonly exact: boolean;
  /** The caller's counters, if any. */
  readonly stats: PricingStats | undefined;
  /** The caller's parsed `planConfig`, if any. */
  readonly planConfig: ParsedPlanConfig | undefined;
}

// NOTE: copied from an ordinary object: a copy of the frozen defaults cost more than the rest of resolveOptions.
const DEFAULTS: PricingLimits = { ...DEFAULT_PRICING_LIMITS };
const LIMIT_NAMES = Object.keys(DEFAULTS) as PricingLimitName[];

/**
 * Applies the defaults to the options; a limit that is not a whole number >= 0, or an unknown
 * view, is a programming error (RangeError), not a request violation.
 * @example resolveOptions({ limits: { maxInstances: 5 } }).limits.maxPrices // 1000
 */
export function resolveOptions(options: CalculateOptions = {}): ResolvedOptions {
  const limits: PricingLimits = { ...DEFAULTS };
  for (const name of LIMIT_NAMES) {
    const value = options.limits?.[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`limits.${name} must be a whole number >= 0, got ${String(value)}`);
    (limits as { -readonly [K in PricingLimitName]: number })[name] = value;
  }
  const view = options.view ?? 'BASIC';
  if (view !== 'BASIC' && view !== 'FULL') throw new RangeError(`view must be 'BASIC' or 'FULL' (uppercase), got ${JSON.stringify(view) ?? String(view)}`);
  return { view, limits, exact: options.exact === true, stats: options.stats, planConfig: options.planConfig };
}
