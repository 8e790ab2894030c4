import { Dec } from './big.js';
import type { Decimal } from './big.js';
import type { Rational } from './rational.js';
import { reduce } from './rational.js';

// NOTE: exact arithmetic costs what its operands' digits cost; these measures let the
// formula evaluator bound every value it computes without knowing how values are held.

/** Places after the point (trailing zeros do not count). */
const places = (x: Decimal): number => Math.max(0, x.c.length - x.e - 1);

const powers = new Map<number, Decimal>();

/**
 * Whether `|a| > 10^exponent`, from the exponents when they decide, else exactly.
 * @example exceedsPowerOfTen(rat(new Dec('1e40')), 36) // true
 */
export function exceedsPowerOfTen(a: Rational, exponent: number): boolean {
  const gap = a.n.e - a.d.e;
  if (gap >= exponent + 2) return true;
  if (gap <= exponent - 1) return false;
  let limit = powers.get(exponent);
  if (limit === undefined) {
    limit = new Dec(10).pow(exponent);
    powers.set(exponent, limit);
  }
  return a.n.abs().gt(a.d.times(limit));
}

/**
 * The value with at most `maxDigits` digits in the numerator and the denominator of its
 * lowest terms (reduced when that was needed to tell); `undefined` when it has more.
 * @example withinDigits(rat(new Dec(1), new Dec(3)), 60) // 1/3
 */
export function withinDigits(a: Rational, maxDigits: number): Rational | undefined {
  // Digits of n and d once both are scaled to whole numbers: a bound on the lowest terms.
  const k = Math.max(places(a.n), places(a.d));
  if (a.n.e + 1 + k <= maxDigits && a.d.e + 1 + k <= maxDigits) return a;
  const lowest = reduce(a);
  if (lowest.n.e + 1 > maxDigits || lowest.d.e + 1 > maxDigits) return undefined;
  return lowest;
}
