import { decIsZero } from '../money/decimal.js';
import { excessOver, scaleQuantity } from '../money/quantity.js';
import type { Rational } from '../money/rational.js';
import { mul, R0 } from '../money/rational.js';
import type { ResolvedPrice } from '../resolved/resolved-plan.js';

// NOTE: the free-units rule (pricing.md section 3), written once: the allowance of an
// instance is freeUnits x quantity x proration (the proration only when the price prorates);
// the units billed are the units above the allowance, never below zero. A pooled USAGE price
// sums the allowances and the usage over the instances and applies the same subtraction.

/** Whether a price grants free units. @example hasFreeUnits(price) // false for freeUnits 0 */
export function hasFreeUnits(price: ResolvedPrice): boolean {
  return !decIsZero(price.freeUnits);
}

/**
 * The free units of one instance: `freeUnits x quantity x proration` (0 when the price grants none).
 * @example allowanceOf(price, rat(decOf(2)), R1) // 2 x freeUnits
 */
export function allowanceOf(price: ResolvedPrice, quantity: Rational, proration: Rational): Rational {
  if (!hasFreeUnits(price)) return R0;
  return mul(scaleQuantity(quantity, price.freeUnits), proration);
}

/**
 * The units billed: `max(0, units - allowance)`.
 * @example billedUnitsOf(rat(decOf(25)), rat(decOf(10))) // 15
 */
export function billedUnitsOf(units: Rational, allowance: Rational): Rational {
  return excessOver(units, allowance);
}
