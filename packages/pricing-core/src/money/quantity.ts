import type { Decimal } from './decimal.js';
import { ONE as D1, wholeOf } from './decimal.js';
import { EXACT_WHOLE_LIMIT } from './digits.js';
import { decimalOfNumber } from './parse.js';
import type { Rational } from './rational.js';
import { add, atLeastZero, mulDec, R0, rat, sub } from './rational.js';

// NOTE: quantities, usage and free units are mostly whole numbers; for those, products,
// differences and sums are exact JavaScript integers (quantities, never amounts), which
// spares the decimal type two operations per metered price and instance. Anything else takes
// the exact path; the value is the same either way.

/**
 * `q x f`, exactly.
 * @example toText(scaleQuantity(rat(decOf(2)), decOf(10))) // '20'
 */
export function scaleQuantity(q: Rational, f: Decimal): Rational {
  if (q.d === D1) {
    const a = wholeOf(q.n);
    const b = wholeOf(f);
    if (a !== undefined && b !== undefined && a * b < EXACT_WHOLE_LIMIT) return rat(decimalOfNumber(a * b));
  }
  return mulDec(q, f);
}

/**
 * `max(0, a - b)`, exactly: what is left of `a` once `b` is taken off.
 * @example toText(excessOver(rat(decOf(25)), rat(decOf(10)))) // '15'
 */
export function excessOver(a: Rational, b: Rational): Rational {
  if (a.d === D1 && b.d === D1) {
    const x = wholeOf(a.n);
    const y = wholeOf(b.n);
    if (x !== undefined && y !== undefined) return x <= y ? R0 : rat(decimalOfNumber(x - y));
  }
  return atLeastZero(sub(a, b));
}

// NOTE: whole values are summed in a JavaScript integer, flushed into the exact sum long before 2^53.
const FLUSH_ABOVE = 2 ** 52;

/**
 * An exact sum of quantities with a whole-number fast lane.
 * @example const s = new QuantitySum(); s.add(R1); s.add(R1); toText(s.value) // '2'
 */
export class QuantitySum {
  private whole = 0;
  private exact: Rational = R0;

  /** Adds a quantity. */
  add(value: Rational): void {
    const n = value.d === D1 ? wholeOf(value.n) : undefined;
    if (n === undefined) {
      this.exact = add(this.exact, value);
      return;
    }
    this.addWhole(n);
  }

  /** Adds a whole number from 0 to 2^53 - 1. */
  addWhole(n: number): void {
    if (this.whole > FLUSH_ABOVE || n > FLUSH_ABOVE) this.flush();
    this.whole += n;
  }

  /** The sum so far. */
  get value(): Rational {
    this.flush();
    return this.exact;
  }

  private flush(): void {
    if (this.whole !== 0) this.exact = add(this.exact, rat(decimalOfNumber(this.whole)));
    this.whole = 0;
  }
}
