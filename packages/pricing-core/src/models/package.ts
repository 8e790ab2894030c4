import type { Calculator } from '../money/calculator.js';
import type { Decimal } from '../money/decimal.js';
import type { ModelInput, ModelResult } from './types.js';
import { NO_BREAKDOWN } from './types.js';

/**
 * PACKAGE: `ceil(q / packageSize) x packagePrice`; a started package is charged in full.
 * @example packageModel(EXACT, { packageSize: decOf(100), packagePrice: decOf(5) }, input) // q 101 -> 10
 */
export function packageModel<V>(
  c: Calculator<V>,
  spec: { readonly packageSize: Decimal; readonly packagePrice: Decimal },
  input: ModelInput<V>,
  explained = true,
): ModelResult<V> {
  const packages = c.isZero(input.units) ? c.zero : c.ceil(c.quotient(input.units, c.dec(spec.packageSize)));
  return {
    amount: c.isZero(packages) ? c.zero : c.mul(packages, c.dec(spec.packagePrice)),
    breakdown: explained ? { units: input.units, packageSize: spec.packageSize, packages, packagePrice: spec.packagePrice } : NO_BREAKDOWN,
  };
}
