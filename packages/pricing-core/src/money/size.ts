import { Dec } from './big.js';
import type { BigValue as Decimal } from './big.js';
import { fastParts, toBig } from './decimal.js';
import type { Rational } from './rational.js';
import { reduce } from './rational.js';

// NOTE: exact arithmetic costs what its operands' digits cost; these measures let the
// formula evaluator bound every value it computes without knowing how values are held.

/** Places after the point (trailing zeros do not count). */
const places = (x: Decimal): number => Math.max(0, x.c.length - x.e - 1);

/**
 * Whether `|a| > 10^exponent`, from the exponents when they decide, else exactly.
 * @example exceedsPowerOfTen(rat(new Dec('1e40')), 36) // true
 */
export function exceedsPowerOfTen(a: Rational, exponent: number): boolean {
  // NOTE: a fast value is below 2^53 over a denominator of at least 10^-20: below 10^36.
  if (exponent >= 36 && fastParts(a.n) !== undefined && fastParts(a.d) !== undefined) return false;
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
  // NOTE: fast parts have at most 16 digits and 20 places: at most 36 digits once made whole.
  if (maxDigits >= 36 && fastParts(a.n) !== undefined && fastParts(a.d) !== undefined) return a;
  // Digits of n and d once both are scaled to whole numbers: a bound on the lowest terms.
  const n = toBig(a.n);
  const d = toBig(a.d);
  const k = Math.max(places(n), places(d));
  if (n.e + 1 + k <= maxDigits && d.e + 1 + k <= maxDigits) return a;
  const lowest = reduce(a);
  if (toBig(lowest.n).e + 1 > maxDigits || toBig(lowest.d).e + 1 > maxDigits) return undefined;
  return lowest;
}
