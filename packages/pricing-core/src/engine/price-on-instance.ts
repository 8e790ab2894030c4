import { MESSAGES } from '../errors/messages.js';
import { FormulaError } from '../formula/ast.js';
import type { Rational } from '../money/rational.js';
import { cmp, mul, R0, R1 } from '../money/rational.js';
import { priceModel } from '../models/price-model.js';
import type { ModelInput, ModelResult, UsageReader } from '../models/types.js';
import type { ViolationCollector } from '../validation/collector.js';
import type { ResolvedPrice, ResolvedUsage } from '../resolved/resolved-plan.js';
import { allowanceOf, billedUnitsOf, hasFreeUnits } from './free-units.js';
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

/** Which clamp applied to an amount. */
export type Clamp = 'minimum' | 'maximum' | null;

/**
 * How one price amount came about: the figures the computation has anyway, kept as exact
 * values and turned into text only when `debug` is read.
 */
export class PriceTrace {
  constructor(
    /** The price. */
    readonly price: ResolvedPrice,
    /** Index of the add-on entry for ADDON prices, else -1. */
    readonly entryIndex: number,
    /** Units before free units. */
    readonly units: Rational,
    /** Free units subtracted. */
    readonly freeUnits: Rational,
    /** Units priced by the model. */
    readonly billedUnits: Rational,
    /** The model's exact amount. */
    readonly modelAmount: Rational,
    /** Time factor (1 for metered prices). */
    readonly timeFactor: Rational,
    /** Which clamp applied. */
    readonly clamp: Clamp,
    /** Exact amount after time scaling and clamping. */
    readonly amount: Rational,
    /** The model's explanation (empty unless asked for). */
    readonly breakdown: Readonly<Record<string, unknown>>,
  ) {}
}

/** A model input on one instance; `usage.<m>` reads the price's own metric as aggregated, other metrics summed. */
export class InstanceInput implements ModelInput, UsageReader {
  constructor(
    readonly units: Rational,
    readonly quantity: Rational,
    readonly hours: Rational,
    readonly cycleHours: Rational,
    private readonly rawUsage: ResolvedUsage,
    private readonly metric: string | null,
    private readonly metricUnits: Rational,
  ) {}

  get usage(): UsageReader {
    return this;
  }

  read(metric: string): Rational {
    if (metric === this.metric) return this.metricUnits;
    return this.rawUsage.kind === 'map' ? usageOf(this.rawUsage, metric, 'SUM') : R0;
  }
}

const ZERO_MODEL: ModelResult = { amount: R0, breakdown: { error: 'formula' } };

/**
 * Runs a model, turning a formula failure into a violation on the price's `pricingFormula`.
 * @example runModel(price, input, v).amount
 */
export function runModel(price: ResolvedPrice, input: ModelInput, v: ViolationCollector, explained = false): ModelResult {
  try {
    return priceModel(price.model, input, explained);
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    v.add(['planConfig', 'prices', price.index, 'pricingFormula'], MESSAGES.formula(error.detail));
    return ZERO_MODEL;
  }
}

/**
 * Which clamp applies to an amount: the price's minimum or maximum (also when it is zero; not prorated).
 * @example clampOf(price, R0) // 'minimum' when a minimum is set
 */
export function clampOf(price: ResolvedPrice, amount: Rational): Clamp {
  if (price.minimum !== null && cmp(amount, price.minimum) < 0) return 'minimum';
  if (price.maximum !== null && cmp(amount, price.maximum) > 0) return 'maximum';
  return null;
}

/**
 * Clamps an amount to the price's minimum and maximum.
 * @example clamped(price, amount, clampOf(price, amount))
 */
export function clamped(price: ResolvedPrice, amount: Rational, clamp: Clamp): Rational {
  if (clamp === 'minimum') return price.minimum ?? amount;
  return clamp === 'maximum' ? (price.maximum ?? amount) : amount;
}

/**
 * The model input of a price on an instance (or an add-on entry) for the given units.
 * @example inputOf(price, frame, usage, units, billedUnits).units
 */
export function inputOf(price: ResolvedPrice, frame: InstanceFrame, usage: ResolvedUsage, units: Rational, billedUnits: Rational): InstanceInput {
  return new InstanceInput(billedUnits, frame.quantity, frame.billableHours, frame.cycleHours, usage, price.metric, units);
}

/**
 * Prices one BASE or ADDON price on one instance (or one add-on entry): units, free units,
 * model, time scaling, clamping. Returns the exact amount; with `traces`, also records how it
 * came about (the model explained), for `debug`.
 * @example priceOnInstance(price, frame, instance.usage, frame.quantity, -1, v) // exact amount
 */
export function priceOnInstance(
  price: ResolvedPrice,
  frame: InstanceFrame,
  usage: ResolvedUsage,
  licensedUnits: Rational,
  entryIndex: number,
  v: ViolationCollector,
  traces: PriceTrace[] | null = null,
): Rational {
  const metric = price.metric;
  const proration = price.prorate ? frame.prorationFactor : R1;
  let units = licensedUnits;
  let freeUnits = R0;
  let billedUnits = licensedUnits;
  if (metric !== null) {
    units = usageOf(usage, metric, price.aggregation);
    billedUnits = units;
    if (hasFreeUnits(price)) {
      freeUnits = allowanceOf(price, frame.quantity, proration);
      billedUnits = billedUnitsOf(units, freeUnits);
    }
  }
  const model = runModel(price, inputOf(price, frame, usage, units, billedUnits), v, traces !== null);
  // NOTE: metered usage already covers the cycle, so only licensed prices are scaled by time.
  const timeFactor =
    metric !== null ? R1 : price.period === 'HOURLY' ? mul(frame.billableHours, price.periodFactor) : mul(price.periodFactor, proration);
  const scaled = timeFactor === R1 ? model.amount : mul(model.amount, timeFactor);
  const clamp = price.minimum === null && price.maximum === null ? null : clampOf(price, scaled);
  const amount = clamped(price, scaled, clamp);
  traces?.push(new PriceTrace(price, entryIndex, units, freeUnits, billedUnits, model.amount, timeFactor, clamp, amount, model.breakdown));
  return amount;
}
