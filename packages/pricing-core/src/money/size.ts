import { Dec } from './big.js';
import { decimalPlaces, isPacked, toBig } from './decimal.js';
import type { Rational } from './rational.js';
import { reduce } from './rational.js';

// NOTE: exact arithmetic costs what its operands' digits cost; these measures let the
// formula evaluator bound every value it computes without knowing how values are held.


/**
 * Whether `|a| > 10^exponent`, from the exponents when they decide, else exactly.
 * @example exceedsPowerOfTen(rat(new Dec('1e40')), 36) // true
 */
export function exceedsPowerOfTen(a: Rational, exponent: number): boolean {
  // NOTE: a packed value is below 2^49 over a denominator of at least 10^-15: below 10^30.
  if (exponent >= 30 && isPacked(a.n) && isPacked(a.d)) return false;
  const n = toBig(a.n);
  const d = toBig(a.d);
  const gap = n.e - d.e;
  if (gap >= exponent + 2) return true;
  if (gap <= exponent - 1) return false;
  return n.abs().gt(d.times(new Dec(`1e${exponent}`)));
}

/**
 * The value with at most `maxDigits` digits in the numerator and the denominator of its
 * lowest terms (reduced when that was needed to tell); `undefined` when it has more.
 * @example withinDigits(rat(new Dec(1), new Dec(3)), 60) // 1/3
 */
export function withinDigits(a: Rational, maxDigits: number): Rational | undefined {
  // NOTE: packed parts have at most 15 digits and 15 places: at most 30 digits once made whole.
  if (maxDigits >= 30 && isPacked(a.n) && isPacked(a.d)) return a;
  // Digits of n and d once both are scaled to whole numbers: a bound on the lowest terms.
  const n = toBig(a.n);
  const d = toBig(a.d);
  const k = Math.max(decimalPlaces(a.n), decimalPlaces(a.d));
  if (n.e + 1 + k <= maxDigits && d.e + 1 + k <= maxDigits) return a;
  const lowest = reduce(a);
  if (toBig(lowest.n).e + 1 > maxDigits || toBig(lowest.d).e + 1 > maxDigits) return undefined;
  return lowest;
}
