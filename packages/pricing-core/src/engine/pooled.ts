import type { Rational } from '../money/rational.js';
import { add, max, mul, mulDec, R0, R1, sub } from '../money/rational.js';
import type { ViolationCollector } from '../validation/collector.js';
import type { InstanceFrame, PriceTrace } from './price-on-instance.js';
import { clampAmount, runModel } from './price-on-instance.js';
import type { ResolvedInstance, ResolvedPrice } from './resolved.js';
import { usageOf } from './usage.js';

/** The pooled figures of one USAGE price. */
export interface PooledCharge {
  /** The metric. */
  readonly metric: string;
  /** `sum(freeUnits x quantity x f)` over instances. */
  readonly allowance: Rational;
  /** `sum(usage)` over instances. */
  readonly usage: Rational;
  /** How the amount came about. */
  readonly trace: PriceTrace;
}

/**
 * Prices a USAGE price on the usage pooled over all instances (free units pooled too), then
 * clamps it; with no instances the clamp still applies to the zero amount.
 * @example pooledCharge(price, instances, frames, cycleHours, v).allowance
 */
export function pooledCharge(
  price: ResolvedPrice,
  instances: readonly ResolvedInstance[],
  frames: readonly InstanceFrame[],
  cycleHours: Rational,
  v: ViolationCollector,
): PooledCharge {
  const metric = price.metric ?? '';
  let allowance = R0;
  let usage = R0;
  instances.forEach((instance, i) => {
    const frame = frames[i];
    if (frame === undefined) return;
    if (price.freeUnits.c[0] !== 0) {
      const share = mulDec(frame.quantity, price.freeUnits);
      allowance = add(allowance, price.prorate ? mul(share, frame.prorationFactor) : share);
    }
    usage = add(usage, usageOf(instance.usage, metric, price.aggregation));
  });
  const billedUnits = max(R0, sub(usage, allowance));
  const pooledUsageOf = {
    read: (m: string): Rational => {
      if (m === metric) return usage;
      let total = R0;
      for (const instance of instances) if (instance.usage.kind === 'map') total = add(total, usageOf(instance.usage, m, 'SUM'));
      return total;
    },
  };
  // NOTE: a pooled price is charged once for the account: quantity 1, the whole cycle.
  const model = runModel(price, { units: billedUnits, quantity: R1, hours: cycleHours, cycleHours, usage: pooledUsageOf }, v);
  const { amount, clamp } = clampAmount(price, model.amount);
  return {
    metric,
    allowance,
    usage,
    trace: { price, addon: null, units: usage, freeUnits: allowance, billedUnits, model, timeFactor: R1, clamp, amount },
  };
}
