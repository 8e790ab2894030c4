import type { Decimal } from '../money/decimal.js';
import { mulDec } from '../money/rational.js';
import type { ModelInput, ModelResult } from './types.js';
import { NO_BREAKDOWN } from './types.js';

/**
 * FLAT: `unitAmount x quantity`; units are ignored.
 * @example flatModel({ unitAmount: new Dec(10) }, input).amount // 10 x quantity
 */
export function flatModel(spec: { readonly unitAmount: Decimal }, input: ModelInput, explained = true): ModelResult {
  return {
    amount: mulDec(input.quantity, spec.unitAmount),
    breakdown: explained ? { unitAmount: spec.unitAmount, quantity: input.quantity } : NO_BREAKDOWN,
  };
}
