import type { Decimal } from '../money/decimal.js';
import { decIsZero, decTimes, ZERO } from '../money/decimal.js';
import { ceil, divDec, isZero, R0, rat } from '../money/rational.js';
import type { ModelInput, ModelResult } from './types.js';
import { NO_BREAKDOWN } from './types.js';

/**
 * PACKAGE: `ceil(q / packageSize) x packagePrice`; a started package is charged in full.
 * @example packageModel({ packageSize: new Dec(100), packagePrice: new Dec(5) }, input) // q 101 -> 10
 */
export function packageModel(
  spec: { readonly packageSize: Decimal; readonly packagePrice: Decimal },
  input: ModelInput,
  explained = true,
): ModelResult {
  const packages = isZero(input.units) ? ZERO : ceil(divDec(input.units, spec.packageSize));
  return {
    amount: decIsZero(packages) ? R0 : rat(decTimes(packages, spec.packagePrice)),
    breakdown: explained ? { units: input.units, packageSize: spec.packageSize, packages, packagePrice: spec.packagePrice } : NO_BREAKDOWN,
  };
}
