import { QuantitySum } from '../money/quantity.js';
import type { Rational } from '../money/rational.js';
import { R1 } from '../money/rational.js';
import { allowanceOf, hasFreeUnits } from './free-units.js';
import type { InstanceFrame } from './price-on-instance.js';
import type { ResolvedInstance, ResolvedPrice } from '../resolved/resolved-plan.js';
import { usageOf } from './usage.js';

/**
 * Sums, instance by instance, the usage and the free units of one USAGE price.
 * @example const pool = new Pool(price); pool.addInstance(frame, instance); pool.usage
 */
export class Pool {
  private readonly allowanceSum = new QuantitySum();
  private readonly usageSum = new QuantitySum();
  constructor(readonly price: ResolvedPrice) {}

  /** `sum(freeUnits x quantity x f)` over the instances added. */
  get allowance(): Rational {
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
}
