import { FORMULA_MESSAGES } from '../errors/messages.js';
import type { Calculator } from '../money/calculator.js';
import { FormulaError } from './ast.js';

/** A formula's values stay within 10^MAX_FORMULA_EXPONENT in magnitude. */
export const MAX_FORMULA_EXPONENT = 36;
/** A formula's values, as fractions in lowest terms, have at most this many digits above and below. */
export const MAX_FORMULA_DIGITS = 60;

// NOTE: exact arithmetic costs what its operands' digits cost, and each `*` or `/` can double
// them: 90 chained `cycleHours *` over a long capHours took minutes. Bounding every value a
// formula computes (and every literal) keeps each operation to a few hundred digits, so a
// formula's cost is bounded by its length, whatever its numbers.

/**
 * Checks a value a formula computed on the calculator `c`: at most 10^36 in magnitude and at most
 * 60 digits in the numerator and the denominator of its lowest terms; returns it (reduced when that
 * was needed to tell). Throws `FormulaError` otherwise.
 * @example bounded(EXACT, rat(decOf(1), decOf(3))) // 1/3
 */
export function bounded<V>(c: Calculator<V>, a: V): V {
  if (c.isZero(a)) return c.zero;
  if (c.exceeds(a, MAX_FORMULA_EXPONENT)) throw new FormulaError(FORMULA_MESSAGES.tooLarge(MAX_FORMULA_EXPONENT));
  const fitted = c.withinDigits(a, MAX_FORMULA_DIGITS);
  if (fitted === undefined) throw new FormulaError(FORMULA_MESSAGES.tooManyDigits(MAX_FORMULA_DIGITS));
  return fitted;
}
