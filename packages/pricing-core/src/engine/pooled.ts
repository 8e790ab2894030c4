import type { Rational } from '../money/rational.js';
import { add, R0, R1 } from '../money/rational.js';
import { EXACT } from '../money/calculator.js';
import type { ViolationCollector } from '../validation/collector.js';
import { billedUnitsOf } from './free-units.js';
import type { Pool } from './pool.js';
import { PriceTrace, priceBilledUnits } from './price-on-instance.js';
import type { ResolvedInstance } from '../resolved/resolved-plan.js';
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
 * @example pooledCharge(pool, instances, cycleHours, v).allowance
 */
export function pooledCharge(pool: Pool, instances: readonly ResolvedInstance[], cycleHours: Rational, v: ViolationCollector): PooledCharge {
  const { price, allowance, usage } = pool;
  const metric = price.metric ?? '';
  const billedUnits = billedUnitsOf(EXACT, usage, allowance);
  // NOTE: another metric's pooled usage is summed once per metric, however often a formula reads it.
  const otherTotals = new Map<string, Rational>();
  const pooledUsageOf = {
    read: (m: string): Rational => {
      if (m === metric) return usage;
      let total = otherTotals.get(m);
      if (total !== undefined) return total;
      total = R0;
      for (let i = 0; i < instances.length; i += 1) {
        const instance = instances.at(i) as ResolvedInstance;
        if (instance.usage.kind === 'map') total = add(total, usageOf(EXACT, instance.usage, m, 'SUM'));
      }
      otherTotals.set(m, total);
      return total;
    },
  };
  // NOTE: a pooled price is charged once for the account: quantity 1, the whole cycle, no time
  // scaling (metered usage covers the cycle). One per pooled price, so its explanation is kept.
  const traces: PriceTrace[] = [];
  const input = { units: billedUnits, quantity: R1, hours: cycleHours, cycleHours, usage: pooledUsageOf };
  priceBilledUnits(EXACT, price, input, usage, allowance, R1, -1, v, traces);
  return { metric, allowance, usage, trace: traces[0] as PriceTrace };
}
