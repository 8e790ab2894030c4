import { MESSAGES } from '../errors/messages.js';
import { FormulaError } from '../formula/ast.js';
import type { Rational } from '../money/rational.js';
import { cmp, max, mul, mulDec, R0, R1, sub } from '../money/rational.js';
import { priceModel } from '../models/price-model.js';
import type { ModelInput, ModelResult, UsageReader } from '../models/types.js';
import type { ViolationCollector } from '../validation/collector.js';
import type { ResolvedPrice, ResolvedUsage } from './resolved.js';
import { usageOf } from './usage.js';

/** The figures of one instance that every price on it shares. */
export interface InstanceFrame {
  /** Quantity of the instance (1 for a pooled price). */
  readonly quantity: Rational;
  /** Billable hours, `min(hours, capHours)`. */
  readonly billableHours: Rational;
  /** `min(hours, cycleHours) / cycleHours`. */
  readonly prorationFactor: Rational;
  /** Hours in the cycle. */
  readonly cycleHours: Rational;
}

/** How one price amount came about; formatted into `debug` at the end. */
export interface PriceTrace {
  /** The price. */
  readonly price: ResolvedPrice;
  /** Add-on entry, for ADDON prices. */
  readonly addon: { readonly code: string; readonly entryIndex: number } | null;
  /** Units before free units. */
  readonly units: Rational;
  /** Free units subtracted. */
  readonly freeUnits: Rational;
  /** Units priced by the model. */
  readonly billedUnits: Rational;
  /** The model's exact result. */
  readonly model: ModelResult;
  /** Time factor (1 for metered prices). */
  readonly timeFactor: Rational;
  /** Which clamp applied. */
  readonly clamp: 'minimum' | 'maximum' | null;
  /** Exact amount after time scaling and clamping. */
  readonly amount: Rational;
}

/** `usage.<m>` on an instance: the price's own metric as aggregated, other metrics summed. */
class InstanceUsage implements UsageReader {
  constructor(
    private readonly usage: ResolvedUsage,
    private readonly metric: string | null,
    private readonly units: Rational,
  ) {}

  read(metric: string): Rational {
    if (metric === this.metric) return this.units;
    return this.usage.kind === 'map' ? usageOf(this.usage, metric, 'SUM') : R0;
  }
}

const ZERO_MODEL: ModelResult = { amount: R0, breakdown: { error: 'formula' } };

/**
 * Runs a model, turning a formula failure into a violation on the price's `pricingFormula`.
 * @example runModel(price, input, v).amount
 */
export function runModel(price: ResolvedPrice, input: ModelInput, v: ViolationCollector): ModelResult {
  try {
    return priceModel(price.model, input);
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    v.add(['planConfig', 'prices', price.index, 'pricingFormula'], MESSAGES.formula(error.detail));
    return ZERO_MODEL;
  }
}

/**
 * Clamps an amount to the price's minimum and maximum (also when it is zero; not prorated).
 * @example clampAmount(price, R0) // { amount: minimum, clamp: 'minimum' } when a minimum is set
 */
export function clampAmount(price: ResolvedPrice, amount: Rational): { amount: Rational; clamp: 'minimum' | 'maximum' | null } {
  if (price.minimum !== null && cmp(amount, price.minimum) < 0) return { amount: price.minimum, clamp: 'minimum' };
  if (price.maximum !== null && cmp(amount, price.maximum) > 0) return { amount: price.maximum, clamp: 'maximum' };
  return { amount, clamp: null };
}

/**
 * Prices one BASE or ADDON price on one instance (or one add-on entry): units, free units,
 * model, time scaling, clamping.
 * @example priceOnInstance(price, frame, instance.usage, frame.quantity, null, v).amount
 */
export function priceOnInstance(
  price: ResolvedPrice,
  frame: InstanceFrame,
  usage: ResolvedUsage,
  licensedUnits: Rational,
  addon: PriceTrace['addon'],
  v: ViolationCollector,
): PriceTrace {
  const metric = price.metric;
  const proration = price.prorate ? frame.prorationFactor : R1;
  let units = licensedUnits;
  let freeUnits = R0;
  let billedUnits = licensedUnits;
  if (metric !== null) {
    units = usageOf(usage, metric, price.aggregation);
    freeUnits = price.freeUnits.c[0] === 0 ? R0 : mul(mulDec(frame.quantity, price.freeUnits), proration);
    billedUnits = max(R0, sub(units, freeUnits));
  }
  const model = runModel(
    price,
    {
      units: billedUnits,
      quantity: frame.quantity,
      hours: frame.billableHours,
      cycleHours: frame.cycleHours,
      usage: new InstanceUsage(usage, metric, units),
    },
    v,
  );
  // NOTE: metered usage already covers the cycle, so only licensed prices are scaled by time.
  const timeFactor =
    metric !== null ? R1 : price.period === 'HOURLY' ? mul(frame.billableHours, price.periodFactor) : mul(price.periodFactor, proration);
  const scaled = timeFactor === R1 ? model.amount : mul(model.amount, timeFactor);
  const { amount, clamp } = clampAmount(price, scaled);
  return { price, addon, units, freeUnits, billedUnits, model, timeFactor, clamp, amount };
}
