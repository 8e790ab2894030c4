import { kOf, mOf } from './packed.js';
import { toJsonNumber } from './parse.js';
import type { Rational } from './rational.js';
import { roundTo } from './rational.js';

/**
 * A JSON number for a quantity (never money): `a` rounded half-up to 20 places, then the
 * nearest double, as `toJsonNumber(roundTo(a, 20))` gives it.
 * @example roundedJsonNumber(rat(decOf(1716000), decOf(672))) // 2553.5714285714284
 */
export function roundedJsonNumber(a: Rational): number {
  const n = a.n.packed;
  const d = a.d.packed;
  // NOTE: a pooled figure is a whole number over a small whole number (the cycle hours, or 1).
  // Its 20 places are two integer chunks of 10 digits (each step below 2^53 while the divisor
  // is below 2^19); the text holds the same digits as the decimal path, without big.js.
  // A big.js part (NaN) fails `kOf(x) === 0`.
  if (!(kOf(n) === 0 && kOf(d) === 0 && n >= 0 && d <= 16 * 2 ** 19)) return toJsonNumber(roundTo(a, 20));
  const divisor = mOf(d);
  let r = mOf(n) % divisor;
  const whole = (mOf(n) - r) / divisor;
  if (r === 0) return whole;
  r *= 1e10;
  const high = (r - (r % divisor)) / divisor;
  r = (r % divisor) * 1e10;
  // NOTE: rounding up never carries out of the last ten places: that would need a remainder
  // within 5 x 10^-11 of the divisor, so a divisor above 10^10. Trailing zeros do not change the number read.
  const low = (r - (r % divisor)) / divisor + (2 * (r % divisor) >= divisor ? 1 : 0);
  return Number(`${whole}.${String(high + 1e10).slice(1)}${String(low + 1e10).slice(1)}`);
}
