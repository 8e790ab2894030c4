import type { Calculator } from '../money/calculator.js';
import { decIsZero } from '../money/decimal.js';
import type { ResolvedPrice } from '../resolved/resolved-plan.js';

// The free-units rule, written once: the allowance of an instance is freeUnits x quantity x
// proration (the proration only when the price prorates); the units billed are the units above
// the allowance, never below zero. A pooled USAGE price sums the allowances and the usage over
// the instances and applies the same subtraction.

/** Whether a price grants free units. @example hasFreeUnits(price) // false for freeUnits 0 */
export function hasFreeUnits(price: ResolvedPrice): boolean {
  return !decIsZero(price.freeUnits);
}

/**
 * The free units of one instance: `freeUnits x quantity x proration` (0 when the price grants none).
 * @example allowanceOf(EXACT, price, rat(decOf(2)), R1) // 2 x freeUnits
 */
export function allowanceOf<V>(c: Calculator<V>, price: ResolvedPrice, quantity: V, proration: V): V {
  if (!hasFreeUnits(price)) return c.zero;
  return c.mul(c.mul(quantity, c.dec(price.freeUnits)), proration);
}

/**
 * The units billed: `max(0, units - allowance)`.
 * @example billedUnitsOf(EXACT, rat(decOf(25)), rat(decOf(10))) // 15
 */
export function billedUnitsOf<V>(c: Calculator<V>, units: V, allowance: V): V {
  return c.excess(units, allowance);
}
