import type { Calculator } from '../money/calculator.js';
import type { Decimal } from '../money/decimal.js';
import type { ModelInput, ModelResult } from './types.js';
import { NO_BREAKDOWN } from './types.js';

/**
 * FLAT: `unitAmount x quantity`; units are ignored.
 * @example flatModel(EXACT, { unitAmount: decOf(10) }, input).amount // 10 x quantity
 */
export function flatModel<V>(c: Calculator<V>, spec: { readonly unitAmount: Decimal }, input: ModelInput<V>, explained = true): ModelResult<V> {
  return {
    amount: c.mul(input.quantity, c.dec(spec.unitAmount)),
    breakdown: explained ? { unitAmount: spec.unitAmount, quantity: input.quantity } : NO_BREAKDOWN,
  };
}
