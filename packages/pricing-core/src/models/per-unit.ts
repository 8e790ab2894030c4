import type { Calculator } from '../money/calculator.js';
import type { Decimal } from '../money/decimal.js';
import { ONE } from '../money/decimal.js';
import type { ModelInput, ModelResult } from './types.js';
import { NO_BREAKDOWN } from './types.js';

/**
 * PER_UNIT: `q / unitQuantity x rate`, linear (no rounding up to whole unit quantities).
 * @example perUnitModel(EXACT, { rate: decOf('0.40'), unitQuantity: decOf(1000) }, input) // 12345 -> 4.938
 */
export function perUnitModel<V>(
  c: Calculator<V>,
  spec: { readonly rate: Decimal; readonly unitQuantity: Decimal },
  input: ModelInput<V>,
  explained = true,
): ModelResult<V> {
  const scaled = c.mul(input.units, c.dec(spec.rate));
  // NOTE: unitQuantity 1 (resolved to the shared ONE) is the common case: no division.
  const amount = spec.unitQuantity === ONE ? scaled : c.quotient(scaled, c.dec(spec.unitQuantity));
  return { amount, breakdown: explained ? { units: input.units, unitQuantity: spec.unitQuantity, rate: spec.rate } : NO_BREAKDOWN };
}
