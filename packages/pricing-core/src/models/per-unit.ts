import type { Decimal } from '../money/decimal.js';
import { decCompare, ONE } from '../money/decimal.js';
import { divDec, mulDec } from '../money/rational.js';
import type { ModelInput, ModelResult } from './types.js';
import { NO_BREAKDOWN } from './types.js';

/**
 * PER_UNIT: `q / unitQuantity x rate`, linear (no rounding up to whole unit quantities).
 * @example perUnitModel({ rate: new Dec('0.40'), unitQuantity: new Dec(1000) }, input) // 12345 -> 4.938
 */
export function perUnitModel(
  spec: { readonly rate: Decimal; readonly unitQuantity: Decimal },
  input: ModelInput,
  explained = true,
): ModelResult {
  const scaled = mulDec(input.units, spec.rate);
  // NOTE: unitQuantity 1 is the common case; skipping the division keeps the fraction plain.
  const amount = decCompare(spec.unitQuantity, ONE) === 0 ? scaled : divDec(scaled, spec.unitQuantity);
  return { amount, breakdown: explained ? { units: input.units, unitQuantity: spec.unitQuantity, rate: spec.rate } : NO_BREAKDOWN };
}
