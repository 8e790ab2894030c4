import type { Calculator } from '../money/calculator.js';
import { ExactSum } from '../money/calculator.js';
import type { Rational } from '../money/rational.js';
import { allowanceOf, hasFreeUnits } from './free-units.js';
import type { InstanceFrame } from './price-on-instance.js';
import type { ResolvedInstance, ResolvedPrice } from '../resolved/resolved-plan.js';
import { usageOf } from './usage.js';

/**
 * Sums, instance by instance, the usage and the free units of one USAGE price.
 * @example const pool = new Pool(price); pool.add(EXACT, pool.shareOf(EXACT, frame, instance)); pool.usage
 */
export class Pool {
  private readonly allowanceSum = new ExactSum();
  private readonly usageSum = new ExactSum();
  constructor(readonly price: ResolvedPrice) {}

  /** `sum(freeUnits x quantity x f)` over the instances added. */
  get allowance(): Rational {
    return this.allowanceSum.value;
  }

  /** `sum(usage)` over the instances added. */
  get usage(): Rational {
    return this.usageSum.value;
  }

  /** One instance's allowance and usage, `[allowance, usage]`, on the calculator `c` (kept in `into`). */
  shareOf<V>(c: Calculator<V>, frame: InstanceFrame<V>, instance: ResolvedInstance, into: V[], at: number): void {
    const price = this.price;
    into[at] = hasFreeUnits(price) ? allowanceOf(c, price, frame.quantity, price.prorate ? frame.prorationFactor : c.one) : c.zero;
    into[at + 1] = usageOf(c, instance.usage, price.metric ?? '', price.aggregation);
  }

  /** Adds one instance's share (made by `shareOf` on the same calculator). */
  add<V>(c: Calculator<V>, allowance: V, usage: V): void {
    this.allowanceSum.add(c, allowance);
    this.usageSum.add(c, usage);
  }
}
