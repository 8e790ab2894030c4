import type { Decimal } from '../money/big.js';
import { ceil, divDec, rat } from '../money/rational.js';
import type { ModelInput, ModelResult } from './types.js';

/**
 * PACKAGE: `ceil(q / packageSize) x packagePrice`; a started package is charged in full.
 * @example packageModel({ packageSize: new Dec(100), packagePrice: new Dec(5) }, input) // q 101 -> 10
 */
export function packageModel(
  spec: { readonly packageSize: Decimal; readonly packagePrice: Decimal },
  input: ModelInput,
): ModelResult {
  const packages = ceil(divDec(input.units, spec.packageSize));
  return {
    amount: rat(packages.times(spec.packagePrice)),
    breakdown: { units: input.units, packageSize: spec.packageSize, packages, packagePrice: spec.packagePrice },
  };
}
