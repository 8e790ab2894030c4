import { MESSAGES } from '../errors/messages.js';
import { FormulaError } from '../formula/ast.js';
import type { Calculator } from '../money/calculator.js';
import type { Rational } from '../money/rational.js';
import { priceModel } from '../models/price-model.js';
import type { ModelInput, ModelResult, UsageReader } from '../models/types.js';
import type { ViolationCollector } from '../validation/collector.js';
import type { ResolvedPrice, ResolvedUsage } from '../resolved/resolved-plan.js';
import { allowanceOf, billedUnitsOf, hasFreeUnits } from './free-units.js';
import { usageOf } from './usage.js';

const NO_USAGE: ResolvedUsage = { kind: 'none' };

/** The figures of one instance that every price on it shares, in the calculator's values. */
export interface InstanceFrame<V = Rational> {
  /** The model input of the instance, set for each price. */
  readonly input: InstanceInput<V>;
  /** Quantity of the instance (1 for a pooled price). */
  readonly quantity: V;
  /** Billable hours, `min(hours, capHours)`. */
  readonly billableHours: V;
  /** `min(hours, cycleHours) / cycleHours`. */
  readonly prorationFactor: V;
  /** Hours in the cycle. */
  readonly cycleHours: V;
}

/** Which clamp applied to an amount. */
export type Clamp = 'minimum' | 'maximum' | null;

/**
 * How one price amount came about: the figures the computation has anyway, kept as exact
 * values and turned into text only when `debug` is read.
 */
export class PriceTrace<V = Rational> {
  constructor(
    /** The price. */
    readonly price: ResolvedPrice,
    /** Index of the add-on entry for ADDON prices, else -1. */
    readonly entryIndex: number,
    /** Units before free units. */
    readonly units: V,
    /** Free units subtracted. */
    readonly freeUnits: V,
    /** Units priced by the model. */
    readonly billedUnits: V,
    /** The model's exact amount. */
    readonly modelAmount: V,
    /** Time factor (1 for metered prices). */
    readonly timeFactor: V,
    /** Which clamp applied. */
    readonly clamp: Clamp,
    /** Exact amount after time scaling and clamping. */
    readonly amount: V,
    /** The model's explanation (empty unless asked for). */
    readonly breakdown: Readonly<Record<string, unknown>>,
  ) {}
}

/**
 * A model input on one instance; `usage.<m>` reads the price's own metric as aggregated, other
 * metrics summed. One per instance, set again for each price (a model reads it while it runs
 * and keeps nothing of it), so pricing a price makes no input object.
 */
export class InstanceInput<V> implements ModelInput<V>, UsageReader<V> {
  units: V;
  private rawUsage: ResolvedUsage = NO_USAGE;
  private metric: string | null = null;
  private metricUnits: V;
  constructor(
    private readonly calc: Calculator<V>,
    readonly quantity: V,
    readonly hours: V,
    readonly cycleHours: V,
  ) {
    this.units = calc.zero;
    this.metricUnits = calc.zero;
  }

  /** Sets the price's figures: its billed units, the usage value it reads, its metric and that metric's units. */
  set(units: V, rawUsage: ResolvedUsage, metric: string | null, metricUnits: V): this {
    this.units = units;
    this.rawUsage = rawUsage;
    this.metric = metric;
    this.metricUnits = metricUnits;
    return this;
  }

  get usage(): UsageReader<V> {
    return this;
  }

  read(metric: string): V {
    if (metric === this.metric) return this.metricUnits;
    return this.rawUsage.kind === 'map' ? usageOf(this.calc, this.rawUsage, metric, 'SUM') : this.calc.zero;
  }
}

/**
 * Runs a model, turning a formula failure into a violation on the price's `pricingFormula`.
 * @example runModel(EXACT, price, input, v).amount
 */
function runModel<V>(c: Calculator<V>, price: ResolvedPrice, input: ModelInput<V>, v: ViolationCollector, explained = false): ModelResult<V> {
  try {
    return priceModel(c, price.model, input, explained);
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    v.add(['planConfig', 'prices', price.index, 'pricingFormula'], MESSAGES.formula(error.detail));
    return { amount: c.zero, breakdown: { error: 'formula' } };
  }
}

