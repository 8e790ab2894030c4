import { EXACT_WHOLE_LIMIT, wholeOf } from '../money/digits.js';
import { decimalOfNumber } from '../money/parse.js';
import type { Rational } from '../money/rational.js';
import { add, mul, mulDec, R0, R1, rat } from '../money/rational.js';
import type { InstanceFrame } from './price-on-instance.js';
import type { ResolvedInstance, ResolvedPrice } from './resolved.js';
import { usageOf } from './usage.js';

// NOTE: usage and free units are quantities, mostly whole numbers; summing those in an exact
// JavaScript integer (flushed into the exact sum long before 2^53) saves two big.js
// operations per instance and price. Fractions take the exact path.
const FLUSH_ABOVE = 2 ** 52;

/** An exact sum of quantities with a whole-number fast lane. */
class QuantitySum {
  private whole = 0;
  private exact: Rational = R0;

  add(value: Rational): void {
    const n = value.d === R1.d ? wholeOf(value.n) : undefined;
    if (n === undefined) this.exact = add(this.exact, value);
    else this.addWhole(n);
  }

  addWhole(n: number): void {
    if (this.whole > FLUSH_ABOVE || n > FLUSH_ABOVE) this.flush();
    this.whole += n;
  }

  get value(): Rational {
    this.flush();
    return this.exact;
  }

  private flush(): void {
    if (this.whole !== 0) this.exact = add(this.exact, rat(decimalOfNumber(this.whole)));
    this.whole = 0;
  }
}

/**
 * Sums, instance by instance, the usage and the free units of one USAGE price.
 * @example const pool = new Pool(price); pool.addInstance(frame, instance); pool.usage
 */
export class Pool {
  private readonly allowanceSum = new QuantitySum();
  private readonly usageSum = new QuantitySum();
  private readonly freeWhole: number | undefined;

  constructor(readonly price: ResolvedPrice) {
    this.freeWhole = wholeOf(price.freeUnits);
  }

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
    if (price.freeUnits.c[0] !== 0) {
      const f = price.prorate ? frame.prorationFactor : R1;
      const q = f === R1 && frame.quantity.d === R1.d && this.freeWhole !== undefined ? wholeOf(frame.quantity.n) : undefined;
      const product = q === undefined || this.freeWhole === undefined ? EXACT_WHOLE_LIMIT : q * this.freeWhole;
      if (product < EXACT_WHOLE_LIMIT) this.allowanceSum.addWhole(product);
      else this.allowanceSum.add(mul(mulDec(frame.quantity, price.freeUnits), f));
    }
    this.usageSum.add(usageOf(instance.usage, price.metric ?? '', price.aggregation));
  }
}
