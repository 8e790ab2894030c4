import { FORMULA_MESSAGES } from '../errors/messages.js';
import type { Decimal } from '../money/big.js';
import { Dec } from '../money/big.js';
import type { Rational } from '../money/rational.js';
import { R0, reduce } from '../money/rational.js';
import { FormulaError } from './ast.js';

/** A formula's values stay within 10^MAX_FORMULA_EXPONENT in magnitude. */
export const MAX_FORMULA_EXPONENT = 36;
/** A formula's values, as fractions in lowest terms, have at most this many digits above and below. */
export const MAX_FORMULA_DIGITS = 60;

const LIMIT = new Dec(10).pow(MAX_FORMULA_EXPONENT);

// NOTE: exact arithmetic costs what its operands' digits cost, and each `*` or `/` can double
// them: 90 chained `cycleHours *` over a long capHours took minutes. Bounding every value a
// formula computes (and every literal) keeps each operation to a few hundred digits, so a
// formula's cost is bounded by its length, whatever its numbers.

/** Places after the point (trailing zeros do not count). */
const places = (x: Decimal): number => Math.max(0, x.c.length - x.e - 1);

/** Whether |n / d| > 10^36 (d > 0), from the exponents when they decide, else exactly. */
function tooLarge(a: Rational): boolean {
  const gap = a.n.e - a.d.e;
  if (gap >= MAX_FORMULA_EXPONENT + 2) return true;
  if (gap <= MAX_FORMULA_EXPONENT - 1) return false;
  return a.n.abs().gt(a.d.times(LIMIT));
}

/**
 * Checks a value a formula computed: at most 10^36 in magnitude and at most 60 digits in the
 * numerator and the denominator of its lowest terms; returns it (reduced when that was needed
 * to tell). Throws `FormulaError` otherwise.
 * @example bounded(rat(new Dec(1), new Dec(3))) // 1/3
 */
export function bounded(a: Rational): Rational {
  if (a.n.c[0] === 0) return R0;
  if (tooLarge(a)) throw new FormulaError(FORMULA_MESSAGES.tooLarge(MAX_FORMULA_EXPONENT));
  // Digits of n and d once both are scaled to whole numbers: a bound on the lowest terms.
  const k = Math.max(places(a.n), places(a.d));
  if (a.n.e + 1 + k <= MAX_FORMULA_DIGITS && a.d.e + 1 + k <= MAX_FORMULA_DIGITS) return a;
  const lowest = reduce(a);
  if (lowest.n.e + 1 > MAX_FORMULA_DIGITS || lowest.d.e + 1 > MAX_FORMULA_DIGITS) {
    throw new FormulaError(FORMULA_MESSAGES.tooManyDigits(MAX_FORMULA_DIGITS));
  }
  return lowest;
}