/**
 * Which clamp applies to an amount: the price's minimum or maximum (also when it is zero; not prorated).
 * @example clampOf(EXACT, price, R0) // 'minimum' when a minimum is set
 */
function clampOf<V>(c: Calculator<V>, price: ResolvedPrice, amount: V): Clamp {
  if (price.minimum !== null && c.compare(amount, c.rat(price.minimum)) < 0) return 'minimum';
  if (price.maximum !== null && c.compare(amount, c.rat(price.maximum)) > 0) return 'maximum';
  return null;
}

// NOTE: a licensed price's time factor: HOURLY per billable hour; DAILY and WEEKLY per hour of
// the cycle, prorated; MONTHLY and YEARLY per cycle, prorated.
function timeFactorOf<V>(c: Calculator<V>, price: ResolvedPrice, frame: InstanceFrame<V>, proration: V): V {
  const periodFactor = c.rat(price.periodFactor);
  if (price.period === 'HOURLY') return c.mul(frame.billableHours, periodFactor);
  const perCycle = price.period === 'DAILY' || price.period === 'WEEKLY' ? c.mul(frame.cycleHours, periodFactor) : periodFactor;
  return c.mul(perCycle, proration);
}

/**
 * Prices one BASE or ADDON price on one instance (or one add-on entry): units, free units,
 * model, time scaling, clamping. Returns the exact amount; with `traces`, also records how it
 * came about (the model explained), for `debug`.
 * @example priceOnInstance(EXACT, price, frame, instance.usage, frame.quantity, -1, v) // exact amount
 */
export function priceOnInstance<V>(
  c: Calculator<V>,
  price: ResolvedPrice,
  frame: InstanceFrame<V>,
  usage: ResolvedUsage,
  licensedUnits: V,
  entryIndex: number,
  v: ViolationCollector,
  traces: PriceTrace<V>[] | null = null,
): V {
  const metric = price.metric;
  const proration = price.prorate ? frame.prorationFactor : c.one;
  let units = licensedUnits;
  let freeUnits = c.zero;
  let billedUnits = licensedUnits;
  if (metric !== null) {
    units = usageOf(c, usage, metric, price.aggregation);
    billedUnits = units;
    if (hasFreeUnits(price)) {
      freeUnits = allowanceOf(c, price, frame.quantity, proration);
      billedUnits = billedUnitsOf(c, units, freeUnits);
    }
  }
  // NOTE: metered usage already covers the cycle, so only licensed prices are scaled by time.
  const timeFactor = metric !== null ? c.one : timeFactorOf(c, price, frame, proration);
  return priceBilledUnits(c, price, frame.input.set(billedUnits, usage, metric, units), units, freeUnits, timeFactor, entryIndex, v, traces);
}

/**
 * The rest of every price's pipeline, an instance's and a pooled one's alike: the model on
 * `input.units` (the billed units, `units` less `freeUnits`), time scaling and clamping. Returns
 * the exact amount; with `traces`, also records how it came about (the model explained).
 * @example priceBilledUnits(EXACT, price, input, units, R0, R1, -1, v) // exact amount
 */
export function priceBilledUnits<V>(
  c: Calculator<V>,
  price: ResolvedPrice,
  input: ModelInput<V>,
  units: V,
  freeUnits: V,
  timeFactor: V,
  entryIndex: number,
  v: ViolationCollector,
  traces: PriceTrace<V>[] | null = null,
): V {
  const model = runModel(c, price, input, v, traces !== null);
  const scaled = c.mul(model.amount, timeFactor);
  const clamp = price.minimum === null && price.maximum === null ? null : clampOf(c, price, scaled);
  const limit = clamp === 'minimum' ? price.minimum : clamp === 'maximum' ? price.maximum : null;
  const amount = limit === null ? scaled : c.rat(limit);
  traces?.push(new PriceTrace(price, entryIndex, units, freeUnits, input.units, model.amount, timeFactor, clamp, amount, model.breakdown));
  return amount;
}
