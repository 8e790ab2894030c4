import type { Decimal } from '../money/decimal.js';
import { QuantitySum } from '../money/quantity.js';
import type { Rational } from '../money/rational.js';
import { R1 } from '../money/rational.js';
import { fractionOver } from '../money/scaled.js';
import { allowanceOf, hasFreeUnits } from './free-units.js';
import type { InstanceFrame } from './price-on-instance.js';
import type { ResolvedInstance, ResolvedPrice } from '../resolved/resolved-plan.js';
import { usageOf } from './usage.js';

// NOTE: an allowance is `freeUnits x quantity x min(hours, cycleHours) / cycleHours` when the
// price prorates (the factor is 1 otherwise); the fast lane adds the numerators in an integer,
// joined to the exact sum as one fraction over the cycle hours (the same value).
const FLUSH_ABOVE = 2 ** 52;

/**
 * Sums, instance by instance, the usage and the free units of one USAGE price.
 * @example const pool = new Pool(price, cycleHours); pool.addInstance(frame, instance); pool.usage
 */
export class Pool {
  private readonly allowanceSum = new QuantitySum();
  private readonly usageSum = new QuantitySum();
  private overCycle = 0;
  constructor(
    readonly price: ResolvedPrice,
    private readonly cycleHours: Decimal,
  ) {}

  /** `sum(freeUnits x quantity x f)` over the instances added. */
  get allowance(): Rational {
    this.flushOverCycle();
    return this.allowanceSum.value;
  }

  /** `sum(usage)` over the instances added. */
  get usage(): Rational {
    return this.usageSum.value;
  }

  /** Adds one instance's share. */
  addInstance(frame: InstanceFrame, instance: ResolvedInstance): void {
    const price = this.price;
    if (hasFreeUnits(price)) this.allowanceSum.add(allowanceOf(price, frame.quantity, price.prorate ? frame.prorationFactor : R1));
    this.usageSum.add(usageOf(instance.usage, price.metric ?? '', price.aggregation));
  }

  /**
   * Adds one instance's share as whole numbers (the fast lane): its allowance times the cycle
   * hours, and its usage, each from 0 to 2^53 - 1.
   */
  addCounts(allowanceOverCycle: number, usage: number): void {
    if (this.overCycle > FLUSH_ABOVE || allowanceOverCycle > FLUSH_ABOVE) this.flushOverCycle();
    this.overCycle += allowanceOverCycle;
    this.usageSum.addWhole(usage);
  }

  private flushOverCycle(): void {
    if (this.overCycle !== 0) this.allowanceSum.add(fractionOver(this.overCycle, this.cycleHours));
    this.overCycle = 0;
  }
}
