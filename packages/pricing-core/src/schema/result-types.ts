/** The priced figures of one instance (one entry of `instances`). */
export interface LineItem {
  /** `instance-N` (1-based, input order), plus ` (region)` when a region is given. */
  instanceLabel: string;
  /** The instance's quantity after defaults (unset or 0 means 1). */
  quantity: number;
  /** Rounded sum of the BASE price amounts on this instance. */
  base: string;
  /** Rounded sum of the ADDON price amounts on this instance. */
  addons: string;
  /** `base + addons`. */
  subtotal: string;
  /** Upper-case ISO 4217 code. */
  currency: string;
}

// NOTE: the money totals of a result are one table: its order is the result's, its sentences
// describe them in the OpenAPI document, and the result literal, its zod schema and the testing
// kit's list of money fields are made from it. A new total is one line here and its rule.
/** The money totals of a result, in the order the result carries them (after `pooledUsage`), and what each is. */
export const RESULT_TOTALS = {
  subtotal: 'Sum of the line subtotals.',
  overageCost: 'Rounded sum of the pooled USAGE price amounts.',
  commitmentTrueUp: 'What `subtotal + overageCost` falls short of `planConfig.minimumCommitment`; zero when it does not, or the plan has none.',
  discounted: '`subtotal + overageCost + commitmentTrueUp` less the percent discount and the coupon.',
  tax: '`round(discounted x taxRate)`.',
  total: '`discounted + tax`.',
} as const;

/** The money totals of a result (see `RESULT_TOTALS` for what each is). */
export type ResultTotals = { [K in keyof typeof RESULT_TOTALS]: string };

/** The result of pricing one billing cycle. Money is a plain decimal string with exactly the currency's minor digits. */
export interface PlanResult extends ResultTotals {
  /** One line per instance, in input order. */
  lineItems: LineItem[];
  /** Per metric of a USAGE price: free units pooled over all instances. */
  pooledAllowances: Record<string, number>;
  /** Per metric of a USAGE price: usage summed over all instances. */
  pooledUsage: Record<string, number>;
  /** Upper-case ISO 4217 code. */
  currency: string;
  /** The request's discount percentage (0 when unset). */
  discountPercent: number;
  /** The request's coupon, formatted to the currency (zero when unset). */
  couponValue: string;
  /** How the amounts came about (BASIC view unless FULL was asked for); for people, its shape may grow. */
  debug: PlanDebug;
}

/**
 * Explanation of a calculation. Exact values are plain decimal strings, or `n/d` fractions.
 * The BASIC view (the default) holds `engineVersion`, `rounding` and `totals`; the FULL view
 * (`{ view: 'FULL' }`) adds `cycleHours`, `capHours`, `instances` and `pooled`.
 */
export interface PlanDebug {
  /** `ENGINE_VERSION` of the engine that priced the request. */
  engineVersion: string;
  /** The rounding rule and where it applies. */
  rounding: string;
  /** FULL view: hours in the cycle (`capHours`, else 730). */
  cycleHours?: string;
  /** FULL view: the cap on billable hours, or null when none. */
  capHours?: string | null;
  /** FULL view: per instance, its hours and every price charged on it. */
  instances?: InstanceDebug[];
  /** FULL view: per USAGE price, the pooled figures and amount. */
  pooled?: PriceDebug[];
  /** The steps from the subtotal to the total (`pre`, `percentOff`, `couponOff`, ...). */
  totals: TotalsDebug;
}

/** Explanation of one instance. */
export interface InstanceDebug {
  /** Same label as the line item. */
  instanceLabel: string;
  /** Quantity after defaults. */
  quantity: string;
  /** Hours per unit of quantity (`hoursUsed`, else the cycle). */
  hours: string;
  /** Hours billed by HOURLY prices (`min(hours, capHours)`). */
  billableHours: string;
  /** `min(hours, cycleHours) / cycleHours`. */
  prorationFactor: string;
  /** Every price charged on the instance, in price order (add-ons once per entry). */
  prices: PriceDebug[];
}

/** Explanation of one price amount. */
export interface PriceDebug {
  /** Index of the price in `planConfig.prices`. */
  priceIndex: number;
  /** Product type after defaults. */
  productType: string;
  /** Pricing model. */
  pricingModel: string;
  /** Add-on code and entry index for ADDON prices. */
  addon?: { code: string; entryIndex: number };
  /** Metric for metered prices. */
  metricName?: string;
  /** Charge timing (reported only; amounts do not depend on it). */
  chargeTiming: string;
  /** Units before free units (usage, or quantity for licensed prices). */
  units: string;
  /** Free units subtracted (per instance, or the pooled allowance). */
  freeUnits: string;
  /** Units the model priced. */
  billedUnits: string;
  /** Exact amount the model returned. */
  modelAmount: string;
  /** The model's own explanation (tiers used, packages, formula). */
  breakdown: Record<string, unknown>;
  /** Time factor applied to licensed prices (periods in the cycle / interval, x proration). */
  timeFactor: string;
  /** Which clamp applied, if any. */
  clamp: 'minimum' | 'maximum' | null;
  /** Exact amount of the price after time scaling and clamping (not rounded). */
  amount: string;
}

/** The totals, step by step. */
export interface TotalsDebug {
  /** `subtotal + overageCost + commitmentTrueUp`. */
  pre: string;
  /** `round(pre x discountPercent / 100)`. */
  percentOff: string;
  /** `min(couponValue, pre - percentOff)`. */
  couponOff: string;
  /** `pre - percentOff - couponOff`. */
  discounted: string;
  /** The tax rate applied. */
  taxRate: string;
}
